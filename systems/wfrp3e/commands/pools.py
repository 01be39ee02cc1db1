"""A WFRP 3e check's dice pool for any skill (seed 003 "Middle of Turn Phase (Action Card Resolution)" steps 2-3),
and the prompt fields that show it before the roll: an action card's check, a rally step's Resilience or
Discipline check, a fear check and the end-of-act checks are all built here."""

from combat.commands.spine import CommandError
from rules.engine import wfrp3e

# A skill names its characteristic by the sheet's short name; the engine by the full one.
CHARACTERISTIC_NAMES = {
    "St": "strength",
    "To": "toughness",
    "Ag": "agility",
    "Int": "intelligence",
    "WP": "willpower",
    "Fel": "fellowship",
}
DIE_WORDS = {
    wfrp3e.CHARACTERISTIC: "characteristic",
    wfrp3e.CONSERVATIVE: "conservative",
    wfrp3e.RECKLESS: "reckless",
    wfrp3e.EXPERTISE: "expertise",
    wfrp3e.FORTUNE: "fortune",
    wfrp3e.CHALLENGE_DIE: "challenge",
    wfrp3e.MISFORTUNE: "misfortune",
}


def percent(probability):
    """A chance as the phone shows it, one decimal: exact underneath, rounded only here."""
    return f"{float(probability) * 100:.1f}"


def pool_summary(pool):
    """ "3 characteristic, 1 reckless, 1 challenge": the dice of a pool, in the contract's order."""
    return ", ".join(f"{count} {DIE_WORDS[kind]}" for kind, count in pool.items() if count) or "no dice"


def sheet_of(context, combatant):
    return context.sheets_by_combatant().get(combatant.pk)


def held_conditions(context, combatant):
    return tuple(context.condition_counts(combatant))


def skill_pool(context, combatant, skill_name, short, stance, *, specialised_in="", target=None, **modifiers):
    """(check, pool sources) of a check of `skill_name` on characteristic `short` ("WP") by `combatant`.

    A specialisation helps when `specialised_in` names it (Dodge on a Coordination card named Dodge). `modifiers`
    are `wfrp3e.pool_sources`'s difficulty, defence, opposing_training and extra."""
    sheet = sheet_of(context, combatant)
    if sheet is None:
        raise CommandError(f"{combatant.name} needs a WFRP 3e sheet to build a pool.")
    check = wfrp3e.Check(CHARACTERISTIC_NAMES[short])
    skill = next((s for s in sheet.skills if s.name == skill_name), None)
    specialisations = skill.specialisations if skill else ()
    applying = sum(1 for name in specialisations if specialised_in and name.lower() in specialised_in.lower())
    conservative, reckless = sheet.conservative_steps, sheet.reckless_steps
    if not -conservative <= stance <= reckless:
        raise CommandError(f"{combatant.name}'s stance meter runs from {-conservative} to {reckless}.")
    sources = wfrp3e.pool_sources(
        check,
        combatant.character.characteristic(short),
        stance,
        training=skill.training if skill else 0,
        specialisations=applying,
        conditions=held_conditions(context, combatant),
        target_conditions=held_conditions(context, target) if target else (),
        fatigue=sheet.fatigue,
        stress=sheet.stress,
        toughness=sheet.toughness,
        willpower=sheet.willpower,
        **modifiers,
    )
    return check, sources


def pool_entry(sources):
    """What a check's prompt shows before the roll: the pool, its summary, where each die comes from, the exact
    chance of a net success and of each boon and bane count."""
    pool = dict.fromkeys(wfrp3e.DIE_KINDS, 0)
    for source in sources:
        pool[source.kind] += source.count
    odds = wfrp3e.odds(pool)
    return {
        "pool": pool,
        "summary": pool_summary(pool),
        "sources": [f"{source.count} {DIE_WORDS[source.kind]} ({source.why})" for source in sources],
        "chance": percent(odds.success),
        "boon_odds": [(count, percent(chance)) for count, chance in odds.boons.items()],
        "bane_odds": [(count, percent(chance)) for count, chance in odds.banes.items()],
    }
