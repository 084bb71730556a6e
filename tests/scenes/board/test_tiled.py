"""The Tiled renderer: every shipped map loads with images through an injected loader (no
display), is placed by its orientation, and an edit made in the .tmx shows in the picture."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pygame
import pytest

from scenes.board.camera import Camera
from scenes.board.tiled import TiledBoard

MAPS = Path(__file__).resolve().parents[3] / "maps"
loaded: list[str] = []


def loader(filename, colorkey=None, **kwargs):
    """A display-free loader that records what it loads."""
    image = pygame.image.load(filename)
    loaded.append(Path(filename).name)

    def load(rect=None, flags=None):
        return image.subsurface(rect) if rect else image
    return load


def render(board: TiledBoard, size=(640, 340), t=0.0) -> bytes:
    cam = Camera(board.size, pygame.Rect(0, 0, *size))
    canvas = pygame.Surface(size)
    board.draw(canvas, cam, t)
    return pygame.image.tobytes(canvas, "RGB")


@pytest.mark.parametrize("path, size", [
    ("tidegate/isle.tmx", (240, 176)), ("territory/origin.tmx", (384, 256)),
    ("skirmish/four_banners.tmx", None), ("domiplot/nine_provinces.tmx", (768, 512)),
    ("landship/default.tmx", (160, 320)),
])
def test_every_shipped_map_loads_through_the_injected_loader(path, size):
    loaded.clear()
    board = TiledBoard(MAPS / path, image_loader=loader)
    assert loaded, "the injected loader was not used"
    if size:
        assert board.size == size
    assert board.static.get_bounding_rect().width > 0      # something was drawn


def test_hex_maps_use_hex_geometry_and_square_maps_square():
    assert type(TiledBoard(MAPS / "skirmish/four_banners.tmx", image_loader=loader).geometry).__name__ == "HexGeometry"
    assert type(TiledBoard(MAPS / "territory/origin.tmx", image_loader=loader).geometry).__name__ == "SquareGeometry"


def test_a_map_edited_in_tiled_looks_different(tmp_path):
    for f in (MAPS / "territory").iterdir():
        shutil.copy(f, tmp_path / f.name)
    tmx = tmp_path / "origin.tmx"
    before = render(TiledBoard(tmx, image_loader=loader))
    text = tmx.read_text(encoding="utf-8")
    data = re.search(r'<layer[^>]*name="terrain".*?<data encoding="csv">\s*(.*?)</data>', text, re.S)
    cells = data.group(1).split(",")
    first = cells[0].strip()
    other = next(c.strip() for c in cells if c.strip() != first)
    cells[0] = cells[0].replace(first, other)
    tmx.write_text(text[:data.start(1)] + ",".join(cells) + text[data.end(1):], encoding="utf-8")
    after = render(TiledBoard(tmx, image_loader=loader))
    assert before != after


def test_animated_tiles_change_with_time_and_static_ones_are_baked_once():
    board = TiledBoard(MAPS / "tidegate/isle.tmx", image_loader=loader)
    sea = sorted(g for g, t in board.tiles.items() if t.properties.get("terrain") == "sea")
    board.tiles[sea[0]].frames = [(sea[0], 500), (sea[1], 500)]
    board.bake()
    assert board.animated and all(g == sea[0] for g, _ in board.animated)
    assert render(board, (240, 176), 0.1) != render(board, (240, 176), 0.6)
    assert render(board, (240, 176), 0.1) == render(board, (240, 176), 1.1)


def test_cell_tile_replaces_what_a_cell_shows():
    plain = TiledBoard(MAPS / "territory/origin.tmx", image_loader=loader)
    blank = TiledBoard(MAPS / "territory/origin.tmx", image_loader=loader,
                       cell_tile=lambda board, layer, col, row, gid: None if (col, row) == (0, 0) else gid)
    assert render(plain) != render(blank)


def test_a_region_map_is_picked_from_its_regions_layer():
    """Domiplot's regions come from the same layer the rules read (region_id per cell)."""
    from scenes.board.geometry import RegionGeometry
    board = TiledBoard(MAPS / "domiplot/nine_provinces.tmx", image_loader=loader)
    grid = board.property_grid("regions", "region_id")
    regions = RegionGeometry(grid, board.tile_w, board.tile_h)
    ids = {r for row in grid for r in row if r is not None}
    assert len(ids) >= 16
    for region in ids:
        col_row = next((c, r) for r, row in enumerate(grid) for c, v in enumerate(row) if v == region)
        x, y = (col_row[0] + 0.5) * 16, (col_row[1] + 0.5) * 16
        assert regions.pick((x, y)) == region
