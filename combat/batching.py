"""Calls that arrive while one is under way wait for it and then go together (docs/architecture.md "Live updates").

A burst of phones connecting at once would otherwise queue one trip each to Channels' single database thread, each
with its own statements. Batched lets the first caller go alone at once; whoever arrives while that trip runs joins
the next one, so the batches grow with the load and a quiet server answers a lone caller without waiting.
"""

import asyncio


class Batched:
    def __init__(self, run_all):
        """`await run_all(arguments)` gives one answer for each of `arguments`, in order."""
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
                await self.run_batch(batch)
        finally:
            del self.running[loop]

    async def run_batch(self, batch):
        futures = [answer for _, answer in batch]
        try:
            answers = await self.run_all([argument for argument, _ in batch])
        except asyncio.CancelledError:
            for future in futures:
                future.cancel()
            raise
        except Exception as error:
            for future in futures:
                if not future.done():
                    future.set_exception(error)
        else:
            for future, answer in zip(futures, answers, strict=True):
                if not future.done():  # its caller went away meanwhile (the phone closed the socket)
                    future.set_result(answer)
