"""Every shipped map stays a map a player can open, edit and save in the Tiled editor
(TG-1, T-3, M-4, 16.1, B-6: the boards are Tiled maps), whichever Tiled they have.

Tiled 1.9 renamed an object's `type` to `class`. Tiled 1.8 (Debian 12's package) reads only
`type` and drops `class` when it saves, so a map that wrote only `class` came back from Tiled
1.8 without its objects' kinds: Four Banners then refused every unit. The shipped maps write
both (Tiled 1.9+ reads `class`, older Tiled `type`; the loaders accept either).

The round trip runs the real editor (`tiled --export-map`) where it is installed (CI installs
Debian's) and skips elsewhere.
"""

from __future__ import annotations

import dataclasses
import os
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from game import rulesets
from game.core.paths import maps_dir

SHIPPED = sorted(maps_dir().glob("*/*.tmx"))


def test_there_is_a_shipped_map_for_every_ruleset():
    assert {p.parent.name for p in SHIPPED} == set(rulesets.ids())


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_every_object_names_its_kind_for_old_and_new_tiled(path: Path):
    objects = list(ET.parse(path).getroot().iter("object"))
    assert objects, "every shipped map places objects"
    for obj in objects:
        assert obj.get("class") == obj.get("type"), (
            f"object {obj.get('id')} '{obj.get('name')}': class {obj.get('class')!r}, "
            f"type {obj.get('type')!r}")


def board_fields(board: object) -> dict:
    """A board's fields without the path it was read from (the copy lies elsewhere)."""
    fields = ({f.name: getattr(board, f.name) for f in dataclasses.fields(board)}
              if dataclasses.is_dataclass(board) else dict(vars(board)))
    return {k: v for k, v in fields.items() if k not in ("path", "map_path")}


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_a_map_saved_again_by_tiled_loads_as_the_same_board(path: Path, tmp_path: Path):
    tiled = shutil.which("tiled")
    if tiled is None:
        pytest.skip("the Tiled editor is not installed")
    ruleset = rulesets.get(path.parent.name)
    folder = tmp_path / path.parent.name          # the map with its tileset and image beside it
    shutil.copytree(path.parent, folder)
    saved = folder / f"saved_{path.name}"
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    out = subprocess.run([tiled, "--export-map", "tmx", str(folder / path.name), str(saved)],
                         capture_output=True, text=True, env=env, timeout=120)
    assert out.returncode == 0, out.stderr
    assert ET.parse(saved).getroot().tag == "map"
    assert board_fields(ruleset.read_board(str(saved))) == board_fields(ruleset.read_board(str(path)))


@pytest.mark.parametrize("attributes, kind", [
    ({"class": "infantry"}, "infantry"),                     # Tiled >= 1.9
    ({"type": "infantry"}, "infantry"),                      # Tiled <= 1.8
    ({"class": "cavalry", "type": "infantry"}, "cavalry"),   # both: `class` wins, as in Tiled >= 1.9
])
def test_an_objects_kind_is_its_class_or_older_tiled_s_type(tmp_path: Path, attributes, kind):
    from game.core.tiled import read_map
    from tests.helpers.maps import broken_map, layer

    def rewrite(root: ET.Element) -> None:
        unit = layer(root, "units").find("object")
        for name in ("class", "type"):
            unit.attrib.pop(name, None)
        unit.attrib.update(attributes)

    path = broken_map(maps_dir() / "skirmish" / "four_banners.tmx", tmp_path, rewrite)
    assert read_map(path).require_objects("units")[0].kind == kind
