"""Landship rules beyond the §16 scenarios: panels, shapes, turn flow, movement, combat,
building, events and the end of the game (rule ids in the test names)."""

import json

import pytest

from game import rulesets
from game.core import IllegalAction, Setup, codec
from game.core.rng import Rng, ScriptedRng
from game.landship import actions as A
from game.landship import events as E
from game.landship.board import Board, Start, _crosses
from game.landship.constants import DEFAULT_PARAMS, SHIP_TYPES
from game.landship.rules import LandshipRuleset, start_game
from game.landship.state import HULK, NO_WIND, Phase
from tests.helpers.landship import (
    BLUE, RED, begin_turn, clear, new_game, put, put_hulk, rejects, script, ship_at,
)


def end_turn(g):
    return g.apply(g.current, A.END_TURN)


def kinds(events, cls):
    return [e for e in events if isinstance(e, cls)]


def open_board(w=15, h=15, void=()):
    on = [True] * (w * h)
    for x, y in void:
        on[y * w + x] = False
    return Board(width=w, height=h, on_board=tuple(on), rock=(False,) * (w * h), tiles=(),
                 tiles_depleted=(), starts=(Start(0, "resource_ship", w * h - 1),
                                            Start(1, "resource_ship", w * h - 2)))


# ---- S: pieces ----------------------------------------------------------------------------

def test_S_1_panels_are_the_seeds_numbers():
    p = DEFAULT_PARAMS
    table = {t: (s.atk, s.reach, s.range, s.integrity, s.move, s.dr, s.limit) for t, s in p.ships.items()}
    assert table == {
        "resource_ship": (2, "cheb", 2, 20, 1, 0, 1),
        "engineer_ship": (0, "none", 0, 10, 2, 2, 1),
        "heavy_gun_ship": (5, "manh", 5, 8, 1, 0, 3),
        "fortress_ship": (1, "cheb", 1, 12, 1, 3, 3),
        "ram_ship": (0, "melee", 1, 8, 4, 0, 3),
        "fast_ship": (2, "cheb", 2, 8, 3, 0, 3),
    }
    assert [p.capture_integrity(t) for t in SHIP_TYPES] == [10, 5, 4, 6, 4, 4]  # K-2


def test_P_parameters_default_to_the_spec():
    p = DEFAULT_PARAMS
    assert (p.ap_base, p.ap_die, p.max_rounds, p.build_range, p.capture_range) == (1, 4, 120, 4, 4)
    assert (p.repair_range_engineer, p.repair_amount, p.event_interval, p.outbreak_interval) == (4, 3, 10, 5)
    assert (p.wind_rounds, p.quicksand_rounds, p.repeat_window, p.repeat_limit) == (2, 2, 3, 3)
    assert p.capture_integrity_ratio == 0.5


# ---- B: shapes and lines --------------------------------------------------------------------

def test_B_4_shape_cell_counts():
    b = open_board()
    c = b.index_of((7, 7))
    assert len(b.area(c, "cheb", 2, 1)) == 24      # "5x5" range
    assert len(b.area(c, "cheb", 1, 1)) == 8       # "3x3" range and "around"
    assert len(b.area(c, "manh", 5, 1)) == 60      # heavy gun diamond
    assert len(b.area(c, "manh", 4, 1)) == 40      # "within four cells"
    assert len(b.area(c, "manh", 2)) == 13         # area 3x3+4
    assert len(b.area(c, "cheb", 1)) == 9          # area 3x3
    assert len(b.area(c, "manh", 1)) == 5          # area 1+4
    corner = b.index_of((0, 0))
    assert len(b.area(corner, "manh", 1)) == 3     # D2: off-board cells are ignored


def test_C_3_line_of_fire_reference():
    assert _crosses((0, 0), (4, 0), (2, 0))
    assert not _crosses((0, 0), (4, 0), (2, 1))
    assert _crosses((4, 4), (6, 6), (5, 5)) and not _crosses((4, 4), (6, 6), (5, 4))
    b = open_board()
    assert b.crossed(b.index_of((0, 0)), b.index_of((2, 2))) == (b.index_of((1, 1)),)


def test_C_3_line_test_in_integers_matches_exact_fractions():
    """`_crosses` keeps the spec's reference test's exact fractions as integer pairs; on every
    segment and cell of a 7x7 grid it answers as the Fraction version does."""
    from fractions import Fraction

    def reference(a, b, c):
        lo, hi = Fraction(0), Fraction(1)
        for p0, p1, cmin in ((2 * a[0] + 1, 2 * b[0] + 1, 2 * c[0]), (2 * a[1] + 1, 2 * b[1] + 1, 2 * c[1])):
            d = p1 - p0
            if d == 0:
                if not cmin < p0 < cmin + 2:
                    return False
            else:
                t1, t2 = Fraction(cmin - p0, d), Fraction(cmin + 2 - p0, d)
                lo, hi = max(lo, min(t1, t2)), min(hi, max(t1, t2))
        return lo < hi

    cells = [(x, y) for x in range(7) for y in range(7)]
    crossed = 0
    for a in cells:
        for b in cells:
            for c in cells:
                if min(a[0], b[0]) <= c[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= c[1] <= max(a[1], b[1]):
                    assert _crosses(a, b, c) == reference(a, b, c), (a, b, c)
                    crossed += _crosses(a, b, c)
    assert crossed > 1000   # the grid holds many crossings, not only misses


# ---- T / A: turn structure ------------------------------------------------------------------

def test_T_1_D33_turn_order_by_lot():
    g = new_game(RED, d4=2)
    assert g.order == (0, 1) and g.opening_events[0] == E.TurnOrderDrawn((0, 1), (2,))
    g = new_game(BLUE, d4=2)
    assert g.order == (1, 0) and g.current == BLUE
    assert g.opening_events[:4] == (E.TurnOrderDrawn((1, 0), (1,)), E.RoundStarted(1),
                                    E.TurnStarted(BLUE, 1), E.ApRolled(BLUE, 2, 0, 3))


def test_A_1_ap_is_one_plus_d4():
    rs = rulesets.get("landship")
    seen = set()
    for seed in range(40):
        g = rs.new_game(Setup(seats=("human", "human"), seed=seed))
        assert g.ap == g.ap_rolled and 2 <= g.ap <= 5
        seen.add(g.ap)
    assert seen == {2, 3, 4, 5}


def test_T_5_fresh_ends_with_the_owners_turn_and_counters_reset():
    g = new_game(RED, d4=3)
    rs = ship_at(g, (4, 1))
    g.auto_end = False
    g.apply(RED, A.Build(rs.id, "fast_ship", (4, 4)))
    fast = ship_at(g, (4, 4))
    assert fast.fresh and rs.ap_spent == 2 and rs.actions == 1 and g.current == RED
    rejects(g, RED, A.Move(fast.id, (4, 5)), "ship_fresh")
    end_turn(g)
    assert g.current == BLUE
    assert not fast.fresh and rs.ap_spent == 0 and rs.actions == 0


def test_A_3_fresh_ship_is_attackable():
    g = new_game(RED, d4=3)
    clear(g)
    put(g, RED, "resource_ship", (0, 0))
    put(g, BLUE, "resource_ship", (9, 19))
    gun = put(g, RED, "heavy_gun_ship", (5, 5))
    fresh = put(g, BLUE, "fast_ship", (5, 8), fresh=True)
    begin_turn(g, RED, 3, round=2)
    assert g.reason(RED, A.Attack(gun, fresh)) is None


def test_D6_turn_auto_ends_right_after_the_roll_when_nothing_can_act():
    g = new_game(RED, d4=3)
    clear(g)
    rs = put(g, RED, "resource_ship", (0, 0))
    put(g, BLUE, "resource_ship", (9, 19))
    begin_turn(g, BLUE, 2, round=4)
    g.ships[rs].stalled_round = 5  # Red's only ship is stalled next round
    script(g, (4, 4), (4, 1))
    ev = end_turn(g)
    assert kinds(ev, E.ApRolled)[0] == E.ApRolled(RED, 4, 0, 5)
    assert kinds(ev, E.TurnAutoEnded) == [E.TurnAutoEnded(RED)]
    assert kinds(ev, E.TurnEnded)[-1] == E.TurnEnded(RED, 5)
    assert g.current == BLUE and g.round == 5


# ---- M: movement ------------------------------------------------------------------------------

def test_M_3_D32_path_is_the_smallest_shortest_path():
    g = new_game(RED, d4=3)
    clear(g)
    put(g, RED, "resource_ship", (0, 0))
    put(g, BLUE, "resource_ship", (9, 19))
    eng = put(g, RED, "engineer_ship", (4, 4))
    begin_turn(g, RED, 3, round=2)
    ev = g.apply(RED, A.Move(eng, (5, 5)))
    assert kinds(ev, E.ShipMoved)[0].path == ((4, 4), (5, 4), (5, 5))  # E before S


def test_M_1_paths_pass_own_ships_but_not_enemies_or_hulks():
    g = new_game(RED, d4=3)
    clear(g)
    put(g, RED, "resource_ship", (0, 0))
    put(g, BLUE, "resource_ship", (9, 19))
    fast = put(g, RED, "fast_ship", (2, 10))
    put(g, RED, "fortress_ship", (2, 11))
    begin_turn(g, RED, 3, round=2)
    ev = g.apply(RED, A.Move(fast, (2, 12)))
    assert kinds(ev, E.ShipMoved)[0].path == ((2, 10), (2, 11), (2, 12))
    g2 = new_game(RED, d4=3)
    clear(g2)
    put(g2, RED, "resource_ship", (0, 0))
    put(g2, BLUE, "resource_ship", (9, 19))
    eng = put(g2, RED, "engineer_ship", (0, 10))
    put(g2, BLUE, "fast_ship", (0, 11))
    put_hulk(g2, "fast_ship", (1, 10))
    begin_turn(g2, RED, 3, round=2)
    moves = [m.to for m in g2.legal_actions(RED) if isinstance(m, A.Move) and m.ship == eng]
    assert moves == [(0, 8), (0, 9), (1, 9)]


def test_E_7_ram_allowance_in_the_wind():
    g = new_game(RED, d4=3)
    clear(g)
    put(g, RED, "resource_ship", (0, 0))
    put(g, BLUE, "resource_ship", (9, 19))
    ram = put(g, RED, "ram_ship", (4, 10))
    begin_turn(g, RED, 3, round=2)
    g.wind_dir, g.wind_until = 2, 3  # toward S
    moves = {m.to for m in g.legal_actions(RED) if isinstance(m, A.Move) and m.ship == ram}
    assert (4, 15) in moves and (4, 16) not in moves      # downwind 5
    assert (4, 7) in moves and (4, 6) not in moves        # upwind 3
    assert (8, 10) in moves and (0, 10) in moves          # crosswind 4
    target = put(g, BLUE, "fast_ship", (4, 16))
    assert A.Ram(ram, "S", 5) in g.legal_actions(RED)
    g.wind_dir = NO_WIND
    rejects(g, RED, A.Ram(ram, "S", 5), "out_of_reach")
    assert g.ships[target].integrity == 8


def test_M_4_nothing_moves_off_the_board():
    g = new_game(RED, d4=3)
    rs = ship_at(g, (4, 1)).id
    rejects(g, RED, A.Move(rs, (4, -1)), "cell_off_board")


# ---- C: combat --------------------------------------------------------------------------------

def test_C_4_isolation_only_for_fortresses():
    g = new_game(RED, d4=3)
    clear(g)
    f = put(g, BLUE, "fortress_ship", (5, 5))
    e = put(g, BLUE, "engineer_ship", (0, 0))
    assert g.eff_dr(g.ships[f]) == 4 and g.eff_dr(g.ships[e]) == 2
    put(g, BLUE, "fast_ship", (6, 6))
    assert g.eff_dr(g.ships[f]) == 3
    put(g, RED, "fast_ship", (4, 4))  # an enemy neighbour does not count
    assert g.eff_dr(g.ships[f]) == 3


def test_C_5_markers_vanish_with_the_hulk_and_with_their_player():
    g = new_game(RED, d4=3)
    clear(g)
    put(g, RED, "resource_ship", (0, 0))
    rb = put(g, BLUE, "resource_ship", (9, 19))
    gun = put(g, RED, "heavy_gun_ship", (5, 5))
    victim = put(g, BLUE, "fast_ship", (5, 8), integrity=5)
    other = put(g, BLUE, "fortress_ship", (5, 10))
    begin_turn(g, RED, 3, round=2)
    g.apply(RED, A.Attack(gun, victim))
    g.apply(RED, A.Attack(gun, other))
    assert g.ships[victim].integrity == 0 and g.ships[victim].pierce == [[RED, 2]]
    script(g, (4, 1), (4, 1))
    end_turn(g)
    end_turn(g)
    assert g.ships[victim].owner == HULK and g.ships[victim].pierce == []
    assert g.ships[other].pierce == [[RED, 1]]
    g.apply(RED, A.RESIGN)
    assert g.ships[other].pierce == [] and g.ships[rb].owner == BLUE


def test_C_7_repair_saves_a_wreck_from_scrapping():
    g = new_game(RED, d4=3)
    clear(g)
    put(g, RED, "resource_ship", (0, 0))
    rb = put(g, BLUE, "resource_ship", (9, 19))
    wreck = put(g, BLUE, "fast_ship", (8, 18), integrity=0)
    begin_turn(g, BLUE, 3, round=2)
    ev = g.apply(BLUE, A.Repair(rb, wreck))
    assert kinds(ev, E.ShipRepaired)[0].amount == 3
    end_turn(g)
    assert g.ships[wreck].owner == BLUE and g.ships[wreck].integrity == 3


def test_K_3_repair_reach_and_cap():
    g = new_game(RED, d4=3)
    clear(g)
    rs = put(g, RED, "resource_ship", (5, 5))
    eng = put(g, RED, "engineer_ship", (0, 10))
    near = put(g, RED, "fast_ship", (6, 6), integrity=7)
    far = put(g, RED, "fast_ship", (2, 12), integrity=1)
    put(g, BLUE, "resource_ship", (9, 19))
    begin_turn(g, RED, 5, round=2)
    ev = g.apply(RED, A.Repair(rs, near))  # diagonal: "around"
    assert kinds(ev, E.ShipRepaired)[0].amount == 1 and g.ships[near].integrity == 8
    g.apply(RED, A.Repair(eng, far))  # manh 4
    assert g.ships[far].integrity == 4
    rejects(g, RED, A.Repair(rs, far), "out_of_range")


# ---- E: events ----------------------------------------------------------------------------------

def test_E_3_void_centre_rerolls_both_dice():
    board = open_board(10, 20, void=[(0, 0)])
    setup = LandshipRuleset().with_id(Setup(seats=("human", "human"), seed=1))
    g = start_game(setup, board, ScriptedRng([2, 1], then=Rng(99)))  # D33 d2, then the d4
    begin_turn(g, BLUE, 2, round=10)
    g.rounds_since_event = 9
    script(g, (8, 5), (10, 1), (20, 1), (10, 3), (20, 3), (4, 1))
    ev = end_turn(g)
    rolled = kinds(ev, E.EventRolled)[0]
    assert rolled.rolls == ((0, 0),) and rolled.centre == (2, 2)


def test_E_4_thunderstorms_and_event_damage_is_no_wreck():
    g = new_game(RED, d4=3)
    clear(g)
    put(g, RED, "resource_ship", (0, 0))
    put(g, BLUE, "resource_ship", (9, 19))
    f = put(g, BLUE, "fortress_ship", (5, 5))
    hulk = put_hulk(g, "fast_ship", (5, 6))
    begin_turn(g, BLUE, 2, round=10)
    g.rounds_since_event = 9
    script(g, (8, 5), (10, 6), (20, 6), (4, 1))
    ev = end_turn(g)
    assert kinds(ev, E.IntegrityLost) == [E.IntegrityLost(f, (5, 5), 1, 11, "dry_thunderstorm")]
    assert g.ships[hulk].owner == HULK and kinds(ev, E.AreaMarked)[0].until == 11
    begin_turn(g, BLUE, 2, round=20)
    g.rounds_since_event = 9
    script(g, (8, 6), (10, 6), (20, 6), (4, 1))
    ev = end_turn(g)
    assert g.ships[f].owner == HULK
    assert E.ShipDestroyed(f, "fortress_ship", BLUE, (5, 5), "scrapped") in ev
    assert (BLUE, "fortress_ship") not in g.streaks


def test_E_1_outbreak_interval_is_read_at_each_check():
    g = new_game(RED, d4=3)
    begin_turn(g, BLUE, 2, round=10)
    g.rounds_since_event = 9
    script(g, (8, 2), (4, 1))
    end_turn(g)
    assert g.outbreak and g.rounds_since_event == 0 and g.next_event_round() == 15


# ---- V: end of the game ----------------------------------------------------------------------------

def test_V_6_resign_ends_the_game_at_once():
    g = new_game(RED, d4=3)
    ev = g.apply(RED, A.RESIGN)
    assert ev[0] == E.PlayerResigned(RED)
    assert E.PlayerEliminated(RED, "V-6") in ev and ev[-1].cause == "V-6"
    assert g.result().winners == (BLUE,) and g.phase is Phase.OVER
    assert all(s.owner in (HULK, BLUE) for s in g.ships.values())
    assert g.to_move() == [] and g.legal_actions(RED) == []


def test_V_2_eliminated_fleet_becomes_hulks():
    g = new_game(RED, d4=3)
    clear(g)
    put(g, RED, "resource_ship", (0, 0))
    gun = put(g, BLUE, "heavy_gun_ship", (9, 19))
    begin_turn(g, BLUE, 2, round=3)
    ev = end_turn(g)
    assert E.ShipDestroyed(gun, "heavy_gun_ship", BLUE, (9, 19), "eliminated") in ev
    assert g.result().winners == (RED,) and g.result().cause == "V-3"


def test_V_4_streak_resets_after_the_window():
    g = new_game(RED, d4=3)
    g.streaks[(BLUE, "fast_ship")] = [3, 5, 0]
    begin_turn(g, BLUE, 2, round=8)
    end_turn(g)
    assert g.streaks[(BLUE, "fast_ship")][0] == 0


# ---- protocol ---------------------------------------------------------------------------------

def test_view_is_public_json_without_the_rng():
    g = new_game(RED, d4=3)
    red, blue, public = g.view(RED).to_json(), g.view(BLUE).to_json(), g.view(None).to_json()
    text = json.dumps(red)
    assert "rng" not in red and str(g.rng.state) not in text
    assert {k: v for k, v in red.items() if k != "seat"} == {k: v for k, v in blue.items() if k != "seat"}
    assert public["next_event_round"] == 10 and public["board"]["width"] == 10
    assert len(public["tiles"]) == 10 and len(public["ships"]) == 2


def test_actions_and_events_survive_the_codec():
    samples = [A.Move(1, (2, 3)), A.Attack(1, 2), A.Ram(1, "S", 3), A.Repair(1, 2),
               A.Build(1, "fast_ship", (4, 5)), A.Capture(1, 2), A.END_TURN, A.RESIGN]
    for a in samples:
        assert codec.decode(json.loads(json.dumps(codec.encode(a))), "landship") == a
    g = new_game(RED, d4=3)
    events = list(g.opening_events) + g.apply(RED, A.Build(ship_at(g, (4, 1)).id, "engineer_ship", (4, 5)))
    for e in events:
        assert codec.decode(json.loads(json.dumps(codec.encode(e))), "landship") == e


def test_seat_count_is_checked():
    with pytest.raises(IllegalAction) as err:
        rulesets.get("landship").new_game(Setup(seats=("human",) * 3, seed=1))
    assert err.value.reason_key == "bad_seat_count"
    assert rulesets.agents("landship")["greedy"].id == "greedy"  # from game/landship/agents.py
