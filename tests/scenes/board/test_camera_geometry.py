"""Camera (clamping, whole-step zoom, world<->canvas round trip) and geometry picking."""

from __future__ import annotations

import pygame
from hypothesis import given, settings
from hypothesis import strategies as st

from scenes.board.camera import Camera
from scenes.board.geometry import HexGeometry, PointSet, RegionGeometry, SquareGeometry

VIEW = pygame.Rect(160, 20, 320, 196)


def test_a_board_smaller_than_the_view_is_centred_and_does_not_scroll():
    cam = Camera((240, 176), VIEW)
    assert cam.to_canvas((0, 0)) == (200, 30)            # Tidegate's island, as before the camera
    cam.pan(100, 100)
    assert cam.to_canvas((0, 0)) == (200, 30) and not cam.scrollable


def test_a_large_board_is_clamped_to_its_edges():
    cam = Camera((768, 512), pygame.Rect(0, 20, 640, 340))  # domiplot's Nine Provinces
    cam.pan(-500, -500)
    assert (cam.x, cam.y) == (0, 0)
    cam.pan(10_000, 10_000)
    assert cam.to_canvas((768, 512)) == (640, 360)        # the far corner sits on the view's
    cam.centre_on((384, 256))
    assert cam.to_canvas((384, 256)) == (320, 190)


def test_zoom_is_by_whole_steps_and_keeps_the_point_under_the_pointer():
    cam = Camera((768, 512), pygame.Rect(0, 20, 640, 340), zooms=(1, 2, 3))
    cam.centre_on((300, 200))
    anchor = (200, 150)
    world = cam.to_world(anchor)
    cam.zoom_by(1, anchor)
    assert cam.zoom == 2
    back = cam.to_canvas(world)
    assert abs(back[0] - anchor[0]) <= 1 and abs(back[1] - anchor[1]) <= 1
    cam.zoom_by(5)
    assert cam.zoom == 3
    cam.zoom_by(-9)
    assert cam.zoom == 1


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 767), st.integers(0, 511), st.sampled_from([1, 2]), st.integers(-900, 900),
       st.integers(-900, 900))
def test_world_canvas_round_trip(wx, wy, zoom, px, py):
    cam = Camera((768, 512), pygame.Rect(0, 20, 640, 340), zooms=(1, 2))
    cam.zoom_by(zoom - 1)
    cam.pan(px, py)
    cx, cy = cam.to_canvas((wx, wy))
    back = cam.to_world((cx, cy))
    assert abs(back[0] - wx) <= 0.5 / zoom + 1e-9 and abs(back[1] - wy) <= 0.5 / zoom + 1e-9


def test_keys_and_the_screen_edge_pan_a_scrollable_board():
    cam = Camera((768, 512), pygame.Rect(0, 20, 640, 340))
    assert cam.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0))
    cam.update(0.5)
    assert cam.x > 0
    cam.handle(pygame.event.Event(pygame.KEYUP, key=pygame.K_RIGHT, mod=0))
    x = cam.x
    cam.update(0.5, mouse=(320, 357))                   # pointer at the bottom edge
    assert cam.x == x and cam.y > 0


def test_square_picking():
    g = SquareGeometry(24, 16, 16, 16)
    assert g.pick(g.centre((5, 7))) == (5, 7)
    assert g.pick((15.9, 0)) == (0, 0) and g.pick((16, 0)) == (1, 0)
    assert g.pick((-1, 3)) is None and g.pick((24 * 16, 3)) is None


def test_offset_hex_picking_finds_every_cell_from_its_centre_and_near_it():
    for axis in ("y", "x"):
        for index in ("odd", "even"):
            g = HexGeometry(7, 7, 32, 32, 16, axis, index)
            for col in range(7):
                for row in range(7):
                    x, y = g.centre((col, row))
                    for dx, dy in ((0, 0), (5, 3), (-6, -4), (3, -7)):
                        assert g.pick((x + dx, y + dy)) == (col, row), (axis, index, col, row, dx, dy)


def test_hex_tile_origin_matches_tiled_staggered_layout():
    g = HexGeometry(7, 7, 32, 32, 16, "y", "odd")
    assert g.tile_origin((0, 0)) == (0, 0)
    assert g.tile_origin((0, 1)) == (16, 24)               # odd rows shifted half a tile
    assert g.size == (240, 176)


def test_point_picking_within_a_radius_and_among_targets():
    pts = PointSet({("v", 0): (10, 10), ("v", 1): (20, 10), ("e", 0): (15, 10)}, radius=4)
    assert pts.pick((11, 11)) == ("v", 0)
    assert pts.pick((15, 13)) == ("e", 0)
    assert pts.pick((15, 13), among=[("v", 0), ("v", 1)]) is None
    assert pts.pick((40, 40)) is None


def test_region_picking_and_label_points():
    grid = [["a", "a", "b"], ["a", None, "b"]]
    g = RegionGeometry(grid, 16, 16)
    assert g.pick((5, 5)) == "a" and g.pick((40, 20)) == "b" and g.pick((20, 20)) is None
    assert g.centre("b") == (40.0, 16.0)
