"""An id larger than any row's (2**63 and more) answers 404 on every database, by page, form, API and websocket,
as a missing id does: SQLite would otherwise fail to bind it."""

import pytest

from tests.combat.test_consumers import connect, refused

pytestmark = pytest.mark.django_db

HUGE = [str(2**63), "99999999999999999999999"]


@pytest.mark.parametrize("huge", HUGE)
@pytest.mark.parametrize(
    "method, path",
    [
        ("get", "/encounters/{}/"),
        ("post", "/encounters/{}/do/next_turn/"),
        ("get", "/encounters/{}/attack/"),
        ("get", "/characters/{}/"),
        ("get", "/campaigns/{}/"),
        ("post", "/campaigns/{}/join-links/1/revoke/"),
        ("get", "/api/encounters/{}/"),
        ("post", "/api/encounters/{}/commands/"),
    ],
)
def test_a_huge_id_in_a_url_answers_404(table, method, path, huge):
    client = table.client(table.gm)
    response = getattr(client, method)(path.format(huge), HTTP_AUTHORIZATION=f"Bearer {table.token(table.gm)}")
    assert response.status_code == 404


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("huge", HUGE)
async def test_a_huge_encounter_id_opens_no_socket(table, huge):
    assert await refused(*(await connect(huge, table.anna))[:2])  # as a missing encounter is
