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


# The event helpers live in tests/helpers/ui.py; kept importable from here for older tests.
from tests.helpers.ui import click, key  # noqa: E402,F401
