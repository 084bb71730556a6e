"""The title screen: new game, continue the last autosave, load, settings, rules, quit."""

from __future__ import annotations

import pygame

from game.core.i18n import tr
from game.play.saves import latest_autosave
from scenes import theme
from scenes.dialogs import ConfirmQuit
from scenes.drawing import draw_sea
from scenes.scene import MenuScene
from scenes.widgets import Button, WidgetGroup


class TitleScene(MenuScene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.widgets = WidgetGroup()
        x, w = theme.CANVAS_W // 2 - 80, 160
        items = [
            ("menu.new_game", self.new_game, None),
            ("menu.continue", self.continue_game, self.has_autosave),
            ("menu.load", self.load, None),
            ("menu.settings", self.settings, None),
            ("menu.rules", self.rules, None),
            ("menu.quit", self.quit, None),
        ]
        for i, (key, action, enabled) in enumerate(items):
            self.widgets.add(Button((x, 150 + 28 * i, w, 24), (lambda k=key: tr(k)), action, enabled=enabled))
        self.time = 0.0
        self._autosave = latest_autosave() is not None

    def resume(self) -> None:
        self._autosave = latest_autosave() is not None

    def has_autosave(self) -> bool:
        return self._autosave

    def new_game(self) -> None:
        self.app.nav.lobby()

    def continue_game(self) -> None:
        """Resume the most recently saved game (every game has its own autosave)."""
        path = latest_autosave()
        if path is not None:
            self.app.nav.open_save(path)

    def load(self) -> None:
        self.app.nav.load()

    def settings(self) -> None:
        self.app.nav.settings()

    def rules(self) -> None:
        self.app.nav.help("tidegate")

    def quit(self) -> None:
        self.app.push(ConfirmQuit(self.app))

    def on_escape(self) -> None:
        self.quit()

    def update(self, dt: float) -> None:
        self.time += dt

    def draw(self, canvas: pygame.Surface) -> None:
        draw_sea(self.app, canvas, self.time)
        title = tr("title.name")
        big = pygame.transform.scale_by(self.app.text.render(title, theme.PARCHMENT), 2)
        shadow = pygame.transform.scale_by(self.app.text.render(title, theme.INK), 2)
        x = theme.CANVAS_W // 2 - big.get_width() // 2
        canvas.blit(shadow, (x + 2, 52))
        canvas.blit(big, (x, 50))
        self.app.text.draw(canvas, tr("title.tagline"), (theme.CANVAS_W // 2, 94), theme.STRAW, "centre",
                           shadow=theme.INK)
        self.widgets.draw(self.app, canvas)
        self.app.text.draw(canvas, tr("title.footer"), (theme.CANVAS_W // 2, theme.CANVAS_H - 20),
                           theme.FOAM, "centre", shadow=theme.INK)
