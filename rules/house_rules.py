"""The house-rule toggles of a game system, and reading a caller's choice of them."""

from rules.models import HouseRule

ALL = "all"
# What a caller may say for "every toggle": a campaign created "with house rules", or "<system key>_house".
ALL_ALIASES = {ALL, "house rules", "house_rules", "houserules"}


def rules_of(system):
    return list(HouseRule.objects.filter(system=system))


def toggle_keys(system):
    return [rule.key for rule in rules_of(system) if rule.is_toggle]


def normalise(system, names):
    """Keys of the toggles named by key or heading (any case); "all" means every toggle. ValueError for others."""
    if not isinstance(names, (list, tuple)) or not all(isinstance(name, str) for name in names):
        raise ValueError("houserules must be a list of house-rule names.")
    toggles = [rule for rule in rules_of(system) if rule.is_toggle]
    by_name = {rule.key: rule.key for rule in toggles} | {rule.name.lower(): rule.key for rule in toggles}
    if (ALL_ALIASES | {f"{system}_house"}) & {name.strip().lower() for name in names}:
        return [rule.key for rule in toggles]
    unknown = [name for name in names if name.strip().lower() not in by_name]
    if unknown:
        known = ", ".join(rule.name for rule in toggles) or "none for this game system"
        raise ValueError(f"Unknown house rule(s): {', '.join(unknown)}. Known: {ALL}, {known}.")
    chosen = {by_name[name.strip().lower()] for name in names}
    return [rule.key for rule in toggles if rule.key in chosen]


def grouped(system, in_force):
    """[(group, [(rule, on)])] in the document's order, text-only rules included (on is None for them)."""
    groups = {}
    for rule in rules_of(system):
        groups.setdefault(rule.group, []).append((rule, rule.key in in_force if rule.is_toggle else None))
    return list(groups.items())
