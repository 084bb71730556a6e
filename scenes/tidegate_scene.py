"""The Tidegate Isle game screen (TG-10): only what is Tidegate's own, on the board-scene layer.

`BoardScene` (scenes/board/) runs the session, turns, AI, animations, undo, autosave, log and
toast. This screen adds the island drawn from its Tiled map (`maps/tidegate/isle.tmx`, the
shuffled terrain and tokens of this game in place of the map's), the pieces, the build buttons
with their costs, the trade dialog, the player panels' bodies, the dice, and one presenter per
Tidegate event. Everything is open information: a banner announces each turn.
"""

from __future__ import annotations

import pygame

from game import rulesets
from game.core.hexgrid import axial_to_offset
from game.core.i18n import tr
from game.tidegate import actions as A
from game.tidegate import events as E
from game.tidegate.constants import (
    COST_CITY, COST_OUTPOST, COST_ROAD, GATE_RATE, MARKET_RATE, MAX_BUILDINGS, MAX_CITIES,
    MAX_ROADS, RESOURCES, ROUNDS,
)
from game.tidegate.state import CITY, EMPTY, Phase, TidegateView
from scenes import theme
from scenes.board.geometry import PointSet
from scenes.board.hud import ButtonSpec, action_bar, draw_hint, draw_player_panel, draw_top_bar
from scenes.board.presenter import Beat
from scenes.board.scene import BoardScene
from scenes.board.tiled import TiledBoard
from scenes.dialogs import Overlay
from scenes.widgets import Button, Choice
from sprites.anim import Banner, FloatText, FlyChip, Ring
from sprites.dice import Dice, DiceFaces

CENTRE_REGION = pygame.Rect(160, 20, 320, 196)
PANEL_W, PANEL_H = 152, 70
RIGHT_X = 484
SEA_FRAME_MS = 667              # the sea's two frames alternate at 1.5 Hz
COSTS = {"road": COST_ROAD, "outpost": COST_OUTPOST, "city": COST_CITY}
BUILD_ACTION = {"road": A.BuildRoad, "outpost": A.BuildOutpost, "city": A.BuildCity}


def _fmt_amounts(amounts: tuple[int, ...]) -> str:
    return ", ".join(f"{n} {tr('game.' + r)}" for r, n in zip(RESOURCES, amounts) if n)


class BuildButton(Button):
    """A build button that also shows its cost; missing units are drawn in red."""

    def __init__(self, rect, scene: "TidegateScene", kind: str, hotkey: int) -> None:
        self.scene, self.kind = scene, kind
        super().__init__(rect, lambda: tr(f"game.{kind}"), lambda: scene.choose_mode(kind),
                         enabled=lambda: scene.can_build(kind), hotkey=hotkey,
                         tooltip=lambda: scene.cost_tooltip(kind))

    def draw(self, app, canvas: pygame.Surface) -> None:
        active = self.scene.mode == self.kind
        self.pressed = self.pressed or active
        text = self.text
        self.text = lambda: ""
        super().draw(app, canvas)
        self.text = text
        if active:
            self.pressed = False
        colour = theme.STONE if not self.enabled else theme.INK
        app.text.draw(canvas, text(), (self.rect.x + 6, self.rect.centery - 8), colour)
        have = self.scene.human_hand()
        x = self.rect.right - 4
        for r, n in reversed(list(zip(RESOURCES, COSTS[self.kind]))):
            if not n:
                continue
            icon = app.art.pieces[f"icon_{r}"]
            x -= icon.get_width()
            canvas.blit(icon, (x, self.rect.centery - 6))
            short = have is not None and have[RESOURCES.index(r)] < n
            img = app.text.render(str(n), theme.RED if short else colour)
            x -= img.get_width()
            canvas.blit(img, (x, self.rect.centery - 8))
            x -= 3


class TradeDialog(Overlay):
    """Give one resource, get another, at the rate in force (TG-6)."""

    size = (280, 150)

    def __init__(self, app, scene: "TidegateScene") -> None:
        super().__init__(app)
        self.scene = scene
        hand = scene.human_hand() or (0, 0, 0)
        self.give = RESOURCES[max(range(3), key=lambda i: hand[i])]
        self.get = next(r for r in RESOURCES if r != self.give)
        x, w = self.rect.x + 16, self.rect.width - 32
        opts = [(r, (lambda r=r: tr(f"game.{r}"))) for r in RESOURCES]
        self.widgets.add(Choice((x, self.rect.y + 50, w, 22), lambda: tr("game.give") + f" {self.rate()}",
                                opts, lambda: self.give, self._set_give))
        self.widgets.add(Choice((x, self.rect.y + 76, w, 22), lambda: tr("game.get") + " 1",
                                opts, lambda: self.get, self._set_get))
        half = (w - 8) // 2
        self.widgets.add(Button((x, self.rect.bottom - 32, half, 22), lambda: tr("game.do_trade"),
                                self.trade, enabled=self.legal, hotkey=pygame.K_RETURN))
        self.widgets.add(Button((x + half + 8, self.rect.bottom - 32, half, 22), lambda: tr("game.close"),
                                self.app.pop))

    def _set_give(self, r: str) -> None:
        self.give = r
        if self.get == r:
            self.get = next(x for x in RESOURCES if x != r)

    def _set_get(self, r: str) -> None:
        self.get = r
        if self.give == r:
            self.give = next(x for x in RESOURCES if x != r)

    def rate(self) -> int:
        view = self.scene.shown
        return GATE_RATE if view.has_gate[view.current] else MARKET_RATE

    def legal(self) -> bool:
        return A.Trade(self.give, self.get) in self.scene.legal_now()

    def trade(self) -> None:
        self.scene.act(A.Trade(self.give, self.get))

    def title(self) -> str:
        return tr("game.trade_title")

    def draw(self, canvas: pygame.Surface) -> None:
        super().draw(canvas)
        view = self.scene.shown
        key = "game.trade_rate_gate" if view.has_gate[view.current] else "game.trade_rate_market"
        self.app.text.draw(canvas, tr(key, rate=self.rate()), (self.rect.centerx, self.rect.y + 28),
                           theme.DUSK, "centre")


class TidegateScene(BoardScene):
    """Play Tidegate Isle: see the module docstring."""

    ruleset_id = "tidegate"
    board_view = CENTRE_REGION
    log_rect = pygame.Rect(160, 218, 320, 138)
    shown: TidegateView

    def __init__(self, app, session) -> None:
        self.mode: str | None = None
        state = session.state
        self.board, self.layout = state.board, state.board.layout
        self.dice_faces: tuple[int, ...] | None = state.dice
        self.dice_art = DiceFaces(app.art.dice)
        self._geometry()
        super().__init__(app, session)

    # ---- board ------------------------------------------------------------------------------
    def _geometry(self) -> None:
        """Vertex and edge positions in world (map) pixels, and each edge's drawing direction."""
        topo, lay = self.board.topo, self.layout
        self.vertex_world = [(round(x), round(y)) for x, y in
                             (lay.vertex_position(topo, v) for v in range(len(topo.vertex_keys)))]
        self.edge_world, self.edge_kind = [], []
        for a, b in topo.edge_vertices:
            (ax, ay), (bx, by) = self.vertex_world[a], self.vertex_world[b]
            self.edge_world.append(((ax + bx) // 2, (ay + by) // 2))
            if ax == bx:
                self.edge_kind.append("v")
            else:
                left, right = ((ax, ay), (bx, by)) if ax < bx else ((bx, by), (ax, ay))
                self.edge_kind.append("up" if right[1] < left[1] else "down")
        self.hex_world = [(round(lay.centre(h)[0]), round(lay.centre(h)[1])) for h in topo.hexes]
        cells = {axial_to_offset(h, lay.stagger_index): hi for hi, h in enumerate(topo.hexes)}
        self.hex_at_cell = cells
        points = {("v", v): p for v, p in enumerate(self.vertex_world)}
        points.update({("e", e): p for e, p in enumerate(self.edge_world)})
        self._points = PointSet(points, self.pick_radius)

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
        if len(sea) > 1 and not board.tiles[sea[0]].frames:
            # the sea's swell: Tidegate's tileset has two sea frames but no Tiled animation
            board.tiles[sea[0]].frames = [(sea[0], SEA_FRAME_MS), (sea[1], SEA_FRAME_MS)]
        board.outside_gid = sea[0] if sea else None
        board.background = theme.DEEP_SEA
        board.bake()
        return board

    @property
    def vertex_pos(self) -> list[tuple[int, int]]:
        """Canvas positions of the vertices (through the camera)."""
        return [self.camera.to_canvas(p) for p in self.vertex_world]

    @property
    def edge_pos(self) -> list[tuple[int, int]]:
        return [self.camera.to_canvas(p) for p in self.edge_world]

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

    def targets(self) -> dict:
        """Clickable board spots for the human to move now, in the current mode."""
        self.selection.invalidate()
        return self.board_targets()

    # ---- widgets and state queries ---------------------------------------------------------------
    def panel_rect(self, seat: int) -> pygame.Rect:
        return pygame.Rect(4, 24 + seat * (PANEL_H + 4), PANEL_W, PANEL_H)

    def resource_slot(self, seat: int, r: int) -> tuple[int, int]:
        p = self.panel_rect(seat)
        return p.x + 12 + r * 46, p.y + 44

    def build_widgets(self) -> None:
        def build(kind, key):
            return lambda rect: BuildButton(rect, self, kind, key)
        specs = [ButtonSpec(lambda: tr("game.roll"), lambda: self.act(A.ROLL), icon="dice", sound="",
                            enabled=lambda: A.ROLL in self.legal_now(), hotkey=pygame.K_SPACE)]
        specs += [ButtonSpec("", lambda: None, make=build(kind, key))
                  for kind, key in (("road", pygame.K_r), ("outpost", pygame.K_o), ("city", pygame.K_c))]
        specs += [
            ButtonSpec(lambda: tr("game.trade"), self.open_trade, icon="trade", hotkey=pygame.K_t,
                       enabled=lambda: any(isinstance(a, A.Trade) for a in self.legal_now())),
            ButtonSpec(lambda: tr("game.undo"), self.undo, icon="undo", enabled=self.can_undo, hotkey=pygame.K_u),
            ButtonSpec(lambda: tr("game.end_turn"), lambda: self.act(A.END_TURN), icon="end_turn",
                       enabled=lambda: A.END_TURN in self.legal_now(), hotkey=pygame.K_e),
        ]
        action_bar(self.widgets, specs, (RIGHT_X, 24), (PANEL_W, 22))
        self.widgets.add(Button((theme.CANVAS_W - 26, 1, 24, 18), "", self.open_menu, icon="gear",
                                tooltip=lambda: tr("game.menu")))

    def human_hand(self) -> tuple[int, int, int] | None:
        seat = self.session.next_seat()
        if seat is None or not self.session.seat_is_human(seat):
            return None
        return self.shown.resources[seat]

    def can_build(self, kind: str) -> bool:
        cls = BUILD_ACTION[kind]
        return self.shown.phase is Phase.BUILD and any(isinstance(a, cls) for a in self.legal_now())

    def cost_tooltip(self, kind: str) -> str:
        cost = COSTS[kind]
        hand = self.human_hand()
        text = tr("game.cost", what=_fmt_amounts(cost))
        if hand is not None:
            missing = tuple(max(0, c - h) for c, h in zip(cost, hand))
            if any(missing):
                text += "\n" + tr("game.missing", what=_fmt_amounts(missing))
        return text

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
        self.app.push(TradeDialog(self.app, self))

    def after_apply(self, seat: int, action, events: list) -> None:
        if isinstance(self.app.top, TradeDialog) and not any(isinstance(a, A.Trade) for a in self.legal_now()):
            self.app.pop()
        if self.mode and not self.can_build(self.mode):
            self.mode = None
        self.selection.invalidate()

    # ---- presenters: one per Tidegate event -----------------------------------------------------------
    def _on_dice(self, ev: E.DiceRolled) -> Beat:
        a, b = ev.faces
        n = self.name(ev.seat)
        lines = [lambda: tr("log.rolled", name=n, a=a, b=b, total=a + b)]
        if a + b == 7:
            lines.append(lambda: tr("log.seven"))
        return Beat([Dice(self.dice_art, ev.faces, 6, self.dice_positions())], sound="dice", log=lines,
                    on_done=lambda: setattr(self, "dice_faces", ev.faces))

    def _on_produced(self, ev: E.Produced) -> Beat:
        chip = self.app.art.pieces[f"chip_{ev.resource}"]
        start = self.camera.to_canvas(self.hex_world[ev.tile])
        end = self.resource_slot(ev.seat, RESOURCES.index(ev.resource))
        self._chips = getattr(self, "_chips", 0)
        flights = []
        for _ in range(min(ev.amount, 5)):
            flights.append(FlyChip(chip, start, end, delay=0.06 * (self._chips % 12)))
            self._chips += 1
        n = self.name(ev.seat)
        return Beat(flights, sound="produce", reveal="done", merge="chips",
                    log=lambda: tr("log.produced", name=n, amount=ev.amount, resource=tr("game." + ev.resource)),
                    on_done=lambda: setattr(self, "_chips", 0))

    def _on_discarded(self, ev: E.Discarded) -> Beat:
        p = self.panel_rect(ev.seat)
        strip = self._amount_strip([(r, -k) for r, k in zip(RESOURCES, ev.amounts) if k])
        n = self.name(ev.seat)
        return Beat([FloatText(strip, (p.centerx, p.y + 36))], sound="discard", reveal="done", merge="chips",
                    log=lambda: tr("log.discarded", name=n, what=_fmt_amounts(ev.amounts)))

    def _on_built(self, ev) -> Beat:
        where = self.edge_world[ev.where] if ev.kind == "road" else self.vertex_world[ev.where]
        ring = Ring(self.camera.to_canvas(where), theme.SEAT_COLOURS[self.colour(ev.seat)][0])
        n = self.name(ev.seat)
        if isinstance(ev, E.SetupPlaced):
            key = "log.setup_outpost" if ev.kind == "outpost" else "log.setup_road"
            line = lambda: tr(key, name=n)  # noqa: E731
        else:
            line = lambda: tr(f"log.built_{ev.kind}", name=n, score=ev.score)  # noqa: E731
        return Beat([ring], sound="build", reveal="start", log=line)

    def _on_traded(self, ev: E.Traded) -> Beat:
        p = self.panel_rect(ev.seat)
        strip = self._amount_strip([(ev.give, -ev.amount), (ev.get, 1)])
        n = self.name(ev.seat)
        return Beat([FloatText(strip, (p.centerx, p.y + 36))], sound="click", reveal="start",
                    log=lambda: tr("log.traded", name=n, amount=ev.amount, give=tr("game." + ev.give),
                                   get=tr("game." + ev.get)))

    def _on_starting(self, ev: E.StartingResources) -> Beat:
        n = self.name(ev.seat)
        return Beat(log=lambda: tr("log.starting", name=n))

    def _on_round_ended(self, ev: E.RoundEnded) -> Beat:
        return Beat(log=lambda: tr("log.round_end", round=ev.round))

    def _on_turn_started(self, ev: E.TurnStarted) -> Beat:
        n = self.name(ev.seat)
        return Beat([self._banner(tr("game.turn_of", name=n), ev.seat)], sound="turn", reveal="start",
                    apply=lambda: setattr(self, "dice_faces", None),
                    log=lambda: tr("log.turn", round=ev.round, name=n))

    def _on_turn_ended(self, ev: E.TurnEnded) -> None:
        return None

    def _on_game_over(self, ev) -> Beat:
        result = self.session.state.result()
        names = ", ".join(self.name(w) for w in getattr(result, "winners", ()))
        return Beat(log=lambda: tr("log.game_over", names=names))

    presenters = {
        E.DiceRolled: _on_dice, E.Produced: _on_produced, E.Discarded: _on_discarded,
        E.Built: _on_built, E.SetupPlaced: _on_built, E.Traded: _on_traded,
        E.StartingResources: _on_starting, E.RoundEnded: _on_round_ended,
        E.TurnStarted: _on_turn_started, E.TurnEnded: _on_turn_ended, E.GameOver: _on_game_over,
    }

    def _amount_strip(self, items: list[tuple[str, int]]) -> pygame.Surface:
        """"-2 [wheat] +1 [stone]" as one image on a tooltip plate (for floating changes)."""
        parts = []
        for res, n in items:
            parts.append(self.app.text.render(f"{n:+d}", theme.RED if n < 0 else theme.PINE))
            parts.append(self.app.art.pieces[f"icon_{res}"])
        w = sum(p.get_width() + 2 for p in parts) + 8
        plate = self.app.art.panel("tooltip", (w, 20)).copy()
        x = 4
        for part in parts:
            plate.blit(part, (x, 10 - part.get_height() // 2))
            x += part.get_width() + 2
        return plate

    def _banner(self, text: str, seat: int) -> Banner:
        img_text = self.app.text.render(text, theme.FOAM)
        w, h = img_text.get_width() + 40, 26
        img = self.app.art.panel("banner", (w, h)).copy()
        piece = self.app.art.pieces[f"outpost_{self.colour(seat)}"]
        img.blit(piece, (10, h // 2 - piece.get_height() // 2))
        img.blit(img_text, (28, h // 2 - 8))
        return Banner(img, CENTRE_REGION.center)

    def dice_positions(self) -> list[tuple[int, int]]:
        return [(RIGHT_X + 36, 212), (RIGHT_X + 84, 212)]

    # ---- drawing -------------------------------------------------------------------------------
    def draw_board(self, canvas: pygame.Surface) -> None:
        self.tiled.draw(canvas, self.camera, self.time)
        frames = self.app.art.pieces_index["animations"]["gate"]
        frame = frames["frames"][int(self.time * frames["fps"]) % len(frames["frames"])]
        gate = self.app.art.pieces[frame]
        ax, ay = self.app.art.anchor(frame)
        for e in self.board.gates:
            x, y = self.camera.to_canvas(self.edge_world[e])
            # push the gate a little out to sea, away from the island's centre
            hx, hy = self.camera.to_canvas(self.hex_world[self.board.topo.edge_hexes[e][0]])
            dx, dy = x - hx, y - hy
            canvas.blit(gate, (x + dx // 3 - ax, y + dy // 3 - ay))
        self._draw_pieces(canvas)

    def _draw_pieces(self, canvas: pygame.Surface) -> None:
        view, art = self.shown, self.app.art
        for e, owner in enumerate(view.edge_owner):
            if owner != EMPTY:
                frame = f"road_{self.edge_kind[e]}_{self.colour(owner)}"
                ax, ay = art.anchor(frame)
                x, y = self.camera.to_canvas(self.edge_world[e])
                canvas.blit(art.pieces[frame], (x - ax, y - ay))
        for v, owner in enumerate(view.vertex_owner):
            if owner != EMPTY:
                frame = f"{'city' if view.vertex_level[v] == CITY else 'outpost'}_{self.colour(owner)}"
                ax, ay = art.anchor(frame)
                x, y = self.camera.to_canvas(self.vertex_world[v])
                canvas.blit(art.pieces[frame], (x - ax, y - ay))

    def draw_targets(self, canvas: pygame.Surface) -> None:
        art = self.app.art
        for kind, i in self.targets():
            hot = (kind, i) == self.hover
            if kind == "v":
                frame = "vertex_ring" if hot else "vertex_dot"
                x, y = self.camera.to_canvas(self.vertex_world[i])
            else:
                frame = f"edge_hl_{self.edge_kind[i]}" if hot else "vertex_dot"
                x, y = self.camera.to_canvas(self.edge_world[i])
            ax, ay = art.anchor(frame)
            canvas.blit(art.pieces[frame], (x - ax, y - ay))

    def draw_hud(self, canvas: pygame.Surface) -> None:
        view = self.shown
        rnd = tr("game.round", round=view.round, rounds=ROUNDS) if view.round else tr("game.setup_round")
        over = view.phase is Phase.OVER
        who = "" if over else tr("game.turn_of", name=self.name(view.current))
        draw_top_bar(self.app, canvas, rnd, who, theme.SEAT_COLOURS[self.colour(view.current)][0])
        for seat in range(len(self.session.names)):
            rect = self.panel_rect(seat)
            ai = self.session.setup.seats[seat] != "human"
            draw_player_panel(self.app, canvas, rect, self.name(seat), self.colour(seat),
                              not over and view.current == seat, ai, ai and self.driver.thinking(seat))
            self._draw_panel_body(canvas, seat, rect)
        self._draw_dice(canvas)

    def _draw_panel_body(self, canvas: pygame.Surface, seat: int, rect: pygame.Rect) -> None:
        view, art, text = self.shown, self.app.art, self.app.text
        canvas.blit(art.pieces["vp_star"], (rect.x + 13, rect.y + 24))
        text.draw(canvas, str(view.scores[seat]), (rect.x + 28, rect.y + 22), theme.INK)
        x = rect.x + 46                       # pieces left: roads, buildings, cities
        c = self.colour(seat)
        for frame, n in ((f"road_up_{c}", MAX_ROADS - view.roads[seat]),
                         (f"outpost_{c}", MAX_BUILDINGS - view.buildings[seat]),
                         (f"city_{c}", MAX_CITIES - view.cities[seat])):
            img = art.pieces[frame]
            canvas.blit(img, (x, rect.y + 30 - img.get_height() // 2))
            x = text.draw(canvas, str(n), (x + img.get_width() + 1, rect.y + 22), theme.DUSK).right + 5
        for r, res in enumerate(RESOURCES):
            sx, sy = self.resource_slot(seat, r)
            canvas.blit(art.pieces[f"icon_{res}"], (sx - 6, sy - 6))
            text.draw(canvas, str(view.resources[seat][r]), (sx + 8, sy - 8), theme.INK)
        if view.has_gate[seat]:
            gate = art.pieces["gate_0"]
            canvas.blit(gate, (rect.right - gate.get_width() - 5, rect.y + 20))

    def _draw_dice(self, canvas: pygame.Surface) -> None:
        if self.timeline.busy and any(isinstance(a, Dice) for g in self.timeline.groups[:1] for a in g.anims):
            return
        if self.dice_faces:
            for pos, f in zip(self.dice_positions(), self.dice_faces):
                canvas.blit(self.dice_art.face(6, f, 2), pos)

    def hint(self) -> str:
        if self.human_seat() is None:
            return ""
        phase = self.shown.phase
        if phase is Phase.SETUP_OUTPOST:
            return tr("game.place_outpost")
        if phase is Phase.SETUP_ROAD:
            return tr("game.place_road")
        if phase is Phase.ROLL:
            return tr("game.roll_hint")
        return tr("game.pick_spot") if self.mode else tr("game.build_hint")

    def draw_hint(self, canvas: pygame.Surface) -> None:
        hint = self.hint()
        if hint:
            draw_hint(self.app, canvas, hint, (RIGHT_X, 252), PANEL_W)
