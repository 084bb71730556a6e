"""The greedy Tidegate agent (TG-8): one ply, no search, from the public view only.

Each call picks one action; a plan such as "trade, trade, build" unfolds over several calls
because every call re-evaluates the view. Ties are broken by the agent's own RNG.
"""

from __future__ import annotations

from collections import deque

from game.ai import Agent
from game.core.protocol import Action
from game.tidegate import actions as A
from game.tidegate.constants import (
    AI_GATE_WEIGHT, AI_NEW_RESOURCE_WEIGHT, AI_PIP_WEIGHT, COST_CITY, COST_OUTPOST, GATE_RATE,
    MARKET_RATE, MAX_BUILDINGS, MAX_CITIES, MAX_ROADS, RESOURCES,
)
from game.tidegate.state import EMPTY, OUTPOST, Phase, TidegateView


def produced_by(view: TidegateView, seat: int) -> set[int]:
    """Resource types the seat's buildings already touch."""
    board = view.board
    produced: set[int] = set()
    for u, who in enumerate(view.vertex_owner):
        if who == seat:
            produced |= board.vertex_resources[u]
    return produced


def vertex_value(view: TidegateView, seat: int, v: int, produced: set[int] | None = None) -> int:
    """TG-8.2: pips of adjacent producing tiles + 2 per new resource type + 1 for a gate.

    `produced` (the seat's `produced_by`) may be passed in when many vertices are scored
    against one view: the search's playouts call this hundreds of times per decision."""
    board = view.board
    if produced is None:
        produced = produced_by(view, seat)
    new_types = len(board.vertex_resources[v] - produced)
    gate = 1 if v in board.gate_vertices else 0
    return (AI_PIP_WEIGHT * board.vertex_pips[v] + AI_NEW_RESOURCE_WEIGHT * new_types
            + AI_GATE_WEIGHT * gate)


def spot_is_free(view: TidegateView, v: int) -> bool:
    """TG-3.2: the vertex and all its neighbours are empty."""
    owner = view.vertex_owner
    return owner[v] == EMPTY and all(owner[n] == EMPTY for n in view.board.topo.vertex_neighbours[v])


class GreedyAgent(Agent):
    """TG-8.1's order of preference: score now, trade to score now, road to target, end."""

    id = "greedy"

    def choose(self, view: TidegateView, legal: list[Action]) -> Action:  # type: ignore[override]
        seat = self.seat
        if view.phase is Phase.ROLL:
            return A.ROLL
        if view.phase is Phase.SETUP_OUTPOST:
            spots = [a.vertex for a in legal if isinstance(a, A.BuildOutpost)]
            produced = produced_by(view, seat)
            return A.BuildOutpost(self._best(spots, lambda v: vertex_value(view, seat, v, produced)))
        if view.phase is Phase.SETUP_ROAD:
            step = self._road_step(view, starts=[view.setup_vertex])
            legal_edges = [a.edge for a in legal if isinstance(a, A.BuildRoad)]
            if step in legal_edges:
                return A.BuildRoad(step)
            return A.BuildRoad(self._best(legal_edges, lambda e: 0))
        # (a) a build that adds a point now
        cities = [a.vertex for a in legal if isinstance(a, A.BuildCity)]
        if cities:
            return A.BuildCity(self._best(cities, lambda v: view.board.vertex_pips[v]))
        outposts = [a.vertex for a in legal if isinstance(a, A.BuildOutpost)]
        if outposts:
            produced = produced_by(view, seat)
            return A.BuildOutpost(self._best(outposts, lambda v: vertex_value(view, seat, v, produced)))
        # (b) trades from surplus that make a point-scoring build affordable now
        trade = self._trade_to_score(view)
        if trade is not None and trade in legal:
            return trade
        # (c) a road towards the target vertex
        if view.buildings[seat] < MAX_BUILDINGS and view.roads[seat] < MAX_ROADS:
            step = self._road_step(view, starts=None)
            if step is not None:
                road = A.BuildRoad(step)
                if road in legal:
                    return road
        return A.END_TURN

    # ---- helpers --------------------------------------------------------------------------
    def _best(self, items: list[int], score) -> int:
        """The item with the highest score; ties broken by the agent's RNG."""
        best_score = max(score(i) for i in items)
        best = [i for i in items if score(i) == best_score]
        return best[0] if len(best) == 1 else self.rng.choice(best)

    def _trade_to_score(self, view: TidegateView) -> A.Trade | None:
        seat = self.seat
        hand = list(view.resources[seat])
        rate = GATE_RATE if view.has_gate[seat] else MARKET_RATE
        targets: list[tuple[int, int, int]] = []
        own_outposts = [v for v, who in enumerate(view.vertex_owner)
                        if who == seat and view.vertex_level[v] == OUTPOST]
        if own_outposts and view.cities[seat] < MAX_CITIES:
            targets.append(COST_CITY)
        if view.buildings[seat] < MAX_BUILDINGS and self._outpost_spot_exists(view):
            targets.append(COST_OUTPOST)
        for cost in targets:
            deficit = [max(0, c - h) for c, h in zip(cost, hand)]
            surplus = [max(0, h - c) for c, h in zip(cost, hand)]
            if sum(deficit) and sum(s // rate for s in surplus) >= sum(deficit):
                give = max(range(3), key=lambda r: (surplus[r], -r))
                get = next(r for r in range(3) if deficit[r])
                return A.Trade(RESOURCES[give], RESOURCES[get])
        return None

    def _outpost_spot_exists(self, view: TidegateView) -> bool:
        topo = view.board.topo
        for e, who in enumerate(view.edge_owner):
            if who == self.seat and any(spot_is_free(view, v) for v in topo.edge_vertices[e]):
                return True
        return False

    def _road_step(self, view: TidegateView, starts: list[int] | None) -> int | None:
        """First edge of the shortest road path to the best target vertex (TG-8.1 (c)).

        The search runs over empty edges and never through another seat's building; a target
        already at the network (0 roads) means no road is needed, and None is returned.
        """
        seat = self.seat
        topo = view.board.topo
        owner, eo = view.vertex_owner, view.edge_owner
        if starts is None:
            starts = [v for v, who in enumerate(owner) if who == seat]
            for e, who in enumerate(eo):
                if who == seat:
                    starts.extend(v for v in topo.edge_vertices[e] if owner[v] in (EMPTY, seat))
        budget = MAX_ROADS - view.roads[seat]
        dist: dict[int, int] = {}
        first: dict[int, int | None] = {}
        queue: deque[int] = deque()
        for v in starts:
            if v not in dist:
                dist[v], first[v] = 0, None
                queue.append(v)
        while queue:
            v = queue.popleft()
            if dist[v] >= budget or (owner[v] not in (EMPTY, seat)):
                continue
            for e in topo.vertex_edges[v]:
                if eo[e] != EMPTY:
                    continue
                a, b = topo.edge_vertices[e]
                u = b if a == v else a
                if u not in dist:
                    dist[u] = dist[v] + 1
                    first[u] = e if first[v] is None else first[v]
                    queue.append(u)
        targets = [v for v in dist if spot_is_free(view, v)]
        if not targets:
            return None
        produced = produced_by(view, seat)
        values = {v: vertex_value(view, seat, v, produced) for v in targets}
        best_value = max(values.values())
        best = [v for v in targets if values[v] == best_value]
        fewest = min(dist[v] for v in best)
        best = [v for v in best if dist[v] == fewest]
        target = best[0] if len(best) == 1 else self.rng.choice(best)
        return first[target]
