"""Dice for Land agents (T-21.1): the greedy seat agent, registered in `AGENTS`.

`GreedyAgent` plans at its first decision of a turn (`planner.plan_turn`) and then hands
out one planned action per call (an arrow step is an action, D38), skipping any that
stopped being legal, and submits when the plan is used up. After the first call of a turn
it needs no view (only the turn, to know the plan is this turn's): search playouts ask it
through `resume` with the turn key and skip building a view for every action. For the
hard search it also offers the planner's styles (`styles`, `restyle`;
`game.territory.styles`) and scores its cut-offs (`evaluate`, `search_value`).
"""

from __future__ import annotations

from typing import Callable

from game.ai import Agent
from game.ai.knobs import territory_turn, territory_value
from game.core.protocol import Action
from game.core.rng import Rng
from game.territory import actions as A
from game.territory.constants import AI_FACTIONS
from game.territory.planner import plan_turn
from game.territory.rules import TerritoryRuleset
from game.territory.state import Phase, TerritoryState
from game.territory.styles import STYLES
from game.territory.turn import qualifiers, ranked_winners
from game.territory.view import TerritoryView, view_key


class GreedyAgent(Agent):
    """T-21.1, one action per call from a plan made at the turn's first call."""

    id = "greedy"

    def __init__(self, seat: int, seed: int) -> None:
        super().__init__(seat, seed)
        self._turn = -1
        self._key: object = None            # the turn key of the turn the queue was planned in
        self._queue: list[Action] = []
        self._style = ""                    # "" (greedy) or one of `styles`

    def styles(self, view: TerritoryView) -> list[str]:
        """The hard search's other candidate turns (`game.ai.plans`) in the order phase, while
        a rival player lives: "build", "raid" and "counter", and with two or more rival players
        "leader" (`game.territory.styles`)."""
        if view.phase is not Phase.ORDERS:
            return []
        rivals = sum(1 for t in view.tribes if t.is_player and t.alive and t.id != self.seat)
        if not rivals:
            return []
        # "leader" singles one rival out: with a single rival, greedy's turn already does
        return [s for s in STYLES if s != "leader" or rivals > 1]

    def restyle(self, style: str) -> None:
        """Plan in `style` (one of `styles`) from now on."""
        self._style = style

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
            self._key = territory_turn(view)
            listed = A.Listed(legal)   # the planner's membership test and `_next`'s, built once
            self._queue = self._plan(view, legal, listed)
            return self._next(legal, listed)
        return self._next(legal)

    def evaluate(self, state: TerritoryState) -> float:
        """The search's cut-off value of this seat (`search_value`)."""
        return search_value(state, self.seat)

    def _plan(self, view: TerritoryView, legal: list[Action], listed: A.Listed) -> list[Action]:
        """`plan_turn` from this view, legal list and RNG state, remembered: search playouts
        ask it again and again with all three the same (an opponent's turn in one sampled
        world, met by every candidate plan, which its secret orders cannot show), and the
        planner is a pure function of them, so the plan and the RNG state after it are
        replayed. The key holds the view's whole content (`view_key`) and the legal actions
        by identity (the entry keeps a copy of the list: those objects stay alive, so their
        ids stay theirs). `listed` is `legal`'s membership test."""
        rng = self.rng
        if type(rng) is not Rng:
            return self._plan_now(view, listed, rng)
        key = (self.seat, self._style, rng.state, rng.inc, tuple(map(id, legal)), view_key(view))
        known = _PLANS.get(key)
        if known is None:
            plan = self._plan_now(view, listed, rng)
            if len(_PLANS) >= PLAN_MEMO:
                _PLANS.clear()
            known = _PLANS[key] = (tuple(plan), rng.state, tuple(legal), view)
        else:
            rng.state = known[1]
        return list(known[0])

    def _plan_now(self, view: TerritoryView, legal: A.Listed, rng: Rng) -> list[Action]:
        """`plan_turn` in this agent's style (with the rivals' orders foreseen for "counter")."""
        foreseen = self._foresee(view, rng) if self._style == "counter" else None
        return plan_turn(view, self.seat, legal, rng, self._style, foreseen)

    def _foresee(self, view: TerritoryView, rng: Rng) -> dict[int, list[Action]]:
        """The other players' greedy orders this turn in a world sampled from `view`
        (T-21.2: their orders, escrow and the unrevealed land are not in it), for the
        "counter" style."""
        world = _RULES.state_from_view(view, Rng(rng.below(1 << 31)))
        out: dict[int, list[Action]] = {}
        for seat in world.to_move():
            if seat != self.seat:
                out[seat] = plan_turn(world.view(seat), seat, world.legal_actions(seat),
                                      Rng(rng.below(1 << 31)))
        return out

    def resume(self, key: object, allows: Callable[[Action], bool]) -> Action | None:
        """What `choose` would return, without the view or the legal list, when `key` is the
        turn key of the turn this agent planned (it reads nothing else of the view then):
        the queue's next action that `allows`, else submit; None otherwise, and when
        neither is allowed (`choose` then picks among the listed actions)."""
        # `_key` is set only when planning in ORDERS (PICK never plans), and within the
        # planned turn `choose` goes straight to `_next`: the same answer, the same RNG draws
        # (a queue emptied here stays empty for `choose`, which would have emptied it too)
        return self._pop(allows) if key == self._key else None

    def _next(self, legal: list[Action], listed: A.Listed | None = None) -> Action:
        """The queue's next action that is in `legal` (`listed`: its membership test, if
        built already), else submit (else a removal)."""
        action = self._pop((listed if listed is not None else A.Listed(legal)).__contains__)
        if action is not None:
            return action
        removals = [a for a in legal if isinstance(a, A.RemoveOrder)]
        return removals[-1] if removals else legal[self.rng.below(len(legal))]

    def _pop(self, allows: Callable[[Action], bool]) -> Action | None:
        """Take queued actions until one `allows` (skipping the steps of a refused arrow);
        submit once the queue is used up, if `allows`; else None."""
        skipping = False
        while self._queue:
            action = self._queue.pop(0)
            if isinstance(action, A.Step) and skipping:
                continue  # the arrow it extends was refused
            if allows(action):
                return action
            skipping = isinstance(action, (A.Arrow, A.Step))
        return A.SUBMIT if allows(A.SUBMIT) else None


FINAL_BONUS = 12.0   # value (in tiles) of being the predicted winner of a final turn (T-17.3)


def search_value(state: TerritoryState, seat: int) -> float:
    """The hard search's cut-off value (T-17): `territory_value` (land tiles + 0.05 per
    resource, -20 once dead) and, when the turn to come is the final one (a player met V1-V3
    at the END just played, T-17.3), `FINAL_BONUS` for the tribe that would win if the game
    ended now: the players meeting a condition (none: every survivor) ranked by tiles, then
    resources, ties sharing it. The game ends a turn after the search's cut-off, so without
    it a condition met at the END a plan leads to would be invisible."""
    value = territory_value(state, seat)
    if (value > -20.0 and state.final_turn and state.turn >= state.final_turn
            and state.phase is Phase.ORDERS):
        among = [p for p, _ in qualifiers(state)] or [
            t.id for t in state.tribes if t.is_player and t.alive]
        winners = ranked_winners(state, among)
        if seat in winners:
            value += FINAL_BONUS / len(winners)
    return value


_RULES = TerritoryRuleset()
PLAN_MEMO = 256      # plans remembered (about a decision's worth of sampled worlds x seats)
_PLANS: dict[tuple, tuple[tuple[Action, ...], int, tuple[Action, ...], TerritoryView]] = {}

AGENTS: dict[str, type[Agent]] = {"greedy": GreedyAgent}
