"""game.core: the RNG, the codec, hex and square geometry, the registry."""

import json

import pytest

from game import rulesets
from game.core import Setup, UnknownName
from game.core import codec
from game.core.codec import DecodeError
from game.core.hexgrid import (
    HexTopology, TiledHexLayout, axial_to_offset, distance, hexagon, neighbours, offset_to_axial,
)
from game.core.rng import Rng, derive_seed
from game.core.squaregrid import SquareGrid
from game.tidegate import actions as A
from game.tidegate import events as E


def test_rng_is_deterministic_copyable_and_roughly_uniform():
    a, b = Rng(42), Rng(42)
    assert [a.die() for _ in range(50)] == [b.die() for _ in range(50)]
    c = a.copy()
    assert [a.below(1000) for _ in range(10)] == [c.below(1000) for _ in range(10)]
    restored = Rng.from_state(a.get_state())
    assert restored.random() == a.random()
    counts = [0] * 6
    r = Rng(1)
    for _ in range(60_000):
        counts[r.die() - 1] += 1
    assert all(9_500 < n < 10_500 for n in counts)
    assert Rng(1).die() != Rng(2).die() or Rng(1).below(10**9) != Rng(2).below(10**9)
    assert derive_seed(1, "agent", 0) != derive_seed(1, "agent", 1)


def test_rng_shuffle_is_a_permutation():
    items = list(range(20))
    Rng(3).shuffle(items)
    assert sorted(items) == list(range(20)) and items != list(range(20))


def test_codec_round_trips_actions_events_and_setup():
    for obj, ns in [(A.BuildRoad(17), "tidegate"), (A.Trade("wood", "stone"), "tidegate"),
                    (E.Discarded(1, (2, 1, 0)), "tidegate"),
                    (Setup(seats=("human", "greedy"), seed=3, options={"layout": "fixed"}), "core")]:
        data = json.loads(json.dumps(codec.encode(obj)))
        assert codec.decode(data, ns) == obj
    assert codec.encode(A.BuildRoad(17)) == {"type": "build_road", "edge": 17}


@pytest.mark.parametrize("bad", [
    None, [], {"edge": 3}, {"type": "fly"}, {"type": "build_road", "edge": "x"},
    {"type": "build_road", "edge": 1, "extra": 2}, {"type": "build_road"}, {"type": 5},
])
def test_codec_rejects_foreign_data_with_a_key(bad):
    with pytest.raises(DecodeError) as err:
        codec.decode(bad, "tidegate")
    assert err.value.key.startswith("save.")


def test_offset_axial_round_trip_both_stagger_indices():
    for index in ("odd", "even"):
        for col in range(-3, 8):
            for row in range(-3, 8):
                assert axial_to_offset(offset_to_axial(col, row, index), index) == (col, row)


def test_hex_basics():
    assert len(hexagon(2)) == 19 and len(hexagon(3)) == 37
    assert all(distance((0, 0), n) == 1 for n in neighbours((0, 0)))
    topo = HexTopology.build(hexagon(2))
    assert all(1 <= len(h) <= 3 for h in topo.vertex_hexes)
    assert all(len(set(e)) == 2 for e in topo.edge_vertices)
    assert sum(len(v) for v in topo.vertex_edges) == 2 * len(topo.edge_vertices)


def test_tiled_layout_shares_corners_between_neighbouring_tiles():
    """Pixel corners from TiledHexLayout agree for hexes sharing a vertex (Tiled's geometry)."""
    lay = TiledHexLayout(32, 32, 16, "odd")
    topo = HexTopology.build(hexagon(2, (2, 3)))
    for v, hexes in enumerate(topo.vertex_hexes):
        points = {lay.corner(topo.hexes[h], topo.hex_vertices[h].index(v)) for h in hexes}
        assert len(points) == 1


def test_square_grid():
    g = SquareGrid(10, 20)
    assert (9, 19) in g and (10, 0) not in g
    assert g.neighbours((0, 0)) == [(1, 0), (0, 1)]
    assert len(g.neighbours((5, 5), diagonal=True)) == 8
    assert g.cell(g.index((3, 4))) == (3, 4)
    assert SquareGrid.manhattan((0, 0), (2, 3)) == 5 and SquareGrid.chebyshev((0, 0), (2, 3)) == 3


def test_registry_lists_ids_and_names_unknown_ones():
    assert "tidegate" in rulesets.ids()
    assert rulesets.get("tidegate").id == "tidegate"
    with pytest.raises(UnknownName) as err:
        rulesets.get("chess")
    assert "tidegate" in str(err.value) and err.value.key == "unknown_ruleset"
