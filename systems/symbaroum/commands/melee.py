"""Coming into and out of melee (seed 001 "Turn Order" › "Surprise", "Combat With Weapons Ready"; "Special
Actions" › "Disengage From Melee Combat"; seed 004 "Surprised"): an ambush before the fight, engaging an enemy
(a Long weapon strikes first at one who lacks one) and disengaging (every enemy left behind gets a free attack).

The free attacks wait on the GM screen (free_attacks.grant); the tracker keeps which pairs are in melee
(`melee_pairs`): engaging opens a melee, so its round is that melee's first, when a Long weapon strikes."""

from django import forms

from combat.commands.fields import DieField, OneOfField, YesNoField
from combat.commands.spine import Args, CombatantField, CombatantListField, CommandError, CommandForbidden
from combat.models import Encounter
from rules.engine import symbaroum
from rules.engine import symbaroum_positions as positions
from systems.symbaroum import toggles
from systems.symbaroum.commands import command, free_attacks, turn
from systems.symbaroum.commands.harm import give, sheet_of
from systems.symbaroum.commands.sides import refuse_allies
from systems.symbaroum.commands.tests import answers, ask, kept_d20, passed_words, rolls_dice, second_chance
from systems.symbaroum.sheet import SHIELD_GROUP

__all__ = ["ambush", "engage", "disengage", "run_past"]

SURPRISE_OUTCOMES = [("", "—"), ("surprised", "The ambushed are surprised"), ("noticed", "The ambush is noticed")]


def by_pk(context, pks):
    return [context.combatant(pk) for pk in pks]


def sheets_of(context, combatants):
    sheets = [sheet_of(context, c) for c in combatants]
    for combatant, sheet in zip(combatants, sheets, strict=True):
        if sheet is None:
            raise CommandError(f"{combatant.name} has no character sheet to test an ambush with.")
    return sheets


# --- Surprise (seed 001 "Turn Order" › "Surprise"; seed 004 "Surprised") --------------------------------------


class SurpriseArgs(Args):
    ambushers = CombatantListField(receives=False, help_text="Who sneaks up.")
    ambushed = CombatantListField(help_text="Who may be caught unawares.")
    outcome = OneOfField(choices=SURPRISE_OUTCOMES, required=False, help_text="When no player character rolls.")
    d20 = DieField(20, help_text="The d20 the player said aloud; empty: asked on their phone.")

    def clean(self):
        data = super().clean()
        ambushers, ambushed = data.get("ambushers"), data.get("ambushed")
        if not self.errors and (not ambushers or not ambushed):
            raise forms.ValidationError("Name both the ambushers and the ambushed.")
        if not self.errors and {c.pk for c in ambushers} & {c.pk for c in ambushed}:
            raise forms.ValidationError("Nobody can ambush themself: the ambushers and the ambushed overlap.")
        return data


def group_test(context, ambushers, ambushed):
    """Who rolls and against what: a player character among the ambushers, the one with the lowest Discreet, rolls
    [Discreet←Vigilant]; else one among the ambushed, with the highest Vigilant, rolls [Vigilant←Discreet]; else
    nobody (NPCs never roll). Returns (roller or None, target, "ambushers"/"ambushed", words)."""
    sneaks, watchers = sheets_of(context, ambushers), sheets_of(context, ambushed)
    discreet = [sheet.attribute("discreet") for sheet in sneaks]
    vigilant = [sheet.attribute("vigilant") for sheet in watchers]
    words = sneaks[0].profile.name("discreet"), sneaks[0].profile.name("vigilant")
    players = [(d, c) for d, c in zip(discreet, ambushers, strict=True) if rolls_dice(c)]
    if players:
        roller = min(players, key=lambda pair: pair[0])[1]
        return roller, symbaroum.surprise_target(discreet, vigilant), "ambushers", f"[{words[0]}←{words[1]}]"
    players = [(v, c) for v, c in zip(vigilant, ambushed, strict=True) if rolls_dice(c)]
    if players:
        roller = max(players, key=lambda pair: pair[0])[1]
        target = symbaroum.surprise_noticed_target(vigilant, discreet)
        return roller, target, "ambushed", f"[{words[1]}←{words[0]}]"
    return None, None, None, ""


# Named "ambush": WFRP 4e already has a "surprise" command, and the spine's refusal for other systems names the
# first system registering a name.
@command(SurpriseArgs, rule="Surprise")
def ambush(context, ambushers, ambushed, outcome, d20):
    """Before the fight: does the ambush surprise them? A player rolls for their side on their phone."""
    if context.encounter.status != Encounter.Status.PLANNING:
        raise CommandError("Surprise is settled before the encounter starts.")
    roller, target, side, words = group_test(context, ambushers, ambushed)
    if roller is None:
        if not outcome:
            raise CommandError("No player character is in the ambush, and NPCs never roll: say whether it works.")
        return spring(context, ambushers, ambushed, outcome == "surprised", "the GM's call")
    if outcome:
        raise CommandError(f"{roller.name}'s player rolls for the ambush: leave the outcome empty.")
    second = second_chance(context, roller)
    spec = {"ambushers": [c.pk for c in ambushers], "ambushed": [c.pk for c in ambushed], "side": side}
    if d20:
        kept, rolled = kept_d20(context, second, d20)
        return settle(context, spec, target, kept, rolled)
    reason = f"Ambush {words}: {'surprise them' if side == 'ambushers' else 'notice it'}"
    entry = ask(context, roller, "surprise", reason, target=target, second=second, ambush=spec)
    return f"An ambush: {roller.name}'s player rolls {words} against {target} ({entry['chance']} %).", {
        "prompt": entry["id"],
        "chance": entry["chance"],
    }


@answers("surprise")
def answered_surprise(context, entry, rolled):
    return settle(context, entry["ambush"], entry["target"], rolled["kept"], rolled["d20s"])


def settle(context, spec, target, kept, rolled):
    passed = symbaroum.test_passes(target, kept)
    caught = passed if spec["side"] == "ambushers" else not passed
    return spring(context, by_pk(context, spec["ambushers"]), by_pk(context, spec["ambushed"]), caught,
                  passed_words(target, kept, rolled))  # fmt: skip


def spring(context, ambushers, ambushed, caught, how):
    """The ambush's outcome: the ambushed are Surprised for round 1, must draw their weapons, and each ambusher
    has one free attack waiting, on the ambushed in turn (the GM lets any pass). That attack falls on someone
    unaware of it, so it has the Advantage (seed 004 "Advantage", "Surprised")."""
    if not caught:
        return f"The ambush is noticed ({how}): nobody is surprised.", {"surprised": []}
    notes = []
    state = context.encounter.state
    state.sheathed = [*state.sheathed, *(c.pk for c in ambushed if c.pk not in state.sheathed)]
    for combatant in ambushed:
        give(context, combatant, "Surprised", remaining=1)
    for index, attacker in enumerate(ambushers):
        notes.append(free_attacks.grant(context, attacker, ambushed[index % len(ambushed)], "Surprise", advantage=True))
    names = ", ".join(context.named(c) for c in ambushed)
    return (
        f"Ambush ({how}): {names} surprised; {'; '.join(n for n in notes if n)}. The surprised must draw their "
        "weapons: Short weapons come out free, any other takes a Movement Action.",
        {"surprised": [c.pk for c in ambushed]},
    )


# --- engaging and disengaging (seed 001 "Turn Order" › "Combat With Weapons Ready"; "Special Actions") --------


def active_for(context):
    """The combatant whose turn it is, when this viewer may act for them."""
    encounter = context.encounter
    active = encounter.active if encounter.status == Encounter.Status.ACTIVE else None
    if active is None:
        raise CommandError("Nobody's turn is running.")
    if not context.acts_for(active):
        raise CommandForbidden(f"It is {context.named(active)}'s turn, not your character's.")
    turn.refuse_helpless(context, active)
    return active


def pair(one, other):
    return ":".join(str(pk) for pk in sorted((one.pk, other.pk)))


def engaged_with(state, pk):
    """The ids of those in melee with the combatant of id `pk`."""
    ids = (tuple(int(part) for part in key.split(":")) for key in state.melee_pairs)
    return {other for one_pair in ids if pk in one_pair for other in one_pair if other != pk}


def reaches_far(context, combatant):
    """Whether the combatant's Long weapon reaches further than the enemy's: not when a shield takes a hand."""
    sheet = sheet_of(context, combatant)
    weapons = sheet.weapons if sheet else []
    wields_long = any(prop.name == "Long" for weapon in weapons for prop in weapon.property_list)
    return symbaroum.long_reach(wields_long, [weapon.name for weapon in weapons if weapon.group == SHIELD_GROUP])


class EngageArgs(Args):
    target = CombatantField(help_text="The enemy the active combatant closes with.")


@command(EngageArgs, gm_only=False, rule="Engaging in melee")
def engage(context, target):
    """The active combatant moves into melee with `target` (a Movement Action)."""
    mover = active_for(context)
    if target.pk == mover.pk:
        raise CommandError(f"{mover.name} cannot engage themself.")
    refuse_allies(context, mover, [target])
    if pair(mover, target) in context.encounter.state.melee_pairs:
        raise CommandError(f"{mover.name} is already in melee with {context.named(target)}.")
    turn.spend(context, mover, "movement")
    said, long_reach = close_in(context, mover, target)
    return said + ".", {"mover": mover.pk, "target": target.pk, "long_weapon": long_reach}


def close_in(context, mover, target):
    """`mover` and `target` are in melee from now: (the log's words, whether a Long weapon strikes first)."""
    state = context.encounter.state
    state.melee_pairs = [*state.melee_pairs, pair(mover, target)]
    said = f"{mover.name} engages {context.named(target)} in melee"
    long_reach = symbaroum.long_weapon_free_attack(reaches_far(context, mover), reaches_far(context, target))
    if long_reach:
        said += f"; {free_attacks.grant(context, target, mover, 'Long weapon')}"
    polearm = polearm_mastery(context, mover, target, long_reach)
    return said + (f"; {polearm}" if polearm else ""), long_reach


def polearm_mastery(context, mover, target, long_reach):
    """Seed 001 "Homebrew Rules" › "Polearm Mastery (Adept)", when the table plays it: the Adept's reach works only
    on an enemy who comes to them. The one approached, with the ability at Adept or higher and a Long weapon in
    reach, gets a free attack on the one closing in, even one who bears a Long weapon too (a plain Long weapon's
    free attack, when it came, is that one); the one who approaches gains nothing from theirs. Returns words."""
    if not context.encounter.plays(toggles.POLEARM_MASTERY):
        return ""
    said = []
    approached = ability_level(context, target, "Polearm Mastery")
    if positions.polearm_mastery_applies(approached, enemy_approaches=True) and reaches_far(context, target):
        if not long_reach:
            said.append(free_attacks.grant(context, target, mover, "Polearm Mastery (Adept)"))
    approaching = ability_level(context, mover, "Polearm Mastery")
    if positions.level_rank(approaching) >= positions.level_rank(positions.POLEARM_MASTERY_LEVEL):
        said.append(f"{mover.name}'s Polearm Mastery (Adept) gives nothing to the one who closes in")
    return "; ".join(s for s in said if s)


def ability_level(context, combatant, name):
    """The level ("Novice", "Adept", "Master") of the combatant's ability `name`, "" when they have none."""
    sheet = sheet_of(context, combatant)
    abilities = dict(sheet.abilities) if sheet else {}
    return next((level for ability, level in abilities.items() if ability.lower() == name.lower()), "")


class RunPastArgs(Args):
    enemies = CombatantListField(help_text="The enemies the active combatant runs past.")
    reach = CombatantField(required=False, help_text="The enemy further away they engage, if any.")
    around = YesNoField(help_text="Go around them instead: the Combat Action becomes a second Movement Action.")


@command(RunPastArgs, gm_only=False, rule="Running past an enemy")
def run_past(context, enemies, reach, around):
    """The active combatant moves past enemies (a Movement Action), perhaps to engage one further away; each enemy
    run past gets a free attack (seed 001 "Actions in Combat" › "Movement Action", "Free Attack"), unless they go
    around them, trading the Combat Action for a second Movement Action (seed 001 "Special Actions" ›
    "Flanking")."""
    mover = active_for(context)
    if not enemies:
        raise CommandError("Name the enemies they run past.")
    if any(enemy.pk == mover.pk for enemy in enemies):
        raise CommandError(f"{mover.name} cannot run past themself.")
    refuse_allies(context, mover, [*enemies, *([reach] if reach else [])])
    state = context.encounter.state
    engaged = engaged_with(state, mover.pk)
    held = next((enemy for enemy in enemies if enemy.pk in engaged), None)
    if held is not None:
        raise CommandError(f"{mover.name} is in melee with {context.named(held)}: leaving them is disengaging.")
    if reach is not None and reach.pk == mover.pk:
        raise CommandError(f"{mover.name} cannot engage themself.")
    if reach is not None and any(enemy.pk == reach.pk for enemy in enemies):
        raise CommandError(f"{context.named(reach)} is the one they reach: they do not run past them too.")
    if reach is not None and reach.pk in engaged:
        raise CommandError(f"{mover.name} is already in melee with {context.named(reach)}.")
    used = turn.turn_used(context.encounter)
    if around and (used["combat"] or used["movements"]):
        raise CommandError(f"Going around takes both of {mover.name}'s actions, and some are used this turn.")
    for _ in range(2 if around else 1):
        turn.spend(context, mover, "movement")
    names = ", ".join(context.named(enemy) for enemy in enemies)
    if around:
        said = [f"{mover.name} goes around {names}, out of their reach: no free attack"]
    else:
        granted = [free_attacks.grant(context, enemy, mover, "Running past") for enemy in enemies]
        said = [f"{mover.name} runs past {names}", *filter(None, granted)]
    long_reach = False
    if reach is not None:
        engaging, long_reach = close_in(context, mover, reach)
        said.append(engaging)
    return "; ".join(said) + ".", {
        "mover": mover.pk,
        "enemies": [enemy.pk for enemy in enemies],
        "reach": reach.pk if reach else None,
        "long_weapon": long_reach,
    }


class DisengageArgs(Args):
    enemies = CombatantListField(help_text="Every enemy in melee with the active combatant.")


@command(DisengageArgs, gm_only=False, rule="Disengaging from melee")
def disengage(context, enemies):
    """The active combatant leaves melee (a Movement Action); each enemy engaged gets a free attack."""
    leaver = active_for(context)
    if not enemies:
        raise CommandError("Name the enemies in melee with them.")
    if any(enemy.pk == leaver.pk for enemy in enemies):
        raise CommandError(f"{leaver.name} cannot disengage from themself.")
    turn.spend(context, leaver, "movement")
    left = {pair(leaver, enemy) for enemy in enemies}
    state = context.encounter.state
    state.melee_pairs = [key for key in state.melee_pairs if key not in left]
    granted = [free_attacks.grant(context, enemy, leaver, "Disengaging") for enemy in enemies]
    names = ", ".join(context.named(enemy) for enemy in enemies)
    return f"{leaver.name} disengages from {names}; {'; '.join(g for g in granted if g) or 'no free attack left'}.", {
        "leaver": leaver.pk,
        "enemies": [enemy.pk for enemy in enemies],
    }
