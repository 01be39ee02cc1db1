"""What WFRP 4e adds to a viewer's EncounterView: Group Advantage pools or Momentum, the turn's Move and Action,
open tests, start- and end-of-round effects, braced, defending, charging, engaged and surprised combatants."""

from combat.commands.prompts import visible_prompts
from rules.engine import wfrp4e, wfrp4e_house
from systems.wfrp4e import toggles
from systems.wfrp4e.commands import d20_attack, engaged, fumbles, group_advantage, momentum
from systems.wfrp4e.commands.surprise import SURPRISED
from systems.wfrp4e.commands.turn import PRONE, STUNNED, half_move_yards, turn_state
from systems.wfrp4e.sheet import defence_options, defence_options_of, weapons_and_skills

MOMENTUM_GAINS = wfrp4e_house.MOMENTUM_GAINS
MOMENTUM_TALENTS = wfrp4e_house.MOMENTUM_TALENTS
ADVANTAGE_GAINS = wfrp4e.ADVANTAGE_GAINS


def extend(view, everyone):
    encounter = view.encounter
    gm = view.is_gm
    state = encounter.state
    braced = state.braced
    names = {row.pk: row.name for row in view.rows}  # only those this viewer sees
    fumbled = fumbles.labels(encounter)
    for row in view.rows:
        row.braced = str(row.pk) in braced
        row.momentum = momentum.of(encounter, row)
        row.fumble_effects = fumbled.get(row.pk, [])
        row.destroyed_weapons = state.destroyed_weapons.get(str(row.pk), [])
        row.surprised = any(c.name == SURPRISED for c in row.conditions)
        row.prone = any(c.name == PRONE for c in row.conditions)
        # Seed 000 "Stunned": the Move covers half the Movement, in yards on the Move buttons.
        row.stunned_yards = half_move_yards(row) if any(c.name == STUNNED for c in row.conditions) else None
        row.defending = state.defending.get(str(row.pk))
        row.charging = str(row.pk) in state.charging
        row.odds_hidden = row.pk in state.odds_hidden if gm else False
        row.engaged_with = [names[pk] for pk in sorted(engaged.engaged_with(encounter, row)) if pk in names]
    view.d20_tests = d20_attack.uses_d20(encounter)
    view.d20_spells = d20_attack.casts_by_d20(encounter)
    view.d20_opposed = d20_attack.opposes_by_d20(encounter)
    view.defend_bonus = d20_attack.defend_bonus_words(encounter)
    view.charge_bonus = wfrp4e.CHARGE_BONUS
    view.defend_options = defend_options(view) if gm and view.for_screen else []
    # The active combatant's turn ends with the house rule's Ablaze d10.
    ablaze = encounter.plays(toggles.condition_toggle("Ablaze"))
    view.burning = ablaze and view.active is not None and any(c.name == "Ablaze" for c in view.active.conditions)
    view.momentum = momentum.uses_momentum(encounter)
    view.momentum_gains, view.momentum_spends, view.momentum_talents = MOMENTUM_GAINS, momentum.SPENDS, MOMENTUM_TALENTS
    view.prompts = visible_prompts(view)
    view.pools = view.round_end = None
    view.advantage_gains, view.advantage_spends, view.pool_sides = ADVANTAGE_GAINS, [], group_advantage.POOL_SIDES
    view.advantage_tests = []
    if group_advantage.uses_group_advantage(encounter):
        view.pools = group_advantage.pools(encounter)
        ended_round = state.round_end_pending
        if gm and ended_round is not None:
            conditions = [c for row in view.rows for c in row.conditions]
            counts, dominant = group_advantage.proposal(encounter, everyone, conditions)
            view.round_end = {"round": ended_round, "counts": counts, "dominant": dominant or "none"}
        if gm and view.for_screen:
            spends = advantage_spends(view)
            view.advantage_spends = [s for s in spends if s.key not in wfrp4e.ADVANTAGE_TESTS]
            view.advantage_tests = [s for s in spends if s.key in wfrp4e.ADVANTAGE_TESTS]
            view.trick_conditions = wfrp4e.TRICK_CONDITIONS
            # All the Batter or Trick form shows, as it lists everyone twice: its HTML is reused while this holds.
            tests = [(s.key, s.name, s.description, s.cost) for s in view.advantage_tests]
            sides = [(row.pk, row.name, row.side) for row in view.rows]  # the opponent is chosen by side (gm.js)
            shown = (tests, sides, view.d20_opposed, view.trick_conditions)
            view.advantage_test_form_key = view.form_key(*shown)
    view.turn_used = turn_state(encounter) if view.active is not None else None
    effects = state.round_effects
    fresh = effects and effects["round"] == encounter.round and (effects["end"] or effects["start"])
    view.round_effects = effects if gm and fresh else None
    view.can_choose_place = can_choose_place(view)
    view.declare = declare_choices(view) if not gm and view.for_screen and view.my_turn else None
    view.sprinting = encounter.plays(toggles.SPRINTING)
    view.bracing = encounter.plays(toggles.BRACE)
    view.swapping_weapons = encounter.plays(toggles.SWAPPING_WEAPONS)


def defend_options(view):
    """What the active combatant can Defend with: the skills and characteristics their sheet opposes attacks with."""
    active = view.active
    if active is None or not active.character_id:
        return []
    return [name for name, _ in defence_options_of(active.character)]


def advantage_spends(view):
    """The ways to spend Advantage (rules data), read once for all the views built from one read: the GM's forms
    and the declare form of the player whose turn it is."""
    return view.data.once("advantage spends", lambda: group_advantage.spend_choices(view.encounter))


def declare_choices(view):
    """What the player whose turn it is may declare from the phone (templates/wfrp4e/declare.html): their weapons,
    the enemies they see, their skills and defences, and the Advantage spends their side may ask the GM for."""
    active = view.active
    if not active.character_id:
        return None
    character = active.character
    weapons, skills = view.data.once(("weapons and skills", character.pk), lambda: weapons_and_skills(character))
    trained = {skill.name for skill in skills}
    destroyed = set(view.encounter.state.destroyed_weapons.get(str(active.pk), []))
    group = view.pools is not None
    spends = advantage_spends(view) if group else []
    magick = view.d20_spells and "Language (Magick)" in trained
    return {
        "weapons": [name for name in weapons if name not in destroyed] + ["Unarmed"],
        "targets": [row for row in view.rows if row.side != active.side and not row.dead],
        "skills": sorted(trained | {"Perception", "Intuition"}),
        "defences": [name for name, _ in defence_options(character, skills)],
        "pool": view.pools[group_advantage.pool_of(active.side)] if group else None,
        "tests": [(s.key, f"{s.name} ({s.cost} Advantage)") for s in spends if s.key in wfrp4e.ADVANTAGE_TESTS],
        "disengage_momentum": view.momentum
        and active.momentum > 0
        and view.encounter.plays(toggles.DISENGAGING)
        and bool(active.engaged_with),
        "spells": magick,
        "talents": MOMENTUM_TALENTS if view.momentum and active.momentum >= wfrp4e_house.MOMENTUM_TALENT_COST else (),
        "spends": [
            (s.key, f"{s.name} ({s.cost} Advantage)" if s.cost else s.name)
            for s in spends
            if s.key not in wfrp4e.ADVANTAGE_TESTS
        ],
    }


def can_choose_place(view):
    """Fortune's "choose when to act" is open at the start of a Round (house rule "Fortune Points")."""
    encounter = view.encounter
    if not encounter.plays(toggles.FORTUNE_POINTS) or encounter.status == "ended":
        return False
    return encounter.status == "planning" or view.round_starting
