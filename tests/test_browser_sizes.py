"""nine at every size in a real browser (headless Chromium, the service
behind the strict Content-Security-Policy), at 1280 and 390 CSS pixels:
nothing on the console, nothing that scrolls sideways, no serious or
critical axe-core violation; the way a construction takes, replayed in the
page from its moves, ends on the goal (the cells' colours read back), a step
glides where few cells move and is outlined in place where thousands do;
pointing at a column exchange lights that column in both matrices; the size
is chosen, and a move played, with the keyboard alone. With
NINEBASE_SCREENSHOTS=DIR, a screenshot of each page."""

from __future__ import annotations

import os
import random
import urllib.parse
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browsing import WIDTHS, browsing, console_errors, open_at, screenshot, serve_with_policy, settle
from nine_rules import matrices, operate, random_solvable, written
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

pytestmark = pytest.mark.slow

AXE = Path(os.environ.get("NINEBASE_AXE") or Path(__file__).parent / "tooling/node_modules/axe-core/axe.min.js")
NINE_BY_NINE = written(*random_solvable(9, random.Random(9)))
SIXTY_FOUR = written(*random_solvable(64, random.Random(64)))


def at(size: int, state: str | None = None) -> str:
    return "/nine?" + urllib.parse.urlencode({"size": size, **({"state": state} if state else {})})


PAGES = {
    "nine-2": at(2, "1000 1101"),
    "nine-9": at(9, NINE_BY_NINE),
    "nine-64": at(64),  # the example: its moves' constructions are quick
    "nine-9-rules": "/nine/rules?size=9",
    "nine-bad-size": "/nine?size=99",
    "clocks-12": "/clocks?hours=12&backward=true&state=11+1+12+6+6+6+6+3+6",
}
SHOWN = [(name, width) for name in PAGES for width in WIDTHS]
FILLS = "return [...document.querySelectorAll('#playback .stage [data-cell]')].map(e => e.getAttribute('fill'))"


@pytest.fixture(scope="module")
def server(tables_dir: Path) -> Iterator[str]:
    yield from serve_with_policy(tables_dir)


@pytest.fixture(scope="module")
def driver(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    yield from browsing(tmp_path_factory.mktemp("chrome"))


@pytest.mark.parametrize("case", SHOWN, ids=lambda case: f"{case[0]}-{case[1]}")
def test_every_size_shows_cleanly_and_passes_axe(driver, server: str, case: tuple[str, int]) -> None:
    name, width = case
    console_errors(driver)
    open_at(driver, server + PAGES[name], width)
    assert driver.execute_script("return document.documentElement.scrollWidth") <= width, "the page scrolls sideways"
    screenshot(driver, f"{name}-{width}")
    errors = console_errors(driver)
    assert errors == [] if name != "nine-bad-size" else len(errors) == 1 and "status of 400" in errors[0], errors
    if not AXE.is_file():
        pytest.skip(f"axe-core is not installed ({AXE}): run `npm ci --prefix tests/tooling`")
    driver.execute_script(AXE.read_text(encoding="utf-8"))
    violations = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {resultTypes: ['violations']}).then("
        "  r => done(r.violations.filter(v => ['serious', 'critical'].includes(v.impact))"
        "    .map(v => v.id + ': ' + v.help)),"
        "  e => done(['axe failed: ' + e]));"
    )
    assert violations == []


def goal_fills(n: int) -> list[str]:
    return ["#eee"] * (n * n) + ["#333"] * (n * n)


def seek(driver, step: int) -> None:
    driver.execute_script(
        "const s = document.getElementById('seek'); s.value = arguments[0]; s.dispatchEvent(new Event('input'));", step
    )


def step_forward(driver) -> list[int]:
    """Click Forward and, in the same turn of the page's loop, count the running glides and the outlined cells."""
    return driver.execute_script(
        "document.getElementById('next').click();"
        "return [document.getAnimations().filter(a => a.playState === 'running').length,"
        "  document.querySelectorAll('#playback .stage .moved').length];"
    )


@pytest.mark.parametrize(("n", "state"), [(9, NINE_BY_NINE), (64, SIXTY_FOUR)], ids=["9x9", "64x64"])
def test_the_construction_is_replayed_to_the_goal(driver, server: str, n: int, state: str) -> None:
    console_errors(driver)
    open_at(driver, server + at(n, state), WIDTHS[0])
    moves = driver.execute_script("return JSON.parse(document.getElementById('playback').dataset.replay)")
    start = ["#333" if cell == "1" else "#eee" for cell in state.replace(" ", "")]
    assert driver.execute_script(FILLS) == start
    seek(driver, len(moves))
    assert driver.execute_script(FILLS) == goal_fills(n)
    assert driver.find_element(By.ID, "step-label").text.endswith("— the goal")
    seek(driver, 0)
    assert driver.execute_script(FILLS) == start
    a, b = matrices(state)
    for k, move in enumerate(moves[:6]):  # step by step, as the rules say each move changes the board
        running, outlined = step_forward(driver)
        a, b = operate(a, b, move)
        shown = driver.execute_script(FILLS)
        assert shown == ["#333" if cell == "1" else "#eee" for cell in written(a, b).replace(" ", "")], (k, move)
        in_place = move[0] in "AB" and n * n > 512  # thousands of cells are outlined in place, a few glide
        assert outlined == (n * n if move[0] in "AB" else 2 * n)
        assert running == 0 if in_place else running > 0
    assert console_errors(driver) == []


def test_pointing_at_a_column_exchange_lights_both_matrices(driver, server: str) -> None:
    open_at(driver, server + at(9, NINE_BY_NINE), WIDTHS[0])
    driver.set_window_size(WIDTHS[0], 2000)
    link = driver.find_element(By.CSS_SELECTOR, "a[data-move='C4']")
    ActionChains(driver).move_to_element(link).perform()
    lit = driver.execute_script(
        "return [...document.querySelectorAll('.board-frame .lit')]"
        "  .map(e => [e.closest('svg').getAttribute('aria-label')[7], e.dataset.cell])"
    )
    assert sorted(cell for _, cell in lit) == sorted(str(r * 9 + 4 + m) for r in range(9) for m in (0, 81))
    assert {matrix for matrix, _ in lit} == {"A", "B"}
    screenshot(driver, "nine-9-pointing-C4")
    driver.set_window_size(WIDTHS[0], 1000)


def shown_state(driver) -> str:
    return driver.find_element(By.CSS_SELECTOR, ".position-grid").get_attribute("data-state")


def test_the_size_is_chosen_and_a_move_played_with_the_keyboard(driver, server: str) -> None:
    open_at(driver, server + "/nine", WIDTHS[1])
    size = driver.find_element(By.ID, "rule-size")
    for _ in range(30):
        ActionChains(driver).send_keys(Keys.TAB).perform()
        if driver.switch_to.active_element == size:
            break
    else:
        pytest.fail("Tab never reached the size")
    ActionChains(driver).key_down(Keys.CONTROL).send_keys("a").key_up(Keys.CONTROL).send_keys("9", Keys.ENTER).perform()
    settle(driver).until(lambda d: "size=9" in d.current_url)
    shown = shown_state(driver)
    assert len(shown) == 2 * 81 + 1
    for _ in range(80):
        ActionChains(driver).send_keys(Keys.TAB).perform()
        if driver.execute_script("return document.activeElement.matches('a[data-move]')"):
            break
    else:
        pytest.fail("Tab never reached a move")
    move = driver.switch_to.active_element.get_attribute("data-move")
    ActionChains(driver).send_keys(Keys.ENTER).perform()
    after = written(*operate(*matrices(shown), move))
    settle(driver).until(
        lambda d: d.find_element(By.CSS_SELECTOR, ".position-grid").get_attribute("data-state") == after
    )
    assert urllib.parse.parse_qs(urllib.parse.urlparse(driver.current_url).query)["size"] == ["9"]


def test_a_pasted_position_of_the_chosen_size_is_shown(driver, server: str) -> None:
    open_at(driver, server + at(12), WIDTHS[0])
    twelve = written(*random_solvable(12, random.Random(12)))
    box = driver.find_element(By.ID, "state")
    box.clear()
    box.send_keys(twelve)
    driver.find_element(By.CSS_SELECTOR, "#state-form button[type=submit]").click()
    settle(driver).until(
        lambda d: d.find_element(By.CSS_SELECTOR, ".position-grid").get_attribute("data-state") == twelve
    )
    assert "size=12" in driver.current_url
