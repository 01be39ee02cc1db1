"""The enemies' Aggression, Cunning and Expertise dice (seed 003 "Enemies" › Aggression, Cunning, Expertise).

An enemy's rating in each is a trait on its sheet ("Aggression 2"). `spend_enemy_die` spends one for a use the
pool buys: a fortune or expertise die waits on the enemy's own next check, a misfortune die on the foe's it is forced
on (pools.take_waiting_dice puts them in those pools); an extra manoeuvre or a stance step for now is the log's
line. The rally refreshes them all (seed 003 "Rally Phase of Encounter/Act" step 7; rally.py calls `refresh`)."""

from combat.commands.fields import OneOfField
from combat.commands.spine import CombatantArgs, CombatantField, CommandError
from combat.words import and_list
from rules.engine import wfrp3e_order
from systems.wfrp3e.commands import command, health, turn
from systems.wfrp3e.commands.pools import on_phones

__all__ = ["spend_enemy_die"]

RULE = "Enemies"


def rating(context, combatant, pool):
    sheet = context.sheet_of(combatant)
    return sheet.character.trait_rating(pool) if sheet is not None else 0


def spent_of(state, combatant):
    return state.enemy_dice_spent.get(str(combatant.pk), {})


def dice_of(state, combatant, character):
    """[(pool, dice left, rating)] of an enemy whose sheet rates it in any of the three pools."""
    if character is None or not combatant.is_npc:
        return []
    spent = spent_of(state, combatant)
    rated = [(pool, character.trait_rating(pool)) for pool in wfrp3e_order.ENEMY_DICE]
    return [(pool, wfrp3e_order.enemy_dice_left(n, spent.get(pool, 0)), n) for pool, n in rated if n]


class EnemyDieArgs(CombatantArgs):
    pool = OneOfField(choices=[(pool, pool) for pool in wfrp3e_order.ENEMY_DICE], help_text="Which dice it spends.")
    use = OneOfField(
        choices=list(wfrp3e_order.USE_WORDS.items()), help_text="What the die buys; the pool says which it may."
    )
    foe = CombatantField(required=False, help_text="A misfortune die forced: whose next check takes it.")


@command(EnemyDieArgs, rule=RULE)
def spend_enemy_die(context, combatant, pool, use, foe):
    """Spend one of an enemy's Aggression, Cunning or Expertise dice (seed 003 "Enemies"): its dice left count
    down until the rally refreshes them."""
    name, state = context.named(combatant), context.encounter.state
    if not combatant.is_npc:
        raise CommandError(f"{name} is not an enemy: only they have Aggression, Cunning and Expertise dice.")
    if out := health.no_turn(state, combatant):
        raise CommandError(f"{name} is {out}: it spends nothing.")
    spent = dict(spent_of(state, combatant))
    rated = rating(context, combatant, pool)
    why = wfrp3e_order.enemy_die_refusal(pool, use, rated, spent.get(pool, 0))
    if why:
        raise CommandError(f"{name}: {why}.")
    words = wfrp3e_order.USE_WORDS[use]
    if use == wfrp3e_order.MISFORTUNE:
        if foe is None or foe.pk == combatant.pk or foe.side == combatant.side:
            raise CommandError(f"Name the foe whose next check takes {name}'s misfortune die.")
        wait(state, foe, wfrp3e_order.USE_DICE[use], f"{on_phones(combatant)}'s {pool}")
        words = f"a misfortune die forced on {context.named(foe)}'s next check"
    elif use in wfrp3e_order.USE_DICE:
        wait(state, combatant, wfrp3e_order.USE_DICE[use], pool)
    elif use == wfrp3e_order.MANOEUVRE:
        turn.own_turn(context, combatant, "takes an extra manoeuvre")
    spent[pool] = spent.get(pool, 0) + 1
    state.enemy_dice_spent[str(combatant.pk)] = spent
    left = wfrp3e_order.enemy_dice_left(rated, spent[pool])
    return f"{name} spends {wfrp3e_order.a_die(pool)}: {words} ({left} of {rated} left).", {
        "pool": pool,
        "use": use,
        "left": left,
    }


def wait(state, combatant, kind, why):
    state.waiting_dice.setdefault(str(combatant.pk), []).append([kind, 1, why])


def refresh(context):
    """Seed 003 "Rally Phase of Encounter/Act" step 7: every enemy's dice come back. The log's sentences."""
    state = context.encounter.state
    spenders = [c for c in context.ordered() if any(spent_of(state, c).values())]
    state.enemy_dice_spent = wfrp3e_order.refreshed()
    if not spenders:
        return []
    names = [c.name for c in spenders if not c.hidden]
    whose = f"{and_list(names)}'s" if len(names) == len(spenders) else "The enemies'"
    return [f"{whose} Aggression, Cunning and Expertise dice are refreshed."]
