"""Skirmish pieces tinted per seat, and the animations only Skirmish needs (the d100 check,
a strike flying or lunging, a cover arrow).

The sheet `sprites/sheets/skirmish_pieces.*` (tools/pieces_skirmish.py) draws units and city
banners in the piece greys; `SkirmishArt` (the shared `TintedSheet`) recolours them once per
seat colour.
"""

from __future__ import annotations

import math

import pygame

from scenes import theme
from sprites.anim import Anim, ease_out
from sprites.tint import TintedSheet

SHEET = "skirmish_pieces"
ROLL_S = 0.9          # seconds of a d100 check: tumbling, then the result held
STRIKE_S = 0.3        # seconds of a strike (arrow flight or lunge)
ARROW_S = 0.45        # seconds a cover arrow stays


class SkirmishArt(TintedSheet):
    """Frames of the Skirmish sheet; units and banners tinted per seat colour (a neutral or
    free owner, -1, stays grey) by the shared loader."""

    def __init__(self) -> None:
        super().__init__(SHEET)

    def d100(self, value: int) -> tuple[pygame.Surface, pygame.Surface]:
        """The two percentile dice showing `value` (1..100; 100 reads 00 + 0)."""
        tens, units = divmod(value % 100, 10)
        return self.frames[f"d10_tens_{tens}0"], self.frames[f"d10_{units}"]


class D100Check(Anim):
    """Two percentile dice tumble, land on the rolled value, and the threshold is written
    beside them: "37 ≤ 50 ✓" in green for a success, "74 > 50" in red for a failure."""

    def __init__(self, art: SkirmishArt, text, value: int, p: int, success: bool, label: str,
                 pos: tuple[int, int]) -> None:
        super().__init__(ROLL_S)
        self.art, self.text, self.value, self.p, self.success = art, text, value, p, success
        self.label, self.pos = label, pos

    def draw(self, canvas: pygame.Surface) -> None:
        if self.done:
            return
        x, y = self.pos
        rolling = self.progress < 0.5
        shown = (int(self.t * 37) * 17 + 11) % 100 + 1 if rolling else self.value
        tens, units = (pygame.transform.scale_by(img, 2) for img in self.art.d100(shown))
        w = tens.get_width() + units.get_width() + 6
        plate = pygame.Rect(x - 70, y - 26, 140, 60)
        pygame.draw.rect(canvas, theme.INK, plate)
        pygame.draw.rect(canvas, theme.STRAW, plate, 1)
        jiggle = (int(self.t * 40) % 3 - 1) if rolling else 0
        left = x - w // 2
        canvas.blit(tens, (left, y - 24 + jiggle))
        canvas.blit(units, (left + tens.get_width() + 6, y - 24 - jiggle))
        if not rolling:
            sign = "<=" if self.value <= self.p else ">"
            colour = theme.LEAF if self.success else theme.RED
            self.text.draw(canvas, f"{self.value} {sign} {self.p} {self.label}", (x, y + 12), colour, "centre")
        else:
            self.text.draw(canvas, f"<= {self.p}?", (x, y + 12), theme.PEBBLE, "centre")


class Strike(Anim):
    """An attack: an arrow flying from an archer, or the attacker's sprite lunging at the target."""

    def __init__(self, image: pygame.Surface | None, start: tuple[int, int], end: tuple[int, int],
                 arrow: bool) -> None:
        super().__init__(STRIKE_S)
        self.image, self.start, self.end, self.arrow = image, start, end, arrow

    def draw(self, canvas: pygame.Surface) -> None:
        if self.done:
            return
        (ax, ay), (bx, by) = self.start, self.end
        p = ease_out(self.progress)
        if self.arrow:
            x, y = ax + (bx - ax) * p, ay + (by - ay) * p - 10 * math.sin(math.pi * p)
            ang = math.atan2(by - ay, bx - ax)
            dx, dy = 5 * math.cos(ang), 5 * math.sin(ang)
            pygame.draw.line(canvas, theme.FOAM, (x - dx, y - dy), (x + dx, y + dy), 2)
            pygame.draw.line(canvas, theme.INK, (x - dx, y - dy), (x + dx, y + dy), 1)
        elif self.image is not None:
            k = 0.45 * math.sin(math.pi * self.progress)
            x, y = ax + (bx - ax) * k, ay + (by - ay) * k
            canvas.blit(self.image, (x - self.image.get_width() // 2, y - self.image.get_height() + 4))


class Arrow(Anim):
    """A straight arrow from one point to another (cover: the infantry takes the hit)."""

    def __init__(self, start: tuple[int, int], end: tuple[int, int], colour=theme.STRAW) -> None:
        super().__init__(ARROW_S)
        self.start, self.end, self.colour = start, end, colour

    def draw(self, canvas: pygame.Surface) -> None:
        if self.done:
            return
        pygame.draw.line(canvas, self.colour, self.start, self.end, 2)
        ang = math.atan2(self.end[1] - self.start[1], self.end[0] - self.start[0])
        for da in (2.6, -2.6):
            tip = (self.end[0] + 5 * math.cos(ang + da), self.end[1] + 5 * math.sin(ang + da))
            pygame.draw.line(canvas, self.colour, self.end, tip, 2)


def number_image(text, value: str, colour) -> pygame.Surface:
    """A damage number with a dark outline (readable on any terrain)."""
    front = text.render(value, colour)
    back = text.render(value, theme.INK)
    out = pygame.Surface((front.get_width() + 2, front.get_height() + 2), pygame.SRCALPHA)
    for dx, dy in ((0, 1), (2, 1), (1, 0), (1, 2)):
        out.blit(back, (dx, dy))
    out.blit(front, (1, 1))
    return out
