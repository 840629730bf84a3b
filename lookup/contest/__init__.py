"""`ninebase package`: a complete problem package in the Kattis format
(legacy, which DOMjudge imports) for one puzzle, its test data chosen and
answered with the tablebase.

Everything puzzle-specific comes from the puzzle's contest kit (`kit`);
`cases` chooses the secret data, `writer` lays the files out (`problem.yaml`,
`.timelimit`, the statement, `data/sample` and `data/secret`, the input
validator, the output validator where the puzzle needs one, example
submissions), and `harness` is the Kattis and testlib front end of every
output validator. The same seed and budget give the same bytes.

    write_package(tables, puzzle, directory, seed, cases, zip_=False, scoring=False)
"""

from __future__ import annotations

from .kit import kit_files
from .problem_package import Package, check_target, write_package, zip_path

__all__ = ["Package", "check_target", "kit_files", "write_package", "zip_path"]
