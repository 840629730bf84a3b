"""The service's one settings object: docs/service.md's table of limits says what it
holds, both ways; the command line's defaults and the environment variables
are its fields; a bad value is one line; the app reads every limit from it;
and the command line reads it without the serve extra."""

from __future__ import annotations

import dataclasses
import json
import math
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from starlette.testclient import TestClient

from ninebase import lookup
from ninebase.lookup.cli.serving import serve
from ninebase.lookup.web import app_from_environment, create_app
from ninebase.lookup.web.settings import DEFAULT_SETTINGS, ENVIRONMENT, Settings, SettingsError

SERVICE_DOC = Path(__file__).resolve().parents[2] / "docs" / "service.md"
UNITS = {"": 1, "s": 1, "ms": 0.001, "KiB": 1024, "MiB": 1024 * 1024}


def documented_limits() -> dict[str, tuple[str, str]]:
    """The documented table of limits: each setting's default and how to change it, as written."""
    section = SERVICE_DOC.read_text().split("## Limits and defaults", 1)[1].split("\n#", 1)[0]
    rows = {}
    for line in section.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) == 4 and (name := re.fullmatch(r"`(\w+)`", cells[0])):
            rows[name[1]] = (cells[1], cells[3])
    return rows


def value_of(written: str) -> object:
    """A default as the table writes it: `text`, or a number with its unit (10 s, 4 MiB, 65,536)."""
    if written.startswith("`"):
        return written.strip("`")
    number, unit = re.fullmatch(r"([\d,.]+) ?(\w*)", written).groups()  # type: ignore[union-attr]
    return float(number.replace(",", "")) * UNITS[unit]


def test_the_documented_table_lists_every_setting_with_its_default_and_nothing_else() -> None:
    rows = documented_limits()
    fields = [field.name for field in dataclasses.fields(Settings)]
    assert sorted(rows) == sorted(fields), "the documented table and Settings differ"
    for name, (default, _) in rows.items():
        actual, written = getattr(DEFAULT_SETTINGS, name), value_of(default)
        assert written == actual if isinstance(actual, str) else math.isclose(written, actual), name


def test_the_readme_says_how_each_setting_is_changed_as_the_command_line_and_environment_do() -> None:
    options = {option: param for param in serve.params for option in param.opts if param.name != "tables_dir"}
    said_options, said_variables = set(), set()
    for name, (_, how) in documented_limits().items():
        for option in re.findall(r"`(--[\w-]+)", how):
            assert options[option].name == name and options[option].default == getattr(DEFAULT_SETTINGS, name)
            said_options.add(option)
        for variable in re.findall(r"`(NINEBASE_\w+)`", how):
            assert ENVIRONMENT[variable] == name
            said_variables.add(variable)
        assert said_options | said_variables or how == "`Settings`"
    assert said_options == set(options) and said_variables == set(ENVIRONMENT)


@pytest.mark.parametrize(
    ("environ", "message"),
    [
        ({"NINEBASE_CACHE": "abc"}, "NINEBASE_CACHE must be a whole number, not 'abc'"),
        ({"NINEBASE_CACHE": "-1"}, "NINEBASE_CACHE must be a whole number of at least 0, not -1"),
        ({"NINEBASE_GRACE": "nan"}, "NINEBASE_GRACE must be a finite number from 1 to 3600, not nan"),
        ({"NINEBASE_GRACE": "-5"}, "NINEBASE_GRACE must be a finite number from 1 to 3600, not -5.0"),
        ({"NINEBASE_GRACE": "inf"}, "NINEBASE_GRACE must be a finite number from 1 to 3600, not inf"),
        ({}, "NINEBASE_TABLES must name the tables directory (built by ninebase build)"),
    ],
)
def test_a_bad_environment_is_one_line(monkeypatch: pytest.MonkeyPatch, environ: dict, message: str) -> None:
    for variable in ("NINEBASE_TABLES", *ENVIRONMENT):
        monkeypatch.delenv(variable, raising=False)
    for variable, value in environ.items():
        monkeypatch.setenv(variable, value)
    with pytest.raises(SystemExit) as ended:
        app_from_environment()
    assert ended.value.code == f"ninebase: {message}"


NUMBERS = st.integers(-5, 10**12).map(str) | st.floats(allow_nan=True, allow_infinity=True).map(str)


@given(st.sampled_from(sorted(ENVIRONMENT)), st.text(max_size=12) | NUMBERS)
def test_an_environment_variable_is_a_number_in_range_or_one_line_naming_it(variable: str, text: str) -> None:
    limit = next(field for field in dataclasses.fields(Settings) if field.name == ENVIRONMENT[variable])
    try:
        settings = Settings.from_environment({variable: text})
    except SettingsError as error:
        assert str(error).startswith(f"{variable} must be a ") and "\n" not in str(error)
        return
    value = getattr(settings, limit.name)
    assert value == (int(text) if limit.type == "int" else float(text))
    assert math.isfinite(value) and value >= limit.metadata["least"]
    assert dataclasses.replace(settings, **{limit.name: getattr(DEFAULT_SETTINGS, limit.name)}) == DEFAULT_SETTINGS


@pytest.mark.parametrize(
    "limits",
    [{"cache": -1}, {"cache": 1.5}, {"grace": math.nan}, {"grace": True}, {"batches_running": 0}, {"port": "80"}],
)
def test_a_setting_out_of_range_is_refused_naming_it(limits: dict) -> None:
    with pytest.raises(SettingsError, match=f"^{next(iter(limits))} must be"):
        Settings(**limits)


def test_the_app_reads_every_limit_it_answers_with_from_its_settings(tables_dir: Path) -> None:
    settings = Settings(
        max_path_characters=40, max_state_characters=12, cache_max_age=60, retry_after_seconds=7, max_batch_lines=3
    )
    with lookup.open_tables(tables_dir) as tables:
        app = create_app(tables, settings)
        with TestClient(app) as client:
            long_path = client.get("/api/eight/" + "x" * 40)
            long_state = client.get("/api/eight?state=" + "1" * 13)
            probe = client.get("/api/eight?state=123069478")
            batch = client.post("/api/eight/batch", content=b"123069478\n" * 4)
            document = client.get("/openapi.json").json()
            app.drain.begin()
            stopping = client.get("/health")
            not_ready = client.get("/ready")
    assert long_path.status_code == 414 and "at most 40 are read" in long_path.json()["error"]
    assert long_state.status_code == 400 and "at most 12 are read" in long_state.json()["error"]
    assert probe.headers["cache-control"] == "public, max-age=60"
    assert batch.status_code == 413 and "at most 3 are answered" in batch.json()["error"]
    assert document["paths"]["/api/{puzzle}"]["get"]["parameters"][1]["schema"]["maxLength"] == 12
    assert stopping.status_code == 503 and stopping.headers["retry-after"] == "7"
    assert not_ready.status_code == 503 and not_ready.headers["retry-after"] == "7"


ABSENT = """
import sys

class Absent:  # the serve extra, not installed
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {"starlette", "granian", "jinja2"}:
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)

sys.meta_path.insert(0, Absent())
"""


def test_the_command_line_reads_the_settings_without_the_serve_extra(tables_dir: Path) -> None:
    loaded = "import json, sys, ninebase.lookup.cli{}; print(json.dumps(sorted(sys.modules)))"
    for command, settings in (("", False), (".serving", True)):  # a query does not load them; serve does
        found = subprocess.run(
            [sys.executable, "-c", loaded.format(command)], capture_output=True, text=True, check=True
        )
        modules = set(json.loads(found.stdout))
        assert ("ninebase.lookup.web.settings" in modules) == settings, command
        assert not {"starlette", "granian", "jinja2"} & modules
    done = subprocess.run(
        [sys.executable, "-c", ABSENT + "from ninebase.lookup.cli import main; main()", "serve"],
        capture_output=True,
        text=True,
        env={"NINEBASE_TABLES": str(tables_dir), "PATH": "/usr/bin:/bin"},
    )
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.splitlines() == [
        "ninebase: error: serve needs the serve extra (starlette is missing): pip install 'ninebase[serve]'"
    ]
