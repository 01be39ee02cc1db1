"""Wounds, critical wounds and the knocked out and dead states (seed 003 "Impairments & Wounds", "Henchmen").

`Combatant.wounds` stays what it is on every screen, the wounds left under the wound threshold (`max_wounds`); the
wounds taken are `max_wounds - wounds`. Critical wounds and the two states live in the encounter's state
(`health`), the sheet's own count of criticals being where a character starts. An action's attack, an enemy's
strain and the GM's damage by hand all wound through `suffer`."""

from combat.words import counted
from rules.engine import wfrp3e
from systems.wfrp3e.commands import conditions
from systems.wfrp3e.commands.counters import add_to, counter
from systems.wfrp3e.commands.pools import sheet_of


def health_of(context, combatant):
    """The combatant's critical wounds and states this encounter: its sheet's criticals until it is first hit."""
    sheet = sheet_of(context, combatant)
    start = {"criticals": sheet.critical_wounds if sheet else 0, "knocked_out": False, "dead": False}
    return context.encounter.state.health.setdefault(str(combatant.pk), start)


def suffer(context, target, wounds, criticals=0, left=None, ill_fortune=True):
    """Deal `wounds` normal wounds and `criticals` critical ones to `target`, who had `left` wounds left (default:
    what the row shows now). Henchmen take a critical as a normal wound of its severity, counted 1 here. Returns
    (wounds, criticals) dealt and the log's words for a state reached and for Ill-Fortuned's stress, never naming
    a target the viewer may not see. ill_fortune=False for the wound an enemy takes for that stress itself, which
    brings no further one."""
    sheet = sheet_of(context, target)
    if sheet and sheet.henchmen:
        wounds, criticals = wounds + wfrp3e.henchmen_critical(criticals), 0
    left = target.wounds if left is None else left
    health = health_of(context, target)
    was = dict(health)
    after = wfrp3e.suffer_wounds(
        target.max_wounds - left,
        health["criticals"],
        target.max_wounds,
        sheet.toughness if sheet else 0,
        wounds,
        criticals,
    )
    target.wounds = max(target.max_wounds - after.wounds, 0)
    context.touch(target)
    health.update(criticals=after.criticals, knocked_out=after.knocked_out, dead=after.dead)
    states, name = [], context.named(target)
    if after.dead and not was["dead"]:
        states.append(f"{name} is dead")
    elif after.knocked_out and not was["knocked_out"]:
        states.append(f"{name} is knocked out")
    if after.criticals > was["criticals"] + criticals:
        states.append(f"a wound past the threshold turns critical ({counted(after.criticals, 'critical wound')} now)")
    if ill_fortune and (wounds or criticals):
        states += ill_fortuned(context, target)
    return wounds, criticals, states


def ill_fortuned(context, target):
    """Seed 003 "Condition Cards" › Ill-Fortuned: a stress each time wounds are suffered (an enemy's stress being a
    wound, seed 003 "Enemies"). Returns the log's words."""
    stress = wfrp3e.wounded_stress(conditions.held(context.encounter.state, target))
    if not stress:
        return []
    wounded = strain(context, target, wfrp3e.STRESS, stress, ill_fortune=False)
    return [f"{context.named(target)} is Ill-Fortuned: {'; '.join([f'{stress} stress', *wounded])}"]


def recover(context, combatant):
    """After wounds are healed: one with wounds left again is no longer knocked out (the dead stay dead). Returns
    the log's words."""
    health = context.encounter.state.health.get(str(combatant.pk))
    if not health or not health["knocked_out"] or health["dead"] or not combatant.wounds:
        return []
    health["knocked_out"] = False
    return [f"{combatant.name} comes round"]


def no_turn(state, combatant):
    """Why the combatant takes no turn: "dead", "knocked out", or "" (seed 003 "Impairments & Wounds")."""
    health = state.health.get(str(combatant.pk), {})
    return "dead" if health.get("dead") else "knocked out" if health.get("knocked_out") else ""


def strain(context, combatant, key, amount, ill_fortune=True):
    """Fatigue or stress suffered (`key`, `amount` > 0) or recovered (< 0): on a hero's sheet; an enemy takes what
    it suffers as wounds and recovers nothing (seed 003 "Enemies"). Returns the log's words for an enemy's wounds.
    ill_fortune: as for `suffer`."""
    if not combatant.is_npc:
        add_to(context, combatant, key, amount)
        return []
    if amount <= 0:
        return []
    _, _, states = suffer(context, combatant, wfrp3e.enemy_wounds(**{key: amount}), ill_fortune=ill_fortune)
    return [f"{context.named(combatant)} takes {counted(amount, 'wound')} for the {key}", *states]


def feel_strain(context, combatant, outcome, characteristic):
    """A check's universal effect on its roller (seed 003 "Universal Dice Roll Effect"): two banes cost, two boons
    give back, a fatigue or a stress by the check's characteristic. Returns the log's words; none for a check opened
    before its prompt kept its characteristic."""
    if not characteristic:
        return []
    effect = wfrp3e.universal_effect(outcome, characteristic)
    change = effect.suffered - effect.recovered
    if combatant.is_npc or not change:
        return strain(context, combatant, effect.strain, change) if change else []
    before = counter(combatant, effect.strain)
    change = add_to(context, combatant, effect.strain, change) - before  # none to recover at 0
    if not change:
        return []
    verb, why = ("suffers", "two banes") if change > 0 else ("recovers", "two boons")
    return [f"{combatant.name} {verb} {abs(change)} {effect.strain} ({why})"]
