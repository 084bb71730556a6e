"""Section 18 acceptance scenarios (AS-1 .. AS-15), one test (or a few) each, with the spec's
exact boards, rolls and numbers. A = seat 0, B = seat 1, C = seat 2."""

import pytest

from game.skirmish import actions as A
from game.skirmish import events as E
from game.skirmish.combat import outcomes
from game.skirmish.state import Phase
from tests.helpers.skirmish import (
    city_index, end_turn, of, refused, rolls, scenario, unit,
)

INF, ARC, CAV = "infantry", "archer", "cavalry"


# ---- AS-1 -----------------------------------------------------------------------------------
def test_AS_1_M_1_M_2_movement_costs_and_water_transitions():
    g = scenario(".=d.~~.", units=[(0, INF, (0, 0))])
    u = unit(g, 0, 0)
    assert u.mp_left == 9
    assert refused(g, A.Move(u.id, (5, 0))) == "skirmish.unreachable"
    ev = g.apply(0, A.Move(u.id, (3, 0)))
    assert u.mp_left == 1 and of(ev, E.Moved)[0].cost == 1 + 4 + 3
    ev = g.apply(0, A.Move(u.id, (4, 0)))
    assert u.mp_left == 0 and of(ev, E.Moved)[0].stopped == "water"
    end_turn(g)                      # B has nothing: its turn is skipped (V-6), round 2
    assert g.current == 0 and u.mp_left == 9
    ev = g.apply(0, A.Move(u.id, (6, 0)))
    moved = of(ev, E.Moved)[0]
    assert moved.path == ((4, 0), (5, 0), (6, 0)) and moved.cost == 9 and u.mp_left == 0


@pytest.mark.parametrize("sailor", [False, True])
def test_AS_1_M_3_I10_no_attack_from_water_without_sailor(sailor):
    g = scenario(".=d.~~.", skills=[("I10",) if sailor else (), ()],
                 units=[(0, INF, (4, 0)), (1, INF, (3, 0))])
    a, b = unit(g, 4, 0), unit(g, 3, 0)
    if not sailor:
        assert refused(g, A.Attack(a.id, (3, 0))) == "skirmish.in_water"
    else:
        g.apply(0, A.Attack(a.id, (3, 0)))
        assert b.hp == 3


# ---- AS-2 -----------------------------------------------------------------------------------
def test_AS_2_C_2_C_4_I2_income_and_production():
    g = scenario(".....", skills=[(), ("I2",)],
                 cities=[(0, 0, 0), (1, 0, 0), (2, 0, 1), (3, 0, 1), (4, 0, 1)])
    assert g.funds == [5, 5]                    # round 1: seat 1 collects no taxes
    ev = g.apply(0, A.Produce((0, 0), INF))
    new = of(ev, E.Produced)[0]
    assert g.funds[0] == 0 and new.cost == 5
    assert refused(g, A.Move(new.unit, (0, 0))) == "skirmish.unit_fresh"
    assert refused(g, A.Produce((1, 0), INF)) == "unaffordable"
    ev = end_turn(g)
    assert of(ev, E.Income) == [E.Income(1, 3, 8)] and g.funds[1] == 8
    g.apply(1, A.Produce((2, 0), INF))
    assert g.funds[1] == 4
    assert refused(g, A.Produce((3, 0), CAV)) == "unaffordable"
    end_turn(g)
    assert g.round == 2 and g.funds[0] == 2
    end_turn(g)
    assert g.funds[1] == 7


# ---- AS-3 -----------------------------------------------------------------------------------
def test_AS_3_K_4_1_archer_void_in_forest_then_no_attacks_left():
    g = scenario("..f", units=[(0, ARC, (0, 0)), (1, INF, (2, 0))])
    a, b = unit(g, 0, 0), unit(g, 2, 0)
    rolls(g, [37])
    ev = g.apply(0, A.Attack(a.id, (2, 0)))
    assert of(ev, E.Roll) == [E.Roll("terrain_void", 37, 50, True, b.id)]
    assert of(ev, E.Void) and b.hp == 4
    assert refused(g, A.Attack(a.id, (2, 0))) == "skirmish.no_attacks_left"


def test_AS_3_K_4_1_archer_roll_above_50_hits():
    g = scenario("..f", units=[(0, ARC, (0, 0)), (1, INF, (2, 0))])
    rolls(g, [51])
    g.apply(0, A.Attack(unit(g, 0, 0).id, (2, 0)))
    assert unit(g, 2, 0).hp == 3


def test_AS_3_A10_eagle_eye_no_roll():
    g = scenario("..f", skills=[("A10",), ()], units=[(0, ARC, (0, 0)), (1, INF, (2, 0))])
    rolls(g, [])
    ev = g.apply(0, A.Attack(unit(g, 0, 0).id, (2, 0)))
    assert not of(ev, E.Roll) and unit(g, 2, 0).hp == 3


@pytest.mark.parametrize("light", [False, True])
def test_AS_3_C3_cavalry_swamp_penalty(light):
    g = scenario(".s.", skills=[("C3",) if light else (), ()],
                 units=[(0, CAV, (0, 0)), (1, INF, (1, 0))])
    rolls(g, [] if light else [50])
    g.apply(0, A.Attack(unit(g, 0, 0).id, (1, 0)))
    assert unit(g, 1, 0).hp == (3 if light else 4)


# ---- AS-4 -----------------------------------------------------------------------------------
def _siege(strike_round_2: bool = True, archer_strikes: bool = True):
    g = scenario("......", cities=[(0, 0, 0), (4, 0, 0)],
                 units=[(1, ARC, (2, 0)), (1, INF, (3, 0))], seat=1)
    x = city_index(g, 4, 0)
    inf = unit(g, 3, 0)
    ev = g.apply(1, A.Attack(inf.id, (4, 0)))
    assert of(ev, E.CityStruck)[0].siege == 1 and not of(ev, E.Damage)
    end_turn(g)                              # round end: hit this round, siege kept
    assert g.round == 2 and g.city_siege[x] == 1
    end_turn(g)                              # A passes
    if strike_round_2:
        striker = unit(g, 2, 0) if archer_strikes else inf
        ev = g.apply(1, A.Attack(striker.id, (4, 0)))
        assert of(ev, E.Breached) == [E.Breached((4, 0), 2)] and g.city_siege[x] == 2
    return g, x, inf


def test_AS_4_C_5_C_7_two_rounds_of_strikes_breach_then_capture():
    g, x, inf = _siege()
    ev = g.apply(1, A.Move(inf.id, (4, 0)))
    assert of(ev, E.Captured)[0].seat == 1
    assert g.city_owner[x] == 1 and g.city_siege[x] == 0 and inf.mp_left == 0


def test_AS_4_K_2_striker_cannot_move_and_city_stays_breached_through_round_3():
    g, x, inf = _siege(archer_strikes=False)
    assert refused(g, A.Move(inf.id, (4, 0))) == "skirmish.attacked_cannot_move"
    end_turn(g)
    end_turn(g)
    assert g.round == 3 and g.city_siege[x] == 2
    g.apply(1, A.Move(inf.id, (4, 0)))
    assert g.city_owner[x] == 1


def test_AS_4_C_6_no_strike_in_round_2_lifts_the_siege():
    g, x, inf = _siege(strike_round_2=False)
    ev = end_turn(g)
    assert of(ev, E.SiegeLifted) == [E.SiegeLifted((4, 0))] and g.city_siege[x] == 0
    end_turn(g)
    g.apply(1, A.Attack(inf.id, (4, 0)))
    assert g.city_siege[x] == 1
    assert refused(g, A.Move(unit(g, 2, 0).id, (4, 0))) == "skirmish.enemy_city"


# ---- AS-5 -----------------------------------------------------------------------------------
@pytest.mark.parametrize("roll,b_hp", [(23, 3), (77, 2)])
def test_AS_5_K_5_I4_I6_C1_defensive_counter(roll, b_hp):
    g = scenario("....", skills=[("I4", "I6"), ("C1",)],
                 units=[(0, INF, (2, 0)), (1, CAV, (0, 0))])
    ev = end_turn(g)
    a, b = unit(g, 2, 0), unit(g, 0, 0)
    assert a.defensive and of(ev, E.StatusesGained)[0].status == "defensive"
    assert b.mp_left == 9
    g.apply(1, A.Move(b.id, (1, 0)))
    assert b.mp_left == 6
    rolls(g, [roll])
    ev = g.apply(1, A.Attack(b.id, (2, 0)))
    assert a.hp == 3
    counter = of(ev, E.Damage)[1]
    assert of(ev, E.Counterattack) and counter.raw == 2 and b.hp == b_hp


def test_AS_5_K_5a_archer_attacks_are_never_countered():
    g = scenario("....", skills=[("I4", "I6"), ()], units=[(0, INF, (2, 0)), (1, ARC, (0, 0))])
    end_turn(g)
    rolls(g, [])
    ev = g.apply(1, A.Attack(unit(g, 0, 0).id, (2, 0)))
    assert unit(g, 2, 0).hp == 3 and not of(ev, E.Counterattack)


# ---- AS-6 -----------------------------------------------------------------------------------
def test_AS_6_C2_charge_push_into_neutral_then_N_3_N_4():
    g = scenario("......", skills=[(), ("C1", "C2")], neutral=[(4, 0), (5, 0)],
                 units=[(0, INF, (3, 0)), (1, CAV, (0, 0))], seat=1)
    b, a = unit(g, 0, 0), unit(g, 3, 0)
    g.apply(1, A.Move(b.id, (2, 0)))
    ev = g.apply(1, A.Attack(b.id, (3, 0)))
    assert a.hp == 3 and of(ev, E.Pushed) == [E.Pushed(a.id, (3, 0), (4, 0))]
    end_turn(g)
    assert g.current == 0
    assert refused(g, A.Attack(a.id, (2, 0))) == "skirmish.in_neutral"
    assert refused(g, A.END_TURN) == "skirmish.trespass_pending"
    assert refused(g, A.Move(a.id, (5, 0))) == "skirmish.must_leave_neutral"
    g.apply(0, A.Move(a.id, (3, 0)))
    end_turn(g)
    assert g.current == 1


@pytest.mark.parametrize("blocker", ["solid_square", "occupied"])
def test_AS_6_C2_impossible_push_deals_one_more(blocker):
    units = [(0, INF, (3, 0)), (1, CAV, (0, 0))]
    if blocker == "occupied":
        units.append((0, ARC, (4, 0)))
    g = scenario("......", skills=[("I6",) if blocker == "solid_square" else (), ("C1", "C2")],
                 neutral=[(4, 0), (5, 0)], units=units, seat=1)
    b, a = unit(g, 0, 0), unit(g, 3, 0)
    g.apply(1, A.Move(b.id, (2, 0)))
    ev = g.apply(1, A.Attack(b.id, (3, 0)))
    assert not of(ev, E.Pushed) and of(ev, E.Damage)[0].raw == 2 and a.hp == 2


# ---- AS-7 -----------------------------------------------------------------------------------
def _formation(extra_units):
    g = scenario(["....."] * 4, skills=[("I1",), ("C1", "C2")],
                 units=[(0, INF, (1, 1)), (0, INF, (2, 1)), (0, INF, (1, 2))] + extra_units)
    ev = end_turn(g)
    assert of(ev, E.Formation) == [E.Formation(0, (1, 2, 3), 2)]
    return g


def test_AS_7_I1_shared_wards_then_damage():
    g = _formation([(1, ARC, (1, 0)), (1, ARC, (2, 0)), (1, ARC, (2, 3))])
    ev = g.apply(1, A.Attack(unit(g, 1, 0).id, (1, 1)))
    assert of(ev, E.WardUsed)[0].pool == 1 and unit(g, 1, 1).hp == 4
    ev = g.apply(1, A.Attack(unit(g, 2, 0).id, (2, 1)))
    assert of(ev, E.WardUsed)[0].pool == 0 and unit(g, 2, 1).hp == 4
    g.apply(1, A.Attack(unit(g, 2, 3).id, (1, 2)))
    assert unit(g, 1, 2).hp == 3


def test_AS_7_D21_push_breaks_the_group_and_its_pool():
    g = _formation([(1, CAV, (3, 2)), (1, ARC, (2, 0))])
    cav = unit(g, 3, 2)
    target = unit(g, 1, 2)
    g.apply(1, A.Move(cav.id, (2, 2)))
    ev = g.apply(1, A.Attack(cav.id, (1, 2)))
    assert of(ev, E.WardUsed)[0].pool == 1 and target.hp == 4
    assert of(ev, E.Pushed)[0].to == (0, 2)
    assert of(ev, E.FormationLost) and g.pools[0] == []
    g.apply(1, A.Attack(unit(g, 2, 0).id, (1, 1)))
    assert unit(g, 1, 1).hp == 3


# ---- AS-8 -----------------------------------------------------------------------------------
def test_AS_8_A12_arrow_rain_A3_suppression_U_4():
    g = scenario(".....", skills=[(), ("A3", "A12")],
                 units=[(1, ARC, (1, 0)), (1, ARC, (2, 0)), (0, INF, (3, 0))], seat=1)
    a = unit(g, 3, 0)
    g.apply(1, A.Attack(unit(g, 1, 0).id, (3, 0)))
    assert a.hp == 3 and a.suppression == 1
    ev = g.apply(1, A.Attack(unit(g, 2, 0).id, (3, 0)))
    assert of(ev, E.Damage)[0].raw == 2 and a.hp == 1 and a.suppression == 2
    third = outcomes(g, unit(g, 1, 0), unit(g, 1, 0).hex, a, counter=False, moved=False,
                     arrow_k=g.arrow_rain[a.id] + 1)
    assert [s.raw for _, s in third] == [3]
    ev = end_turn(g)
    assert a.mp_left == 2 and of(ev, E.Suppressed) == [E.Suppressed(a.id, (3, 0), 2, 2)]
    assert refused(g, A.Move(a.id, (4, 0))) == "skirmish.unreachable"


# ---- AS-9 -----------------------------------------------------------------------------------
@pytest.mark.parametrize("surprise", [False, True])
def test_AS_9_C9_pursuit_attacks_are_countered_C10(surprise):
    g = scenario("....", skills=[(), ("C9", "C10") if surprise else ("C9",)],
                 cities=[(3, 0, 0), (0, 0, 1)], units=[(1, CAV, (1, 0)), (0, INF, (2, 0))], seat=1)
    b, a = unit(g, 1, 0), unit(g, 2, 0)
    ev = g.apply(1, A.Attack(b.id, (2, 0)))
    assert a.hp == 3 and not of(ev, E.Counterattack) and b.mp_left == 12
    expected_b = [4, 4, 4] if surprise else [3, 2, 2]
    for k, (mp, a_hp) in enumerate([(8, 2), (4, 1), (0, 0)]):
        ev = g.apply(1, A.Attack(b.id, (2, 0)))
        assert of(ev, E.AttackMade)[0].pursuit and b.mp_left == mp
        if a_hp:
            assert a.hp == a_hp and of(ev, E.Counterattack)
        else:
            assert of(ev, E.Killed) and not of(ev, E.Counterattack)
        assert b.hp == expected_b[k]
    assert refused(g, A.Attack(b.id, (2, 0))) == "skirmish.no_attacks_left"


# ---- AS-10 ----------------------------------------------------------------------------------
def _cover(policy):
    g = scenario(["....", "...."], skills=[("I12",), ()],
                 units=[(0, ARC, (2, 0)), (0, INF, (1, 0)), (1, CAV, (3, 0)), (1, CAV, (2, 1))],
                 seat=1)
    g.cover[0] = policy
    return g, unit(g, 2, 0), unit(g, 1, 0)


def test_AS_10_I12_lethal_cover():
    g, arc, inf = _cover("lethal")
    ev = g.apply(1, A.Attack(unit(g, 3, 0).id, (2, 0)))
    assert arc.hp == 1 and not of(ev, E.Covered)
    ev = g.apply(1, A.Attack(unit(g, 2, 1).id, (2, 0)))
    assert of(ev, E.Covered) == [E.Covered(arc.id, (2, 0), inf.id, (1, 0))]
    assert inf.hp == 3 and arc.hp == 1


def test_AS_10_I12_never_cover():
    g, arc, inf = _cover("never")
    g.apply(1, A.Attack(unit(g, 3, 0).id, (2, 0)))
    ev = g.apply(1, A.Attack(unit(g, 2, 1).id, (2, 0)))
    assert of(ev, E.Killed)[0].unit == arc.id and inf.hp == 4


# ---- AS-11 ----------------------------------------------------------------------------------
def test_AS_11_V_1_to_V_5_W_1_W_2_vassals_vouchers_domination():
    # R S P . Q . . T ; A owns R, S, P(home B); B owns Q; C owns T
    g = scenario("........", skills=[(), (), ()],
                 cities=[(0, 0, 0), (1, 0, 0), (2, 0, 0, 1, 1, 1), (4, 0, 1), (7, 0, 2)],
                 units=[(0, INF, (3, 0)), (1, INF, (5, 0))])
    q, p, t = city_index(g, 4, 0), city_index(g, 2, 0), city_index(g, 7, 0)
    g.city_siege[q] = 2
    a_inf = unit(g, 3, 0)
    ev = g.apply(0, A.Move(a_inf.id, (4, 0)))
    assert of(ev, E.Eliminated) == [E.Eliminated(1, 0, 0, ())]
    assert {e.city for e in of(ev, E.Restored)} == {(2, 0), (4, 0)}
    assert g.overlord[1] == 0 and g.city_owner[p] == 1 and g.city_owner[q] == 1
    assert g.city_voucher[p] == 1 and g.city_voucher[q] == 1 and a_inf.hex == g.board.index((4, 0))
    assert g.vp() == [4, 2, 1]
    end_turn(g)
    funds = g.funds[1]
    ev = g.apply(1, A.Produce((2, 0), ARC, True))
    assert of(ev, E.Produced)[0].voucher and g.funds[1] == funds and g.city_voucher[p] == -1
    assert refused(g, A.Produce((4, 0), ARC, True)) == "not_empty"
    assert g.city_voucher[q] == 1
    b_inf = unit(g, 5, 0)
    assert refused(g, A.Attack(b_inf.id, (4, 0))) == "skirmish.invalid_target"
    g.city_siege[t] = 2
    g.touch()
    ev = g.apply(1, A.Move(b_inf.id, (7, 0)))
    assert of(ev, E.Eliminated) == [E.Eliminated(2, 1, 0, ())]
    assert g.city_owner[t] == 2 and g.overlord[2] == 0
    assert of(ev, E.GameOver)[0].winners == (0,) and g.result().winners == (0,)
    assert g.phase is Phase.OVER and refused(g, A.END_TURN, 1) == "game_over"


# ---- AS-12 ----------------------------------------------------------------------------------
@pytest.mark.parametrize("picks,reason", [
    (("C3",), "skirmish.skill_excluded"),
    (("C2", "C9"), None),
    (("A4",), "skirmish.skill_prerequisite"),
    (("A2", "A4"), None),
    (("A2", "A5"), "skirmish.skill_excluded"),
    (("A2", "A4", "A9"), "skirmish.too_many_picks"),
    (("I7",), "skirmish.skill_prerequisite"),
    (("C1",), "skirmish.skill_already_fixed"),
])
def test_AS_12_S_2_skill_picks(picks, reason):
    from dataclasses import replace
    g = scenario("..", skills=[("C1",), ()], begin=False)
    spec = replace(g.board.factions[0], optional_picks=2)
    object.__setattr__(g.board, "factions", (spec,) + g.board.factions[1:])
    g.phase, g.round, g.picked = Phase.PICK, 0, [False, False]
    if reason is None:
        g.apply(0, A.PickSkills(picks))
        assert g.skills[0] == frozenset(("C1",) + picks)
    else:
        assert refused(g, A.PickSkills(picks)) == reason


# ---- AS-13 ----------------------------------------------------------------------------------
@pytest.mark.parametrize("roll,hp,stacks", [(61, 1, 1), (12, 2, 0)])
def test_AS_13a_A9_fish_scale_and_suppression(roll, hp, stacks):
    g = scenario("...", skills=[("A3",), ("A2", "A9")], units=[(0, ARC, (0, 0)), (1, ARC, (2, 0))])
    b = unit(g, 2, 0)
    rolls(g, [roll])
    ev = g.apply(0, A.Attack(unit(g, 0, 0).id, (2, 0)))
    assert of(ev, E.Roll)[0].kind == "fish_scale"
    assert b.hp == hp and b.suppression == stacks


@pytest.mark.parametrize("dice,hp", [([40, 55], 3), ([10, 5], 4)])
def test_AS_13b_I7_hollow_square_I9_heavy_against_heavy_bow(dice, hp):
    g = scenario("...", skills=[("I4", "I7", "I9"), ("A6",)],
                 units=[(0, INF, (2, 0)), (1, ARC, (0, 0))])
    end_turn(g)
    a, b = unit(g, 2, 0), unit(g, 0, 0)
    assert a.defensive and b.heavy_bow
    rolls(g, dice)
    ev = g.apply(1, A.Attack(b.id, (2, 0)))
    assert [r.kind for r in of(ev, E.Roll)] == ["hollow_square", "heavy"]
    assert of(ev, E.Damage)[0].raw == 2 and a.hp == hp


def test_AS_13c_A5_pavise_ward_absorbs_a_hit_without_a_roll():
    g = scenario("...", skills=[("A5",), ()], units=[(0, ARC, (1, 0)), (1, INF, (2, 0))])
    end_turn(g)
    arc = unit(g, 1, 0)
    assert arc.pavise_ward
    rolls(g, [])
    ev = g.apply(1, A.Attack(unit(g, 2, 0).id, (1, 0)))
    assert of(ev, E.WardUsed)[0].kind == "pavise" and arc.hp == 2 and not arc.pavise_ward


# ---- AS-14 ----------------------------------------------------------------------------------
def test_AS_14_C6_reaping_C12_plunder_C5_dismount():
    g = scenario(["....", "...."], skills=[(), ("C5", "C6", "C12")],
                 units=[(1, CAV, (1, 0), 2), (0, ARC, (2, 0), 1), (0, ARC, (1, 1), 2)], seat=1)
    b = unit(g, 1, 0)
    ev = g.apply(1, A.Attack(b.id, (2, 0)))
    assert of(ev, E.Killed) and b.hp == 3 and b.attacks_left == 1
    assert of(ev, E.Healed)[0].cause == "plunder" and of(ev, E.Reaped)
    g.apply(1, A.Attack(b.id, (1, 1)))
    assert unit(g, 1, 1).hp == 1
    ev = g.apply(1, A.Dismount(b.id))
    assert of(ev, E.Dismounted) and b.type == INF and b.hp == 4
    assert b.mp_left == 12 and b.attacks_left == 0
    assert refused(g, A.Move(b.id, (0, 0))) == "skirmish.attacked_cannot_move"


# ---- AS-15 ----------------------------------------------------------------------------------
def _final(cities, units=(), funds=None):
    g = scenario("......", cities=cities, units=units, round=20, funds=funds)
    end_turn(g)
    ev = end_turn(g)
    assert g.phase is Phase.OVER and of(ev, E.GameOver)[0].cause == "W-3"
    return g


def test_AS_15_W_3_W_4_more_cities_break_a_vp_tie():
    g = _final([(0, 0, 0, 2), (1, 0, 0), (3, 0, 1), (4, 0, 1), (5, 0, 1)])
    assert g.vp() == [3, 3] and g.result().winners == (1,)


def test_AS_15_W_4_unit_hp_then_draw():
    cities = [(0, 0, 0), (1, 0, 0), (4, 0, 1), (5, 0, 1)]
    g = _final(cities, units=[(0, INF, (2, 0), 3), (0, INF, (0, 0)), (1, INF, (3, 0)),
                              (1, INF, (5, 0)), (1, CAV, (4, 0), 1)])
    assert g.result().winners == (1,)
    g = _final(cities, funds=[5, 5])
    assert g.result().winners == (0, 1)


def test_AS_15_W_1_vassal_shows_half():
    g = scenario("......", skills=[(), ()], cities=[(0, 0, 1), (1, 0, 1), (2, 0, 1)],
                 units=[(0, INF, (4, 0))])
    g.overlord[0] = 1
    g.touch()
    assert g.vp() == [1.5, 3]
