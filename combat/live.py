"""Live views read once and rendered once per version in each server process, sent as the parts that changed
(docs/architecture.md "Live updates").

A change reaches all of an encounter's sockets in a process at about the same moment. The first socket to ask for
the new version reads the encounter (`views_state.read`); every distinct viewer's view is built from that one read
and rendered once, then each socket sends only the parts that differ from what it last sent. The GM's turn order goes
row by row, so one combatant's damage sends one row.

The sockets' reads and renders run on Channels' single database thread (`database_sync_to_async`), one call at a
time; the sockets told of a change while one runs go there together in the next (`views_for`, combat/batching.py),
and a socket whose viewer's view of the version is already rendered takes it without the trip (`ready_view`). A
command's answer runs in its request's thread: it reads the version it made and hands that read over
(`execute_for_answer`), so the reads kept are shared under a lock.

Across processes: before its change is told, the process that ran the command renders from that read the views the
other processes asked for and puts them in the cache (`share`), where those processes take them instead of reading
and rendering the version again (`take_shared`). Only views one version past what a socket shows, with no rules
data changed between, are shared: any other socket goes the way above.
"""

import logging
import re
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from functools import cached_property

from django.contrib.auth import get_user_model
from django.core.cache import caches

from combat import commands, permissions, reads, views_state
from combat.models import Encounter
from combat.rendering import VERSION_PLACEHOLDER, live_fragments

logger = logging.getLogger(__name__)

ENCOUNTERS_KEPT = 256  # the most encounters whose newest read a process keeps
VERSION_FRESH_FOR = 1.0  # seconds a process's sockets share one look at an encounter's current version
SHARED_FOR = 60  # seconds a view rendered for the other processes stays in the cache
# Seconds a viewer whose sockets follow an encounter in another process, and who found no view shared there, stays
# asked for (`share`): after they leave, the process running commands renders their view that long for nobody.
WANTED_FOR = 600
ASK_AGAIN = WANTED_FOR / 2  # seconds after which a process asks again for the viewers it was sent views of
# One cache client for the whole process: `django.core.cache.cache` is one per async context, and each change's
# sharing runs in a context of its own, so it would connect to Redis afresh every time.
cache = caches["default"]

# A live part is a top-level element with an id that htmx swaps out of band; the GM's turn order also swaps row by row.
OUT_OF_BAND = 'hx-swap-oob="true"'
ID = re.compile(r'\bid="([^"]+)"')
ROW = re.compile(r'<tr id="(combatant-\d+)"')
ROW_END = "</tr>"
ROWS_OF = "initiative"
# A list drawn newest first (the log) whose new version only adds lines at its top sends just those lines.
NEWEST_FIRST = re.compile(r'<ol [^>]*?id="([^"]+)"[^>]*? data-newest-first="\d+"[^>]*>(.*?)</ol>', re.S)
NEWEST_FIRST_MARK = " data-newest-first="  # a plain search first: only the log has one
LINE = re.compile(r"<li\b.*?</li>", re.S)
# Every part carries the version it was rendered at; a part is unchanged when all but that is the same.
VERSION_MARK = re.compile(r' data-version="\d+"')


def fingerprint(html):
    return hash(VERSION_MARK.sub("", html))


@dataclass
class Part:
    id: str
    html: str
    key: int
    rows: list = None  # the turn order's rows, each a RowPart, when this part goes row by row
    frame: int = None  # the part without its rows' insides: its heading and which rows in which order
    lines: "NewestFirst" = None  # its list drawn newest first, when it has one


@dataclass
class RowPart:
    """A GM row as drawn, its version still the stand-in: the same key from one version to the next, where the row
    holds, without taking its version out. Most rows of a push are not sent, so only a sent one is made ready."""

    id: str
    drawn: str
    key: int
    version: str

    @cached_property
    def html(self):
        return self.drawn.replace("<tr ", f"<tr {OUT_OF_BAND} ", 1).replace(VERSION_PLACEHOLDER, self.version)


@dataclass
class NewestFirst:
    id: str
    html: list  # each line's <li>
    keys: tuple  # each line's fingerprint
    frame: int  # the part without the list's lines

    def added_since(self, shown):
        """The lines added at the top since the list was `shown` (a NewestFirst), or None when it changed otherwise
        (a line marked undone, every line shown gone, a new heading)."""
        if shown is None or shown.frame != self.frame or not shown.keys or shown.keys[0] not in self.keys:
            return None
        added = self.keys.index(shown.keys[0])
        if added == 0 or self.keys[added:] != shown.keys[: len(self.keys) - added]:
            return None
        return self.html[:added]


def split_lines(html):
    found = NEWEST_FIRST.search(html) if NEWEST_FIRST_MARK in html else None
    if found is None:
        return None
    lines = LINE.findall(found.group(2))
    frame = fingerprint(html[: found.start(2)] + html[found.end(2) :])
    return NewestFirst(found.group(1), lines, tuple(fingerprint(line) for line in lines), frame)


def split_rows(html, version):
    starts = [(match.start(), match.group(1)) for match in ROW.finditer(html)]
    if not starts:
        return None, None
    rows, frame, at = [], [], 0
    for start, row_id in starts:
        end = html.index(ROW_END, start) + len(ROW_END)
        row = html[start:end]
        rows.append(RowPart(row_id, row, hash(row), version))
        frame += [html[at:start], row_id]
        at = end
    frame.append(html[at:])
    return rows, fingerprint("".join(frame))


def split(html, version):
    """The top-level parts of a live view rendered with its GM rows' version a stand-in
    (`live_fragments(fill_version=False)`), in order, the version filled in."""
    version = str(version)
    starts = []
    at = html.find(OUT_OF_BAND)
    while at != -1:  # found by their attribute, the only one of its kind in a live view: a plain search is fast
        start = html.rfind("<", 0, at)
        starts.append((start, ID.search(html, start, at).group(1)))
        at = html.find(OUT_OF_BAND, at + len(OUT_OF_BAND))
    parts = []
    for (start, part_id), (end, _) in zip(starts, starts[1:] + [(len(html), None)]):
        piece = html[start:end].rstrip()
        if part_id == ROWS_OF:
            rows, frame = split_rows(piece, version)
            key = fingerprint(piece) if rows is None else hash((frame, *(row.key for row in rows)))
            part = Part(part_id, piece.replace(VERSION_PLACEHOLDER, version), key, rows, frame)
        else:
            part = Part(part_id, piece, fingerprint(piece), lines=split_lines(piece))
        parts.append(part)
    return parts


@dataclass
class Rendered:
    version: int
    parts: list
    drawn: str = ""  # the view as rendered, its stand-ins still in: what goes to the other processes (`share`)

    def messages(self, shown, everything):
        """The websocket messages that bring a page showing `shown` ({part id: key}, updated here) to this version:
        the changed rows on their own (a <tr> parses only where rows may stand), then the changed parts, the version
        input among them, so a page that shows the new version has all of it. A list drawn newest first that only
        gained lines at its top sends those, to be inserted there (live.js keeps its length). With `everything`,
        all parts."""
        changed, rows = [], []
        for part in self.parts:
            if not everything and shown.get(part.id) == part.key:
                continue
            added = None if everything or part.lines is None else part.lines.added_since(shown.get(part.id + "#lines"))
            if part.rows is not None and not everything and shown.get(part.id + "#frame") == part.frame:
                rows += [row.html for row in part.rows if shown.get(row.id) != row.key]
            elif added:
                marked = "".join(line.replace("<li", f'<li data-version="{self.version}"', 1) for line in added)
                changed.append(f'<ol hx-swap-oob="afterbegin:#{part.lines.id}">{marked}</ol>')
            else:
                changed.append(part.html)
            shown[part.id] = part.key
            if part.rows is not None:
                shown.update({row.id: row.key for row in part.rows})
                shown[part.id + "#frame"] = part.frame
            if part.lines is not None:
                shown[part.id + "#lines"] = part.lines
        return [message for message in ("".join(rows), "".join(changed)) if message]


def shared_key(encounter_id, version, user_id):
    return f"live-view:{encounter_id}:{version}:{user_id}"


def wanted_key(encounter_id, user_id):
    return f"live-wanted:{encounter_id}:{user_id}"


@dataclass
class Read:
    data: views_state.EncounterData
    renders: dict = field(default_factory=dict)  # {(role, user id, with the stat blocks): Rendered}


def version_of(encounter_id):
    """The encounter's version, or None when it is gone."""
    found = reads.VERSION(encounter_id)
    return found[0] if found else None


class LiveViews:
    """The newest read of each encounter a process's sockets follow, and its renders."""

    def __init__(self):
        self.reads = OrderedDict()
        self.reads_lock = threading.Lock()
        self.versions = {}  # {encounter id: (when looked, version)}
        self.followers = {}  # {encounter id: {user id: [user, their sockets here]}}
        self.shared = OrderedDict()  # {encounter id: (version, {user id: Rendered})} taken from the other processes
        self.asked = {}  # {(encounter id, user id): when this process last asked the others for the viewer's views}
        self.elsewhere = {}  # {user id: user} of the viewers this process shared views for (`viewers_elsewhere`)

    def clear(self):
        with self.reads_lock:
            self.reads.clear()
        self.versions.clear()
        self.followers.clear()
        self.shared.clear()
        self.asked.clear()
        self.elsewhere.clear()

    def follow(self, encounter_id, user):
        """A socket of `user` follows the encounter in this process: their view of each new version is rendered
        in the first trip that reads it (`views_for`)."""
        following = self.followers.setdefault(encounter_id, {}).setdefault(user.pk, [user, 0])
        following[1] += 1

    def following_users(self, encounter_id):
        """{user id: user} of the viewers whose sockets follow the encounter in this process; a copy, as sockets come
        and go on the event loop meanwhile."""
        return {user.pk: user for user, _ in list(self.followers.get(encounter_id, {}).values())}

    def unfollow(self, encounter_id, user):
        following = self.followers.get(encounter_id, {})
        if user.pk in following:
            following[user.pk][1] -= 1
            if following[user.pk][1] <= 0:
                del following[user.pk]
        if not following:
            self.followers.pop(encounter_id, None)

    def current_version(self, encounter_id):
        """The encounter's version, looked up at most once a second for all the sockets that rejoin their group
        (consumers.REJOIN_INTERVAL), so an idle table costs one statement a beat, not one per phone."""
        looked, version = self.versions.get(encounter_id, (None, None))
        now = time.monotonic()
        if looked is None or now - looked > VERSION_FRESH_FOR:
            version = version_of(encounter_id)
            if len(self.versions) >= ENCOUNTERS_KEPT:  # the looks gone stale go, so a long-lived process stays small
                self.versions = {pk: seen for pk, seen in self.versions.items() if now - seen[0] <= VERSION_FRESH_FOR}
            self.versions[encounter_id] = (now, version)
        return version

    def view_for(self, encounter_id, user, at_least=None, viewer_role=None, shown=None):
        """The viewer's Rendered live view at `at_least` or newer (at the current version when None), or None when
        the encounter is gone or the user may not see it. `viewer_role` is the user's role when it is not theirs in
        the campaign (a table screen's). A socket that `shown` a version before the rules data changed gets the stat
        blocks too (views_state.EncounterData.rules_changed_after)."""
        if at_least is None:
            at_least = version_of(encounter_id)
        read = self.read_at(encounter_id, at_least)
        if read is None:
            return None
        with_sheets = shown is not None and shown >= 0 and read.data.rules_changed_after(shown)
        return self.render(read, user, viewer_role or read.data.role(user), with_sheets)

    def views_for(self, asked):
        """For each of `asked` ((encounter id, user, at least, shown) of a socket told of a change): `view_for`'s
        answer, or the error it raised, for Batched. The sockets told of one change in this process go to the
        database thread together, in one trip or a few, and share its read and renders, however many they are."""
        self.take_shared(asked)
        views = []
        for encounter_id, user, at_least, shown in asked:
            try:
                view = self.shared_view(encounter_id, user, at_least, shown)
                views.append(view or self.view_for(encounter_id, user, at_least, shown=shown))
            except Exception as error:  # one socket's failure is its own (Batched raises it to that socket alone)
                views.append(error)
        for encounter_id in {encounter_id for encounter_id, *_ in asked}:
            self.render_for_followers(encounter_id)
        return views

    def share(self, encounter_id, version):
        """Before `version` of the encounter is told, when this process read it for the command's answer (it keeps
        reads of the encounters its sockets follow): the views other processes asked for (`take_shared`) rendered
        from that read and put in the cache. Only views a socket one version behind may take: none when rules data
        changed with it (their stat blocks are drawn afresh). A process that is alone is asked for nothing and shares
        nothing. Its caller tells the change whatever this raises (broadcast.share_and_tell)."""
        read = self.reads.get(encounter_id)
        if read is None or read.data.version != version or read.data.rules_changed_after(version - 1):
            return
        data = read.data
        keys = {wanted_key(encounter_id, pk): pk for pk in {*data.player_ids, data.encounter.campaign.gm_id}}
        wanted = [keys[key] for key in cache.get_many(keys)]
        if not wanted:
            return
        users = self.following_users(encounter_id)
        users.update(self.viewers_elsewhere([pk for pk in wanted if pk not in users]))
        views = {}
        for pk in wanted:
            try:
                rendered = self.render(read, users[pk], data.role(users[pk])) if pk in users else None
            except Exception:  # that viewer's process reads and renders it itself
                logger.warning("Could not render a view of encounter %s to share", encounter_id, exc_info=True)
                rendered = None
            if rendered is not None:
                views[shared_key(encounter_id, version, pk)] = rendered.drawn
        cache.set_many(views, SHARED_FOR)

    def viewers_elsewhere(self, user_ids):
        """{user id: user} of `user_ids`, viewers whose sockets follow an encounter in another process, read once
        and kept: a view takes only who the viewer is from their user (what they may see comes from the read, and
        their sockets' process checks their session), so a user kept from an earlier change serves, where reading
        them again cost each change a statement."""
        unread = [pk for pk in user_ids if pk not in self.elsewhere]
        if unread:
            if len(self.elsewhere) >= ENCOUNTERS_KEPT * 16:  # a long-lived process stays small
                self.elsewhere.clear()
            self.elsewhere.update({user.pk: user for user in get_user_model().objects.filter(pk__in=unread)})
        return {pk: self.elsewhere[pk] for pk in user_ids if pk in self.elsewhere}

    def take_shared(self, asked):
        """The views another process shared (`share`) of the newest version `asked` names of each encounter, for
        every viewer following it here, when this process has not read that version itself: one look in the cache
        per version, whether or not it finds them. Those it did not find are asked for, and those it found asked for
        again before the asking runs out, so the next change brings them."""
        newest = {}
        for encounter_id, _, at_least, shown in asked:
            taken, _ = self.shared.get(encounter_id, (None, None))
            if at_least is None or shown != at_least - 1 or self.has_read(encounter_id, at_least):
                continue
            if taken is None or taken < at_least:
                newest[encounter_id] = max(at_least, newest.get(encounter_id, at_least))
        for encounter_id, version in newest.items():
            try:
                self.take_shared_version(encounter_id, version, asked)
            except Exception:  # a cache away or an entry it cannot split: the sockets read the version themselves
                logger.warning("Could not take shared views of encounter %s", encounter_id, exc_info=True)

    def take_shared_version(self, encounter_id, version, asked):
        users = self.following_users(encounter_id)
        users.update({user.pk: user for asked_id, user, *_ in asked if asked_id == encounter_id})
        keys = {shared_key(encounter_id, version, pk): pk for pk in users}
        found = {keys[key]: drawn for key, drawn in cache.get_many(keys).items()}
        now = time.monotonic()
        ask = [
            pk for pk in users if pk not in found or now - self.asked.get((encounter_id, pk), -WANTED_FOR) > ASK_AGAIN
        ]
        if ask:
            cache.set_many({wanted_key(encounter_id, pk): True for pk in ask}, WANTED_FOR)
            if len(self.asked) >= ENCOUNTERS_KEPT * 16:  # the askings run out go, so a long-lived process stays small
                self.asked = {viewer: at for viewer, at in self.asked.items() if now - at <= WANTED_FOR}
            self.asked.update({(encounter_id, pk): now for pk in ask})
        views = {pk: Rendered(version, split(drawn, version), drawn) for pk, drawn in found.items()}
        with self.reads_lock:
            self.shared[encounter_id] = (version, views)
            self.shared.move_to_end(encounter_id)
            while len(self.shared) > ENCOUNTERS_KEPT:
                self.shared.popitem(last=False)

    def has_read(self, encounter_id, version):
        read = self.reads.get(encounter_id)
        return read is not None and read.data.version >= version

    def shared_view(self, encounter_id, user, at_least, shown):
        """The viewer's view another process shared, when it is the version one past what their socket `shown`, at
        least `at_least`, and this process has no read of its own of it (which would say who may see it), else
        None."""
        if at_least is None:
            return None
        version, views = self.shared.get(encounter_id, (None, {}))
        if version is None or version < at_least or shown != version - 1 or self.has_read(encounter_id, version):
            return None
        return views.get(user.pk)

    def render_for_followers(self, encounter_id):
        """Every viewer whose sockets follow the encounter here gets their view of its newest read rendered, in
        the trip that read it: their sockets, told of the change a moment later, take it without a trip of their
        own (`ready_view`). A view that fails here is left for its socket's trip, which meets the failure itself."""
        read = self.reads.get(encounter_id)
        if read is None:
            return
        for user in self.following_users(encounter_id).values():
            try:
                self.render(read, user, read.data.role(user))
            except Exception:
                logger.warning(
                    "Could not render a view of encounter %s ahead of its socket", encounter_id, exc_info=True
                )

    def ready_view(self, encounter_id, user, at_least, shown):
        """`view_for`'s answer when this process already read the encounter at `at_least` or newer and rendered
        this viewer's view of it, else None. It reads nothing and renders nothing, so a socket asks it on the event
        loop, without a trip to the database thread: once the first sockets told of a change have had their trip,
        the rest take their view from here."""
        shared = self.shared_view(encounter_id, user, at_least, shown)
        if shared is not None:
            return shared
        read = self.reads.get(encounter_id)
        if read is None or read.data.version < at_least:
            return None
        role = read.data.role(user)
        if role is None:  # the trip answers that: the socket is closed
            return None
        with_sheets = shown >= 0 and read.data.rules_changed_after(shown)
        return read.renders.get((role, user.pk, with_sheets))

    def for_table(self, token, at_least=None):
        """The Rendered table screen a table link's `token` shows, or None once the link is revoked or expired: its
        encounter, as a player with no character of their own sees it."""
        encounter_id = permissions.table_link_encounter(token)
        if encounter_id is None:
            return None
        return self.view_for(encounter_id, permissions.TABLE_VIEWER, at_least, permissions.TABLE)

    def connect(self, arrivals):
        """For each of `arrivals` ((encounter id, session) of a new socket): (the session's viewer, their whole live
        view at the current version, or None when they may not see it). All that a batch of connects needs from the
        database, in one trip to its thread: the sessions, their users, and each encounter's version and who may see
        it, in a statement each however many arrive (combat/batching.py), then the shared reads and renders; a failed
        read or render is that arrival's answer, raised to its socket alone (Batched). Who may
        see it is asked afresh, as a read is shared until the next change and leaving a campaign changes no
        encounter."""
        users = permissions.session_users([session for _, session in arrivals])
        access = permissions.access_to({encounter_id for encounter_id, _ in arrivals})
        views = []
        for (encounter_id, _), user in zip(arrivals, users):
            try:
                views.append((user, self.view_on_connect(encounter_id, user, access.get(encounter_id))))
            except Exception as error:  # that encounter's read or render: the others' sockets still get theirs
                views.append(error)
        return views

    def view_on_connect(self, encounter_id, user, access):
        role = access.role(user) if access else None
        read = self.read_at(encounter_id, access.version) if role else None
        return self.render(read, user, role) if read else None

    def read_at(self, encounter_id, at_least):
        """The process's shared read of the encounter at `at_least` or newer, or None when it is gone (no version)."""
        if at_least is None:
            self.forget(encounter_id)
            return None
        read = self.reads.get(encounter_id)
        if read is None or read.data.version < at_least:
            try:
                read = self.keep(encounter_id, Read(views_state.read_afresh(encounter_id)))
            except Encounter.DoesNotExist:
                self.forget(encounter_id)
                return None
        return read

    def read_for_answer(self, outcome, with_log):
        """A read of the encounter as a command just left it (`outcome`), for the command's answer; when sockets of
        this process follow the encounter (it has a read kept), with the log and kept for their push."""
        encounter = outcome.encounter
        followed = encounter.pk in self.reads
        data = views_state.read(encounter, with_log=with_log or followed, known=outcome.known)
        if followed:
            self.keep(encounter.pk, Read(data))
        return data

    def render(self, read, user, role, with_sheets=False):
        if role is None:
            return None
        viewer = (role, user.pk, with_sheets)
        if viewer not in read.renders:
            data = read.data
            view = views_state.build(data.encounter, user, role, with_sheets=with_sheets, data=data)
            drawn = live_fragments(view, fill_version=False)
            read.renders[viewer] = Rendered(data.version, split(drawn, data.version), drawn)
        return read.renders[viewer]

    def keep(self, encounter_id, read):
        """`read` kept for the encounter, unless one of a newer version came meanwhile: that one is returned."""
        with self.reads_lock:
            kept = self.reads.get(encounter_id)
            if kept is None or kept.data.version < read.data.version:
                self.reads[encounter_id] = kept = read
            self.reads.move_to_end(encounter_id)
            while len(self.reads) > ENCOUNTERS_KEPT:
                self.reads.popitem(last=False)
            return kept

    def forget(self, encounter_id):
        with self.reads_lock:
            self.reads.pop(encounter_id, None)


live_views = LiveViews()


def execute_for_answer(encounter, user, name, args=None, expected_version=None, with_log=True):
    """`commands.execute`, and a read of the version it made (`views_state.build`'s `data`) for the command's
    answer. Its callers are views: the encounter's viewers are told of the change only once the request's answer is
    built (broadcast.AfterTheAnswer), after this read, so that this process's sockets start their push from it
    instead of reading the same version a second time beside it."""
    outcome = commands.execute(encounter, user, name, args, expected_version)
    return outcome, live_views.read_for_answer(outcome, with_log)
