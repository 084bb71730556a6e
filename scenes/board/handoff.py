"""The pass-the-device screen: opaque, names the next player, waits for their click.

Drawn instead of the whole board scene (never over it), so nothing of any player's hidden
information can show through.
"""

from __future__ import annotations

import pygame

from game.core.i18n import tr
from scenes import theme
from scenes.board.seats import draw_marker, seat_colour


def draw_handoff(app, canvas: pygame.Surface, name: str, colour: int) -> None:
    """The whole canvas: "Pass to NAME — click when ready", in the seat's colour and marker."""
    canvas.fill(theme.INK)
    light, _ = seat_colour(colour)
    cx, cy = theme.CANVAS_W // 2, theme.CANVAS_H // 2
    big = pygame.transform.scale_by(app.text.render(tr("board.pass_to", name=name), light), 2)
    canvas.blit(big, (cx - big.get_width() // 2, cy - 40))
    draw_marker(canvas, colour, (cx, cy - 56), 6)
    app.text.draw(canvas, tr("board.pass_click"), (cx, cy + 4), theme.PARCHMENT, "centre")
    for i, line in enumerate(app.text.wrap(tr("board.pass_hidden", name=name), 420)[:2]):
        app.text.draw(canvas, line, (cx, cy + 40 + 16 * i), theme.STONE, "centre")
