"""§16 acceptance scenarios SC-1..SC-15, one test each (variants included), with the spec's
exact numbers. Default map; Red = seat 0, Blue = seat 1; pieces placed and dice scripted by
`tests/helpers/landship.py`.
"""

from game.landship import actions as A
from game.landship import events as E
from game.landship.state import HULK, NO_WIND, Phase
from tests.helpers.landship import (
    BLUE, RED, begin_turn, clear, new_game, only_end_or_resign, put, put_hulk, rejects, script,
    ship_at,
)


def end_turn(g):
    return g.apply(g.current, A.END_TURN)


def kinds(events, cls):
    return [e for e in events if isinstance(e, cls)]


def game_at_round_end(round_no, rounds_since_event):
    """Red first; it is Blue's turn (the round's last) in `round_no`; nothing placed yet."""
    g = new_game(RED, d4=1)
    clear(g)
    begin_turn(g, BLUE, 2, round=round_no)
    g.rounds_since_event = rounds_since_event
    return g


def test_SC_1_A_1_K_1_D6_first_turn_build_then_auto_end():
    g = new_game(RED, d4=3)
    assert g.current == RED and g.ap == 4 and g.round == 1
    rs = ship_at(g, (4, 1))
    assert rs.type == "resource_ship" and rs.owner == RED
    assert g.depleted[g.board.tile_index[g.board.index_of((4, 1))]] is False
    script(g, (4, 2))  # Blue's AP roll
    ev = g.apply(RED, A.Build(rs.id, "engineer_ship", (4, 5)))
    eng = ship_at(g, (4, 5))
    assert eng.type == "engineer_ship" and eng.integrity == 10 and eng.owner == RED
    assert g.depleted[g.board.tile_index[g.board.index_of((4, 1))]] is True
    built = kinds(ev, E.ShipBuilt)[0]
    assert built.ap_left == 2 and built.at == (4, 5)
    assert kinds(ev, E.TileDepleted) == [E.TileDepleted((4, 1))]
    assert kinds(ev, E.TurnAutoEnded) == [E.TurnAutoEnded(RED)]
    assert kinds(ev, E.TurnEnded) == [E.TurnEnded(RED, 2)]  # 2 AP lost
    assert g.current == BLUE and g.ap == 3


def test_SC_2_K_1_S_4_I_1_build_rejections_change_nothing():
    g = new_game(RED, d4=3)
    begin_turn(g, RED, 5)
    rs = ship_at(g, (4, 1)).id
    rejects(g, RED, A.Build(rs, "engineer_ship", (4, 6)), "out_of_range")  # manh 5
    rejects(g, RED, A.Build(rs, "resource_ship", (4, 5)), "type_not_buildable")
    for xy in ((0, 5), (1, 5), (2, 5)):
        put(g, RED, "heavy_gun_ship", xy)
    rejects(g, RED, A.Build(rs, "heavy_gun_ship", (4, 5)), "holding_limit")
    g.wind_dir, g.wind_until = 1, g.round + 1
    rejects(g, RED, A.Build(rs, "engineer_ship", (4, 5)), "wind_blocks_building")
    g.wind_dir, g.wind_until = NO_WIND, 0
    enemy = put(g, BLUE, "fast_ship", (5, 2))
    g.apply(RED, A.Attack(rs, enemy))
    assert g.ap == 4
    rejects(g, RED, A.Build(rs, "engineer_ship", (4, 5)), "ship_ap_cap")
    assert g.ap == 4 and not g.depleted[g.board.tile_index[g.board.index_of((4, 1))]]


def test_SC_3_C_2_C_4_C_5_T_5_piercing_stacks_and_expires():
    g = new_game(RED, d4=1)
    clear(g)
    put(g, RED, "resource_ship", (0, 0))
    put(g, BLUE, "resource_ship", (9, 19))
    h = put(g, RED, "heavy_gun_ship", (2, 5))
    f = put(g, BLUE, "fortress_ship", (2, 8))
    e = put(g, BLUE, "engineer_ship", (3, 10))
    begin_turn(g, RED, 3, round=1)
    fort = g.ships[f]
    assert g.eff_dr(fort) == 4
    ev = g.apply(RED, A.Attack(h, f))
    assert kinds(ev, E.AttackResolved)[0].eff_dr == 4 and fort.integrity == 11
    assert fort.pierce == [[RED, 2]]
    ev = g.apply(RED, A.Attack(h, f))
    assert kinds(ev, E.AttackResolved)[0].eff_dr == 3 and kinds(ev, E.AttackResolved)[0].damage == 2
    assert fort.integrity == 9 and fort.pierce == [[RED, 2], [RED, 2]]
    rejects(g, RED, A.Attack(h, f), "ship_ap_cap")
    script(g, (4, 2), (4, 2))  # Blue's AP, then Red's in round 2
    end_turn(g)
    assert fort.pierce == [[RED, 1], [RED, 1]]
    g.apply(BLUE, A.Move(e, (3, 8)))
    end_turn(g)
    assert g.round == 2 and g.current == RED
    ev = g.apply(RED, A.Attack(h, f))
    hit = kinds(ev, E.AttackResolved)[0]
    assert (hit.eff_dr, hit.damage, fort.integrity) == (1, 4, 5)
    assert len(fort.pierce) == 3
    ev = end_turn(g)
    assert fort.pierce == [[RED, 1]]
    assert kinds(ev, E.PierceExpired) == [E.PierceExpired(RED, (f,))]
    assert g.current == BLUE and g.eff_dr(fort) == 2


def _ram_setup(target_type="heavy_gun_ship", friend=False, ram_at=(3, 10)):
    g = new_game(RED, d4=1)
    clear(g)
    put(g, RED, "resource_ship", (0, 0))
    put(g, BLUE, "resource_ship", (9, 19))
    r = put(g, RED, "ram_ship", ram_at)
    t = put(g, BLUE, target_type, (3, 14))
    if friend:
        put(g, BLUE, "fast_ship", (4, 14))
    begin_turn(g, RED, 3, round=1)
    return g, r, t


def test_SC_5_C_6_C_7_ram_and_the_wreck_fires_back():
    g, r, t = _ram_setup()
    script(g, (6, 5))
    ev = g.apply(RED, A.Ram(r, "S", 3))
    ram = kinds(ev, E.RamResolved)[0]
    assert (ram.k, ram.d6, ram.damage, ram.self_damage) == (3, 5, 8, 2)
    assert ram.path == ((3, 10), (3, 11), (3, 12), (3, 13))
    assert g.ships[t].integrity == 0 and g.ships[r].integrity == 6
    assert ship_at(g, (3, 13)).id == r and g.ap == 1
    script(g, (4, 3), (4, 1))  # Blue's AP, then Red's in round 2
    end_turn(g)
    ev = g.apply(BLUE, A.Attack(t, r))  # C-7: the wreck still acts
    assert kinds(ev, E.AttackResolved)[0].damage == 5 and g.ships[r].integrity == 1
    ev = end_turn(g)
    assert E.ShipDestroyed(t, "heavy_gun_ship", BLUE, (3, 14), "scrapped") in ev
    assert g.ships[t].owner == HULK
    assert g.ships[r].owner == RED and g.ships[r].integrity == 1


def test_SC_5_C_6_variant_fortress_with_a_friend_takes_nothing():
    g, r, t = _ram_setup("fortress_ship", friend=True, ram_at=(3, 11))
    assert g.eff_dr(g.ships[t]) == 3
    script(g, (6, 1))
    ev = g.apply(RED, A.Ram(r, "S", 2))
    ram = kinds(ev, E.RamResolved)[0]
    assert (ram.eff_dr, ram.damage, ram.self_damage) == (3, 0, 0)
    assert g.ships[t].integrity == 12 and g.ships[r].integrity == 8


def _fast_setup(ap):
    g = new_game(RED, d4=1)
    clear(g)
    put(g, RED, "resource_ship", (9, 0))
    put(g, BLUE, "resource_ship", (9, 19))
    fast = put(g, RED, "fast_ship", (0, 10))
    target = put(g, BLUE, "heavy_gun_ship", (1, 15))
    begin_turn(g, RED, ap, round=1)
    return g, fast, target


def test_SC_6_A_3_D10_D6_free_second_move():
    g, fast, target = _fast_setup(2)
    g.apply(RED, A.Move(fast, (0, 13)))
    assert g.ap == 1
    ev = g.apply(RED, A.Attack(fast, target))
    assert g.ap == 0 and g.current == RED and not kinds(ev, E.TurnEnded)
    assert not only_end_or_resign(g, RED)  # the free second move is still open
    script(g, (4, 2))
    ev = g.apply(RED, A.Move(fast, (3, 13)))
    moved = kinds(ev, E.ShipMoved)[0]
    assert moved.cost == 0 and moved.ap_left == 0 and ship_at(g, (3, 13)).id == fast
    assert kinds(ev, E.TurnAutoEnded) == [E.TurnAutoEnded(RED)]
    assert g.current == BLUE


def test_SC_6_variant_two_moves_then_move_limit():
    g, fast, target = _fast_setup(3)
    g.apply(RED, A.Move(fast, (0, 13)))
    assert g.ap == 2
    g.apply(RED, A.Move(fast, (3, 13)))
    assert g.ap == 2 and g.current == RED
    assert A.Attack(fast, target) in g.legal_actions(RED)
    rejects(g, RED, A.Move(fast, (3, 12)), "move_limit")


def test_SC_7_K_3_V_4_repair_cycle_repetition_draw():
    g = new_game(RED, d4=1)
    clear(g)
    put(g, RED, "resource_ship", (0, 0))
    gun = put(g, RED, "heavy_gun_ship", (6, 8))
    e = put(g, BLUE, "engineer_ship", (6, 12), integrity=3)
    rs = put(g, BLUE, "resource_ship", (6, 13))
    begin_turn(g, RED, 2, round=41)
    g.rounds_since_event = 0  # the last event came at the end of round 40
    expected_damage = {41: 3, 42: 4, 43: 4, 44: 4}
    for rnd in (41, 42, 43, 44):
        assert g.round == rnd and g.current == RED
        script(g, (4, 1), (4, 1))  # Blue's AP, then next round's Red AP
        ev = g.apply(RED, A.Attack(gun, e))
        assert kinds(ev, E.AttackResolved)[0].damage == expected_damage[rnd]
        assert g.ships[e].integrity == 0
        assert g.streaks[(BLUE, "engineer_ship")][2] == rnd
        end_turn(g)
        g.apply(BLUE, A.Repair(rs, e))
        assert g.ships[e].integrity == 3
        assert g.streaks[(BLUE, "engineer_ship")][0] == rnd - 40
        ev = end_turn(g)
        assert g.ships[e].owner == BLUE
    assert g.phase is Phase.OVER
    assert g.result().winners == (RED, BLUE) and g.result().cause == "V-4"
    assert kinds(ev, E.GameOver) == [E.GameOver((RED, BLUE), g.scores(), "V-4", True)]


def test_SC_8_K_2_capture():
    g = new_game(RED, d4=1)
    clear(g)
    put(g, BLUE, "resource_ship", (9, 19))
    hulk = put_hulk(g, "heavy_gun_ship", (3, 14), former=BLUE)
    g.ships[hulk].pierce = []
    eng = put(g, RED, "engineer_ship", (3, 11))
    put(g, RED, "heavy_gun_ship", (0, 0))
    put(g, RED, "heavy_gun_ship", (1, 0))
    begin_turn(g, RED, 4, round=3)
    ev = g.apply(RED, A.Capture(eng, hulk))
    assert g.ap == 2
    cap = kinds(ev, E.HulkCaptured)[0]
    assert (cap.ship, cap.integrity, cap.former_owner) == (hulk, 4, BLUE)
    s = g.ships[hulk]
    assert s.owner == RED and s.fresh and s.integrity == 4 and s.pierce == [] and s.type == "heavy_gun_ship"


def test_SC_8_K_2_capture_rejections():
    g = new_game(RED, d4=1)
    clear(g)
    put(g, BLUE, "resource_ship", (9, 19))
    hulk = put_hulk(g, "heavy_gun_ship", (3, 14), former=BLUE)
    eng = put(g, RED, "engineer_ship", (3, 11))
    for xy in ((0, 0), (1, 0), (2, 0)):
        put(g, RED, "heavy_gun_ship", xy)
    begin_turn(g, RED, 4, round=3)
    rejects(g, RED, A.Capture(eng, hulk), "holding_limit")
    g2 = new_game(RED, d4=1)
    clear(g2)
    put(g2, BLUE, "resource_ship", (9, 19))
    hulk = put_hulk(g2, "heavy_gun_ship", (3, 14), former=BLUE)
    eng = put(g2, RED, "engineer_ship", (3, 9))
    begin_turn(g2, RED, 4, round=3)
    rejects(g2, RED, A.Capture(eng, hulk), "out_of_range")


def test_SC_9_E_1_E_3_E_6_dust_storm():
    g = game_at_round_end(10, 9)
    put(g, RED, "resource_ship", (0, 0))
    put(g, BLUE, "resource_ship", (9, 19))
    fast = put(g, BLUE, "fast_ship", (5, 10))
    red = put(g, RED, "fast_ship", (4, 7))
    fort = put(g, BLUE, "fortress_ship", (6, 10))
    gun = put(g, RED, "heavy_gun_ship", (5, 14))
    script(g, (8, 3), (10, 5), (20, 10), (4, 2), (4, 2))
    ev = end_turn(g)
    rolled = kinds(ev, E.EventRolled)[0]
    assert (rolled.d8, rolled.event, rolled.centre) == (3, "dust_storm", (4, 9))
    assert len(kinds(ev, E.AreaMarked)[0].cells) == 13
    stalled = kinds(ev, E.ShipsStalled)[0]
    assert set(stalled.ships) == {fast, red} and stalled.round == 11
    assert g.ships[fort].stalled_round == 0
    assert g.round == 11 and g.current == RED
    rejects(g, RED, A.Attack(gun, fast), "target_protected")
    rejects(g, RED, A.Move(red, (4, 6)), "ship_stalled")
    assert g.reason(RED, A.Attack(gun, fort)) is None  # manh 3 from the centre: not stalled
    end_turn(g)
    rejects(g, BLUE, A.Move(fast, (5, 11)), "ship_stalled")
    script(g, (4, 2))
    ev = end_turn(g)
    expired = kinds(ev, E.EffectsExpired)[0]
    assert expired.round == 11 and set(expired.ships) == {fast, red}
    assert "stall" in expired.effects and "marker" in expired.effects
    assert g.round == 12 and g.next_event_round() == 20


def test_SC_10_E_2_E_4_clipping_and_outbreak():
    g = game_at_round_end(20, 9)
    eng = put(g, RED, "engineer_ship", (1, 1))
    put(g, BLUE, "resource_ship", (9, 19))
    script(g, (8, 4), (10, 1), (20, 1), (4, 2))
    ev = end_turn(g)
    assert kinds(ev, E.AreaMarked)[0].cells == ((0, 0), (1, 0), (0, 1), (1, 1))
    assert kinds(ev, E.IntegrityLost) == [E.IntegrityLost(eng, (1, 1), 2, 8, "coupling_dust_storm")]
    assert g.ships[eng].integrity == 8 and g.ships[eng].stalled_round == 21
    assert kinds(ev, E.OutbreakChanged) == [E.OutbreakChanged(True)]
    assert g.outbreak and g.next_event_round() == 25
    for rnd in range(21, 25):
        assert g.round == rnd
        g.turn_index = 1
        end_turn(g)
    assert g.round == 25
    g.turn_index = 1
    script(g, (8, 1))
    ev = end_turn(g)
    assert kinds(ev, E.EventRolled)[0].event == "no_event"
    assert kinds(ev, E.OutbreakChanged) == [E.OutbreakChanged(False)]
    assert not g.outbreak and g.next_event_round() == 35


def test_SC_11_E_4_A_1_coupling_surge():
    g = game_at_round_end(30, 9)
    put(g, RED, "resource_ship", (0, 0))
    put(g, BLUE, "resource_ship", (9, 19))
    g.depleted = [True, False, True] + [False] * (len(g.depleted) - 3)
    script(g, (8, 2), (4, 4))
    ev = end_turn(g)
    assert kinds(ev, E.TilesRefreshed)[0].cells == tuple(g.board.xy[g.board.tiles[i]] for i in (0, 2))
    assert not any(g.depleted) and g.outbreak
    assert g.round == 31 and g.current == RED and g.ap == 6
    assert kinds(ev, E.ApRolled) == [E.ApRolled(RED, 4, 1, 6)]
    script(g, (4, 4))
    ev = end_turn(g)  # Blue's roll, still round 31
    assert kinds(ev, E.ApRolled) == [E.ApRolled(BLUE, 4, 1, 6)]
    script(g, (4, 4))
    ev = end_turn(g)
    assert g.round == 32 and kinds(ev, E.ApRolled) == [E.ApRolled(RED, 4, 0, 5)]
    assert g.next_event_round() == 35


def _simultaneous(d8):
    g = new_game(RED, d4=1)
    clear(g)
    put(g, RED, "resource_ship", (2, 2))
    blue = put(g, BLUE, "resource_ship", (7, 17))
    gun = put(g, RED, "heavy_gun_ship", (7, 13))
    begin_turn(g, RED, 5, round=30)
    g.rounds_since_event = 9
    g.ships[blue].integrity = 2
    g.apply(RED, A.Attack(gun, g.ships[blue].id))
    assert g.ships[blue].integrity == 0
    script(g, (4, 1))
    end_turn(g)
    faces = [(8, d8)] + ([(10, 3), (20, 3)] if d8 == 6 else [])
    script(g, *faces)
    return g, end_turn(g)


def test_SC_12_V_2_V_5b_simultaneous_elimination_is_a_draw():
    g, ev = _simultaneous(6)
    assert kinds(ev, E.EventRolled)[0].centre == (2, 2)
    assert [e.seat for e in kinds(ev, E.PlayerEliminated)] == [RED, BLUE]
    assert g.result().winners == (RED, BLUE) and g.result().cause == "V-5b"
    assert kinds(ev, E.GameOver)[0].draw


def test_SC_12_variant_no_event_red_wins():
    g, ev = _simultaneous(1)
    assert g.result().winners == (RED,) and g.result().cause == "V-3"


def test_SC_13_E_7_wind():
    g = game_at_round_end(10, 9)
    rs = put(g, RED, "resource_ship", (4, 1))
    put(g, BLUE, "resource_ship", (9, 19))
    fast = put(g, RED, "fast_ship", (2, 5))
    gun = put(g, RED, "heavy_gun_ship", (5, 3))
    script(g, (8, 7), (4, 2), (4, 4))
    ev = end_turn(g)
    rolled = kinds(ev, E.EventRolled)[0]
    assert (rolled.event, rolled.direction, rolled.until) == ("wind_field", "E", 12)
    assert g.round == 11 and g.current == RED and g.ap == 5
    assert g.reason(RED, A.Move(fast, (6, 5))) is None
    assert g.reason(RED, A.Move(fast, (4, 6))) is None
    rejects(g, RED, A.Move(fast, (5, 6)), "out_of_reach")
    rejects(g, RED, A.Move(gun, (4, 3)), "out_of_reach")
    assert g.reason(RED, A.Move(gun, (5, 4))) is None
    rejects(g, RED, A.Build(rs, "engineer_ship", (4, 3)), "wind_blocks_building")
    end_turn(g)
    end_turn(g)
    assert g.round == 12 and g.wind_dir == 1
    end_turn(g)
    ev = end_turn(g)
    assert g.round == 13 and g.wind_dir == NO_WIND
    assert "wind" in kinds(ev, E.EffectsExpired)[0].effects


def test_SC_14_E_8_quicksand():
    g = game_at_round_end(10, 9)
    put(g, RED, "resource_ship", (0, 0))
    put(g, BLUE, "resource_ship", (9, 19))
    ram = put(g, RED, "ram_ship", (2, 4))
    hulk = put_hulk(g, "fast_ship", (1, 3))
    blue = put(g, BLUE, "engineer_ship", (4, 3))
    fast = put(g, BLUE, "fast_ship", (3, 4))
    script(g, (8, 8), (10, 3), (20, 4), (4, 2))
    ev = end_turn(g)
    assert set(kinds(ev, E.AreaMarked)[0].cells) == {(2, 3), (1, 3), (3, 3), (2, 2), (2, 4)}
    sunk = {e.ship for e in kinds(ev, E.PieceSunk)}
    assert sunk == {ram, hulk} and ram not in g.ships and hulk not in g.ships
    assert not any(e.ship == ram for e in kinds(ev, E.ShipDestroyed))
    assert g.round == 11
    end_turn(g)
    rejects(g, BLUE, A.Move(blue, (2, 3)), "cell_impassable")
    rejects(g, BLUE, A.Move(blue, (3, 3)), "cell_impassable")
    rejects(g, BLUE, A.Move(fast, (1, 4)), "out_of_reach")  # the straight way crosses (2, 4)
    assert all(g.board.index_of(m.to) not in g.sand_cells()
               for m in g.legal_actions(BLUE) if isinstance(m, A.Move))
    for _ in range(3):
        end_turn(g)
    assert g.round == 13 and not g.quicksand
    assert g.current == RED
    end_turn(g)
    assert g.reason(BLUE, A.Move(blue, (3, 3))) is None
    assert g.reason(BLUE, A.Move(fast, (1, 4))) is None
    assert g.depleted[g.board.tile_index[g.board.index_of((1, 3))]] is False


def test_SC_15_V_5a_V_7_round_limit_draw_then_game_over():
    g = game_at_round_end(120, 5)
    put(g, RED, "resource_ship", (0, 0))
    put(g, BLUE, "resource_ship", (9, 19))
    ev = end_turn(g)
    assert g.result().winners == (RED, BLUE) and g.result().cause == "V-5a"
    assert kinds(ev, E.GameOver)[0].cause == "V-5a" and g.round == 120
    rejects(g, RED, A.END_TURN, "game_over")
    rejects(g, BLUE, A.RESIGN, "game_over")


def test_SC_15_V_7_elimination_beats_the_round_limit():
    g = game_at_round_end(120, 5)
    put(g, RED, "resource_ship", (0, 0))
    put(g, BLUE, "fast_ship", (9, 19))
    ev = end_turn(g)
    assert g.result().winners == (RED,) and g.result().cause == "V-3"
    assert kinds(ev, E.PlayerEliminated) == [E.PlayerEliminated(BLUE, "V-2")]
