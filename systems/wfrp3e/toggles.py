"""WFRP 3e's optional rules as named toggles (seed 003_79f367e535d58255.txt): the document marks one step of its
own as a house rule. A system check (systems/checks.py) compares these with rules/data/wfrp3e/house_rules.json."""

from systems.base import Toggle

SEED = "003_79f367e535d58255.txt"

DISEASE_CHECK = Toggle("disease_check", "Game Time › End Of Encounter/Act (and/or 8 hours of complete rest)", SEED)

TOGGLES = (DISEASE_CHECK,)
