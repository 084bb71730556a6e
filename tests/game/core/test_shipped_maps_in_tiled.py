"""Every shipped map stays a map a player can open, edit and save in the Tiled editor
(TG-1, T-3, M-4, 16.1, B-6: the boards are Tiled maps), whichever Tiled they have.

Tiled 1.9 renamed an object's `type` to `class`. Tiled 1.8 (Debian 12's package) reads only
`type` and drops `class` when it saves, so a map that wrote only `class` came back from Tiled
1.8 without its objects' kinds: Four Banners then refused every unit. The shipped maps write
both (Tiled 1.9+ reads `class`, older Tiled `type`; the loaders accept either).

Tiled also saves tile layers as Base64 (plain, zlib or gzip) where a player picks that format:
those load as the same board; its deprecated XML format, which pytmx cannot read, is refused
with a message saying which format to pick.

The round trip runs the real editor (`tiled --export-map`) where it is installed (CI installs
Debian's) and skips elsewhere.
"""

from __future__ import annotations

import base64
import dataclasses
import gzip
import os
import shutil
import subprocess
import zlib
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


def encode_layers(encoding: str | None, compression: str | None):
    """A map rewrite storing every tile layer as Tiled does in another layer format: base64
    of little-endian 32-bit gids (zlib- or gzip-compressed), or the deprecated XML `<tile>`
    elements (encoding None)."""
    def rewrite(root: ET.Element) -> None:
        for layer_el in root.iter("layer"):
            data = layer_el.find("data")
            gids = [int(x) for x in data.text.replace("\n", "").split(",") if x.strip()]
            data.attrib.clear()
            if encoding is None:
                data.text = None
                for gid in gids:
                    ET.SubElement(data, "tile", {"gid": str(gid)} if gid else {})
                continue
            raw = b"".join(gid.to_bytes(4, "little") for gid in gids)
            packed = {None: raw, "zlib": zlib.compress(raw), "gzip": gzip.compress(raw)}[compression]
            data.set("encoding", encoding)
            if compression:
                data.set("compression", compression)
            data.text = base64.b64encode(packed).decode()
    return rewrite


@pytest.mark.parametrize("compression", [None, "zlib", "gzip"])
@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_a_map_saved_in_tiled_s_base64_layer_formats_loads_as_the_same_board(
        path: Path, compression: str | None, tmp_path: Path):
    from tests.helpers.maps import broken_map
    ruleset = rulesets.get(path.parent.name)
    saved = broken_map(path, tmp_path, encode_layers("base64", compression))
    assert board_fields(ruleset.read_board(str(saved))) == board_fields(ruleset.read_board(str(path)))


def test_tiled_s_old_xml_layer_format_is_refused_with_a_way_out(tmp_path: Path):
    """pytmx reads no XML `<tile>` layers: the player is told to pick CSV or Base64 in Tiled."""
    from game.core import MapError
    from game.core.i18n import error_text
    from tests.helpers.maps import broken_map
    path = broken_map(maps_dir() / "tidegate" / "isle.tmx", tmp_path, encode_layers(None, None))
    with pytest.raises(MapError) as err:
        rulesets.get("tidegate").read_board(str(path))
    assert err.value.problem == "xml_layer_format"
    assert err.value.where == "layer 'terrain'"
    assert "CSV or Base64" in error_text(err.value, "en")
    assert "CSV 或 Base64" in error_text(err.value, "zh")
