"""I-1..I-3, D30, D31: every rejection reason, each leaving the state and the PRNG unchanged.

`rejects()` (tests/helpers/landship.py) asserts the reason and that the digest (which holds
the RNG state) and the RNG are unchanged, and that no event came out (the call raised).
"""

import pytest

from game.core import IllegalAction
from game.core.i18n import error_text
from game.landship import actions as A
from game.landship.legality import KEYS
from game.tidegate import actions as tidegate_actions
from tests.helpers.landship import (
    BLUE, RED, begin_turn, clear, new_game, put, put_hulk, rejects,
)
from tests.helpers.refusal import assert_refused


@pytest.fixture
def g():
    """Round 3, Red to act with 5 AP; Red builders at (4,1) (on a tile) and (6,1)."""
    game = new_game(RED, d4=1)
    clear(game)
    put(game, RED, "resource_ship", (4, 1))
    put(game, RED, "engineer_ship", (6, 1))
    put(game, BLUE, "resource_ship", (5, 18))
    begin_turn(game, RED, 5, round=3)
    return game


def ship(g, xy):
    return g.ships[g.cell[g.board.index_of(xy)]].id


@pytest.mark.parametrize("thing", [None, 42, "move", {}, ("move", 1)])
def test_I_2_anything_but_a_landship_action_is_not_an_action(g, thing):
    """The spec's unknown_action is the core not_an_action refusal, whoever's turn it is."""
    assert_refused(g, RED, thing, "not_an_action", seat=RED)
    assert_refused(g, BLUE, thing, "not_an_action", seat=BLUE)


def test_I_2_refusal_names_the_action_and_seat(g):
    """A refusal carries key + params: the action's type name and the seat."""
    refusal = g.reason(RED, A.Move(999, (4, 2)))
    assert isinstance(refusal, IllegalAction)
    assert (refusal.key, refusal.params) == ("landship.unknown_ship", {"action": "move", "seat": RED})


def test_I_2_turn_group(g):
    rejects(g, BLUE, A.END_TURN, "not_your_turn")
    rejects(g, RED, tidegate_actions.ROLL, "not_an_action")  # the spec's unknown_action
    g.apply(RED, A.RESIGN)
    rejects(g, BLUE, A.END_TURN, "game_over")


def test_D31_malformed_payloads(g):
    rs = ship(g, (4, 1))
    rejects(g, RED, A.Ram(rs, "NE", 1), "bad_payload")
    rejects(g, RED, A.Ram(rs, "N", -1), "bad_payload")
    rejects(g, RED, A.Build(rs, "shuttle", (4, 3)), "bad_payload")
    rejects(g, RED, A.Move(rs, (4,)), "bad_payload")
    rejects(g, RED, A.Move("1", (4, 2)), "bad_payload")
    rejects(g, RED, A.Attack(rs, None), "bad_payload")


def test_I_2_ship_group(g):
    rejects(g, RED, A.Move(999, (4, 2)), "unknown_ship")
    hulk = put_hulk(g, "fast_ship", (0, 10))
    rejects(g, RED, A.Move(hulk, (0, 9)), "ship_is_hulk")
    rejects(g, RED, A.Move(ship(g, (5, 18)), (5, 17)), "not_own_ship")
    fresh = put(g, RED, "fast_ship", (2, 10), fresh=True)
    rejects(g, RED, A.Move(fresh, (2, 9)), "ship_fresh")
    stalled = put(g, RED, "fast_ship", (3, 10))
    g.ships[stalled].stalled_round = g.round
    rejects(g, RED, A.Move(stalled, (3, 9)), "ship_stalled")


def test_I_2_ap_group(g):
    fast = put(g, RED, "fast_ship", (2, 10))
    enemy = put(g, BLUE, "fast_ship", (2, 12))
    g.ap = 0
    rejects(g, RED, A.Move(fast, (2, 9)), "not_enough_ap")
    g.ap = 5
    g.apply(RED, A.Attack(fast, enemy))
    g.apply(RED, A.Attack(fast, enemy))
    rejects(g, RED, A.Attack(fast, enemy), "ship_ap_cap")
    gun = put(g, RED, "heavy_gun_ship", (7, 10))
    g.apply(RED, A.Move(gun, (7, 11)))
    rejects(g, RED, A.Move(gun, (7, 12)), "move_limit")


def test_I_2_action_limit_is_checked_after_the_ap_cap():
    """A-3's two-action cap is a safeguard: with the spec's costs the 2-AP cap comes first,
    so the state is built directly (a ship that acted twice for 1 AP)."""
    g = new_game(RED, d4=1)
    clear(g)
    put(g, RED, "resource_ship", (4, 1))
    put(g, BLUE, "resource_ship", (5, 18))
    fast = put(g, RED, "fast_ship", (2, 10))
    enemy = put(g, BLUE, "fast_ship", (2, 12))
    begin_turn(g, RED, 4, round=2)
    g.ships[fast].actions = 2
    g.ships[fast].ap_spent = 1
    rejects(g, RED, A.Attack(fast, enemy), "action_limit")


def test_I_2_cells_and_movement(g):
    rs = ship(g, (4, 1))
    eng = ship(g, (6, 1))
    rejects(g, RED, A.Move(rs, (4, -1)), "cell_off_board")
    rejects(g, RED, A.Move(rs, (10, 1)), "cell_off_board")
    rejects(g, RED, A.Move(eng, (4, 1)), "cell_occupied")
    g.quicksand.append(((g.board.index_of((6, 2)),), g.round + 1))
    rejects(g, RED, A.Move(eng, (6, 2)), "cell_impassable")
    rejects(g, RED, A.Move(eng, (6, 5)), "out_of_reach")
    ram = put(g, RED, "ram_ship", (2, 10))
    rejects(g, RED, A.Move(ram, (3, 11)), "not_straight")
    rejects(g, RED, A.Move(ram, (2, 15)), "out_of_reach")
    assert g.reason(RED, A.Move(ram, (2, 14))) is None


def test_I_2_combat(g):
    rs = ship(g, (4, 1))
    eng = ship(g, (6, 1))
    rejects(g, RED, A.Attack(eng, ship(g, (5, 18))), "cannot_attack")
    rejects(g, RED, A.Attack(rs, ship(g, (5, 18))), "out_of_range")
    rejects(g, RED, A.Attack(rs, eng), "invalid_target")
    hulk = put_hulk(g, "fast_ship", (4, 3))
    rejects(g, RED, A.Attack(rs, hulk), "invalid_target")
    rejects(g, RED, A.Attack(rs, 999), "unknown_ship")
    storm = put(g, BLUE, "fast_ship", (3, 3))
    g.ships[storm].stalled_round = g.round
    rejects(g, RED, A.Attack(rs, storm), "target_protected")
    target = put(g, BLUE, "fast_ship", (2, 3))
    put(g, BLUE, "fortress_ship", (3, 2))
    rejects(g, RED, A.Attack(rs, target), "line_blocked")
    ram = put(g, RED, "ram_ship", (8, 8))
    rejects(g, RED, A.Ram(rs, "S", 0), "cannot_attack")
    rejects(g, RED, A.Ram(ram, "S", 2), "no_ram_target")
    rejects(g, RED, A.Ram(ram, "E", 1), "no_ram_target")      # cell k+1 off the board
    rejects(g, RED, A.Ram(ram, "E", 2), "cell_off_board")
    own = put(g, RED, "fast_ship", (8, 10))
    rejects(g, RED, A.Ram(ram, "S", 1), "invalid_target")
    rejects(g, RED, A.Ram(ram, "S", 2), "cell_occupied")
    assert g.ships[own].owner == RED
    blue = put(g, BLUE, "fast_ship", (7, 8))
    g.ships[blue].stalled_round = g.round
    rejects(g, RED, A.Ram(ram, "W", 0), "target_protected")
    rejects(g, RED, A.Ram(ram, "N", 5), "out_of_reach")


def test_I_2_building(g):
    rs = ship(g, (4, 1))
    eng = ship(g, (6, 1))
    fast = put(g, RED, "fast_ship", (2, 10))
    rejects(g, RED, A.Build(fast, "ram_ship", (2, 11)), "not_a_builder")
    rejects(g, RED, A.Repair(fast, rs), "not_a_builder")
    rejects(g, RED, A.Capture(fast, rs), "not_a_builder")
    rejects(g, RED, A.Build(eng, "ram_ship", (6, 3)), "not_on_resource")
    g.depleted[g.board.tile_index[g.board.index_of((4, 1))]] = True
    rejects(g, RED, A.Build(rs, "ram_ship", (4, 3)), "resource_depleted")
    g.depleted[g.board.tile_index[g.board.index_of((4, 1))]] = False
    rejects(g, RED, A.Build(rs, "resource_ship", (4, 3)), "type_not_buildable")
    rejects(g, RED, A.Build(rs, "engineer_ship", (4, 3)), "holding_limit")
    rejects(g, RED, A.Build(rs, "ram_ship", (4, -1)), "cell_off_board")
    rejects(g, RED, A.Build(rs, "ram_ship", (6, 1)), "cell_occupied")
    g.wind_dir, g.wind_until = 0, g.round + 1
    rejects(g, RED, A.Build(rs, "ram_ship", (4, 3)), "wind_blocks_building")


def test_I_2_capture_and_repair(g):
    rs = ship(g, (4, 1))
    eng = ship(g, (6, 1))
    blue = ship(g, (5, 18))
    rejects(g, RED, A.Capture(eng, put(g, BLUE, "fast_ship", (6, 3))), "not_a_hulk")
    rejects(g, RED, A.Repair(eng, rs), "already_full")
    rejects(g, RED, A.Repair(eng, eng), "cannot_repair_self")
    rejects(g, RED, A.Repair(rs, blue), "out_of_range")
    rejects(g, RED, A.Repair(eng, ship(g, (6, 3))), "invalid_target")
    rejects(g, RED, A.Repair(rs, 999), "unknown_ship")


def test_I_2_every_reason_has_both_languages():
    for reason, key in KEYS.items():
        for lang in ("en", "zh"):
            text = error_text(IllegalAction(key, action="move", seat=0), lang)
            assert text and not text.startswith("error."), (reason, lang)
    assert error_text(IllegalAction(KEYS["line_blocked"]), "zh") != \
        error_text(IllegalAction(KEYS["line_blocked"]), "en")
