"""The settings screen: language, window scale, full screen, animation speed, volume, mute
and AI pace. Every change takes effect at once and is saved (atomically) right away; only
the volume waits until the slider is let go, so dragging does not write a file per pixel."""

from __future__ import annotations

from typing import Any, Callable

import pygame

from game.core.i18n import tr
from scenes import theme
from scenes.drawing import draw_sea
from scenes.scene import MenuScene
from scenes.settings import AI_PACES, SCALES, SPEEDS, THINK_SECONDS
from scenes.widgets import Button, Choice, Slider, WidgetGroup

PANEL_SIZE = (340, 326)   # pixels on the canvas (eight rows, the hint, Back)
ROW_H = 22                # height of one widget
ROW_STEP = 26             # distance between widget rows
HINT_LINES = 2            # lines of help text between the last row and Back


VALUE_W = 130             # right part of a row: the value between two arrows (as the slider bar)


class SettingChoice(Choice):
    """A Choice drawn as a settings row: caption on the left, "< value >" on the right,
    lined up with the volume slider's caption and bar. Clicking the left arrow steps back."""

    def left_arrow(self) -> pygame.Rect:
        return pygame.Rect(self.rect.right - VALUE_W - 2, self.rect.y, 18, self.rect.height)

    def handle(self, app, event: pygame.event.Event) -> bool:
        if (event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.pressed
                and self.left_arrow().collidepoint(event.pos)):
            self.pressed = False
            if self.enabled:
                app.sounds.play("click")
                self.step(-1)
            return True
        return super().handle(app, event)

    def draw(self, app, canvas: pygame.Surface) -> None:
        state = ("button_disabled" if not self.enabled else
                 "button_pressed" if self.pressed else
                 "button_hover" if self.hover or self.focused else "button_normal")
        canvas.blit(app.art.panel(state, self.rect.size), self.rect.topleft)
        dy = 1 if self.pressed else 0
        y = app.text.top_for_centre(self.caption(), self.rect.centery - 1) + dy
        app.text.draw(canvas, self.caption(), (self.rect.x + 8, y), theme.INK)
        current = self.get()
        value = next((t() for v, t in self.options if v == current), str(current))
        left = self.rect.right - VALUE_W
        for name, x in (("icon_arrow_left", left), ("icon_arrow_right", self.rect.right - 10 - 12)):
            canvas.blit(app.art.ui[name], (x, self.rect.centery - 6 + dy))
        app.text.draw(canvas, value, ((left + self.rect.right - 10) // 2, y), theme.INK, "centre")
        if self.focused:
            pygame.draw.rect(canvas, theme.STRAW, self.rect.inflate(2, 2), 1)


class SettingsScene(MenuScene):
    """Pushed from the title screen or the pause menu; Back / Esc pops it."""

    def __init__(self, app) -> None:
        super().__init__(app)
        w, h = PANEL_SIZE
        self.rect = pygame.Rect((theme.CANVAS_W - w) // 2, (theme.CANVAS_H - h) // 2, w, h)
        self.time = 0.0
        self._dirty = False   # a change not written yet (volume while dragging)
        self.widgets = WidgetGroup()
        s = app.settings
        x, width = self.rect.x + 20, self.rect.width - 40
        y = self.rect.y + 34

        def row(widget):
            nonlocal y
            self.widgets.add(widget)
            y += ROW_STEP
            return widget

        def on_off() -> list[tuple[Any, Callable[[], str]]]:
            return [(False, lambda: tr("settings.off")), (True, lambda: tr("settings.on"))]

        self.language = row(SettingChoice(
            (x, y, width, ROW_H), lambda: tr("settings.language"),
            [("en", lambda: tr("settings.lang.en")), ("zh", lambda: tr("settings.lang.zh"))],
            lambda: s.language, self.set_language))
        fits = app.max_scale()       # scales beyond the display are not offered (issue 20)
        self.scale = row(SettingChoice(
            (x, y, width, ROW_H), lambda: tr("settings.scale"),
            [(n, (lambda n=n: tr("settings.times", n=n) if n else tr("settings.scale_auto")))
             for n in SCALES if n <= fits],
            lambda: s.scale, self.set_scale))
        self.scale.tooltip = (lambda: tr("settings.scale_too_big")) if fits < max(SCALES) else None
        self.fullscreen = row(SettingChoice(
            (x, y, width, ROW_H), lambda: tr("settings.fullscreen"), on_off(),
            lambda: s.fullscreen, self.set_fullscreen))
        self.speed = row(SettingChoice(
            (x, y, width, ROW_H), lambda: tr("settings.speed"),
            [(n, (lambda n=n: tr("settings.times", n=n) if n else tr("settings.instant"))) for n in SPEEDS],
            lambda: s.speed, lambda v: self._set("speed", v)))
        self.volume = row(Slider(
            (x, y, width, ROW_H), lambda: tr("settings.volume"), lambda: s.volume, self.set_volume))
        self.mute = row(SettingChoice(
            (x, y, width, ROW_H), lambda: tr("settings.mute"), on_off(),
            lambda: s.muted, self.set_muted))
        self.ai_pace = row(SettingChoice(
            (x, y, width, ROW_H), lambda: tr("settings.ai_pace"),
            [(p, (lambda p=p: tr(f"settings.pace.{p}"))) for p in AI_PACES],
            lambda: s.ai_pace, lambda v: self._set("ai_pace", v)))
        self.think = row(SettingChoice(
            (x, y, width, ROW_H), lambda: tr("settings.think"),
            [(t, (lambda t=t: tr("settings.seconds", n=f"{t:g}"))) for t in THINK_SECONDS],
            lambda: s.think_s, lambda v: self._set("think_s", v)))
        self.back = self.widgets.add(Button(
            (self.rect.centerx - 50, self.rect.bottom - 34, 100, ROW_H), lambda: tr("settings.back"),
            self.close, icon="arrow_left"))

    # ---- changes (each applied and saved at once) -----------------------------------------
    def _set(self, name: str, value: Any) -> None:
        setattr(self.app.settings, name, value)
        self.save()

    def save(self) -> None:
        self.app.settings.save()
        self._dirty = False

    def set_language(self, lang: str) -> None:
        self.app.settings.language = lang
        self.app.language_changed()
        self.save()

    def set_scale(self, scale: int) -> None:
        self.app.settings.scale = scale
        self.save()
        self.app.apply_display_settings()

    def set_fullscreen(self, on: bool) -> None:
        self.app.settings.fullscreen = on
        self.save()
        self.app.apply_display_settings()

    def set_volume(self, volume: float) -> None:
        self.app.settings.volume = volume
        self.app.sounds.volume = volume
        if self.volume.dragging:
            self._dirty = True     # written when the slider is let go (see update)
        else:
            self.save()

    def set_muted(self, muted: bool) -> None:
        self.app.settings.muted = muted
        self.app.sounds.muted = muted
        self.save()

    def close(self) -> None:
        self.app.pop()

    # ---- scene ---------------------------------------------------------------------------
    def leave(self) -> None:
        if self._dirty:
            self.save()

    def on_escape(self) -> None:
        self.close()

    def update(self, dt: float) -> None:
        self.time += dt
        if self._dirty and not self.volume.dragging:
            self.save()

    def draw(self, canvas: pygame.Surface) -> None:
        draw_sea(self.app, canvas, self.time)
        canvas.blit(self.app.art.panel("panel", self.rect.size), self.rect.topleft)
        self.app.text.draw(canvas, tr("settings.title"), (self.rect.centerx, self.rect.y + 10), theme.INK,
                           "centre")
        pygame.draw.line(canvas, theme.PARCHMENT_SHADE, (self.rect.x + 20, self.rect.y + 28),
                         (self.rect.right - 21, self.rect.y + 28))
        self.widgets.draw(self.app, canvas)
        self._draw_volume_value(canvas)
        hint = self.app.text.wrap(tr("settings.hint"), self.rect.width - 40)
        top = self.think.rect.bottom + 8
        for i, line in enumerate(hint[:HINT_LINES]):
            self.app.text.draw(canvas, line, (self.rect.centerx, top + 16 * i), theme.DUSK, "centre")

    def _draw_volume_value(self, canvas: pygame.Surface) -> None:
        """The slider shows a bar only; the percentage helps keyboard users."""
        s = self.app.settings
        text = f"{round(s.volume * 100)}%"
        bar_left = self.volume.rect.right - 130
        self.app.text.draw(canvas, text, (bar_left - 6, self.volume.rect.centery - 8),
                           theme.DUSK if s.muted else theme.INK, "right")
