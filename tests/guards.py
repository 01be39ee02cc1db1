"""What the systems' guard tests share (tests/<system>/test_hidden_leaks.py and test_undo.py): a system's player
commands and their id fields, their arguments with one id under test, a hidden id answered exactly like a missing
one by the JSON API and by the phone's forms, and what undo must put back."""

import json

from characters.models import Character
from combat.commands.spine import CombatantField, CombatantListField
from combat.models import Combatant, ConditionInstance

MISSING = 987654


def player_commands(commands):
    return sorted(name for name, cmd in commands.items() if not cmd.gm_only)


def id_fields(commands, name):
    fields = commands[name].args.base_fields
    return [
        key
        for key, field in fields.items()
        if key == "prompt" or isinstance(field, (CombatantField, CombatantListField))
    ]


def args_for(commands, name, field, value, own, other, texts=()):
    """The id under test in `field`; `own` (the player's combatant), `other` (another one), `texts` (a required
    text's value by name) and each choice's first in the other fields."""
    args = {}
    texts = dict(texts)
    for key, form_field in commands[name].args.base_fields.items():
        if key == "combatant":
            args[key] = own
        elif isinstance(form_field, CombatantListField):
            args[key] = [other]
        elif isinstance(form_field, CombatantField):
            args[key] = other
        elif key in texts:
            args[key] = texts[key]
        elif form_field.required and getattr(form_field, "choices", None):
            args[key] = next(choice for choice, _ in form_field.choices if choice != "")
    return {**args, field: [value] if isinstance(args.get(field), list) else value}


def api(client, encounter, name, args):
    return client.post(
        f"/api/encounters/{encounter.pk}/commands/",
        json.dumps({"command": name, "args": args}),
        content_type="application/json",
    )


def hidden_ids(commands, name, hidden_prompt, hidden_combatant):
    """{id field: the hidden id to put in it}: the hidden test's for `prompt`, the hidden combatant's elsewhere."""
    return {field: hidden_prompt if field == "prompt" else hidden_combatant for field in id_fields(commands, name)}


def assert_the_api_answers_hidden_like_missing(
    client, encounter, commands, name, hidden_prompt, hidden_combatant, args, canary
):
    """`args(field, value)`: the command's arguments with that id in that field."""
    hidden = hidden_ids(commands, name, hidden_prompt, hidden_combatant)
    for field in id_fields(commands, name):
        hidden_answer = api(client, encounter, name, args(field, hidden[field]))
        missing_answer = api(client, encounter, name, args(field, MISSING))
        assert canary not in hidden_answer.content.decode()
        assert (hidden_answer.status_code, missing_answer.status_code) == (400, 400), hidden_answer.json()
        error = hidden_answer.json()["error"]
        assert error.replace(str(hidden[field]), "ID") == missing_answer.json()["error"].replace(str(MISSING), "ID")
        assert "no combatant" in error or "no open test" in error


def assert_the_phone_answers_hidden_like_missing(
    client, encounter, commands, name, hidden_prompt, hidden_combatant, args, canary
):
    url = f"/encounters/{encounter.pk}/do/{name}/"
    hidden = hidden_ids(commands, name, hidden_prompt, hidden_combatant)
    for field in id_fields(commands, name):
        hidden_answer = client.post(url, args(field, hidden[field]), follow=True)
        missing_answer = client.post(url, args(field, MISSING), follow=True)
        assert canary not in hidden_answer.content.decode()
        flashes = [str(message) for message in hidden_answer.context["messages"]]
        missing = [str(m).replace(str(MISSING), str(hidden[field])) for m in missing_answer.context["messages"]]
        assert flashes == missing and flashes and all(str(hidden[field]) in flash for flash in flashes)


def kept(encounter):
    """What undo must put back, conditions by what they are (undo may give a removed one a new id)."""
    encounter.refresh_from_db()
    return {
        "encounter": (encounter.pools, encounter.round, encounter.active_id, encounter.status, encounter.house_rules),
        "combatants": list(Combatant.objects.filter(encounter=encounter).order_by("pk").values()),
        "conditions": sorted(
            ConditionInstance.objects.filter(combatant__encounter=encounter).values_list(
                "combatant_id", "definition__name", "count", "remaining"
            )
        ),
        "points": list(Character.objects.order_by("pk").values("pk", "points")),
    }


def undone_back(fight, first, *later):
    """Run the command `first` and then `later` ones ((name, args) each) as the GM, then undo back to `first`'s log
    line as one command; returns (what undo must put back: the state after `first`, the state after undo_to)."""
    after_first = fight.gm(first[0], **first[1]).version
    kept_then = kept(fight.encounter)
    for name, args in later:
        fight.gm(name, **args)
    assert kept(fight.encounter) != kept_then, "the later commands changed nothing"
    outcome = fight.gm("undo_to", version=after_first)
    assert outcome.message.startswith(f"Undid {len(later)} commands back to #{after_first}: ")
    return kept_then, kept(fight.encounter)
