"""Which rulesets have a game scene, and how a game (new or loaded) is opened.

Explicit table, no folder scanning: PyInstaller sees every import.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from game.play.session import GameSession

if TYPE_CHECKING:
    from scenes.app import App
    from scenes.scene import Scene


def _tidegate(app: "App", session: GameSession) -> "Scene":
    from scenes.tidegate_scene import TidegateScene
    return TidegateScene(app, session)


GAME_SCENES: dict[str, Callable[["App", GameSession], "Scene"]] = {
    "tidegate": _tidegate,
}


def playable_rulesets() -> list[str]:
    """Registered rulesets that have a game scene (the lobby lists only these)."""
    from game import rulesets
    return [r for r in rulesets.ids() if r in GAME_SCENES]


def open_game(app: "App", session: GameSession) -> "Scene":
    """Replace everything on the stack but the title with the game scene of `session`."""
    from scenes.title import TitleScene
    app.reset_to(TitleScene(app))
    return app.push(GAME_SCENES[session.setup.ruleset](app, session))
