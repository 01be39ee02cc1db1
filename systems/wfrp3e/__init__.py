"""WFRP 3e (seed 003_79f367e535d58255.txt): not written yet, so it runs as a plain tracker (initiative as typed,
ties rolled off) and is not offered for new campaigns."""

import systems
from systems.base import System


class Wfrp3e(System):
    key = "wfrp3e"
    label = "Warhammer Fantasy Roleplay 3e"
    short_label = "WFRP 3e"


SYSTEM = systems.register(Wfrp3e())
