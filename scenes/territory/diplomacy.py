"""Dice for Land diplomacy as one dialog per kind (T-16): gift, cede, vassal, tribute, trade.

Each kind is a tab of `DiplomacyDialog`: pick the partner tribe on the left, then what the
rules let you do with it on the right (a gift's resource and amount, the tile to cede, an
offer, a demand or a proposal, or the answer to one made to you last turn). Below, the
chosen order's cost and effect in words, or why it cannot be given now (a translated
reason); "Add order" enters it like any other order, so it shows in the removable order list
with its escrow. Legality is always the rules' own (`state.reason`); the explanations here
only name which of the rule's conditions is missing, from the public view (T-18.3).
"""

from __future__ import annotations

from typing import Any

import pygame

from game.core.i18n import error_text, tr
from game.territory import actions as A
from game.territory import position
from game.territory.constants import BUILDINGS, ECON, RESOURCES
from game.territory.diplomacy import borders
from scenes import theme
from scenes.board.dialog import BoardDialog
from scenes.board.seats import draw_marker
from scenes.drawing import fit
from scenes.territory.labels import RES_LETTER, tile_text
from scenes.widgets import Button

KINDS = ("gift", "cede", "vassal", "tribute", "trade")
OPTION_KEYS = {A.OfferVassal: "territory.dip.opt_offer_vassal", A.AnswerVassal: "territory.dip.opt_vassal",
               A.DemandTribute: "territory.dip.opt_demand", A.AnswerTribute: "territory.dip.opt_tribute",
               A.ProposeTrade: "territory.dip.opt_propose", A.AnswerTrade: "territory.dip.opt_trade",
               A.Gift: "territory.dip.tab_gift"}
ROW_H = 17
LIST_ROWS = 6            # partner rows and option rows shown at once


def partners(view: Any, seat: int) -> list[int]:
    """The other tribes still alive (player and system tribes), in tribe order (T-16.1)."""
    return [t.id for t in view.tribes if t.alive and t.id != seat]


def options(scene: Any, kind: str, seat: int, partner: int, resource: str, amount: int) -> list:
    """The orders of `kind` towards `partner` shown as choices, legal or not: an offer, a
    demand, a proposal, answers to last turn's proposals, a gift, or each tile to cede."""
    v = scene.shown
    if kind == "gift":
        return [A.Gift(partner, resource, amount)]
    if kind == "cede":
        # own tiles touching the partner's land (the only tiles the rules accept, T-16.1)
        return [A.Cede(partner, i) for i in position.tiles_of(v, seat)
                if any(position.seen_owner(v, j) == partner for j in v.board.adjacent[i])]
    out: list = []
    if kind == "vassal":
        out.append(A.OfferVassal(partner))
        if (partner, seat, v.turn - 1) in v.vassal_offers:
            out += [A.AnswerVassal(partner, True), A.AnswerVassal(partner, False)]
    elif kind == "tribute":
        out.append(A.DemandTribute(partner))
        if (partner, seat, v.turn - 1) in v.demands:
            out += [A.AnswerTribute(partner, True), A.AnswerTribute(partner, False)]
    elif kind == "trade":
        out.append(A.ProposeTrade(partner))
        if (partner, seat, v.turn - 1) in v.trades:
            out += [A.AnswerTrade(partner, True), A.AnswerTrade(partner, False)]
    return out


def explain(scene: Any, seat: int, action: Any) -> str | None:
    """Why `action` cannot be ordered now (translated), or None if the rules accept it.

    The rules refuse most diplomacy with "not allowed (T-16.x)"; then the missing condition
    is named (only War demands tribute, the partner does not border you, ...)."""
    refusal = scene.session.state.reason(seat, action)
    if refusal is None:
        return None
    if refusal.key != "territory.not_allowed":
        return error_text(refusal)
    v = scene.shown
    me = v.tribes[seat]
    who = scene.tribe_name(getattr(action, "target", getattr(action, "overlord", -1)))
    if isinstance(action, A.DemandTribute):
        if me.faction != "war":
            return tr("territory.dip.why_not_war")
        if any(w == seat and t == action.target for w, t, _ in v.demands):
            return tr("territory.dip.why_demanded", who=who)
    elif isinstance(action, A.ProposeTrade):
        if me.faction != "jungle":
            return tr("territory.dip.why_not_jungle")
        if action.target in me.spice:
            return tr("territory.dip.why_trading", who=who)
        if any(j == seat and t == action.target for j, t, _ in v.trades):
            return tr("territory.dip.why_proposed", who=who)
        if not borders(v, seat, action.target):
            return tr("territory.dip.why_no_border", who=who)
    elif isinstance(action, A.OfferVassal):
        if any(x == seat for x, _, _ in v.vassal_offers):
            return tr("territory.dip.why_offered")
    return error_text(refusal)


def effect(scene: Any, seat: int, action: Any) -> str:
    """What the order does, in words (T-16.1 to T-16.4)."""
    v = scene.shown
    name = scene.tribe_name
    tribute = ECON["tribute"]
    if isinstance(action, A.Gift):
        k = RESOURCES.index(action.resource)
        left = v.tribes[seat].res[k] - action.amount
        return tr("territory.dip.fx_gift", who=name(action.target), amount=f"{action.amount}{RES_LETTER[k]}",
                  left=f"{max(0, left)}{RES_LETTER[k]}")
    if isinstance(action, A.Cede):
        b = BUILDINGS[v.building[action.tile]]
        what = tr(f"territory.building.{b}") if b != "none" else tr("territory.dip.no_building")
        key = "territory.dip.fx_cede_capital" if b == "capital" else "territory.dip.fx_cede"
        return tr(key, who=name(action.target), tile=tile_text(action.tile, v.board.width), what=what)
    if isinstance(action, A.OfferVassal):
        return tr("territory.dip.fx_offer_vassal", who=name(action.overlord))
    if isinstance(action, A.AnswerVassal):
        key = "territory.dip.fx_accept_vassal" if action.accept else "territory.dip.fx_refuse_vassal"
        return tr(key, who=name(action.vassal))
    if isinstance(action, A.DemandTribute):
        return tr("territory.dip.fx_demand", who=name(action.target), n=tribute)
    if isinstance(action, A.AnswerTribute):
        key = "territory.dip.fx_pay" if action.pay else "territory.dip.fx_refuse_tribute"
        return tr(key, who=name(action.demander), n=tribute)
    if isinstance(action, A.ProposeTrade):
        return tr("territory.dip.fx_propose", who=name(action.target), n=ECON["spice_gold"])
    if isinstance(action, A.AnswerTrade):
        key = "territory.dip.fx_accept_trade" if action.accept else "territory.dip.fx_refuse_trade"
        return tr(key, who=name(action.proposer), n=ECON["spice_gold"], t=v.turn + 1)
    return ""


class DiplomacyDialog(BoardDialog):
    """One tab per kind of diplomacy: partner, choices, cost and effect or reason, Add order."""

    size = (340, 330)

    def __init__(self, app, scene: Any, kind: str | None = None) -> None:
        super().__init__(app, scene)
        # at the right, so most of the board (a tile to cede) stays visible
        self.rect.topleft = (296, 24)
        self.seat = scene.human_seat()
        self.resource, self.amount = "gold", 1
        self.partner: int | None = None
        self.choice = 0          # index into the options of the partner
        self.top = 0             # first option row shown (long cession lists scroll)
        self.kind = kind or self.first_open_kind()
        r = self.rect
        w = (r.width - 24 - 8) // 5
        for k, name in enumerate(KINDS):
            self.widgets.add(Button((r.x + 12 + (w + 2) * k, r.y + 28, w, 20), lambda n=name: tr(f"territory.dip.tab_{n}"),
                                    lambda n=name: self.set_kind(n)))
        rx = self.right_x
        self.gift_widgets = [
            Button((rx + 58 * k, r.y + 72, 54, 20), lambda res=res: tr(f"territory.dip.res_{res}"),
                   lambda res=res: self.set_resource(res)) for k, res in enumerate(RESOURCES)]
        self.gift_widgets += [
            Button((rx, r.y + 98, 24, 20), "-", lambda: self.set_amount(self.amount - 1),
                   enabled=lambda: self.amount > 1, hotkey=pygame.K_MINUS),
            Button((rx + 64, r.y + 98, 24, 20), "+", lambda: self.set_amount(self.amount + 1),
                   enabled=lambda: self.amount < self.gift_max(), hotkey=pygame.K_EQUALS)]
        for b in self.gift_widgets:
            self.widgets.add(b)
        y = r.bottom - 26
        self.widgets.add(Button((r.x + 12, y, 150, 20), lambda: tr("territory.dip.add"), self.confirm,
                                enabled=lambda: self.selected() is not None and self.why() is None,
                                hotkey=pygame.K_RETURN, why=self.why))
        self.widgets.add(Button((r.right - 90, y, 78, 20), lambda: tr("menu.back"), self.app.pop))
        self.set_kind(self.kind)

    # ---- state -----------------------------------------------------------------------------------
    @property
    def right_x(self) -> int:
        """Left edge of the right column (the choices)."""
        return self.rect.x + 158

    def gift_max(self) -> int:
        """The most one gift order may move (`gift_max`, T-16.1)."""
        return self.scene.shown.params.gift_max

    def first_open_kind(self) -> str:
        """The first kind with a legal order (an answer waiting first), else gift."""
        legal = self.legal()
        for a in legal:
            if isinstance(a, (A.AnswerTribute, A.AnswerTrade, A.AnswerVassal)):
                return {A.AnswerTribute: "tribute", A.AnswerTrade: "trade", A.AnswerVassal: "vassal"}[type(a)]
        return "gift"

    def set_kind(self, kind: str) -> None:
        """Show the tab of `kind`; the gift pickers only on the gift tab."""
        self.kind = kind
        for b in self.gift_widgets:   # the resource and amount pickers belong to the gift tab
            b.visible = kind == "gift"
        self.pick_default_partner()

    def set_resource(self, res: str) -> None:
        """The resource the gift gives."""
        self.resource = res

    def set_amount(self, n: int) -> None:
        """The gift's amount, kept within 1..gift_max."""
        self.amount = max(1, min(self.gift_max(), n))

    def pick_default_partner(self) -> None:
        """The first partner with something the rules accept for this kind (else the first)."""
        self.choice, self.top, self.ptop = 0, 0, 0
        seat = self.seat
        if seat is None:
            return
        ps = partners(self.scene.shown, seat)
        self.partner = ps[0] if ps else None
        legal = set(self.legal())
        for p in ps:
            opts = options(self.scene, self.kind, seat, p, self.resource, self.amount)
            ok = [k for k, a in enumerate(opts) if a in legal]
            if ok:
                self.partner, self.choice = p, ok[0]
                self.ptop = max(0, ps.index(p) - LIST_ROWS + 1)   # the chosen partner is in sight
                return

    def set_partner(self, p: int) -> None:
        """Choose the partner tribe; the first choice the rules accept is preselected."""
        self.partner, self.top = p, 0
        legal = set(self.legal())
        opts = self.options()
        self.choice = next((k for k, a in enumerate(opts) if a in legal), 0)

    def options(self) -> list:
        """The choices of this tab for the chosen partner (see `options`)."""
        if self.seat is None or self.partner is None:
            return []
        return options(self.scene, self.kind, self.seat, self.partner, self.resource, self.amount)

    def selected(self) -> Any | None:
        """The chosen order, or None when there is nothing to choose."""
        opts = self.options()
        return opts[self.choice] if 0 <= self.choice < len(opts) else None

    def why(self) -> str | None:
        """The translated reason the chosen order is refused (None: it can be added)."""
        a = self.selected()
        if self.seat is None or self.partner is None:
            return tr("territory.dip.why_nobody")
        if a is None:
            return tr("territory.dip.why_no_tile", who=self.scene.tribe_name(self.partner))
        return explain(self.scene, self.seat, a)

    def confirm(self) -> None:
        """Add order: enter the chosen order if the rules accept it, and close."""
        a = self.selected()
        if a is not None and self.why() is None:
            self.app.pop()
            self.scene.act(a)

    # ---- layout ----------------------------------------------------------------------------------
    def title(self) -> str:
        return tr(f"territory.dip.title_{self.kind}")

    def partner_rects(self) -> list[tuple[pygame.Rect, int]]:
        """Rows of the partner column now in sight: (rect, tribe)."""
        if self.seat is None:
            return []
        ps = partners(self.scene.shown, self.seat)[self.ptop:self.ptop + LIST_ROWS]
        # 144 wide: "Goblin kingdom 2" (128 px after the marker) shows whole, 2 px before the choices
        return [(pygame.Rect(self.rect.x + 12, self.rect.y + 72 + ROW_H * k, 144, ROW_H - 1), p) for k, p in enumerate(ps)]

    def option_top(self) -> int:
        """Top of the choice rows (below the gift pickers on the gift tab)."""
        return self.rect.y + (124 if self.kind == "gift" else 72)

    def option_rows(self) -> int:
        """How many choice rows fit."""
        return 2 if self.kind == "gift" else LIST_ROWS

    def option_rects(self) -> list[tuple[pygame.Rect, int]]:
        """Rows of the choices now in sight: (rect, index into `options()`)."""
        if self.kind == "gift":
            return []
        n = len(self.options())
        ks = range(self.top, min(n, self.top + self.option_rows()))
        w = self.rect.right - 12 - self.right_x
        return [(pygame.Rect(self.right_x, self.option_top() + ROW_H * (k - self.top), w, ROW_H - 1), k) for k in ks]

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL:
            if self.app.mouse[0] < self.right_x and self.seat is not None:   # the partner column
                n = len(partners(self.scene.shown, self.seat))
                self.ptop = max(0, min(self.ptop - event.y, max(0, n - LIST_ROWS)))
                return
            n = len(self.options())
            self.top = max(0, min(self.top - event.y, max(0, n - self.option_rows())))
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for rect, p in self.partner_rects():
                if rect.collidepoint(event.pos):
                    self.set_partner(p)
                    return
            for rect, k in self.option_rects():
                if rect.collidepoint(event.pos):
                    self.choice = k
                    return
        super().handle(event)

    # ---- drawing ---------------------------------------------------------------------------------
    def draw(self, canvas: pygame.Surface) -> None:
        super().draw(canvas)
        text, scene, r = self.app.text, self.scene, self.rect
        for b, name in zip(self.widgets.widgets[:len(KINDS)], KINDS):
            if name == self.kind:
                pygame.draw.rect(canvas, theme.STRAW, b.rect.inflate(2, 2), 2)
        text.draw(canvas, tr("territory.dip.partner"), (r.x + 12, r.y + 54), theme.DUSK)
        n = len(partners(scene.shown, self.seat)) if self.seat is not None else 0
        if n > LIST_ROWS:   # more partners than rows: which ones are shown (the wheel scrolls)
            text.draw(canvas, f"{self.ptop + 1}-{min(n, self.ptop + LIST_ROWS)}/{n}",
                      (r.x + 152, r.y + 54), theme.DUSK, "right")
        for rect, p in self.partner_rects():
            if p == self.partner:
                pygame.draw.rect(canvas, theme.STRAW, rect)
            colour = scene.owner_colour(p) or theme.STONE
            if p < len(scene.session.names):
                draw_marker(canvas, scene.colour(p), (rect.x + 6, rect.centery), 4)
            else:
                pygame.draw.rect(canvas, colour, (rect.x + 2, rect.centery - 4, 8, 8))
            text.draw(canvas, fit(self.app, scene.tribe_name(p), rect.width - 16), (rect.x + 14, rect.y + 1), theme.INK)
        if self.kind == "gift":
            self.draw_gift(canvas)
        else:
            text.draw(canvas, tr(f"territory.dip.choose_{self.kind}"), (self.right_x, r.y + 54), theme.DUSK)
        legal = set(self.legal())
        opts = self.options()
        for rect, k in self.option_rects():
            a = opts[k]
            if k == self.choice:
                pygame.draw.rect(canvas, theme.STRAW, rect)
            label = self.option_label(a)
            text.draw(canvas, fit(self.app, label, rect.width - 4), (rect.x + 2, rect.y + 1),
                      theme.INK if a in legal else theme.STONE)
        if self.kind == "cede" and len(opts) > self.option_rows():
            n = len(opts)
            text.draw(canvas, f"{self.top + 1}-{min(n, self.top + self.option_rows())}/{n}",
                      (r.right - 12, self.option_top() + ROW_H * self.option_rows()), theme.DUSK, "right")
        self.draw_outcome(canvas)
        a = self.selected()
        if isinstance(a, A.Cede):
            self.mark_tile(canvas, a.tile)

    def option_label(self, a: Any) -> str:
        """A choice without the partner's name (chosen on the left): "Demand tribute", a tile."""
        if isinstance(a, A.Cede):
            b = BUILDINGS[self.scene.shown.building[a.tile]]
            where = tile_text(a.tile, self.scene.board_w)
            return where if b == "none" else f"{where} {tr(f'territory.building.{b}')}"
        answer = getattr(a, "pay", getattr(a, "accept", None))
        key = OPTION_KEYS[type(a)]
        return tr(key if answer is None else f"{key}_{'yes' if answer else 'no'}")

    def draw_gift(self, canvas: pygame.Surface) -> None:
        """The gift tab's resource, amount and holdings."""
        text, r, rx = self.app.text, self.rect, self.right_x
        text.draw(canvas, tr("territory.dip.choose_gift"), (rx, r.y + 54), theme.DUSK)
        k = RESOURCES.index(self.resource)
        b = self.gift_widgets[k]
        pygame.draw.rect(canvas, theme.STRAW, b.rect.inflate(2, 2), 2)
        text.draw(canvas, f"{self.amount}{RES_LETTER[k]}", (rx + 44, r.y + 100), theme.INK, "centre")
        held = self.scene.shown.tribes[self.seat].res if self.seat is not None else (0, 0, 0)
        note = tr("territory.dip.held", n=f"{held[k]}{RES_LETTER[k]}", most=self.gift_max())
        for n, line in enumerate(text.wrap(note, r.right - 12 - rx)[:2]):
            text.draw(canvas, line, (rx, r.y + 124 + 16 * n), theme.DUSK)

    def draw_outcome(self, canvas: pygame.Surface) -> None:
        """Cost and effect of the chosen order, or the reason it is refused."""
        text, r = self.app.text, self.rect
        a = self.selected()
        y = r.y + 72 + ROW_H * LIST_ROWS + 6
        pygame.draw.line(canvas, theme.PARCHMENT_SHADE, (r.x + 12, y - 3), (r.right - 12, y - 3))
        width = r.width - 24
        lines: list[tuple[str, tuple[int, int, int]]] = []
        if a is not None and self.seat is not None:
            cost = self.scene.order_cost_text(a)
            cost = tr("territory.dip.free") if cost in ("", "0") else cost
            lines.append((tr("territory.dip.cost", cost=cost), theme.INK))
            lines += [(s, theme.DUSK) for s in text.wrap(effect(self.scene, self.seat, a), width)]
        why = self.why()
        if why:
            lines = lines[:1] + [(s, theme.RED) for s in text.wrap(why, width)] + lines[1:]
        for k, (s, colour) in enumerate(lines[:7]):
            text.draw(canvas, s, (r.x + 12, y + 16 * k), colour)

    def mark_tile(self, canvas: pygame.Surface, tile: int) -> None:
        """The tile to cede, outlined on the board (above the veil)."""
        scene = self.scene
        w = scene.board_w
        x, y = scene.camera.to_canvas((tile % w * 16, tile // w * 16))
        z = scene.camera.zoom
        pygame.draw.rect(canvas, theme.STRAW, (x - 1, y - 1, 16 * z + 2, 16 * z + 2), 2)
