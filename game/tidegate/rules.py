"""Tidegate rules: legality and effects of every action, and the Ruleset (TG-1..TG-7).

One source of legality: `_reason` says why an action is refused (a key, or None), `reason`
turns that into the `IllegalAction` that `apply` raises before changing anything, and
`legal_actions` enumerates exactly what `_reason` accepts (the conformance suite checks the
two against each other). Reasons are checked in the order phase -> placement -> limit -> cost
(TG-8b). The Ruleset reads boards through the core cache; agents live in `agents.py`.
"""

from __future__ import annotations

from typing import Callable

from game.core.errors import IllegalAction
from game.core.protocol import Action, Event, GameOver, Ruleset, Setup
from game.core.rng import Rng
from game.core.tiled import read_map
from game.tidegate import actions as A
from game.tidegate import events as E
from game.tidegate.board import LAYOUT_MODES, Board, board_from_map, random_layout
from game.tidegate.constants import (
    COST_CITY, COST_OUTPOST, COST_ROAD, GATE_RATE, MARKET_RATE, MAX_BUILDINGS, MAX_CITIES,
    MAX_ROADS, RESOURCE_INDEX, RESOURCES, ROUNDS, STARTING, WIN_SCORE, YIELD_CITY, YIELD_OUTPOST,
)
from game.tidegate.state import CITY, EMPTY, OUTPOST, Phase, TidegateState, TidegateView

PHASE_ALLOWS: dict[Phase, frozenset[type]] = {
    Phase.SETUP_OUTPOST: frozenset({A.BuildOutpost}),
    Phase.SETUP_ROAD: frozenset({A.BuildRoad}),
    Phase.ROLL: frozenset({A.Roll}),
    Phase.BUILD: frozenset({A.BuildRoad, A.BuildOutpost, A.BuildCity, A.Trade, A.EndTurn}),
    Phase.OVER: frozenset(),
}

# One shared instance per possible action keeps legal_actions allocation-free.
_ID_CAP = 512
ROAD = tuple(A.BuildRoad(e) for e in range(_ID_CAP))
OUTPOST_AT = tuple(A.BuildOutpost(v) for v in range(_ID_CAP))
CITY_AT = tuple(A.BuildCity(v) for v in range(_ID_CAP))
TRADE = tuple(tuple(A.Trade(RESOURCES[g], RESOURCES[t]) for t in range(3)) for g in range(3))


def _covers(have: list[int], cost: tuple[int, int, int]) -> bool:
    return have[0] >= cost[0] and have[1] >= cost[1] and have[2] >= cost[2]


class TidegateGame(TidegateState):
    """A Tidegate game: the protocol methods over `TidegateState`'s data."""

    # ---- protocol -----------------------------------------------------------------------
    def to_move(self) -> list[int]:
        return [] if self.phase is Phase.OVER else [self.order[self.turn_index]]

    def legal_actions(self, seat: int) -> list[Action]:
        phase = self.phase
        if phase is Phase.OVER or seat != self.order[self.turn_index]:
            return []
        if phase is Phase.ROLL:
            return [A.ROLL]
        topo = self.board.topo
        owner = self.vertex_owner
        if phase is Phase.SETUP_OUTPOST:
            nbrs = topo.vertex_neighbours
            return [OUTPOST_AT[v] for v in range(len(owner))
                    if owner[v] == EMPTY and all(owner[n] == EMPTY for n in nbrs[v])]
        if phase is Phase.SETUP_ROAD:
            eo = self.edge_owner
            return [ROAD[e] for e in topo.vertex_edges[self.setup_vertex] if eo[e] == EMPTY]
        # Phase.BUILD
        res = self.resources[seat]
        out: list[Action] = []
        rate = GATE_RATE if self.has_gate[seat] else MARKET_RATE
        for g in range(3):
            if res[g] >= rate:
                row = TRADE[g]
                out.extend(row[t] for t in range(3) if t != g)
        if self.cities[seat] < MAX_CITIES and _covers(res, COST_CITY):
            level = self.vertex_level
            out.extend(CITY_AT[v] for v in self.seat_vertices[seat] if level[v] == OUTPOST)
        if len(self.seat_vertices[seat]) < MAX_BUILDINGS and _covers(res, COST_OUTPOST):
            out.extend(OUTPOST_AT[v] for v in self._outpost_spots(seat))
        if len(self.seat_edges[seat]) < MAX_ROADS and _covers(res, COST_ROAD):
            out.extend(ROAD[e] for e in self._road_spots(seat))
        out.append(A.END_TURN)
        return out

    def apply(self, seat: int, action: Action) -> list[Event]:
        refusal = self.reason(seat, action)
        if refusal is not None:
            raise refusal
        return _EFFECTS[type(action)](self, seat, action)

    def reason(self, seat: int, action: object) -> IllegalAction | None:
        """The refusal `apply(seat, action)` would raise now (TG-8b order), or None if legal."""
        if type(action) not in _EFFECTS:
            return IllegalAction("not_an_action", action=type(action).__name__, seat=seat)
        key = self._reason(seat, action)  # type: ignore[arg-type]
        if key is None:
            return None
        return IllegalAction(key, action=action.type_name, seat=seat)  # type: ignore[attr-defined]

    # ---- placement helpers --------------------------------------------------------------
    def _outpost_spots(self, seat: int) -> list[int]:
        """Vertices where `seat` may build an outpost now (ends of its roads, TG-3.2)."""
        topo = self.board.topo
        owner, nbrs, ev = self.vertex_owner, topo.vertex_neighbours, topo.edge_vertices
        spots = set()
        for e in self.seat_edges[seat]:
            for v in ev[e]:
                if owner[v] == EMPTY and all(owner[n] == EMPTY for n in nbrs[v]):
                    spots.add(v)
        return sorted(spots)

    def _road_spots(self, seat: int) -> list[int]:
        """Empty edges `seat` may build a road on now (TG-5, TG-5.1)."""
        topo = self.board.topo
        owner, eo, vedges, ev = self.vertex_owner, self.edge_owner, topo.vertex_edges, topo.edge_vertices
        anchors = set(self.seat_vertices[seat])
        for e in self.seat_edges[seat]:
            for v in ev[e]:
                if owner[v] == EMPTY or owner[v] == seat:
                    anchors.add(v)
        spots = {e for v in anchors for e in vedges[v] if eo[e] == EMPTY}
        return sorted(spots)

    def _road_reason(self, seat: int, edge: int) -> str | None:
        topo = self.board.topo
        blocked = False
        for v in topo.edge_vertices[edge]:
            occupant = self.vertex_owner[v]
            if occupant == seat:
                return None
            has_own_road = any(self.edge_owner[x] == seat for x in topo.vertex_edges[v] if x != edge)
            if has_own_road:
                if occupant == EMPTY:
                    return None
                blocked = True
        return "blocked" if blocked else "not_connected"

    # ---- legality ------------------------------------------------------------------------
    def _reason(self, seat: int, action: Action) -> str | None:
        if self.phase is Phase.OVER:
            return "game_over"
        if seat != self.order[self.turn_index]:
            return "not_your_turn"
        kind = type(action)
        if kind not in PHASE_ALLOWS[self.phase]:
            return "wrong_phase"
        res = self.resources[seat]
        topo = self.board.topo
        if kind is A.BuildRoad:
            e = action.edge  # type: ignore[attr-defined]
            if not isinstance(e, int) or not 0 <= e < len(self.edge_owner):
                return "no_such_place"
            if self.edge_owner[e] != EMPTY:
                return "not_empty"
            if self.phase is Phase.SETUP_ROAD:
                return None if self.setup_vertex in topo.edge_vertices[e] else "not_connected"
            why = self._road_reason(seat, e)
            if why:
                return why
            if len(self.seat_edges[seat]) >= MAX_ROADS:
                return "limit_reached"
            return None if _covers(res, COST_ROAD) else "unaffordable"
        if kind is A.BuildOutpost:
            v = action.vertex  # type: ignore[attr-defined]
            if not isinstance(v, int) or not 0 <= v < len(self.vertex_owner):
                return "no_such_place"
            if self.vertex_owner[v] != EMPTY:
                return "not_empty"
            if any(self.vertex_owner[n] != EMPTY for n in topo.vertex_neighbours[v]):
                return "too_close"
            if self.phase is Phase.SETUP_OUTPOST:
                return None
            if not any(self.edge_owner[x] == seat for x in topo.vertex_edges[v]):
                return "not_connected"
            if len(self.seat_vertices[seat]) >= MAX_BUILDINGS:
                return "limit_reached"
            return None if _covers(res, COST_OUTPOST) else "unaffordable"
        if kind is A.BuildCity:
            v = action.vertex  # type: ignore[attr-defined]
            if not isinstance(v, int) or not 0 <= v < len(self.vertex_owner):
                return "no_such_place"
            if self.vertex_owner[v] != seat or self.vertex_level[v] != OUTPOST:
                return "not_your_outpost"
            if self.cities[seat] >= MAX_CITIES:
                return "limit_reached"
            return None if _covers(res, COST_CITY) else "unaffordable"
        if kind is A.Trade:
            give, get = action.give, action.get  # type: ignore[attr-defined]
            # only text can name a resource (a list would not even be hashable)
            g = RESOURCE_INDEX.get(give) if isinstance(give, str) else None
            t = RESOURCE_INDEX.get(get) if isinstance(get, str) else None
            if g is None or t is None or g == t:
                return "bad_trade"
            rate = GATE_RATE if self.has_gate[seat] else MARKET_RATE
            return None if res[g] >= rate else "unaffordable"
        return None  # Roll, EndTurn: the phase is all they need

    # ---- effects -------------------------------------------------------------------------
    def _place_building(self, seat: int, v: int) -> None:
        self.vertex_owner[v] = seat
        self.vertex_level[v] = OUTPOST
        self.seat_vertices[seat].append(v)
        self.scores[seat] += 1
        if v in self.board.gate_vertices:
            self.has_gate[seat] = True

    def _do_build_outpost(self, seat: int, action: A.BuildOutpost) -> list[Event]:
        v = action.vertex
        self._place_building(seat, v)
        if self.phase is Phase.SETUP_OUTPOST:
            self.setup_vertex = v
            self.phase = Phase.SETUP_ROAD
            return [E.SetupPlaced(seat, "outpost", v)]
        self._pay(seat, COST_OUTPOST)
        return self._scored(seat, [E.Built(seat, "outpost", v, self.scores[seat])])

    def _do_build_road(self, seat: int, action: A.BuildRoad) -> list[Event]:
        e = action.edge
        self.edge_owner[e] = seat
        self.seat_edges[seat].append(e)
        if self.phase is Phase.SETUP_ROAD:
            return self._setup_next(seat, [E.SetupPlaced(seat, "road", e)])
        self._pay(seat, COST_ROAD)
        return [E.Built(seat, "road", e, self.scores[seat])]

    def _do_build_city(self, seat: int, action: A.BuildCity) -> list[Event]:
        v = action.vertex
        self.vertex_level[v] = CITY
        self.cities[seat] += 1
        self.scores[seat] += 1
        self._pay(seat, COST_CITY)
        return self._scored(seat, [E.Built(seat, "city", v, self.scores[seat])])

    def _do_trade(self, seat: int, action: A.Trade) -> list[Event]:
        g, t = RESOURCE_INDEX[action.give], RESOURCE_INDEX[action.get]
        rate = GATE_RATE if self.has_gate[seat] else MARKET_RATE
        res = self.resources[seat]
        res[g] -= rate
        res[t] += 1
        return [E.Traded(seat, action.give, rate, action.get)]

    def _do_roll(self, seat: int, action: A.Roll) -> list[Event]:
        faces = (self.rng.die(6), self.rng.die(6))
        self.dice = faces
        self.phase = Phase.BUILD
        events: list[Event] = [E.DiceRolled(seat, faces)]
        total = faces[0] + faces[1]
        if total == 7:
            for s in self.order:
                lost = discard_half(self.resources[s])
                if any(lost):
                    events.append(E.Discarded(s, lost))
            return events
        owner, level, resources = self.vertex_owner, self.vertex_level, self.resources
        for hi, res_index, corners in self.board.rolls.get(total, ()):
            name = RESOURCES[res_index]
            for v in corners:
                who = owner[v]
                if who != EMPTY:
                    amount = YIELD_CITY if level[v] == CITY else YIELD_OUTPOST
                    resources[who][res_index] += amount
                    events.append(E.Produced(who, name, amount, hi, v))
        return events

    def _do_end_turn(self, seat: int, action: A.EndTurn) -> list[Event]:
        events: list[Event] = [E.TurnEnded(seat)]
        self.dice = None
        self.turn_index += 1
        if self.turn_index == len(self.order):
            self.turn_index = 0
            scores = tuple(self.scores)
            self.score_history.append(scores)
            events.append(E.RoundEnded(self.round, scores))
            if self.round >= ROUNDS:
                return self._finish(events, winners_by_score(self.scores), "TG-7.2")
            self.round += 1
        self.phase = Phase.ROLL
        events.append(E.TurnStarted(self.current, self.round))
        return events

    # ---- flow ----------------------------------------------------------------------------
    def _pay(self, seat: int, cost: tuple[int, int, int]) -> None:
        res = self.resources[seat]
        res[0] -= cost[0]
        res[1] -= cost[1]
        res[2] -= cost[2]

    def _scored(self, seat: int, events: list[Event]) -> list[Event]:
        """TG-7.1: reaching the winning score by a build ends the game at once."""
        if self.scores[seat] >= WIN_SCORE:
            return self._finish(events, (seat,), "TG-7.1")
        return events

    def _finish(self, events: list[Event], winners: tuple[int, ...], cause: str) -> list[Event]:
        self.phase = Phase.OVER
        self.winners = winners
        self.end_cause = cause
        result = self.result()
        assert result is not None
        events.append(GameOver.of(result))
        return events

    def _setup_next(self, seat: int, events: list[Event]) -> list[Event]:
        self.setup_vertex = EMPTY
        self.turn_index += 1
        if self.turn_index < len(self.order):
            self.phase = Phase.SETUP_OUTPOST
            return events
        # TG-3.3 / TG-3.4: starting resources, then round 1 with the first seat.
        for s in self.order:
            for i in range(3):
                self.resources[s][i] += STARTING[i]
            events.append(E.StartingResources(s, STARTING))
        self.turn_index = 0
        self.round = 1
        self.phase = Phase.ROLL
        events.append(E.TurnStarted(self.current, self.round))
        return events


_EFFECTS: dict[type, Callable[[TidegateGame, int, Action], list[Event]]] = {
    A.Roll: TidegateGame._do_roll,  # type: ignore[dict-item]
    A.EndTurn: TidegateGame._do_end_turn,  # type: ignore[dict-item]
    A.BuildRoad: TidegateGame._do_build_road,  # type: ignore[dict-item]
    A.BuildOutpost: TidegateGame._do_build_outpost,  # type: ignore[dict-item]
    A.BuildCity: TidegateGame._do_build_city,  # type: ignore[dict-item]
    A.Trade: TidegateGame._do_trade,  # type: ignore[dict-item]
}


def discard_half(hand: list[int]) -> tuple[int, int, int]:
    """TG-4.3: drop floor(total/2), one unit at a time from the largest pile (ties: wheat,
    stone, wood). Changes `hand` in place and returns what was lost."""
    lost = [0, 0, 0]
    for _ in range(sum(hand) // 2):
        i = 0
        if hand[1] > hand[i]:
            i = 1
        if hand[2] > hand[i]:
            i = 2
        hand[i] -= 1
        lost[i] += 1
    return lost[0], lost[1], lost[2]


def winners_by_score(scores: list[int]) -> tuple[int, ...]:
    """TG-7.2: every seat with the highest score wins."""
    best = max(scores)
    return tuple(s for s, v in enumerate(scores) if v == best)


class TidegateRuleset(Ruleset):
    """Tidegate Isle: 2-4 players, open information."""

    id = "tidegate"
    min_players = 2
    max_players = 4
    has_hidden_info = False
    map_folder = "tidegate"
    default_map_name = "isle.tmx"
    options = {"layout": ("random", "fixed"), "shuffle_seats": (False, True)}

    def read_board(self, path: str) -> Board:
        """The validated island of the map at `path` (TG-1.1..1.5), layout as the map has it."""
        return board_from_map(read_map(path))

    def state_from_view(self, view: TidegateView, rng: Rng) -> TidegateGame:
        """The game `view` shows, with `rng` for the dice to come (TG-2.3: nothing else is
        hidden). The seed is not in a view, so the rebuilt setup has seed 0; each seat's
        buildings and roads are listed in board order, which only changes the order of
        `legal_actions`, not their set."""
        setup = Setup(seats=view.seats, seed=0, map=view.board.map_path or None,
                      options={"layout": "fixed"}, ruleset=self.id)
        owner = list(view.vertex_owner)
        n = len(view.seats)
        winners = view.winners
        cause = ""
        if winners is not None:
            cause = "TG-7.1" if max(view.scores) >= WIN_SCORE else "TG-7.2"
        return TidegateGame(
            setup=setup, board=view.board, rng=rng, order=tuple(view.order), phase=view.phase,
            turn_index=view.order.index(view.current), round=view.round,
            resources=[list(r) for r in view.resources],
            vertex_owner=owner, vertex_level=list(view.vertex_level),
            edge_owner=list(view.edge_owner),
            seat_vertices=[[v for v, o in enumerate(owner) if o == s] for s in range(n)],
            seat_edges=[[e for e, o in enumerate(view.edge_owner) if o == s] for s in range(n)],
            cities=list(view.cities), scores=list(view.scores), has_gate=list(view.has_gate),
            setup_vertex=view.setup_vertex, dice=view.dice, winners=winners, end_cause=cause,
            score_history=list(view.score_history),
        )

    def make_state(self, setup: Setup, board: Board) -> TidegateGame:
        """Round 0 (setup) of a game on `board`: layout (TG-1.6) and turn order drawn.

        The layout mode is the option `layout` when given (the lobby's choice), else the
        map's own `layout` property (random when the map does not say).
        """
        rng = Rng(setup.seed)
        layout = setup.options.get("layout", board.layout_mode)
        if layout not in LAYOUT_MODES:
            raise IllegalAction("bad_option", option="layout", value=str(layout))
        if layout == "random":
            board = random_layout(board, rng)
        n = len(setup.seats)
        order = list(range(n))
        if setup.options.get("shuffle_seats"):
            rng.shuffle(order)
        return TidegateGame(
            setup=setup, board=board, rng=rng, order=tuple(order),
            resources=[[0, 0, 0] for _ in range(n)],
            vertex_owner=[EMPTY] * board.vertex_count,
            vertex_level=[0] * board.vertex_count,
            edge_owner=[EMPTY] * board.edge_count,
            seat_vertices=[[] for _ in range(n)],
            seat_edges=[[] for _ in range(n)],
            cities=[0] * n, scores=[0] * n, has_gate=[False] * n,
        )
