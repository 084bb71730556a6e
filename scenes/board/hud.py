"""HUD parts every board screen shares: top bar, player panel frame, scrollable event log,
toast, hint line and an action bar built from button specs."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

import pygame

from game.core.i18n import tr
from scenes import theme
from scenes.board.seats import draw_marker, seat_colour
from scenes.drawing import fit
from scenes.widgets import Button, WidgetGroup

TOAST_S = 2.5          # seconds a refusal message stays
LOG_KEEP = 5000        # log entries kept: a whole game (issue 20: the log scrolls over all of it)
LINE_H = 16            # pixels per text line (the 16-px pixel font)
TAG_GAP = 6            # pixels between a seat's name and its "AI" tag (4 read as touching in hanzi)
CUT_TAG_GAP = 4        # the same after a name cut with "…" (keeps a character more of it)
TAG_COLOUR = theme.TIMBER   # the tag in brown, apart from the ink-black name it follows
LOG_LINE_H = 18        # pixels per log line: two rows of air between lines (issue 20)


def draw_top_bar(app, canvas: pygame.Surface, left: str, centre: str = "",
                 centre_colour: tuple[int, int, int] = theme.PARCHMENT) -> None:
    pygame.draw.rect(canvas, theme.DUSK, (0, 0, theme.CANVAS_W, 20))
    pygame.draw.line(canvas, theme.INK, (0, 20), (theme.CANVAS_W, 20))
    app.text.draw(canvas, left, (6, 2), theme.PARCHMENT)
    if centre:
        app.text.draw(canvas, centre, (theme.CANVAS_W // 2, 2), centre_colour, "centre")


def draw_player_panel(app, canvas: pygame.Surface, rect: pygame.Rect, name: str, colour: int,
                      active: bool, ai: bool, thinking: bool, name_top: int = 5) -> None:
    """Frame, seat colour stripe and marker, name (and "AI" tag) `name_top` pixels below the
    panel's top, or the thinking hourglass, and the highlight of the seat to move. The screen
    draws the body below the name."""
    art, text = app.art, app.text
    canvas.blit(art.panel("panel", rect.size), rect.topleft)
    light, _ = seat_colour(colour)
    pygame.draw.rect(canvas, light, (rect.x + 5, rect.y + 5, 4, rect.height - 10))
    draw_marker(canvas, colour, (rect.x + 7, rect.bottom - 9), 3)
    if active:
        pygame.draw.rect(canvas, theme.STRAW, rect.inflate(2, 2), 2)
    tag_w = 0
    if ai:
        if thinking:
            glass = art.ui["icon_end_turn"]   # an hourglass: this AI is thinking
            canvas.blit(glass, (rect.right - 7 - glass.get_width(), rect.y + 7))
            tag_w = glass.get_width()
        else:
            tag_w = text.draw(canvas, tr("seat.ai"), (rect.right - 7, rect.y + name_top), TAG_COLOUR, "right").width
    room = panel_name_width(rect.width, tag_w)
    shown = fit(app, name, room)
    if tag_w and shown != name:   # a cut name ends in "…", whose dots leave air of their own
        cut = fit(app, name, room + TAG_GAP - CUT_TAG_GAP)
        shown = cut if cut != name else shown     # (a whole name keeps its TAG_GAP)
    text.draw(canvas, shown, (rect.x + 13, rect.y + name_top), theme.INK)


def panel_name_width(rect_width: int, tag_width: int) -> int:
    """The room for a seat's name in a panel `rect_width` wide beside a tag `tag_width` wide
    (0: no tag), TAG_GAP clear of it."""
    return rect_width - 20 - (tag_width + TAG_GAP if tag_width else 0)


@dataclass
class LogEntry:
    """A log line (translated when drawn); in hidden-information games also the line the other
    players may read and the seat the private line was made for."""

    line: Callable[[], str]
    public: Callable[[], str] | None = None
    seat: int | None = None

    def text_for(self, viewer: int | None) -> str:
        if self.public is not None and self.seat != viewer:
            return self.public()
        return self.line()


class EventLog:
    """The scrollable log panel: the mouse wheel over it, dragging it, or its scroll bar
    scroll back through the whole game (newest line at the bottom)."""

    def __init__(self, rect: pygame.Rect, rows: int | None = None) -> None:
        self.rect = rect
        self.rows = rows if rows is not None else max(1, (rect.height - 8) // LOG_LINE_H)
        self.entries: list[LogEntry] = []
        self.scroll = 0          # lines scrolled back from the newest
        self.dragging = False
        self._drag_y = 0
        self._drag_scroll = 0
        self._total = 0          # wrapped lines counted at the last draw (for the bar)

    def add(self, entry: LogEntry | Callable[[], str]) -> None:
        self.entries.append(entry if isinstance(entry, LogEntry) else LogEntry(entry))
        del self.entries[:-LOG_KEEP]
        if self.scroll:
            self.scroll += 1     # a reader scrolled back keeps their place

    def handle(self, event: pygame.event.Event, pointer: tuple[int, int]) -> bool:
        """Wheel over the log, or drag it (up shows older lines); True when used."""
        if event.type == pygame.MOUSEWHEEL and self.rect.collidepoint(pointer):
            self.scroll = max(0, self.scroll + (1 if event.y > 0 else -1) * max(1, abs(event.y)))
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self.dragging, self._drag_y, self._drag_scroll = True, event.pos[1], self.scroll
            return True
        if event.type == pygame.MOUSEMOTION and self.dragging:
            self.scroll = max(0, self._drag_scroll + (event.pos[1] - self._drag_y) // (LOG_LINE_H // 2))
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            self.dragging = False
            return True
        return False

    def lines(self, app, viewer: int | None) -> list[str]:
        width = self.rect.width - 16
        need = self.rows + self.scroll
        lines: list[str] = []
        for entry in reversed(self.entries):
            lines[:0] = app.text.wrap(entry.text_for(viewer), width)
            if len(lines) >= need:
                break
        self._total = max(len(lines), self._total if len(lines) >= need else len(lines))
        self.scroll = min(self.scroll, max(0, len(lines) - self.rows))
        end = len(lines) - self.scroll
        return lines[max(0, end - self.rows):end]

    def draw(self, app, canvas: pygame.Surface, viewer: int | None) -> None:
        canvas.blit(app.art.panel("panel", self.rect.size), self.rect.topleft)
        shown = self.lines(app, viewer)
        top = self.rect.y + 4 + (self.rows - len(shown)) * LOG_LINE_H if not self.scroll else self.rect.y + 4
        for i, line in enumerate(shown):
            app.text.draw(canvas, line, (self.rect.x + 7, top + LOG_LINE_H * i + 1), theme.INK)
        if self.scroll or len(self.entries) > self.rows:
            # a thin scroll bar: where the shown lines sit in what has been read so far
            bar = pygame.Rect(self.rect.right - 7, self.rect.y + 5, 2, self.rect.height - 10)
            pygame.draw.rect(canvas, theme.PARCHMENT_SHADE, bar)
            total = max(self._total, self.rows + self.scroll, 1)
            h = max(4, bar.height * self.rows // total)
            y = bar.bottom - h - (bar.height - h) * self.scroll // max(1, total - self.rows)
            pygame.draw.rect(canvas, theme.DUSK, (bar.x, max(bar.y, y), bar.width, h))


def draw_toast(app, canvas: pygame.Surface, text: str, area: pygame.Rect,
               colour: tuple[int, int, int] = theme.RED) -> None:
    """A refusal (red) or notice near the bottom of `area` on a tooltip plate."""
    lines = app.text.wrap(text, 300)
    pad_x, pad_top, pitch, h = app.text.plate_layout(lines, 8, 4)
    w = max(app.text.size(line)[0] for line in lines) + 2 * pad_x
    x = area.centerx - w // 2
    y = area.bottom - h - 4
    canvas.blit(app.art.panel("tooltip", (w, h)), (x, y))
    for i, line in enumerate(lines):
        app.text.draw(canvas, line, (x + pad_x, y + pad_top + pitch * i), colour)


def draw_hint(app, canvas: pygame.Surface, hint: str, pos: tuple[int, int], width: int, rows: int = 4) -> None:
    for i, line in enumerate(app.text.wrap(hint, width)[:rows]):
        app.text.draw(canvas, line, (pos[0], pos[1] + LINE_H * i), theme.PARCHMENT, shadow=theme.INK)


@dataclass
class ButtonSpec:
    """One button of an action bar (see `Button` for the meaning of each field)."""

    text: Any
    on_click: Callable[[], Any]
    icon: str | None = None
    enabled: Callable[[], bool] | None = None
    hotkey: int | None = None
    tooltip: Callable[[], str] | None = None
    sound: str = "click"
    make: Callable[..., Button] | None = None    # a Button subclass factory (rect) -> Button
    why: Callable[[], str | None] | None = None  # while disabled: why, in the tooltip


def action_bar(group: WidgetGroup, specs: list[ButtonSpec], origin: tuple[int, int], size: tuple[int, int],
               step: tuple[int, int] = (0, 26)) -> list[Button]:
    """Buttons from specs, laid out from `origin` every `step` pixels; added to `group`."""
    out = []
    for i, spec in enumerate(specs):
        rect = (origin[0] + step[0] * i, origin[1] + step[1] * i, *size)
        if spec.make is not None:
            button = spec.make(rect)
        else:
            button = Button(rect, spec.text, spec.on_click, icon=spec.icon, enabled=spec.enabled,
                            hotkey=spec.hotkey, tooltip=spec.tooltip, sound=spec.sound, why=spec.why)
        if button.why is None and spec.why is not None:
            button.why = spec.why
        group.add(button)
        out.append(button)
    return out


class CostButton(Button):
    """A button that also shows what it costs (icon + number per item, right-aligned); items
    the player lacks are drawn in red. `have()` maps icon frame -> amount (None: not known)."""

    def __init__(self, rect, text: Any, on_click: Callable[[], Any], cost: list[tuple[str, int]],
                 have: Callable[[], dict[str, int] | None], active: Callable[[], bool] = lambda: False,
                 **kwargs: Any) -> None:
        super().__init__(rect, text, on_click, **kwargs)
        self.cost, self.have, self.active = cost, have, active

    def draw(self, app, canvas: pygame.Surface) -> None:
        active = self.active()
        self.pressed = self.pressed or active
        text, self.text = self.text, (lambda: "")
        super().draw(app, canvas)
        self.text = text
        if active:
            self.pressed = False
        colour = theme.STONE if not self.enabled else theme.INK
        label_text = text()
        app.text.draw(canvas, label_text, (self.rect.x + 6, app.text.top_for_centre(label_text, self.rect.centery - 1)),
                      colour)
        have = self.have()
        x = self.rect.right - 4
        for icon_name, n in reversed([c for c in self.cost if c[1]]):
            icon = app.art.pieces[icon_name]
            x -= icon.get_width()
            canvas.blit(icon, (x, self.rect.centery - 6))
            short = have is not None and have.get(icon_name, 0) < n
            img = app.text.render(str(n), theme.RED if short else colour)
            x -= img.get_width()
            canvas.blit(img, (x, self.rect.centery - 8))
            x -= 3


def amount_strip(app, items: list[tuple[str, int]]) -> pygame.Surface:
    """"-2 [icon] +1 [icon]" as one image on a tooltip plate (for floating changes)."""
    parts = []
    for icon, n in items:
        parts.append(app.text.render(f"{n:+d}", theme.RED if n < 0 else theme.PINE))
        parts.append(app.art.pieces[icon])
    w = sum(p.get_width() + 2 for p in parts) + 8
    plate = app.art.panel("tooltip", (w, 20)).copy()
    x = 4
    for part in parts:
        plate.blit(part, (x, 10 - part.get_height() // 2))
        x += part.get_width() + 2
    return plate


def banner_image(app, text: str, piece: pygame.Surface | None = None) -> pygame.Surface:
    """A banner plate with an optional piece (the seat's) and a line of text."""
    img_text = app.text.render(text, theme.FOAM)
    w, h = img_text.get_width() + 40, 26
    img = app.art.panel("banner", (w, h)).copy()
    if piece is not None:
        img.blit(piece, (10, h // 2 - piece.get_height() // 2))
    img.blit(img_text, (28, h // 2 - 8))
    return img


def blit_anchored(canvas: pygame.Surface, art, frame: str, pos: tuple[int, int], zoom: int = 1) -> None:
    """A sprite-sheet frame placed by its anchor (vertex, edge midpoint...) at `pos`; `zoom`
    draws it that many times larger (whole steps, as the board under it: crisp pixels)."""
    ax, ay = art.anchor(frame)
    img = art.pieces[frame] if zoom == 1 else art.scaled(frame, zoom)
    canvas.blit(img, (pos[0] - ax * zoom, pos[1] - ay * zoom))


def cost_text(cost: list[tuple[str, int]], have: list[int] | None) -> str:
    """"Cost: ..." and, when the player's amounts are known and short, "Missing: ..."; `cost`
    is (translated name, amount) per item, `have` the player's amounts in the same order."""
    def fmt(items: list[tuple[str, int]]) -> str:
        return ", ".join(f"{n} {name}" for name, n in items if n)
    text = tr("game.cost", what=fmt(cost))
    if have is not None:
        missing = [(name, max(0, n - h)) for (name, n), h in zip(cost, have)]
        if any(n for _, n in missing):
            text += "\n" + tr("game.missing", what=fmt(missing))
    return text


class ToggleButton(Button):
    """A button with an image (a resource icon, a unit) before its label that stays pressed
    while `active()` — one of a row of exclusive choices (give wood / stone / wheat)."""

    def __init__(self, rect, text: Any, on_click: Callable[[], Any], image: Callable[[], pygame.Surface | None],
                 active: Callable[[], bool], **kwargs: Any) -> None:
        super().__init__(rect, text, on_click, **kwargs)
        self.image, self.active = image, active

    def draw(self, app, canvas: pygame.Surface) -> None:
        on = self.active()
        state = ("button_disabled" if not self.enabled else
                 "button_pressed" if on or self.pressed else
                 "button_hover" if self.hover or self.focused else "button_normal")
        canvas.blit(app.art.panel(state, self.rect.size), self.rect.topleft)
        dy = 1 if on or self.pressed else 0
        img = self.image()
        label_text = self.text()
        w = (img.get_width() + 3 if img is not None else 0) + app.text.size(label_text)[0]
        x = self.rect.centerx - w // 2
        if img is not None:
            canvas.blit(img, (x, self.rect.centery - img.get_height() // 2 + dy))
            x += img.get_width() + 3
        app.text.draw(canvas, label_text, (x, app.text.top_for_centre(label_text, self.rect.centery - 1) + dy),
                      theme.STONE if not self.enabled else theme.INK)
        if on:
            pygame.draw.rect(canvas, theme.STRAW, self.rect, 1)
        if self.focused:
            pygame.draw.rect(canvas, theme.STRAW, self.rect.inflate(2, 2), 1)
