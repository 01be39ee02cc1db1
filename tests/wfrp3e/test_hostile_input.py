"""Hostile input never yields a 500 in a WFRP 3e encounter: every command WFRP 3e offers, driven through the JSON API
by the GM and by a player, with the hostile values and the checks of the WFRP 4e guard
(tests/wfrp4e/test_hostile_input.py); only the WFRP 3e encounters and the values a GM could mean are set here."""

import pytest

from characters.models import ApiToken
from combat import commands
from combat.commands import offered_to
from tests.factories import CharacterFactory, EncounterFactory
from tests.wfrp3e.conftest import CHARACTERISTICS
from tests.wfrp4e.test_hostile_input import World, api_post, everything, hostile_examples

WFRP3E_COMMANDS = offered_to("wfrp3e")
EXAMPLES_PER_COMMAND = 60  # most commands meet input they may apply, whatever the draw

pytestmark = pytest.mark.django_db

CONDITION_CARDS = ["Weakened", "Frightened", "Inspired", "Demoralized", "Staggered", "weakened", "Prone", "Sleepy"]
TEXT_VALUES = {
    "changed": ["weapon Sword", "", "x" * 201],  # show_rules_changes: what changed, in words
    "card": ["Melee Strike", "Ranged Shot", "Dodge", "Magic Dart", "melee strike", "Rally the Troops", "Fireball", ""],
    "condition": CONDITION_CARDS,
    "name": ["Beastman", "Wolf"],
    "environment": ["Blizzard", "Smoke", ""],
    "talent": ["Iron Will", "Keen Senses", "iron will", "Luck", ""],
    "replacement": ["Iron Will", "Battle Hardened", "", "Luck"],
    "gear": ["Rope", "Lockpicks", ""],
    "skill": ["Athletics", "Skulduggery", "", "Juggling"],
    "effect": ["the winds howl", ""],
    "label": ["first aid", ""],
    "insanity": ["Night Terrors", "Paranoia", "Paranoia", ""],
    "advantages": ["outnumber", "Opponent prone", "", ""],
    "disadvantages": ["poor_footing", "", ""],
}


def add(encounter, gm, **args):
    return encounter.combatants.get(pk=commands.add_combatant(encounter, gm, **args).result["combatant"])


@pytest.fixture
def world(fight):
    """Three WFRP 3e encounters in one campaign: "fight" (running: Magda's Melee Strike at the orc waits on anna's
    phone, her initiative check beside it, a hidden skaven among the combatants, the orc Weakened and Magda's
    Dodge recharging, Magda and Gunther, whose turn it is, prone with a shield to sling; Magda's Discipline check for
    power she could not lose, the Miscast card her Magic Dart drew and her Ride check to mount wait on her phone, Keen
    Senses socketed; Magda with a permanent insanity, the orc with Aggression, Cunning and Expertise dice, Gunther and
    the orc wounded), "planning" (not started) and "emptied" (running, everyone removed)."""
    table = fight.table
    gm, anna = table.gm, table.anna
    for character in (fight.magda.character, fight.gunther.character):
        character.traits = {**character.traits, "Shield": True}
        character.save()
    magda = fight.magda.character  # a permanent insanity to heal, beside her temporary one
    magda.points = {**magda.points, "insanities": {**magda.points["insanities"], "Paranoia": "permanent"},
                    "insanity_tokens": {"Paranoia": 1}}  # fmt: skip
    magda.save()
    fight.orc.character.traits = {"Aggression": 2, "Cunning": 1, "Expertise": 1}  # dice for the orc to spend
    fight.orc.character.save()
    fight.gm("apply_damage", combatant=fight.gunther.pk, amount=3)  # wounds for First Aid and a draught to heal
    fight.gm("apply_damage", combatant=fight.orc.pk, amount=2)
    skaven = CharacterFactory(
        campaign=table.campaign, name="Skaven", is_npc=True, max_wounds=8, characteristics=dict(CHARACTERISTICS)
    )
    add(fight.encounter, gm, character=skaven.pk, hidden=True)
    fight.gm("add_condition_card", combatant=fight.orc.pk, condition="Weakened")
    fight.run(anna, "perform_action", combatant=fight.magda.pk, card="Dodge")
    fight.run(anna, "enter_roll", prompt=fight.prompts()[-1]["id"], successes=1)  # Dodge now recharges
    fight.run(anna, "perform_action", combatant=fight.magda.pk, card="Melee Strike", target=fight.orc.pk, damage=4)
    fight.gm("ask_initiative", combatant=fight.magda.pk)
    fight.gm("set_prone", combatant=fight.magda.pk, prone=True)
    fight.gm("set_prone", combatant=fight.gunther.pk, prone=True)
    fight.gm("lose_power", combatant=fight.magda.pk, amount=7)
    dart = {"card": "Magic Dart", "target": fight.orc.pk, "damage": 4, "allow_anyway": True}  # a second card
    fight.gm("perform_action", combatant=fight.magda.pk, **dart)
    fight.gm("enter_roll", prompt=fight.prompts()[-1]["id"], successes=1, chaos_stars=1)
    fight.gm("use_talent", combatant=fight.magda.pk, talent="Keen Senses")
    fight.gm("mount", combatant=fight.magda.pk, mounted=True)

    planning = EncounterFactory(campaign=table.campaign, name="Not yet")
    add(planning, gm, character=table.wizard.pk)
    add(planning, gm, name="Beastman", max_wounds=10, initiative=2)

    emptied = EncounterFactory(campaign=table.campaign, name="Everyone left")
    deserter = add(emptied, gm, name="Deserter", max_wounds=8)
    commands.start(emptied, gm)
    commands.remove_combatant(emptied, gm, combatant=deserter.pk)

    fight.encounter.refresh_from_db()
    return World.of(
        gm,
        anna,
        {gm: ApiToken.issue(gm), anna: ApiToken.issue(anna)},
        {"fight": fight.encounter, "planning": planning, "emptied": emptied},
        commands=WFRP3E_COMMANDS,
        texts=TEXT_VALUES,
    )


def test_the_world_has_what_the_commands_act_on(world):
    fight = world.encounters["fight"]
    assert [p["answer"] for p in fight.pools["prompts"]] == [
        "enter_roll",
        "roll_initiative_check",
        "zero_power_check",
        "miscast_drawn",
        "ride_check",
    ]
    assert fight.combatants.filter(hidden=True).count() == 1
    assert list(fight.pools["recharging"].values()) == [{"Dodge": 3, "Magic Dart": 1}]
    assert list(fight.pools["condition_tokens"].values()) == [{"Weakened": 3}]
    assert world.encounters["planning"].status == "planning"
    assert not world.encounters["emptied"].combatants.exists()


def test_every_wfrp3e_command_answers_hostile_input_with_a_4xx_and_changes_nothing(world, subtests):
    applied = hostile_examples(world, subtests, EXAMPLES_PER_COMMAND)
    # Not only refusals: most commands met plausible arguments and applied at least once.
    assert sum(any(outcomes) for outcomes in applied.values()) >= len(WFRP3E_COMMANDS) // 2, {
        name: sum(outcomes) for name, outcomes in applied.items()
    }


@pytest.mark.parametrize(
    "answer, other", [("roll_initiative_check", "enter_roll"), ("enter_roll", "roll_initiative_check")]
)
def test_a_check_is_answered_only_by_its_own_command(world, answer, other):
    """An initiative check's symbols do not answer an action check, nor the other way round."""
    fight = world.encounters["fight"]
    prompt = next(p["id"] for p in fight.pools["prompts"] if p["answer"] == other)
    before = everything()
    response = api_post(
        f"/api/encounters/{fight.pk}/commands/",
        world.tokens[world.player],
        {"command": answer, "args": {"prompt": prompt}},
    )
    assert (response.status_code, response.json()["error"]) == (400, "That test is answered another way.")
    assert everything() == before
