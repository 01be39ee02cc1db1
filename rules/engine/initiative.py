"""Turn order shared by every system: rank by a tuple of scores, break exact ties with roll-offs."""

MAX_ROLL_OFFS = 20


def turn_order(ranks, roll_off):
    """Order keys so the highest rank acts first.

    ranks: {key: tuple of scores}, compared left to right (e.g. (Initiative, Agility)).
    roll_off(key) -> number, higher wins; called again for those still tied.
    Returns (ordered keys, {key: [roll-off results]}) so the log can show every roll.
    """
    rolls = {key: [] for key in ranks}
    ordered = sorted(ranks, key=lambda key: ranks[key], reverse=True)
    result = []
    index = 0
    while index < len(ordered):
        tied = [key for key in ordered[index:] if ranks[key] == ranks[ordered[index]]]
        result.extend(_break_tie(tied, roll_off, rolls))
        index += len(tied)
    return result, {key: values for key, values in rolls.items() if values}


def _break_tie(tied, roll_off, rolls, depth=0):
    if len(tied) == 1 or depth >= MAX_ROLL_OFFS:
        return tied
    scores = {}
    for key in tied:
        scores[key] = roll_off(key)
        rolls[key].append(scores[key])
    ordered = []
    for score in sorted(set(scores.values()), reverse=True):
        group = [key for key in tied if scores[key] == score]
        ordered.extend(_break_tie(group, roll_off, rolls, depth + 1))
    return ordered


def place_among(order, newcomer, settle_tie):
    """Where one newcomer takes its place in an order already set, leaving the order among the others as it stands.

    order: [(key, rank)] in turn order; newcomer: (key, rank). The newcomer acts before the first who ranks below it,
    or who ties with it and loses settle_tie({key: rank, ...}) -> (ordered keys, {key: [rolls]}) to it.
    Returns (index, {key: [roll-off results]})."""
    key, rank = newcomer
    rolls = {}
    for index, (other, other_rank) in enumerate(order):
        if other_rank == rank:
            first, tie_rolls = settle_tie({other: other_rank, key: rank})
            for rolled, values in tie_rolls.items():
                rolls.setdefault(rolled, []).extend(values)
            if first[0] == key:
                return index, rolls
        elif other_rank < rank:
            return index, rolls
    return len(order), rolls


def acting_last(order, last):
    """`order` with the keys in `last` moved to its end, each group keeping its own order: for rules that make
    someone act last whatever their initiative."""
    return [key for key in order if key not in last] + [key for key in order if key in last]
