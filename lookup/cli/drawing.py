"""Drawing answers for people on a terminal: boards side by side, wrapped to
fit the width, coloured where the puzzle gives colours (click drops the
colour codes when the output is not a terminal)."""

from __future__ import annotations

from collections.abc import Sequence

import click

from ninebase.puzzles import Probe, Puzzle, Solution, VariantSolver
from ninebase.puzzles.text import plural

WIDTH = 80


def side_by_side(panels: Sequence[Sequence[str]], captions: Sequence[str], width: int = WIDTH) -> str:
    """Lay out equally tall text panels left to right with a caption above
    each, starting a new row of panels whenever the width would be exceeded."""
    panel_width = max(visible_width(line) for panel in panels for line in [*panel, ""])
    column = max(panel_width, max(map(len, captions), default=0)) + 3
    per_row = max(1, width // column)
    blocks = []
    for start in range(0, len(panels), per_row):
        row_panels = panels[start : start + per_row]
        row_captions = captions[start : start + per_row]
        lines = ["".join(caption.ljust(column) for caption in row_captions).rstrip()]
        for line_number in range(len(row_panels[0])):
            lines.append("".join(pad(panel[line_number], column) for panel in row_panels).rstrip())
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)


def visible_width(text: str) -> int:
    """Width on screen: colour codes take none."""
    return len(click.unstyle(text))


def pad(text: str, width: int) -> str:
    return text + " " * (width - visible_width(text))


def styled(puzzle: Puzzle, token: str, changed: bool) -> str:
    """A token in its puzzle colour; a token that just changed is also bold and
    underlined (bold yellow when it has no colour of its own), so a moved cube
    keeps its face colour."""
    colour = puzzle.token_colour(token)
    if changed:
        return click.style(token, fg=colour or "yellow", bold=True, underline=colour is not None)
    return click.style(token, fg=colour, bold=token.isalpha()) if colour else token


def highlight_changes(puzzle: Puzzle, panels: list[list[str]]) -> list[list[str]]:
    """Panels with every token that differs from the previous panel highlighted."""
    result = []
    for index, panel in enumerate(panels):
        lines = []
        for line_number, line in enumerate(panel):
            before = panels[index - 1][line_number].split(" ") if index else None
            tokens = line.split(" ")
            same_shape = before is not None and len(before) == len(tokens)
            lines.append(
                " ".join(styled(puzzle, token, same_shape and before[i] != token) for i, token in enumerate(tokens))
            )
        result.append(lines)
    return result


def describe(puzzle: Puzzle | VariantSolver, solution: Solution, steps: bool) -> str:
    """A solution drawn for a person: the count, the moves and the boards."""
    heading = puzzle.heading(solution)
    if not solution.solvable:
        reason = solution.extra["reason"]
        return "\n".join([f"{heading}: unsolvable", reason, "", *puzzle.panel(solution.boards[0])])
    lines = [f"{heading}: {plural(solution.distance, *puzzle.unit)}"]
    if solution.distance:
        lines.append(f"{puzzle.unit[1]}: " + " ".join(puzzle.move_label(m) for m in solution.moves))
    shown = solution.boards if steps else [solution.boards[0], solution.boards[-1]]
    captions = ["start"] + (
        [f"{i}: {puzzle.move_label(m)}" for i, m in enumerate(solution.moves, 1)] if steps else [puzzle.goal_caption]
    )
    if not solution.distance:
        shown, captions = shown[:1], [f"start (already the {puzzle.goal_caption})"]
    panels = [puzzle.panel(board) for board in shown]
    lines += ["", side_by_side(highlight_changes(puzzle, panels) if steps else panels, captions)]
    return "\n".join(lines)


def describe_probe(puzzle: Puzzle, probe: Probe) -> str:
    """The tablebase view for a person: the board, its distance, then every
    move with the distance after it and the change, best first; where
    instances are not boards, the puzzle's panels of the solution's boards."""
    solution = probe.solution
    unit = puzzle.unit
    if not probe.solvable:
        lines = [f"{puzzle.heading(solution)}: unsolvable", solution.extra["reason"]]
    else:
        lines = [f"{puzzle.heading(solution)}: {plural(solution.distance, *unit)}"]
    panels = puzzle.probe_panels(probe)
    if panels is None:
        lines += ["", *puzzle.panel(solution.boards[0])]
    if probe.successors is not None:
        lines += ["", f"{'move':<6} {'after it':>14}  change"]
        for successor in probe.successors:
            label = puzzle.move_label(successor.move)
            if successor.distance is None:
                lines.append(f"{label:<6} {'unsolvable':>14}")
                continue
            change = successor.distance - solution.distance
            note, colour = {-1: ("  keeps the optimum", "green"), 0: ("  no closer", "yellow")}.get(change, ("", "red"))
            text = f"{label:<6} {plural(successor.distance, *unit):>14}  {change:+d}{note}"
            lines.append(click.style(text, fg=colour))
    if panels is not None:
        legend, boards = panels
        captions = ["start"] + [f"{i}: {move}" for i, move in enumerate(solution.moves, 1)]
        lines += ["", legend, "", side_by_side(_coloured_characters(puzzle, boards), captions)]
    return "\n".join(lines)


def _coloured_characters(puzzle: Puzzle, panels: list[list[str]]) -> list[list[str]]:
    return [
        [
            "".join(
                click.style(char, fg=puzzle.token_colour(char)) if puzzle.token_colour(char) else char for char in line
            )
            for line in panel
        ]
        for panel in panels
    ]
