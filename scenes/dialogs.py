"""Overlays: quit confirmation, the pause menu and a message box (errors, notices)."""

from __future__ import annotations

from typing import Callable

import pygame

from game.core.i18n import tr
from scenes import theme
from scenes.scene import Scene
from scenes.widgets import Button, WidgetGroup


class Overlay(Scene):
    """A centred panel over a dimmed copy of the scene below."""

    transparent = True
    size = (260, 150)

    def __init__(self, app) -> None:
        super().__init__(app)
        w, h = self.size
        self.rect = pygame.Rect((theme.CANVAS_W - w) // 2, (theme.CANVAS_H - h) // 2, w, h)
        self.widgets = WidgetGroup()
        self._veil = pygame.Surface((theme.CANVAS_W, theme.CANVAS_H), pygame.SRCALPHA)
        self._veil.fill((*theme.INK, 150))

    def title(self) -> str:
        return ""

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        self.widgets.handle(self.app, event)

    def draw(self, canvas: pygame.Surface) -> None:
        canvas.blit(self._veil, (0, 0))
        canvas.blit(self.app.art.panel("panel", self.rect.size), self.rect.topleft)
        title = self.title()
        if title:
            self.app.text.draw(canvas, title, (self.rect.centerx, self.rect.y + 10), theme.INK, "centre")
        self.widgets.draw(self.app, canvas)

    def button_column(self, items: list[tuple[Callable[[], str], Callable[[], None]]], top: int) -> None:
        w = self.rect.width - 40
        for i, (text, action) in enumerate(items):
            self.widgets.add(Button((self.rect.x + 20, top + 26 * i, w, 22), text, action))


class ConfirmQuit(Overlay):
    """"Quit the game?" with yes / no; the game autosaves before quitting, and says so."""

    size = (260, 100)

    def __init__(self, app, before_quit: Callable[[], None] | None = None) -> None:
        if before_quit is not None:
            self.size = (300, 136)      # room for "your game is saved" (issue 20)
        super().__init__(app)
        self.before_quit = before_quit
        y = self.rect.bottom - 34
        half = (self.rect.width - 50) // 2
        self.widgets.add(Button((self.rect.x + 20, y, half, 22), lambda: tr("menu.quit_yes"), self._yes,
                                hotkey=pygame.K_y))
        self.widgets.add(Button((self.rect.right - 20 - half, y, half, 22), lambda: tr("menu.quit_no"),
                                self.app.pop, hotkey=pygame.K_n))

    def title(self) -> str:
        return tr("menu.quit_confirm")

    def draw(self, canvas: pygame.Surface) -> None:
        super().draw(canvas)
        if self.before_quit is not None:
            for i, line in enumerate(self.app.text.wrap(tr("menu.quit_saved"), self.rect.width - 28)[:3]):
                self.app.text.draw(canvas, line, (self.rect.centerx, self.rect.y + 32 + 18 * i), theme.DUSK, "centre")

    def _yes(self) -> None:
        if self.before_quit:
            self.before_quit()
        self.app.quit()

    def on_quit(self) -> None:
        self._yes()


class MessageBox(Overlay):
    """A message (already translated) with an OK button."""

    size = (340, 150)

    def __init__(self, app, title: str, message: str, on_close: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        self._title, self.message = title, message
        self.on_close = on_close
        self.widgets.add(Button((self.rect.centerx - 40, self.rect.bottom - 32, 80, 22),
                                lambda: tr("menu.ok"), self.close, hotkey=pygame.K_RETURN))

    def title(self) -> str:
        return self._title

    def close(self) -> None:
        self.app.pop()
        if self.on_close:
            self.on_close()

    def draw(self, canvas: pygame.Surface) -> None:
        super().draw(canvas)
        for i, line in enumerate(self.app.text.wrap(self.message, self.rect.width - 24)[:5]):
            self.app.text.draw(canvas, line, (self.rect.x + 12, self.rect.y + 32 + 16 * i), theme.INK)


class PauseMenu(Overlay):
    """Esc in a game: resume, settings, rules help, save and quit to the title, quit."""

    size = (240, 196)

    def __init__(self, app, game_scene) -> None:
        super().__init__(app)
        self.game = game_scene
        replay = getattr(game_scene, "replay", None) is not None   # a replay has nothing to save
        self.button_column([
            (lambda: tr("menu.resume"), self.app.pop),
            (lambda: tr("menu.settings"), lambda: self.app.nav.settings()),
            (lambda: tr("menu.rules"), lambda: self.app.nav.help(self.game.ruleset_id)),
            ((lambda: tr("menu.leave_replay")) if replay else (lambda: tr("menu.save_to_title")), self._to_title),
            (lambda: tr("menu.quit"), lambda: self.app.push(
                ConfirmQuit(self.app, None if replay else self.game.autosave))),
        ], self.rect.y + 34)

    def title(self) -> str:
        return tr("menu.paused")

    def _to_title(self) -> None:
        self.game.autosave()
        self.app.nav.home()
