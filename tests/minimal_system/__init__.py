"""A fourth game system as a newcomer writes one, from its own package only: d20 roll-under strikes at hit points,
one condition with a timer, a sheet of one counter. The test settings install it (tests/settings.py), and
tests/systems/test_minimal_system.py plays a turn of it through the spine, the screens and the API."""
