"""Recolour grey-ramp pieces for a seat (see `sprites/art/PALETTE.md`, "Seat colours").

The piece sheets (`<ruleset>_pieces`, `seats`) draw everything that shows its owner in four
exact greys, listed dark to light as `grey_ramp` in each sheet's JSON index. `tint` swaps
those four colours for a seat's ramp (dark, shade, base, light); every other pixel is kept.
`seat_ramps()` gives the eight default seats from `sprites/sheets/seats.json`;
`ramp_from_colour` derives a ramp from any colour (a faction colour from a map or a table).
"""

from __future__ import annotations

import pygame

from sprites.sheets import load_index

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
