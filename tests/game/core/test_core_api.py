"""The shared core API of issue 19: Result/GameOver, ScriptedRng, SquareTopology, Tiled
helpers (typed properties, ruleset check, board cache, layer size and tile id checks)."""

from __future__ import annotations

import functools
import json
import os

import pytest

from game.core import MapError, codec
from game.core.paths import maps_dir
from game.core.protocol import GameOver, Result
from game.core.rng import Rng, ScriptedRng, force_dice
from game.core.squaregrid import square_topology
from game.core.tiled import (
    TiledMapData, bool_prop, cached_board, choice_prop, float_prop, int_prop, read_map,
    require_ruleset, str_prop,
)
from tests.helpers.maps import broken_map, csv_grid, set_csv_grid

TIDEGATE = maps_dir() / "tidegate" / "isle.tmx"
broken_copy = functools.partial(broken_map, TIDEGATE)


# ---- Result and the one GameOver event ----------------------------------------------------
def test_game_over_round_trips_result_and_json():
    result = Result(winners=(0, 2), scores=(10, 4, 10), cause="TG-7.1", draw=True)
    event = GameOver.of(result)
    assert (event.winners, event.scores, event.cause, event.draw) == ((0, 2), (10, 4, 10), "TG-7.1", True)
    assert event.result() == result
    data = json.loads(json.dumps(codec.encode(event)))
    assert data == {"type": "game_over", "winners": [0, 2], "scores": [10, 4, 10],
                    "cause": "TG-7.1", "draw": True}
    assert codec.decode(data, "core") == event
    assert codec.decode(codec.encode(result)) == result


def test_result_lists_become_tuples_and_draw_defaults_false():
    r = Result([1], [3, 5], "W-2")
    assert r.winners == (1,) and r.scores == (3, 5) and r.draw is False


# ---- ScriptedRng ------------------------------------------------------------------------
def test_scripted_rng_serves_script_fifo_then_delegates():
    rng = ScriptedRng([3, 6, 42, 0, 1], then=Rng(5))
    twin = Rng(5)
    assert rng.die() == 3
    assert rng.die(6) == 6
    assert rng.randint(1, 100) == 42
    assert rng.below(4) == 0
    assert rng.choice(["a", "b", "c"]) == "b"       # choice's value is an index
    assert rng.remaining == 0
    assert [rng.die() for _ in range(5)] == [twin.die() for _ in range(5)]
    assert rng.drawn[:5] == [("d6", 3), ("d6", 6), ("randint", 42), ("below", 0), ("below", 1)]


def test_scripted_rng_refuses_impossible_values_and_exhaustion():
    with pytest.raises(ValueError, match="7"):
        ScriptedRng([7]).die(6)
    with pytest.raises(ValueError, match="0"):
        ScriptedRng([0]).randint(1, 100)
    with pytest.raises(ValueError, match="4"):
        ScriptedRng([4]).below(4)
    strict = ScriptedRng([2])
    assert strict.die() == 2
    with pytest.raises(LookupError, match="script exhausted"):
        strict.die()


def test_scripted_rng_copy_is_independent_and_state_shows_the_script():
    rng = ScriptedRng([1, 2], then=Rng(9))
    twin = rng.copy()
    assert rng.die() == 1 and rng.die() == 2
    assert twin.remaining == 2 and twin.die() == 1
    assert rng.get_state() != twin.get_state()         # the remaining script is in the state
    assert ScriptedRng([4]).get_state() == ["scripted", 4]


def test_force_dice_sets_state_rng():
    class Dummy:
        rng = Rng(1)
    d = Dummy()
    rng = force_dice(d, [5, 1])
    assert d.rng is rng and d.rng.die() == 5 and d.rng.die() == 1


# ---- SquareTopology -----------------------------------------------------------------------
def test_square_topology_tables_and_cache():
    t = square_topology(3, 2)
    assert square_topology(3, 2) is t
    assert (t.width, t.height, t.size) == (3, 2, 6)
    # index 4 = (1, 1): n=(1,0)=1, e=(2,1)=5, s off, w=(0,1)=3
    assert t.orthogonal[4] == (1, 5, 3)
    assert t.diagonal[4] == (2, 0)                    # ne (2,0), nw (0,0)
    assert t.king[0] == (1, 3, 4)
    assert t.xy(5) == (2, 1) and t.index(2, 1) == 5
    assert t.inside(2, 1) and not t.inside(3, 0) and not t.inside(0, -1)
    with pytest.raises(ValueError):
        square_topology(0, 4)


# ---- typed property getters ---------------------------------------------------------------
def _data(**props) -> TiledMapData:
    return TiledMapData("m.tmx", "orthogonal", 1, 1, 1, 1, 0, "", "", props, {}, {})


def test_int_prop_reads_checks_and_names_the_problem():
    d = _data(turns=12, text="7", flag=True, name="x")
    assert int_prop(d, "turns", low=1, high=99) == 12
    assert int_prop(d, "text") == 7
    assert int_prop(d, "absent", default=3) == 3
    with pytest.raises(MapError) as exc:
        int_prop(d, "absent")
    assert exc.value.problem == "missing_property" and exc.value.where == "map properties"
    with pytest.raises(MapError) as exc:
        int_prop(d, "flag")
    assert exc.value.problem == "bad_property" and exc.value.params["property"] == "flag"
    with pytest.raises(MapError) as exc:
        int_prop(d, "turns", high=10)
    assert exc.value.problem == "out_of_range" and exc.value.params["high"] == "10"
    with pytest.raises(MapError) as exc:
        int_prop({"hp": "x"}, "hp", path="m.tmx", where="object 4")
    assert (exc.value.problem, exc.value.where) == ("bad_property", "object 4")
    with pytest.raises(TypeError):
        int_prop({"hp": 1}, "hp")


def test_other_typed_getters():
    d = _data(on="true", off=False, ratio="0.5", kind="fixed", n=3)
    assert bool_prop(d, "on") is True and bool_prop(d, "off") is False
    assert float_prop(d, "ratio", low=0, high=1) == 0.5
    assert str_prop(d, "kind") == "fixed"
    assert choice_prop(d, "kind", choices=("fixed", "random")) == "fixed"
    for getter, name in ((bool_prop, "n"), (str_prop, "n")):
        with pytest.raises(MapError) as exc:
            getter(d, name)
        assert exc.value.problem == "bad_property"
    with pytest.raises(MapError) as exc:
        choice_prop(d, "kind", choices=("a", "b"))
    assert exc.value.problem == "bad_property" and exc.value.params["expected"] == "a/b"


def test_require_ruleset():
    require_ruleset(_data(ruleset="tidegate"), "tidegate")
    with pytest.raises(MapError) as exc:
        require_ruleset(_data(ruleset="territory"), "tidegate")
    assert exc.value.problem == "wrong_ruleset"
    with pytest.raises(MapError) as exc:
        require_ruleset(_data(), "tidegate")
    assert exc.value.problem == "no_ruleset"


def test_cached_board_reads_once_per_file_version(tmp_path):
    f = tmp_path / "m.tmx"
    f.write_text("a")
    calls = []

    def reader(path):
        calls.append(path)
        return object()

    first = cached_board("x", f, reader)
    assert cached_board("x", f, reader) is first and len(calls) == 1
    assert cached_board("y", f, reader) is not first          # keyed by ruleset too
    f.write_text("bb")                                           # new size: read again
    os.utime(f, ns=(1, 1))
    assert cached_board("x", f, reader) is not first and len(calls) == 3


@pytest.mark.parametrize("ruleset_id", ["territory", "landship"])
def test_a_pickled_board_leaves_its_memo_behind_and_joins_the_equal_board_received(ruleset_id):
    """Issue 18: boards travel to the search's worker processes inside views. Pickled, a
    board carries no memo (derived data: megabytes after a while); unpickled twice, it is one
    board, so every view a worker receives shares that board's memo."""
    import pickle

    from game import rulesets
    from game.core.protocol import Setup

    board = rulesets.get(ruleset_id).new_game(Setup(seats=("greedy", "greedy"), seed=3)).board
    board.memo[("test", "big")] = list(range(50_000))
    data = pickle.dumps(board)
    assert len(data) < 20_000
    first, second = pickle.loads(data), pickle.loads(data)
    assert first == board and first is not board
    assert second is first and ("test", "big") not in first.memo
    del board.memo[("test", "big")]


# ---- layer size and unknown tile ids (every ruleset gets these from read_map) ----------
def _resize(attr, delta):
    def mutate(root):
        root.set(attr, str(int(root.get(attr)) + delta))
    return mutate


def test_height_smaller_than_data_is_a_map_error(tmp_path):
    path = broken_copy(tmp_path, _resize("height", -1))
    with pytest.raises(MapError) as exc:
        read_map(path)
    assert exc.value.problem == "layer_size"
    assert exc.value.params["found"] > exc.value.params["expected"]


def test_width_larger_than_data_is_a_map_error(tmp_path):
    path = broken_copy(tmp_path, _resize("width", 1))
    with pytest.raises(MapError) as exc:
        read_map(path)
    assert exc.value.problem == "layer_size"
    assert exc.value.params["found"] < exc.value.params["expected"]


def test_unknown_tile_id_in_any_layer_is_a_map_error(tmp_path):
    def mutate(root):
        tiles = [el for el in root if el.tag == "layer"]
        grid = csv_grid(tiles[-1])
        grid[0][0] = 9999
        set_csv_grid(tiles[-1], grid)

    path = broken_copy(tmp_path, mutate)
    with pytest.raises(MapError) as exc:
        read_map(path)
    assert exc.value.problem == "unknown_tile" and exc.value.params["gid"] == 9999
    assert "(0, 0)" in exc.value.where


def test_every_shipped_map_passes_the_size_checks():
    for path in sorted(maps_dir().rglob("*.tmx")):
        data = read_map(path)
        for grid in data.tile_layers.values():
            assert len(grid) == data.height and all(len(r) == data.width for r in grid)


def test_ruleset_base_defaults():
    """default_map comes from map_folder/default_map_name; the base new_game checks seats and
    stamps the id; a ruleset must rebuild states from views (the hard AI plays on them) and
    name its default map, or its class cannot be made or used."""
    from game.core import IllegalAction
    from game.core.protocol import Ruleset, Setup

    class Plain(Ruleset):
        id = "plain"
        default_map_name = "board.tmx"

        def read_board(self, path):
            return ("board", path)

        def make_state(self, setup, board):
            return (setup, board)

        def state_from_view(self, view, rng):
            return ("sampled", view)

    rs = Plain()
    assert rs.default_map() == str(maps_dir() / "plain" / "board.tmx")
    setup, board = rs.new_game(Setup(seats=("a", "b"), seed=1))
    assert setup.ruleset == "plain" and board == ("board", rs.default_map())
    with pytest.raises(IllegalAction) as err:
        rs.new_game(Setup(seats=("a",), seed=1))
    assert err.value.key == "bad_seat_count"

    class Blind(Ruleset):   # no state_from_view: abstract, cannot be made
        id = "blind"
        default_map_name = "board.tmx"

        def read_board(self, path):
            return None

        def make_state(self, setup, board):
            return None

    with pytest.raises(TypeError, match="state_from_view"):
        Blind()
    with pytest.raises(TypeError, match="sets no default_map_name"):
        class Nameless(Plain):
            default_map_name = ""


def test_batch_processes_collect_young_garbage_every_10000_allocations():
    """game/core/runtime.py: simulate, bench, soak and the search workers raise only the
    young generation's threshold (to 10,000), never lower one that is higher."""
    import gc

    from game.core.runtime import batch_gc

    saved = gc.get_threshold()
    try:
        gc.set_threshold(700, 10, 10)
        batch_gc()
        assert gc.get_threshold() == (10_000, 10, 10)
        gc.set_threshold(50_000, 7, 9)
        batch_gc()
        assert gc.get_threshold() == (50_000, 7, 9)
    finally:
        gc.set_threshold(*saved)
