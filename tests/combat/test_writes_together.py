"""A command's writes go to PostgreSQL together, in one round trip before its COMMIT (combat/commands/spine.py
`execute`, combat/prepared.py `sent_together`); a write the database refuses still changes nothing."""

import pytest
from django.db import DataError, connection

from combat import commands
from combat.commands import spine
from combat.models import Combatant, LogEntry

pytestmark = pytest.mark.django_db


@pytest.fixture
def postgresql():
    if connection.vendor != "postgresql":
        pytest.skip("pipeline mode is PostgreSQL's; elsewhere each write waits for its answer")


def sent_while_running(command, pipelines_entered):
    """[(statement's first word, the pipeline it went in, counted from 1 in the command, or None)] of what
    `command()` sends."""
    before, sent = len(pipelines_entered), []

    def note(execute, sql, params, many, context):
        in_pipeline = connection.connection.pgconn.pipeline_status != 0
        sent.append((sql.split(None, 1)[0].upper(), len(pipelines_entered) - before if in_pipeline else None))
        return execute(sql, params, many, context)

    with connection.execute_wrapper(note):
        command()
    return sent


def test_a_commands_updates_and_log_entry_go_in_one_pipeline(table, pipelines_entered):
    commands.roll_initiative(table.encounter, table.gm)
    commands.start(table.encounter, table.gm)
    sent = sent_while_running(
        lambda: commands.apply_damage(table.encounter, table.gm, combatant=table.anders.pk, amount=5), pipelines_entered
    )
    writes = [(verb, pipeline) for verb, pipeline in sent if verb in ("UPDATE", "INSERT", "DELETE")]
    assert [verb for verb, _ in writes] == ["UPDATE", "UPDATE", "INSERT"]  # Anders, the encounter, the log
    assert {pipeline for _, pipeline in writes} == {2}  # the lock's reads went in the first
    assert Combatant.objects.get(pk=table.anders.pk).wounds == 9
    entry = LogEntry.objects.get(encounter=table.encounter, version=table.encounter.version)
    assert (entry.command, entry.args) == ("apply_damage", {"combatant": table.anders.pk, "amount": 5})
    assert entry.created is not None and entry.undo_state is not None


@pytest.mark.django_db(transaction=True)  # the command's own transaction, not a savepoint in the test's
def test_a_write_the_database_refuses_changes_nothing_and_the_next_command_runs(postgresql, table, monkeypatch):
    commands.roll_initiative(table.encounter, table.gm)
    commands.start(table.encounter, table.gm)
    version, logged = table.encounter.version, LogEntry.objects.count()
    # PostgreSQL's JSON refuses a NUL character: the log's INSERT fails, answered only as the writes end.
    monkeypatch.setattr(spine, "jsonable", lambda cleaned: {"note": "\x00"})
    with pytest.raises(DataError):
        commands.apply_damage(table.encounter.pk, table.gm, combatant=table.anders.pk, amount=5)
    monkeypatch.undo()
    table.encounter.refresh_from_db()
    assert table.encounter.version == version and LogEntry.objects.count() == logged
    assert Combatant.objects.get(pk=table.anders.pk).wounds == 14
    commands.apply_damage(table.encounter, table.gm, combatant=table.anders.pk, amount=5)
    assert Combatant.objects.get(pk=table.anders.pk).wounds == 9
    assert table.encounter.version == version + 1
