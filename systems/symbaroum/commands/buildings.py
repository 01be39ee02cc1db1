"""Buildings as combatants (seed 004 "Damage on Buildings"): a croft, a tower or a castle wall joins the fight with
its Health as Toughness. It never dodges, so an attack on it hits without a test; the damage must get past its
Fortification unless the weapon is Wrecking, and it has no armour to roll. The damage of one round adds up: at the
Breakpoint, or at 0 Health, the building is breached."""

from django import forms

from combat.commands.encounter import add_combatant
from combat.commands.fields import OneOfField, TextField
from combat.commands.spine import Args, CommandError
from combat.models import Combatant
from rules.engine import symbaroum
from systems.base import Happenings
from systems.symbaroum import toggles
from systems.symbaroum.commands import command, turn
from systems.symbaroum.commands.harm import give, has, sheet_of
from systems.symbaroum.commands.tests import answers, ask, dice_total, rolls_dice
from systems.symbaroum.models import Building

__all__ = ["add_building"]

WRECKING = "Wrecking"


def building_of(context, combatant):
    """The building's entry in the encounter's state, or None when `combatant` is not a building."""
    return context.encounter.state.buildings.get(str(combatant.pk)) if combatant else None


def building_named(context, combatant):
    """The building's entry; CommandError in the GM's words when `combatant` is not one."""
    entry = building_of(context, combatant)
    if entry is None:
        raise CommandError(f"{combatant.name} is not a building: add one with Add building.")
    return entry


class AddBuildingArgs(Args):
    building = TextField(max_length=80, help_text="Its row in the reference data: Croft, Manor, Castle...")
    label = TextField(required=False, max_length=120, help_text="What the table calls it; the row's name when empty.")
    side = OneOfField(choices=Combatant.Side.choices, required=False)

    def clean_building(self):
        wanted = self.cleaned_data["building"].strip()
        system = self.context.encounter.system
        row = Building.objects.filter(system=system, name__iexact=wanted).first()
        row = row or Building.objects.filter(system=system, key=wanted.lower()).first()
        if row is None:
            known = ", ".join(Building.objects.filter(system=system).values_list("name", flat=True))
            raise forms.ValidationError(f"There is no building called {wanted}: pick one of {known}.")
        return row


@command(AddBuildingArgs, requires=[toggles.DAMAGE_ON_BUILDINGS], rule="Adding a building")
def add_building(context, building, label, side):
    """A building joins the fight: its Health is its Toughness; Fortification and Breakpoint come from its row."""
    kind = building
    joined = {"name": label or kind.name, "side": side or Combatant.Side.NEUTRAL, "max_wounds": kind.health}
    message, result = add_combatant.apply(context, character=None, wounds=None, initiative=None, hidden=False, **joined)
    state = context.encounter.state
    state.buildings = {
        **state.buildings,
        str(result["combatant"]): {
            "kind": kind.key,
            "fortification": kind.fortification,
            "breakpoint": kind.breakpoint,
            "damage_this_round": 0,
            "burning_since": None,
            "inside": [],
        },
    }
    facts = f"Health {kind.health}, Breakpoint {kind.breakpoint}, Fortification {kind.fortification}"
    return f"{message[:-1]} ({kind.name}: {facts}).", {**result, "building": kind.key}


def struck(context, attacker, target, weapon, damage, free, unused):
    """Seed 004 "Damage on Buildings": the attack command's way with a building. `unused` holds the attack's
    arguments that make no sense against one (a test's d20, aim, armour...): each refused by name."""
    if not context.encounter.plays(toggles.DAMAGE_ON_BUILDINGS):
        raise CommandError('Attacking a building needs the house rule "Damage on Buildings": switch it on.')
    if building_of(context, attacker):
        raise CommandError(f"{attacker.name} is a building: it does not attack.")
    given = [name for name, value in unused.items() if value and not (name == "aim" and value == "normal")]
    if given:
        raise CommandError(f"A building does not dodge and has no armour: leave {', '.join(given)} empty.")
    sheet = sheet_of(context, attacker)
    if sheet is None:
        raise CommandError(f"{attacker.name} has no character sheet: give the building's damage with Dmg instead.")
    from systems.symbaroum.commands.attack import weapon_of  # attack.py imports this module

    name, dice, _ = weapon_of(sheet, weapon)
    wrecking = any(w.name == name and WRECKING in {p.name for p in w.property_list} for w in sheet.weapons)
    if not free:
        turn.spend(context, attacker, "combat")
    head = f"{attacker.name} attacks {target.name} with {name}: a building does not dodge, the hit is automatic"
    if rolls_dice(attacker) and damage is None:
        hit = {"target": target.pk, "weapon": name, "wrecking": wrecking}
        entry = ask(context, attacker, "building_damage", f"Damage: {name} → {target.name}", dice=dice, hit=hit)
        return f"{head}; {attacker.name}'s player rolls damage ({dice}).", {"prompt": entry["id"], "hit": True}
    total = dice_total(context, dice, damage) if rolls_dice(attacker) else symbaroum.fixed_value(dice)
    message, result = harm(context, target, total, wrecking)
    return f"{head}; {message}", {"hit": True, **result}


@answers("building_damage")
def answered_damage(context, entry, rolled):
    hit = entry["hit"]
    target = context.combatant(hit["target"])
    message, result = harm(context, target, rolled["total"], hit["wrecking"])
    return f"{entry['name']} rolls {rolled['total']} damage: {message}", {"prompt": entry["id"], **result}


def harm(context, target, damage, wrecking):
    """`damage` against the building `target`: what gets past Fortification (all of it when Wrecking) comes off its
    Health and adds to the round's sum; breached at the Breakpoint or at 0 Health."""
    entry = building_named(context, target)
    dealt = min(target.wounds, symbaroum.building_damage(damage, entry["fortification"], wrecking))
    target.wounds -= dealt
    context.touch(target)
    past = "Wrecking: Fortification ignored" if wrecking else f"against Fortification {entry['fortification']}"
    lost, breached = health_lost(context, target, entry, dealt)
    return f"{damage} damage ({past}): {lost}.", {
        "damage": damage,
        "dealt": dealt,
        "health": target.wounds,
        "breached": breached,
    }


def damaged_by_hand(context, target, before):
    """Damage the GM applies by hand (Dmg) to a building: what they type is what its Health loses, Fortification
    being theirs to have counted. It adds to the round's sum as an attack's does, and at the Breakpoint or at 0
    Health the building is breached; it never dies (seed 004 "Damage on Buildings"). Returns the log's sentence."""
    lost, _ = health_lost(context, target, building_of(context, target), before - target.wounds)
    return f"{lost[:1].upper()}{lost[1:]}."


def health_lost(context, target, entry, dealt):
    """`dealt` Health just gone from the building: the round's sum grows, and the building is breached once that
    sum reaches its Breakpoint or its Health is gone. Returns (the log's words, whether it is breached)."""
    this_round = entry["damage_this_round"] + dealt
    remember(context, target, damage_this_round=this_round)
    line = f"{target.name} loses {dealt} Health ({target.wounds} left, {this_round} this round)"
    breached = symbaroum.building_breached(target.wounds, this_round, entry["breakpoint"])
    if breached and not has(context, target, "Breached"):
        give(context, target, "Breached")
        why = "no Health left" if target.wounds <= 0 else f"the Breakpoint {entry['breakpoint']} is reached"
        line += (f"; breached ({why}): 1d{symbaroum.BREACH_ATTACKERS_DIE} attackers may enter each turn, "
                 f"defenders stand {symbaroum.BREACH_DEFENDERS_ABREAST} abreast")  # fmt: skip
    return line, breached


def remember(context, combatant, **changes):
    """Change the building's entry in state (a new dict, so the undo snapshot keeps the old one)."""
    state = context.encounter.state
    key = str(combatant.pk)
    state.buildings = {**state.buildings, key: {**state.buildings[key], **changes}}


def shown(state, rows):
    """The buildings as the GM screen lists them: each entry with its combatant row and the names of those inside."""
    by_pk = {row.pk: row for row in rows}
    return [
        {**entry, "row": by_pk[int(key)], "inside_names": [by_pk[pk].name for pk in entry["inside"] if pk in by_pk]}
        for key, entry in state.buildings.items()
        if int(key) in by_pk
    ]


def round_started(context):
    """A new round: every building's damage sum starts again from 0."""
    state = context.encounter.state
    state.buildings = {key: {**entry, "damage_this_round": 0} for key, entry in state.buildings.items()}
    return Happenings()
