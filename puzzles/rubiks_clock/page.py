"""The Rubik's Clock on the explorer page: for now the default drawing (its compact form)."""

from __future__ import annotations

from ..roles import PageView


class RubiksClockPage(PageView):
    """The default page view: the position as its 18 dials in text."""
