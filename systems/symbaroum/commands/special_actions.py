"""Special actions that take a part of the turn (rules.engine.symbaroum_actions): standing up from prone, a Movement
Action with a passed Quick test (Agility in the variant) or the whole turn without one or after a failed one (seed
001 "Special Actions" › "Stand Up"; seed 004 "Stand"), and using or applying an elixir, a Movement Action on oneself
or one's gear and a Combat Action on somebody else (seed 001 "Special Actions" › "Use/Apply Elixir"). Each is done on
the combatant's own turn, by the GM or by the combatant's player; the Quick test is the player's roll, asked on
their phone unless typed, and rolled by the tracker for an NPC as the other tests are."""

from combat.commands.fields import DieField, TextField, WholeNumberField, YesNoField
from combat.commands.spine import CombatantField, CommandError
from rules.engine import symbaroum, symbaroum_actions
from systems.symbaroum.commands import command, turn
from systems.symbaroum.commands.harm import has, remove, sheet_of
from systems.symbaroum.commands.healing import after_healing
from systems.symbaroum.commands.tests import answers, ask, kept_d20, passed_words, rolls_dice, second_chance
from systems.symbaroum.commands.turn import PARTS, ActingArgs
from systems.symbaroum.sheet import profile_of

__all__ = ["stand_up", "use_elixir"]

PRONE = "Prone"


def own_turn(context, combatant, doing):
    if context.encounter.status != "active" or context.encounter.active_id != combatant.pk:
        raise CommandError(f"{doing} takes a part of {combatant.name}'s turn: on their own turn only.")


class StandUpArgs(ActingArgs):
    whole_turn = YesNoField(help_text="Stand up with the whole turn (both actions), with no Quick test.")
    d20 = DieField(20, help_text="The Quick test's d20 when the player said it aloud; empty: asked on the phone.")
    second_d20 = DieField(20, help_text="The second d20 of a second chance.")


@command(StandUpArgs, gm_only=False, rule="Stand Up")
def stand_up(context, combatant, whole_turn, d20, second_d20):
    """Get a prone combatant back on their feet: the Movement Action and a Quick test, or the whole turn."""
    own_turn(context, combatant, "Standing up")
    quick = profile_of(context.encounter.house_rules).name("quick")  # Agility in the variant
    if not has(context, combatant, PRONE):
        raise CommandError(f"{combatant.name} is not prone.")
    asked = next(
        (p for p in context.encounter.state.prompts if p["combatant"] == combatant.pk and p["kind"] == "stand_up"),
        None,
    )
    if asked is not None:
        raise CommandError(f"{combatant.name}'s {quick} test to stand up is already asked: roll it, or dismiss it.")
    if whole_turn:
        if d20 or second_d20:
            raise CommandError(f"Standing up with the whole turn takes no {quick} test: give no d20.")
        for part in reversed(symbaroum_actions.stand_up_cost(test_passed=False)):  # the Combat Action first
            turn.spend(context, combatant, part)
        remove(context, combatant, PRONE)
        return f"{combatant.name} takes the whole turn to stand up, no {quick} test: no Combat Action this turn.", {
            "combatant": combatant.pk,
            "whole_turn": True,
            "spent": list(symbaroum_actions.stand_up_cost(test_passed=False)),
        }
    sheet = sheet_of(context, combatant)
    if sheet is None:
        raise CommandError(
            f"{combatant.name} has no sheet to take a {quick} test from: stand up with the whole turn instead."
        )
    turn.spend(context, combatant, symbaroum_actions.MOVEMENT)
    goal, second = symbaroum.test_target(sheet.attribute("quick")), second_chance(context, combatant)
    if rolls_dice(combatant) and d20 is None:
        entry = ask(context, combatant, "stand_up", f"{quick}: stand up", target=goal, second=second, quick=quick)
        return f"{combatant.name} tries to stand up: their player rolls {quick} against {goal}.", {
            "combatant": combatant.pk,
            "prompt": entry["id"],
            "chance": entry["chance"],
        }
    kept, rolled = kept_d20(context, second, d20, second_d20)
    return tried(context, combatant, quick, goal, kept, rolled)


@answers("stand_up")
def answered_stand_up(context, entry, rolled):
    combatant = context.combatant(entry["combatant"])
    message, result = tried(context, combatant, entry["quick"], entry["target"], rolled["kept"], rolled["d20s"])
    return message, {"prompt": entry["id"], **result}


def tried(context, combatant, quick, goal, kept, rolled):
    """The Quick test is in: on a pass the Movement Action it took is all; on a failure the Combat Action goes too,
    when it is still there to give, and otherwise the combatant stays down."""
    passed = symbaroum.test_passes(goal, kept)
    said = f"{combatant.name}'s {quick} test to stand up, {passed_words(goal, kept, rolled)}"
    result = {"combatant": combatant.pk, "d20": kept, "rolled": rolled, "passed": passed}
    if passed:
        remove(context, combatant, PRONE)
        return f"{said}: on their feet, for the Movement Action.", {**result, "stands": True}
    why = context.turn_budget(combatant).refusal(symbaroum_actions.COMBAT)
    if context.encounter.active_id != combatant.pk:
        why = "their turn is over"
    if symbaroum_actions.stands_up(passed, combat_action_free=not why):
        turn.spend(context, combatant, symbaroum_actions.COMBAT)
        remove(context, combatant, PRONE)
        return f"{said}: up, but it takes the whole turn: no Combat Action.", {**result, "stands": True}
    return f"{said}: still prone, the whole turn is not there to give ({why}).", {**result, "stands": False}


class ElixirArgs(ActingArgs):
    elixir = TextField(help_text="The elixir, as the sheet or the player names it.")
    target = CombatantField(required=False, help_text="On whom, when somebody else; empty: oneself or one's gear.")
    heals = WholeNumberField(
        required=False, min_value=1, max_value=200, help_text="Toughness it heals, as its description says; if any."
    )


@command(ElixirArgs, gm_only=False, rule="Use/Apply Elixir")
def use_elixir(context, combatant, elixir, target, heals):
    """Use or apply an elixir: the Movement Action on oneself or one's gear, the Combat Action on somebody else."""
    elixir = elixir.strip()
    if not elixir:
        raise CommandError("Name the elixir.")
    own_turn(context, combatant, "Using an elixir")
    on_oneself = target is None or target.pk == combatant.pk
    if not on_oneself and str(target.pk) in context.encounter.state.buildings:
        raise CommandError(f"{target.name} is a building: an elixir goes on somebody.")
    patient = combatant if on_oneself else target
    if heals is not None and has(context, patient, "Dead"):
        raise CommandError(f"{context.named(patient)} is dead: no elixir heals them now.")
    part = symbaroum_actions.elixir_cost(on_oneself)
    turn.spend(context, combatant, part)
    whom = "on themselves or their gear" if on_oneself else f"on {context.named(patient)}"
    notes = [f"{combatant.name} uses {elixir} {whom}: the {PARTS[part]}"]
    result = {"combatant": combatant.pk, "target": patient.pk, "elixir": elixir, "part": part}
    if heals is not None:
        before = patient.wounds
        patient.wounds = symbaroum.healed(before, patient.max_wounds, heals)
        context.touch(patient)
        regained = patient.wounds - before
        word = context.system.wounds_word(context.encounter)
        notes.append(f"{context.named(patient)} heals {regained} ({patient.wounds}/{patient.max_wounds} {word})")
        notes += after_healing(context, patient, regained)
        result.update(regained=regained, toughness=patient.wounds)
    return "; ".join(notes) + ".", result
