"""UI test fixtures: a headless App (dummy video/audio) with its own user data folder."""

import os

import pytest


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    folder = tmp_path / "userdata"
    monkeypatch.setenv("GAME_DATA_DIR", str(folder))
    return folder


def headless_app(speed: int = 0):
    """A 1280x720 (2x) headless app in English at animation `speed` (0: instant), closed
    when the generator ends (use with `yield from` in a fixture)."""
    import pygame

    from scenes.app import App
    from scenes.settings import Settings

    application = App(Settings(language="en", speed=speed), window_size=(1280, 720))
    yield application
    application.stack.clear()
    pygame.quit()


@pytest.fixture
def app(data_dir):
    """A 1280x720 (2x) headless app with default settings, closed after the test."""
    yield from headless_app()


# The event helpers live in tests/helpers/ui.py; kept importable from here for older tests.
from tests.helpers.ui import click, key  # noqa: E402,F401
