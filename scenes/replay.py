"""`main.py replay SAVE`: play a saved game back, action by action, with its animations."""

from __future__ import annotations

from game.core.saves import SaveGame
from game.play.session import GameSession
from scenes.registry import open_game


def start_replay(app, save: SaveGame) -> None:
    """Open the save's game from its start; every seat is driven by the recorded actions."""
    session = GameSession(save.setup, list(save.names) or [f"P{i + 1}" for i in range(len(save.setup.seats))],
                          list(save.colours) or list(range(len(save.setup.seats))))
    scene = open_game(app, session)
    scene.script = list(save.actions)
