"""Draw maps/skirmish/skirmish_tiles.png: the Skirmish tileset (8x2 pointy-top hexes, 24x28).

Deterministic numpy drawing (no randomness beyond a fixed integer hash), colours only from
sprites/art/PALETTE.md: flat fills, a 1-px ink outline and one texture per terrain, light from
the top left. Run `.venv/bin/python tools/make_skirmish_tiles.py` after changing it; a test
checks the committed PNG equals a fresh run.

Tiles (ids as in maps/skirmish/skirmish.tsx): 0 plains, 1 road, 2 desert, 3 forest, 4 swamp,
5 mountain, 6 water, 7 neutral hatching (overlay), 8 city, 9 capital, 10 neutral city,
11 infantry, 12 archer, 13 cavalry, 14 road (north-south), 15 plains (meadow).
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tools.pixelart import load_palette, to_rgba, write_png  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "maps" / "skirmish" / "skirmish_tiles.png"
W, H, SIDE = 24, 28, 14
COLUMNS, ROWS = 8, 2



def _hash(*values: int) -> int:
    """A small deterministic integer hash (texture placement)."""
    h = 2166136261
    for v in values:
        h = ((h ^ (v & 0xFFFFFFFF)) * 16777619) & 0xFFFFFFFF
    return h


def hex_mask() -> np.ndarray:
    """Pixels inside a pointy-top hex of W x H whose slanted sides span (H - SIDE) / 2 rows."""
    cap = (H - SIDE) / 2
    mask = np.zeros((H, W), dtype=bool)
    for y in range(H):
        py = y + 0.5
        if py < cap:
            half = (W / 2) * py / cap
        elif py > H - cap:
            half = (W / 2) * (H - py) / cap
        else:
            half = W / 2
        for x in range(W):
            if abs(x + 0.5 - W / 2) <= half + 0.35:
                mask[y, x] = True
    return mask


MASK = hex_mask()


def border(mask: np.ndarray) -> np.ndarray:
    """Mask pixels with a 4-neighbour outside the mask (the 1-px outline)."""
    padded = np.pad(mask, 1)
    inner = padded[:-2, 1:-1] & padded[2:, 1:-1] & padded[1:-1, :-2] & padded[1:-1, 2:]
    return mask & ~inner


EDGE = border(MASK)


def blank(fill: str = ".") -> np.ndarray:
    return np.full((H, W), fill, dtype="<U1")


def terrain_tile(base: str, light: str, shade: str) -> np.ndarray:
    """A hex of `base` with a lit top-left rim and a shaded bottom-right rim, ink outline."""
    g = blank()
    g[MASK] = base
    inner = MASK & ~EDGE
    rim = border(inner)
    for y, x in zip(*np.nonzero(rim)):
        g[y, x] = light if (x + y) < (W + H) / 2 else shade
    g[EDGE] = "K"
    return g


def put(g: np.ndarray, x: int, y: int, ch: str) -> None:
    if 0 <= y < H and 0 <= x < W and MASK[y, x] and not EDGE[y, x]:
        g[y, x] = ch


def scatter(seed: int, count: int, margin: int = 4) -> list[tuple[int, int]]:
    """Up to `count` interior points on a jittered grid (deterministic, evenly spread)."""
    cells = [(x, y) for y in range(margin + 2, H - margin, 6) for x in range(margin + 1, W - margin, 7)]
    order = sorted(range(len(cells)), key=lambda i: _hash(seed, i))
    pts: list[tuple[int, int]] = []
    for i in order:
        hv = _hash(seed, i, 7)
        x = cells[i][0] + hv % 3 - 1
        y = cells[i][1] + (hv >> 4) % 3 - 1
        if MASK[y, x] and not EDGE[y, x]:
            pts.append((x, y))
        if len(pts) == count:
            break
    return pts


def plains(seed: int = 1) -> np.ndarray:
    g = terrain_tile("g", "y", "f")
    for x, y in scatter(seed, 7):           # grass tufts: a small "v"
        put(g, x, y, "f")
        put(g, x - 1, y - 1, "f")
        put(g, x + 1, y - 1, "f")
    return g


def meadow() -> np.ndarray:
    g = plains(5)
    for x, y in scatter(9, 4):              # flowers
        put(g, x, y, "W")
        put(g, x + 1, y, "y")
    return g


def road(vertical: bool = False) -> np.ndarray:
    g = plains(2)
    if vertical:
        for y in range(H):
            for x in range(W // 2 - 3, W // 2 + 3):
                put(g, x, y, "c" if W // 2 - 2 <= x <= W // 2 + 1 else "T")
        for y in range(3, H, 5):
            put(g, W // 2 - 1, y, "C")
    else:
        for y in range(H // 2 - 3, H // 2 + 3):
            for x in range(W):
                put(g, x, y, "c" if H // 2 - 2 <= y <= H // 2 + 1 else "T")
        for x in range(2, W, 5):
            put(g, x, H // 2 - 1, "C")
    return g


def desert() -> np.ndarray:
    g = terrain_tile("Y", "y", "G")
    for row in (8, 14, 20):                 # dune ripples
        for x in range(3, W - 3):
            y = row + (1 if (x // 3) % 2 else 0)
            put(g, x, y, "G" if x % 6 else "y")
    return g


def forest() -> np.ndarray:
    g = terrain_tile("F", "f", "K")
    for x, y in scatter(3, 5, 5):           # conifers: a triangle with a light left side
        for dy in range(5):
            for dx in range(-dy // 2 - 1, dy // 2 + 2):
                put(g, x + dx, y - 4 + dy, "g" if dx < 0 else "f")
        put(g, x, y + 1, "T")
    return g


def swamp() -> np.ndarray:
    g = terrain_tile("e", "f", "F")
    for x, y in scatter(4, 4, 5):           # puddles with a shine, reeds beside
        for dx in range(-2, 3):
            put(g, x + dx, y, "B")
        put(g, x - 1, y, "b")
        put(g, x + 3, y - 1, "g")
        put(g, x + 3, y - 2, "g")
        put(g, x + 4, y - 1, "y")
    return g


def mountain() -> np.ndarray:
    g = terrain_tile("r", "q", "R")
    for cx, base, height in ((8, 20, 10), (16, 22, 9)):
        for dy in range(height):
            y = base - dy
            half = (height - dy) // 1
            for dx in range(-half // 2, half // 2 + 1):
                ch = "q" if dx < 0 else "R"
                if dy >= height - 3:
                    ch = "W"
                put(g, cx + dx, y, ch)
    return g


def water() -> np.ndarray:
    g = terrain_tile("B", "b", "D")
    for x, y in scatter(6, 6, 4):           # wave arcs
        put(g, x - 1, y, "b")
        put(g, x, y - 1, "b")
        put(g, x + 1, y, "b")
        put(g, x + 1, y + 1, "D")
    return g


def neutral_hatch() -> np.ndarray:
    """Overlay: diagonal parchment hatching with an ink-dotted rim, transparent elsewhere."""
    g = blank()
    for y in range(H):
        for x in range(W):
            if MASK[y, x] and not EDGE[y, x] and (x + y) % 5 == 0:
                g[y, x] = "C"
    for y, x in zip(*np.nonzero(EDGE)):
        if (x + y) % 2 == 0:
            g[y, x] = "C"
    return g


def outline_shape(g: np.ndarray) -> np.ndarray:
    """Add a 1-px ink outline around every opaque shape (4-neighbourhood)."""
    solid = g != "."
    padded = np.pad(solid, 1)
    around = padded[:-2, 1:-1] | padded[2:, 1:-1] | padded[1:-1, :-2] | padded[1:-1, 2:]
    out = g.copy()
    out[around & ~solid] = "K"
    return out


def city(kind: str) -> np.ndarray:
    """A walled town: two towers and a gate; capital: a taller keep with a gold pennant."""
    wall, shade, roof = ("q", "r", "X") if kind != "neutral" else ("m", "M", "M")
    g = blank()
    for y in range(13, 22):
        for x in range(4, 20):
            g[y, x] = wall if x < 12 else shade
    for tx in (4, 16):
        for y in range(9, 22):
            for x in range(tx, tx + 4):
                g[y, x] = wall if x < tx + 2 else shade
        for x in range(tx - 1, tx + 5):
            g[8, x] = roof
        g[7, tx + 1] = roof
        g[7, tx + 2] = roof
    for x in range(4, 20, 2):                # crenellations
        g[12, x] = wall
    for y in range(17, 22):                  # gate
        for x in range(10, 14):
            g[y, x] = "K" if y > 17 else "T"
    if kind == "capital":
        for y in range(5, 13):
            for x in range(9, 15):
                g[y, x] = wall if x < 12 else shade
        for x in range(8, 16):
            g[4, x] = roof
        g[1, 12] = "T"
        g[2, 12] = "T"
        g[3, 12] = "T"
        g[1, 13] = "Y"
        g[1, 14] = "Y"
        g[2, 13] = "y"
    return outline_shape(g)


def _disc(g: np.ndarray, cx: float, cy: float, r: float, ch: str) -> None:
    for y in range(H):
        for x in range(W):
            if (x + 0.5 - cx) ** 2 + (y + 0.5 - cy) ** 2 <= r * r:
                g[y, x] = ch


def unit(kind: str) -> np.ndarray:
    """A parchment token with the class emblem (the screen draws faction colours itself)."""
    g = blank()
    _disc(g, 12, 15, 9, "C")
    for y in range(H):
        for x in range(W):
            if g[y, x] == "C" and (x + 0.5 - 12) + (y + 0.5 - 15) > 6:
                g[y, x] = "c"
    if kind == "infantry":                   # spear and shield
        for y in range(7, 23):
            g[y, 15] = "T"
        g[6, 15] = "q"
        g[5, 15] = "q"
        for y in range(11, 20):
            for x in range(7, 13):
                g[y, x] = "r" if (x + y) % 7 else "q"
        for x in range(8, 12):
            g[20, x] = "r"
    elif kind == "archer":                   # bow and arrow
        for y in range(8, 23):
            off = int(round(3 * (1 - ((y - 15) / 7.5) ** 2)))
            g[y, 8 + off] = "T"
        for y in range(8, 23):
            g[y, 8] = "W" if y not in (8, 22) else "T"
        for x in range(7, 19):
            g[15, x] = "t"
        g[14, 18] = "q"
        g[16, 18] = "q"
        g[15, 19] = "q"
    else:                                    # horse head
        shape = ["....TT..", "...TTTT.", "..TTTTTt", ".TTTtTTT", "TTTTTTTt", "TT..tTTT",
                 "T....TTT", ".....TTt", ".....TTT", ".....TTT"]
        for dy, line in enumerate(shape):
            for dx, ch in enumerate(line):
                if ch != ".":
                    g[8 + dy, 7 + dx] = ch
        g[11, 11] = "K"
    return outline_shape(g)


def build() -> np.ndarray:
    tiles = [plains(), road(), desert(), forest(), swamp(), mountain(), water(), neutral_hatch(),
             city("town"), city("capital"), city("neutral"), unit("infantry"), unit("archer"),
             unit("cavalry"), road(vertical=True), meadow()]
    sheet = np.full((ROWS * H, COLUMNS * W), ".", dtype="<U1")
    for i, tile in enumerate(tiles):
        r, c = divmod(i, COLUMNS)
        sheet[r * H:(r + 1) * H, c * W:(c + 1) * W] = tile
    return to_rgba(sheet, load_palette())


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0]) if args else OUT
    write_png(out, build())
    print(out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
