"""Generic animations for every board screen: tweens, moves along a path of cells, hit flashes
with floating numbers, cards sliding and flipping.

Like `sprites.anim`, every animation lasts a number of seconds and is advanced by `update(dt)`
with dt already scaled by the speed setting; `finish()` jumps to the end. Positions are world
pixels; a `to_canvas` function (the camera's) turns them into canvas pixels when drawing, so
animations scroll and zoom with the board.
"""

from __future__ import annotations

import math
from typing import Callable, Sequence

import pygame

from sprites.anim import Anim, ease_in_out, ease_out

STEP_S = 0.18          # seconds per cell of a move along a path
HIT_FLASH_S = 0.45     # seconds a hit flash + its floating number last
CARD_SLIDE_S = 0.4     # seconds a card takes to slide to its place
CARD_FLIP_S = 0.3      # seconds a card takes to turn over

Point = tuple[float, float]
ToCanvas = Callable[[Point], tuple[int, int]]


def _identity(p: Point) -> tuple[int, int]:
    return round(p[0]), round(p[1])


class Tween(Anim):
    """A value from `start` to `end` with an easing; `apply(value)` is called every update
    (e.g. to move a piece the scene draws itself)."""

    def __init__(self, start: float | Sequence[float], end: float | Sequence[float], duration: float,
                 apply: Callable[[object], None], ease: Callable[[float], float] = ease_in_out,
                 delay: float = 0.0) -> None:
        super().__init__(duration, delay)
        self.start, self.end, self.apply, self.ease = start, end, apply, ease

    def value(self) -> object:
        p = self.ease(self.progress)
        if isinstance(self.start, (int, float)):
            return self.start + (self.end - self.start) * p  # type: ignore[operator]
        return tuple(a + (b - a) * p for a, b in zip(self.start, self.end))  # type: ignore[arg-type]

    def update(self, dt: float) -> None:
        super().update(dt)
        self.apply(self.value())

    def finish(self) -> None:
        super().finish()
        self.apply(self.value())

    def draw(self, canvas: pygame.Surface) -> None:
        return


class PathMove(Anim):
    """A sprite walking through a list of world points (cell centres), one step per cell."""

    def __init__(self, image: pygame.Surface, points: Sequence[Point], to_canvas: ToCanvas = _identity,
                 step_s: float = STEP_S, anchor: tuple[int, int] | None = None) -> None:
        super().__init__(step_s * max(1, len(points) - 1))
        self.image, self.points, self.to_canvas = image, list(points), to_canvas
        self.anchor = anchor or (image.get_width() // 2, image.get_height() // 2)

    def position(self) -> Point:
        """The world position now (between two cells while walking)."""
        if len(self.points) == 1:
            return self.points[0]
        f = self.progress * (len(self.points) - 1)
        i = min(int(f), len(self.points) - 2)
        p = ease_in_out(f - i)
        (ax, ay), (bx, by) = self.points[i], self.points[i + 1]
        return ax + (bx - ax) * p, ay + (by - ay) * p

    def draw(self, canvas: pygame.Surface) -> None:
        x, y = self.to_canvas(self.position())
        hop = int(3 * abs(math.sin(math.pi * (self.progress * (len(self.points) - 1)))))
        canvas.blit(self.image, (x - self.anchor[0], y - self.anchor[1] - hop))


class HitFlash(Anim):
    """A white flash over a spot, and a number (pre-rendered) rising from it."""

    def __init__(self, pos: Point, number: pygame.Surface | None, to_canvas: ToCanvas = _identity,
                 radius: int = 10, colour: tuple[int, int, int] = (0xF2, 0xF4, 0xEC)) -> None:
        super().__init__(HIT_FLASH_S)
        self.pos, self.number, self.to_canvas = pos, number, to_canvas
        self.radius, self.colour = radius, colour

    def draw(self, canvas: pygame.Surface) -> None:
        if self.done:
            return
        x, y = self.to_canvas(self.pos)
        p = self.progress
        if p < 0.5 and int(p * 16) % 2 == 0:
            pygame.draw.circle(canvas, self.colour, (x, y), self.radius, 2)
        if self.number is not None:
            rise = int(16 * ease_out(p))
            img = self.number
            if p > 0.6:
                img = self.number.copy()
                img.set_alpha(int(255 * (1 - p) / 0.4))
            canvas.blit(img, (x - img.get_width() // 2, y - self.radius - img.get_height() - rise))


class CardSlide(Anim):
    """A card image sliding from `start` to `end` (canvas pixels, e.g. deck to hand)."""

    def __init__(self, image: pygame.Surface, start: Point, end: Point, delay: float = 0.0) -> None:
        super().__init__(CARD_SLIDE_S, delay)
        self.image, self.start, self.end = image, start, end

    def draw(self, canvas: pygame.Surface) -> None:
        if not self.started or self.done:
            return
        p = ease_out(self.progress)
        x = self.start[0] + (self.end[0] - self.start[0]) * p
        y = self.start[1] + (self.end[1] - self.start[1]) * p
        canvas.blit(self.image, (round(x) - self.image.get_width() // 2, round(y) - self.image.get_height() // 2))


class CardFlip(Anim):
    """A card turning over at `centre`: the back narrows to nothing, the face widens."""

    def __init__(self, back: pygame.Surface, face: pygame.Surface, centre: Point, delay: float = 0.0) -> None:
        super().__init__(CARD_FLIP_S, delay)
        self.back, self.face, self.centre = back, face, centre

    def draw(self, canvas: pygame.Surface) -> None:
        if not self.started:
            return
        p = self.progress
        img = self.back if p < 0.5 else self.face
        w = max(1, round(img.get_width() * abs(1 - 2 * p)))
        shown = pygame.transform.scale(img, (w, img.get_height()))
        canvas.blit(shown, (round(self.centre[0]) - w // 2, round(self.centre[1]) - img.get_height() // 2))
