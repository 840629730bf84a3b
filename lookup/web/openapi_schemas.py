"""The schemas of the OpenAPI document (`openapi`): the probe, solve, stats
and error objects, as the answers are written."""

from __future__ import annotations

from typing import Any

NDJSON = "application/x-ndjson"
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
                "optimal": {
                    "const": False,
                    "description": "nine from size 5: the answer is a construction's, not proven the fewest",
                },
                "bound": {
                    "type": "integer",
                    "minimum": 1,
                    "description": "nine from size 5: the most operations the construction ever takes at this size",
                },
                "rule": {"type": "object", "description": "clocks under other rules: the rules answered"},
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
        "Stats": {"oneOf": [{"$ref": "#/components/schemas/TableStats"}, {"$ref": "#/components/schemas/KnownStats"}]},
        "KnownStats": {
            "type": "object",
            "description": "a puzzle answered without a table (rubiks-clock): what is known of all its instances, "
            "published or computed, and null where not computed",
            "properties": {
                "puzzle": puzzle,
                "metric": {"type": "integer"},
                "states": {"type": "integer", "minimum": 0},
                "solvable": {"type": "integer", "minimum": 0},
                "max_distance": {"type": ["integer", "null"], "minimum": 0},
                "at_max_distance": {"type": ["integer", "null"], "minimum": 1},
                "histogram": {"type": ["array", "null"], "items": {"type": "integer", "minimum": 0}},
                "source": {"type": "string", "description": "where the figures come from, or `not computed`"},
            },
            "required": ["puzzle", "states", "solvable", "max_distance", "at_max_distance", "histogram", "source"],
            "additionalProperties": False,
        },
        "TableStats": {
            "type": "object",
            "properties": {
                "puzzle": puzzle,
                "states": {"type": "integer", "minimum": 0},
                "solvable": {"type": "integer", "minimum": 0},
                "max_distance": {
                    "description": "null where no table holds every instance (eight at size 4)",
                    "type": ["integer", "null"],
                    "minimum": 0,
                },
                "histogram": {
                    "description": "null where no table holds every instance (eight at size 4)",
                    "type": ["array", "null"],
                    "items": {"type": "integer", "minimum": 0},
                },
                "size": {"description": "eight at size 4: the board's size", "type": "integer", "minimum": 4},
                "classic_max_distance": {
                    "description": "eight at size 4: the most moves any board needs to the classic goal, as "
                    "published (80)",
                    "type": "integer",
                    "minimum": 0,
                },
                "table": {
                    "description": "eight at size 4: what its table holds, the pattern tables (groups of tile "
                    "homes, cells from 0) and their placements",
                    "type": "object",
                    "properties": {
                        "patterns": {
                            "type": "array",
                            "items": {"type": "array", "items": {"type": "integer", "minimum": 0, "maximum": 15}},
                        },
                        "placements": {"type": "integer", "minimum": 0},
                    },
                    "required": ["patterns", "placements"],
                    "additionalProperties": False,
                },
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
        "Ready": {
            "type": "object",
            "properties": {
                "status": {"const": "ready"},
                "serving": {
                    "type": "array",
                    "items": {"type": "string"},
                    "description": "the puzzles and variants answered, in words",
                },
            },
            "required": ["status", "serving"],
            "additionalProperties": False,
        },
    }
