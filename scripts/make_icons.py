"""Draws the app's icons, static/icons/icon-192.png and icon-512.png, from the shapes of static/icons/icon.svg (a
rounded square of the brand's red with a white cross of two strokes), with the standard library alone: no imaging
library is installed. Each pixel's cover is sampled 4 × 4 times, so edges are smooth.

    .venv/bin/python scripts/make_icons.py
"""

import math
import struct
import zlib
from pathlib import Path

ICONS = Path(__file__).resolve().parent.parent / "static" / "icons"
SIZES = (192, 512)
VIEW = 64  # the SVG's viewBox: every length below is in its units
CORNER = 12
RED, WHITE = (0x8B, 0x1E, 0x1E), (0xFF, 0xFF, 0xFF)
STROKES = (((14, 50), (50, 14)), ((14, 14), (50, 50)))
HALF_WIDTH = 3.5  # stroke-width 7, round caps
SAMPLES = 4


def in_rounded_square(x, y):
    nearest_x = min(max(x, CORNER), VIEW - CORNER)
    nearest_y = min(max(y, CORNER), VIEW - CORNER)
    return math.hypot(x - nearest_x, y - nearest_y) <= CORNER


def on_stroke(x, y):
    for (ax, ay), (bx, by) in STROKES:
        dx, dy = bx - ax, by - ay
        along = max(0.0, min(1.0, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)))
        if math.hypot(x - (ax + along * dx), y - (ay + along * dy)) <= HALF_WIDTH:
            return True
    return False


def pixel(column, row, size):
    """RGBA of one pixel: the share of its samples in the square, coloured by the share of those on a stroke."""
    inside = white = 0
    for sample_x in range(SAMPLES):
        for sample_y in range(SAMPLES):
            x = (column + (sample_x + 0.5) / SAMPLES) * VIEW / size
            y = (row + (sample_y + 0.5) / SAMPLES) * VIEW / size
            if in_rounded_square(x, y):
                inside += 1
                white += on_stroke(x, y)
    if not inside:
        return b"\0\0\0\0"
    share = white / inside
    colour = bytes(round(red + (white_part - red) * share) for red, white_part in zip(RED, WHITE, strict=True))
    return colour + bytes([round(255 * inside / SAMPLES**2)])


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png(size):
    """An 8-bit RGBA PNG, each row with filter type 0."""
    rows = b"".join(b"\0" + b"".join(pixel(column, row, size) for column in range(size)) for row in range(size))
    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b"")


if __name__ == "__main__":
    for size in SIZES:
        (ICONS / f"icon-{size}.png").write_bytes(png(size))
