"""Fleet integrity per round, for the results chart (SCREENS.md 11: the ruleset's main figure).

Each point is every seat's total integrity of its active ships (hulks excluded) at the end of
a round. A continued game rebuilds the points by replaying its action list once.
"""

from __future__ import annotations

from typing import Any

from game import rulesets

HULK = -1


def totals(state: Any) -> tuple[int, ...]:
    """Every seat's summed integrity of active ships."""
    out = [0] * len(state.setup.seats)
    for s in state.ships.values():
        if s.owner != HULK:
            out[s.owner] += s.integrity
    return tuple(out)


class IntegrityHistory:
    """Points (one per finished round, plus the end) of the results chart."""

    title_key = "ls.chart"

    def __init__(self, session: Any) -> None:
        self.points: list[tuple[int, ...]] = []
        self._round = 0
        if session.actions:
            state = rulesets.get(session.setup.ruleset).new_game(session.setup)
            self.observe(state)
            for seat, action in session.actions:
                state.apply(seat, action)
                self.observe(state)
        else:
            self.observe(session.state)

    def observe(self, state: Any) -> None:
        """Record the totals when a round ended (the round counter moved) or the game did."""
        if state.round != self._round:
            if self._round:
                self.points.append(totals(state))
            self._round = state.round
        if state.result() is not None and (not self.points or self._round != -1):
            self.points.append(totals(state))
            self._round = -1

    def history(self) -> list[tuple[int, ...]]:
        return list(self.points)
