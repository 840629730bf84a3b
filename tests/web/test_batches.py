"""The batch answer as an ASGI app, driven by fake clients: it answers every
chunk in order, holds its place from before its body is read, and gives it
back once however it ends (done, refused for its body, client gone, answers
left unread, the grace period after SIGTERM over, an exception); a slow
reader keeps its place but not a turn to compute."""

from __future__ import annotations

import asyncio
import os
import signal
import time
from collections.abc import Callable
from typing import Any

import pytest

from ninebase import puzzles
from ninebase.lookup.bulk import error_object
from ninebase.lookup.stream import Lines
from ninebase.lookup.web.batches import BatchAnswers, BatchGate
from ninebase.lookup.web.drain import STOP_SIGNALS, Drain
from ninebase.lookup.web.errors import ApiError
from ninebase.lookup.web.settings import Settings

Message = dict[str, Any]


def label(lines: Lines) -> bytes:
    """An answer that says which lines it answers."""
    return f"{lines.first}:{len(lines)}\n".encode()


class Client:
    """The other end of one batch: the body it sends (`lines` lines, in one
    piece), what it was sent, and when it hangs up or stops reading."""

    def __init__(self, lines: int = 0, hang_up_after: int | None = None, read: int | None = None) -> None:
        self.request: bytes | None = b"x\n" * lines
        self.sent: list[Message] = []
        self.hang_up_after = hang_up_after  # body pieces received before hanging up
        self.read = read  # body pieces taken before it stops reading (for good)
        self.gone = asyncio.Event()

    async def receive(self) -> Message:
        if self.request is not None:
            body, self.request = self.request, None
            return {"type": "http.request", "body": body, "more_body": False}
        await self.gone.wait()
        return {"type": "http.disconnect"}

    async def send(self, message: Message) -> None:
        pieces = sum(m["type"] == "http.response.body" for m in self.sent)
        if self.read is not None and pieces >= self.read:
            await asyncio.Event().wait()  # never taken: the socket's buffers are full
        self.sent.append(message)
        if self.hang_up_after is not None and pieces + 1 >= self.hang_up_after:
            self.gone.set()

    @property
    def status(self) -> int | None:
        return next((m["status"] for m in self.sent if m["type"] == "http.response.start"), None)

    @property
    def body(self) -> bytes:
        return b"".join(m.get("body", b"") for m in self.sent if m["type"] == "http.response.body")

    @property
    def finished(self) -> bool:
        return any(m["type"] == "http.response.body" and not m.get("more_body") for m in self.sent)


def answers(gate: BatchGate, drain: Drain, answer: Callable[[Lines], bytes] = label) -> BatchAnswers:
    return BatchAnswers(gate, drain, answer, "text/plain", lambda why: f"error: {why}\n".encode())


def one_of_each(**limits: float) -> Settings:
    """Settings with one batch computing at once and one more waiting (and `limits`)."""
    return Settings(batches_running=1, batches_waiting=1, **limits)


async def run(app: BatchAnswers, client: Client, seconds: float = 10, headers: list | None = None) -> None:
    await asyncio.wait_for(app({"type": "http", "headers": headers or []}, client.receive, client.send), seconds)


def test_every_chunk_is_answered_in_order_and_the_place_given_back() -> None:
    async def scenario() -> tuple[Client, int]:
        gate, client = BatchGate(one_of_each()), Client(10_000)
        await run(answers(gate, Drain()), client)
        return client, gate.admitted

    client, admitted = asyncio.run(scenario())
    assert client.status == 200 and client.finished and admitted == 0
    assert client.body == b"1:4096\n4097:4096\n8193:1808\n"


def test_a_client_that_hangs_up_stops_its_batch_and_frees_its_place() -> None:
    computed: list[int] = []

    def counted(lines: Lines) -> bytes:
        computed.append(lines.first)
        return label(lines)

    async def scenario() -> tuple[Client, int]:
        gate, client = BatchGate(one_of_each()), Client(100_000, hang_up_after=2)
        await run(answers(gate, Drain(), counted), client)
        return client, gate.admitted

    client, admitted = asyncio.run(scenario())
    assert admitted == 0 and not client.finished
    assert len(computed) <= 3  # of 25 chunks: it stopped within a chunk of the hang-up


def test_a_client_that_stops_reading_is_given_up_and_holds_no_turn_meanwhile() -> None:
    async def scenario() -> tuple[Client, Client, bool, int]:
        gate = BatchGate(Settings(batches_running=1, batches_waiting=2, send_seconds=0.5))
        stuck, reader = Client(100_000, read=1), Client(10_000)
        stuck_task = asyncio.ensure_future(run(answers(gate, Drain()), stuck))
        while not stuck.body:  # until the stuck client has its first chunk (and then waits to send its second)
            await asyncio.sleep(0.001)
        await run(answers(gate, Drain()), reader)  # with the only turn: not blocked by the stuck one
        stuck_still_waiting = not stuck_task.done()  # not given up yet: the reader did not wait for that
        await stuck_task
        return stuck, reader, stuck_still_waiting, gate.admitted

    stuck, reader, stuck_still_waiting, admitted = asyncio.run(scenario())
    assert reader.finished and reader.body.count(b"\n") == 3 and stuck_still_waiting
    assert stuck.status == 200 and not stuck.finished and admitted == 0


def timer_due_when_batches_end(drain: Drain) -> list[float]:
    """A timer on the running loop due when the drain ends the batches (it has
    begun), which puts how late it fired in the list returned. A busy machine
    delays the batch's own timer, due then too, as much: what the batch takes
    beyond that lateness is its own doing."""
    assert drain.began is not None
    loop, late = asyncio.get_running_loop(), []
    due = drain.began + drain.grace - drain.margin
    loop.call_at(due, lambda: late.append(loop.time() - due))
    return late


def test_at_the_end_of_the_grace_period_a_batch_still_waiting_for_a_turn_is_refused() -> None:
    async def scenario() -> tuple[Client, ApiError, int, float]:
        gate, drain = BatchGate(one_of_each()), Drain(Settings(grace=1.0))  # batches end 0.25 s before the kill
        await gate.turns.acquire()  # the only turn is taken for good
        waiting = Client(10_000)
        batch = asyncio.ensure_future(run(answers(gate, drain), waiting))
        await asyncio.sleep(0.1)
        drain.begin()
        late = timer_due_when_batches_end(drain)
        with pytest.raises(ApiError) as refused:
            await batch
        return waiting, refused.value, gate.admitted, time.monotonic() - drain.began - late[0]

    waiting, refusal, admitted, drained = asyncio.run(scenario())
    # nothing sent yet, so the app's handler answers the error as JSON (test_hardening checks that it does)
    assert waiting.sent == [] and refusal.status == 503 and refusal.headers == {"Retry-After": "2"}
    assert str(refusal).startswith("the server is shutting down and this batch had not begun")
    assert admitted == 0 and 0.7 <= drained < 0.875  # refused while half the 0.25 s margin is left for its 503


def test_at_the_end_of_the_grace_period_a_running_batch_says_where_it_stopped() -> None:
    answered: list[int] = []

    def slow(lines: Lines) -> bytes:
        answered.append(lines.first)
        time.sleep(0.05)
        return label(lines)

    async def scenario() -> tuple[Client, int, float]:
        gate, drain = BatchGate(one_of_each(max_batch_lines=1_000_000)), Drain(Settings(grace=1.0))
        client = Client(1_000_000)
        batch = asyncio.ensure_future(run(answers(gate, drain, slow), client))
        await asyncio.sleep(0.2)
        drain.begin()
        late = timer_due_when_batches_end(drain)
        await batch
        return client, gate.admitted, time.monotonic() - drain.began - late[0]

    client, admitted, drained = asyncio.run(scenario())
    lines = client.body.decode().splitlines()
    assert client.status == 200 and client.finished and admitted == 0 and 0.7 <= drained < 1.0
    assert lines[:-1] == [f"{first}:4096" for first in answered]
    assert lines[-1] == (
        f"error: the server stopped before answering lines {answered[-1] + 4096:,} on (it was shutting down);"
        " send them again"
    )


def test_the_drain_begins_on_sigterm_and_the_servers_own_handler_still_runs() -> None:
    seen: list[int] = []
    before = {number: signal.getsignal(number) for number in STOP_SIGNALS}
    try:
        signal.signal(signal.SIGTERM, lambda number, frame: seen.append(number))  # the server's handler
        signal.signal(signal.SIGINT, signal.SIG_DFL)  # a server that leaves SIGINT alone

        async def scenario() -> Drain:
            drain = Drain(Settings(grace=5))
            drain.watch_signals()
            os.kill(os.getpid(), signal.SIGTERM)
            await asyncio.sleep(0.05)
            return drain

        drain = asyncio.run(scenario())
        assert seen == [signal.SIGTERM] and drain.began is not None and not drain.over()
        assert signal.getsignal(signal.SIGINT) is signal.SIG_DFL  # not replaced: no drain of the server's to end
    finally:
        for number, handler in before.items():
            signal.signal(number, handler)


def test_a_batch_still_arriving_when_the_grace_period_runs_out_is_refused() -> None:
    async def trickle() -> Message:
        await asyncio.sleep(0.1)
        return {"type": "http.request", "body": b"123069478\n", "more_body": True}  # and never the end

    async def scenario() -> tuple[ApiError, float, int]:
        gate, drain = BatchGate(one_of_each()), Drain(Settings(grace=1.0))
        drain.begin()
        late = timer_due_when_batches_end(drain)
        with pytest.raises(ApiError) as refused:
            await answers(gate, drain)({"type": "http", "headers": []}, trickle, Client().send)
        assert drain.began is not None
        return refused.value, time.monotonic() - drain.began - late[0], gate.admitted

    refusal, after, admitted = asyncio.run(scenario())
    assert refusal.status == 503 and refusal.headers == {"Retry-After": "2"} and admitted == 0
    assert 0.7 <= after < 0.875  # refused while half the 0.25 s margin is left for its 503 (Drain.left)
    assert str(refusal).startswith("the server is shutting down and this batch had not arrived")


class Trickle(Client):
    """A client that sends its body in pieces, a little at a time, and then hangs up."""

    def __init__(self, pieces: int, seconds: float) -> None:
        super().__init__()
        self.pieces, self.seconds = pieces, seconds

    async def receive(self) -> Message:
        if self.pieces == 0:
            return {"type": "http.disconnect"}
        self.pieces -= 1
        await asyncio.sleep(self.seconds)
        return {"type": "http.request", "body": b"123069478\n", "more_body": True}


def failing(lines: Lines) -> bytes:
    raise RuntimeError("an answer that fails")


@pytest.mark.parametrize(
    ("client", "headers", "limits", "answer", "status"),
    [
        (Client(1), [(b"content-length", b"2000")], {"max_batch_bytes": 1000}, label, 413),  # says it is too big
        (Client(600), [], {"max_batch_bytes": 1000}, label, 413),  # is too big
        (Client(11), [], {"max_batch_lines": 10}, label, 413),  # too many lines
        (Client(0), [], {}, label, 400),  # empty
        (Trickle(100, 0.05), [], {"body_seconds": 0.3}, label, 408),  # too slow
        (Trickle(2, 0.01), [], {}, label, 400),  # gone before its end
        (Client(5), [], {}, failing, None),  # an exception while answering
    ],
    ids=["declared too big", "too big", "too many lines", "empty", "too slow", "gone", "exception"],
)
def test_a_place_is_held_from_before_the_body_and_given_back_once_however_the_batch_ends(
    client: Client, headers: list, limits: dict[str, float], answer: Callable[[Lines], bytes], status: int | None
) -> None:
    async def scenario() -> tuple[BaseException, list[int]]:
        gate = BatchGate(one_of_each(**limits))
        receive = client.receive
        held: list[int] = []

        async def watched() -> Message:  # how many places are taken each time the body is read
            held.append(gate.admitted)
            return await receive()

        client.receive = watched  # type: ignore[method-assign]
        with pytest.raises((ApiError, RuntimeError)) as ended:
            await run(answers(gate, Drain(), answer), client, headers=headers)
        held.append(gate.admitted)
        return ended.value, held

    error, held = asyncio.run(scenario())
    assert set(held[:-1]) <= {1} and held[-1] == 0 and (held[:-1] or headers)  # read while held (or never read)
    assert (isinstance(error, ApiError) and error.status == status) or (status is None and "fails" in str(error))


def test_a_batch_past_the_places_is_refused_before_its_body_is_read() -> None:
    async def scenario() -> tuple[ApiError, int, bytes | None]:
        gate = BatchGate(Settings(batches_running=1, batches_waiting=0))
        first, second = Client(100_000, read=1), Client(1)
        holding = asyncio.ensure_future(run(answers(gate, Drain()), first))
        await asyncio.sleep(0.05)  # the first holds the only place, its client not reading
        with pytest.raises(ApiError) as refused:
            await run(answers(gate, Drain()), second)
        admitted = gate.admitted
        first.gone.set()
        holding.cancel()
        return refused.value, admitted, second.request

    refusal, admitted, unread = asyncio.run(scenario())
    assert refusal.status == 503 and refusal.headers == {"Retry-After": "2"} and "1 batches" in str(refusal)
    assert admitted == 1 and unread == b"x\n"


def test_a_bad_line_is_quoted_up_to_64_characters() -> None:
    quoted = error_object(puzzles.get("eight"), 1, "x" * 100_000, "not a board")["input"]
    assert quoted == "x" * 64 + "..." and error_object(puzzles.get("eight"), 2, "y" * 64, "bad")["input"] == "y" * 64
