"""Landship art at run time: the piece sheet (`sprites/sheets/landship_pieces.*`, made by
tools/pieces_landship.py) recoloured per seat, the small digit font for grid labels and
badges, the event cards, and the screen's own animations.

Ships are drawn in the sheet's greys and tinted with the seat's ramp (`sprites/tint.py`); hulks
use the washed-out ramp of their former owner (S-3), so a hulk still says whose it was.
"""

from __future__ import annotations

import math

import pygame

from scenes import theme
from sprites.anim import Anim, ease_out
from sprites.dice import DIGITS
from sprites.tint import TintedSheet

SHEET = "landship_pieces"
TRACER_S = 0.3
FLASH_S = 0.6
SINK_S = 0.7


class LandshipArt(TintedSheet):
    """The sheet's frames, with per-seat tinted copies made on first use (shared loader)."""

    def __init__(self) -> None:
        super().__init__(SHEET)
        self._cards: dict[tuple[str, int], pygame.Surface] = {}

    def ship(self, ship_type: str, colour: int, hulk: bool = False) -> pygame.Surface:
        """A ship (or its hulk, in its former owner's washed-out ramp) in seat colour `colour`."""
        return self.tinted(f"{ship_type}_hulk" if hulk else ship_type, colour, faded=hulk)

    def card(self, app, event: str | None, d8: int | None) -> pygame.Surface:
        """The weather event card: its icon at 3x, the d8 face and the event's number; the back
        (event None) shows the outbreak icon on a dark face."""
        key = (event or "", d8 or 0)
        img = self._cards.get(key)
        if img is None:
            img = app.art.panel("panel", (48, 60)).copy()
            if event is None:
                pygame.draw.rect(img, theme.DUSK, (5, 5, 38, 50))
                icon = pygame.transform.scale_by(self.frames["icon_outbreak"], 2)
                img.blit(icon, (24 - icon.get_width() // 2, 30 - icon.get_height() // 2))
            else:
                icon = pygame.transform.scale_by(self.frames[f"event_{event}"], 3)
                img.blit(icon, (24 - icon.get_width() // 2, 6))
                if d8:
                    die = self.frames[f"d8_{d8}"]
                    img.blit(die, (24 - die.get_width() // 2, 42))
            self._cards[key] = img
        return img


def digits(text: str, colour: tuple[int, int, int], scale: int = 1) -> pygame.Surface:
    """A number (digits, '+' and '-') in the 3x5 pixel font of the dice, `scale` times."""
    glyphs = {**DIGITS, "-": ["...", "...", "###", "...", "..."], "+": ["...", ".#.", "###", ".#.", "..."]}
    w = max(1, 4 * len(text) - 1)
    surf = pygame.Surface((w, 5), pygame.SRCALPHA)
    for k, ch in enumerate(text):
        for r, row in enumerate(glyphs.get(ch, glyphs["-"])):
            for c, px in enumerate(row):
                if px == "#":
                    surf.set_at((4 * k + c, r), colour)
    return pygame.transform.scale_by(surf, scale) if scale != 1 else surf


class Tracer(Anim):
    """A shot: a bright line growing from the gun to the target, then fading."""

    def __init__(self, start: tuple[int, int], end: tuple[int, int], colour=theme.STRAW) -> None:
        super().__init__(TRACER_S)
        self.start, self.end, self.colour = start, end, colour

    def draw(self, canvas: pygame.Surface) -> None:
        if self.done:
            return
        p = min(1.0, self.progress * 1.6)
        (ax, ay), (bx, by) = self.start, self.end
        head = (round(ax + (bx - ax) * p), round(ay + (by - ay) * p))
        tail_p = max(0.0, p - 0.5)
        tail = (round(ax + (bx - ax) * tail_p), round(ay + (by - ay) * tail_p))
        pygame.draw.line(canvas, self.colour, tail, head, 2)
        pygame.draw.circle(canvas, theme.FOAM, head, 2)


class AreaFlash(Anim):
    """An event's area blinking over its cells (canvas rects)."""

    def __init__(self, rects: list[pygame.Rect], colour: tuple[int, int, int], delay: float = 0.0) -> None:
        super().__init__(FLASH_S, delay)
        self.rects, self.colour = rects, colour

    def draw(self, canvas: pygame.Surface) -> None:
        if not self.started or self.done or int(self.progress * 6) % 2:
            return
        veil = pygame.Surface((16, 16), pygame.SRCALPHA)
        veil.fill((*self.colour, 120))
        for r in self.rects:
            canvas.blit(veil, r.topleft)


class Sink(Anim):
    """A piece swallowed by the quicksand: it sinks into its cell, row by row."""

    def __init__(self, image: pygame.Surface, cell: pygame.Rect) -> None:
        super().__init__(SINK_S)
        self.image, self.cell = image, cell

    def draw(self, canvas: pygame.Surface) -> None:
        if self.done:
            return
        h = self.image.get_height()
        down = round(h * ease_out(self.progress))
        part = self.image.subsurface((0, 0, self.image.get_width(), h - down))
        wobble = round(math.sin(self.progress * 20))
        canvas.blit(part, (self.cell.x + wobble, self.cell.y + down))
