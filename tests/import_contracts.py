"""Run import-linter on the `ninebase` namespace as the wheel lays it out.

The repository keeps `lookup/`, `puzzles/` and `build_tables/` as folders
mapped into `ninebase` (pyproject's package-dir), but import-linter reads a
package from one directory tree; so this copies the mapped folders into a
temporary `ninebase/` tree, puts it first on the path, and runs
`lint-imports` with the contracts in pyproject.toml. Exits with its status.

    python tests/import_contracts.py [lint-imports options]
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import tomllib

ROOT = Path(__file__).resolve().parent.parent


def main() -> int:
    mapping = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-dir"]
    with tempfile.TemporaryDirectory(prefix="ninebase-imports-") as tree:
        for package, folder in sorted(mapping.items()):
            target = Path(tree, *package.split("."))
            shutil.copytree(ROOT / folder, target, ignore=shutil.ignore_patterns("__pycache__"), dirs_exist_ok=True)
        path = os.pathsep.join([tree, os.environ.get("PYTHONPATH", "")]).rstrip(os.pathsep)
        linter = Path(sys.executable).parent / "lint-imports"
        command = [str(linter), "--config", str(ROOT / "pyproject.toml"), *sys.argv[1:]]
        # from the tree, not the checkout: lint-imports puts its working directory first on the path
        return subprocess.run(command, cwd=tree, env={**os.environ, "PYTHONPATH": path}).returncode


if __name__ == "__main__":
    sys.exit(main())
