"""The `ninebase` command: `python -m ninebase`, and the console script
(`ninebase.__main__:main`). Ctrl-C while Python still loads numpy and h5py
(0.2 s, more on a busy machine) ends it as Ctrl-C does later
(lookup/cli/process.py): one line, status 130, no traceback. This module and
`ninebase/__init__.py` load nothing but `os` and `signal` (not even typing or
contextlib), so the handler is in place a few milliseconds after the
interpreter hands over; before that, Ctrl-C is Python's own (docs/cli.md)."""

from __future__ import annotations

import os
import signal

TYPE_CHECKING = False
if TYPE_CHECKING:
    from types import FrameType

EXIT_INTERRUPTED = 130


def interrupted_while_loading(signum: int, frame: FrameType | None) -> None:
    try:  # noqa: SIM105 (contextlib is not loaded yet: loading it would delay the handler)
        os.write(2, b"ninebase: interrupted\n")
    except OSError:
        pass
    os._exit(EXIT_INTERRUPTED)


def main() -> None:
    signal.signal(signal.SIGINT, interrupted_while_loading)
    from ninebase.lookup.cli import main as command

    command(prog_name="ninebase")


if __name__ == "__main__":
    main()
