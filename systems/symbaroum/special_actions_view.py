"""What the screens offer of the special actions (commands/special_actions.py), to the GM and to the active
combatant's player on their phone: Stand Up while the active combatant is prone and no Quick test to stand is waiting,
and Use/Apply Elixir on themselves, their gear or whomever the viewer sees; neither while dying or holding."""

from combat.models import Encounter
from systems.symbaroum.commands.special_actions import PRONE
from systems.symbaroum.sheet import profile_of


def extend(view):
    view.stand_up_offered, view.elixir_targets, view.elixir_offered = False, [], False
    encounter, active = view.encounter, view.active
    if encounter.status != Encounter.Status.ACTIVE or active is None or not (view.is_gm or active.mine):
        return
    if active.dying or active.dead or any(h["holder"] == active.pk for h in encounter.state.holds):
        return  # the dying act only through their death test; a hold allows nothing else
    asked = any(p["combatant"] == active.pk and p["kind"] == "stand_up" for p in encounter.state.prompts)
    view.stand_up_test = profile_of(encounter.house_rules).name("quick")  # Agility in the variant
    view.stand_up_offered = not asked and any(condition.name == PRONE for condition in active.conditions)
    view.elixir_offered = not view.is_gm  # the GM's elixir form is among the tools drawn with the page
    if not view.elixir_offered:
        return
    buildings = encounter.state.buildings
    view.elixir_targets = [
        row for row in view.rows if row.pk != active.pk and not row.dead and str(row.pk) not in buildings
    ]
