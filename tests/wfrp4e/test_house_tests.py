"""Other opposed tests and spells by the D20 resolution (seed 000 "Other opposed Tests", "Spells")."""

import pytest

from characters.models import Character
from combat import commands
from combat.commands import CommandError
from combat.models import Combatant, ConditionInstance
from tests.factories import CharacterFactory, equip
from tests.wfrp4e.test_declared import train

pytestmark = pytest.mark.django_db


@pytest.fixture
def d20_fight(fight):
    commands.set_house_rules(fight.table.encounter, fight.table.gm, rules=["tests", "spells", "other_opposed_tests"])
    return fight


def test_aarons_strike_to_stun(d20_fight):
    fight = d20_fight
    # "their effective Skills are 70 and 60 ... Aaron rolls a 9 ... 7 - 6 + 10 - 9 = 2 ... receives a Stunned".
    outcome = commands.opposed_test(
        fight.table.encounter, fight.table.gm, initiator=fight.anders.pk, opponent=fight.orc.pk,
        initiator_skill="70", opponent_skill="60", d20=9, on_win="Stunned", purpose="Strike to Stun",
    )  # fmt: skip
    assert outcome.result["won"] and outcome.result["opposed_sl"] == 2
    assert ConditionInstance.objects.filter(combatant=fight.orc, definition__name="Stunned").exists()
    assert "Anders wins with 2 SL. Orc Boy gains Stunned." in outcome.message


def test_an_opposed_test_pits_the_initiator_against_a_foe_never_themselves(d20_fight):
    fight, table = d20_fight, d20_fight.table
    version = table.encounter.version
    with pytest.raises(CommandError, match="Pick an opponent other than the one who initiates the test."):
        commands.opposed_test(table.encounter, table.gm, initiator=fight.anders.pk, opponent=fight.anders.pk,
                              initiator_skill="70", opponent_skill="60", d20=9)  # fmt: skip
    table.encounter.refresh_from_db()
    assert table.encounter.version == version
    # The form draws its opponent to follow the initiator (the active combatant) onto the other side (gm.js).
    page = table.client(table.gm).get(f"/encounters/{table.encounter.pk}/").content.decode()
    form = page.split('id="opposed-test"')[1].split("</form>")[0]
    assert 'id="opposed-test-initiator" aria-label="Who initiates" data-active-choice' in form
    assert 'name="opponent" aria-label="Opponent" data-follows="#opposed-test-initiator"' in form
    assert f'<option value="{fight.orc.pk}" data-side="adversary">' in form


def test_without_other_opposed_tests_both_sides_roll_a_d100_as_written(d20_fight):
    """Seed 002's opposed test: higher SL wins, then the higher skill; Pummel's SL goes on the initiator's SL."""
    fight, table = d20_fight, d20_fight.table
    commands.set_house_rules(table.encounter, table.gm, rules=["tests"])
    url = f"/encounters/{table.encounter.pk}/"
    form = table.client(table.gm).get(url).content.decode().split('id="opposed-test"')[1].split("</form>")[0]
    assert 'name="initiator_roll"' in form and 'name="d20"' not in form
    with pytest.raises(CommandError, match="Both sides roll a d100 for this opposed test"):
        commands.opposed_test(table.encounter, table.gm, initiator=fight.anders.pk, opponent=fight.orc.pk,
                              initiator_skill="70", opponent_skill="60", initiator_roll=45, opponent_roll=22,
                              d20=12)  # fmt: skip
    # 70 rolls 45: +3 SL; 60 rolls 22: +4 SL. The orc holds, unless the attack's +2 SL comes along.
    held = commands.opposed_test(table.encounter, table.gm, initiator=fight.anders.pk, opponent=fight.orc.pk,
                                 initiator_skill="70", opponent_skill="60", initiator_roll=45, opponent_roll=22,
                                 on_win="Stunned")  # fmt: skip
    assert not held.result["won"] and held.result["opposed_sl"] == -1 and "d100 45 against 22" in held.message
    won = commands.opposed_test(table.encounter, table.gm, initiator=fight.anders.pk, opponent=fight.orc.pk,
                                initiator_skill="70", opponent_skill="60", initiator_roll=45, opponent_roll=22,
                                modifier_sl=2, on_win="Stunned", purpose="Pummel")  # fmt: skip
    assert won.result == {"won": True, "opposed_sl": 1, "initiator_roll": 45, "opponent_roll": 22}
    assert ConditionInstance.objects.filter(combatant=fight.orc, definition__name="Stunned").exists()
    preview = table.client(table.gm).get(
        f"{url}odds/opposed_test/",
        {"initiator": fight.anders.pk, "opponent": fight.orc.pk, "initiator_skill": "50", "opponent_skill": "50"},
    )
    assert preview.status_code == 200 and "Anders wins" in preview.content.decode()


def test_fatigued_weighs_on_opposed_tests_and_casting(d20_fight):
    fight = d20_fight
    table = fight.table
    commands.set_house_rules(table.encounter, table.gm, rules=["tests", "spells", "other_opposed_tests", "fatigued"])
    for combatant in (fight.anders, table.gunther):
        commands.add_condition(table.encounter, table.gm, combatant=combatant.pk, condition="Fatigued")
    # Aaron's numbers with Anders Fatigued: 70 - 10 gives bonus 6, so 6 - 6 + 10 - 9 = 1 SL instead of 2.
    outcome = commands.opposed_test(
        table.encounter, table.gm, initiator=fight.anders.pk, opponent=fight.orc.pk,
        initiator_skill="70", opponent_skill="60", d20=9,
    )  # fmt: skip
    assert outcome.result["opposed_sl"] == 1
    # Language (Magick) 80, CN 4: 40, and Fatigued -10: 30; 23 gives +1 SL.
    equip(table.gunther.character, {"Int": 45, "WP": 47}, {"Language (Magick)": 35}, (), ())
    cast = commands.cast_spell(table.encounter, table.gm, caster=table.gunther.pk, cn=4, casting_roll=23,
                               targets=[fight.anders.pk], willing=[fight.anders.pk])  # fmt: skip
    assert cast.result["casting_sl"] == 1 and "23 vs 30" in cast.message


def test_opposed_tests_read_skills_from_the_sheets(d20_fight):
    fight = d20_fight
    # Anders S 38 vs the orc's untrained Endurance (T 45): 3 + 10 - 9 = 4 vs 4: a tie goes to the roller.
    outcome = commands.opposed_test(
        fight.table.encounter, fight.table.gm, initiator=fight.anders.pk, opponent=fight.orc.pk,
        initiator_skill="S", opponent_skill="Endurance", d20=9,
    )  # fmt: skip
    assert outcome.result == {"won": True, "opposed_sl": 0, "d20": 9, "roller": "attacker"}
    with pytest.raises(CommandError, match="Orc Grukk has no sheet"):
        commands.opposed_test(fight.table.encounter, fight.table.gm, initiator=fight.anders.pk,
                              opponent=fight.table.orc.pk, initiator_skill="S", opponent_skill="Endurance")  # fmt: skip


def test_gunthers_bolt_on_two_targets(d20_fight):
    fight = d20_fight
    table = fight.table
    gunther = table.gunther
    equip(gunther.character, {"Int": 45, "T": 31, "WP": 47, "Ag": 36}, {"Language (Magick)": 35}, (), ())
    first = CharacterFactory(campaign=table.campaign, name="Quick orc", is_npc=True)
    equip(first, {"Ag": 40, "WP": 30, "T": 30}, {"Dodge": 20}, (), ())  # DDB 6
    second = CharacterFactory(campaign=table.campaign, name="Stubborn orc", is_npc=True)
    equip(second, {"Ag": 20, "WP": 45, "T": 30}, {}, (), ())  # SDB 4
    ids = [
        commands.add_combatant(table.encounter, table.gm, character=c.pk).result["combatant"] for c in (first, second)
    ]
    outcome = commands.cast_spell(
        table.encounter, table.gm, caster=gunther.pk, cn=4, casting_roll=23, magic_missile=True, damage=10,
        targets=ids, d20=[12, 15], d100=[53, 53], overcast=["+1 target", "+1 damage"],
    )  # fmt: skip
    result = outcome.result
    assert result["cast"] and result["casting_sl"] == 2 and result["asb"] == 10
    assert [t["hit"] for t in result["targets"]] == [True, True]
    assert "D20 12, ASB 10 vs dodge DSB 6, PSL 8" in outcome.message
    assert "D20 15, ASB 10 vs spell DSB 4, PSL 5" in outcome.message
    # 10 Damage each, less TB 3 (no armour): 7 wounds.
    assert [Combatant.objects.get(pk=pk).wounds for pk in ids] == [5, 5]


def test_a_failed_or_countered_cast_hits_nobody_and_willing_targets_are_hit(d20_fight):
    table = d20_fight.table
    gunther = table.gunther
    equip(gunther.character, {"Int": 45, "WP": 47}, {"Language (Magick)": 35}, (), ())
    failed = commands.cast_spell(table.encounter, table.gm, caster=gunther.pk, cn=4, casting_roll=77,
                                 targets=[d20_fight.orc.pk])  # fmt: skip
    assert not failed.result["cast"] and "The spell fails." in failed.message
    rival = CharacterFactory(campaign=table.campaign, name="Hedge witch", is_npc=True)
    equip(rival, {"Int": 40}, {"Language (Magick)": 20}, (), ())
    pk = commands.add_combatant(table.encounter, table.gm, character=rival.pk).result["combatant"]
    countered = commands.cast_spell(table.encounter, table.gm, caster=gunther.pk, cn=4, casting_roll=38,
                                    counterspeller=pk, counter_roll=11, targets=[d20_fight.orc.pk])  # fmt: skip
    assert not countered.result["cast"] and "the spell is undone" in countered.message
    willing = commands.cast_spell(table.encounter, table.gm, caster=gunther.pk, cn=1, casting_roll=10,
                                  targets=[d20_fight.anders.pk], willing=[d20_fight.anders.pk])  # fmt: skip
    assert willing.result["targets"][0]["hit"] and "Anders: willing: hit" in willing.message


def test_a_stunned_caster_cannot_counter_and_a_deafened_one_counters_with_disadvantage(d20_fight):
    table = d20_fight.table
    encounter = table.encounter
    rules = ["tests", "spells", "other_opposed_tests", "stunned", "deafened"]
    commands.set_house_rules(encounter, table.gm, rules=rules)
    equip(table.gunther.character, {"Int": 45, "WP": 47}, {"Language (Magick)": 35}, (), ())
    rival = CharacterFactory(campaign=table.campaign, name="Hedge witch", is_npc=True)
    equip(rival, {"Int": 40}, {"Language (Magick)": 20}, (), ())
    pk = commands.add_combatant(encounter, table.gm, character=rival.pk).result["combatant"]

    def cast(**counter):
        # Gunther: 38 vs 80 - 40, +1 SL; the witch counters against 60.
        return commands.cast_spell(encounter, table.gm, caster=table.gunther.pk, cn=4, casting_roll=38,
                                   counterspeller=pk, targets=[], **counter)  # fmt: skip

    with pytest.raises(CommandError, match="Only a Deafened counterspeller rolls a second d100"):
        cast(counter_roll=11, counter_second_roll=88)
    commands.add_condition(encounter, table.gm, combatant=pk, condition="Deafened")
    # 11 alone would undo the spell (+5 SL); Deafened, the worse roll counts: 88, -2 SL, and the spell goes through.
    deafened = cast(counter_roll=11, counter_second_roll=88)
    assert deafened.result["cast"]
    assert "Hedge witch counters 88 (Deafened: the worse of 11/88) vs 60" in deafened.message
    assert not cast(counter_roll=11, counter_second_roll=22).result["cast"]  # the worse, 22, still undoes it
    commands.add_condition(encounter, table.gm, combatant=pk, condition="Stunned")
    with pytest.raises(CommandError, match="Hedge witch is Stunned and cannot counter a spell"):
        cast(counter_roll=11, counter_second_roll=22)


def test_without_the_tests_rule_these_commands_are_refused(fight):
    with pytest.raises(CommandError, match='house rule "Tests" is off'):
        commands.opposed_test(fight.table.encounter, fight.table.gm, initiator=fight.anders.pk,
                              opponent=fight.orc.pk, initiator_skill="S", opponent_skill="T")  # fmt: skip
    assert Character.objects.count() >= 2


def test_without_the_spells_rule_casting_is_refused_and_neither_screen_offers_it(d20_fight):
    table = d20_fight.table
    train(table.anders.character, "Language (Magick)", 15)
    commands.set_house_rules(table.encounter, table.gm, rules=["tests"])
    with pytest.raises(CommandError, match='house rule "Spells" is off'):
        commands.cast_spell(table.encounter, table.gm, caster=d20_fight.anders.pk, cn=2, casting_roll=20,
                            targets=[d20_fight.orc.pk])  # fmt: skip
    page = table.client(table.gm).get(f"/encounters/{table.encounter.pk}/").content.decode()
    assert 'id="cast-spell"' not in page and 'id="cast-spell-off"' in page and 'id="opposed-test"' in page
    while table.encounter.active_id != d20_fight.anders.pk:
        commands.next_turn(table.encounter, table.gm)
    phone = table.client(table.anna).get(f"/encounters/{table.encounter.pk}/").content.decode()
    assert f'id="declare-spell-{d20_fight.anders.pk}"' not in phone
    commands.set_house_rules(table.encounter, table.gm, rules=["tests", "spells"])
    phone = table.client(table.anna).get(f"/encounters/{table.encounter.pk}/").content.decode()
    assert f'id="declare-spell-{d20_fight.anders.pk}"' in phone


def test_the_gm_screen_offers_the_tests_and_the_cast_forms(d20_fight):
    table = d20_fight.table
    client = table.client(table.gm)
    page = client.get(f"/encounters/{table.encounter.pk}/").content.decode()
    assert 'id="opposed-test"' in page and 'id="cast-spell"' in page
    response = client.post(
        f"/encounters/{table.encounter.pk}/do/opposed_test/",
        {"initiator": d20_fight.anders.pk, "opponent": d20_fight.orc.pk, "initiator_skill": "70",
         "opponent_skill": "60", "d20": 9, "on_win": "Stunned"},
        HTTP_HX_REQUEST="true",
    )  # fmt: skip
    assert "Anders wins with 2 SL. Orc Boy gains Stunned." in response.content.decode()


def test_a_won_strength_test_throws_off_entangled_and_pummel_adds_the_attacks_sl(d20_fight):
    fight = d20_fight
    encounter, gm = fight.table.encounter, fight.table.gm
    commands.add_condition(encounter, gm, combatant=fight.anders.pk, condition="Entangled", count=3)
    # S 38 vs 45: 3 + 10 - 4 = 9 vs 4: +5 SL: one plus five removes all three.
    outcome = commands.opposed_test(
        encounter, gm, initiator=fight.anders.pk, opponent=fight.orc.pk, initiator_skill="S", opponent_skill="45",
        d20=4, frees_from="Entangled",
    )  # fmt: skip
    assert "Anders is rid of 3 Entangled (0 left)." in outcome.message
    # Pummel: Strength/Endurance at the attack's +2 SL: 3 + 2 + 10 - 12 = 3 vs 4 would lose; tie...
    lost = commands.opposed_test(encounter, gm, initiator=fight.anders.pk, opponent=fight.orc.pk,
                                 initiator_skill="S", opponent_skill="Endurance", d20=10)  # fmt: skip
    won = commands.opposed_test(encounter, gm, initiator=fight.anders.pk, opponent=fight.orc.pk,
                                initiator_skill="S", opponent_skill="Endurance", d20=10, modifier_sl=2,
                                on_win="Stunned", purpose="Pummel")  # fmt: skip
    assert not lost.result["won"] and won.result["won"] and "Orc Boy gains Stunned." in won.message


def test_additional_effort_goes_on_the_opposed_test_it_was_bought_for(d20_fight):
    fight = d20_fight
    encounter, gm = fight.table.encounter, fight.table.gm
    for _ in range(2):
        commands.gain_advantage(encounter, gm, side="ally", reason="winning")
    commands.spend_advantage(encounter, gm, side="ally", spend="additional_effort", amount=2)
    # Aaron's numbers, with +10: 80 gives bonus 8, so 8 - 6 + 10 - 9 = 3 SL instead of 2.
    outcome = commands.opposed_test(
        encounter, gm, initiator=fight.anders.pk, opponent=fight.orc.pk,
        initiator_skill="70", opponent_skill="60", d20=9,
    )  # fmt: skip
    assert (outcome.result["opposed_sl"], outcome.result["additional_effort"]) == (3, 10)
    assert "(Additional Effort +10%)" in outcome.message
    encounter.refresh_from_db()
    assert encounter.state.additional_effort == {}  # not kept for the next attack
