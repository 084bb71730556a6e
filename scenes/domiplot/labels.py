"""Where Domiplotism's region labels go: names wrapped to their region's width, and the whole
label (terrain icon, names, flags) kept inside the map view and its own region, or left out
when the region shows too little of itself (a label cut by the view's edge reads as a
different name)."""

from __future__ import annotations

from typing import Callable

import pygame

LABEL_MARGIN = 16      # pixels a region keeps free beside its name, so neighbours' names part


def wrap_name(name: str, width: Callable[[str], int], max_w: int) -> list[str]:
    """`name` as lines no wider than `max_w` pixels where spaces allow ("Imperial Capital" ->
    "Imperial", "Capital"); a single word too long stays whole, and CJK names (no spaces)
    are short enough to stay one line."""
    words = name.split(" ")
    lines: list[str] = []
    for word in words:
        if lines and width(f"{lines[-1]} {word}") <= max_w:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


def region_bounds(cells: list[tuple[int, int]], cell: int) -> pygame.Rect:
    """The world rectangle around a region's cells."""
    xs = [c for c, _ in cells]
    ys = [r for _, r in cells]
    return pygame.Rect(min(xs) * cell, min(ys) * cell, (max(xs) - min(xs) + 1) * cell,
                       (max(ys) - min(ys) + 1) * cell)


def fit_label(anchor: tuple[int, int], box: pygame.Rect, region: pygame.Rect,
              view: pygame.Rect) -> tuple[int, int] | None:
    """The anchor point to draw a label at, canvas pixels.

    `box` is the label's extent relative to its anchor (x, y may be negative); `region` the
    region's rectangle on the canvas. The label slides to stay inside the part of its region
    the view shows; None when that part is too small to hold it.
    """
    room = region.clip(view)
    if room.width < box.width or room.height < box.height:
        return None
    x = min(max(anchor[0], room.left - box.left), room.right - box.right)
    y = min(max(anchor[1], room.top - box.top), room.bottom - box.bottom)
    return x, y
