"""What a combatant may still do this turn, in every game: the parts a turn is spent in (a Move and an Action, a
Combat and a Movement Action, an action card and manoeuvres) and what conditions, impairments and states take from
them. Each system declares both (System.turn_parts, System.turn_limits); a command that spends a part asks
Context.may_spend, which refuses in the GM's words naming why ("Stunned: no Action this turn"), unless the GM allows
it anyway. The turn order passes over whoever a limit leaves no turn (System.why_no_turn)."""

from dataclasses import dataclass


@dataclass(frozen=True)
class Part:
    """One kind of thing a turn is spent in, and how many of it the combatant has left."""

    key: str  # "action"
    label: str  # "Action", as the table says it
    left: int = 1
    spent: str = ""  # why none is left once spent, when more than "no Action left this turn" is worth saying
    more_at_a_cost: str = ""  # once none is left, more may still be had at this cost: nothing is refused


@dataclass(frozen=True)
class Limit:
    """What one condition, impairment or state does to its bearer's turn."""

    cause: str  # "Stunned", "Unconscious", "Fumble"
    text: str  # "no Action", in the table's words
    removes: tuple = ()  # the keys of the parts it takes away
    no_turn: bool = False  # the combatant takes no turn at all

    def takes(self, key):
        return self.no_turn or key in self.removes

    def __str__(self):
        return f"{self.cause}: {self.text}"


@dataclass(frozen=True)
class Budget:
    """A combatant's turn as it stands: the parts left (on their own turn only) and the limits on it."""

    parts: tuple = ()
    limits: tuple = ()

    def part(self, key):
        return next((part for part in self.parts if part.key == key), None)

    def refusal(self, key, label=""):
        """Why the combatant cannot spend the part `key` now, in the GM's words, or ""."""
        limit = next((limit for limit in self.limits if limit.takes(key)), None)
        if limit is not None:
            return str(limit) if limit.no_turn else f"{limit} this turn"
        part = self.part(key)
        if part is not None and part.left <= 0 and not part.more_at_a_cost:
            return part.spent or f"no {part.label} left this turn"
        return ""

    @property
    def no_turn(self):
        return next((limit for limit in self.limits if limit.no_turn), None)

    def taken(self, key):
        """The limit that takes the part `key` away, or None."""
        return next((limit for limit in self.limits if limit.takes(key)), None)

    @property
    def gone(self):
        """{part key: the limit that takes it} for the screens."""
        return {part.key: self.taken(part.key) for part in self.parts if self.taken(part.key)}

    @property
    def shown(self):
        """[(label, left, why)] for the screens: each part with what is left of it, and the limit that took it."""
        shown = []
        for part in self.parts:
            limit = self.taken(part.key)
            why = str(limit) if limit else part.more_at_a_cost
            shown.append((part.label, 0 if limit else part.left, why))
        return shown
