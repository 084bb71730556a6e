"""Issue 19 speed work: the shortcuts the enumeration and the move effect take must agree with
the checks and searches they stand for, in every position random games reach (M-1..M-3, A-2,
A-3, D10, D32): the written-in AP group of a move equals `mover_reason`, and the kept paths
(memoised by a cut-down key) equal a path searched afresh."""

from __future__ import annotations

from game import rulesets
from game.ai import make_agent
from game.core.protocol import Setup
from game.landship import movement
from game.landship.base import Look

RULESET = rulesets.get("landship")


def positions(seeds: range, every: int = 3):
    """States of random games (a copy of every `every`-th position) with the seat to act."""
    for seed in seeds:
        g = RULESET.new_game(Setup(seats=("random", "random"), seed=seed))
        agents = [make_agent("random", RULESET, i, seed) for i in range(2)]
        n = 0
        while g.result() is None:
            seat = g.to_move()[0]
            if n % every == 0:
                yield g.clone(), seat
            legal = g.legal_actions(seat)
            g.apply(seat, agents[seat].choose(None, legal))
            n += 1


def test_A_3_D10_the_written_in_move_ap_group_is_mover_reason():
    checked = 0
    for g, seat in positions(range(1, 4)):
        for s in g.ships.values():
            for ap in range(0, 4):
                g.ap = ap
                assert movement._may_move(g, s) == (movement.mover_reason(g, s) is None)
                checked += 1
    assert checked > 1000


def test_M_3_D32_kept_paths_are_the_paths_searched_afresh():
    """Every legal destination of every ready ship: the memoised path (cells and (x, y)
    pairs) is the one `_path` finds now."""
    checked = 0
    for g, seat in positions(range(1, 6), every=2):
        look = Look(g)
        for s in g.ships.values():
            if s.owner != seat:
                continue
            for dest in movement.destinations(g, s, look):
                cells, xys = movement._path_entry(g, s, dest, look)
                fresh = movement._path(g, look, s, dest)
                assert list(cells) == fresh
                assert xys == tuple(g.board.xy[c] for c in fresh)
                assert g.path_to(s, dest) == fresh
                checked += 1
    assert checked > 5000
