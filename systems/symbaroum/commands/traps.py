"""Traps in a fight (seed 001 "Alternate Rules" › "Traps"; seed 004 "Traps"): setting one on one's own turn (a Cunning
test; a Combat Action for a trained trapper, the whole turn otherwise, and a 20 springs it on an untrained setter),
a set trap sprung on whoever the GM names (its damage against their armour; an alchemical mine bursts on those
engaged with them too), and a victim held by it trying to get free once each turn.

The kinds of trap are reference data (rules/data/symbaroum/traps.json): a trap does not roll, so its damage is its
dice's fixed value, as for the other things that are no creature (a fire); the victim's player rolls armour."""

from django import forms

from combat.commands.fields import DieField, OneOfField, TextField, WholeNumberField
from combat.commands.spine import Args, CombatantField, CommandError, CommandForbidden
from combat.permissions import GM
from rules.engine import symbaroum
from rules.engine import symbaroum_alternate as alternate
from systems.base import Happenings
from systems.symbaroum import toggles
from systems.symbaroum.commands import command, turn
from systems.symbaroum.commands.harm import give, remove, sheet_of, take_damage
from systems.symbaroum.commands.melee import engaged_with
from systems.symbaroum.commands.special_actions import own_turn
from systems.symbaroum.commands.tests import answers, ask, dice_total, kept_d20, passed_words, rolls_dice, second_chance
from systems.symbaroum.commands.turn import PARTS, ActingArgs, turn_key
from systems.symbaroum.models import Trap

__all__ = ["set_trap", "spring_trap", "get_free", "face_trap"]

TRAPPED = "Trapped"


def article(name):
    return f"{'an' if name[:1].lower() in 'aeiou' else 'a'} {name}"


def strong_word(context):
    return word(context, "strong")


def word(context, key):
    """An attribute in the encounter's words (the variant's Might, Agility, Vigilance, Subtlety)."""
    from systems.symbaroum.sheet import profile_of

    return profile_of(context.encounter.house_rules).name(key)


class SetTrapArgs(ActingArgs):
    trap = TextField(max_length=80, help_text="The kind of trap: Mechanical Trap, Alchemical Mine, Improvised Trap...")
    damage_dice = TextField(required=False, max_length=20, help_text="An improvised trap's damage, e.g. 1d8.")
    d20 = DieField(20, help_text="The Cunning test's d20 when the player said it aloud; empty: asked on the phone.")
    second_d20 = DieField(20, help_text="The second d20 of a second chance.")

    def clean_trap(self):
        wanted = self.cleaned_data["trap"].strip()
        rows = Trap.objects.filter(system=self.context.encounter.system)
        row = rows.filter(name__iexact=wanted).first()
        if row is None:
            known = ", ".join(rows.values_list("name", flat=True))
            raise forms.ValidationError(f"There is no trap called {wanted}: pick one of {known}.")
        return row


@command(SetTrapArgs, gm_only=False, requires=[toggles.TRAPS], rule="Setting a Trap")
def set_trap(context, combatant, trap, damage_dice, d20, second_d20):
    """Set a trap on one's own turn: a Cunning test; the trained take a Combat Action, the others the whole turn."""
    own_turn(context, combatant, "Setting a trap")
    sheet = sheet_of(context, combatant)
    if sheet is None:
        raise CommandError(f"{combatant.name} has no character sheet to test Cunning with.")
    kind, abilities = alternate.trap_kind(trap.name), sheet.character.abilities
    if not alternate.may_set(kind, abilities):
        needs = alternate.ability_words(alternate.TRAP_SETTERS[kind])
        raise CommandError(f"Only one with {needs} can set {article(trap.name)}; {combatant.name} cannot.")
    dice = (damage_dice or "").strip() or trap.damage_dice
    if not dice:
        raise CommandError(f"A {trap.name}'s damage follows its builder's Trapper: give its dice (e.g. 1d8).")
    try:
        symbaroum.dice_range(dice)
    except ValueError as error:
        raise CommandError(str(error)) from None
    trained = alternate.trained_setter(kind, abilities)
    cost = alternate.setting_cost(trained)
    for part in cost:
        turn.spend(context, combatant, part)
    # The setter knows where it is: they have spotted it from the start.
    spec = {"trap": trap.name, "kind": kind, "dice": dice, "holds": trap.holds_victim, "setter": combatant.pk,
            "trained": trained, "discreet": sheet.attribute("discreet"), "cunning": sheet.attribute("cunning"),
            "spotted_by": [combatant.pk]}  # fmt: skip
    goal = symbaroum.test_target(sheet.attribute("cunning"))
    second = second_chance(context, combatant)
    took = " and ".join(PARTS[part] for part in cost)
    head = f"{combatant.name} sets {article(trap.name)} ({took})"
    if rolls_dice(combatant) and d20 is None:
        entry = ask(context, combatant, "set_trap", f"Cunning: set {article(trap.name)}", target=goal, second=second,
                    trap=spec)  # fmt: skip
        return f"{head}: their player rolls Cunning against {goal}.", {"prompt": entry["id"], "chance": entry["chance"]}
    kept, rolled = kept_d20(context, second, d20, second_d20)
    message, result = tried_to_set(context, spec, goal, kept, rolled)
    return f"{head}: {message}", result


@answers("set_trap")
def answered_set_trap(context, entry, rolled):
    message, result = tried_to_set(context, entry["trap"], entry["target"], rolled["kept"], rolled["d20s"])
    return f"{entry['name']} rolls Cunning: {message}", {"prompt": entry["id"], **result}


def tried_to_set(context, spec, goal, kept, rolled):
    outcome = alternate.set_outcome(spec["trained"], kept, goal)
    said = f"Cunning {passed_words(goal, kept, rolled)}"
    result = {"d20": kept, "outcome": outcome}
    if outcome == "failed":
        return f"{said}: the trap is not set.", result
    if outcome == "sprung":
        setter = context.combatant(spec["setter"])
        notes = caught(context, setter, spec)
        return f"{said}: a 20, the {spec['trap']} springs in {setter.name}'s face; " + "; ".join(notes) + ".", result
    state = context.encounter.state
    number = max((t["id"] for t in state.traps), default=0) + 1
    state.traps = [*state.traps, {"id": number, **spec, "round": context.encounter.round}]
    return f"{said}: trap {number} is set ({spec['dice']} damage{', holds its victim' if spec['holds'] else ''}).", {
        **result,
        "trap": number,
    }


class SpringArgs(Args):
    trap = WholeNumberField(min_value=1, help_text="The number of the set trap.")
    victim = CombatantField(help_text="Who sets it off.")
    armour = WholeNumberField(required=False, min_value=0, max_value=200, help_text="The victim's armour roll, said.")


@command(SpringArgs, requires=[toggles.TRAPS], rule="A trap is sprung")
def spring_trap(context, trap, victim, armour):
    """A set trap goes off on `victim` (who failed to spot or jump it, or walked in): its damage against their
    armour; a holding trap keeps them in place; a mine also hits those engaged with them."""
    state = context.encounter.state
    entry = next((t for t in state.traps if t["id"] == trap), None)
    if entry is None:
        raise CommandError(f"There is no trap {trap} set.")
    if str(victim.pk) in state.buildings:
        raise CommandError(f"{victim.name} is a building: a trap catches somebody.")
    state.traps = [t for t in state.traps if t["id"] != trap]
    notes = caught(context, victim, entry, armour)
    return f"Trap {trap} ({entry['trap']}) is sprung by {context.named(victim)}: " + "; ".join(notes) + ".", {
        "trap": trap,
        "victim": victim.pk,
    }


def caught(context, victim, spec, armour=None):
    """The trap's damage on `victim` (and on those engaged with them, for a mine), and its hold; the log's notes."""
    state = context.encounter.state
    damage = symbaroum.fixed_value(spec["dice"])
    ids = alternate.blast_area(victim.pk, engaged_with(state, victim.pk), spec["kind"] == "mine")
    notes = []
    for pk in ids:
        who = context.combatant(pk)
        if str(pk) in state.buildings or who is None:
            continue
        notes.append(hurt(context, who, damage, spec["trap"], armour if pk == victim.pk else None))
    if spec["holds"]:
        give(context, victim, TRAPPED)
        state.trapped = {**state.trapped, str(victim.pk): {"trap": spec["trap"], "tried": ""}}
        notes.append(f"{context.named(victim)} is caught fast: no moving until free ({strong_word(context)} test, "
                     "one try each turn)")  # fmt: skip
    return notes


def hurt(context, who, damage, trap, typed=None):
    """`damage` from a trap against `who`'s armour: their player's roll (typed, or asked), an NPC's fixed value."""
    sheet = sheet_of(context, who)
    dice = sheet.armour_dice if sheet else ""
    if dice and rolls_dice(who) and typed is None:
        reason = f"Armour against {damage} from {article(trap)}"
        ask(context, who, "trap_armour", reason, dice=dice, hit={"damage": damage})
        return f"{who.name}'s player rolls armour ({dice}) against {damage}"
    worn = 0 if not dice else dice_total(context, dice, typed) if rolls_dice(who) else symbaroum.fixed_value(dice)
    return applied(context, who, damage, worn)


def applied(context, who, damage, worn):
    dealt = symbaroum.damage(damage, worn)
    notes = take_damage(context, who, dealt) if dealt else []
    return ", ".join([f"{damage} damage against {worn} armour: {context.named(who)} takes {dealt}", *notes])


@answers("trap_armour")
def answered_trap_armour(context, entry, rolled):
    who = context.combatant(entry["combatant"])
    said = applied(context, who, entry["hit"]["damage"], rolled["total"])
    return f"{entry['name']} rolls {rolled['total']} armour: {said}.", {"prompt": entry["id"]}


class GetFreeArgs(ActingArgs):
    d20 = DieField(20, help_text="The Strong test's d20 when the player said it aloud; empty: asked on the phone.")
    second_d20 = DieField(20, help_text="The second d20 of a second chance.")


@command(GetFreeArgs, gm_only=False, requires=[toggles.TRAPS], rule="Getting Free from a Trap")
def get_free(context, combatant, d20, second_d20):
    """One try a turn to get out of the trap that holds `combatant`: a Strong test (Might in the variant)."""
    state = context.encounter.state
    entry = state.trapped.get(str(combatant.pk))
    if entry is None:
        raise CommandError(f"{combatant.name} is not caught in a trap.")
    own_turn(context, combatant, "Trying to get free")
    if entry["tried"] == turn_key(context.encounter):
        raise CommandError(f"{combatant.name} has tried to get free this turn: again on their next turn.")
    sheet = sheet_of(context, combatant)
    if sheet is None:
        raise CommandError(f"{combatant.name} has no sheet to test {strong_word(context)} with: free them by hand.")
    if rolls_dice(combatant) and d20 is None:
        entry = ask_to_get_free(context, combatant, sheet)
        return (
            f"{combatant.name} strains against the {state.trapped[str(combatant.pk)]['trap']}: their player rolls.",
            {
                "prompt": entry["id"],
                "chance": entry["chance"],
            },
        )
    tried(context, combatant)
    goal, second = symbaroum.test_target(sheet.attribute("strong")), second_chance(context, combatant)
    kept, rolled = kept_d20(context, second, d20, second_d20)
    return getting_free(context, combatant, goal, kept, rolled)


def tried(context, combatant):
    state = context.encounter.state
    key = str(combatant.pk)
    state.trapped = {**state.trapped, key: {**state.trapped[key], "tried": turn_key(context.encounter)}}


def ask_to_get_free(context, combatant, sheet):
    tried(context, combatant)
    goal = symbaroum.test_target(sheet.attribute("strong"))
    word = strong_word(context)
    return ask(context, combatant, "get_free", f"{word}: get free of the trap", target=goal,
               second=second_chance(context, combatant))  # fmt: skip


@answers("get_free")
def answered_get_free(context, entry, rolled):
    combatant = context.combatant(entry["combatant"])
    message, result = getting_free(context, combatant, entry["target"], rolled["kept"], rolled["d20s"])
    return message, {"prompt": entry["id"], **result}


def getting_free(context, combatant, goal, kept, rolled):
    passed = symbaroum.test_passes(goal, kept)
    said = f"{combatant.name}'s {strong_word(context)} test to get free, {passed_words(goal, kept, rolled)}"
    if not passed:
        return f"{said}: still caught.", {"d20": kept, "passed": False}
    free(context, combatant)
    return f"{said}: free of the trap.", {"d20": kept, "passed": True}


def free(context, combatant):
    state = context.encounter.state
    state.trapped = {key: value for key, value in state.trapped.items() if key != str(combatant.pk)}
    remove(context, combatant, TRAPPED)


def turn_started(context, combatant):
    """A player caught in a trap is asked for the turn's try to get free; the GM is reminded of an NPC's."""
    if not context.encounter.plays(toggles.TRAPS):
        return Happenings()
    entry = context.encounter.state.trapped.get(str(combatant.pk))
    if entry is None:
        return Happenings()
    sheet = sheet_of(context, combatant)
    if not rolls_dice(combatant) or sheet is None:
        return Happenings(notes=[f"{combatant.name} is caught in the {entry['trap']}: Get free tries the "
                                 f"{strong_word(context)} test."])  # fmt: skip
    asked = ask_to_get_free(context, combatant, sheet)
    return Happenings(notes=[f"{combatant.name}'s player rolls {strong_word(context)} against {asked['target']} to get "
                             f"free of the {entry['trap']} ({asked['chance']} %)."])  # fmt: skip


# Facing a set trap (seed 001 "Traps" › "Discovering a Trap", "Bypassing a Trap", "Disarming a Trap"): spotting it
# is [Vigilant←the setter's Discreet]; one who has spotted it may jump it as part of a move, [Quick←the setter's
# Cunning] (a failure springs it on them), go around it for one more Movement Action, or disarm it with the Combat
# Action: [Cunning←Cunning] for a trapper, [Accurate←Cunning] shooting or poking at it with a Long weapon for others.
FACING = [
    ("spot", "Spot it"),
    ("jump", "Jump over it"),
    ("around", "Go around it"),
    ("disarm", "Disarm it"),
]
FACING_PARTS = {"spot": (), "jump": ("movement",), "around": ("movement",), "disarm": ("combat",)}


class FaceTrapArgs(ActingArgs):
    trap = WholeNumberField(min_value=1, help_text="The number of the set trap.")
    how = OneOfField(choices=FACING)
    d20 = DieField(20, help_text="The test's d20 when the player said it aloud; empty: asked on the phone.")
    second_d20 = DieField(20, help_text="The second d20 of a second chance.")


def set_trap_numbered(context, number):
    entry = next((t for t in context.encounter.state.traps if t["id"] == number), None)
    if entry is None:
        raise CommandError(f"There is no trap {number} set.")
    return entry


def facing_test(context, combatant, entry, how, sheet):
    """(attribute key, target) of the test `how` ("spot", "jump" or "disarm") takes, refusing what the combatant may
    not do."""
    if how == "spot":
        return "vigilant", symbaroum.test_target(sheet.attribute("vigilant"), entry["discreet"])
    if how == "jump":
        return "quick", symbaroum.test_target(sheet.attribute("quick"), entry["cunning"])
    if alternate.has_any(sheet.character.abilities, alternate.TRAPPER):
        return "cunning", symbaroum.test_target(sheet.attribute("cunning"), entry["cunning"])
    reaching = [w for w in sheet.weapons if w.kind == "ranged" or "Long" in {p.name for p in w.property_list}]
    if not reaching:
        raise CommandError(f"Without Trapper, {combatant.name} disarms a trap only by shooting or poking at it with a "
                           "Long weapon, and carries neither.")  # fmt: skip
    return "accurate", symbaroum.test_target(sheet.attribute("accurate"), entry["cunning"])


@command(FaceTrapArgs, gm_only=False, requires=[toggles.TRAPS], rule="Discovering, Bypassing and Disarming a Trap")
def face_trap(context, combatant, trap, how, d20, second_d20):
    """Spot a set trap, or, once spotted, jump it, go around it or disarm it: the test with its numbers."""
    entry = set_trap_numbered(context, trap)
    sheet = sheet_of(context, combatant)
    if sheet is None:
        raise CommandError(f"{combatant.name} has no character sheet to test with.")
    if how == "spot" and context.role != GM:
        raise CommandForbidden("The GM asks for the test to spot a trap, when someone is at risk of setting it off.")
    if how != "spot":
        own_turn(context, combatant, "Getting past or disarming a trap")
        if combatant.pk not in entry["spotted_by"]:
            raise CommandError(f"{combatant.name} has not discovered trap {trap}: spot it first.")
    if str(combatant.pk) in context.encounter.state.trapped:
        raise CommandError(f"{combatant.name} is caught in a trap: get free first.")
    if how == "around":
        turn.spend(context, combatant, "movement")
        return f"{combatant.name} goes around trap {trap} ({entry['trap']}): one more Movement Action, no test.", {
            "trap": trap,
            "how": how,
        }
    key, goal = facing_test(context, combatant, entry, how, sheet)
    for part in FACING_PARTS[how]:
        turn.spend(context, combatant, part)
    head = f"{combatant.name} tries to {dict(FACING)[how].lower()} (trap {trap})"
    facing = {"trap": trap, "how": how, "key": key}
    if rolls_dice(combatant) and d20 is None:
        entry = ask(context, combatant, "face_trap", f"{word(context, key)}: {dict(FACING)[how].lower()}",
                    target=goal, second=second_chance(context, combatant), facing=facing)  # fmt: skip
        return f"{head}: their player rolls {word(context, key)} against {goal}.", {
            "prompt": entry["id"],
            "chance": entry["chance"],
        }
    kept, rolled = kept_d20(context, second_chance(context, combatant), d20, second_d20)
    message, result = faced(context, combatant, facing, goal, kept, rolled)
    return f"{head}: {message}", result


@answers("face_trap")
def answered_face_trap(context, entry, rolled):
    combatant = context.combatant(entry["combatant"])
    message, result = faced(context, combatant, entry["facing"], entry["target"], rolled["kept"], rolled["d20s"])
    return f"{entry['name']} rolls: {message}", {"prompt": entry["id"], **result}


def faced(context, combatant, facing, goal, kept, rolled):
    """The test is in: spotted, over it, disarmed, or (a failed jump) caught by it."""
    state = context.encounter.state
    number, how = facing["trap"], facing["how"]
    passed = symbaroum.test_passes(goal, kept)
    said = f"{word(context, facing['key'])} {passed_words(goal, kept, rolled)}"
    result = {"trap": number, "how": how, "d20": kept, "passed": passed}
    entry = next((t for t in state.traps if t["id"] == number), None)
    if entry is None:
        return f"{said}: trap {number} is gone already.", result
    if how == "spot":
        if not passed:
            return f"{said}: {combatant.name} does not see it.", result
        spotted = sorted({*entry["spotted_by"], combatant.pk})
        state.traps = [{**t, "spotted_by": spotted} if t["id"] == number else t for t in state.traps]
        return f"{said}: {combatant.name} discovers trap {number} ({entry['trap']}).", result
    if how == "disarm":
        if not passed:
            return f"{said}: trap {number} is still armed.", result
        state.traps = [t for t in state.traps if t["id"] != number]
        return f"{said}: trap {number} ({entry['trap']}) is disarmed.", result
    if passed:
        return f"{said}: {combatant.name} jumps over trap {number}.", result
    state.traps = [t for t in state.traps if t["id"] != number]
    notes = caught(context, combatant, entry)
    return f"{said}: trap {number} springs, the move ends there; " + "; ".join(notes) + ".", result
