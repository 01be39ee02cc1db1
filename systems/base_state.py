"""A game system's encounter state: one typed structure per system, every key declared once, stored as JSON in
`Encounter.pools` so that the undo snapshot (a copy of that JSON) restores it whole."""

import copy
import dataclasses


@dataclasses.dataclass
class EncounterState:
    """No state of its own: systems that keep some subclass this with their fields (JSON values only)."""

    @classmethod
    def load(cls, data):
        """The state held in `data` (Encounter.pools); a key no field declares is an error, never dropped silently."""
        unknown = set(data or {}) - {f.name for f in dataclasses.fields(cls)}
        if unknown:
            raise ValueError(f"{cls.__name__} declares no {', '.join(sorted(unknown))}.")
        return cls(**copy.deepcopy(data or {}))

    def dump(self):
        """JSON for Encounter.pools; fields still at their default are left out, so the stored JSON stays small."""
        defaults = type(self)()
        return {
            f.name: copy.deepcopy(getattr(self, f.name))
            for f in dataclasses.fields(self)
            if getattr(self, f.name) != getattr(defaults, f.name)
        }
