"""Dice for Land agents (T-21.1): the greedy seat agent, registered in `AGENTS`.

`GreedyAgent` plans at its first decision of a turn (`planner.plan_turn`) and then hands
out one planned action per call (an arrow step is an action, D38), skipping any that
stopped being legal, and submits when the plan is used up.
"""

from __future__ import annotations

from game.ai import Agent
from game.core.protocol import Action
from game.territory import actions as A
from game.territory.constants import AI_FACTIONS
from game.territory.planner import plan_turn
from game.territory.state import Phase
from game.territory.view import TerritoryView


class GreedyAgent(Agent):
    """T-21.1, one action per call from a plan made at the turn's first call."""

    id = "greedy"

    def __init__(self, seat: int, seed: int) -> None:
        super().__init__(seat, seed)
        self._turn = -1
        self._queue: list[Action] = []

    def choose(self, view: TerritoryView, legal: list[Action]) -> Action:  # type: ignore[override]
        """The next planned action that is still legal, else submit."""
        if view.phase is Phase.PICK:
            picks = {a.faction: a for a in legal if isinstance(a, A.PickFaction)}
            for faction in AI_FACTIONS:
                if faction in picks:
                    return picks[faction]
            return legal[0]
        if view.turn != self._turn:
            self._turn = view.turn
            self._queue = plan_turn(view, self.seat, legal, self.rng)
        allowed = set(legal)
        skipping = False
        while self._queue:
            action = self._queue.pop(0)
            if isinstance(action, A.Step) and skipping:
                continue  # the arrow it extends was refused
            if action in allowed:
                return action
            skipping = isinstance(action, (A.Arrow, A.Step))
        if A.SUBMIT in allowed:
            return A.SUBMIT
        removals = [a for a in legal if isinstance(a, A.RemoveOrder)]
        return removals[-1] if removals else legal[self.rng.below(len(legal))]


AGENTS: dict[str, type[Agent]] = {"greedy": GreedyAgent}
