"""The OpenAPI document of the JSON API."""

from __future__ import annotations

from typing import Any

import puzzles

from .limits import MAX_BATCH_BYTES, MAX_STATE_CHARACTERS, NDJSON


def openapi_document() -> dict[str, Any]:
    names = list(puzzles.names())
    puzzle = {"name": "puzzle", "in": "path", "required": True, "schema": {"type": "string", "enum": names}}
    error = {
        "description": "an error",
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
    }
    json_object = {"application/json": {"schema": {"type": "object"}}}
    return {
        "openapi": "3.0.3",
        "info": {
            "title": "ninebase",
            "version": "1",
            "description": "Exact answers for five 3x3 puzzles from tablebases.",
        },
        "paths": {
            "/api/{puzzle}": {
                "get": {
                    "summary": "The probe object: the solution and every legal move with its exact distance",
                    "parameters": [
                        puzzle,
                        {
                            "name": "state",
                            "in": "query",
                            "required": True,
                            "description": "the compact form; a space may be written %20, + or _",
                            "schema": {"type": "string", "maxLength": MAX_STATE_CHARACTERS},
                        },
                    ],
                    "responses": {
                        "200": {"description": "the probe object", "content": json_object},
                        "304": {"description": "not modified (If-None-Match)"},
                        "400": error,
                        "404": error,
                        "503": error,
                    },
                }
            },
            "/api/{puzzle}/batch": {
                "post": {
                    "summary": "One solve object per line of compact states, as JSON Lines",
                    "parameters": [puzzle],
                    "requestBody": {
                        "required": True,
                        "content": {"text/plain": {"schema": {"type": "string", "maxLength": MAX_BATCH_BYTES}}},
                    },
                    "responses": {
                        "200": {"description": "JSON Lines", "content": {NDJSON: {"schema": {"type": "string"}}}},
                        "400": error,
                        "404": error,
                        "408": error,
                        "413": error,
                        "503": error,
                    },
                }
            },
            "/api/{puzzle}/stats": {
                "get": {
                    "summary": "States, solvable states, the largest distance and the histogram",
                    "parameters": [puzzle],
                    "responses": {
                        "200": {"description": "the stats object", "content": json_object},
                        "404": error,
                        "503": error,
                    },
                }
            },
            "/health": {
                "get": {
                    "summary": "ok while every table is readable",
                    "responses": {"200": {"description": "ok", "content": json_object}, "503": error},
                }
            },
            "/openapi.json": {
                "get": {
                    "summary": "this document",
                    "responses": {"200": {"description": "OpenAPI 3", "content": json_object}},
                }
            },
        },
        "components": {
            "schemas": {"Error": {"type": "object", "properties": {"error": {"type": "string"}}, "required": ["error"]}}
        },
    }
