"""The `ninebase` command: `python -m ninebase`, and the console script
(`ninebase.__main__:main`). Ctrl-C while Python still loads numpy and h5py
(0.2 s, more on a busy machine) ends it as Ctrl-C does later
(lookup/cli/process.py): one line, status 130, no traceback. This module and
`ninebase/__init__.py` load nothing heavy, so the handler is in place first."""

from __future__ import annotations

import contextlib
import os
import signal
from types import FrameType

EXIT_INTERRUPTED = 130


def interrupted_while_loading(signum: int, frame: FrameType | None) -> None:
    with contextlib.suppress(OSError):
        os.write(2, b"ninebase: interrupted\n")
    os._exit(EXIT_INTERRUPTED)


def main() -> None:
    signal.signal(signal.SIGINT, interrupted_while_loading)
    from ninebase.lookup.cli import main as command

    command(prog_name="ninebase")


if __name__ == "__main__":
    main()
