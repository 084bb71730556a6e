"""Regenerate `maps/landship/landship_tiles.png`, the Scorched Landships Tiled tileset.

Run `.venv/bin/python tools/make_landship_tiles.py` (optionally `--out FILE`). One row of eight
16x16 tiles (ids as in `maps/landship/landship.tsx`):

  0 sand, 1 sand with dune ripples, 2 sand with pebbles  (terrain = sand)
  3 rock outcrop                                        (terrain = rock)
  4 active resource tile, 5 depleted resource tile,
  6 start flag, 7 quicksand                             (overlays, transparent around)

Flat colours from `sprites/art/PALETTE.md` with 1-px ink (`K`) outlines around every shape; the
sand tiles carry a 1-px furrow-brown grid line on their top and left edge so the board reads
as squares. Everything is drawn as a grid of palette characters and turned into RGBA only when
written; no clock and no global random generator (scatter uses a fixed hash) and our own PNG
writer, so two runs write identical bytes. Pure numpy.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tools.pixelart import CLEAR, load_palette, to_rgba, write_png  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
PALETTE = ROOT / "sprites" / "art" / "PALETTE.md"
OUT = ROOT / "maps" / "landship" / "landship_tiles.png"
TILE = 16      # px, Tiled tilewidth = tileheight
COLUMNS = 8


def _hash(*values: int) -> int:
    """A small deterministic integer hash (splitmix64 steps) for scattering details."""
    h = 0x9E3779B97F4A7C15
    for v in values:
        h = (h ^ (v & 0xFFFFFFFFFFFFFFFF)) * 0xBF58476D1CE4E5B9 & 0xFFFFFFFFFFFFFFFF
        h ^= h >> 31
    return h


def blank(char: str = CLEAR) -> np.ndarray:
    return np.full((TILE, TILE), char, dtype="<U1")


def outline_of(mask: np.ndarray) -> np.ndarray:
    """Pixels just outside `mask` (4-neighbourhood), inside the tile."""
    m = np.pad(mask, 1)
    grown = m.copy()
    for dy, dx in ((0, 1), (0, -1), (1, 0), (-1, 0)):
        grown |= np.roll(np.roll(m, dy, 0), dx, 1)
    return (grown & ~m)[1:-1, 1:-1]


def ellipse(cx: float, cy: float, rx: float, ry: float) -> np.ndarray:
    y, x = np.mgrid[0:TILE, 0:TILE]
    return ((x + 0.5 - cx) / rx) ** 2 + ((y + 0.5 - cy) / ry) ** 2 <= 1.0


def shape(g: np.ndarray, mask: np.ndarray, fill: str, light: str = "", shade: str = "") -> None:
    """Fill `mask`, light its top-left rim, shade its bottom-right rim, ink outline around."""
    g[mask] = fill
    if light:
        up = mask & ~np.roll(mask, 1, 0)
        left = mask & ~np.roll(mask, 1, 1)
        g[(up | left) & mask] = light
    if shade:
        down = mask & ~np.roll(mask, -1, 0)
        right = mask & ~np.roll(mask, -1, 1)
        g[(down | right) & mask] = shade
    g[outline_of(mask)] = "K"


def sand(variant: int) -> np.ndarray:
    """Sand: parchment-shade ground, scattered light grains and dark grit, grid line."""
    g = blank("c")
    for i in range(18):
        h = _hash(variant, i)
        x, y = 1 + h % 15, 1 + (h >> 8) % 15
        g[y, x] = "C" if (h >> 16) % 3 else "G"
    if variant == 1:  # dune ripples: two wavy furrows with a light crest above
        for base in (5, 11):
            for x in range(1, TILE):
                y = base + (1 if (x // 3) % 2 else 0)
                g[y, x] = "G"
                g[y - 1, x] = "y"
    if variant == 2:  # pebbles
        for cx, cy, r in ((5, 6, 1.9), (11, 10, 2.4), (6, 12, 1.5)):
            shape(g, ellipse(cx, cy, r, r * 0.8), "q", "W", "r")
    g[0, :] = "G"
    g[:, 0] = "G"
    return g


def rock() -> np.ndarray:
    """A rock outcrop on sand: stone body, pebble light, slate shadow and cracks."""
    g = sand(0)
    body = ellipse(8.5, 9.0, 6.6, 5.8) | ellipse(6.0, 6.5, 3.8, 3.6)
    body[0, :] = False
    body[:, 0] = False
    shape(g, body, "r", "q", "R")
    for x, y in ((7, 9), (8, 10), (9, 10), (10, 11), (11, 8), (12, 8)):
        if body[y, x]:
            g[y, x] = "R"
    return g


def crystals(active: bool) -> np.ndarray:
    """A resource vein: three coupling crystals (active) or broken grey stumps (depleted)."""
    g = blank()
    y, x = np.mgrid[0:TILE, 0:TILE]
    ground = ellipse(8, 12.5, 6.5, 2.6)
    shape(g, ground, "k" if active else "R")
    shards = ((5, 7 if active else 10, 2.2), (8.5, 4 if active else 9, 2.6), (12, 8 if active else 11, 2.0))
    for cx, top, half in shards:
        m = (np.abs(x + 0.5 - cx) <= half * (1 - np.clip((top - (y + 0.5)) / 10, 0, 1))) \
            & (y + 0.5 >= top) & (y + 0.5 <= 13) & (np.abs(x + 0.5 - cx) <= half)
        rise = y + 0.5 - top + 2  # the pointed tip above the shard
        tip = (rise >= 0) & (y + 0.5 < top) & (np.abs(x + 0.5 - cx) <= rise * half / 2)
        m |= tip if active else np.zeros_like(tip)
        shape(g, m, "b" if active else "r", "W" if active else "q", "l" if active else "R")
    return g


def start_flag() -> np.ndarray:
    """A start marker: a pole with a pennant over a small cairn."""
    g = blank()
    cairn = ellipse(8, 13, 4.5, 2.2)
    shape(g, cairn, "q", "W", "r")
    pole = np.zeros((TILE, TILE), dtype=bool)
    pole[2:12, 5] = True
    shape(g, pole, "T")
    flag = np.zeros((TILE, TILE), dtype=bool)
    for row in range(3, 8):
        width = 7 - abs(row - 5) * 2
        flag[row, 6:6 + max(1, width)] = True
    shape(g, flag, "W", "", "c")
    return g


def quicksand() -> np.ndarray:
    """Quicksand: a sunken disc of wet sand with a dark spiral."""
    g = blank()
    disc = ellipse(8, 8, 7.2, 7.2)
    shape(g, disc, "G", "", "T")
    y, x = np.mgrid[0:TILE, 0:TILE]
    dx, dy = x + 0.5 - 8, y + 0.5 - 8
    r = np.hypot(dx, dy)
    angle = np.arctan2(dy, dx)
    spiral = disc & (np.abs(((r - angle * 1.1) % 3.4) - 1.7) < 0.55) & (r < 6.5)
    g[spiral] = "T"
    g[disc & (r < 1.2)] = "K"
    return g


def build_tileset() -> np.ndarray:
    tiles = [sand(0), sand(1), sand(2), rock(), crystals(True), crystals(False), start_flag(), quicksand()]
    return np.concatenate(tiles, axis=1)


def build(out: Path = OUT) -> Path:
    """Write the tileset PNG to `out` and return the path."""
    write_png(out, to_rgba(build_tileset(), load_palette()))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT, help="PNG file to write")
    args = parser.parse_args(argv)
    print(build(args.out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
