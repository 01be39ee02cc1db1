import hashlib
import secrets
from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import models, transaction
from django.urls import reverse
from django.utils import timezone

from combat.prepared import Read
from rules import systems as game_systems
from rules.models import Armour, Skill, Weapon


def new_join_token():
    return secrets.token_urlsafe(16)


class Campaign(models.Model):
    name = models.CharField(max_length=120)
    system = models.CharField(max_length=20, choices=game_systems.choices, db_index=True)
    house_rules = models.JSONField(default=list, blank=True, help_text="Names of the house-rule toggles in force.")
    gm = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="campaigns_run")
    players = models.ManyToManyField(settings.AUTH_USER_MODEL, related_name="campaigns_played", blank=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self):
        return self.name

    def get_absolute_url(self):
        return reverse("campaign", args=[self.pk])

    def is_member(self, user):
        return user.pk == self.gm_id or self.players.filter(pk=user.pk).exists()


class ExpiringLinkQuerySet(models.QuerySet):
    def live(self):
        return self.filter(revoked__isnull=True, expires__gt=timezone.now())


class ExpiringLink(models.Model):
    """An address the GM hands out, good until it expires or the GM revokes it; revoking keeps the row, so whoever
    follows it later is told it was withdrawn."""

    DAYS = (1, 3, 7, 14, 30)  # how long the GM may make a link last
    DEFAULT_DAYS = 7

    token = models.CharField(max_length=40, unique=True, default=new_join_token)
    expires = models.DateTimeField()
    revoked = models.DateTimeField(null=True, blank=True)
    created = models.DateTimeField(auto_now_add=True)

    objects = ExpiringLinkQuerySet.as_manager()

    class Meta:
        abstract = True
        ordering = ["expires"]

    @classmethod
    def issue(cls, days=None, **owner):
        return cls.objects.create(expires=timezone.now() + timedelta(days=days or cls.DEFAULT_DAYS), **owner)

    @property
    def expired(self):
        return self.expires <= timezone.now()

    @property
    def live(self):
        return self.revoked is None and not self.expired

    def revoke(self):
        if self.revoked is None:
            self.revoked = timezone.now()
            self.save(update_fields=["revoked"])


class JoinLink(ExpiringLink):
    """An invitation the GM sends: whoever follows it joins the campaign as a player, until it expires or the GM
    revokes it."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="join_links")

    class Meta(ExpiringLink.Meta):
        pass

    def __str__(self):
        return f"Join link to {self.campaign}"

    @classmethod
    def issue(cls, campaign, days=ExpiringLink.DEFAULT_DAYS):
        return super().issue(days, campaign=campaign)

    def get_absolute_url(self):
        return reverse("join", args=[self.token])


class Character(models.Model):
    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="characters")
    name = models.CharField(max_length=120)
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="characters",
        help_text="The player who claimed this character; empty for NPCs and unclaimed characters.",
    )
    is_npc = models.BooleanField(default=False)
    max_wounds = models.PositiveIntegerField(default=10)
    characteristics = models.JSONField(
        default=dict, blank=True, help_text='By the game system\'s abbreviations, e.g. {"I": 35, "Ag": 30}.'
    )
    weapons = models.ManyToManyField(Weapon, blank=True, related_name="+")
    armour = models.ManyToManyField(Armour, blank=True, related_name="+")
    traits = models.JSONField(default=dict, blank=True, help_text='Creature traits with ratings, e.g. {"Champion": 2}.')
    points = models.JSONField(
        default=dict,
        blank=True,
        help_text="The counters the game system keeps on its sheets, each a name with its value.",
    )
    abilities = models.JSONField(
        default=dict, blank=True, help_text='Abilities and powers with their level, e.g. {"Iron Fist": "Adept"}.'
    )
    notes = models.TextField(blank=True, help_text="The player's own notes.")
    gm_notes = models.TextField(blank=True, help_text="Seen only by the GM.")

    class Meta:
        ordering = ["is_npc", "name"]

    def __str__(self):
        return self.name

    @property
    def system(self):
        return self.campaign.system

    def clean(self):
        """What no screen of its game reads is refused, whichever door the sheet comes through (the sheet form, a
        character file, a campaign backup, the admin): each game system says what its sheet holds."""
        import systems  # the systems' packages import this module

        if self.campaign_id is None:
            return
        problems = systems.get(self.system).sheet_schema.problems(self)
        if problems:
            raise ValidationError(problems)

    # The reads below take a value stored before sheets were checked, that no screen can read, as nothing: the
    # fight goes on, and the sheet shows the GM the problem (SheetSchema.problems).

    @property
    def characteristic_values(self):
        """{name: value} of the characteristics a screen can read."""
        stored = self.characteristics if isinstance(self.characteristics, dict) else {}
        return {name: value for name, value in stored.items() if type(value) is int}

    def characteristic(self, key):
        value = self.characteristics.get(key, 0) if isinstance(self.characteristics, dict) else 0
        return value if type(value) is int else 0

    def trait_rating(self, name):
        """A trait's rating; 0 for a trait without one (or none a screen can read), or not there."""
        value = self.traits.get(name, 0) if isinstance(self.traits, dict) else 0
        return value if type(value) is int else 0

    def point(self, key, default=0):
        """A counter kept in `points`."""
        value = self.points.get(key, default) if isinstance(self.points, dict) else default
        return value if type(value) is int else default

    def points_with(self, **changed):
        """The counters in `points` with `changed` put in, as a new dict (undo keeps the old one)."""
        return {**(self.points if isinstance(self.points, dict) else {}), **changed}

    def named(self, key):
        """A mapping kept in `points` ({name: value}), or {}."""
        value = self.points.get(key) if isinstance(self.points, dict) else None
        return value if isinstance(value, dict) else {}


class CharacterSkill(models.Model):
    character = models.ForeignKey(Character, on_delete=models.CASCADE, related_name="skills")
    skill = models.ForeignKey(Skill, on_delete=models.PROTECT, related_name="+")
    advances = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["skill__name"]
        constraints = [models.UniqueConstraint(fields=["character", "skill"], name="one_entry_per_skill")]

    def __str__(self):
        return f"{self.skill.name} +{self.advances}"


class ApiTokenQuerySet(models.QuerySet):
    def live(self):
        """Not revoked: expired ones stay listed, so their owner sees why a script is refused."""
        return self.filter(revoked__isnull=True)

    def revoke(self):
        return self.live().update(revoked=timezone.now())


class ApiToken(models.Model):
    """A bearer token for the JSON API, and only for it (characters/middleware.py). A user holds several, each named
    for the script that uses it; only the SHA-256 of the raw value is stored."""

    class Scope(models.TextChoices):
        FULL = "full", "Full access"
        READ_ONLY = "read", "Read-only"

    NAME_LENGTH = 60
    DEFAULT_NAME = "API token"
    # API calls come every few seconds: writing the last use at each would cost every call a query.
    LAST_USE_PRECISION = timedelta(minutes=1)

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens")
    name = models.CharField(max_length=NAME_LENGTH)
    scope = models.CharField(
        max_length=4,
        choices=Scope.choices,
        default=Scope.FULL,
        help_text="Full access reads and acts as the user; read-only only reads.",
    )
    digest = models.CharField(max_length=64, unique=True)
    created = models.DateTimeField(auto_now_add=True)
    last_used = models.DateTimeField(null=True, blank=True, help_text="To the minute.")
    expires = models.DateTimeField(null=True, blank=True, help_text="Empty: it never expires.")
    revoked = models.DateTimeField(null=True, blank=True)

    objects = ApiTokenQuerySet.as_manager()

    class Meta:
        ordering = ["-created"]
        constraints = [
            models.UniqueConstraint(
                fields=["user", "name"], condition=models.Q(revoked__isnull=True), name="one_live_token_per_name"
            )
        ]

    def __str__(self):
        return f"{self.name} of {self.user}"

    @staticmethod
    def hash(raw):
        return hashlib.sha256(raw.encode()).hexdigest()

    @classmethod
    def issue(cls, user, name=DEFAULT_NAME, scope=Scope.FULL, expires=None):
        """A new token for `user`; returns its raw value, shown once. It replaces the user's live token of the same
        name: a name stands for the script that holds the token."""
        raw = secrets.token_urlsafe(32)
        with transaction.atomic():
            # Two requests issuing the same name at once (a double click) take turns: the second replaces the first.
            get_user_model().objects.select_for_update().filter(pk=user.pk).exists()
            cls.objects.filter(user=user, name=name).revoke()
            cls.objects.create(user=user, name=name, scope=scope, expires=expires, digest=cls.hash(raw))
        return raw

    @classmethod
    def authenticate(cls, raw):
        """(token, None) for a token that may be used now, with its user; else (None, the refusal in words)."""
        found = TOKEN_WITH_USER(cls.hash(raw))
        token = found[0] if found else None
        if token is None or not token.user.is_active:
            return None, "Invalid API token."
        if token.revoked is not None:
            return None, "This API token was revoked."
        if token.expired:
            return None, "This API token has expired."
        return token, None

    @property
    def expired(self):
        return self.expires is not None and self.expires <= timezone.now()

    @property
    def read_only(self):
        return self.scope == self.Scope.READ_ONLY

    def note_use(self):
        """Record that the token was used now, unless that was already known to the minute."""
        now = timezone.now()
        if self.last_used is None or now - self.last_used >= self.LAST_USE_PRECISION:
            ApiToken.objects.filter(pk=self.pk).update(last_used=now)
            self.last_used = now

    def revoke(self):
        if self.revoked is None:
            self.revoked = timezone.now()
            self.save(update_fields=["revoked"])


# Every API call asks it, so its SQL is written once (combat/prepared.py): Django building it took longer than the
# answer.
TOKEN_WITH_USER = Read(ApiToken, "{digest} = %s", related=["user"], order_by=())
