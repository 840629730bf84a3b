"""The server stacks compared, each a row of the throughput table: a bare
Starlette endpoint (`bare_app.py`, the ceiling of any endpoint on a stack)
and ninebase's probe with the answer cache on and off, on uvicorn with h11,
uvicorn with httptools and uvloop, and granian as `ninebase serve` runs it,
with 1 and 2 workers; and nginx-light serving a probe answer as a file, the
ceiling of this machine. Each row is measured with wrk on its own server,
started fresh and stopped by its PID."""

from __future__ import annotations

import json
import os
import shutil
import statistics
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ninebase import lookup
from ninebase.lookup.service.server import connection_cap
from ninebase.lookup.web.settings import DEFAULT_SETTINGS as SERVE

from .oracle import Oracle
from .procfs import MIB, Sampler, loadavg
from .servers import BIN, Server, free_port, ninebase_serve
from .wrk import run_wrk, wrk_script

BENCHMARKS = Path(__file__).resolve().parent.parent
"""Where `bare_app.py` is, for the servers to import it."""
STACKS = ("uvicorn h11", "uvicorn httptools+uvloop", "granian")
NGINX = "nginx-light static file"
UVICORN = {
    "uvicorn h11": ["--http", "h11", "--loop", "asyncio"],
    "uvicorn httptools+uvloop": ["--http", "httptools", "--loop", "uvloop"],
}
GRANIAN_AS_NINEBASE_SERVE = [
    *("--interface", "asgi", "--http", "1", "--no-ws", "--runtime-mode", "st", "--backlog", str(SERVE.backlog)),
    *(
        "--backpressure",
        str(connection_cap(SERVE)),
        "--http1-header-read-timeout",
        str(round(SERVE.header_timeout * 1000)),
    ),
    *(
        "--workers-kill-timeout",
        str(SERVE.grace + SERVE.kill_backstop_seconds),
        "--log-level",
        "warning",
        "--no-access-log",
    ),
]
"""lookup/service/server.py's Granian(...) with `ninebase serve`'s defaults, as granian's command line."""

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
    """One server to measure: what it serves ("bare", "cache on", "cache off", "nginx"), on which stack."""

    app: str
    stack: str
    workers: int

    @property
    def name(self) -> str:
        return f"{self.app} | {self.stack} | {self.workers}w"

    @classmethod
    def from_name(cls, name: str) -> Row:
        """The row a name stands for (figures are kept by name, in JSON too)."""
        app, stack, workers = name.split(" | ")
        return cls(app, stack, int(workers.removesuffix("w")))


def throughput_rows() -> list[Row]:
    rows = [Row(app, stack, n) for n in (1, 2) for stack in STACKS for app in ("bare", "cache on", "cache off")]
    return rows + [Row("nginx", NGINX, workers) for workers in (1, 2)]


def latency_rows() -> list[Row]:
    """The rows measured on one kept-open connection: 2 workers, where a stack's workers could add latency."""
    return [Row(app, stack, 2) for stack in STACKS for app in ("bare", "cache on")]


class Bench:
    """What every measurement shares: the tables, a scratch directory (logs,
    wrk scripts, nginx's files), and the oracle with the probes' paths."""

    def __init__(self, tables: Path, scratch: Path) -> None:
        self.tables, self.scratch = tables, scratch
        self.oracle = Oracle(tables, pool=400)
        self.scripts = {
            "bare": wrk_script(["/constant"], scratch),
            "nginx": wrk_script(["/probe.json"], scratch),
            "probe": wrk_script(list(self.oracle.probes(300)), scratch),
        }
        with lookup.open_tables(tables) as opened:
            probe = opened.probe("eight", self.oracle.states[0]).to_dict()
        (scratch / "probe.json").write_text(json.dumps(probe, ensure_ascii=False, separators=(",", ":")))
        (scratch / "tmp").mkdir()
        os.chmod(scratch, 0o755)  # nginx workers may run as another user
        os.chmod(scratch / "probe.json", 0o644)

    def log(self, name: str) -> Path:
        return self.scratch / ("".join(c if c.isalnum() else "-" for c in name) + ".log")

    def ninebase(self, name: str, *options: str, port: int | None = None) -> Server:
        """`ninebase serve` over the tables, logging to the scratch file `name`."""
        return ninebase_serve(self.tables, self.log(name), *options, port=port)

    def server(self, row: Row) -> Server:
        port = free_port()
        log = self.log(row.name)
        if row.app == "nginx":
            conf = self.scratch / f"nginx-{port}.conf"
            conf.write_text(NGINX_CONF.format(workers=row.workers, dir=self.scratch, port=port))
            nginx = shutil.which("nginx") or "/usr/sbin/nginx"
            argv = [nginx, "-p", str(self.scratch), "-c", str(conf), "-e", str(self.scratch / "nginx-error.log")]
            return Server([*argv, "-g", "daemon off;"], port, log, health="/probe.json")
        cache = str(0 if row.app == "cache off" else SERVE.cache)
        if row.stack == "granian" and row.app != "bare":
            return self.ninebase(row.name, "--workers", str(row.workers), "--cache", cache, port=port)
        path = os.pathsep.join(filter(None, [str(BENCHMARKS), os.environ.get("PYTHONPATH")]))
        env = {"PYTHONPATH": path, "NINEBASE_TABLES": str(self.tables), "NINEBASE_CACHE": cache}
        if row.app == "bare":
            app, health = ["bare_app:app"], "/constant"
        else:
            app, health = ["ninebase.lookup.web:app_from_environment", "--factory"], "/health"
        address = ["--host", "127.0.0.1", "--port", str(port), "--workers", str(row.workers)]
        if row.stack in UVICORN:
            argv = [
                str(BIN / "uvicorn"),
                *app,
                *address,
                *UVICORN[row.stack],
                "--log-level",
                "warning",
                "--no-access-log",
            ]
        else:
            argv = [str(BIN / "granian"), *app, *address, *GRANIAN_AS_NINEBASE_SERVE]
        return Server(argv, port, log, health=health, env=env)

    def measure(self, row: Row, seconds: float, threads: int, connections: int) -> dict[str, Any]:
        """wrk on a fresh server of the row: its figures, the server's peak RSS,
        the load average before; or what failed (the table shows it)."""
        server = self.server(row)
        script = self.scripts.get(row.app, self.scripts["probe"])
        try:
            server.start()
            time.sleep(1.0 if row.workers > 1 else 0.3)  # every worker has its app
            before = loadavg()
            with Sampler(server.pid, interval=0.5) as sampler:
                figures: dict[str, Any] = run_wrk(server.base, script, seconds, threads, connections)
            figures.update(
                loadavg_before=before, peak_rss_mib=sampler.peak / MIB, seconds=seconds, connections=connections
            )
        except Exception as error:  # keep going: the table shows the failure
            figures = {"failed": f"{type(error).__name__}: {str(error)[:200]}"}
        finally:
            server.stop()
        return figures


def run_rows(
    bench: Bench, rows: list[Row], reps: int, seconds: float, threads: int, connections: int
) -> dict[str, list[dict[str, Any]]]:
    """Every row `reps` times, interleaved (rep 1 of every row, then rep 2...): {name: [figures of each run]}."""
    runs: dict[str, list[dict[str, Any]]] = {row.name: [] for row in rows}
    for rep in range(reps):
        for row in rows:
            figures = bench.measure(row, seconds, threads, connections)
            runs[row.name].append(figures)
            shown = (
                f"{figures['rps']:>9,.0f} req/s  p50 {figures['p50_ms']:.2f}  p99 {figures['p99_ms']:.2f} ms  "
                f"errors {figures['errors']}  load {figures['loadavg_before']}"
                if "rps" in figures
                else figures["failed"]
            )
            print(f"  run {rep + 1}/{reps} wrk -t{threads} -c{connections}  {row.name:<48} {shown}", flush=True)
    return runs


def median(runs: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The median figures of a row's successful runs, with their errors summed and the failed runs counted."""
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
