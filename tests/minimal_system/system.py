"""Duel d20: the System the tracker knows it by."""

import systems
from systems.base import System
from systems.sheet_schema import Count, SheetSchema
from systems.state_fields import RowField
from tests.minimal_system.commands import DAZED, KEY  # the module registers its command


class Duel(System):
    key = KEY
    label = "Duel d20"
    short_label = "Duel"
    sheet_schema = SheetSchema(points={"renown": Count("Renown")})
    partials = {
        "gm_turn_tools": "duel/screens.html#gm_strike",
        "phone_my_turn": "duel/screens.html#phone_strike",
    }
    combatant_fields = (RowField("dazed", bool),)

    def wounds_word(self, encounter):
        return "Hit points"

    def extend_view(self, view, everyone):
        for row in view.rows:
            row.dazed = any(condition.name == DAZED for condition in row.conditions)


SYSTEM = systems.register(Duel())
