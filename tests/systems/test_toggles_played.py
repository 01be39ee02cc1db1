"""A house-rule toggle the GM switches on is played: some command, screen or engine function reads it. The toggles no
code reads yet are listed here by name, each system's list exact, so a new toggle nobody reads fails, and so does a
listed one once it is modelled (take it off the list). docs/rules.md says the same per seed heading."""

import re
from importlib import import_module
from inspect import getsource, isfunction
from pathlib import Path

import pytest

import systems
from systems.base import Toggle

ROOT = Path(__file__).resolve().parents[2]

NOT_YET_READ = {
    "wfrp4e": set(),
    "symbaroum": set(),
}
# Rules that never touch a fight or its aftermath: the tracker leaves them to the table on purpose.
OUTSIDE_A_FIGHT = {"symbaroum": {"TRADE_IN_USED_GOODS"}}


def toggle_constants(module):
    return {name: value for name, value in vars(module).items() if isinstance(value, Toggle)}


def code_reading(key, package):
    """The text of the code that may read a system's toggles: its package (but its toggles module), its templates
    and the rules engine."""
    places = [ROOT / package.replace(".", "/"), ROOT / "templates" / key, ROOT / "rules" / "engine"]
    texts = []
    for place in places:
        for path in place.rglob("*") if place.exists() else ():
            if path.suffix in (".py", ".html") and path.name != "toggles.py" and "migrations" not in path.parts:
                texts.append(path.read_text())
    return "\n".join(texts)


def read_names(module, code):
    """The toggle constants the code names, directly or through a table of toggles in the toggles module (other
    than TOGGLES itself) that the code, or a function of that module the code calls, uses."""
    constants = toggle_constants(module)
    read = {name for name in constants if re.search(rf"\b{name}\b", code)}
    used_functions = [
        value for name, value in vars(module).items() if isfunction(value) and re.search(rf"\b{name}\b", code)
    ]
    for name, value in vars(module).items():
        if name == "TOGGLES" or not isinstance(value, (dict, tuple, list, set, frozenset)):
            continue
        members = value.values() if isinstance(value, dict) else value
        if not members or not all(isinstance(member, Toggle) for member in members):
            continue
        if re.search(rf"\b{name}\b", code) or any(re.search(rf"\b{name}\b", getsource(f)) for f in used_functions):
            read |= {constant for constant, toggle in constants.items() if toggle in members}
    return read


@pytest.mark.parametrize("key", sorted(key for key, system in systems.REGISTRY.items() if system.toggles))
def test_every_toggle_is_read_by_some_code_but_those_listed_as_not_yet(key):
    package = type(systems.get(key)).__module__.rpartition(".")[0]
    module = import_module(f"{package}.toggles")
    unread = set(toggle_constants(module)) - read_names(module, code_reading(key, package))
    assert unread - OUTSIDE_A_FIGHT.get(key, set()) == NOT_YET_READ.get(key, set())
