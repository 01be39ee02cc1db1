"""What players know of an NPC, by degrees the GM sets per combatant (the `set_known_as` command): its name, its type
("a goblin") or nothing ("an unknown creature"); its wounds hidden, in a word or exactly. A player character is
always known by name and its wounds exactly. Every non-GM view follows it (combat/views_state.py), and every text a
player reads that names a combatant passes through `disguise`.
"""

import re

from combat.models import KnownAs, WoundsShown

UNKNOWN = "an unknown creature"
ARTICLES = ("a ", "an ", "the ", "some ")
# The words for how hurt a combatant is, worst last: what a player sees of wounds shown "in a word".
UNHURT, HURT, BADLY_HURT, DOWN = "unhurt", "hurt", "badly hurt", "down"


def kind_of(combatant):
    """What a combatant is, as the GM typed it or as its NPC library character or its name without its number
    ("Goblin 2" from "Goblin") says, with its article: "a goblin"."""
    if combatant.kind:
        typed = combatant.kind.strip()
        return typed if typed.lower().startswith(ARTICLES) else with_article(typed)
    named = combatant.character.name if combatant.character_id else combatant.name
    return with_article(re.sub(r" [0-9]+$", "", named).lower())


def with_article(noun):
    return f"{'an' if noun[:1].lower() in 'aeiou' else 'a'} {noun}"


def shown_name(combatant):
    """The combatant's name as players know it."""
    if not combatant.is_npc or combatant.known_as == KnownAs.NAME:
        return combatant.name
    return kind_of(combatant) if combatant.known_as == KnownAs.TYPE else UNKNOWN


def wounds_shown(combatant):
    """What players see of the combatant's wounds: a WoundsShown value."""
    return combatant.wounds_shown if combatant.is_npc else WoundsShown.EXACT


def how_hurt(left, most, down=False):
    """A combatant's wounds in a word, from what it has left of its most: the same words in every game, each game
    giving its own numbers (System.wounds_fraction)."""
    if down or left <= 0:
        return DOWN
    if left >= most:
        return UNHURT
    return HURT if 2 * left >= most else BADLY_HURT


def disguised(combatants):
    """Those of `combatants` whose name or wounds players do not know as the GM's log says them."""
    return [c for c in combatants if shown_name(c) != c.name or wounds_shown(c) != WoundsShown.EXACT]


def disguise(text, combatants):
    """`text` with each of `combatants` called as players know it ("Bruno hits a goblin"), capitalised where it
    starts a sentence, and the wounds the log gives after its name ("takes 3 damage (7/10 wounds)") as far as players
    may know them: in a word, or left out. Longer names first, whole words only: "Orc 10" is not "Orc 1"."""
    by_name = {c.name: c for c in disguised(combatants)}
    if not text or not by_name:
        return text
    names = "|".join(re.escape(name) for name in sorted(by_name, key=len, reverse=True))
    # The figures must follow in the same clause, with no other name (a capital) between: "Goblin 1 hits Anders
    # (10/14 wounds)" gives Anders's.
    pattern = rf"(?<!\w)(?P<name>{names})(?!\w)(?:(?P<between>[^.;()A-Z]*?)\s*\((?P<left>\d+)/(?P<most>\d+) [^)]*\))?"

    def called(found):
        combatant = by_name[found.group("name")]
        shown = shown_name(combatant)
        before = text[: found.start()].rstrip()
        if not before or before[-1] in ".!?":
            shown = shown[:1].upper() + shown[1:]
        if found.group("left") is None:
            return shown
        seen = wounds_shown(combatant)
        if seen == WoundsShown.EXACT:
            return shown + found.group(0)[len(found.group("name")) :]
        word = f" ({how_hurt(int(found.group('left')), int(found.group('most')))})" if seen == WoundsShown.WORD else ""
        return shown + found.group("between") + word

    return re.sub(pattern, called, text)


def disguise_all(value, combatants):
    """`disguise` through a JSON value: every string in it, in lists and objects, keys too."""
    if isinstance(value, str):
        return disguise(value, combatants)
    if isinstance(value, list):
        return [disguise_all(item, combatants) for item in value]
    if isinstance(value, dict):
        return {disguise_all(key, combatants): disguise_all(item, combatants) for key, item in value.items()}
    return value
