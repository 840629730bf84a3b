"""What users install: the wheel, not the checkout. Built from this tree,
installed (not editable) into a fresh virtual environment, and run from
another directory: it builds tables, serves, and answers the page, a static
file and the API; the sdist carries the same files."""

from __future__ import annotations

import os
import subprocess
import sys
import tarfile
import urllib.request
import zipfile
from pathlib import Path

import pytest
from serving import free_port, running

ROOT = Path(__file__).resolve().parent.parent
RUNTIME_FILES = (
    "lookup/web/templates/explorer.html",
    "lookup/web/static/style.css",
    "lookup/web/static/explorer.js",
    *(f"puzzles/{name}/rules.txt" for name in ("sansu", "clocks", "eight", "nine", "cube")),
)

FOLDERS = ("lookup", "puzzles", "build_tables")
"""The repository's folders that the wheel maps into `ninebase` (pyproject's package-dir)."""

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", str(out), str(ROOT)],
        check=True,
        timeout=300,
    )
    (built,) = out.glob("ninebase-*.whl")
    return built


def test_the_wheel_and_the_sdist_carry_every_runtime_file(wheel: Path, tmp_path: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    assert all(f"ninebase/{name}" in names for name in RUNTIME_FILES), sorted(names)
    assert {name.split("/")[0] for name in names} == {"ninebase", "ninebase-0.1.0.dist-info"}  # one import package
    packages = [path.parent.relative_to(ROOT) for folder in FOLDERS for path in (ROOT / folder).rglob("__init__.py")]
    assert all(f"ninebase/{package.as_posix()}/__init__.py" in names for package in packages)  # none left out
    for compiled in ("puzzles/eight/fifteen_kernel.", "build_tables/pattern_kernel."):  # the search, the tables' build
        assert any(name.startswith(f"ninebase/{compiled}") and name.endswith(".so") for name in names), compiled
    code = "import sys, setuptools.build_meta as b; print(b.build_sdist(sys.argv[1]))"
    subprocess.run([sys.executable, "-c", code, str(tmp_path)], cwd=ROOT, check=True, timeout=300, capture_output=True)
    (sdist,) = tmp_path.glob("ninebase-*.tar.gz")
    with tarfile.open(sdist) as archive:
        members = {member.split("/", 1)[1] for member in archive.getnames() if "/" in member}
    assert all(name in members for name in RUNTIME_FILES)
    assert {"setup.py", "puzzles/eight/fifteen_kernel.pyx", "build_tables/pattern_kernel.pyx"} <= members


def test_an_installed_wheel_builds_serves_and_answers(wheel: Path, tmp_path: Path) -> None:
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=120)
    pip = [str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    subprocess.run([*pip, f"{wheel}[serve]"], check=True, timeout=600)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "NINEBASE_TABLES")}
    env["XDG_DATA_HOME"] = str(tmp_path / "data")
    ninebase = str(venv / "bin" / "ninebase")
    where = subprocess.run(
        [str(venv / "bin" / "python"), "-c", "import ninebase.lookup; print(ninebase.lookup.__file__)"],
        cwd=elsewhere, env=env, capture_output=True, text=True, check=True,
    )  # fmt: skip
    assert str(venv) in where.stdout and str(ROOT) not in where.stdout
    record = "from importlib.metadata import files; print(*sorted({str(f).split('/')[0] for f in files('ninebase')}))"
    installed = subprocess.run([str(venv / "bin" / "python"), "-c", record], cwd=elsewhere, env=env,
                               capture_output=True, text=True, check=True).stdout.split()  # fmt: skip
    assert [name for name in installed if name != ".."] == ["ninebase", "ninebase-0.1.0.dist-info"], installed
    built = subprocess.run([ninebase, "build"], cwd=elsewhere, env=env, capture_output=True, text=True, timeout=300)
    assert built.returncode == 0, built.stderr
    assert (tmp_path / "data" / "ninebase" / "tables" / "eight.h5").is_file()
    assert f"tables written to {(tmp_path / 'data' / 'ninebase' / 'tables').resolve()}\n" in built.stderr
    solved = subprocess.run([ninebase, "solve", "sansu", "175426839", "--json"], cwd=elsewhere, env=env,
                            capture_output=True, text=True, check=True)  # fmt: skip
    assert '"distance": 5' in solved.stdout
    pattern = (
        "from ninebase.build_tables.pattern_tables import pattern_table as p; t = p((0, 5, 15)); print(t.size, t.max())"
    )
    compiled = subprocess.run([str(venv / "bin" / "python"), "-c", pattern], cwd=elsewhere, env=env,
                              capture_output=True, text=True, check=True)  # fmt: skip
    assert compiled.stdout.split()[0] == "3360" and int(compiled.stdout.split()[1]) < 255  # the compiled build
    port = free_port()
    with running([ninebase, "serve", "--port", str(port)], env=env, cwd=elsewhere) as base:
        for path, needle in [("/", "eight"), ("/eight?state=123069478", 'id="distance"'),
                             ("/static/style.css", "{"), ("/static/explorer.js", "function"),
                             ("/api/eight?state=123069478", '"distance":5'),
                             ("/cube/rules", "Cubic Eight-Puzzle")]:  # fmt: skip
            body = urllib.request.urlopen(base + path, timeout=10).read().decode()
            assert needle in body, path
