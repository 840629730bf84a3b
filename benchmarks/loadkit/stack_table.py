"""The stack-comparison table and its targets: the median figures of every
row side by side (req/s with p99, the probe's ratios to the bare endpoint on
the same stack, memory, errors, one kept-open connection's p50), then the
probe as `ninebase serve` runs it against the best bare endpoint and the
best nginx measured (issue 21's throughput targets)."""

from __future__ import annotations

from typing import Any

from .report import print_checks
from .stacks import NGINX, STACKS, Row, median

TARGET_CACHED_VS_BARE = 0.8
TARGET_CACHED_VS_NGINX = 0.35
TARGET_UNCACHED_VS_BARE = 0.6
TARGET_P99_MS = 50.0
TARGET_ONE_CONNECTION_P50_MS = 1.0

Figures = dict[str, Any]
"""A row's median figures (`stacks.median`); the tables below key them by the row's name."""


def cell(figures: Figures | None, width: int = 17) -> str:
    text = "-" if figures is None else f"{figures['rps']:,.0f} ({figures['p99_ms']:.1f})"
    return f"{text:>{width}}"


def print_throughput(
    med: dict[str, Figures | None], c1: dict[str, Figures | None], seconds: float, reps: int, connections: int
) -> None:
    """The table: a line per stack and worker count, then nginx's lines."""
    print(
        f"\nThroughput: wrk -t2 -c{connections} -d{seconds:g}s on 127.0.0.1, req/s (p99 ms); "
        f"{'median of ' + str(reps) + ' runs' if reps > 1 else 'one run'}; RSS = peak over the server's "
        "process tree; 1-conn p50 = wrk -t1 -c1, 2 workers"
    )
    head = (
        f"{'stack':<26}{'w':>2} {'bare Starlette':>17} {'ninebase cache on':>18} {'cache off':>17} "
        f"{'on/bare':>8} {'off/bare':>8} {'RSS MiB':>8} {'errors':>6}  {'1-conn p50 ms bare/nb':>21}"
    )
    print(head)
    print("-" * len(head))
    for workers in (1, 2):
        for stack in STACKS:
            bare, on, off = (med.get(Row(app, stack, workers).name) for app in ("bare", "cache on", "cache off"))
            on_ratio = f"{on['rps'] / bare['rps']:.2f}" if on and bare else "-"
            off_ratio = f"{off['rps'] / bare['rps']:.2f}" if off and bare else "-"
            rss = f"{on['peak_rss_mib']:.0f}" if on else "-"
            errors = sum(x["errors"] for x in (bare, on, off) if x)
            latency = "-"
            if workers == 2:
                b, n = c1.get(Row("bare", stack, 2).name), c1.get(Row("cache on", stack, 2).name)
                latency = f"{b['p50_ms']:.2f} / {n['p50_ms']:.2f}" if b and n else "-"
            label = "granian (ninebase serve)" if stack == "granian" else stack
            print(
                f"{label:<26}{workers:>2} {cell(bare)} {cell(on, 18)} {cell(off)} {on_ratio:>8} {off_ratio:>8} "
                f"{rss:>8} {errors:>6}  {latency:>21}"
            )
    for workers in (1, 2):
        nginx = med.get(Row("nginx", NGINX, workers).name)
        rss = f"{nginx['peak_rss_mib']:.0f}" if nginx else "-"
        errors = nginx["errors"] if nginx else "-"
        print(f"{NGINX:<26}{workers:>2} {cell(nginx)} {'':>18} {'':>17} {'':>8} {'':>8} {rss:>8} {errors:>6}")


def judge_throughput(med: dict[str, Figures | None], c1: dict[str, Figures | None]) -> list[dict[str, Any]]:
    """The targets of the probe's throughput as `ninebase serve` (granian)
    runs it, its best worker count against the best bare endpoint and the
    best nginx measured; its p99; errors; one kept-open connection."""
    measured = [(Row.from_name(name), figures) for name, figures in med.items() if figures]

    def best(app: str, stacks: tuple[str, ...]) -> tuple[Row, Figures] | None:
        found = [(row, f) for row, f in measured if row.app == app and row.stack in stacks]
        return max(found, key=lambda pair: pair[1]["rps"], default=None)

    bare, nginx = best("bare", STACKS), best("nginx", (NGINX,))
    on, off = best("cache on", ("granian",)), best("cache off", ("granian",))
    checks: list[dict[str, Any]] = []

    def ratio(label: str, top: tuple[Row, Figures] | None, bottom: tuple[Row, Figures] | None, target: float) -> None:
        if not (top and bottom):
            checks.append({"target": label, "value": "not measured", "pass": False})
            return
        value = top[1]["rps"] / bottom[1]["rps"]
        checks.append(
            {
                "target": label,
                "value": value,
                "goal": f">= {target}",
                "pass": value >= target,
                "detail": f"{top[1]['rps']:,.0f} [{top[0].name}] / {bottom[1]['rps']:,.0f} [{bottom[0].name}]",
                "short_by": None if value >= target else f"{(1 - value / target) * 100:.0f}%",
            }
        )

    ratio("probe, cache on / best bare endpoint", on, bare, TARGET_CACHED_VS_BARE)
    ratio("probe, cache on / best nginx static file", on, nginx, TARGET_CACHED_VS_NGINX)
    ratio("probe, cache off / best bare endpoint", off, bare, TARGET_UNCACHED_VS_BARE)

    def p99(target: str, row: Row, figures: Figures, info: bool = False) -> None:
        twin = med.get(Row("bare", row.stack, row.workers).name)
        there = f"; the bare endpoint there: {twin['p99_ms']:.1f} ms" if twin else ""
        checks.append(
            {
                "target": target,
                "value": figures["p99_ms"],
                "goal": f"< {TARGET_P99_MS:g} ms",
                "pass": figures["p99_ms"] < TARGET_P99_MS,
                "info": info,
                "detail": row.name + there,
            }
        )

    for label, found in (("cache on", on), ("cache off", off)):
        if found:
            p99(f"probe p99 under 50 ms, {label} (the row above)", *found)
    served = [(row, f) for row, f in measured if row.app in ("cache on", "cache off") and row.stack == "granian"]
    worst = max(served, key=lambda pair: pair[1]["p99_ms"], default=None)
    if worst:
        p99("probe p99, worst ninebase serve row (1 or 2 workers)", *worst, info=True)
    errors = sum(f["errors"] + f["failed"] for _, f in measured)
    checks.append(
        {
            "target": "no errors (every row: socket errors, non-2xx, failed runs)",
            "value": errors,
            "goal": "0",
            "pass": errors == 0 and all(med.values()),
        }
    )
    one = c1.get(Row("cache on", "granian", 2).name)
    if one:
        checks.append(
            {
                "target": "one kept-open connection, ninebase serve --workers 2, p50",
                "value": one["p50_ms"],
                "goal": f"< {TARGET_ONE_CONNECTION_P50_MS:g} ms",
                "pass": one["p50_ms"] < TARGET_ONE_CONNECTION_P50_MS,
            }
        )
    return checks


def print_table(runs: dict[str, list[Figures]], one_connection: dict[str, list[Figures]]) -> list[dict[str, Any]]:
    """The table of the medians of `runs` (wrk's figures of every run of every
    row) beside those of the one-connection runs, and the checks, printed."""
    med = {name: median(r) for name, r in runs.items()}
    c1 = {name: median(r) for name, r in one_connection.items()}
    if not (med or c1):
        return []
    if med:
        measured = [run for rows in runs.values() for run in rows if "rps" in run]
        seconds = max((run["seconds"] for run in measured), default=0)
        connections = max((run.get("connections", 64) for run in measured), default=0)  # 64 before it was kept
        print_throughput(med, c1, seconds, max(len(r) for r in runs.values()), connections)
    checks = judge_throughput(med, c1)
    print_checks("Targets (ninebase serve = granian; its best worker count against the best measured):", checks)
    return checks
