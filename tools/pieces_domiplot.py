"""Domiplotism's card sheet (`sprites/sheets/domiplot_pieces.png`).

Cards are 24x34 (a hand of eight, 26 px apart, spans 208 px of the 640-px canvas): an ink
outline, a border in the colour of the card's class (army: oak, hero: gold, terrain: leaf,
tactic: signal red; C-2) and a class mark of its own shape (hero star, terrain peak, tactic
diamond), parchment inside, the printed value top left for score cards (C-1; "10" in two
digits), and a 16x16 picture. Tooltips show the same card scaled by 2 (a whole number keeps
it crisp), so there is no second size to keep in step. One frame per card kind of the 122-card deck
(`card_<id>`, 19 kinds), the card back, a blank frame per class for screens that compose
their own cards, the six region terrain icons (M-1; the map glyphs of
`tools/make_domiplot_tiles.py`, trimmed), the faction flag (tinted) and the tally marker.
"""

from __future__ import annotations

import numpy as np

from tools.make_art import blank, load_grids, recolour, stamp
from tools.make_pieces import PieceSheet, outlined

W, H = 24, 34
PIC = 16
SCORE = {"siege_engine": 1, "infantry": 2, "heavy_infantry": 3, "archer": 4,
         "crossbowman": 5, "cavalry": 6, "heavy_cavalry": 10, "general": 1, "commander": 10}
TERRAIN_CARDS = ("mountain", "city", "plateau", "hills", "plain")
TACTICS = ("gong", "drum", "tiger_tally", "rolling_stones", "command")
REGION_TERRAINS = ("ordinary", "mountain", "city", "plateau", "hills", "plain")
CLASS_BORDER = {"army": ("t", "T"), "hero": ("y", "G"), "terrain": ("g", "f"),
                "tactic": ("X", "v")}
ARMY = {"1": "D", "2": "D", "3": "B", "4": "b"}            # greys -> the card army's blue
STEEL = {"1": "R", "2": "r", "3": "q", "4": "W"}           # greys -> armour
# A class mark in a top corner, so classes differ by shape too, not only by border colour
# (leaf-green terrain and red tactic borders look alike to red-green colour-blind players).
CLASS_MARK = {
    "hero": ("..K..", ".KyK.", "KyYYK", ".KYK.", "K.K.K"),      # a star
    "terrain": ("..K..", ".KgK.", ".KgfK", "KgffK", "KKKKK"),   # a peak
    "tactic": ("..K..", ".KXK.", "KXXvK", ".KvK.", "..K.."),    # a diamond
}


def card_class(kind: str) -> str:
    """army, hero, terrain or tactic (C-1 class column)."""
    if kind in ("general", "commander"):
        return "hero"
    if kind.startswith("terrain_"):
        return "terrain"
    return "army" if kind in SCORE else "tactic"


def frame(cls: str) -> np.ndarray:
    """A blank card of class `cls`: outline with cut corners, class border, parchment."""
    grid = blank(W, H, "C")
    lit, shade = CLASS_BORDER[cls]
    grid[0, :] = grid[-1, :] = "K"
    grid[:, 0] = grid[:, -1] = "K"
    grid[1, 1:-1] = grid[1:-1, 1] = lit
    grid[-2, 1:-1] = grid[1:-1, -2] = shade
    grid[-3, 2:-2] = "c"                                      # parchment shade at the foot
    grid[2:-3, -3] = "c"
    for y, x in ((0, 0), (0, W - 1), (H - 1, 0), (H - 1, W - 1)):
        grid[y, x] = "."
    for y, x in ((1, 1), (1, W - 2), (H - 2, 1), (H - 2, W - 2)):
        grid[y, x] = "K"
    return grid


def back() -> np.ndarray:
    """The card back: deep sea with a lattice of shallows and a gold diamond in the middle."""
    grid = frame("hero")
    ys, xs = np.mgrid[0:H, 0:W]
    inner = (ys >= 2) & (ys < H - 2) & (xs >= 2) & (xs < W - 2)
    grid[inner] = "D"
    grid[inner & ((xs + ys) % 6 == 0)] = "B"
    grid[inner & ((xs - ys) % 6 == 0)] = "B"
    dist = np.abs(xs - 11.5) + np.abs(ys - 16.5)
    grid[dist <= 6] = "Y"
    grid[dist <= 3] = "y"
    grid[(dist > 6) & (dist <= 7)] = "K"
    return grid


def value_mark(grid: np.ndarray, value: int, digits: dict[str, np.ndarray]) -> None:
    """Print `value` in ink at the top left (two digits for 10)."""
    x = 3
    for ch in str(value):
        glyph = digits[f"digit_{ch}"]
        sub = grid[3:3 + glyph.shape[0], x:x + glyph.shape[1]]
        sub[glyph == "K"] = "K"
        x += glyph.shape[1] + 1


def pictures() -> dict[str, np.ndarray]:
    """The 16x16 picture of every card kind (C-1)."""
    from tools.make_domiplot_tiles import glyph_tile  # noqa: PLC0415

    art = load_grids("domiplot.txt")
    units = load_grids("skirmish.txt")
    pics = {
        "siege_engine": outlined(art["siege_engine"]),
        "infantry": outlined(recolour(units["infantry"], ARMY)),
        "heavy_infantry": outlined(recolour(units["infantry"], STEEL)),
        "archer": outlined(recolour(units["archer"], ARMY)),
        "crossbowman": outlined(art["crossbowman"]),
        "cavalry": outlined(recolour(units["cavalry"], ARMY)),
        "heavy_cavalry": outlined(recolour(units["cavalry"], STEEL)),
        "general": outlined(art["general"]),
        "commander": outlined(art["commander"]),
        "gong": outlined(art["gong"]),
        "drum": outlined(art["drum"]),
        "tiger_tally": outlined(art["tiger"]),
        "rolling_stones": outlined(art["stones"]),
        "command": outlined(art["command"]),
    }
    for terrain in TERRAIN_CARDS:
        scene = blank(PIC, PIC, "b")
        scene[10:, :] = "g"
        scene[11:, :][::2, ::3] = "f"
        stamp(scene, glyph_tile(terrain), 0, 0)
        pics[f"terrain_{terrain}"] = scene
    return pics


def card(kind: str, pic: np.ndarray, digits: dict[str, np.ndarray]) -> np.ndarray:
    """The face of one card kind."""
    cls = card_class(kind)
    grid = frame(cls)
    if cls in CLASS_MARK:
        mark = np.array([list(r) for r in CLASS_MARK[cls]])
        stamp(grid, mark, W - 8 if cls == "hero" else 3, 3)
    if kind in SCORE:
        value_mark(grid, SCORE[kind], digits)
        stamp(grid, pic, 4, 12)
    else:
        stamp(grid, pic, 4, 9)
    return grid


def trimmed(grid: np.ndarray) -> np.ndarray:
    """`grid` cut to the bounding box of its visible pixels."""
    ys, xs = np.nonzero(grid != ".")
    return grid[ys.min():ys.max() + 1, xs.min():xs.max() + 1]


def build() -> PieceSheet:
    """Every Domiplotism frame, in sheet order."""
    from tools.make_domiplot_tiles import glyph_tile  # noqa: PLC0415

    digits = load_grids("glyphs.txt")
    art = load_grids("domiplot.txt")
    pics = pictures()
    sheet = PieceSheet("domiplot_pieces", 256)
    kinds = list(SCORE) + [f"terrain_{t}" for t in TERRAIN_CARDS] + list(TACTICS)
    for i, kind in enumerate(kinds):
        sheet.add(f"card_{kind}", card(kind, pics[kind], digits), new_row=i % 9 == 0)
    sheet.add("card_back", back(), new_row=True)
    for cls in CLASS_BORDER:
        sheet.add(f"card_blank_{cls}", frame(cls))
    for i, kind in enumerate(kinds):
        sheet.add(f"picture_{kind}", pics[kind], new_row=i == 0)
    for i, terrain in enumerate(REGION_TERRAINS):
        sheet.add(f"region_{terrain}", trimmed(glyph_tile(terrain)), new_row=i == 0)
    sheet.add("flag", outlined(art["flag"]), (1, 9))
    sheet.add("tally_marker", outlined(art["tiger"]), (8, 8))
    return sheet
