"""Small reusable UI widgets drawn with the UI sprite sheet: buttons, choices, sliders,
text fields and a group that routes input and keyboard focus between them.

Labels are callables returning the current (translated) text, so switching the language
changes every widget at once without rebuilding screens.
"""

from __future__ import annotations

import abc

from typing import TYPE_CHECKING, Any, Callable

import pygame

from scenes import theme

if TYPE_CHECKING:
    from scenes.app import App

TextFn = Callable[[], str]


def label(text: str | TextFn) -> TextFn:
    return text if callable(text) else (lambda: text)


class Widget(abc.ABC):
    """Base: a rectangle on the canvas that may take focus."""

    focusable = True

    def __init__(self, rect: pygame.Rect | tuple[int, int, int, int]) -> None:
        self.rect = pygame.Rect(rect)
        self.hover = False
        self.focused = False
        self.visible = True

    @property
    def enabled(self) -> bool:
        return True

    def handle(self, app: "App", event: pygame.event.Event) -> bool:
        """Return True when the event was used."""
        return False

    def activate(self, app: "App", step: int = 1) -> None:
        """Keyboard activation (Enter/Space, or Left/Right with step -1/+1)."""

    @abc.abstractmethod
    def draw(self, app: "App", canvas: pygame.Surface) -> None:
        """Draw the widget onto the canvas."""


class Button(Widget):
    """A 9-slice button with a label and/or icon; greyed out when disabled."""

    def __init__(self, rect, text: str | TextFn, on_click: Callable[[], Any],
                 icon: str | None = None, enabled: Callable[[], bool] | None = None,
                 hotkey: int | None = None, tooltip: TextFn | None = None,
                 sound: str = "click", why: Callable[[], str | None] | None = None) -> None:
        super().__init__(rect)
        self.why = why              # while disabled: why (shown in the tooltip)
        self.text = label(text)
        self.on_click = on_click
        self.icon = icon
        self._enabled = enabled
        self.hotkey = hotkey
        self.tooltip = tooltip
        self.pressed = False
        self.sound = sound

    @property
    def enabled(self) -> bool:
        return self._enabled() if self._enabled else True

    def tooltip_text(self) -> str:
        """The tooltip; a disabled button adds why it cannot be used now (issue 20)."""
        parts = [self.tooltip() if self.tooltip else ""]
        if not self.enabled and self.why is not None:
            parts.append(self.why() or "")
        return "\n".join(p for p in parts if p)

    def click(self, app: "App") -> None:
        if self.enabled:
            if self.sound:
                app.sounds.play(self.sound)
            self.on_click()
        else:
            app.sounds.play("error")

    def handle(self, app: "App", event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self.pressed = True
            return True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was = self.pressed
            self.pressed = False
            if was and self.rect.collidepoint(event.pos):
                self.click(app)
                return True
        elif event.type == pygame.KEYDOWN and self.hotkey is not None and event.key == self.hotkey:
            self.click(app)
            return True
        return False

    def activate(self, app: "App", step: int = 1) -> None:
        if step == 1:
            self.click(app)

    def draw(self, app: "App", canvas: pygame.Surface) -> None:
        state = ("button_disabled" if not self.enabled else
                 "button_pressed" if self.pressed else
                 "button_hover" if self.hover or self.focused else "button_normal")
        canvas.blit(app.art.panel(state, self.rect.size), self.rect.topleft)
        text = self.text()
        colour = theme.STONE if not self.enabled else theme.INK
        dy = 1 if self.pressed else 0
        icon = app.art.ui.get(f"icon_{self.icon}") if self.icon else None
        tw = app.text.size(text)[0] if text else 0
        total = tw + (icon.get_width() + (3 if text else 0) if icon else 0)
        x = self.rect.centerx - total // 2
        if icon:
            canvas.blit(icon, (x, self.rect.centery - icon.get_height() // 2 + dy))
            x += icon.get_width() + 3
        if text:   # the ink centred on the face (above the 2-px bottom shade): CJK and Latin alike
            app.text.draw(canvas, text, (x, app.text.top_for_centre(text, self.rect.centery - 1) + dy), colour)
        if self.focused:
            pygame.draw.rect(canvas, theme.STRAW, self.rect.inflate(2, 2), 1)


class Choice(Button):
    """A button that cycles through options: "Label: value"."""

    def __init__(self, rect, caption: str | TextFn, options: list[tuple[Any, str | TextFn]],
                 get: Callable[[], Any], set_: Callable[[Any], None],
                 enabled: Callable[[], bool] | None = None) -> None:
        self.caption = label(caption)
        self.options = [(v, label(t)) for v, t in options]
        self.get, self.set = get, set_
        super().__init__(rect, self._text, lambda: self.step(1), enabled=enabled)

    def _text(self) -> str:
        current = self.get()
        value = next((t() for v, t in self.options if v == current), str(current))
        cap = self.caption()
        return f"{cap}: {value}" if cap else value

    def step(self, delta: int) -> None:
        values = [v for v, _ in self.options]
        i = values.index(self.get()) if self.get() in values else 0
        self.set(values[(i + delta) % len(values)])

    def handle(self, app: "App", event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONUP and event.button == 3 and self.rect.collidepoint(event.pos):
            if self.enabled:
                app.sounds.play("click")
                self.step(-1)
            return True
        return super().handle(app, event)

    def activate(self, app: "App", step: int = 1) -> None:
        if self.enabled:
            app.sounds.play("click")
            self.step(step)


class Slider(Widget):
    """A horizontal 0..1 slider (volume)."""

    def __init__(self, rect, caption: str | TextFn, get: Callable[[], float],
                 set_: Callable[[float], None]) -> None:
        super().__init__(rect)
        self.caption = label(caption)
        self.get, self.set = get, set_
        self.dragging = False

    def _bar(self) -> pygame.Rect:
        return pygame.Rect(self.rect.right - 130, self.rect.centery - 3, 120, 6)

    def _set_from(self, x: int) -> None:
        bar = self._bar()
        self.set(round(max(0.0, min(1.0, (x - bar.x) / bar.width)), 2))

    def handle(self, app: "App", event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self.dragging = True
            self._set_from(event.pos[0])
            return True
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
            if self.dragging:
                self._set_from(event.pos[0])
                return True
        if event.type == pygame.MOUSEBUTTONUP and self.dragging:
            self.dragging = False
            app.sounds.play("click")
            return True
        return False

    def activate(self, app: "App", step: int = 1) -> None:
        self.set(round(max(0.0, min(1.0, self.get() + 0.1 * step)), 2))
        app.sounds.play("click")

    def draw(self, app: "App", canvas: pygame.Surface) -> None:
        canvas.blit(app.art.panel("button_hover" if self.hover or self.focused else "button_normal",
                                  self.rect.size), self.rect.topleft)
        app.text.draw(canvas, self.caption(), (self.rect.x + 8, self.rect.centery - 8), theme.INK)
        bar = self._bar()
        pygame.draw.rect(canvas, theme.DUSK, bar)
        fill = bar.copy()
        fill.width = int(bar.width * self.get())
        pygame.draw.rect(canvas, theme.WHEAT, fill)
        pygame.draw.rect(canvas, theme.INK, bar, 1)
        knob = pygame.Rect(0, 0, 4, 12)
        knob.center = (bar.x + fill.width, bar.centery)
        pygame.draw.rect(canvas, theme.FOAM, knob)
        pygame.draw.rect(canvas, theme.INK, knob, 1)
        if self.focused:
            pygame.draw.rect(canvas, theme.STRAW, self.rect.inflate(2, 2), 1)


class TextField(Widget):
    """A one-line text input (names, seeds); click or focus, then type."""

    def __init__(self, rect, get: Callable[[], str], set_: Callable[[str], None],
                 max_len: int = 12, digits_only: bool = False, caption: str | TextFn = "") -> None:
        super().__init__(rect)
        self.get, self.set = get, set_
        self.max_len = max_len
        self.digits_only = digits_only
        self.caption = label(caption)
        self.editing = False

    def handle(self, app: "App", event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            inside = self.rect.collidepoint(event.pos)
            if inside != self.editing:
                self.editing = inside
                if inside:
                    app.sounds.play("click")
                    self.place_input_method(app)
            return inside
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
        if not self.editing:
            return False
        if event.type == pygame.TEXTINPUT:
            text = self.get()
            for ch in event.text:
                if len(text) >= self.max_len or (self.digits_only and not ch.isdigit()):
                    continue
                if ch.isprintable() and app.text.has_glyph(ch) and self.fits(app, text + ch):
                    text += ch
            self.set(text)
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE:
                self.set(self.get()[:-1])
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_TAB):
                self.editing = False
                return event.key != pygame.K_TAB
            return True  # typing keys never trigger hotkeys while editing
        return False

    def fits(self, app: "App", text: str) -> bool:
        """Whether `text` shows whole inside the field, after the caption and before the
        caret: twelve Chinese characters are twice as wide as twelve letters, so a field
        takes what fits as well as at most `max_len` characters."""
        cap = self.caption()
        used = app.text.size(cap)[0] + 4 if cap else 0
        return app.text.size(text)[0] <= self.rect.width - 8 - used - 2

    def activate(self, app: "App", step: int = 1) -> None:
        if step == 1:
            self.editing = not self.editing
            if self.editing:
                self.place_input_method(app)

    def place_input_method(self, app: "App") -> None:
        """Tell the system where the field is on the window, so that an input method (pinyin
        and the like) opens its candidate list beside the field, not in a corner."""
        (x0, y0), (x1, y1) = app.to_window(self.rect.topleft), app.to_window(self.rect.bottomright)
        pygame.key.set_text_input_rect(pygame.Rect(x0, y0, x1 - x0, y1 - y0))

    def draw(self, app: "App", canvas: pygame.Surface) -> None:
        pygame.draw.rect(canvas, theme.FOAM if self.editing else theme.PARCHMENT, self.rect)
        pygame.draw.rect(canvas, theme.INK, self.rect, 1)
        cap = self.caption()
        x = self.rect.x + 4
        if cap:
            x = app.text.draw(canvas, cap, (x, self.rect.centery - 8), theme.DUSK).right + 4
        clip = canvas.get_clip()
        canvas.set_clip(self.rect.inflate(-2, -2).clip(clip))   # a longer text from elsewhere
        r = app.text.draw(canvas, self.get(), (x, self.rect.centery - 8), theme.INK)
        canvas.set_clip(clip)
        if self.editing and (pygame.time.get_ticks() // 400) % 2 == 0:
            pygame.draw.line(canvas, theme.INK, (r.right + 1, self.rect.y + 3), (r.right + 1, self.rect.bottom - 4))
        if self.focused or self.hover:
            pygame.draw.rect(canvas, theme.STRAW, self.rect.inflate(2, 2), 1)


class WidgetGroup:
    """Routes input to widgets; Tab / arrows move keyboard focus, Enter activates."""

    def __init__(self, widgets: list[Widget] | None = None) -> None:
        self.widgets: list[Widget] = list(widgets or [])
        self.focus = -1

    def add(self, widget: Widget) -> Widget:
        self.widgets.append(widget)
        return widget

    def _visible(self) -> list[Widget]:
        return [w for w in self.widgets if w.visible]

    def handle(self, app: "App", event: pygame.event.Event) -> bool:
        editing = [w for w in self._visible() if isinstance(w, TextField) and w.editing]
        for w in editing:
            if w.handle(app, event):
                return True
        for w in self._visible():
            if w not in editing and w.handle(app, event):
                return True
        if event.type == pygame.KEYDOWN:
            ws = [w for w in self._visible() if w.focusable]
            if not ws:
                return False
            if event.key in (pygame.K_TAB, pygame.K_DOWN, pygame.K_UP):
                back = event.key == pygame.K_UP or (event.key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT)
                self._move_focus(ws, -1 if back else 1)
                return True
            current = ws[self.focus] if 0 <= self.focus < len(ws) else None
            if current and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                current.activate(app, 1)
                return True
            if current and event.key in (pygame.K_LEFT, pygame.K_RIGHT) and not isinstance(current, TextField):
                current.activate(app, -1 if event.key == pygame.K_LEFT else 1)
                return True
        return False

    def _move_focus(self, ws: list[Widget], step: int) -> None:
        for w in ws:
            w.focused = False
        self.focus = (self.focus + step) % len(ws) if self.focus >= 0 else (0 if step > 0 else len(ws) - 1)
        ws[self.focus].focused = True

    def draw(self, app: "App", canvas: pygame.Surface, tooltips: bool = True) -> None:
        """The widgets, then (unless the caller draws them later, over its own layers) the
        hovered one's tooltip."""
        for w in self._visible():
            w.draw(app, canvas)
        if tooltips:
            self.draw_tooltips(app, canvas)

    def draw_tooltips(self, app: "App", canvas: pygame.Surface) -> None:
        """The tooltip of the hovered widget, if it has one."""
        for w in self._visible():
            if not w.hover:
                continue
            text = getattr(w, "tooltip_text", None)
            tip = getattr(w, "tooltip", None)
            text = text() if text is not None else (tip() if tip else "")
            if text:
                app.draw_tooltip(canvas, text, w.rect)
