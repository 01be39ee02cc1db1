"""Who rolls what for a declared action, and the exact chance each roller sees before rolling (declared.py).

The chances come from the engine (rules.engine.wfrp4e `opposed_chance`, `test_chance`, `expected_wounds`;
rules.engine.wfrp4e_house `hit_chance`, `expected_wounds`) fed with the targets and bonuses the command itself would
use: the attack is worked out once with stand-in dice (attack.resolve changes nothing), and its figures read off.
A player sees only what their character may know: never a hidden combatant's name or figures, and only their own
target when the GM hides an NPC's skill from the odds (`odds_hidden`).
"""

from dataclasses import dataclass, field, replace

from combat.commands.spine import CommandError
from combat.permissions import GM
from rules.engine import wfrp4e, wfrp4e_house
from rules.engine.probability import percent
from systems.wfrp4e.commands import advantage_tests, attack_odds, d20_attack, engaged, group_advantage, house_tests
from systems.wfrp4e.commands.assess import assess_target
from systems.wfrp4e.commands.attack_outcome import AttackRequest
from systems.wfrp4e.commands.conditions import condition_modifier
from systems.wfrp4e.commands.house_tests import skill_of
from systems.wfrp4e.sheet import usual_defence

UNSEEN = "Someone unseen"
DEFENCE_LABELS = {"melee": "Melee", "dodge": "Dodge", "shield": "Shield", "spell": "Spell (Willpower)",
                  "defenceless": "Defenceless"}  # fmt: skip
MODE_WORDS = {"best": "keep the lowest", "worst": "keep the highest"}  # a D20 counts low: PSL = bonus + 10 - D20


@dataclass
class Roll:
    """A roll a player owes a declaration: `role` in it, the combatant who rolls, and what their test shows."""

    role: str
    combatant: object
    shown: dict = field(default_factory=dict)


def hides_odds(context, combatant):
    """Whether a player may not see odds that would tell them `combatant`'s figures."""
    return combatant.hidden or combatant.pk in context.encounter.state.odds_hidden


def engaged_foes(context, combatant):
    ids = engaged.engaged_with(context.encounter, combatant)
    return [c for c in context.combatants if c.pk in ids and c.side != combatant.side and context.sees(c)]


def melee_of(context, combatant):
    sheet = context.sheet_of(combatant)
    return sheet.best_melee() if sheet else 0


def melee_name(context, combatant):
    sheet = context.sheet_of(combatant)
    melee = [s for s in sheet.skills if s.name.startswith("Melee")] if sheet else []
    return max(melee, key=lambda s: s.value).name if melee else "WS"


def rolls(combatant):
    """A player character's player rolls; the GM (or the tracker) rolls for NPCs."""
    return combatant.player_id is not None


def may_act(context, name, cleaned, declarer=None):
    """Refuse now what the action would refuse when its last roll came in: an attack worked out with stand-in dice
    (the turn's budget, Fortune, a weapon out of shots), changing nothing; any other declared test is the
    declarer's Action."""
    if name == "attack":
        dry_attack(context, cleaned)
    elif declarer is not None and name != "spend_advantage":
        context.may_spend(declarer, "action")


def dry_attack(context, cleaned):
    from systems.wfrp4e.commands import attack  # attack.py opens declarations: imported here, not at the top

    stand_in = replace(context, dice=attack_odds.StandInDice(), role=GM)
    outcome = attack.resolve(stand_in, AttackRequest.of(cleaned))
    return outcome, attack.weapon_of(context.sheet_of(cleaned["attacker"]), cleaned["weapon"])


def owed_rolls(context, name, cleaned):
    """The rolls players owe the action `name` with these arguments: [Roll], empty when nobody rolls."""
    owing = OWED.get(name)
    return owing(context, cleaned) if owing else []


def attack_rolls(context, cleaned):
    attacker, target = cleaned["attacker"], cleaned["target"]
    outcome, weapon = dry_attack(context, cleaned)
    doing = f"{attacker.name} attacks {target.name} with {weapon.name}"
    if outcome.d20:
        roller = attacker if outcome.d20.roller == "attacker" else target
        if not rolls(roller) or cleaned.get("d20"):
            return []
        return [Roll(outcome.d20.roller, roller, house_attack_shown(context, cleaned, outcome, doing))]
    owed = []
    if rolls(attacker) and cleaned.get("attacker_roll") is None:
        shown = {"fields": {"d100": ["attacker_roll", "one"]}, "dice_words": "1 d100, low is good",
                 "reason": f"Your attack on {target.name} with {weapon.name}", "gm_reason": doing}  # fmt: skip
        shown.update(attack_chance(context, target, outcome))
        owed.append(Roll("attacker", attacker, shown))
    sheet = context.sheet_of(target)
    if rolls(target) and cleaned.get("defender_roll") is None and sheet is not None:
        options = [(name, name) for name, _ in sheet.defence_options()]
        chosen = cleaned.get("defence") or usual_defence(sheet.defence_options(), weapon.kind == "ranged")
        owed.append(Roll("defender", target, {
            "fields": {"d100": ["defender_roll", "one"]},
            "dice_words": "1 d100, low is good",
            "reason": attacked_words(attacker, weapon.name),
            "gm_reason": doing,
            "defences": defences_with_odds(context, cleaned, options, hides_odds(context, attacker)),
            "defence": chosen if chosen in dict(options) else options[0][0],
        }))  # fmt: skip
    return owed


def attack_chance(context, target, outcome):
    """The attacker's chance to hit and the expected Wounds (attack_odds.py), or only their own target."""
    own = outcome.d20.asb if outcome.d20 else outcome.attack_target
    if hides_odds(context, target):
        return {"chance": None, "own_target": own}
    odds = attack_odds.odds_of(context.encounter, outcome)
    return {"own_target": own, "chance": odds.hit, "chance_words": f"to hit · {odds.extras}"}


def defences_with_odds(context, cleaned, options, hidden):
    """Each defence the defender may choose, with its target and the chance it holds (the attack misses): the
    attack worked out once per defence, so a Defend's bonus or Advantage counts for the skill it names."""
    defences = []
    for key, label in options:
        outcome, _ = dry_attack(context, {**cleaned, "defence": key})
        own = outcome.d20.dsb if outcome.d20 else outcome.defence_target
        holds = None if hidden else percent(1 - attack_odds.odds_of(context.encounter, outcome).chance)
        defence = {"key": key, "label": label, "target": own, "chance": holds}
        if outcome.d20:
            defence["d20_count"] = len(outcome.d20.d20s)
        defences.append(defence)
    return defences


def house_attack_shown(context, cleaned, outcome, doing):
    """The D20 roller's test (seed 000 "Tests"): the D20s with why, the D100 for location and Critical, and the
    chance to hit (or, defending, each defence's chance to hold)."""
    attacker, target, test = cleaned["attacker"], cleaned["target"], outcome.d20
    roller = test.roller
    count = len(test.d20s)
    shown = {
        "fields": {"d20": ["d20", "list"], "location": ["attacker_roll", "one"]},
        "d20_count": count,
        "dice_words": dice_words(count, test.dice_mode, test.situations),
        "gm_reason": doing,
    }
    if roller == "attacker":
        shown["reason"] = f"Your attack on {target.name} with {outcome.weapon.name}"
        shown.update(attack_chance(context, target, outcome))
        return shown
    weapon = outcome.weapon
    options = d20_attack.defence_options(context, target, weapon, cleaned.get("defence_modifier") or 0,
                                         cleaned.get("unseen_attacker"))  # fmt: skip
    labelled = [(key, DEFENCE_LABELS.get(key, key)) for key in options]
    shown.update(
        reason=attacked_words(attacker, weapon.name),
        defences=defences_with_odds(context, cleaned, labelled, hides_odds(context, attacker)),
        defence=outcome.defence,
    )
    return shown


def public(combatant):
    """A combatant's name on a player's phone: never a hidden one's, whoever declared the action."""
    return UNSEEN if combatant.hidden else combatant.name


def attacked_words(attacker, weapon_name):
    return f"{public(attacker)} attacks you" + ("" if attacker.hidden else f" with {weapon_name}")


def dice_words(count, mode, situations):
    """ "2 D20, keep the best: Melee against a foe your side outnumbers 2:1 or more" """
    words = f"{count} D20" + (f", {MODE_WORDS[mode]}" if mode in MODE_WORDS else "")
    why = [wfrp4e_house.SITUATIONS[key][0] for key in sorted(situations) if key in wfrp4e_house.SITUATIONS]
    return words + (f": {'; '.join(why)}" if why and mode in MODE_WORDS else "") + ", and 1 D100 where it lands"


def opposed_rolls(context, cleaned, initiator, opponent, worked_out, doing, dice_fields):
    """An opposed test outside an attack (Batter, Trick, Dodge out of combat): as written both roll a d100; with
    the house rules' Tests the player rolls one D20. `worked_out`: (the initiator's chance, their target, the
    opponent's), as the command works them out."""
    chance, mine, theirs = worked_out
    if d20_attack.opposes_by_d20(context.encounter):
        roller_key = d20_attack.roller_of(initiator, opponent)
        roller = initiator if roller_key == "attacker" else opponent
        if not rolls(roller) or cleaned.get("d20"):
            return []
        own = chance if roller is initiator else 1 - chance
        shown = {"fields": {"d20": ["d20", "single"]}, "d20_count": 1, "dice_words": "1 D20",
                 "reason": doing(roller), "gm_reason": doing(None)}  # fmt: skip
        shown.update(odds(context, roller, initiator, opponent, own, mine if roller is initiator else theirs))
        return [Roll(roller_key, roller, shown)]
    owed = []
    for role, who, own, target in (("initiator", initiator, chance, mine), ("opponent", opponent, 1 - chance, theirs)):
        field_name = dice_fields[role]
        if rolls(who) and cleaned.get(field_name) is None:
            shown = {"fields": {"d100": [field_name, "one"]}, "dice_words": "1 d100, low is good",
                     "reason": doing(who), "gm_reason": doing(None)}  # fmt: skip
            shown.update(odds(context, who, initiator, opponent, own, target))
            owed.append(Roll(role, who, shown))
    return owed


def odds(context, roller, initiator, opponent, chance, own_target):
    other = opponent if roller is initiator else initiator
    if hides_odds(context, other):
        return {"chance": None, "own_target": own_target}
    return {"chance": percent(chance), "own_target": own_target, "chance_words": "to win"}


def batter_rolls(context, cleaned):
    initiator, opponent, spend = cleaned["initiator"], cleaned["opponent"], cleaned["spend"]
    worked_out = advantage_tests.before_rolling(context, spend, initiator, opponent)

    def doing(who):
        if who is None:
            return f"{initiator.name} tries to {spend.title()} {opponent.name}"
        if who is initiator:
            return f"Your {spend.title()} against {opponent.name}"
        return f"{public(initiator)} tries to {spend.title()} you"

    return opposed_rolls(context, cleaned, initiator, opponent, worked_out, doing,
                         {"initiator": "initiator_roll", "opponent": "opponent_roll"})  # fmt: skip


def opposed_test_rolls(context, cleaned):
    initiator, opponent = cleaned["initiator"], cleaned["opponent"]
    worked_out = house_tests.before_rolling(context, initiator, opponent, cleaned["initiator_skill"],
                                            cleaned["opponent_skill"], cleaned.get("modifier_sl"))  # fmt: skip
    purpose = cleaned.get("purpose") or "An opposed test"

    def doing(who):
        if who is None or who is initiator:
            return f"{purpose}: {initiator.name} against {opponent.name}"
        return f"{purpose}: {public(initiator)} against you"

    return opposed_rolls(context, cleaned, initiator, opponent, worked_out, doing,
                         {"initiator": "initiator_roll", "opponent": "opponent_roll"})  # fmt: skip


def spell_rolls(context, cleaned):
    caster = cleaned["caster"]
    if not rolls(caster) or cleaned.get("casting_roll"):
        return []
    target = wfrp4e_house.casting_target(skill_of(context, caster, "Language (Magick)")
                                         + condition_modifier(context, caster), cleaned["cn"])  # fmt: skip
    chance = wfrp4e.test_chance(target)
    names = ", ".join(t.name for t in cleaned["targets"])
    return [Roll("caster", caster, {
        "fields": {"d100": ["casting_roll", "one"], "d20": ["d20", "list"], "location": ["d100", "list"]},
        "d20_count": 1,
        "dice_words": "1 d100 to cast (low is good), then 1 D20 and 1 D100 for the spell's attack",
        "reason": f"Your spell (CN {cleaned['cn']}) at {names}",
        "gm_reason": f"{caster.name} casts a spell (CN {cleaned['cn']}) at {names}",
        "own_target": target,
        "chance": percent(chance),
        "chance_words": f"to cast · critical {percent(chance.critical)} % · fumble {percent(chance.fumble)} %",
    })]  # fmt: skip


def assess_rolls(context, cleaned):
    combatant = cleaned["combatant"]
    if not rolls(combatant) or cleaned.get("roll"):
        return []
    target = assess_target(context, combatant, cleaned["skill"])
    chance = wfrp4e.test_chance(target)
    return [Roll("assessor", combatant, {
        "fields": {"d100": ["roll", "one"]},
        "dice_words": "1 d100, low is good",
        "reason": f"Assess with {cleaned['skill']}",
        "gm_reason": f"{combatant.name} Assesses with {cleaned['skill']}",
        "own_target": target,
        "chance": percent(chance),
        "chance_words": "to succeed",
    })]  # fmt: skip


def advantage_request(context, asker, spend, cost):
    """A player asks for an Advantage spend of their side: the GM grants it (answering) or refuses (cancelling)."""
    side = group_advantage.pool_of(asker.side)
    pool = group_advantage.pools(context.encounter)[side]
    costs = f"{cost} Advantage; {group_advantage.SIDE_LABEL[side].lower()} have {pool}"
    return [Roll("gm", asker, {
        "fields": {},
        "dice_words": "",
        "reason": f"You asked the GM for {spend.name} ({costs})",
        "gm_reason": f"{asker.name} asks for {spend.name} ({costs})",
        "chance": None,
    })]  # fmt: skip


OWED = {
    "attack": attack_rolls,
    "batter_or_trick": batter_rolls,
    "opposed_test": opposed_test_rolls,
    "cast_spell": spell_rolls,
    "assess": assess_rolls,
}


TAKING_PART = ("attacker", "target", "initiator", "opponent", "caster", "targets")  # the arguments naming fighters


def taking_part(context, args):
    """The combatants a declaration's command names."""
    ids = [pk for key in TAKING_PART for pk in (args.get(key) if key == "targets" else [args.get(key)]) or [] if pk]
    return [c for c in context.combatants if c.pk in ids]


def told_without_the_unseen(entry, result):
    """(message, result) a player who answered a test against someone unseen is told: their own roll and what it
    did to them, never the unseen one's name or figures (the command's own words and result give both)."""
    name = entry["name"]
    told = {"declaration": result["declaration"], "command": result["command"]}
    if entry["command"] != "attack":
        won = result.get("won")
        if won is None:
            return f"{name}'s roll is in.", told
        return f"{name}'s test against {UNSEEN.lower()}: {'lost' if won else 'held'}.", {**told, "held": not won}
    if result["method"] == "d20":
        rolled = f"D20 {result['d20']}"
    else:
        rolled = f"{result['defender_roll']:02d} vs {result['defence_target']} ({result['defender_sl']:+d} SL)"
    defence = DEFENCE_LABELS.get(result["defence"], result["defence"])
    if result["hit"]:
        verdict = f"hit to the {result['location_label'].lower()}, {result['target_wounds']} Wounds"
    else:
        verdict = "the attack misses"
    told.update(hit=result["hit"], defence=result["defence"], wounds=result["target_wounds"])
    return f"{name} defends with {defence} against {UNSEEN.lower()}: {rolled}; {verdict}.", told


def dice_args(entry, given, defence=None):
    """The typed dice of an answer as the declared command's arguments; what is left empty is rolled later."""
    args = {}
    for answer_field, value in given.items():
        if value in (None, []):
            continue
        if answer_field not in entry["fields"]:
            raise CommandError(f"This test takes no {answer_field.replace('d', 'd', 1)}.")
        name, shape = entry["fields"][answer_field]
        count = d20_count(entry, defence)
        if answer_field == "d20" and len(value) != count:
            raise CommandError(f"This test rolls {count} D20: give {count}, or none to have them rolled.")
        if shape == "single":
            value = value[0]
        elif shape == "list" and not isinstance(value, list):
            value = [value]
        args[name] = value
    return args


def d20_count(entry, defence):
    """How many D20 the test rolls: a defender's depends on the defence chosen (Defend's Advantage)."""
    chosen = next((d for d in entry.get("defences") or [] if d["key"] == (defence or entry.get("defence"))), {})
    return chosen.get("d20_count", entry.get("d20_count", 1))


def chosen_defence(entry, defence):
    """The defence the roller picked among those their test offers."""
    offered = entry.get("defences") or []
    chosen = next((d["key"] for d in offered if d["key"].lower() == defence.strip().lower()), None)
    if chosen is None:
        names = ", ".join(d["label"] for d in offered) or "none"
        raise CommandError(f"Defend with one of: {names}.")
    return chosen
