"""Healing (seed 003 "Healing & Recovery" › Immediate Care, Failure, First Aid & Medicine, Healing Draught).

`first_aid` opens a First Aid or Medicine check on the healer's phone, its challenge dice from the patient's wounds
(seed 003 "Impairments & Wounds" › Lightly and Critically Wounded). In a rally it is the healer's rally step; in a
running fight, outside a rally, it is their turn's action; outside a fight it is free. `answer_recovery_check`
settles it (game_time.SETTLES): a First Aid success heals a wound a net success up to the patient's Toughness, or
treating a critical wound, sets its effect aside for a day; either success leaves dice for the patient's Resilience
check after rest; a failure with enough banes costs the patient. `healing_draught` rolls the draught's fortune dice
(or takes the successes typed) and heals. `day_of_care` opens a day of long term care's Resilience check on the
patient's phone, a wound healed a net success or, tended for a critical wound, that wound healed when the successes
reach its severity."""

from combat.commands.fields import OneOfField, WholeNumberField, YesNoField
from combat.commands.spine import Args, CombatantField, CommandError, OwnCombatantArgs
from combat.models import Encounter
from combat.words import and_list, counted
from rules.engine import wfrp3e, wfrp3e_care
from systems.wfrp3e.commands import command, game_time, health, rally, turn
from systems.wfrp3e.commands.counters import characteristic
from systems.wfrp3e.commands.health import health_of
from systems.wfrp3e.commands.pools import sheet_of

__all__ = ["first_aid", "healing_draught", "day_of_care"]

SKILLS = [(wfrp3e_care.FIRST_AID, "First Aid"), (wfrp3e_care.MEDICINE, "Medicine")]


def wounds_taken(combatant):
    return combatant.max_wounds - combatant.wounds


def criticals_to_tend(context, patient, critical):
    """The patient's critical wounds, once there is something to tend: refused in words for the dead, for a critical
    wound one does not have, and for wounds one has not taken."""
    who, health = context.named(patient), health_of(context, patient)
    if health["dead"]:
        raise CommandError(f"{who} is dead: beyond any care.")
    if critical and not health["criticals"]:
        raise CommandError(f"{who} has no critical wound to tend.")
    if not critical and not wounds_taken(patient):
        raise CommandError(f"{who} has no wounds to tend.")
    return health["criticals"]


class CareArgs(OwnCombatantArgs):
    patient = CombatantField(help_text="Whose wounds are tended (the healer may tend their own).")
    skill = OneOfField(choices=SKILLS, required=False, help_text="First Aid (the default) or Medicine.")
    critical = YesNoField(help_text="Ticked: a critical wound is tended, its effect set aside for a day.")


@command(CareArgs, gm_only=False, rule="Healing & Recovery")
def first_aid(context, combatant, patient, skill, critical):
    """A First Aid or Medicine check on a patient: its pool, with one challenge die on a lightly wounded patient or
    two on a critically wounded one, and its odds wait on the healer's phone."""
    skill = skill or wfrp3e_care.FIRST_AID
    healer, state = combatant, context.encounter.state
    who = context.named(patient)
    if health.no_turn(state, healer):
        raise CommandError(f"{healer.name} is {health.no_turn(state, healer)}: they tend nobody.")
    criticals = criticals_to_tend(context, patient, critical)
    if any(p.get("patient") == patient.pk and p["combatant"] == healer.pk for p in state.prompts):
        raise CommandError(f"{healer.name}'s check on {who} is already waiting for its dice.")
    challenge = wfrp3e_care.care_challenge(criticals)
    tending = "critical wound" if critical else "wounds"
    when = spend_the_moment(context, healer, f"{skill} on {who}")
    wounded = "critically wounded" if criticals else "lightly wounded"
    dice = f"{challenge} challenge {'die' if challenge == 1 else 'dice'}"
    reason = f"{skill} on {game_time_name(patient)}'s {tending} ({wounded}: {dice})"
    entry = game_time.ask_check(
        context,
        healer,
        game_time.CARE,
        skill,
        wfrp3e_care.CARE_SKILLS[skill],
        challenge,
        reason,
        affliction=f"{patient.pk}",
        patient=patient.pk,
        critical=critical,
    )
    message = f"{healer.name} tends {who}'s {tending} with {skill}{when} ({entry['summary']}, {entry['chance']} %)."
    return message, {"prompt": entry["id"], "pool": entry["pool"]}


def game_time_name(patient):
    """The patient's name in the prompt, which the healer's phone shows: never a hidden one's."""
    return "someone unseen" if patient.hidden else patient.name


def spend_the_moment(context, healer, words):
    """What tending takes: the healer's rally step in a rally, the action of their turn in a running fight, nothing
    outside a fight. Returns the log's words for it."""
    encounter = context.encounter
    if rally.is_open(encounter):
        rally.take_step(context, healer, words)
        return " as their rally step"
    if encounter.status != Encounter.Status.ACTIVE:
        return ""
    current = turn.own_turn(context, healer, "tends wounds", "action")
    encounter.state.turn = {**current, "action": words.split(" on ")[0]}
    return " as their action"


def settle_care(context, healer, entry, outcome):
    """The First Aid or Medicine check answered: what it heals, leaves for the Resilience check after rest, or costs
    the patient (seed 003 "Healing & Recovery")."""
    skill, state = entry["skill"], context.encounter.state
    patient = next((c for c in context.combatants if c.pk == entry["patient"]), None)
    if patient is None:
        return "the patient has left the fight"
    who, words = context.named(patient), []
    if outcome.succeeded:
        if skill == wfrp3e_care.FIRST_AID and not entry.get("critical"):
            healed = wfrp3e_care.first_aid_healing(
                outcome.successes, wounds_taken(patient), characteristic(patient, "To")
            )
            if healed:
                patient.wounds += healed
                context.touch(patient)
                words += [f"{who} heals {counted(healed, 'wound')}", *health.recover(context, patient)]
        elif entry.get("critical"):
            words.append(f"{who}'s critical wound is tended: its effect set aside for a day")
        kind, count = wfrp3e_care.care_dice(skill, outcome.successes, outcome.boons)
        waiting = state.care_dice.setdefault(str(patient.pk), {})
        waiting[kind] = waiting.get(kind, 0) + count
        die = "die" if count == 1 else "dice"
        words.append(f"{count} {kind} {die} wait on {who}'s Resilience check after rest")
        return "; ".join(words)
    harm = wfrp3e_care.care_failure(skill, False, outcome.banes, bool(entry.get("critical")))
    if harm == wfrp3e_care.NO_HARM:
        return f"{who} is no better"
    costs = [f"{harm.stress} stress", f"{harm.fatigue} fatigue"]
    costs += health.strain(context, patient, wfrp3e.STRESS, harm.stress)
    costs += health.strain(context, patient, wfrp3e.FATIGUE, harm.fatigue)
    if harm.wounds:
        _, _, states = health.suffer(context, patient, harm.wounds)
        costs += [counted(harm.wounds, "wound"), *states]
    return f"the care goes wrong: {who} suffers {and_list(costs)}"


game_time.SETTLES[game_time.CARE] = settle_care


class DraughtArgs(OwnCombatantArgs):
    quality = OneOfField(
        choices=[(wfrp3e_care.COMMON, "Common"), (wfrp3e_care.POOR, "Poor"), (wfrp3e_care.HIGH, "High quality")],
        required=False,
        help_text="The draught's quality: common (4 fortune dice, the default), poor (3) or high (5).",
    )
    successes = WholeNumberField(
        required=False, min_value=0, max_value=max(wfrp3e_care.DRAUGHT_DICE.values()),
        help_text="The successes the fortune dice show; empty: the tracker rolls them.",
    )  # fmt: skip


@command(DraughtArgs, gm_only=False, rule="Healing & Recovery")
def healing_draught(context, combatant, quality, successes):
    """Drink a healing draught: its fortune dice are rolled (or their successes typed), a wound healed per success."""
    quality = quality or wfrp3e_care.COMMON
    if health_of(context, combatant)["dead"]:
        raise CommandError(f"{context.named(combatant)} is dead: no draught helps.")
    taken = wounds_taken(combatant)
    if not taken:
        raise CommandError(f"{context.named(combatant)} has no wounds for a draught to heal.")
    pool = wfrp3e_care.draught_pool(quality)
    dice = pool[wfrp3e.FORTUNE]
    if successes is None:
        shown = wfrp3e.symbols_shown(wfrp3e.roll_pool(pool, context.dice.d))
        successes, how = shown[wfrp3e.SUCCESS], "rolled"
    elif successes > dice:
        raise CommandError(f"{dice} fortune dice show at most {dice} successes.")
    else:
        how = "typed"
    healed = wfrp3e_care.draught_healing(successes, taken)
    combatant.wounds += healed
    context.touch(combatant)
    words = [f"{counted(successes, 'success')} on {dice} fortune dice ({how})", f"{counted(healed, 'wound')} healed"]
    words += health.recover(context, combatant)
    return f"{context.named(combatant)} drinks a {quality} healing draught: {'; '.join(words)}.", {
        "successes": successes,
        "healed": healed,
    }


class DayOfCareArgs(Args):
    patient = CombatantField(help_text="Who is cared for through the day.")
    carer = CombatantField(
        required=False, help_text="Who cares for them; trained in Medicine, they add an expertise die. Empty: nobody."
    )
    severity = WholeNumberField(
        required=False, min_value=1, max_value=9,
        help_text="Tending a critical wound: its severity, which the net successes must reach to heal it. Empty: the "
        "day heals a wound a net success.",
    )  # fmt: skip


def trained_in_medicine(context, carer):
    sheet = sheet_of(context, carer) if carer else None
    return bool(sheet) and any(s.name == wfrp3e_care.MEDICINE and s.training for s in sheet.skills)


@command(DayOfCareArgs, rule="Healing & Recovery")
def day_of_care(context, patient, carer, severity):
    """A day of long term care (seed 003 "Healing & Recovery" › Long Term Care): the patient's Resilience check, a
    challenge die fewer than after a rest and an expertise die from a carer trained in Medicine, waits on their
    phone. The day's ordinary rest is the overnight rest's."""
    who = context.named(patient)
    criticals = criticals_to_tend(context, patient, bool(severity))
    if carer is not None and carer.pk == patient.pk:
        raise CommandError("The carer tends someone else: leave the carer empty for a day of rest alone.")
    if any(
        p["combatant"] == patient.pk and p.get("kind") == game_time.LONG_CARE for p in context.encounter.state.prompts
    ):
        raise CommandError(f"{who}'s check for a day of care is already waiting for its dice.")
    die = wfrp3e_care.long_care_dice(trained_in_medicine(context, carer))
    dice = [(*die, "Medicine care")] if die else []
    tending = f"a critical wound of severity {severity}" if severity else "wounds"
    reason = f"Resilience for a day of care ({tending})"
    challenge = wfrp3e_care.long_care_challenge(criticals)
    entry = game_time.ask_check(
        context, patient, game_time.LONG_CARE, "Resilience", "To", challenge, reason, dice=dice, severity=severity
    )
    by = f", cared for by {context.named(carer)}" if carer else ""
    return f"{who} spends a day in care{by}: Resilience for {tending} ({entry['summary']}, {entry['chance']} %).", {
        "prompt": entry["id"],
        "pool": entry["pool"],
    }


def settle_day_of_care(context, patient, entry, outcome):
    """The day's check answered: a wound a net success, or the critical wound tended healed when the successes reach
    its severity."""
    severity = entry.get("severity")
    if not severity:
        return game_time.settle_resilience(context, patient, entry, outcome)
    health = health_of(context, patient)
    if not (health["criticals"] and wfrp3e_care.long_care_heals_critical(outcome.successes, severity)):
        return f"the critical wound of severity {severity} is not healed yet"
    health["criticals"] -= 1
    return f"the critical wound of severity {severity} heals ({counted(health['criticals'], 'critical wound')} left)"


game_time.SETTLES[game_time.LONG_CARE] = settle_day_of_care
