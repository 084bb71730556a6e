"""T-2 / T-3: the default map "Origin" and the Tiled format; broken maps are refused with a
MapError naming the problem; the tileset PNG is exactly what its tool generates."""


from __future__ import annotations

import functools
import xml.etree.ElementTree as ET

import pytest

from game import rulesets
from game.core import MapError
from game.core.i18n import error_text
from game.core.paths import maps_dir
from game.core.tiled import read_map
from game.territory.board import board_from_map
from game.territory.constants import CHASM, LAND, SEA, VOLCANO
from tests.helpers.maps import broken_map, drop_layer, layer
from tests.helpers.tools import load_tool

ORIGIN = maps_dir() / "territory" / "origin.tmx"
broken_copy = functools.partial(broken_map, ORIGIN)


def test_T_2_the_default_map_is_origin():
    assert rulesets.get("territory").default_map() == str(ORIGIN)


def test_T_2_origin_has_the_counts_the_spec_states():
    b = rulesets.get("territory").read_board(str(ORIGIN))
    assert (b.width, b.height) == (24, 16)
    assert (b.min_players, b.max_players) == (2, 7)
    assert b.kind.count(LAND) == 231 and b.kind.count(SEA) == 142
    assert b.kind.count(CHASM) == 10 and b.kind.count(VOLCANO) == 1
    assert sum(b.coastal) == 64
    assert sum(b.cold) == 42 and all(b.xy(i)[1] <= 3 for i in range(b.size) if b.cold[i])
    assert 2 * 116 > 231 >= 2 * 115  # V2 needs 116


def _components(b):
    land = set(b.land_tiles)
    seen, comps = set(), []
    for i in sorted(land):
        if i in seen:
            continue
        comp, stack = set(), [i]
        seen.add(i)
        while stack:
            j = stack.pop()
            comp.add(j)
            for n in b.adjacent[j]:
                if n in land and n not in seen:
                    seen.add(n)
                    stack.append(n)
        comps.append(comp)
    return comps


def test_T_2_continent_and_islands():
    b = rulesets.get("territory").read_board(str(ORIGIN))
    comps = sorted(_components(b), key=len, reverse=True)
    assert [len(c) for c in comps] == [220, 6, 3, 1, 1]
    xy = lambda comp: {b.xy(i) for i in comp}  # noqa: E731
    assert xy(comps[1]) == {(x, y) for x in range(21, 24) for y in range(5, 8)} & xy(comps[1])
    assert all(21 <= x <= 23 and 5 <= y <= 7 for x, y in xy(comps[1]))
    assert xy(comps[2]) <= {(x, y) for x in (22, 23) for y in (11, 12)}
    assert {frozenset(xy(c)) for c in comps[3:]} == {frozenset({(21, 2)}), frozenset({(21, 14)})}


def test_T_2_start_regions_groups_tree_and_features():
    b = rulesets.get("territory").read_board(str(ORIGIN))
    sizes = {f: len(t) for f, t in b.starts.items()}
    assert sizes == {"bounty": 5, "arcane": 5, "pioneer": 8, "jungle": 5, "tide": 5, "war": 5,
                     "shadow": 5}
    assert b.xy(b.tree) == (5, 11) and b.tree in b.starts["jungle"]
    groups = {g.name: ({b.xy(i) for i in g.tiles}, g.race, {b.xy(i) for i in g.camps})
              for g in b.groups}
    assert groups["goblin_1"] == ({(3, 3), (4, 3), (3, 4), (4, 4)}, "goblin", {(4, 4)})
    assert groups["goblin_2"] == ({(17, 12), (18, 12), (17, 13), (18, 13)}, "goblin", {(17, 13)})
    assert groups["undead_1"] == ({(11, 7), (11, 8), (12, 8), (12, 9)}, "undead", set())
    assert len(b.ruins) == 5 and len(b.treasures) == 5
    assert all(v is None for v in b.treasures.values())  # d6 contents (T-15.2)
    specials = [b.special[i] for i in b.land_tiles]
    assert specials.count(1) == 6 and specials.count(2) == 4


def test_T_3_origin_opens_in_pytmx_with_the_features_layer():
    data = read_map(ORIGIN)
    assert data.orientation == "orthogonal"
    assert "terrain" in data.tile_layers and "features" in data.object_layers
    kinds = {o.kind for o in data.object_layers["features"]}
    assert kinds == {"cold", "start", "tree_of_life", "ruin", "treasure", "neutral"}


# ---- broken variants (T-3.4) --------------------------------------------------------------

def objects(root, kind):
    return [o for o in layer(root, "features") if o.get("class") == kind]


def move(obj, x, y):
    obj.set("x", str(x * 16 + 8))
    obj.set("y", str(y * 16 + 8))


def set_prop(obj, name, value):
    for p in obj.iter("property"):
        if p.get("name") == name:
            p.set("value", value)


def wrong_ruleset(root):
    set_prop(root.find("properties"), "ruleset", "tidegate")


def hexagonal(root):
    root.set("orientation", "hexagonal")


def start_split(root):
    # one war start tile moved far away: the region is no longer connected
    move(next(o for o in objects(root, "start") if o.get("name") == "war start"), 12, 5)


def start_on_sea(root):
    move(objects(root, "start")[0], 0, 0)


def starts_overlap(root):
    war = [o for o in objects(root, "start") if o.get("name") == "war start"]
    arcane = [o for o in objects(root, "start") if o.get("name") == "arcane start"]
    move(war[0], 16, 2)  # onto an arcane tile
    assert arcane


def tree_outside(root):
    move(objects(root, "tree_of_life")[0], 9, 9)


def group_split(root):
    undead = [o for o in objects(root, "neutral") if o.get("name") == "undead_1"]
    move(undead[0], 3, 13)


def bad_race(root):
    set_prop(objects(root, "neutral")[0], "race", "dragon")


def unknown_feature(root):
    ruin = objects(root, "ruin")[0]
    ruin.set("class", "castle")
    ruin.set("type", "castle")


def ruin_on_chasm(root):
    move(objects(root, "ruin")[0], 11, 2)


def bad_kind(root):
    # the tileset is external and shared: leave the first cell empty (gid 0) instead
    data = layer(root, "terrain").find("data")
    data.text = "0" + data.text.strip()[1:]


def bad_param(root):
    props = root.find("properties")
    ET.SubElement(props, "property", {"name": "max_turns", "type": "int", "value": "0"})


def tileset_outside(root):
    root.find("tileset").set("source", "../../../../etc/passwd.tsx")


@pytest.mark.parametrize("mutate,problem", [
    (drop_layer("terrain"), "missing_layer"),
    (drop_layer("features"), "missing_layer"),
    (wrong_ruleset, "wrong_ruleset"),
    (hexagonal, "wrong_orientation"),
    (start_split, "start_not_contiguous"),
    (start_on_sea, "feature_off_land"),
    (starts_overlap, "start_overlap"),
    (tree_outside, "tree_outside_start"),
    (group_split, "group_not_contiguous"),
    (bad_race, "bad_race"),
    (unknown_feature, "bad_feature"),
    (ruin_on_chasm, "feature_off_land"),
    (bad_kind, "bad_terrain"),
    (bad_param, "out_of_range"),
    (tileset_outside, "outside_maps"),
])
def test_T_3_4_broken_maps_are_refused_naming_the_problem(tmp_path, mutate, problem):
    path = broken_copy(tmp_path, mutate)
    with pytest.raises(MapError) as err:
        board_from_map(read_map(path))
    assert err.value.problem == problem
    assert str(path) in str(err.value)
    for lang in ("en", "zh"):
        text = error_text(err.value, lang)
        assert text and not text.startswith("error.")


def test_T_3_1_map_properties_override_tunables(tmp_path):
    def shorter(root):
        props = root.find("properties")
        ET.SubElement(props, "property", {"name": "max_turns", "type": "int", "value": "12"})
        ET.SubElement(props, "property", {"name": "base_cap", "type": "int", "value": "8"})
    b = board_from_map(read_map(broken_copy(tmp_path, shorter)))
    assert b.params.max_turns == 12 and b.params.base_cap == 8


# ---- the tileset --------------------------------------------------------------------------


def test_the_tileset_png_is_exactly_what_the_tool_generates(tmp_path):
    tool = load_tool("make_territory_tiles")
    out = tmp_path / "tiles.png"
    tool.main(["--out", str(out)])
    committed = ORIGIN.parent / "territory_tiles.png"
    assert out.read_bytes() == committed.read_bytes()
    pixels = tool.build()
    assert pixels.shape == (16, 16 * 8, 4)
    palette = set(tool.load_palette().values())
    assert {tuple(p) for row in pixels for p in row} <= palette


def test_the_tileset_matches_the_tsx():
    tsx = ET.parse(ORIGIN.parent / "territory.tsx").getroot()
    image = tsx.find("image")
    assert (image.get("width"), image.get("height")) == ("128", "16")
    assert int(tsx.get("tilecount")) == 8
