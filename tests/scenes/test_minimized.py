"""A minimised window is not drawn and its loop slows to MINIMIZED_FPS, while the game itself
goes on (updates, AI pacing, animations keep their time); restoring it draws again.

Measured on Xvfb: the title screen costs 61 % of a core at 60 frames a second, most of it the
window flip, which nobody sees while the window is minimised."""

from __future__ import annotations

import pygame

from scenes.app import FPS_CAP, MINIMIZED_FPS
from scenes.title import TitleScene


def test_a_minimised_window_updates_without_drawing_then_draws_again(app, monkeypatch):
    app.push(TitleScene(app))
    drawn, updated = [], []
    draw, update = app.draw, app.update
    monkeypatch.setattr(app, "draw", lambda: (drawn.append(1), draw())[1])
    monkeypatch.setattr(app, "update", lambda dt: (updated.append(dt), update(dt))[1])
    pygame.event.post(pygame.event.Event(pygame.WINDOWMINIMIZED, {}))
    app.step_frames(5)
    assert app.minimized and drawn == [] and len(updated) == 5
    pygame.event.post(pygame.event.Event(pygame.WINDOWRESTORED, {}))
    app.step_frames(2)
    assert not app.minimized and len(drawn) == 2 and len(updated) == 7
    assert MINIMIZED_FPS < FPS_CAP
