"""What the screens show of where fighters stand and what they hold (commands/positions.py, rapid_fire.py): who is
flanked and by whom, who stands on lower ground, whose weapons are still sheathed, each fighter's main hand under
Main Hand, and which archers have Rapid Fire's higher levels open; and, for the GM's attack form, the Advantage it
ticks for each attacker and target with the reason (templates/symbaroum/positions.html)."""

import json

from combat.models import Encounter
from rules.models import Weapon
from systems.symbaroum import toggles
from systems.symbaroum.commands import positions
from systems.symbaroum.sheet import carried_weapons


def extend(view, everyone):
    """`everyone`: every combatant, the hidden too, who flank as much as anyone though never named to a player."""
    encounter = view.encounter
    state = encounter.state
    main_hand = encounter.plays(toggles.MAIN_HAND)
    rapid_fire = encounter.plays(toggles.RAPID_FIRE_ON_A_HIT)
    names = {row.pk: row.name for row in view.rows}
    for row in view.rows:
        sides = positions.flankers(state, row, everyone)
        around = next((ids for ids in sides.values() if len(ids) >= 2), [])
        row.flanked_by = [pk for pk in around if pk in names]
        row.flanked_names = [names[pk] for pk in row.flanked_by]
        row.lower_ground = row.pk in state.lower_ground
        row.weapons_drawn = row.pk not in state.sheathed
        row.main_hand = positions.hand_of(state, row.pk) if main_hand else None
        row.rapid_fire_open = row.pk in state.roused if rapid_fire else None
    view.main_hand_on = main_hand
    view.hand_choices = positions.HAND_CHOICES
    active = view.active
    view.draw_offered = (
        encounter.status == Encounter.Status.ACTIVE
        and active is not None
        and (view.is_gm or active.mine)
        and not (active.dying or active.dead)
        and active.pk in state.sheathed
    )
    view.attack_advantages = ""
    if view.is_gm and view.for_screen:
        view.attack_advantages = attack_advantages(view)


def attack_advantages(view):
    """JSON for the attack form: the reasons by "attacker:target", melee and ranged apart, and each fighter's ranged
    weapons and first weapon, so the form knows which list the weapon chosen reads."""
    state = view.encounter.state
    found = positions.attack_advantages(state, view.rows)
    if not found["melee"] and not found["ranged"]:
        return ""
    by_character = {row.character_id: row.pk for row in view.rows if row.character_id}
    ranged, first = {}, {}
    for character_id, name, kind in carried_weapons(view):
        pk = by_character.get(character_id)
        if pk is None:
            continue
        first.setdefault(str(pk), name)
        if kind == Weapon.Kind.RANGED:
            ranged.setdefault(str(pk), []).append(name)
    return json.dumps({**found, "ranged_weapons": ranged, "first": first}, sort_keys=True)
