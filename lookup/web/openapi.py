"""The OpenAPI 3.1 document of the JSON API: every operation with real
schemas for its answers (the probe, solve, stats and error objects), so
client generators and validators can use it. Schemathesis checks the live
service against it in the tests."""

from __future__ import annotations

from typing import Any

from ninebase import puzzles
from ninebase.lookup import MAX_SEED
from ninebase.puzzles import VariantOption

from .openapi_schemas import COUNT, NDJSON, schemas
from .settings import DEFAULT_SETTINGS, Settings


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


def rule_parameters(names: list[str]) -> list[dict[str, Any]]:
    """A query parameter per rule option any puzzle offers (`variant_options`),
    saying which puzzles take it; the others answer it with 400."""
    offered: dict[str, list[tuple[str, VariantOption]]] = {}
    for name in names:
        for option in puzzles.get(name).variant_options:
            offered.setdefault(option.name, []).append((name, option))
    parameters = []
    for name, offers in sorted(offered.items()):
        option = offers[0][1]
        schema: dict[str, Any] = {"type": "boolean"}
        if option.bounds is not None:
            schema = {"type": "integer", "minimum": option.bounds[0], "maximum": option.bounds[1]}
        elif option.choices or option.metavar:
            schema = {"type": "string", "enum": list(option.choices)} if option.choices else {"type": "string"}
        if option.default:
            schema["default"] = int(option.default) if schema["type"] == "integer" else option.default
        said = "; ".join(f"{puzzle}: {option.help}" for puzzle, option in offers)
        description = f"a rule option, as the command line's --{name} ({said}); any other puzzle answers it with 400"
        parameters.append(
            {"name": name, "in": "query", "required": False, "description": description, "schema": schema}
        )
    return parameters


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
    rules = rule_parameters(names)
    common = {
        "404": error("an unknown puzzle"),
        "414": error(
            f"a path over {settings.max_path_characters:,} characters or a query over {settings.max_query_characters:,}"
        ),
        "503": error(
            "a table turned out damaged while serving (with the rebuild command), a variant whose table this server "
            "has not got (with the command that builds it), or too many long answers at once"
        ),
    }
    refused = (
        "an option the puzzle does not take or a value out of its range, or a query parameter that is not UTF-8 "
        "(the message names them)"
    )
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
        "400": error(f"an empty body, or one that is not UTF-8 text; {refused}"),
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
                    "parameters": [puzzle, state, *rules],
                    "responses": {
                        "200": answer("the probe object", "Probe"),
                        "304": {"description": "not modified (If-None-Match matched the ETag)"},
                        "400": error(f"a missing, malformed or over-long state; {refused}"),
                        **common,
                    },
                }
            },
            "/api/{puzzle}/batch": {
                "post": {
                    "operationId": "batch",
                    "summary": "One solve object per line of compact states, as JSON Lines, streamed in order",
                    "parameters": [puzzle, *rules],
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
                    "parameters": [puzzle, *rules],
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
                    "parameters": [puzzle, *rules],
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
                        "400": error(f"rules that count no optimal solutions (a construction); {batch_errors['400']}"),
                    },
                }
            },
            "/api/{puzzle}/random": {
                "get": {
                    "operationId": "random",
                    "summary": "An optimal solution drawn uniformly from all of them; the same seed draws the same",
                    "parameters": [puzzle, state, number_parameter("seed", "fixes the draw", 0, MAX_SEED, 0), *rules],
                    "responses": {
                        "200": answer("the solve object of the drawn solution, with its seed", "Solution"),
                        "304": {"description": "not modified (If-None-Match matched the ETag)"},
                        "400": error(
                            f"a missing, malformed or over-long state, a seed out of range, rules that count no "
                            f"optimal solutions (a construction); {refused}"
                        ),
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
                        *rules,
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
                        "400": error(
                            f"a missing, malformed or over-long state, a limit out of range, rules that count no "
                            f"optimal solutions (a construction); {refused}"
                        ),
                        **common,
                    },
                }
            },
            "/api/{puzzle}/stats": {
                "get": {
                    "operationId": "stats",
                    "summary": "States, solvable states, the largest distance and the histogram, or what is known",
                    "parameters": [puzzle, *rules],
                    "responses": {
                        "200": answer("the stats object", "Stats"),
                        "304": {"description": "not modified (If-None-Match matched the ETag)"},
                        "400": error(f"rules answered without a table that know nothing of all instances; {refused}"),
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
            "/ready": {
                "get": {
                    "operationId": "ready",
                    "summary": "ready for traffic: every table checked and loaded, none changed, no stop signal yet",
                    "responses": {
                        "200": answer("ready, and what this server serves", "Ready"),
                        "503": error("shutting down (with Retry-After), or a table file changed on disk"),
                    },
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
