"""`main.py replay SAVE`: play a saved game back, action by action, with its animations and
the replay controls of the board layer (scenes/board/replay.py)."""

from __future__ import annotations

from game.play.saves import SaveGame
from scenes.registry import start_replay as _start_replay


def start_replay(app, save: SaveGame) -> None:
    """Open the save's game from its start; every seat is driven by the recorded actions."""
    _start_replay(app, save)
