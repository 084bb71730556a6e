"""Tidegate state: plain data for one game in progress (the rules live in `rules.py`)."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any

from game.core import codec
from game.core.protocol import Result, Setup, State, View
from game.core.rng import Rng, derive_seed
from game.tidegate.board import Board
from game.tidegate.constants import RESOURCES


class Phase(enum.Enum):
    """Where a game is; `rules.PHASE_ALLOWS` says which actions each phase accepts."""

    SETUP_OUTPOST = "setup_outpost"
    SETUP_ROAD = "setup_road"
    ROLL = "roll"
    BUILD = "build"
    OVER = "over"


EMPTY = -1
OUTPOST, CITY = 1, 2


@dataclass
class TidegateState(State):
    """Everything that decides a Tidegate game's future. Lists are indexed by seat or id."""

    setup: Setup
    board: Board
    rng: Rng
    order: tuple[int, ...]                 # seats in turn order (TG-2.4)
    phase: Phase = Phase.SETUP_OUTPOST
    turn_index: int = 0                    # index into `order` of the seat whose turn it is
    round: int = 0                         # 0 during setup, then 1..ROUNDS
    resources: list[list[int]] = field(default_factory=list)   # [seat][wheat, stone, wood]
    vertex_owner: list[int] = field(default_factory=list)      # seat or EMPTY
    vertex_level: list[int] = field(default_factory=list)      # 0, OUTPOST, CITY
    edge_owner: list[int] = field(default_factory=list)        # seat or EMPTY
    seat_vertices: list[list[int]] = field(default_factory=list)  # buildings per seat
    seat_edges: list[list[int]] = field(default_factory=list)     # roads per seat
    cities: list[int] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    has_gate: list[bool] = field(default_factory=list)         # TG-6.2 per seat
    setup_vertex: int = EMPTY              # the outpost just placed in setup (TG-3.1)
    dice: tuple[int, int] | None = None    # the last roll
    winners: tuple[int, ...] | None = None
    end_cause: str = ""                    # TG-7.1 or TG-7.2 once over
    score_history: list[tuple[int, ...]] = field(default_factory=list)  # scores per round end

    @property
    def seat_count(self) -> int:
        return len(self.order)

    @property
    def current(self) -> int:
        """The seat whose turn (or setup placement) it is."""
        return self.order[self.turn_index]

    def clone(self, reseed: int | None = None) -> "TidegateState":
        twin = object.__new__(type(self))
        twin.__dict__.update(self.__dict__)
        twin.rng = Rng(derive_seed(reseed, self.rng.state)) if reseed is not None else self.rng.copy()
        twin.resources = [list(r) for r in self.resources]
        twin.vertex_owner = list(self.vertex_owner)
        twin.vertex_level = list(self.vertex_level)
        twin.edge_owner = list(self.edge_owner)
        twin.seat_vertices = [list(v) for v in self.seat_vertices]
        twin.seat_edges = [list(e) for e in self.seat_edges]
        twin.cities = list(self.cities)
        twin.scores = list(self.scores)
        twin.has_gate = list(self.has_gate)
        twin.score_history = list(self.score_history)
        return twin

    def result(self) -> Result | None:
        if self.winners is None:
            return None
        # TG-7.2: equal highest scores share the victory, which is the spec's draw.
        return Result(winners=self.winners, scores=tuple(self.scores), cause=self.end_cause,
                      draw=len(self.winners) > 1)

    def digest_data(self) -> Any:
        return {
            "setup": codec.encode(self.setup),
            "board": self.board.to_json(),
            "rng": self.rng.get_state(),
            "order": list(self.order),
            "phase": self.phase.value,
            "turn_index": self.turn_index,
            "round": self.round,
            "resources": self.resources,
            "vertex_owner": self.vertex_owner,
            "vertex_level": self.vertex_level,
            "edge_owner": self.edge_owner,
            "setup_vertex": self.setup_vertex,
            "dice": list(self.dice) if self.dice else None,
            "winners": list(self.winners) if self.winners is not None else None,
            "score_history": [list(s) for s in self.score_history],
        }

    def view(self, seat: int | None) -> "TidegateView":
        """TG-2.3: everything is open except the RNG (and the seed), so every seat sees the same."""
        return TidegateView(
            seat=seat,
            board=self.board,
            seats=self.setup.seats,
            order=self.order,
            phase=self.phase,
            current=self.current,
            round=self.round,
            resources=tuple(tuple(r) for r in self.resources),
            vertex_owner=tuple(self.vertex_owner),
            vertex_level=tuple(self.vertex_level),
            edge_owner=tuple(self.edge_owner),
            roads=tuple(len(e) for e in self.seat_edges),
            buildings=tuple(len(v) for v in self.seat_vertices),
            cities=tuple(self.cities),
            scores=tuple(self.scores),
            has_gate=tuple(self.has_gate),
            setup_vertex=self.setup_vertex,
            dice=self.dice,
            winners=self.winners,
            score_history=tuple(self.score_history),
        )


@dataclass(frozen=True)
class TidegateView(View):
    """What a seat sees: the whole public game (no RNG state)."""

    seat: int | None
    board: Board
    seats: tuple[str, ...]
    order: tuple[int, ...]
    phase: Phase
    current: int
    round: int
    resources: tuple[tuple[int, int, int], ...]
    vertex_owner: tuple[int, ...]
    vertex_level: tuple[int, ...]
    edge_owner: tuple[int, ...]
    roads: tuple[int, ...]
    buildings: tuple[int, ...]
    cities: tuple[int, ...]
    scores: tuple[int, ...]
    has_gate: tuple[bool, ...]
    setup_vertex: int
    dice: tuple[int, int] | None
    winners: tuple[int, ...] | None
    score_history: tuple[tuple[int, ...], ...]
    # No seed and no RNG state: from either, the coming dice could be predicted (agents get
    # their own seed from game.ai.make_agent).

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "board": self.board.to_json(),
            "seats": list(self.seats),
            "order": list(self.order),
            "phase": self.phase.value,
            "current": self.current,
            "round": self.round,
            "resources": [dict(zip(RESOURCES, r)) for r in self.resources],
            "vertex_owner": list(self.vertex_owner),
            "vertex_level": list(self.vertex_level),
            "edge_owner": list(self.edge_owner),
            "roads": list(self.roads),
            "buildings": list(self.buildings),
            "cities": list(self.cities),
            "scores": list(self.scores),
            "has_gate": list(self.has_gate),
            "setup_vertex": self.setup_vertex,
            "dice": list(self.dice) if self.dice else None,
            "winners": list(self.winners) if self.winners is not None else None,
            "score_history": [list(s) for s in self.score_history],
        }
