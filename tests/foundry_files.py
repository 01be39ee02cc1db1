"""What the tests of every game's Foundry VTT reader share: the hostile values swapped into an export in turn, and
the paths to every value in it."""

HOSTILE = ([], None, "x" * 300, float("nan"), 10**30, -1)


def leaves(value, path=()):
    """Every path to a value in a file, containers included."""
    yield path
    children = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, child in children:
        yield from leaves(child, (*path, key))


def each_hostile_value_is_read_or_refused_in_words(actor, read, refusal):
    """`read` every copy of `actor` with one value swapped for a HOSTILE one: it reads it, or raises `refusal` in
    words (a sentence), never anything else."""
    import copy

    for path in list(leaves(actor))[1:]:
        for hostile in HOSTILE:
            changed = copy.deepcopy(actor)
            *parents, last = path
            holder = changed
            for key in parents:
                holder = holder[key]
            holder[last] = hostile
            try:
                read(changed)
            except refusal as error:
                assert str(error).endswith(".") and "Traceback" not in str(error)
