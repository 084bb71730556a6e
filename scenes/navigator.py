"""How screens reach each other without importing each other (STYLE habit 14).

A screen asks `app.nav` to go somewhere (home, lobby, a game, load, settings, help, results,
the pause menu). The one implementation lives in `scenes.registry`, the only module that names
screen classes; this module only states the contract, so it imports no screen.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from game.play.session import GameSession
    from scenes.lobby import LobbySpec
    from scenes.scene import Scene


class Navigator(Protocol):
    """Where a screen can send the player."""

    def home(self) -> "Scene":
        """Empty the stack and show the title screen."""

    def lobby(self, ruleset_id: str | None = None) -> "Scene":
        """Push the new-game lobby (with `ruleset_id` already chosen, when given)."""

    def load(self) -> "Scene":
        """Push the list of saves."""

    def settings(self) -> "Scene":
        """Push the settings screen."""

    def help(self, ruleset_id: str) -> "Scene":
        """Push the rules pages of a ruleset."""

    def open_game(self, session: "GameSession") -> "Scene":
        """Show the game screen of `session` above the title (nothing else kept)."""

    def open_save(self, path: Path) -> None:
        """Load a save and open its game, or show why it cannot be loaded."""

    def replay_save(self, path: Path) -> None:
        """Play a save back from its start with replay controls, or show why it cannot be."""

    def results(self, session: "GameSession") -> "Scene":
        """Push the results of a finished game."""

    def pause(self, game: "Scene") -> "Scene":
        """Push the pause menu over a game screen."""

    def playable_rulesets(self) -> list[str]:
        """Rulesets that have a game screen (the lobby lists only these)."""

    def lobby_spec(self, ruleset_id: str) -> "LobbySpec":
        """The lobby's options and seat piece for a ruleset (`scenes.registry.LOBBY`)."""
