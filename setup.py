"""The compiled 4x4 search (`ninebase.puzzles.eight.fifteen_kernel`) and the
pattern tables' search that the builder runs (`ninebase.build_tables.pattern_kernel`);
everything else is in pyproject.toml."""

from Cython.Build import cythonize
from setuptools import Extension, setup

setup(
    ext_modules=cythonize(
        [
            Extension(
                "ninebase.puzzles.eight.fifteen_kernel",
                ["puzzles/eight/fifteen_kernel.pyx"],
                extra_compile_args=["-O3"],
            ),
            Extension(
                "ninebase.build_tables.pattern_kernel",
                ["build_tables/pattern_kernel.pyx"],
                extra_compile_args=["-O3"],
            ),
        ],
        language_level=3,
    )
)
