"""Shared fixtures: every table is built once per test session into a
temporary directory, through the same `build` API the CLI uses."""

from __future__ import annotations

from pathlib import Path

import pytest

import build_tables
import lookup


@pytest.fixture(scope="session")
def tables_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    directory = tmp_path_factory.mktemp("tables")
    build_tables.build(directory=directory)
    return directory


@pytest.fixture(scope="session")
def tables(tables_dir: Path) -> lookup.Tables:
    with lookup.open_tables(tables_dir) as opened:
        yield opened
