"""Dice for Land's piece sheet (`sprites/sheets/territory_pieces.png`).

Sized for the 16x16 tiles of Origin (`maps/territory/`): building icons 12x12 (T-8; roofs and
banners in the owner's greys), the commerce upgrade badge, wall overlays for each side and
level (16x16, T-1.5, T-8), the tunnel end, ruin, temple and Deep Tide (T-13.5), treasure
(T-15.2), a frost overlay for cold tiles (T-1.4, winter T-15), two volcano smoke frames for an
announced eruption (T-15.1 D22), overlays for desolation and undead land, attack-arrow tiles
in the owner's greys (straight, corner, head and origin pieces, T-11.1), the five disasters
(T-15.1), and the emblems of the seven tribes (T-13) plus the goblin and undead sites (T-0,
T-14).
"""

from __future__ import annotations

import numpy as np

from tools.make_art import blank, load_grids, outline
from tools.make_pieces import PieceSheet, outlined

BUILDINGS = ("camp", "city", "capital", "workshop", "tower", "ruin", "farm", "tree_of_life",
             "temple", "outpost", "tunnel", "goblin_camp")
ICONS = ("commerce", "deep_tide", "treasure")
TRIBES = ("bounty", "arcane", "pioneer", "jungle", "tide", "war", "shadow")
RACES = ("goblin", "undead")
DISASTERS = ("magic_turmoil", "necro_revival", "winter", "volcano", "goblin_empire")  # T-15.1
SIDES = ("n", "e", "s", "w")
TILE = 16


def wall(side: str, level: int) -> np.ndarray:
    """A wall along one side of a tile: level 1 a 3-px stone course with crenels, level 2 a
    5-px double course with a lit top (T-8 wall, wall_upgrade). Drawn for the north side and
    turned for the others."""
    depth = 3 if level == 1 else 5
    grid = blank(TILE, TILE)
    body = np.zeros((TILE, TILE), dtype=bool)
    body[1:depth + 1, 0:TILE] = True
    body[0, 0:TILE:3] = True                     # crenels, one in three
    grid[body] = "q"
    grid[body & (np.arange(TILE)[None, :] % 4 == 3) & (np.arange(TILE)[:, None] >= 2)] = "r"
    grid[depth, :] = "R"
    if level == 2:
        grid[1, :] = "W"
        grid[3, 1::4] = "R"
    grid[0, 0:TILE:3] = "q"
    grid[outline(body)] = "K"
    turns = {"n": 0, "w": 1, "s": 2, "e": 3}[side]
    return np.rot90(grid, turns)


def frost() -> np.ndarray:
    """Cold tile overlay (T-1.4, winter T-15.1): three ice crystals and a sparse frosty
    sheen; the ground stays visible and the middle stays clear for buildings."""
    grid = blank(TILE, TILE)
    ys, xs = np.mgrid[0:TILE, 0:TILE]
    grid[(ys % 4 == 1) & ((xs + ys) % 6 == 0)] = "m"
    grid[(ys % 4 == 3) & ((xs + ys) % 6 == 3)] = "W"
    crystal = np.array([list(r) for r in ("..W..", "W.W.W", ".WMW.", "W.W.W", "..W..")])
    for x0, y0 in ((0, 0), (11, 1), (2, 11)):
        sub = grid[y0:y0 + 5, x0:x0 + 5]
        sub[crystal == "."] = np.where(sub[crystal == "."] == "W", ".", sub[crystal == "."])
        sub[crystal != "."] = crystal[crystal != "."]
    return grid


def desolation() -> np.ndarray:
    """Desolation (T-10 `desolation`): the ground cracked and withered, corners left clear."""
    grid = blank(TILE, TILE)
    cracks = (((2, 3), (5, 5), (7, 4), (10, 7), (13, 6)), ((5, 5), (6, 9), (4, 12)),
              ((10, 7), (11, 11), (13, 13)))
    for line in cracks:
        for (x0, y0), (x1, y1) in zip(line, line[1:]):
            for t in np.linspace(0.0, 1.0, 12):
                x, y = round(x0 + (x1 - x0) * t), round(y0 + (y1 - y0) * t)
                grid[y, x] = "K"
                if grid[y + 1, x] == ".":
                    grid[y + 1, x] = "G"
    for x, y in ((3, 9), (8, 12), (12, 3), (8, 2)):
        grid[y, x] = "T"
        grid[y - 1, x] = "G"
    return grid


def undead() -> np.ndarray:
    """Undead land (T-0, T-14.3): a ghostly diagonal hatch of dusk over the tile."""
    ys, xs = np.mgrid[0:TILE, 0:TILE]
    grid = blank(TILE, TILE)
    grid[(xs + ys) % 4 == 0] = "k"
    grid[((xs + ys) % 4 == 1) & (ys % 2 == 0)] = "M"
    return grid


def arrow(joins: str, head: str = "", origin: str = "") -> np.ndarray:
    """One 16x16 tile of an attack arrow (T-11.1, order entry T-23) in the owner's greys.

    The 4-px band runs from the tile centre out through each side in `joins` (it continues
    into the next tile, so no outline there); `head` adds the point aimed at that side (the
    last, attacked tile), `origin` a round stub (the own origin tile)."""
    pad = 2
    n = TILE + 2 * pad
    ys, xs = np.mgrid[0:n, 0:n]
    c = pad + 7.5
    band = {"n": (xs >= pad + 6) & (xs < pad + 10) & (ys <= c),
            "s": (xs >= pad + 6) & (xs < pad + 10) & (ys >= c),
            "w": (ys >= pad + 6) & (ys < pad + 10) & (xs <= c),
            "e": (ys >= pad + 6) & (ys < pad + 10) & (xs >= c)}
    mask = np.zeros((n, n), dtype=bool)
    for side in joins:
        mask |= band[side]
    if head:
        # The point, drawn for north and turned: tip 1 px inside the edge, 12 px wide.
        tip = np.zeros((n, n), dtype=bool)
        for y in range(pad + 1, pad + 9):
            half = (y - pad - 0.5) * 0.72
            tip[y] = np.abs(xs[y] - c) <= half
        mask |= np.rot90(tip, {"n": 0, "w": 1, "s": 2, "e": 3}[head])
    if origin:
        mask |= np.hypot(xs - c, ys - c) <= 4.3
    grid = blank(n, n)
    grid[outline(mask, diagonal=True)] = "K"
    grid[mask] = "3"
    m = np.pad(mask, 1)
    grid[mask & ~m[:-2, 1:-1]] = "4"        # lit where the band's top edge is
    grid[mask & ~m[1:-1, :-2]] = "4"        # ... and its left edge
    grid[mask & ~m[2:, 1:-1]] = "2"
    grid[mask & ~m[1:-1, 2:]] = "2"
    return grid[pad:pad + TILE, pad:pad + TILE]


def build() -> PieceSheet:
    """Every Dice for Land piece frame, in sheet order."""
    art = load_grids("territory.txt")
    sheet = PieceSheet("territory_pieces", 200)
    for i, name in enumerate(BUILDINGS):
        sheet.add(f"building_{name}", outlined(art[name]), (6, 6), new_row=i == 0)
    for i, name in enumerate(ICONS):
        sheet.add(f"icon_{name}", outlined(art[name]), new_row=i == 0)
    for level in (1, 2):
        for i, side in enumerate(SIDES):
            sheet.add(f"wall_{side}_{level}", wall(side, level), new_row=i == 0)
    sheet.add("overlay_frost", frost(), new_row=True)
    for frame in range(2):
        sheet.add(f"overlay_smoke_{frame}", art[f"smoke_{frame}"])
    sheet.animations["volcano_smoke"] = {"frames": ["overlay_smoke_0", "overlay_smoke_1"],
                                         "fps": 3}
    sheet.add("overlay_desolation", desolation())
    sheet.add("overlay_undead", undead())
    for i, name in enumerate(DISASTERS):
        sheet.add(f"disaster_{name}", outlined(art[name]), new_row=i == 0)
    for i, joins in enumerate(("ns", "ew", "ne", "nw", "se", "sw")):
        sheet.add(f"arrow_{joins}", arrow(joins), new_row=i == 0)
    for i, side in enumerate(SIDES):
        back = {"n": "s", "s": "n", "e": "w", "w": "e"}[side]
        sheet.add(f"arrow_head_{side}", arrow(back, head=side), new_row=i == 0)
    for side in SIDES:
        sheet.add(f"arrow_origin_{side}", arrow(side, origin=side))
    for i, name in enumerate(TRIBES + RACES):
        sheet.add(f"emblem_{name}", outlined(art[name]), new_row=i == 0)
    return sheet
