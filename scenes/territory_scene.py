"""The Dice for Land game screen (issue 15): only what is territory's own, on the board layer.

`BoardScene` runs the session, the turn driver (several humans ordering at once, each behind
the pass-the-device screen, T-18.2), AI, animations, undo, autosave, log and hand-offs. This
screen adds the map from its Tiled file with owner tint and borders, buildings, walls, frost,
smoke, desolation and undead; the tribe picks at the start on the map (T-4.1, `scenes/territory/picks.py`); order entry: click an own
tile (origin), then draw the arrow tile by tile with x 0..6 picked by keys / buttons and the
live y, success % and cost of the hovered step; tile orders (build, upgrade, walls...) for the
selected own tile; research and spells as lists in a dialog, diplomacy as one dialog per kind
(`scenes/territory/diplomacy.py`); the escrow meter, the
removable order list and Submit with confirmation; and one presenter per territory event
(`scenes/territory/presenters.py`) so the turn resolves step by step.

Only `self.shown` (the view of the seat on the device, or the public view) is ever drawn, so
nothing of one human's orders reaches the next human's frame.
"""

from __future__ import annotations

import re
from typing import Any, Hashable

import pygame

from game.core.i18n import error_text, tr
from game.territory import actions as A
from game.territory import fights as rules_fights
from game.territory import orders as rules_orders
from game.territory import position
from game.territory.state import GOBLIN, NOBODY, UNDEAD, Phase
from scenes import theme
from scenes.board.hud import ButtonSpec, action_bar
from scenes.board.scene import BoardScene
from scenes.board.seats import seat_colour
from scenes.drawing import fit
from scenes.territory.art import TerritoryArt
from scenes.territory.board_draw import TILE, TerritoryBoardDraw
from scenes.territory.dialogs import ConfirmSubmit, OrderMenu
from scenes.territory.help_pages import params as rules_numbers
from scenes.territory.diplomacy import DiplomacyDialog
from scenes.territory.labels import action_label, amounts_text, owner_name, tile_text
from scenes.territory import picks
from scenes.territory.panels import draw_panel_body, panel_tooltip
from scenes.territory.presenters import PRESENTERS, tiles_history
from scenes.territory.resolver import BackgroundResolution, OffFrameDriver
from scenes.widgets import Button

BOARD = pygame.Rect(0, 21, 388, 258)      # the 24 x 16 map of 16 px tiles at 1x
LOG = pygame.Rect(0, 280, 388, 80)
RX, RW = 391, 247
PANEL_W, PANEL_H = 122, 39
HINT = pygame.Rect(RX, 23 + 4 * (PANEL_H + 2) + 1, RW, 32)   # moved up when fewer panels
ROW_H = 16
LIST_BOTTOM = 290                         # the order list ends above the x buttons
PICK_TEXT_BOTTOM = 290                    # a tribe's text while picking, above the x buttons too
SPLIT_NAME = re.compile(r"^P(\d+) \((\d+)\)$")
# The tiles the rules hold and the tribes they run each have a colour of their own, at least
# 24 apart (CIE76) from all eight seat colours and from each other, so two goblin kingdoms side
# by side read as two: the undead a bone-violet grey, goblin sites moss green.
SYSTEM_COLOURS = {UNDEAD: (0xA0, 0x8C, 0xB8), GOBLIN: (0x5E, 0x8C, 0x2E)}
GOBLIN_KINGDOM_COLOURS = ((0x7A, 0x70, 0x14), (0x3E, 0x5A, 0x2A))   # olive, deep moss (T-15.1)
BREAKAWAY_COLOURS = ((0x8A, 0x2E, 0x4A), (0x4B, 0x4B, 0x5E))        # wine, slate (T-12.2)


def system_tribe_colour(tribes: list, tribe: int) -> tuple[int, int, int]:
    """A system tribe's colour: goblin kingdoms and breakaways each take the next colour of
    their own list in the order they rose (ids only grow), so the colour never changes."""
    goblin = tribes[tribe].faction == "goblin"
    kin = [t.id for t in tribes if t.kind == "system" and (t.faction == "goblin") == goblin]
    colours = GOBLIN_KINGDOM_COLOURS if goblin else BREAKAWAY_COLOURS
    return colours[kin.index(tribe) % len(colours)]


def origin_hint(tile: str, can_attack: bool, builds: int) -> str:
    """What the selected own tile allows, in words: attack a marked tile (or nothing next to it
    to attack), and how many build orders B offers there (it read "B: 7 orders")."""
    key = "territory.ui.origin_hint" if can_attack else "territory.ui.origin_inland"
    if not builds:
        return tr(key + "_nobuild", tile=tile)
    return tr(key, tile=tile, n=builds)


def x_refusal(xs: list[int]) -> str:
    """Why a click on a next tile did nothing: the picked x is not one it takes (it read
    "x here may be: 0" for a tile that can only be crossed)."""
    if xs == [0]:
        return tr("territory.ui.x_cross_only")
    return tr("territory.ui.x_range", xs=", ".join(map(str, xs)))


class TerritoryScene(BackgroundResolution, TerritoryBoardDraw, BoardScene):
    """Play Dice for Land: see the module docstring."""

    ruleset_id = "territory"
    board_view = BOARD
    log_rect = LOG
    hint_rect = HINT

    @property
    def meter_y(self) -> int:
        return self.orders_y + 35   # below the two-line hint (CJK lines sit 2 px lower)

    @property
    def list_y(self) -> int:
        return self.meter_y + 22

    @property
    def list_rows(self) -> int:
        return max(1, (LIST_BOTTOM - self.list_y) // ROW_H)
    panel_size = (PANEL_W, PANEL_H)
    presenters = PRESENTERS

    def __init__(self, app, session) -> None:
        self.art = TerritoryArt()
        self.x_pick = 3              # x of the next attack step (0: cross the tile)
        self.raze = "none"
        self.origin: int | None = None   # the selected own tile (arrow origin / tile orders)
        self.drawing = False             # True while the last arrow may take more steps
        self.list_top = 0
        self._tint_key: Any = None
        self._tint: pygame.Surface | None = None
        self._layer_key: Any = None
        self._layer: pygame.Surface | None = None
        self._caps: dict = {}
        n = len(session.setup.seats)
        self.orders_y = 23 + (n + 1) // 2 * (PANEL_H + 2) + 1   # below the tribe panels
        self.hint_rect = pygame.Rect(RX, self.orders_y, RW, 32)
        super().__init__(app, session)
        # the AI seats' view and legal actions are taken in their workers (resolver.py)
        self.driver = OffFrameDriver(session, bool(self.hidden_info))
        if session.actions:   # the shared line reads `view.round`; a territory view counts turns
            self.log.entries[-1:] = []
            self.add_log(lambda t=self.shown.turn: tr("territory.log.resumed", turn=t))

    # ---- helpers --------------------------------------------------------------------------------
    @property
    def view(self):
        return self.shown

    @property
    def board_w(self) -> int:
        return self.shown.board.width

    def tribe_name(self, tribe: int) -> str:
        if 0 <= tribe < len(self.session.names):
            return self.name(tribe)
        if 0 <= tribe < len(self.shown.tribes):
            t = self.shown.tribes[tribe]
            if t.kind == "system" and t.faction == "goblin":     # the rules' English label
                # Goblin Empire can strike twice: the kingdoms are numbered in the order they
                # rose, so the log, the panels and diplomacy tell them apart
                kingdoms = [o.id for o in self.shown.tribes if o.kind == "system" and o.faction == "goblin"]
                if len(kingdoms) > 1:
                    return tr("territory.ui.goblin_kingdom_n", n=kingdoms.index(t.id) + 1)
                return tr("territory.ui.goblin_kingdom")
            split = SPLIT_NAME.match(t.name or "")      # the rules name a split "P<seat+1> (<id>)"
            if split and 0 < int(split[1]) <= len(self.session.names):
                return tr("territory.ui.split_tribe", who=self.name(int(split[1]) - 1), n=split[2])
            return t.name or tr(f"territory.faction.{t.faction}")
        return owner_name(self, tribe)

    def owner_colour(self, owner: int) -> tuple[int, int, int] | None:
        if owner == NOBODY:
            return None
        if owner in SYSTEM_COLOURS:
            return SYSTEM_COLOURS[owner]
        if 0 <= owner < len(self.session.colours):
            return seat_colour(self.colour(owner))[0]
        if 0 <= owner < len(self.shown.tribes):
            return system_tribe_colour(self.shown.tribes, owner)
        return theme.STONE

    def centre(self, i: int) -> tuple[float, float]:
        w = self.board_w
        return (i % w * TILE + TILE / 2, i // w * TILE + TILE / 2)

    def tile_at(self, canvas_pos: tuple[int, int]) -> int | None:
        if not self.camera.view.collidepoint(canvas_pos):
            return None
        x, y = self.camera.to_world(canvas_pos)
        b = self.shown.board
        cx, cy = int(x // TILE), int(y // TILE)
        if 0 <= cx < b.width and 0 <= cy < b.height:
            return cy * b.width + cx
        return None

    def my_tribe(self):
        seat = self.human_seat()
        return None if seat is None else self.shown.tribes[seat]

    def open_arrow_order(self):
        t = self.my_tribe()
        if t is None or not t.orders:
            return None
        last = t.orders[-1]
        return last if isinstance(last.action, A.Arrow) else None

    # ---- what may be clicked --------------------------------------------------------------------
    def legal_arrows(self) -> list:
        return [a for a in self.legal_now() if isinstance(a, (A.Arrow, A.Step))]

    def next_tiles(self) -> dict[int, list]:
        """Legal next tiles of the arrow being drawn -> the actions reaching them."""
        out: dict[int, list] = {}
        seat = self.human_seat()
        if not self.drawing and self.origin is None and seat is not None and self.session.state.phase is Phase.ORDERS \
                and self.session.state.unfinished(seat):
            self.drawing = True   # the last arrow ends with a crossing: it must go on (T-11.1)
        if self.drawing:
            for a in self.legal_now():
                if isinstance(a, A.Step):
                    out.setdefault(a.tile, []).append(a)
        elif self.origin is not None:
            for a in self.legal_now():
                if isinstance(a, A.Arrow) and a.origin == self.origin:
                    out.setdefault(a.tile, []).append(a)
        return out

    def origins(self) -> set[int]:
        return {a.origin for a in self.legal_now() if isinstance(a, A.Arrow)}

    def tile_orders(self, tile: int) -> list:
        """Legal non-arrow orders on one tile (build, upgrade, walls, temple, a split tribe's
        new core); cessions are in the diplomacy dialog."""
        out = []
        for a in self.legal_now():
            if isinstance(a, (A.Arrow, A.Step, A.Cast, A.Guard, A.Cede)):
                continue
            if getattr(a, "tile", None) == tile or getattr(a, "a", None) == tile:
                out.append(a)
        return out

    def choose(self, actions: list) -> Any | None:
        """Among the actions reaching a tile, the one with the picked x and raze."""
        for a in actions:
            if a.x == self.x_pick and a.raze == self.raze:
                return a
        for a in actions:
            if a.x == self.x_pick:
                return a
        return None

    def board_targets(self) -> dict[Hashable, Any]:
        return {("t", i): None for i in self.next_tiles()}

    def target_points(self):
        return None

    def pick(self, canvas_pos):
        i = self.tile_at(canvas_pos)
        return None if i is None else ("t", i)

    def board_click(self, canvas_pos: tuple[int, int]) -> None:
        if self.human_seat() is None or self.shown.phase is not Phase.ORDERS:
            return
        i = self.tile_at(canvas_pos)
        if i is None:
            return
        nxt = self.next_tiles()
        if i in nxt:
            action = self.choose(nxt[i])
            if action is None:
                self.show_toast(x_refusal(sorted({a.x for a in nxt[i]})))
                self.app.sounds.play("error")
                return
            self.act(action)
            return
        if self.shown.owner[i] == self.human_seat():
            self.origin, self.drawing = i, False
            return
        self.cancel()

    def act(self, action) -> None:
        super().act(action)
        if isinstance(action, (A.Arrow, A.Step)):
            # keep drawing while the arrow can take more steps
            self.drawing = any(isinstance(a, A.Step) for a in self.legal_now())
            self.origin = None

    def cancel(self) -> bool:
        if self.drawing or self.origin is not None:
            self.drawing, self.origin = False, None
            return True
        return False

    def after_apply(self, seat: int, action, events: list) -> None:
        if isinstance(action, A.Submit) and self.session.seat_is_human(seat):
            # nothing of this seat's choices carries over to the next person at the device
            # (an AI tribe submitting meanwhile leaves the person's half-drawn arrow alone)
            self.drawing, self.origin = False, None
            self.x_pick, self.raze, self.list_top = 3, "none", 0

    def end_turn_action(self):
        return None  # Submit always asks for confirmation (a button / S)

    # ---- forecast (T-11.6, T-11.4 f) -------------------------------------------------------------
    def forecast(self, tile: int) -> tuple[int, int, int] | None:
        """(y, success % , cost) of attacking `tile` with the picked x from the current arrow end."""
        seat = self.human_seat()
        if seat is None:
            return None
        v = self.shown
        nxt = self.next_tiles().get(tile)
        if not nxt:
            return None
        action = self.choose(nxt)
        if action is None:
            return None
        prev = self.origin if not self.drawing else self.arrow_end()
        side = v.board.side_between(tile, prev) if prev is not None and prev >= 0 else -1
        target = v.owner[tile]
        cost = self.order_cost(action)
        if action.x == 0:
            return (0, -1, cost)
        crossed_sea = self.drawing and self.crossed_sea()
        att = rules_fights.attack_bonus(v, seat, target, tile, crossed_sea, False)
        d = position.defense(v, tile, seat, side)
        y = action.x + att - d
        if v.tribes[seat].faction == "pioneer" and target == NOBODY:
            return (6, 100, cost)
        pct = 0 if y <= 0 else 100 if y >= 6 else round(100 * y / 6)
        return (y, pct, cost)

    def arrow_end(self) -> int | None:
        o = self.open_arrow_order()
        if o is None:
            return None
        return o.steps[-1].tile if o.steps else o.action.origin

    def crossed_sea(self) -> bool:
        o = self.open_arrow_order()
        if o is None:
            return False
        from game.territory.constants import KINDS
        sea = KINDS.index("sea")
        for s in reversed(o.steps):
            if s.x > 0:
                break
            if self.shown.board.kind[s.tile] == sea:
                return True
        return False

    def order_cost(self, action) -> int:
        """The total the order would take from the seat's holdings (typed plus generic)."""
        seat = self.human_seat()
        if seat is None:
            return 0
        plan = rules_orders.check_order(self.session.state, seat, action)
        return plan.cost[3] if hasattr(plan, "cost") else 0

    def order_cost_text(self, action) -> str:
        """What the order takes, typed (e.g. "3g 1m") plus any generic part."""
        seat = self.human_seat()
        if seat is None:
            return ""
        plan = rules_orders.check_order(self.session.state, seat, action)
        if not hasattr(plan, "cost"):
            return ""
        g, m, e, total = plan.cost
        text = amounts_text((g, m, e))
        if total > g + m + e:
            text += f" +{total - g - m - e}"
        return text

    # ---- widgets ---------------------------------------------------------------------------------
    def build_widgets(self) -> None:
        for x in range(7):
            self.widgets.add(Button((RX + 2 + 21 * x, 292, 19, 18), str(x) if x else "×",
                                    lambda x=x: self.set_x(x), hotkey=getattr(pygame, f"K_{x}"),
                                    enabled=self.ordering,
                                    tooltip=(lambda x=x: tr("territory.ui.x_tip", x=x) if x else tr("territory.ui.cross_tip"))))
        self.widgets.add(Button((RX + 150, 292, 95, 18), lambda: tr(f"territory.ui.raze_{self.raze}"), self.cycle_raze,
                                hotkey=pygame.K_r, enabled=self.ordering, tooltip=lambda: tr("territory.ui.raze_tip")))
        q = (RW - 6) // 4
        action_bar(self.widgets, [
            ButtonSpec(lambda: tr("territory.ui.tech"), lambda: self.open_menu_of("tech"), enabled=self.ordering, hotkey=pygame.K_t,
                       tooltip=lambda: tr("territory.ui.tech_tip")),
            ButtonSpec(lambda: tr("territory.ui.magic"), lambda: self.open_menu_of("magic"), enabled=self.ordering, hotkey=pygame.K_m,
                       tooltip=lambda: tr("territory.ui.magic_tip")),
            ButtonSpec(lambda: tr("territory.ui.diplomacy"), self.open_diplomacy, enabled=self.ordering, hotkey=pygame.K_d,
                       tooltip=lambda: tr("territory.ui.diplomacy_tip")),
            ButtonSpec(lambda: tr("territory.ui.tile_orders"), lambda: self.open_menu_of("tile"), enabled=self.can_build,
                       hotkey=pygame.K_b, tooltip=lambda: tr("territory.ui.build_tip"), why=self.why_not_build)],
            (RX + 2, 314), (q, 20), step=(q + 2, 0))
        h = (RW - 4) // 2
        action_bar(self.widgets, [
            ButtonSpec(lambda: tr("game.undo"), self.undo, enabled=self.can_undo, hotkey=pygame.K_u),
            ButtonSpec(lambda: tr("territory.ui.submit"), self.ask_submit, icon="end_turn",
                       enabled=lambda: A.SUBMIT in self.legal_now(), hotkey=pygame.K_s,
                       tooltip=lambda: tr("territory.ui.submit_tip"), why=self.why_not_submit)],
            (RX + 2, 337), (h, 20), step=(h + 2, 0))

    def why_not_submit(self) -> str | None:
        """The rules' reason Submit is refused now (e.g. an arrow ending with a crossing)."""
        seat = self.human_seat()
        if seat is None:
            return None
        refusal = self.session.state.reason(seat, A.SUBMIT)
        return error_text(refusal) if refusal is not None else None

    def can_build(self) -> bool:
        """Build (B) opens the selected tile's orders; grey without a tile or with nothing to build."""
        return self.ordering() and self.origin is not None and bool(self.tile_orders(self.origin))

    def why_not_build(self) -> str | None:
        if not self.ordering():
            return None
        return tr("territory.ui.build_no_tile") if self.origin is None else tr("territory.ui.build_none")

    def ordering(self) -> bool:
        return self.human_seat() is not None and self.shown.phase is Phase.ORDERS

    def set_x(self, x: int) -> None:
        self.x_pick = x

    def cycle_raze(self) -> None:
        order = ["none", "gold", "special"]
        self.raze = order[(order.index(self.raze) + 1) % 3]

    def ask_submit(self) -> None:
        if A.SUBMIT in self.legal_now():
            self.app.push(ConfirmSubmit(self.app, self))

    def open_menu_of(self, kind: str) -> None:
        if self.ordering():
            self.app.push(OrderMenu(self.app, self, kind))

    def open_diplomacy(self) -> None:
        if self.ordering():
            self.app.push(DiplomacyDialog(self.app, self))

    def menu_actions(self, kind: str) -> list:
        legal = self.legal_now()
        if kind == "tech":
            first = [a for a in legal if isinstance(a, (A.Research, A.BuyExotic, A.Archaeology))]
            return first + [a for a in legal if isinstance(a, (A.SetPriority, A.SetFlower))]
        if kind == "magic":
            return [a for a in legal if isinstance(a, (A.Cast, A.DeepTide, A.Guard))]
        if kind == "tile" and self.origin is not None:
            return self.tile_orders(self.origin)
        return []

    # ---- picks (T-4.1) ---------------------------------------------------------------------------
    def picking(self) -> bool:
        return self.shown.phase is Phase.PICK and self.human_seat() is not None

    def pick_rects(self) -> list[tuple[pygame.Rect, Any]]:
        return picks.pick_rects(self.legal_now())

    def pick_focus(self) -> str | None:
        """The tribe pointed at while a person picks: its button, or a tile of its start region."""
        if not self.picking() or self.handoff_pending() is not None:
            return None
        mouse = self.app.mouse
        for rect, a in self.pick_rects():
            if rect.collidepoint(mouse):
                return a.faction
        return picks.start_of(self.shown, self.tile_at(mouse))

    def draw_picks(self, canvas: pygame.Surface) -> None:
        lit = self.pick_focus()
        picks.draw_pick_buttons(self, canvas, self.pick_rects(), lit)
        if lit is None:
            return
        text = self.app.text
        y = self.orders_y + 2     # the whole text beside the panels, where the hint was
        name_w = text.draw(canvas, tr(f"territory.faction.{lit}"), (RX + 2, y), theme.STRAW).width
        tiles = tr("territory.ui.start_tiles", n=len(self.shown.board.starts[lit]))
        text.draw(canvas, fit(self.app, tiles, RW - 12 - name_w), (RX + RW - 2, y), theme.PARCHMENT, "right")
        seat = picks.picked_by(self.shown).get(lit)
        lines = text.wrap(tr(f"territory.ability.{lit}", **rules_numbers()), RW - 6)
        if seat is not None:
            lines = [tr("territory.log.picked", name=self.name(seat), faction=tr(f"territory.faction.{lit}"))] + lines
        for line in lines[:max(0, (PICK_TEXT_BOTTOM - y - 16) // 16)]:
            y += 16
            text.draw(canvas, line, (RX + 2, y), theme.PARCHMENT)

    # ---- input -----------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if (self.picking() and self.handoff_pending() is None and not self.timeline.busy
                and event.type == pygame.MOUSEBUTTONDOWN and event.button == 1):
            for rect, a in self.pick_rects():
                if rect.collidepoint(event.pos):
                    self.act(a)
                    return
        if (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.ordering()
                and self.handoff_pending() is None and not self.timeline.busy):
            for rect, order in self.order_rows():
                if rect.collidepoint(event.pos):
                    self.act(A.RemoveOrder(order.id))
                    return
        if event.type == pygame.MOUSEWHEEL and pygame.Rect(RX, self.list_y, RW, self.list_rows * ROW_H).collidepoint(self.app.mouse):
            self.list_top = max(0, self.list_top - event.y)
            return
        super().handle(event)

    def order_rows(self) -> list[tuple[pygame.Rect, Any]]:
        """The × of each listed own order (a click removes it, escrow refunded)."""
        t = self.my_tribe()
        if t is None:
            return []
        out = []
        for k, o in enumerate(t.orders[self.list_top:self.list_top + self.list_rows]):
            out.append((pygame.Rect(RX + RW - 14, self.list_y + ROW_H * k, 12, ROW_H - 1), o))
        return out

    # ---- hud -------------------------------------------------------------------------------------
    def top_bar(self) -> tuple[str, str, int | None]:
        v = self.shown
        turn = v.turn
        if v.phase is Phase.PICK and self.timeline.busy and self.session.state.phase is not Phase.PICK:
            # the last pick is played out with the first turn's start gold and income: the
            # shown view still is the picks' (until the batch ends), the game is in turn 1
            turn = self.session.state.turn
        elif v.phase is Phase.PICK:
            cur = v.order[v.pick_index] if v.pick_index < len(v.order) else None
            return tr("territory.ui.picks"), tr("territory.ui.picking", name=self.name(cur)) if cur is not None else "", cur
        left = tr("territory.ui.turn", turn=turn, limit=v.params.max_turns)
        if v.final_turn and v.phase is not Phase.OVER:
            left += "  " + tr("territory.ui.final_turn")
        if self.timeline.busy or self.resolving:
            return left, tr("territory.ui.resolving"), None
        seat = self.human_seat()
        if seat is not None:
            return left, tr("territory.ui.orders_of", name=self.name(seat)), seat
        if v.phase is Phase.ORDERS:
            return left, tr("territory.ui.waiting", n=len(v.to_move)), None
        return left, "", None

    def panel_rect(self, seat: int) -> pygame.Rect:
        col, row = seat % 2, seat // 2
        return pygame.Rect(RX + col * (PANEL_W + 3), 23 + row * (PANEL_H + 2), PANEL_W, PANEL_H)

    def panel_active(self, seat: int) -> bool:
        return seat in self.shown.to_move

    def draw_panel_body(self, canvas: pygame.Surface, seat: int, rect: pygame.Rect) -> None:
        draw_panel_body(self, canvas, seat, rect)

    def panel_tooltip(self, seat: int) -> str:
        return panel_tooltip(self, seat)

    def hint(self) -> str:
        v = self.shown
        seat = self.human_seat()
        if self.timeline.busy:
            return ""
        if seat is None:
            if v.phase is Phase.ORDERS and self.driver.thinking():
                return tr("territory.ui.ai_thinking")
            return ""
        if v.phase is Phase.PICK:
            return "" if self.pick_focus() else tr("territory.ui.pick_hint")
        tile = self.hover[1] if self.hover else None
        if tile is not None and tile in self.next_tiles():
            f = self.forecast(tile)
            if f is not None:
                y, pct, cost = f
                if pct < 0:
                    return tr("territory.ui.fc_cross", tile=tile_text(tile, self.board_w), cost=cost)
                return tr("territory.ui.fc_attack", tile=tile_text(tile, self.board_w), x=self.x_pick, y=y, pct=pct, cost=cost)
        if self.drawing:
            return tr("territory.ui.drawing_hint", x=self.x_pick)
        if self.origin is not None:
            return origin_hint(tile_text(self.origin, self.board_w), bool(self.next_tiles()),
                               len(self.tile_orders(self.origin)))
        return tr("territory.ui.orders_hint")

    def draw_hud(self, canvas: pygame.Surface) -> None:
        super().draw_hud(canvas)
        t = self.my_tribe()
        text = self.app.text
        if t is None or self.shown.phase is not Phase.ORDERS:
            return
        # escrow meter: holdings and escrow against the cap
        esc = [0, 0, 0]
        for o in t.orders:
            for k, n in enumerate(o.escrow_total()):
                esc[k] += n
        cap = max(1, self.cap_of(t.id))
        have = sum(t.res)
        bar = pygame.Rect(RX + 2, self.meter_y + 16, RW - 4, 4)
        pygame.draw.rect(canvas, theme.INK, bar)
        full = sum(esc) + have
        wh = int(bar.width * min(1.0, have / max(cap, full)))
        we = int(bar.width * min(1.0, sum(esc) / max(cap, full)))
        pygame.draw.rect(canvas, theme.WHEAT, (bar.x, bar.y, wh, bar.height))
        pygame.draw.rect(canvas, theme.SHALLOWS, (bar.x + wh, bar.y, we, bar.height))
        # holdings and escrow on the left, the cap at the right end (the holdings give way)
        cap_w = text.draw(canvas, tr("territory.ui.escrow_cap", cap=cap), (RX + RW - 2, self.meter_y),
                          theme.PARCHMENT, "right").width
        text.draw(canvas, fit(self.app, tr("territory.ui.escrow", have=amounts_text(t.res), esc=amounts_text(esc)),
                              RW - 12 - cap_w), (RX + 2, self.meter_y), theme.PARCHMENT)
        for k, (rect, o) in enumerate(self.order_rows()):
            label = f"{o.id + 1}. " + self.order_text(o)
            text.draw(canvas, fit(self.app, label, RW - 20), (RX + 2, rect.y), theme.PARCHMENT)
            text.draw(canvas, "×", (rect.centerx, rect.y), theme.RED if rect.collidepoint(self.app.mouse) else theme.PEBBLE, "centre")

    def dice_positions(self) -> list[tuple[int, int]]:
        """The d6 of a step lands at the board's top right corner, clear of the map's land and
        wholly on the board (its right edge was under the player panels)."""
        size = self.dice_art.face(6, 1, self.dice_scale).get_width()
        return [(BOARD.right - size - 4, BOARD.y + 6)]

    def order_text(self, o) -> str:
        """An entered order in words; an arrow with every step: "(17,3) → (17,2) cross → (18,2) x4"."""
        if not o.steps:
            return action_label(self, o.action)
        w = self.board_w
        parts = [tile_text(o.action.origin, w)]
        for s in o.steps:
            parts.append(tile_text(s.tile, w) + (" " + tr("territory.ui.cross") if s.x == 0 else f" x{s.x}"))
        return " → ".join(parts)

    def draw_over_widgets(self, canvas: pygame.Surface) -> None:
        """The picked x's frame (0: cross) on its button, under a button's tooltip (drawn after
        the whole scene, it showed through the Tech button's tip)."""
        if self.ordering():
            pygame.draw.rect(canvas, theme.STRAW, (RX + 1 + 21 * self.x_pick, 291, 21, 20), 2)

    def draw(self, canvas: pygame.Surface) -> None:
        super().draw(canvas)
        if self.handoff_pending() is not None:
            return
        if self.picking():
            self.draw_picks(canvas)

    def hud_tooltip(self, pos: tuple[int, int]) -> tuple[pygame.Rect, str] | None:
        """A tribe panel's figures in words (not while the tribes are picked)."""
        return None if self.picking() else self.panel_tip_at(pos)

    # ---- results ---------------------------------------------------------------------------------
    def _queue_game_over(self) -> None:
        self.session.score_history = tiles_history(self.session)
        super()._queue_game_over()
