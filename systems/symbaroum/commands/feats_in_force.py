"""What the feats leave in force (seed 001 "Alternate Rules" › "Feats"), kept in the encounter's `feats` (state.py),
and what the attack asks of it: a Clean Hit's damage, Resilience's armour, a Steely Gaze that holds an enemy back.
A feat lasts the turn or the scene; in Symbaroum a turn is the round in which everyone acts once, so a turn's feats
lapse when the round ends (`lapse`). `use_feat` (feat_effects) is the one command that puts them in force.

A Perfect Defence may be readied before the blow (`ready`): the next hit on the hero that round is then parried as
the attack's test comes in (`readied_parry`), since a hero without armour takes an NPC's fixed damage at once."""

from dataclasses import dataclass

from combat.commands.spine import CommandError
from rules.engine import symbaroum

TURN, SCENE, AT_ONCE = "turn", "scene", ""


@dataclass(frozen=True)
class Feat:
    label: str
    lasts: str  # TURN, SCENE, or AT_ONCE when nothing stays in force
    tag: str = ""  # shown on the GM's row and the phone while in force
    lapses: str = ""  # the log's note when the round ends it, "{name}" the combatant's
    ready_tag: str = ""  # the tag instead, while readied and waiting for the hit it answers
    ready_lapses: str = ""  # the note when the round ends it still readied


# Quick Strike changes the initiative order: the initiative's own commands handle it.
FEATS = {
    "clean_hit": Feat("Clean Hit", TURN, "Clean Hit ready", "{name}'s Clean Hit lapses unused"),
    "fearless": Feat("Fearless", SCENE, "Fearless"),
    "ignore_corruption": Feat(
        "Ignore Corruption", TURN, "Ignoring corruption", "{name}'s corruption counts again from this turn on"
    ),
    "perfect_defence": Feat(
        "Perfect Defence",
        TURN,
        "Perfect Defence used",
        ready_tag="Perfect Defence ready",
        ready_lapses="{name}'s readied Perfect Defence lapses unused",
    ),
    "resilience": Feat("Resilience", TURN, f"Armour +1d{symbaroum.RESILIENCE_ARMOUR_DIE}", "{name}'s Resilience ends"),
    "steely_gaze": Feat("Steely Gaze", SCENE, "Steely Gaze"),
    "whirlwind_attack": Feat("Whirlwind Attack", AT_ONCE),
    "prepared": Feat("Prepared", SCENE, f"Prepared +{symbaroum.PREPARED_BONUS}"),
}
FOR_HOW_LONG = {TURN: "this turn", SCENE: "this scene"}


def in_force(state, feat, combatant, enemy=None):
    """The entry of `feat` in force for `combatant` (against `enemy`, for a Steely Gaze), or None."""
    return next(
        (
            entry
            for entry in state.feats
            if (entry["feat"], entry["combatant"], entry.get("enemy")) == (feat, combatant.pk, enemy and enemy.pk)
        ),
        None,
    )


def put_in_force(state, feat, combatant, enemy=None, ready=False):
    """`ready`: the feat waits for what it answers (a readied Perfect Defence, for the next hit)."""
    entry = {"feat": feat, "combatant": combatant.pk, "enemy": enemy and enemy.pk, "ready": ready}
    state.feats = [*state.feats, entry]


def tags(state, combatant_pk, names):
    """What is in force for a combatant, as the screens show it; `names` {pk: name} of whom the viewer may see."""
    shown = []
    for entry in state.feats:
        if entry["combatant"] != combatant_pk:
            continue
        feat = FEATS[entry["feat"]]
        tag = feat.ready_tag if entry.get("ready") else feat.tag
        if entry.get("enemy"):
            tag += f": {names.get(entry['enemy'], 'someone')}"
        shown.append(tag)
    return shown


def lapse(context):
    """The round ends: the turn's feats end with it. Returns the log's notes."""
    state = context.encounter.state
    names = {c.pk: context.named(c) for c in context.combatants}
    ending = [entry for entry in state.feats if FEATS[entry["feat"]].lasts == TURN]
    state.feats = [entry for entry in state.feats if entry not in ending]
    notes = []
    for entry in ending:
        feat = FEATS[entry["feat"]]
        note = feat.ready_lapses if entry.get("ready") else feat.lapses
        if note:
            notes.append(note.format(name=names.get(entry["combatant"], "Someone")))
    return notes


def clean_hit_damage(context, attacker, damage_dice, free):
    """The damage of `attacker`'s hit when a Clean Hit waits for it (and is used up by it), else None. A `free`
    attack leaves it waiting: the feat goes with the hero's own attack on their turn (feat_effects.clean_hit)."""
    state = context.encounter.state
    entry = in_force(state, "clean_hit", attacker)
    if entry is None or free:
        return None
    state.feats = [e for e in state.feats if e is not entry]
    return symbaroum.clean_hit_damage(damage_dice)


def perfect_defence_state(state, combatant_pk):
    """ "ready", "used" (this round) or "" for the combatant's Perfect Defence: what the defence prompt offers."""
    entry = next((e for e in state.feats if (e["feat"], e["combatant"]) == ("perfect_defence", combatant_pk)), None)
    if entry is None:
        return ""
    return "ready" if entry.get("ready") else "used"


def readied_parry(context, target):
    """A hit has just landed on `target`: their readied Perfect Defence parries it (and is used up for the round).
    Returns the log's note, "" when none is readied."""
    state = context.encounter.state
    entry = in_force(state, "perfect_defence", target)
    if entry is None or not entry.get("ready"):
        return ""
    state.feats = [{**e, "ready": False} if e is entry else e for e in state.feats]
    return f"{context.named(target)}'s readied Perfect Defence parries it"


def armour_dice(context, target, dice):
    """The target's armour roll, a d4 more while their Resilience lasts."""
    return symbaroum.resilient_armour(dice) if in_force(context.encounter.state, "resilience", target) else dice


def refuse_gazed_attack(context, attacker, target):
    """CommandError when the target's Steely Gaze holds the attacker back this scene."""
    if in_force(context.encounter.state, "steely_gaze", target, attacker):
        raise CommandError(
            f"{context.named(attacker)} will not attack {context.named(target)} this scene: "
            f"{context.named(target)}'s Steely Gaze holds them back. Pick another target."
        )
