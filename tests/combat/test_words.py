"""Messages in the words a GM uses: every command of every system, sent empty or junk arguments through the API,
answers in words, never with Django's stock texts or raw field names; and log lines read naturally."""

import json
import re

import pytest
from django import forms as django_forms
from django.core import validators
from django.test import Client
from django.utils.functional import Promise

from combat import commands
from combat.commands.spine import offered_to
from combat.models import Encounter
from rules.engine.dice import Dice
from tests.factories import CampaignFactory, EncounterFactory, UserFactory
from tests.wfrp4e.conftest import equip_anders

pytestmark = pytest.mark.django_db

SYSTEMS = ["wfrp4e", "symbaroum", "wfrp3e"]
JUNK = [None, "junk", -1, [1, "x"], "x" * 300]  # missing, not a number, out of range, a list, too long


def stock_messages():
    """The opening words of every error text Django's form fields and validators carry (before any placeholder)."""
    texts = []
    for cls in [*vars(django_forms.fields).values(), *vars(validators).values()]:
        if isinstance(cls, type) and issubclass(cls, django_forms.Field):
            texts += cls.default_error_messages.values()
        elif isinstance(cls, type) and isinstance(getattr(cls, "message", None), str | Promise):
            texts.append(cls.message)
    openings = {str(text).split("%(")[0].strip() for text in texts}
    return {text for text in openings if len(text) > 8}


STOCK = stock_messages()
RAW_NAME = re.compile(r"\b[a-z0-9]+_[a-z0-9_]+\b")


@pytest.fixture
def encounters(rules_data):
    gm = UserFactory(username="gm")
    made = {}
    for system in SYSTEMS:
        campaign = CampaignFactory(name=f"Words {system}", system=system, gm=gm)
        encounter = EncounterFactory(campaign=campaign, name="Words")
        for name in ("Ox", "Fox"):
            commands.add_combatant(encounter, gm, name=name, max_wounds=10, initiative=5)
        commands.start(encounter, gm)
        made[system] = encounter
    client = Client()
    client.force_login(gm)
    return client, made


def sent(client, encounter, name, args):
    response = client.post(
        f"/api/encounters/{encounter.pk}/commands/",
        json.dumps({"command": name, "args": args}),
        content_type="application/json",
    )
    assert response.status_code < 500, (name, args)
    return response.json()


def bad_inputs(cmd):
    yield {}
    for field in cmd.args.base_fields:
        for junk in JUNK:
            yield {field: junk}


@pytest.mark.parametrize("system", SYSTEMS)
def test_bad_input_to_every_command_answers_in_words(encounters, system):
    client, made = encounters
    encounter = made[system]
    wrong = []
    for name, cmd in sorted(offered_to(system).items()):
        if name == "undo":
            continue
        for args in bad_inputs(cmd):
            body = sent(client, encounter, name, args)
            error = body.get("error", "")
            if any(text in error for text in STOCK) or RAW_NAME.search(error):
                wrong.append(f"{name} {args}: {error}")
            encounter.refresh_from_db()
            if body.get("ok"):
                commands.undo(encounter, encounter.campaign.gm)  # it took the junk as valid: back to the start
    assert wrong == [], "\n".join(wrong)


class Rolls:
    """A random source that always rolls `value` (clamped to the die)."""

    def __init__(self, value):
        self.value = value

    def randint(self, low, high):
        return max(low, min(high, self.value))


def end_turn_of(table, combatant, dice=None):
    encounter = Encounter.objects.get(pk=table.encounter.pk)
    while encounter.active_id != combatant.pk:
        commands.next_turn(encounter, table.gm, dice=dice)
        encounter.refresh_from_db()
    return commands.next_turn(encounter, table.gm, dice=dice)


@pytest.fixture
def house(table):
    """WFRP 4e with the house rules; Anders has TB 4 and 3 Armour Points on the body."""
    equip_anders(table.anders.character)
    commands.set_house_rules(table.encounter, table.gm, rules=["all"])
    commands.start(table.encounter, table.gm)
    return table


def add(table, combatant, condition, count=1):
    commands.add_condition(table.encounter, table.gm, combatant=combatant.pk, condition=condition, count=count)


def test_one_wound_is_one_wound_and_nothing_lost_says_so(house):
    add(house, house.anders, "Bleeding", 1)
    assert "Anders loses 1 Wound at the end of the turn (Bleeding 1)." in end_turn_of(house, house.anders).message
    commands.remove_condition(house.encounter, house.gm, combatant=house.anders.pk, condition="Bleeding", count=1)
    add(house, house.anders, "Ablaze", 1)
    message = end_turn_of(house, house.anders, dice=Dice(Rolls(1))).message
    assert "loses 0" not in message and "Ablaze 0" not in message
    assert "Anders is Ablaze but loses no Wounds to it: Toughness and armour hold (d10 1)." in message


def test_dismissing_one_open_test_counts_it_in_the_singular(house):
    add(house, house.anders, "Bleeding", 1)
    end_turn_of(house, house.anders)
    outcome = commands.dismiss_prompts(house.encounter, house.gm, combatant=house.anders.pk)
    assert outcome.message == "Anders's 1 open test dismissed."
