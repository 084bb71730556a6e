"""I-1 / D6 with the kept enumeration (legality.py `remember`/`recall`): after an action the
rules keep the seat's legal actions for its next `legal_actions` and `apply`, but only while
nothing legality reads has changed, whoever changed it."""

from __future__ import annotations

from game.landship import actions as A
from game.landship import legality, movement
from tests.helpers.landship import BLUE, RED, begin_turn, clear, new_game, put, rejects


def fresh_enumeration(g, seat):
    """What the checks list for `seat` now, without the kept list."""
    g.legal_memo = None
    return g.legal_actions(seat)


def two_fast_ships():
    g = new_game(RED, d4=3)
    clear(g)
    put(g, RED, "resource_ship", (4, 1))
    put(g, BLUE, "resource_ship", (5, 18))
    fast = put(g, RED, "fast_ship", (2, 10))
    put(g, BLUE, "fast_ship", (2, 14))
    begin_turn(g, RED, 4, round=2)
    return g, fast


def test_I_1_an_action_keeps_the_next_list_and_it_is_the_enumeration():
    g, fast = two_fast_ships()
    g.apply(RED, A.Move(fast, (2, 11)))
    assert legality.recall(g, RED) is not None
    kept = g.legal_actions(RED)
    assert kept == fresh_enumeration(g, RED)
    assert A.Move(fast, (2, 12)) in kept


def test_I_1_a_hand_edit_after_an_action_is_judged_afresh():
    g, fast = two_fast_ships()
    g.apply(RED, A.Move(fast, (2, 11)))
    listed = next(a for a in g.legal_actions(RED) if a == A.Move(fast, (2, 12)))
    g.ships[fast].stalled_round = g.round          # edited by hand: no rule ran
    rejects(g, RED, listed, "ship_stalled")
    assert listed not in g.legal_actions(RED)
    g.ships[fast].stalled_round = 0
    assert g.reason(RED, listed) is None
    g.ships[fast].moves = 2                        # both of D10's moves used, by hand
    rejects(g, RED, listed, "move_limit")


def test_I_1_a_piece_placed_by_hand_blocks_a_kept_move():
    g, fast = two_fast_ships()
    g.apply(RED, A.Move(fast, (2, 11)))
    listed = next(a for a in g.legal_actions(RED) if a == A.Move(fast, (2, 12)))
    put(g, BLUE, "engineer_ship", (2, 12))
    rejects(g, RED, listed, "cell_occupied")


def test_the_returned_list_is_the_callers_own():
    g, fast = two_fast_ships()
    first = g.legal_actions(RED)
    first.clear()
    assert g.legal_actions(RED) == fresh_enumeration(g, RED) != []


def test_a_clone_keeps_the_list_only_while_it_is_unchanged():
    g, fast = two_fast_ships()
    g.apply(RED, A.Move(fast, (2, 11)))
    twin = g.clone()
    assert twin.legal_actions(RED) == g.legal_actions(RED)
    twin.ships[fast].actions = 2
    twin.ships[fast].ap_spent = 2
    twin.ships[fast].moves = 2
    assert legality.recall(twin, RED) is None
    assert not any(getattr(a, "ship", None) == fast for a in twin.legal_actions(RED))
    assert any(getattr(a, "ship", None) == fast for a in g.legal_actions(RED))


def test_the_kept_list_makes_no_reference_cycle():
    """A played game is freed as soon as it is dropped (no collector pass needed): the kept
    Look holds the pieces, not the state."""
    import gc
    import weakref

    g, fast = two_fast_ships()
    g.apply(RED, A.Move(fast, (2, 11)))
    g.legal_actions(RED)
    assert legality.recall(g, RED)[4] is not None   # a Look is kept
    gc.disable()
    try:
        ref = weakref.ref(g)
        del g
        assert ref() is None
    finally:
        gc.enable()


def random_positions(seeds=range(1, 9)):
    """(game, action just applied) after every action of random two-seat games."""
    from game import rulesets
    from game.ai import make_agent
    from game.core.protocol import Setup

    rs = rulesets.get("landship")
    for seed in seeds:
        g = rs.new_game(Setup(seats=("random", "random"), seed=seed))
        agents = [make_agent("random", rs, i, seed) for i in range(2)]
        while g.result() is None:
            seat = g.to_move()[0]
            action = agents[seat].choose(None, g.legal_actions(seat))
            g.apply(seat, action)
            yield g, action


def test_M_1_I_1_the_look_a_move_attack_or_repair_keeps_is_a_fresh_look():
    """The Look an action's check made follows a move (`Look.moved`) and is kept through an
    attack or a repair for the D6 enumeration after it: in random games, the kept Look after
    every action tells what a fresh one reads from the pieces (who stands where, hulks,
    quicksand, each seat's own pieces, enemies and passable cells, M-1)."""
    from game.landship.base import Look

    checked = 0
    for g, _ in random_positions():
        memo = g.legal_memo
        if memo is None or memo[4] is None:
            continue
        kept, fresh = memo[4], Look(g, memo[0])
        assert kept.pieces_mask == fresh.pieces_mask
        assert kept.hulks_mask == fresh.hulks_mask
        assert kept.sand == fresh.sand and kept.sand_mask == fresh.sand_mask
        for s in range(2):
            assert kept.sides[s] == fresh.sides[s]
        for ship_id, entry in kept.reach.items():
            assert entry == movement._reach_entry(g, fresh, g.ships[ship_id])
        checked += 1
    assert checked > 1000


def test_M_1_I_1_the_stamp_kept_after_a_move_is_a_fresh_stamp():
    """After a move the kept list's stamp takes only the mover's entry again
    (`legality.moved_stamps`; M-1: a move writes the pool and the mover alone): after every
    action of random games, the kept stamp is what a fresh one reads from the state, so a
    later hand edit is still seen and an unchanged state still recalls its list."""
    moves = 0
    for g, action in random_positions():
        memo = g.legal_memo
        if memo is not None:
            assert (memo[1], memo[2]) == legality.stamp(g)
            moves += isinstance(action, A.Move)
    assert moves > 1000


def test_M_1_I_1_the_list_kept_after_a_move_is_a_fresh_enumeration():
    """After a move the D6 enumeration takes some ships' plays from the kept list
    (`legality.after_move`: the mover's seat-mates whose plays read neither of the move's
    cells): after every action of random games, the kept list and where each ready ship's
    plays end in it are what a fresh enumeration finds."""
    from game.landship.base import Look

    reused = 0
    for g, action in random_positions():
        memo = g.legal_memo
        if memo is None:
            continue
        fresh, _, ends = legality.plays_in(g, memo[0], Look(g, memo[0]))
        assert memo[3] == fresh + [A.END_TURN, A.RESIGN]
        assert memo[5] == ends
        reused += isinstance(action, A.Move)
    assert reused > 1000


class _UnreadableCells(list):
    """A cell table that fails when read: the checks must find who stands where from the
    pieces (base.cell_reason), which is why the kept list's stamp does not hold it."""

    def _refuse(self, *args, **kwargs):
        raise AssertionError("legality read the cell table")

    __getitem__ = __iter__ = __contains__ = __eq__ = __len__ = index = count = _refuse


def test_I_1_B_3_legality_never_reads_the_cell_table():
    """The kept list is checked against a stamp of the pieces, not of the cell table
    (legality.py): that is sound because no check and no enumeration reads the table. In
    positions of random games, with the table made unreadable, every play is listed as
    before and every candidate action (every shape, every ship, cells on and off the board)
    gets the same refusal or none (I-2; B-3: the table is only the effects' index of the
    pieces' cells)."""
    from tests.game.landship.invariants import candidates
    from tests.game.landship.test_shortcuts import positions
    from game.core.rng import Rng

    judged = 0
    for n, (g, seat) in enumerate(positions(range(1, 4), every=40)):
        blind = g.clone()
        blind.cell = _UnreadableCells()
        blind.legal_memo = g.legal_memo = None
        assert legality.plays(blind, seat) == legality.plays(g, seat)
        for action in candidates(g, seat, [], Rng(n))[::7]:
            seen, read = blind.reason(seat, action), g.reason(seat, action)
            assert (seen and (seen.key, seen.params)) == (read and (read.key, read.params)), action
            judged += 1
    assert judged > 5000
