"""Every page in headless Chromium at 1280 and 390 CSS pixels wide, served
behind the strict Content-Security-Policy: nothing on the console (no CSP
violation, no script error), axe-core finds no serious or critical
violation, and, with NINEBASE_SCREENSHOTS=DIR, a screenshot of each.

axe-core comes from the npm registry: `npm ci --prefix tests/tooling` (or
NINEBASE_AXE=path/to/axe.min.js); without it the axe test skips, saying so."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browsing import SCREENSHOTS, WIDTHS, browsing, console_errors, open_at, screenshot, serve_with_policy

from ninebase import puzzles

pytestmark = pytest.mark.slow

AXE = Path(os.environ.get("NINEBASE_AXE") or Path(__file__).parent / "tooling/node_modules/axe-core/axe.min.js")
PAGES = {
    "index": "/",
    **{name: f"/{name}" for name in tuple(puzzles.BUILT_IN)},
    "eight-solved": "/eight?state=123406789",
    "sansu-solved": "/sansu?state=123456789",
    "clocks-solved": "/clocks?state=12+12+12+12+12+12+12+12+12",
    "nine-solved": "/nine?state=000000000+111111111",
    "eight-unsolvable": "/eight?state=527943610",
    "nine-unsolvable": "/nine?state=111111111+111111111",
    "rubiks-clock-30": "/rubiks-clock?metric=30",
    "rubiks-clock-solved": "/rubiks-clock?state=" + "+".join(["12"] * 18),
    "rubiks-clock-30-stats": "/rubiks-clock/stats?metric=30",
    **{f"{name}-rules": f"/{name}/rules" for name in tuple(puzzles.BUILT_IN)},
    **{f"{name}-stats": f"/{name}/stats" for name in tuple(puzzles.BUILT_IN)},
    "not-found": "/nosuch",
    "bad-position": "/eight?state=12",
    "random-out-of-range": "/sansu/random?distance=10",
}
ERROR_STATUS = {"not-found": 404, "bad-position": 400, "random-out-of-range": 400}
SHOWN = [(name, width) for name in PAGES for width in WIDTHS]
IMPACTS = ("minor", "moderate", "serious", "critical")


@pytest.fixture(scope="module")
def server(tables_dir: Path) -> Iterator[str]:
    yield from serve_with_policy(tables_dir)


@pytest.fixture(scope="module")
def driver(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    yield from browsing(tmp_path_factory.mktemp("chrome"))


def ids(case: tuple[str, int]) -> str:
    return f"{case[0]}-{case[1]}"


@pytest.mark.parametrize("case", SHOWN, ids=ids)
def test_every_page_shows_without_a_console_error(driver, server: str, case: tuple[str, int]) -> None:
    name, width = case
    console_errors(driver)  # what earlier pages left
    open_at(driver, server + PAGES[name], width)
    assert driver.execute_script("return window.innerWidth") == width
    assert driver.execute_script("return document.documentElement.scrollWidth") <= width, "the page scrolls sideways"
    screenshot(driver, f"{name}-{width}")
    errors = console_errors(driver)
    if name in ERROR_STATUS:  # the browser logs the page's own status; nothing else may be an error
        assert len(errors) == 1 and f"status of {ERROR_STATUS[name]}" in errors[0], errors
    else:
        assert errors == []


def test_the_policy_is_in_force(driver, server: str) -> None:
    """A control: an inline style the pages never use is refused and reported."""
    open_at(driver, server + "/eight", WIDTHS[0])
    console_errors(driver)
    driver.execute_script("document.body.setAttribute('style', 'color: red')")
    assert driver.execute_script("return getComputedStyle(document.body).color") != "rgb(255, 0, 0)"
    assert any("Content Security Policy" in error for error in console_errors(driver))


@pytest.fixture(scope="module")
def axe_results() -> dict[str, dict[str, list[str]]]:
    """Every page's violations by impact, written beside the screenshots."""
    results: dict[str, dict[str, list[str]]] = {}
    yield results
    if SCREENSHOTS is not None and results:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        (SCREENSHOTS / "axe-results.json").write_text(json.dumps(results, indent=1, sort_keys=True) + "\n")


@pytest.mark.parametrize("case", SHOWN, ids=ids)
def test_axe_finds_no_serious_or_critical_violation(
    driver,
    server: str,
    axe_results: dict[str, dict[str, list[str]]],
    case: tuple[str, int],
) -> None:
    if not AXE.is_file():
        pytest.skip(f"axe-core is not installed ({AXE}): run `npm ci --prefix tests/tooling`")
    name, width = case
    open_at(driver, server + PAGES[name], width)
    driver.execute_script(AXE.read_text(encoding="utf-8"))
    violations = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {resultTypes: ['violations']}).then("
        "  r => done(r.violations.map(v => [v.impact, v.id, v.nodes.length, v.help])),"
        "  e => done([['critical', 'axe failed', 0, String(e)]]));"
    )
    found = {impact: [] for impact in IMPACTS}
    for impact, rule, nodes, help_text in violations:
        found[impact].append(f"{rule} ({nodes}): {help_text}")
    axe_results[f"{name}-{width}"] = {impact: rules for impact, rules in found.items() if rules}
    assert found["serious"] == found["critical"] == [], found
