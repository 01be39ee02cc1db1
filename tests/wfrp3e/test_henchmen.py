"""A henchmen group end to end (seed 003 "Henchmen"): its wound threshold, how many still stand on the GM row and
the phones, its attack's fortune dice and the criticals it takes as wounds."""

from combat import commands
from tests.factories import CharacterFactory, EncounterFactory
from tests.wfrp3e.conftest import CHARACTERISTICS, trained


def page(fight, user):
    return fight.table.client(user).get(f"/encounters/{fight.encounter.pk}/").content.decode()


def post(fight, user, command, **fields):
    response = fight.table.client(user).post(f"/encounters/{fight.encounter.pk}/do/{command}/", fields)
    assert response.status_code == 302
    return fight.encounter.log.first().message


def test_a_group_joins_with_toughness_times_its_members_as_threshold(wfrp3e_table):
    table = wfrp3e_table
    beastmen = CharacterFactory(
        campaign=table.campaign,
        name="Ungors",
        is_npc=True,
        max_wounds=7,  # a single ungor's, as a GM might type it
        characteristics={**CHARACTERISTICS, "To": 3},
        traits={"Henchmen": 4},
    )
    encounter = EncounterFactory(campaign=table.campaign)
    added = commands.execute(encounter, table.gm, "add_combatant", {"character": beastmen.pk})
    group = encounter.combatants.get(pk=added.result["combatant"])
    assert (group.max_wounds, group.wounds) == (12, 12)
    sheet = table.client(table.gm).get(f"/characters/{beastmen.pk}/").content.decode()
    assert "threshold 12" in sheet


def test_how_many_still_stand_on_the_gm_row_and_the_phone(action_fight):
    goblins = action_fight.goblins.pk
    tag = f'<span class="tag henchmen" id="henchmen-of-{goblins}">'
    assert f"{tag}3 of 3 standing</span>" in page(action_fight, action_fight.table.gm)
    action_fight.gm("apply_damage", combatant=goblins, amount=3)  # To 2: one full Toughness fells one
    assert f"{tag}2 of 3 standing</span>" in page(action_fight, action_fight.table.gm)
    assert f"Goblins: {tag}2 of 3 standing</span>" in page(action_fight, action_fight.table.anna)
    action_fight.gm("apply_damage", combatant=goblins, amount=3)
    assert f"{tag}0 of 3 standing</span>" in page(action_fight, action_fight.table.gm)


def test_a_hidden_group_is_not_counted_on_the_phone(action_fight):
    action_fight.gm("hide_combatant", combatant=action_fight.goblins.pk)
    assert "Goblins" not in page(action_fight, action_fight.table.anna)


def test_the_groups_attack_has_a_fortune_die_per_other_member_still_standing(action_fight):
    goblins, magda = action_fight.goblins.pk, action_fight.magda.pk
    gm = action_fight.table.gm
    post(action_fight, gm, "perform_action", combatant=goblins, card="Melee Strike", target=magda)
    (entry,) = action_fight.prompts()
    html = page(action_fight, gm)
    assert f'id="pool-{entry["id"]}">Roll <strong>4 characteristic, 2 fortune, 1 challenge</strong>' in html
    assert "<li>2 fortune (the other henchmen)</li>" in html
    post(action_fight, gm, "dismiss_check", prompt=entry["id"])
    action_fight.gm("apply_damage", combatant=goblins, amount=2)
    post(action_fight, gm, "perform_action", combatant=goblins, card="Melee Strike", target=magda)
    (entry,) = action_fight.prompts()
    assert entry["summary"] == "4 characteristic, 1 fortune, 1 challenge"


def test_a_comet_on_the_group_is_a_wound_not_a_critical(action_fight):
    anna = action_fight.table.anna
    trained(action_fight.magda)
    post(action_fight, anna, "perform_action", combatant=action_fight.magda.pk, card="Melee Strike",
         target=action_fight.goblins.pk, damage="1")  # fmt: skip
    (entry,) = action_fight.prompts()
    message = post(action_fight, anna, "enter_roll", prompt=entry["id"], successes="1", comets="1")
    # (1 damage + St 4) - To 2 = 3 wounds, and the comet's critical as one more wound.
    assert message == (
        "Magda's Melee Strike at Goblins succeeds (typed): 1 net success, 0 boons, 0 banes; "
        "success: Hit for normal damage; Goblins takes 4 wounds."
    )
    goblins = action_fight.fresh(action_fight.goblins)
    assert goblins.wounds == 6 - 4
    assert action_fight.state().health[str(goblins.pk)]["criticals"] == 0
    assert f'id="henchmen-of-{goblins.pk}">1 of 3 standing' in page(action_fight, action_fight.table.gm)


def test_a_group_written_without_toughness_still_attacks(action_fight):
    character = action_fight.goblins.character
    character.characteristics = {**character.characteristics, "To": 0}
    character.save()
    post(
        action_fight, action_fight.table.gm, "perform_action",
        combatant=action_fight.goblins.pk, card="Melee Strike", target=action_fight.magda.pk,
    )  # fmt: skip
    assert action_fight.prompts()[0]["summary"] == "4 characteristic, 1 challenge"
