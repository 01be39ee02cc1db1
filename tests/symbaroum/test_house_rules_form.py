"""The house-rules form of a Symbaroum encounter sends one name per ticked box: any number of them is taken."""

from systems.symbaroum import toggles


def test_the_gm_can_tick_more_than_twenty_rules(fight):
    ticked = [toggle.key for toggle in toggles.TOGGLES if toggle is not toggles.VARIANT]
    assert len(ticked) > 20
    client = fight.table.client(fight.table.gm)
    client.post(f"/encounters/{fight.encounter.pk}/do/set_house_rules/", {"rules": ticked})
    fight.encounter.refresh_from_db()
    assert sorted(fight.encounter.house_rules) == sorted(ticked)
