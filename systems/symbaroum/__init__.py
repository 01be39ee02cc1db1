"""Symbaroum (seed 001_7a8c5b8a8aaad980.txt) and its variant with Health, Might, Agility, Subtlety, Vigilance and
Impedance (seed 004_36d902b4e62b72ab.txt, the `variant` toggle): optional, alternate and homebrew rules as toggles,
the character sheet and its form, the turn order, and combat in which the players roll every die on their phones
and NPCs never roll (commands/)."""
