"""The skill-pick panel (S-2) and the production menu (C-4, V-4 vouchers).

The pick panel is drawn over the board while a human picks (behind the pass-the-device screen
in hot-seat, H-2). Every skill of the pool is a row: picked, fixed, open, or blocked with the
reason (an exclusion with a fixed or picked skill, a missing prerequisite, no picks left), and
its full text on hover. Confirm is enabled exactly when the picks are one of `legal_actions`.
"""

from __future__ import annotations

import pygame

from game.core.i18n import tr
from game.skirmish import actions as A
from game.skirmish.constants import SKILLS
from scenes import theme
from scenes.dialogs import Overlay
from scenes.drawing import fit
from scenes.widgets import Button

ROW_H = 17
COL_W = 162
UNIT_ORDER = ("infantry", "archer", "cavalry")


def _name(code: str) -> str:
    return tr(f"skirmish.skill.{code}.name")


class PickPanel:
    """The secret skill picks of the human to move (drawn by the screen over its board)."""

    def __init__(self, scene) -> None:
        self.scene = scene
        self.chosen: list[str] = []
        self.hover: str | None = None
        board = scene.board_view
        self.rect = board.inflate(-4, -4)
        self.rows: dict[str, pygame.Rect] = {}
        columns = {u: [c for c, s in SKILLS.items() if s.unit == u] for u in UNIT_ORDER}
        for i, unit in enumerate(UNIT_ORDER):
            for j, code in enumerate(columns[unit]):
                self.rows[code] = pygame.Rect(self.rect.x + 4 + i * COL_W, self.rect.y + 40 + j * ROW_H, COL_W - 4, ROW_H - 1)
        self.confirm = pygame.Rect(self.rect.right - 110, self.rect.bottom - 26, 104, 22)

    def reset(self) -> None:
        self.chosen = []

    # ---- what the rules allow ---------------------------------------------------------------------
    def seat(self) -> int | None:
        return self.scene.human_seat()

    def legal(self) -> set[tuple[str, ...]]:
        return {a.skills for a in self.scene.legal_now() if isinstance(a, A.PickSkills)}

    def fixed(self) -> frozenset[str]:
        seat = self.seat()
        return frozenset(self.scene.game.board.factions[seat].fixed_skills) if seat is not None else frozenset()

    def ordered(self, codes) -> tuple[str, ...]:
        order = list(SKILLS)
        return tuple(sorted(codes, key=order.index))

    def state_of(self, code: str) -> tuple[str, str]:
        """("fixed" | "picked" | "open" | "blocked", why) for one skill row."""
        if code in self.fixed():
            return "fixed", tr("skirmish.pick.fixed")
        if code in self.chosen:
            return "picked", ""
        legal = self.legal()
        want = set(self.chosen) | {code}
        if any(want <= set(t) for t in legal):
            return "open", ""
        skill = SKILLS[code]
        have = set(self.fixed()) | set(self.chosen)
        clash = sorted(skill.excludes & have)
        if clash:
            return "blocked", tr("skirmish.pick.excludes", skills=", ".join(f"{c} {_name(c)}" for c in clash))
        need = sorted(skill.requires - have)
        if need:
            return "blocked", tr("skirmish.pick.requires", skills=", ".join(f"{c} {_name(c)}" for c in need))
        return "blocked", tr("skirmish.pick.no_room")

    def can_confirm(self) -> bool:
        return self.ordered(self.chosen) in self.legal()

    def max_picks(self) -> int:
        seat = self.seat()
        return self.scene.game.board.factions[seat].optional_picks if seat is not None else 0

    # ---- input -------------------------------------------------------------------------------------
    def toggle(self, code: str) -> None:
        state, _ = self.state_of(code)
        if state == "picked":
            self.chosen.remove(code)
        elif state == "open":
            self.chosen.append(code)
        else:
            self.scene.app.sounds.play("error")
            return
        self.scene.app.sounds.play("click")

    def submit(self) -> None:
        if self.can_confirm():
            self.scene.act(A.PickSkills(self.ordered(self.chosen)))

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = next((c for c, r in self.rows.items() if r.collidepoint(event.pos)), None)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.confirm.collidepoint(event.pos):
                self.submit()
                return True
            for code, r in self.rows.items():
                if r.collidepoint(event.pos):
                    self.toggle(code)
                    return True
            return self.rect.collidepoint(event.pos)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_RETURN:
            self.submit()
            return True
        return False

    # ---- drawing ----------------------------------------------------------------------------------
    def help_width(self) -> int:
        """Room for the help line, left of the Confirm button."""
        return self.confirm.x - 8 - (self.rect.x + 8)

    def draw(self, canvas: pygame.Surface) -> None:
        app, text = self.scene.app, self.scene.app.text
        seat = self.seat()
        canvas.blit(app.art.panel("panel", self.rect.size), self.rect.topleft)
        title = tr("skirmish.pick.title", name=self.scene.name(seat), n=len(self.chosen), max=self.max_picks())
        text.draw(canvas, fit(app, title, self.rect.width - 16), (self.rect.x + 8, self.rect.y + 5), theme.INK)
        for i, unit in enumerate(UNIT_ORDER):
            img = self.scene.sk.tinted(f"unit_{unit}", self.scene.colour(seat))
            x = self.rect.x + 4 + i * COL_W
            canvas.blit(img, (x + 2, self.rect.y + 22))
            text.draw(canvas, tr(f"skirmish.unit.{unit}"), (x + 20, self.rect.y + 22), theme.DUSK)
        for code, r in self.rows.items():
            state, _ = self.state_of(code)
            fill = {"picked": theme.STRAW, "fixed": theme.PARCHMENT_SHADE, "open": theme.PARCHMENT,
                    "blocked": theme.PEBBLE}[state]
            pygame.draw.rect(canvas, fill, r)
            if code == self.hover:
                pygame.draw.rect(canvas, theme.INK, r, 1)
            box = pygame.Rect(r.x + 2, r.y + 4, 8, 8)
            pygame.draw.rect(canvas, theme.INK, box, 1)
            if state in ("picked", "fixed"):
                pygame.draw.rect(canvas, theme.INK, box.inflate(-4, -4))
            colour = theme.STONE if state == "blocked" else theme.INK
            text.draw(canvas, fit(app, f"{code} {_name(code)}", r.width - 14), (r.x + 13, r.y), colour)
        text.draw(canvas, fit(app, tr("skirmish.pick.help"), self.help_width()), (self.rect.x + 8, self.rect.bottom - 24),
                  theme.DUSK)
        ok = self.can_confirm()
        canvas.blit(app.art.panel("button_normal" if ok else "button_disabled", self.confirm.size), self.confirm.topleft)
        text.draw(canvas, tr("skirmish.pick.confirm"), (self.confirm.centerx, self.confirm.y + 3),
                  theme.INK if ok else theme.STONE, "centre")
        if self.hover is not None:
            state, why = self.state_of(self.hover)
            tip = f"{self.hover} {_name(self.hover)}: {tr(f'skirmish.skill.{self.hover}.text')}"
            if why:
                tip += "\n" + why
            app.draw_tooltip(canvas, tip, self.rows[self.hover])


class ProduceMenu(Overlay):
    """C-4: a new unit in an own empty city — each kind with its price, or the city's voucher."""

    size = (300, 150)

    def __init__(self, app, scene, city: tuple[int, int]) -> None:
        super().__init__(app)
        self.scene, self.city = scene, city
        options = [k for k in scene.selection.targets() if k[0] == "p"]
        seat = scene.human_seat()
        y = self.rect.y + 32
        for i, key in enumerate(sorted(options, key=lambda k: (k[2], ("infantry", "archer", "cavalry").index(k[1])))):
            _, kind, voucher = key
            cost = scene.game.cost_of(seat, kind) if seat is not None else 0
            label = (tr("skirmish.ui.produce_voucher", kind=tr(f"skirmish.unit.{kind}")) if voucher else
                     tr("skirmish.ui.produce_kind", kind=tr(f"skirmish.unit.{kind}"), cost=cost))
            self.widgets.add(Button((self.rect.x + 20, y + 24 * i, self.rect.width - 40, 22), label,
                                    lambda k=key: self.choose(k), hotkey=pygame.K_1 + i))
        self.kinds = len(options)
        self.widgets.add(Button((self.rect.centerx - 50, self.rect.bottom - 28, 100, 22), lambda: tr("game.close"),
                                self.close))
        self.size = (300, 80 + 24 * max(1, self.kinds))
        w, h = self.size
        dy = (theme.CANVAS_H - h) // 2 - self.rect.y
        self.rect = pygame.Rect(self.rect.x, self.rect.y + dy, w, h)
        for wdg in self.widgets.widgets:
            wdg.rect.y += dy
        self.widgets.widgets[-1].rect.y = self.rect.bottom - 28

    def title(self) -> str:
        seat = self.scene.human_seat()
        funds = self.scene.game.funds[seat] if seat is not None else 0
        return tr("skirmish.ui.produce_title", funds=funds)

    def choose(self, key) -> None:
        self.app.pop()
        action = self.scene.selection.click(key)
        if action is not None:
            self.scene.act(action)

    def close(self) -> None:
        self.app.pop()
        self.scene.selection.clear()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return
        self.widgets.handle(self.app, event)
