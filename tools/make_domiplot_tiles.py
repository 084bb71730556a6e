"""Regenerate Domiplotism's Tiled tileset PNG and (with `--map`) its default map.

Run `.venv/bin/python tools/make_domiplot_tiles.py` to write
`maps/domiplot/domiplot_tiles.png` (8x5 tiles of 16x16), or add `--map` to also rewrite
`maps/domiplot/domiplot_regions.tsx` and `maps/domiplot/nine_provinces.tmx` from the
"Nine Provinces" table of the spec (M-5). `--out DIR` writes into another folder.

Tiles (ids as in the .tsx):
- 0..31: region tiles, int property `region_id` 1..32: flat ground in one of four tones with
  a sparse speckle, no outline, so a region reads as one field. Tones colour the default map
  properly (neighbours never share a tone: a greedy colouring of its region graph); ids the
  default map does not use take tone id modulo 4;
- 32: sea (`art`="sea"), drawn under everything in the `art_sea` layer;
- 33..38: terrain glyphs with a 1-px ink outline on a clear background (`art`="terrain",
  `terrain` = ordinary, mountain, city, plateau, hills, plain), scattered on the
  `art_terrain` layer: a tree, a snow-capped peak, a walled gate, a flat mesa, two rounded
  hills, grass tufts.

Colours come from the table in `sprites/art/PALETTE.md` (the collection's palette), so no
colour outside it can appear. The output is a pure function of this file: no clocks, no
global random generator, our own PNG writer, so two runs write identical bytes.
Pure numpy: no pygame here.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tools.pixelart import load_palette, to_rgba, write_png  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
MAP_DIR = Path("maps") / "domiplot"
TILE = 16            # px, tile width and height
COLUMNS = 8          # tiles per tileset row
REGION_TILES = 32    # region ids 1..32 have a tile
SEA = 32             # tile id of the sea
TERRAIN_ORDER = ("ordinary", "mountain", "city", "plateau", "hills", "plain")
TERRAIN_TILE = {t: 33 + i for i, t in enumerate(TERRAIN_ORDER)}
TILE_COUNT = 39
GROUND = (("C", "c"), ("y", "c"), ("q", "r"), ("m", "M"))   # (tone, speckle) by id % 4

GLYPHS: dict[str, list[str]] = {
    "ordinary": [
        "................",
        "................",
        "......KKKK......",
        ".....KggggK.....",
        "....KgggfggK....",
        "....KggffffK....",
        "....KgffffFK....",
        ".....KKfFFK.....",
        "......KTTK......",
        "......KTTK......",
        ".....KKKKKK.....",
        "................",
        "................",
        "................",
        "................",
        "................",
    ],
    "mountain": [
        "................",
        "................",
        ".......KK.......",
        "......KWWK......",
        ".....KWWWRK.....",
        ".....KWrWRK.....",
        "....KrrrrRRK....",
        "....KrrrrRRK....",
        "...KrrrrrRRRK...",
        "...KrrrrRRRRK...",
        "..KrrrrrRRRRRK..",
        "..KKKKKKKKKKKK..",
        "................",
        "................",
        "................",
        "................",
    ],
    "city": [
        "................",
        "................",
        "..KKK.KKKK.KKK..",
        "..KqK.KqqK.KqK..",
        "..KqKKKqqKKKqK..",
        "..KqqqqqqqqqRK..",
        "..KqqqqqqqqqRK..",
        "..KqqqqKKqqqRK..",
        "..KqqqKkkKqqRK..",
        "..KqqqKkkKqqRK..",
        "..KKKKKKKKKKKK..",
        "................",
        "................",
        "................",
        "................",
        "................",
    ],
    "plateau": [
        "................",
        "................",
        "................",
        "................",
        "....KKKKKKKK....",
        "...KttttttttK...",
        "...KtttttttTK...",
        "...KTTtttTTTK...",
        "..KTTTTTTTTTTK..",
        "..KTTTTTTTTTTK..",
        ".KTTTTTTTTTTTTK.",
        ".KKKKKKKKKKKKKK.",
        "................",
        "................",
        "................",
        "................",
    ],
    "hills": [
        "................",
        "................",
        "................",
        "................",
        "....KKKK........",
        "...KggggK.KKKK..",
        "..KgggggfKgggfK.",
        "..KggggffKggffK.",
        ".KggggfffKgfffFK",
        ".KgggffffFfffFFK",
        ".KKKKKKKKKKKKKKK",
        "................",
        "................",
        "................",
        "................",
        "................",
    ],
    "plain": [
        "................",
        "................",
        "................",
        "................",
        "................",
        "..K..K....K..K..",
        ".KgKKgK..KgKKgK.",
        ".KgKgK....KgKgK.",
        "..KgYgK..KgYgK..",
        "..KgggK..KgggK..",
        "...KKK....KKK...",
        "................",
        "................",
        "................",
        "................",
        "................",
    ],
}

# --------------------------------------------------------------------------- the map (M-5)

BLOCK = 4  # tiles per letter of the grid, each way
GRID = (
    "QQAABBBCCCRR",
    "QQAABBFFCCRR",
    "QQADDEFFGGR.",
    "QHHDDEEJJGG.",
    ".HHLIIIJJKK.",
    "SLLLIIMNNKK.",
    "SSLMMMMNNOOT",
    "SS..PPPPOOTT",
)
# id: (name_en, name_zh, terrain, label block (col, row), min_players)
REGIONS: dict[int, tuple[str, str, str, tuple[int, int], int]] = {
    1: ("Western Corridor", "凉州", "plateau", (2, 1), 2),
    2: ("Northern Highlands", "并州", "plateau", (5, 0), 2),
    3: ("Northern Marches", "幽州", "ordinary", (8, 0), 2),
    4: ("Pass Fortress", "关中", "city", (3, 2), 2),
    5: ("Imperial Capital", "司隶", "city", (5, 3), 2),
    6: ("Northern Plain", "冀州", "plain", (6, 1), 2),
    7: ("Eastern Shore", "青州", "ordinary", (9, 2), 2),
    8: ("Upper Valley", "汉中", "hills", (1, 3), 2),
    9: ("Central Plain", "豫州", "plain", (5, 4), 2),
    10: ("River Fords", "兖州", "plain", (7, 3), 2),
    11: ("Eastern Marches", "徐州", "ordinary", (9, 4), 2),
    12: ("Western Basin", "益州", "mountain", (2, 5), 2),
    13: ("Lake Country", "荆州", "hills", (5, 6), 2),
    14: ("Southern Riverlands", "淮南", "plain", (7, 5), 2),
    15: ("River Delta", "扬州", "ordinary", (9, 6), 2),
    16: ("Southern Ridges", "南岭", "hills", (5, 7), 2),
    17: ("Western Regions", "西域", "plateau", (0, 1), 5),
    18: ("Far Northeast", "辽东", "mountain", (10, 1), 5),
    19: ("Southwest Jungles", "南中", "mountain", (0, 6), 5),
    20: ("Southeast Coast", "会稽", "ordinary", (11, 7), 5),
}


def _hash(*parts: int) -> int:
    """A small deterministic integer hash (scatter without a random generator)."""
    h = 2166136261
    for p in parts:
        h = ((h ^ (p & 0xFFFFFFFF)) * 16777619) & 0xFFFFFFFF
    return h


def tones() -> dict[int, int]:
    """Tone index per region id: the default map's regions coloured greedily (most
    neighbours first, then by id) so no two neighbours share a tone."""
    cells = region_cells()
    links: dict[int, set[int]] = {}
    for y, row in enumerate(cells):
        for x, rid in enumerate(row):
            if rid is None:
                continue
            links.setdefault(rid, set())
            for nx, ny in ((x + 1, y), (x, y + 1)):
                if ny < len(cells) and nx < len(row):
                    other = cells[ny][nx]
                    if other is not None and other != rid:
                        links[rid].add(other)
                        links.setdefault(other, set()).add(rid)
    out: dict[int, int] = {}
    for rid in sorted(links, key=lambda r: (-len(links[r]), r)):
        used = {out[n] for n in links[rid] if n in out}
        out[rid] = min(t for t in range(len(GROUND)) if t not in used)
    return out


def region_tile(region_id: int, tone_index: int | None = None) -> np.ndarray:
    """A 16x16 grid of palette characters: ground tone with a sparse speckle."""
    if tone_index is None:
        tone_index = region_id % len(GROUND)
    tone, speck = GROUND[tone_index]
    grid = np.full((TILE, TILE), tone, dtype="<U1")
    for y in range(TILE):
        for x in range(TILE):
            if _hash(x, y, 7) % 23 == 0:
                grid[y, x] = speck
    return grid


def sea_tile() -> np.ndarray:
    grid = np.full((TILE, TILE), "B", dtype="<U1")
    for x0, y0 in ((2, 4), (9, 11)):
        for dx, dy in ((0, 1), (1, 0), (2, 0), (3, 0), (4, 1)):
            grid[y0 + dy, x0 + dx] = "b"
    for x, y in ((12, 3), (4, 13)):
        grid[y, x] = "D"
    return grid


def glyph_tile(terrain: str) -> np.ndarray:
    rows = GLYPHS[terrain]
    assert len(rows) == TILE and all(len(r) == TILE for r in rows), terrain
    return np.array([list(r) for r in rows], dtype="<U1")


def tileset_grid() -> np.ndarray:
    """The whole tileset as palette characters, 8 columns x 5 rows of tiles."""
    rows = (TILE_COUNT + COLUMNS - 1) // COLUMNS
    sheet = np.full((rows * TILE, COLUMNS * TILE), ".", dtype="<U1")
    tone = tones()
    tiles = [region_tile(r, tone.get(r)) for r in range(1, REGION_TILES + 1)]
    tiles.append(sea_tile())
    tiles += [glyph_tile(t) for t in TERRAIN_ORDER]
    for i, tile in enumerate(tiles):
        y, x = divmod(i, COLUMNS)
        sheet[y * TILE:(y + 1) * TILE, x * TILE:(x + 1) * TILE] = tile
    return sheet


# --------------------------------------------------------------------------- Tiled files


def tsx_text() -> str:
    rows = (TILE_COUNT + COLUMNS - 1) // COLUMNS
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<tileset version="1.10" tiledversion="1.10.2" name="domiplot_regions" '
        f'tilewidth="{TILE}" tileheight="{TILE}" tilecount="{TILE_COUNT}" columns="{COLUMNS}">',
        f' <image source="domiplot_tiles.png" width="{COLUMNS * TILE}" height="{rows * TILE}"/>',
    ]
    for tid in range(TILE_COUNT):
        lines.append(f' <tile id="{tid}">')
        lines.append('  <properties>')
        if tid < REGION_TILES:
            lines.append(f'   <property name="region_id" type="int" value="{tid + 1}"/>')
        elif tid == SEA:
            lines.append('   <property name="art" value="sea"/>')
        else:
            lines.append('   <property name="art" value="terrain"/>')
            lines.append(f'   <property name="terrain" value="{TERRAIN_ORDER[tid - 33]}"/>')
        lines.append('  </properties>')
        lines.append(' </tile>')
    lines.append('</tileset>')
    return "\n".join(lines) + "\n"


def region_cells() -> list[list[int | None]]:
    """Region id per tile of the 48x32 map (None: sea)."""
    out: list[list[int | None]] = []
    for line in GRID:
        for _ in range(BLOCK):
            row: list[int | None] = []
            for ch in line:
                rid = None if ch == "." else ord(ch) - ord("A") + 1
                row.extend([rid] * BLOCK)
            out.append(row)
    return out


def _csv(grid: list[list[int]]) -> str:
    return "\n" + ",\n".join(",".join(str(v) for v in row) for row in grid) + "\n"


def _xml(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace('"', "&quot;")


def tmx_text() -> str:
    cells = region_cells()
    height, width = len(cells), len(cells[0])
    sea = [[SEA + 1] * width for _ in range(height)]
    regions = [[0 if r is None else r for r in row] for row in cells]
    labels = {info[3]: rid for rid, info in REGIONS.items()}
    art = [[0] * width for _ in range(height)]
    for by, line in enumerate(GRID):
        for bx, ch in enumerate(line):
            if ch == "." or (bx, by) in labels:
                continue
            rid = ord(ch) - ord("A") + 1
            x, y = bx * BLOCK + 1 + (by % 2), by * BLOCK + 1 + (bx % 2)
            art[y][x] = TERRAIN_TILE[REGIONS[rid][2]] + 1
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" '
        f'renderorder="right-down" width="{width}" height="{height}" tilewidth="{TILE}" '
        f'tileheight="{TILE}" infinite="0" nextlayerid="5" nextobjectid="{len(REGIONS) + 1}">',
        ' <properties>',
        '  <property name="max_players" type="int" value="8"/>',
        '  <property name="min_players" type="int" value="2"/>',
        '  <property name="name_en" value="Nine Provinces"/>',
        '  <property name="name_zh" value="九州"/>',
        '  <property name="ruleset" value="domiplot"/>',
        '  <property name="title" value="Nine Provinces"/>',
        '  <property name="title_zh" value="九州"/>',
        ' </properties>',
        ' <tileset firstgid="1" source="domiplot_regions.tsx"/>',
        f' <layer id="1" name="art_sea" width="{width}" height="{height}">',
        f'  <data encoding="csv">{_csv(sea)}</data>',
        ' </layer>',
        f' <layer id="2" name="regions" width="{width}" height="{height}">',
        f'  <data encoding="csv">{_csv(regions)}</data>',
        ' </layer>',
        f' <layer id="3" name="art_terrain" width="{width}" height="{height}">',
        f'  <data encoding="csv">{_csv(art)}</data>',
        ' </layer>',
        ' <objectgroup id="4" name="region_info">',
    ]
    for rid, (name_en, name_zh, terrain, (col, row), min_players) in REGIONS.items():
        x, y = col * BLOCK * TILE + 2 * TILE, row * BLOCK * TILE + 2 * TILE
        out += [
            f'  <object id="{rid}" name="{_xml(name_en)}" class="region" type="region" x="{x}" y="{y}">',
            '   <properties>',
            f'    <property name="min_players" type="int" value="{min_players}"/>',
            f'    <property name="name_en" value="{_xml(name_en)}"/>',
            f'    <property name="name_zh" value="{_xml(name_zh)}"/>',
            f'    <property name="region_id" type="int" value="{rid}"/>',
            f'    <property name="terrain" value="{terrain}"/>',
            '   </properties>',
            '   <point/>',
            '  </object>',
        ]
    out += [' </objectgroup>', '</map>']
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT, help="root folder to write into")
    parser.add_argument("--map", action="store_true", help="also write the .tsx and the .tmx")
    args = parser.parse_args(argv)
    folder = args.out / MAP_DIR
    write_png(folder / "domiplot_tiles.png", to_rgba(tileset_grid(), load_palette()))
    if args.map:
        (folder / "domiplot_regions.tsx").write_text(tsx_text(), encoding="utf-8")
        (folder / "nine_provinces.tmx").write_text(tmx_text(), encoding="utf-8")


if __name__ == "__main__":
    main()
