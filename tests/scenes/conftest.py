"""UI test fixtures: a headless App (dummy video/audio) with its own user data folder."""

import os

import pytest


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    folder = tmp_path / "userdata"
    monkeypatch.setenv("GAME_DATA_DIR", str(folder))
    return folder


@pytest.fixture
def app(data_dir):
    """A 1280x720 (2x) headless app with default settings, closed after the test."""
    import pygame

    from scenes.app import App
    from scenes.settings import Settings

    application = App(Settings(language="en", speed=0), window_size=(1280, 720))
    yield application
    application.stack.clear()
    pygame.quit()


def click(app, pos, button=1):
    """Post a real mouse click at canvas position `pos` and run two frames."""
    import pygame

    wx, wy = app.to_window(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(wx, wy), rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(wx, wy), button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(wx, wy), button=button))
    app.step_frames(2)


def key(app, k, text=None):
    """Post a key press (and its text, if any) and run one frame."""
    import pygame

    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=text or ""))
    if text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0))
    app.step_frames(1)
