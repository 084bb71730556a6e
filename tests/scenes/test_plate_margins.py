"""Tooltips and toasts keep the same air around Chinese text as around English (Unifont's CJK
glyphs fill their whole cell, its Latin ones do not: a fixed padding left 1 px under the frame)."""

import pygame
import pytest

from scenes import theme
from scenes.board.hud import draw_toast

PLATE_FRAME = 2   # pixels: the tooltip plate's frame (a dark line and a shade line)

SAMPLES = {
    "en": ["Road: 1 wood, 1 brick. Needs a road or outpost next to it.",
           "End the turn (E)", "Ada's turn"],
    "zh": ["道路：1 木材，1 砖块。旁边须有道路或前哨。道路：1 木材，1 砖块。旁边须有道路或前哨。",
           "结束回合（E）", "轮到 Ada", "Ada 的回合：掷骰子"],
}


def _gaps(canvas: pygame.Surface, plate: pygame.Rect, ink) -> tuple[int, int, int, int]:
    """Rows/columns of fill between the plate's frame and the nearest text ink: left, top,
    right, bottom."""
    inner = canvas.subsurface(plate.inflate(-2 * PLATE_FRAME, -2 * PLATE_FRAME))
    w, h = inner.get_size()
    xs, ys = [], []
    for x in range(w):
        for y in range(h):
            if tuple(inner.get_at((x, y)))[:3] == tuple(ink):
                xs.append(x)
                ys.append(y)
    return min(xs), min(ys), w - 1 - max(xs), h - 1 - max(ys)


def _tooltip_gaps(app, text):
    canvas = pygame.Surface((640, 360))
    canvas.fill(theme.DUSK)
    rect = app.draw_tooltip(canvas, text, pygame.Rect(300, 200, 20, 20))
    return _gaps(canvas, rect, theme.INK)


def _toast_gaps(app, text):
    canvas = pygame.Surface((640, 360))
    canvas.fill((0, 0, 0))
    draw_toast(app, canvas, text, canvas.get_rect(), theme.RED)
    # the plate is the only non-black thing drawn
    mask = pygame.mask.from_threshold(canvas, (0, 0, 0), (1, 1, 1, 255))
    mask.invert()
    plate = mask.get_bounding_rects()[0]
    return _gaps(canvas, plate, theme.RED)


@pytest.mark.parametrize("measure", [_tooltip_gaps, _toast_gaps], ids=["tooltip", "toast"])
def test_chinese_plates_have_the_margin_english_plates_have(app, measure):
    english = [measure(app, text) for text in SAMPLES["en"]]
    least = [min(g[i] for g in english) for i in range(4)]
    assert min(least) >= 3, least
    for text in SAMPLES["zh"]:
        gaps = measure(app, text)
        for side, got, want in zip(("left", "top", "right", "bottom"), gaps, least):
            assert got >= want, (text, side, gaps, least)
