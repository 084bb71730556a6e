"""An idle screen is not drawn every frame: the run loop handles input and updates at FPS_CAP
but draws only after input, while a scene animates or its `look()` changed, and otherwise
IDLE_LOOK_HZ times a second; the window is flipped only when the picture changed.

Measured on Xvfb at 1280x720 (the process's CPU time over 20 s, before -> after): title
39.6 -> 5.3 %, lobby 36.9 -> 5.3 %, settings 47.4 -> 5.3 %, rules 38.2 -> 6.1 %, load
59.2 -> 5.5 %; a human to act in tidegate 43.2 -> 7.3 %, territory picks 42.8 -> 2.8 % and
orders 37.5 -> 2.6 %, domiplot 39.5 -> 4.1 %, skirmish 46.2 -> 5.4 %, landship 35.4 -> 2.6 %.
Most of a frame's cost was the flip (6-8 ms of CPU each); what is left is the ambient loops
(the sea, Tidegate's animated tiles) and the looks."""

from __future__ import annotations

import pygame

from game.core.protocol import Setup
from game.play.session import GameSession
from scenes.app import FPS_CAP, IDLE_LOOK_HZ
from scenes.registry import open_game
from scenes.title import TitleScene
from sprites.anim import Group


def run_like_the_loop(app, frames: int) -> tuple[int, int]:
    """(draws, flips) over `frames` frames of the run loop's drawing policy."""
    draws, flips = app.draws, app.flips
    app.step_frames(frames, every=False)
    return app.draws - draws, app.flips - flips


def test_an_idle_title_is_looked_at_idle_look_hz_times_a_second_and_flipped_when_the_sea_moves(app):
    app.push(TitleScene(app))
    assert run_like_the_loop(app, 1) == (1, 1)            # a new screen is drawn at once
    draws, flips = run_like_the_loop(app, FPS_CAP)        # one idle second
    assert IDLE_LOOK_HZ == 15 and draws == 15
    assert flips == 4     # the sea's tiles swap at 0.5 s, its drift steps at 0.32 s, 0.65 s, 1.06 s


def test_input_is_drawn_in_the_frame_it_arrives(app):
    app.push(TitleScene(app))
    run_like_the_loop(app, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, {"pos": (300, 160), "rel": (1, 1), "buttons": (0, 0, 0)}))
    assert run_like_the_loop(app, 1) == (1, 1)            # the pointer moved: drawn and flipped
    assert run_like_the_loop(app, 1) == (0, 0)            # then idle again
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, {"key": pygame.K_DOWN, "mod": 0, "unicode": "", "scancode": 0}))
    assert run_like_the_loop(app, 1)[0] == 1


def test_a_game_waiting_for_a_human_is_drawn_every_frame_only_while_it_animates(app):
    session = GameSession(Setup(seats=("human", "greedy"), seed=7, ruleset="skirmish"), ["A", "B"], [0, 1])
    scene = open_game(app, session)
    run_like_the_loop(app, 30)
    assert scene.human_seat() == 0 and not scene.timeline.busy
    assert run_like_the_loop(app, FPS_CAP) == (15, 0)     # nothing moves: looked at, never flipped
    app.settings.speed = 1
    scene.timeline.add(Group([scene.turn_banner("Round 2")]))
    draws, flips = run_like_the_loop(app, 20)
    assert scene.timeline.busy and draws == 20 and flips == 11   # drawn each frame; it moved in 11
