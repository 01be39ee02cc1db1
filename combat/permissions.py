"""Who may see or change an encounter: its campaign's GM, or a player of the campaign; a table screen's link shows
it to anyone, read-only."""

from dataclasses import dataclass

from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model, load_backend
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.models import AnonymousUser
from django.contrib.sessions.backends.db import SessionStore as DatabaseSessionStore
from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.crypto import constant_time_compare

from combat.models import Encounter, TableLink

GM = "gm"
PLAYER = "player"
# A screen the whole table watches (combat/models.py TableLink): it sees what a player with no character of their own
# sees, so every rule of what players may see holds for it (views_state.build treats every role but GM alike).
TABLE = "table"
TABLE_VIEWER = AnonymousUser()  # nobody: owns no character, runs no command


def role(encounter, user, player_ids=None):
    """GM, PLAYER or None; `player_ids`, the campaign's players when already read, saves asking the database."""
    gm_id = encounter.campaign.gm_id
    if player_ids is None and getattr(user, "is_authenticated", False) and user.pk != gm_id:
        player_ids = frozenset(encounter.campaign.players.filter(pk=user.pk).values_list("pk", flat=True))
    return role_by_ids(user, gm_id, player_ids or frozenset())


def role_by_ids(user, gm_id, player_ids):
    if not getattr(user, "is_authenticated", False):
        return None
    return GM if user.pk == gm_id else PLAYER if user.pk in player_ids else None


def session_users(sessions):
    """The user logged in to each of `sessions`, or AnonymousUser, checked as Django checks a request's (a logout,
    an expired session, a new password or a deactivated account ends it), with the sessions read in one statement
    and their users in another: a burst of phones connecting at once asks twice, not twice per phone.

    A session still signed with a SECRET_KEY_FALLBACKS key counts, where Django would also give it a new key: the
    socket cannot send the browser a new cookie, so its next page does that."""
    contents = session_contents(sessions)
    User = get_user_model()
    claims = [claim_of(content, User) for content in contents]
    bulk_ids = {user_id for user_id, backend in filter(None, claims) if reads_users_by_pk(backend)}
    found = User._default_manager.in_bulk(bulk_ids) if bulk_ids else {}
    users = []
    for content, claim in zip(contents, claims):
        user = None
        if claim is not None:
            user_id, backend = claim
            if reads_users_by_pk(backend):
                user = found.get(user_id)
                user = user if user is not None and backend.user_can_authenticate(user) else None
            else:
                user = backend.get_user(user_id)
        users.append(user if password_unchanged(user, content) else AnonymousUser())
    return users


def session_contents(sessions):
    """Each session's data; those the database engine keeps read in one statement, the others by their engine."""
    from_table = [read_from_table(session) for session in sessions]
    in_database = [session for session, in_table in zip(sessions, from_table) if in_table]
    stored = {}
    if in_database:
        model = in_database[0].model
        keys = {session.session_key for session in in_database}
        rows = model.objects.filter(session_key__in=keys, expire_date__gt=timezone.now())
        stored = dict(rows.values_list("session_key", "session_data"))
    return [
        (session.decode(stored[session.session_key]) if session.session_key in stored else {})
        if in_table
        else dict(session.items())
        for session, in_table in zip(sessions, from_table)
    ]


def read_from_table(session):
    """Whether the session loads as Django's database engine does: its engine is that engine or one that keeps its
    `load` (cached_db, which asks its cache first, overrides it; one that only keeps its sessions in a model of its
    own, as Django's documentation shows, does not). Asked of `__class__`: Channels hands the session over in a
    LazyObject, which passes that on."""
    engine = session.__class__
    return issubclass(engine, DatabaseSessionStore) and engine.load is DatabaseSessionStore.load


def claim_of(content, User):
    """(user id, authentication backend) a session's data names, or None."""
    try:
        user_id = User._meta.pk.to_python(content[SESSION_KEY])
        backend_path = content[BACKEND_SESSION_KEY]
    except (KeyError, ValidationError):
        return None
    return (user_id, load_backend(backend_path)) if backend_path in settings.AUTHENTICATION_BACKENDS else None


def reads_users_by_pk(backend):
    return type(backend).get_user is ModelBackend.get_user


def password_unchanged(user, content):
    """Whether the session was made with the user's current password (a new password ends the other sessions)."""
    if user is None or not hasattr(user, "get_session_auth_hash"):
        return user is not None
    claimed = content.get(HASH_SESSION_KEY)
    if not claimed:
        return False
    return constant_time_compare(claimed, user.get_session_auth_hash()) or any(
        constant_time_compare(claimed, fallback) for fallback in user.get_session_auth_fallback_hash()
    )


@dataclass(frozen=True)
class Access:
    """An encounter's version and who may see it, as just asked."""

    version: int
    gm_id: int
    player_ids: frozenset

    def role(self, user):
        return role_by_ids(user, self.gm_id, self.player_ids)


def access_to(encounter_ids):
    """{encounter id: Access} for those of `encounter_ids` that exist, asked afresh in one statement (connects)."""
    rows = Encounter.objects.filter(pk__in=encounter_ids).values_list(
        "pk", "version", "campaign__gm_id", "campaign__players"
    )
    found = {}
    for encounter_id, version, gm_id, player_id in rows:
        players = found[encounter_id][2] if encounter_id in found else set()
        if player_id is not None:
            players.add(player_id)
        found[encounter_id] = (version, gm_id, players)
    return {pk: Access(version, gm_id, frozenset(players)) for pk, (version, gm_id, players) in found.items()}


def table_link_encounter(token):
    """The encounter a live table link shows, or None for an unknown, revoked or expired one."""
    return TableLink.objects.live().filter(token=token).values_list("encounter_id", flat=True).first()
