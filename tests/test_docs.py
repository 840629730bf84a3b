"""The runnable examples in the API docstrings are run against real tables."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

import ninebase
from ninebase import lookup
from ninebase.lookup import tables


@pytest.mark.parametrize("module", [ninebase, lookup, tables])
def test_docstring_examples(module: object, tables_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NINEBASE_TABLES", str(tables_dir))
    failures, attempted = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert attempted > 0 and failures == 0
