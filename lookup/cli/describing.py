"""Drawing answers for people on a terminal: boards side by side, wrapped to
fit the width, coloured where the puzzle gives colours (click drops the
colour codes when the output is not a terminal)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import click

from ninebase.puzzles import Probe, Solution, TerminalView, plural

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


def styled(view: TerminalView, token: str, changed: bool) -> str:
    """A token in its puzzle colour; a token that just changed is also bold and
    underlined (bold yellow when it has no colour of its own), so a moved cube
    keeps its face colour."""
    colour = view.token_colour(token)
    if changed:
        return click.style(token, fg=colour or "yellow", bold=True, underline=colour is not None)
    return click.style(token, fg=colour, bold=token.isalpha()) if colour else token


def highlight_changes(view: TerminalView, panels: list[list[str]]) -> list[list[str]]:
    """Panels with every token that differs from the previous panel highlighted."""
    result = []
    for index, panel in enumerate(panels):
        lines = []
        for line_number, line in enumerate(panel):
            before = panels[index - 1][line_number].split(" ") if index else None
            tokens = line.split(" ")
            same_shape = before is not None and len(before) == len(tokens)
            lines.append(
                " ".join(styled(view, token, same_shape and before[i] != token) for i, token in enumerate(tokens))
            )
        result.append(lines)
    return result


def describe(view: TerminalView, solution: Solution, steps: bool) -> str:
    """A solution drawn for a person: the count, the moves and the boards."""
    puzzle = view.puzzle
    heading = view.heading(solution)
    if not solution.solvable:
        reason = solution.extra["reason"]
        return "\n".join([f"{heading}: unsolvable", reason, "", *view.panel(solution.boards[0])])
    lines = [f"{heading}: {plural(solution.distance, *puzzle.unit)}"]
    if solution.distance:
        lines.append(f"{puzzle.unit[1]}: " + " ".join(puzzle.move_label(m) for m in solution.moves))
    lines += ways(solution)
    shown = solution.boards if steps else [solution.boards[0], solution.boards[-1]]
    played = solution.moves
    if puzzle.moves_written_whole and solution.indices is not None:  # a step per move, not per written token
        played = [puzzle.move_value(move) for move in solution.indices]
    captions = ["start"] + (
        [f"{i}: {puzzle.move_label(m)}" for i, m in enumerate(played, 1)] if steps else [view.goal_caption]
    )
    if not solution.distance:
        shown, captions = shown[:1], [f"start (already the {view.goal_caption})"]
    panels = [view.panel(board) for board in shown]
    lines += ["", side_by_side(highlight_changes(view, panels) if steps else panels, captions)]
    return "\n".join(lines)


def describe_probe(view: TerminalView, probe: Probe) -> str:
    """The tablebase view for a person: the board, its distance, then every
    move with the distance after it and the change, best first; where
    instances are not boards, the puzzle's panels of the solution's boards."""
    puzzle = view.puzzle
    solution = probe.solution
    unit = puzzle.unit
    if not probe.solvable:
        lines = [f"{view.heading(solution)}: unsolvable", solution.extra["reason"]]
    else:
        lines = [f"{view.heading(solution)}: {plural(solution.distance, *unit)}", *ways(solution)]
    panels = view.probe_panels(probe)
    if panels is None:
        lines += ["", *view.panel(solution.boards[0])]
    if probe.successors is not None:
        counted = any(successor.count is not None for successor in probe.successors)  # none: rubiks-clock, 30-move
        labels = [puzzle.move_label(successor.move) for successor in probe.successors]
        wide = max([6, *map(len, labels)])  # 6 unless a label is longer (rubiks-clock's `y2 ALL2-`)
        lines += ["", f"{'move':<{wide}} {'after it':>14}" + (f" {'ways':>9}" if counted else "") + "  change"]
        for successor, label in zip(probe.successors, labels, strict=True):
            if successor.distance is None:
                lines.append(f"{label:<{wide}} {'unsolvable':>14}")
                continue
            change = successor.distance - solution.distance
            note, colour = {-1: ("  keeps the optimum", "green"), 0: ("  no closer", "yellow")}.get(change, ("", "red"))
            if not puzzle.exact:  # the distances are a construction's: one step closer is not the optimum kept
                note = ""
            count = f" {successor.count:>9,}" if counted else ""
            text = f"{label:<{wide}} {plural(successor.distance, *unit):>14}{count}  {change:+d}{note}"
            lines.append(click.style(text, fg=colour))
    if panels is not None:
        legend, boards = panels
        captions = ["start"] + [f"{i}: {move}" for i, move in enumerate(solution.moves, 1)]
        lines += ["", legend, "", side_by_side(_coloured_characters(view, boards), captions)]
    return "\n".join(lines)


def ways(solution: Solution) -> list[str]:
    """The line that says how many optimal solutions there are, where counted."""
    if solution.count is None or not solution.solvable:
        return []
    if solution.count == 1:
        return ["optimal solutions: 1 (this is the only one)"]
    return [f"optimal solutions: {solution.count:,}"]


def _coloured_characters(view: TerminalView, panels: list[list[str]]) -> list[list[str]]:
    return [
        [
            "".join(click.style(char, fg=view.token_colour(char)) if view.token_colour(char) else char for char in line)
            for line in panel
        ]
        for panel in panels
    ]


def count_lines(stats: dict[str, Any]) -> list[str]:
    """The stats of the optimal answers' counts for people: per distance how
    many instances have a unique one, and the instances by their counts."""
    lines = [
        "",
        "unique optimal answers: at each distance, the instances with exactly one",
        f"{'distance':>8} {'instances':>12} {'unique':>12} {'share':>7}",
    ]
    for distance, (instances, unique) in enumerate(zip(stats["histogram"], stats["unique"], strict=True)):
        lines.append(f"{distance:>8} {instances:>12,} {unique:>12,} {unique / instances:>7.1%}")
    lines += ["", f"solvable instances by their count of optimal answers (the largest: {int(stats['max_count']):,})"]
    widest = max(bucket["instances"] for bucket in stats["counts"])
    for bucket in stats["counts"]:
        low = int(bucket["from"])
        span = f"{low:,}" if low == 1 else f"{low:,}-{2 * low - 1:,}"
        bar = "#" * max(1, round(40 * bucket["instances"] / widest))
        lines.append(f"{span:>24} {bucket['instances']:>12,}  {bar}")
    return lines
