"""Batches that overload a running `ninebase serve` or whose clients hang up,
each scenario bounded in count and time and returning its figures as a dict
(`load.py` prints them against the targets, tests/test_abuse.py asserts):

- `batch_storm`: many clients post a big eight batch at once while a probe
  client GETs every 50 ms; every answer is counted and checked.
- `hang_up_mid_batch`: clients hang up while their batches run; how long
  the server's CPU stays busy after.
- `hung_up_places_come_back`: every batch place taken by a client that does
  not read; one more is refused; they all hang up; how soon a new batch is
  admitted and answered.
"""

from __future__ import annotations

import asyncio
import itertools
import statistics
import time
from typing import Any

from ninebase.lookup.web.settings import DEFAULT_SETTINGS

from .clients import Answer, bounded, request, run_fast
from .oracle import Oracle
from .probes import Prober, probe_figures
from .procfs import MIB, TICKS, Sampler, loadavg
from .servers import Server

BATCH = "/api/eight/batch"
PLACES = DEFAULT_SETTINGS.batches_running + DEFAULT_SETTINGS.batches_waiting
"""Batch places of one worker process: those running and those waiting for a turn."""


def batch_storm(
    server: Server,
    oracle: Oracle,
    clients: int = 200,
    lines: int = 100_000,
    limit: float = 600,
    probe_every: float = 0.05,
    distinct_bodies: int = 8,
) -> dict[str, Any]:
    """`clients` clients post a `lines`-line batch at once, each reading and
    checking its whole answer, while a probe client GETs every `probe_every` s;
    nothing runs past `limit` seconds."""
    batches = [oracle.batch(lines) for _ in range(distinct_bodies)]
    checks = [oracle.checker(states) for states, _ in batches]
    load_before = loadavg()
    prober = Prober(server.port, oracle.probes(), limit + 5, probe_every)
    time.sleep(0.5)

    async def storm() -> list[Answer]:
        deadline = time.monotonic() + limit
        return await asyncio.gather(
            *(
                bounded(
                    request(
                        server.port,
                        "POST",
                        BATCH,
                        batches[i % distinct_bodies][1],
                        check_line=checks[i % distinct_bodies],
                    ),
                    deadline - time.monotonic(),
                )
                for i in range(clients)
            )
        )

    log_before = server.log_bytes()
    started = time.monotonic()
    with Sampler(server.pid) as sampler:
        answers = run_fast(storm())
    took = time.monotonic() - started
    probes = probe_figures(prober.stop())
    ok = [a for a in answers if a.status == 200]
    refused = [a for a in answers if a.status == 503]
    return {
        "clients": clients,
        "lines": lines,
        "took_s": took,
        "loadavg_before": load_before,
        "loadavg_after": loadavg(),
        "answered_200": len(ok),
        "answered_200_right": sum(a.whole_and_right(lines) for a in ok),
        "answered_200_incomplete": sum(not a.complete for a in ok),
        "wrong_lines": sum(a.bad_lines for a in ok),
        "refused_503": len(refused),
        "refused_with_retry_after": sum(a.headers.get("retry-after", "").isdigit() for a in refused),
        "refused_with_json_error": sum(a.is_json_error() for a in refused),
        "refused_before_the_body_was_sent": sum("send_error" in a.events for a in refused),
        "refusal_p50_ms": statistics.median(a.head_after for a in refused) * 1000 if refused else None,
        "refusal_max_ms": max(a.head_after for a in refused) * 1000 if refused else None,
        "other_status": sorted({a.status for a in answers if a.status not in (200, 503, None)}),
        "no_answer": sum(a.status is None for a in answers),
        "no_answer_errors": sorted({a.error for a in answers if a.status is None and a.error})[:5],
        "states_per_s": sum(a.lines for a in ok) / took,
        "peak_rss_mib": sampler.peak / MIB,
        "log_bytes": server.log_bytes() - log_before,
        "log_tracebacks": server.log_text().count("Traceback"),
        "probe": probes,
    }


def hang_up_mid_batch(
    server: Server, oracle: Oracle, clients: int = 2, lines: int = 100_000, read: int = 8192
) -> dict[str, Any]:
    """`clients` clients post a batch, read `read` lines of the answer and hang
    up; the server tree's CPU time is sampled every 50 ms before and after."""
    batches = [oracle.batch(lines) for _ in range(clients)]

    async def readers() -> list[Answer]:
        return await asyncio.gather(
            *(
                bounded(
                    request(server.port, "POST", BATCH, body, check_line=oracle.checker(states), read_lines=read), 120
                )
                for states, body in batches
            )
        )

    with Sampler(server.pid, interval=0.05) as sampler:
        time.sleep(0.5)
        answers = asyncio.run(readers())
        hung_up = max((a.events.get("closed", 0) for a in answers), default=0)
        time.sleep(3)
    return {"answers": answers, **cpu_after(sampler.samples, hung_up)}


def cpu_after(samples: list[tuple[float, int, int]], moment: float, busy_ticks: int = 2) -> dict[str, Any]:
    """From (time, RSS, ticks) samples: when the CPU time of the process tree
    last grew by `busy_ticks` (or more) between two samples after `moment`,
    how much it used after `moment`, and how busy it was in the second before."""
    after = [(t, ticks) for t, _, ticks in samples if t >= moment]
    before = [(t, ticks) for t, _, ticks in samples if moment - 1 <= t < moment]
    busy_until = moment
    for (_, previous), (t, ticks) in itertools.pairwise(after):
        if ticks - previous >= busy_ticks:
            busy_until = t
    share_before = None  # the share of one core, between the first and the last sample of the second before
    if len(before) > 1 and before[-1][0] > before[0][0]:
        share_before = (before[-1][1] - before[0][1]) / TICKS / (before[-1][0] - before[0][0])
    return {
        "cpu_busy_after_hang_up_ms": (busy_until - moment) * 1000,
        "cpu_s_after_hang_up": (after[-1][1] - after[0][1]) / TICKS if len(after) > 1 else 0.0,
        "cpu_share_in_the_second_before": share_before,
        "observed_after_s": after[-1][0] - moment if after else 0.0,
    }


def hung_up_places_come_back(
    server: Server, oracle: Oracle, places: int = PLACES, lines: int = 100_000, limit: float = 10
) -> dict[str, Any]:
    """Take every batch place of a one-worker server with clients that read
    nothing; one more batch must be refused; all hang up at once; then a new
    batch is tried (again 20 ms after a refusal) until one is admitted and
    answers its first line, for at most `limit` seconds. A batch is admitted
    (or refused) as soon as its request head arrives; the head of its answer
    only comes with its first chunk of lines, so "admitted after" is when the
    try that was not refused started."""
    batches = [oracle.batch(lines) for _ in range(places)]
    extra_states, extra_body = oracle.batch(lines)

    async def scenario() -> dict[str, Any]:
        hold = asyncio.Event()
        heads: list[Answer] = []
        sent: list[Answer] = []
        holders = [
            asyncio.create_task(
                request(
                    server.port,
                    "POST",
                    BATCH,
                    body,
                    read_lines=0,
                    hold=hold,
                    rcvbuf=4096,
                    on_head=heads.append,
                    sent=sent.append,
                )
            )
            for _, body in batches
        ]
        # a batch is admitted before its body is read, and a waiting one has its body read too (its answer's
        # head only comes with its first lines): once every body is sent and the first heads are in, all wait
        deadline = time.monotonic() + 30
        while (len(sent) < places or not heads) and time.monotonic() < deadline:
            await asyncio.sleep(0.02)
        await asyncio.sleep(0.5)
        heads_before = len(heads)
        one_more = await bounded(request(server.port, "POST", BATCH, extra_body), 10)
        hold.set()
        held = await asyncio.gather(*holders)
        hung_up = max(a.events.get("closed", 0) for a in held)
        tries, refused, again = 0, 0, Answer(error="not tried: the hang-ups ended after the limit")
        while time.monotonic() - hung_up < limit:
            tries += 1
            again = await bounded(
                request(server.port, "POST", BATCH, extra_body, check_line=oracle.checker(extra_states), read_lines=1),
                limit - (time.monotonic() - hung_up),
            )
            if again.status == 200 and again.lines:
                break
            refused += again.status == 503
            await asyncio.sleep(0.02)
        return {
            "places": places,
            "bodies_sent": len(sent),
            "heads_before": heads_before,
            "statuses_before": sorted({a.status for a in heads[:heads_before]}),
            "one_more_status": one_more.status,
            "one_more_retry_after": one_more.headers.get("retry-after"),
            "one_more_after_ms": one_more.head_after * 1000 if one_more.head_after is not None else None,
            "new_batch_status": again.status,
            "new_batch_tries": tries,
            "new_batch_refused": refused,
            "new_batch_admitted_after_hang_up_ms": since(again, 0.0, hung_up) if again.status == 200 else None,
            "new_batch_first_line_after_hang_up_ms": since(again, again.first_line_after, hung_up),
            "new_batch_first_line_right": again.lines >= 1 and again.bad_lines == 0,
        }

    return asyncio.run(scenario())


def since(answer: Answer, offset: float | None, moment: float) -> float | None:
    """Milliseconds from `moment` to `offset` seconds into the answer's request."""
    return None if offset is None else (answer.events["started"] + offset - moment) * 1000
