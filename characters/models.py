import hashlib
import secrets
from datetime import timedelta

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils import timezone

from combat.prepared import Prepared
from rules.models import Armour, Skill, Weapon
from rules.systems import GameSystem


def new_join_token():
    return secrets.token_urlsafe(16)


class Campaign(models.Model):
    name = models.CharField(max_length=120)
    system = models.CharField(max_length=20, choices=GameSystem.choices, db_index=True)
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


class JoinLinkQuerySet(models.QuerySet):
    def live(self):
        return self.filter(revoked__isnull=True, expires__gt=timezone.now())


class JoinLink(models.Model):
    """An invitation the GM sends: whoever follows it joins the campaign as a player, until it expires or the GM
    revokes it."""

    DAYS = (1, 3, 7, 14, 30)  # how long the GM may make a link last
    DEFAULT_DAYS = 7

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="join_links")
    token = models.CharField(max_length=40, unique=True, default=new_join_token)
    expires = models.DateTimeField()
    revoked = models.DateTimeField(null=True, blank=True)
    created = models.DateTimeField(auto_now_add=True)

    objects = JoinLinkQuerySet.as_manager()

    class Meta:
        ordering = ["expires"]

    def __str__(self):
        return f"Join link to {self.campaign}"

    @classmethod
    def issue(cls, campaign, days=DEFAULT_DAYS):
        return cls.objects.create(campaign=campaign, expires=timezone.now() + timedelta(days=days))

    def get_absolute_url(self):
        return reverse("join", args=[self.token])

    @property
    def expired(self):
        return self.expires <= timezone.now()


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
        default=dict, blank=True, help_text='Per system, e.g. {"I": 35, "Ag": 30} for WFRP 4e.'
    )
    fate = models.PositiveSmallIntegerField(default=0)
    fortune = models.PositiveSmallIntegerField(default=0)
    resilience = models.PositiveSmallIntegerField(default=0)
    resolve = models.PositiveSmallIntegerField(default=0)
    weapons = models.ManyToManyField(Weapon, blank=True, related_name="+")
    armour = models.ManyToManyField(Armour, blank=True, related_name="+")
    traits = models.JSONField(default=dict, blank=True, help_text='Creature traits with ratings, e.g. {"Champion": 2}.')
    points = models.JSONField(
        default=dict,
        blank=True,
        help_text='A game system\'s own counters, e.g. {"corruption_permanent": 1, "experience": 5} for Symbaroum.',
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

    def characteristic(self, key):
        return int(self.characteristics.get(key, 0) or 0)

    def point(self, key, default=0):
        return int(self.points.get(key, default) or 0)


class CharacterSkill(models.Model):
    character = models.ForeignKey(Character, on_delete=models.CASCADE, related_name="skills")
    skill = models.ForeignKey(Skill, on_delete=models.PROTECT, related_name="+")
    advances = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["skill__name"]
        constraints = [models.UniqueConstraint(fields=["character", "skill"], name="one_entry_per_skill")]

    def __str__(self):
        return f"{self.skill.name} +{self.advances}"


class ApiToken(models.Model):
    """A per-user bearer token for the JSON API; only its SHA-256 is stored."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_token")
    digest = models.CharField(max_length=64, unique=True)
    created = models.DateTimeField(auto_now_add=True)

    def __str__(self):
        return f"API token of {self.user}"

    @staticmethod
    def hash(raw):
        return hashlib.sha256(raw.encode()).hexdigest()

    @classmethod
    def issue(cls, user):
        """Replace the user's token with a new one and return the raw value (shown once)."""
        raw = secrets.token_urlsafe(32)
        cls.objects.update_or_create(user=user, defaults={"digest": cls.hash(raw)})
        return raw

    @classmethod
    def user_for(cls, raw):
        found = TOKEN_WITH_USER(cls.hash(raw))
        return found[0].user if found and found[0].user.is_active else None


# Every API call asks it, so its SQL is built once (combat/prepared.py): that took longer than the answer.
TOKEN_WITH_USER = Prepared(lambda digest: ApiToken.objects.filter(digest=digest).select_related("user"))
