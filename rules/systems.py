"""The game-system field of campaigns and reference data."""


def choices():
    """(key, label) of each registered game system (systems.REGISTRY). The fields take this function, not its list,
    so no migration records which systems exist: adding one adds no migration to the generic apps."""
    import systems

    return [(system.key, system.label) for system in systems.REGISTRY.values()]
