"""What WFRP 3e adds to a viewer's EncounterView: the open checks, each row's stance, impairments, spellcaster
conditions, condition cards with their tokens and recharging cards, critical wounds and wounds' states, how many of a
henchmen group still stand, the active combatant's turn so far, the party's fortune pool and tension, and (for the GM)
the creatures whose Fear or Terror calls for a check."""

import functools

from combat.commands.prompts import visible_prompts
from rules.engine import wfrp3e
from systems.wfrp3e.commands import KEY, conditions, equipment, fear, health, manoeuvres, recharge, talents, turn
from systems.wfrp3e.commands.counters import characteristic, counter
from systems.wfrp3e.models import ConditionCard
from systems.wfrp3e.sheet import fighting_traits


def extend(view, everyone):
    encounter = view.encounter
    state = encounter.state
    view.prompts = visible_prompts(view)
    view.turn_so_far = turn.this_turn(encounter) if view.active is not None else None
    view.range_bands = turn.BANDS
    view.condition_names = sorted(conditions.durations()) if view.is_gm else []
    characters = {c.character_id: c.character for c in everyone if c.character_id}
    traits = view.data.once("fighting_traits", lambda: fighting_traits(encounter.pk, characters.values()))
    view.party_fortune, view.party_tension = state.party_fortune, state.party_tension
    view.dread_rows = []
    for row in view.rows:
        fatigue, stress = counter(row, wfrp3e.FATIGUE), counter(row, wfrp3e.STRESS)
        toughness, willpower = characteristic(row, "To"), characteristic(row, "WP")
        row.stance = turn.stance_of(state, row)
        row.stance_label = turn.stance_words(row.stance)
        row.stance_meter = stance_meter(row)
        row.fatigue, row.stress = fatigue, stress
        row.impairments = sorted(wfrp3e.impairments(fatigue, stress, toughness, willpower)) if row.character_id else []
        sheet = traits.get(row.character_id)  # what the screens need of it
        casts = sheet is not None and sheet.power_word
        row.spell_conditions = sorted(wfrp3e.spellcaster_conditions(counter(row, "power"), willpower)) if casts else []
        row.power_word, row.power = (sheet.power_word, counter(row, "power")) if casts else ("", 0)
        row.condition_cards = sorted(conditions.held(state, row).items())
        row.recharging = sorted(recharge.tokens_on(state, row).items()) + sorted(
            recharge.tokens_on(state, row, recharge.TALENTS).items()
        )
        row.health = state.health.get(str(row.pk), {})
        row.criticals = row.health.get("criticals", counter(row, "critical_wounds"))  # the sheet's until first hit
        row.no_turn = health.no_turn(state, row)  # "knocked out", "dead" or ""
        row.dead = bool(row.no_turn)  # the generic screens grey out whoever takes no turn
        dread = fear.dread(sheet)
        if view.is_gm and dread:
            row.dread = "{} {}".format(*dread)
            view.dread_rows.append(row)
        row.prone = row.pk in state.prone
        row.shield = manoeuvres.shield_of(state, row)
        row.assist_fortune = wfrp3e.assist_fortune(len(state.assists.get(str(row.pk), ())))
        row.mounted = row.pk in state.mounted
        row.socketed = talents.socketed(state, row)
        row.damaged = equipment.tags(state, row)
        row.henchmen_members = sheet.henchmen if sheet is not None and toughness else 0
        row.henchmen_standing = None
        if row.henchmen_members:
            taken = row.max_wounds - row.wounds
            row.henchmen_standing = wfrp3e.henchmen_standing(toughness, row.henchmen_members, taken)
    view.assist_allies = assist_allies(view.rows, view.active)
    view.environment = environment(view, state)
    explain_held_cards(view)
    if view.is_gm and view.for_screen:  # all the GM's initiative and condition card forms show: reused while it holds
        listed = [(row.pk, row.name, row.character_id is not None) for row in view.rows]
        view.gm_forms_key = view.form_key(listed, view.condition_names)


def environment(view, state):
    """The environmental conditions this viewer may see, in words: those on everyone, and those on a combatant the
    viewer sees (seed 003 "Condition Cards" › Environmental Condition)."""
    shown = {row.pk: row for row in view.rows}
    found = []
    for entry in state.environment:
        if entry["combatant"] and entry["combatant"] not in shown:
            continue
        where = f"on {shown[entry['combatant']].name}" if entry["combatant"] else "on everyone"
        die = "die" if entry["dice"] == 1 else "dice"
        checks = equipment.CHECK_WORDS[entry["checks"]]
        found.append((entry["name"], f"{entry['dice']} challenge {die}, {checks}, {where}"))
    return found


def assist_allies(rows, active):
    """Whom the active combatant may assist (seed 003 "Maneuvers" 1): the others on their side still in the fight;
    which of them are engaged is the table's to say."""
    if active is None:
        return []
    return [row for row in rows if row.side == active.side and row.pk != active.pk and not row.no_turn]


def explain_held_cards(view):
    """The player's own condition cards with their texts, which the phone opens on a tap: [(name, tokens, text)]."""
    held = {name for row in view.rows for name, _ in row.condition_cards}
    texts = view.data.once(("condition_card_texts", frozenset(held)), lambda: card_texts(held))
    for row in view.mine:
        row.held_cards = [(name, tokens, texts.get(name, "")) for name, tokens in row.condition_cards]


def card_texts(names):
    """{name: text} of these condition cards: every viewer's held cards in one query."""
    if not names:
        return {}
    return dict(ConditionCard.objects.filter(system=KEY, name__in=names).values_list("name", "description"))


def stance_meter(row):
    """The meter's steps, conservative to reckless, for the buttons: ((steps, label), ...)."""
    if not row.character_id:
        return ()
    return meter(counter(row, "conservative_steps"), counter(row, "reckless_steps"))


@functools.cache  # a handful of meter sizes, made for every row of every push
def meter(low, high):
    return tuple((steps, turn.stance_words(steps)) for steps in range(-low, high + 1))
