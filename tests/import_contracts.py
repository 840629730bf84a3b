"""Run import-linter on the `ninebase` namespace as the wheel lays it out.

The repository keeps `lookup/`, `puzzles/` and `build_tables/` as folders
mapped into `ninebase` (pyproject's package-dir), but import-linter reads a
package from one directory tree; so this copies the mapped folders into a
temporary `ninebase/` tree, puts it first on the path, and runs
`lint-imports` with the contracts in pyproject.toml. Exits with its status.

    python tests/import_contracts.py [--plant FILE:LINE]... [lint-imports options]

`--plant lookup/web/api.py:'from ninebase import build_tables'` adds a line
to a file of the copy first: how a contract is seen to fail.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def not_copied(folder: str, names: list[str]) -> set[str]:
    """Bytecode, and ninebase/'s links to the folders (each is copied from itself)."""
    return {name for name in names if name == "__pycache__" or os.path.islink(os.path.join(folder, name))}


def lint(planted: dict[str, str], options: list[str]) -> subprocess.CompletedProcess[str]:
    """lint-imports over a copy of the namespace, with `planted` lines added to files (by repository path)."""
    mapping = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-dir"]
    with tempfile.TemporaryDirectory(prefix="ninebase-imports-") as tree:
        for package, folder in sorted(mapping.items()):
            target = Path(tree, *package.split("."))
            shutil.copytree(ROOT / folder, target, ignore=not_copied, dirs_exist_ok=True)
            for path, line in planted.items():
                if Path(path).parts[0] == folder and package != "ninebase":
                    with open(target.joinpath(*Path(path).parts[1:]), "a", encoding="utf-8") as planted_file:
                        planted_file.write(f"\n{line}\n")
        path = os.pathsep.join([tree, os.environ.get("PYTHONPATH", "")]).rstrip(os.pathsep)
        linter = Path(sys.executable).parent / "lint-imports"
        command = [str(linter), str(ROOT / "pyproject.toml"), *options]
        # from the tree, not the checkout: lint-imports puts its working directory first on the path
        return subprocess.run(command, cwd=tree, env={**os.environ, "PYTHONPATH": path}, capture_output=True, text=True)


def main() -> int:
    arguments, planted = sys.argv[1:], {}
    while arguments[:1] == ["--plant"]:
        path, _, line = arguments[1].partition(":")
        planted[path] = line
        arguments = arguments[2:]
    done = lint(planted, arguments)
    sys.stdout.write(done.stdout)
    sys.stderr.write(done.stderr)
    return done.returncode


if __name__ == "__main__":
    sys.exit(main())
