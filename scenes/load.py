"""The load screen: every save in the user data folder, newest first.

A row shows the game's name and its map's title, when it was saved, the round (or
"finished") and the players;
the autosave carries a tag. Files that cannot be used are listed greyed with the reason and
cannot be opened (trying shows the reason in a message box; the file is left alone).
Click a row to select it; double-click it (or press Enter, or "Open") to play it; Delete
asks before removing the file. The list scrolls with the wheel, the arrow keys, Page Up /
Page Down and the scroll bar.
"""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import pygame

from game import rulesets
from game.core.i18n import catalogue, error_text, language, own_key, tr
from game.core.tiled import read_map
from game.play.saves import SaveError, SaveInfo, is_autosave, list_saves, read_save
from scenes import theme
from scenes.drawing import draw_sea, fit, wrap_text
from scenes.dialogs import MessageBox, Overlay
from scenes.scene import Scene
from scenes.widgets import Button, WidgetGroup

PANEL = pygame.Rect(20, 8, 600, 344)
LIST_AREA = pygame.Rect(32, 38, 562, 246)     # rows; the scroll bar sits to its right
ROW_H = 41                                     # pixels from one row to the next
SCROLLBAR = pygame.Rect(LIST_AREA.right + 4, LIST_AREA.y, 8, LIST_AREA.height)
DOUBLE_CLICK_S = 0.5                           # seconds between the two clicks of a double-click
EMPTY_TEXT_W = 340                             # the "no saves yet" message wraps at this width


_MAP_TITLES: dict[str, tuple[str, str]] = {}   # map file -> (title, title_zh), read once


def map_titles_of(info: SaveInfo) -> tuple[str, str]:
    """(English, Chinese) titles of the map a save plays on (("", "") when the save or its map
    cannot be read: the row still shows the rest)."""
    if info.error:
        return "", ""
    try:
        save = read_save(info.path)
        path = rulesets.get(save.ruleset).map_path(save.setup)
        if path not in _MAP_TITLES:
            props = read_map(path).properties
            _MAP_TITLES[path] = (str(props.get("title") or props.get("name_en") or Path(path).stem),
                                 str(props.get("title_zh") or props.get("name_zh") or ""))
    except Exception:   # a save listed as good may vanish or its map move; never crash the list
        return "", ""
    return _MAP_TITLES[path]


def saved_time(stamp: str) -> str:
    """A save's UTC time stamp ("2026-12-02T10:00:00Z") as local "2026-12-02 11:00"."""
    try:
        when = datetime.strptime(stamp, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc)
    except ValueError:
        return stamp
    return when.astimezone().strftime("%Y-%m-%d %H:%M")


class LoadScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.saves: list[SaveInfo] = []
        self.reasons: dict[Path, str] = {}   # why a broken file cannot be used (translated)
        self.maps: dict[Path, tuple[str, str]] = {}   # (title, title_zh) of each usable save's map
        self.selected: int | None = None
        self.scroll = 0                      # index of the first visible row
        self.hover_row: int | None = None
        self.time = 0.0
        self._drag_thumb: int | None = None  # mouse y offset inside the thumb while dragging
        self._pressed_row: int | None = None  # row under the mouse button when it went down
        self._last_click = -1.0               # scene time of the last row click (double-clicks)
        self.widgets = WidgetGroup()
        y = PANEL.bottom - 32
        self.widgets.add(Button((PANEL.x + 14, y, 100, 22), lambda: tr("load.back"), self.app.pop,
                                icon="arrow_left"))
        self.delete_button = self.widgets.add(Button(
            (PANEL.right - 354, y, 100, 22), lambda: tr("load.delete"), self.ask_delete, icon="close",
            enabled=lambda: self.selected is not None))
        self.replay_button = self.widgets.add(Button(
            (PANEL.right - 234, y, 100, 22), lambda: tr("load.replay"), self.replay_selected, icon="dice",
            enabled=lambda: self.selected is not None and not self.saves[self.selected].error,
            tooltip=lambda: tr("load.replay_tip")))
        self.open_button = self.widgets.add(Button(
            (PANEL.right - 114, y, 100, 22), lambda: tr("load.open"), self.open_selected, icon="arrow_right",
            enabled=lambda: self.selected is not None and not self.saves[self.selected].error))
        self.refresh()

    # ---- data ----------------------------------------------------------------------------
    def refresh(self) -> None:
        """Re-read the saves folder, keeping the selection on the same file when possible."""
        keep = self.saves[self.selected].path if self.selected is not None and self.saves else None
        self.saves = list_saves()
        self.reasons = {info.path: error_text(SaveError(info.error, **info.error_params))
                        for info in self.saves if info.error}
        self.maps = {info.path: map_titles_of(info) for info in self.saves if not info.error}
        paths = [s.path for s in self.saves]
        if keep in paths:
            self.selected = paths.index(keep)
        else:
            self.selected = 0 if self.saves else None
        self.scroll = max(0, min(self.scroll, self.max_scroll))
        self._show_selected()

    @property
    def visible_rows(self) -> int:
        return LIST_AREA.height // ROW_H

    @property
    def max_scroll(self) -> int:
        return max(0, len(self.saves) - self.visible_rows)

    def row_rect(self, index: int) -> pygame.Rect:
        return pygame.Rect(LIST_AREA.x, LIST_AREA.y + (index - self.scroll) * ROW_H, LIST_AREA.width, ROW_H - 2)

    def row_at(self, pos: tuple[int, int]) -> int | None:
        if not LIST_AREA.collidepoint(pos):
            return None
        index = self.scroll + (pos[1] - LIST_AREA.y) // ROW_H
        return index if index < len(self.saves) and self.row_rect(index).collidepoint(pos) else None

    def title_of(self, info: SaveInfo) -> str:
        """The game's translated name and its map: "Domiplotism · Nine Provinces"."""
        game = info.ruleset
        for key in (f"ruleset.{info.ruleset}", f"load.ruleset.{info.ruleset}", f"help.game.{info.ruleset}"):
            if key in catalogue("en"):
                game = tr(key)
                break
        title, title_zh = self.maps.get(info.path, ("", ""))
        where = title_zh if language() == "zh" and title_zh else title
        # a map named like its game (Tidegate Isle's own island) is not said twice
        return tr("load.game_map", game=game, map=where) if where and where != game else game

    def label_of(self, info: SaveInfo) -> str:
        """How the confirmation names a save."""
        if info.error:
            return info.path.name
        parts = [self.title_of(info), saved_time(info.saved_at)]
        if is_autosave(info.path):
            parts.insert(1, tr("load.autosave"))
        return " · ".join(p for p in parts if p)

    # ---- actions -------------------------------------------------------------------------
    def select(self, index: int) -> None:
        if self.saves:
            self.selected = max(0, min(len(self.saves) - 1, index))
            self._show_selected()

    def _show_selected(self) -> None:
        if self.selected is None:
            return
        if self.selected < self.scroll:
            self.scroll = self.selected
        elif self.selected >= self.scroll + self.visible_rows:
            self.scroll = self.selected - self.visible_rows + 1

    def scroll_by(self, rows: int) -> None:
        self.scroll = max(0, min(self.max_scroll, self.scroll + rows))

    def open_selected(self) -> None:
        if self.selected is None:
            return
        self.app.nav.open_save(self.saves[self.selected].path)

    def replay_selected(self) -> None:
        if self.selected is not None:
            self.app.nav.replay_save(self.saves[self.selected].path)

    def ask_delete(self) -> None:
        if self.selected is not None:
            self.app.push(ConfirmDelete(self.app, self, self.saves[self.selected]))

    def delete(self, info: SaveInfo) -> None:
        """Remove the file (after the player confirmed) and re-read the folder."""
        try:
            info.path.unlink()
        except FileNotFoundError:
            pass
        except OSError as exc:
            self.app.push(MessageBox(self.app, tr("load.error_title"), tr("load.delete_failed", detail=str(exc))))
        self.refresh()

    # ---- scene ---------------------------------------------------------------------------
    def resume(self) -> None:
        self.refresh()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and self._handle_key(event):
            return
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y)
            return
        if self.widgets.handle(self.app, event):
            return
        if event.type == pygame.MOUSEMOTION:
            self.hover_row = self.row_at(event.pos)
            if self._drag_thumb is not None:
                self._drag_to(event.pos[1] - self._drag_thumb)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._press(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._drag_thumb = None
            pressed, self._pressed_row = self._pressed_row, None
            index = self.row_at(event.pos)
            if index is not None and index == pressed:
                self._click_row(index)

    def _handle_key(self, event: pygame.event.Event) -> bool:
        k = event.key
        if k == pygame.K_ESCAPE:
            self.app.pop()
        elif k in (pygame.K_UP, pygame.K_DOWN) and self.selected is not None:
            self.select(self.selected + (1 if k == pygame.K_DOWN else -1))
        elif k in (pygame.K_PAGEUP, pygame.K_PAGEDOWN) and self.selected is not None:
            self.select(self.selected + self.visible_rows * (1 if k == pygame.K_PAGEDOWN else -1))
        elif k in (pygame.K_HOME, pygame.K_END) and self.saves:
            self.select(0 if k == pygame.K_HOME else len(self.saves) - 1)
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.widgets.focus < 0:
            if self.selected is not None:
                self.app.sounds.play("click")
                self.open_selected()
        elif k == pygame.K_DELETE:
            self.ask_delete()
        else:
            return False
        return True

    def _press(self, pos: tuple[int, int]) -> None:
        thumb = self._thumb()
        if thumb is not None and SCROLLBAR.collidepoint(pos):
            if thumb.collidepoint(pos):
                self._drag_thumb = pos[1] - thumb.y
            else:
                self.scroll_by(self.visible_rows if pos[1] > thumb.bottom else -self.visible_rows)
            return
        self._pressed_row = self.row_at(pos)

    def _click_row(self, index: int) -> None:
        """A click selects; a second click on the same row soon after (a double-click) opens.
        Rows react on release, so the release never reaches the scene that opens."""
        self.app.sounds.play("click")
        double = index == self.selected and self.time - self._last_click <= DOUBLE_CLICK_S
        self._last_click = -1.0 if double else self.time
        self.select(index)
        if double:
            self.open_selected()

    def _thumb(self) -> pygame.Rect | None:
        """The scroll bar's thumb, or None when every row fits."""
        if self.max_scroll == 0:
            return None
        h = max(12, SCROLLBAR.height * self.visible_rows // len(self.saves))
        y = SCROLLBAR.y + (SCROLLBAR.height - h) * self.scroll // self.max_scroll
        return pygame.Rect(SCROLLBAR.x, y, SCROLLBAR.width, h)

    def _drag_to(self, thumb_top: int) -> None:
        thumb = self._thumb()
        if thumb is None:
            return
        room = SCROLLBAR.height - thumb.height
        frac = (thumb_top - SCROLLBAR.y) / room if room else 0
        self.scroll = max(0, min(self.max_scroll, round(frac * self.max_scroll)))

    def update(self, dt: float) -> None:
        self.time += dt

    # ---- drawing -------------------------------------------------------------------------
    def draw(self, canvas: pygame.Surface) -> None:
        draw_sea(self.app, canvas, self.time)
        canvas.blit(self.app.art.panel("panel", PANEL.size), PANEL.topleft)
        text = self.app.text
        text.draw(canvas, tr("load.title"), (PANEL.centerx, PANEL.y + 8), theme.INK, "centre")
        pygame.draw.line(canvas, theme.PARCHMENT_SHADE, (PANEL.x + 12, PANEL.y + 26), (PANEL.right - 13, PANEL.y + 26))
        if not self.saves:
            lines = wrap_text(self.app, tr("load.empty"), EMPTY_TEXT_W)
            icon = pygame.transform.scale_by(self.app.art.ui["icon_save"], 2)
            y = LIST_AREA.centery - (8 * len(lines) + icon.get_height() // 2 + 6)
            canvas.blit(icon, (LIST_AREA.centerx - icon.get_width() // 2, y))
            y += icon.get_height() + 12
            for line in lines:
                text.draw(canvas, line, (LIST_AREA.centerx, y), theme.DUSK, "centre")
                y += 16
        else:
            clip = canvas.get_clip()
            canvas.set_clip(LIST_AREA)
            for index in range(self.scroll, min(len(self.saves), self.scroll + self.visible_rows + 1)):
                self._draw_row(canvas, index)
            canvas.set_clip(clip)
            self._draw_scrollbar(canvas)
            hint = tr("load.hint")
            if self.max_scroll:
                last = min(len(self.saves), self.scroll + self.visible_rows)
                hint = tr("load.scroll_hint", first=self.scroll + 1, last=last, count=len(self.saves))
            text.draw(canvas, fit(self.app, hint, PANEL.width - 28), (PANEL.centerx, LIST_AREA.bottom + 4),
                      theme.DUSK, "centre")
        self.widgets.draw(self.app, canvas)

    def _draw_row(self, canvas: pygame.Surface, index: int) -> None:
        info = self.saves[index]
        rect = self.row_rect(index)
        text = self.app.text
        if index == self.selected:
            pygame.draw.rect(canvas, theme.STRAW, rect)
            pygame.draw.rect(canvas, theme.TIMBER, rect, 1)
        elif index == self.hover_row:
            pygame.draw.rect(canvas, theme.PARCHMENT_SHADE, rect, 1)
        else:
            pygame.draw.line(canvas, theme.PARCHMENT_SHADE, (rect.x + 4, rect.bottom), (rect.right - 4, rect.bottom))
        x, w = rect.x + 6, rect.width - 12
        broken = bool(info.error)
        main = theme.STONE if broken else theme.INK
        sub = theme.STONE if broken else theme.DUSK
        right = tr("load.broken") if broken else saved_time(info.saved_at)
        right_w = text.size(right)[0]
        text.draw(canvas, right, (rect.right - 6, rect.y + 3), sub, "right")
        tag_w = 0
        if is_autosave(info.path):
            tag = tr("load.autosave")
            tag_w = text.size(tag)[0] + 10
            tag_x = rect.right - 6 - right_w - 8 - tag_w
            tag_rect = pygame.Rect(tag_x, rect.y + 2, tag_w, 18)
            pygame.draw.rect(canvas, theme.DEEP_SEA, tag_rect)
            pygame.draw.rect(canvas, theme.INK, tag_rect, 1)
            text.draw(canvas, tag, (tag_x + 5, rect.y + 3), theme.FOAM)
            tag_w += 8
        title = info.path.name if broken else self.title_of(info)
        text.draw(canvas, fit(self.app, title, w - right_w - tag_w - 12), (x, rect.y + 3), main)
        if broken:
            detail = self.reasons.get(info.path, "")
        else:
            progress = (tr("load.finished") if info.finished else
                        tr(own_key(info.ruleset, "load.round"), round=info.round) if info.round > 0 else
                        tr("load.setup"))
            detail = tr("load.summary", progress=progress, names=tr("load.sep").join(info.names))
        text.draw(canvas, fit(self.app, detail, w), (x, rect.y + 21), sub)

    def _draw_scrollbar(self, canvas: pygame.Surface) -> None:
        thumb = self._thumb()
        if thumb is None:
            return
        pygame.draw.rect(canvas, theme.PARCHMENT_SHADE, SCROLLBAR)
        pygame.draw.rect(canvas, theme.OAK, thumb)
        pygame.draw.rect(canvas, theme.TIMBER, thumb, 1)


class ConfirmDelete(Overlay):
    """"Delete this save?" with Delete / Keep."""

    size = (380, 120)

    def __init__(self, app, scene: LoadScene, info: SaveInfo) -> None:
        super().__init__(app)
        self.scene, self.info = scene, info
        y = self.rect.bottom - 32
        half = (self.rect.width - 50) // 2
        self.widgets.add(Button((self.rect.x + 20, y, half, 22), lambda: tr("load.delete_yes"), self.confirm,
                                icon="close"))
        self.widgets.add(Button((self.rect.right - 20 - half, y, half, 22), lambda: tr("load.delete_no"),
                                self.app.pop, hotkey=pygame.K_n))

    def title(self) -> str:
        return tr("load.delete_title")

    def confirm(self) -> None:
        self.app.pop()
        self.scene.delete(self.info)

    def draw(self, canvas: pygame.Surface) -> None:
        super().draw(canvas)
        lines = wrap_text(self.app, tr("load.delete_body", name=self.scene.label_of(self.info)), self.rect.width - 24)
        for i, line in enumerate(lines[:3]):
            self.app.text.draw(canvas, line, (self.rect.centerx, self.rect.y + 32 + 16 * i), theme.INK, "centre")
