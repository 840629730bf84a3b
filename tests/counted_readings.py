"""Counting wrappers around every built-in puzzle's `parse` and `compact`,
so a test sees how often a front end reads a state and writes one in compact
form: in this process (`counted`), or in a fresh `ninebase` command
(`command`), which writes each call to a file as it happens (the command
ends without Python's shutdown, so nothing is left to write at its end)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ninebase import puzzles
from ninebase.puzzles import PageView, TerminalView


@dataclass
class Readings:
    """What was read (the text given to `parse`, readable or not) and written
    (what `compact` returned) for the answer; `drawn` holds what a view role
    wrote for its drawings (an SVG's title, a terminal panel)."""

    parsed: list[str] = field(default_factory=list)
    written: list[str] = field(default_factory=list)
    drawn: list[str] = field(default_factory=list)

    def record(self, kind: str, text: str) -> None:
        getattr(self, kind).append(text)

    def twice(self) -> list[str]:
        """Every text read twice, or written twice for the answer."""
        return sorted({text for texts in (self.parsed, self.written) for text in texts if texts.count(text) > 1})


def in_drawing() -> bool:
    """Whether a wrapper's caller works for a view role (a drawing, a caption, a panel)."""
    frame = sys._getframe(2)
    while frame is not None:
        if isinstance(frame.f_locals.get("self"), (PageView, TerminalView)):
            return True
        frame = frame.f_back
    return False


def patch(record: Callable[[str, str], None]) -> list[tuple[type, str, Any]]:
    """Wrap parse and compact of every built-in puzzle's class; what to put back."""
    undo = []
    for name in puzzles.BUILT_IN:
        kind = type(puzzles.get(name))
        parse, compact = kind.parse, kind.compact
        undo += [(kind, method, kind.__dict__.get(method)) for method in ("parse", "compact")]

        def parsed(self: Any, text: str, *more: Any, _parse: Any = parse, **named: Any) -> Any:
            record("parsed", text)  # before reading: a text that cannot be read counts too
            return _parse(self, text, *more, **named)

        def written(self: Any, board: Any, _compact: Any = compact) -> str:
            text = _compact(self, board)
            record("drawn" if in_drawing() else "written", text)
            return text

        kind.parse, kind.compact = parsed, written
    return undo


@contextmanager
def counted() -> Iterator[Readings]:
    """The readings and writings of compact forms while the block runs."""
    readings = Readings()
    undo = patch(readings.record)
    try:
        yield readings
    finally:
        for kind, method, original in undo:
            if original is None:
                delattr(kind, method)
            else:
                setattr(kind, method, original)


PRELUDE = """
import json, sys
sys.path.insert(0, sys.argv.pop(1))
import counted_readings
log = open(sys.argv.pop(1), "a", buffering=1)
counted_readings.patch(lambda kind, text: log.write(json.dumps([kind, text]) + "\\n"))
from ninebase.__main__ import main
sys.argv[0] = "ninebase"
main()
"""


def command(log: Path, *args: str, stdin: str = "") -> tuple[subprocess.CompletedProcess[str], Readings]:
    """`ninebase ARGS` in a fresh process (the installed command's own entry
    point, with the wrappers in place), and what it read and wrote."""
    here = str(Path(__file__).parent)
    run = subprocess.run(
        [sys.executable, "-c", PRELUDE, here, str(log), *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    readings = Readings()
    if log.exists():
        for line in log.read_text().splitlines():
            readings.record(*json.loads(line))
        log.unlink()
    return run, readings
