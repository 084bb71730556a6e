"""The Tidegate Isle game screen (TG-10): only what is Tidegate's own, on the board-scene layer.

`BoardScene` (scenes/board/) runs the session, turns, AI, animations, undo, autosave, log and
toast. This screen adds the island drawn from its Tiled map (`maps/tidegate/isle.tmx`, the
shuffled terrain and tokens of this game in place of the map's), the pieces, the build buttons
with their costs, the trade dialog, the player panels' bodies, the dice, and one presenter per
Tidegate event. Everything is open information: a banner announces each turn.
"""

from __future__ import annotations

import math

import pygame

from game import rulesets
from game.core.hexgrid import axial_to_offset
from game.core.i18n import tr
from game.tidegate import actions as A
from game.tidegate import events as E
from game.tidegate.constants import (
    COST_CITY, COST_OUTPOST, COST_ROAD, GATE_RATE, MARKET_RATE, MAX_BUILDINGS, MAX_CITIES,
    MAX_ROADS, RESOURCES, ROUNDS, WIN_SCORE,
)
from game.tidegate.state import CITY, EMPTY, Phase, TidegateView
from scenes import theme
from scenes.board.geometry import PointSet, hex_corner_points
from scenes.board.dialog import BoardDialog
from scenes.board.hud import ButtonSpec, CostButton, ToggleButton, action_bar, amount_strip, blit_anchored, cost_text
from scenes.board.presenter import Beat
from scenes.board.replay import BAR_H
from scenes.board.scene import BoardScene
from scenes.board.seats import seat_colour
from scenes.board.tiled import TiledBoard
from scenes.widgets import Button
from sprites.anim import Flash, FlyChip, Ring

# Layout (issue 20): panels down the left (the hint under the last one), the island as large
# as fits (2x) in the middle with the dice in its bottom-left sea, buttons and the log down the right.
PANEL_W, PANEL_H = 128, 60
CENTRE_REGION = pygame.Rect(PANEL_W + 4, 21, 356, 339)   # the island and its gates (176 px wide) at 2x, 2 px to spare a side
RIGHT_X = CENTRE_REGION.right + 2
RIGHT_W = 640 - RIGHT_X - 2
BUTTON_STEP = 24
SEA_FRAME_MS = 667              # the sea's two frames alternate at 1.5 Hz
COSTS = {"road": COST_ROAD, "outpost": COST_OUTPOST, "city": COST_CITY}
BUILD_ACTION = {"road": A.BuildRoad, "outpost": A.BuildOutpost, "city": A.BuildCity}
HINTS = {Phase.SETUP_OUTPOST: "game.place_outpost", Phase.SETUP_ROAD: "game.place_road", Phase.ROLL: "game.roll_hint"}


def _fmt_amounts(amounts: tuple[int, ...]) -> str:
    return ", ".join(f"{n} {tr('game.' + r)}" for r, n in zip(RESOURCES, amounts) if n)


class TradeDialog(BoardDialog):
    """Give `rate` of one resource, get one of another (TG-6). Stays open and live for any
    number of trades: the hand shown is the player's current one, and the rate in force is
    explained (3:1 at the market, 2:1 with a tide gate)."""

    size = (300, 196)

    def __init__(self, app, scene: "TidegateScene") -> None:
        super().__init__(app, scene)
        hand = self.hand()
        self.give = RESOURCES[max(range(3), key=lambda i: hand[i])]
        self.get = next(r for r in RESOURCES if r != self.give)
        x, w = self.rect.x + 14, self.rect.width - 28
        cw = (w - 64 - 8) // 3
        for row, side in ((0, "give"), (1, "get")):
            y = self.rect.y + 96 + 26 * row
            for i, r in enumerate(RESOURCES):
                self.widgets.add(ToggleButton(
                    (x + 64 + i * (cw + 4), y, cw, 22), (lambda r=r: tr(f"game.{r}")),
                    (lambda r=r, side=side: self._choose(side, r)),
                    image=(lambda r=r: self.app.art.pieces[f"icon_{r}"]),
                    active=(lambda r=r, side=side: getattr(self, side) == r),
                    enabled=(lambda r=r, side=side: side == "get" or self.hand()[RESOURCES.index(r)] >= self.rate()),
                    why=(lambda r=r: tr("why.too_few", n=self.hand()[RESOURCES.index(r)], what=tr(f"game.{r}"),
                                        rate=self.rate())),
                    tooltip=(lambda r=r: tr(f"game.{r}"))))
        half = (w - 8) // 2
        self.widgets.add(Button((x, self.rect.bottom - 30, half, 22), lambda: tr("game.do_trade"),
                                self.trade, enabled=self.can_trade, hotkey=pygame.K_RETURN, icon="trade",
                                why=self.why_not))
        self.widgets.add(Button((x + half + 8, self.rect.bottom - 30, half, 22), lambda: tr("game.close"),
                                self.app.pop, icon="close"))

    def hand(self) -> tuple[int, int, int]:
        """The trading player's resources now (the state's, never an animation's stale view)."""
        seat = self.scene.driver.human_seat()
        state = self.scene.session.state
        return tuple(state.resources[seat if seat is not None else state.current])  # type: ignore[return-value]

    def _choose(self, side: str, r: str) -> None:
        """Choose `r` on one side; the other side never offers the same resource."""
        other = "get" if side == "give" else "give"
        setattr(self, side, r)
        if getattr(self, other) == r:
            setattr(self, other, next(x for x in RESOURCES if x != r))

    def rate(self) -> int:
        state = self.scene.session.state
        return GATE_RATE if state.has_gate[state.current] else MARKET_RATE

    def can_trade(self) -> bool:
        return A.Trade(self.give, self.get) in self.legal()

    def why_not(self) -> str:
        """The dialog acts through animations (it settles them), so the reason is the hand."""
        return tr("why.trade_need", rate=self.rate(), what=tr(f"game.{self.give}"))

    def trade(self) -> None:
        self.scene.act(A.Trade(self.give, self.get))
        hand = self.hand()
        if hand[RESOURCES.index(self.give)] < self.rate():
            # spent: offer the richest other pile that can still pay, never the one just got
            # (that would only undo the trade); the resource to get stays as chosen
            payers = [r for r in RESOURCES if r != self.get and hand[RESOURCES.index(r)] >= self.rate()]
            if payers:
                self.give = max(payers, key=lambda r: hand[RESOURCES.index(r)])

    def title(self) -> str:
        return tr("game.trade_title")

    def draw(self, canvas: pygame.Surface) -> None:
        super().draw(canvas)
        text, art = self.app.text, self.app.art
        gate = self.scene.session.state.has_gate[self.scene.session.state.current]
        key = "trade.rate_gate" if gate else "trade.rate_market"
        for i, line in enumerate(text.wrap(tr(key, rate=self.rate()), self.rect.width - 28)[:2]):
            text.draw(canvas, line, (self.rect.centerx, self.rect.y + 28 + 16 * i), theme.DUSK, "centre")
        x, y = self.rect.x + 14, self.rect.y + 70
        x = text.draw(canvas, tr("trade.you_have"), (x, y), theme.INK).right + 8
        for r, n in zip(RESOURCES, self.hand()):   # icon and count (the names are on the buttons)
            icon = art.pieces[f"icon_{r}"]
            canvas.blit(icon, (x, y + 8 - icon.get_height() // 2))
            x = text.draw(canvas, str(n), (x + icon.get_width() + 2, y), theme.INK).right + 14
        for row, key in ((0, "trade.give"), (1, "trade.get")):
            text.draw(canvas, tr(key, n=self.rate()), (self.rect.x + 14, self.rect.y + 99 + 26 * row), theme.INK)


class TidegateScene(BoardScene):
    """Play Tidegate Isle: see the module docstring."""

    ruleset_id = "tidegate"
    board_view = CENTRE_REGION
    panel_size = (PANEL_W, PANEL_H)
    shown: TidegateView

    def __init__(self, app, session) -> None:
        self.mode: str | None = None
        self.board, self.layout = session.state.board, session.state.board.layout
        topo = self.board.topo
        self.vertex_world, self.edge_world, self.edge_kind, self.hex_world = hex_corner_points(self.layout, topo)
        self.hex_at_cell = {axial_to_offset(h, self.layout.stagger_index): hi for hi, h in enumerate(topo.hexes)}
        points = {("v", v): p for v, p in enumerate(self.vertex_world)}
        points.update({("e", e): p for e, p in enumerate(self.edge_world)})
        self._points = PointSet(points, self.pick_radius)
        buttons_bottom = 23 + 7 * BUTTON_STEP
        self.log_rect = pygame.Rect(RIGHT_X, buttons_bottom + 2, RIGHT_W, 360 - buttons_bottom - 4)
        below = 23 + len(session.setup.seats) * (PANEL_H + 4)
        self.hint_rect = pygame.Rect(6, below + 2, PANEL_W - 4, 360 - below - 4)
        super().__init__(app, session)
        self.camera.lock(self.content_rect().center)

    def content_rect(self) -> pygame.Rect:
        """The island and its tide gates (the map around it is plain sea)."""
        xs = [p[0] for p in self.vertex_world] + [self.edge_world[e][0] for e in self.board.gates]
        ys = [p[1] for p in self.vertex_world] + [self.edge_world[e][1] for e in self.board.gates]
        return pygame.Rect(int(min(xs)) - 8, int(min(ys)) - 10, int(max(xs) - min(xs)) + 16, int(max(ys) - min(ys)) + 14)

    def zooms(self) -> tuple[int, ...]:
        return (self.fit_zoom(),)

    # ---- board ------------------------------------------------------------------------------
    def make_board(self) -> TiledBoard:
        """The island from its .tmx, with this game's terrain and tokens on the land cells."""
        def cell_tile(board: TiledBoard, layer: str, col: int, row: int, gid: int | None) -> int | None:
            hi = self.hex_at_cell.get((col, row))
            if hi is None:
                return gid if layer == "terrain" else None
            if layer == "terrain":
                return board.gid_where(terrain=self.shown.board.terrain[hi])
            token = self.shown.board.tokens[hi]
            return board.gid_where(token=token) if token is not None else None
        path = rulesets.get(self.ruleset_id).map_path(self.session.setup)
        board = TiledBoard(path, cell_tile=cell_tile, layers=["terrain", "tokens"])
        sea = sorted(g for g, t in board.tiles.items() if t.properties.get("terrain") == "sea")
        board.animate(sea, SEA_FRAME_MS)   # the tileset has two sea frames but no Tiled animation
        board.outside_gid = sea[0] if sea else None
        board.background = theme.DEEP_SEA
        board.bake()
        return board

    # canvas positions of vertices and edge midpoints, through the camera
    vertex_pos = property(lambda self: [self.camera.to_canvas(p) for p in self.vertex_world])
    edge_pos = property(lambda self: [self.camera.to_canvas(p) for p in self.edge_world])

    def target_points(self) -> PointSet:
        return self._points

    def board_steps(self, action) -> tuple | None:
        phase = self.shown.phase
        if isinstance(action, A.BuildOutpost) and (phase is Phase.SETUP_OUTPOST or self.mode == "outpost"):
            return (("v", action.vertex),)
        if isinstance(action, A.BuildCity) and self.mode == "city":
            return (("v", action.vertex),)
        if isinstance(action, A.BuildRoad) and (phase is Phase.SETUP_ROAD or self.mode == "road"):
            return (("e", action.edge),)
        return None

    # ---- widgets and state queries ---------------------------------------------------------------
    def resource_slot(self, seat: int, r: int) -> tuple[int, int]:
        """Centre of resource `r`'s icon in a seat's panel (chips fly there)."""
        p = self.panel_rect(seat)
        return p.x + 19 + r * 33, p.y + 48

    def build_widgets(self) -> None:
        def build(kind, key):
            return lambda rect: CostButton(
                rect, lambda: tr(f"game.{kind}"), lambda: self.choose_mode(kind),
                [(f"icon_{r}", n) for r, n in zip(RESOURCES, COSTS[kind])], self._have,
                active=lambda: self.mode == kind, enabled=lambda: self.can_build(kind), hotkey=key,
                tooltip=lambda: self.cost_tooltip(kind), why=lambda: self.why_not_build(kind))
        specs = [ButtonSpec(lambda: tr("game.roll"), lambda: self.act(A.ROLL), icon="dice", sound="",
                            enabled=lambda: A.ROLL in self.legal_now(), hotkey=pygame.K_SPACE,
                            why=lambda: self.why_not_now() or self.why_phase(Phase.ROLL))]
        specs += [ButtonSpec("", lambda: None, make=build(kind, key))
                  for kind, key in (("road", pygame.K_r), ("outpost", pygame.K_o), ("city", pygame.K_c))]
        specs.append(ButtonSpec(lambda: tr("game.trade"), self.open_trade, icon="trade", hotkey=pygame.K_t,
                                enabled=lambda: any(isinstance(a, A.Trade) for a in self.legal_now()),
                                why=self.why_not_trade))
        action_bar(self.widgets, specs + self.undo_and_end_turn_specs(), (RIGHT_X, 23), (RIGHT_W, 22),
                   step=(0, BUTTON_STEP))

    def _have(self) -> dict[str, int] | None:
        hand = self.human_hand()
        return None if hand is None else {f"icon_{r}": n for r, n in zip(RESOURCES, hand)}

    def human_hand(self) -> tuple[int, int, int] | None:
        seat = self.session.next_seat()
        if seat is None or not self.session.seat_is_human(seat):
            return None
        return self.shown.resources[seat]

    def can_build(self, kind: str) -> bool:
        cls = BUILD_ACTION[kind]
        return self.shown.phase is Phase.BUILD and any(isinstance(a, cls) for a in self.legal_now())

    def why_phase(self, wanted: Phase) -> str:
        """Why an action of phase `wanted` cannot be taken in the shown phase."""
        phase = self.session.state.phase
        if phase in (Phase.SETUP_OUTPOST, Phase.SETUP_ROAD):
            return tr("why.setup_phase")
        if phase is Phase.ROLL:
            return tr("why.roll_first")
        if wanted is Phase.ROLL:
            return tr("why.already_rolled")
        return tr("why.not_now")

    def why_not_build(self, kind: str) -> str:
        """No legal spot, missing resources (which), no pieces left, or not the phase."""
        why = self.why_not_now()
        if why:
            return why
        state, seat = self.session.state, self.driver.human_seat()
        if state.phase is not Phase.BUILD or seat is None:
            return self.why_phase(Phase.BUILD)
        have = state.resources[seat]
        missing = [(tr("game." + r), max(0, n - h)) for r, n, h in zip(RESOURCES, COSTS[kind], have)]
        if any(n for _, n in missing):
            return tr("game.missing", what=", ".join(f"{n} {name}" for name, n in missing if n))
        left = {"road": MAX_ROADS - len(state.seat_edges[seat]),
                "outpost": MAX_BUILDINGS - len(state.seat_vertices[seat]),
                "city": MAX_CITIES - state.cities[seat]}[kind]
        if left <= 0:
            return tr("why.no_pieces", piece=tr(f"game.{kind}"))
        return tr(f"why.no_spot_{kind}")

    def why_not_trade(self) -> str:
        state = self.session.state
        rate = GATE_RATE if state.has_gate[state.current] else MARKET_RATE
        return self.why_not_now() or (self.why_phase(Phase.BUILD) if state.phase is not Phase.BUILD
                                      else tr("why.trade_need_any", rate=rate))

    def why_not_end_turn(self) -> str:
        return self.why_phase(Phase.BUILD)

    def cost_tooltip(self, kind: str) -> str:
        return cost_text([(tr("game." + r), n) for r, n in zip(RESOURCES, COSTS[kind])], self.human_hand())

    def end_turn_action(self):
        return A.END_TURN

    # ---- actions ---------------------------------------------------------------------------
    def choose_mode(self, kind: str) -> None:
        self.mode = None if self.mode == kind else kind
        self.selection.invalidate()

    def cancel(self) -> bool:
        if self.mode:
            self.mode = None
            self.selection.invalidate()
            return True
        return False

    def open_trade(self) -> None:
        self.mode = None
        self.settle()
        self.app.push(TradeDialog(self.app, self))

    def after_apply(self, seat: int, action, events: list) -> None:
        # the trade dialog stays open and live after a trade (issue 20): it reads the hand
        if self.mode and not self.can_build(self.mode):
            self.mode = None
        self.selection.invalidate()

    # ---- presenters: one per Tidegate event -----------------------------------------------------------
    def _on_dice(self, ev: E.DiceRolled) -> Beat:
        a, b = ev.faces
        lines = [lambda: tr("log.rolled", name=self.name(ev.seat), a=a, b=b, total=a + b)]
        if a + b == 7:
            lines.append(lambda: tr("log.seven"))
        return self.dice_beat(ev.faces, lines)

    def _on_produced(self, ev: E.Produced) -> Beat:
        chip = self.app.art.pieces[f"chip_{ev.resource}"]
        start = self.camera.to_canvas(self.hex_world[ev.tile])
        end = self.resource_slot(ev.seat, RESOURCES.index(ev.resource))
        self._chips = getattr(self, "_chips", 0)
        flights = []
        for _ in range(min(ev.amount, 5)):
            flights.append(FlyChip(chip, start, end, delay=0.06 * (self._chips % 12)))
            self._chips += 1
        corners = [self.camera.to_canvas(self.layout.corner(self.board.topo.hexes[ev.tile], k)) for k in range(6)]
        flights.append(Flash(corners, theme.STRAW))      # the producing hex lights up
        return Beat(flights, sound="produce", reveal="done", merge="chips",
                    log=lambda: tr("log.produced", name=self.name(ev.seat), amount=ev.amount, resource=tr("game." + ev.resource)),
                    on_done=lambda: setattr(self, "_chips", 0))

    def _on_discarded(self, ev: E.Discarded) -> Beat:
        strip = amount_strip(self.app, [(f"icon_{r}", -k) for r, k in zip(RESOURCES, ev.amounts) if k])
        return Beat([self.float_beside_panel(ev.seat, strip)], sound="discard", reveal="done", merge="chips",
                    log=lambda: tr("log.discarded", name=self.name(ev.seat), what=_fmt_amounts(ev.amounts)))

    def _on_built(self, ev) -> Beat:
        where = self.edge_world[ev.where] if ev.kind == "road" else self.vertex_world[ev.where]
        ring = Ring(self.camera.to_canvas(where), seat_colour(self.colour(ev.seat))[0])
        key = f"log.setup_{ev.kind}" if isinstance(ev, E.SetupPlaced) else f"log.built_{ev.kind}"
        return Beat([ring], sound="build", reveal="start",
                    log=lambda: tr(key, name=self.name(ev.seat), score=getattr(ev, "score", 0)))

    def _on_traded(self, ev: E.Traded) -> Beat:
        strip = amount_strip(self.app, [(f"icon_{ev.give}", -ev.amount), (f"icon_{ev.get}", 1)])
        return Beat([self.float_beside_panel(ev.seat, strip)], sound="click", reveal="start",
                    log=lambda: tr("log.traded", name=self.name(ev.seat), amount=ev.amount, give=tr("game." + ev.give),
                                   get=tr("game." + ev.get)))

    def _on_turn_started(self, ev: E.TurnStarted) -> Beat:
        piece = self.app.art.pieces[f"outpost_{self.colour(ev.seat)}"]
        return Beat([self.turn_banner(tr("game.turn_of", name=self.name(ev.seat)), piece=piece)], sound="turn",
                    reveal="start",   # the last roll's dice stay shown until the next roll (issue 20)
                    log=lambda: tr("log.turn", round=ev.round, name=self.name(ev.seat)))

    def _on_game_over(self, ev) -> Beat:   # winners from the result: GameOver's fields may change
        winners = getattr(self.session.state.result(), "winners", ())
        return self.log_beat("log.game_over_one" if len(winners) == 1 else "log.game_over",
                             names=", ".join(self.name(w) for w in winners))

    presenters = {
        E.DiceRolled: _on_dice, E.Produced: _on_produced, E.Discarded: _on_discarded,
        E.Built: _on_built, E.SetupPlaced: _on_built, E.Traded: _on_traded,
        E.StartingResources: lambda self, ev: self.log_beat("log.starting", name=self.name(ev.seat)),
        E.RoundEnded: lambda self, ev: self.log_beat("log.round_end", round=ev.round),
        E.TurnStarted: _on_turn_started, E.TurnEnded: None, E.GameOver: _on_game_over,
    }

    def dice_positions(self) -> list[tuple[int, int]]:
        # in the sea at the board's bottom-left corner, clear of the island, of the floating
        # numbers beside the panels and of the replay bar
        x = self.board_view.x + 6
        y = self.board_view.bottom - 38 - (BAR_H if self.replay is not None else 0)
        return [(x, y), (x + 38, y)]

    # ---- drawing -------------------------------------------------------------------------------
    def draw_board(self, canvas: pygame.Surface) -> None:
        self.tiled.draw(canvas, self.camera, self.time)
        frames = self.app.art.pieces_index["animations"]["gate"]
        frame = frames["frames"][int(self.time * frames["fps"]) % len(frames["frames"])]
        for e in self.board.gates:   # each gate on its coastal edge, its arch over the water
            blit_anchored(canvas, self.app.art, frame, self.camera.to_canvas(self.edge_world[e]), self.camera.zoom)
        self._draw_pieces(canvas)

    def _draw_pieces(self, canvas: pygame.Surface) -> None:
        view, art, to_canvas, z = self.shown, self.app.art, self.camera.to_canvas, self.camera.zoom
        for e, owner in enumerate(view.edge_owner):
            if owner != EMPTY:
                blit_anchored(canvas, art, f"road_{self.edge_kind[e]}_{self.colour(owner)}",
                              to_canvas(self.edge_world[e]), z)
        for v, owner in enumerate(view.vertex_owner):
            if owner != EMPTY:
                kind = "city" if view.vertex_level[v] == CITY else "outpost"
                blit_anchored(canvas, art, f"{kind}_{self.colour(owner)}", to_canvas(self.vertex_world[v]), z)

    def draw_targets(self, canvas: pygame.Surface) -> None:
        z = self.camera.zoom
        for kind, i in self.board_targets():
            hot = (kind, i) == self.hover
            if kind == "v" and self.shown.vertex_owner[i] != EMPTY:
                # city mode: a ring around the outpost, never over it (issue 20)
                frame = f"outpost_{self.colour(self.shown.vertex_owner[i])}"
                (ax, ay), (w, h) = self.app.art.anchor(frame), self.app.art.pieces[frame].get_size()
                x, y = self.camera.to_canvas(self.vertex_world[i])
                centre = (x + (w / 2 - ax) * z, y + (h / 2 - ay) * z)
                r = int(math.hypot(w, h) * z / 2) + 3      # clear of the piece's corners
                pygame.draw.circle(canvas, theme.INK, centre, r + 1, 3 if hot else 2)
                pygame.draw.circle(canvas, theme.STRAW, centre, r, 2 if hot else 1)
                continue
            if kind == "v":
                frame, pos = ("vertex_ring" if hot else "vertex_dot"), self.vertex_world[i]
            else:
                frame, pos = (f"edge_hl_{self.edge_kind[i]}" if hot else "vertex_dot"), self.edge_world[i]
            blit_anchored(canvas, self.app.art, frame, self.camera.to_canvas(pos), z)

    def top_bar(self) -> tuple[str, str, int | None]:
        view = self.shown
        rnd = tr("game.round", round=view.round, rounds=ROUNDS) if view.round else tr("game.setup_round")
        if view.phase is Phase.OVER:
            return rnd, "", None
        return rnd, tr("game.turn_of", name=self.name(view.current)), view.current

    def panel_active(self, seat: int) -> bool:
        return self.shown.phase is not Phase.OVER and self.shown.current == seat

    def _panel_items(self, seat: int, rect: pygame.Rect) -> list[tuple[pygame.Rect, str, int]]:
        """(area, what, amount) of every figure in a seat's panel: score, pieces left,
        resources, gate; drawn from here and explained by tooltips (issue 20)."""
        view, art, text = self.shown, self.app.art, self.app.text
        c = self.colour(seat)
        items = [(pygame.Rect(rect.x + 13, rect.y + 22, 12, 16), "vp", view.scores[seat])]
        x = rect.x + 13 + 12 + text.size(str(view.scores[seat]))[0] + 6
        for frame, what, n in ((f"road_up_{c}", "road", MAX_ROADS - view.roads[seat]),
                               (f"outpost_{c}", "outpost", MAX_BUILDINGS - view.buildings[seat]),
                               (f"city_{c}", "city", MAX_CITIES - view.cities[seat])):
            w = art.pieces[frame].get_width() + 1 + text.size(str(n))[0]
            items.append((pygame.Rect(x, rect.y + 22, w, 16), what, n))
            x += w + 4
        for r, res in enumerate(RESOURCES):
            sx, sy = self.resource_slot(seat, r)
            items.append((pygame.Rect(sx - 6, sy - 8, 14 + text.size(str(view.resources[seat][r]))[0], 16), res,
                          view.resources[seat][r]))
        if view.has_gate[seat]:
            items.append((pygame.Rect(rect.right - 21, rect.bottom - 21, 16, 16), "gate", GATE_RATE))
        return items

    def draw_panel_body(self, canvas: pygame.Surface, seat: int, rect: pygame.Rect) -> None:
        art, text = self.app.art, self.app.text
        c = self.colour(seat)
        frames = {"vp": "vp_star", "road": f"road_up_{c}", "outpost": f"outpost_{c}", "city": f"city_{c}",
                  "gate": "gate_0", **{r: f"icon_{r}" for r in RESOURCES}}
        for area, what, n in self._panel_items(seat, rect):
            img = art.pieces[frames[what]]
            canvas.blit(img, (area.x, area.centery - img.get_height() // 2))
            if what != "gate":
                colour = theme.DUSK if what in ("road", "outpost", "city") else theme.INK
                text.draw(canvas, str(n), (area.x + img.get_width() + 1 + (1 if what in RESOURCES else 0), area.y),
                          colour)

    def hud_tooltip(self, pos: tuple[int, int]) -> tuple[pygame.Rect, str] | None:
        """Panel figures explained: "3 wheat", "Victory points: 5", "Roads left: 6"..."""
        for seat in range(len(self.session.names)):
            rect = self.panel_rect(seat)
            if rect is None or not rect.collidepoint(pos):
                continue
            for area, what, n in self._panel_items(seat, rect):
                if area.inflate(2, 2).collidepoint(pos):
                    key = "tip.resource" if what in RESOURCES else f"tip.{what}"
                    return area, tr(key, n=n, what=tr(f"game.{what}") if what in RESOURCES else "",
                                    name=self.name(seat), win=WIN_SCORE)
        return None

    def hint(self) -> str:
        if self.human_seat() is None:
            return ""
        key = HINTS.get(self.shown.phase) or ("game.pick_spot" if self.mode else "game.build_hint")
        return tr(key)
