"""Steely Gaze, Whirlwind Attack and engaging name enemies: the screens offer only combatants on another side (a
neutral one counts as another side) and the commands refuse an ally by name."""

import re

import pytest

from combat import commands
from combat.commands import CommandError


@pytest.fixture
def her_turn(fight):
    fight.encounter.house_rules = ["feats"]
    fight.encounter.save()
    commands.execute(fight.encounter, fight.table.gm, "add_combatant", {"name": "Hunter", "max_wounds": 10,
                                                                       "side": "neutral"})  # fmt: skip
    fight.encounter.refresh_from_db()
    while fight.encounter.active_id != fight.ulrika.pk:
        fight.gm("next_turn")
        fight.encounter.refresh_from_db()
    return fight


def options(html, select):
    """The names offered in the first <select> whose opening tag contains `select`."""
    found = re.search(rf"<select[^>]*{re.escape(select)}[^>]*>(.*?)</select>", html, re.S)
    return re.findall(r"<option value=\"\d+\"[^>]*>([^<]+)</option>", found.group(1))


def phone(fight):
    return fight.table.client(fight.table.anna).get(f"/encounters/{fight.encounter.pk}/").content.decode()


def test_her_phone_offers_only_enemies_for_steely_gaze_whirlwind_and_engaging(her_turn):
    html = phone(her_turn)
    assert options(html, 'name="enemy"') == ["Goblin", "Hunter"]  # never the hidden troll, never Ansgar
    assert options(html, 'name="targets"') == ["Goblin", "Hunter"]
    assert options(html, 'id="engage-target"') == ["Goblin", "Hunter"]


@pytest.mark.parametrize(
    ("name", "args"),
    [
        ("use_feat", {"feat": "steely_gaze", "pay_with": "experience", "enemy": "ansgar"}),
        ("use_feat", {"feat": "whirlwind_attack", "pay_with": "experience", "targets": ["goblin", "ansgar"]}),
        ("engage", {"target": "ansgar"}),
    ],
)
def test_naming_an_ally_as_an_enemy_is_refused_and_changes_nothing(her_turn, name, args):
    fight = her_turn
    pk = {"ansgar": fight.ansgar.pk, "goblin": fight.goblin.pk}
    args = {key: ([pk[v] for v in value] if isinstance(value, list) else pk.get(value, value))
            for key, value in args.items()}  # fmt: skip
    if name == "use_feat":
        args["combatant"] = fight.ulrika.pk
    before = (fight.state(), fight.fresh(fight.ulrika).character.points)
    with pytest.raises(CommandError) as refused:
        fight.run(fight.table.anna, name, **args)
    assert str(refused.value) == "Brother Ansgar is on Ulrika's side: name an enemy."
    assert (fight.state(), fight.fresh(fight.ulrika).character.points) == before
