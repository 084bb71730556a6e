"""Eight seat colours, each with its own marker shape, and recolouring of grey sprites."""

from __future__ import annotations

import pygame

from scenes.board.seats import MARKERS, MAX_SEATS, SEAT_COLOURS, marker_image, recolour


def test_eight_distinct_colours_and_markers():
    assert MAX_SEATS == 8 and len(set(SEAT_COLOURS)) == 8 and len(set(MARKERS)) == 8


def test_markers_differ_in_shape_not_only_in_colour():
    """Colour-blind safety: the markers' silhouettes (alpha masks) are all different."""
    masks = {pygame.image.tobytes(marker_image(i), "RGBA")[3::4] for i in range(8)}
    assert len(masks) == 8


def test_recolour_turns_greys_into_the_seat_colour_and_keeps_ink():
    grey = pygame.Surface((3, 1), pygame.SRCALPHA)
    grey.set_at((0, 0), (0x1B, 0x14, 0x26, 255))     # ink outline
    grey.set_at((1, 0), (0xE0, 0xE0, 0xE0, 255))     # light grey -> near the seat's light colour
    grey.set_at((2, 0), (0x40, 0x40, 0x40, 128))     # dark grey, half transparent
    out = recolour(grey, 1)
    light, shade = SEAT_COLOURS[1]
    assert tuple(out.get_at((0, 0)))[:3] == (0x1B, 0x14, 0x26)
    assert all(abs(a - b) <= 8 for a, b in zip(tuple(out.get_at((1, 0)))[:3], light))
    assert all(abs(a - b) <= 12 for a, b in zip(tuple(out.get_at((2, 0)))[:3], shade))
    assert out.get_at((2, 0)).a == 128
