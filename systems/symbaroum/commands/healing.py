"""Healing in a fight: first aid, a Combat Action with a herbal cure, the Medicus ability or another healing power
(seed 001 "Special Actions" › "First Aid"; seed 004 "Healing Wounds"), and what any healing of at least 1 Toughness
ends, whoever gives it: a dying spell (seed 004 "Unsorted" › "Dying Characters") and critical damage (seed 001
"Optional Rules" › "Modifications for Critical Damage"). The generic heal command reaches `after_healing` through
the system's `healed` hook."""

from combat.commands.fields import DieField, OneOfField, WholeNumberField
from combat.commands.spine import Args, CombatantField, CommandError
from rules.engine import symbaroum
from systems.symbaroum.commands import command, dying, turn
from systems.symbaroum.commands.harm import has, remove
from systems.symbaroum.commands.tests import rolls_dice

__all__ = ["first_aid"]

MEANS = [("herbal_cure", "Herbal cure (heals 1)"), ("medicus", "Medicus (heals 1d4)"),
         ("other", "Other healing (an amount)")]  # fmt: skip
MEANS_WORDS = {"herbal_cure": "a herbal cure", "medicus": "Medicus", "other": "healing"}
MEDICUS_DICE = f"1d{symbaroum.MEDICUS_HEALING_DIE}"


def after_healing(context, combatant, regained):
    """What `regained` Toughness ends: dying and critical damage; returns the log's notes."""
    if not symbaroum.critical_damage_ends(regained):
        return []
    notes = [dying.stabilise(context, combatant)]
    if remove(context, combatant, "Critically Damaged"):
        notes.append(f"{combatant.name} is no longer critically damaged")
    return [note for note in notes if note]


class FirstAidArgs(Args):
    healer = CombatantField(receives=False)
    patient = CombatantField()
    means = OneOfField(choices=MEANS)
    d4 = DieField(symbaroum.MEDICUS_HEALING_DIE, help_text="Medicus: the healer's player's d4; rolled when empty.")
    amount = WholeNumberField(required=False, min_value=1, max_value=200, help_text="Other healing: what it heals.")


def medicus_die(context, healer, d4):
    """The Medicus d4: typed or rolled for a player's healer, the fixed value for an NPC, who never rolls."""
    if rolls_dice(healer):
        return d4 or (lambda: context.dice.d(symbaroum.MEDICUS_HEALING_DIE))
    if d4:
        raise CommandError(f"{healer.name} never rolls: Medicus heals {symbaroum.fixed_value(MEDICUS_DICE)} for them.")
    return symbaroum.fixed_value(MEDICUS_DICE)


@command(FirstAidArgs, rule="First aid")
def first_aid(context, healer, patient, means, d4, amount):
    """The healer spends their Combat Action treating the patient: heals, stabilises the dying, stops bleeding."""
    if d4 and means != "medicus":
        raise CommandError("Only Medicus rolls a d4.")
    if means == "other" and amount is None:
        raise CommandError("Say how much the other healing heals (amount).")
    if means != "other" and amount is not None:
        raise CommandError(f"{MEANS_WORDS[means].capitalize()} heals by the rules: an amount is for other healing.")
    if has(context, patient, "Dead"):
        raise CommandError(f"{patient.name} is dead: first aid comes too late.")
    bleeding = has(context, patient, "Bleeding")
    if patient.wounds >= patient.max_wounds and not bleeding:
        raise CommandError(f"{patient.name} is unhurt: there is nothing to treat.")
    turn.spend(context, healer, "combat")
    die = medicus_die(context, healer, d4) if means == "medicus" else None
    healing = symbaroum.first_aid_healing(means, d4=die, amount=amount)
    before = patient.wounds
    patient.wounds = symbaroum.healed(before, patient.max_wounds, healing)
    context.touch(patient)
    regained = patient.wounds - before
    notes = after_healing(context, patient, regained)
    if bleeding:
        remove(context, patient, "Bleeding")
        notes.append("the bleeding stops")
    head = f"{healer.name} gives {patient.name} first aid with {MEANS_WORDS[means]}: heals {regained}"
    word = context.system.wounds_word(context.encounter)
    return "; ".join([f"{head} ({patient.wounds}/{patient.max_wounds} {word})", *notes]) + ".", {
        "healer": healer.pk,
        "patient": patient.pk,
        "healing": healing,
        "regained": regained,
        "toughness": patient.wounds,
    }
