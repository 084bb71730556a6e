"""Regenerate every PNG of Tidegate Isle's pixel art from the sources in `sprites/art/`.

Run `.venv/bin/python tools/make_art.py` (optionally `--out DIR` to write elsewhere). Output:

- `maps/tidegate/tidegate_tiles.png`: the Tiled tileset, 8x2 pointy-top hex tiles of 32x32
  (0 sea, 1 wheat, 2 stone, 3 wood, 4 rime hollow, 5..14 number tokens 2..12 without 7,
  15 second sea frame);
- `sprites/sheets/{tidegate,dice,ui}.png` with a JSON index each (see `Sheet.index`).

Sources are palette-indexed text grids (`sprites/art/*.txt`, one character per pixel, `.` =
transparent) and the drawing code below; the palette is the table in `sprites/art/PALETTE.md`.
Everything is drawn as a grid of palette characters and turned into RGBA only when written,
so no colour outside the palette can appear. The output is a pure function of the sources:
no clocks, no global random generator (scatter uses `_hash`), and the PNG writer is our own, so
running the script twice writes identical bytes.

Pure numpy: no pygame here.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass, field
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tools.pixelart import CLEAR, load_palette, to_rgba, write_png  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
ART_DIR = ROOT / "sprites" / "art"
TILESET_PATH = Path("maps") / "tidegate" / "tidegate_tiles.png"
SHEETS_DIR = Path("sprites") / "sheets"

Grid = np.ndarray  # 2-D array of one-character strings (palette characters)

TILE = 32  # px, tile width and height (Tiled: tilewidth = tileheight = 32)
HEX_SIDE = 16  # px, Tiled hexsidelength
ROW_STEP = 24  # px, vertical distance between hex rows on the board
TILESET_COLUMNS = 8
TOKEN_NUMBERS = (2, 3, 4, 5, 6, 8, 9, 10, 11, 12)
SEATS = 4

# Seat colours: (template P, template p) -> (colour, shade) per seat.
SEAT_COLOURS = (("V", "v"), ("L", "l"), ("O", "o"), ("E", "e"))
SEAT_PATTERNS = ("plain", "stripes", "dots", "diamond")


# --------------------------------------------------------------------------- palette, grids


def load_grids(filename: str) -> dict[str, Grid]:
    """Read `sprites/art/<filename>`: blocks of `@ name` followed by equal-width rows.

    Lines starting with `#` are comments; a blank line ends a block.
    """
    path = ART_DIR / filename
    grids: dict[str, list[str]] = {}
    current: str | None = None
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.startswith("@"):
            current = line[1:].strip()
            if current in grids:
                raise ValueError(f"{path}:{number}: sprite {current!r} defined twice")
            grids[current] = []
        elif not line.strip() or line.startswith("#"):
            current = None
        elif current is None:
            raise ValueError(f"{path}:{number}: pixel row outside an '@ name' block")
        else:
            rows = grids[current]
            if rows and len(line) != len(rows[0]):
                raise ValueError(
                    f"{path}:{number}: sprite {current!r} row is {len(line)} px wide, "
                    f"expected {len(rows[0])}"
                )
            rows.append(line)
    return {name: np.array([list(r) for r in rows], dtype="<U1") for name, rows in grids.items()}


def blank(w: int, h: int, char: str = CLEAR) -> Grid:
    """A new grid of h rows and w columns filled with `char`."""
    return np.full((h, w), char, dtype="<U1")


def stamp(dst: Grid, src: Grid, x: int, y: int, clip: np.ndarray | None = None) -> None:
    """Draw `src` onto `dst` with its top-left at (x, y); transparent pixels are skipped.

    `clip`, a boolean mask shaped like `dst`, limits where pixels may land.
    """
    h, w = src.shape
    for sy in range(h):
        for sx in range(w):
            ch = src[sy, sx]
            dx, dy = x + sx, y + sy
            if ch == CLEAR or not (0 <= dy < dst.shape[0] and 0 <= dx < dst.shape[1]):
                continue
            if clip is not None and not clip[dy, dx]:
                continue
            dst[dy, dx] = ch


def recolour(grid: Grid, mapping: dict[str, str]) -> Grid:
    """A copy of `grid` with characters replaced by `mapping`."""
    out = grid.copy()
    for old, new in mapping.items():
        out[grid == old] = new
    return out


def outline(mask: np.ndarray, diagonal: bool = False) -> np.ndarray:
    """Pixels just outside `mask` (4-neighbourhood, or 8 with `diagonal`)."""
    m = np.pad(mask, 1)
    grown = m.copy()
    shifts = [(0, 1), (0, -1), (1, 0), (-1, 0)]
    if diagonal:
        shifts += [(1, 1), (1, -1), (-1, 1), (-1, -1)]
    for dy, dx in shifts:
        grown |= np.roll(np.roll(m, dy, 0), dx, 1)
    return (grown & ~m)[1:-1, 1:-1]


def border(mask: np.ndarray) -> np.ndarray:
    """Pixels of `mask` with a 4-neighbour outside it (beyond the array counts as outside)."""
    m = np.pad(mask, 1)
    inner = m.copy()
    for dy, dx in ((0, 1), (0, -1), (1, 0), (-1, 0)):
        inner &= np.roll(np.roll(m, dy, 0), dx, 1)
    return (m & ~inner)[1:-1, 1:-1]


def _hash(*values: int) -> int:
    """A small deterministic integer hash (splitmix64 steps) for scattering details."""
    h = 0x9E3779B97F4A7C15
    for v in values:
        h = (h ^ (v & 0xFFFFFFFFFFFFFFFF)) * 0xBF58476D1CE4E5B9 & 0xFFFFFFFFFFFFFFFF
        h ^= h >> 31
    return h


# --------------------------------------------------------------------------- hex geometry


def hex_mask() -> np.ndarray:
    """The 32x32 pointy-top hex as Tiled draws it (hexsidelength 16, stagger axis y).

    Rows 0..7 grow by 2 px per side per row from the 2-px top point, rows 8..23 are full
    width, rows 24..31 mirror the top; hexes then tile the plane with steps (32, 0) and
    (16, 24) without gaps or overlaps.
    """
    mask = np.zeros((TILE, TILE), dtype=bool)
    slope_rows = (TILE - HEX_SIDE) // 2
    for y in range(TILE):
        r = min(y, TILE - 1 - y)
        if r >= slope_rows:
            mask[y, :] = True
        else:
            half = 2 * r + 1
            mask[y, TILE // 2 - half: TILE // 2 + half] = True
    return mask


HEX = hex_mask()


def _wrap_into_hex(x: int, y: int) -> tuple[int, int]:
    """Map a point of the plane to the pixel of the 32x32 hex that the lattice repeats there."""
    for b in range(-2, 3):
        for a in range(-2, 3):
            px, py = x - a * TILE - b * (TILE // 2), y - b * ROW_STEP
            if 0 <= px < TILE and 0 <= py < TILE and HEX[py, px]:
                return px, py
    raise AssertionError("hex lattice does not cover the plane")


def stamp_wrapped(dst: Grid, src: Grid, x: int, y: int) -> None:
    """Like `stamp`, but pixels leaving the hex re-enter on the opposite side.

    Used for the sea, so a board of sea tiles is one seamless surface.
    """
    h, w = src.shape
    for sy in range(h):
        for sx in range(w):
            if src[sy, sx] != CLEAR:
                px, py = _wrap_into_hex(x + sx, y + sy)
                dst[py, px] = src[sy, sx]


def _rim() -> tuple[np.ndarray, np.ndarray]:
    """The hex's 1-px border split into lit (top-left facing) and shaded pixels."""
    edge = border(HEX)
    ys, xs = np.mgrid[0:TILE, 0:TILE]
    lit_side = (ys < 8) | ((xs < TILE // 2) & (ys < TILE - 8))
    return edge & lit_side, edge & ~lit_side


RIM_LIT, RIM_SHADE = _rim()
INNER = HEX & ~(RIM_LIT | RIM_SHADE)


# --------------------------------------------------------------------------- terrain tiles


def _terrain_base(fill: str) -> Grid:
    grid = blank(TILE, TILE)
    grid[HEX] = fill
    return grid


def _bevel(grid: Grid, lit: str, shade: str) -> None:
    grid[RIM_LIT] = lit
    grid[RIM_SHADE] = shade


def sea_tile(stamps: dict[str, Grid], frame: int) -> Grid:
    """Open sea: waves wrapped across the hex border so the sea tiles seamlessly."""
    grid = _terrain_base("B")
    wave = stamps["wave_a" if frame == 0 else "wave_b"]
    trough = blank(5, 1, "D")
    # Wave positions on the tile lattice, chosen by hand to spread evenly.
    for x, y in ((3, 9), (19, 5), (11, 17), (27, 14), (4, 25), (21, 26), (13, 2)):
        stamp_wrapped(grid, trough, x, y + 3 - frame)
        stamp_wrapped(grid, wave, x + frame, y)
    for x, y in ((9, 11), (24, 20), (16, 29)):
        glint = blank(1, 1, "W" if frame == 0 else "b")
        stamp_wrapped(grid, glint, x + frame, y)
    return grid


def wheat_tile(stamps: dict[str, Grid]) -> Grid:
    """Golden field of horizontal crop rows (a texture that tells it apart without colour)."""
    grid = _terrain_base("Y")
    ys, xs = np.mgrid[0:TILE, 0:TILE]
    band = ys % 6  # one crop row = 6 px: light ear tops, body, stalk ticks, dark furrow
    x = xs + (ys // 6) * 2
    grid[INNER & (band == 0) & (x % 2 == 0)] = "y"
    grid[INNER & (band == 1)] = "y"
    grid[INNER & (band == 4) & (x % 4 == 0)] = "G"
    grid[INNER & (band == 5)] = "G"
    for x0, y0 in ((4, 9), (21, 7), (22, 21), (7, 20)):
        stamp(grid, stamps["stook"], x0, y0, clip=INNER)
    _bevel(grid, "y", "G")
    return grid


def stone_tile(stamps: dict[str, Grid]) -> Grid:
    """Grey hill strewn with outlined round boulders."""
    grid = _terrain_base("r")
    for i, (x, y) in enumerate((_hash(7, n) % TILE, _hash(8, n) % TILE) for n in range(40)):
        if INNER[y, x]:
            grid[y, x] = "R" if i % 3 else "q"
    for x, y in ((3, 23), (27, 17), (10, 5), (20, 25)):
        stamp(grid, stamps["pebble"], x, y, clip=INNER)
    for x, y in ((12, 0), (1, 10), (23, 8), (13, 24), (4, 16)):
        stamp(grid, stamps["boulder_small" if (x + y) % 2 else "boulder"], x, y, clip=INNER)
    for x, y in ((18, 3), (24, 18), (1, 20), (8, 8)):
        stamp(grid, stamps["boulder"], x, y, clip=INNER)
    _bevel(grid, "q", "R")
    return grid


def wood_tile(stamps: dict[str, Grid]) -> Grid:
    """Dark woodland floor with pointed conifers (drawn back to front)."""
    grid = _terrain_base("F")
    for n in range(40):
        x, y = _hash(3, n) % TILE, _hash(4, n) % TILE
        if INNER[y, x]:
            grid[y, x] = "f"
    trees = [(11, 0, "conifer"), (3, 6, "conifer"), (20, 5, "conifer"),
             (0, 15, "conifer_small"), (12, 10, "conifer"), (24, 14, "conifer_small"),
             (5, 20, "conifer"), (18, 20, "conifer"), (12, 23, "conifer_small")]
    for x, y, name in sorted(trees, key=lambda t: t[1]):
        stamp(grid, stamps[name], x, y, clip=INNER)
    _bevel(grid, "g", "F")
    return grid


def fog_tile(stamps: dict[str, Grid]) -> Grid:
    """Rime hollow: a pale frosty dip with drifting mist bands; produces nothing.

    The bevel is inverted (dark top-left rim, bright lower rim) so it reads as a hollow.
    """
    grid = _terrain_base("m")
    ys, xs = np.mgrid[0:TILE, 0:TILE]
    # A second ring of shade inside the lit rim: the hollow's far wall in shadow.
    inner_ring = HEX & outline(RIM_LIT) & ~RIM_SHADE & ~RIM_LIT
    grid[inner_ring] = "M"
    wave = (ys + ((xs // 4) % 2)) % 7 == 0
    grid[INNER & ~inner_ring & wave & ((xs // 4) % 3 != 2)] = "W"
    pond = ((xs - 15.5) / 7.0) ** 2 + ((ys - 16.5) / 4.0) ** 2 <= 1.0
    grid[pond] = "b"
    grid[outline(pond) & pond.__invert__() & (ys <= 16)] = "M"
    grid[outline(pond) & ~pond & (ys > 16)] = "W"
    grid[pond & (ys == 14) & (xs >= 12) & (xs <= 15)] = "W"
    grid[pond & (ys == 15) & (xs >= 10) & (xs <= 11)] = "W"
    for x, y in ((5, 9), (24, 7), (3, 20), (25, 21), (14, 25)):
        stamp(grid, stamps["shrub"], x, y, clip=INNER)
    for x, y in ((13, 4), (21, 14), (9, 23), (2, 13)):
        stamp(grid, stamps["sparkle"], x, y, clip=INNER)
    _bevel(grid, "M", "W")
    return grid


# Pixel rows of the 16-px round token, as (first x, last x) per row.
_TOKEN_ROWS = ((5, 10), (3, 12), (2, 13), (1, 14), (1, 14), (0, 15), (0, 15), (0, 15),
               (0, 15), (0, 15), (0, 15), (1, 14), (1, 14), (2, 13), (3, 12), (5, 10))
PIPS = {2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}


def token_tile(number: int, glyphs: dict[str, Grid]) -> Grid:
    """A parchment number token centred on a transparent tile, with its pip dots."""
    disk = np.zeros((16, 16), dtype=bool)
    for y, (x0, x1) in enumerate(_TOKEN_ROWS):
        disk[y, x0:x1 + 1] = True
    rim = border(disk)
    inside = disk & ~rim
    ys, xs = np.mgrid[0:16, 0:16]
    token = blank(16, 16)
    token[inside] = "C"
    # Shading: the lower-right inner rim in parchment shade, a foam glint at the top left.
    lower_right = border(inside) & ((xs + ys) >= 19)
    token[lower_right] = "c"
    upper_left = border(inside) & ((xs + ys) <= 8)
    token[upper_left] = "W"
    token[rim] = "K"

    ink = "X" if number in (6, 8) else "K"
    digits = [glyphs[f"digit_{d}"] for d in str(number)]
    width = sum(g.shape[1] for g in digits) + len(digits) - 1
    x = (16 - width) // 2 + (width % 2)  # odd widths sit one pixel right of centre
    for g in digits:
        stamp(token, recolour(g, {"K": ink}), x, 4)
        x += g.shape[1] + 1
    pips = PIPS[number]
    px = 9 - pips  # odd widths sit right of centre, like the digits
    for i in range(pips):
        token[11, px + 2 * i] = ink

    grid = blank(TILE, TILE)
    shadow = blank(16, 16)
    shadow[disk] = "s"
    stamp(grid, shadow, 9, 9)
    stamp(grid, token, 8, 7)
    return grid


def build_tileset() -> Grid:
    """The 256x64 tileset grid in the contract's tile order."""
    stamps = load_grids("terrain.txt")
    glyphs = load_grids("glyphs.txt")
    tiles = [sea_tile(stamps, 0), wheat_tile(stamps), stone_tile(stamps), wood_tile(stamps),
             fog_tile(stamps)]
    tiles += [token_tile(n, glyphs) for n in TOKEN_NUMBERS]
    tiles.append(sea_tile(stamps, 1))
    sheet = blank(TILE * TILESET_COLUMNS, TILE * 2)
    for index, tile in enumerate(tiles):
        row, col = divmod(index, TILESET_COLUMNS)
        sheet[row * TILE:(row + 1) * TILE, col * TILE:(col + 1) * TILE] = tile
    return sheet


# --------------------------------------------------------------------------- sheets


@dataclass
class Sheet:
    """Frames packed into one image, left to right in rows (1 px apart), plus their index."""

    name: str
    width: int
    frames: dict[str, Grid] = field(default_factory=dict)
    anchors: dict[str, tuple[int, int]] = field(default_factory=dict)
    borders: dict[str, int] = field(default_factory=dict)
    animations: dict[str, dict] = field(default_factory=dict)
    rows: list[list[str]] = field(default_factory=list)

    def add(self, name: str, grid: Grid, anchor: tuple[int, int] | None = None,
            border: int | None = None, new_row: bool = False) -> None:
        """Add a frame; `anchor` = its origin point, `border` = its 9-slice border."""
        if name in self.frames:
            raise ValueError(f"{self.name}: frame {name!r} added twice")
        if new_row or not self.rows:
            self.rows.append([])
        self.rows[-1].append(name)
        self.frames[name] = grid
        if anchor is not None:
            self.anchors[name] = anchor
        if border is not None:
            self.borders[name] = border

    def pack(self) -> tuple[Grid, dict[str, list[int]]]:
        """Lay the frames out (wrapping rows at `width`); return the grid and the rects."""
        rects: dict[str, list[int]] = {}
        x = y = 1
        row_h = 0
        for row in self.rows:
            if x > 1:
                x, y, row_h = 1, y + row_h + 1, 0
            for name in row:
                h, w = self.frames[name].shape
                if x + w + 1 > self.width:
                    x, y, row_h = 1, y + row_h + 1, 0
                rects[name] = [x, y, w, h]
                x += w + 1
                row_h = max(row_h, h)
        height = y + row_h + 1
        grid = blank(self.width, height)
        for name, (fx, fy, w, h) in rects.items():
            grid[fy:fy + h, fx:fx + w] = self.frames[name]
        return grid, rects

    def index(self, rects: dict[str, list[int]]) -> dict:
        """The JSON index: frames name -> [x, y, w, h], and the optional extras."""
        return {
            "image": f"{self.name}.png",
            "about": ("frames: name -> [x, y, w, h] in px. anchors: name -> [x, y], the point "
                      "of the frame placed on the board position (vertex, edge midpoint) or the "
                      "cursor hot spot. borders: 9-slice border width in px (corners are "
                      "border x border). animations: name -> frames and frames per second. "
                      "Generated by tools/make_art.py; do not edit."),
            "frames": rects,
            "anchors": {k: list(v) for k, v in self.anchors.items()},
            "borders": self.borders,
            "animations": self.animations,
        }


def seat_piece(template: Grid, seat: int, emblem: Grid, emblem_at: tuple[int, int]) -> Grid:
    """Colour a piece template for a seat and lay that seat's pattern over its body.

    Patterns keep seats apart without colour: 0 plain, 1 horizontal stripes, 2 light dots,
    3 the `emblem` grid (a diamond) with its top-left at `emblem_at`.
    """
    base, shade = SEAT_COLOURS[seat]
    grid = template.copy()
    body = template == "P"
    ys, xs = np.mgrid[0:grid.shape[0], 0:grid.shape[1]]
    pattern = SEAT_PATTERNS[seat]
    if pattern == "stripes":
        grid[body & (ys % 2 == 0)] = "p"
    elif pattern == "dots":
        grid[body & (xs % 2 == 0) & (ys % 2 == 1)] = "W"
    elif pattern == "diamond":
        stamp(grid, emblem, *emblem_at)
    return recolour(grid, {"P": base, "p": shade})


# Road centre lines per direction, as fill pixels (x, y) before the 1-px outline. Roads are
# 3 px thick (issue 20: a 2-px vertical road under an outpost read as a lamp-post).
ROAD_THICK = 3


def _road_fill(direction: str) -> list[tuple[int, int]]:
    if direction == "v":
        return [(x, y) for y in range(12) for x in range(ROAD_THICK)]
    pts = []
    for i in range(12):
        top = (11 - i) // 2 if direction == "up" else i // 2
        pts += [(i, top + k) for k in range(ROAD_THICK)]
    return pts


def road(direction: str, seat: int | None, fill: str = "", edge: str = "K") -> Grid:
    """A road piece (or, with seat None, an edge highlight) for one hex edge direction.

    `v` = the vertical edge, `up` = "/" (16 px across, 8 px up), `down` = "\\".
    The fill is ROAD_THICK px thick, shaded on its lower/right edge, patterned per seat.
    """
    pts = _road_fill(direction)
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    w, h = max(xs) + 3, max(ys) + 3
    mask = np.zeros((h, w), dtype=bool)
    for x, y in pts:
        mask[y + 1, x + 1] = True
    grid = blank(w, h)
    grid[outline(mask, diagonal=True)] = edge
    if seat is None:
        grid[mask] = fill
        return grid
    base, shade = SEAT_COLOURS[seat]
    pattern = SEAT_PATTERNS[seat]
    for n, (x, y) in enumerate(sorted(pts)):
        along = x if direction != "v" else y  # position along the road
        lower = (x == ROAD_THICK - 1) if direction == "v" else not mask[y + 2, x + 1]  # right/bottom edge
        ch = shade if lower else base
        if pattern == "stripes" and along % 3 == 2:
            ch = shade
        elif pattern == "dots" and along % 3 == 1 and not lower:
            ch = "W"
        elif pattern == "diamond":
            ch = shade if (along // (1 if direction == "v" else 2) + (1 if lower else 0)) % 2 \
                else base
        grid[y + 1, x + 1] = ch
    return grid


def ring(size: int, thickness: int, colours: tuple[str, ...]) -> Grid:
    """A round ring of `size` px with a K outline inside and out (vertex highlight)."""
    c = (size - 1) / 2
    ys, xs = np.mgrid[0:size, 0:size]
    dist = np.hypot(xs - c, ys - c)
    outer = size / 2 - 1
    band = (dist <= outer) & (dist > outer - thickness)
    grid = blank(size, size)
    for i, ch in enumerate(colours):
        grid[band & (dist <= outer - i * thickness / len(colours))] = ch
    grid[outline(band)] = "K"
    return grid


def gate_frames(pieces: dict[str, Grid]) -> list[Grid]:
    """Four frames of the tide gate: foam streaks pour down through the sluice and spread."""
    template = pieces["gate"]
    frames = []
    ys, xs = np.mgrid[0:template.shape[0], 0:template.shape[1]]
    for f in range(4):
        grid = template.copy()
        water = template == "~"
        phase = (ys - f) % 4
        foam = water & (phase == 0) & ((xs + (ys - f) // 4) % 3 != 0)
        grid[water] = "b"
        grid[water & (phase == 2) & (xs % 2 == 0)] = "B"
        grid[foam] = "W"
        spray = water & (ys >= 14) & ((xs + f) % 4 == 0)
        grid[spray] = "W"
        frames.append(grid)
    return frames


def build_tidegate_sheet() -> Sheet:
    """Pieces, roads, gate, resource icons and chips, VP star, highlights."""
    pieces = load_grids("pieces.txt")
    sheet = Sheet("tidegate", 256)
    for seat in range(SEATS):
        sheet.add(f"outpost_{seat}", seat_piece(pieces["outpost"], seat, pieces["emblem"],
                                                (3, 5)), (5, 6), new_row=seat == 0)
    for seat in range(SEATS):
        sheet.add(f"city_{seat}", seat_piece(pieces["city"], seat, pieces["emblem"], (1, 8)),
                  (7, 8))
    for direction in ("v", "up", "down"):
        for seat in range(SEATS):
            g = road(direction, seat)
            sheet.add(f"road_{direction}_{seat}", g, (g.shape[1] // 2, g.shape[0] // 2),
                      new_row=direction == "v" and seat == 0)
    for direction in ("v", "up", "down"):
        g = road(direction, None, fill="W", edge="y")
        sheet.add(f"edge_hl_{direction}", g, (g.shape[1] // 2, g.shape[0] // 2))
    sheet.add("vertex_ring", ring(14, 2, ("y", "W")), (7, 7), new_row=True)
    sheet.add("vertex_dot", ring(8, 2, ("W",)), (4, 4))
    for i, g in enumerate(gate_frames(pieces)):
        sheet.add(f"gate_{i}", g, (8, 10))
    sheet.animations["gate"] = {"frames": [f"gate_{i}" for i in range(4)], "fps": 6}
    for res in ("wheat", "stone", "wood"):
        sheet.add(f"icon_{res}", pieces[f"icon_{res}"], new_row=res == "wheat")
    sheet.add("vp_star", pieces["vp_star"])
    for res in ("wheat", "stone", "wood"):
        sheet.add(f"chip_{res}", pieces[f"chip_{res}"], (4, 4))
    return sheet


def die_face(value: int, dice: dict[str, Grid]) -> Grid:
    """A 16x16 die showing `value` (2x2 ink pips on a 3x3 grid; the 1 is red)."""
    grid = dice["die_blank"].copy()
    cols, rows = (3, 7, 11), (2, 6, 10)
    layout = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)],
              4: [(0, 0), (2, 0), (0, 2), (2, 2)],
              5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
              6: [(0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)]}[value]
    for cx, cy in layout:
        x, y = cols[cx], rows[cy]
        grid[y:y + 2, x:x + 2] = "X" if value == 1 else "K"
    return grid


def tumble_frame(angle_deg: float, value: int, tilt: int, squash: float = 1.0) -> Grid:
    """A die caught mid-roll: its face turned by `angle_deg` (pixel-clean angles such as
    atan(1/2) or 45 degrees give even staircase edges), foreshortened by `squash`, with
    `tilt` px of its side showing below.
    """
    size = 16
    a = np.radians(angle_deg)
    half = 4.7
    c = 7.5  # pixel-centre coordinates: the frame's middle
    ys, xs = np.mgrid[0:size, 0:size].astype(float)
    cy = c - tilt / 2
    u = (xs - c) * np.cos(a) + (ys - cy) * np.sin(a)
    v = (-(xs - c) * np.sin(a) + (ys - cy) * np.cos(a)) / squash
    face = (np.abs(u) <= half) & (np.abs(v) <= half)
    body = face.copy()
    for t in range(1, tilt + 1):
        body |= np.roll(face, t, axis=0)
    side = body & ~face
    grid = blank(size, size)
    grid[side] = "q"
    grid[side & ~np.roll(side, -1, axis=0)] = "r"
    grid[face] = "W"
    grid[outline(body)] = "K"
    spots = {2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
             4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
             5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
             6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}[value]
    for su, sv in spots:
        pu, pv = su * 2.5, sv * 2.5 * squash
        px = c + pu * np.cos(a) - pv * np.sin(a)
        py = cy + pu * np.sin(a) + pv * np.cos(a)
        x0, y0 = int(np.floor(px)), int(np.floor(py))
        pip = grid[y0:y0 + 2, x0:x0 + 2]
        pip[face[y0:y0 + 2, x0:x0 + 2] & (pip == "W")] = "K"
    return grid


def build_dice_sheet() -> Sheet:
    """Die faces 1..6 and tumble frames."""
    dice = load_grids("dice.txt")
    sheet = Sheet("dice", 128)
    for v in range(1, 7):
        sheet.add(f"die_{v}", die_face(v, dice), (8, 8))
    turns = ((26.565, 3, 2, 1.0), (45.0, 5, 1, 1.0), (63.435, 2, 2, 1.0), (0.0, 5, 3, 0.8))
    for i, (angle, value, tilt, squash) in enumerate(turns):
        sheet.add(f"tumble_{i}", tumble_frame(angle, value, tilt, squash), (8, 8),
                  new_row=i == 0)
    sheet.animations["tumble"] = {"frames": [f"tumble_{i}" for i in range(4)], "fps": 14}
    return sheet


def ui_box(w: int, h: int, layers: list[tuple[str, str]], centre: str,
           lip: list[str] | None = None) -> Grid:
    """A bevelled box: `layers` from the outside in as (top-left char, bottom-right char).

    The outermost corners are cut for a rounded look; `lip` lists extra bottom rows (inside
    the outline, above it) that make a button look raised.
    """
    grid = blank(w, h, centre)
    ys, xs = np.mgrid[0:h, 0:w]
    for i, (lit, shade) in enumerate(layers):
        ring_ = (np.minimum(np.minimum(xs, ys), np.minimum(w - 1 - xs, h - 1 - ys)) == i)
        lower = (ys >= h - 1 - i) | (xs >= w - 1 - i)
        upper_right = (ys == i) & (xs >= w - 1 - i)  # top row belongs to the lit side
        lower_left = (xs == i) & (ys >= h - 1 - i)
        grid[ring_ & ~lower] = lit
        grid[ring_ & lower] = shade
        grid[ring_ & upper_right] = lit if i else shade
        grid[ring_ & lower_left] = shade
    if lip:
        n = len(layers)
        for j, ch in enumerate(lip):
            y = h - 1 - n - j
            grid[y, n - 1:w - n + 1] = ch
    for y, x in ((0, 0), (0, w - 1), (h - 1, 0), (h - 1, w - 1)):
        grid[y, x] = CLEAR
    return grid


def _word(glyphs: dict[str, Grid], word: str, gap: int = 2) -> np.ndarray:
    """Boolean mask of `word` set in the title letters."""
    letters = [glyphs[f"letter_{ch}"] == "K" for ch in word]
    width = sum(g.shape[1] for g in letters) + gap * (len(letters) - 1)
    mask = np.zeros((letters[0].shape[0], width), dtype=bool)
    x = 0
    for g in letters:
        mask[:, x:x + g.shape[1]] |= g
        x += g.shape[1] + gap
    return mask


def logo(glyphs: dict[str, Grid]) -> Grid:
    """Title logo: "TIDEGATE" in gold over "ISLE" in foam, outlined, with a dusk drop shadow."""
    lines = [(_word(glyphs, "TIDEGATE"), ("y", "y", "y", "Y", "Y", "Y", "Y", "G", "G", "G")),
             (_word(glyphs, "ISLE"), ("W", "W", "W", "W", "b", "b", "b", "B", "B", "B"))]
    width = max(m.shape[1] for m, _ in lines) + 4
    height = sum(m.shape[0] for m, _ in lines) + 3 + 4
    body = np.zeros((height, width), dtype=bool)
    fill = blank(width, height)
    y = 1
    for mask, ramp in lines:
        x = 1 + (width - 4 - mask.shape[1]) // 2
        h, w = mask.shape
        body[y:y + h, x:x + w] |= mask
        for row in range(h):
            fill[y + row, x:x + w][mask[row]] = ramp[row]
        y += h + 3
    ring_ = outline(body, diagonal=True)
    shadow = np.roll(np.roll(body | ring_, 1, 0), 1, 1) & ~(body | ring_)
    grid = blank(width, height)
    grid[shadow] = "k"
    grid[ring_] = "K"
    grid[body] = fill[body]
    return grid


def build_ui_sheet() -> Sheet:
    """9-slice panel, button states, tooltip and banner, icons and cursors."""
    art = load_grids("ui.txt")
    sheet = Sheet("ui", 192)
    sheet.add("panel", ui_box(16, 16, [("K", "K"), ("t", "T"), ("T", "T"), ("K", "K"),
                                       ("c", "C")], "C"), border=5, new_row=True)
    sheet.add("tooltip", ui_box(10, 10, [("K", "K"), ("c", "c"), ("C", "C")], "C"),
              border=3)
    sheet.add("banner", ui_box(14, 14, [("K", "K"), ("y", "G"), ("Y", "G"), ("K", "K")],
                               "D"), border=4)
    buttons = {
        "button_normal": ([("K", "K"), ("y", "T"), ("t", "t")], "t", ["T"]),
        "button_hover": ([("K", "K"), ("W", "t"), ("y", "y")], "y", ["t"]),
        "button_pressed": ([("K", "K"), ("T", "t"), ("t", "t")], "t", None),
        "button_disabled": ([("K", "K"), ("q", "r"), ("q", "q")], "q", ["r"]),
    }
    for name, (layers, centre, lip) in buttons.items():
        sheet.add(name, ui_box(12, 12, layers, centre, lip), border=4)
    icons = ["gear", "help", "dice", "trade", "end_turn", "undo", "save", "sound_on",
             "sound_off", "close", "arrow_left", "arrow_right"]
    for i, icon in enumerate(icons):
        sheet.add(f"icon_{icon}", art[f"icon_{icon}"], new_row=i == 0)
    sheet.add("cursor_pointer", art["cursor_pointer"], (0, 0), new_row=True)
    sheet.add("cursor_hand", art["cursor_hand"], (4, 0))
    sheet.add("logo", logo(load_grids("glyphs.txt")), new_row=True)
    return sheet


# --------------------------------------------------------------------------- entry points


def build_all(out_root: Path = ROOT) -> list[Path]:
    """Write the tileset and every sheet (PNG + JSON) under `out_root`; return the paths."""
    palette = load_palette()
    written = []
    path = out_root / TILESET_PATH
    write_png(path, to_rgba(build_tileset(), palette))
    written.append(path)
    for sheet in (build_tidegate_sheet(), build_dice_sheet(), build_ui_sheet()):
        grid, rects = sheet.pack()
        png = out_root / SHEETS_DIR / f"{sheet.name}.png"
        write_png(png, to_rgba(grid, palette))
        index = out_root / SHEETS_DIR / f"{sheet.name}.json"
        index.write_text(json.dumps(sheet.index(rects), indent=1, sort_keys=False) + "\n",
                         encoding="utf-8")
        written += [png, index]
    return written


def main(argv: list[str] | None = None) -> int:
    """Command line: regenerate everything (into the repository unless --out is given)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT, help="root folder to write into")
    args = parser.parse_args(argv)
    for path in build_all(args.out):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
