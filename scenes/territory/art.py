"""Dice for Land pieces (sprites/sheets/territory_pieces.*, tools/pieces_territory.py), tinted
once per seat colour by the shared loader (`sprites.tint.TintedSheet`)."""

from __future__ import annotations

from sprites.tint import TintedSheet

SHEET = "territory_pieces"


class TerritoryArt(TintedSheet):
    """Frames of the territory sheet; the frames its index lists as tinted (buildings...) in
    a seat's colour, a neutral owner (-1) or any other frame as drawn."""

    def __init__(self) -> None:
        super().__init__(SHEET)
