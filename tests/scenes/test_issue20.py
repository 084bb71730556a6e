"""Issue 20 (Tidegate polish, on the shared board-scene layer), driven by posted events."""

from __future__ import annotations

import os
import time

import pygame

from game.core.protocol import Setup
from game.play.saves import autosaves, list_saves
from game.play.session import GameSession
from scenes.load import LoadScene
from scenes.lobby import LobbyScene
from scenes.registry import open_game
from scenes.tidegate_scene import TidegateScene
from scenes.title import TitleScene
from tests.scenes.conftest import click, key


def game_scene(app) -> TidegateScene:
    for scene in reversed(app.stack):
        if isinstance(scene, TidegateScene):
            return scene
    raise AssertionError(f"no game scene on the stack: {app.stack}")


def start_from_lobby(app, seed: str) -> TidegateScene:
    """Title -> New game -> type a seed -> Start, all by events."""
    click(app, app.top.widgets.widgets[0].rect.center)          # New game
    lobby = app.top
    assert isinstance(lobby, LobbyScene)
    field = next(w for w in lobby.widgets.widgets if getattr(w, "digits_only", False))
    click(app, field.rect.center)
    for _ in range(10):
        key(app, pygame.K_BACKSPACE)
    for digit in seed:
        key(app, getattr(pygame, f"K_{digit}"), text=digit)
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RETURN)                                    # Start
    return game_scene(app)


def place_first_outpost(app, scene: TidegateScene) -> None:
    legal = scene.session.state.legal_actions(scene.human_seat())
    click(app, scene.vertex_pos[legal[len(legal) // 2].vertex])


def save_and_leave(app) -> None:
    key(app, pygame.K_ESCAPE)
    pause = app.top
    leave = next(w for w in pause.widgets.widgets if w.text() == "Save and leave")
    click(app, leave.rect.center)
    assert isinstance(app.top, TitleScene)


def test_item1_two_games_two_autosaves_both_load(app):
    """Start game A, leave, start game B, leave: both are listed (newest first) and load."""
    app.push(TitleScene(app))
    app.step_frames(1)
    a = start_from_lobby(app, "1111")
    place_first_outpost(app, a)
    digest_a = a.session.state.digest()
    save_and_leave(app)
    b = start_from_lobby(app, "2222")
    digest_b = b.session.state.digest()
    save_and_leave(app)
    assert len(autosaves()) == 2
    click(app, app.top.widgets.widgets[2].rect.center)          # Load
    load = app.top
    assert isinstance(load, LoadScene) and len(load.saves) == 2
    assert [s.path for s in load.saves] == autosaves()         # newest (game B) first
    for index, digest in ((0, digest_b), (1, digest_a)):
        load.select(index)
        click(app, load.open_button.rect.center)
        assert game_scene(app).session.state.digest() == digest
        save_and_leave(app)
        click(app, app.top.widgets.widgets[2].rect.center)
        load = app.top
    assert len(list_saves()) == 2                              # leaving again made no new file


def test_item1_continue_resumes_the_most_recent_game(app):
    older = GameSession(Setup(seats=("human", "greedy"), seed=1, ruleset="tidegate"), ["A", "B"], [0, 1])
    newer = GameSession(Setup(seats=("human", "greedy"), seed=2, ruleset="tidegate"), ["C", "D"], [0, 1])
    for session in (older, newer):
        scene = open_game(app, session)
        scene.autosave()
        time.sleep(0.01)
        os.utime(session.save_path)
    app.reset_to(TitleScene(app))
    app.step_frames(1)
    click(app, app.top.widgets.widgets[1].rect.center)          # Continue
    assert game_scene(app).session.names == ["C", "D"]
