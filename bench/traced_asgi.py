"""The project's ASGI application under tracemalloc, for `bench/connects.py --trace` only.

uvicorn serves `bench.traced_asgi:application`; on SIGUSR1 the worker writes a tracemalloc snapshot to
`$BENCH_SNAPSHOT.<n>.trace` and the names of its running asyncio tasks' coroutines, one a line, to
`$BENCH_SNAPSHOT.<n>.tasks` (n = 1, 2, ...). Each file appears whole (written aside, then renamed), so the script
waits for it to exist.
"""

import asyncio
import itertools
import os
import signal
import tracemalloc
from pathlib import Path

tracemalloc.start(int(os.environ.get("BENCH_TRACE_FRAMES", "8")))

from config.asgi import application  # noqa: E402  (traced from its first import on)

__all__ = ["application"]
dumps = itertools.count(1)


def write_whole(path, write):
    write(f"{path}.part")
    os.rename(f"{path}.part", path)


def dump(signum, frame):
    stem = f"{os.environ['BENCH_SNAPSHOT']}.{next(dumps)}"
    names = [task.get_coro().__qualname__ for task in asyncio.all_tasks(asyncio.get_running_loop())]
    snapshot = tracemalloc.take_snapshot()
    write_whole(f"{stem}.tasks", lambda path: Path(path).write_text("\n".join(names)))
    write_whole(f"{stem}.trace", snapshot.dump)


signal.signal(signal.SIGUSR1, dump)
