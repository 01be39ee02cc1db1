"""Group Advantage pools for WFRP 4e (seed 002 "Group Advantage" and "Benefits of Advantage").

The pools live in the encounter's state (systems/wfrp4e/state.py), so that undo restores them with the rest.
"""

from django import forms

from combat.commands.fields import OneOfField, TextField, WholeNumberField, YesNoField
from combat.commands.spine import Args, CommandError
from combat.models import Combatant, Encounter
from combat.prepared import Read
from rules.engine import wfrp4e
from systems.wfrp4e import toggles
from systems.wfrp4e.commands import KEY, command
from systems.wfrp4e.models import AdvantageSpend

__all__ = ["gain_advantage", "spend_advantage", "resolve_round_advantage"]

ADDITIONAL_ACTION = "additional_action"  # the once-per-turn spend that gives the turn a second Action
ADDITIONAL_EFFORT = "additional_effort"  # the spend that adds to a side's next Test
POOL_SIDES = [("ally", "Allies"), ("adversary", "Adversaries")]
SIDE_LABEL = dict(POOL_SIDES)


def pools(encounter):
    return {"ally": encounter.state.ally, "adversary": encounter.state.adversary}


def uses_group_advantage(encounter):
    """WFRP 4e as written; the Momentum house rule replaces it."""
    return encounter.system == KEY and not encounter.plays(toggles.MOMENTUM)


def pool_of(combatant_side):
    """Seed 002: allied NPCs feed the Ally pool; hostile and neutral NPCs the Adversary pool."""
    return "ally" if combatant_side == Combatant.Side.ALLY else "adversary"


def turn_key(encounter):
    return f"{encounter.round}:{encounter.active_id}"


def has_additional_action(encounter):
    """Seed 002 "Additional Action": was it bought with Advantage on this turn?"""
    return encounter.state.spends_this_turn.get(ADDITIONAL_ACTION) == turn_key(encounter)


def pending_effort(encounter, side):
    """Seed 002 "Additional Effort": the bonus `side` bought on this turn for its next Test, 0 when none waits."""
    bought = encounter.state.additional_effort.get(side)
    return bought["bonus"] if bought and bought["turn"] == turn_key(encounter) else 0


def use_effort(encounter, side):
    encounter.state.additional_effort.pop(side, None)


def take_effort(encounter, combatant):
    """Seed 002 "Additional Effort" is bought for a Test, whichever comes next: for the commands that make
    `combatant`'s Test and change the state at once (Batter, Trick, an opposed Test, a spell, a reload, an Assess),
    the bonus their side bought on this turn, used up by it (0 when none waits). The attack previews first, so it
    reads pending_effort and uses it when applied."""
    side = pool_of(combatant.side)
    bonus = pending_effort(encounter, side)
    if bonus:
        use_effort(encounter, side)
    return bonus


def standing_counts(combatants, conditions):
    """Combatants still in the fight per pool: those not Unconscious."""
    out = {c.combatant_id for c in conditions if c.name == "Unconscious"}
    counts = {"ally": 0, "adversary": 0}
    for combatant in combatants:
        if combatant.pk not in out:
            counts[pool_of(combatant.side)] += 1
    return counts


def proposal(encounter, combatants, conditions):
    """The end-of-round suggestion shown to the GM: (counts, dominant side or None)."""
    counts = standing_counts(combatants, conditions)
    return counts, wfrp4e.dominant_side(counts["ally"], counts["adversary"])


def round_ended(encounter, ended_round):
    """End of round (seed 002 "Group Advantage"): the GM settles which side dominates before it moves."""
    if uses_group_advantage(encounter):
        encounter.state.round_end_pending = ended_round


def outmanoeuvre_open(encounter):
    """Seed 002 "Outmanoeuvre": at most 1 Advantage per action. True if this action has not had it yet."""
    return encounter.state.outmanoeuvre_action != outmanoeuvre_action(encounter)


def claim_outmanoeuvre(encounter):
    """Take this action's Outmanoeuvre Advantage; False when it was already taken."""
    if not outmanoeuvre_open(encounter):
        return False
    encounter.state.outmanoeuvre_action = outmanoeuvre_action(encounter)
    return True


def outmanoeuvre_action(encounter):
    return f"{turn_key(encounter)}:{has_additional_action(encounter)}"


def add_to_pool(encounter, side, amount):
    setattr(encounter.state, side, pools(encounter)[side] + amount)


class PoolArgs(Args):
    side = OneOfField(choices=POOL_SIDES)


class GainArgs(PoolArgs):
    reason = OneOfField(choices=[(key, text) for key, text in wfrp4e.ADVANTAGE_GAINS.items()])
    sl = WholeNumberField(required=False, min_value=-20, max_value=20, help_text="SL of the Assess test.")
    failed = YesNoField(help_text="The Assess test failed (its SL may be 0).")
    nemesis = YesNoField(help_text="Victory over a party nemesis.")


@command(GainArgs, refuses=[toggles.MOMENTUM], rule="Group Advantage")
def gain_advantage(context, side, reason, sl, failed, nemesis):
    encounter = context.encounter
    if reason == "outmanoeuvre" and not claim_outmanoeuvre(encounter):
        raise CommandError("Outmanoeuvre gives at most 1 Advantage per action.")
    gained = wfrp4e.advantage_gain(reason, sl=sl, nemesis=nemesis, failed=failed)
    if not gained:
        raise CommandError("A failed Assess test gains no Advantage: only a success does.")
    add_to_pool(encounter, side, gained)
    label = wfrp4e.ADVANTAGE_GAINS[reason].split(":")[0]
    return f"{SIDE_LABEL[side]} gain {gained} Advantage ({label}); pool {pools(encounter)[side]}.", {
        "side": side,
        "gained": gained,
        "pool": pools(encounter)[side],
    }


# The Advantage spends of a system, as the admin keeps them (seed 002 by default).
SPENDS = Read(AdvantageSpend, "{system} = %s")


def spend_choices(encounter):
    return SPENDS(encounter.system)


class SpendArgs(PoolArgs):
    spend = TextField(max_length=40)
    amount = WholeNumberField(required=False, min_value=1, max_value=100, help_text="For variable costs.")

    def clean_spend(self):
        key = self.cleaned_data["spend"]
        choices = spend_choices(self.context.encounter)
        row = next((spend for spend in choices if key.strip().casefold() in (spend.key, spend.name.casefold())), None)
        if row is None:
            known = ", ".join(spend.name for spend in choices)
            raise forms.ValidationError(f"'{key}' is not a way to spend Advantage. Known: {known}.")
        return row

    def clean(self):
        data = super().clean()
        if "spend" in data:
            row = data["spend"]
            try:
                data["cost"] = wfrp4e.advantage_spend_cost(row.key, data.get("amount"), {row.key: row.as_row()})
            except ValueError as exc:
                raise forms.ValidationError(str(exc)) from None
        return data


@command(SpendArgs, refuses=[toggles.MOMENTUM], rule="Group Advantage")
def spend_advantage(context, side, spend, amount, cost):
    encounter = context.encounter
    if spend.key in wfrp4e.ADVANTAGE_TESTS:
        raise CommandError(f"{spend.name} is an Opposed Test: test it with Batter / Trick, naming the opponent.")
    available = pools(encounter)[side]
    if spend.key == ADDITIONAL_EFFORT and pending_effort(encounter, side):
        raise CommandError(f"{SIDE_LABEL[side]} already bought Additional Effort for their next Test: make it first.")
    if cost > available:
        raise CommandError(f"{SIDE_LABEL[side]} have {available} Advantage; that costs {cost}.")
    if spend.once_per_turn:
        if encounter.status != Encounter.Status.ACTIVE:
            raise CommandError(f"{spend.name} is spent on someone's turn.")
        if encounter.state.spends_this_turn.get(spend.key) == turn_key(encounter):
            raise CommandError(f"Advantage buys {spend.name} only once per turn.")
        encounter.state.spends_this_turn[spend.key] = turn_key(encounter)
    setattr(encounter.state, side, available - cost)
    effect = spend.name
    if spend.key == ADDITIONAL_EFFORT:
        bonus = wfrp4e.additional_effort_bonus(cost)
        encounter.state.additional_effort[side] = {"turn": turn_key(encounter), "bonus": bonus}
        effect += f" (+{bonus}% to their next Test, which earns no Advantage)"
    return f"{SIDE_LABEL[side]} spend {cost} Advantage: {effect}; pool {pools(encounter)[side]}.", {
        "side": side,
        "spent": cost,
        "pool": pools(encounter)[side],
    }


class ResolveRoundArgs(Args):
    dominant = OneOfField(choices=[*POOL_SIDES, ("none", "Neither")])


@command(ResolveRoundArgs, refuses=[toggles.MOMENTUM], rule="Group Advantage")
def resolve_round_advantage(context, dominant):
    """The GM confirms (or changes) the end-of-round proposal; 1 Advantage moves to the dominant pool."""
    encounter = context.encounter
    ended_round = encounter.state.round_end_pending
    if ended_round is None:
        raise CommandError("No round has ended that waits for its Advantage.")
    current = pools(encounter)
    ally, adversary = wfrp4e.group_advantage_end_of_round(
        current["ally"], current["adversary"], None if dominant == "none" else dominant
    )
    encounter.state.ally, encounter.state.adversary = ally, adversary
    encounter.state.round_end_pending = None
    outcome = "no side dominates" if dominant == "none" else f"{SIDE_LABEL[dominant]} dominate"
    return f"End of round {ended_round}: {outcome}; Allies {ally}, Adversaries {adversary}.", {
        "ally": ally,
        "adversary": adversary,
    }
