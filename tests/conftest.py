"""Shared fixtures: every table is built once per test session into a
temporary directory, through the same `build` API the CLI uses; generic
tests also get a directory that holds the example plug-in's table too, and
the `puzzle` fixture (see `every.py`)."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from every import PLUGIN, registered

from ninebase import build_tables, lookup, puzzles


@pytest.fixture(scope="session")
def tables_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    directory = tmp_path_factory.mktemp("tables")
    build_tables.build(directory=directory)
    build_tables.build([puzzles.get("nine").variant({"size": 2})], directory)  # 70 boards: nine's smallest table
    return directory


@pytest.fixture(scope="session")
def fifteen_tables_dir(tables_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The session's tables and eight-4's pattern tables (about 60 s of
    CPU), built only for the tests that ask for them, and once a run: the
    test processes of one run (pytest-xdist's workers, whose temporary
    directories share a parent) build them into one directory, where the
    builder's lock lets the first build and the others find them built."""
    run = tmp_path_factory.getbasetemp()
    shared = (run.parent if os.environ.get("PYTEST_XDIST_WORKER") else run) / "eight-4"
    build_tables.build([puzzles.get("eight").variant({"size": 4})], shared)
    directory = tmp_path_factory.mktemp("fifteen-tables")
    for path in [*tables_dir.glob("*.h5"), shared / "eight-4.h5"]:
        shutil.copy(path, directory)
    return directory


@pytest.fixture(scope="session")
def tables(tables_dir: Path) -> lookup.Tables:
    with lookup.open_tables(tables_dir) as opened:
        yield opened


@pytest.fixture(scope="session")
def every_table_dir(tables_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A tables directory holding the session's tables and the example plug-in's."""
    directory = tmp_path_factory.mktemp("every-table")
    for path in tables_dir.glob("*.h5"):
        shutil.copy(path, directory)
    with registered(PLUGIN):
        build_tables.build([PLUGIN.name], directory)
    return directory


@pytest.fixture(scope="session")
def every_tables(every_table_dir: Path) -> lookup.Tables:
    """Tables over `every_table_dir`; the plug-in's answers need it registered (`registered`, `puzzle`)."""
    with lookup.open_tables(every_table_dir) as opened:
        yield opened


@pytest.fixture
def puzzle(request: pytest.FixtureRequest) -> Iterator[puzzles.Puzzle]:
    """The puzzle a test is parametrised with (indirectly, by name), the example
    plug-in registered while the test runs."""
    name = request.param
    if name == PLUGIN.name:
        with registered(PLUGIN):
            yield PLUGIN
    else:
        yield puzzles.get(name)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The slow tests first (in their order), then the others: with the
    suite spread over several processes (pytest-xdist), the longest start
    early and the short ones fill the processes' ends, instead of one long
    test running alone at the end."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
