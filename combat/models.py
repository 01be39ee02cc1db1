from django.conf import settings
from django.db import models
from django.urls import reverse

from characters.models import Campaign, Character, ExpiringLink
from rules.models import ConditionDefinition


class Encounter(models.Model):
    class Status(models.TextChoices):
        PLANNING = "planning", "Planning"
        ACTIVE = "active", "In combat"
        ENDED = "ended", "Ended"

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="encounters")
    name = models.CharField(max_length=120)
    house_rules = models.JSONField(default=list, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PLANNING)
    round = models.PositiveIntegerField(default=0)
    active = models.ForeignKey("Combatant", on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    pools = models.JSONField(default=dict, blank=True, help_text="The game system's state (see Encounter.state).")
    version = models.PositiveIntegerField(default=0)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created"]

    def __str__(self):
        return self.name

    def get_absolute_url(self):
        return reverse("encounter", args=[self.pk])

    @property
    def system(self):
        return self.campaign.system

    @property
    def turn(self):
        """Which turn it is, as the screens compare it: a form drawn for an earlier turn follows the new one."""
        return f"{self.round}:{self.active_id or ''}"

    @property
    def state(self):
        """The game system's typed state, read from `pools` once (again after undo puts other pools back); the
        spine writes it back with the command (`save_state`)."""
        if getattr(self, "_state_of", None) is not self.pools:
            import systems

            self._system_state = systems.get(self.system).State.load(self.pools)
            self._state_of = self.pools
        return self._system_state

    def save_state(self):
        if getattr(self, "_state_of", None) is self.pools:
            self.pools = self._system_state.dump()

    def plays(self, toggle):
        """Is `toggle` (a house or optional rule, a `systems.Toggle` constant of this encounter's system) in force?"""
        if toggle is None:
            return False
        if not hasattr(toggle, "key"):
            raise TypeError(f"plays() takes a Toggle constant of the system, not {toggle!r}.")
        return toggle.key in self.house_rules


class KnownAs(models.TextChoices):
    NAME = "name", "By name"
    TYPE = "type", "Type only"
    UNKNOWN = "unknown", "Unknown creature"


class WoundsShown(models.TextChoices):
    HIDDEN = "hidden", "Hidden"
    WORD = "word", "In a word"
    EXACT = "exact", "Exactly"


class Combatant(models.Model):
    class Side(models.TextChoices):
        ALLY = "ally", "Ally"
        ADVERSARY = "adversary", "Adversary"
        NEUTRAL = "neutral", "Neutral"

    encounter = models.ForeignKey(Encounter, on_delete=models.CASCADE, related_name="combatants")
    character = models.ForeignKey(
        Character, on_delete=models.SET_NULL, null=True, blank=True, related_name="combatants"
    )
    name = models.CharField(max_length=120)
    side = models.CharField(max_length=10, choices=Side.choices, default=Side.ADVERSARY)
    initiative = models.IntegerField(null=True, blank=True)
    position = models.PositiveIntegerField(default=0, help_text="Place in the turn order, 0 first.")
    wounds = models.IntegerField(default=10)
    max_wounds = models.PositiveIntegerField(default=10)
    hidden = models.BooleanField(default=False, help_text="Hidden from players until revealed.")
    # What players know of an NPC (combat/known.py); a player character is always known by name, its wounds exactly.
    known_as = models.CharField(
        max_length=10, choices=KnownAs.choices, default=KnownAs.NAME, help_text="What players call this NPC."
    )
    kind = models.CharField(
        max_length=120, blank=True, help_text='What players call it at "type only" ("a goblin"); blank: its kind.'
    )
    wounds_shown = models.CharField(
        max_length=10,
        choices=WoundsShown.choices,
        default=WoundsShown.HIDDEN,
        help_text="What players see of its wounds.",
    )

    class Meta:
        ordering = ["position", "pk"]

    def __str__(self):
        return self.name

    @property
    def player_id(self):
        return self.character.player_id if self.character_id else None

    @property
    def is_npc(self):
        return not (self.character_id and not self.character.is_npc)

    @property
    def wound_percent(self):
        if not self.max_wounds:
            return 0
        return max(0, min(100, round(100 * self.wounds / self.max_wounds)))


class ConditionInstance(models.Model):
    combatant = models.ForeignKey(Combatant, on_delete=models.CASCADE, related_name="conditions")
    definition = models.ForeignKey(ConditionDefinition, on_delete=models.PROTECT, related_name="+")
    count = models.PositiveIntegerField(default=1)
    remaining = models.PositiveIntegerField(null=True, blank=True, help_text="Rounds left; empty means until removed.")

    class Meta:
        ordering = ["definition__name"]
        constraints = [
            models.UniqueConstraint(fields=["combatant", "definition"], name="one_instance_per_condition"),
        ]

    def __str__(self):
        return f"{self.definition.name} ×{self.count}"

    @property
    def name(self):
        return self.definition.name


class LogEntry(models.Model):
    """One applied command: who, what, arguments, result, and the state needed to undo it."""

    encounter = models.ForeignKey(Encounter, on_delete=models.CASCADE, related_name="log")
    version = models.PositiveIntegerField(help_text="Encounter version this command produced.")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+")
    command = models.CharField(max_length=40)
    args = models.JSONField(default=dict, blank=True)
    result = models.JSONField(default=dict, blank=True)
    message = models.TextField()
    undo_state = models.JSONField(null=True, blank=True, help_text="Encounter state before the command.")
    undone = models.BooleanField(default=False)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-version"]
        constraints = [
            models.UniqueConstraint(fields=["encounter", "version"], name="one_log_entry_per_version"),
        ]

    def __str__(self):
        return f"#{self.version} {self.message}"


class CombatantGroup(models.Model):
    """A band the GM saved from an encounter to start others with: each member as it joined, at full wounds."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="combatant_groups")
    name = models.CharField(max_length=120)
    members = models.JSONField(
        default=list, help_text='[{"character": id or null, "name", "side", "hidden", "max_wounds"}, ...]'
    )
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "pk"]

    def __str__(self):
        return self.name


class TableLink(ExpiringLink):
    """A read-only address for a screen the whole table watches (a TV, a projector): whoever opens it sees the fight
    as a player with no character of their own does, without logging in, until it expires or the GM revokes it."""

    DEFAULT_DAYS = 1  # a game night

    encounter = models.ForeignKey(Encounter, on_delete=models.CASCADE, related_name="table_links")

    class Meta(ExpiringLink.Meta):
        pass

    def __str__(self):
        return f"Table screen of {self.encounter}"

    def get_absolute_url(self):
        return reverse("table-screen", args=[self.token])
