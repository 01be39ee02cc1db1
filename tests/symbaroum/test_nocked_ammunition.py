"""Special ammunition nocked from the phone (seed 001 "Homebrew Rules" › "Ranged Weapons"): Brother Ansgar's player
chooses a fire arrow for his next ranged attack; it stays on the string until that attack shoots it or he takes it
off; the GM's attack form may still name the ammunition."""

import re

import pytest

from combat.commands import CommandError, CommandForbidden
from tests.symbaroum.test_ammunition import answer, page, plays, points, shoot


@pytest.fixture
def quiver(fight):
    plays(fight, "ammunition_countdown")
    fight.gm("stock_ammunition", combatant=fight.ansgar.pk, special_ammunition="Fire arrow", count=2)
    fight.gm("stock_ammunition", combatant=fight.ansgar.pk, special_ammunition="Barbed arrow", count=1)
    return fight


def nock(fight, name, user=None):
    return fight.run(user or fight.table.bruno, "nock_ammunition", combatant=fight.ansgar.pk, special_ammunition=name)


def nock_form(fight):
    phone = page(fight, fight.table.bruno)
    return re.search(rf'<form [^>]*id="nock-{fight.ansgar.pk}".*?</form>', phone, re.S).group(0)


def test_his_phone_nocks_a_fire_arrow_and_his_next_shot_uses_it(quiver):
    fight = quiver
    form = nock_form(fight)
    assert '<option value="Fire arrow">Fire arrow (2 left)</option>' in form
    url = re.search(r'action="([^"]+)"', form).group(1)
    phone = fight.table.client(fight.table.bruno)
    assert phone.post(url, {"combatant": fight.ansgar.pk, "special_ammunition": "Fire arrow"}).status_code == 302
    assert "Nocked: <strong>Fire arrow</strong>, shot on your next ranged attack." in nock_form(fight)
    assert "nocked: Fire arrow" in page(fight, fight.table.gm)
    outcome = fight.gm("attack", attacker=fight.ansgar.pk, target=fight.goblin.pk)
    assert "Brother Ansgar attacks Goblin with Bow (Fire arrow)" in outcome.message
    assert points(fight)["special_ammunition"] == {"Fire arrow": 1, "Barbed arrow": 1}
    answer(fight, fight.table.bruno, d20=15)  # a miss with special ammunition costs no ordinary
    assert points(fight).get("ammunition", 3) == 3
    assert fight.state().nocked == {} and "Nocked:" not in nock_form(fight)
    shoot(fight, d20=15)  # the next one is ordinary again
    assert points(fight)["special_ammunition"] == {"Fire arrow": 1, "Barbed arrow": 1}
    assert points(fight)["ammunition"] == 2


def test_a_sword_blow_leaves_the_arrow_nocked(quiver):
    fight = quiver
    nock(fight, "fire ARROW")
    character = fight.ansgar.character
    character.weapons.add(*fight.ulrika.character.weapons.all())  # his Bow first, then a Sword
    fight.gm("attack", attacker=fight.ansgar.pk, target=fight.goblin.pk, weapon="Sword", d20=15)
    assert fight.state().nocked == {str(fight.ansgar.pk): "Fire arrow"}


def test_he_takes_it_off_and_shoots_ordinary_ammunition(quiver):
    fight = quiver
    nock(fight, "Barbed arrow")
    form = nock_form(fight)
    assert f'<button name="special_ammunition" value="" class="big" id="unnock-{fight.ansgar.pk}">' in form
    url = re.search(r'action="([^"]+)"', form).group(1)
    taken_off = fight.table.client(fight.table.bruno).post(
        url, {"combatant": fight.ansgar.pk, "special_ammunition": ""}, follow=True
    )
    assert "takes the Barbed arrow off the string" in taken_off.content.decode()
    fight.gm("attack", attacker=fight.ansgar.pk, target=fight.goblin.pk, d20=5, damage=4)
    assert points(fight)["special_ammunition"] == {"Fire arrow": 2, "Barbed arrow": 1}
    with pytest.raises(CommandError, match="Brother Ansgar has no special ammunition nocked"):
        nock(fight, "")


def test_the_gms_form_naming_another_ammunition_wins_and_the_nock_waits(quiver):
    fight = quiver
    nock(fight, "Fire arrow")
    fight.gm("attack", attacker=fight.ansgar.pk, target=fight.goblin.pk, special_ammunition="Barbed arrow", d20=18)
    assert points(fight)["special_ammunition"] == {"Fire arrow": 2}
    assert fight.state().nocked == {str(fight.ansgar.pk): "Fire arrow"}


def test_a_nock_whose_stock_the_gm_emptied_shoots_ordinary_ammunition(quiver):
    fight = quiver
    nock(fight, "Fire arrow")
    fight.gm("stock_ammunition", combatant=fight.ansgar.pk, special_ammunition="Fire arrow", count=0)
    assert "Nocked:" not in nock_form(fight)
    outcome = fight.gm("attack", attacker=fight.ansgar.pk, target=fight.goblin.pk, d20=15)
    assert "(Fire arrow)" not in outcome.message and points(fight)["ammunition"] == 2


def test_bad_nocks_are_refused_and_change_nothing(quiver):
    fight = quiver
    with pytest.raises(CommandError, match="Brother Ansgar carries no Poison dart"):
        nock(fight, "Poison dart")
    with pytest.raises(CommandForbidden):
        nock(fight, "Fire arrow", user=fight.table.anna)
    with pytest.raises(CommandError, match="Goblin is not a player character"):
        fight.gm("nock_ammunition", combatant=fight.goblin.pk, special_ammunition="Fire arrow")
    assert fight.state().nocked == {}


def test_no_nocking_without_the_house_rule_nor_special_ammunition(fight):
    with pytest.raises(CommandError, match="is off"):
        nock(fight, "Fire arrow")
    plays(fight, "ammunition_countdown")
    assert f'id="nock-{fight.ansgar.pk}"' not in page(fight, fight.table.bruno)
