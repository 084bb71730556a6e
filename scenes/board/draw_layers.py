"""Drawing of every game screen, layer by layer: the board, target highlights, the top bar
and player panels, the replay bar, dice, animations, widgets, hint, hover preview, log,
tooltips and toast (DESIGN.md, "draw never changes game state").

A mixin of `BoardScene` (scenes/board/scene.py). The `draw_*`, `top_bar`, `panel_*`, `hint`,
`preview` and `dice_positions` methods are hooks a ruleset's screen overrides.
"""

from __future__ import annotations

from typing import Hashable

import pygame

from scenes import theme
from scenes.board.handoff import draw_handoff
from scenes.board.hud import draw_hint, draw_player_panel, draw_toast, draw_top_bar
from scenes.board.seats import seat_colour
from sprites.dice import Dice


class BoardDrawing:
    """See the module docstring."""

    def draw_board(self, canvas: pygame.Surface) -> None:
        """The board and its pieces (clipped to `board_view`); default: the map alone."""
        if self.tiled is not None:
            self.tiled.draw(canvas, self.camera, self.time)

    def draw_targets(self, canvas: pygame.Surface) -> None:
        """Highlights of the clickable targets (default: rings at their points)."""
        points = self.target_points()
        if points is None:
            return
        for key in self.board_targets():
            if key in points.points:
                pos = self.camera.to_canvas(points.points[key])
                pygame.draw.circle(canvas, theme.STRAW, pos, 4 if key == self.hover else 2)

    def top_bar(self) -> tuple[str, str, int | None]:
        """(left text, centre text, seat whose colour the centre takes) of the top bar."""
        return "", "", None

    panel_size: tuple[int, int] | None = None   # player panels stacked down the left edge

    def panel_rect(self, seat: int) -> pygame.Rect | None:
        """Where a seat's player panel goes (None: no panels)."""
        if self.panel_size is None:
            return None
        w, h = self.panel_size
        return pygame.Rect(4, 24 + seat * (h + 4), w, h)

    def panel_active(self, seat: int) -> bool:
        """True for the seat the panel highlight marks (whose turn it is)."""
        return seat in self.session.state.to_move() and self.session.state.result() is None

    panel_name_top = 5   # pixels from a seat panel's top to its name

    def draw_panel_body(self, canvas: pygame.Surface, seat: int, rect: pygame.Rect) -> None:
        """The ruleset's figures inside a seat's panel, below the name."""

    def draw_hud(self, canvas: pygame.Surface) -> None:
        """Top bar and player panels (frame, name, colour + marker, AI tag / thinking, body)."""
        left, centre, seat = self.top_bar()
        colour = seat_colour(self.colour(seat))[0] if seat is not None else theme.PARCHMENT
        draw_top_bar(self.app, canvas, left, centre, colour)
        for seat in range(len(self.session.names)):
            rect = self.panel_rect(seat)
            if rect is None:
                continue
            ai = not self.session.seat_is_human(seat)
            draw_player_panel(self.app, canvas, rect, self.name(seat), self.colour(seat),
                              self.panel_active(seat), ai, ai and self.driver.thinking(seat), self.panel_name_top)
            self.draw_panel_body(canvas, seat, rect)

    @property
    def covered(self) -> bool:
        """A dialog is open over this screen: the pointer is on the dialog, so nothing here
        shows a hover tip (a tip from under it was drawn across the dialog)."""
        return self.app.top is not self

    def hint(self) -> str:
        """The line written in `hint_rect` (what to do now); default: none."""
        return ""

    def preview(self, key: Hashable, actions: list) -> str | None:
        """What choosing target `key` would cost or bring (path cost, hit chance...), shown as
        a tooltip while it is hovered; `actions` are the legal actions still reachable through it."""
        return None

    def dice_positions(self) -> list[tuple[int, int]]:
        """Canvas positions of the dice (one per die rolled)."""
        return []

    def draw(self, canvas: pygame.Surface) -> None:
        """Every layer, bottom to top: the board and its targets (clipped to `board_view`),
        the HUD, the replay bar, dice, animations, widgets and the marks on them, hint, preview,
        log, tooltips, toast;
        or only the pass-the-device screen while a hand-off is pending."""
        seat = self.handoff_pending()
        if seat is not None:
            draw_handoff(self.app, canvas, self.name(seat), self.colour(seat))
            return
        clip = canvas.get_clip()
        canvas.set_clip(self.board_view)
        self.draw_board(canvas)
        self.draw_targets(canvas)
        canvas.set_clip(clip)
        self.draw_hud(canvas)
        if self.replay_bar is not None:
            self.replay_bar.draw(self.app, canvas)
        self.draw_dice(canvas)
        self.timeline.draw(canvas)
        self.widgets.draw(self.app, canvas, tooltips=False)
        self.draw_over_widgets(canvas)
        self.draw_hint(canvas)
        if not self.covered:
            self._draw_preview(canvas)
        self.log.draw(self.app, canvas, self.viewer())
        if not self.covered:
            self.widgets.draw_tooltips(self.app, canvas)   # over the log: a button's tip may reach it
            self._draw_hud_tooltip(canvas)
        if self.toast:
            draw_toast(self.app, canvas, self.toast[0], self.board_view, self.toast_colour)

    def draw_over_widgets(self, canvas: pygame.Surface) -> None:
        """A screen's marks on its buttons (a picked choice's frame), under the tooltips and
        toasts; none by default."""

    def draw_hint(self, canvas: pygame.Surface) -> None:
        """`hint()` wrapped into `hint_rect`."""
        hint = self.hint() if self.hint_rect is not None else ""
        if hint:
            draw_hint(self.app, canvas, hint, self.hint_rect.topleft, self.hint_rect.width,
                      self.hint_rect.height // 16)

    def hud_tooltip(self, pos: tuple[int, int]) -> tuple[pygame.Rect, str] | None:
        """(area, text) explaining the HUD figure under the pointer (an icon's name and
        amount), or None; drawn when no widget is hovered."""
        return None

    def panel_tooltip(self, seat: int) -> str:
        """A player panel's figures in words (see `panel_tip_at`); default: none."""
        return ""

    def panel_tip_at(self, pos: tuple[int, int]) -> tuple[pygame.Rect, str] | None:
        """The player panel under `pos` and its `panel_tooltip`, for a `hud_tooltip`."""
        for seat in range(len(self.session.names)):
            rect = self.panel_rect(seat)
            if rect is not None and rect.collidepoint(pos):
                text = self.panel_tooltip(seat)
                return (rect, text) if text else None
        return None

    def _draw_hud_tooltip(self, canvas: pygame.Surface) -> None:
        if any(w.hover for w in self.widgets.widgets):
            return
        tip = self.hud_tooltip(self.app.mouse)
        if tip is None and self.replay_bar is not None:
            text = self.replay_bar.tooltip(self.app.mouse)
            tip = (self.replay_bar.rect, text) if text else None
        if tip is not None:
            self.app.draw_tooltip(canvas, tip[1], tip[0])

    def _draw_preview(self, canvas: pygame.Surface) -> None:
        points = self.target_points()
        if self.hover is None or points is None or self.hover not in points.points:
            return
        text = self.preview(self.hover, self.selection.actions_through(self.hover))
        if text:
            x, y = self.camera.to_canvas(points.points[self.hover])
            # inside the board area: a forecast over the top bar hid whose turn it is
            self.app.draw_tooltip(canvas, text, pygame.Rect(x - 6, y - 6, 12, 12), self.camera.view)

    def draw_dice(self, canvas: pygame.Surface) -> None:
        """The last roll's dice (hidden while a roll is tumbling)."""
        if not self.dice_faces or (self.timeline.busy and any(
                isinstance(a, Dice) for g in self.timeline.groups[:1] for a in g.anims)):
            return
        sides = self.dice_sides if isinstance(self.dice_sides, tuple) else (self.dice_sides,) * len(self.dice_faces)
        for pos, f, n in zip(self.dice_positions(), self.dice_faces, sides):
            canvas.blit(self.dice_art.face(n, f, self.dice_scale), pos)
