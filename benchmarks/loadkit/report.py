"""How the harness prints a verdict: a check as PASS or FAIL (or info, for a
figure shown beside a target but not judged by it), milliseconds readably."""

from __future__ import annotations

from typing import Any


def verdict(ok: bool) -> str:
    return "PASS" if ok else "FAIL"


def ms(value: float | None) -> str:
    return "-" if value is None else f"{value:,.0f} ms" if value >= 10 else f"{value:.1f} ms"


def line(ok: bool, what: str, detail: str) -> None:
    """One judged figure of a scenario: verdict, what was judged, what was seen."""
    print(f"  {verdict(ok)}  {what:<44} {detail}")


def print_checks(title: str, checks: list[dict[str, Any]]) -> None:
    """Checks as dicts: target, value, goal, pass; detail, short_by and info when there are."""
    print(f"\n{title}")
    for check in checks:
        value = check.get("value")
        shown = f"{value:,.2f}" if isinstance(value, float) else str(value if value is not None else "-")
        short = f"  (short by {check['short_by']})" if check.get("short_by") else ""
        mark = "info" if check.get("info") and not check["pass"] else verdict(check["pass"])
        goal, detail = check.get("goal", ""), check.get("detail", "")
        print(f"  {mark}  {check['target']:<58} {shown:>10}  goal {goal}{short}  {detail}")
