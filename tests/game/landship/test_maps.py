"""B-1..B-6: the default map's exact contents, its tileset, and broken maps refused with a
MapError that names the problem (the map folder is copied to tmp_path and mutated)."""


import functools
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from game import rulesets
from game.core import MapError, Setup
from game.core.i18n import error_text
from game.core.paths import maps_dir
from game.core.tiled import read_map
from game.landship.board import board_from_map, read_board
from tests.helpers.maps import broken_map, csv_grid, drop_layer, layer, set_csv_grid
from tests.helpers.tools import load_tool

DEFAULT = maps_dir() / "landship" / "default.tmx"
broken_copy = functools.partial(broken_map, DEFAULT)
TILES = [(4, 1), (1, 3), (8, 4), (5, 7), (1, 9), (5, 18), (8, 16), (1, 15), (4, 12), (8, 10)]


def test_B_5_default_map_counts():
    b = read_board(str(DEFAULT))
    assert (b.width, b.height, len(b.cells)) == (10, 20, 200)
    assert not any(b.rock)
    assert sorted(b.xy[c] for c in b.tiles) == sorted(TILES)
    assert not any(b.tiles_depleted)
    assert [(s.seat, s.ship_type, b.xy[s.cell]) for s in b.starts] == [
        (0, "resource_ship", (4, 1)), (1, "resource_ship", (5, 18))]
    assert (b.players_min, b.players_max) == (2, 2)
    # point symmetry (x, y) -> (9 - x, 19 - y)
    assert {(9 - x, 19 - y) for x, y in TILES} == set(TILES)
    assert b.name_en and b.name_zh


def test_B_5_default_map_is_the_rulesets_default():
    rs = rulesets.get("landship")
    assert Path(rs.default_map()) == DEFAULT
    g = rs.new_game(Setup(seats=("human", "greedy"), seed=1))
    assert g.setup.ruleset == "landship" and g.board is read_board(str(DEFAULT))
    relative = rs.new_game(Setup(seats=("human", "human"), seed=1, map="maps/landship/default.tmx"))
    assert relative.board.width == 10


def set_prop(name, value, kind=None):
    def mutate(root):
        props = root.find("properties")
        for p in props:
            if p.get("name") == name:
                p.set("value", value)
                return
        el = ET.SubElement(props, "property", name=name, value=value)
        if kind:
            el.set("type", kind)
    return mutate


def obj_prop(layer_name, index, name, value, kind=None):
    def mutate(root):
        obj = list(layer(root, layer_name).iter("object"))[index]
        for p in obj.iter("property"):
            if p.get("name") == name:
                p.set("value", value)
                if kind:
                    p.set("type", kind)
                return
        el = ET.SubElement(obj.find("properties"), "property", name=name, value=value)
        if kind:
            el.set("type", kind)
    return mutate


def move_obj(layer_name, index, x, y):
    """Put a 16x16 tile object on cell (x, y) (Tiled keeps tile objects' y at the bottom)."""
    def mutate(root):
        obj = list(layer(root, layer_name).iter("object"))[index]
        obj.set("x", str(x * 16))
        obj.set("y", str((y + 1) * 16))
    return mutate


def terrain_at(x, y, gid):
    def mutate(root):
        t = layer(root, "terrain")
        g = csv_grid(t)
        g[y][x] = gid
        set_csv_grid(t, g)
    return mutate


def no_terrain(root):
    t = layer(root, "terrain")
    set_csv_grid(t, [[0] * 10 for _ in range(20)])


def drop_blue_start(root):
    starts = layer(root, "starts")
    starts.remove(list(starts.iter("object"))[1])


def extra_blue_resource_ship(root):
    starts = layer(root, "starts")
    clone = ET.fromstring(ET.tostring(list(starts.iter("object"))[1]))
    clone.set("id", "99")
    clone.set("y", str(10 * 16))
    starts.append(clone)


def four_fortresses(root):
    starts = layer(root, "starts")
    template = list(starts.iter("object"))[0]
    for i in range(4):
        clone = ET.fromstring(ET.tostring(template))
        clone.set("id", str(90 + i))
        clone.set("x", str(i * 16))
        clone.set("y", str(6 * 16))
        for p in clone.iter("property"):
            if p.get("name") == "ship":
                p.set("value", "fortress_ship")
        starts.append(clone)


@pytest.mark.parametrize("mutate,problem", [
    (drop_layer("terrain"), "missing_layer"),
    (drop_layer("resources"), "missing_layer"),
    (drop_layer("starts"), "missing_layer"),
    (set_prop("ruleset", "tidegate"), "wrong_ruleset"),
    (set_prop("grid", "hex"), "wrong_orientation"),
    (terrain_at(4, 1, 0), "landship_off_board"),
    (move_obj("resources", 1, 4, 1), "landship_cell_taken"),
    (move_obj("starts", 1, 4, 1), "landship_cell_taken"),
    (drop_blue_start, "landship_no_resource_ship"),
    (extra_blue_resource_ship, "landship_no_resource_ship"),
    (terrain_at(5, 18, 4), "landship_start_on_rock"),
    (four_fortresses, "landship_over_limit"),
    (obj_prop("starts", 0, "ship", "shuttle_ship"), "landship_bad_ship"),
    (obj_prop("starts", 0, "player", "3", "int"), "out_of_range"),
    (obj_prop("resources", 0, "depleted", "maybe", "string"), "bad_property"),
    (set_prop("max_rounds", "0", "int"), "landship_bad_property"),
    (set_prop("ships.ram_ship.move", "-2", "int"), "landship_bad_property"),
    (terrain_at(3, 3, 5), "bad_terrain"),
    (lambda root: root.set("orientation", "isometric"), "wrong_orientation"),
    (no_terrain, "landship_no_cells"),
    (set_prop("players_max", "1", "int"), "out_of_range"),
])
def test_B_6_broken_maps_are_rejected_with_the_problem_named(tmp_path, mutate, problem):
    path = broken_copy(tmp_path, mutate)
    with pytest.raises(MapError) as err:
        board_from_map(read_map(path))
    assert err.value.problem == problem
    assert str(path) in str(err.value)
    for lang in ("en", "zh"):
        assert not error_text(err.value, lang).startswith("error.")


def test_B_6_map_parameters_override_the_data_file(tmp_path):
    path = broken_copy(tmp_path, lambda root: (set_prop("max_rounds", "30", "int")(root),
                                               set_prop("ships.fast_ship.move", "4", "int")(root)))
    b = board_from_map(read_map(path))
    assert b.params.max_rounds == 30 and b.params.stats("fast_ship").move == 4
    assert b.params.stats("heavy_gun_ship").atk == 5


def test_B_6_off_board_start_names_the_object(tmp_path):
    path = broken_copy(tmp_path, lambda root: (terrain_at(0, 0, 0)(root), move_obj("starts", 0, 0, 0)(root)))
    with pytest.raises(MapError) as err:
        board_from_map(read_map(path))
    assert err.value.problem == "landship_off_board"
    assert "layer 'starts' object" in err.value.where and "seat 1" in err.value.where
    assert (err.value.params["x"], err.value.params["y"]) == (0, 0)


def test_default_map_opens_in_the_tiled_format_we_expect():
    """The map keeps Tiled's XML shape: external tileset, CSV data, classes on objects."""
    root = ET.parse(DEFAULT).getroot()
    assert root.get("orientation") == "orthogonal" and root.get("infinite") == "0"
    assert root.find("tileset").get("source") == "landship.tsx"
    assert layer(root, "terrain").find("data").get("encoding") == "csv"
    assert {o.get("class") for o in layer(root, "resources").iter("object")} == {"resource"}
    assert {o.get("class") for o in layer(root, "starts").iter("object")} == {"start"}


def test_tileset_png_matches_a_fresh_regeneration(tmp_path):
    tool = load_tool("make_landship_tiles")
    out = tool.build(tmp_path / "tiles.png")
    committed = DEFAULT.parent / "landship_tiles.png"
    assert out.read_bytes() == committed.read_bytes()
    palette = tool.load_palette()
    grid = tool.build_tileset()
    assert grid.shape == (16, 128)
    assert set(grid.flatten()) <= set(palette)
