import factory
from django.contrib.auth import get_user_model

from characters.models import Campaign, Character
from combat.models import Combatant, Encounter


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ["username"]

    username = factory.Sequence(lambda n: f"user{n}")
    password = factory.django.Password("secret-pass")


class CampaignFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Campaign

    name = factory.Sequence(lambda n: f"Campaign {n}")
    system = "wfrp4e"
    gm = factory.SubFactory(UserFactory)


class CharacterFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Character

    campaign = factory.SubFactory(CampaignFactory)
    name = factory.Sequence(lambda n: f"Hero {n}")
    max_wounds = 12
    characteristics = factory.LazyFunction(lambda: {"I": 30, "Ag": 30})


class EncounterFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Encounter

    campaign = factory.SubFactory(CampaignFactory)
    name = factory.Sequence(lambda n: f"Encounter {n}")


class CombatantFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Combatant

    encounter = factory.SubFactory(EncounterFactory)
    name = factory.Sequence(lambda n: f"Orc {n}")
    side = Combatant.Side.ADVERSARY
    position = factory.Sequence(lambda n: n)
    wounds = 12
    max_wounds = 12


def equip(character, stats=None, skills=None, weapons=(), armour=()):
    """Give a character WFRP 4e characteristics, skill advances, weapons and armour by name (needs loadrules)."""
    from characters.models import CharacterSkill
    from rules.models import Armour, Skill, Weapon

    if stats:
        character.characteristics = dict(stats)
        character.save()
    for name, advances in (skills or {}).items():
        CharacterSkill.objects.create(
            character=character, skill=Skill.objects.get(system="wfrp4e", name=name), advances=advances
        )
    character.weapons.set(Weapon.objects.filter(system="wfrp4e", name__in=weapons))
    character.armour.set(Armour.objects.filter(system="wfrp4e", name__in=armour))
    return character


def give_points(character_id, **points):
    """Set counters on a sheet (Character.points) straight in the database, as a test's starting point."""
    from characters.models import Character

    character = Character.objects.get(pk=character_id)
    Character.objects.filter(pk=character_id).update(points=character.points_with(**points))


def point(character_id, key):
    from characters.models import Character

    return Character.objects.get(pk=character_id).point(key)


def give_momentum(combatant, value):
    """Set a WFRP 4e combatant's Momentum (its encounter's state) straight in the database."""
    from combat.models import Encounter

    encounter = Encounter.objects.get(pk=combatant.encounter_id)
    momentum = {**encounter.state.momentum, str(combatant.pk): value}
    Encounter.objects.filter(pk=encounter.pk).update(pools={**encounter.pools, "momentum": momentum})


def momentum(combatant):
    from combat.models import Encounter

    return Encounter.objects.get(pk=combatant.encounter_id).state.momentum.get(str(combatant.pk), 0)
