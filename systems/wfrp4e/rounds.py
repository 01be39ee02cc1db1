"""Seed 002 "Combat Summary" steps 2 and 4: conditions in play with something to do at the start or the end of the
Round, listed in turn order for the GM to resolve, and kept with the encounter (undo restores them)."""


def effects(context, phase):
    """The conditions in play whose admin text says what happens in `phase` ("start_of_round"/"end_of_round"),
    except those a house rule in force times by itself."""
    from systems.wfrp4e.toggles import condition_toggle

    order = {c.pk: (c.position, c.pk) for c in context.combatants}
    names = {c.pk: c.name for c in context.combatants}
    in_play = sorted(context.conditions, key=lambda c: order[c.combatant_id])
    return [
        {
            "combatant": c.combatant_id,
            "name": names[c.combatant_id],
            "condition": c.name,
            "count": c.count,
            "text": getattr(c.definition, phase),
        }
        for c in in_play
        if getattr(c.definition, phase) and not context.encounter.plays(condition_toggle(c.name))
    ]


def round_ends(context):
    """Keep the ending round's end-of-round effects until the next round starts."""
    encounter = context.encounter
    encounter.state.round_effects = {"round": encounter.round, "end": effects(context, "end_of_round"), "start": []}


def round_starts(context):
    """Record this round's effects for the GM screen; returns the summary for the log, " (...)" or ""."""
    encounter = context.encounter
    previous = encounter.state.round_effects or {}
    end = previous.get("end", []) if previous.get("round") == encounter.round - 1 else []
    start = effects(context, "start_of_round")
    encounter.state.round_effects = {"round": encounter.round, "end": end, "start": start}

    def summary(listed):
        return ", ".join(
            f"{e['name']} {e['condition']}" + (f" ×{e['count']}" if e["count"] > 1 else "") for e in listed
        )

    parts = []
    if end:
        parts.append(f"end of round {encounter.round - 1}: {summary(end)}")
    if start:
        parts.append(f"start of round: {summary(start)}")
    return f" ({'; '.join(parts)})" if parts else ""
