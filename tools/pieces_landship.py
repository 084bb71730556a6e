"""Landship's piece sheet (`sprites/sheets/landship_pieces.png`).

Everything fits one 16x16 cell of the default map (`maps/landship/`, 16-px tiles): the six
ships of S-1 (bow to the north, tinted), their hulks (S-3: broken, darker, tinted with a faded
ramp by the screen), the scrap marker, status icons (fresh, stalled, pierced, wrecked; UI notes
section 17), the ram, the wind arrow in the four directions of E-7, two quicksand frames (E-8),
the area-marker frame (E-9), the eight event icons of E-4 and the outbreak badge (E-2), AP
pips and the effDR badge (UI notes), and the d4 (A-1, E-7) and d8 (E-3) faces the shared dice sheet
lacks (it has the d6 only).
"""

from __future__ import annotations

import numpy as np

from tools.make_art import _hash, blank, load_grids, outline
from tools.make_pieces import PieceSheet, die_face, outlined

SHIPS = ("resource_ship", "engineer_ship", "heavy_gun_ship", "fortress_ship", "ram_ship",
         "fast_ship")                                             # S-1
ICONS = ("fresh", "stalled", "pierced", "wrecked", "scrap", "ram")
EVENTS = ("no_event", "coupling_surge", "dust_storm", "coupling_dust_storm",
          "dry_thunderstorm", "coupling_thunderstorm", "wind_field", "quicksand")  # E-4
WIND = {"n": 0, "e": 3, "s": 2, "w": 1}                          # np.rot90 turns (E-7 d4)
CELL = 16


def hulk(ship: np.ndarray, salt: int) -> np.ndarray:
    """A scrapped ship: hull a step darker, rust patches, holes burnt through (S-3)."""
    grid = ship.copy()
    for old, new in (("2", "1"), ("3", "2"), ("4", "3")):
        grid[ship == old] = new
    grid[np.isin(ship, ("q", "W"))] = "r"
    grid[np.isin(ship, ("b", "B"))] = "R"
    grid[np.isin(ship, ("y", "Y", "X"))] = "G"
    hull = np.isin(grid, ("1", "2", "3", "r"))
    for n in range(14):
        y, x = _hash(salt, n) % grid.shape[0], _hash(salt, n, 1) % grid.shape[1]
        if hull[y, x]:
            grid[y, x] = "K" if n % 3 == 0 else ("T" if n % 3 == 1 else "G")
    return outlined(grid)


def wind_arrow() -> np.ndarray:
    """A broad foam arrow blowing north with two trailing gust streaks, 16x16."""
    fill = blank(14, 14)
    for y in range(6):                      # the head: rows widen by 1 px per side
        fill[y, 6 - y:8 + y] = "W"
        fill[y, 6 - y] = "b"                # lit... no: shallows rim on the left for depth
    fill[6:14, 4:10] = "W"
    fill[6:14, 8:10] = "b"
    fill[6:14, 4:10][np.arange(8) % 3 == 2] = "b"   # gust bands along the shaft
    return outlined(fill)


def quicksand(frame: int) -> np.ndarray:
    """A sinking whirl of dark sand (E-8); frame 1 is frame 0 turned a quarter."""
    ys, xs = np.mgrid[0:CELL, 0:CELL]
    c = (CELL - 1) / 2
    r = np.hypot(xs - c, ys - c)
    phase = np.arctan2(ys - c, xs - c) + r * 0.75
    band = np.sin(phase * 2)
    grid = blank(CELL, CELL)
    inside = r <= 7.2
    grid[inside] = "G"
    grid[inside & (band > 0.35)] = "T"
    grid[inside & (band < -0.55)] = "t"
    grid[r <= 1.6] = "K"
    grid[outline(inside) | (inside & (r > 6.6))] = "T"
    return np.rot90(grid, frame)


def area_marker() -> np.ndarray:
    """Corner brackets that frame one cell of an event's area (E-9), 16x16."""
    mask = np.zeros((CELL, CELL), dtype=bool)
    for y0, x0 in ((1, 1), (1, CELL - 6), (CELL - 3, 1), (CELL - 3, CELL - 6)):
        mask[y0:y0 + 2, x0:x0 + 5] = True
    for y0, x0 in ((1, 1), (1, CELL - 3), (CELL - 6, 1), (CELL - 6, CELL - 3)):
        mask[y0:y0 + 5, x0:x0 + 2] = True
    grid = blank(CELL, CELL)
    grid[mask] = "y"
    grid[outline(mask)] = "K"
    return grid


def build() -> PieceSheet:
    """Every Landship piece frame, in sheet order."""
    art = load_grids("landship.txt")
    digits = load_grids("glyphs.txt")
    sheet = PieceSheet("landship_pieces", 160)
    for i, ship in enumerate(SHIPS):
        sheet.add(ship, outlined(art[ship]), (8, 8), new_row=i == 0)
    for i, ship in enumerate(SHIPS):
        sheet.add(f"{ship}_hulk", hulk(art[ship], i), (8, 8), new_row=i == 0)
    for i, icon in enumerate(ICONS):
        sheet.add(f"icon_{icon}", outlined(art[icon]), new_row=i == 0)
    for i, (direction, turns) in enumerate(WIND.items()):
        sheet.add(f"wind_{direction}", np.rot90(wind_arrow(), turns), (8, 8), new_row=i == 0)
    for frame in range(2):
        sheet.add(f"quicksand_{frame}", quicksand(frame), (8, 8))
    sheet.animations["quicksand"] = {"frames": ["quicksand_0", "quicksand_1"], "fps": 3}
    sheet.add("area_marker", area_marker(), (8, 8))
    for i, event in enumerate(EVENTS):
        sheet.add(f"event_{event}", outlined(art[f"event_{event}"]), new_row=i == 0)
    sheet.add("icon_outbreak", outlined(art["outbreak"]))
    for name in ("ap_full", "ap_empty", "dr_badge"):
        sheet.add(name, art[name])
    for sides in (4, 8):
        for value in range(1, sides + 1):
            sheet.add(f"d{sides}_{value}", die_face(sides, str(value), digits, value == sides),
                      (8, 8),
                      new_row=value == 1)
    return sheet
