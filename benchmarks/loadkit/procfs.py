"""What /proc tells of a server while it is loaded: its process tree (the
workers are children of the PID we started), their summed RSS and CPU ticks
sampled in a thread, the table files each one holds open, the load average.
Read from /proc rather than asked of the server, so a busy server cannot
delay or colour its own figures."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

PAGE = os.sysconf("SC_PAGE_SIZE")
TICKS = os.sysconf("SC_CLK_TCK")
MIB = 2**20


def stat_fields(pid: int) -> list[str] | None:
    """/proc/PID/stat after the command name (field 3 on), None when the process is gone."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None


def start_time(pid: int) -> int | None:
    """When the process started (clock ticks after boot): with the PID, who it is (PIDs are reused)."""
    fields = stat_fields(pid)
    return int(fields[19]) if fields else None


def tree(pid: int) -> list[int]:
    """A process and all its descendants."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit() and (fields := stat_fields(int(entry))):
            children.setdefault(int(fields[1]), []).append(int(entry))
    found = [pid]
    for each in found:
        found.extend(children.get(each, []))
    return found


def rss_and_ticks(pids: list[int]) -> tuple[int, int]:
    """RSS bytes and CPU ticks (user + system) summed over the processes still there."""
    rss = ticks = 0
    for fields in filter(None, map(stat_fields, pids)):
        rss += int(fields[21]) * PAGE
        ticks += int(fields[11]) + int(fields[12])
    return rss, ticks


def loadavg() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def tables_opened_by(pids: list[int], directory: Path) -> dict[int, int]:
    """How many table files (.h5 under `directory`) each process has open."""
    prefix = str(directory.resolve())
    opened = {}
    for pid in pids:
        try:
            descriptors = os.listdir(f"/proc/{pid}/fd")
        except OSError:
            continue
        count = 0
        for fd in descriptors:
            try:
                target = os.readlink(f"/proc/{pid}/fd/{fd}")
            except OSError:
                continue
            count += target.startswith(prefix) and target.endswith(".h5")
        opened[pid] = count
    return opened


class Sampler:
    """A process tree's RSS and CPU ticks every `interval` s, in a thread,
    while the block runs: `samples` as (monotonic time, RSS, ticks), `peak`
    the largest RSS."""

    def __init__(self, pid: int, interval: float = 0.25) -> None:
        self.pid, self.interval = pid, interval
        self.peak = 0
        self.samples: list[tuple[float, int, int]] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        rounds = 0
        while not self._stop.is_set():
            if rounds % 8 == 0:
                pids = tree(self.pid)  # a worker may have been restarted
            rounds += 1
            rss, ticks = rss_and_ticks(pids)
            self.peak = max(self.peak, rss)
            self.samples.append((time.monotonic(), rss, ticks))
            self._stop.wait(self.interval)

    def __enter__(self) -> Sampler:
        self._thread.start()
        return self

    def __exit__(self, *_exc_info: object) -> None:
        self._stop.set()
        self._thread.join()
