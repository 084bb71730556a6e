"""`BoardScene`: the base of every game screen (DESIGN.md, "Board scenes").

It owns the session, the shown view, the animation timeline and presenter, the turn driver,
the fixed-step update loop, undo, autosave at commit points, hand-offs, game over → results
and the pause menu. Three mixins beside it hold the rest, one responsibility each:
`BoardInput` (scenes/board/inputs.py: which event goes where), `BoardDrawing`
(scenes/board/draw_layers.py: the layers of `draw` and their hooks) and `ReplayControls`
(scenes/board/replay.py: a replay's commands). A ruleset's screen supplies only what is its own:

- `presenters`: {event class: handler(screen, event) -> Beat}  (every event type; a test checks)
- `board_view`, `world_size()`/`make_board()`: where and what the board is
- `draw_board`, `draw_hud`, `build_widgets`, `hint`: its drawing and its buttons
- `board_steps(action)` (clicks that choose an action), or `board_click` for its own picking
- `end_turn_action()`: what Enter does

Commit points (autosave) are read from the session: a change of `to_move()`, of the turn or
round counter, or the end of the game — never from one ruleset's event classes.
"""

from __future__ import annotations

import os

from typing import Any, Callable, Hashable

import pygame

from game import rulesets
from game.ai.levels import configure
from game.core.errors import IllegalAction
from game.core.i18n import error_text, own_key, tr
from game.play.replay import replay_events
from game.play.saves import write_autosave
from scenes import theme
from scenes.board.camera import Camera
from scenes.board.geometry import PointSet
from scenes.board.draw_layers import BoardDrawing
from scenes.board.hud import TOAST_S, ButtonSpec, EventLog, LogEntry, banner_image
from scenes.board.inputs import BoardInput
from scenes.board.presenter import Beat, Handler, Presenter
from scenes.board.replay import ReplayControls
from scenes.board.targets import Selection
from scenes.board.tiled import TiledBoard
from scenes.board.turns import TurnDriver
from scenes.dialogs import ConfirmQuit
from scenes.scene import Scene
from scenes.settings import AI_PACE_S
from scenes.widgets import Button, WidgetGroup
from sprites.anim import Banner, FloatText, Group, Timeline, Wait
from sprites.dice import Dice, DiceFaces

GAME_OVER_WAIT_S = 0.6     # seconds between the last event and the results


def commit_key(state: Any) -> tuple:
    """What changes exactly at a commit point: who must act, the turn, the round, the end."""
    return (tuple(state.to_move()), getattr(state, "turn", None), getattr(state, "round", None),
            state.result() is not None)


class BoardScene(ReplayControls, BoardInput, BoardDrawing, Scene):
    """See the module docstring."""

    ruleset_id = ""
    presenters: dict[type, Handler] = {}
    board_view = pygame.Rect(0, 21, theme.CANVAS_W, 252)              # the board's part of the canvas
    log_rect = pygame.Rect(0, 274, theme.CANVAS_W, theme.CANVAS_H - 274)
    hidden_info: bool | None = None       # None: ask the ruleset
    pick_radius = 9                       # pixels (world) around a point target
    hint_rect: pygame.Rect | None = None  # where `hint()` is written (None: nowhere)
    dice_sides: int | tuple[int, ...] = 6
    dice_scale = 2

    def __init__(self, app, session) -> None:
        super().__init__(app)
        self.session = session
        if self.hidden_info is None:
            self.hidden_info = bool(rulesets.get(session.setup.ruleset).has_hidden_info)
        self.driver = TurnDriver(session, bool(self.hidden_info))
        # hard seats think for the chosen time in the search worker process (issue 18): a
        # search on the driver's thread would hold the GIL against the frame loop; a whole-turn
        # plan's playouts are shared among every core (the workers yield to this process)
        for agent in session.agents.values():
            configure(agent, seconds=getattr(app.settings, "think_s", None), offload=True,
                      cores=os.cpu_count() or 1)
        self.timeline = Timeline(play_sound=app.sounds.play)
        self.presenter = Presenter(self, self.presenters, self.timeline, self._log_entry,
                                   follow=lambda p: self.camera.follow(p))
        self.log = EventLog(self.log_rect)
        self.toast: tuple[str, float] | None = None
        self.toast_colour = theme.RED
        self.time = 0.0
        self.results_shown = False
        self._over_queued = False
        self._legal_key: tuple | None = None
        self._legal: list = []
        self.hover: Hashable | None = None
        self.dice_faces: tuple[int, ...] | None = getattr(session.state, "dice", None)
        self.dice_art = DiceFaces(app.art.dice)
        self.selection = Selection(self.board_steps)
        self.shown = self.view_now()
        self.tiled = self.make_board()
        self.camera = Camera(self.world_size(), self.board_view, self.zooms())
        self.widgets = WidgetGroup()
        self.build_widgets()
        for button in self.widgets.widgets:   # a greyed button always says why (issue 20)
            if isinstance(button, Button) and button.why is None:
                button.why = self.why_not_now
        self.widgets.add(Button((theme.CANVAS_W - 26, 1, 24, 18), "", self.open_menu, icon="gear",
                                tooltip=lambda: tr("game.menu")))
        if not session.actions:
            self.add_log(lambda: tr("log.new_game"))
        else:
            self.rebuild_log()
            # in the ruleset's own word for a round (Landship's 轮, not the others' 回合)
            self.add_log(lambda r=getattr(self.shown, "round", 0): tr(own_key(self.ruleset_id, "log.resumed"), round=r))
        if session.state.result() is not None:
            self._queue_game_over()

    def rebuild_log(self) -> None:
        """A continued game's log: the lines of every event since the start, rebuilt by
        replaying the save's actions through the presenter table (public wording in games with
        hidden information), so the log survives save and continue without the save format
        carrying it."""
        try:
            for _seat, _action, events in replay_events(self.session.setup, self.session.actions):
                shown = [e.redacted(None) for e in events] if self.hidden_info else events
                for beat in self.presenter.beats(shown):
                    for line in beat.log:
                        self._log_entry(line)
        except Exception:  # a screen's handler that cannot run offline: the log starts here
            self.log.entries.clear()

    # ---- hooks for the ruleset's screen ---------------------------------------------------
    def make_board(self) -> "TiledBoard | None":
        """The board drawn from its Tiled map (default: the setup's map, as the rules read it)."""
        return TiledBoard(rulesets.get(self.session.setup.ruleset).map_path(self.session.setup))

    def world_size(self) -> tuple[int, int]:
        """The board's size in world pixels (the map's pixels)."""
        return self.tiled.size if self.tiled is not None else self.board_view.size

    def content_rect(self) -> pygame.Rect:
        """The world rectangle the player must see (default: the whole map); a screen whose
        map has a margin of plain sea names its island here, so the board fills the view."""
        w, h = self.world_size()
        return pygame.Rect(0, 0, w, h)

    def fit_zoom(self) -> int:
        """The largest whole zoom at which `content_rect()` fits `board_view` (at least 1)."""
        c = self.content_rect()
        return max(1, min(self.board_view.width // max(1, c.width), self.board_view.height // max(1, c.height)))

    def zooms(self) -> tuple[int, ...]:
        """Whole zoom steps offered: the content as large as it fits (issue 20: the board fills
        its area), and one step more when the map is larger than the view at that zoom."""
        z = self.fit_zoom()
        w, h = self.world_size()
        fits = w * z <= self.board_view.width and h * z <= self.board_view.height
        return (z,) if fits else (z, z + 1)

    def build_widgets(self) -> None:
        """Add the screen's buttons to `self.widgets`."""

    def board_steps(self, action: Any) -> tuple[Hashable, ...] | None:
        """The board clicks that choose `action` (None: not chosen on the board)."""
        return None

    def target_points(self) -> PointSet | None:
        """World positions of the target keys (for picking and highlights)."""
        return None

    def end_turn_action(self) -> Any | None:
        """The action Enter sends (None: Enter does nothing)."""
        return None

    def undo_and_end_turn_specs(self) -> list[ButtonSpec]:
        """The Undo (U) and End turn (E) buttons every turn-based screen offers."""
        return [ButtonSpec(lambda: tr("game.undo"), self.undo, icon="undo", enabled=self.can_undo, hotkey=pygame.K_u,
                           why=lambda: self.why_not_now() or tr("why.nothing_to_undo")),
                ButtonSpec(lambda: tr("game.end_turn"), lambda: self.act(self.end_turn_action()), icon="end_turn",
                           enabled=lambda: self.end_turn_action() in self.legal_now(), hotkey=pygame.K_e,
                           why=lambda: self.why_not_now() or self.why_not_end_turn())]

    def why_not_end_turn(self) -> str:
        """Why the turn cannot end now (the screen knows its phases; default: generic)."""
        return tr("why.not_now")

    def why_not_now(self) -> str | None:
        """Why no human may act at all right now (AI's turn, a hand-off, animating), or None.
        Disabled buttons show this first in their tooltip; the screen adds its own reasons."""
        if self.script is not None:
            return tr("why.replay")
        if self.session.state.result() is not None:
            return tr("why.game_over")
        movers = self.driver.movers()
        if movers and not any(self.session.seat_is_human(s) for s in movers):
            return tr("why.not_your_turn", name=self.name(movers[0]))
        if self.timeline.busy:
            return tr("why.animating")
        return None

    def after_apply(self, seat: int, action: Any, events: list) -> None:
        """Called after a successful action, before its events play."""

    def turn_banner(self, text: str, seat: int | None = None, piece: pygame.Surface | None = None) -> Banner:
        """A banner sliding in over the middle of the board (turns, rounds, events)."""
        return Banner(banner_image(self.app, text, piece), self.board_view.center)

    @staticmethod
    def log_beat(key: str, **params: Any) -> Beat:
        """A beat that only writes a log line (translated when drawn)."""
        return Beat(log=lambda: tr(key, **params))

    def dice_beat(self, faces: tuple[int, ...], log: Any = None) -> Beat:
        """Dice of `dice_sides` tumbling and landing on `faces`; they stay shown until the next
        roll, and the log line is written when they land, not while they tumble."""
        faces = tuple(faces)
        return Beat([Dice(self.dice_art, faces, self.dice_sides, self.dice_positions(), self.dice_scale)],
                    sound="dice", log=log, on_done=lambda: setattr(self, "dice_faces", faces), log_at="done")

    # ---- who acts, what is legal ------------------------------------------------------------
    @property
    def script(self) -> list | None:
        """Replay mode: the recorded (seat, action) pairs still to play."""
        return self.driver.script

    @script.setter
    def script(self, value: list | None) -> None:
        self.driver.script = value

    def viewer(self) -> int | None:
        return self.driver.shown_seat()

    def view_now(self) -> Any:
        return self.session.state.view(self.viewer())

    def handoff_pending(self) -> int | None:
        """The seat to pass the device to, once the animations have played."""
        if self.timeline.busy:
            return None
        return self.driver.handoff()

    def human_seat(self) -> int | None:
        """The seat a person must act for now (none while animating or an AI is to move)."""
        if self.timeline.busy:
            return None
        return self.driver.human_seat()

    def legal_now(self) -> list:
        """The human's legal actions now; cached per state, since every button asks each frame."""
        seat = self.human_seat()
        if seat is None:
            return []
        key = (id(self.session.state), len(self.session.actions), seat)
        if self._legal_key != key:
            self._legal_key, self._legal = key, self.session.state.legal_actions(seat)
        return self._legal

    def legal_settled(self) -> list:
        """The human's legal actions ignoring any animation still playing (dialogs that must
        stay live while the board animates use this; acting through `act` settles first)."""
        seat = self.driver.human_seat()
        return [] if seat is None else self.session.state.legal_actions(seat)

    def settle(self) -> None:
        """Finish every animation now and catch the shown view up (input never waits)."""
        if self.timeline.busy:
            self.timeline.finish_all()
        if self.driver.release():
            self.shown = self.view_now()

    def float_beside_panel(self, seat: int, image: pygame.Surface, delay: float = 0.0) -> FloatText:
        """A floating change (e.g. "-1 wheat") beside a seat's panel on the board's side, so it
        never hides the figures it changes (issue 20); centred on the board without panels."""
        p = self.panel_rect(seat)
        if p is None:
            return FloatText(image, self.board_view.center, delay)
        w = image.get_width()
        if p.right <= self.board_view.x + 2:
            x = p.right + 3 + w // 2
        elif p.x >= self.board_view.right - 2:
            x = p.x - 3 - w // 2
        else:
            x = p.centerx
        return FloatText(image, (x, p.y + 20), delay)

    def board_targets(self) -> dict[Hashable, Any]:
        """Clickable keys for the human now -> the action they complete (None: more steps)."""
        self.selection.set_legal(self.legal_now())
        return self.selection.targets()

    def can_undo(self) -> bool:
        return self.human_seat() is not None and self.session.can_undo()

    def name(self, seat: int) -> str:
        return self.session.names[seat]

    def colour(self, seat: int) -> int:
        return self.session.colours[seat]

    # ---- acting --------------------------------------------------------------------------------
    def act(self, action: Any) -> None:
        """Send a human's action; a refusal shows its translated reason. Animations still
        playing are finished first (a key pressed during one is never lost)."""
        self.settle()
        seat = self.human_seat()
        if seat is None:
            return
        self._apply(seat, action)

    def _apply(self, seat: int, action: Any) -> None:
        before = commit_key(self.session.state)
        try:
            events = self.session.apply(seat, action)
        except IllegalAction as exc:
            self.show_toast(error_text(exc))
            self.app.sounds.play("error")
            return
        self.selection.clear()
        self.after_apply(seat, action, events)
        self.play(events)
        if commit_key(self.session.state) != before:
            self.autosave()

    def undo(self) -> None:
        if not self.can_undo():
            return
        seat = self.session.actions[-1][0]
        self.session.undo()
        self.driver.reset()
        self.selection.clear()
        self.shown = self.view_now()
        self.add_log(lambda n=self.name(seat): tr(own_key(self.ruleset_id, "log.undo"), name=n))

    def autosave(self) -> None:
        """Store the game in its own autosave file (atomic; a failure never stops play)."""
        if self.script is not None or getattr(self, "replay", None) is not None:
            return  # a replay never overwrites the player's own autosave
        try:
            write_autosave(self.session)
        except OSError as exc:
            self.show_toast(tr("error.unexpected", detail=str(exc)))

    def show_toast(self, text: str, notice: bool = False) -> None:
        """A refusal in red near the board's bottom for a moment; `notice`: news, not a
        refusal, in ink (Skirmish's revealed skills read as an error in red)."""
        self.toast = (text, TOAST_S)
        self.toast_colour = theme.INK if notice else theme.RED

    def open_menu(self) -> None:
        self.app.nav.pause(self)

    def on_quit(self) -> None:
        self.app.push(ConfirmQuit(self.app, self.autosave))

    # ---- events -> animations ------------------------------------------------------------------
    def add_log(self, line: Callable[[], str]) -> None:
        self.log.add(line)

    def _log_entry(self, line: Callable[[], str]) -> None:
        self.log.add(line if isinstance(line, LogEntry) else LogEntry(line))

    def play(self, events: list) -> None:
        """Queue the events' animations; the shown view follows them, then shows the new state."""
        viewer = self.viewer()
        if self.hidden_info:
            shown_events = [e.redacted(viewer) for e in events]
        else:
            shown_events = events
        after = self.view_now()

        def reveal() -> None:
            self.shown = after
        if self.hidden_info:
            self._play_hidden(shown_events, events, viewer, reveal)
        else:
            self.presenter.play(shown_events, reveal)
        if self.session.state.result() is not None and not self._over_queued:
            self.timeline.add(Group([Wait(GAME_OVER_WAIT_S)], on_start=reveal))
            self._queue_game_over()
        if self.app.settings.speed == 0:
            self.timeline.finish_all()

    def _play_hidden(self, shown_events: list, events: list, viewer: int | None, reveal) -> None:
        """As `presenter.play`, but each log line also keeps its public wording, so a later
        player never reads what only this viewer was allowed to see."""
        public = [e.redacted(None) for e in events]
        table = self.presenter.table
        wrapped: list = []
        for mine, pub in zip(shown_events, public):
            wrapped.append(_WithPublic(mine, pub))

        def handler(screen, w: "_WithPublic") -> Beat | None:
            if table.get(type(w.event)) is None:
                return None
            beat = table[type(w.event)](screen, w.event)
            if beat is not None and beat.log:
                pub_beat = table[type(w.public)](screen, w.public) if viewer is not None else None
                pub_lines = pub_beat.log if pub_beat is not None else beat.log
                beat.log = [LogEntry(line, pub_lines[i] if i < len(pub_lines) else (lambda: ""), viewer)
                            for i, line in enumerate(beat.log)]
            return beat
        presenter = Presenter(self, {_WithPublic: handler}, self.timeline, self._log_hidden,
                              follow=self.presenter.follow)
        presenter.play(wrapped, reveal)

    def _log_hidden(self, entry) -> None:
        self.log.add(entry)

    def _queue_game_over(self) -> None:
        self._over_queued = True

        def show() -> None:
            if self.replay is not None:      # a replay ends with its note, not the results
                self.add_log(lambda: tr("replay.end_log"))
                return
            if not self.results_shown:
                self.results_shown = True
                self.app.nav.results(self.session)
        self.timeline.add(Group([Wait(0.3)], on_done=show))

    # ---- scene protocol ------------------------------------------------------------------------
    def leave(self) -> None:
        self.driver.close()
        self.session.close()

    def resume(self) -> None:
        self.driver.wait = 0.0

    def on_language_changed(self) -> None:
        pass  # every label and log line is translated when drawn

    def look(self) -> Hashable:
        """The shown view, the actions taken, the camera, a toast, an AI thinking."""
        return (id(self.shown), len(self.session.actions), self.camera.x, self.camera.y,
                self.camera.zoom, self.toast is None, self.driver.thinking())

    def animating(self) -> bool:
        return self.timeline.busy

    def update(self, dt: float) -> None:
        self.time += dt
        if self.toast:
            text, left = self.toast
            self.toast = (text, left - dt) if left > dt else None
        self.camera.update(dt, self.app.mouse)
        speed = self.app.settings.speed
        if self.timeline.busy:
            if speed == 0:
                self.timeline.finish_all()
            else:
                self.timeline.update(dt * speed)
            return
        if self.driver.release():
            self.shown = self.view_now()
        if self.handoff_pending() is not None:
            return
        pace = 0.0 if speed == 0 else AI_PACE_S[self.app.settings.ai_pace] / speed
        if self.replay is not None:
            if not self.replay.playing:
                return
            pace /= self.replay.speed
        step = self.driver.update(dt, pace)
        if step is not None:
            self._apply(*step)


class _WithPublic:
    """An event as the viewer may see it, with its public redaction beside it."""

    __slots__ = ("event", "public")

    def __init__(self, event: Any, public: Any) -> None:
        self.event, self.public = event, public
