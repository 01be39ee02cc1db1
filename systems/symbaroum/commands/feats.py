"""Paying for a feat (seed 001 "Alternate Rules" › "Feats"): 1 Experience or 1 permanent Corruption, and for NPCs
Corruption only. Every feat's command pays through `pay`, so the price and its refusal are said once."""

from combat.commands.spine import CommandError
from rules.engine import symbaroum
from systems.symbaroum.commands.tests import rolls_dice

PAY_WITH = [("experience", "1 Experience"), ("corruption", "1 permanent Corruption")]


def pay(context, combatant, pay_with, feat):
    """Charge `combatant`'s character for `feat`; returns the log note. CommandError when it cannot pay."""
    if not combatant.character_id:
        raise CommandError(f"{combatant.name} has no character sheet to pay for {feat} from.")
    npc = not rolls_dice(combatant)
    if npc and pay_with == "experience":
        raise CommandError(f"{combatant.name} is not a player character: NPCs pay for feats with Corruption only.")
    cost = symbaroum.feat_cost(pay_with, npc=npc)
    points = dict(combatant.character.points)
    if pay_with == "experience":
        have = combatant.character.point("experience")
        if have < cost["experience"]:
            raise CommandError(f"{combatant.name} has no Experience left for {feat}: pay with Corruption instead.")
        points["experience"] = have - cost["experience"]
        note = f"{combatant.name} spends 1 Experience on {feat} ({points['experience']} left)"
    else:
        points["corruption_permanent"] = combatant.character.point("corruption_permanent") + cost["corruption"]
        note = f"{combatant.name} takes 1 permanent Corruption for {feat} ({points['corruption_permanent']} permanent)"
    context.set_points(combatant, points=points)
    return note
