"""Issue 19 speed work: the shortcuts the enumeration and the move effect take must agree with
the checks and searches they stand for, in every position random games reach (M-1..M-3, A-2,
A-3, D10, D32): the written-in AP group of a move equals `mover_reason`, and the kept paths
(memoised, found on masks) equal the path D32's plain BFS records."""

from __future__ import annotations

from game import rulesets
from game.ai import make_agent
from game.core.protocol import Setup
from game.landship import movement
from game.landship.base import Look
from game.landship.constants import RAM_SHIP

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
                assert movement.may_move(g, s) == (movement.mover_reason(g, s) is None)
                checked += 1
    assert checked > 1000


def bfs_path(g, look, s, dest):
    """D32 spelled out: per move kind (E-7, in M-3's order), a BFS from the ship's cell that
    expands N, E, S, W level by level through cells a step may enter and records the first
    parent of each cell; the path to `dest` by those parents."""
    board = g.board
    open_cells = movement.passable(g, look, s.owner)
    for cap, dirs in movement._kinds(g, s):
        parent = {s.pos: None}
        level = [s.pos]
        for _ in range(cap):
            nxt = []
            for c in level:
                for d in dirs:
                    n = board.step[c][d]
                    if n >= 0 and open_cells >> n & 1 and n not in parent:
                        parent[n] = c
                        nxt.append(n)
            level = nxt
        if dest in parent:
            path = [dest]
            while parent[path[-1]] is not None:
                path.append(parent[path[-1]])
            return path[::-1]
    return None


def test_M_3_D32_kept_paths_are_the_paths_a_plain_bfs_records():
    """Every legal destination of every ready ship but the ram (M-2: straight lines): the
    memoised path (cells and (x, y) pairs) and `_path`'s search are D32's BFS path."""
    checked = 0
    for g, seat in positions(range(1, 6), every=2):
        look = Look(g)
        for s in g.ships.values():
            if s.owner != seat or s.type == RAM_SHIP:
                continue
            for dest in movement.destinations(g, s, look):
                cells, xys = movement._path_entry(g, s, dest, look)
                fresh = movement._path(g, look, s, dest)
                assert fresh == bfs_path(g, look, s, dest)
                assert list(cells) == fresh
                assert xys == tuple(g.board.xy[c] for c in fresh)
                assert g.path_to(s, dest) == fresh
                checked += 1
    assert checked > 5000


def test_B_4_area_masks_are_the_areas():
    """B-4 areas as masks (built a row at a time) hold exactly the cells `area` lists, on the
    default board and on a ragged 7x5 board with void cells, for both metrics and rings."""
    from game.landship.board import Board

    w, h = 7, 5
    on = tuple(not (x + 2 * y) % 5 == 0 for y in range(h) for x in range(w))   # some void cells
    ragged = Board(width=w, height=h, on_board=on, rock=(False,) * (w * h), tiles=(),
                   tiles_depleted=(), starts=())
    checked = 0
    for board in (RULESET.new_game(Setup(seats=("random", "random"), seed=1)).board, ragged):
        for metric in ("manh", "cheb"):
            for rmax in range(0, 7):
                for rmin in range(0, min(rmax, 2) + 1):
                    for c in board.cells:
                        want = sum(1 << i for i in board.area(c, metric, rmax, rmin))
                        assert board.area_mask(c, metric, rmax, rmin) == want
                        checked += 1
    assert checked > 5000


def plain_reach(g, s):
    """M-1, M-2, E-7 without the memo: the reach over the whole board's passable cells."""
    look = Look(g)
    move = g.board.params.stats(s.type).move
    open_cells = movement.passable(g, look, s.owner)
    if s.type == RAM_SHIP:
        reach = movement._straight_reach(g, s, move, open_cells)
    else:
        reach = movement._free_reach(g, s, move, open_cells)
    return reach & ~look.pieces_mask


def test_M_1_M_2_E_7_memoised_reach_is_the_plain_reach_in_every_wind():
    """The memoised destinations (keyed by the ship's cell, wind and the masks of its window)
    equal the reach computed over the whole board, for every piece of random games, with and
    without wind."""
    checked = 0
    for g, _seat in positions(range(1, 5), every=2):
        for wind in (-1, 0, 1, 2, 3):
            g.wind_dir = wind
            look = Look(g)
            for s in g.ships.values():
                assert movement.legal_moves(g, look, s) == plain_reach(g, s)
                checked += 1
    assert checked > 5000


def _ragged_board():
    """A 7x5 board with void cells and a resource tile (see the area-mask test above)."""
    from game.landship.board import Board

    w, h = 7, 5
    on = tuple(not (x + 2 * y) % 5 == 0 for y in range(h) for x in range(w))
    return Board(width=w, height=h, on_board=on, rock=(False,) * (w * h), tiles=(1,),
                 tiles_depleted=(False,), starts=())


def test_S_1_C_1_C_6_K_1_K_2_K_3_kits_are_the_areas_they_stand_for():
    """Each type's Kit (memoised per board) holds, per cell, exactly the cells its checks
    measure: the move window (Manhattan <= Move + 1), the guns' ring (C-1), the repair ring
    (K-3), the capture ring (K-2), the ram's straight lanes up to Move + 2 (C-6) and the
    cell itself when it is a resource tile (K-1); None where the type has no such action."""
    from game.landship.base import kit_of, repair_reach
    from game.landship.constants import BUILDERS, SHIP_TYPES

    checked = 0
    for board in (RULESET.new_game(Setup(seats=("random", "random"), seed=1)).board, _ragged_board()):
        params = board.params
        for ship_type in SHIP_TYPES:
            kit = kit_of(board, ship_type)
            stats = params.stats(ship_type)
            assert kit.stats == stats
            for c in range(board.width * board.height):
                on = board.on_board[c]
                assert kit.window[c] == (board.area_mask(c, "manh", stats.move + 1) if on else 0)
                if stats.can_fire:
                    assert kit.fire[c] == (board.area_mask(c, stats.reach, stats.range, 1) if on else 0)
                else:
                    assert kit.fire is None
                if ship_type in BUILDERS:
                    metric, reach = repair_reach(params, ship_type)
                    assert kit.mend[c] == (board.area_mask(c, metric, reach, 1) if on else 0)
                    assert kit.grab[c] == (board.area_mask(c, "manh", params.capture_range, 1) if on else 0)
                    assert kit.tile[c] == (1 << c if c in board.tile_index else 0)
                else:
                    assert kit.mend is None and kit.grab is None and kit.tile is None
                if ship_type == RAM_SHIP:
                    lanes = 0
                    for d in range(4):
                        n = c
                        for _ in range(stats.move + 2 if on else 0):
                            n = board.step[n][d]
                            if n < 0:
                                break
                            lanes |= 1 << n
                    assert kit.lanes[c] == lanes
                else:
                    assert kit.lanes is None
                checked += 1
    assert checked > 1000


def test_I_1_a_family_the_enumeration_skips_would_list_nothing():
    """The enumeration asks a family only when the ship's Kit table shows a candidate (enemy
    ships in gun range C-1, pieces on the ram's lanes C-6, own pieces in repair reach K-3,
    hulks in capture range K-2, a resource tile underfoot K-1): in every position of random
    games, every family it skips lists nothing when asked anyway."""
    from game.landship import legality

    skipped = 0
    for g, seat in positions(range(1, 6)):
        look = Look(g, seat)
        own, enemies, _ = look.sides[seat]
        masks = (own, enemies, look.hulks_mask, look.pieces_mask, -1)
        for s in g.ships.values():
            if s.owner != seat:
                continue
            kit, plan = legality.families(g, s.type)
            for family, table, among in plan:
                if table is not None and not table[s.pos] & masks[among]:
                    out = []
                    family(g, look, s, kit, out)
                    assert out == []
                    skipped += 1
    assert skipped > 1000
