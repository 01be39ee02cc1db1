"""The GM's calls on game time (seed 003 "Game Time"): the end of an encounter or act, the end of an episode, and a
night's rest (seed 003 "Healing & Recovery" › "Overnight Rest"). Each changes every character at once; the checks
they call for wait on the players' phones until `answer_recovery_check` settles them.

Only player characters recover fatigue and stress: an NPC's strain is wounds (seed 003 "Enemies")."""

from combat.commands.fields import OneOfField
from combat.commands.prompts import open_prompt
from combat.commands.spine import Args
from combat.words import and_list, counted
from rules.engine import wfrp3e, wfrp3e_care
from systems.wfrp3e import toggles
from systems.wfrp3e.commands import command, conditions, counters, health, rally, recharge, turn
from systems.wfrp3e.commands.health import health_of
from systems.wfrp3e.commands.pools import SymbolArgs, answer_check, percent, pool_entry, skill_pool
from systems.wfrp3e.sheet import DISEASES, INSANITIES, INSANITY_TOKENS, PERMANENT, TEMPORARY, readable_named

__all__ = ["end_of_act", "end_of_episode", "overnight_rest", "answer_recovery_check"]

ANSWER = "answer_recovery_check"
INSANITY, DISEASE, RESILIENCE = "insanity", "disease", "resilience"
# Seed 003 "End Of Encounter/Act" step 3 asks a Willpower check (Willpower's skill is Discipline) and step 4 a
# Resilience check; neither names a difficulty, so they take the ordinary one (seed 003 "Difficulties").
AFFLICTION_DIFFICULTY = "average"
# What may turn permanent at the end of an act: kind -> (Character.points key, skill, its characteristic).
AFFLICTIONS = {
    INSANITY: (INSANITIES, "Discipline", "WP"),
    DISEASE: (DISEASES, "Resilience", "To"),
}


def player_characters(context):
    return [c for c in context.ordered() if not c.is_npc]


def recover_strain(context, combatant, fatigue, stress):
    """Set the rested fatigue and stress; the log's words, empty when nothing was recovered."""
    recovered = []
    for key, value in ((wfrp3e.FATIGUE, fatigue), (wfrp3e.STRESS, stress)):
        before = counters.counter(combatant, key)
        if before != value:
            counters.add_to(context, combatant, key, value - before)
            recovered.append(f"{before - value} {key}")
    return [f"{combatant.name} recovers {and_list(recovered)}"] if recovered else []


def rest_everyone(context):
    """Steps 1-2 of the end of an act and of an episode: fatigue down by Toughness, stress by Willpower."""
    words = []
    for combatant in player_characters(context):
        fatigue, stress = wfrp3e.rest(
            counters.counter(combatant, wfrp3e.FATIGUE),
            counters.counter(combatant, wfrp3e.STRESS),
            counters.characteristic(combatant, "To"),
            counters.characteristic(combatant, "WP"),
        )
        words += recover_strain(context, combatant, fatigue, stress)
    return words or ["nobody has fatigue or stress to recover"]


def end_conditions(context):
    """Step 5 of the end of an act: every condition card but the permanent ones ends, on everyone."""
    state, known, words = context.encounter.state, conditions.durations(), []
    for combatant in context.ordered():
        held = conditions.held(state, combatant)
        kept = wfrp3e.conditions_kept(held, "encounter", known)
        if ended := sorted(held.keys() - kept.keys()):
            conditions.keep(state, combatant, kept)
            words.append(f"{combatant.name} is no longer {' or '.join(ended)}")
    return words


def ready_cards(context):
    """The recharge tokens count the turns of a fight; a new act starts a new fight, so every card is ready."""
    state, words = context.encounter.state, []
    for combatant in context.ordered():
        cards = sorted(recharge.tokens_on(state, combatant)) + sorted(
            recharge.tokens_on(state, combatant, recharge.TALENTS)
        )
        if cards:
            recharge.keep(state, combatant, {})
            recharge.keep(state, combatant, {}, recharge.TALENTS)
            words.append(f"{combatant.name}'s {and_list(cards)} {'is' if len(cards) == 1 else 'are'} ready again")
    return words


def ask_check(context, combatant, kind, skill, short, difficulty, reason, dice=(), **extra):
    """Open the check on the player's phone, built as any skill check is; returns the entry. dice: (kind, count,
    why) added to its pool (the care dice on the Resilience check after rest)."""
    stance = turn.stance_of(context.encounter.state, combatant)
    check, sources = skill_pool(context, combatant, skill, short, stance, difficulty=difficulty, extra=tuple(dice))
    return open_prompt(
        context.encounter.state,
        combatant,
        ANSWER,
        f"{kind}:{skill}:{extra.get('affliction', '')}",
        kind=kind,
        skill=skill,
        reason=reason,
        **extra,
        **pool_entry(sources, check),
    )


def ask_affliction_checks(context, kind):
    """A check for each temporary insanity or disease of the player characters, unless one is already open."""
    key, skill, short = AFFLICTIONS[kind]
    asked = {(p["combatant"], p.get("affliction")) for p in context.encounter.state.prompts if p["answer"] == ANSWER}
    words = []
    for combatant in player_characters(context):
        for name, duration in sorted(readable_named(combatant.character, key).items()):
            if duration != TEMPORARY or (combatant.pk, name) in asked:
                continue
            reason = f"{skill} check, or {name} becomes a permanent {kind}"
            entry = ask_check(context, combatant, kind, skill, short, AFFLICTION_DIFFICULTY, reason, affliction=name)
            if kind == INSANITY:
                insanity_tokens_weigh(combatant, entry)
            words.append(f"{combatant.name} checks {skill} against {name} becoming permanent")
    return words


def sentence(opening, words):
    return f"{opening}: {'; '.join(words)}."


@command(rule="End of an act")
def end_of_act(context):
    """The end of an encounter or act, or eight hours of complete rest (seed 003 "Game Time" › "End Of
    Encounter/Act"): the player characters recover fatigue and stress, a Discipline check for each temporary
    insanity (and, with the house rule, a Resilience check for each temporary disease) waits on their phones, the
    conditions that are not permanent end and every card is ready again."""
    words = rest_everyone(context)
    words += ask_affliction_checks(context, INSANITY)
    if context.encounter.plays(toggles.DISEASE_CHECK):
        words += ask_affliction_checks(context, DISEASE)
    words += end_conditions(context)
    words += ready_cards(context)
    if rally.is_open(context.encounter):
        words.append(rally.close_rally(context))
    return sentence("The act ends", words), {"prompts": [p["id"] for p in context.encounter.state.prompts]}


@command(rule="End of an episode")
def end_of_episode(context):
    """The end of an episode (seed 003 "Game Time" › "End of an Episode"): the player characters recover fatigue
    and stress. The party's fortune points are the GM's award, a command of their own."""
    return sentence("The episode ends", rest_everyone(context)), {}


class RestArgs(Args):
    difficulty = OneOfField(
        required=False,
        choices=[("", "by the wounds"), *((name, name.capitalize()) for name in wfrp3e.DIFFICULTIES)],
        help_text='The Resilience check\'s difficulty for the place and the care (seed 003 "Overnight Rest"); empty: '
        "one challenge die while lightly wounded, two once critically wounded.",
    )


@command(RestArgs, rule="Overnight rest")
def overnight_rest(context, difficulty):
    """A night's rest (seed 003 "Healing & Recovery" › "Overnight Rest"): the player characters recover fatigue
    and stress, heal as many wounds as their Toughness, and whoever is still hurt makes a Resilience check on their
    phone to heal more."""
    words = []
    for combatant in player_characters(context):
        taken = combatant.max_wounds - combatant.wounds
        toughness = counters.characteristic(combatant, "To")
        rested = wfrp3e.overnight_rest(
            counters.counter(combatant, wfrp3e.FATIGUE),
            counters.counter(combatant, wfrp3e.STRESS),
            taken,
            toughness,
            counters.characteristic(combatant, "WP"),
        )
        words += recover_strain(context, combatant, rested.fatigue, rested.stress)
        if rested.wounds_taken != taken:
            combatant.wounds = combatant.max_wounds - rested.wounds_taken
            context.touch(combatant)
            words.append(f"{combatant.name} heals {counted(taken - rested.wounds_taken, 'wound')}")
            words += health.recover(context, combatant)
        criticals = health_of(context, combatant)["criticals"]
        if rested.wounds_taken or criticals:
            challenge = difficulty or wfrp3e.first_aid_challenge(criticals)
            dice = take_care_dice(context, combatant)
            reason = "Resilience check to heal more"
            ask_check(context, combatant, RESILIENCE, "Resilience", "To", challenge, reason, dice=dice)
            words.append(f"{combatant.name} checks Resilience to heal more")
    return sentence("The night passes", words or ["nobody needs the rest"]), {}


def take_care_dice(context, combatant):
    """The dice First Aid and Medicine left waiting for the patient's Resilience check after rest (seed 003 "Healing &
    Recovery" › First Aid & Medicine), as pool sources; used up here."""
    waiting = context.encounter.state.care_dice.pop(str(combatant.pk), {})
    return [(kind, count, "care") for kind, count in sorted(waiting.items()) if count]


class RecoveryCheckArgs(SymbolArgs):
    answers = ANSWER


def insanity_tokens_weigh(combatant, entry):
    """An insanity's check needs more net successes than its tokens (seed 003 "Impairments & Wounds" › Insane,
    Permanent): the prompt says how many, and its chance is of that many."""
    tokens = readable_named(combatant.character, INSANITY_TOKENS).get(entry["affliction"], 0)
    entry["tokens"] = tokens
    if tokens:
        chance = wfrp3e_care.chance_beyond(wfrp3e.odds(entry["pool"]), tokens)
        entry["reason"] += f": more than {counted(tokens, 'success')} to pass ({percent(chance)} %)"
    return entry


def settle_affliction(context, combatant, entry, outcome):
    """A check without a net success, or for an insanity without more than its tokens, makes the insanity or
    disease permanent on the character's sheet; permanent insanities past Willpower are madness."""
    name = entry["affliction"]
    passed = wfrp3e_care.insanity_check_passed(outcome.successes, entry.get("tokens", 0))
    if passed:
        return f"{name} stays temporary"
    key = AFFLICTIONS[entry["kind"]][0]
    points = combatant.character.points
    context.set_points(combatant, points={**points, key: {**readable_named(combatant.character, key), name: PERMANENT}})
    said = f"{name} is now a permanent {entry['kind']}"
    return "; ".join([said, *madness_words(combatant)]) if entry["kind"] == INSANITY else said


def madness_words(combatant):
    """The log's words when the character's permanent insanities outnumber their Willpower (seed 003 "Impairments &
    Wounds" › Madness)."""
    permanent = sum(kind == PERMANENT for kind in readable_named(combatant.character, INSANITIES).values())
    willpower = counters.characteristic(combatant, "WP")
    if not wfrp3e_care.maddened(permanent, willpower):
        return []
    return [f"{permanent} permanent insanities past Willpower {willpower}: madness, {combatant.name} must retire"]


def settle_insanity_recovery(context, combatant, entry, outcome):
    """The monthly Discipline check against a permanent insanity (seed 003 "Impairments & Wounds" › Insane,
    Permanent): more net successes than its tokens heal it, off the sheet with its tokens."""
    name = entry["affliction"]
    if not wfrp3e_care.insanity_check_passed(outcome.successes, entry.get("tokens", 0)):
        return f"{name} stays"
    points = combatant.character.points
    insanities = {k: v for k, v in readable_named(combatant.character, INSANITIES).items() if k != name}
    tokens = {k: v for k, v in readable_named(combatant.character, INSANITY_TOKENS).items() if k != name}
    context.set_points(combatant, points={**points, INSANITIES: insanities, INSANITY_TOKENS: tokens})
    return f"{name} is healed"


def settle_resilience(context, combatant, entry, outcome):
    healed = wfrp3e.resilience_healing(combatant.max_wounds - combatant.wounds, outcome.successes)
    if not healed:
        return "no more wounds healed"
    combatant.wounds += healed
    context.touch(combatant)
    return "; ".join([f"{counted(healed, 'more wound')} healed", *health.recover(context, combatant)])


INSANITY_RECOVERY, CARE, LONG_CARE = "insanity_recovery", "care", "long_care"
# Each kind of check answered here and what settles it; commands/care.py adds its First Aid and Medicine checks and
# the day of long term care.
SETTLES = {
    INSANITY: settle_affliction,
    DISEASE: settle_affliction,
    RESILIENCE: settle_resilience,
    INSANITY_RECOVERY: settle_insanity_recovery,
}


@command(RecoveryCheckArgs, gm_only=False)
def answer_recovery_check(context, prompt, **typed):
    """Answer a check of the end of an act or of a night's rest with the symbols rolled, or have the tracker roll
    its pool."""
    outcome, symbols, how = answer_check(context, prompt, typed)
    combatant = context.combatant(prompt["combatant"])
    verdict = "passes" if outcome.succeeded else "fails"
    settled = "; ".join(
        [
            SETTLES[prompt["kind"]](context, combatant, prompt, outcome),
            *health.feel_strain(context, combatant, outcome, prompt.get("characteristic")),
        ]
    )
    successes = counted(outcome.successes, "net success")
    message = f"{combatant.name} {verdict} the {prompt['skill']} check ({how}): {successes}; {settled}."
    return message, {"prompt": prompt["id"], "symbols": symbols, "succeeded": outcome.succeeded}
