"""16.1 / 16.2: the default scenario "Four Banners" validates with the spec's exact contents;
broken copies are refused with a MapError naming the problem; the tileset PNG is what
tools/make_skirmish_tiles.py draws."""


import functools
import struct
import xml.etree.ElementTree as ET
import zlib
from pathlib import Path

import pytest

from game.core import MapError
from game.core.paths import maps_dir
from game.core.tiled import read_map
from game.skirmish.board import NEUTRAL, board_from_map, read_board
from game.skirmish.constants import TERRAIN_INDEX, TERRAINS
from game.skirmish.searches import cost_field
from game.skirmish.rules import SkirmishRuleset
from tests.helpers.maps import broken_map, csv_grid, drop_layer, layer, set_csv_grid
from tests.helpers.tools import load_tool

MAP = maps_dir() / "skirmish" / "four_banners.tmx"
broken_copy = functools.partial(broken_map, MAP)

GRID = """\
^^..ff..^.~...dd..^^
^...f.....~....dd..^
..================..
f.=.^ff...~..dd.=.ff
......ff..~ss.dd....
.......f...s.~~.....
.sss.s.........^^^..
..^^^.........s.sss.
.....~~.s...f.......
....dd.ss~..ff......
ff.=.dd..~...ff^.=.f
..================..
^..dd....~.....f...^
^^..dd...~.^..ff..^^""".splitlines()
LEGEND = {".": "plains", "=": "road", "d": "desert", "f": "forest", "s": "swamp",
          "^": "mountain", "~": "water"}
NEUTRAL_HEXES = {(8, 5), (9, 5), (8, 6), (9, 6), (10, 6), (11, 6), (8, 7), (9, 7), (10, 7),
                 (11, 7), (10, 8), (11, 8)}
FACTIONS = {  # id: seat, capital, towns, inf, arc, cav, fixed skills
    "blue": (0, (2, 2), {(6, 1), (3, 4)}, {(3, 2), (2, 3)}, (1, 2), (3, 3), ("I1", "I4")),
    "red": (1, (17, 2), {(12, 1), (16, 4)}, {(16, 2), (16, 3)}, (18, 2), (17, 3), ("C3", "C7")),
    "yellow": (2, (17, 11), {(13, 12), (16, 9)}, {(16, 11), (17, 10)}, (18, 11), (16, 10), ("A1", "A10")),
    "green": (3, (2, 11), {(7, 12), (3, 9)}, {(3, 11), (3, 10)}, (1, 11), (2, 10), ("C1", "I9")),
}


def test_16_2_four_banners_has_the_spec_contents():
    b = read_board(str(MAP))
    assert (b.width, b.height) == (20, 14) and b.turn_limit == 20 and b.skip_first_income
    assert b.title == "Four Banners"
    for r, line in enumerate(GRID):
        for c, ch in enumerate(line):
            assert TERRAINS[b.terrain[b.index((c, r))]] == LEGEND[ch], (c, r)
    assert {b.coords[i] for i in range(b.size) if b.neutral[i]} == NEUTRAL_HEXES
    assert len(b.factions) == 4 and len(b.cities) == 14 and len(b.units) == 16
    cities = {b.coords[c.hex]: c for c in b.cities}
    assert {h for h, c in cities.items() if c.owner == NEUTRAL} == {(9, 6), (10, 7)}
    assert {cities[(9, 6)].name, cities[(10, 7)].name} == {"West Gate", "East Gate"}
    for f in b.factions:
        seat, cap, towns, inf, arc, cav, fixed = FACTIONS[f.id]
        assert f.seat == seat and f.fixed_skills == fixed and f.funds == 5 and f.optional_picks == 2
        assert len(f.optional_pool) == 35
        own = {h: c for h, c in cities.items() if c.owner == seat}
        assert set(own) == {cap} | towns and own[cap].vp == 2
        assert all(own[t].vp == 1 and own[t].income == 1 and own[t].home == seat for t in towns)
        mine = {(u.type, b.coords[u.hex]) for u in b.units if u.faction == seat}
        assert mine == {("infantry", h) for h in inf} | {("archer", arc), ("cavalry", cav)}


def test_16_2_point_symmetry():
    b = read_board(str(MAP))
    for i in range(b.size):
        c, r = b.coords[i]
        j = b.index((19 - c, 13 - r))
        assert b.terrain[i] == b.terrain[j] and b.neutral[i] == b.neutral[j]


def test_16_2_capital_to_capital_costs_and_bridges():
    game = SkirmishRuleset().new_game(__import__("game.core", fromlist=["Setup"]).Setup(
        seats=("human",) * 4, seed=1))
    b = game.board
    caps = {f: b.index(v[1]) for f, v in FACTIONS.items()}
    field = {f: cost_field(game, [h], b.cost) for f, h in caps.items()}
    assert field["blue"][caps["red"]] == 15 and field["yellow"][caps["green"]] == 15
    assert field["blue"][caps["green"]] == 23 and field["red"][caps["yellow"]] == 23
    assert TERRAINS[b.terrain[b.index((10, 2))]] == "road"
    assert TERRAINS[b.terrain[b.index((9, 11))]] == "road"


def test_16_1_map_opens_in_the_rules_core_with_every_layer():
    data = read_map(MAP)
    assert data.orientation == "hexagonal" and data.stagger_axis == "y" and data.stagger_index == "odd"
    assert {"terrain", "neutral"} <= set(data.tile_layers)
    assert {"factions", "cities", "units"} <= set(data.object_layers)


# ---- broken variants ----------------------------------------------------------------------
def obj(root, layer_name, name):
    return next(o for o in layer(root, layer_name) if o.get("name") == name)


def set_prop(element, name, value):
    for p in element.find("properties"):
        if p.get("name") == name:
            p.set("value", value)
            return
    props = element.find("properties")
    ET.SubElement(props, "property", name=name, value=value)


def map_prop(name, value):
    return lambda root: set_prop(root, name, value)


def terrain_cell(value):
    def mutate(root):
        data = layer(root, "terrain").find("data")
        rows = data.text.strip().splitlines()
        cells = rows[0].split(",")
        cells[0] = str(value)
        rows[0] = ",".join(cells)
        data.text = "\n" + "\n".join(rows) + "\n"
    return mutate


def object_prop(layer_name, name, prop, value):
    return lambda root: set_prop(obj(root, layer_name, name), prop, value)


def move_object(layer_name, name, to_name):
    def mutate(root):
        src, dst = obj(root, layer_name, name), obj(root, layer_name, to_name)
        src.set("x", dst.get("x"))
        src.set("y", dst.get("y"))
    return mutate


def drop_cities_of(owner):
    def mutate(root):
        cities = layer(root, "cities")
        for o in list(cities):
            if any(p.get("name") == "owner" and p.get("value") == owner for p in o.find("properties")):
                cities.remove(o)
    return mutate


def neutral_cell(gid):
    """Put tile `gid` into the neutral layer at (0, 0)."""
    def mutate(root):
        el = layer(root, "neutral")
        grid = csv_grid(el)
        grid[0][0] = gid
        set_csv_grid(el, grid)
    return mutate


def only_one_faction(root):
    factions = layer(root, "factions")
    for o in list(factions)[1:]:
        factions.remove(o)


def unit_into(city_name, unit_name):
    return move_object_between("units", unit_name, "cities", city_name)


def move_object_between(src_layer, src_name, dst_layer, dst_name):
    def mutate(root):
        src, dst = obj(root, src_layer, src_name), obj(root, dst_layer, dst_name)
        src.set("x", dst.get("x"))
        src.set("y", dst.get("y"))
    return mutate


@pytest.mark.parametrize("mutate,problem", [
    (drop_layer("terrain"), "missing_layer"),
    (drop_layer("units"), "missing_layer"),
    (map_prop("ruleset", "tidegate"), "wrong_ruleset"),
    (lambda root: root.set("staggerindex", "even"), "wrong_orientation"),
    (terrain_cell(0), "bad_terrain"),
    (terrain_cell(9), "bad_terrain"),              # a city marker painted as terrain
    (map_prop("turn_limit", "0"), "out_of_range"),
    (neutral_cell(999), "unknown_tile"),            # a tile id the tileset does not have
    (neutral_cell(1), "skirmish_bad_neutral"),      # a terrain tile in the neutral layer
    (object_prop("units", "blue archer", "faction", "purple"), "skirmish_unknown_faction"),
    (lambda root: obj(root, "units", "blue archer").set("class", "dragon"), "skirmish_unit_type"),
    (object_prop("factions", "red", "fixed_skills", "C3,Z9"), "skirmish_unknown_skill"),
    (object_prop("factions", "red", "fixed_skills", "C1,C3"), "skirmish_fixed_skills"),
    (object_prop("factions", "red", "fixed_skills", "C2"), "skirmish_fixed_skills"),
    (move_object("cities", "Ashby", "Redcrest"), "skirmish_stacked"),
    (move_object("units", "blue archer", "blue cavalry"), "skirmish_stacked"),
    (object_prop("cities", "West Gate", "owner", "blue"), "skirmish_neutral_city"),
    (move_object("cities", "Westford", "West Gate"), "skirmish_neutral_city"),
    (drop_cities_of("green"), "skirmish_no_city"),
    (only_one_faction, "skirmish_too_few_factions"),
    (object_prop("factions", "green", "seat", "7"), "skirmish_seats"),
    (move_object_between("units", "blue archer", "cities", "Redcrest"), "skirmish_unit_in_city"),
    (move_object_between("units", "red archer", "cities", "West Gate"), "skirmish_unit_in_city"),
    (object_prop("factions", "blue", "color", "blue"), "skirmish_bad_colour"),
    (lambda root: root.find("tileset").set("source", "../../../etc/x.tsx"), "outside_maps"),
])
def test_16_1_broken_maps_are_rejected_with_the_problem_named(tmp_path, mutate, problem):
    path = broken_copy(tmp_path, mutate)
    with pytest.raises(MapError) as err:
        board_from_map(read_map(path))
    assert err.value.problem == problem
    assert str(path) in str(err.value)


def test_16_1_map_errors_are_translated(tmp_path):
    from game.core.i18n import error_text
    path = broken_copy(tmp_path, drop_cities_of("green"))
    with pytest.raises(MapError) as err:
        read_board(str(path))
    en, zh = error_text(err.value, "en"), error_text(err.value, "zh")
    assert "green" in en and "green" in zh and not en.startswith("error.")


def test_objects_may_name_their_hex_with_col_and_row(tmp_path):
    def mutate(root):
        o = obj(root, "units", "blue archer")
        set_prop(o, "col", "0")
        set_prop(o, "row", "2")
        for p in o.find("properties"):
            if p.get("name") in ("col", "row"):
                p.set("type", "int")
    b = board_from_map(read_map(broken_copy(tmp_path, mutate)))
    archer = next(u for u in b.units if u.faction == 0 and u.type == "archer")
    assert b.coords[archer.hex] == (0, 2)


# ---- tileset ----------------------------------------------------------------------------------
def _pixels(path: Path) -> bytes:
    """Decoded RGBA rows of a PNG written by our generator (filter 0 only)."""
    data = path.read_bytes()
    pos, idat, size = 8, b"", None
    while pos < len(data):
        length = struct.unpack(">I", data[pos:pos + 4])[0]
        kind = data[pos + 4:pos + 8]
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            size = struct.unpack(">II", body[:8])
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    assert size is not None
    return zlib.decompress(idat)


def test_tileset_png_matches_a_fresh_regeneration(tmp_path):
    module = load_tool("make_skirmish_tiles")
    out = tmp_path / "tiles.png"
    module.main([str(out)])
    committed = MAP.parent / "skirmish_tiles.png"
    assert _pixels(out) == _pixels(committed)
    tsx = ET.parse(MAP.parent / "skirmish.tsx").getroot()
    image = tsx.find("image")
    assert (int(image.get("width")), int(image.get("height"))) == (192, 56)
    terrains = {p.get("value") for t in tsx.iter("tile") for p in t.iter("property")
                if p.get("name") == "terrain"}
    assert terrains == set(TERRAIN_INDEX)
