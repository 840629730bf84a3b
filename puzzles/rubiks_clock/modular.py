"""Linear algebra modulo 12, by the Chinese remainder theorem: Z12 = Z3 x Z4.

Z3 is a field and Z4 a local ring (its units are the odd numbers), so Gaussian
elimination works in each with a unit pivot; the two inverses combine as
x = 4a + 9b (mod 12), which is a modulo 3 and b modulo 4.
"""

from __future__ import annotations

import numpy as np


class NotInvertible(ArithmeticError):
    """A matrix with no inverse modulo 12 (its determinant shares a factor with 12)."""


def _inverse_mod(matrix: np.ndarray, modulus: int) -> np.ndarray:
    """The inverse of a square matrix modulo 3 or 4, by elimination with unit pivots."""
    size = len(matrix)
    work = np.concatenate([matrix % modulus, np.eye(size, dtype=np.int64)], axis=1)
    for column in range(size):
        pivots = [row for row in range(column, size) if np.gcd(int(work[row, column]), modulus) == 1]
        if not pivots:
            raise NotInvertible(f"no unit pivot in column {column} modulo {modulus}")
        work[[column, pivots[0]]] = work[[pivots[0], column]]
        work[column] = work[column] * pow(int(work[column, column]), -1, modulus) % modulus
        for row in range(size):
            if row != column and work[row, column]:
                work[row] = (work[row] - work[row, column] * work[column]) % modulus
    return work[:, size:]


def inverse12(matrix: np.ndarray) -> np.ndarray:
    """The inverse of a square integer matrix modulo 12."""
    matrix = np.asarray(matrix, dtype=np.int64)
    return (4 * _inverse_mod(matrix, 3) + 9 * _inverse_mod(matrix, 4)) % 12
