"""Tidegate rules beyond the TG-9 scenarios: setup flow, production, reasons, events."""

import pytest

from game.core import IllegalAction, Setup
from game import rulesets
from game.tidegate import actions as A
from game.tidegate import events as E
from game.tidegate.rules import discard_half
from game.tidegate.state import Phase
from tests.helpers.refusal import assert_refused
from tests.helpers.tidegate import (
    corner, new_game, put_outpost, put_road, set_hand, skip_setup, tile, to_build_phase,
)


def test_TG_1_1_default_island_counts():
    """TG-1.1: 19 tiles, 54 vertices, 72 edges, 30 coast edges; TG-1.5: 4 gates on the coast."""
    b = new_game().board
    assert len(b.topo.hexes) == 19
    assert [sum(1 for h in b.topo.hexes if h[1] == r) for r in sorted({h[1] for h in b.topo.hexes})] == [3, 4, 5, 4, 3]
    assert (b.vertex_count, b.edge_count, len(b.topo.coast_edges)) == (54, 72, 30)
    assert len(b.gates) == 4 and set(b.gates) <= set(b.topo.coast_edges)


def test_TG_1_5_gates_are_where_the_spec_puts_them():
    """TG-1.5: NE of row 1 tile 2, E of row 3 tile 5, SW of row 5 tile 2, W of row 3 tile 1."""
    from tests.helpers.tidegate import side
    g = new_game()
    expected = {side(g, tile(g, 1, 2), "ne"), side(g, tile(g, 3, 5), "e"),
                side(g, tile(g, 5, 2), "sw"), side(g, tile(g, 3, 1), "w")}
    assert set(g.board.gates) == expected


def test_TG_3_1_setup_one_pass_then_starting_resources():
    """TG-3.1/3.3/3.4: outpost then road per seat, one pass, then 2/2/2 each and round 1."""
    g = new_game(3)
    placed = []
    for seat in range(3):
        assert g.to_move() == [seat] and g.phase is Phase.SETUP_OUTPOST
        v = g.legal_actions(seat)[0].vertex
        ev = g.apply(seat, A.BuildOutpost(v))
        assert ev == [E.SetupPlaced(seat, "outpost", v)]
        roads = g.legal_actions(seat)
        assert roads and all(v in g.board.topo.edge_vertices[r.edge] for r in roads)
        ev = g.apply(seat, roads[0])
        placed.append(v)
    assert [e for e in ev if isinstance(e, E.StartingResources)] == [
        E.StartingResources(s, (2, 2, 2)) for s in range(3)]
    assert ev[-1] == E.TurnStarted(0, 1)
    assert g.resources == [[2, 2, 2]] * 3 and g.scores == [1, 1, 1]
    assert g.phase is Phase.ROLL and g.round == 1


def test_TG_3_1_setup_road_must_touch_the_new_outpost():
    g = new_game(2)
    v = corner(g, tile(g, 3, 3), "nw")
    g.apply(0, A.BuildOutpost(v))
    far = next(e for e in range(g.board.edge_count) if v not in g.board.topo.edge_vertices[e])
    with pytest.raises(IllegalAction) as err:
        g.apply(0, A.BuildRoad(far))
    assert err.value.reason_key == "not_connected"


def test_TG_4_2_all_players_collect_not_only_the_roller():
    g = new_game(2)
    skip_setup(g)
    put_outpost(g, 1, corner(g, tile(g, 3, 3), "se"))
    ev = to_build_phase(g, 0, 8)
    assert [e for e in ev if isinstance(e, E.Produced)] == [
        E.Produced(1, "wheat", 3, tile(g, 3, 3), corner(g, tile(g, 3, 3), "se"))]


def test_TG_4_3_discard_ties_wheat_stone_wood():
    assert discard_half_copy([2, 2, 2]) == (1, 1, 1)
    assert discard_half_copy([0, 5, 5]) == (0, 3, 2)
    assert discard_half_copy([1, 1, 9]) == (0, 0, 5)


def discard_half_copy(hand):
    return discard_half(list(hand))


def test_TG_5_road_needs_connection_and_outpost_needs_own_road():
    g = new_game(2)
    skip_setup(g)
    v = corner(g, tile(g, 3, 3), "nw")
    put_outpost(g, 0, v)
    to_build_phase(g, 0, 2)
    set_hand(g, 0, 5, 5, 5)
    far_edge = next(e for e in range(g.board.edge_count)
                    if all(x not in g.board.topo.vertex_neighbours[v] and x != v
                           for x in g.board.topo.edge_vertices[e]))
    with pytest.raises(IllegalAction) as err:
        g.apply(0, A.BuildRoad(far_edge))
    assert err.value.reason_key == "not_connected"
    lonely = next(x for x in range(g.board.vertex_count)
                  if g.vertex_owner[x] == -1 and all(g.vertex_owner[n] == -1 for n in g.board.topo.vertex_neighbours[x]))
    with pytest.raises(IllegalAction) as err:
        g.apply(0, A.BuildOutpost(lonely))
    assert err.value.reason_key == "not_connected"


def test_TG_8b_reason_order_placement_before_limit_before_cost():
    """TG-8b: a spot that is both taken and unaffordable reports not_empty."""
    g = new_game(2)
    skip_setup(g)
    v = corner(g, tile(g, 3, 3), "nw")
    put_outpost(g, 1, v)
    to_build_phase(g, 0, 2)
    set_hand(g, 0, 0, 0, 0)
    assert_refused(g, 0, A.BuildOutpost(v), "not_empty", action="build_outpost", seat=0)
    assert_refused(g, 0, A.BuildCity(v), "not_your_outpost")
    assert_refused(g, 1, A.END_TURN, "not_your_turn", seat=1)
    assert_refused(g, 0, A.BuildRoad(9999), "no_such_place")


def test_TG_8b_anything_but_a_tidegate_action_is_not_an_action():
    """Protocol: None, numbers, text, dicts and other objects are refused, nothing changes."""
    g = new_game(2)
    skip_setup(g)
    for thing in (None, 42, "roll", {}, object()):
        assert_refused(g, 0, thing, "not_an_action", seat=0)
    assert_refused(g, 0, A.Trade(["wheat"], "stone"), "wrong_phase")


def test_TG_5_2_unaffordable_build_is_rejected_and_nothing_changes():
    g = new_game(2)
    skip_setup(g)
    v = corner(g, tile(g, 3, 3), "nw")
    put_outpost(g, 0, v)
    to_build_phase(g, 0, 2)
    set_hand(g, 0, 1, 2, 0)
    for action in (A.BuildCity(v), A.BuildRoad(g.board.topo.vertex_edges[v][0])):
        assert_refused(g, 0, action, "unaffordable")


def test_TG_6_trade_is_repeatable_and_gate_rate_applies_automatically():
    g = new_game(2)
    skip_setup(g)
    gate_vertex = g.board.topo.edge_vertices[g.board.gates[0]][0]
    put_outpost(g, 0, gate_vertex)
    to_build_phase(g, 0, 2)
    set_hand(g, 0, 6, 0, 0)
    for _ in range(3):
        g.apply(0, A.Trade("wheat", "wood"))
    assert g.resources[0] == [0, 0, 3]


def test_TG_7_round_counter_and_events_at_round_end():
    g = new_game(2)
    skip_setup(g)
    g.apply(0, A.ROLL)
    g.apply(0, A.END_TURN)
    g.apply(1, A.ROLL)
    ev = g.apply(1, A.END_TURN)
    assert ev == [E.TurnEnded(1), E.RoundEnded(1, (0, 0)), E.TurnStarted(0, 2)]
    assert g.round == 2 and g.score_history == [(0, 0)]


def test_TG_2_4_shuffle_seats_draws_the_order_from_the_game_rng():
    rs = rulesets.get("tidegate")
    orders = {rs.new_game(Setup(seats=("human",) * 4, seed=s, options={"shuffle_seats": True})).order
              for s in range(30)}
    assert len(orders) > 5 and all(sorted(o) == [0, 1, 2, 3] for o in orders)
    same = [rs.new_game(Setup(seats=("human",) * 4, seed=9, options={"shuffle_seats": True})).order
            for _ in range(2)]
    assert same[0] == same[1]


def test_seat_count_and_options_are_checked():
    rs = rulesets.get("tidegate")
    with pytest.raises(IllegalAction) as err:
        rs.new_game(Setup(seats=("human",) * 5, seed=1))
    assert err.value.reason_key == "bad_seat_count"
    with pytest.raises(IllegalAction) as err:
        rs.new_game(Setup(seats=("human",) * 2, seed=1, options={"layout": "spiral"}))
    assert err.value.reason_key == "bad_option"


def test_view_is_json_and_hides_the_rng():
    import json
    g = new_game(2)
    data = g.view(0).to_json()
    text = json.dumps(data)
    assert "rng" not in data and str(g.rng.state) not in text
    assert data["resources"][0] == {"wheat": 0, "stone": 0, "wood": 0}


def test_a_shipped_map_stored_as_a_relative_path_opens_from_any_folder(tmp_path, monkeypatch):
    """The lobby and saves store shipped maps relative to the program (portable saves)."""
    monkeypatch.chdir(tmp_path)
    rs = rulesets.get("tidegate")
    state = rs.new_game(Setup(seats=("human", "human"), seed=1, map="maps/tidegate/isle.tmx"))
    assert state.board.vertex_count == 54


def _with_layout(tmp_path, value):
    """A copy of the default isle whose map property `layout` is `value`."""
    from game.core.paths import maps_dir
    from tests.helpers.maps import broken_map

    def mutate(root):
        for p in root.find("properties"):
            if p.get("name") == "layout":
                p.set("value", value)
    return broken_map(maps_dir() / "tidegate" / "isle.tmx", tmp_path / value, mutate)


def test_TG_1_6_the_map_layout_property_decides_unless_the_option_says(tmp_path):
    """TG-1.6: the map's `layout` (fixed/random) applies when the setup gives no option."""
    from game.core import MapError
    from game.tidegate.board import read_board

    rs = rulesets.get("tidegate")
    as_drawn = new_game(2, seed=9, layout="fixed").board
    assert read_board(rs.default_map()).layout_mode == "random"   # the shipped map says random
    assert rs.new_game(Setup(seats=("human",) * 2, seed=9)).board.terrain != as_drawn.terrain
    fixed_map = str(_with_layout(tmp_path, "fixed"))
    by_map = rs.new_game(Setup(seats=("human",) * 2, seed=9, map=fixed_map))
    assert (by_map.board.terrain, by_map.board.tokens) == (as_drawn.terrain, as_drawn.tokens)
    lobby = rs.new_game(Setup(seats=("human",) * 2, seed=9, map=fixed_map,
                              options={"layout": "random"}))
    assert lobby.board.terrain != as_drawn.terrain
    with pytest.raises(MapError) as err:
        read_board(str(_with_layout(tmp_path, "spiral")))
    assert err.value.problem == "bad_property" and err.value.params["property"] == "layout"


def test_TG_2_3_view_carries_no_seed_or_rng_and_rebuilds_the_same_game():
    """TG-2.3: a view is everything but the RNG; state_from_view gives back the same game."""
    import json
    from game.core.rng import Rng
    rs = rulesets.get("tidegate")
    g = rs.new_game(Setup(seats=("random",) * 3, seed=12345))
    pick = Rng(4)
    for step in range(400):
        if g.result() is not None:
            break
        if step % 9 == 0:
            view = g.view(g.to_move()[0])
            data = view.to_json()
            assert "seed" not in data and "rng" not in data
            assert "12345" not in json.dumps(data)
            twin = rs.state_from_view(view, g.rng.copy())
            a, b = g.digest_data(), twin.digest_data()
            for key in ("setup", "rng"):
                a.pop(key), b.pop(key)
            assert a == b
            for seat in range(3):
                assert set(twin.legal_actions(seat)) == set(g.legal_actions(seat))
            seat = g.to_move()[0]
            action = g.legal_actions(seat)[0]
            assert twin.apply(seat, action) == g.clone().apply(seat, action)
        seat = g.to_move()[0]
        legal = g.legal_actions(seat)
        g.apply(seat, legal[pick.below(len(legal))])
    assert g.result() is not None
    end = rs.state_from_view(g.view(None), Rng(1))
    assert end.result() == g.result()
