"""The in-scene decision panel of the Domiplotism screen: joins, support answers,
authorizations, proposals, votes and the pickers (support target, gong and recall targets).

It is drawn inside the game scene, never as a separate overlay on the app stack, so the
pass-the-device screen (which replaces the whole scene's drawing) always hides it too.
"""

from __future__ import annotations

from typing import Callable

import pygame

from scenes import theme
from scenes.widgets import Button, WidgetGroup

TextFn = Callable[[], str]
LINE_H = 16


class Prompt:
    """A titled panel with a few lines, an optional card picture and a row/column of buttons."""

    def __init__(self, app, area: pygame.Rect, key: object, title: TextFn, lines: Callable[[], list[str]],
                 buttons: list[tuple[TextFn, Callable[[], None], Callable[[], bool] | None]],
                 card: pygame.Surface | None = None, width: int = 300) -> None:
        self.app, self.key, self.title, self.lines, self.card = app, key, title, lines, card
        text_w = width - 24 - (card.get_width() + 8 if card is not None else 0)
        self.text_w = text_w
        n_lines = max(len(self._wrapped()), 3 if card is not None else 0)

        def height(cols: int) -> int:
            rows = (len(buttons) + cols - 1) // cols
            h = 28 + LINE_H * n_lines + 6 + rows * 24 + 8
            return h if card is None else max(h, 28 + card.get_height() + 6 + rows * 24 + 8)
        cols = 2 if len(buttons) > 3 else 1
        if height(cols) > area.height and len(buttons) > 1:
            cols = 2    # the shorter battle panel of seven and eight seats: buttons side by side
        rows = (len(buttons) + cols - 1) // cols
        h = height(cols)
        self.rect = pygame.Rect(0, 0, width, min(h, area.height))
        self.rect.center = area.center
        if width >= area.width:   # over the whole battle panel: no half line of it above or below
            self.rect = area.copy()
        self.widgets = WidgetGroup()
        bw = (width - 24 - (cols - 1) * 6) // cols
        top = self.rect.bottom - 8 - rows * 24
        for i, (text, action, enabled) in enumerate(buttons):
            r, c = divmod(i, cols)
            self.widgets.add(Button((self.rect.x + 12 + c * (bw + 6), top + r * 24, bw, 22), text, action,
                                    enabled=enabled))

    def _wrapped(self) -> list[str]:
        out: list[str] = []
        for line in self.lines():
            out += self.app.text.wrap(line, self.text_w)
        return out

    def handle(self, event: pygame.event.Event) -> bool:
        """True when the event was used (clicks inside the panel never reach the board)."""
        if self.widgets.handle(self.app, event):
            return True
        return event.type == pygame.MOUSEBUTTONDOWN and self.rect.collidepoint(event.pos)

    def draw(self, canvas: pygame.Surface) -> None:
        canvas.blit(self.app.art.panel("panel", self.rect.size), self.rect.topleft)
        text = self.app.text
        text.draw(canvas, self.title(), (self.rect.centerx, self.rect.y + 7), theme.INK, "centre")
        x = self.rect.x + 12
        if self.card is not None:
            canvas.blit(self.card, (x, self.rect.y + 26))
            x += self.card.get_width() + 8
        for i, line in enumerate(self._wrapped()):
            text.draw(canvas, line, (x, self.rect.y + 26 + LINE_H * i), theme.DUSK)
        self.widgets.draw(self.app, canvas)
