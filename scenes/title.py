"""The title screen: new game, continue the last autosave, load, settings, rules, quit."""

from __future__ import annotations

import math

import pygame

from game.core.i18n import error_text, tr
from game.play.saves import SaveError, autosave_path, read_save, restore
from game.play.session import GameSession
from scenes import theme
from scenes.dialogs import ConfirmQuit, MessageBox
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
        self._autosave = autosave_path().is_file()

    def resume(self) -> None:
        self._autosave = autosave_path().is_file()

    def has_autosave(self) -> bool:
        return self._autosave

    def new_game(self) -> None:
        from scenes.lobby import LobbyScene
        self.app.push(LobbyScene(self.app))

    def continue_game(self) -> None:
        open_save(self.app, autosave_path())

    def load(self) -> None:
        from scenes.load import LoadScene
        self.app.push(LoadScene(self.app))

    def settings(self) -> None:
        from scenes.settings_scene import SettingsScene
        self.app.push(SettingsScene(self.app))

    def rules(self) -> None:
        from scenes.help import RulesHelpScene
        self.app.push(RulesHelpScene(self.app, "tidegate"))

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


def open_save(app, path) -> None:
    """Load a save and open its game, or show why it cannot be loaded (file untouched)."""
    from scenes.registry import GAME_SCENES, open_game
    try:
        save = read_save(path)
        if save.ruleset not in GAME_SCENES:
            raise SaveError("save.unknown_ruleset", name=save.ruleset)
        state = restore(save)
    except SaveError as exc:
        app.push(MessageBox(app, tr("menu.load_failed"), error_text(exc)))
        return
    open_game(app, GameSession.from_save(save, state))
