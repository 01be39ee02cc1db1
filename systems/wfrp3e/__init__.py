"""WFRP 3e (seed 003_79f367e535d58255.txt): its optional rule as a toggle, the character sheet and its form, and
the table's bookkeeping (commands/): every check's pool and exact odds with the symbols rolled on the phone, the
turn's phases (stance, manoeuvres, one action card, the end-of-turn steps), talents and recharge tokens, condition
cards, wounds and criticals, henchmen, fear, the rally, game time and the party's meters."""
