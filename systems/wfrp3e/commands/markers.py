"""Traumatized and the first hero marker (seed 003 "Condition Cards" › Traumatized): a Traumatized hero does not act
on the party's first marker of the initiative track while another hero marker is there. The tracker gives each
combatant a marker of their own, so the Traumatized hero trades theirs with the first steady hero after them, the
markers (place and initiative) staying where they are: at each round's start, and when Traumatized lands or an
initiative check is settled before the first hero marker's turn came this round. The log says who traded."""

from combat.commands.ordering import renumber
from combat.models import Encounter
from rules.engine import wfrp3e, wfrp3e_order


def traumatized(state, combatant):
    """Whether the combatant holds Traumatized, with tokens or without (conditions.held's two stores)."""
    pk = str(combatant.pk)
    return wfrp3e.TRAUMATIZED in state.lasting_conditions.get(
        pk, ()
    ) or wfrp3e.TRAUMATIZED in state.condition_tokens.get(pk, {})


def markers(context, ordered):
    state = context.encounter.state
    return [wfrp3e_order.Marker(c.pk, not c.is_npc, traumatized(state, c)) for c in ordered]


def first_marker_still_ahead(context, ordered):
    """Whether the first hero marker's turn is still to come this round (always before the fight starts)."""
    encounter = context.encounter
    if encounter.status == Encounter.Status.PLANNING:
        return True
    if encounter.status != Encounter.Status.ACTIVE:
        return False
    heroes = [c for c in ordered if not c.is_npc]
    active = next((i for i, c in enumerate(ordered) if c.pk == encounter.active_id), -1)
    return bool(heroes) and ordered.index(heroes[0]) > active


def keep_off_first_marker(context, round_start=False):
    """Trade the first hero marker away from a Traumatized hero, when the rule asks it and (but at a round's start)
    its turn is still to come. Returns the log's sentences."""
    ordered = context.ordered()
    if not round_start and not first_marker_still_ahead(context, ordered):
        return []
    swap = wfrp3e_order.first_hero_marker_swap(markers(context, ordered))
    if swap is None:
        return []
    troubled, steady = (next(c for c in ordered if c.pk == pk) for pk in swap)
    i, j = ordered.index(troubled), ordered.index(steady)
    ordered[i], ordered[j] = steady, troubled
    troubled.initiative, steady.initiative = steady.initiative, troubled.initiative
    context.touch(troubled, steady)
    renumber(context, ordered)
    return [
        f"{context.named(troubled)} is Traumatized: {context.named(steady)} takes the first hero marker, "
        f"{context.named(troubled)} theirs."
    ]
