"""A dying or dead character neither acts nor declares anything, from the phone or the GM screen (seed 004
"Unsorted" › "Dying Characters"): every such command is refused with the same words and changes nothing, while the
tests asked of them (the death test) are still answered; the screens offer none of those controls meanwhile."""

import pytest

from combat.commands import CommandError


def page(fight, user):
    return fight.table.client(user).get(f"/encounters/{fight.encounter.pk}/").content.decode()


def turn_to(fight, combatant):
    for _ in range(len(fight.encounter.combatants.all()) + 1):
        if fight.gm("next_turn").result["active"] == combatant.pk:
            return
    raise AssertionError(f"{combatant.name}'s turn never came")


@pytest.fixture
def rules_on(fight):
    fight.encounter.house_rules = ["feats", "manoeuvres", "ammunition_countdown"]
    fight.encounter.save()
    fight.gm("stock_ammunition", combatant=fight.ulrika.pk, special_ammunition="Fire arrow", count=2)
    return fight


@pytest.fixture
def dying(rules_on):
    fight = rules_on
    fight.gm("apply_damage", combatant=fight.ulrika.pk, amount=fight.ulrika.max_wounds)
    fight.gm("add_condition", combatant=fight.ulrika.pk, condition="Dying")
    return fight


ULRIKA_DECLARES = [
    ("use_feat", {"feat": "clean_hit", "pay_with": "experience"}),
    ("use_feat", {"feat": "resilience", "pay_with": "experience"}),
    ("quick_strike", {"pay_with": "experience"}),
    ("take_the_initiative", {}),
    ("take_stance", {"stance": "full_defence"}),
    ("poison_weapon", {"weapon": "Sword"}),
    ("nock_ammunition", {"special_ammunition": "Fire arrow"}),
]


@pytest.mark.parametrize(("name", "args"), ULRIKA_DECLARES)
def test_her_player_and_the_gm_are_told_a_dying_ulrika_cannot_act(dying, name, args):
    fight = dying
    before = (fight.state(), fight.fresh(fight.ulrika).character.points)
    for user in (fight.table.anna, fight.table.gm):
        with pytest.raises(CommandError, match=r"^Ulrika is dying and cannot act\.$"):
            fight.run(user, name, combatant=fight.ulrika.pk, **args)
    assert (fight.state(), fight.fresh(fight.ulrika).character.points) == before


def test_a_dying_ulrika_neither_attacks_nor_moves_on_her_turn_but_answers_her_death_test(dying):
    fight = dying
    turn_to(fight, fight.ulrika)
    with pytest.raises(CommandError, match=r"^Ulrika is dying and cannot act\.$"):
        fight.gm("attack", attacker=fight.ulrika.pk, target=fight.goblin.pk)
    for name, args in [
        ("engage", {"target": fight.goblin.pk}),
        ("delay_initiative", {"combatant": fight.ulrika.pk, "before": fight.ansgar.pk}),
    ]:
        with pytest.raises(CommandError, match=r"^Ulrika is dying and cannot act\.$"):
            fight.run(fight.table.anna, name, **args)
    [death] = [p for p in fight.prompts() if p["kind"] == "death"]
    answered = fight.run(fight.table.anna, "roll_test", prompt=death["id"], d20=5)
    assert answered.message.startswith("Ulrika")


def test_an_attack_by_a_dying_ulrika_off_her_turn_is_refused(dying):
    fight = dying
    with pytest.raises(CommandError, match=r"^Ulrika is dying and cannot act\.$"):
        fight.gm("attack", attacker=fight.ulrika.pk, target=fight.goblin.pk, d20=3)


def test_a_dead_goblin_cannot_act_either(rules_on):
    fight = rules_on
    fight.gm("add_condition", combatant=fight.goblin.pk, condition="Dead")
    for name, args in [("use_feat", {"feat": "fearless", "pay_with": "experience"}), ("take_the_initiative", {})]:
        with pytest.raises(CommandError, match=r"^Goblin is dead and cannot act\.$"):
            fight.gm(name, combatant=fight.goblin.pk, **args)


def test_her_phone_offers_nothing_to_do_while_she_is_dying_and_everything_again_once_she_is_not(dying):
    fight = dying
    turn_to(fight, fight.ulrika)
    phone = page(fight, fight.table.anna)
    assert "You are dying and cannot act" in phone
    for control in ("Use the feat", "Strike first in round", "Take the Initiative in round", "Nock it",
                    'id="engage"', 'id="stances"'):  # fmt: skip
        assert control not in phone
    gm_screen = page(fight, fight.table.gm)
    assert 'id="stances"' not in gm_screen and 'id="engage"' not in gm_screen
    ulrika_option = f'<option value="{fight.ulrika.pk}" data-side="ally">Ulrika</option>'
    assert ulrika_option not in attackers(gm_screen)  # the attacker the GM screen picks is the active one
    fight.gm("remove_condition", combatant=fight.ulrika.pk, condition="Dying")
    phone = page(fight, fight.table.anna)
    for control in ("Use the feat", "Strike first in round", "Take the Initiative in round", "Nock it"):
        assert control in phone
    assert ulrika_option in attackers(page(fight, fight.table.gm))


def attackers(html):
    """The attack form's choice of attacker; the screen picks the active combatant among them (live.js)."""
    start = html.index('<select name="attacker" id="attack-attacker"')
    return html[start : html.index("</select>", start)]
