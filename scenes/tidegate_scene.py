"""The Tidegate Isle game scene: board, player panels, build buttons, dice, log (TG-10).

The scene shows `self.shown`, a view of the game, and sends actions through the session.
Each batch of events becomes a timeline of animations; the shown view switches to the new
state when the batch reveals it (builds at once, production after the dice and the chips).
Input waits while animations play; a click or Space skips them. AI seats think on the
session's worker thread and act after a pace delay that honours the speed setting.
"""

from __future__ import annotations

import pygame

from game.core.errors import IllegalAction
from game.core.i18n import error_text, tr
from game.core.saves import autosave_path, write_save
from game.play.session import GameSession
from game.tidegate import actions as A
from game.tidegate import events as E
from game.tidegate.constants import (
    COST_CITY, COST_OUTPOST, COST_ROAD, GATE_RATE, MARKET_RATE, MAX_BUILDINGS, MAX_CITIES,
    MAX_ROADS, RESOURCES, ROUNDS,
)
from game.tidegate.state import CITY, EMPTY, OUTPOST, Phase, TidegateView
from scenes import theme
from scenes.dialogs import Overlay, PauseMenu
from scenes.scene import Scene
from scenes.settings import AI_PACE_S
from scenes.widgets import Button, Choice, WidgetGroup
from sprites.anim import Banner, DiceRoll, FloatText, FlyChip, Group, Ring, Timeline, Wait

BOARD_ORIGIN = (200, 30)        # canvas position of the map's pixel (0, 0)
CENTRE_REGION = pygame.Rect(160, 20, 320, 196)
PANEL_W, PANEL_H = 152, 70
RIGHT_X = 484
LOG_RECT = pygame.Rect(160, 218, 320, 138)
PICK_RADIUS_PX = 9              # how near the mouse must be to a vertex or edge midpoint
COSTS = {"road": COST_ROAD, "outpost": COST_OUTPOST, "city": COST_CITY}
TOAST_S = 2.5                   # seconds a refusal message stays


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
        self.give, self.get = "wood", "stone"
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


class TidegateScene(Scene):
    """Play Tidegate Isle: see the module docstring."""

    ruleset_id = "tidegate"

    def __init__(self, app, session: GameSession) -> None:
        super().__init__(app)
        self.session = session
        state = session.state
        self.board = state.board
        self.layout = self.board.layout
        self.shown: TidegateView = state.view(None)
        self.timeline = Timeline(play_sound=app.sounds.play)
        self.mode: str | None = None
        self.hover: tuple[str, int] | None = None
        self.log: list = []
        self.toast: tuple[str, float] | None = None
        self.ai_wait = 0.0
        self.time = 0.0
        self.results_shown = False
        self.script: list | None = None   # replay mode: recorded (seat, action) pairs to play
        self.dice_faces: tuple[int, int] | None = state.dice
        self._legal_key: tuple | None = None
        self._legal: list = []
        self._geometry()
        self._tiles = app.art.tiles("tidegate", "tidegate_tiles.png", 32, 32)
        self._token_tile = {n: 5 + i for i, n in enumerate([2, 3, 4, 5, 6, 8, 9, 10, 11, 12])}
        self._build_widgets()
        if not session.actions:
            self._log(lambda: tr("log.new_game"))
        else:
            self._log(lambda r=self.shown.round: tr("log.resumed", round=r))
        if state.result() is not None:
            self._queue_game_over()

    # ---- geometry ------------------------------------------------------------------------
    def _geometry(self) -> None:
        topo, lay = self.board.topo, self.layout
        ox, oy = BOARD_ORIGIN
        self.vertex_pos = [(round(x + ox), round(y + oy))
                           for x, y in (lay.vertex_position(topo, v) for v in range(len(topo.vertex_keys)))]
        self.edge_pos = []
        self.edge_kind = []
        for e, (a, b) in enumerate(topo.edge_vertices):
            (ax, ay), (bx, by) = self.vertex_pos[a], self.vertex_pos[b]
            self.edge_pos.append(((ax + bx) // 2, (ay + by) // 2))
            if ax == bx:
                self.edge_kind.append("v")
            else:
                left, right = ((ax, ay), (bx, by)) if ax < bx else ((bx, by), (ax, ay))
                self.edge_kind.append("up" if right[1] < left[1] else "down")
        self.hex_centre = [(round(lay.centre(h)[0] + ox), round(lay.centre(h)[1] + oy)) for h in topo.hexes]

    def panel_rect(self, seat: int) -> pygame.Rect:
        return pygame.Rect(4, 24 + seat * (PANEL_H + 4), PANEL_W, PANEL_H)

    def resource_slot(self, seat: int, r: int) -> tuple[int, int]:
        p = self.panel_rect(seat)
        return p.x + 12 + r * 46, p.y + 44

    def _build_widgets(self) -> None:
        g = self.widgets = WidgetGroup()
        y, h, w = 24, 22, PANEL_W
        g.add(Button((RIGHT_X, y, w, h), lambda: tr("game.roll"), lambda: self.act(A.ROLL), icon="dice",
                     enabled=lambda: A.ROLL in self.legal_now(), hotkey=pygame.K_SPACE, sound=""))
        for i, (kind, key) in enumerate((("road", pygame.K_r), ("outpost", pygame.K_o), ("city", pygame.K_c))):
            g.add(BuildButton((RIGHT_X, y + 26 * (i + 1), w, h), self, kind, key))
        g.add(Button((RIGHT_X, y + 26 * 4, w, h), lambda: tr("game.trade"), self.open_trade, icon="trade",
                     enabled=lambda: any(isinstance(a, A.Trade) for a in self.legal_now()), hotkey=pygame.K_t))
        g.add(Button((RIGHT_X, y + 26 * 5, w, h), lambda: tr("game.undo"), self.undo, icon="undo",
                     enabled=self.can_undo, hotkey=pygame.K_u))
        g.add(Button((RIGHT_X, y + 26 * 6, w, h), lambda: tr("game.end_turn"), lambda: self.act(A.END_TURN),
                     icon="end_turn", enabled=lambda: A.END_TURN in self.legal_now(), hotkey=pygame.K_e))
        g.add(Button((theme.CANVAS_W - 26, 1, 24, 18), "", self.open_menu, icon="gear",
                     tooltip=lambda: tr("game.menu")))

    # ---- state queries -----------------------------------------------------------------
    def human_seat(self) -> int | None:
        """The seat a person must act for now (none while animating or an AI is to move)."""
        seat = self.session.next_seat()
        if (seat is None or self.timeline.busy or self.script is not None
                or not self.session.seat_is_human(seat)):
            return None
        return seat

    def legal_now(self) -> list:
        """The human's legal actions now; cached per state, since every button asks each frame."""
        seat = self.human_seat()
        if seat is None:
            return []
        key = (id(self.session.state), len(self.session.actions), seat)
        if self._legal_key != key:
            self._legal_key, self._legal = key, self.session.state.legal_actions(seat)
        return self._legal

    def human_hand(self) -> tuple[int, int, int] | None:
        seat = self.session.next_seat()
        if seat is None or not self.session.seat_is_human(seat):
            return None
        return self.shown.resources[seat]

    def can_build(self, kind: str) -> bool:
        legal = self.legal_now()
        cls = {"road": A.BuildRoad, "outpost": A.BuildOutpost, "city": A.BuildCity}[kind]
        return self.shown.phase is Phase.BUILD and any(isinstance(a, cls) for a in legal)

    def cost_tooltip(self, kind: str) -> str:
        cost = COSTS[kind]
        hand = self.human_hand()
        text = tr("game.cost", what=_fmt_amounts(cost))
        if hand is not None:
            missing = tuple(max(0, c - h) for c, h in zip(cost, hand))
            if any(missing):
                text += "\n" + tr("game.missing", what=_fmt_amounts(missing))
        return text

    def can_undo(self) -> bool:
        return self.human_seat() is not None and self.session.can_undo()

    def targets(self) -> dict[tuple[str, int], object]:
        """Clickable board spots for the human to move now, in the current mode."""
        phase = self.shown.phase
        out: dict[tuple[str, int], object] = {}
        for a in self.legal_now():
            if isinstance(a, A.BuildOutpost) and (phase is Phase.SETUP_OUTPOST or self.mode == "outpost"):
                out[("v", a.vertex)] = a
            elif isinstance(a, A.BuildCity) and self.mode == "city":
                out[("v", a.vertex)] = a
            elif isinstance(a, A.BuildRoad) and (phase is Phase.SETUP_ROAD or self.mode == "road"):
                out[("e", a.edge)] = a
        return out

    # ---- actions ---------------------------------------------------------------------------
    def choose_mode(self, kind: str) -> None:
        self.mode = None if self.mode == kind else kind

    def open_trade(self) -> None:
        self.mode = None
        self.app.push(TradeDialog(self.app, self))

    def open_menu(self) -> None:
        self.app.push(PauseMenu(self.app, self))

    def on_quit(self) -> None:
        from scenes.dialogs import ConfirmQuit
        self.app.push(ConfirmQuit(self.app, self.autosave))

    def undo(self) -> None:
        if not self.can_undo():
            return
        seat = self.session.actions[-1][0]
        self.session.undo()
        self.shown = self.session.state.view(None)
        self._log(lambda n=self.name(seat): tr("log.undo", name=n))

    def act(self, action) -> None:
        """Send a human's action; a refusal shows its translated reason."""
        seat = self.human_seat()
        if seat is None:
            return
        self._apply(seat, action)

    def _apply(self, seat: int, action) -> None:
        try:
            events = self.session.apply(seat, action)
        except IllegalAction as exc:
            self.toast = (error_text(exc), TOAST_S)
            self.app.sounds.play("error")
            return
        if isinstance(self.app.top, TradeDialog) and not any(isinstance(a, A.Trade) for a in self.legal_now()):
            self.app.pop()
        after = self.session.state.view(None)
        if self.mode and not self.can_build(self.mode):
            self.mode = None
        self._play(events, after)
        if any(isinstance(e, (E.TurnEnded, E.GameOver)) for e in events):
            self.autosave()

    def autosave(self) -> None:
        """Store the game in the autosave slot (atomic; a failure never stops play)."""
        if self.script is not None:
            return  # a replay never overwrites the player's own autosave
        try:
            write_save(autosave_path(), self.session.to_save())
        except OSError as exc:
            self.toast = (tr("error.unexpected", detail=str(exc)), TOAST_S)

    # ---- events -> animations --------------------------------------------------------------
    def name(self, seat: int) -> str:
        return self.session.names[seat]

    def colour(self, seat: int) -> int:
        return self.session.colours[seat]

    def _log(self, line) -> None:
        self.log.append(line)
        del self.log[:-200]

    def _reveal(self, after: TidegateView) -> None:
        self.shown = after

    def _play(self, events: list, after: TidegateView) -> None:
        reveal = lambda: self._reveal(after)  # noqa: E731
        groups: list[Group] = []
        revealers: list = [reveal]
        flights: list = []
        floats: list = []
        for ev in events:
            n = self.name(getattr(ev, "seat", 0)) if hasattr(ev, "seat") else ""
            if isinstance(ev, E.DiceRolled):
                a, b = ev.faces
                self._log(lambda n=n, a=a, b=b: tr("log.rolled", name=n, a=a, b=b, total=a + b))
                if a + b == 7:
                    self._log(lambda: tr("log.seven"))
                groups.append(Group([DiceRoll(self.app.art.dice, ev.faces, self.dice_positions())], sound="dice",
                                    on_done=lambda f=ev.faces: setattr(self, "dice_faces", f)))
            elif isinstance(ev, E.Produced):
                r = RESOURCES.index(ev.resource)
                chip = self.app.art.pieces[f"chip_{ev.resource}"]
                start = self.hex_centre[ev.tile]
                end = self.resource_slot(ev.seat, r)
                for k in range(min(ev.amount, 5)):
                    flights.append(FlyChip(chip, start, end, delay=0.06 * (len(flights) % 12)))
                self._log(lambda n=n, ev=ev: tr("log.produced", name=n, amount=ev.amount,
                                                resource=tr("game." + ev.resource)))
            elif isinstance(ev, E.Discarded):
                p = self.panel_rect(ev.seat)
                strip = self._amount_strip([(r, -k) for r, k in zip(RESOURCES, ev.amounts) if k])
                floats.append(FloatText(strip, (p.centerx, p.y + 36)))
                self._log(lambda n=n, ev=ev: tr("log.discarded", name=n, what=_fmt_amounts(ev.amounts)))
            elif isinstance(ev, (E.Built, E.SetupPlaced)):
                pos = self.edge_pos[ev.where] if ev.kind == "road" else self.vertex_pos[ev.where]
                ring = Ring(pos, theme.SEAT_COLOURS[self.colour(ev.seat)][0])
                groups.append(Group([ring], on_start=reveal, sound="build"))
                if isinstance(ev, E.SetupPlaced):
                    key = "log.setup_outpost" if ev.kind == "outpost" else "log.setup_road"
                    self._log(lambda n=n, key=key: tr(key, name=n))
                else:
                    score = ev.score
                    self._log(lambda n=n, k=ev.kind, s=score: tr(f"log.built_{k}", name=n, score=s))
            elif isinstance(ev, E.Traded):
                p = self.panel_rect(ev.seat)
                strip = self._amount_strip([(ev.give, -ev.amount), (ev.get, 1)])
                groups.append(Group([FloatText(strip, (p.centerx, p.y + 36))], on_start=reveal, sound="click"))
                self._log(lambda n=n, ev=ev: tr("log.traded", name=n, amount=ev.amount,
                                                give=tr("game." + ev.give), get=tr("game." + ev.get)))
            elif isinstance(ev, E.StartingResources):
                self._log(lambda n=n: tr("log.starting", name=n))
            elif isinstance(ev, E.RoundEnded):
                self._log(lambda r=ev.round: tr("log.round_end", round=r))
            elif isinstance(ev, E.TurnStarted):
                self._log(lambda n=n, r=ev.round: tr("log.turn", round=r, name=n))
                banner = self._banner(tr("game.turn_of", name=n), ev.seat)

                def next_turn() -> None:
                    self.dice_faces = None
                    reveal()
                revealers.append(next_turn)
                groups.append(Group([banner], on_start=next_turn, sound="turn"))
            elif isinstance(ev, E.GameOver):
                names = ", ".join(self.name(w) for w in ev.winners)
                self._log(lambda names=names: tr("log.game_over", names=names))
        if flights or floats:
            groups.append(Group(flights + floats, on_done=reveal,
                                sound="produce" if flights else "discard"))
        if any(isinstance(ev, E.GameOver) for ev in events):
            groups.append(Group([Wait(0.6)], on_start=reveal))
            self._queue_game_over()
        if not any(g.on_start in revealers or g.on_done in revealers for g in groups):
            if groups:
                last = groups[-1]
                previous = last.on_done

                def done_then_reveal() -> None:
                    if previous:
                        previous()
                    reveal()
                last.on_done = done_then_reveal
            else:
                reveal()
        for g in groups:
            self.timeline.add(g)
        if self.app.settings.speed == 0:
            self.timeline.finish_all()

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
        return Banner(img, (CENTRE_REGION.centerx, CENTRE_REGION.centery))

    def _queue_game_over(self) -> None:
        def show() -> None:
            if not self.results_shown:
                self.results_shown = True
                from scenes.results import ResultsScene
                self.app.push(ResultsScene(self.app, self.session))
        self.timeline.add(Group([Wait(0.3)], on_done=show))

    def dice_positions(self) -> list[tuple[int, int]]:
        return [(RIGHT_X + 36, 212), (RIGHT_X + 84, 212)]

    # ---- scene protocol ------------------------------------------------------------------------
    def leave(self) -> None:
        self.session.close()

    def resume(self) -> None:
        self.ai_wait = 0.0

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.mode:
                self.mode = None
            else:
                self.open_menu()
            return
        if self.timeline.busy:
            skip = (event.type == pygame.MOUSEBUTTONDOWN) or (
                event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN))
            if skip:
                self.timeline.finish_all()
            if event.type == pygame.MOUSEMOTION:
                self.widgets.handle(self.app, event)
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
            self.undo()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_RETURN:
            if A.END_TURN in self.legal_now():
                self.act(A.END_TURN)
            return
        if self.widgets.handle(self.app, event):
            return
        if event.type == pygame.MOUSEMOTION:
            self.hover = self._pick(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            target = self._pick(event.pos)
            if target is not None:
                self.act(self.targets()[target])
            elif event.button == 1 and CENTRE_REGION.collidepoint(event.pos) and self.mode:
                self.mode = None
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.mode = None

    def _pick(self, pos: tuple[int, int]) -> tuple[str, int] | None:
        best, best_d = None, PICK_RADIUS_PX ** 2 + 1
        for kind, i in self.targets():
            x, y = self.vertex_pos[i] if kind == "v" else self.edge_pos[i]
            d = (x - pos[0]) ** 2 + (y - pos[1]) ** 2
            if d < best_d:
                best, best_d = (kind, i), d
        return best

    def update(self, dt: float) -> None:
        self.time += dt
        if self.toast:
            text, left = self.toast
            self.toast = (text, left - dt) if left > dt else None
        speed = self.app.settings.speed
        if self.timeline.busy:
            if speed == 0:
                self.timeline.finish_all()
            else:
                self.timeline.update(dt * speed)
            return
        seat = self.session.next_seat()
        pace = 0.0 if speed == 0 else AI_PACE_S[self.app.settings.ai_pace] / speed
        if self.script is not None:
            self.ai_wait += dt
            if self.script and seat is not None and self.ai_wait >= pace:
                self.ai_wait = 0.0
                self._apply(*self.script.pop(0))
            return
        if seat is None or self.session.seat_is_human(seat):
            return
        self.session.start_ai(seat)
        self.ai_wait += dt
        if self.ai_wait < pace:
            return
        decision = self.session.poll_ai()
        if decision is not None:
            self.ai_wait = 0.0
            self._apply(*decision)

    def on_language_changed(self) -> None:
        pass  # every label and log line is translated when drawn

    # ---- drawing -----------------------------------------------------------------------------
    def draw(self, canvas: pygame.Surface) -> None:
        self._draw_board(canvas)
        self._draw_pieces(canvas)
        self._draw_targets(canvas)
        self._draw_top_bar(canvas)
        for seat in range(len(self.session.names)):
            self._draw_panel(canvas, seat)
        self._draw_dice(canvas)
        self.timeline.draw(canvas)
        self.widgets.draw(self.app, canvas)
        self._draw_hint(canvas)
        self._draw_log(canvas)
        if self.toast:
            self._draw_toast(canvas, self.toast[0])

    def _draw_board(self, canvas: pygame.Surface) -> None:
        sea = self._tiles[0] if int(self.time * 1.5) % 2 == 0 else self._tiles[15]
        clip = canvas.get_clip()
        canvas.set_clip(CENTRE_REGION)
        canvas.fill(theme.DEEP_SEA, CENTRE_REGION)
        ox, oy = BOARD_ORIGIN
        for row in range(-2, 10):
            for col in range(-2, 10):
                x = ox + col * 32 + (16 if row % 2 else 0)
                y = oy + row * 24
                canvas.blit(sea, (x, y))
        view = self.shown
        for hi, h in enumerate(self.board.topo.hexes):
            tx, ty = self.layout.tile_origin(h)
            terrain = view.board.terrain[hi]
            canvas.blit(self._tiles[1 + ("wheat", "stone", "wood", "fog").index(terrain)], (tx + ox, ty + oy))
            token = view.board.tokens[hi]
            if token is not None:
                canvas.blit(self._tiles[self._token_tile[token]], (tx + ox, ty + oy))
        frames = self.app.art.pieces_index["animations"]["gate"]
        frame = frames["frames"][int(self.time * frames["fps"]) % len(frames["frames"])]
        gate = self.app.art.pieces[frame]
        ax, ay = self.app.art.anchor(frame)
        for e in self.board.gates:
            x, y = self.edge_pos[e]
            # push the gate a little out to sea, away from the island's centre
            hx, hy = self.hex_centre[self.board.topo.edge_hexes[e][0]]
            dx, dy = x - hx, y - hy
            canvas.blit(gate, (x + dx // 3 - ax, y + dy // 3 - ay))
        canvas.set_clip(clip)

    def _draw_pieces(self, canvas: pygame.Surface) -> None:
        view = self.shown
        art = self.app.art
        for e, owner in enumerate(view.edge_owner):
            if owner != EMPTY:
                frame = f"road_{self.edge_kind[e]}_{self.colour(owner)}"
                ax, ay = art.anchor(frame)
                x, y = self.edge_pos[e]
                canvas.blit(art.pieces[frame], (x - ax, y - ay))
        for v, owner in enumerate(view.vertex_owner):
            if owner != EMPTY:
                kind = "city" if view.vertex_level[v] == CITY else "outpost"
                frame = f"{kind}_{self.colour(owner)}"
                ax, ay = art.anchor(frame)
                x, y = self.vertex_pos[v]
                canvas.blit(art.pieces[frame], (x - ax, y - ay))

    def _draw_targets(self, canvas: pygame.Surface) -> None:
        targets = self.targets()
        if not targets:
            return
        art = self.app.art
        for kind, i in targets:
            if kind == "v":
                frame = "vertex_ring" if (kind, i) == self.hover else "vertex_dot"
                x, y = self.vertex_pos[i]
            else:
                frame = f"edge_hl_{self.edge_kind[i]}" if (kind, i) == self.hover else "vertex_dot"
                x, y = self.edge_pos[i]
            ax, ay = art.anchor(frame)
            canvas.blit(art.pieces[frame], (x - ax, y - ay))

    def _draw_top_bar(self, canvas: pygame.Surface) -> None:
        pygame.draw.rect(canvas, theme.DUSK, (0, 0, theme.CANVAS_W, 20))
        pygame.draw.line(canvas, theme.INK, (0, 20), (theme.CANVAS_W, 20))
        view = self.shown
        rnd = tr("game.round", round=view.round, rounds=ROUNDS) if view.round else tr("game.setup_round")
        self.app.text.draw(canvas, rnd, (6, 2), theme.PARCHMENT)
        if view.phase is not Phase.OVER:
            who = self.name(view.current)
            self.app.text.draw(canvas, tr("game.turn_of", name=who), (theme.CANVAS_W // 2, 2),
                               theme.SEAT_COLOURS[self.colour(view.current)][0], "centre")

    def _draw_panel(self, canvas: pygame.Surface, seat: int) -> None:
        view = self.shown
        rect = self.panel_rect(seat)
        art, text = self.app.art, self.app.text
        canvas.blit(art.panel("panel", rect.size), rect.topleft)
        light, shade = theme.SEAT_COLOURS[self.colour(seat)]
        pygame.draw.rect(canvas, light, (rect.x + 5, rect.y + 5, 4, rect.height - 10))
        if view.phase is not Phase.OVER and view.current == seat:
            pygame.draw.rect(canvas, theme.STRAW, rect.inflate(2, 2), 2)
        kind = self.session.setup.seats[seat]
        tag_w = 0
        if kind != "human":
            if self.session.thinking and view.current == seat:
                glass = art.ui["icon_end_turn"]   # an hourglass: this AI is thinking
                canvas.blit(glass, (rect.right - 7 - glass.get_width(), rect.y + 7))
                tag_w = glass.get_width() + 4
            else:
                tag_w = text.draw(canvas, tr("seat.ai"), (rect.right - 7, rect.y + 5), theme.DUSK, "right").width + 4
        text.draw(canvas, self._fit(self.name(seat), rect.width - 20 - tag_w), (rect.x + 13, rect.y + 5), theme.INK)
        star = art.pieces["vp_star"]
        canvas.blit(star, (rect.x + 13, rect.y + 24))
        text.draw(canvas, str(view.scores[seat]), (rect.x + 28, rect.y + 22), theme.INK)
        # pieces left: roads, buildings, cities
        x = rect.x + 46
        left = ((f"road_up_{self.colour(seat)}", MAX_ROADS - view.roads[seat]),
                (f"outpost_{self.colour(seat)}", MAX_BUILDINGS - view.buildings[seat]),
                (f"city_{self.colour(seat)}", MAX_CITIES - view.cities[seat]))
        for frame, n in left:
            img = art.pieces[frame]
            canvas.blit(img, (x, rect.y + 30 - img.get_height() // 2))
            x += img.get_width() + 1
            x = text.draw(canvas, str(n), (x, rect.y + 22), theme.DUSK).right + 5
        for r, res in enumerate(RESOURCES):
            sx, sy = self.resource_slot(seat, r)
            icon = art.pieces[f"icon_{res}"]
            canvas.blit(icon, (sx - 6, sy - 6))
            text.draw(canvas, str(view.resources[seat][r]), (sx + 8, sy - 8), theme.INK)
        if view.has_gate[seat]:
            gate = art.pieces["gate_0"]
            canvas.blit(gate, (rect.right - gate.get_width() - 5, rect.y + 20))

    def _fit(self, name: str, width: int) -> str:
        """`name`, shortened with an ellipsis to fit `width` pixels."""
        if self.app.text.size(name)[0] <= width:
            return name
        while name and self.app.text.size(name + "…")[0] > width:
            name = name[:-1]
        return name + "…"

    def _draw_dice(self, canvas: pygame.Surface) -> None:
        if self.timeline.busy and any(isinstance(a, DiceRoll) for g in self.timeline.groups[:1] for a in g.anims):
            return
        faces = self.dice_faces
        if faces:
            for (x, y), f in zip(self.dice_positions(), faces):
                canvas.blit(pygame.transform.scale_by(self.app.art.dice[f"die_{f}"], 2), (x, y))

    def _hint(self) -> str:
        seat = self.human_seat()
        phase = self.shown.phase
        if seat is None:
            return ""
        if phase is Phase.SETUP_OUTPOST:
            return tr("game.place_outpost")
        if phase is Phase.SETUP_ROAD:
            return tr("game.place_road")
        if phase is Phase.ROLL:
            return tr("game.roll_hint")
        if self.mode:
            return tr("game.pick_spot")
        return tr("game.build_hint")

    def _draw_hint(self, canvas: pygame.Surface) -> None:
        hint = self._hint()
        if not hint:
            return
        for i, line in enumerate(self.app.text.wrap(hint, PANEL_W)[:4]):
            self.app.text.draw(canvas, line, (RIGHT_X, 252 + 16 * i), theme.PARCHMENT, shadow=theme.INK)

    def _draw_log(self, canvas: pygame.Surface) -> None:
        canvas.blit(self.app.art.panel("panel", LOG_RECT.size), LOG_RECT.topleft)
        width = LOG_RECT.width - 14
        lines: list[str] = []
        for entry in reversed(self.log):
            wrapped = self.app.text.wrap(entry(), width)
            lines[:0] = wrapped
            if len(lines) >= 8:
                break
        for i, line in enumerate(lines[-8:]):
            self.app.text.draw(canvas, line, (LOG_RECT.x + 7, LOG_RECT.y + 5 + 16 * i), theme.INK)

    def _draw_toast(self, canvas: pygame.Surface, text: str) -> None:
        lines = self.app.text.wrap(text, 300)
        w = max(self.app.text.size(line)[0] for line in lines) + 16
        h = 16 * len(lines) + 8
        x = CENTRE_REGION.centerx - w // 2
        y = CENTRE_REGION.bottom - h - 4
        canvas.blit(self.app.art.panel("tooltip", (w, h)), (x, y))
        for i, line in enumerate(lines):
            self.app.text.draw(canvas, line, (x + 8, y + 4 + 16 * i), theme.RED)
