"""wrk (Debian's `wrk`), the load generator of the throughput table: a Lua
script that cycles GETs over many paths (so a cache sees many answers, not
one), and its printed summary read back as figures."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path


def wrk_script(paths: list[str], directory: Path) -> Path:
    """A wrk Lua script cycling over `paths` (GET)."""
    script = directory / f"paths-{len(paths)}-{abs(hash(tuple(paths))) % 10**8}.lua"
    script.write_text(
        "paths = {" + ",".join(json.dumps(p) for p in paths) + "}\n"
        "i = 0\nrequest = function()\n  i = i % #paths + 1\n  return wrk.format('GET', paths[i])\nend\n"
    )
    return script


def run_wrk(base: str, script: Path, seconds: float, threads: int = 2, connections: int = 64) -> dict[str, float]:
    """One wrk run of `seconds`: requests per second (rps), requests, p50 and
    p99 milliseconds, and errors (socket errors and non-2xx answers)."""
    command = ["wrk", f"-t{threads}", f"-c{connections}", f"-d{seconds:g}s", "--latency", "--timeout", "5s"]
    output = subprocess.run(
        [*command, "-s", str(script), base], capture_output=True, text=True, check=True, timeout=seconds + 60
    ).stdout

    def figure(pattern: str) -> re.Match[str]:
        found = re.search(pattern, output, re.M)
        if found is None:
            raise ValueError(f"wrk printed no {pattern!r}: {output[-500:]}")
        return found

    def milliseconds(label: str) -> float:
        value, unit = figure(rf"^\s*{label}\s+([\d.]+)(us|ms|s)\s*$").groups()
        return float(value) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[unit]

    socket_errors = sum(int(n) for n in re.findall(r"(?:connect|read|write|timeout) (\d+)", output))
    non_2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    return {
        "rps": float(figure(r"Requests/sec:\s+([\d.]+)").group(1)),
        "requests": int(figure(r"(\d+) requests in").group(1)),
        "p50_ms": milliseconds("50%"),
        "p99_ms": milliseconds("99%"),
        "errors": socket_errors + (int(non_2xx.group(1)) if non_2xx else 0),
    }
