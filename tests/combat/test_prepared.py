"""combat/prepared.py: a read whose SQL is built once gives what its QuerySet gives, for any id it is run with."""

from unittest import mock

import pytest
from django.db.models import Count
from django.db.models.sql.compiler import SQLCompiler

from characters.models import Character
from combat.models import Combatant, LogEntry
from combat.prepared import Prepared, together
from tests.factories import CharacterFactory, CombatantFactory, EncounterFactory, UserFactory

pytestmark = pytest.mark.django_db


def fields_of(instance):
    return {name: value for name, value in vars(instance).items() if not name.startswith("_")}


@pytest.fixture
def two_fights():
    player = UserFactory(username="rolf")
    hero = CharacterFactory(player=player, characteristics={"I": 41, "Ag": 35}, points={"corruption": 2})
    first, second = EncounterFactory(campaign=hero.campaign), EncounterFactory(campaign=hero.campaign)
    CombatantFactory(encounter=first, character=hero, name=hero.name, position=2)
    CombatantFactory(encounter=first, name="Orc", position=1)
    CombatantFactory(encounter=second, name="Goblin", position=1)
    return first, second


def test_a_model_read_gives_the_querysets_instances_for_each_id(two_fights):
    def combatants(encounter):
        return Combatant.objects.filter(encounter=encounter).order_by("position", "pk")

    read = Prepared(combatants)
    for encounter in two_fights:
        prepared, ordinary = read(encounter.pk), list(combatants(encounter.pk))
        assert [fields_of(c) for c in prepared] == [fields_of(c) for c in ordinary]
        assert all(not c._state.adding and c._state.db == "default" for c in prepared)


def test_json_fields_and_joined_objects_come_as_the_orm_makes_them(two_fights, django_assert_num_queries):
    read = Prepared(
        lambda encounter: Character.objects.filter(combatants__encounter=encounter).select_related("player")
    )
    with django_assert_num_queries(1):
        (hero,) = read(two_fights[0].pk)
        assert hero.characteristics == {"I": 41, "Ag": 35} and hero.points == {"corruption": 2}
        assert hero.player.username == "rolf"
    assert read(two_fights[1].pk) == []


def test_deferred_fields_stay_deferred_and_values_come_as_tuples(two_fights):
    first, _ = two_fights
    LogEntry.objects.create(encounter=first, version=1, command="start", message="Round 1", undo_state={"a": 1})
    (line,) = Prepared(lambda encounter: LogEntry.objects.filter(encounter=encounter).defer("undo_state"))(first.pk)
    assert line.get_deferred_fields() == {"undo_state"}
    assert fields_of(line) == fields_of(LogEntry.objects.defer("undo_state").get())  # a boolean, a time, JSON
    assert line.undone is False
    names = Prepared(lambda encounter: Combatant.objects.filter(encounter=encounter).values_list("position", "name"))
    assert sorted(names(first.pk)) == [(1, "Orc"), (2, first.combatants.get(position=2).name)]
    flat = Prepared(lambda encounter: Combatant.objects.filter(encounter=encounter).values_list("name", flat=True))
    assert flat(two_fights[1].pk) == ["Goblin"]


def test_the_sql_is_built_once(two_fights):
    read = Prepared(lambda encounter: Combatant.objects.filter(encounter=encounter))
    with mock.patch.object(SQLCompiler, "as_sql", autospec=True, side_effect=SQLCompiler.as_sql) as built:
        for encounter in two_fights * 3:
            read(encounter.pk)
    assert built.call_count == 1


@pytest.mark.parametrize(
    "make",
    [
        lambda encounter: Combatant.objects.filter(encounter=encounter).prefetch_related("conditions"),
        lambda encounter: Combatant.objects.filter(encounter=encounter).annotate(n=Count("conditions")),
        lambda encounter: Combatant.objects.all(),  # the argument never reaches the SQL
    ],
)
def test_what_cannot_be_one_prepared_statement_is_refused(two_fights, make):
    with pytest.raises(ValueError):
        Prepared(make)(two_fights[0].pk)


def test_a_combatant_whose_sheet_went_between_the_two_statements_reads_as_without_one(two_fights, monkeypatch):
    from combat import reads

    first, _ = two_fights
    no_sheets = Prepared(lambda encounter: Character.objects.filter(pk=encounter, name=""))  # finds none
    monkeypatch.setattr(reads, "CHARACTERS", no_sheets)
    encounter, everyone, *_ = reads.state(first.pk)
    hero = next(c for c in everyone if c.position == 2)
    assert hero.character is None and hero.character_id is None
    assert all(c.encounter is encounter for c in everyone)
    assert all(c.encounter is first for c in reads.state_of(first)[0])


def test_a_read_of_any_number_of_ids_has_a_plan_for_each_number(two_fights, django_assert_num_queries):
    def combatants(*encounters):
        return Combatant.objects.filter(encounter__in=encounters).order_by("name")

    read = Prepared(combatants)
    first, second = (encounter.pk for encounter in two_fights)
    for ids in ((first,), (first, second), (second,), (second, first)):
        assert [fields_of(c) for c in read(*ids)] == [fields_of(c) for c in combatants(*ids)]
    assert len(read(first, second)) == 3
    with django_assert_num_queries(0):
        assert read() == []


def test_reads_sent_together_give_what_each_gives_alone_in_order(two_fights, django_assert_num_queries):
    first, second = (encounter.pk for encounter in two_fights)
    combatants = Prepared(lambda *encounters: Combatant.objects.filter(encounter__in=encounters).order_by("pk"))
    names = Prepared(lambda encounter: Combatant.objects.filter(encounter=encounter).values_list("name", flat=True))
    reads = [(combatants, (first,)), (names, (second,)), (combatants, ()), (combatants, (first, second))]
    alone = [read(*ids) for read, ids in reads]
    with django_assert_num_queries(3):  # a read of no ids sends nothing, together as alone
        sent = together(*reads)

    def plain(found):
        return [fields_of(row) if isinstance(row, Combatant) else row for row in found]

    assert [plain(found) for found in sent] == [plain(found) for found in alone]
    assert sent[1] == ["Goblin"] and sent[2] == []


def test_reads_sent_together_go_in_one_pipeline_on_postgresql(two_fights, pipelines_entered):
    first, _ = two_fights
    names = Prepared(lambda encounter: Combatant.objects.filter(encounter=encounter).values_list("name", flat=True))
    alone = names(first.pk)
    assert together((names, (first.pk,)), (names, (first.pk,))) == [alone, alone]
    assert len(pipelines_entered) == 1
    assert names(first.pk) == alone and len(pipelines_entered) == 1  # a read alone waits for its answer: no pipeline
