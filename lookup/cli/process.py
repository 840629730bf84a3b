"""`ninebase` as a process in a shell: whatever happens around a command,
one line and a documented exit status, never a traceback.

- Ctrl-C (SIGINT), at any moment: `ninebase: interrupted`, status 130. The
  signal raises `Interrupted`, which unwinds the command (a table being
  written is removed, the build lock released). Python drops an exception
  raised inside a weakref callback or a destructor (h5py runs many), so one
  dropped that way is raised again as soon as the callback returns, as is
  one that came while this module wrote a standard stream; and the process
  ends INTERRUPT_SECONDS after the signal in any case. Once the command has
  ended, Ctrl-C ends the process at once with the line (after the whole
  output, then), and the process ends with its output flushed and without
  Python's shutdown, during which Ctrl-C would kill it without a word.
- A reader that stops early (`| head -1`): a quiet exit with status 141,
  which a shell reports for `cat` killed by SIGPIPE.
- Standard output closed or full: one line naming the problem, status 74
  (EX_IOERR in sysexits.h).
- Standard input closed: the commands that read it say so (`standard_input`).

SIGTERM keeps its default: the process ends at once and silently (status
143). A table is written to a hidden `.partial` file and renamed only when
complete, so no signal leaves a half-written table behind.
"""

from __future__ import annotations

import _thread
import contextlib
import errno
import io
import os
import signal
import sys
import threading
import time
from collections.abc import Callable
from types import FrameType
from typing import Any, BinaryIO, NoReturn

from ninebase.puzzles import InputError

EXIT_OUTPUT = 74
EXIT_INTERRUPTED = 128 + signal.SIGINT
EXIT_READER_GONE = 128 + signal.SIGPIPE
INTERRUPT_SECONDS = 0.5
"""How long the command has to unwind after Ctrl-C before the process ends regardless."""
WATCH_SECONDS = 0.01
INTERRUPTED_LINE = b"ninebase: interrupted\n"

STATUS_HELP = """74 standard output cannot be written (closed, or the disk
is full); 130 interrupted (Ctrl-C); 141 the reader of standard output stopped
early (| head), quietly, as for cat."""


class Interrupted(BaseException):
    """Ctrl-C. Not a KeyboardInterrupt, which click would turn into
    `Aborted!` after an empty line, and status 1."""


class OutputError(Exception):
    """Standard output or standard error cannot be written: told apart from
    a failure to write a table or a package, which say which file."""

    def __init__(self, descriptor: int, error: OSError) -> None:
        super().__init__(error.strerror or str(error))
        self.descriptor, self.errno = descriptor, error.errno


class GuardedOutput(io.FileIO):
    """A standard output descriptor whose write errors are OutputError."""

    def write(self, data: bytes) -> int | None:  # type: ignore[override]
        try:
            return super().write(data)
        except OSError as error:
            raise OutputError(self.fileno(), error) from None


class InterruptState:
    """Whether Ctrl-C came, whether an Interrupted is to be sent again (a
    callback dropped it, or it came while this module's own code ran, where
    it is not raised), whether the command has finished, and the lock taken
    by the one thread that ends the process."""

    def __init__(self) -> None:
        self.received = self.dropped = self.resent = self.finished = False
        self.ending = threading.Lock()


state = InterruptState()


def end(status: int, interrupted: bool) -> NoReturn:
    """End the process now with `status`, after the one line if interrupted.
    Called with `state.ending` held, so that the main thread and the watcher
    do not both write the line, nor one end the process while the other writes it."""
    if interrupted:
        prefix = b"\n" if os.isatty(2) else b""  # after the terminal's ^C echo
        with contextlib.suppress(OSError):
            os.write(2, prefix + INTERRUPTED_LINE)
    os._exit(status)


def on_interrupt(signum: int, frame: FrameType | None) -> None:
    """The first Ctrl-C unwinds the command, watched; a second one, or one
    after the command has finished, ends the process at once (unless it is
    ending already: this handler may run on top of that). Not raised in this
    module's own code, but sent again once it returns: raised in a standard
    stream's write after the bytes went out, it left them in the buffer to
    be written a second time."""
    if state.finished or (state.received and not state.resent):
        if state.ending.acquire(blocking=False):
            end(EXIT_INTERRUPTED, interrupted=True)
        return
    state.resent = False
    if not state.received:
        state.received = True
        threading.Thread(target=watch_interrupt, daemon=True).start()
    if frame is not None and frame.f_globals is globals():
        state.dropped = True
        return
    raise Interrupted


def watch_interrupt() -> None:
    """Until INTERRUPT_SECONDS after Ctrl-C: send again an Interrupted that a
    callback dropped or this module held back; then end the process if it has not ended."""
    deadline = time.monotonic() + INTERRUPT_SECONDS
    while time.monotonic() < deadline:
        if state.dropped:
            state.dropped, state.resent = False, True
            _thread.interrupt_main(signal.SIGINT)
        time.sleep(WATCH_SECONDS)
    state.ending.acquire()
    end(EXIT_INTERRUPTED, interrupted=True)


def note_dropped_interrupt(report: Any) -> None:
    """Python calls this for an exception a callback or destructor could not
    raise; an Interrupted is noted, to be sent again (not printed)."""
    if isinstance(report.exc_value, Interrupted):
        state.dropped = True
    else:
        sys.__unraisablehook__(report)


def reopen_closed_descriptors() -> None:
    """Standard descriptors closed when the process started are opened on
    /dev/null (0 for writing, 1 for reading, so that using them still
    fails), so that no file a command opens takes their number and gets
    what was meant for the terminal."""
    for descriptor, flags in ((0, os.O_WRONLY), (1, os.O_RDONLY), (2, os.O_WRONLY)):
        try:
            os.fstat(descriptor)
        except OSError:
            opened = os.open(os.devnull, flags)
            if opened != descriptor:
                os.dup2(opened, descriptor)
                os.close(opened)


def guarded_stream(descriptor: int, previous: io.TextIOBase | None) -> io.TextIOWrapper:
    """A text stream on `descriptor` like `previous` (the one Python made,
    None if the descriptor was closed), whose write errors are OutputError."""
    if previous is not None:
        previous.flush()
    return io.TextIOWrapper(
        io.BufferedWriter(GuardedOutput(descriptor, "w", closefd=False)),
        encoding=getattr(previous, "encoding", None) or "utf-8",
        errors=getattr(previous, "errors", None) or ("backslashreplace" if descriptor == 2 else "strict"),
        line_buffering=getattr(previous, "line_buffering", descriptor == 2),
    )


def silence(descriptor: int) -> None:
    """Point a broken or full standard descriptor at /dev/null, so that what
    is still buffered for it is dropped at exit without another error."""
    opened = os.open(os.devnull, os.O_WRONLY)
    os.dup2(opened, descriptor)
    os.close(opened)


def output_failed(error: OutputError) -> int:
    """The status for a standard stream that cannot be written, after one
    line saying so (none when the reader stopped early, as for cat)."""
    silence(error.descriptor)
    if error.errno == errno.EPIPE:
        return EXIT_READER_GONE
    if error.descriptor == 1:
        problem = "it is closed" if error.errno == errno.EBADF else str(error)
        try:
            print(f"ninebase: error: cannot write to standard output: {problem}", file=sys.stderr, flush=True)
        except OutputError:
            silence(2)
    return EXIT_OUTPUT


def run(command: Callable[[], object]) -> NoReturn:
    """Run `command` (click's main) as this process, ending it with the
    documented status whatever happens."""
    signal.signal(signal.SIGINT, on_interrupt)
    sys.unraisablehook = note_dropped_interrupt
    reopen_closed_descriptors()
    sys.stdout = guarded_stream(1, sys.stdout)
    sys.stderr = guarded_stream(2, sys.stderr)
    status: object = 0
    try:
        try:
            command()
        except SystemExit as exit:
            status = exit.code
        sys.stdout.flush()  # anything still buffered fails now, while it can be reported
    except Interrupted:
        pass  # said below, as is one that every callback dropped
    except OutputError as error:
        status = output_failed(error)
    finish(status)


def finish(status: object) -> NoReturn:
    """End the process as the command ended, its output flushed, without
    Python's shutdown: that gives SIGINT back to its default first, so a
    Ctrl-C during the second it can take under load killed the process
    without a word (status -2, after the whole output)."""
    state.finished = True  # from here on, Ctrl-C ends the process at once
    for stream in (sys.stderr, sys.stdout):
        with contextlib.suppress(OutputError):
            stream.flush()
    state.ending.acquire()  # the watcher may be ending it: then this waits for the end
    if state.received:
        end(EXIT_INTERRUPTED, interrupted=True)
    if status is None or isinstance(status, int):
        end(status or 0, interrupted=False)
    with contextlib.suppress(OSError):  # as Python does with sys.exit("message")
        os.write(2, f"{status}\n".encode(errors="backslashreplace"))
    end(1, interrupted=False)


def standard_input() -> BinaryIO:
    """The bytes of standard input; InputError when it is closed (`<&-`)."""
    if sys.stdin is None:
        raise InputError("standard input is closed; give the input on stdin (a pipe, or < FILE)")
    return sys.stdin.buffer
