"""Ammunition under seed 001 "Homebrew Rules" › "Ranged Weapons": ordinary arrows and bolts are not counted one
by one; a player character's quiver holds 3 failed ranged attack rolls (a natural 20 uses 2), then they are out.
Special ammunition (fire arrows...) is counted by the unit instead. After a fight, searching the field refills the
quiver, each archer's player rolling against breakage under "Alternate Rules" › "Reclaiming Bolts and Arrows" when
the table plays it. A character keeps both counts in `points`: "ammunition" and "special_ammunition". A player may
nock one of their special ammunition from the phone (`nock_ammunition`): their next ranged attack shoots it unless
the GM's attack form names another."""

from combat.commands.fields import OneOfField, TextField, WholeNumberField
from combat.commands.spine import Args, CombatantArgs, CommandError
from rules.engine import symbaroum
from systems.symbaroum import toggles
from systems.symbaroum.commands import command
from systems.symbaroum.commands.tests import answers, ask, rolls_dice
from systems.symbaroum.commands.turn import ActingArgs
from systems.symbaroum.sheet import SPECIAL_AMMUNITION

__all__ = ["stock_ammunition", "search_for_ammunition", "nock_ammunition"]

FULL = symbaroum.AMMUNITION_MISSES
PROJECTILES = [
    ("ordinary", "Ordinary (damaged over 10)"),
    ("quality", "With a quality (damaged over 15)"),
    ("mystical", "Mystical (damaged over 17)"),
]


def counted(context, combatant):
    """Only a player's ammunition is counted: the tracker never rolls for anyone else's shots."""
    return context.encounter.plays(toggles.AMMUNITION_COUNTDOWN) and rolls_dice(combatant)


def left(combatant):
    """Failed shots of ordinary ammunition left (0: out)."""
    return combatant.character.point("ammunition", FULL)


def specials(combatant):
    """{name: units} of the combatant's special ammunition; a count no screen can read is none."""
    if not combatant.character_id:
        return {}
    return {name: units for name, units in combatant.character.named(SPECIAL_AMMUNITION).items() if type(units) is int}


def set_ammunition(context, combatant, **counts):
    context.set_points(combatant, points={**combatant.character.points, **counts})


def left_words(combatant):
    count = left(combatant)
    if count == 0:
        return f"{combatant.name} is out of ammunition"
    return f"{combatant.name}'s ammunition: {count} of {FULL} misses left"


def stocked_name(combatant, name):
    """The special ammunition `name` as the character's stock spells it, or None when they carry none of it."""
    return next((key for key in specials(combatant) if key.lower() == name.strip().lower()), None)


def nocked(state, combatant):
    """The special ammunition the combatant's player has nocked for their next ranged attack, while the character
    still carries it (the GM may have emptied the stock since); "" for none."""
    name = state.nocked.get(str(combatant.pk))
    return (name and stocked_name(combatant, name)) or ""


def unnock(state, combatant):
    state.nocked = {key: name for key, name in state.nocked.items() if key != str(combatant.pk)}


def load(context, attacker, spec, special):
    """What the ranged attack in `spec` shoots: the named special ammunition, else the one its player nocked (one
    unit used now, shot whether it hits or not), or None for ordinary ammunition. CommandError when there is none
    of it left."""
    state = context.encounter.state
    if not special and spec["ranged"] and counted(context, attacker):
        special = nocked(state, attacker)
        unnock(state, attacker)
    if special:
        if not context.encounter.plays(toggles.AMMUNITION_COUNTDOWN):
            raise CommandError("Special ammunition is counted under the Ranged Weapons house rule: switch it on.")
        if not spec["ranged"]:
            raise CommandError(f"{spec['weapon']} is not a ranged weapon: it shoots no {special}.")
        stock = specials(attacker)
        name = stocked_name(attacker, special) or special
        if stock.get(name, 0) < 1:
            raise CommandError(f"{attacker.name} has no {special} left.")
        stock[name] -= 1
        set_ammunition(context, attacker, special_ammunition={key: n for key, n in stock.items() if n})
        return name
    if spec["ranged"] and counted(context, attacker) and left(attacker) == 0:
        raise CommandError(
            f"{attacker.name} is out of ammunition for the {spec['weapon']}: shoot special ammunition, switch "
            "weapons, or search for ammunition after the fight."
        )
    return None


def after_miss(context, attacker, spec, kept):
    """A ranged attack roll the attacker's player failed uses up ordinary ammunition: 1, or 2 on a natural 20.
    Returns the log's note, "" when nothing is counted."""
    rolled_by_attacker = spec["roller"] == attacker.pk and spec["kind"] == "attack"
    if not spec["ranged"] or spec.get("special_ammunition") or not rolled_by_attacker:
        return ""
    if not counted(context, attacker):
        return ""
    fumbled = symbaroum.is_critical_failure(kept)
    set_ammunition(context, attacker, ammunition=symbaroum.ammunition_after_miss(left(attacker), fumbled))
    return f"{left_words(attacker)}{' (a natural 20 counts twice)' if fumbled else ''}"


class StockArgs(CombatantArgs):
    special_ammunition = TextField(required=False, help_text='A special ammunition ("Fire arrow"); empty: ordinary.')
    count = WholeNumberField(min_value=0, max_value=99, help_text="Units of special ammunition, or ordinary 0 to 3.")


@command(StockArgs, requires=[toggles.AMMUNITION_COUNTDOWN], rule="Counting ammunition")
def stock_ammunition(context, combatant, special_ammunition, count):
    """The GM sets what a player character carries: the ordinary quiver's count, or units of special ammunition."""
    if not rolls_dice(combatant):
        raise CommandError(f"{combatant.name} is not a player character: only players' ammunition is counted.")
    name = special_ammunition.strip()
    if not name:
        if count > FULL:
            raise CommandError(f"Ordinary ammunition counts failed shots, {FULL} at most; not {count}.")
        set_ammunition(context, combatant, ammunition=count)
        return f"{left_words(combatant)}.", {"combatant": combatant.pk, "ammunition": count}
    stock = specials(combatant)
    name = stocked_name(combatant, name) or name
    stock[name] = count
    set_ammunition(context, combatant, special_ammunition={key: n for key, n in stock.items() if n})
    return f"{combatant.name} carries {count} {name}.", {
        "combatant": combatant.pk,
        "special_ammunition": name,
        "count": count,
    }


class SearchArgs(Args):
    projectiles = OneOfField(choices=PROJECTILES, required=False, help_text="What the archers shot; ordinary.")


def searching(context, combatant):
    return any(p["kind"] == "reclaim" and p["combatant"] == combatant.pk for p in context.encounter.state.prompts)


@command(SearchArgs, requires=[toggles.AMMUNITION_COUNTDOWN], rule="Searching for ammunition")
def search_for_ammunition(context, projectiles):
    """There is time to search the field: each archer who shot ammunition away gets it back, or, under the
    Reclaiming Bolts and Arrows rule, rolls a d20 on their phone to see whether it broke."""
    archers = [c for c in context.ordered() if rolls_dice(c) and left(c) < FULL and not searching(context, c)]
    if not archers:
        raise CommandError("Nobody has ordinary ammunition to search for (or their search rolls are still open).")
    names = ", ".join(c.name for c in archers)
    if not context.encounter.plays(toggles.RECLAIMING):
        for archer in archers:
            set_ammunition(context, archer, ammunition=symbaroum.ammunition_after_combat(left(archer), searched=True))
        return f"{names} search the field: back to {FULL}.", {"refilled": [c.pk for c in archers]}
    kind = projectiles or "ordinary"
    over = symbaroum.RECLAIM_DAMAGED_OVER[kind]
    entries = [
        ask(context, archer, "reclaim", f"Search for your {kind} ammunition (over {over}: damaged)", target=over,
            projectiles=kind)
        for archer in archers
    ]  # fmt: skip
    return f"{names} search the field for their {kind} ammunition: each rolls a d20, over {over} it is damaged.", {
        "prompts": [entry["id"] for entry in entries]
    }


@answers("reclaim")
def reclaim_rolled(context, entry, rolled):
    archer = context.combatant(entry["combatant"])
    kept = rolled["kept"]
    damaged = symbaroum.projectile_damaged(kept, entry["projectiles"])
    set_ammunition(context, archer, ammunition=symbaroum.ammunition_after_combat(left(archer), searched=not damaged))
    verdict = "damaged, nothing reclaimed" if damaged else "reclaimed"
    return f"{archer.name}'s search: d20 {kept} vs {entry['target']}, {verdict}: {left_words(archer)}.", {
        "prompt": entry["id"],
        "d20": kept,
        "damaged": damaged,
        "ammunition": left(archer),
    }


class NockArgs(ActingArgs):
    special_ammunition = TextField(required=False, help_text="Shot on the next ranged attack; empty: take it off.")


@command(NockArgs, gm_only=False, requires=[toggles.AMMUNITION_COUNTDOWN], rule="Counting ammunition")
def nock_ammunition(context, combatant, special_ammunition):
    """A player nocks one of their character's special ammunition for the next ranged attack, or takes it off."""
    state = context.encounter.state
    name = special_ammunition.strip()
    if not name:
        taken_off = state.nocked.get(str(combatant.pk))
        if not taken_off:
            raise CommandError(f"{combatant.name} has no special ammunition nocked.")
        unnock(state, combatant)
        return f"{combatant.name} takes the {taken_off} off the string: ordinary ammunition again.", {
            "combatant": combatant.pk,
            "nocked": "",
        }
    if not counted(context, combatant):
        raise CommandError(f"{combatant.name} is not a player character: only players' ammunition is counted.")
    stocked = stocked_name(combatant, name)
    if stocked is None:
        raise CommandError(f"{combatant.name} carries no {name}: nock one of their special ammunition.")
    state.nocked = {**state.nocked, str(combatant.pk): stocked}
    return f"{combatant.name} nocks a {stocked}: their next ranged attack shoots it.", {
        "combatant": combatant.pk,
        "nocked": stocked,
    }
