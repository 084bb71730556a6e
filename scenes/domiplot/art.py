"""Domiplotism's art at run time: the card sheet (`sprites/sheets/domiplot_pieces.*`, made by
tools/pieces_domiplot.py), flags in seat colours, and the owner overlay of the region map.

The overlay is one world-sized surface (the map's 768x512 pixels) redrawn only when the owners
change: every region tinted in its owner's colour, alliance regions striped with every owner's
colour, regions not in play for this player count shaded, and ink borders between regions.
"""

from __future__ import annotations

import pygame

from game.domiplot.constants import CARD_KIND, KINDS
from scenes import theme
from scenes.board.seats import draw_marker, seat_colour
from sprites.tint import TintedSheet

TINT_ALPHA = 96          # owner tint over the map's own colours
STRIPE = 6               # width in pixels of an alliance stripe


def kind_name(card: int) -> str:
    """The kind of card id `card` (`siege_engine`, `gong`, ...)."""
    return KINDS[CARD_KIND[card]].name


class CardArt:
    """Card faces by kind, the back, region icons and flags per colour (cached)."""

    def __init__(self) -> None:
        self.sheet = TintedSheet("domiplot_pieces")
        self.back = self.sheet["card_back"]
        self._flags: dict[int, pygame.Surface] = {}
        self._small: dict[str, pygame.Surface] = {}

    def face(self, card: int | None) -> pygame.Surface:
        """A card's face by id (None: its back)."""
        if card is None:
            return self.back
        return self.sheet[f"card_{kind_name(card)}"]

    def big(self, card: int | None) -> pygame.Surface:
        """The card at 2x (tooltips, dialogs): a whole number keeps the pixels crisp."""
        key = f"big_{card}" if card is None else f"big_{kind_name(card)}"
        if key not in self._small:
            self._small[key] = pygame.transform.scale_by(self.face(card), 2)
        return self._small[key]

    def icon(self, terrain: str) -> pygame.Surface:
        return self.sheet[f"region_{terrain}"]

    def flag(self, colour: int) -> pygame.Surface:
        """The faction flag in a seat colour: its four greys swapped for the seat's ramp, the
        convention of every piece sheet (`sprites.tint`), 2 px of room on its right."""
        if colour not in self._flags:
            img = self.sheet.tinted("flag", colour)
            out = pygame.Surface((img.get_width() + 2, img.get_height()), pygame.SRCALPHA)
            out.blit(img, (0, 0))
            self._flags[colour] = out
        return self._flags[colour]

    def scaled(self, frame: str, size: tuple[int, int]) -> pygame.Surface:
        """A sheet frame scaled to `size` (HUD counters), made once."""
        key = f"{frame}@{size}"
        if key not in self._small:
            img = self.back if frame == "back" else self.sheet[frame]
            self._small[key] = pygame.transform.scale(img, size)
        return self._small[key]

    @property
    def marker(self) -> pygame.Surface:
        return self.sheet["tally_marker"]


def region_cells(grid: list[list[int | None]]) -> dict[int, list[tuple[int, int]]]:
    """Region id -> its (col, row) cells in the `regions` layer."""
    out: dict[int, list[tuple[int, int]]] = {}
    for r, row in enumerate(grid):
        for c, rid in enumerate(row):
            if rid is not None:
                out.setdefault(rid, []).append((c, r))
    return out


def region_edges(grid: list[list[int | None]], cell: int) -> dict[int, list[tuple[tuple[int, int], tuple[int, int]]]]:
    """Region id -> the world segments of its outline (cell sides facing another region)."""
    rows, cols = len(grid), len(grid[0]) if grid else 0
    out: dict[int, list] = {}

    def at(c: int, r: int) -> int | None:
        return grid[r][c] if 0 <= r < rows and 0 <= c < cols else None
    for r in range(rows):
        for c in range(cols):
            rid = grid[r][c]
            if rid is None:
                continue
            x, y = c * cell, r * cell
            segs = out.setdefault(rid, [])
            if at(c, r - 1) != rid:
                segs.append(((x, y), (x + cell, y)))
            if at(c, r + 1) != rid:
                segs.append(((x, y + cell), (x + cell, y + cell)))
            if at(c - 1, r) != rid:
                segs.append(((x, y), (x, y + cell)))
            if at(c + 1, r) != rid:
                segs.append(((x + cell, y), (x + cell, y + cell)))
    return out


def owner_overlay(size: tuple[int, int], cells: dict[int, list[tuple[int, int]]],
                  edges: dict[int, list], cell: int, owners: tuple[tuple[int, ...], ...],
                  active: tuple[bool, ...], colours: list[int]) -> pygame.Surface:
    """The tint, stripes, shade and borders of every region for these owners (world pixels)."""
    surf = pygame.Surface(size, pygame.SRCALPHA)
    for rid, region_cells_ in cells.items():
        playing = rid < len(active) and active[rid]
        own = owners[rid] if playing and rid < len(owners) else ()
        if not playing:
            shade = (*theme.INK, 150)
            for c, r in region_cells_:
                surf.fill(shade, (c * cell, r * cell, cell, cell))
            continue
        if not own:
            continue
        tints = [(*seat_colour(colours[s])[0], TINT_ALPHA + (30 if len(own) > 1 else 0)) for s in own]
        for c, r in region_cells_:
            if len(tints) == 1:
                surf.fill(tints[0], (c * cell, r * cell, cell, cell))
                continue
            for y in range(cell):           # diagonal stripes, one per owner in turn
                for x in range(cell):
                    wx, wy = c * cell + x, r * cell + y
                    surf.set_at((wx, wy), tints[((wx + wy) // STRIPE) % len(tints)])
    for rid, segs in edges.items():
        for a, b in segs:
            pygame.draw.line(surf, (*theme.INK, 200), a, b)
    return surf


_BADGES: dict[int, pygame.Surface] = {}


def seat_badge(colour: int) -> pygame.Surface:
    """A tiny marker (who placed a card), 7x7 (made once per colour)."""
    if colour not in _BADGES:
        surf = pygame.Surface((7, 7), pygame.SRCALPHA)
        draw_marker(surf, colour, (3, 3), 3)
        _BADGES[colour] = surf
    return _BADGES[colour]
