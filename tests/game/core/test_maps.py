"""Maps: every shipped map validates; broken maps give a MapError naming the problem."""


import functools
from pathlib import Path

import pytest

from game.core import MapError
from game.core.hexgrid import axial_to_offset
from game.core.i18n import error_text
from game.core.paths import maps_dir
from game.core.tiled import read_map
from game.tidegate.board import board_from_map, read_board
from tests.helpers.maps import broken_map, csv_grid, drop_layer, layer, set_csv_grid

TIDEGATE = maps_dir() / "tidegate" / "isle.tmx"
broken_copy = functools.partial(broken_map, TIDEGATE)


def test_every_shipped_map_validates():
    maps = sorted(maps_dir().rglob("*.tmx"))
    assert TIDEGATE in maps
    for path in maps:
        data = read_map(path)
        ruleset = data.properties.get("ruleset")
        assert ruleset, path
        if ruleset == "tidegate":
            board = board_from_map(data)
            assert board.vertex_count == 54


def set_prop(name, value):
    def mutate(root):
        for p in root.find("properties"):
            if p.get("name") == name:
                p.set("value", value)
    return mutate


def swap_tokens(a_axial, b_axial):
    def mutate(root):
        tokens = layer(root, "tokens")
        g = csv_grid(tokens)
        (ac, ar), (bc, br) = axial_to_offset(a_axial), axial_to_offset(b_axial)
        g[ar][ac], g[br][bc] = g[br][bc], g[ar][ac]
        set_csv_grid(tokens, g)
    return mutate


def move_gate(dx, dy):
    def mutate(root):
        obj = layer(root, "gates")[0]
        obj.set("x", str(float(obj.get("x")) + dx))
        obj.set("y", str(float(obj.get("y")) + dy))
    return mutate


def gate_inland(root):
    # midpoint of the edge between the centre hex and its east neighbour (interior edge)
    # the centre hex (col 3, odd row 3) has its centre at (128, 88): its east side is at x=144
    obj = layer(root, "gates")[0]
    obj.set("x", "144")
    obj.set("y", "88")


def drop_gate(root):
    gates = layer(root, "gates")
    gates.remove(gates[0])


def wheat_to_stone(root):
    terrain = layer(root, "terrain")
    g = csv_grid(terrain)
    for row in g:
        for i, v in enumerate(row):
            if v == 2:  # wheat (tile id 1)
                row[i] = 3
                set_csv_grid(terrain, g)
                return


def token_on_sea(root):
    tokens = layer(root, "tokens")
    g = csv_grid(tokens)
    g[0][0] = 7  # token 4 on a sea corner cell
    set_csv_grid(tokens, g)


def tileset_outside(root):
    root.find("tileset").set("source", "../../../../etc/hosts.tsx")


def orthogonal(root):
    root.set("orientation", "orthogonal")


def infinite(root):
    root.set("infinite", "1")


CENTRE, EAST = (2, 3), (3, 3)  # 8 wheat and its east neighbour (10 wood)


@pytest.mark.parametrize("mutate,problem", [
    (drop_layer("tokens"), "missing_layer"),
    (drop_layer("gates"), "missing_layer"),
    (set_prop("ruleset", "skirmish"), "wrong_ruleset"),
    (swap_tokens(EAST, (3, 1)), "hot_adjacent"),   # the 6 of row 1 moves next to the centre 8
    (move_gate(0, -30), "gate_off_edge"),
    (gate_inland, "gate_not_coast"),
    (drop_gate, "gate_count"),
    (wheat_to_stone, "terrain_count"),
    (token_on_sea, "token_off_land"),
    (tileset_outside, "outside_maps"),
    (orthogonal, "wrong_orientation"),
    (infinite, "infinite"),
])
def test_broken_maps_are_rejected_with_the_problem_named(tmp_path, mutate, problem):
    path = broken_copy(tmp_path, mutate)
    with pytest.raises(MapError) as err:
        board_from_map(read_map(path))
    assert err.value.problem == problem
    assert str(path) in str(err.value)


def test_truncated_and_missing_files(tmp_path):
    path = broken_copy(tmp_path, lambda root: None)
    path.write_text(path.read_text(encoding="utf-8")[:400], encoding="utf-8")
    with pytest.raises(MapError) as err:
        read_map(path)
    assert err.value.problem == "unreadable"
    with pytest.raises(MapError) as err:
        read_map(tmp_path / "nowhere.tmx")
    assert err.value.problem == "no_such_file"
    assert error_text(err.value, "en") == f"There is no map file {tmp_path / 'nowhere.tmx'}."
    with pytest.raises(MapError) as err:
        read_map(tmp_path)   # a folder
    assert err.value.problem == "not_a_file"
    assert error_text(err.value, "en") == f"{tmp_path} is not a map file (it is a folder or a device)."
    (tmp_path / "tidegate" / "tidegate_tiles.png").unlink()
    path.write_text(TIDEGATE.read_text(encoding="utf-8"), encoding="utf-8")
    with pytest.raises(MapError) as err:
        read_map(path)
    assert err.value.problem == "missing_file" and "tidegate_tiles.png" in err.value.where


def test_map_errors_are_translated(tmp_path):
    from game.core.i18n import error_text
    path = broken_copy(tmp_path, drop_gate)
    with pytest.raises(MapError) as err:
        read_board(str(path))
    en, zh = error_text(err.value, "en"), error_text(err.value, "zh")
    assert "3" in en and "4" in en and "潮门" in zh


def test_every_ruleset_opens_its_shipped_map_from_any_folder(tmp_path, monkeypatch):
    """Saves and the lobby store shipped maps relative to the program's files."""
    from game import rulesets
    from game.core import Setup
    from game.core.paths import resource_root

    monkeypatch.chdir(tmp_path)
    for rid in rulesets.ids():
        rs = rulesets.get(rid)
        relative = Path(rs.default_map()).resolve().relative_to(resource_root().resolve()).as_posix()
        state = rs.new_game(Setup(seats=("random",) * rs.min_players, seed=1, map=relative))
        assert state.result() is None, rid


def test_every_ruleset_opens_a_players_map_relative_to_the_working_folder(tmp_path, monkeypatch):
    """A map outside the program, named relative to the folder the player started from."""
    import shutil

    from game import rulesets
    from game.core import Setup

    monkeypatch.chdir(tmp_path)
    for rid in rulesets.ids():
        rs = rulesets.get(rid)
        default = Path(rs.default_map())
        shutil.copytree(default.parent, tmp_path / f"my_{rid}")
        state = rs.new_game(Setup(seats=("random",) * rs.min_players, seed=1,
                                  map=f"my_{rid}/{default.name}"))
        assert state.result() is None, rid
