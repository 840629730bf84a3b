"""The abuse scenarios at the sizes of the targets (smaller with --quick),
each on a fresh `ninebase serve`, printed against issue 21's targets:
overload refused and not absorbed, hung-up batches stopped and their places
freed, slow clients cut off, SIGTERM drained."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from . import batch_abuse, drain, slow_clients
from .oracle import Oracle
from .report import line, ms
from .servers import Server, running
from .stacks import Bench

TARGET_STORM_RSS_MIB = 1024
TARGET_STORM_PROBE_P99_MS = 100.0
TARGET_HANG_UP_STOP_S = 1.0
TARGET_SLOW_LOG_BYTES = 2**20
TARGET_HEADER_TIMEOUT_S = 10.0
TARGET_GRACE_S = 30.0

T = TypeVar("T")


def run_abuse(bench: Bench, quick: bool) -> dict[str, Any]:
    """Every scenario in turn on a fresh server, printed as it ends; their figures."""
    storm = {"clients": 40, "lines": 20_000, "limit": 180} if quick else {"clients": 200, "lines": 100_000}
    slow = {"connections": 1000, "seconds": 12} if quick else {"connections": 10_000, "seconds": 30}
    batches = {"batches": 6, "lines": 100_000}
    oracle = Oracle(bench.tables)

    def on_server(title: str, name: str, workers: int, scenario: Callable[[Server], T]) -> T:
        print(f"\n{title}; ninebase serve --workers {workers}", flush=True)
        with running(bench.ninebase(name, "--workers", str(workers))) as server:
            return scenario(server)

    out: dict[str, Any] = {}
    out["storm"] = on_server(
        f"(a) {storm['clients']} clients post a {storm['lines']:,}-line eight batch at once, a probe GET every 50 ms",
        "storm",
        2,
        lambda server: batch_abuse.batch_storm(server, oracle, **storm),
    )
    print_storm(out["storm"])
    out["hang_up"], out["places"] = on_server(
        f"(b) clients hang up mid-batch ({batch_abuse.PLACES} batch places)",
        "hang-up",
        1,
        lambda server: (
            batch_abuse.hang_up_mid_batch(server, oracle),
            batch_abuse.hung_up_places_come_back(server, oracle),
        ),
    )
    out["hang_up"]["answers"] = [
        {"status": a.status, "lines": a.lines, "wrong": a.bad_lines, "error": a.error}
        for a in out["hang_up"]["answers"]
    ]
    print_hang_up(out["hang_up"], out["places"])
    out["slow"] = on_server(
        f"(c) {slow['connections']:,} connections send their headers 1 byte/s for {slow['seconds']} s "
        "(reconnecting when cut), probes every 100 ms",
        "slow",
        2,
        lambda server: slow_clients.slow_headers(server, oracle, **slow),
    )
    print_slow(out["slow"])
    out["drain"] = on_server(
        f"(d) SIGTERM with {batches['batches']} batches of {batches['lines']:,} lines in flight (grace 30 s)",
        "drain",
        2,
        lambda server: drain.sigterm_drain(server, oracle, **batches),
    )
    print_drain(out["drain"])
    return out


def print_storm(s: dict[str, Any]) -> None:
    p = s["probe"]
    print(
        f"  {s['took_s']:.0f} s, load average {s['loadavg_before']} -> {s['loadavg_after']}; "
        f"{s['states_per_s']:,.0f} states/s answered in all"
    )
    line(
        s["answered_200"] + s["refused_503"] == s["clients"] and not s["other_status"] and not s["no_answer"],
        "every client answered 200 or 503",
        f"200: {s['answered_200']}, 503: {s['refused_503']}, other: {s['other_status']}, "
        f"no answer: {s['no_answer']} {s['no_answer_errors']}",
    )
    line(
        s["answered_200_right"] == s["answered_200"] and s["answered_200"] > 0,
        "every 200 complete and right",
        f"{s['answered_200_right']} of {s['answered_200']} ({s['wrong_lines']} wrong lines, "
        f"{s['answered_200_incomplete']} incomplete)",
    )
    line(
        s["refused_with_retry_after"] == s["refused_503"] == s["refused_with_json_error"],
        "every 503 at once, JSON, with Retry-After",
        f"{s['refused_with_retry_after']} with Retry-After, {s['refused_with_json_error']} JSON; "
        f"after {ms(s['refusal_p50_ms'])} (median), {ms(s['refusal_max_ms'])} (max)",
    )
    line(s["peak_rss_mib"] < TARGET_STORM_RSS_MIB, "peak RSS under 1 GiB", f"{s['peak_rss_mib']:,.0f} MiB")
    line(
        p["right"] == p["probes"] and (p["p99_ms"] or 1e9) < TARGET_STORM_PROBE_P99_MS,
        "probes right, p99 < 100 ms",
        f"{p['right']} of {p['probes']} right; p50 {ms(p['p50_ms'])}, p99 {ms(p['p99_ms'])}, "
        f"max {ms(p['max_ms'])} {p['failed'] or ''}",
    )
    line(s["log_tracebacks"] == 0, "no traceback in the log", f"{s['log_bytes']:,} bytes logged")


def print_hang_up(hang: dict[str, Any], places: dict[str, Any]) -> None:
    read = ", ".join(f"{a['lines']:,} lines read" for a in hang["answers"])
    line(
        hang["cpu_busy_after_hang_up_ms"] <= TARGET_HANG_UP_STOP_S * 1000,
        "2 running batches stop within 1 s of hang-up",
        f"CPU busy {ms(hang['cpu_busy_after_hang_up_ms'])} after the last hang-up, "
        f"{hang['cpu_s_after_hang_up']:.2f} CPU s used after it "
        f"(busy {hang['cpu_share_in_the_second_before'] or 0:.2f} cores before; {read})",
    )
    line(
        places["one_more_status"] == 503 and places["one_more_retry_after"] is not None,
        f"all {places['places']} places held: one more is refused",
        f"{places['one_more_status']} after {ms(places['one_more_after_ms'])}, "
        f"Retry-After {places['one_more_retry_after']}",
    )
    admitted = places["new_batch_admitted_after_hang_up_ms"]
    line(
        admitted is not None and admitted <= TARGET_HANG_UP_STOP_S * 1000 and places["new_batch_first_line_right"],
        "after they hang up, a new batch is admitted",
        f"after {ms(admitted)} ({places['new_batch_refused']} tries refused before); its first line (and the "
        f"head) after {ms(places['new_batch_first_line_after_hang_up_ms'])} (one chunk of 4,096 lines)",
    )


def print_slow(s: dict[str, Any]) -> None:
    p = s["probe"]
    cut = s["cut_after_s_min_median_max"]
    print(
        f"  {s['took_s']:.0f} s, load average {s['loadavg_before']} -> {s['loadavg_after']}; outcomes {s['outcomes']}"
        f"{'; answers ' + str(s['answers']) if s['answers'] else ''}"
    )
    line(
        bool(cut) and cut[2] <= TARGET_HEADER_TIMEOUT_S + 1.5,
        "slow headers cut off (10 s timeout)",
        f"after {cut[0]:.1f} / {cut[1]:.1f} / {cut[2]:.1f} s (min / median / max)" if cut else "none cut",
    )
    connect = s["connect_s_min_median_max"]
    if connect:
        print(f"  {'':4}  {'connection set-up (backlog, cap)':<44} {connect[1]:.2f} s median, {connect[2]:.2f} s max")
    line(
        s["log_bytes"] < TARGET_SLOW_LOG_BYTES and s["log_tracebacks"] == 0,
        "log under 1 MB, no traceback",
        f"{s['log_bytes']:,} bytes, {s['log_tracebacks']} tracebacks",
    )
    line(
        p["right"] == p["probes"] and s["alive_after"],
        "probes answered meanwhile",
        f"{p['right']} of {p['probes']} right; p50 {ms(p['p50_ms'])}, p99 {ms(p['p99_ms'])}, "
        f"max {ms(p['max_ms'])} {p['failed'] or ''}",
    )
    line(s["peak_rss_mib"] < TARGET_STORM_RSS_MIB, "peak RSS", f"{s['peak_rss_mib']:,.0f} MiB")


def print_drain(d: dict[str, Any]) -> None:
    line(
        d["answers_right"] == d["batches"],
        "every batch answered completely and right",
        f"{d['answers_right']} of {d['batches']} ({d['in_flight_at_sigterm']} still in flight at SIGTERM, "
        f"{d['streaming_at_sigterm']} had begun to answer); lines {d['lines_received']}; "
        f"statuses {d['statuses']}; {d['errors'] or ''}",
    )
    line(d["wrong_or_non_json_lines"] == 0, "no wrong or non-JSON line", str(d["wrong_or_non_json_lines"]))
    line(d["exit_status"] == 0, "exit status 0", str(d["exit_status"]))
    line(
        d["drain_s"] is not None and d["drain_s"] <= TARGET_GRACE_S,
        "drained within the grace (30 s)",
        f"{d['drain_s']:.1f} s after SIGTERM" if d["drain_s"] is not None else "did not exit",
    )
    line(d["log_tracebacks"] == 0, "no traceback in the log", repr(d["log_tail"][-120:]))
    line(
        d["port_free_after"] and not d["processes_left"],
        "port released, no process left",
        f"port free: {d['port_free_after']}, left: {d['processes_left']}; new requests meanwhile: "
        f"{d['new_requests_during_drain']}",
    )
