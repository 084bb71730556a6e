"""The scene base class: one screen of the program, living on the app's scene stack."""

from __future__ import annotations

from typing import TYPE_CHECKING, Hashable

import pygame

if TYPE_CHECKING:
    from scenes.app import App
    from scenes.widgets import WidgetGroup


class Scene:
    """A screen. Only the top scene gets input and updates; overlays (`transparent`) are
    drawn over the scenes below them. `draw` never changes game state."""

    transparent = False

    def __init__(self, app: "App") -> None:
        self.app = app

    def enter(self) -> None:
        """Called once when first pushed."""

    def resume(self) -> None:
        """Called when the scene becomes the top again (an overlay above it was popped)."""

    def pause(self) -> None:
        """Called when another scene is pushed above this one."""

    def leave(self) -> None:
        """Called when the scene is removed from the stack."""

    def handle(self, event: pygame.event.Event) -> None:
        """One input event, mouse positions already in canvas coordinates."""

    def update(self, dt: float) -> None:
        """Advance animations by `dt` seconds (always 1/60: fixed timestep)."""

    def draw(self, canvas: pygame.Surface) -> None:
        """Draw onto the 640x360 canvas."""

    def animating(self) -> bool:
        """True while the picture moves from frame to frame without input (tweens, dice): the
        app then draws every frame. Slow ambient loops (the sea, tile animations) need not say
        so: the app looks at an idle screen IDLE_LOOK_HZ times a second."""
        return False

    def look(self) -> Hashable:
        """What, apart from input and ambient loops, changes the picture (e.g. the state shown,
        the camera): the app draws as soon as it differs from the last drawn frame's."""
        return None

    def on_language_changed(self) -> None:
        """Rebuild anything that cached translated text."""


class MenuScene(Scene):
    """A screen made of widgets: they get input first; an unused Esc calls `on_escape`."""

    widgets: "WidgetGroup"

    def on_escape(self) -> None:
        """Esc that no widget used (e.g. leave the screen)."""

    def handle(self, event: pygame.event.Event) -> None:
        if self.widgets.handle(self.app, event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.on_escape()
