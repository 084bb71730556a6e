"""Regenerate the piece and card sheets of Skirmish, Landship, Domiplotism and Dice for Land.

Run `.venv/bin/python tools/make_pieces.py` (optionally `--out DIR`). Output, each a PNG plus a
JSON index in the format of `tools/make_art.py` (`frames`, `anchors`, `borders`,
`animations`) with two more keys, `tinted` (frames drawn in the piece greys, to be recoloured
per seat) and `grey_ramp` (those greys, dark to light):

- `sprites/sheets/seats.{png,json}`: the eight 7x7 seat marker shapes, and in the JSON the
  default seat ramps copied from `sprites/art/PALETTE.md`;
- `sprites/sheets/{skirmish,landship,domiplot,territory}_pieces.{png,json}`.

Sources: the palette grids `sprites/art/{seats,skirmish,landship,domiplot,territory}.txt`
(format as in `make_art.py`) and the drawing code in `tools/pieces_<ruleset>.py` (one module
per ruleset). Grids whose art is "fill only" get their 1-px ink outline from `outlined()`, so
every piece has the same outline. Same guarantees as `make_art.py`: palette characters until
the PNG is written, no clocks or global random generator, our own PNG writer, so two runs
write identical bytes. Pure numpy: no pygame here.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tools.make_art import (  # noqa: E402
    ROOT, SHEETS_DIR, Grid, Sheet, blank, load_grids, outline,
)
from tools.pixelart import CLEAR, PALETTE_MD, load_palette, to_rgba, write_png  # noqa: E402

GREYS = ("1", "2", "3", "4")  # piece greys, dark -> light (PALETTE.md)
MARKERS = ("circle", "square", "triangle", "diamond", "star", "cross", "hexagon", "ring")
_SEAT_ROW = re.compile(  # | seat | name | marker | dark | shade | base | light |
    r"^\|\s*(\d)\s*\|\s*(\w+)\s*\|\s*(\w+)\s*\|((?:\s*#[0-9a-fA-F]{6}\s*\|){4})")


class PieceSheet(Sheet):
    """A `make_art.Sheet` that also records which frames are drawn in the piece greys."""

    def __init__(self, name: str, width: int) -> None:
        super().__init__(name, width)
        self.tinted: list[str] = []

    def add(self, name: str, grid: Grid, anchor: tuple[int, int] | None = None,
            border: int | None = None, new_row: bool = False) -> None:
        """Add a frame (see `Sheet.add`); frames with grey pixels are listed as tinted."""
        super().add(name, grid, anchor, border, new_row)
        if np.isin(grid, GREYS).any():
            self.tinted.append(name)

    def index(self, rects: dict[str, list[int]]) -> dict:
        """`Sheet.index` plus `tinted` and `grey_ramp` (see PALETTE.md, seat colours)."""
        palette = load_palette()
        out = super().index(rects)
        out["about"] = out["about"].replace("tools/make_art.py", "tools/make_pieces.py") + (
            " tinted: frames drawn in the piece greys; recolour them per seat by swapping the "
            "grey_ramp colours (dark to light) for the seat's ramp (sprites/tint.py).")
        out["tinted"] = list(self.tinted)
        out["grey_ramp"] = ["#%02x%02x%02x" % palette[g][:3] for g in GREYS]
        return out


# --------------------------------------------------------------------------- drawing helpers


def outlined(fill: Grid, ink: str = "K", diagonal: bool = False) -> Grid:
    """`fill` padded by 1 px with an `ink` outline around everything that is not clear."""
    grid = np.pad(fill, 1, constant_values=CLEAR)
    grid[outline(grid != CLEAR, diagonal=diagonal)] = ink
    return grid


def die_face(sides: int, label: str, digits: dict[str, Grid], top: bool = False) -> Grid:
    """A 16x16 (d10: 18x16) die face in the style of the d6 of `make_art.py` (foam face,
    pebble side, ink label; `top` = the highest face, labelled in red like the d6's 1): a triangle for the d4,
    a diamond for the d8, a kite for the d10 (label "0".."9" or "00".."90")."""
    size = 16
    width = 18 if sides == 10 else size     # a d10 kite is wider: "00".."90" need 9 px
    ys, xs = np.mgrid[0:size, 0:width]
    c = (width - 1) / 2
    if sides == 4:
        body = (ys >= 1) & (ys <= 14) & (np.abs(xs - c) <= (ys - 0.5) * 0.56)
        side = body & (ys >= 13)
        y0 = 7
    elif sides == 8:
        body = np.abs(xs - c) + np.abs(ys - c) <= 7.6
        side = body & (xs - c + ys - c >= 5.0)
        y0 = 5
    elif sides == 10:
        widest = 10.0                           # the kite's widest row
        half = np.where(ys <= widest, (ys + 0.6) * 7.9 / (widest + 0.6),
                        (size - 0.4 - ys) * 7.9 / (size - 0.4 - widest))
        body = np.abs(xs - c) <= half
        side = body & (ys >= 13) & (xs >= c - 2)
        y0 = 7
    else:
        raise ValueError(f"no die shape for d{sides}")
    grid = blank(width, size)
    grid[body] = "W"
    grid[side] = "q"
    grid[side & ~np.roll(body, -1, 0)] = "r"
    grid[outline(body)] = "K"
    glyphs = [digits[f"digit_{ch}"] for ch in label]
    text_w = sum(g.shape[1] for g in glyphs) + len(glyphs) - 1
    x = (width - text_w) // 2
    for glyph in glyphs:
        h, w = glyph.shape
        sub = grid[y0:y0 + h, x:x + w]
        sub[glyph == "K"] = "X" if top else "K"
        x += w + 1
    return grid


def seat_table(path: Path | None = None) -> list[dict]:
    """The default seats of PALETTE.md: name, marker shape and ramp (dark, shade, base, light)."""
    path = path or PALETTE_MD
    seats = []
    for line in path.read_text(encoding="utf-8").splitlines():
        match = _SEAT_ROW.match(line)
        if match:
            seat, name, marker, ramp = match.groups()
            colours = [c.strip().lower() for c in ramp.strip().strip("|").split("|")]
            seats.append({"seat": int(seat), "name": name, "marker": marker, "ramp": colours})
    if [s["seat"] for s in seats] != list(range(8)):
        raise ValueError(f"{path}: the seat colour table must list seats 0..7 in order")
    return seats


# --------------------------------------------------------------------------- seats sheet


def build_seats_sheet() -> tuple[PieceSheet, dict]:
    """The eight marker shapes (7x7, greys) and the seat table for `seats.json`."""
    art = load_grids("seats.txt")
    sheet = PieceSheet("seats", 64)
    for i, shape in enumerate(MARKERS):
        sheet.add(f"marker_{shape}", art[f"marker_{shape}"], (3, 3), new_row=i == 0)
    return sheet, {"seats": seat_table()}


# --------------------------------------------------------------------------- entry points


def all_sheets() -> list[tuple[PieceSheet, dict]]:
    """Every sheet this script writes, with the extra JSON keys of each."""
    from tools import (  # noqa: PLC0415  (they import this module)
        pieces_domiplot, pieces_landship, pieces_skirmish, pieces_territory)

    return [build_seats_sheet(), (pieces_skirmish.build(), {}), (pieces_landship.build(), {}),
            (pieces_domiplot.build(), {}), (pieces_territory.build(), {})]


def build_all(out_root: Path = ROOT) -> list[Path]:
    """Write every piece sheet (PNG + JSON) under `out_root`; return the paths."""
    palette = load_palette()
    written = []
    for sheet, extra in all_sheets():
        grid, rects = sheet.pack()
        png = out_root / SHEETS_DIR / f"{sheet.name}.png"
        write_png(png, to_rgba(grid, palette))
        index = out_root / SHEETS_DIR / f"{sheet.name}.json"
        index.write_text(json.dumps({**sheet.index(rects), **extra}, indent=1) + "\n",
                         encoding="utf-8")
        written += [png, index]
    return written


def main(argv: list[str] | None = None) -> int:
    """Command line: regenerate the piece sheets (into the repository unless --out is given)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT, help="root folder to write into")
    args = parser.parse_args(argv)
    for path in build_all(args.out):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
