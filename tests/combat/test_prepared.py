"""combat/prepared.py: a read whose SQL is written once gives what the QuerySet of the same rows gives, for any
arguments it is run with."""

from unittest import mock

import pytest
from django.core.exceptions import ValidationError
from django.db import connection, transaction
from django.db.transaction import TransactionManagementError
from django.test.utils import CaptureQueriesContext

from characters.models import ApiToken, Character
from combat.models import Combatant, LogEntry
from combat.prepared import Read, together
from tests.factories import CharacterFactory, CombatantFactory, EncounterFactory, UserFactory

pytestmark = pytest.mark.django_db

FIGHTERS_CHARACTERS = Read(Combatant, "{encounter} = %s", values=["character"], order_by=())


def fields_of(instance):
    return {name: value for name, value in vars(instance).items() if not name.startswith("_")}


@pytest.fixture
def two_fights():
    player = UserFactory(username="rolf")
    hero = CharacterFactory(
        player=player, name="Rolf's hero", characteristics={"I": 41, "Ag": 35}, points={"corruption": 2}
    )
    first, second = EncounterFactory(campaign=hero.campaign), EncounterFactory(campaign=hero.campaign)
    CombatantFactory(encounter=first, character=hero, name=hero.name, position=2)
    orc = CharacterFactory(campaign=hero.campaign, name="Orc")  # played by no one
    CombatantFactory(encounter=first, character=orc, name="Orc", position=1)
    CombatantFactory(encounter=second, name="Goblin", position=1, hidden=True)
    return first, second


def test_a_model_read_gives_the_querysets_instances_for_each_id(two_fights):
    read = Read(Combatant, "{encounter} = %s", order_by=["position", "pk"])
    for encounter in two_fights:
        ordinary = list(Combatant.objects.filter(encounter=encounter).order_by("position", "pk"))
        assert [fields_of(c) for c in read(encounter.pk)] == [fields_of(c) for c in ordinary]
    assert [c.hidden for c in read(two_fights[1].pk)] == [True]


def test_a_read_instance_is_a_row_of_the_database(two_fights):
    """Made as the ORM makes what it reads (Model.from_db): validating a unique field finds no clash with itself,
    where a new object with the same digest would clash."""
    ApiToken.issue(UserFactory(username="rolf's phone"))
    read = Read(ApiToken, "{digest} = %s", related=["user"])
    (found,) = read(ApiToken.objects.get().digest)
    found.validate_unique()
    copy = ApiToken(**{name: value for name, value in fields_of(found).items() if name != "id"})
    with pytest.raises(ValidationError, match="digest"):
        copy.validate_unique()
    assert found.user.username == "rolf's phone"


def test_json_fields_and_joined_objects_come_as_the_orm_makes_them(two_fights, django_assert_num_queries):
    read = Read(Character, "{id} IN ({in_fight})", related=["player", "campaign__gm"], in_fight=FIGHTERS_CHARACTERS)
    first, second = two_fights
    gm = first.campaign.gm
    with django_assert_num_queries(1):
        orc, hero = read(first.pk)  # in the model's order, by name
        assert hero.characteristics == {"I": 41, "Ag": 35} and hero.points == {"corruption": 2}
        assert hero.player.username == "rolf" and orc.player is None  # an outer join keeps the unplayed orc
        assert hero.campaign.gm.username == orc.campaign.gm.username == gm.username
    assert fields_of(hero.campaign.gm) == fields_of(gm) and fields_of(hero) == fields_of(
        Character.objects.get(name="Rolf's hero")
    )
    assert read(second.pk) == []  # its goblin has no sheet


def test_values_come_as_the_querysets_values_list(two_fights):
    first, _ = two_fights
    for version in (1, 2, 3):
        LogEntry.objects.create(encounter=first, version=version, command="start", message=f"Round {version}",
                                args={"n": version}, undone=version == 2)  # fmt: skip
    lines = Read(LogEntry, "{encounter} = %s", values=["version", "undone", "args", "created"], limit=2)
    ordinary = LogEntry.objects.filter(encounter=first).values_list("version", "undone", "args", "created")[:2]
    assert lines(first.pk) == list(ordinary) and [line[0] for line in lines(first.pk)] == [3, 2]
    assert lines(first.pk)[1][1] is True  # a boolean, also where the database keeps it as a number
    names = Read(Combatant, "{encounter} = %s", values=["position", "name"])
    assert names(first.pk) == [(1, "Orc"), (2, first.combatants.get(position=2).name)]
    flat = Read(Combatant, "{encounter} = %s AND {hidden} = {yes}", values=["name"], flat=True, yes=True)
    assert flat(first.pk) == [] and flat(two_fights[1].pk) == ["Goblin"]


def test_a_subquery_and_a_joined_columns_value(two_fights):
    first, second = two_fights
    hero = Combatant.objects.get(position=2, encounter=first).character
    owners = Read(Character, "{id} IN ({in_fight})", values=["campaign__name", "name"], in_fight=FIGHTERS_CHARACTERS)
    assert owners(first.pk) == [(hero.campaign.name, name) for name in sorted({c.character.name for c in
                                                                                first.combatants.all()})]  # fmt: skip


def test_the_sql_is_written_once(two_fights):
    read = Read(Combatant, "{encounter} = %s")
    with mock.patch.object(Read, "prepare", autospec=True, side_effect=Read.prepare) as written:
        for encounter in two_fights * 3:
            read(encounter.pk)
    assert written.call_count == 1


@pytest.mark.parametrize(
    "read, arguments",
    [
        (Read(Combatant, "{conditions} = %s"), (1,)),  # a reverse relation is no column
        (Read(Combatant, "{encounter__campaign__players} = %s"), (1,)),  # nor a many-to-many one
        (Read(Combatant, "{encounter} = %s", related=["conditions"]), (1,)),  # nor joined as select_related
        (Read(Combatant, "{encounter} IN ({ids}) AND {name} = %s"), (1, 2)),  # {ids} takes all the arguments
        (Read(Combatant, "{name} IN ({nothing})", nothing=()), ()),  # no values to compare with
    ],
)
def test_what_cannot_be_one_statement_is_refused(read, arguments):
    with pytest.raises(ValueError):
        read(*arguments)


def test_a_read_that_could_mean_two_things_is_refused():
    with pytest.raises(ValueError):
        Read(Combatant, "{encounter} = %s", related=["encounter"], values=["name"])
    with pytest.raises(ValueError):
        Read(Combatant, "{name} = {name}", name="Orc")()  # the field, or the value?


def test_a_read_takes_the_arguments_its_condition_asks(two_fights):
    read = Read(Combatant, "{encounter} = %s AND {position} = %s")
    assert [c.name for c in read(two_fights[0].pk, 1)] == ["Orc"]
    with pytest.raises(TypeError):
        read(two_fights[0].pk)


def test_a_combatant_whose_sheet_went_between_the_two_statements_reads_as_without_one(two_fights, monkeypatch):
    from combat import reads

    first, _ = two_fights
    no_sheets = Read(Character, "{id} = %s AND {name} = {nothing}", nothing="")  # finds none
    monkeypatch.setattr(reads, "CHARACTERS", no_sheets)
    encounter, everyone, *_ = reads.state(first.pk)
    hero = next(c for c in everyone if c.position == 2)
    assert hero.character is None and hero.character_id is None
    assert all(c.encounter is encounter for c in everyone)
    assert all(c.encounter is first for c in reads.state_of(first)[0])


def test_a_read_of_any_number_of_ids_has_a_plan_for_each_number(two_fights, django_assert_num_queries):
    def combatants(*encounters):
        return Combatant.objects.filter(encounter__in=encounters).order_by("name")

    read = Read(Combatant, "{encounter} IN ({ids})", order_by=["name"])
    first, second = (encounter.pk for encounter in two_fights)
    for ids in ((first,), (first, second), (second,), (second, first)):
        assert [fields_of(c) for c in read(*ids)] == [fields_of(c) for c in combatants(*ids)]
    assert len(read(first, second)) == 3 and len(read.plans) == 2
    with django_assert_num_queries(0):
        assert read() == []


def test_reads_sent_together_give_what_each_gives_alone_in_order(two_fights, django_assert_num_queries):
    first, second = (encounter.pk for encounter in two_fights)
    combatants = Read(Combatant, "{encounter} IN ({ids})", order_by=["pk"])
    names = Read(Combatant, "{encounter} = %s", values=["name"], flat=True)
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
    names = Read(Combatant, "{encounter} = %s", values=["name"], flat=True)
    alone = names(first.pk)
    assert together((names, (first.pk,)), (names, (first.pk,))) == [alone, alone]
    assert len(pipelines_entered) == 1
    assert names(first.pk) == alone and len(pipelines_entered) == 1  # a read alone waits for its answer: no pipeline


def test_a_locked_read_locks_its_own_rows(two_fights):
    first, _ = two_fights
    locked = Read(Combatant, "{encounter} = %s", related=["encounter__campaign"], locked=True)
    if not connection.features.has_select_for_update:
        pytest.skip("this database locks no rows")
    with transaction.atomic(), CaptureQueriesContext(connection) as statements:
        assert {c.encounter.campaign for c in locked(first.pk)} == {first.campaign}
    (statement,) = statements.captured_queries
    assert statement["sql"].endswith('FOR UPDATE OF "combat_combatant"')  # not the joined encounter's or campaign's


@pytest.mark.django_db(transaction=True)
def test_a_locked_read_needs_a_transaction():
    locked = Read(Combatant, "{encounter} = %s", locked=True)
    if not connection.features.has_select_for_update:
        pytest.skip("this database locks no rows")
    with pytest.raises(TransactionManagementError):
        locked(1)
    with transaction.atomic():
        assert locked(1) == []
