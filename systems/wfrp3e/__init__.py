"""WFRP 3e (seed 003_79f367e535d58255.txt): its optional rule as a toggle, the character sheet and its form. Its
turns are not written yet, so it runs as a plain tracker (initiative as typed, ties rolled off) and is not offered
for new campaigns."""

import systems
from systems.base import System
from systems.wfrp3e import toggles
from systems.wfrp3e.commands import KEY
from systems.wfrp3e.state import Wfrp3eState


class Wfrp3e(System):
    key = KEY
    label = "Warhammer Fantasy Roleplay 3e"
    short_label = "WFRP 3e"
    toggles = toggles.TOGGLES
    State = Wfrp3eState
    partials = {
        "sheet_stats": "wfrp3e/sheet.html#stats",
    }

    def sheet(self, character):
        from systems.wfrp3e.sheet import Sheet

        return Sheet(character)

    def sheets(self, character_ids, with_characteristics=True):
        from systems.wfrp3e.sheet import sheets

        return sheets(character_ids)

    @property
    def character_form(self):
        from systems.wfrp3e.sheet_form import Wfrp3eCharacterForm

        return Wfrp3eCharacterForm


SYSTEM = systems.register(Wfrp3e())
