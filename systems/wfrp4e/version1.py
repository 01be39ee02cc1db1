"""Where WFRP 4e's data sat in the tracker's first layout, and where it sits now: Fate, Fortune, Resilience and
Resolve were columns of every character (now in Character.points, SHEET_SCHEMA), and Momentum a column of every
combatant (now Wfrp4eState.momentum). The database's migration and the import of an older backup or character file
both move them with these functions, on plain JSON-like values."""

from systems.wfrp4e.sheet import POINTS


def sheet_points(values, points):
    """`points` with the values of POINTS taken out of `values` (which loses them), those at 0 left out."""
    moved = {key: values.pop(key) for key in POINTS if key in values}
    return {**(points if isinstance(points, dict) else {}), **{key: value for key, value in moved.items() if value}}


def with_momentum(pools, momentum):
    """The encounter state `pools` with `momentum` ({combatant id: Momentum}) added, those at 0 left out."""
    pools = dict(pools) if isinstance(pools, dict) else {}
    momentum = {key: value for key, value in momentum.items() if value}
    if momentum:
        pools["momentum"] = {**pools.get("momentum", {}), **momentum}
    return pools


def move_undo_step(state, sheets):
    """Move the points and Momentum of one undo step (a snapshot's JSON) in place; whether it held any rows. A step
    held a character's Fortune and Resolve only: undo now puts back the whole of `points`, so each row starts from
    its character's points now (`sheets`: {character id: points}) for the rest."""
    if not isinstance(state, dict) or not isinstance(state.get("encounter"), dict):
        return False
    momentum = {
        str(row["id"]): row.pop("advantage")
        for row in state.get("combatants") or []
        if isinstance(row, dict) and "advantage" in row and "id" in row
    }
    characters = [row for row in state.get("characters") or [] if isinstance(row, dict)]
    for row in characters:
        now = sheets.get(row.get("id"), {})
        row["points"] = {**now, **sheet_points(row, row.get("points"))}
    if momentum and "pools" in state["encounter"]:
        state["encounter"]["pools"] = with_momentum(state["encounter"]["pools"], momentum)
    return bool(momentum or characters)


def upgrade_records(records):
    """A file's serialised rows (characters, combatants, encounters, log entries), moved in place."""
    momentum = {}  # encounter id -> {combatant id: Momentum}
    sheets = {}
    for record in records:
        fields = record["fields"]
        if record["model"] == "characters.character":
            fields["points"] = sheet_points(fields, fields.get("points"))
            sheets[record["pk"]] = fields["points"]
        elif record["model"] == "combat.combatant" and "advantage" in fields:
            momentum.setdefault(fields.get("encounter"), {})[str(record["pk"])] = fields.pop("advantage")
    for record in records:
        if record["model"] == "combat.logentry":
            move_undo_step(record["fields"].get("undo_state"), sheets)
    for record in records:
        if record["model"] == "combat.encounter" and record["pk"] in momentum:
            record["fields"]["pools"] = with_momentum(record["fields"].get("pools"), momentum[record["pk"]])
