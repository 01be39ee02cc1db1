"""combat/batching.py: calls that arrive while one is under way go together; each caller gets its own answer."""

import asyncio

import pytest

from combat.batching import Batched


class Recorder:
    def __init__(self, fail_on=None):
        self.batches = []
        self.fail_on = fail_on
        self.gate = asyncio.Event()

    async def run_all(self, arguments):
        self.batches.append(list(arguments))
        await self.gate.wait()
        if self.fail_on in arguments:
            raise RuntimeError(f"the database refused {self.fail_on}")
        return [argument * 10 for argument in arguments]


async def test_a_lone_call_goes_at_once_and_those_arriving_meanwhile_go_together():
    recorder = Recorder()
    batched = Batched(recorder.run_all)
    first = asyncio.ensure_future(batched(1))
    await asyncio.sleep(0)
    others = [asyncio.ensure_future(batched(number)) for number in (2, 3, 4)]
    await asyncio.sleep(0)
    recorder.gate.set()
    assert await first == 10
    assert await asyncio.gather(*others) == [20, 30, 40]
    assert recorder.batches == [[1], [2, 3, 4]]
    assert await batched(5) == 50 and recorder.batches[-1] == [5]


async def test_a_failed_batch_fails_each_of_its_callers_and_the_next_batch_still_runs():
    recorder = Recorder(fail_on=2)
    batched = Batched(recorder.run_all)
    failing = [asyncio.ensure_future(batched(number)) for number in (2, 3)]
    await asyncio.sleep(0)
    recorder.gate.set()
    for call in failing:
        with pytest.raises(RuntimeError, match="refused 2"):
            await call
    assert await batched(6) == 60


async def test_a_caller_that_goes_away_leaves_the_others_their_answers():
    recorder = Recorder()
    batched = Batched(recorder.run_all)
    calls = [asyncio.ensure_future(batched(number)) for number in (1, 2, 3)]
    await asyncio.sleep(0)
    calls[1].cancel()
    recorder.gate.set()
    assert await calls[0] == 10 and await calls[2] == 30
    assert calls[1].cancelled()
