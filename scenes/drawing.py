"""Drawing helpers shared by many screens: the sea backdrop and text fitting.

They live apart from every screen so that no screen has to import another to use them.
"""

from __future__ import annotations

import math

import pygame

from scenes import theme

ELLIPSIS = "…"
FIT_CACHE_SIZE = 2000   # fitted strings kept (a screen fits the same few texts every frame)
_fitted: dict[tuple[str, int], str] = {}


def draw_sea(app, canvas: pygame.Surface, t: float) -> None:
    """The animated sea backdrop shared by the menus: sea tiles drifting with the tide."""
    tiles = app.art.tiles("tidegate", "tidegate_tiles.png", 32, 32)
    frame = tiles[0] if int(t * 2) % 2 == 0 else tiles[15]
    canvas.fill(theme.DEEP_SEA)
    drift = int(4 * math.sin(t * 0.8))
    for row in range(-1, theme.CANVAS_H // 24 + 2):
        for col in range(-1, theme.CANVAS_W // 32 + 2):
            x = col * 32 + (16 if row % 2 else 0) + drift
            canvas.blit(frame, (x, row * 24 - 8))


def fit(app, text: str, width: int) -> str:
    """`text`, cut with an ellipsis so that it is at most `width` pixels wide (remembered:
    cutting measures the text once per character dropped, 3 ms a frame on a faction list)."""
    key = (text, width)
    cut = _fitted.get(key)
    if cut is None:
        if len(_fitted) >= FIT_CACHE_SIZE:
            _fitted.clear()
        cut = _fitted[key] = _fit(app, text, width)
    return cut


def _fit(app, text: str, width: int) -> str:
    if app.text.size(text)[0] <= width:
        return text
    while text and app.text.size(text + ELLIPSIS)[0] > width:
        text = text[:-1]
    return text.rstrip() + ELLIPSIS


def wrap_text(app, text: str, width: int) -> list[str]:
    """Wrapped lines; the CJK punctuation rules live in `Text.wrap` for every screen."""
    return app.text.wrap(text, width)
