"""BoardScene end to end on a square Tiled map: multi-step selection by real clicks
(piece -> destination), the preview hook, a move animated along its path with the camera
following, and autosave at commit points read from the session."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pygame

from game.core.protocol import Event
from scenes.board.geometry import PointSet
from scenes.board.presenter import Beat
from scenes.board.scene import BoardScene
from scenes.board.tiled import TiledBoard
from sprites.tweens import PathMove
from tests.helpers.ui import click

MAP = Path(__file__).resolve().parents[3] / "maps" / "territory" / "origin.tmx"


@dataclass(frozen=True)
class Move:
    unit: int
    dest: tuple[int, int]


@dataclass(frozen=True)
class Moved(Event):
    unit: int
    path: tuple


class GridState:
    def __init__(self) -> None:
        self.units = {0: (3, 3), 1: (10, 5)}
        self.turn = 1
        self.setup = type("Setup", (), {"seats": ("human",), "ruleset": "fake", "seed": 1})()

    def to_move(self):
        return [0]

    def legal_actions(self, seat):
        return [Move(u, (x + dx, y + dy)) for u, (x, y) in self.units.items()
                for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, 1 + 1))]

    def apply(self, seat, action):
        start = self.units[action.unit]
        self.units[action.unit] = action.dest
        self.turn += 1
        return [Moved(action.unit, (start, action.dest))]

    def view(self, seat):
        return dict(self.units)

    def result(self):
        return None


class Session:
    def __init__(self) -> None:
        self.state = GridState()
        self.setup = self.state.setup
        self.names, self.colours, self.actions, self.agents = ["Ann"], [0], [], {}

    def seat_is_human(self, seat):
        return True

    def apply(self, seat, action):
        self.actions.append((seat, action))
        return self.state.apply(seat, action)

    def can_undo(self):
        return False

    def close(self):
        pass


class GridScreen(BoardScene):
    hidden_info = False
    saves = 0

    def make_board(self):
        self.geo_board = TiledBoard(MAP)
        return self.geo_board

    def autosave(self):
        self.saves += 1

    def board_steps(self, action):
        return (("unit", action.unit), ("cell", action.dest))

    def target_points(self):
        geo = self.tiled.geometry
        pts = {("unit", u): geo.centre(c) for u, c in self.shown.items()}
        pts.update({("cell", (c, r)): geo.centre((c, r)) for c in range(geo.cols) for r in range(geo.rows)})
        return PointSet(pts, 7)

    def preview(self, key, actions):
        return f"cost {len(actions)}" if key[0] == "cell" else None

    def _on_moved(self, ev):
        geo = self.tiled.geometry
        pts = [geo.centre(c) for c in ev.path]
        return Beat([PathMove(pygame.Surface((8, 8)), pts, self.camera.to_canvas)], focus=pts[-1],
                    log=lambda: "moved")

    presenters = {Moved: _on_moved}


def test_piece_then_destination_by_clicks_with_preview_and_autosave(app):
    scene = app.push(GridScreen(app, Session()))
    app.step_frames(1)
    cell = lambda c: scene.camera.to_canvas(scene.tiled.geometry.centre(c))  # noqa: E731
    click(app, cell((3, 3)))
    assert scene.selection.chosen == (("unit", 0),)
    assert set(scene.board_targets()) == {("cell", (4, 3)), ("cell", (2, 3)), ("cell", (3, 4)), ("cell", (3, 5))}
    wx, wy = app.to_window(cell((4, 3)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(wx, wy), rel=(0, 0), buttons=(0, 0, 0)))
    app.step_frames(1)
    assert scene.hover == ("cell", (4, 3))
    assert scene.preview(scene.hover, scene.selection.actions_through(scene.hover)) == "cost 1"
    click(app, cell((4, 3)))
    assert scene.session.state.units[0] == (4, 3)
    assert scene.saves == 1                       # the turn counter changed: a commit point
    assert scene.selection.chosen == ()


def test_right_click_steps_back_a_choice(app):
    scene = app.push(GridScreen(app, Session()))
    app.step_frames(1)
    pos = scene.camera.to_canvas(scene.tiled.geometry.centre((3, 3)))
    click(app, pos)
    click(app, pos, button=3)
    assert scene.selection.chosen == ()
