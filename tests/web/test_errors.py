"""The service's errors: what a client's Accept header asks for, by quality
(how a browser comes to get an error page and a program JSON is in
test_pages_content.py)."""

from __future__ import annotations

from ninebase.lookup.web.errors import quality


def test_accept_header_qualities() -> None:
    assert quality("text/html;q=0.8, application/json") == {"text/html": 0.8, "application/json": 1.0}
    assert quality("text/html;q=x") == {"text/html": 0.0}
    assert quality("") == {}
