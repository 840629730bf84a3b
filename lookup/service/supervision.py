"""What ties a worker process to the main `ninebase serve` process, and
what the main process learns of the answers the end of the grace period
cut short.

- A worker dies with the main process (`die_with_parent`), whatever ends
  that: kill -9, the OOM killer, a crash. Otherwise it is re-parented to
  PID 1 and goes on answering on the port, unsupervised, and a restarted
  server meets a busy port.
- At the end of the grace period the main process kills the workers still
  running (`Reaper`), counting first the connections each still holds open:
  their answers are unfinished.
- A worker reports each answer it cut short itself (a batch ended by the
  drain) through a pipe the main process made (`CutAnswers`).

The exit status is then non-zero if any answer was cut (`cut_answers`).
"""

from __future__ import annotations

import ctypes
import ipaddress
import logging
import multiprocessing
import os
import signal
import socket
import sys
import threading
import time
from pathlib import Path

from ninebase.lookup.web.drain import LOOK_SECONDS, Client, Drain
from ninebase.lookup.web.settings import Settings

log = logging.getLogger("ninebase")

PR_SET_PDEATHSIG = 1
OPEN_STATES = {"01", "08"}
"""ESTABLISHED and CLOSE_WAIT in /proc/net/tcp: connections the worker has not begun to close."""
Cut = tuple[int, str, int]
"""An answer cut short: the worker's PID and the client's address and port."""


def die_with_parent(parent: int) -> None:
    """Have the kernel kill this process (SIGKILL) when `parent` dies.

    prctl(PR_SET_PDEATHSIG) rather than a watchdog thread polling
    os.getppid(), by measure (a forked child busy in Python, its parent
    killed, 7 trials each): with prctl the child is gone 1.3 ms after
    (1.7 ms at most) and runs at full speed meanwhile; a watchdog looking
    every 100 ms is gone after 57 ms (84 at most), one looking every 1 ms
    still after 7 ms, and takes a third of the interpreter's speed from
    the requests. SIGKILL, not SIGTERM: with nobody left to end
    the grace period, a graceful stop could last it all, and the port must
    be free at once for the server that replaces this one. The signal comes
    when the thread that forked this process ends; granian forks its
    workers from its main thread, whose end is the process's. A parent that
    died before the call would never send it, so the parent is checked
    after it. Linux only; elsewhere nothing is done."""
    if not sys.platform.startswith("linux"):
        return
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(ctypes.c_int(PR_SET_PDEATHSIG), ctypes.c_ulong(signal.SIGKILL), *[ctypes.c_ulong(0)] * 3):
        raise OSError(ctypes.get_errno(), "prctl(PR_SET_PDEATHSIG) failed")
    if os.getppid() != parent:
        os._exit(1)  # orphaned already: the server this worker was for is gone


def address(host: str, port: int) -> tuple[str, int]:
    """A client address as one spelling (an IPv4 address mapped into IPv6 as IPv4)."""
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return host, port
    mapped = ip.ipv4_mapped if isinstance(ip, ipaddress.IPv6Address) else None
    return str(mapped or ip), port


class CutAnswers:
    """The pipe through which workers report the answers they cut short.
    A record is sent whole (far under PIPE_BUF, so never interleaved) at
    the moment the answer is cut, so a worker killed later has reported it
    already; a worker sends at most one per batch it admitted (18), far
    below what the pipe holds before the main process reads it at the end."""

    def __init__(self) -> None:
        self.reader, self.writer = multiprocessing.Pipe(duplex=False)

    def record(self, client: Client) -> None:
        """In a worker: an answer to `client` was cut short."""
        host, port = address(*client) if client else ("", 0)
        self.writer.send_bytes(f"{os.getpid()} {host} {port}".encode())

    def received(self) -> set[Cut]:
        """In the main process: every answer reported so far."""
        cuts = set()
        while self.reader.poll():
            pid, host, port = self.reader.recv_bytes().decode().split(" ")
            cuts.add((int(pid), host, int(port)))
        return cuts


def stat_fields(pid: int) -> list[str] | None:
    """/proc/PID/stat after the command name (the state first), None when the process is gone."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None


def child_pids(parent: int) -> list[int]:
    """The living (not zombie) children of `parent`."""
    children = []
    for entry in os.listdir("/proc"):
        if entry.isdigit() and (fields := stat_fields(int(entry))) and fields[1] == str(parent) and fields[0] != "Z":
            children.append(int(entry))
    return children


def remote_address(hexadecimal: str) -> tuple[str, int]:
    """An address of /proc/net/tcp (`0100007F:1F90`: 32-bit words in host order) as (host, port)."""
    host, port = hexadecimal.split(":")
    raw = bytes.fromhex(host)
    packed = b"".join(raw[i : i + 4][::-1] for i in range(0, len(raw), 4)) if sys.byteorder == "little" else raw
    family = socket.AF_INET if len(packed) == 4 else socket.AF_INET6
    return address(socket.inet_ntop(family, packed), int(port, 16))


def open_connections(pid: int) -> set[tuple[str, int]]:
    """The client addresses of the TCP connections process `pid` holds open
    and has not begun to close (read from /proc, so a busy process cannot delay it)."""
    sockets = set()
    try:
        descriptors = os.listdir(f"/proc/{pid}/fd")
    except OSError:
        return set()
    for name in descriptors:
        try:
            target = os.readlink(f"/proc/{pid}/fd/{name}")
        except OSError:
            continue
        if target.startswith("socket:["):
            sockets.add(target[len("socket:[") : -1])
    found = set()
    for table in ("tcp", "tcp6"):
        try:
            lines = Path(f"/proc/{pid}/net/{table}").read_text().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            fields = line.split()
            if fields[3] in OPEN_STATES and fields[9] in sockets:
                found.add(remote_address(fields[2]))
    return found


class Reaper:
    """In the main process: at the end of the grace period after SIGTERM or
    SIGINT, kill the workers still running, noting the connections each
    still held open (granian's own kill, `workers_kill_timeout`, comes later
    and stays as a backstop)."""

    def __init__(self, settings: Settings) -> None:
        self.drain = Drain(settings)
        self.cut: set[Cut] = set()

    def watch(self) -> None:
        """Begin watching (call from the main thread once the server has set its signal handlers)."""
        self.drain.watch_signals()
        threading.Thread(target=self.run, name="ninebase-reaper", daemon=True).start()

    def run(self) -> None:
        while self.drain.began is None:  # a look now and then: nothing is safe to start from a signal handler
            time.sleep(LOOK_SECONDS)
        time.sleep(max(0.0, self.drain.began + self.drain.grace - time.monotonic()))
        for pid in child_pids(os.getpid()):
            self.kill(pid)

    def kill(self, pid: int) -> None:
        """Kill worker `pid`, noting its open connections first."""
        try:
            handle = os.pidfd_open(pid)
        except ProcessLookupError:
            return
        try:
            fields = stat_fields(pid)  # still our child, through the handle: not a PID reused meanwhile
            if fields is None or fields[1] != str(os.getpid()) or fields[0] == "Z":
                return
            cut = {(pid, *client) for client in open_connections(pid)}
            self.cut |= cut  # before the kill: the main thread reads it once the worker is gone
            signal.pidfd_send_signal(handle, signal.SIGKILL)
            log.warning(
                "ninebase: the %g s grace period ran out: killed worker %d and its %d unanswered connection(s)",
                self.drain.grace,
                pid,
                len(cut),
            )
        finally:
            os.close(handle)


def cut_answers(cuts: CutAnswers, reaper: Reaper) -> int:
    """How many answers the end of the grace period cut short (a batch that
    ended itself and whose connection was then killed is one)."""
    return len(cuts.received() | reaper.cut)
