"""Words the log, the flash messages and the screens share across the game systems."""


def counted(count, noun):
    """ "1 net success", "2 boons", "0 Wounds": a count with its noun in the number the count wants."""
    if count == 1:
        return f"{count} {noun}"
    return f"{count} {noun}{'es' if noun.endswith('s') else 's'}"


def and_list(words):
    """ "Orc 1, Orc 2 and Orc 3": names in a sentence."""
    return " and ".join(filter(None, [", ".join(words[:-1]), words[-1]]))
