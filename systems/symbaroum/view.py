"""What Symbaroum adds to a viewer's EncounterView: the turn's Combat and Movement Actions, the open tests (each on
its player's phone with its chance), the free attacks waiting for the GM, the GM's attack and first aid forms, the
feats in force with the form that uses one, who is dying with their steps toward death, the buildings in the
fight, and what the API gives of a combatant seen in full."""

from typing import NamedTuple

from combat.commands.prompts import visible_prompts
from rules.engine import symbaroum
from systems.symbaroum import (
    afflictions_view,
    field_view,
    positions_view,
    ranged_view,
    special_actions_view,
    toggles,
    turn_order_view,
)
from systems.symbaroum.commands import buildings
from systems.symbaroum.commands.attack import AIMS, PARTS
from systems.symbaroum.commands.feats import PAY_WITH
from systems.symbaroum.commands.feats_in_force import FEATS, perfect_defence_state, tags
from systems.symbaroum.commands.healing import MEANS
from systems.symbaroum.commands.manoeuvres import ATTACK_MANOEUVRES
from systems.symbaroum.commands.sides import enemies
from systems.symbaroum.commands.stances import STANCES
from systems.symbaroum.commands.turn import turn_used
from systems.symbaroum.sheet import carried_weapons, weapon_names


def extend(view, everyone):
    encounter = view.encounter
    state = encounter.state
    view.prompts = visible_prompts(view)
    view.turn_used = turn_used(encounter) if view.active is not None else None
    names = {row.pk: row.name for row in view.rows}
    view.free_attacks = [
        {**f, "attacker_name": names[f["attacker"]], "target_name": names[f["target"]]}
        for f in state.free_attacks
        if f["attacker"] in names and f["target"] in names
    ] if view.is_gm else []  # fmt: skip
    for row in view.mine:  # the phone's sheets, under this encounter's toggles rather than the campaign's
        if row.sheet is not None:
            row.sheet = row.sheet.under(encounter)
    for row in view.rows:
        sheet = row.character if row.character_id else None
        row.experience = sheet.point("experience") if sheet else 0
        row.corruption = sheet.point("corruption_temporary") + sheet.point("corruption_permanent") if sheet else 0
        row.dying = any(condition.name == "Dying" for condition in row.conditions)
        row.dead = any(condition.name == "Dead" for condition in row.conditions)
        row.death_steps = state.death_steps.get(str(row.pk), 0)
    view.dead_names = [row.name for row in view.rows if row.dead]  # the phone's order, where rows keep no tags
    view.death_steps_to_die = symbaroum.DEATH_STEPS
    view.first_aid_means = MEANS
    view.feats_on = encounter.plays(toggles.FEATS)
    if view.feats_on:
        view.feat_choices, view.pay_choices = [(key, feat.label) for key, feat in FEATS.items()], PAY_WITH
        for row in view.rows:
            row.feat_tags = tags(state, row.pk, names)
        for row in view.mine:  # the phone's feat form names them; nobody else's screen does
            row.enemies = [other for other in view.rows if enemies(row, other)]
        view.prompts = [with_perfect_defence(state, p) for p in view.prompts]
    view.buildings = buildings.shown(state, view.rows) if view.is_gm else []
    view.hit_locations = encounter.plays(toggles.HIT_LOCATIONS)
    view.aims, view.parts_aimed = AIMS, PARTS
    ranged_view.extend(view)
    turn_order_view.extend(view)
    special_actions_view.extend(view)
    afflictions_view.extend(view)
    field_view.extend(view)
    positions_view.extend(view, everyone)
    extend_manoeuvres(view, names)
    extend_api(view, names)
    if view.is_gm and view.for_screen:
        extend_gm_forms(view)


class Fighter(NamedTuple):
    """A combatant with a sheet as the GM's attack and feat forms list them: plain values, so that a form's inputs
    are its cache key."""

    pk: int
    name: str
    side: str
    acts: bool
    weapons: tuple
    experience: int
    corruption: int


def extend_gm_forms(view):
    """The attack and feat forms' fighters and the keys their HTML is reused by (templates/symbaroum/gm.html): each
    key holds everything its form shows, so a damage that leaves everyone standing redraws neither."""
    ids = frozenset(row.character_id for row in view.rows if row.character_id)
    weapons = weapon_names(ids, carried_weapons(view))
    view.fighters = tuple(
        Fighter(
            row.pk, row.name, row.side, not (row.dying or row.dead), tuple(weapons[row.character_id]),
            row.experience, row.corruption,
        )
        for row in view.rows
        if row.character_id
    )  # fmt: skip
    view.building_targets = tuple((b["row"].pk, b["row"].side, b["row"].name) for b in view.buildings)
    view.attack_form_key = view.form_key(
        view.fighters,
        view.building_targets,
        view.hit_locations,
        view.manoeuvres,
        view.counts_ammunition,
        view.attack_advantages,
    )
    if view.feats_on:
        view.feat_form_key = view.form_key(view.fighters, view.feat_choices, view.pay_choices)


def with_perfect_defence(state, prompt):
    """A defence test offers its player a Perfect Defence before the roll, or says it is readied or used already
    this round (seed 001 "Alternate Rules" › "Feats" › "Perfect Defence")."""
    if prompt["kind"] != "defence":
        return prompt
    return {**prompt, "perfect_defence": perfect_defence_state(state, prompt["combatant"]) or "offer"}


def extend_manoeuvres(view, names):
    """The attack form's manoeuvres, the active combatant's stance buttons, and who is in a stance or a hold."""
    encounter = view.encounter
    plays = encounter.plays(toggles.MANOEUVRES)
    view.manoeuvres = list(ATTACK_MANOEUVRES.items()) if plays else []
    acts = view.active is not None and not (view.active.dying or view.active.dead)
    view.stance_choices = list(STANCES.items()) if plays and acts else []
    state = encounter.state
    view.active_holds = view.active is not None and any(h["holder"] == view.active.pk for h in state.holds)
    view.manoeuvres_in_force = [
        f"{names[s['combatant']]}: {STANCES[s['stance']]}" for s in state.stances if s["combatant"] in names
    ] + [
        f"{names[h['holder']]} holds {names[h['target']]}"
        for h in state.holds
        if h["holder"] in names and h["target"] in names
    ]


def extend_api(view, names):
    """What Symbaroum.combatant_fields reads of each row: the feats in force, the stance and the holds, naming by id
    only combatants this viewer sees (`names`), never a hidden enemy, holder or held."""
    state = view.encounter.state
    for row in view.rows:
        row.feats_in_force = [
            {
                "feat": entry["feat"],
                "label": FEATS[entry["feat"]].label,
                "ready": bool(entry.get("ready")),
                "enemy": entry["enemy"] if entry.get("enemy") in names else None,
            }
            for entry in state.feats
            if entry["combatant"] == row.pk
        ]
        row.stance = next((s["stance"] for s in state.stances if s["combatant"] == row.pk), None)
        row.holding = [h["target"] for h in state.holds if h["holder"] == row.pk and h["target"] in names]
        row.held_by = [h["holder"] for h in state.holds if h["target"] == row.pk and h["holder"] in names]
