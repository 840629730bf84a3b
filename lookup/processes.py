"""Answering chunks of lines in worker processes (`--jobs`): forked from
the command with what they answer, each ends with it however it ends, and
each hands back with its answer what it recorded in its copy of the tally."""

from __future__ import annotations

import ctypes
import multiprocessing
import os
import signal
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from typing import Any, Protocol


class Tally(Protocol):
    """What a worker records bad lines in (`stream.Tally`): taken in the
    worker after each chunk, added in the command."""

    def taken(self) -> Any: ...
    def add(self, recorded: Any) -> None: ...


def answering(
    answer: Callable[[Any], bytes], jobs: int, tally: Tally | None = None
) -> tuple[Callable[[Any], Callable[[], bytes]], Callable[[], None]]:
    """`jobs` worker processes that answer with `answer`, forked now (call
    this before starting a thread): `submit(chunk)` gives a call that waits
    for the chunk's answer (recording in `tally` what was recorded for it),
    and `stop()` lets the workers go: the chunks not begun are dropped, and
    it waits for those being answered (a chunk is 1,000 lines) and for the
    pool's own thread. Not waiting left that thread to race the interpreter's
    exit, which wrote to the pipe it had closed: `OSError: [Errno 9]` and a
    traceback after the answers, 1 run in 15 of `counts eight --jobs 2`."""
    global _WORK, _PARENT
    _WORK, _PARENT = (answer, tally), os.getpid()
    pool = ProcessPoolExecutor(jobs, multiprocessing.get_context("fork"), initializer=_worker_started)
    try:
        pool.submit(int).result()  # every worker forks now, before a thread of this process starts
    finally:
        _WORK = None

    def submit(chunk: Any) -> Callable[[], bytes]:
        pending = pool.submit(_answer_in_worker, chunk)

        def result() -> bytes:
            written, recorded = pending.result()
            if tally is not None and recorded is not None:
                tally.add(recorded)
            return written

        return result

    return submit, partial(pool.shutdown, wait=True, cancel_futures=True)


_WORK: tuple[Callable[[Any], bytes], Tally | None] | None = None
"""What a worker process answers with and records in: set while the workers are forked, so each keeps it."""


def _worker_started() -> None:
    """A worker leaves Ctrl-C to the command, which stops it; ends with the
    command however it ends (killed too); and keeps the memory it frees."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        libc = ctypes.CDLL(None)  # the C library the process runs on
    except OSError:
        return
    _end_with_parent(libc)
    _keep_freed_memory(libc)


def _end_with_parent(libc: ctypes.CDLL) -> None:
    """Linux kills the worker when the command ends (PR_SET_PDEATHSIG): a
    command killed by SIGTERM left its workers waiting for work forever. The
    command may have ended before this runs: then the worker ends now."""
    prctl = getattr(libc, "prctl", None)
    if prctl is None:
        return
    prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != _PARENT:
        os._exit(1)


PR_SET_PDEATHSIG = 1
"""Linux's `prctl` option (linux/prctl.h)."""
_PARENT = os.getpid()
"""The command's process (a worker is forked from it)."""


KEPT_FREED = 32 << 20
"""Bytes freed that glibc keeps for reuse in a worker (32 MiB: the most it maps afresh above)."""


def _keep_freed_memory(libc: ctypes.CDLL) -> None:
    """glibc gives memory the main thread frees back to the system at once
    and maps every large array afresh, so a worker (which answers in its main
    thread, where one job answers in a thread of its own) faulted in 450,000
    pages for 20,000 9x9 boards and spent a third of its time in the kernel;
    keeping freed memory for reuse: 28,000 faults, 1.9 s -> 1.45 s. A C
    library without `mallopt` is left as it is."""
    mallopt = getattr(libc, "mallopt", None)
    if mallopt is None:
        return
    mallopt(M_TRIM_THRESHOLD, 8 * KEPT_FREED)
    mallopt(M_MMAP_THRESHOLD, KEPT_FREED)


M_TRIM_THRESHOLD, M_MMAP_THRESHOLD = -1, -3
"""glibc's `mallopt` parameters (malloc.h)."""


def _answer_in_worker(chunk: Any) -> tuple[bytes, Any]:
    """One chunk's answer in a worker, and what it recorded in its copy of the tally."""
    if _WORK is None:
        raise RuntimeError("a worker answers only what it was forked with")
    answer, tally = _WORK
    written = answer(chunk)
    return written, None if tally is None else tally.taken()
