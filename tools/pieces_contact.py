"""Draw a contact sheet of the piece sheets, for looking at the art as a player would.

Run `.venv/bin/python tools/pieces_contact.py [--out DIR] [--scale N] [--seats A,B]`: writes
`<DIR>/contact_<sheet>.png` (default DIR /tmp/art), every frame of each piece sheet on its
ruleset's board ground, once per seat (tinted frames recoloured with `sprites.tint`), scaled by
a whole number (the seats sheet gets a third band: each marker in its own seat's colours),
plus `<DIR>/board_<sheet>.png`, a small board mock-up with the pieces placed as a screen
would place them. Not part of the build; the generator is `tools/make_pieces.py`.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402

from sprites import tint  # noqa: E402
from sprites.sheets import load_image, load_index, load_sheet  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
# sheet -> (tileset image, tile size, ground tile index, colour behind transparent corners)
GROUND = {
    "seats": ("maps/landship/landship_tiles.png", (16, 16), 0, (0xDE, 0xA0, 0x3A)),
    "skirmish_pieces": ("maps/skirmish/skirmish_tiles.png", (24, 28), 0, (0x2F, 0x7E, 0x45)),
    "landship_pieces": ("maps/landship/landship_tiles.png", (16, 16), 1, (0xDE, 0xA0, 0x3A)),
    "domiplot_pieces": ("maps/domiplot/domiplot_tiles.png", (16, 16), 1, (0xF4, 0xE4, 0xB6)),
    "territory_pieces": ("maps/territory/territory_tiles.png", (16, 16), 1, (0x74, 0xB6, 0x4E)),
}
PAD = 3  # px around each frame, at 1x


def ground(sheet: str, size: tuple[int, int]) -> pygame.Surface:
    """A surface of `size` covered with the ruleset's board ground tile."""
    image, (tw, th), index, behind = GROUND[sheet]
    tiles = load_image(ROOT / image)
    cols = tiles.get_width() // tw
    tile = tiles.subsurface(((index % cols) * tw, (index // cols) * th, tw, th))
    out = pygame.Surface(size, pygame.SRCALPHA)
    out.fill(behind)
    for y in range(0, size[1], th):
        for x in range(0, size[0], tw):
            out.blit(tile, (x, y))
    return out


def contact(sheet: str, seats: tuple[int, ...], scale: int) -> pygame.Surface:
    """Every frame of `sheet` on its ground, one row band per seat, scaled by `scale`."""
    index = load_index(sheet)
    frames = load_sheet(sheet)
    ramps = tint.seat_ramps()
    greys = tint.grey_ramp(sheet)
    names = list(index["frames"])
    per_row = 16
    cell_w = max(f.get_width() for f in frames.values()) + 2 * PAD
    cell_h = max(f.get_height() for f in frames.values()) + 2 * PAD
    rows = (len(names) + per_row - 1) // per_row
    band_h = rows * cell_h
    width = per_row * cell_w
    out = ground(sheet, (width, band_h * len(seats) + 2 * (len(seats) - 1)))
    for b, seat in enumerate(seats):
        top = b * (band_h + 2)
        if b:
            out.fill((0x1B, 0x14, 0x26), (0, top - 2, width, 2))
        for i, name in enumerate(names):
            r, c = divmod(i, per_row)
            img = frames[name]
            if name in index["tinted"]:
                # seat -1: each seat marker in its own seat's colours
                ramp = ramps[seat if seat >= 0 else i % len(ramps)]
                if name.endswith("_hulk"):  # S-3: a hulk shows its former owner faded
                    ramp = tint.fade_ramp(ramp)
                img = tint.tint(img, ramp, greys)
            x = c * cell_w + (cell_w - img.get_width()) // 2
            y = top + r * cell_h + (cell_h - img.get_height()) // 2
            out.blit(img, (x, y))
    return pygame.transform.scale_by(out, scale)


def _tiles(image: str, size: tuple[int, int]) -> list[pygame.Surface]:
    sheet = load_image(ROOT / image)
    tw, th = size
    return [sheet.subsurface((c * tw, r * th, tw, th))
            for r in range(sheet.get_height() // th) for c in range(sheet.get_width() // tw)]


def _piece(sheet: str, name: str, seat: int | None = None, faded: bool = False) -> pygame.Surface:
    img = load_sheet(sheet)[name]
    if seat is not None:
        ramp = tint.seat_ramps()[seat]
        img = tint.tint(img, tint.fade_ramp(ramp) if faded else ramp, tint.grey_ramp(sheet))
    return img


def mock_skirmish(seats: tuple[int, ...] = (0, 1)) -> pygame.Surface:
    """Six hexes a row, four rows of Four Banners ground with units, pips, statuses, cities."""
    tiles = _tiles("maps/skirmish/skirmish_tiles.png", (24, 28))
    out = pygame.Surface((6 * 24 + 12, 4 * 21 + 7 + 4), pygame.SRCALPHA)
    out.fill((0x1D, 0x4A, 0x36))
    terrain = [[0, 0, 3, 3, 0, 15], [1, 1, 1, 14, 5, 0], [0, 4, 0, 0, 0, 2], [15, 0, 6, 6, 0, 0]]
    for r, row in enumerate(terrain):
        for c, t in enumerate(row):
            out.blit(tiles[t], (c * 24 + (12 if r % 2 else 0), r * 21))
    P = "skirmish_pieces"

    def centre(c: int, r: int) -> tuple[int, int]:
        return c * 24 + (12 if r % 2 else 0) + 12, r * 21 + 14

    for (c, r), unit, seat, hp, statuses in (
            ((1, 0), "infantry", 0, 4, ["defensive", "formation"]),
            ((2, 1), "archer", 0, 2, ["pavise"]), ((0, 2), "cavalry", 0, 3, []),
            ((3, 2), "infantry", 1, 3, ["suppression", "suppression"]),
            ((4, 1), "cavalry", 1, 4, ["fresh"]), ((5, 3), "archer", 1, 1, ["trespasser"])):
        x, y = centre(c, r)
        seat = seats[seat]
        img = _piece(P, f"unit_{unit}", seat)
        out.blit(img, (x - 8, y - 11))
        out.blit(_piece("seats", f"marker_{tint.seat_markers()[seat]}", seat), (x + 5, y - 13))
        for i in range(4 if unit != "archer" else 2):
            out.blit(_piece(P, "hp_full" if i < hp else "hp_empty"), (x - 7 + 3 * i, y + 6))
        for i, st in enumerate(statuses):
            out.blit(_piece(P, f"status_{st}"), (x - 12 + 8 * i, y - 14))
    for (c, r), seat, siege in (((3, 0), 0, 1), ((2, 3), 1, 2)):
        x, y = centre(c, r)
        out.blit(tiles[8], (x - 12, y - 14))
        out.blit(_piece(P, "city_banner", seats[seat]), (x + 2, y - 14))
        if siege >= 2:
            out.blit(_piece(P, "city_breached"), (x - 6, y - 4))
        for i in range(2):
            pip = "siege_full" if i < siege else "siege_empty"
            out.blit(_piece(P, pip), (x - 5 + 5 * i, y + 8))
    return out


def mock_landship(seats: tuple[int, ...] = (0, 1)) -> pygame.Surface:
    """A 9x6 patch of sand with both seats' ships, a hulk, quicksand, wind and an area."""
    tiles = _tiles("maps/landship/landship_tiles.png", (16, 16))
    out = pygame.Surface((9 * 16, 6 * 16), pygame.SRCALPHA)
    for y in range(6):
        for x in range(9):
            out.blit(tiles[(x * 7 + y * 3) % 3], (x * 16, y * 16))
    out.blit(tiles[4], (1 * 16, 4 * 16))
    P = "landship_pieces"
    ships = [("resource_ship", 0, 1, 4), ("engineer_ship", 0, 3, 5), ("heavy_gun_ship", 0, 2, 3),
             ("fortress_ship", 1, 6, 1), ("ram_ship", 1, 5, 2), ("fast_ship", 1, 7, 3),
             ("heavy_gun_ship", 1, 8, 0)]
    for name, side, x, y in ships:
        seat = seats[side]
        img = _piece(P, name, seat)
        if side == 1:
            img = pygame.transform.rotate(img, 180)
        out.blit(img, (x * 16, y * 16))
        marker = _piece("seats", f"marker_{tint.seat_markers()[seat]}", seat)
        out.blit(marker, (x * 16 + 10, y * 16 - 1))
    out.blit(_piece(P, "fast_ship_hulk", seats[0], faded=True), (4 * 16, 3 * 16))
    out.blit(_piece(P, "icon_scrap"), (4 * 16 + 8, 3 * 16 + 8))
    out.blit(_piece(P, "icon_pierced"), (6 * 16 + 8, 1 * 16 + 8))
    out.blit(_piece(P, "icon_stalled"), (7 * 16 + 8, 3 * 16 + 8))
    out.blit(_piece(P, "quicksand_0"), (0, 16))
    for dx, dy in ((0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)):
        out.blit(_piece(P, "area_marker"), ((6 + dx) * 16, (4 + dy) * 16))
    out.blit(_piece(P, "wind_e"), (0, 0))
    out.blit(_piece(P, "d4_3"), (3 * 16, 0))
    out.blit(_piece(P, "d8_6"), (4 * 16, 0))
    return out


def mock_domiplot(seats: tuple[int, ...] = (0, 1)) -> pygame.Surface:
    """The foot of the 640x360 canvas: region ground, a flag, the tally, a hand of eight."""
    tiles = _tiles("maps/domiplot/domiplot_tiles.png", (16, 16))
    out = pygame.Surface((240, 70), pygame.SRCALPHA)
    for y in range(5):
        for x in range(15):
            out.blit(tiles[(x // 5) % 3], (x * 16, y * 16))
    out.blit(tiles[33 + 1], (10, 2))
    out.blit(_piece("domiplot_pieces", "flag", seats[0]), (30, 4))
    out.blit(_piece("domiplot_pieces", "flag", seats[1]), (38, 6))
    out.blit(_piece("domiplot_pieces", "tally_marker"), (52, 4))
    hand = ["infantry", "archer", "heavy_cavalry", "general", "gong", "terrain_hills",
            "rolling_stones", "command"]
    for i, kind in enumerate(hand):
        out.blit(_piece("domiplot_pieces", f"card_{kind}"), (8 + i * 26, 32))
    out.blit(_piece("domiplot_pieces", "card_back"), (8 + 8 * 26, 32))
    return out


def mock_territory(seats: tuple[int, ...] = (0, 1)) -> pygame.Surface:
    """A 9x5 patch of Origin: two owners' tiles with borders, buildings, walls, frost, smoke."""
    tiles = _tiles("maps/territory/territory_tiles.png", (16, 16))
    P = "territory_pieces"
    terrain = ["111110000", "125112000", "111311400", "161112100", "111111100"]
    owner = ["000--1111", "000--1111", "00---11--", "00---1---", "0----1---"]
    out = pygame.Surface((9 * 16, 5 * 16), pygame.SRCALPHA)
    ramps = tint.seat_ramps()
    for y, row in enumerate(terrain):
        for x, t in enumerate(row):
            out.blit(tiles[int(t)], (x * 16, y * 16))
            o = owner[y][x]
            if o != "-" and t != "0":
                pygame.draw.rect(out, ramps[seats[int(o)]][2], (x * 16, y * 16, 16, 16), 1)
    for name, x, y in (("capital", 0, 0), ("city", 1, 1), ("tower", 2, 0), ("farm", 0, 2),
                       ("workshop", 1, 3), ("outpost", 5, 0), ("camp", 6, 1), ("ruin", 3, 3),
                       ("tunnel", 5, 3), ("temple", 7, 0), ("tree_of_life", 2, 4)):
        o = owner[y][x]
        out.blit(_piece(P, f"building_{name}", seats[int(o)] if o != "-" else None),
                 (x * 16 + 2, y * 16 + 2))
    out.blit(_piece(P, "wall_e_2"), (1 * 16, 1 * 16))
    out.blit(_piece(P, "wall_s_1"), (1 * 16, 1 * 16))
    out.blit(_piece(P, "overlay_frost"), (0, 0))
    out.blit(_piece(P, "overlay_frost"), (16, 0))
    out.blit(_piece(P, "overlay_smoke_0"), (6 * 16, 2 * 16 - 12))
    for name, x, y in (("origin_e", 1, 2), ("ew", 2, 2), ("sw", 3, 2), ("ns", 3, 3),
                       ("head_s", 3, 4)):
        out.blit(_piece(P, f"arrow_{name}", seats[0]), (x * 16, y * 16))
    out.blit(_piece(P, "emblem_war"), (7 * 16 + 3, 3 * 16 + 3))
    out.blit(_piece(P, "emblem_bounty"), (4 * 16 + 3, 4 * 16 + 3))
    return out


MOCKS = {"skirmish_pieces": mock_skirmish, "landship_pieces": mock_landship,
         "domiplot_pieces": mock_domiplot, "territory_pieces": mock_territory}


def main(argv: list[str] | None = None) -> int:
    """Command line: write one contact sheet per piece sheet."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("/tmp/art"))
    parser.add_argument("--scale", type=int, default=4)
    parser.add_argument("--seats", default="0,1")
    parser.add_argument("--sheets", default=",".join(GROUND))
    args = parser.parse_args(argv)
    pygame.display.init()
    args.out.mkdir(parents=True, exist_ok=True)
    seats = tuple(int(s) for s in args.seats.split(","))
    for sheet in args.sheets.split(","):
        path = args.out / f"contact_{sheet}.png"
        bands = seats + (-1,) if sheet == "seats" else seats
        pygame.image.save(contact(sheet, bands, args.scale), str(path))
        print(path)
        if sheet in MOCKS:
            path = args.out / f"board_{sheet}.png"
            mock = MOCKS[sheet](seats)
            pygame.image.save(pygame.transform.scale_by(mock, args.scale), str(path))
            print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
