"""Dice of every size land on the rolled face; tweens and path moves end where they should."""

from __future__ import annotations

import os

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from sprites.dice import Dice, DiceFaces, draw_face  # noqa: E402
from sprites.tweens import CardFlip, HitFlash, PathMove, Tween  # noqa: E402


def _shows(anim, faces_art, sides, face, scale=2):
    canvas = pygame.Surface((64, 64), pygame.SRCALPHA)
    anim.draw(canvas)
    expected = pygame.Surface((64, 64), pygame.SRCALPHA)
    expected.blit(faces_art.face(sides, face, scale), (0, 0))
    return pygame.image.tobytes(canvas, "RGBA") == pygame.image.tobytes(expected, "RGBA")


@pytest.mark.parametrize("sides", [4, 6, 8])
def test_every_face_of_every_die_size_is_distinct_and_landed_on(sides):
    art = DiceFaces()
    images = {pygame.image.tobytes(art.face(sides, f), "RGBA") for f in range(1, sides + 1)}
    assert len(images) == sides
    for face in range(1, sides + 1):
        roll = Dice(art, (face,), sides, [(0, 0)])
        roll.finish()
        assert _shows(roll, art, sides, face)


def test_mixed_sizes_roll_together_and_a_face_off_the_die_is_refused():
    art = DiceFaces()
    roll = Dice(art, (3, 7), (4, 8), [(0, 0), (20, 0)])
    assert roll.sides == (4, 8)
    with pytest.raises(ValueError):
        Dice(art, (5,), 4, [(0, 0)])


def test_the_d6_uses_the_sheet_faces_when_given():
    sheet = {f"die_{i}": draw_face(6, i) for i in range(1, 7)}
    sheet.update({f"tumble_{i}": draw_face(6, None) for i in range(4)})
    art = DiceFaces(sheet)
    assert art.face(6, 3) is sheet["die_3"]


def test_shapes_differ_by_size():
    blank = {s: pygame.image.tobytes(draw_face(s, None), "RGBA") for s in (4, 6, 8)}
    assert len(set(blank.values())) == 3


def test_tween_and_path_move_reach_their_end():
    got = []
    tw = Tween((0, 0), (10, 20), 1.0, got.append)
    tw.update(0.5)
    assert 0 < got[-1][0] < 10
    tw.finish()
    assert got[-1] == (10, 20)
    move = PathMove(pygame.Surface((4, 4)), [(0, 0), (16, 0), (16, 16)], step_s=0.2)
    assert move.duration == pytest.approx(0.4)
    move.update(0.2)
    assert move.position() == pytest.approx((16, 0))
    move.finish()
    assert move.position() == pytest.approx((16, 16))


def test_flash_and_flip_draw_without_error_through_their_life():
    canvas = pygame.Surface((64, 64))
    for anim in (HitFlash((30, 30), pygame.Surface((8, 8))), CardFlip(pygame.Surface((10, 14)),
                                                                        pygame.Surface((10, 14)), (30, 30))):
        for _ in range(10):
            anim.update(0.05)
            anim.draw(canvas)


@pytest.mark.parametrize("x", [5, 50, 95])
def test_a_floating_label_stays_whole_on_the_canvas(x):
    """A resolution label ("needs <= 2") over a tile at the board's edge was cut off: it is
    centred on its spot where it fits, else pushed just inside the canvas."""
    from sprites.anim import FloatText
    label = pygame.Surface((40, 8), pygame.SRCALPHA)
    label.fill((255, 255, 255, 255))
    anim = FloatText(label, (x, 30))
    anim.update(0.01)
    canvas = pygame.Surface((100, 50), pygame.SRCALPHA)
    anim.draw(canvas)
    columns = [c for c in range(100) if any(canvas.get_at((c, r)).a for r in range(50))]
    assert len(columns) == 40
    assert columns[0] == min(max(0, x - 20), 60)
