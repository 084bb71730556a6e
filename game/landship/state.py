"""Landship state: plain data for one game in progress (the rules live in `rules.py`).

Ships live in `ships` (id -> `Ship`, ids never reused, S-5); `cell` maps every cell index to
the id of the piece standing there (-1: empty). A hulk is a ship with `owner == HULK`. Seats
are 0-based (the spec's "seat 1" is seat 0).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any

from game.core import codec
from game.core.protocol import Event, Result, Setup, State, View
from game.core.rng import Rng, derive_seed
from game.landship.board import Board
from game.landship.constants import DIRECTIONS

HULK = -1      # owner of a hulk (S-3)
EMPTY = -1     # `cell` entry of an empty cell
NO_WIND = -1


class Phase(enum.Enum):
    """Where a game is. T-2, T-3, T-5 and T-6 run inside `apply`; only these two persist."""

    ACTION = "action"   # T-4: the current seat submits actions
    OVER = "over"       # T-7


class Ship:
    """One piece (S-5). `pierce` holds `[by_player, turns_left]` pairs (C-5)."""

    __slots__ = ("id", "type", "owner", "former_owner", "integrity", "pos", "ap_spent", "moves",
                 "actions", "fresh", "stalled_round", "pierce", "sink")

    def __init__(self, id: int, type: str, owner: int, integrity: int, pos: int,
                 fresh: bool = False) -> None:
        self.id = id
        self.type = type
        self.owner = owner
        self.former_owner = owner   # the colour a hulk shows faded
        self.integrity = integrity
        self.pos = pos
        self.ap_spent = 0
        self.moves = 0
        self.actions = 0
        self.fresh = fresh
        self.stalled_round = 0      # E-6: stalled and storm-protected during this round
        self.pierce: list[list[int]] = []
        self.sink = False           # E-8: removed instead of scrapped at T-6 step 3

    @property
    def is_hulk(self) -> bool:
        return self.owner == HULK

    def copy(self) -> "Ship":
        twin = Ship.__new__(Ship)
        twin.id, twin.type, twin.owner, twin.former_owner = self.id, self.type, self.owner, self.former_owner
        twin.integrity, twin.pos = self.integrity, self.pos
        twin.ap_spent, twin.moves = self.ap_spent, self.moves
        twin.actions, twin.fresh, twin.stalled_round = self.actions, self.fresh, self.stalled_round
        pierce = self.pierce
        twin.pierce = [list(m) for m in pierce] if pierce else []  # usually empty: skip the loop
        twin.sink = self.sink
        return twin

    def to_data(self, board: Board) -> dict[str, Any]:
        return {
            "id": self.id, "type": self.type, "owner": self.owner,
            "former_owner": self.former_owner, "integrity": self.integrity,
            "pos": list(board.xy[self.pos]), "ap_spent": self.ap_spent, "moves": self.moves,
            "actions": self.actions, "fresh": self.fresh, "stalled_round": self.stalled_round,
            "pierce": [list(m) for m in self.pierce], "sink": self.sink,
        }


@dataclass(frozen=True)
class ShipInfo:
    """A ship as a view shows it (a frozen copy of `Ship`, with `(x, y)` position)."""

    id: int
    type: str
    owner: int
    former_owner: int
    integrity: int
    pos: tuple[int, int]
    ap_spent: int
    moves: int
    actions: int
    fresh: bool
    stalled_round: int
    pierce: tuple[tuple[int, int], ...]


@dataclass
class LandshipState(State):
    """Everything that decides a Landship game's future. Lists are indexed by seat or cell."""

    setup: Setup
    board: Board
    rng: Rng
    order: tuple[int, ...]                 # T-1 turn order by lot (D5: fixed for the game)
    ships: dict[int, Ship] = field(default_factory=dict)
    cell: list[int] = field(default_factory=list)          # cell index -> piece id / EMPTY
    depleted: list[bool] = field(default_factory=list)     # per resource tile (board.tiles)
    next_id: int = 1
    phase: Phase = Phase.ACTION
    turn_index: int = 0
    round: int = 0
    ap: int = 0                            # the current seat's pool
    ap_rolled: int = 0                     # this turn's roll, for the invariants
    eliminated: list[bool] = field(default_factory=list)
    outbreak: bool = False                 # E-2
    rounds_since_event: int = 0            # E-1
    surge_round: int = 0                   # E-4 row 2: +1 AP on rolls of this round
    wind_dir: int = NO_WIND                # E-7: index into DIRECTIONS the wind blows toward
    wind_until: int = 0
    quicksand: list[tuple[tuple[int, ...], int]] = field(default_factory=list)  # (cells, last round)
    # E-9 area markers: (event id, cells, last round shown)
    markers: list[tuple[str, tuple[int, ...], int]] = field(default_factory=list)
    # V-4 per (seat, ship type): [streak, last_cycle_round, pending_round (0: none)]
    streaks: dict[tuple[int, str], list[int]] = field(default_factory=dict)
    winners: tuple[int, ...] | None = None
    end_rule: str = ""                     # the rule id that decided the game (T-7)
    last_event: tuple[int, str, tuple[int, int] | None] | None = None  # display: (round, event, centre)
    auto_end: bool = True                  # D6; agents' private copies switch it off
    opening_events: tuple[Event, ...] = ()  # what new_game did (order drawn, first AP roll)
    # the last enumeration of legal actions (legality.py `remember`: seat, stamp in two
    # parts, actions, look), valid
    # only while the stamp of the state still equals its own; not part of the game
    legal_memo: tuple | None = field(default=None, init=False, compare=False, repr=False)

    @property
    def current(self) -> int:
        """The seat whose turn it is."""
        return self.order[self.turn_index]

    @property
    def seat_count(self) -> int:
        return len(self.order)

    def clone(self, reseed: int | None = None) -> "LandshipState":
        twin = object.__new__(type(self))
        twin.__dict__.update(self.__dict__)
        twin.rng = Rng(derive_seed(reseed, self.rng.state)) if reseed is not None else self.rng.copy()
        twin.ships = {i: s.copy() for i, s in self.ships.items()}
        twin.cell = list(self.cell)
        twin.depleted = list(self.depleted)
        twin.eliminated = list(self.eliminated)
        twin.quicksand = list(self.quicksand)
        twin.markers = list(self.markers)
        twin.streaks = {k: list(v) for k, v in self.streaks.items()}
        memo = self.legal_memo
        if memo is not None:   # still checked against the twin's own stamp; its look is ours
            twin.legal_memo = memo[:4] + (None,) + memo[5:]
        return twin

    def result(self) -> Result | None:
        if self.winners is None:
            return None
        # a draw (V-4, V-5a, V-5b, or V-6 leaving nobody) lists everyone who shares it
        return Result(winners=self.winners, scores=self.scores(), cause=self.end_rule,
                      draw=len(self.winners) != 1)

    def scores(self) -> tuple[int, ...]:
        """Active ships per seat (the result's scores; the winners decide the game)."""
        counts = [0] * len(self.setup.seats)
        for s in self.ships.values():
            if s.owner >= 0:
                counts[s.owner] += 1
        return tuple(counts)

    def next_event_round(self) -> int:
        """E-1: the round at whose end the next event is rolled (the public countdown)."""
        interval = self.board.params.outbreak_interval if self.outbreak else self.board.params.event_interval
        return self.round + max(0, interval - self.rounds_since_event - 1)

    def digest_data(self) -> Any:
        xy = self.board.xy
        return {
            "setup": codec.encode(self.setup),
            "board": self.board.to_json(),
            "rng": self.rng.get_state(),
            "order": list(self.order),
            "ships": [s.to_data(self.board) for s in self.ships.values()],
            "depleted": list(self.depleted),
            "next_id": self.next_id,
            "phase": self.phase.value,
            "turn_index": self.turn_index,
            "round": self.round,
            "ap": self.ap,
            "ap_rolled": self.ap_rolled,
            "eliminated": list(self.eliminated),
            "outbreak": self.outbreak,
            "rounds_since_event": self.rounds_since_event,
            "surge_round": self.surge_round,
            "wind": [self.wind_dir, self.wind_until],
            "quicksand": [[[list(xy[c]) for c in cells], until] for cells, until in self.quicksand],
            "markers": [[ev, [list(xy[c]) for c in cells], until] for ev, cells, until in self.markers],
            "streaks": sorted([seat, t, *v] for (seat, t), v in self.streaks.items()),
            "winners": list(self.winners) if self.winners is not None else None,
            "end_rule": self.end_rule,
            "auto_end": self.auto_end,
        }

    def view(self, seat: int | None) -> "LandshipView":
        """H-1: everything is public except the RNG (and the seed it came from), so every
        seat sees the same."""
        xy = self.board.xy
        ships = tuple(
            ShipInfo(s.id, s.type, s.owner, s.former_owner, s.integrity, xy[s.pos], s.ap_spent,
                     s.moves, s.actions, s.fresh, s.stalled_round,
                     tuple((m[0], m[1]) for m in s.pierce))
            for s in self.ships.values())
        return LandshipView(
            seat=seat, board=self.board, seats=self.setup.seats, order=self.order,
            phase=self.phase, current=self.current, round=self.round, ap=self.ap,
            ap_rolled=self.ap_rolled, ships=ships, depleted=tuple(self.depleted),
            next_id=self.next_id, eliminated=tuple(self.eliminated), outbreak=self.outbreak,
            rounds_since_event=self.rounds_since_event, next_event_round=self.next_event_round(),
            surge_round=self.surge_round, wind_dir=self.wind_dir, wind_until=self.wind_until,
            quicksand=tuple(self.quicksand), markers=tuple(self.markers),
            streaks=tuple(sorted((k[0], k[1], v[0], v[1], v[2]) for k, v in self.streaks.items())),
            winners=self.winners, end_rule=self.end_rule, last_event=self.last_event,
        )


@dataclass(frozen=True)
class LandshipView(View):
    """What a seat sees: the whole public game (H-1), never the RNG state (H-3)."""

    seat: int | None
    board: Board
    seats: tuple[str, ...]
    order: tuple[int, ...]
    phase: Phase
    current: int
    round: int
    ap: int
    ap_rolled: int
    ships: tuple[ShipInfo, ...]
    depleted: tuple[bool, ...]
    next_id: int
    eliminated: tuple[bool, ...]
    outbreak: bool
    rounds_since_event: int
    next_event_round: int
    surge_round: int
    wind_dir: int
    wind_until: int
    quicksand: tuple[tuple[tuple[int, ...], int], ...]
    markers: tuple[tuple[str, tuple[int, ...], int], ...]
    streaks: tuple[tuple[int, str, int, int, int], ...]   # (seat, type, streak, last_cycle, pending)
    winners: tuple[int, ...] | None
    end_rule: str
    last_event: tuple[int, str, tuple[int, int] | None] | None
    # No seed and no RNG state (H-3): from either every die to come would follow.

    def to_json(self) -> dict[str, Any]:
        xy = self.board.xy
        return {
            "seat": self.seat,
            "board": self.board.to_json(),
            "seats": list(self.seats),
            "order": list(self.order),
            "phase": self.phase.value,
            "current": self.current,
            "round": self.round,
            "ap": self.ap,
            "ap_rolled": self.ap_rolled,
            "ships": [
                {"id": s.id, "type": s.type, "owner": s.owner, "former_owner": s.former_owner,
                 "integrity": s.integrity, "pos": list(s.pos), "ap_spent": s.ap_spent,
                 "moves": s.moves, "actions": s.actions, "fresh": s.fresh,
                 "stalled_round": s.stalled_round, "pierce": [list(m) for m in s.pierce]}
                for s in self.ships],
            "tiles": [{"pos": list(xy[c]), "depleted": d} for c, d in zip(self.board.tiles, self.depleted)],
            "eliminated": list(self.eliminated),
            "outbreak": self.outbreak,
            "rounds_since_event": self.rounds_since_event,
            "next_event_round": self.next_event_round,
            "surge_round": self.surge_round,
            "wind": ({"toward": DIRECTIONS[self.wind_dir], "until": self.wind_until}
                     if self.wind_dir >= 0 else None),
            "quicksand": [{"cells": [list(xy[c]) for c in cells], "until": until}
                          for cells, until in self.quicksand],
            "markers": [{"event": ev, "cells": [list(xy[c]) for c in cells], "until": until}
                        for ev, cells, until in self.markers],
            "streaks": [list(s) for s in self.streaks],
            "winners": list(self.winners) if self.winners is not None else None,
            "end_rule": self.end_rule,
            "last_event": ([self.last_event[0], self.last_event[1],
                            list(self.last_event[2]) if self.last_event[2] else None]
                           if self.last_event else None),
        }
