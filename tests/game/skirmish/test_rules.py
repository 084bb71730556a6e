"""Rules beyond the acceptance scenarios: every E-2 reason (state unchanged), board geometry,
movement details, skills, turn structure, vassals, hidden picks, fewer seats."""

import json

import pytest

from game import rulesets
from game.core import IllegalAction, Setup
from game.core.i18n import error_text
from game.skirmish import actions as A
from game.skirmish import events as E
from game.skirmish.board import FREE, build_board
from game.skirmish.constants import SKILLS
from game.skirmish.state import Phase
from game.skirmish.turn import start_turn
from tests.helpers.refusal import assert_refused
from tests.helpers.skirmish import city_index, end_turn, of, refused, scenario, unit

INF, ARC, CAV = "infantry", "archer", "cavalry"


# ---- B: board geometry ---------------------------------------------------------------------
def test_B_2_neighbour_order_on_even_and_odd_rows():
    b = build_board(["....."] * 4)
    assert [b.coords[h] for h in b.nbrs[b.index((2, 2))]] == [(3, 2), (2, 1), (1, 1), (1, 2), (1, 3), (2, 3)]
    assert [b.coords[h] for h in b.nbrs[b.index((2, 1))]] == [(3, 1), (3, 0), (2, 0), (1, 1), (2, 2), (3, 2)]
    assert b.nbrs[b.index((0, 0))][2] == -1   # off-map hexes do not exist


def test_B_3_distance_and_B_5_push_hex():
    b = build_board(["......"] * 5)
    assert b.distance(b.index((0, 0)), b.index((3, 3))) == 5
    assert b.distance(b.index((1, 1)), b.index((2, 3))) == 2
    assert b.coords[b.push_hex(b.index((2, 2)), b.index((1, 2)))] == (0, 2)
    assert b.coords[b.push_hex(b.index((1, 1)), b.index((2, 2)))] == (2, 3)


# ---- E-2: every reason, state unchanged -------------------------------------------------------
def _basic():
    return scenario(["......", "......"], skills=[(), ("I12",)],
                    cities=[(0, 0, 0), (5, 0, 1), (3, 1, 1)],
                    units=[(0, INF, (1, 0)), (0, CAV, (0, 1)), (1, INF, (3, 0)), (1, ARC, (5, 1))])


def _with_fresh():
    g = _basic()
    g.apply(0, A.Produce((0, 0), INF))
    return g, unit(g, 0, 0).id


def test_E_2_any_action_game_over_wrong_phase_not_your_turn():
    g = _basic()
    assert refused(g, A.PickSkills(()), 0) == "wrong_phase"
    assert refused(g, A.END_TURN, 1) == "not_your_turn"
    g.phase = Phase.OVER
    assert refused(g, A.END_TURN, 0) == "game_over"


@pytest.mark.parametrize("make,expected", [
    (lambda g: A.Move(99, (2, 0)), "skirmish.unknown_unit"),
    (lambda g: A.Move("1", (2, 0)), "skirmish.unknown_unit"),
    (lambda g: A.Move(unit(g, 3, 0).id, (2, 0)), "skirmish.not_your_unit"),
    (lambda g: A.Move(unit(g, 1, 0).id, (1, 0)), "skirmish.same_hex"),
    (lambda g: A.Move(unit(g, 1, 0).id, (0, 1)), "not_empty"),
    (lambda g: A.Move(unit(g, 1, 0).id, (5, 0)), "skirmish.enemy_city"),
    (lambda g: A.Move(unit(g, 1, 0).id, (-1, 0)), "skirmish.unreachable"),
    (lambda g: A.Move(unit(g, 1, 0).id, (4, 1)), "skirmish.unreachable"),
    (lambda g: A.Attack(99, (3, 0)), "skirmish.unknown_unit"),
    (lambda g: A.Attack(unit(g, 3, 0).id, (1, 0)), "skirmish.not_your_unit"),
    (lambda g: A.Attack(unit(g, 1, 0).id, (3, 0)), "skirmish.out_of_range"),
    (lambda g: A.Attack(unit(g, 1, 0).id, (9, 9)), "skirmish.out_of_range"),
    (lambda g: A.Attack(unit(g, 1, 0).id, (2, 0)), "skirmish.invalid_target"),
    (lambda g: A.Attack(unit(g, 1, 0).id, (0, 1)), "skirmish.invalid_target"),
    (lambda g: A.Produce((5, 0), INF), "skirmish.not_your_city"),
    (lambda g: A.Produce((2, 0), INF), "skirmish.not_your_city"),
    (lambda g: A.Produce((0, 0), "dragon"), "skirmish.unknown_type"),
    (lambda g: A.Produce((0, 0), CAV), "unaffordable"),
    (lambda g: A.Produce((0, 0), CAV, True), "skirmish.voucher_type"),
    (lambda g: A.Produce((0, 0), INF, True), "skirmish.no_voucher"),
    (lambda g: A.Dismount(99), "skirmish.unknown_unit"),
    (lambda g: A.Dismount(unit(g, 3, 0).id), "skirmish.not_your_unit"),
    (lambda g: A.Dismount(unit(g, 1, 0).id), "skirmish.not_cavalry"),
    (lambda g: A.Dismount(unit(g, 0, 1).id), "skirmish.no_skill"),
    (lambda g: A.SetCoverPolicy("always"), "skirmish.no_skill"),
])
def test_E_2_reasons_leave_the_state_unchanged(make, expected):
    g = _basic()
    assert refused(g, make(g)) == expected


def test_E_2_produce_occupied_and_fresh_unit_reasons():
    g, fresh = _with_fresh()
    assert refused(g, A.Produce((0, 0), ARC)) == "not_empty"
    assert refused(g, A.Move(fresh, (1, 1))) == "skirmish.unit_fresh"
    assert refused(g, A.Attack(fresh, (1, 0))) == "skirmish.unit_fresh"
    g.skills[0] = frozenset({"C5"})
    assert refused(g, A.Dismount(fresh)) == "skirmish.unit_fresh"


def test_E_2_neutral_territory_and_bad_policy_D35():
    g = scenario("....", skills=[("I12",), ()], neutral=[(2, 0), (3, 0)], units=[(0, INF, (0, 0))])
    assert refused(g, A.Move(unit(g, 0, 0).id, (2, 0))) == "skirmish.neutral_territory"
    assert refused(g, A.SetCoverPolicy("lethal")) == "skirmish.bad_policy"     # already set
    assert refused(g, A.SetCoverPolicy("sometimes")) == "skirmish.bad_policy"
    g.apply(0, A.SetCoverPolicy("never"))
    assert g.cover[0] == "never"


@pytest.mark.parametrize("picks,reason", [
    (("Z1",), "skirmish.skill_unknown"),
    (("I4", "I4"), "skirmish.skill_duplicate"),
    (("A3",), "skirmish.skill_not_in_pool"),
])
def test_E_2_pick_reasons(picks, reason):
    from dataclasses import replace
    g = scenario("..", skills=[(), ()], begin=False)
    spec = replace(g.board.factions[0], optional_picks=2, optional_pool=("I4", "C9"))
    object.__setattr__(g.board, "factions", (spec,) + g.board.factions[1:])
    g.phase, g.round, g.picked = Phase.PICK, 0, [False, False]
    assert refused(g, A.PickSkills(picks)) == reason


def test_E_2_every_reason_has_english_and_chinese_text():
    reasons = ["unknown_unit", "not_your_unit", "unit_fresh", "attacked_cannot_move", "same_hex",
               "neutral_territory", "enemy_city", "unreachable", "must_leave_neutral",
               "no_attacks_left", "in_water", "in_neutral", "out_of_range", "invalid_target",
               "not_your_city", "voucher_type", "no_voucher", "unknown_type", "not_cavalry",
               "no_skill", "bad_policy", "trespass_pending", "skill_unknown", "skill_duplicate",
               "skill_already_fixed", "skill_not_in_pool", "too_many_picks", "skill_excluded",
               "skill_prerequisite"]
    for lang in ("en", "zh"):
        for r in ["game_over", "wrong_phase", "not_your_turn", "not_empty", "unaffordable"] + \
                 ["skirmish." + x for x in reasons]:
            text = error_text(IllegalAction(r), lang)
            assert text and not text.startswith("error."), (lang, r)


# ---- M: movement details ------------------------------------------------------------------------
def test_M_5_own_units_are_passed_hostile_units_block():
    g = scenario("......", units=[(0, INF, (0, 0)), (0, INF, (1, 0)), (1, INF, (3, 0))])
    u = unit(g, 0, 0)
    ev = g.apply(0, A.Move(u.id, (2, 0)))
    assert of(ev, E.Moved)[0].path == ((0, 0), (1, 0), (2, 0))
    assert refused(g, A.Move(u.id, (4, 0))) == "skirmish.unreachable"


def test_C11_infiltrate_passes_hostiles_and_ignores_intercept():
    rows = ["......"]
    for skills, reach in [((), False), (("C11",), True)]:
        g = scenario(rows, skills=[skills, ("I3",)], units=[(0, CAV, (0, 0)), (1, INF, (2, 0))])
        cav = unit(g, 0, 0)
        assert (g.reason(0, A.Move(cav.id, (3, 0))) is None) == reach
        assert refused(g, A.Move(cav.id, (2, 0))) == "not_empty"


def test_I3_intercept_stops_movement_next_to_the_infantry():
    g = scenario(["......", "......"], skills=[(), ("I3",)],
                 units=[(0, CAV, (0, 0)), (1, INF, (3, 1))])
    cav = unit(g, 0, 0)
    g.apply(0, A.Move(cav.id, (2, 0)))                # (2, 0) is not next to (3, 1)
    assert cav.mp_left == 6
    ev = g.apply(0, A.Move(cav.id, (3, 0)))
    assert cav.mp_left == 0 and of(ev, E.Moved)[0].stopped == "intercept"


def test_M_6_D33_fewest_steps_then_smallest_direction_sequence():
    g = scenario(["....", "....", "...."], units=[(0, CAV, (1, 1))])
    cav = unit(g, 1, 1)
    path = g.path(cav.id, (3, 1))
    assert path == [(1, 1), (2, 1), (3, 1)]
    # two equal two-step paths to (2, 0)... from (1, 1) (odd row): E then NW, or NE then E
    assert g.path(cav.id, (3, 0)) == [(1, 1), (2, 1), (3, 0)]


def test_M_2_unit_in_water_leaves_with_one_step_to_land():
    g = scenario(".~~.", units=[(0, INF, (1, 0))])
    u = unit(g, 1, 0)
    u.mp_left = 1
    ev = g.apply(0, A.Move(u.id, (0, 0)))
    assert u.mp_left == 0 and of(ev, E.Moved)[0].stopped == "water"


def test_I8_light_infantry_pays_three_for_every_non_road_hex():
    g = scenario("^^^", skills=[("I8",), ()], units=[(0, INF, (0, 0))])
    u = unit(g, 0, 0)
    g.apply(0, A.Move(u.id, (2, 0)))
    assert u.mp_left == 3


@pytest.mark.parametrize("skills,kind,mp", [
    ((), ARC, 6), (("A2",), ARC, 12), (("C1",), CAV, 9), (("C3",), CAV, 15), ((), INF, 9)])
def test_U_4_allowance_modifiers(skills, kind, mp):
    g = scenario("..", skills=[skills, ()], units=[(0, kind, (0, 0))])
    assert unit(g, 0, 0).mp_left == mp


@pytest.mark.parametrize("skills,kind", [(("A4", "A2"), ARC), (("C4", "C3"), CAV)])
def test_A4_C4_skirmish_moves_after_attacking(skills, kind):
    g = scenario("......", skills=[skills, ()], units=[(0, kind, (2, 0)), (1, INF, (3, 0))])
    u = unit(g, 2, 0)
    g.apply(0, A.Attack(u.id, (3, 0)))
    g.apply(0, A.Move(u.id, (0, 0)))
    assert g.board.coords[u.hex] == (0, 0)


# ---- N-4 ------------------------------------------------------------------------------------------
def test_N_4b_trespasser_far_inside_must_reach_an_exit_ready_hex():
    g = scenario("." * 13, neutral=[(c, 0) for c in range(1, 12)], units=[(0, INF, (6, 0))])
    u = unit(g, 6, 0)
    assert refused(g, A.END_TURN) == "skirmish.trespass_pending"
    assert refused(g, A.Move(u.id, (4, 0))) == "skirmish.must_leave_neutral"
    assert {a.to for a in g.legal_actions(0) if isinstance(a, A.Move)} == {(3, 0), (9, 0)}
    g.apply(0, A.Move(u.id, (3, 0)))
    assert g.reason(0, A.END_TURN) is None


def test_N_4c_D36_blocked_exits_mean_no_obligation():
    g = scenario("...", neutral=[(1, 0), (2, 0)], units=[(0, INF, (0, 0)), (0, INF, (1, 0))])
    assert g.reason(0, A.END_TURN) is None


# ---- K and skills -----------------------------------------------------------------------------------
def test_I5_garrison_counterattacks_in_a_city():
    g = scenario("...", skills=[("I5",), ()], cities=[(1, 0, 0)],
                 units=[(0, INF, (1, 0)), (1, INF, (2, 0))], seat=1)
    ev = g.apply(1, A.Attack(unit(g, 2, 0).id, (1, 0)))
    assert of(ev, E.Counterattack) and unit(g, 2, 0).hp == 3
    assert of(ev, E.CityStruck)[0].siege == 1


def test_A8_multi_line_archers_counter_and_A7_single_line_adds_one():
    g = scenario(".....", skills=[("A8",), ("A7",)],
                 units=[(0, ARC, (0, 0)), (0, ARC, (1, 0)), (1, INF, (2, 0)),
                        (1, ARC, (3, 0)), (1, ARC, (4, 0))])
    end_turn(g)
    assert unit(g, 1, 0).multi_line and unit(g, 3, 0).single_line
    ev = g.apply(1, A.Attack(unit(g, 2, 0).id, (1, 0)))
    assert of(ev, E.Counterattack) and unit(g, 2, 0).hp == 3
    ev = g.apply(1, A.Attack(unit(g, 3, 0).id, (1, 0)))
    assert of(ev, E.Damage)[0].raw == 2


def test_A1_longbow_range_three_and_A6_excludes_A1():
    g = scenario("....", skills=[("A1",), ()], units=[(0, ARC, (0, 0)), (1, INF, (3, 0))])
    assert g.reason(0, A.Attack(unit(g, 0, 0).id, (3, 0))) is None
    assert "A6" in SKILLS["A1"].excludes


@pytest.mark.parametrize("skills,kind,partner", [(("I11",), INF, CAV), (("C8",), CAV, INF)])
def test_I11_C8_combined_arms(skills, kind, partner):
    g = scenario(["...", "..."], skills=[skills, ()],
                 units=[(0, kind, (0, 0)), (0, partner, (0, 1)), (1, INF, (1, 0))])
    ev = g.apply(0, A.Attack(unit(g, 0, 0).id, (1, 0)))
    assert of(ev, E.Damage)[0].raw == 2


def test_C2_push_never_into_a_hostile_city_water_is_fine():
    g = scenario(".....", skills=[(), ("C1", "C2")], cities=[(4, 0, 1)],
                 units=[(0, INF, (3, 0)), (1, CAV, (0, 0))], seat=1)
    cav = unit(g, 0, 0)
    g.apply(1, A.Move(cav.id, (2, 0)))
    g.apply(1, A.Attack(cav.id, (3, 0)))
    assert unit(g, 3, 0).hp == 2                         # push impossible: +1
    g = scenario("...~.", skills=[(), ("C1", "C2")], units=[(0, INF, (2, 0)), (1, CAV, (0, 0))], seat=1)
    cav = unit(g, 0, 0)
    g.apply(1, A.Move(cav.id, (1, 0)))
    ev = g.apply(1, A.Attack(cav.id, (2, 0)))
    assert of(ev, E.Pushed)[0].to == (3, 0)


@pytest.mark.parametrize("skills,kind,cost", [
    (("A13",), ARC, 4), (("C7",), CAV, 8), (("I2",), INF, 4), ((), CAV, 10)])
def test_C_4_production_costs(skills, kind, cost):
    g = scenario("..", skills=[skills, ()], cities=[(0, 0, 0)], funds=[20, 5])
    ev = g.apply(0, A.Produce((0, 0), kind))
    assert of(ev, E.Produced)[0].cost == cost and g.funds[0] == 20 - cost


def test_C_3_healing_in_own_and_allied_cities_only():
    g = scenario("....", skills=[(), (), ()], cities=[(0, 0, 0), (1, 0, 1), (2, 0, 2)],
                 units=[(0, INF, (0, 0), 2), (0, INF, (1, 0), 2), (0, INF, (3, 0), 2)], begin=False)
    g.overlord[1] = 0
    g.touch()
    ev = start_turn(g, 0)
    assert [(e.unit, e.hp) for e in of(ev, E.Healed)] == [(1, 3), (2, 3)]


# ---- P: turn structure -------------------------------------------------------------------------------
def test_P_2_statuses_end_at_own_next_turn_start_and_P_4_clears_turn_statuses():
    g = scenario(["....", "...."], skills=[("I4", "A6"), ()],
                 units=[(0, INF, (0, 0)), (0, ARC, (0, 1)), (1, INF, (3, 1))])
    arc = unit(g, 0, 1)
    assert arc.heavy_bow                              # D26: no previous turn = did not move
    g.apply(0, A.Move(arc.id, (1, 1)))
    end_turn(g)
    assert unit(g, 0, 0).defensive and not arc.heavy_bow and arc.moved_last_turn
    ev = end_turn(g)
    assert not unit(g, 0, 0).defensive                # ended, then not moved again ...
    assert not arc.heavy_bow                          # moved last turn: no heavy bow
    assert of(ev, E.StatusesEnded)[0].status == "defensive"


def test_P_1_V_6_defunct_factions_are_skipped_and_W_2_domination_on_a_kill():
    g = scenario("....", skills=[(), (), ()], cities=[(0, 0, 0)],
                 units=[(0, INF, (1, 0)), (1, INF, (2, 0))])
    assert g.defunct(2)
    ev = end_turn(g)
    assert g.current == 1
    g.units[1].hp = 1
    g.touch()
    ev = g.apply(1, A.Attack(unit(g, 2, 0).id, (1, 0)))
    assert of(ev, E.Killed)
    ev = end_turn(g)                                  # seat 2 skipped, round 2, seat 0 has a city
    assert g.current == 0 and g.round == 2


def test_W_2_domination_when_the_last_hostile_unit_dies():
    g = scenario("...", cities=[(0, 0, 0)], units=[(0, INF, (1, 0)), (1, INF, (2, 0), 1)])
    ev = g.apply(0, A.Attack(unit(g, 1, 0).id, (2, 0)))
    assert of(ev, E.GameOver)[0].winners == (0,) and g.result().cause == "W-2"


def test_V_3_a_root_eliminated_frees_its_vassals():
    g = scenario(".....", skills=[(), (), ()],
                 cities=[(0, 0, 0), (2, 0, 1), (4, 0, 2)], units=[(0, INF, (1, 0)), (2, INF, (3, 0))])
    g.overlord[2] = 1
    k = city_index(g, 2, 0)
    g.city_siege[k] = 2
    g.touch()
    ev = g.apply(0, A.Move(unit(g, 1, 0).id, (2, 0)))
    assert of(ev, E.Eliminated) == [E.Eliminated(1, 0, 0, (2,))]
    assert g.overlord == [-1, 0, -1]
    assert g.city_owner[k] == 1 and g.city_voucher[k] == 1     # V-4: home city restored


# ---- H: secret picks, view, events -------------------------------------------------------------------
def test_H_1_picks_secret_until_all_made_then_revealed():
    rs = rulesets.get("skirmish")
    g = rs.new_game(Setup(seats=("human", "human"), seed=3))
    assert g.phase is Phase.PICK and g.to_move() == [0]
    ev = g.apply(0, A.PickSkills(("C9", "I3")))
    picked = of(ev, E.SkillsPicked)[0]
    assert picked.skills == ("I3", "C9")
    assert picked.redacted(1).skills == () and picked.redacted(1).count == 2
    assert picked.redacted(0) == picked
    view1 = g.view(1).to_json()
    assert view1["factions"][0]["picks"] == [] and "I3" not in json.dumps(view1["factions"][0])
    assert g.view(0).to_json()["factions"][0]["picks"] == ["I3", "C9"]
    ev = g.apply(1, A.PickSkills(()))
    revealed = of(ev, E.SkillsRevealed)[0]
    assert set(revealed.skills[0]) == {"I1", "I4", "I3", "C9"}
    assert g.phase is Phase.PLAY and g.round == 1 and g.current == 0
    assert g.funds == [5, 5] and not of(ev, E.Income)         # C-2: no taxes for seat 1
    assert g.view(1).to_json()["factions"][0]["picks"] == ["I3", "C9"]


def test_H_3_view_has_no_rng_and_its_copy_does_not_predict_rolls():
    g = scenario("..f", units=[(0, ARC, (0, 0)), (1, INF, (2, 0))])
    view = g.view(1)
    assert view.game.rng.get_state() != g.rng.get_state() and view.game.setup.seed == 0
    assert "rng" not in json.dumps(view.to_json())


def test_fewer_seats_than_factions_leaves_free_cities():
    rs = rulesets.get("skirmish")
    g = rs.new_game(Setup(seats=("human", "human"), seed=1))
    assert g.seats == 2 and len(g.units) == 8
    assert sorted(g.city_owner).count(FREE) == 6
    with pytest.raises(IllegalAction) as err:
        rs.new_game(Setup(seats=("human",) * 5, seed=1))
    assert err.value.key == "bad_seat_count"


def test_relative_map_path_is_resolved_and_the_setup_is_stamped():
    rs = rulesets.get("skirmish")
    g = rs.new_game(Setup(seats=("human",) * 3, seed=1, map="maps/skirmish/four_banners.tmx"))
    assert g.setup.ruleset == "skirmish" and g.board.width == 20


# ---- P-6 / D37: events ------------------------------------------------------------------------------
def test_D37_event_order_of_a_siege_strike_with_a_counter():
    g = scenario("...", skills=[("I5",), ()], cities=[(1, 0, 0)],
                 units=[(0, INF, (1, 0)), (1, INF, (2, 0))], seat=1)
    ev = g.apply(1, A.Attack(unit(g, 2, 0).id, (1, 0)))
    assert [type(e).__name__ for e in ev] == [
        "AttackMade", "Damage", "CityStruck", "Counterattack", "Damage"]


def test_P_6_every_event_of_a_game_survives_the_codec():
    from game.core import codec
    from game.core.rng import Rng
    rs = rulesets.get("skirmish")
    g = rs.new_game(Setup(seats=("random",) * 4, seed=11))
    pick = Rng(3)
    kinds = set()
    while g.result() is None:
        seat = g.to_move()[0]
        legal = g.legal_actions(seat)
        for e in g.apply(seat, legal[pick.below(len(legal))]):
            data = json.loads(json.dumps(codec.encode(e)))
            assert codec.decode(data, "skirmish") == e
            kinds.add(e.type_name)
    assert {"turn_started", "moved", "attacked", "damage", "round_ended", "game_over"} <= kinds


def test_19_forecast_for_a_screen():
    g = scenario("..f", skills=[(), ("I4",)], units=[(0, ARC, (0, 0)), (0, INF, (1, 0)), (1, INF, (2, 0))])
    g.units[3].defensive = True
    f = g.view(0).game.forecast(1, (2, 0))
    assert f == {"void": 0.5, "damage": 0.5, "kill": 0.0, "counter": 0.0, "counter_damage": 0.0}
    f = g.forecast(2, (2, 0))
    assert f["counter"] == 1.0 and f["counter_damage"] == 1.0 and f["damage"] == 1.0


@pytest.mark.parametrize("thing", [None, 42, "x", {}, A.Move])
def test_E_1_anything_that_is_not_a_skirmish_action_is_refused(thing):
    g = _basic()
    assert_refused(g, 0, thing, "not_an_action")


# ---- H-1 / H-3: what a seat may not see, and states rebuilt from a view ---------------------
def _mid_pick_game():
    g = rulesets.get("skirmish").new_game(Setup(seats=("human",) * 3, seed=9))
    g.apply(0, A.PickSkills(("C6", "A3")))
    g.apply(1, A.PickSkills(("I4",)))
    return g


def test_H_1_H_3_hidden_picks_and_the_rng_never_change_another_seats_view():
    g = _mid_pick_game()
    other = g.clone(reseed=77)                      # another RNG state
    other.picks[0], other.skills[0] = ("I3",), frozenset({"I1", "I4", "I3"})
    other.touch()
    for seat in (1, 2):
        assert other.view(seat).to_json() == g.view(seat).to_json()
        assert other.legal_actions(seat) == g.legal_actions(seat)
    text = json.dumps(g.view(2).to_json())
    assert "seed" not in text and "rng" not in text


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_state_from_view_is_consistent_with_the_view(seed):
    from game.core.rng import Rng
    rs = rulesets.get("skirmish")
    g = _mid_pick_game()
    for _ in range(2):          # during the picks, then in play
        seat = g.current
        view = g.view(seat)
        rebuilt = rs.state_from_view(view, Rng(seed))
        assert rebuilt.view(seat).to_json() == view.to_json()
        assert rebuilt.legal_actions(seat) == g.legal_actions(seat)
        assert all(rebuilt.picked[s] == g.picked[s] for s in range(g.seats))
        action = g.legal_actions(seat)[0]
        g.apply(seat, action)
    assert g.phase is Phase.PLAY
    view = g.view(g.current)
    rebuilt = rs.state_from_view(view, Rng(seed))
    assert rebuilt.view(g.current).to_json() == view.to_json()
    assert rebuilt.rng.get_state() != g.rng.get_state()
    for action in g.legal_actions(g.current)[:5]:
        rebuilt.clone().apply(g.current, action)    # playable on
