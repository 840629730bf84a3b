"""Vectorised reading of many compact states at once, for `distances`."""

from __future__ import annotations

from typing import Any, Callable

import numpy as np

from .parsing import InputError


def digit_matrix(states: Any, width: int) -> np.ndarray:
    """An (n, width) int8 array from compact digit strings, integers of up to
    `width` digits, or an (n, width) array of digits; -1 marks anything that
    is not a digit."""
    array = np.asarray(states)
    if array.dtype.kind in "US" or array.dtype == object:
        text = np.asarray(array, dtype=f"U{width}" if array.dtype.kind == "U" and array.itemsize <= 4 * width else f"U{width + 1}")
        text = text.reshape(-1)
        codes = text.view(np.uint32).reshape(text.size, -1)
        digits = (codes[:, :width] - np.uint32(ord("0"))).astype(np.int8)
        digits[(codes[:, :width] - np.uint32(ord("0")) > 9).any(axis=1) | (codes[:, width:] != 0).any(axis=1)] = -1
        return digits
    if array.dtype.kind in "iu":
        if array.ndim == 2 and array.shape[1] == width:
            return array.astype(np.int64)
        if array.ndim == 1:
            powers = 10 ** np.arange(width - 1, -1, -1, dtype=np.int64)
            digits = array.astype(np.int64)[:, None] // powers % 10
            digits[(array < 0) | (array >= 10**width)] = -1
            return digits
    raise InputError(f"expected compact strings, integers or an (n, {width}) array, got shape {array.shape} of {array.dtype}")


def all_valid(valid: np.ndarray, states: Any, parse_item: Callable[[Any], Any]) -> bool:
    """Whether a vectorised reader accepted every item. If not, the first
    rejected item is parsed one by one: a genuinely bad item raises its
    InputError, naming its position; an item that parses after all (a form
    the fast reader does not cover, such as a tab between fields) makes this
    return False, and the caller reads the batch item by item instead."""
    bad = np.flatnonzero(~valid)
    if not bad.size:
        return True
    item = np.asarray(states, dtype=object).reshape(len(valid), -1)[bad[0]]
    item = item[0] if item.size == 1 else item.tolist()
    try:
        parse_item(item)
    except InputError as error:
        raise InputError(f"item {bad[0]}: {error}") from None
    return False
