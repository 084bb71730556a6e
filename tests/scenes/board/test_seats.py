"""Eight seat colours, each with its own marker shape (grey pieces are recoloured by sprites.tint)."""

from __future__ import annotations

import pygame

from scenes.board.seats import MARKERS, MAX_SEATS, SEAT_COLOURS, marker_image


def test_eight_distinct_colours_and_markers():
    assert MAX_SEATS == 8 and len(set(SEAT_COLOURS)) == 8 and len(set(MARKERS)) == 8


def test_markers_differ_in_shape_not_only_in_colour():
    """Colour-blind safety: the markers' silhouettes (alpha masks) are all different."""
    masks = {pygame.image.tobytes(marker_image(i), "RGBA")[3::4] for i in range(8)}
    assert len(masks) == 8
