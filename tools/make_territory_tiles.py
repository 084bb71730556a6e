"""Regenerate the Dice for Land terrain tileset `maps/territory/territory_tiles.png`.

Run `.venv/bin/python tools/make_territory_tiles.py` (optionally `--out FILE`). The image is
8x1 square tiles of 16x16 px, in the order of `maps/territory/territory.tsx`:
0 sea, 1 plain, 2 hill, 3 chasm, 4 volcano, 5 plain with materials, 6 plain with exotics,
7 hill with materials.

Every pixel is a colour of `sprites/art/PALETTE.md` (read from its table), each terrain a flat
colour with its own texture and a 1-px darker outline; textures are small fixed stamps, so the
output is a pure function of this file and the palette. The PNG writer is our own (zlib
level 9, no timestamps), so running the script twice writes identical bytes. Pure numpy.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tools.pixelart import load_palette, to_rgba, write_png  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "maps" / "territory" / "territory_tiles.png"
TILE = 16  # px
NAMES = ("sea", "plain", "hill", "chasm", "volcano", "materials", "exotics", "hill_materials")

# Stamps: one character per pixel, palette characters, "." = leave the ground.
WAVE = ["..bb....", ".b..b..b", "......b."]
TUFT = [".f.f", "f.f.", ".f.."]
HILL = ["....TT....", "..TTttTT..", ".Tt.yy.tT.", "T........T"]
CRACK = ["K.....", ".K...K", "..KKK.", "....K."]
CONE = ["......KK......", ".....KXXK.....", "....KRXXRK....", "...KRRRRRRK...",
        "..KRRRrRRRRK..", ".KRRrRRRRrRRK.", "KRRRRRRRRRRRRK"]
BOULDER = [".KKK.", "KqqWK", "KqqqK", "KRqRK", ".KKK."]
CRYSTAL = ["..K..", ".KbK.", "KbWbK", ".KbK.", "..K.."]
SPARK = [".W.", "WbW", ".W."]


def stamp(grid: np.ndarray, art: list[str], x: int, y: int) -> None:
    """Draw `art` with its top-left corner at (x, y); "." leaves the pixel as it is."""
    for dy, line in enumerate(art):
        for dx, ch in enumerate(line):
            if ch != "." and 0 <= y + dy < TILE and 0 <= x + dx < TILE:
                grid[y + dy, x + dx] = ch


def ground(fill: str, outline: str) -> np.ndarray:
    """A flat tile with a 1-px outline of a darker shade."""
    grid = np.full((TILE, TILE), fill, dtype="<U1")
    grid[0, :] = grid[-1, :] = grid[:, 0] = grid[:, -1] = outline
    return grid


def sea() -> np.ndarray:
    """Tile 0: waves."""
    grid = ground("B", "D")
    stamp(grid, WAVE, 2, 3)
    stamp(grid, WAVE, 6, 10)
    return grid


def plain() -> np.ndarray:
    """Tile 1: grass tufts."""
    grid = ground("g", "F")
    stamp(grid, TUFT, 2, 2)
    stamp(grid, TUFT, 9, 7)
    stamp(grid, TUFT, 3, 11)
    return grid


def hill(with_boulder: bool = False) -> np.ndarray:
    """Tile 2 (7 with a boulder): ridges."""
    grid = ground("t", "T")
    stamp(grid, HILL, 3, 3)
    stamp(grid, HILL, 1, 10)
    if with_boulder:
        stamp(grid, BOULDER, 10, 9)
    return grid


def chasm() -> np.ndarray:
    """Tile 3: a dark rift."""
    grid = ground("k", "K")
    grid[1:-1, 6:10] = "K"
    stamp(grid, CRACK, 1, 3)
    stamp(grid, CRACK, 9, 10)
    return grid


def volcano() -> np.ndarray:
    """Tile 4: a cone with a red crater."""
    grid = ground("k", "K")
    stamp(grid, CONE, 1, 6)
    grid[3, 7:9] = "r"
    grid[2, 6] = grid[1, 9] = "q"
    return grid


def materials() -> np.ndarray:
    """Tile 5: plain with boulders."""
    grid = plain()
    stamp(grid, BOULDER, 5, 4)
    stamp(grid, BOULDER, 9, 9)
    return grid


def exotics() -> np.ndarray:
    """Tile 6: plain with a crystal."""
    grid = plain()
    stamp(grid, CRYSTAL, 6, 5)
    stamp(grid, SPARK, 11, 10)
    stamp(grid, SPARK, 2, 9)
    return grid


TILES = (sea, plain, hill, chasm, volcano, materials, exotics, lambda: hill(with_boulder=True))


def build() -> np.ndarray:
    """The tileset as an (h, w, 4) uint8 RGBA array."""
    sheet = np.concatenate([make() for make in TILES], axis=1)
    return to_rgba(sheet, load_palette())


def main(argv: list[str] | None = None) -> None:
    """Write the tileset PNG."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT, help="where to write the PNG")
    args = parser.parse_args(argv)
    write_png(args.out, build())


if __name__ == "__main__":
    main()
