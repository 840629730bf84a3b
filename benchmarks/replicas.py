"""Replicas behind nginx (issue 39): two `ninebase serve` behind nginx as
docs/nginx-replicas.conf configures it, under a steady mixed load (probes,
pages, batches: every answer checked against the tables), through a SIGKILL
of one replica and a rolling restart (SIGTERM, drain, start) of the other.
Prints requests, wrong and failed answers, and probe p50/p99 per phase
(before, and after each event); exits 1 if an answer was wrong or failed, a
process was left behind, or a replica wrote a traceback.

    python benchmarks/replicas.py [--seconds 24] [--tables DIR]

Needs Debian's nginx-light.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from loadkit.replicas import nginx_binary, print_scenario, scenario

from ninebase.lookup.directory import default_tables_dir


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=24, help="length of the load (at least 12)")
    parser.add_argument("--tables", type=Path, default=None, help="tables directory (default: ninebase's)")
    options = parser.parse_args()
    if nginx_binary() is None:
        print("replicas: nginx is not installed (Debian: apt-get install nginx-light)", file=sys.stderr)
        return 1
    tables = options.tables or default_tables_dir()
    with tempfile.TemporaryDirectory(prefix="ninebase-replicas-") as directory:
        result = scenario(tables, Path(directory), max(12.0, options.seconds))
    print_scenario(result)
    failed = sum(sum(p["failed"].values()) + p["wrong"] for p in result["phases"])
    return 1 if failed or result["left_behind"] or result["tracebacks"] else 0


if __name__ == "__main__":
    sys.exit(main())
