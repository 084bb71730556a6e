"""Recolour grey-ramp pieces for a seat (see `sprites/art/PALETTE.md`, "Seat colours").

The piece sheets (`<ruleset>_pieces`, `seats`) draw everything that shows its owner in four
exact greys, listed dark to light as `grey_ramp` in each sheet's JSON index. `tint` swaps
those four colours for a seat's ramp (dark, shade, base, light); every other pixel is kept.
`seat_ramps()` gives the eight default seats from `sprites/sheets/seats.json`;
`ramp_from_colour` derives a ramp from any colour (a faction colour from a map or a table).
"""

from __future__ import annotations

import pygame

from sprites.sheets import load_index, load_sheet

RGB = tuple[int, int, int]
Ramp = tuple[RGB, RGB, RGB, RGB]


def parse_hex(text: str) -> RGB:
    """`#rrggbb` -> (r, g, b)."""
    text = text.lstrip("#")
    return int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16)


def grey_ramp(sheet: str = "seats") -> Ramp:
    """The four piece greys (dark -> light) named in a sheet's JSON index."""
    greys = load_index(sheet)["grey_ramp"]
    return tuple(parse_hex(g) for g in greys)  # type: ignore[return-value]


def seat_ramps() -> list[Ramp]:
    """The default ramps of seats 0..7, in seat order."""
    return [tuple(parse_hex(c) for c in seat["ramp"])  # type: ignore[misc]
            for seat in load_index("seats")["seats"]]


def seat_markers() -> list[str]:
    """The marker shape of seats 0..7 (frame `marker_<shape>` of the seats sheet)."""
    return [seat["marker"] for seat in load_index("seats")["seats"]]


def _mix(a: RGB, b: RGB, t: float) -> RGB:
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))  # type: ignore[return-value]


def ramp_from_colour(base: RGB) -> Ramp:
    """A four-step ramp around `base`: dark and shade towards ink, light towards foam."""
    ink, foam = (0x1B, 0x14, 0x26), (0xF2, 0xF4, 0xEC)
    dark, shade, light = _mix(base, ink, 0.62), _mix(base, ink, 0.35), _mix(base, foam, 0.45)
    return dark, shade, (base[0], base[1], base[2]), light


def fade_ramp(ramp: Ramp, amount: float = 0.55) -> Ramp:
    """A washed-out ramp for pieces that lost their owner (a Landship hulk, S-3)."""
    grey = (0x81, 0x81, 0x8F)
    return tuple(_mix(c, grey, amount) for c in ramp)  # type: ignore[return-value]


def tint(surface: pygame.Surface, ramp: Ramp, greys: Ramp | None = None) -> pygame.Surface:
    """A copy of `surface` with the piece greys replaced by `ramp` (alpha kept)."""
    greys = greys or grey_ramp()
    out = surface.copy()
    pixels = pygame.PixelArray(out)
    try:
        for grey, colour in zip(greys, ramp):
            pixels.replace(grey, colour)
    finally:
        pixels.close()
    return out


class TintedSheet:
    """A piece sheet (`sprites/sheets/<name>.*`) whose grey frames are recoloured per seat.

    The frames the index lists under `tinted` are swapped to a seat's ramp on first use and
    cached per (frame, colour, faded); any other frame, or colour -1 (a neutral owner), is
    returned as drawn. Every screen's piece art builds on this one loader.
    """

    def __init__(self, name: str) -> None:
        self.name = name
        self.frames = load_sheet(name)
        self.index = load_index(name)
        self.greys = grey_ramp(name)
        self.ramps = seat_ramps()
        self.tintable = set(self.index.get("tinted", ()))
        self._tinted: dict[tuple[str, int, bool], pygame.Surface] = {}

    def __getitem__(self, frame: str) -> pygame.Surface:
        return self.frames[frame]

    def __contains__(self, frame: str) -> bool:
        return frame in self.frames

    def tinted(self, frame: str, colour: int, faded: bool = False) -> pygame.Surface:
        """`frame` in seat colour `colour`; `faded` washes the ramp out (a piece that lost
        its owner)."""
        key = (frame, colour, faded)
        img = self._tinted.get(key)
        if img is None:
            base = self.frames[frame]
            if colour < 0 or frame not in self.tintable:
                img = base
            else:
                ramp = self.ramps[colour % len(self.ramps)]
                img = tint(base, fade_ramp(ramp) if faded else ramp, self.greys)
            self._tinted[key] = img
        return img

    def anchor(self, frame: str) -> tuple[int, int]:
        """The frame's origin point (the index's `anchors`, else its centre)."""
        a = self.index.get("anchors", {}).get(frame)
        if a is None:
            img = self.frames[frame]
            return img.get_width() // 2, img.get_height() // 2
        return int(a[0]), int(a[1])
