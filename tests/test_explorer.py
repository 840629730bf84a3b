"""The explorer page in a real browser (Debian's chromium driven by selenium),
served by a real `ninebase serve` on a free loopback port. Skips, saying so,
where no browser is installed."""

from __future__ import annotations

import json
import os
import re
import sys
import urllib.parse
import urllib.request
from pathlib import Path

import pytest
from serving import free_port, running

from ninebase import lookup, puzzles

CHROMIUM, CHROMEDRIVER = "/usr/bin/chromium", "/usr/bin/chromedriver"
if not (os.path.exists(CHROMIUM) and os.path.exists(CHROMEDRIVER)):
    pytest.skip(
        "no browser: install Debian's chromium and chromium-driver (.ci/run does, as root)", allow_module_level=True
    )
webdriver = pytest.importorskip("selenium.webdriver")
from browsing import settle  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402

pytestmark = pytest.mark.slow

NINEBASE = str(Path(sys.executable).parent / "ninebase")
SCREENSHOTS = Path(os.environ.get("NINEBASE_SCREENSHOTS", "")) if os.environ.get("NINEBASE_SCREENSHOTS") else None

EXAMPLES = {name: puzzles.get(name).example() for name in tuple(puzzles.BUILT_IN)}
"""Each puzzle's own example of its compact form."""


@pytest.fixture(scope="module")
def server(tables_dir: Path):
    with running([NINEBASE, "serve", "--tables", str(tables_dir), "--port", str(free_port())]) as base:
        yield base


def browser(tmp_path: Path, javascript: bool = True, width: int = 1100):
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--disable-background-networking", "--disable-component-update", "--no-first-run",
                 f"--user-data-dir={tmp_path / ('profile-js' if javascript else 'profile-nojs')}",
                 f"--window-size={width},1400"):  # fmt: skip
        options.add_argument(flag)
    if not javascript:
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)


@pytest.fixture(scope="module")
def driver(tmp_path_factory: pytest.TempPathFactory):
    chrome = browser(tmp_path_factory.mktemp("chrome"))
    yield chrome
    chrome.quit()


def distance_shown(driver) -> int | None:
    text = driver.find_element(By.ID, "distance").text
    found = re.search(r"\d+", text)
    return None if "nsolvable" in text else int(found.group())


def wait_for_distance(driver, before_state: str) -> None:
    settle(driver).until(
        lambda d: d.find_element(By.CSS_SELECTOR, ".position-grid").get_attribute("data-state") != before_state
    )


def current_state(driver) -> str:
    return driver.find_element(By.CSS_SELECTOR, ".position-grid").get_attribute("data-state")


def no_console_errors(driver) -> list[str]:
    return [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]


@pytest.mark.parametrize("puzzle", list(EXAMPLES))
def test_every_hook_on_every_puzzle(driver, server: str, tables: lookup.Tables, puzzle: str, tmp_path: Path) -> None:
    state = EXAMPLES[puzzle]
    driver.get(f"{server}/{puzzle}?state={urllib.parse.quote(state)}")
    probe = tables.probe(puzzle, state).to_dict()
    assert distance_shown(driver) == probe["distance"]
    assert driver.find_elements(By.ID, "best") or puzzle == "cube"
    if puzzle == "cube":
        squares = driver.find_elements(By.CSS_SELECTOR, "#pattern [data-square]")
        assert [s.get_attribute("data-square") for s in squares] == [str(n) for n in range(1, 10)]
        assert len(driver.find_elements(By.CSS_SELECTOR, "#playback .step")) == probe["distance"]
    else:
        links = driver.find_elements(By.CSS_SELECTOR, "a[data-move][data-distance]")
        shown = [(a.get_attribute("data-move"), a.get_attribute("data-distance")) for a in links]
        expected = [
            (m if isinstance(m, str) else json.dumps(m), "null" if d is None else str(d))
            for m, d in ((s["move"], s["distance"]) for s in probe["successors"])
        ]
        assert shown == expected
        hrefs = [urllib.parse.parse_qs(urllib.parse.urlparse(a.get_attribute("href")).query)["state"][0] for a in links]
        assert hrefs == [s["state"] for s in probe["successors"]]
    if SCREENSHOTS:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        driver.save_screenshot(str(SCREENSHOTS / f"{puzzle}.png"))
    assert no_console_errors(driver) == []


def test_play_the_best_move_down_to_zero_then_back_and_forward(driver, server: str, tables: lookup.Tables) -> None:
    start = "867254301"  # eight, 31 moves from its goal
    driver.get(f"{server}/eight?state={start}")
    distance = distance_shown(driver)
    assert distance >= 12
    played = [start]
    timings = []
    while distance:
        before = current_state(driver)
        if distance % 2:
            driver.find_element(By.ID, "best").click()
        else:  # the space key plays the best move too
            driver.find_element(By.TAG_NAME, "body").send_keys(Keys.SPACE)
        wait_for_distance(driver, before)
        timings.append(float(driver.find_element(By.TAG_NAME, "body").get_attribute("data-update-ms")))
        assert distance_shown(driver) == distance - 1
        assert tables.distance("eight", current_state(driver)) == distance - 1
        distance -= 1
        played.append(current_state(driver))
        assert urllib.parse.parse_qs(urllib.parse.urlparse(driver.current_url).query)["state"][0] == played[-1]
    median = sorted(timings)[len(timings) // 2]
    print(f"played {len(timings)} moves: update median {median:.1f} ms, max {max(timings):.1f} ms")
    for expected in reversed(played[-4:-1]):  # browser back walks the line played
        driver.back()
        settle(driver).until(lambda d, e=expected: current_state(d) == e)
        assert distance_shown(driver) == tables.distance("eight", expected)
    driver.forward()
    settle(driver).until(lambda d: current_state(d) == played[-3])
    assert no_console_errors(driver) == []


def test_a_worse_move_and_a_malformed_position(driver, server: str, tables: lookup.Tables) -> None:
    driver.get(f"{server}/nine?state=100000000+111111011")
    worse = driver.find_elements(By.CSS_SELECTOR, "a[data-move].lose")[0]
    after = int(worse.get_attribute("data-distance"))
    before = current_state(driver)
    worse.click()
    wait_for_distance(driver, before)
    assert distance_shown(driver) == after == 6
    field = driver.find_element(By.ID, "state")
    field.clear()
    field.send_keys("12345", Keys.ENTER)
    message = driver.find_element(By.ID, "message")
    settle(driver).until(lambda d: message.is_displayed())
    assert "two groups of 9 characters" in message.text and distance_shown(driver) == 6
    # the browser logs the refused fetch itself; nothing else may be an error
    assert all("/api/nine/view?state=12345" in error and "400" in error for error in no_console_errors(driver))
    driver.find_element(By.ID, "distance-wanted").clear()
    driver.find_element(By.ID, "distance-wanted").send_keys("7", Keys.ENTER)
    settle(driver).until(lambda d: distance_shown(d) == 7)
    assert tables.distance("nine", current_state(driver)) == 7


def test_the_cube_pattern_editor(driver, server: str, tables: lookup.Tables) -> None:
    driver.get(f"{server}/cube?state=2+1+RBWRWWEWW")
    square = driver.find_element(By.CSS_SELECTOR, '#pattern [data-square="5"]')
    promised = int(square.find_element(By.TAG_NAME, "small").text)
    before = current_state(driver)
    square.click()  # W becomes B
    wait_for_distance(driver, before)
    assert current_state(driver) == "2 1 RBWRBWEWW"
    assert distance_shown(driver) == promised == tables.distance("cube", "2 1 RBWRBWEWW")
    driver.find_element(By.CSS_SELECTOR, "input[name=mode][value=empty]").click()
    before = current_state(driver)
    driver.find_element(By.CSS_SELECTOR, '#pattern [data-square="9"]').click()  # the empty square moves there
    wait_for_distance(driver, before)
    assert current_state(driver) == "2 1 RBWRBWWWE"
    assert distance_shown(driver) == tables.distance("cube", "2 1 RBWRBWWWE")
    boards = driver.find_elements(By.CSS_SELECTOR, "#playback .step svg")
    assert len(boards) == distance_shown(driver)
    driver.find_element(By.ID, "next").click()
    assert sum(step.is_displayed() for step in driver.find_elements(By.CSS_SELECTOR, "#playback .step")) == 1
    assert no_console_errors(driver) == []


def test_the_page_without_javascript(server: str, tmp_path: Path, tables: lookup.Tables) -> None:
    plain = browser(tmp_path, javascript=False, width=400)  # phone-sized, too
    try:
        plain.get(f"{server}/sansu?state=175426839")
        assert distance_shown(plain) == 5
        links = plain.find_elements(By.CSS_SELECTOR, "a[data-move][data-distance]")
        assert len(links) == 12
        target = links[0].get_attribute("href")
        links[0].click()  # an ordinary link: a new page load
        settle(plain).until(lambda d: d.current_url == target)
        assert distance_shown(plain) == 4
        plain.get(f"{server}/eight/stats")
        assert plain.find_element(By.ID, "gods-number").text == "31"
        assert len(plain.find_elements(By.CSS_SELECTOR, "a.hardest")) == 6
        if SCREENSHOTS:
            plain.get(f"{server}/cube?state=2+1+RBWRWWEWW")
            plain.save_screenshot(str(SCREENSHOTS / "cube-phone-nojs.png"))
    finally:
        plain.quit()
