"""Skirmish results: the shared results screen, with the deciding rule named (W-2 domination,
W-3 turn limit) and the VP chart read from the round ends of the game as played.

The rules keep no VP history (W-1 VP follow from the cities), so the chart replays the
recorded actions once from the setup and takes each `round_ended` event's VP (R-3: the same
setup and actions give the same game).
"""

from __future__ import annotations

import pygame

from game import rulesets
from game.core.i18n import tr
from game.skirmish import events as E
from scenes import theme
from scenes.drawing import draw_sea
from scenes.results import PANEL, STANDINGS, ResultsScene


def vp_history(session) -> list[tuple[float, ...]]:
    """VP of every seat at the end of each round of the session's game."""
    state = rulesets.get(session.setup.ruleset).new_game(session.setup)
    out: list[tuple[float, ...]] = []
    for seat, action in session.actions:
        for ev in state.apply(seat, action):
            if isinstance(ev, E.RoundEnded):
                out.append(tuple(ev.vp))
    return out


class SkirmishResults(ResultsScene):
    """See the module docstring."""

    def __init__(self, app, session) -> None:
        super().__init__(app, session)
        history = vp_history(session)
        if self.scores and (not history or history[-1] != tuple(self.scores)):
            history.append(tuple(self.scores))
        self.history = history
        result = session.state.result()
        self.cause = getattr(result, "cause", "") if result else ""

    def draw(self, canvas: pygame.Surface) -> None:
        """As the shared screen, with the round line naming the deciding rule."""
        draw_sea(self.app, canvas, self.time)
        canvas.blit(self.app.art.panel("panel", PANEL.size), PANEL.topleft)
        text = self.app.text
        text.draw(canvas, tr("results.title"), (PANEL.centerx, PANEL.y + 8), theme.DUSK, "centre")
        self._draw_headline(canvas, PANEL.y + 30)
        line = tr("results.ended_round", round=self.round)
        if self.cause:
            line = tr(f"skirmish.cause.{self.cause}") + " · " + line
        text.draw(canvas, line, (PANEL.centerx, STANDINGS.y - 18), theme.TIMBER, "centre")
        self._draw_standings(canvas)
        self._draw_chart(canvas)
        self.widgets.draw(self.app, canvas)
