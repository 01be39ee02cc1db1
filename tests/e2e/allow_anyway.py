"""The GM's "Allow anyway" on a refusal by the turn's budget, and the condition that brings it, as the browser tests
drive them."""

from unittest.mock import ANY
from urllib.parse import parse_qs

from playwright.sync_api import expect

from tests.e2e.test_live_encounter import open_row_tools
from tests.e2e.test_symbaroum_fight import settled


def give_condition(gm, encounter, combatant_pk, condition, rounds=""):
    """The GM gives `condition` (for `rounds`, when given) with the combatant's row tools."""
    settled(gm, encounter)
    open_row_tools(gm.locator(f"#combatant-{combatant_pk}"))
    form = gm.locator(f"#add-condition-{combatant_pk}")
    form.locator("select[name=condition]").select_option(condition)
    form.locator("input[name=remaining]").fill(rounds)
    form.get_by_role("button", name="Add").click()


def offered(gm, refusal):
    """The GM's flash shows `refusal` and offers to allow it anyway: the button."""
    flash = gm.locator("#flash")
    expect(flash).to_contain_text(refusal)
    allow = flash.locator("#allow-anyway")
    expect(allow).to_be_visible()
    return allow


def allowed(gm, encounter, allow, sent, logged):
    """Click Allow anyway: the same command (`sent`: its arguments as posted) goes again at the version the screen
    shows, allowed anyway; the flash and the log's newest line say `logged`, and nothing is offered any more."""
    encounter.refresh_from_db()
    with gm.expect_request(lambda request: request.method == "POST") as request:
        allow.click()
    assert parse_qs(request.value.post_data) == {
        "csrfmiddlewaretoken": ANY, **{name: [value] for name, value in sent.items()}, "allow_anyway": ["true"],
        "expected_version": [str(encounter.version)],
    }  # fmt: skip
    expect(gm.locator("#flash.success")).to_contain_text(logged)
    expect(gm.locator("#log li").first).to_contain_text(logged)
    expect(gm.locator("#flash #allow-anyway")).to_have_count(0)
