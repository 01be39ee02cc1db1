"""The GM's form for a WFRP 4e character: the generic sheet plus the core rules' Fate, Fortune, Resilience and
Resolve, which the tracker spends (seed 002 "Suprise": Resolve; seed 000 "Fortune Points": Fortune)."""

from characters.forms import CharacterForm
from systems.wfrp4e.sheet import POINTS


class Wfrp4eCharacterForm(CharacterForm):
    points = tuple(POINTS)
    counters = POINTS
