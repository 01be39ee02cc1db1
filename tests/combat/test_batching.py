"""combat/batching.py: calls that arrive while one is under way go together; each caller gets its own answer, or
its own error."""

import asyncio

import pytest

from combat.batching import Batched


class Recorder:
    """A run_all that records its batches and holds each trip until the test lets it go."""

    def __init__(self, fail_on=None, refuse=None):
        self.batches = []
        self.fail_on = fail_on  # an argument whose batch fails as a whole
        self.refuse = refuse  # an argument whose answer alone is an error
        self.gate = asyncio.Event()

    async def run_all(self, arguments):
        self.batches.append(list(arguments))
        await self.gate.wait()
        if self.fail_on in arguments:
            raise RuntimeError(f"the database refused {self.fail_on}")
        return [PermissionError(argument) if argument == self.refuse else argument * 10 for argument in arguments]


async def until(condition):
    """Wait for `condition()` to hold, as the loop runs the callers; fail the test if it never does."""
    for _ in range(1000):
        if condition():
            return
        await asyncio.sleep(0.001)
    pytest.fail("the callers never got there")


def waiting(batched):
    return len(batched.waiting.get(asyncio.get_running_loop(), []))


async def first_then_latecomers(recorder, batched, first, latecomers):
    """A call of `first` under way, held at the gate, and the calls of `latecomers` waiting behind it."""
    going = asyncio.ensure_future(batched(first))
    await until(lambda: recorder.batches == [[first]])
    waiting_ones = [asyncio.ensure_future(batched(number)) for number in latecomers]
    await until(lambda: waiting(batched) == len(latecomers))
    return going, waiting_ones


async def test_a_lone_call_goes_at_once_and_those_arriving_meanwhile_go_together():
    recorder = Recorder()
    batched = Batched(recorder.run_all)
    first, others = await first_then_latecomers(recorder, batched, 1, (2, 3, 4))
    recorder.gate.set()
    assert await asyncio.wait_for(first, 5) == 10
    assert await asyncio.wait_for(asyncio.gather(*others), 5) == [20, 30, 40]
    assert recorder.batches == [[1], [2, 3, 4]]
    assert await asyncio.wait_for(batched(5), 5) == 50 and recorder.batches[-1] == [5]


async def test_an_error_answer_goes_to_its_caller_alone():
    recorder = Recorder(refuse=2)
    recorder.gate.set()
    batched = Batched(recorder.run_all)
    calls = [asyncio.ensure_future(batched(number)) for number in (1, 2, 3)]
    outcomes = await asyncio.wait_for(asyncio.gather(*calls, return_exceptions=True), 5)
    assert outcomes[0] == 10 and isinstance(outcomes[1], PermissionError) and outcomes[2] == 30


async def test_a_failed_trip_fails_each_of_its_callers_and_those_waiting_still_go():
    recorder = Recorder(fail_on=1)
    batched = Batched(recorder.run_all)
    failing, next_ones = await first_then_latecomers(recorder, batched, 1, (2, 3))
    recorder.gate.set()
    with pytest.raises(RuntimeError, match="refused 1"):
        await asyncio.wait_for(failing, 5)
    assert await asyncio.wait_for(asyncio.gather(*next_ones), 5) == [20, 30]


async def test_too_few_answers_fail_every_caller_of_the_trip():
    async def one_answer_short(arguments):
        return [argument for argument in arguments[1:]]

    batched = Batched(one_answer_short)
    calls = [asyncio.ensure_future(batched(number)) for number in (1, 2)]
    outcomes = await asyncio.wait_for(asyncio.gather(*calls, return_exceptions=True), 5)
    assert all(isinstance(outcome, ValueError) for outcome in outcomes)


async def test_a_caller_that_goes_away_leaves_the_others_their_answers():
    recorder = Recorder()
    batched = Batched(recorder.run_all)
    first = asyncio.ensure_future(batched(1))
    await until(lambda: recorder.batches == [[1]])
    calls = [asyncio.ensure_future(batched(number)) for number in (2, 3, 4)]
    await until(lambda: waiting(batched) == 3)
    calls[1].cancel()
    recorder.gate.set()
    assert await asyncio.wait_for(first, 5) == 10
    assert await asyncio.wait_for(calls[0], 5) == 20 and await asyncio.wait_for(calls[2], 5) == 40
    assert calls[1].cancelled() and recorder.batches[-1] == [2, 4]  # the one gone was not looked up
