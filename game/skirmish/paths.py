"""M-6 / D33: the path a Move walks, and the Move's effect.

`best_path` gives the path (and so the MP left and why all MP went): most MP on arrival (the
`reach` label), then fewest steps, then the smallest sequence of B-2 direction indices,
exactly. A path arriving with MP left is found backwards from the destination over
label-tight steps (`_tight_path`); one arriving with 0 MP by a breadth-first search over
(hex, MP) states in direction order (`_general_path`). `do_move` walks it (C-7 capture on a
breached empty hostile city); it needs only the MP left, so it hands the path search to its
`Moved` event, which runs it when the path is first read (`_walk`, `events.Later`): it
reads only what is fixed when the Move is made (the unit's kept search and per-hex rules,
which are never changed, and the board), so it gives the same path whenever it runs.
"""

from __future__ import annotations

from game.core.protocol import Event
from game.skirmish import actions as A
from game.skirmish import events as E
from game.skirmish.board import Board
from game.skirmish.cities import capture, check_domination
from game.skirmish.movement import STOP_ONLY, ZOC, kept_reach, reach, search_rules
from game.skirmish.state import SkirmishState, Unit


def best_path(game: SkirmishState, unit: Unit, dest: int) -> tuple[list[int], int, str] | None:
    """M-6 / D33: (hexes from start to dest, MP left on arrival, why all MP went) or None.

    The most MP on arrival is `reach`'s label. Among the paths arriving with it, the fewest
    steps and then the smallest direction sequence come from a breadth-first search over
    (hex, MP) states, each layer in the order of its direction sequences: the first arrival
    is the D33 path. A state is dropped when the same hex was already reached with at least
    as much MP by an earlier (shorter or smaller) sequence, since every continuation of the
    later one also works from the earlier one (more MP never forbids a step); and a state
    with no more MP than the goal cannot go on to arrive with it (every step costs MP).
    """
    labels = reach(game, unit)
    goal = labels.get(dest)
    if goal is None or game.occ[dest] >= 0:
        return None                 # no legal Move
    light, rule, fresh, _ = search_rules(game, unit)
    return _search(game.board, light, rule, fresh, labels, unit.hex, unit.mp_left, dest, goal)


def _search(b: Board, light: bool, rule: list[int], fresh: list[int], labels: dict[int, int],
            start: int, mp: int, dest: int, goal: int) -> tuple[list[int], int, str]:
    """`best_path`'s answer over `b`'s step tables from what it read. Arriving with goal > 0
    means the last step was an ordinary one from a hex reached with the most MP it can
    have, and so on back to the start: only such states need exploring (`_tight_path`);
    otherwise `_general_path`."""
    if goal > 0:
        return (_tight_path(b.step_costs(light), b.back_steps(light), rule, labels, start, mp,
                            dest, goal), goal, "")
    return _general_path(b.moves_by_mp(light, mp), b.water, rule, fresh, labels, start, mp,
                         dest, goal)


def _walk(b: Board, light: bool, rule: list[int], fresh: list[int], labels: dict[int, int],
          start: int, mp: int, dest: int, goal: int,
          capture: bool) -> tuple[tuple[tuple[int, int], ...], str]:
    """A `Moved` event's path (as `(col, row)` pairs) and stop reason, from what `do_move`
    read when the Move was made (`_search`'s arguments; C-7 capture names the stop)."""
    path, _, stopped = _search(b, light, rule, fresh, labels, start, mp, dest, goal)
    return tuple(map(b.coords.__getitem__, path)), "capture" if capture else stopped


def _tight_path(steps, back, rule: list[int], labels: dict[int, int], start: int, mp: int,
                dest: int, goal: int) -> list[int]:
    """`best_path` when the goal is more than 0 MP: the same path as `_general_path`, found
    backwards. Such a path only steps g -> h where h's label is g's (the start's: `mp`) less
    the step's cost (no water, no Intercept), through hexes labelled above the goal that are
    not STOP_ONLY: the states `_general_path` keeps. A breadth-first search back from `dest`
    over those steps gives each hex's fewest steps to `dest` (stopping at the start); then,
    from the start, the first step in B-2 order that stays on a fewest-steps path is taken
    each time. That is the smallest direction sequence among the shortest: every prefix of
    it is itself the smallest shortest path to its end, as the forward search finds it."""
    dist = {dest: 0}
    layer = [dest]
    d = 0
    while start not in dist:
        d += 1
        nxt = []
        for h in layer:
            lh = goal if h == dest else labels[h]
            for g, c in back[h]:
                if c < 0 or g in dist:
                    continue
                if g == start:
                    if mp - c == lh:
                        dist[g] = d
                    continue
                lg = labels.get(g)
                if lg is None or lg - c != lh or lg <= goal:
                    continue
                kind = rule[g]
                if kind >= ZOC or kind == STOP_ONLY:
                    continue
                dist[g] = d
                nxt.append(g)
        if not nxt and start not in dist:
            raise AssertionError("reach and best_path disagree")  # pragma: no cover
        layer = nxt
    path = [start]
    g, m = start, mp
    while d:
        d -= 1
        for h, c in steps[g]:
            if c >= 0 and dist.get(h, -1) == d and m - c == (goal if h == dest else labels[h]):
                break
        else:
            raise AssertionError("reach and best_path disagree")  # pragma: no cover
        path.append(h)
        g, m = h, m - c
    return path


def _general_path(moves, water: tuple[bool, ...], rule: list[int], fresh: list[int],
                  labels: dict[int, int], start: int, mp: int, dest: int,
                  goal: int) -> tuple[list[int], int, str]:
    """`best_path`'s breadth-first search over (hex, MP) states (see there), over the board's
    steps per MP held (`Board.moves_by_mp`); with a goal above 0 it keeps only states at their
    hex's label (`_tight_path` does those faster)."""
    tight = goal > 0
    most = fresh[:]                 # per hex, the most MP a kept state has there (as in reach)
    most[start] = mp
    parent: dict[tuple[int, int], tuple[int, int]] = {}
    layer = [(start, mp)]
    while layer:
        nxt = []
        for g, m in layer:
            for h, m2 in moves[m][g]:
                # a hex already holding as much MP as the step leaves (or BLOCKED) cannot
                # gain; `dest` never holds any (see below), so it is never skipped here
                if most[h] >= m2:
                    continue
                kind = rule[h]
                if kind >= ZOC:
                    m2 = 0                              # I3 Intercept
                if h == dest and m2 == goal:
                    path = [h, g]
                    state = (g, m)
                    while state in parent:
                        state = parent[state]
                        path.append(state[0])
                    path.reverse()
                    # why all MP went: an M-2 water transition first, then Intercept
                    stop = ("water" if water[g] != water[h]
                            else "intercept" if kind >= ZOC else "")
                    return path, goal, stop
                # (a state kept on `dest` would need more MP than its label `goal`: never)
                if m2 <= goal or kind == STOP_ONLY or most[h] >= m2:
                    continue
                if tight and m2 != labels[h]:
                    continue
                most[h] = m2
                parent[(h, m2)] = (g, m)
                nxt.append((h, m2))
        layer = nxt
    raise AssertionError("reach and best_path disagree")  # pragma: no cover


def do_move(game: SkirmishState, seat: int, action: A.Move) -> list[Event]:
    """M-6: walk the D33 path; C-7 capture on a breached empty hostile city. The MP left is
    the path's arrival label; the path itself (for the `Moved` event) is searched only when
    the event's path or stop reason is first read (`events.Later`, a partial of `_walk`
    holding what `best_path` would read now: a partial for the search and a closure over it
    for the event had cost 1 % more instructions in random play)."""
    u = game.units[action.unit]
    b = game.board
    # `Board.index` of a pair move_reason found on the board, as `Board.col_row` numbers
    # hexes (row-major): its checks were made, its call cost 0.45 % of the instructions
    col, row = action.to
    dest = row * b.width + col
    _, labels, (light, rule, fresh, _) = kept_reach(game, u)
    mp_left = labels[dest]      # move_reason checked: reached and empty (see best_path)
    start_mp = u.mp_left
    old = u.hex
    game.occ[old] = -1
    u.hex = dest
    game.occ[dest] = u.id
    u.mp_left = mp_left
    u.moved = True
    game.unit_changed(u, old)
    k = b.city_at[dest]
    capture_now = k >= 0 and game.city_hostile(k, seat)
    later = E.Later(_walk, b, light, rule, fresh, labels, old, start_mp, dest, mp_left,
                    capture_now)
    events: list[Event] = [E.moved(u.id, later, start_mp - mp_left, 0 if capture_now else mp_left,
                                   "capture" if capture_now else later)]
    if capture_now:
        capture(game, u, k, events)
        check_domination(game, events)
    return events
