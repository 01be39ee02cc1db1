"""Calls that arrive while one is under way wait for it and then go together (docs/architecture.md "Live updates").

A burst of phones connecting at once would otherwise queue one trip each to Channels' single database thread, each
with its own statements. Batched lets the first caller go alone at once; whoever arrives while that trip runs joins
the next one, so the batches grow with the load and a quiet server answers a lone caller without waiting.
"""

import asyncio
import logging

logger = logging.getLogger(__name__)


class Batched:
    def __init__(self, run_all):
        """`await run_all(arguments)` gives one answer for each of `arguments`, in order; an answer that is an
        exception is raised to its caller alone, so one caller's failure does not fail the others of its batch."""
        self.run_all = run_all
        self.waiting = {}  # {event loop: [(argument, future)]} of the callers for the next trip
        self.running = {}  # {event loop: task} while a trip is under way on that loop

    async def __call__(self, argument):
        loop = asyncio.get_running_loop()
        answer = loop.create_future()
        self.waiting.setdefault(loop, []).append((argument, answer))
        if loop not in self.running:
            self.running[loop] = loop.create_task(self.run_while_waited_for(loop))
        return await answer

    async def run_while_waited_for(self, loop):
        try:
            while batch := self.waiting.pop(loop, None):
                await self.run_batch([(argument, future) for argument, future in batch if not future.done()])
        finally:
            self.running.pop(loop, None)
            for _, future in self.waiting.pop(loop, ()):  # only when cancelled: the loop is closing
                future.cancel()

    async def run_batch(self, batch):
        if not batch:  # every caller went away before their turn (phones that closed the socket at once)
            return
        futures = [future for _, future in batch]
        try:
            answers = await self.run_all([argument for argument, _ in batch])
            if len(answers) != len(batch):
                raise ValueError(f"{len(answers)} answers for {len(batch)} callers")
        except asyncio.CancelledError:
            for future in futures:
                future.cancel()
            raise
        except Exception as error:
            answers = [error] * len(batch)
        for future, answer in zip(futures, answers):
            if future.done():  # its caller went away meanwhile
                if isinstance(answer, Exception):
                    logger.warning("A batched call failed after its caller went away", exc_info=answer)
            elif isinstance(answer, Exception):
                future.set_exception(answer)
            else:
                future.set_result(answer)
