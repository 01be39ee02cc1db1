"""Using a feat (seed 001 "Alternate Rules" › "Feats"): `use_feat` pays for it (feats.pay) and applies its effect
or puts it in force (feats_in_force). The GM runs it for anyone, a player for their own character from the phone."""

from django import forms

from combat.commands.fields import OneOfField
from combat.commands.prompts import close
from combat.commands.spine import CombatantField, CombatantListField, CommandError
from rules.engine import symbaroum
from systems.symbaroum import toggles
from systems.symbaroum.commands import command, turn
from systems.symbaroum.commands.attack import AttackArgs, attack, weapon_of
from systems.symbaroum.commands.feats import PAY_WITH, pay
from systems.symbaroum.commands.feats_in_force import AT_ONCE, FEATS, FOR_HOW_LONG, in_force, put_in_force
from systems.symbaroum.commands.harm import sheet_of
from systems.symbaroum.commands.sides import refuse_allies
from systems.symbaroum.commands.turn import ActingArgs

__all__ = ["use_feat"]

# The prompts of an attack that has hit and waits for its damage or armour roll.
HIT_WAITING = ("damage", "armour")


class FeatArgs(ActingArgs):
    feat = OneOfField(choices=[(key, feat.label) for key, feat in FEATS.items()])
    pay_with = OneOfField(choices=PAY_WITH)
    enemy = CombatantField(required=False, help_text="Steely Gaze: the enemy who will not attack them.")
    targets = CombatantListField(help_text="Whirlwind Attack: each enemy engaged in melee with them.")

    def clean(self):
        cleaned = super().clean()
        feat = cleaned.get("feat")
        if cleaned.get("enemy") is not None and feat != "steely_gaze":
            raise forms.ValidationError("Only a Steely Gaze names an enemy: leave it empty.")
        if cleaned.get("targets") and feat != "whirlwind_attack":
            raise forms.ValidationError("Only a Whirlwind Attack names targets: leave them empty.")
        return cleaned


@command(FeatArgs, gm_only=False, requires=[toggles.FEATS], rule="Feats")
def use_feat(context, combatant, feat, pay_with, enemy, targets):
    """Pay 1 Experience or 1 permanent Corruption for a feat and make it happen."""
    chosen = FEATS[feat]
    state = context.encounter.state
    if chosen.lasts != AT_ONCE and in_force(state, feat, combatant, enemy):
        raise CommandError(f"{context.named(combatant)} has already used {chosen.label} {FOR_HOW_LONG[chosen.lasts]}.")
    said, result = EFFECTS[feat](context, combatant, enemy, targets)
    if chosen.lasts != AT_ONCE:
        put_in_force(state, feat, combatant, enemy, ready=result.get("ready", False))
    paid = pay(context, combatant, pay_with, chosen.label)
    return f"{paid}: {said}.", {"feat": feat, "combatant": combatant.pk, "paid_with": pay_with, **result}


def clean_hit(context, hero, enemy, targets):
    """Seed 001 "Alternate Rules" › "Feats" › "Clean Hit": the feat is the hero's own normal attack, made with the
    most damage. So it is bought on the hero's turn while their Combat Action (the attack) is still free, and only
    an attack of that turn uses it, never a free attack out of turn (feats_in_force.clean_hit_damage)."""
    encounter, name = context.encounter, context.named(hero)
    if encounter.active_id != hero.pk:
        raise CommandError(f"A Clean Hit goes with {name}'s own attack: use it on their turn, before attacking.")
    why = context.turn_budget(hero).refusal("combat")
    if why:
        raise CommandError(f"{name} has no attack left for a Clean Hit: {why}.")
    return f"{name}'s next hit this turn deals the most its damage dice can show", {}


def fearless(context, hero, enemy, targets):
    return f"horror (Terrify and the like) has no hold on {context.named(hero)} this scene", {}


def ignore_corruption(context, hero, enemy, targets):
    name = context.named(hero)
    return (
        f"{name} tests as if free of corruption for the rest of this turn; the corruption still counts from next "
        f"turn on, and any gained now is gained as usual",
        {},
    )


def perfect_defence(context, hero, enemy, targets):
    """Seed 001 "Feats" › "Perfect Defence": the hit waiting for its damage or armour roll misses instead; with
    none waiting, the feat is readied and parries the next hit on the hero this round (feats_in_force)."""
    state = context.encounter.state
    waiting = [p for p in state.prompts if p["kind"] in HIT_WAITING and p.get("attack", {}).get("target") == hero.pk]
    if not waiting:
        return f"{context.named(hero)} readies a Perfect Defence: the next hit on them this round is parried", {
            "ready": True
        }
    for prompt in waiting:
        close(context, prompt)
    attackers = {p["attack"]["attacker"] for p in waiting}
    names = ", ".join(context.named(c) for c in context.ordered() if c.pk in attackers)
    return f"{context.named(hero)} parries or dodges: the hit by {names} misses", {
        "closed": [p["id"] for p in waiting],
        "hit": False,
    }


def resilience(context, hero, enemy, targets):
    return f"{context.named(hero)}'s armour rolls a d4 more for the rest of this turn", {}


def steely_gaze(context, hero, enemy, targets):
    if enemy is None:
        raise CommandError("Name the enemy that the Steely Gaze holds back.")
    if enemy.pk == hero.pk:
        raise CommandError(f"{context.named(hero)} cannot hold themself back with a Steely Gaze.")
    refuse_allies(context, hero, [enemy])
    return f"{context.named(enemy)} will not attack {context.named(hero)} this scene", {"enemy": enemy.pk}


def whirlwind_attack(context, hero, enemy, targets):
    """Seed 001 "Feats" › "Whirlwind Attack": one Combat Action, one melee attack on each engaged enemy."""
    if not targets:
        raise CommandError("Name each enemy engaged in melee for the Whirlwind Attack.")
    if len({t.pk for t in targets}) < len(targets):
        raise CommandError("Name each enemy once: a Whirlwind Attack strikes each of them once.")
    if hero in targets:
        raise CommandError(f"{context.named(hero)} cannot strike themself in a Whirlwind Attack.")
    refuse_allies(context, hero, targets)
    sheet = sheet_of(context, hero)
    if sheet is None:
        raise CommandError(f"{context.named(hero)} has no character sheet to attack with.")
    weapon, _, ranged = weapon_of(sheet, None)
    if ranged:
        raise CommandError(f"A Whirlwind Attack is made in melee, and {context.named(hero)}'s {weapon} shoots.")
    turn.spend(context, hero, "combat")
    blank = {**dict.fromkeys(AttackArgs.base_fields), "advantage": False, "attacker": hero}
    said, prompts = [], []
    for target in targets:
        message, result = attack.apply(context, **{**blank, "target": target}, in_whirlwind=True)
        said.append(message)
        prompts += [result["prompt"]] if "prompt" in result else []
    return f"{context.named(hero)} whirls round: {'; '.join(said)}", {"prompts": prompts}


def prepared(context, hero, enemy, targets):
    bonus = symbaroum.PREPARED_BONUS
    return f"{context.named(hero)} has just the thing: +{bonus} on related non-combat tests for the scene", {}


EFFECTS = {
    "clean_hit": clean_hit,
    "fearless": fearless,
    "ignore_corruption": ignore_corruption,
    "perfect_defence": perfect_defence,
    "resilience": resilience,
    "steely_gaze": steely_gaze,
    "whirlwind_attack": whirlwind_attack,
    "prepared": prepared,
}
