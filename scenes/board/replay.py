"""Replay controls of every game screen (issue 20): a "Replay" tag, play / pause, step, speed,
previous / next round, jump to a round (digits, then Enter) and an "end of replay" note, in a bar along the bottom of the board.

`main.py replay SAVE` and the load screen's Replay button open a game screen on a new session
of the save's setup and call `BoardScene.start_replay(actions)`. The turn driver then takes
the recorded actions as its script (every seat, humans included). Jumping to a round rebuilds
the session up to that round's first action, without animations, and opens a fresh screen
there, so going back in time shows exactly the game as it was. A replay never autosaves and
never opens the results screen (its end is a note in the bar).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable

import pygame

from game import rulesets
from game.core.i18n import own_key, tr
from scenes import theme
from scenes.drawing import fit
from scenes.widgets import Button

if TYPE_CHECKING:
    from scenes.board.scene import BoardScene

SPEEDS = (1, 2, 4, 8)         # replay pace multipliers (on top of the animation speed setting)
BAR_H = 22                    # pixels: the bar's height
TAG_W = 56                    # pixels: the red "Replay" tag


@dataclass
class Replay:
    """Where a replay stands: every recorded action, whether it plays, and how fast."""

    actions: list[tuple[int, Any]]
    playing: bool = True
    speed: int = 1
    round_starts: list[int] = field(default_factory=list)   # [r]: index of round r's first action
    last_round: int = 0


def round_starts(setup: Any, actions: list[tuple[int, Any]]) -> tuple[list[int], int]:
    """`[r]`: the index of the first action played in round r (r = 0: setup), and the last
    round; rounds come from the state's `round` counter (0 where a ruleset has none)."""
    state = rulesets.get(setup.ruleset).new_game(setup)
    starts = [0]
    rnd = int(getattr(state, "round", 0) or 0)
    starts += [0] * rnd
    for i, (seat, action) in enumerate(actions):
        state.apply(seat, action)
        now = int(getattr(state, "round", 0) or 0)
        while now > rnd:
            starts.append(i + 1)
            rnd += 1
    return starts, rnd


class ReplayBar:
    """The bar's widgets and drawing; `scene` is the `BoardScene` being replayed."""

    def __init__(self, scene: Any, rect: pygame.Rect) -> None:
        self.scene, self.rect = scene, rect
        y, x = rect.y + 1, rect.x + 4 + TAG_W
        buttons: list[tuple[int, Any, Callable[[], None], str | None, int | None, Callable[[], str]]] = [
            (22, "", lambda: scene.replay_round(-1), "arrow_left", pygame.K_PAGEUP,
             lambda: tr(own_key(scene.ruleset_id, "replay.prev_round"))),
            (50, lambda: tr("replay.pause") if scene.replay.playing else tr("replay.play"), scene.replay_toggle,
             None, pygame.K_p, lambda: tr("replay.play_tip")),
            (42, lambda: tr("replay.one_step"), scene.replay_step, None, pygame.K_PERIOD, lambda: tr("replay.step_tip")),
            (30, lambda: tr("settings.times", n=scene.replay.speed), scene.replay_speed, None, pygame.K_s,
             lambda: tr("replay.speed_tip")),
            (22, "", lambda: scene.replay_round(+1), "arrow_right", pygame.K_PAGEDOWN,
             lambda: tr(own_key(scene.ruleset_id, "replay.next_round"))),
        ]
        self.widgets = []
        for w, text, click, icon, hotkey, tip in buttons:
            self.widgets.append(Button((x, y, w, BAR_H - 2), text, click, icon=icon, hotkey=hotkey, tooltip=tip))
            x += w + 3
        self.text_x = x + 3

    def draw(self, app, canvas: pygame.Surface) -> None:
        pygame.draw.rect(canvas, theme.INK, self.rect)
        tag = pygame.Rect(self.rect.x + 2, self.rect.y + 2, TAG_W, BAR_H - 4)
        pygame.draw.rect(canvas, theme.RED, tag)
        label = tr("replay.tag")
        app.text.draw(canvas, label, (tag.centerx, app.text.top_for_centre(label, tag.centery)), theme.FOAM, "centre")
        replay = self.scene.replay
        rnd = int(getattr(self.scene.shown, "round", 0) or 0)
        if self.scene.replay_typed:
            note, colour = tr(own_key(self.scene.ruleset_id, "replay.goto"), round=self.scene.replay_typed), theme.STRAW
        elif self.scene.replay_over():
            note, colour = tr("replay.end"), theme.STRAW
        else:
            note, colour = tr(own_key(self.scene.ruleset_id, "replay.where"), round=rnd, last=replay.last_round), theme.PARCHMENT
        app.text.draw(canvas, fit(app, note, self.rect.right - self.text_x - 2), (self.text_x, self.rect.y + 3), colour)

    def tooltip(self, pos: tuple[int, int]) -> str | None:
        """Over the note: how far the replay has come, in moves."""
        if pygame.Rect(self.text_x, self.rect.y, self.rect.right - self.text_x, self.rect.height).collidepoint(pos):
            return tr("replay.moves", n=len(self.scene.session.actions), total=len(self.scene.replay.actions))
        return None


class ReplayControls:
    """The replay part of `BoardScene` (a mixin of it): starting a replay, its bar's commands
    (play / pause, step, speed, previous / next round) and typed round numbers. It uses the
    scene's session, turn driver, timeline, widgets, `settle`, `_apply` and `add_log`."""

    replay: Replay | None = None          # set by `start_replay`
    replay_bar: ReplayBar | None = None
    replay_typed: str = ""        # digits typed in a replay: Enter jumps to that round

    def start_replay(self, actions: list, position: int = 0, playing: bool = True, speed: int = 1) -> None:
        """Play `actions` back from `position` (the session already holds the ones before)."""
        starts, last = round_starts(self.session.setup, actions)
        self.replay = Replay(list(actions), playing, speed, starts, last)
        self.driver.script = list(actions[position:])
        bar = pygame.Rect(self.board_view.x, self.board_view.bottom - BAR_H, self.board_view.width, BAR_H)
        self.replay_bar = ReplayBar(self, bar)
        for w in self.replay_bar.widgets:
            self.widgets.add(w)
        if position == 0:
            self.add_log(lambda: tr("log.replay"))

    def replay_over(self) -> bool:
        """True once every recorded action has played and its animations are done."""
        return self.replay is not None and not self.driver.script and not self.timeline.busy

    def replay_toggle(self) -> None:
        """Play / pause."""
        if self.replay is not None:
            self.replay.playing = not self.replay.playing

    def replay_step(self) -> None:
        """One recorded action forward (pauses the replay)."""
        if self.replay is None:
            return
        self.replay.playing = False
        self.settle()
        if self.driver.script:
            self._apply(*self.driver.script.pop(0))

    def replay_speed(self) -> None:
        """The next pace of `SPEEDS` (after the last, the first again)."""
        if self.replay is not None:
            self.replay.speed = SPEEDS[(SPEEDS.index(self.replay.speed) + 1) % len(SPEEDS)]

    def replay_round(self, delta: int) -> None:
        """Jump to the start of the next round (+1), or back to the start of this round or, if
        already there, the one before (-1)."""
        if self.replay is None:
            return
        starts, done = self.replay.round_starts, len(self.session.actions)
        rnd = max(r for r in range(len(starts)) if starts[r] <= done)
        if delta > 0:
            target = starts[rnd + 1] if rnd + 1 < len(starts) else len(self.replay.actions)
        else:
            target = starts[rnd] if done > starts[rnd] else starts[max(0, rnd - 1)]
        self.replay_jump(target)

    def replay_to_round(self, rnd: int) -> None:
        """Jump straight to the start of round `rnd` (clamped to the recorded rounds)."""
        if self.replay is None:
            return
        starts = self.replay.round_starts
        self.replay_jump(starts[max(0, min(rnd, len(starts) - 1))])

    def _replay_digits(self, event: pygame.event.Event) -> bool:
        """Digits typed in a replay, then Enter: jump to that round; Backspace edits."""
        if self.replay is None or event.type != pygame.KEYDOWN:
            return False
        digit = None
        if pygame.K_0 <= event.key <= pygame.K_9:
            digit = str(event.key - pygame.K_0)
        elif pygame.K_KP0 <= event.key <= pygame.K_KP9:
            digit = str(event.key - pygame.K_KP0)
        if digit is not None:
            self.replay_typed = (self.replay_typed + digit)[-3:]
            return True
        if self.replay_typed and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            typed, self.replay_typed = self.replay_typed, ""
            self.settle()
            self.replay_to_round(int(typed))
            return True
        if self.replay_typed and event.key == pygame.K_BACKSPACE:
            self.replay_typed = self.replay_typed[:-1]
            return True
        return False

    def replay_jump(self, index: int) -> "BoardScene":
        """A fresh screen on the game as it was after `index` recorded actions."""
        assert self.replay is not None
        session = type(self.session)(self.session.setup, list(self.session.names), list(self.session.colours))
        for seat, action in self.replay.actions[:index]:
            session.apply(seat, action)
        scene = self.app.nav.open_game(session)
        scene.start_replay(self.replay.actions, index, self.replay.playing, self.replay.speed)
        return scene
