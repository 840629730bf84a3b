"""The compiled 4x4 search (`ninebase.puzzles.eight.fifteen_kernel`); everything else is in pyproject.toml."""

from Cython.Build import cythonize
from setuptools import Extension, setup

setup(
    ext_modules=cythonize(
        [
            Extension(
                "ninebase.puzzles.eight.fifteen_kernel",
                ["puzzles/eight/fifteen_kernel.pyx"],
                extra_compile_args=["-O3"],
            )
        ],
        language_level=3,
    )
)
