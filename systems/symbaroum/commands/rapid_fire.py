"""Seed 001 "Homebrew Rules" › "Rapid Fire // Bloodthirst // Code of Honor (Koj)", when the table plays it: an
archer with Rapid Fire may always shoot at Novice; the Adept and Master levels open once the archer has been hit,
or once an ally has taken damage at or over their Pain Threshold (`roused`), and then each volley asks a passed
Quick test first.

The tracker plays each level the archer may use as one more shot waiting on the GM screen beside the free attacks
(made or let pass there, at the same target or another): Novice's after every shot made with the Combat Action, then
Adept's and Master's after a passed Quick test. A player rolls that test on their phone; an NPC's is rolled."""

from rules.engine import symbaroum
from rules.engine import symbaroum_positions as positions
from systems.symbaroum import toggles
from systems.symbaroum.commands import free_attacks
from systems.symbaroum.commands.harm import sheet_of
from systems.symbaroum.commands.melee import ability_level
from systems.symbaroum.commands.sides import enemies
from systems.symbaroum.commands.tests import answers, ask, kept_d20, passed_words, rolls_dice, second_chance

ABILITY = "Rapid Fire"


def trigger(level):
    return f"{ABILITY} ({level})"


def plays(context):
    return context.encounter.plays(toggles.RAPID_FIRE_ON_A_HIT)


def after_shot(context, attacker, target, spec):
    """A ranged attack made with the Combat Action: the shots Rapid Fire adds, and the Quick test for the higher
    levels when they are open. Returns the log's words ("" when nothing follows)."""
    if not plays(context) or not spec["ranged"]:
        return ""
    level = ability_level(context, attacker, ABILITY)
    if not level:
        return ""
    said = [free_attacks.grant(context, attacker, target, trigger("Novice"), retarget=True)]
    roused = attacker.pk in context.encounter.state.roused
    if positions.rapid_fire_needs_test(level, roused):
        sheet = sheet_of(context, attacker)
        quick = sheet.profile.name("quick")
        goal, second = symbaroum.test_target(sheet.attribute("quick")), second_chance(context, attacker)
        volley = {"level": level, "target": target.pk}
        if rolls_dice(attacker):
            ask(context, attacker, "rapid_fire", f"{quick}: Rapid Fire at {level}", target=goal, second=second,
                rapid_fire=volley)  # fmt: skip
            said.append(f"{attacker.name}'s player rolls {quick} against {goal} to shoot at {level}")
        else:
            kept, rolled = kept_d20(context, second)
            said.append(volley_test(context, attacker, volley, goal, kept, rolled, quick))
    elif positions.level_rank(level) > 1:
        said.append(f"{attacker.name}'s Rapid Fire stays at Novice until they are hit or an ally is hurt at the Pain "
                    "Threshold")  # fmt: skip
    return "; ".join(s for s in said if s)


@answers("rapid_fire")
def answered(context, entry, rolled):
    attacker = context.combatant(entry["combatant"])
    quick = sheet_of(context, attacker).profile.name("quick") if sheet_of(context, attacker) else "Quick"
    said = volley_test(context, attacker, entry["rapid_fire"], entry["target"], rolled["kept"], rolled["d20s"], quick)
    return said + ".", {"prompt": entry["id"], "d20": rolled["kept"]}


def volley_test(context, attacker, volley, goal, kept, rolled, quick):
    passed = symbaroum.test_passes(goal, kept)
    said = f"{attacker.name}'s {quick} test for Rapid Fire at {volley['level']}, {passed_words(goal, kept, rolled)}"
    if not passed:
        return f"{said}: failed, Novice only"
    target = context.combatant(volley["target"]) or attacker
    granted = [
        free_attacks.grant(context, attacker, target, trigger(level), retarget=True)
        for level in positions.rapid_fire_levels(volley["level"], roused=True, quick_test_passed=True)[1:]
    ]
    return "; ".join([f"{said}: passed", *filter(None, granted)])


def rouse(context, target, amount, threshold, hit=False):
    """Damage (or a hit) just landed on `target`: the archer hit, and every ally of one hurt at or over their Pain
    Threshold, have their Adept and Master levels open from now on. Returns the log's words."""
    if not plays(context):
        return ""
    state = context.encounter.state
    woken = []
    for other in context.combatants:
        if other.pk in state.roused or positions.level_rank(ability_level(context, other, ABILITY)) < 2:
            continue
        if other.pk == target.pk:
            stirred = positions.rapid_fire_roused(hit=hit)
        else:
            ally = not enemies(other, target)
            stirred = ally and positions.rapid_fire_roused(ally_damage=amount, ally_pain_threshold=threshold)
        if stirred:
            woken.append(other)
    if not woken:
        return ""
    state.roused = [*state.roused, *(c.pk for c in woken)]
    names = ", ".join(context.named(c) for c in woken)
    return f"{names}: Rapid Fire at Adept and Master open from now (with a Quick test)"
