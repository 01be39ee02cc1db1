"""WFRP 3e's own reference data (rules/data/wfrp3e/), loaded by `loadrules` and edited in the admin."""

import re

from django.core.exceptions import ValidationError
from django.db import models

from rules.models import ReferenceData, Skill

# The symbols of WFRP 3e's dice an action card's effect lines name (seed 003 "Universal Dice Roll Effect"), each
# as a line writes one and several of them: "success", "2 boons", "chaos star".
WFRP3E_SYMBOLS = {
    "success": "successes",
    "righteous success": "righteous successes",
    "boon": "boons",
    "bane": "banes",
    "challenge": "challenges",
    "sigmar's comet": "sigmar's comets",
    "chaos star": "chaos stars",
    "delay": "delays",
    "exertion": "exertions",
}
SYMBOL_LINE = re.compile(
    rf"^(?:(?P<count>[1-9]) )?(?P<symbol>{'|'.join(map(re.escape, [*WFRP3E_SYMBOLS, *WFRP3E_SYMBOLS.values()]))})$"
)


def symbol_line_error(line):
    """Why `line` is not a symbol line ("success", "2 boons"), or "" when it is one: one symbol is written
    singular, several plural."""
    match = SYMBOL_LINE.match(line) if isinstance(line, str) else None
    if match is None:
        return f'"{line}": write a count and a symbol, e.g. "2 boons" or "chaos star".'
    plural = match["symbol"] not in WFRP3E_SYMBOLS
    if plural != (int(match["count"] or 1) > 1):
        return f'"{line}": one symbol is singular ("boon"), several plural ("2 boons").'
    return ""


class ActionCard(ReferenceData):
    """A WFRP 3e action a character takes in the middle of the turn (seed 003 "Active Player's Turn" › "Middle
    of Turn Phase (Action Card Resolution)"); once used it recharges, one token off each end of turn."""

    class Type(models.TextChoices):
        MELEE = "melee", "Melee"
        RANGED = "ranged", "Ranged"
        SUPPORT = "support", "Support"
        SPELL = "spell", "Spell"
        BLESSING = "blessing", "Blessing"
        DEFENCE = "defence", "Defence"

    type = models.CharField(max_length=10, choices=Type.choices)
    skill = models.ForeignKey(
        Skill, on_delete=models.PROTECT, null=True, blank=True, related_name="+", help_text="The check it makes."
    )
    recharge = models.PositiveSmallIntegerField(default=0, help_text="Recharge tokens put on it once used.")
    difficulty = models.PositiveSmallIntegerField(default=0, help_text="Challenge dice its check adds (0 to 4).")
    effects = models.JSONField(
        default=dict,
        blank=True,
        help_text='Each symbol line with its effect, in the card\'s order: {"success": "...", "2 boons": "..."}.',
    )
    sight = models.BooleanField(
        default=False, help_text="Its check needs the sense of sight: Blinded adds a challenge die to it."
    )
    preparation = models.PositiveSmallIntegerField(
        default=0, help_text="Preparation manoeuvres its performer spends on it the same turn, before playing it."
    )

    def clean(self):
        super().clean()
        if not isinstance(self.effects, dict) or not all(isinstance(text, str) for text in self.effects.values()):
            raise ValidationError({"effects": 'Map each symbol line to its effect text: {"success": "Hit."}.'})
        errors = [error for error in map(symbol_line_error, self.effects) if error]
        if errors:
            raise ValidationError({"effects": errors})
        if self.difficulty is not None and self.difficulty > 4:
            raise ValidationError({"difficulty": "A check is at most Daunting: 4 challenge dice."})


class Talent(ReferenceData):
    """A WFRP 3e talent, socketed with a manoeuvre; one that is not constant recharges after each use (seed 003
    "Maneuvers", items 2 and 3)."""

    class Type(models.TextChoices):
        FOCUS = "focus", "Focus"
        REPUTATION = "reputation", "Reputation"
        TACTIC = "tactic", "Tactic"
        FAITH = "faith", "Faith"
        ORDER = "order", "Order"

    type = models.CharField(max_length=12, choices=Type.choices)
    constant = models.BooleanField(default=False, help_text="Works while socketed, without recharging.")
    recharge = models.PositiveSmallIntegerField(default=4, help_text="Recharge tokens put on it once used.")


class ConditionCard(ReferenceData):
    """A WFRP 3e condition and how long it lasts (seed 003 "Condition Cards", "Condition Durations"). `cancels`
    names the card it cancels, by name, as the data files write it: the pairs name each other."""

    class Duration(models.TextChoices):
        BRIEF = "brief", "Brief"
        LINGERING = "lingering", "Lingering"
        DEPENDENT = "dependent", "Dependent"
        PERMANENT = "permanent", "Permanent"

    duration = models.CharField(max_length=10, choices=Duration.choices)
    cancels = models.CharField(max_length=100, blank=True, help_text="The condition card it cancels, if any.")

    def clean(self):
        super().clean()
        if self.cancels and not ConditionCard.objects.filter(system=self.system, name=self.cancels).exists():
            raise ValidationError({"cancels": f"There is no condition card called {self.cancels}."})


class CriticalWoundCard(ReferenceData):
    """A WFRP 3e critical wound: its severity and, in `description`, its effect (seed 003 "Impairments &
    Wounds"; healing recovers one of a severity no higher than the successes, "Healing & Recovery")."""

    severity = models.PositiveSmallIntegerField(default=1)

    class Meta(ReferenceData.Meta):
        ordering = ["system", "severity", "name"]
