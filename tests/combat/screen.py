"""A page as a browser keeps it from its websocket's messages: each out-of-band part, or a single GM row, replaces
the one with its id (htmx's hx-swap-oob), so tests read what the viewer sees, not one message."""

import re

PART = re.compile(r'<(?P<tag>[a-z]+) (?:[^>]*? )?id="(?P<id>[^"]+)"[^>]*?hx-swap-oob="true"')
ROW = re.compile(r'<tr hx-swap-oob="true" id="(combatant-\d+)".*?</tr>', re.S)
VERSION = re.compile(r'data-version="(\d+)"')
NEW_LINES = re.compile(r'<ol hx-swap-oob="afterbegin:#(?P<list>[^"]+)">(?P<lines>.*?)</ol>', re.S)
LIST = re.compile(r'(<ol [^>]*?id="{}"[^>]*? data-newest-first="(\d+)"[^>]*>)(.*?)(</ol>)', re.S)
LINE = re.compile(r"<li\b.*?</li>", re.S)


class Screen:
    def __init__(self):
        self.parts = {}

    def take(self, message):
        if message.startswith("<tr "):
            for row in ROW.finditer(message):
                self.replace_row(row.group(1), row.group(0).replace(' hx-swap-oob="true"', "", 1))
            return
        for new in NEW_LINES.finditer(message):
            self.insert_lines(new.group("list"), new.group("lines"))
        message = NEW_LINES.sub("", message)
        starts = list(PART.finditer(message))
        for start, end in zip(starts, starts[1:] + [None]):
            self.parts[start.group("id")] = message[start.start() : end.start() if end else len(message)]

    def replace_row(self, row_id, html):
        for part_id, part in self.parts.items():
            found = re.search(rf'<tr id="{row_id}".*?</tr>', part, re.S)
            if found:
                self.parts[part_id] = part[: found.start()] + html + part[found.end() :]
                return
        raise AssertionError(f"a row {row_id} was pushed that the page does not show")

    def insert_lines(self, list_id, lines):
        """New lines at the top of a list drawn newest first, which keeps its length, as live.js does."""
        pattern = re.compile(LIST.pattern.format(re.escape(list_id)), re.S)
        for part_id, part in self.parts.items():
            found = pattern.search(part)
            if found:
                kept = LINE.findall(lines + found.group(3))[: int(found.group(2))]
                self.parts[part_id] = (
                    part[: found.start()] + found.group(1) + "".join(kept) + found.group(4) + part[found.end() :]
                )
                return
        raise AssertionError(f"lines were pushed to a list {list_id} that the page does not show")

    @property
    def html(self):
        return "".join(self.parts.values())

    @property
    def version(self):
        """The version the page says it shows (the version input, which comes with every push after its rows)."""
        marker = self.parts.get("encounter-version")
        return int(VERSION.search(marker).group(1)) if marker else None


async def follow(socket, screen, version, timeout=3):
    """Take the socket's messages into `screen` until it shows `version`; the messages taken."""
    messages = []
    while screen.version is None or screen.version < version:
        messages.append(await socket.receive_from(timeout=timeout))
        screen.take(messages[-1])
    return messages


OUT_OF_BAND = re.compile(r'<[a-z]+ [^>]*?hx-swap-oob="(?P<how>[^"]+)"[^>]*>')


def pieces(message):
    """A message's out-of-band pieces, each by its id (or where it goes, for new lines), with its HTML."""
    starts = list(OUT_OF_BAND.finditer(message))
    for start, end in zip(starts, starts[1:] + [None]):
        html = message[start.start() : end.start() if end else len(message)]
        found = re.search(r'\bid="([^"]+)"', start.group(0))
        yield (found.group(1) if start.group("how") == "true" and found else start.group("how")), html
