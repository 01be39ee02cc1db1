"""Pushes bring only the parts that changed, the GM's turn order row by row: after every command, in each system, the
GM's screen and a player's phone as the pushes left them show exactly what the same page shows when loaded afresh."""

import json
import re
import urllib.request

import pytest
from playwright.sync_api import expect

from characters.models import ApiToken
from combat.models import Encounter
from tests.e2e.test_live_encounter import LAPTOP, PHONE
from tests.e2e.test_symbaroum_fight import road  # noqa: F401 (fixture)
from tests.e2e.test_wfrp3e_fight import storm  # noqa: F401 (fixture)
from tests.e2e.test_wfrp4e_fight import ambush  # noqa: F401 (fixture)

# What differs between two renders of the same version and is not state: the versions parts were drawn at, the
# CSRF token's masking, htmx's own bookkeeping, and whitespace.
NOT_STATE = [
    (re.compile(r' data-version="\d+"'), ""),
    (re.compile(r'name="csrfmiddlewaretoken" value="[^"]*"'), 'name="csrfmiddlewaretoken"'),
    (re.compile(r' class=""'), ""),
    (re.compile(r"\s+"), " "),
    (re.compile(r"> <"), "><"),
]

PARTS = """() => Object.fromEntries([...document.querySelectorAll("[id][data-version]")]
    .filter((part) => !part.parentElement.closest("[id][data-version]") || part.tagName === "TR")
    .map((part) => [part.id, part.outerHTML]))"""


def state_of(page):
    parts = page.evaluate(PARTS)
    for pattern, replacement in NOT_STATE:
        parts = {key: pattern.sub(replacement, html) for key, html in parts.items()}
    return parts


def command(server, encounter, token, name, **args):
    request = urllib.request.Request(
        f"{server.url}/api/encounters/{encounter.pk}/commands/",
        data=json.dumps({"command": name, "args": args}).encode(),
        headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())["version"]


def assert_live_equals_fresh(viewer, live, path, version):
    """The live page, once it shows `version`, has every part as a fresh load of the page draws it."""
    expect(live.locator("#encounter-version")).to_have_attribute("data-version", str(version))
    fresh = viewer.context.new_page()
    fresh.goto(viewer.base_url + path)
    expect(fresh.locator("#encounter-version")).to_have_attribute("data-version", str(version))
    # Its socket open, as the live page's is: the pinned part says "live" only then (combat/freshness.html).
    expect(fresh.locator("[data-connection]").first).to_have_text("live")
    wanted = state_of(fresh)
    fresh.close()
    shown = state_of(live)
    assert shown.keys() == wanted.keys()
    for part in wanted:
        assert shown[part] == wanted[part], f"{part} after version {version}"


def combatants(encounter):
    return list(encounter.combatants.order_by("position", "pk"))


def generic_commands(encounter):
    """Commands every system runs, touching one row, two rows, the order and the round."""
    first, second, *_, last = combatants(encounter)
    yield "apply_damage", {"combatant": last.pk, "amount": 2}
    yield "next_turn", {}
    yield "heal", {"combatant": last.pk, "amount": 1}
    yield "hide_combatant", {"combatant": second.pk}
    yield "reveal_combatant", {"combatant": second.pk}
    yield "move_combatant", {"combatant": last.pk, "position": 0}
    yield "next_turn", {}
    yield "undo", {}


@pytest.mark.parametrize("fight", ["ambush", "road", "storm"])
def test_live_screens_equal_freshly_loaded_ones_after_every_command(fight, request, login, asgi_server):
    encounter = request.getfixturevalue(fight)
    path = f"/encounters/{encounter.pk}/"
    gm_viewer, anna_viewer = login("gm", **LAPTOP), login("anna", **PHONE)
    gm, anna = gm_viewer.open(path), anna_viewer.open(path)
    token = ApiToken.issue(encounter.campaign.gm)
    commands = list(generic_commands(encounter))
    if Encounter.objects.get(pk=encounter.pk).system != "wfrp3e":  # it keeps its own condition cards
        commands.insert(2, ("add_condition", {"combatant": combatants(encounter)[0].pk, "condition": "Prone"}))
    for name, args in commands:
        version = command(asgi_server, encounter, token, name, **args)
        assert_live_equals_fresh(gm_viewer, gm, path, version)
        assert_live_equals_fresh(anna_viewer, anna, path, version)
    assert not gm_viewer.errors and not anna_viewer.errors
