"""`BoardDialog`: a dialog over a game screen that keeps the game below alive.

The app updates only the top scene, so a plain `Overlay` freezes the board: an animation
started by the dialog's own action (a trade's floating numbers) would never finish, the board's
legal actions would stay empty and the dialog's buttons grey (issue 20). A board dialog ticks
the game screen below every update and asks it for the legal actions ignoring animations
(`BoardScene.legal_settled`), so it stays live for any number of actions.
"""

from __future__ import annotations

from typing import Any

from scenes.dialogs import Overlay


class BoardDialog(Overlay):
    """An overlay whose `scene` (a `BoardScene`) keeps updating underneath."""

    def __init__(self, app, scene: Any) -> None:
        super().__init__(app)
        self.scene = scene

    def update(self, dt: float) -> None:
        self.scene.update(dt)

    def legal(self) -> list:
        """The human's legal actions now (animations below do not disable the dialog)."""
        return self.scene.legal_settled()
