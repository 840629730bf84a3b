"""Drawing boards for people: several small boards side by side, wrapped to
fit the terminal width."""

from __future__ import annotations

from typing import Callable, Sequence

import click

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


def grid(cells: Sequence[str], columns: int = 3) -> list[str]:
    """Rows of a board whose cells are given in reading order."""
    return [" ".join(cells[row : row + columns]) for row in range(0, len(cells), columns)]


def histogram(counts: Sequence[int], label: str = "distance", width: int = 40) -> list[str]:
    """One line per distance: the count and a bar scaled to the largest count."""
    widest = max(counts)
    lines = [f"{label:>8} {'count':>12}"]
    for distance, count in enumerate(counts):
        bar = "#" * max(1 if count else 0, round(width * count / widest))
        lines.append(f"{distance:>8} {count:>12,}  {bar}")
    return lines


def visible_width(text: str) -> int:
    """Width on screen: colour codes take none."""
    return len(click.unstyle(text))


def pad(text: str, width: int) -> str:
    return text + " " * (width - visible_width(text))


def highlight_changes(panels: list[list[str]], colour: Callable[[str], str] = str) -> list[list[str]]:
    """Panels with every token that differs from the previous panel in bold
    yellow, the others passed through `colour`. The codes are dropped by
    click.echo when the output is not a terminal."""
    styled = []
    for index, panel in enumerate(panels):
        lines = []
        for line_number, line in enumerate(panel):
            before = panels[index - 1][line_number].split(" ") if index else None
            tokens = line.split(" ")
            lines.append(" ".join(
                click.style(token, bold=True, fg="yellow") if before and len(before) == len(tokens) and before[i] != token
                else colour(token)
                for i, token in enumerate(tokens)
            ))
        styled.append(lines)
    return styled
