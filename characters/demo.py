"""The demo `make run` starts with: its logins, and each game system's demo campaign (`System.seed_demo`, from
systems/<key>/demo.py)."""

from django.contrib.auth import get_user_model

import systems
from characters.models import Campaign

# Demo logins for a local, throwaway database; printed by `make run`. The players are every demo's.
LOGINS = [
    ("admin", "admin"),
    ("gm", "gm"),
    ("anna", "anna"),
    ("bruno", "bruno"),
    ("clara", "clara"),
    ("dieter", "dieter"),
]


def ensure_users():
    User = get_user_model()
    users = {}
    for username, password in LOGINS:
        user, created = User.objects.get_or_create(username=username)
        if created:
            user.set_password(password)
            user.is_staff = user.is_superuser = username == "admin"
            user.save()
        users[username] = user
    return users


def users_and_campaign(name):
    """({username: user} of the demo's logins, made if need be; the demo campaign `name` if it exists, else None):
    each demo is made once."""
    users = ensure_users()
    return users, Campaign.objects.filter(name=name, gm=users["gm"]).first()


def seed_all():
    """Each game system's demo campaign, made once: [(campaign, created)]."""
    made = [system.seed_demo() for system in systems.REGISTRY.values()]
    return [campaign_and_created for campaign_and_created in made if campaign_and_created is not None]
