"""An unexpected error during play: crash screen, report with setup and actions, title,
autosave intact (issue 4)."""

import json

import pygame

from game.core import codec
from game.core.protocol import Setup
from game.play.replay import replay
from game.core.saves import latest_autosave
from game.play.session import GameSession
from scenes.crash import CrashScene, install
from scenes.registry import open_game
from scenes.title import TitleScene
from tests.helpers.ui import click


def test_crash_shows_a_report_path_and_returns_to_the_title(app, data_dir):
    install(app)
    session = GameSession(Setup(seats=("greedy", "greedy"), seed=7, ruleset="tidegate"), ["A", "B"], [0, 1])
    scene = open_game(app, session)
    for _ in range(400):                       # play until the first turn's autosave exists
        if latest_autosave() is not None:
            break
        app.step_frames(1)
    path = latest_autosave()
    assert path is not None and path == session.save_path and session.state.result() is None
    saved = path.read_bytes()

    def broken_update(dt):
        raise ZeroDivisionError("a bug")
    scene.update = broken_update
    app.step_frames(1)

    assert isinstance(app.top, CrashScene)
    report_path = app.top.report
    assert report_path is not None and report_path.parent == data_dir / "crashes"
    report = json.loads(report_path.read_text(encoding="utf-8"))
    assert "ZeroDivisionError: a bug" in report["error"] and "Traceback" in report["traceback"]
    setup = codec.decode(report["setup"])
    actions = [(s, codec.decode(a, "tidegate")) for s, a in report["actions"]]
    assert replay(setup, actions).digest() == session.state.digest()
    assert path.read_bytes() == saved

    app.step_frames(1)
    pygame.image.save(app.window, str(data_dir / "crash.png"))
    click(app, app.top.widgets.widgets[0].rect.center)
    assert isinstance(app.top, TitleScene) and len(app.stack) == 1
