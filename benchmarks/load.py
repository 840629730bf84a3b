"""Load and abuse on `ninebase serve` and the server stacks it was chosen
from, on loopback only; every run and every scenario bounded in time.

    python benchmarks/load.py [--tables DIR] [--seconds 8] [--reps 1] [--quick]
                              [--only throughput,latency,batch,abuse] [--json PATH]

Throughput (wrk -t2 -c64, GET): a bare Starlette endpoint answering a
constant JSON object (`bare_app.py`) and ninebase's probe
(`GET /api/eight?state=` over 300 different states, answer cache on and
off) on three stacks: uvicorn with h11 and asyncio, uvicorn with httptools
and uvloop, and granian with the settings of `ninebase serve` (ninebase
itself runs as `ninebase serve` there, and as the ASGI factory
`lookup.web:app_from_environment` under uvicorn), each with 1 and 2 worker
processes; and nginx-light serving a probe answer as a fixed JSON file, the
ceiling of this machine. One kept-open connection (wrk -t1 -c1) on each
stack with 2 workers. Then the ratios against the targets, the HTTP batch
throughput, and the abuse scenarios of `abuse.py`.

Every server listens on a free 127.0.0.1 port and is stopped by its own PID;
the memory of a server is the RSS summed over its process tree (/proc). The
2 cores may be shared: the load average is printed with the figures, `--reps
N` interleaves N runs of every stack and shows medians. Writes everything as
JSON (default benchmarks/last-load.json).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import abuse  # noqa: E402
from loadkit import (  # noqa: E402
    BIN,
    NINEBASE,
    Sampler,
    Server,
    free_port,
    loadavg,
    ninebase_serve,
    request,
    running,
    tree,
    wrk,
    wrk_script,
)

import lookup  # noqa: E402
from lookup.web.server import BACKLOG, connection_cap  # noqa: E402

MIB = 2**20
TARGET_CACHED_VS_BARE = 0.8
TARGET_CACHED_VS_NGINX = 0.35
TARGET_UNCACHED_VS_BARE = 0.6
TARGET_P99_MS = 50.0
TARGET_ONE_CONNECTION_P50_MS = 1.0
TARGET_STORM_RSS_MIB = 1024
TARGET_STORM_PROBE_P99_MS = 100.0
TARGET_HANG_UP_STOP_S = 1.0
TARGET_SLOW_LOG_BYTES = 2**20
TARGET_HEADER_TIMEOUT_S = 10.0
TARGET_GRACE_S = 30.0

STACKS = ("uvicorn h11", "uvicorn httptools+uvloop", "granian")
UVICORN = {
    "uvicorn h11": ["--http", "h11", "--loop", "asyncio"],
    "uvicorn httptools+uvloop": ["--http", "httptools", "--loop", "uvloop"],
}
GRANIAN_AS_NINEBASE_SERVE = [
    "--interface",
    "asgi",
    "--http",
    "1",
    "--no-ws",
    "--runtime-mode",
    "st",
    "--backlog",
    str(BACKLOG),
    "--backpressure",
    str(connection_cap(10_000)),
    "--http1-header-read-timeout",
    "10000",
    "--workers-kill-timeout",
    "30",
    "--log-level",
    "warning",
    "--no-access-log",
]
"""lookup/web/server.py's Granian(...) with `ninebase serve`'s defaults, as granian's command line."""

NGINX_CONF = """
worker_processes {workers};
pid {dir}/nginx.pid;
error_log {dir}/nginx-error.log warn;
events {{ worker_connections 4096; }}
http {{
    access_log off;
    client_body_temp_path {dir}/tmp; proxy_temp_path {dir}/tmp; fastcgi_temp_path {dir}/tmp;
    uwsgi_temp_path {dir}/tmp; scgi_temp_path {dir}/tmp;
    keepalive_requests 1000000;
    server {{
        listen 127.0.0.1:{port};
        location = /probe.json {{ root {dir}; default_type application/json; }}
    }}
}}
"""


@dataclass(frozen=True)
class Row:
    """One server to measure: what it serves (bare, ninebase with the cache on or off, nginx), on which stack."""

    app: str  # "bare", "cache on", "cache off", "nginx"
    stack: str
    workers: int

    @property
    def name(self) -> str:
        return f"{self.app} | {self.stack} | {self.workers}w"


class Bench:
    def __init__(self, tables: Path, scratch: Path) -> None:
        self.tables, self.scratch = tables, scratch
        self.oracle = abuse.Oracle(tables, pool=400)
        self.paths = list(self.oracle.probes(300))
        self.probe_script = wrk_script(self.paths, scratch)
        self.bare_script = wrk_script(["/constant"], scratch)
        self.nginx_script = wrk_script(["/probe.json"], scratch)
        with lookup.open_tables(tables) as opened:
            probe = opened.probe("eight", self.oracle.states[0]).to_dict()
        (scratch / "probe.json").write_text(json.dumps(probe, ensure_ascii=False, separators=(",", ":")))
        (scratch / "tmp").mkdir()
        os.chmod(scratch, 0o755)  # nginx workers may run as another user
        os.chmod(scratch / "probe.json", 0o644)

    def log(self, row: Row | str) -> Path:
        name = row.name if isinstance(row, Row) else row
        return self.scratch / ("".join(c if c.isalnum() else "-" for c in name) + ".log")

    def server(self, row: Row) -> Server:
        port = free_port()
        workers = str(row.workers)
        env = {"PYTHONPATH": str(HERE), "NINEBASE_TABLES": str(self.tables)}
        if row.app == "nginx":
            directory = self.scratch
            conf = directory / f"nginx-{port}.conf"
            conf.write_text(NGINX_CONF.format(workers=row.workers, dir=directory, port=port))
            argv = [
                shutil.which("nginx") or "/usr/sbin/nginx",
                "-p",
                str(directory),
                "-c",
                str(conf),
                "-e",
                str(directory / "nginx-error.log"),
                "-g",
                "daemon off;",
            ]
            return Server(argv, port, self.log(row), health="/probe.json")
        if row.app == "bare":
            app, health, factory = "bare_app:app", "/constant", []
        else:
            app, health, factory = "lookup.web:app_from_environment", "/health", ["--factory"]
            env["NINEBASE_CACHE"] = "0" if row.app == "cache off" else "65536"
        address = ["--host", "127.0.0.1", "--port", str(port), "--workers", workers]
        if row.stack in UVICORN:
            argv = [
                str(BIN / "uvicorn"),
                app,
                *factory,
                *address,
                *UVICORN[row.stack],
                "--log-level",
                "warning",
                "--no-access-log",
            ]
        elif row.app == "bare":
            argv = [str(BIN / "granian"), app, *address, *GRANIAN_AS_NINEBASE_SERVE]
        else:
            cache = "0" if row.app == "cache off" else "65536"
            server = ninebase_serve(self.tables, self.log(row), "--workers", workers, "--cache", cache, port=port)
            server.env = env
            return server
        return Server(argv, port, self.log(row), health=health, env=env)

    def script(self, row: Row) -> Path:
        return {"bare": self.bare_script, "nginx": self.nginx_script}.get(row.app, self.probe_script)

    def measure(self, row: Row, seconds: float, threads: int, connections: int) -> dict:
        server = self.server(row)
        try:
            server.start()
            time.sleep(1.0 if row.workers > 1 else 0.3)  # every worker has its app
            before = loadavg()
            with Sampler(server.pid, interval=0.5) as sampler:
                figures = wrk(server.base, self.script(row), seconds, threads, connections)
            figures.update(loadavg_before=before, peak_rss_mib=sampler.peak / MIB, seconds=seconds)
        except Exception as error:  # keep going: the table shows the failure
            figures = {"failed": f"{type(error).__name__}: {str(error)[:200]}"}
        finally:
            server.stop()
        return figures


def throughput_rows() -> list[Row]:
    rows = [
        Row(app, stack, workers) for workers in (1, 2) for stack in STACKS for app in ("bare", "cache on", "cache off")
    ]
    return rows + [Row("nginx", "nginx-light static file", workers) for workers in (1, 2)]


def latency_rows() -> list[Row]:
    return [Row(app, stack, 2) for stack in STACKS for app in ("bare", "cache on")]


def run_rows(bench: Bench, rows: list[Row], reps: int, seconds: float, threads: int, connections: int) -> dict:
    """Every row `reps` times, interleaved (rep 1 of every row, then rep 2...): {name: [figures of each run]}."""
    runs: dict[str, list[dict]] = {row.name: [] for row in rows}
    for rep in range(reps):
        for row in rows:
            figures = bench.measure(row, seconds, threads, connections)
            runs[row.name].append(figures)
            shown = (
                (
                    f"{figures['rps']:>9,.0f} req/s  p50 {figures['p50_ms']:.2f}  p99 {figures['p99_ms']:.2f} ms  "
                    f"errors {figures['errors']}  load {figures['loadavg_before']}"
                )
                if "rps" in figures
                else figures["failed"]
            )
            print(f"  run {rep + 1}/{reps} wrk -t{threads} -c{connections}  {row.name:<48} {shown}", flush=True)
    return runs


def median(runs: list[dict]) -> dict | None:
    ok = [run for run in runs if "rps" in run]
    if not ok:
        return None
    keys = ("rps", "p50_ms", "p99_ms", "peak_rss_mib")
    return {
        **{k: statistics.median(run[k] for run in ok) for k in keys},
        "errors": sum(run["errors"] for run in ok),
        "runs": len(ok),
        "failed": len(runs) - len(ok),
    }


def cell(figures: dict | None, width: int = 17) -> str:
    if figures is None:
        return f"{'-':>{width}}"
    text = f"{figures['rps']:,.0f} ({figures['p99_ms']:.1f})"
    return f"{text:>{width}}"


def print_throughput(med: dict, c1: dict, seconds: float, reps: int) -> None:
    print(
        f"\nThroughput: wrk -t2 -c64 -d{seconds:g}s on 127.0.0.1, req/s (p99 ms); "
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
        nginx = med.get(Row("nginx", "nginx-light static file", workers).name)
        rss = f"{nginx['peak_rss_mib']:.0f}" if nginx else "-"
        print(
            f"{'nginx-light static file':<26}{workers:>2} {cell(nginx)} {'':>18} {'':>17} {'':>8} {'':>8} {rss:>8} "
            f"{nginx['errors'] if nginx else '-':>6}"
        )


def verdict(ok: bool) -> str:
    return "PASS" if ok else "FAIL"


def judge_throughput(med: dict, c1: dict) -> list[dict]:
    """The targets of the probe's throughput, against the best bare endpoint and the best nginx measured."""

    def best(app: str, stacks: tuple[str, ...]) -> tuple[str, dict] | None:
        found = [
            (name, f) for name, f in med.items() if f and name.split(" | ")[0] == app and name.split(" | ")[1] in stacks
        ]
        return max(found, key=lambda pair: pair[1]["rps"], default=None)

    bare = best("bare", STACKS)
    nginx = best("nginx", ("nginx-light static file",))
    on = best("cache on", ("granian",))
    off = best("cache off", ("granian",))
    checks = []

    def ratio(label: str, top: tuple | None, bottom: tuple | None, target: float) -> None:
        if not (top and bottom):
            checks.append({"target": label, "result": "not measured", "pass": False})
            return
        value = top[1]["rps"] / bottom[1]["rps"]
        checks.append(
            {
                "target": label,
                "value": value,
                "goal": f">= {target}",
                "pass": value >= target,
                "detail": f"{top[1]['rps']:,.0f} [{top[0]}] / {bottom[1]['rps']:,.0f} [{bottom[0]}]",
                "short_by": None if value >= target else f"{(1 - value / target) * 100:.0f}%",
            }
        )

    ratio("probe, cache on / best bare endpoint", on, bare, TARGET_CACHED_VS_BARE)
    ratio("probe, cache on / best nginx static file", on, nginx, TARGET_CACHED_VS_NGINX)
    ratio("probe, cache off / best bare endpoint", off, bare, TARGET_UNCACHED_VS_BARE)

    def bare_p99(name: str) -> str:
        _, stack, workers = name.split(" | ")
        twin = med.get(Row("bare", stack, int(workers[:-1])).name)
        return f"{name}; the bare endpoint there: {twin['p99_ms']:.1f} ms" if twin else name

    for label, row in (("cache on", on), ("cache off", off)):
        if row:
            checks.append(
                {
                    "target": f"probe p99 under 50 ms, {label} (the row above)",
                    "value": row[1]["p99_ms"],
                    "goal": f"< {TARGET_P99_MS:g} ms",
                    "pass": row[1]["p99_ms"] < TARGET_P99_MS,
                    "detail": bare_p99(row[0]),
                }
            )
    served = {
        name: f
        for name, f in med.items()
        if f and name.split(" | ")[0] in ("cache on", "cache off") and name.split(" | ")[1] == "granian"
    }
    worst = max(served.items(), key=lambda pair: pair[1]["p99_ms"], default=None)
    if worst:
        checks.append(
            {
                "target": "probe p99, worst ninebase serve row (1 or 2 workers)",
                "value": worst[1]["p99_ms"],
                "goal": f"< {TARGET_P99_MS:g} ms",
                "pass": worst[1]["p99_ms"] < TARGET_P99_MS,
                "info": True,
                "detail": bare_p99(worst[0]),
            }
        )
    errors = sum(f["errors"] + f["failed"] for f in med.values() if f)
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


def print_checks(title: str, checks: list[dict]) -> None:
    print(f"\n{title}")
    for check in checks:
        value = check.get("value")
        shown = f"{value:,.2f}" if isinstance(value, float) else str(value if value is not None else "-")
        short = f"  (short by {check['short_by']})" if check.get("short_by") else ""
        mark = "info" if check.get("info") and not check["pass"] else verdict(check["pass"])
        goal, detail = check.get("goal", ""), check.get("detail", "")
        print(f"  {mark}  {check['target']:<58} {shown:>10}  goal {goal}{short}  {detail}")


def pooled_table(files: list[Path]) -> None:
    """The throughput table and its checks over the runs of earlier JSON files (medians of every run)."""
    runs: dict[str, list[dict]] = {}
    one: dict[str, list[dict]] = {}
    for file in files:
        result = json.loads(file.read_text())
        for name, rows in result.get("throughput_runs", {}).items():
            runs.setdefault(name, []).extend(rows)
        for name, rows in result.get("one_connection_runs", {}).items():
            one.setdefault(name, []).extend(rows)
        print(f"{file}: load average {result['loadavg_start']} at the start, {result['loadavg_end']} at the end")
    med = {name: median(r) for name, r in runs.items()}
    c1 = {name: median(r) for name, r in one.items()}
    seconds = {row.get("seconds") for rows in runs.values() for row in rows} - {None}
    print_throughput(med, c1, max(seconds) if seconds else 0, max((len(r) for r in runs.values()), default=0))
    print_checks("Targets over the pooled runs:", judge_throughput(med, c1))


# ---------------------------------------------------------------- batches over HTTP


def tables_opened_by(pids: list[int], directory: Path) -> dict[int, int]:
    """How many table files each process has open."""
    opened = {}
    for pid in pids:
        count = 0
        try:
            for fd in os.listdir(f"/proc/{pid}/fd"):
                try:
                    target = os.readlink(f"/proc/{pid}/fd/{fd}")
                except OSError:
                    continue
                count += target.startswith(str(directory.resolve())) and target.endswith(".h5")
        except OSError:
            continue
        opened[pid] = count
    return opened


def batch_throughput(bench: Bench, lines: int) -> dict:
    states, body = bench.oracle.batch(lines)
    out: dict = {"lines": lines}
    with running(ninebase_serve(bench.tables, bench.log("batch"), "--workers", "2")) as server:
        pids = tree(server.pid)
        opened = tables_opened_by(pids, bench.tables)
        out["tables_open_per_process"] = {
            ("parent" if pid == server.pid else f"worker {pid}"): n for pid, n in opened.items()
        }
        out["loadavg_before"] = loadavg()
        answer = asyncio.run(
            request(server.port, "POST", "/api/eight/batch", body, check_line=bench.oracle.checker(states))
        )
        out["batch"] = {
            "status": answer.status,
            "seconds": answer.took,
            "states_per_s": answer.lines / answer.took,
            "lines": answer.lines,
            "wrong_lines": answer.bad_lines,
            "complete": answer.complete,
        }
        with urllib.request.urlopen(server.base + "/openapi.json", timeout=10) as document:
            paths = json.load(document).get("paths", {})
        if "/api/{puzzle}/distances" in paths:
            started = time.monotonic()
            distances = asyncio.run(request(server.port, "POST", "/api/eight/distances", body, keep_body=64 * MIB))
            took = time.monotonic() - started
            out["distances"] = {
                "status": distances.status,
                "seconds": took,
                **count_distances(distances, states, bench.oracle),
            }
            out["distances"]["states_per_s"] = out["distances"]["answers"] / took
        else:
            out["distances"] = None
    return out


def count_distances(answer, states: list[str], oracle: abuse.Oracle) -> dict:
    """How many distances an answer of /api/eight/distances holds, and how many are right (a JSON array, an
    object holding a list, or one JSON value or object per line; unsolvable: null or -1)."""
    text = answer.body.decode("utf-8", "replace")
    values: list = []
    try:
        parsed = json.loads(text)
        if isinstance(parsed, dict):
            parsed = next((v for v in parsed.values() if isinstance(v, list)), [])
        values = parsed if isinstance(parsed, list) else []
    except ValueError:
        for line in text.splitlines():
            try:
                item = json.loads(line)
            except ValueError:
                continue
            values.append(item.get("distance") if isinstance(item, dict) else item)

    def plain(distance: int | None) -> int | None:
        return -1 if distance is None else distance

    right = sum(
        plain(value) == plain(oracle.expected[state]["distance"]) for value, state in zip(values, states, strict=False)
    )
    return {"answers": len(values), "right": right, "content_type": answer.headers.get("content-type")}


# ---------------------------------------------------------------- the abuse scenarios


def run_abuse(bench: Bench, quick: bool) -> dict:
    out = {}
    sizes = {
        "storm": {"clients": 40, "lines": 20_000, "limit": 180} if quick else {"clients": 200, "lines": 100_000},
        "slow": {"connections": 1000, "seconds": 12} if quick else {"connections": 10_000, "seconds": 30},
        "drain": {"batches": 6, "lines": 20_000} if quick else {"batches": 6, "lines": 100_000},
    }
    oracle = abuse.Oracle(bench.tables)
    print(
        f"\n(a) {sizes['storm']['clients']} clients post a {sizes['storm']['lines']:,}-line eight batch at once, "
        "a probe GET every 50 ms; ninebase serve --workers 2",
        flush=True,
    )
    with running(ninebase_serve(bench.tables, bench.log("storm"), "--workers", "2")) as server:
        out["storm"] = storm = abuse.batch_storm(server, oracle, **sizes["storm"])
    print_storm(storm)
    print("\n(b) clients hang up mid-batch; ninebase serve --workers 1 (18 batch places)", flush=True)
    with running(ninebase_serve(bench.tables, bench.log("hang-up"), "--workers", "1")) as server:
        hang = abuse.hang_up_mid_batch(server, oracle)
        hang["answers"] = [
            {"status": a.status, "lines": a.lines, "wrong": a.bad_lines, "error": a.error} for a in hang["answers"]
        ]
        places = abuse.hung_up_places_come_back(server, oracle)
    out["hang_up"], out["places"] = hang, places
    print_hang_up(hang, places)
    print(
        f"\n(c) {sizes['slow']['connections']:,} connections send their headers 1 byte/s for "
        f"{sizes['slow']['seconds']} s (reconnecting when cut), probes every 100 ms; ninebase serve --workers 2",
        flush=True,
    )
    with running(ninebase_serve(bench.tables, bench.log("slow"), "--workers", "2")) as server:
        out["slow"] = slow = abuse.slow_headers(server, oracle, **sizes["slow"])
    print_slow(slow)
    print(
        f"\n(d) SIGTERM with {sizes['drain']['batches']} batches of {sizes['drain']['lines']:,} lines in flight; "
        "ninebase serve --workers 2 (grace 30 s)",
        flush=True,
    )
    server = ninebase_serve(bench.tables, bench.log("drain"), "--workers", "2")
    with running(server):
        out["drain"] = drain = abuse.sigterm_drain(server, oracle, **sizes["drain"])
    print_drain(drain)
    return out


def ms(value: float | None) -> str:
    return "-" if value is None else f"{value:,.0f} ms" if value >= 10 else f"{value:.1f} ms"


def line(ok: bool, what: str, detail: str) -> None:
    print(f"  {verdict(ok)}  {what:<44} {detail}")


def print_storm(s: dict) -> None:
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


def print_hang_up(hang: dict, places: dict) -> None:
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


def print_slow(s: dict) -> None:
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


def print_drain(d: dict) -> None:
    line(
        d["answers_right"] == d["batches"],
        "every batch answered completely and right",
        f"{d['answers_right']} of {d['batches']} ({d['streaming_at_sigterm']} streaming at SIGTERM, the rest "
        f"waiting); lines {d['lines_received']}; statuses {d['statuses']}; "
        f"{d['errors'] or ''}",
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


# ---------------------------------------------------------------- main


def main() -> None:
    parser = argparse.ArgumentParser(description="ninebase load and abuse benchmark (loopback only)")
    parser.add_argument(
        "--tables",
        type=Path,
        help="built tables (default: the default tables directory, "
        "or built into a temporary directory when it has none)",
    )
    parser.add_argument("--seconds", type=float, default=8, help="wrk duration per run (default 8)")
    parser.add_argument("--reps", type=int, default=1, help="interleaved runs of every stack; medians shown")
    parser.add_argument("--quick", action="store_true", help="2 s wrk runs and small abuse scenarios")
    parser.add_argument("--only", default="throughput,latency,batch,abuse", help="comma-separated parts to run")
    parser.add_argument("--json", type=Path, default=HERE / "last-load.json")
    parser.add_argument("--table", type=Path, nargs="+", help="only print the throughput table of earlier JSON files")
    args = parser.parse_args()
    if args.table:
        return pooled_table(args.table)
    if shutil.which("wrk") is None:
        sys.exit("load.py needs wrk: apt-get install wrk")
    seconds = 2 if args.quick else args.seconds
    parts = set(args.only.split(","))
    started = time.monotonic()
    result: dict = {"argv": sys.argv[1:], "loadavg_start": loadavg(), "cpus": os.cpu_count()}
    with tempfile.TemporaryDirectory(prefix="ninebase-load-") as scratch_dir:
        scratch = Path(scratch_dir)
        tables = args.tables or lookup.resolve_tables_dir()
        if not list(tables.glob("*.h5")):
            tables = scratch / "tables"
            subprocess.run([NINEBASE, "build", "--tables", str(tables)], check=True, capture_output=True)
        bench = Bench(tables, scratch)
        print(f"ninebase load benchmark: tables {tables}, {os.cpu_count()} CPUs, load average {loadavg()}", flush=True)
        med: dict = {}
        c1: dict = {}
        if "throughput" in parts:
            runs = run_rows(bench, throughput_rows(), args.reps, seconds, 2, 64)
            result["throughput_runs"] = runs
            med = {name: median(r) for name, r in runs.items()}
        if "latency" in parts:
            runs = run_rows(bench, latency_rows(), args.reps, seconds, 1, 1)
            result["one_connection_runs"] = runs
            c1 = {name: median(r) for name, r in runs.items()}
        if med:
            print_throughput(med, c1, seconds, args.reps)
        if med or c1:
            result["throughput_checks"] = checks = judge_throughput(med, c1)
            print_checks("Targets (ninebase serve = granian; its best worker count against the best measured):", checks)
        if "batch" in parts:
            result["batch"] = batch = batch_throughput(bench, 20_000 if args.quick else 100_000)
            b = batch["batch"]
            print(
                f"\nHTTP batch (ninebase serve --workers 2, one client, load average {batch['loadavg_before']}): "
                f"POST /api/eight/batch {b['lines']:,} states in {b['seconds']:.2f} s = {b['states_per_s']:,.0f} "
                f"states/s, status {b['status']}, {b['wrong_lines']} wrong lines"
            )
            d = batch["distances"]
            print(
                "  POST /api/eight/distances: "
                + (
                    "not in /openapi.json (not served by this version)"
                    if d is None
                    else f"{d['answers']:,} answers in {d['seconds']:.2f} s = {d['states_per_s']:,.0f} states/s, "
                    f"status {d['status']}, {d['content_type']}"
                )
            )
            print(f"  table files open per process: {batch['tables_open_per_process']}")
        if "abuse" in parts:
            result["abuse"] = run_abuse(bench, args.quick)
    result["seconds"] = time.monotonic() - started
    result["loadavg_end"] = loadavg()
    args.json.write_text(json.dumps(result, indent=1, default=str))
    print(
        f"\n{result['seconds'] / 60:.1f} min; load average at the start {result['loadavg_start']}, at the end "
        f"{result['loadavg_end']}; figures in {args.json}"
    )


if __name__ == "__main__":
    main()
