"""Dice for Land dialogs: Submit with confirmation, and the order lists (the tech tree with
prerequisites and costs, spells, diplomacy, the selected tile's orders)."""

from __future__ import annotations

from typing import Any

import pygame

from game.core.i18n import tr
from game.territory import actions as A
from game.territory.constants import TECH, TECHS
from scenes import theme
from scenes.board.dialog import BoardDialog
from scenes.drawing import fit
from scenes.territory.labels import action_label
from scenes.widgets import Button

ROWS = 12


def spell_area(board, spell: str, target: int) -> list[int]:
    """The tiles a spell acts on (T-10.1): Nature's Gift the 3 x 3 square around its centre,
    any other tile spell its one tile."""
    if target < 0 or spell in ("steal", "battle_fervor", "bewitch", "fortune", "rock_solid", "jungle_blessing"):
        return []
    if spell == "nature_gift":
        return sorted({target, *board.around[target]})
    return [target]


class ConfirmSubmit(BoardDialog):
    """"Submit these orders?": they are final once submitted (T-5.2)."""

    size = (360, 120)

    def __init__(self, app, scene: Any) -> None:
        super().__init__(app, scene)
        y = self.rect.bottom - 32
        half = (self.rect.width - 50) // 2
        self.widgets.add(Button((self.rect.x + 20, y, half, 22), lambda: tr("territory.ui.submit_yes"), self._yes,
                                hotkey=pygame.K_y))
        self.widgets.add(Button((self.rect.right - 20 - half, y, half, 22), lambda: tr("menu.quit_no"),
                                self.app.pop, hotkey=pygame.K_n))

    def title(self) -> str:
        return tr("territory.ui.submit_confirm")

    def draw(self, canvas: pygame.Surface) -> None:
        super().draw(canvas)
        t = self.scene.my_tribe()
        n = len(t.orders) if t is not None else 0
        for k, line in enumerate(self.app.text.wrap(tr("territory.ui.submit_count", n=n), self.rect.width - 24)[:2]):
            self.app.text.draw(canvas, line, (self.rect.centerx, self.rect.y + 32 + 16 * k), theme.DUSK, "centre")

    def _yes(self) -> None:
        self.app.pop()
        self.scene.act(A.SUBMIT)


class OrderMenu(BoardDialog):
    """A list of the legal orders of one kind with their costs; a click enters one.

    The tech page also lists every tech the seat cannot research yet, greyed, with its
    prerequisites, so the tree is readable before it can be climbed."""

    size = (300, 300)

    def __init__(self, app, scene: Any, kind: str) -> None:
        super().__init__(app, scene)
        # at the right, so the board stays visible for the spell's target area
        self.rect.topleft = (336, 30)
        self.kind = kind
        self.top = 0
        self.widgets.add(Button((self.rect.right - 90, self.rect.bottom - 28, 76, 20), lambda: tr("menu.back"),
                                self.app.pop))

    def title(self) -> str:
        return tr(f"territory.ui.menu_{self.kind}")

    def rows(self) -> list[tuple[str, str, Any]]:
        """(label, cost/requirement, action or None) for each row."""
        acts = self.scene.menu_actions(self.kind)
        out = [(action_label(self.scene, a), self.scene.order_cost_text(a), a) for a in acts]
        if self.kind == "tech":
            settings = [r for r in out if isinstance(r[2], (A.SetPriority, A.SetFlower))]
            out = [r for r in out if r not in settings]
            seat = self.scene.human_seat()
            t = self.scene.shown.tribes[seat] if seat is not None else None
            offered = {a.tech for a in acts if isinstance(a, A.Research)}
            for tech in TECHS:
                data = TECH[tech]
                if tech in offered or (t is not None and data.faction and data.faction != t.faction):
                    continue
                have = t is not None and tech in t.techs
                need = ", ".join(tr(f"territory.tech.{p}") for p in data.techs)
                if data.building:
                    need = (need + ", " if need else "") + tr(f"territory.building.{data.building}")
                cost = " ".join(f"{n}{'gme'[k]}" for k, n in enumerate(data.cost) if n)
                status = (tr("territory.ui.tech_have") if have else tr("territory.ui.tech_needs", need=need) if need
                          else tr("territory.ui.tech_cannot"))
                out.append((f"{tr(f'territory.tech.{tech}')}: {status}", cost, None))
            out += settings
        return out

    def row_rects(self) -> list[tuple[pygame.Rect, tuple[str, str, Any]]]:
        rows = self.rows()[self.top:self.top + ROWS]
        return [(pygame.Rect(self.rect.x + 12, self.rect.y + 28 + 19 * k, self.rect.width - 24, 18), r)
                for k, r in enumerate(rows)]

    def draw_area(self, canvas: pygame.Surface, cast: Any) -> None:
        """The hovered spell's target area on the board (above the veil)."""
        scene = self.scene
        for i in spell_area(scene.shown.board, cast.spell, cast.target):
            x, y = scene.camera.to_canvas((i % scene.board_w * 16, i // scene.board_w * 16))
            z = scene.camera.zoom
            pygame.draw.rect(canvas, theme.SHALLOWS, (x, y, 16 * z, 16 * z), 2)
        if cast.target >= 0 and cast.side:
            x, y = scene.camera.to_canvas(scene.centre(cast.target))
            self.app.text.draw(canvas, cast.side, (x, y - 8), theme.FOAM, "centre")

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL:
            self.top = max(0, min(self.top - event.y, max(0, len(self.rows()) - ROWS)))
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for rect, (_label, _cost, action) in self.row_rects():
                if rect.collidepoint(event.pos) and action is not None:
                    self.app.pop()
                    self.scene.act(action)
                    return
        super().handle(event)

    def draw(self, canvas: pygame.Surface) -> None:
        super().draw(canvas)
        text = self.app.text
        rows = self.row_rects()
        if not rows:
            text.draw(canvas, tr("territory.ui.menu_empty"), (self.rect.centerx, self.rect.y + 60), theme.DUSK, "centre")
        cut: tuple[pygame.Rect, str] | None = None   # the hovered row, if its words were cut
        for rect, (label, cost, action) in rows:
            over = rect.collidepoint(self.app.mouse)
            if over and action is not None:
                pygame.draw.rect(canvas, theme.STRAW, rect)
            colour = theme.INK if action is not None else theme.STONE
            shown = fit(self.app, label, rect.width - 56)
            text.draw(canvas, shown, (rect.x + 2, rect.y + 1), colour)
            text.draw(canvas, fit(self.app, cost, 52), (rect.right - 2, rect.y + 1), colour, "right")
            if over and (shown != label or fit(self.app, cost, 52) != cost):
                cut = rect, f"{label}\n{cost}" if cost else label
        hovered = next((r[2] for rect, r in rows if rect.collidepoint(self.app.mouse)), None)
        if isinstance(hovered, A.Cast):
            self.draw_area(canvas, hovered)
        if cut is not None:   # a tech's missing prerequisites, a long spell name: whole on hover
            self.app.draw_tooltip(canvas, cut[1], cut[0])
        n = len(self.rows())
        if n > ROWS:
            text.draw(canvas, f"{self.top + 1}-{min(n, self.top + ROWS)}/{n}", (self.rect.x + 14, self.rect.bottom - 26), theme.DUSK)
