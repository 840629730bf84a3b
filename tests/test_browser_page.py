"""What the explorer page does in a real browser (headless Chromium, the
service behind the strict Content-Security-Policy): the shortest way plays
itself (play, pause, step, speed) with each move animated, or not at all
under prefers-reduced-motion; moves light the cells they change when hovered
or focused; the page can be played with the keyboard alone, with the focus
always visible; on solved and unsolvable boards the space key does nothing."""

from __future__ import annotations

import json
import time
import urllib.parse
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import clock_drawing
import clock_rules
import pytest
from browsing import WIDTHS, browsing, console_errors, open_at, serve_with_policy, settle
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from ninebase import lookup

pytestmark = pytest.mark.slow

EIGHT = "123069478"
"""Five moves from its goal: D R R U L."""


@pytest.fixture(scope="module")
def server(tables_dir: Path) -> Iterator[str]:
    yield from serve_with_policy(tables_dir)


@pytest.fixture(scope="module")
def driver(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    yield from browsing(tmp_path_factory.mktemp("chrome"))


@pytest.fixture
def page(driver, server: str) -> Iterator[Any]:
    """The driver, its console emptied first and checked after."""
    console_errors(driver)
    yield driver
    assert console_errors(driver) == []


def state(driver) -> str:
    return driver.find_element(By.CSS_SELECTOR, ".position-grid").get_attribute("data-state")


def shown_frame(driver) -> int:
    """The one frame shown, every frame looked at in one turn of the page's
    event loop: a frame at a time, a step of the player between two looks
    shows the old frame to one and the new to another."""
    shown = driver.execute_script(
        "return [...document.querySelectorAll('#playback .frame')]"
        "  .filter(frame => frame.checkVisibility()).map(frame => Number(frame.dataset.frame));"
    )
    assert len(shown) == 1, shown
    return shown[0]


def cells(driver, selector: str) -> set[str]:
    return {element.get_attribute("data-cell") for element in driver.find_elements(By.CSS_SELECTOR, selector)}


def step(driver, button: str) -> tuple[int, set[str]]:
    """Click a player button and, in the same turn of the page's event loop
    (so however slow the machine, before any transition can end), count the
    running transitions and name the cells in motion."""
    return driver.execute_script(
        f"document.getElementById('{button}').click();"
        "return [document.getAnimations().filter(a => a.playState === 'running').length,"
        "  [...document.querySelectorAll('#playback .moving')].map(e => e.dataset.cell)];"
    )


def play_timed(driver) -> None:
    """Click Play, and have the page note how many milliseconds after the click
    its step label first changes (`window.firstMoveAfter`): measured by the
    page's own clock, so a slow round trip to the browser cannot make a timer
    look early."""
    driver.execute_script(
        "const label = document.getElementById('step-label'), clicked = performance.now();"
        "window.firstMoveAfter = null;"
        "new MutationObserver((_, seen) => { window.firstMoveAfter = performance.now() - clicked; seen.disconnect(); })"
        "  .observe(label, {childList: true, characterData: true, subtree: true});"
        "document.getElementById('play').click();"
    )


def test_the_shortest_way_plays_itself(page, server: str) -> None:
    open_at(page, f"{server}/eight?state={EIGHT}", WIDTHS[0])
    assert page.find_element(By.CSS_SELECTOR, "#playback .player").is_displayed()
    assert shown_frame(page) == 0 and "The start: 5 moves" in page.find_element(By.ID, "step-label").text
    assert not page.find_element(By.ID, "previous").is_enabled()
    play, speed = page.find_element(By.ID, "play"), page.find_element(By.ID, "speed")

    speed.find_element(By.CSS_SELECTOR, "option[value='1800']").click()  # slow: a move every 1.8 s
    play_timed(page)
    assert play.text == "Pause" and play.get_attribute("aria-pressed") == "true"
    settle(page, 15).until(lambda d: shown_frame(d) >= 1)
    assert page.execute_script("return window.firstMoveAfter") >= 1800  # a timer never fires early
    play.click()  # pause
    assert play.text == "Play" and play.get_attribute("aria-pressed") == "false"
    paused = shown_frame(page)
    time.sleep(1.5)
    assert shown_frame(page) == paused

    page.find_element(By.ID, "restart").click()
    assert shown_frame(page) == 0 and not page.find_element(By.ID, "restart").is_enabled()
    motion = json.loads(
        page.find_element(By.CSS_SELECTOR, '#playback .frame[data-frame="1"]').get_attribute("data-motion")
    )
    running, moving = step(page, "next")  # a step forward, animated
    assert shown_frame(page) == 1 and running > 0 and set(moving) == set(motion)
    assert "move 1 of 5: D, 4 to go" in page.find_element(By.ID, "step-label").text
    assert cells(page, "#playback .frame:not([hidden]) .moved") == set(motion)
    running, moving = step(page, "previous")  # and back: the same cells the other way
    assert shown_frame(page) == 0 and running > 0
    assert set(moving) == {str(source) for source, _ in motion.values()}

    speed.find_element(By.CSS_SELECTOR, "option[value='450']").click()  # fast, to the goal, where it stops
    play.click()
    settle(page, 15).until(lambda d: shown_frame(d) == 5 and d.find_element(By.ID, "play").text == "Play")
    assert "the goal" in page.find_element(By.ID, "step-label").text
    assert not page.find_element(By.ID, "next").is_enabled()


def test_reduced_motion_steps_without_animation(page, server: str) -> None:
    page.execute_cdp_cmd(
        "Emulation.setEmulatedMedia", {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]}
    )
    try:
        open_at(page, f"{server}/clocks?state=9+9+12+6+6+6+6+3+6", WIDTHS[0])
        assert page.execute_script("return matchMedia('(prefers-reduced-motion: reduce)').matches")
        frame = page.find_element(By.CSS_SELECTOR, '#playback .frame[data-frame="1"]')
        motion = json.loads(frame.get_attribute("data-motion"))
        assert step(page, "next") == [0, []]
        assert cells(page, "#playback .frame:not([hidden]) .moved") == set(motion)  # the eye still sees what changed
        link = page.find_element(By.CSS_SELECTOR, "a[data-move]")
        before = state(page)
        link.click()
        settle(page).until(lambda d: state(d) != before)
        assert page.execute_script("return document.getAnimations().length") == 0
    finally:
        page.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


def test_a_played_move_is_animated_on_the_board(page, server: str) -> None:
    open_at(page, f"{server}/sansu?state=175426839", WIDTHS[0])
    link = page.find_element(By.CSS_SELECTOR, "a[data-move]")
    motion = json.loads(link.get_attribute("data-motion"))
    before = state(page)
    link.click()
    settle(page).until(lambda d: state(d) != before)
    assert cells(page, ".board-frame svg .moved") == set(motion) == {"2", "3"}


@pytest.mark.parametrize(("puzzle", "move"), [("clocks", "5"), ("nine", "C1"), ("eight", "D"), ("sansu", "[2, 3]")])
def test_pointing_at_a_move_lights_what_it_changes(page, server: str, puzzle: str, move: str) -> None:
    example = {"clocks": "9+9+12+6+6+6+6+3+6", "nine": "100000000+111111011", "eight": EIGHT, "sansu": "175426839"}
    open_at(page, f"{server}/{puzzle}?state={example[puzzle]}", WIDTHS[0])
    link = page.find_element(By.CSS_SELECTOR, f"a[data-move='{move}']")
    motion = json.loads(link.get_attribute("data-motion"))
    ActionChains(page).move_to_element(link).perform()
    assert cells(page, ".board-frame svg .lit") == set(motion) != set()
    ActionChains(page).move_to_element(page.find_element(By.TAG_NAME, "h1")).perform()
    assert cells(page, ".board-frame svg .lit") == set()


def test_a_clock_dial_clicked_turns_with_the_corner_geared_to_it(page, server: str) -> None:
    """The dials are links inside the drawing (SVG links, whose href is no string): the script reads their
    attribute, shows the position the tests' model turns to, keeps the rules and lights both dials."""
    start = clock_rules.apply_scramble("UR5- DR3+ DL0+ UL4+ U2- R6+ D1- L3+ ALL5- y2 U2+ R4- D0+ L1- ALL3+")
    open_at(page, f"{server}/rubiks-clock?metric=30&state={clock_drawing.written(start)}", WIDTHS[0])
    corner = page.find_element(By.CSS_SELECTOR, ".board-frame [data-cell='3'] a")  # the front's top right
    expected = clock_drawing.written(clock_drawing.turned(start, 2))
    corner.click()
    settle(page).until(lambda d: state(d) == expected)
    asked = urllib.parse.parse_qs(urllib.parse.urlparse(page.current_url).query)
    assert asked == {"state": [expected], "metric": ["30"]}
    geared = clock_drawing.geared(2)
    assert geared is not None and cells(page, ".board-frame svg .moved") == {"3", str(geared + 1)}
    focused = "return document.activeElement.closest('.board-frame [data-cell]')?.dataset.cell"
    assert page.execute_script(focused) == "3"  # the dial keeps the focus: Enter turns it again
    press(page, Keys.ENTER)
    again = clock_drawing.written(clock_drawing.turned(clock_drawing.turned(start, 2), 2))
    settle(page).until(lambda d: state(d) == again)
    assert page.execute_script(focused) == "3" and focus_is_visible(page)


def press(driver, key: str) -> None:
    ActionChains(driver).send_keys(key).perform()


def focus_is_visible(driver) -> bool:
    return driver.execute_script(
        "const e = document.activeElement, s = getComputedStyle(e);"
        "return e !== document.body && s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2;"
    )


def test_the_keyboard_alone_plays(page, server: str, tables: lookup.Tables) -> None:
    open_at(page, f"{server}/eight?state={EIGHT}", WIDTHS[0])
    for _ in range(40):  # Tab to the first move
        press(page, Keys.TAB)
        assert focus_is_visible(page), page.execute_script("return document.activeElement.outerHTML.slice(0, 120)")
        if page.execute_script("return document.activeElement.matches('a[data-move]')"):
            break
    else:
        pytest.fail("Tab never reached a move")
    link = page.switch_to.active_element
    target = urllib.parse.parse_qs(urllib.parse.urlparse(link.get_attribute("href")).query)["state"][0]
    assert cells(page, ".board-frame svg .lit") == set(json.loads(link.get_attribute("data-motion")))
    press(page, Keys.ENTER)
    settle(page).until(lambda d: state(d) == target)
    assert page.switch_to.active_element.get_attribute("id") == "best" and focus_is_visible(page)
    distance = tables.distance("eight", target)
    press(page, Keys.ENTER)  # the best move, from where the focus now is
    settle(page).until(lambda d: tables.distance("eight", state(d)) == distance - 1)
    press(page, Keys.SPACE)  # and the space key plays the best move too
    settle(page).until(lambda d: tables.distance("eight", state(d)) == distance - 2)


@pytest.mark.parametrize(
    "url", ["/", f"/eight?state={EIGHT}", "/cube", "/cube/stats", "/nine/rules", "/nosuch", "/rubiks-clock"]
)
def test_every_control_shows_its_focus(page, server: str, url: str) -> None:
    open_at(page, server + url, WIDTHS[1])
    seen = set()
    for _ in range(80):
        press(page, Keys.TAB)
        element = page.execute_script(
            "const e = document.activeElement; return e === document.body ? null : e.outerHTML.slice(0, 160)"
        )
        if element is None or element in seen:  # round the page once
            break
        seen.add(element)
        assert focus_is_visible(page), element
    assert len(seen) >= 5
    if url == "/nosuch":
        console_errors(page)  # the page's own 404


@pytest.mark.parametrize(
    ("puzzle", "position"),
    [("eight", "123406789"), ("sansu", "123456789"), ("eight", "527943610"), ("nine", "111111111+111111111")],
)
def test_solved_and_unsolvable_boards_offer_nothing_to_play(page, server: str, puzzle: str, position: str) -> None:
    open_at(page, f"{server}/{puzzle}?state={position}", WIDTHS[0])
    assert not [best for best in page.find_elements(By.ID, "best") if best.is_displayed()]
    before, url = state(page), page.current_url
    page.find_element(By.TAG_NAME, "body").send_keys(Keys.SPACE)
    time.sleep(0.8)
    assert state(page) == before and page.current_url == url
