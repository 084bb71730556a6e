"""Dice for Land pieces (sprites/sheets/territory_pieces.*, tools/pieces_territory.py), tinted
once per seat colour."""

from __future__ import annotations

import pygame

from sprites.sheets import load_index, load_sheet
from sprites.tint import grey_ramp, seat_ramps, tint

SHEET = "territory_pieces"


class TerritoryArt:
    """Frames of the territory sheet; tinted frames cached per (frame, seat colour)."""

    def __init__(self) -> None:
        self.frames = load_sheet(SHEET)
        self.index = load_index(SHEET)
        self.greys = grey_ramp(SHEET)
        self.ramps = seat_ramps()
        self.tintable = set(self.index.get("tinted", ()))
        self._tinted: dict[tuple[str, int], pygame.Surface] = {}

    def __getitem__(self, frame: str) -> pygame.Surface:
        return self.frames[frame]

    def tinted(self, frame: str, colour: int) -> pygame.Surface:
        """`frame` in seat colour `colour` (-1 or an untinted frame: as drawn)."""
        key = (frame, colour)
        img = self._tinted.get(key)
        if img is None:
            base = self.frames[frame]
            ok = colour >= 0 and frame in self.tintable
            img = tint(base, self.ramps[colour % len(self.ramps)], self.greys) if ok else base
            self._tinted[key] = img
        return img
