"""Symbaroum's tests are rolled by the players, never for an NPC (seed 001 "Actions in Combat": the attack is
[Accurate←Defence], the defence [Defence←Accurate]). A test a player must roll opens a prompt on their phone with its
target and its exact chance of success, second chances included; `roll_test` takes the typed or tapped d20 (two
with a second chance), or the dice total of a damage or armour roll, and hands it to whoever asked for it."""

from combat.commands.fields import DieField, WholeNumberField
from combat.commands.prompts import PromptArgs, close, open_prompt
from combat.commands.spine import CommandError
from rules.engine import symbaroum, symbaroum_afflictions
from systems.symbaroum import toggles
from systems.symbaroum.commands import command
from systems.symbaroum.commands.haste import took_the_initiative

__all__ = ["roll_test", "dismiss_test"]

# kind -> (context, entry, rolled) -> (message, result): each module that asks for a roll answers its own kinds.
ANSWERS = {}
SECOND_CHANCE_WORDS = {"pass": "second chance to pass", "fail": "second chance to fail"}


def answers(*kinds):
    def register(handler):
        for kind in kinds:
            ANSWERS[kind] = handler
        return handler

    return register


def rolls_dice(combatant):
    """A player character's player rolls; NPCs and monsters never do (their values are fixed)."""
    return bool(combatant.character_id) and not combatant.character.is_npc


def public_name(combatant):
    """A combatant's name in a prompt, which the player's phone shows: never the name of a hidden one."""
    return "an unseen foe" if combatant.hidden else combatant.name


def hampered(context, combatant):
    """Whether the combatant's tests carry a second chance to fail: critically damaged (seed 001 "Modifications
    for Critical Damage", when the table plays it), fighting blind (seed 001 "Blind Fighting"), hasty after
    taking the initiative this round (seed 001 "Manoeuvres" › "Take the Initiative") or cursed (seed 001
    "Clarifications" › "Curse (Mystical Power)")."""
    counts = context.condition_counts(combatant)
    critical = counts.get("Critically Damaged") and context.encounter.plays(toggles.CRITICAL_DAMAGE)
    cursed = symbaroum_afflictions.cursed_second_chance_to_fail(counts.get("Cursed"))
    return bool(critical or cursed or counts.get("Blinded") or took_the_initiative(context.encounter, combatant))


def hurt_arm(context, combatant):
    """Seed 001 / 004 "Hit Locations": an arm struck at the Pain Threshold gives a second chance to fail every roll
    that needs it for the rest of the scene. The tracker does not know which hand holds what, so it hampers each
    test made with the hands: the bearer's attacks and holds; under Main Hand (seed 004), only when the arm hurt
    is the main hand's (commands/positions.py)."""
    from systems.symbaroum.commands.positions import hampers_attacks  # positions reads melee, which reads this

    hurt = bool(context.condition_counts(combatant).get("Hurt Arm"))
    by_hand = hampers_attacks(context, combatant) if hurt else None
    return hurt if by_hand is None else by_hand


def second_chance(context, roller, opponent=None, to_pass=False, to_fail=False, arms_of=None):
    """ "pass", "fail" or None for a roll by `roller` against `opponent`: the handicaps of both sides, then the
    manoeuvres' own second chances; opposite ones cancel (rules.engine.symbaroum.net_second_chance). `arms_of`:
    the side whose hands the test uses (an attacker, a holder), hampered by a hurt arm whoever rolls."""
    mine, theirs = symbaroum.roller_second_chances(
        hampered(context, roller), opponent is not None and hampered(context, opponent)
    )
    if arms_of is not None and hurt_arm(context, arms_of):
        mine, theirs = (mine, True) if arms_of.pk == roller.pk else (True, theirs)
    return symbaroum.net_second_chance(mine or to_pass, theirs or to_fail)


def chance_of(target, second):
    return symbaroum.percent(symbaroum.chance(target, second == "pass", second == "fail"))


def ask(context, combatant, kind, reason, target=None, second=None, dice=None, **extra):
    """Open a test for `combatant`'s player: a d20 against `target` (with `second` chance), or a `dice` sum. One test
    of a kind is open per combatant (per attack, for the rolls of an attack): asked again, it replaces the old one."""
    attack = extra.get("attack")
    same = f"{kind}:{attack['attacker']}>{attack['target']}" if attack else kind
    entry = open_prompt(context.encounter.state, combatant, "roll_test", same, kind=kind, reason=reason, **extra)
    entry.update(target=target, second=second, dice=dice)
    if target is not None:
        entry["chance"] = chance_of(target, second)
        entry["second_label"] = SECOND_CHANCE_WORDS.get(second, "")
    return entry


def kept_d20(context, second, d20=None, second_d20=None):
    """(the d20 that counts, [every d20 rolled]): typed ones as given, or all of them rolled. With a second chance
    the player rolls two: one typed alone is refused rather than matched with a die the player never rolled."""
    if second is None:
        if second_d20:
            raise CommandError("This test has no second chance: roll one d20.")
        first = d20 or context.dice.d(20)
        return first, [first]
    if bool(d20) != bool(second_d20):
        raise CommandError(
            f"This test has a {SECOND_CHANCE_WORDS[second]}: give both d20s the player rolled, or neither to have "
            "them rolled."
        )
    first, other = d20 or context.dice.d(20), second_d20 or context.dice.d(20)
    return symbaroum.kept_roll(first, other, second == "pass", second == "fail"), [first, other]


def dice_total(context, dice, total=None):
    """A dice sum's total: the typed one, checked against what the dice can show, else rolled."""
    if total is None:
        return symbaroum.roll_value(dice, context.dice.d)
    low, high = symbaroum.dice_range(dice)
    if not low <= total <= high:
        raise CommandError(f"{dice} shows {low} to {high}, not {total}.")
    return total


def passed_words(target, kept, rolled):
    shown = "/".join(str(r) for r in rolled)
    kept_note = f", keeps {kept}" if len(rolled) > 1 else ""
    return f"d20 {shown}{kept_note} vs {target}"


class RollArgs(PromptArgs):
    d20 = DieField(20, help_text="The d20 rolled; rolled for you when empty.")
    second_d20 = DieField(20, help_text="The second d20 of a second chance.")
    total = WholeNumberField(required=False, min_value=0, max_value=200, help_text="A damage or armour roll's total.")
    location = DieField(10, help_text="The d10 for where a hit lands.")
    d4 = DieField(4, help_text="A d4 the test may need besides its d20 (waking from a death test); rolled when empty.")


@command(RollArgs, gm_only=False)
def roll_test(context, prompt, d20, second_d20, total, location, d4):
    """Answer an open test with its roll: the player's own (typed) or the tracker's (left empty)."""
    entry = prompt
    if entry["dice"] is None and (total is not None or location):
        raise CommandError("This test takes a d20, not a dice total.")
    if entry["dice"] is not None and (d20 or second_d20):
        raise CommandError(f"This roll takes the total of {entry['dice']}, not a d20.")
    if d4 and not entry.get("d4"):
        raise CommandError("This test takes no d4.")
    close(context, entry)
    rolled = {"total": total, "location": location, "d4": d4}
    if entry["dice"] is None:
        rolled["kept"], rolled["d20s"] = kept_d20(context, entry["second"], d20, second_d20)
    else:
        rolled["total"] = dice_total(context, entry["dice"], total)
    return ANSWERS[entry["kind"]](context, entry, rolled)


@command(PromptArgs)
def dismiss_test(context, prompt):
    close(context, prompt)
    return f"{prompt['name']}'s roll ({prompt['reason']}) dismissed.", {"prompt": prompt["id"]}
