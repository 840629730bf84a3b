"""How an output validator talks to contest systems, for rules that define
`judge(instance, answer, output, score) -> (verdict, message, points)`.

Standard library only: a package's output validator is a puzzle's rules
with this file appended (and a call of `main(judge)`), so it runs on a judge
machine that has neither ninebase nor its tables. One program speaks both
conventions, told apart by the third argument:

- Kattis, DOMjudge: `validator input answer feedback_dir [flags] < team_output`;
  exit 42 accepts, 43 rejects; `judgemessage.txt` in feedback_dir names the
  first thing wrong; with the flag `score`, an accepted answer's points go
  to `score.txt`.
- testlib (Polygon, Codeforces): `checker input output answer [result [-appes]]`;
  exit 0 accepted, 1 wrong answer, 2 presentation error, 3 judge failure;
  the message goes to stderr, and to the result file when one is named.

A verdict is "AC", "WA" or "PE"; points are None unless the rules score.
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # never evaluated on the judge machine, whose Python may be older than 3.9
    from collections.abc import Callable

    Judge = Callable[[str, str, str, bool], tuple[str, str, "float | None"]]

KATTIS_EXIT = {"AC": 42, "WA": 43, "PE": 43}
TESTLIB_EXIT = {"AC": 0, "WA": 1, "PE": 2}
TESTLIB_FAIL = 3
TESTLIB_WORDS = {"AC": "ok", "WA": "wrong answer", "PE": "wrong output format"}
TESTLIB_OUTCOMES = {"AC": "accepted", "WA": "wrong-answer", "PE": "presentation-error"}
USAGE = (
    "usage: validator input answer feedback_dir [flags] < team_output  (Kattis, DOMjudge)\n"
    "   or: checker input output answer [result_file [-appes]]  (testlib)"
)


def xml_text(text: str) -> str:
    """Text for an XML element (xml.sax.saxutils would import urllib, slowing every run)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def read_text(path: str) -> str:
    with open(path, encoding="utf-8") as file:
        return file.read()


def team_verdict(judge: Judge, instance: str, answer: str, output: bytes, score: bool) -> tuple[str, str, float | None]:
    """The rules' verdict, once the team's bytes are known to be text."""
    try:
        text = output.decode("utf-8")
    except UnicodeDecodeError as error:
        return "PE", f"the output is not UTF-8 text (byte {error.start + 1})", None
    return judge(instance, answer, text, score)


def kattis(judge: Judge, input_path: str, answer_path: str, feedback_dir: str, flags: list[str]) -> int:
    score = "score" in flags
    verdict, message, points = team_verdict(
        judge, read_text(input_path), read_text(answer_path), sys.stdin.buffer.read(), score
    )
    with open(os.path.join(feedback_dir, "judgemessage.txt"), "w", encoding="utf-8") as file:
        file.write(message + "\n")
    if score and verdict == "AC":
        with open(os.path.join(feedback_dir, "score.txt"), "w", encoding="utf-8") as file:
            file.write(f"{points:g}\n")
    return KATTIS_EXIT[verdict]


def testlib(judge: Judge, arguments: list[str]) -> int:
    input_path, output_path, answer_path = arguments[:3]
    try:
        with open(output_path, "rb") as file:
            output = file.read()
        verdict, message, _ = team_verdict(judge, read_text(input_path), read_text(answer_path), output, False)
    except Exception as error:  # the jury's files, not the team's output: a judge failure
        print(f"FAIL {error}", file=sys.stderr)
        return TESTLIB_FAIL
    print(f"{TESTLIB_WORDS[verdict]} {message}", file=sys.stderr)
    if len(arguments) > 3:
        with open(arguments[3], "w", encoding="utf-8") as file:
            if "-appes" in arguments[4:]:
                file.write(
                    '<?xml version="1.0" encoding="utf-8"?>\n'
                    f'<result outcome="{TESTLIB_OUTCOMES[verdict]}">{xml_text(message)}</result>\n'
                )
            else:
                file.write(f"{TESTLIB_WORDS[verdict]} {message}\n")
    return TESTLIB_EXIT[verdict]


def main(judge: Judge) -> None:
    arguments = sys.argv[1:]
    if len(arguments) >= 3 and os.path.isdir(arguments[2]):
        sys.exit(kattis(judge, arguments[0], arguments[1], arguments[2], arguments[3:]))
    if len(arguments) >= 3 and all(os.path.isfile(path) for path in arguments[:3]):
        sys.exit(testlib(judge, arguments))
    print(USAGE, file=sys.stderr)
    sys.exit(TESTLIB_FAIL)
