"""M: the default map "Nine Provinces" and its validation; the tileset art is reproducible."""


import functools
import xml.etree.ElementTree as ET

import pytest

from game.core import MapError
from game.core.i18n import error_text
from game.core.paths import maps_dir
from game.core.regiongraph import RegionGraph
from game.core.tiled import read_map
from game.domiplot.board import board_from_map, load_board
from tests.helpers.maps import broken_map, csv_grid, drop_layer, layer, set_csv_grid
from tests.helpers.tools import load_tool

DEFAULT = maps_dir() / "domiplot" / "nine_provinces.tmx"
broken_copy = functools.partial(broken_map, DEFAULT)

# M-5: id -> (name_en, name_zh, terrain, label block, neighbours)
TABLE = {
    1: ("Western Corridor", "凉州", "plateau", (2, 1), {2, 4, 8, 17}),
    2: ("Northern Highlands", "并州", "plateau", (5, 0), {1, 3, 4, 5, 6}),
    3: ("Northern Marches", "幽州", "ordinary", (8, 0), {2, 6, 7, 18}),
    4: ("Pass Fortress", "关中", "city", (3, 2), {1, 2, 5, 8, 9, 12}),
    5: ("Imperial Capital", "司隶", "city", (5, 3), {2, 4, 6, 9, 10}),
    6: ("Northern Plain", "冀州", "plain", (6, 1), {2, 3, 5, 7, 10}),
    7: ("Eastern Shore", "青州", "ordinary", (9, 2), {3, 6, 10, 11, 18}),
    8: ("Upper Valley", "汉中", "hills", (1, 3), {1, 4, 12, 17}),
    9: ("Central Plain", "豫州", "plain", (5, 4), {4, 5, 10, 12, 13}),
    10: ("River Fords", "兖州", "plain", (7, 3), {5, 6, 7, 9, 11, 14}),
    11: ("Eastern Marches", "徐州", "ordinary", (9, 4), {7, 10, 14, 15}),
    12: ("Western Basin", "益州", "mountain", (2, 5), {4, 8, 9, 13, 19}),
    13: ("Lake Country", "荆州", "hills", (5, 6), {9, 12, 14, 16}),
    14: ("Southern Riverlands", "淮南", "plain", (7, 5), {10, 11, 13, 15, 16}),
    15: ("River Delta", "扬州", "ordinary", (9, 6), {11, 14, 16, 20}),
    16: ("Southern Ridges", "南岭", "hills", (5, 7), {13, 14, 15}),
    17: ("Western Regions", "西域", "plateau", (0, 1), {1, 8}),
    18: ("Far Northeast", "辽东", "mountain", (10, 1), {3, 7}),
    19: ("Southwest Jungles", "南中", "mountain", (0, 6), {12}),
    20: ("Southeast Coast", "会稽", "ordinary", (11, 7), {15}),
}
GRID = (
    "QQAABBBCCCRR",
    "QQAABBFFCCRR",
    "QQADDEFFGGR.",
    "QHHDDEEJJGG.",
    ".HHLIIIJJKK.",
    "SLLLIIMNNKK.",
    "SSLMMMMNNOOT",
    "SS..PPPPOOTT",
)


def test_M_5_default_map_matches_the_spec():
    board = load_board(str(DEFAULT))
    assert (board.width, board.height, board.tile_width, board.tile_height) == (48, 32, 16, 16)
    assert (board.min_players, board.max_players) == (2, 8)
    assert board.name_en == "Nine Provinces" and board.overrides == {}
    assert sorted(board.regions) == list(range(1, 21))
    for rid, (en, zh, terrain, (col, row), nbrs) in TABLE.items():
        region = board.regions[rid]
        assert (region.name_en, region.name_zh, region.terrain) == (en, zh, terrain)
        assert region.label == (col * 64 + 32, row * 64 + 32)
        assert set(board.graph.neighbours[rid]) == nbrs
        assert region.min_players == (5 if rid >= 17 else 2)
        assert GRID[row][col] == chr(ord("A") + rid - 1)
    for rid in range(1, 21):
        cells = {(x // 4, y // 4) for x, y in board.graph.cells[rid]}
        assert cells == {(c, r) for r, line in enumerate(GRID) for c, ch in enumerate(line)
                         if ch == chr(ord("A") + rid - 1)}
        assert len(board.graph.cells[rid]) == 16 * len(cells)
    for n in range(2, 9):
        active = board.active(n)
        assert len(active.ids) == (16 if n <= 4 else 20)
        assert active.graph.is_connected()


def test_M_4_region_graph_is_generic():
    graph = RegionGraph.from_grid([[1, 1, None, 3], [2, 2, None, 3]])
    assert graph.neighbours == {1: frozenset({2}), 2: frozenset({1}), 3: frozenset()}
    assert not graph.is_connected() and graph.components() == [[1, 2], [3]]
    linked = graph.with_links([(2, 3)])
    assert linked.is_connected() and linked.neighbours[3] == frozenset({2})
    assert linked.restricted([1, 3]).components() == [[1], [3]]
    # crossings: regions passed through between a source and the target
    line = RegionGraph.from_grid([[1, 2, 3, 4, 5]])
    assert line.crossings([1]) == {1: 0, 2: 0, 3: 1, 4: 2, 5: 3}
    assert line.crossings([1], free=[3]) == {1: 0, 2: 0, 3: 1, 4: 1, 5: 2}


# ---- broken variants ------------------------------------------------------------------------
def set_map_prop(name, value, kind=None):
    def mutate(root):
        props = root.find("properties")
        for p in props:
            if p.get("name") == name:
                p.set("value", value)
                return
        el = ET.SubElement(props, "property", {"name": name, "value": value})
        if kind:
            el.set("type", kind)
    return mutate


def obj(root, rid):
    for o in layer(root, "region_info"):
        for p in o.find("properties"):
            if p.get("name") == "region_id" and p.get("value") == str(rid):
                return o
    raise KeyError(rid)


def set_obj_prop(rid, name, value, kind=None):
    def mutate(root):
        props = obj(root, rid).find("properties")
        for p in props:
            if p.get("name") == name:
                p.set("value", value)
                return
        el = ET.SubElement(props, "property", {"name": name, "value": value})
        if kind:
            el.set("type", kind)
    return mutate


def drop_object(rid):
    return lambda root: layer(root, "region_info").remove(obj(root, rid))


def duplicate_object(root):
    group = layer(root, "region_info")
    copy = ET.fromstring(ET.tostring(obj(root, 3)))
    copy.set("id", "99")
    group.append(copy)


def split_region(root):
    regions = layer(root, "regions")
    g = csv_grid(regions)
    g[31][31] = 1  # a cell of region 1 in the far south
    set_csv_grid(regions, g)


def sea_tile_in_regions(root):
    regions = layer(root, "regions")
    g = csv_grid(regions)
    g[0][0] = 33  # the sea tile has no region_id
    set_csv_grid(regions, g)


def isolate_19(root):
    # with 2-4 players region 19 stays but its only neighbour, 12, is removed
    set_obj_prop(12, "min_players", "5", "int")(root)
    set_obj_prop(19, "min_players", "2", "int")(root)


def too_few(root):
    for rid in range(3, 21):
        set_obj_prop(rid, "min_players", "8", "int")(root)


def tileset_outside(root):
    root.find("tileset").set("source", "../../../../etc/hosts.tsx")


@pytest.mark.parametrize("mutate,problem", [
    (drop_layer("regions"), "missing_layer"),
    (drop_layer("region_info"), "missing_layer"),
    (set_map_prop("ruleset", "tidegate"), "wrong_ruleset"),
    (lambda root: root.set("orientation", "isometric"), "wrong_orientation"),
    (set_obj_prop(9, "terrain", "swamp"), "bad_terrain"),
    (set_obj_prop(9, "region_id", "33", "int"), "info_without_region"),
    (drop_object(5), "region_without_info"),
    (duplicate_object, "duplicate_region_info"),
    (set_obj_prop(9, "name_zh", ""), "missing_property"),
    (set_obj_prop(9, "name_en", "  "), "missing_property"),
    (set_map_prop("max_rounds", "ten"), "bad_property"),
    (set_obj_prop(9, "min_players", "9", "int"), "out_of_range"),
    (set_map_prop("ruleset", ""), "no_ruleset"),
    (set_obj_prop(7, "extra_neighbors", "12,99"), "bad_neighbor"),
    (split_region, "region_split"),
    (sea_tile_in_regions, "bad_region_tile"),
    (isolate_19, "graph_split"),
    (too_few, "too_few_regions"),
    (set_map_prop("max_rounds", "0", "int"), "out_of_range"),
    (set_map_prop("min_players", "1", "int"), "out_of_range"),
    (tileset_outside, "outside_maps"),
])
def test_M_4_broken_maps_are_rejected_with_the_problem_named(tmp_path, mutate, problem):
    path = broken_copy(tmp_path, mutate)
    with pytest.raises(MapError) as err:
        board_from_map(read_map(path))
    assert err.value.problem == problem
    assert str(path) in str(err.value)
    for lang in ("en", "zh"):
        text = error_text(err.value, lang)
        assert not text.startswith("error.") and "{" not in text, text


def test_M_4_extra_neighbors_add_symmetric_links(tmp_path):
    path = broken_copy(tmp_path, set_obj_prop(19, "extra_neighbors", "16, 13"))
    board = board_from_map(read_map(path))
    assert {12, 13, 16} == set(board.graph.neighbours[19])
    assert 19 in board.graph.neighbours[16] and 19 in board.graph.neighbours[13]


def test_M_4_map_properties_override_options(tmp_path):
    path = broken_copy(tmp_path, lambda root: (set_map_prop("max_rounds", "7", "int")(root),
                                               set_map_prop("initial_hand", "6", "int")(root)))
    from game import rulesets
    from game.core import Setup
    g = rulesets.get("domiplot").new_game(Setup(seats=("human",) * 2, seed=1, map=str(path)))
    assert g.options["max_rounds"] == 7 and [len(h) for h in g.hands] == [6, 6]
    g = rulesets.get("domiplot").new_game(Setup(seats=("human",) * 2, seed=1, map=str(path),
                                                options={"max_rounds": 9}))
    assert g.options["max_rounds"] == 9


# ---- the tileset ----------------------------------------------------------------------------


def test_tileset_and_map_regenerate_identically(tmp_path):
    import pygame
    tool = load_tool("make_domiplot_tiles")
    tool.main(["--out", str(tmp_path), "--map"])
    for name in ("domiplot_tiles.png", "domiplot_regions.tsx", "nine_provinces.tmx"):
        new, old = tmp_path / "maps" / "domiplot" / name, DEFAULT.parent / name
        if name.endswith(".png"):
            a, b = pygame.image.load(str(new)), pygame.image.load(str(old))
            assert a.get_size() == b.get_size() == (128, 80)
            assert pygame.image.tobytes(a, "RGBA") == pygame.image.tobytes(b, "RGBA")
        else:
            assert new.read_text(encoding="utf-8") == old.read_text(encoding="utf-8"), name


def test_tileset_uses_only_palette_colours():
    import numpy as np
    tool = load_tool("make_domiplot_tiles")
    palette = tool.load_palette()
    rgba = tool.to_rgba(tool.tileset_grid(), palette)
    colours = {tuple(int(v) for v in px) for px in rgba.reshape(-1, 4)}
    assert colours <= set(palette.values())
    # neighbouring regions of the default map never share a ground tone
    tones = tool.tones()
    board = load_board(str(DEFAULT))
    for r, nbrs in board.graph.neighbours.items():
        assert all(tones[r] != tones[n] for n in nbrs)
    assert np.any(rgba[..., 3] == 0)  # glyph tiles are clear around their outline
