"""The runnable examples in the API docstrings and in the documents are run against real tables."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

import ninebase
from ninebase import lookup
from ninebase.lookup import tables

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("module", [ninebase, lookup, tables])
def test_docstring_examples(module: object, tables_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NINEBASE_TABLES", str(tables_dir))
    failures, attempted = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert attempted > 0 and failures == 0


DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def pycon_blocks(document: Path) -> str:
    """The document's ```pycon blocks, one session: later blocks use names from earlier ones."""
    blocks = re.findall(r"^```pycon\n(.*?)^```", document.read_text(encoding="utf-8"), flags=re.M | re.S)
    return "\n".join(blocks)


@pytest.mark.parametrize("document", [doc for doc in DOCUMENTS if pycon_blocks(doc)], ids=lambda doc: doc.name)
def test_python_examples_in_the_documents(document: Path, tables_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every `>>>` example of README.md and docs/*.md prints what is shown under it."""
    monkeypatch.setenv("NINEBASE_TABLES", str(tables_dir))
    parser = doctest.DocTestParser()
    test = parser.get_doctest(pycon_blocks(document), {}, document.name, str(document), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.attempted > 0 and result.failed == 0


def test_every_link_between_the_documents_leads_somewhere() -> None:
    """Relative links of README.md and docs/*.md name files that exist, and
    an anchor (#...) a heading of that file."""
    for document in DOCUMENTS:
        for target in re.findall(r"\]\(([^)\s]+)\)", document.read_text(encoding="utf-8")):
            if target.startswith(("http://", "https://")):
                continue
            path, _, anchor = target.partition("#")
            linked = (document.parent / path).resolve() if path else document
            assert linked.exists(), f"{document.name}: {target}"
            if anchor:
                headings = re.findall(r"^#+ (.+)$", linked.read_text(encoding="utf-8"), flags=re.M)
                slugs = {re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-") for heading in headings}
                assert anchor in slugs, f"{document.name}: {target}"


def test_the_readme_is_for_the_first_hour() -> None:
    """README.md stays short; the rest is in docs/ by reader (issue 28)."""
    assert len((ROOT / "README.md").read_text(encoding="utf-8").splitlines()) <= 250


def test_the_format_document_names_every_attribute_and_dataset(tables_dir: Path) -> None:
    """tables/FORMAT.md describes what the built files hold: every root
    attribute, every attribute in the JSON text of them all, and every dataset
    is named there, and its version is the reader's."""
    import json

    import h5py

    from ninebase.lookup.tablefile import FORMAT_VERSION

    text = (ROOT / "tables" / "FORMAT.md").read_text(encoding="utf-8")
    assert f"(version {FORMAT_VERSION})" in text.splitlines()[0]
    for path in sorted(tables_dir.glob("*.h5")):
        with h5py.File(path, "r", locking=False) as file:  # as the reader opens them (other tests hold them open)
            found = set(file.attrs)
            file.visititems(lambda name, item, found=found: found.update({name.rsplit("/", 1)[-1], *item.attrs}))
            described = json.loads(file.attrs["attributes"])
        found.update(described, described["file"])
        for part in ("groups", "datasets"):
            found.update(key for attributes in described[part].values() for key in attributes)
        for name in sorted(found):
            assert f"`{name}`" in text, (path.name, name)
