"""Reference data edited in the admin reaches every live screen of its game: the change makes a new version of each
encounter not yet ended, logged and not undoable, and a connected phone gets its stat block drawn afresh."""

import json

import pytest
from asgiref.sync import sync_to_async
from django.test import Client

from combat import commands
from combat.commands.spine import CommandError
from combat.models import Encounter
from rules.models import Weapon
from tests.combat.screen import Screen, follow, pieces
from tests.combat.test_consumers import connect
from tests.factories import UserFactory, equip

pytestmark = pytest.mark.django_db(transaction=True)


def admin_change(weapon, **changes):
    """The admin's change view posted as a staff member would, every field as the form shows it."""
    staff = UserFactory(username="keeper", is_staff=True, is_superuser=True)
    client = Client()
    client.force_login(staff)
    fields = [f for f in Weapon._meta.concrete_fields if f.editable and not f.primary_key]
    data = {f.name: getattr(weapon, f.name) for f in fields}
    data.update(ratings=json.dumps(weapon.ratings), properties=[p.pk for p in weapon.properties.all()], **changes)
    data = {name: value for name, value in data.items() if value is not False}  # an unticked box is not sent
    answer = client.post(f"/admin/rules/weapon/{weapon.pk}/change/", data)
    assert answer.status_code == 302, answer.content.decode()[:2000]


async def test_an_admin_edit_of_a_weapon_reaches_a_connected_phone(table, channel_layer):
    def set_up():
        equip(table.anders.character, weapons=["Hand Weapon"])
        ended = Encounter.objects.create(campaign=table.campaign, name="Last week", status="ended")
        return Weapon.objects.get(system="wfrp4e", name="Hand Weapon"), ended

    weapon, ended = await sync_to_async(set_up)()
    socket, _, _ = await connect(table.encounter.pk, table.anna)
    phone = Screen()
    phone.take(await socket.receive_from(timeout=3))
    before = table.encounter.version

    await sync_to_async(admin_change)(weapon, name="Trusty Blade", damage=7)

    await follow(socket, phone, before + 1)
    stats = phone.parts["stats"]
    assert "Trusty Blade" in stats and "Hand Weapon" not in stats and "+SB+7" in stats
    entry = await sync_to_async(table.encounter.log.first)()
    assert (entry.version, entry.command, entry.undo_state) == (before + 1, "show_rules_changes", None)
    assert entry.message == "The rules data changed (weapon Trusty Blade): every screen shows it now."
    await sync_to_async(ended.refresh_from_db)()
    assert ended.version == 0  # an ended encounter shows nothing live

    # The next change sends the phone what changed, not the stat block again.
    await sync_to_async(commands.apply_damage)(table.encounter, table.gm, combatant=table.orc.pk, amount=1)
    message = await socket.receive_from(timeout=3)
    assert "stats" not in dict(pieces(message))
    await socket.disconnect()


async def test_a_player_cannot_run_it_and_undo_passes_over_it(table, channel_layer):
    with pytest.raises(commands.CommandForbidden):
        await sync_to_async(commands.execute)(table.encounter, table.anna, "show_rules_changes", {"changed": "x"})
    await sync_to_async(commands.execute)(table.encounter, table.gm, "show_rules_changes", {"changed": "x"})
    undone = await sync_to_async(commands.undo)(table.encounter, table.gm)
    assert "show_rules_changes" not in undone.message and undone.message.startswith("Undid: ")
    for bad in ("", "\ud800", ["weapon"]):  # a lone surrogate cannot be stored, a list is not words
        with pytest.raises(CommandError):
            await sync_to_async(commands.execute)(table.encounter, table.gm, "show_rules_changes", {"changed": bad})
