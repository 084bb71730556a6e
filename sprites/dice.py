"""Dice of any size and count: d4, d6, d8 (and any other number of sides).

The d6 uses the hand-drawn faces of the dice sheet (`die_1`..`die_6`, `tumble_0..3`). Other
sizes are drawn here, in palette colours, as pixel shapes: a triangle for the d4, a diamond for
the d8, a rounded square otherwise, with the face number in a 3×5 pixel digit font (the grids
below are the source of that art). Faces are cached per (sides, face).
"""

from __future__ import annotations

import math

import pygame

from sprites.anim import DICE_SETTLE_S, DICE_TUMBLE_S, Anim

INK = (0x1B, 0x14, 0x26)
FOAM = (0xF2, 0xF4, 0xEC)
PEBBLE = (0xBC, 0xBC, 0xC6)
SHADE = (0x1B, 0x14, 0x26, 0x66)
DIE_PX = 16    # a die face is 16x16 pixels at 1x

DIGITS = {   # 3x5 pixel digits, '#' = ink
    "0": ["###", "#.#", "#.#", "#.#", "###"], "1": [".#.", "##.", ".#.", ".#.", "###"],
    "2": ["###", "..#", "###", "#..", "###"], "3": ["###", "..#", ".##", "..#", "###"],
    "4": ["#.#", "#.#", "###", "..#", "..#"], "5": ["###", "#..", "###", "..#", "###"],
    "6": ["###", "#..", "###", "#.#", "###"], "7": ["###", "..#", ".#.", ".#.", ".#."],
    "8": ["###", "#.#", "###", "#.#", "###"], "9": ["###", "#.#", "###", "..#", "###"],
}


def _outline(sides: int) -> list[tuple[int, int]]:
    """The die's silhouette in a 16x16 box."""
    if sides == 4:
        return [(7, 1), (8, 1), (15, 14), (0, 14)]
    if sides == 8:
        return [(7, 0), (8, 0), (15, 7), (15, 8), (8, 15), (7, 15), (0, 8), (0, 7)]
    return [(1, 0), (14, 0), (15, 1), (15, 14), (14, 15), (1, 15), (0, 14), (0, 1)]


def draw_face(sides: int, face: int | None) -> pygame.Surface:
    """A die of `sides` showing `face` (None: a blank die mid-tumble)."""
    surf = pygame.Surface((DIE_PX, DIE_PX), pygame.SRCALPHA)
    shape = _outline(sides)
    pygame.draw.polygon(surf, FOAM, shape)
    pygame.draw.polygon(surf, INK, shape, 1)
    if face is not None:
        text = str(face)
        w = 4 * len(text) - 1
        x0 = (DIE_PX - w) // 2
        y0 = 8 if sides == 4 else 5
        for k, ch in enumerate(text):
            for r, row in enumerate(DIGITS[ch]):
                for c, px in enumerate(row):
                    if px == "#":
                        surf.set_at((x0 + 4 * k + c, y0 + r), INK)
    return surf


class DiceFaces:
    """Face images per die size; the d6 comes from the dice sheet when one is given."""

    def __init__(self, sheet: dict[str, pygame.Surface] | None = None) -> None:
        self.sheet = sheet
        self._cache: dict[tuple[int, int | None, int], pygame.Surface] = {}

    def face(self, sides: int, face: int, scale: int = 1) -> pygame.Surface:
        key = (sides, face, scale)
        if key not in self._cache:
            if sides == 6 and self.sheet is not None:
                img = self.sheet[f"die_{face}"]
            else:
                img = draw_face(sides, face)
            self._cache[key] = pygame.transform.scale_by(img, scale) if scale != 1 else img
        return self._cache[key]

    def tumble(self, sides: int, k: int, scale: int = 1) -> pygame.Surface:
        key = (sides, -1 - k, scale)
        if key not in self._cache:
            if sides == 6 and self.sheet is not None:
                img = self.sheet[f"tumble_{k % 4}"]
            else:
                img = pygame.transform.rotate(draw_face(sides, None), 90 * (k % 4))
            self._cache[key] = pygame.transform.scale_by(img, scale) if scale != 1 else img
        return self._cache[key]


class Dice(Anim):
    """Any number of dice of any sizes tumbling, then landing on `faces`.

    `sides` is one size for all dice or one per die (landship rolls a d4 and a d8 together)."""

    def __init__(self, faces_art: DiceFaces, faces: tuple[int, ...], sides: int | tuple[int, ...],
                 positions: list[tuple[int, int]], scale: int = 2) -> None:
        super().__init__(DICE_TUMBLE_S + DICE_SETTLE_S)
        self.faces = tuple(faces)
        self.sides = tuple(sides) if isinstance(sides, tuple) else (sides,) * len(self.faces)
        for f, s in zip(self.faces, self.sides):
            if not 1 <= f <= s:
                raise ValueError(f"face {f} is not on a d{s}")
        self.positions = positions
        self.art, self.scale = faces_art, scale

    def draw(self, canvas: pygame.Surface) -> None:
        tumbling = self.t < DICE_TUMBLE_S
        for i, ((x, y), f, s) in enumerate(zip(self.positions, self.faces, self.sides)):
            if tumbling:
                k = int(self.t * 14 + i * 2) % 4
                hop = int(6 * abs(math.sin((self.t * 9) + i)) * (1 - self.t / DICE_TUMBLE_S))
                canvas.blit(self.art.tumble(s, k, self.scale), (x, y - hop))
            else:
                canvas.blit(self.art.face(s, f, self.scale), (x, y))
