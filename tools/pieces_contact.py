"""Draw a contact sheet of the piece sheets, for looking at the art as a player would.

Run `.venv/bin/python tools/pieces_contact.py [--out DIR] [--scale N] [--seats A,B]`: writes
`<DIR>/contact_<sheet>.png` (default DIR /tmp/art), every frame of each piece sheet on its
ruleset's board ground, once per seat (tinted frames recoloured with `sprites.tint`), scaled by
a whole number. Not part of the build; the generator is `tools/make_pieces.py`.
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
                ramp = ramps[seat]
                if name.endswith("_hulk"):  # S-3: a hulk shows its former owner faded
                    ramp = tint.fade_ramp(ramp)
                img = tint.tint(img, ramp, greys)
            x = c * cell_w + (cell_w - img.get_width()) // 2
            y = top + r * cell_h + (cell_h - img.get_height()) // 2
            out.blit(img, (x, y))
    return pygame.transform.scale_by(out, scale)


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
        pygame.image.save(contact(sheet, seats, args.scale), str(path))
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
