"""systems/sheet_reads.py: characters read with their sheets' relations as Prefetch(to_attr=...) reads them, in a
fixed number of statements."""

import pytest
from django.db.models import Prefetch

from characters.models import Character, CharacterSkill
from rules.models import Armour, Weapon
from systems.sheet_reads import characters_with_sheets
from tests.factories import CharacterFactory, equip

pytestmark = pytest.mark.django_db


def as_read(character):
    """All a sheet reads of a character, as plain values."""
    return {
        "name": character.name,
        "campaign": character.campaign.name,
        "skills": [(s.skill.name, s.skill.characteristic.name, s.advances) for s in character.skill_list],
        "weapons": [(w.name, [p.name for p in w.property_list]) for w in character.weapon_list],
        "armour": [(a.name, [p.name for p in a.property_list]) for a in character.armour_list],
    }


@pytest.fixture
def fighters(rules_data):
    anders = equip(
        CharacterFactory(name="Anders"),
        skills={"Melee (Basic)": 10, "Dodge": 5, "Athletics": 3},
        weapons=["Hand Weapon", "Shield", "Crossbow"],
        armour=["Leather Jack", "Mail Shirt"],
    )
    orc = equip(CharacterFactory(name="Orc"), skills={"Melee (Basic)": 5}, weapons=["Hand Weapon", "Shield", "Spear"])
    bare = CharacterFactory(name="Bare")
    return anders, orc, bare


def test_characters_come_as_prefetch_related_leaves_them(fighters, django_assert_num_queries):
    ids = [c.pk for c in fighters]
    with_properties = Prefetch("properties", to_attr="property_list")
    ordinary = (
        Character.objects.filter(pk__in=ids)
        .select_related("campaign")
        .prefetch_related(
            Prefetch("skills", CharacterSkill.objects.select_related("skill__characteristic"), to_attr="skill_list"),
            Prefetch("weapons", Weapon.objects.prefetch_related(with_properties), to_attr="weapon_list"),
            Prefetch("armour", Armour.objects.prefetch_related(with_properties), to_attr="armour_list"),
        )
    )
    expected = {c.pk: as_read(c) for c in ordinary}
    with django_assert_num_queries(6):
        read = {c.pk: as_read(c) for c in characters_with_sheets(ids)}
    assert read == expected
    assert any(properties for _, properties in read[fighters[0].pk]["weapons"])  # the test reads some properties
    assert read[fighters[2].pk]["weapons"] == [] and read[fighters[2].pk]["skills"] == []


def test_statements_do_not_grow_with_the_characters_and_none_are_sent_for_none(fighters, django_assert_num_queries):
    with django_assert_num_queries(6):
        characters_with_sheets([fighters[0].pk])
    with django_assert_num_queries(6):
        characters_with_sheets([c.pk for c in fighters])
    with django_assert_num_queries(4):  # the orc wears no armour: its properties are not asked for
        characters_with_sheets([fighters[1].pk], skills=False)
    with django_assert_num_queries(2):  # the character and its skills
        characters_with_sheets([fighters[2].pk], carried=False)
    with django_assert_num_queries(0):
        assert characters_with_sheets([]) == []


def test_what_was_read_answers_without_the_database_and_the_relations_still_ask_it(fighters, django_assert_num_queries):
    (anders,) = characters_with_sheets([fighters[0].pk])
    with django_assert_num_queries(0):
        assert len(anders.skill_list) == 3 and anders.weapon_list and len(anders.armour_list) == 2
        assert all(entry.character is anders for entry in anders.skill_list)
        assert anders.campaign.name == fighters[0].campaign.name
    assert [w.name for w in anders.weapons.filter(name="Shield")] == ["Shield"]
    assert [w.name for w in anders.weapons.all()] == [w.name for w in anders.weapon_list]
