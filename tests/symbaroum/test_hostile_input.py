"""Hostile input never yields a 500 in a Symbaroum encounter: every command Symbaroum offers, driven through the
JSON API by the GM and by a player, with the hostile values and the checks of the WFRP 4e guard
(tests/wfrp4e/test_hostile_input.py); only the Symbaroum fights and the values a GM could mean are set here."""

import pytest

from characters.models import ApiToken, Character
from combat import commands
from combat.commands import offered_to
from rules.models import Weapon
from systems.symbaroum import toggles
from tests.factories import EncounterFactory
from tests.wfrp4e.test_hostile_input import World, hostile_examples

SYMBAROUM_COMMANDS = offered_to("symbaroum")
EXAMPLES_PER_COMMAND = 30  # the whole run within a minute and a half

pytestmark = pytest.mark.django_db

CONDITIONS = ["Prone", "Bleeding", "Dying", "Held", "Critically Damaged", "prone", "Sleepy"]
TEXT_VALUES = {
    "changed": ["weapon Sword", "", "x" * 201],  # show_rules_changes: what changed, in words
    "weapon": ["Sword", "Bow", "Spear", "Great Axe", "Unarmed", "Halberd"],
    "condition": CONDITIONS,
    "building": ["Croft", "farm house", "guard_tower_wood", "Hut"],
    "special_ammunition": ["Fire arrow", "Barbed arrow", ""],
    "name": ["Bandit", "Wolf"],
    "label": ["The east tower", ""],
    "elixir": ["Healing draught", "Antidote", ""],
    "trap": ["Mechanical Trap", "Alchemical Mine", "Bear pit", "", 1, 1, 2],  # a kind to set, or a trap set
    "damage_dice": ["1d8", "", "2d"],
    "how": ["spot", "jump", "around", "disarm", "fly"],
}


def add(encounter, gm, **args):
    return encounter.combatants.get(pk=commands.add_combatant(encounter, gm, **args).result["combatant"])


@pytest.fixture
def world(fight):
    """Four Symbaroum encounters in one campaign: "fight" (every optional rule, running, with an attack roll open on
    Ulrika's phone and her lying prone on her turn, Brother Ansgar cursed by the goblin, a free attack waiting on the
    GM screen and a croft among the combatants), "written" (no optional rule, running, a hidden troll), "planning"
    (not started) and "emptied" (running, everyone removed)."""
    table = fight.table
    gm, anna = table.gm, table.anna
    fight.gm("set_house_rules", rules=[toggle.key for toggle in toggles.TOGGLES if toggle is not toggles.VARIANT])
    fight.gm("add_building", building="Croft")
    fight.gm("stock_ammunition", combatant=fight.ansgar.pk, special_ammunition="Fire arrow", count=2)
    fight.gm("attack", attacker=fight.goblin.pk, target=fight.ulrika.pk)
    fight.run(anna, "roll_test", prompt=fight.prompts()[-1]["id"], d20=1)  # a perfect defence: a free attack waits
    fight.gm("attack", attacker=fight.ulrika.pk, target=fight.goblin.pk)  # her attack roll waits on her phone
    fight.gm("add_condition", combatant=fight.ulrika.pk, condition="Prone")  # on her turn: she may stand up
    fight.gm("curse", combatant=fight.goblin.pk, target=fight.ansgar.pk)  # a curse the GM may lift
    table.ulrika.weapons.add(Weapon.objects.get(system="symbaroum", name="Alchemical Grenade"))  # one to throw
    fight.encounter.refresh_from_db()  # a trap the goblin set, which Ulrika has spotted: to spring, jump or disarm
    trap = {"id": 1, "trap": "Mechanical Trap", "kind": "mechanical", "dice": "1d10", "holds": True,
            "setter": fight.goblin.pk, "trained": False, "discreet": 7, "cunning": 10, "spotted_by": [fight.ulrika.pk],
            "round": 1}  # fmt: skip
    fight.encounter.pools = {**fight.encounter.pools, "traps": [trap]}
    fight.encounter.save()

    written = EncounterFactory(campaign=table.campaign, name="As written")
    for character in (table.ulrika, fight.goblin.character):
        add(written, gm, character=character.pk)
    add(written, gm, character=fight.troll.character_id, hidden=True)
    commands.start(written, gm)

    planning = EncounterFactory(campaign=table.campaign, name="Not yet", house_rules=["feats", "manoeuvres"])
    add(planning, gm, character=table.ulrika.pk)
    add(planning, gm, name="Bandit", max_wounds=10, initiative=12)

    emptied = EncounterFactory(campaign=table.campaign, name="Everyone left")
    deserter = add(emptied, gm, name="Deserter", max_wounds=8)
    commands.start(emptied, gm)
    commands.remove_combatant(emptied, gm, combatant=deserter.pk)

    fight.encounter.refresh_from_db()
    free_attacks = [waiting["id"] for waiting in fight.encounter.pools["free_attacks"]]
    return World.of(
        gm,
        anna,
        {gm: ApiToken.issue(gm), anna: ApiToken.issue(anna)},
        {"fight": fight.encounter, "written": written, "planning": planning, "emptied": emptied},
        commands=SYMBAROUM_COMMANDS,
        texts={**TEXT_VALUES, "free_attack": [*free_attacks, 999], "count": [0, 1, 3]},
    )


def test_the_world_has_what_the_commands_act_on(world):
    fight = world.encounters["fight"]
    assert [p["kind"] for p in fight.pools["prompts"]] == ["attack"] and len(fight.pools["free_attacks"]) == 1
    assert fight.combatants.filter(name="Croft").exists()
    assert Character.objects.get(name="Brother Ansgar").points["special_ammunition"] == {"Fire arrow": 2}
    assert world.encounters["written"].combatants.filter(hidden=True).count() == 1


def test_every_symbaroum_command_answers_hostile_input_with_a_4xx_and_changes_nothing(world, subtests):
    applied = hostile_examples(world, subtests, EXAMPLES_PER_COMMAND)
    # Not only refusals: most commands met plausible arguments and applied at least once.
    assert sum(any(outcomes) for outcomes in applied.values()) >= len(SYMBAROUM_COMMANDS) // 2, {
        name: sum(outcomes) for name, outcomes in applied.items()
    }
