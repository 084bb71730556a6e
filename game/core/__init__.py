"""The rules-core protocol and shared machinery: errors, RNG, codec, save format, grids, maps.

Nothing here imports a ruleset, `game.rulesets`, `game.ai` or `game.play` (tests/game/test_layers.py)."""

from game.core.errors import GameError, IllegalAction, MapError, UnknownName
from game.core.protocol import Action, Event, GameOver, Result, Ruleset, Setup, State, View

__all__ = [
    "Action", "Event", "GameError", "IllegalAction", "MapError", "Result", "Ruleset", "Setup",
    "State", "UnknownName", "View", "GameOver",
]
