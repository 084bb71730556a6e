"""Scenario builders for Dice for Land tests: plain test boards, tiles handed out directly,
scripted dice, orders entered and turns resolved.

T-22's scenarios say "test board all plain, def 1": `plain_game` builds such a board in
memory (no Tiled file), with the factions asked for and nothing owned, at ORDERS of turn 1.
Dice are forced with core's ScriptedRng (`dice`). Only tests use these.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Iterable, Iterator

from game import rulesets
from game.core import Setup
from game.core.rng import Rng, ScriptedRng, force_dice
from game.ai import make_agent
from game.territory import actions as A
from game.territory.board import Board, NeutralGroup
from game.territory.constants import (
    BUILDING_CODE, DEFAULT_PARAMS, LAND, SEA, SIDES, Params,
)
from game.territory.rules import TerritoryGame
from game.territory.state import Phase, Tribe, tile_arrays

FAR = 10  # columns 10+ of a plain board hold the tribes' spare land ("far away")


def new_game(seats: int = 3, seed: int = 7, factions: tuple[str, ...] | None = None,
             **options: Any) -> TerritoryGame:
    """A game on the default map (factions preset so it starts at ORDERS of turn 1)."""
    opts = dict(options)
    if factions is not None:
        opts["factions"] = list(factions)
    state = rulesets.get("territory").new_game(
        Setup(seats=("human",) * seats, seed=seed, options=opts))
    assert isinstance(state, TerritoryGame)
    return state


QUIET = replace(DEFAULT_PARAMS, disaster_every=99)  # no disasters unless a test asks


def plain_board(width: int = 24, height: int = 8, sea: Iterable[tuple[int, int]] = (),
                kinds: dict[tuple[int, int], int] | None = None,
                cold: Iterable[tuple[int, int]] = (), params: Params = QUIET,
                groups: tuple[NeutralGroup, ...] = (),
                treasures: dict[int, Any] | None = None) -> Board:
    """An all-plain board of defense 1 (T-22), with optional sea tiles and other kinds."""
    size = width * height
    kind = [LAND] * size
    for x, y in sea:
        kind[y * width + x] = SEA
    for (x, y), k in (kinds or {}).items():
        kind[y * width + x] = k
    cold_set = {y * width + x for x, y in cold}
    return Board(
        path="<plain test board>", title="plain", title_zh="", width=width, height=height,
        kind=tuple(kind), defense=tuple(1 for _ in range(size)), special=(0,) * size,
        cold=tuple(i in cold_set for i in range(size)), ruins=frozenset(),
        treasures=dict(treasures or {}), starts={}, tree=-1, groups=groups, params=params,
        min_players=2, max_players=7)


def plain_game(factions: tuple[str, ...] = ("bounty", "war"), board: Board | None = None,
               seed: int = 1, spare: int = 6) -> TerritoryGame:
    """A game at ORDERS of turn 1 on a plain board; nothing owned but `spare` far tiles per
    tribe (so nobody is eliminated and no victory condition is met by accident)."""
    board = board or plain_board()
    n = len(factions)
    state = TerritoryGame(
        setup=Setup(seats=("human",) * n, seed=seed, ruleset="territory"),
        board=board, params=board.params, rng=Rng(seed), order=tuple(range(n)),
        tribes=[Tribe(id=s, kind="player", faction=f, seat=s, name=f"T{s}")
                for s, f in enumerate(factions)],
        **tile_arrays(board))
    for g, group in enumerate(board.groups):
        for i in group.tiles:
            state.owner[i] = -2 if group.race == "undead" else -3
            if group.race == "goblin":
                state.goblin_site[i] = g
    state.phase = Phase.ORDERS
    state.turn = 1
    state.submission = tuple(range(n))
    for s in range(n):
        for k in range(spare):
            x = FAR + s * 2 + k % 2
            y = board.height - 1 - k // 2
            own(state, s, (x, y))
    return state


def tile(state: TerritoryGame, x: int, y: int) -> int:
    return state.board.index(x, y)


def own(state: TerritoryGame, tribe: int, *cells: tuple[int, int], building: str = "") -> None:
    """Give tiles to a tribe (optionally with a main building)."""
    for x, y in cells:
        i = state.board.index(x, y)
        state.owner[i] = tribe
        if building:
            state.building[i] = BUILDING_CODE[building]
    state._cache = {}


def put(state: TerritoryGame, x: int, y: int, building: str) -> None:
    state.building[state.board.index(x, y)] = BUILDING_CODE[building]
    state._cache = {}


def wall(state: TerritoryGame, x: int, y: int, side: str, level: int = 1) -> None:
    state.walls[state.board.index(x, y) * 4 + SIDES.index(side)] = level
    state._cache = {}


def res(state: TerritoryGame, tribe: int, gold: int = 0, materials: int = 0,
        exotics: int = 0) -> None:
    state.tribes[tribe].res = [gold, materials, exotics]


def techs(state: TerritoryGame, tribe: int, *names: str) -> None:
    state.tribes[tribe].techs.update(names)
    state._cache = {}


def dice(state: TerritoryGame, *values: int, then: int | None = None) -> ScriptedRng:
    """The next draws the rules make, FIFO, through core's `force_dice`: a die's face, or
    for a uniform choice (disaster, volcano, goblin site) the index into its eligible list.
    Without `then`, drawing more than scripted fails the test; with it, a PCG32 seeded
    `then` takes over."""
    return force_dice(state, values, Rng(then) if then is not None else None)


def enter(state: TerritoryGame, tribe: int, *actions: Any) -> list:
    events = []
    for action in actions:
        events += state.apply(tribe, action)
    return events


def resolve(state: TerritoryGame) -> list:
    """Submit for every seat still to move; returns the events of the whole resolution."""
    events: list = []
    for seat in list(state.to_move()):
        events += state.apply(seat, A.SUBMIT)
    return events


def of(events: list, kind: type) -> list:
    return [e for e in events if isinstance(e, kind)]


def random_decisions(last_turn: int, seats: int, seed: int) -> Iterator[tuple[TerritoryGame, int, list]]:
    """Each decision of a game of `seats` random players (seed `seed`) up to the end of turn
    `last_turn` or of the game: yields (state, seat, its legal list) before the seat's random
    choice from that list is applied, for tests that compare answers on the way. The first
    seat `to_move` names acts each time (at ORDERS, a tribe enters its orders until it
    submits, then the next)."""
    rs = rulesets.get("territory")
    st = rs.new_game(Setup(seats=("random",) * seats, seed=seed))
    assert isinstance(st, TerritoryGame)
    players = [make_agent("random", rs, s, seed) for s in range(seats)]
    while st.result() is None and st.turn <= last_turn:
        seat = st.to_move()[0]
        legal = st.legal_actions(seat)
        yield st, seat, legal
        st.apply(seat, players[seat].choose(None, legal))


def play_random_until(last_turn: int, seats: int, seed: int) -> TerritoryGame:
    """A game of `seats` random players (seed `seed`) played to the end of turn `last_turn`
    or to its end, for tests that watch the rules on the way (monkeypatched checks)."""
    rs = rulesets.get("territory")
    st = rs.new_game(Setup(seats=("random",) * seats, seed=seed))
    assert isinstance(st, TerritoryGame)
    players = [make_agent("random", rs, s, seed) for s in range(seats)]
    while st.result() is None and st.turn <= last_turn:
        for seat in st.to_move():
            st.apply(seat, players[seat].choose(None, st.legal_actions(seat)))
            if st.result() is not None:
                break
    return st
