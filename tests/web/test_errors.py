"""The service's errors: what a client's Accept header asks for, by quality
(how a browser comes to get an error page and a program JSON is in
test_pages_content.py), and the one writer of their JSON."""

from __future__ import annotations

import json

from ninebase.lookup.web.errors import ApiError, error_body, json_error, quality


def test_accept_header_qualities() -> None:
    assert quality("text/html;q=0.8, application/json") == {"text/html": 0.8, "application/json": 1.0}
    assert quality("text/html;q=x") == {"text/html": 0.0}
    assert quality("") == {}


def test_an_error_body_is_one_line_of_json_ending_in_a_newline() -> None:
    body = error_body('state "x"\n: é')
    assert body.endswith(b"}\n") and body.count(b"\n") == 1
    assert json.loads(body) == {"error": 'state "x"\n: é'}
    headers, sent = json_error(ApiError(413, "too large"))
    assert sent == error_body("too large") and (b"content-length", str(len(sent)).encode()) in headers
