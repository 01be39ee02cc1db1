"""Setting a building on fire and putting it out (seed 004 "Damage on Buildings" › "Set Buildings on Fire").

Lighting it is a test against Cunning less the Fortification, putting it out one against Cunning less the turns it
has burned after the first: a player rolls on the phone, for an NPC the GM says how it went. A burning building
takes the flames' 1d4 (Wrecking) at each round's start; whoever the GM puts inside makes a Strong test on each of
their turns, and after a failure takes 1d4 ignoring armour every turn ("Smoke and Heat") until they get out."""

from combat.commands.fields import OneOfField
from combat.commands.spine import Args, CombatantField, CombatantListField, CommandError
from rules.engine import symbaroum
from systems.base import Happenings
from systems.symbaroum import toggles
from systems.symbaroum.commands import command, turn
from systems.symbaroum.commands.buildings import building_named, harm, remember
from systems.symbaroum.commands.harm import give, has, sheet_of, take_damage
from systems.symbaroum.commands.tests import answers, ask, passed_words, rolls_dice, second_chance
from systems.symbaroum.sheet import profile_of

__all__ = ["set_fire", "put_out_fire", "set_inside"]

SMOKE = "Smoke and Heat"
OUTCOMES = [("pass", "Passed"), ("fail", "Failed")]
# A fire is no creature with a player to roll for it: like an NPC's, its 1d4 is the fixed value.
FIRE_DAMAGE = symbaroum.fixed_value(f"1d{symbaroum.FIRE_DAMAGE_DIE}")
FUMES_DICE = f"1d{symbaroum.FUMES_DAMAGE_DIE}"


def strong_word(context):
    """The test against the smoke names Strong in the encounter's words: the variant's Might."""
    return profile_of(context.encounter.house_rules).name("strong")


def by_pk(context, pk):
    return context.combatant(pk)


class FireArgs(Args):
    who = CombatantField(receives=False)
    building = CombatantField()
    outcome = OneOfField(choices=OUTCOMES, required=False, help_text="An NPC's test: the GM says how it went.")


def fire_test(context, who, building, outcome, kind, target, words):
    """Ask `who`'s player for the test (kind "light_fire" or "put_out_fire"), or take the GM's word for an NPC's;
    returns (message, result)."""
    if rolls_dice(who) and outcome:
        raise CommandError(f"{who.name}'s player rolls this test on their phone: leave the outcome empty.")
    if not rolls_dice(who) and not outcome:
        raise CommandError(f"{who.name} never rolls: say whether the test passed or failed.")
    turn.spend(context, who, "combat")
    head = f"{who.name} tries to {words} {building.name}"
    if rolls_dice(who):
        entry = ask(context, who, kind, f"Cunning: {words} {building.name}", target=target,
                    second=second_chance(context, who), building=building.pk)  # fmt: skip
        return f"{head}: {who.name}'s player rolls Cunning against {target}.", {
            "prompt": entry["id"],
            "chance": entry["chance"],
            "goal": target,
        }
    message, result = FIRE_OUTCOMES[kind](context, building, outcome == "pass")
    return f"{head} (Cunning against {target}, {'passed' if outcome == 'pass' else 'failed'} says the GM): {message}", {
        "goal": target,
        **result,
    }


@command(FireArgs, requires=[toggles.BUILDINGS_ON_FIRE], rule="Setting a building on fire")
def set_fire(context, who, building, outcome):
    """Put flames to a building: a test against Cunning less its Fortification."""
    entry = building_named(context, building)
    if entry["burning_since"] is not None:
        raise CommandError(f"{building.name} is already burning.")
    target = symbaroum.fire_catches_target(cunning_of(context, who), entry["fortification"])
    return fire_test(context, who, building, outcome, "light_fire", target, "set fire to")


@command(FireArgs, requires=[toggles.BUILDINGS_ON_FIRE], rule="Putting out a fire")
def put_out_fire(context, who, building, outcome):
    """Fight the flames: a test against Cunning less the turns the fire has burned after the first."""
    entry = building_named(context, building)
    if entry["burning_since"] is None:
        raise CommandError(f"{building.name} is not burning.")
    turns = symbaroum.fire_turns_burning(entry["burning_since"], context.encounter.round)
    target = symbaroum.fire_extinguish_target(cunning_of(context, who), turns)
    return fire_test(context, who, building, outcome, "put_out_fire", target, "put out the fire in")


def cunning_of(context, who):
    """`who`'s Cunning; CommandError when they have no sheet to test it with (a building, an ad-hoc NPC)."""
    sheet = sheet_of(context, who)
    if sheet is None:
        raise CommandError(f"{who.name} has no character sheet to test Cunning with.")
    return sheet.attribute("cunning")


def caught(context, building, passed):
    if not passed:
        return "the flames do not catch.", {"passed": False, "burning": False}
    remember(context, building, burning_since=context.encounter.round)
    return (
        f"{building.name} catches fire: {FIRE_DAMAGE} Wrecking damage at the start of each round, and a "
        f"{strong_word(context)} test each turn for those inside (whoever lit it may be shot at).",
        {"passed": True, "burning": True},
    )


def put_out(context, building, passed):
    if not passed:
        return f"{building.name} burns on.", {"passed": False, "burning": True}
    remember(context, building, burning_since=None)
    return f"the fire in {building.name} dies.", {"passed": True, "burning": False}


FIRE_OUTCOMES = {"light_fire": caught, "put_out_fire": put_out}


@answers("light_fire", "put_out_fire")
def answered_fire_test(context, entry, rolled):
    building = by_pk(context, entry["building"])
    passed = symbaroum.test_passes(entry["target"], rolled["kept"])
    message, result = FIRE_OUTCOMES[entry["kind"]](context, building, passed)
    said = passed_words(entry["target"], rolled["kept"], rolled["d20s"])
    result = {"prompt": entry["id"], "d20": rolled["kept"], **result}
    return f"{entry['name']} rolls Cunning ({said}): {message}", result


class InsideArgs(Args):
    building = CombatantField()
    inside = CombatantListField(required=False, help_text="Everyone inside now; empty: nobody.")


@command(InsideArgs, requires=[toggles.BUILDINGS_ON_FIRE], rule="Who is inside a building")
def set_inside(context, building, inside):
    """Say who is inside the building now; those who got out are rid of the smoke and heat."""
    entry = building_named(context, building)
    if any(c.pk == building.pk for c in inside):
        raise CommandError(f"{building.name} cannot be inside itself.")
    now = {c.pk for c in inside}
    left = [by_pk(context, pk) for pk in entry["inside"] if pk not in now]
    remember(context, building, inside=sorted(now))
    for combatant in left:
        smoke = next((c for c in context.conditions if c.combatant_id == combatant.pk and c.name == SMOKE), None)
        if smoke:
            context.reduce_condition(smoke)
    names = ", ".join(c.name for c in inside) or "nobody"
    out = f"; out: {', '.join(c.name for c in left)}" if left else ""
    return f"Inside {building.name}: {names}{out}.", {"inside": sorted(now), "left": [c.pk for c in left]}


def round_started(context):
    """The flames bite every burning building at the start of the round."""
    notes = []
    for key, entry in context.encounter.state.buildings.items():
        if entry["burning_since"] is not None:
            building = by_pk(context, int(key))
            message, _ = harm(context, building, FIRE_DAMAGE, wrecking=True)
            notes.append(f"The fire burns {building.name}: {message}")
    return Happenings(notes=notes)


def burning_around(context, combatant):
    """The burning building `combatant` is inside, or None."""
    for key, entry in context.encounter.state.buildings.items():
        if entry["burning_since"] is not None and combatant.pk in entry["inside"]:
            return by_pk(context, int(key))
    return None


def turn_started(context, combatant):
    """Smoke and heat on the turn of someone inside a burning building: the Strong test, or its damage once one
    failed (the player rolls the 1d4; an NPC takes the fixed value)."""
    if has(context, combatant, SMOKE):
        if rolls_dice(combatant):
            ask(context, combatant, "fumes", "Smoke and heat: damage ignoring armour", dice=FUMES_DICE)
            return Happenings(notes=[f"{combatant.name}'s player rolls {FUMES_DICE} for the smoke and heat."])
        return Happenings(notes=fumes(context, combatant, symbaroum.fixed_value(FUMES_DICE)))
    building = burning_around(context, combatant)
    if building is None:
        return Happenings()
    strong = strong_word(context)
    if not rolls_dice(combatant):
        return Happenings(notes=[f"{combatant.name} is inside the burning {building.name}: the GM says whether "
                                 f"the {strong} test passes, and gives {SMOKE} if it fails."])  # fmt: skip
    target = sheet_of(context, combatant).attribute("strong")
    entry = ask(context, combatant, "smoke", f"{strong}: smoke and heat in {building.name}", target=target,
                second=second_chance(context, combatant))  # fmt: skip
    return Happenings(notes=[f"{combatant.name}'s player rolls {strong} against {target} ({entry['chance']} %)."])


def fumes(context, combatant, amount):
    notes = take_damage(context, combatant, amount)
    return [f"{combatant.name} takes {amount} from smoke and heat, ignoring armour", *notes]


@answers("smoke")
def answered_smoke(context, entry, rolled):
    combatant = by_pk(context, entry["combatant"])
    passed = symbaroum.test_passes(entry["target"], rolled["kept"])
    said = passed_words(entry["target"], rolled["kept"], rolled["d20s"])
    if passed:
        return f"{entry['name']} rolls {strong_word(context)} ({said}): holds out against the smoke.", {
            "prompt": entry["id"],
            "passed": True,
        }
    give(context, combatant, SMOKE)
    overcome = f"overcome by {SMOKE.lower()}, 1d4 every turn from now"
    return f"{entry['name']} rolls {strong_word(context)} ({said}): {overcome}.", {
        "prompt": entry["id"],
        "passed": False,
    }


@answers("fumes")
def answered_fumes(context, entry, rolled):
    combatant = by_pk(context, entry["combatant"])
    return "; ".join(fumes(context, combatant, rolled["total"])) + ".", {"prompt": entry["id"]}
