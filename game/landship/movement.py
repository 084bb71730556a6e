"""Landship movement (M-1..M-4, E-7 wind, D10, D32): reach, the move check, its plays, its effect.

Reach is computed on bit masks (bit i = cell i): one step of a whole frontier in a direction is
one shift, so a ship's reachable cells cost a few big-int operations instead of a BFS over
dicts. The reported path (M-3) still comes from a BFS that expands N, E, S, W level by level,
run only when a move is carried out.
"""

from __future__ import annotations

from typing import Any

from game.core.protocol import Event
from game.landship import actions as A
from game.landship import events as E
from game.landship.base import (
    Kit, Look, actor_reason, ap_reason, bits, cell_reason, is_id, is_xy, kit_of, move_cost, pay, place,
)
from game.landship.board import Board
from game.landship.constants import (
    COST_MOVE, FAST_SHIP, FAST_SHIP_MOVE_CAP, RAM_SHIP, SHIP_AP_CAP, SHIP_MOVE_CAP,
)
from game.landship.state import NO_WIND, LandshipState, Ship

ALL_DIRS: tuple[int, ...] = (0, 1, 2, 3)  # N, E, S, W: the BFS expansion order (M-3, D32)


def allowance(g: LandshipState, move: int, direction: int) -> int:
    """E-7: a straight move's allowance in one direction (Move+1 downwind, -1 upwind)."""
    w = g.wind_dir
    if w == NO_WIND:
        return move
    if direction == w:
        return move + 1
    if direction == (w + 2) % 4:
        return move - 1
    return move


# ---- reach on bit masks ------------------------------------------------------------------------

def passable(g: LandshipState, look: Look, seat: int) -> int:
    """M-1: cells a step of `seat`'s ships may enter: on the board, not rock, not quicksand,
    no enemy or hulk (own ships may be passed). Memoised per seat in `look`."""
    return look.sides[seat][2]


def _grow(board: Board, start: int, cap: int, dirs: tuple[int, ...], passable: int) -> int:
    """Cells reachable from `start` in <= cap steps along `dirs` through `passable` cells."""
    reach = frontier = 1 << start
    w = board.width
    east, west = board.east_ok, board.west_ok
    if dirs == ALL_DIRS:  # the common case, one expression per step
        for _ in range(cap):
            nxt = ((frontier >> w) | ((frontier & east) << 1) | (frontier << w)
                   | ((frontier & west) >> 1)) & passable & ~reach
            if not nxt:
                break
            reach |= nxt
            frontier = nxt
        return reach
    for _ in range(cap):
        nxt = 0
        for d in dirs:
            if d == 0:
                nxt |= frontier >> w
            elif d == 1:
                nxt |= (frontier & east) << 1
            elif d == 2:
                nxt |= frontier << w
            else:
                nxt |= (frontier & west) >> 1
        nxt &= passable & ~reach
        if not nxt:
            break
        reach |= nxt
        frontier = nxt
    return reach


def _free_reach(g: LandshipState, s: Ship, move: int, passable: int) -> int:
    """E-7: the union of the three move kinds (any path <= Move-1, no upwind step <= Move,
    straight downwind <= Move+1); without wind any path <= Move."""
    board, w = g.board, g.wind_dir
    if w == NO_WIND:
        return _grow(board, s.pos, move, ALL_DIRS, passable)
    up = (w + 2) % 4
    return (_grow(board, s.pos, move - 1, ALL_DIRS, passable)
            | _grow(board, s.pos, move, tuple(d for d in ALL_DIRS if d != up), passable)
            | _grow(board, s.pos, move + 1, (w,), passable))


def _straight_reach(g: LandshipState, s: Ship, move: int, passable: int) -> int:
    """M-2: the ram's straight lines, each as long as its allowance (E-7)."""
    step = g.board.step
    reach = 1 << s.pos
    for d in ALL_DIRS:
        c = s.pos
        for _ in range(allowance(g, move, d)):
            n = step[c][d]
            if n < 0 or not passable >> n & 1:
                break
            reach |= 1 << n
            c = n
    return reach


# Reach memo, shared by every game on a board: a ship's reach is a pure function of its type,
# cell and the wind and of which cells near it a step may enter (M-1: own ships are passed,
# so where they stand does not matter until the destination, which must be empty), so it is
# keyed by exactly those (the mask cut to the cells any move kind can touch: Manhattan
# distance <= Move + 1). A ship whose neighbourhood did not change since it was last asked
# (most ships after most actions -- an own ship moving changes no one's key --, and the same
# openings in every game) costs one dict lookup; the key is built from the state as it is
# now, so nothing can go stale. The destinations are the reach less the occupied cells.
# About 250 bytes an entry and some 90 new entries a random game: 20,000 keeps the three
# movement memos under ~15 MB in a long simulation (cleared every ~200 games; the hits that
# matter are within a game).
_REACH_MAX = 20_000


def _reach(g: LandshipState, s: Ship, key: tuple) -> int:
    """The reach of `s` (cells it could end on if they were empty, its own cell included)
    from its memo key (computed on a miss)."""
    memo = g.board.reach_memo
    found = memo.get(key)
    if found is None:
        if len(memo) >= _REACH_MAX:
            memo.clear()
        move = g.board.params.stats(s.type).move
        open_cells = key[3]
        if s.type == RAM_SHIP:
            found = _straight_reach(g, s, move, open_cells)
        else:
            found = _free_reach(g, s, move, open_cells)
        memo[key] = found
    return found


def legal_moves(g: LandshipState, look: Look, s: Ship) -> int:
    """The cells `s` may move to now, as a mask: reachable (M-1, M-2, E-7) and empty."""
    found = look.reach.get(s.id)
    if found is None:
        found = _reach_entry(g, look, s)
    return found[0]


def _reach_entry(g: LandshipState, look: Look, s: Ship, kit: Kit | None = None) -> tuple[int, int, tuple]:
    """(legal destinations, reach, key) of `s` (of `kit`, else its type's), from the board's
    memo, kept in `look`."""
    # the memo key: everything the reach depends on (see above), masks cut to the window
    window = (kit or kit_of(g.board, s.type)).window[s.pos]
    key = (s.type, s.pos, g.wind_dir, look.sides[s.owner][2] & window)
    reach = g.board.reach_memo.get(key) or _reach(g, s, key)   # never 0: its own cell
    found = look.reach[s.id] = (reach & ~look.pieces_mask, reach, key)
    return found


def destinations(g: LandshipState, s: Ship, look: Look | None = None) -> list[int]:
    """Cells the ship may move to now (M-1, M-2, E-7), in reading order."""
    return list(bits(legal_moves(g, look or Look(g), s)))


# ---- the check, in stages (legality.py runs them for one action and for all) -----------------

def mover_reason(g: LandshipState, s: Ship) -> str | None:
    """I-2 AP group of a move (A-2, A-3, D10): `ap_reason` with the move's cost and cap."""
    return ap_reason(g, s, move_cost(s), move=True)


def may_move(g: LandshipState, s: Ship) -> bool:
    """`mover_reason(g, s) is None`, without its calls: every ready ship of every enumeration
    asks it. (Equal by construction: the same three comparisons of `ap_reason` with
    `move_cost` and `move_cap` written in.)"""
    if s.type == FAST_SHIP:
        moves = s.moves
        cost = 0 if moves == 1 else COST_MOVE
        return g.ap >= cost and s.ap_spent + cost <= SHIP_AP_CAP and moves < FAST_SHIP_MOVE_CAP
    return g.ap >= COST_MOVE and s.ap_spent + COST_MOVE <= SHIP_AP_CAP and s.moves < SHIP_MOVE_CAP


def dest_reason(g: LandshipState, look: Look, s: Ship, dest: int) -> str | None:
    """I-2 geometry of a move to on-board cell `dest`. None exactly for the cells of
    `legal_moves`, so enumerating that mask is enumerating what this check accepts; the rest
    only picks which reason a refused cell gets."""
    if legal_moves(g, look, s) >> dest & 1:
        return None
    why = cell_reason(g, look, dest)
    if why:
        return why
    if s.type == RAM_SHIP:
        # out_of_reach: no legal path at all, even turning; not_straight: only by turning
        move = g.board.params.stats(s.type).move
        if not _free_reach(g, s, move, passable(g, look, s.owner)) >> dest & 1:
            return "out_of_reach"
        return "not_straight"
    return "out_of_reach"


def check_move(g: LandshipState, look: Look, seat: int, a: A.Move) -> str | None:
    """M-1..M-4 in the I-2 order."""
    if not is_id(a.ship) or not is_xy(a.to):
        return "bad_payload"
    why = actor_reason(g, seat, a.ship)
    if why:
        return why
    s = g.ships[a.ship]
    why = mover_reason(g, s)
    if why:
        return why
    dest = g.board.index_of(a.to)
    if dest < 0:
        return "cell_off_board"
    return dest_reason(g, look, s, dest)


def move_plays(g: LandshipState, look: Look, s: Ship, kit: Kit, out: list[Any]) -> None:
    """Append every legal move of ready ship `s` (of `kit`; its I-2 ship group already
    passed)."""
    if may_move(g, s):
        # a kept `look` (after an attack or repair, see rules.py `KEEPS_LOOK`) may hold it
        dests = (look.reach.get(s.id) or _reach_entry(g, look, s, kit))[0]
        if not dests:
            return
        # the moves to a set of cells are the same values every time: one tuple per
        # (ship, destinations) on this board, bounded like the reach memo
        memo = g.board.moves_memo
        key = (s.id, dests)
        found = memo.get(key)
        if found is None:
            if len(memo) >= _REACH_MAX:
                memo.clear()
            board, sid = g.board, s.id
            xy, row = board.xy, A.row(A.Move, sid, board.width, board.height)
            acts = []
            for dest in bits(dests):
                a = row[dest]
                if a is None:
                    a = row[dest] = A.Move(sid, xy[dest])
                acts.append(a)
            found = memo[key] = tuple(acts)
        out.extend(found)


# ---- the reported path (M-3, D32) --------------------------------------------------------------
# D32's path is the one a BFS expanding N, E, S, W level by level records: the shortest path
# whose step directions are lexicographically smallest. Found on masks: the distances to the
# destination (a BFS run backwards from it, level by level, through cells a step may enter),
# then from the start always the first direction whose cell is one step closer -- a cell one
# step from the start and k - 1 from the destination is on a shortest path, and every such
# cell is.

def _to_dest(board: Board, start: int, dest: int, cap: int, dirs: tuple[int, ...],
             passable: int) -> list[int] | None:
    """Masks of the cells 0, 1, .. k steps along `dirs` from `dest` (levels of a BFS run
    backwards, entering only `passable` cells and `start`), up to the level k that holds
    `start`; None if `start` is more than `cap` steps away."""
    w, east, west = board.width, board.east_ok, board.west_ok
    start_bit = 1 << start
    enter = passable | start_bit
    levels = [1 << dest]
    seen = frontier = levels[0]
    every = dirs == ALL_DIRS
    for _ in range(cap):
        # the cells from which one step along `dirs` lands in the frontier
        if every:
            nxt = (frontier << w) | ((frontier >> 1) & east) | (frontier >> w) | ((frontier << 1) & west)
        else:
            nxt = 0
            for d in dirs:
                if d == 0:
                    nxt |= frontier << w
                elif d == 1:
                    nxt |= (frontier >> 1) & east
                elif d == 2:
                    nxt |= frontier >> w
                else:
                    nxt |= (frontier << 1) & west
        nxt &= enter & ~seen
        if not nxt:
            return None
        levels.append(nxt)
        if nxt & start_bit:
            return levels
        seen |= nxt
        frontier = nxt
    return None


def _kinds(g: LandshipState, s: Ship) -> list[tuple[int, tuple[int, ...]]]:
    """(step cap, directions) of each move kind, in the order M-3 prefers them (E-7)."""
    move, w = g.board.params.stats(s.type).move, g.wind_dir
    if w == NO_WIND:
        return [(move, ALL_DIRS)]
    up = (w + 2) % 4
    return [(move - 1, ALL_DIRS), (move, tuple(d for d in ALL_DIRS if d != up)), (move + 1, (w,))]


def path_to(g: LandshipState, s: Ship, dest: int, look: Look | None = None) -> list[int] | None:
    """M-3: the reported path (start .. dest), or None if dest is not reachable."""
    found = _path_entry(g, s, dest, look or Look(g))
    return None if found is None else list(found[0])


def _path_entry(g: LandshipState, s: Ship, dest: int, look: Look) -> tuple | None:
    """`(cells, (x, y) pairs)` of the reported path to `dest`, or None (see `path_to`)."""
    if dest == s.pos or not legal_moves(g, look, s) >> dest & 1:
        return None
    xy = g.board.xy
    (sx, sy), (dx, dy) = xy[s.pos], xy[dest]
    if (sx - dx if sx > dx else dx - sx) + (sy - dy if sy > dy else dy - sy) == 1:
        # a legal neighbour: the move kind that reaches it first (M-3, E-7) does so in one
        # step -- the first kind has every direction unless its cap is 0, and then the
        # second (every direction but upwind) reaches every legal neighbour; the ram's line
        # is one step too -- so the path is the step itself, with no search and no memo
        # entry (most moves: Move is 1 for three of the six types)
        return (s.pos, dest), (xy[s.pos], xy[dest])
    # like the reach, a pure function of its inputs: the reach's memo key (own ships may be
    # passed; the destination is known to be empty) and the destination
    memo = g.board.paths_memo
    key = (*look.reach[s.id][2], dest)
    found = memo.get(key)
    if found is None:
        if len(memo) >= _REACH_MAX:
            memo.clear()
        cells = tuple(_path(g, look, s, dest))
        xy = g.board.xy
        # the event's (x, y) pairs too: the move reports them every time it is carried out
        found = memo[key] = (cells, tuple([xy[c] for c in cells]))
    return found


def _path(g: LandshipState, look: Look, s: Ship, dest: int) -> list[int]:
    """`path_to` for a legal destination (M-3, D32)."""
    board, step = g.board, g.board.step
    if s.type == RAM_SHIP:  # M-2: the straight line that holds dest
        (sx, sy), (dx, dy) = board.xy[s.pos], board.xy[dest]
        d = (0 if dy < sy else 2) if dx == sx else (1 if dx > sx else 3)
        path = [s.pos]
        while path[-1] != dest:
            path.append(step[path[-1]][d])
        return path
    open_cells = passable(g, look, s.owner)
    for cap, dirs in _kinds(g, s):
        levels = _to_dest(board, s.pos, dest, cap, dirs, open_cells)
        if levels is None:
            continue
        path = [s.pos]
        c = s.pos
        for k in range(len(levels) - 2, -1, -1):   # k steps left after this one
            row, closer = step[c], levels[k]
            for d in dirs:   # the first direction one step closer (D32)
                n = row[d]
                if n >= 0 and closer >> n & 1:
                    break
            else:
                raise AssertionError("a cell on a shortest path with no next step")
            path.append(n)
            c = n
        return path
    raise AssertionError("a legal destination no move kind reaches")  # legal_moves said yes


def do_move(g: LandshipState, seat: int, a: A.Move, look: Look | None = None) -> list[Event]:
    """M-1: pay, move, report the path. `look`: the memo of the check that accepted it,
    which then follows the move (`Look.moved`)."""
    s = g.ships[a.ship]
    dest = g.board.index_by_xy[a.to]   # judged legal: an on-board (x, y) pair
    found = _path_entry(g, s, dest, look or Look(g))
    assert found is not None
    cost = move_cost(s)
    pay(g, s, cost)
    s.moves += 1
    start = s.pos
    place(g, s, dest)
    if look is not None:
        look.moved(s, start)
    return [E.ShipMoved(seat, s.id, found[1], cost, g.ap)]
