"""Words the log, the flash messages and the screens share across the game systems."""

import re


def counted(count, noun):
    """ "1 net success", "2 boons", "0 Wounds": a count with its noun in the number the count wants."""
    if count == 1:
        return f"{count} {noun}"
    return f"{count} {noun}{'es' if noun.endswith('s') else 's'}"


def ordinal(n):
    """ "1st", "2nd", "11th", "23rd": a place in the turn order. Plain English rather than humanize's filter,
    which asks the translation catalogue twice a number: a phone's turn picker lists every place on every push."""
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def and_list(words):
    """ "Orc 1, Orc 2 and Orc 3": names in a sentence."""
    return " and ".join(filter(None, [", ".join(words[:-1]), words[-1]]))


def copy_name(name, taken, most):
    """ "Orc (copy)", then "Orc (copy 2)", ...: the first such name not in `taken`, for a copy of `name` (itself
    perhaps a copy: a copy of "Orc (copy)" is "Orc (copy 2)", not "Orc (copy) (copy)"), at most `most` characters."""
    base = re.sub(r" \(copy(?: [0-9]+)?\)$", "", name)
    number = 1
    while True:
        suffix = " (copy)" if number == 1 else f" (copy {number})"
        candidate = base[: most - len(suffix)] + suffix
        if candidate not in taken:
            return candidate
        number += 1
