"""The Landship screen's parts: a presenter for every event (played to the end, log lines
translated), the build picker greying types at their holding limit (S-4), the repetition-draw
warning (V-4), the integrity chart points, and the rules pages in both languages."""

import dataclasses
import time

import pytest

from game.core.i18n import tr
from game.core.protocol import GameOver, Setup
from game.landship import events as E
from game.play.session import GameSession
from scenes.help import PAGES
from scenes.landship.presenters import PRESENTERS
from scenes.landship_scene import LandshipScene, TypeButton
from scenes.registry import open_game
from tests.helpers import landship as stage
from tests.helpers import ui

SAMPLES = {
    "seat": 0, "ship": 1, "target": 2, "attacker": 1, "builder": 1, "round": 3, "d4": 3, "bonus": 1,
    "total": 5, "cost": 1, "ap_left": 2, "atk": 5, "eff_dr": 1, "damage": 4, "integrity": 6,
    "pierced": True, "k": 2, "d6": 4, "self_damage": 1, "self_integrity": 7, "amount": 3,
    "ship_type": "fast_ship", "former_owner": 1, "by_player": 0, "ap_lost": 1, "d8": 5,
    "event": "dry_thunderstorm", "centre": (4, 4), "rolls": ((4, 4),), "direction": "N", "until": 4,
    "cells": ((4, 4), (4, 5)), "cause": "scrapped", "ships": (1, 2), "on": True, "effects": ("wind", "stall"),
    "order": (0, 1), "dir": "S", "path": ((4, 1), (4, 2), (4, 3)), "origin": (4, 1), "at": (4, 5),
    "rule": "V-2", "winners": (1,), "scores": (0.0, 2.0), "draw": False,
}


def sample(cls):
    """One instance of an event class with plausible field values."""
    return cls(**{f.name: SAMPLES[f.name] for f in dataclasses.fields(cls)})


def test_every_landship_event_has_a_beat_that_plays_to_the_end_and_logs_translated(app):
    session = GameSession(Setup(seats=("human", "greedy"), seed=2, ruleset="landship"), ["Ada", "Bo"], [0, 1])
    scene = open_game(app, session)
    app.step_frames(1)
    scene.timeline.finish_all()
    classes = [c for c in vars(E).values() if isinstance(c, type) and dataclasses.is_dataclass(c)
               and c.__module__ == E.__name__]
    assert len(classes) == 25 and set(classes) | {GameOver} == set(PRESENTERS)
    for cls in classes + [GameOver]:
        ev = sample(cls)
        beat = PRESENTERS[cls](scene, ev)
        assert beat is not None, cls.__name__
        for line in beat.log:
            text = line()
            assert text and not text.startswith("ls."), (cls.__name__, text)
    n = len(scene.log.entries) if hasattr(scene.log, "entries") else None
    scene.play([sample(c) for c in classes if c not in (E.PieceSunk,)])
    app.settings.speed = 1
    for _ in range(2000):
        if not scene.timeline.busy:
            break
        app.step_frames(1)
    assert not scene.timeline.busy
    del n


def _staged(app, heavy_guns: int):
    session = GameSession(Setup(seats=("human", "greedy"), seed=3, ruleset="landship"), ["Ada", "Bo"], [0, 1])
    g = session.state
    stage.clear(g)
    builder = stage.put(g, 0, "resource_ship", (4, 1))
    for i in range(heavy_guns):
        stage.put(g, 0, "heavy_gun_ship", (i, 6))
    stage.put(g, 1, "resource_ship", (5, 18))
    g.turn_index, g.ap = g.order.index(0), 5
    scene = ui.open_staged(app, session)
    scene.selection.set_legal(scene.legal_now())
    scene.selection.click(("ship", builder))
    return scene, g


def picker(scene, ship_type) -> TypeButton:
    return next(w for w in scene.widgets.widgets if isinstance(w, TypeButton) and w.ship_type == ship_type)


def test_build_picker_greys_types_at_their_holding_limit_S4_K1(app):
    scene, _ = _staged(app, heavy_guns=3)           # heavy gun limit 3 (S-1 panel)
    assert not picker(scene, "heavy_gun_ship").enabled
    assert "3 of 3" in picker(scene, "heavy_gun_ship").tooltip()
    assert tr("error.landship.holding_limit") in picker(scene, "heavy_gun_ship").tooltip()
    assert picker(scene, "fast_ship").enabled and picker(scene, "engineer_ship").enabled
    assert not picker(scene, "resource_ship").enabled        # K-1: not the builder's own type
    scene2, _ = _staged(app, heavy_guns=2)
    assert picker(scene2, "heavy_gun_ship").enabled


def test_repetition_warning_before_the_draw_V4(app):
    scene, g = _staged(app, heavy_guns=0)
    assert "V-4" not in scene.hint()
    g.streaks[(0, "heavy_gun_ship")] = [3, g.round, g.round]      # streak at the limit, a wreck pending
    scene.shown = g.view(None)
    assert "V-4" in scene.hint()
    assert scene.toast and "V-4" in scene.toast[0]
    scene.choose_build("heavy_gun_ship")
    cell = next(k for k in scene.board_targets() if k[0] == "build")
    assert "draw" in scene.forecast(cell)


def test_integrity_history_has_one_point_per_finished_round_and_the_end(app):
    session = GameSession(Setup(seats=("greedy", "greedy"), seed=8, ruleset="landship"), ["A", "B"], [0, 1])
    scene = open_game(app, session)
    # the AIs think in worker threads: bound the wait in seconds, not frames (an idle frame
    # is far shorter since it is no longer flipped, and 3,000 of them were sometimes too few)
    deadline = time.monotonic() + 120
    while session.state.result() is None and time.monotonic() < deadline:
        app.step_frames(1)
    assert session.state.result() is not None
    points = scene.history.points
    assert len(points) == session.state.round      # rounds 1..n-1 ended, plus the final state
    assert points[0] != () and all(len(p) == 2 for p in points)
    final = tuple(sum(s.integrity for s in session.state.ships.values() if s.owner == seat) for seat in (0, 1))
    assert points[-1] == final


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_landship_help_page_fits_and_draws(app, lang):
    assert 5 <= len(ui.rules_pages_fit(app, "landship", lang)) <= 7
    for page in PAGES["landship"]:
        for part in ("title", "body"):
            k = f"help.{page.key}.{part}"
            assert tr(k, "en") != k and tr(k, "zh") != k and tr(k, "en") != tr(k, "zh")
    assert isinstance(LandshipScene.presenters, dict)


@pytest.mark.parametrize("lang, name", [("en", "W" * 12), ("zh", "龙" * 12)])
def test_the_turn_order_strip_keeps_long_names_off_the_board(app, lang, name):
    """The turn order (T-1.3, R-2) strip: two 12-character names (the lobby's longest) end in "…" inside the left
    column instead of running over the board's row labels and cells (SCREENS.md: nothing
    overlaps)."""
    from scenes.landship_scene import BOARD_VIEW, PANEL_W
    app.settings.language = lang
    app.language_changed()
    session = GameSession(Setup(ruleset="landship", seats=("human", "human"), seed=2),
                          [name, name[:-1] + "2"], [0, 1])
    scene = open_game(app, session)
    app.step_frames(3)
    drawn = []
    draw = app.text.draw

    def recording(surface, text, pos, *args, **kwargs):
        drawn.append((text, draw(surface, text, pos, *args, **kwargs)))
        return drawn[-1][1]

    app.text.draw = recording
    try:
        scene.draw_hud(app.canvas)
    finally:
        app.text.draw = draw
    strip = [(text, rect) for text, rect in drawn if text.endswith("…") and text[0] == name[0]]
    assert len(strip) == 2
    assert all(rect.right <= 4 + PANEL_W < BOARD_VIEW.x - 8 for _, rect in strip), strip
