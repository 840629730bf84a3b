"""The OpenAPI 3.1 document of the JSON API: every operation with real
schemas for its answers (the probe, solve, stats and error objects), so
client generators and validators can use it. Schemathesis checks the live
service against it in the tests."""

from __future__ import annotations

from typing import Any

from ninebase import puzzles

from .settings import DEFAULT_SETTINGS, Settings

NDJSON = "application/x-ndjson"
DISTANCE_LINES = {"type": "string", "pattern": r"^((-?\d+|error: .*)\n)*$"}
NULLABLE_INTEGER = {"type": ["integer", "null"], "minimum": 0}
COUNT = {
    "description": "how many optimal move sequences, exactly, as decimal digits (a string: clocks' counts pass "
    "2**53, past which JSON numbers lose digits in most clients)",
    "type": "string",
    "pattern": "^(0|[1-9][0-9]*)$",
}
MOVE = {
    "description": "a move as `moves` writes it: a letter or name, a number (clocks), or a pair of cells (sansu)",
    "oneOf": [
        {"type": "string"},
        {"type": "integer"},
        {"type": "array", "items": {"type": "integer"}, "minItems": 2, "maxItems": 2},
    ],
}


def schemas(names: list[str]) -> dict[str, Any]:
    puzzle = {"type": "string", "enum": names}
    return {
        "Error": {
            "type": "object",
            "properties": {"error": {"type": "string", "description": "one line naming what is wrong and where"}},
            "required": ["error"],
            "additionalProperties": False,
        },
        "Solution": {
            "type": "object",
            "description": "the solve object of puzzles.md: an optimal solution",
            "properties": {
                "puzzle": puzzle,
                "state": {"type": "string", "description": "the compact form, normalised"},
                "distance": {**NULLABLE_INTEGER, "description": "fewest moves; null when unsolvable"},
                "moves": {"type": "array", "items": {"$ref": "#/components/schemas/Move"}},
                "count": COUNT,
                "number": {**COUNT, "description": "`solutions`: this solution's place in the puzzle's order, from 0"},
                "seed": {"type": "integer", "minimum": 0, "description": "`random`: the seed that drew it"},
                "final": {"type": "string", "description": "sansu: the sansu reached"},
                "goal": {"type": "string", "description": "eight: the goal of this board"},
                "reason": {"type": "string", "description": "why the board is unsolvable"},
            },
            "required": ["puzzle", "state", "distance", "moves"],
        },
        "Move": MOVE,
        "Successor": {
            "type": "object",
            "properties": {
                "move": {"$ref": "#/components/schemas/Move"},
                "state": {"type": "string"},
                "distance": NULLABLE_INTEGER,
                "count": COUNT,
            },
            "required": ["move", "state", "distance"],
            "additionalProperties": False,
        },
        "Probe": {
            "description": "the probe object of service.md: the solve object, the unit, and every move's distance",
            "allOf": [
                {"$ref": "#/components/schemas/Solution"},
                {
                    "type": "object",
                    "properties": {
                        "unit": {"type": "string"},
                        "solvable": {"type": "boolean"},
                        "successors": {"type": "array", "items": {"$ref": "#/components/schemas/Successor"}},
                        "boards": {
                            "description": "cube: the board after each roll, squares as top x-facing y-facing colours",
                            "type": "array",
                            "items": {"type": "array", "items": {"type": "string"}, "minItems": 9, "maxItems": 9},
                        },
                    },
                    "required": ["unit", "solvable"],
                },
            ],
        },
        "BatchError": {
            "type": "object",
            "description": "a batch line that could not be read; the batch goes on",
            "properties": {
                "puzzle": puzzle,
                "line": {"type": "integer", "minimum": 1},
                "input": {"type": "string"},
                "error": {"type": "string"},
            },
            "required": ["puzzle", "line", "input", "error"],
            "additionalProperties": False,
        },
        "Stats": {
            "type": "object",
            "properties": {
                "puzzle": puzzle,
                "states": {"type": "integer", "minimum": 0},
                "solvable": {"type": "integer", "minimum": 0},
                "max_distance": {"type": "integer", "minimum": 0},
                "histogram": {"type": "array", "items": {"type": "integer", "minimum": 0}},
                "unique": {
                    "description": "per distance, the instances whose optimal answer is unique",
                    "type": "array",
                    "items": {"type": "integer", "minimum": 0},
                },
                "counts": {
                    "description": "the solvable instances by their count of optimal answers, in powers of two: "
                    "from `from` to twice it, less one",
                    "type": "array",
                    "items": {
                        "type": "object",
                        "properties": {"from": COUNT, "instances": {"type": "integer", "minimum": 1}},
                        "required": ["from", "instances"],
                        "additionalProperties": False,
                    },
                },
                "max_count": COUNT,
            },
            "required": ["puzzle", "states", "solvable", "max_distance", "histogram"],
            "additionalProperties": False,
        },
        "Health": {
            "type": "object",
            "properties": {"status": {"const": "ok"}},
            "required": ["status"],
            "additionalProperties": False,
        },
    }


def error(description: str) -> dict[str, Any]:
    return {
        "description": description,
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
    }


def answer(description: str, schema: str) -> dict[str, Any]:
    return {
        "description": description,
        "content": {"application/json": {"schema": {"$ref": f"#/components/schemas/{schema}"}}},
    }


def number_parameter(name: str, description: str, least: int, most: int, default: int) -> dict[str, Any]:
    """A whole-number query parameter."""
    return {
        "name": name,
        "in": "query",
        "required": False,
        "description": description,
        "schema": {"type": "integer", "minimum": least, "maximum": most, "default": default},
    }


def openapi_document(settings: Settings = DEFAULT_SETTINGS) -> dict[str, Any]:
    """The OpenAPI description of the service with the limits of `settings`."""
    names = list(puzzles.names())
    puzzle = {
        "name": "puzzle",
        "in": "path",
        "required": True,
        "schema": {"type": "string", "enum": names},
        "description": "the puzzle's name",
    }
    state = {
        "name": "state",
        "in": "query",
        "required": True,
        "description": "the compact form (puzzles.md); a space may be written %20, + or _",
        "schema": {"type": "string", "minLength": 1, "maxLength": settings.max_state_characters, "pattern": r"\S"},
    }
    common = {
        "404": error("an unknown puzzle"),
        "414": error(f"a path over {settings.max_path_characters} characters"),
        "503": error("a table turned out damaged while serving (with the rebuild command)"),
    }
    lines_body = {
        "required": True,
        "content": {
            "text/plain": {
                "schema": {"type": "string", "minLength": 1, "maxLength": settings.max_batch_bytes},
                "example": "175426839\n123456789\n",
            }
        },
        "description": f"one compact state per line (LF or CRLF), at most {settings.max_batch_lines:,} lines and "
        f"{settings.max_batch_bytes:,} bytes",
    }
    batch_errors = {
        "400": error("an empty body, or one that is not UTF-8 text"),
        "408": error("the body did not arrive in time"),
        "413": error("a body over the limits"),
        "503": error("too many batches at once (Retry-After says when to try again), or a damaged table"),
    }
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "ninebase",
            "version": "2",
            "description": "Exact answers for 3x3 puzzles from tablebases: every distance is the fewest moves there "
            'are. Every error is a JSON object {"error": ...}.',
        },
        "paths": {
            "/api/{puzzle}": {
                "get": {
                    "operationId": "probe",
                    "summary": "The probe object: the solution and every legal move with its exact distance",
                    "parameters": [puzzle, state],
                    "responses": {
                        "200": answer("the probe object", "Probe"),
                        "304": {"description": "not modified (If-None-Match matched the ETag)"},
                        "400": error("a missing, malformed or over-long state"),
                        **common,
                    },
                }
            },
            "/api/{puzzle}/batch": {
                "post": {
                    "operationId": "batch",
                    "summary": "One solve object per line of compact states, as JSON Lines, streamed in order",
                    "parameters": [puzzle],
                    "requestBody": lines_body,
                    "responses": {
                        "200": {
                            "description": "JSON Lines: a Solution, or a BatchError for a line that cannot be read; "
                            "a batch the server could not finish before shutting down ends with an Error line "
                            "that says from which line on it was not answered",
                            "content": {
                                NDJSON: {
                                    "schema": {"type": "string"},
                                    "x-line-schema": {
                                        "oneOf": [
                                            {"$ref": "#/components/schemas/Solution"},
                                            {"$ref": "#/components/schemas/BatchError"},
                                            {"$ref": "#/components/schemas/Error"},
                                        ]
                                    },
                                }
                            },
                        },
                        **common,
                        **batch_errors,
                    },
                }
            },
            "/api/{puzzle}/distances": {
                "post": {
                    "operationId": "distances",
                    "summary": "Distances alone: one line per input line, in order",
                    "parameters": [puzzle],
                    "requestBody": lines_body,
                    "responses": {
                        "200": {
                            "description": "one line per input line: the fewest moves, -1 when unsolvable, or "
                            "`error: line N: why` for a line that cannot be read (and a last `error: ...` line if "
                            "the server could not finish before shutting down)",
                            "content": {
                                "text/plain": {"schema": {"type": "string", "pattern": r"^((-?\d+|error: .*)\n)*$"}}
                            },
                        },
                        **common,
                        **batch_errors,
                    },
                }
            },
            "/api/{puzzle}/counts": {
                "post": {
                    "operationId": "counts",
                    "summary": "Counts of optimal solutions alone: one line per input line, in order",
                    "parameters": [puzzle],
                    "requestBody": lines_body,
                    "responses": {
                        "200": {
                            "description": "one line per input line: how many optimal move sequences, 0 when "
                            "unsolvable, or `error: line N: why` for a line that cannot be read",
                            "content": {
                                "text/plain": {"schema": {"type": "string", "pattern": r"^((\d+|error: .*)\n)*$"}}
                            },
                        },
                        **common,
                        **batch_errors,
                    },
                }
            },
            "/api/{puzzle}/random": {
                "get": {
                    "operationId": "random",
                    "summary": "An optimal solution drawn uniformly from all of them; the same seed draws the same",
                    "parameters": [puzzle, state, number_parameter("seed", "fixes the draw", 0, 2**63 - 1, 0)],
                    "responses": {
                        "200": answer("the solve object of the drawn solution, with its seed", "Solution"),
                        "304": {"description": "not modified (If-None-Match matched the ETag)"},
                        "400": error("a missing, malformed or over-long state, or a seed out of range"),
                        **common,
                    },
                }
            },
            "/api/{puzzle}/solutions": {
                "get": {
                    "operationId": "solutions",
                    "summary": "Every optimal solution in the puzzle's order, up to a limit, streamed",
                    "parameters": [
                        puzzle,
                        state,
                        number_parameter("limit", "the most solutions sent", 1, settings.max_solutions, 100),
                    ],
                    "responses": {
                        "200": {
                            "description": "JSON Lines: a Solution per optimal solution, numbered from 0, each with "
                            "the count of them all (also in the X-Count header)",
                            "headers": {"X-Count": {"schema": COUNT}},
                            "content": {
                                NDJSON: {
                                    "schema": {"type": "string"},
                                    "x-line-schema": {"$ref": "#/components/schemas/Solution"},
                                }
                            },
                        },
                        "400": error("a missing, malformed or over-long state, or a limit out of range"),
                        **common,
                    },
                }
            },
            "/api/{puzzle}/stats": {
                "get": {
                    "operationId": "stats",
                    "summary": "States, solvable states, the largest distance and the histogram",
                    "parameters": [puzzle],
                    "responses": {
                        "200": answer("the stats object", "Stats"),
                        "304": {"description": "not modified (If-None-Match matched the ETag)"},
                        **common,
                    },
                }
            },
            "/health": {
                "get": {
                    "operationId": "health",
                    "summary": "ok while every table file is the one being served",
                    "responses": {"200": answer("ok", "Health"), "503": error("a table file changed on disk")},
                }
            },
            "/openapi.json": {
                "get": {
                    "operationId": "openapi",
                    "summary": "this document",
                    "responses": {"200": {"description": "OpenAPI 3.1", "content": {"application/json": {}}}},
                }
            },
        },
        "components": {"schemas": schemas(names)},
    }
