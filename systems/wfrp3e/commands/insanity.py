"""Insanity (seed 003 "Impairments & Wounds" › Distressed, Strained, Insane, Temporary and Permanent, Madness).

Reaching Distressed or Strained leaves insanity cards to draw (counters.add_to notes it, whatever changed the
fatigue or stress); the GM's screen shows how many, and `draw_insanity` settles the draw with one tap: the card kept
as a temporary insanity with its tokens, or, not fitting a Distressed hero, its tokens on the current insanity. The
GM may also give an insanity by hand (a failed Discipline check). The tokens weigh on the end-of-act check
(game_time.py) and on the monthly check to heal a permanent one, `insanity_recovery_check`; permanent insanities
past Willpower are madness."""

from combat.commands.fields import TextField, WholeNumberField, YesNoField
from combat.commands.spine import CombatantArgs, CommandError
from combat.words import counted
from rules.engine import wfrp3e_care
from systems.wfrp3e.commands import command, game_time
from systems.wfrp3e.sheet import INSANITIES, INSANITY_TOKENS, PERMANENT, TEMPORARY, readable_named

__all__ = ["draw_insanity", "insanity_recovery_check"]

RULE = "Impairments & Wounds"
MOST_TOKENS = 9


def insanities_of(combatant):
    """({name: "temporary" or "permanent"}, {name: tokens}) on the combatant's sheet."""
    if not combatant.character_id:
        return {}, {}
    character = combatant.character
    return readable_named(character, INSANITIES), readable_named(character, INSANITY_TOKENS)


def current_insanity(combatant):
    """The insanity a card that does not fit adds its tokens to: the temporary one with the most tokens (then by
    name), or "" when the hero has none. The seed says "current insanity"; read as the temporary one, the one the
    act's end still judges."""
    held, tokens = insanities_of(combatant)
    temporary = [name for name, kind in held.items() if kind == TEMPORARY]
    return min(temporary, key=lambda name: (-tokens.get(name, 0), name), default="")


def pending_draw(state, combatant):
    """The insanity cards waiting to be drawn for the combatant: wfrp3e_care.InsanityDraw or None."""
    waiting = state.insanity_draws.get(str(combatant.pk))
    return wfrp3e_care.InsanityDraw(waiting["cards"], waiting["why"]) if waiting else None


def a_hero(combatant, doing):
    if combatant.is_npc or not combatant.character_id:
        raise CommandError(
            f"{combatant.name} {doing}: only player characters go mad, an enemy's stress being wounds (seed 003 "
            '"Enemies").'
        )


class DrawArgs(CombatantArgs):
    insanity = TextField(max_length=60, help_text="The insanity card drawn, by name.")
    tokens = WholeNumberField(min_value=1, max_value=MOST_TOKENS, help_text="The tokens the card puts down.")
    fits = YesNoField(help_text="Ticked: the card fits and is kept. Empty: its tokens go on the current insanity.")


@command(DrawArgs, rule=RULE)
def draw_insanity(context, combatant, insanity, tokens, fits):
    """Settle the insanity cards drawn for a hero (or give one by hand): the card that fits is kept as a temporary
    insanity with its tokens (an insanity already held takes them); a Distressed hero's card that does not fit puts
    its tokens on the current insanity instead. Strained draws on until a card fits."""
    a_hero(combatant, "draws no insanity card")
    name = insanity.strip()
    if not name:
        raise CommandError("Name the insanity card drawn.")
    state = context.encounter.state
    draw = pending_draw(state, combatant)
    held, on = insanities_of(combatant)
    if fits:
        target, kept = name, held.get(name, TEMPORARY)
        said = f"{combatant.name} keeps the insanity card {name}"
    else:
        if draw and draw.cards == wfrp3e_care.UNTIL_ONE_FITS:
            raise CommandError(f"{combatant.name} is Strained: draw on until a card fits, then keep that one.")
        target = current_insanity(combatant)
        if not target:
            raise CommandError(
                f"{combatant.name} has no temporary insanity to take the tokens of {name}: keep the card instead."
            )
        kept = held[target]
        said = f"{name} does not fit {combatant.name}: its tokens go on {target}"
    before = on.get(target, 0)
    points = combatant.character.points
    context.set_points(
        combatant,
        points={**points, INSANITIES: {**held, target: kept}, INSANITY_TOKENS: {**on, target: before + tokens}},
    )
    state.insanity_draws.pop(str(combatant.pk), None)
    kind = "permanent" if kept == PERMANENT else "temporary"
    message = f"{said} ({kind}, {counted(before + tokens, 'token')}, was {before})."
    return message, {"insanity": target, "tokens": before + tokens, "drawn_for": draw.why if draw else None}


class RecoveryArgs(CombatantArgs):
    insanity = TextField(max_length=60, help_text="The permanent insanity the check may heal.")


@command(RecoveryArgs, rule=RULE)
def insanity_recovery_check(context, combatant, insanity):
    """The monthly Discipline check to heal a permanent insanity: it waits on the player's phone, its pool and the
    chance of more net successes than the insanity's tokens worked out."""
    a_hero(combatant, "has no insanity to heal")
    name = insanity.strip()
    held, _ = insanities_of(combatant)
    if held.get(name) != PERMANENT:
        permanent = sorted(n for n, kind in held.items() if kind == PERMANENT)
        known = f"permanent: {', '.join(permanent)}" if permanent else "no permanent insanity"
        raise CommandError(f"{combatant.name} has no permanent insanity called {name or 'that'} ({known}).")
    reason = f"Monthly Discipline check to heal {name}"
    entry = game_time.ask_check(
        context,
        combatant,
        game_time.INSANITY_RECOVERY,
        "Discipline",
        "WP",
        game_time.AFFLICTION_DIFFICULTY,
        reason,
        affliction=name,
    )
    game_time.insanity_tokens_weigh(combatant, entry)
    return f"{combatant.name} checks Discipline to heal {name}.", {"prompt": entry["id"]}


def row_insanity(state, row):
    """What the screens show of a hero's insanity: (the cards waiting to be drawn in words or "", the current
    insanity or "", [(name, kind, tokens)], madness)."""
    if row.is_npc or not row.character_id:
        return "", "", [], False
    draw = pending_draw(state, row)
    held, tokens = insanities_of(row)
    listed = [(name, kind, tokens.get(name, 0)) for name, kind in sorted(held.items())]
    permanent = sum(kind == PERMANENT for kind in held.values())
    mad = wfrp3e_care.maddened(permanent, row.character.characteristic("WP"))
    words = f"{draw.why}: {draw.words}" if draw else ""
    return words, current_insanity(row), listed, mad
