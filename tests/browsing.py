"""What the browser tests share: the service behind the strict
Content-Security-Policy (tests/csp_app.py) on a free loopback port, stopped
by its own PID, and headless Chromium driven by selenium. Importing this
skips the importing test module, saying why, where no browser is installed."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

CHROMIUM, CHROMEDRIVER = "/usr/bin/chromium", "/usr/bin/chromedriver"
if not (os.path.exists(CHROMIUM) and os.path.exists(CHROMEDRIVER)):
    pytest.skip(
        "no browser: install Debian's chromium and chromium-driver (.ci/run does, as root)", allow_module_level=True
    )
webdriver = pytest.importorskip("selenium.webdriver")
from selenium.common.exceptions import WebDriverException  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402
from serving import free_port, running  # noqa: E402

HERE = Path(__file__).resolve().parent
SCREENSHOTS = Path(os.environ["NINEBASE_SCREENSHOTS"]) if os.environ.get("NINEBASE_SCREENSHOTS") else None
WIDTHS = (1280, 390)
"""A desktop window and a phone held upright."""


def serve_with_policy(tables_dir: Path) -> Iterator[str]:
    """The base URL of the service with the strict policy on every answer,
    while the generator runs (a module's fixture yields from it)."""
    env = {**os.environ, "PYTHONPATH": str(HERE), "NINEBASE_TABLES": str(tables_dir)}
    uvicorn = [sys.executable, "-m", "uvicorn", "--factory", "csp_app:app", "--log-level", "warning"]
    with running([*uvicorn, "--port", str(free_port())], env=env) as base:
        yield base


def chromium(profile: Path, width: int = WIDTHS[0]) -> webdriver.Chrome:
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--disable-background-networking", "--disable-component-update", "--no-first-run",
                 "--hide-scrollbars", f"--user-data-dir={profile}", f"--window-size={width},1000"):  # fmt: skip
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)


def browsing(profile: Path) -> Iterator[webdriver.Chrome]:
    """A browser while the generator runs (a module's fixture yields from it)."""
    chrome = chromium(profile)
    yield chrome
    chrome.quit()


def settle(driver: webdriver.Chrome, seconds: float = 10) -> WebDriverWait:
    """A wait that looks again when the page was swapped under it.

    A node replaced between finding and reading it is a stale element, or
    Chromium's "Node with given id does not belong to the document": both are
    WebDriverExceptions, and both mean "look again".
    """
    return WebDriverWait(driver, seconds, ignored_exceptions=(WebDriverException,))


def console_errors(driver: webdriver.Chrome) -> list[str]:
    """The console's errors since last asked (CSP violations are among them)."""
    return [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]


def open_at(driver: webdriver.Chrome, url: str, width: int) -> None:
    """The page at `url` in a window `width` CSS pixels wide, once its script has run."""
    driver.set_window_size(width, 1000)
    driver.get(url)
    settle(driver).until(lambda d: d.execute_script("return document.readyState") == "complete")


def screenshot(driver: webdriver.Chrome, name: str) -> None:
    """The whole page as NINEBASE_SCREENSHOTS/NAME.png, when that is set."""
    if SCREENSHOTS is None:
        return
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    width, page, frame = driver.execute_script(
        "return [window.innerWidth, document.documentElement.scrollHeight, window.outerHeight - window.innerHeight]"
    )
    driver.set_window_size(width, min(page + frame, 6000))
    driver.save_screenshot(str(SCREENSHOTS / f"{name}.png"))
    driver.set_window_size(width, 1000)
