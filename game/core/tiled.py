"""Reading Tiled maps (.tmx with external .tsx tilesets) into plain data, without images.

The rules cores never see pytmx objects: `read_map` copies what they need into
`TiledMapData` (tile layers as grids of tile-property dicts, object layers as `TiledObject`s)
and turns every failure into a `MapError` that names the file, the layer or object and the
problem. File references (tilesets, images) must stay inside the maps folder, so a map cannot
make the program read arbitrary files.
"""

from __future__ import annotations

import os
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.core.errors import MapError
from game.core.paths import maps_dir


@dataclass(frozen=True)
class TiledObject:
    """One object of an object layer; points have width = height = 0."""

    id: int
    name: str
    kind: str          # Tiled's class (>= 1.9) or type
    x: float
    y: float
    width: float
    height: float
    properties: dict[str, Any] = field(default_factory=dict)


@dataclass
class TiledMapData:
    """The parts of a Tiled map the rules cores use."""

    path: str
    orientation: str
    width: int
    height: int
    tile_width: int
    tile_height: int
    hex_side: int
    stagger_axis: str
    stagger_index: str
    properties: dict[str, Any]
    tile_layers: dict[str, list[list[dict[str, Any] | None]]]  # [row][col] -> tile properties
    object_layers: dict[str, list[TiledObject]]

    def require_layer(self, name: str) -> list[list[dict[str, Any] | None]]:
        if name not in self.tile_layers:
            raise MapError(self.path, f"layer '{name}'", "missing_layer", layer=name)
        return self.tile_layers[name]

    def require_objects(self, name: str) -> list[TiledObject]:
        if name not in self.object_layers:
            raise MapError(self.path, f"layer '{name}'", "missing_layer", layer=name)
        return self.object_layers[name]


def _allowed_root(path: Path) -> Path:
    root = maps_dir().resolve()
    return root if root in path.parents else path.parent


def _check_references(path: Path, root: Path) -> None:
    """Refuse tileset or image references that leave the maps folder or do not exist."""
    try:
        tree = ET.parse(path)
    except (ET.ParseError, OSError) as exc:
        raise MapError(path, "file", "unreadable", detail=str(exc)) from None
    doc = tree.getroot()
    if doc.tag != "map":
        raise MapError(path, "file", "not_a_map", detail=doc.tag)
    if doc.get("infinite") == "1":
        raise MapError(path, "map", "infinite")
    refs: list[tuple[str, Path]] = []
    for ts in doc.iter("tileset"):
        src = ts.get("source")
        if src:
            refs.append((f"tileset '{src}'", path.parent / src))
    for img in doc.iter("image"):
        src = img.get("source")
        if src:
            refs.append((f"image '{src}'", path.parent / src))
    for where, ref in refs:
        target = ref.resolve()
        if root not in target.parents:
            raise MapError(path, where, "outside_maps")
        if not target.is_file():
            raise MapError(path, where, "missing_file")
        if target.suffix == ".tsx":
            try:
                ts_doc = ET.parse(target).getroot()
            except (ET.ParseError, OSError) as exc:
                raise MapError(path, where, "unreadable", detail=str(exc)) from None
            for img in ts_doc.iter("image"):
                src = img.get("source") or ""
                img_path = (target.parent / src).resolve()
                if root not in img_path.parents:
                    raise MapError(path, f"{where} image '{src}'", "outside_maps")
                if not img_path.is_file():
                    raise MapError(path, f"{where} image '{src}'", "missing_file")


def read_map(path: str | Path) -> TiledMapData:
    """Load a .tmx file into `TiledMapData`, or raise `MapError`."""
    # pytmx imports pygame when it is installed; keep its banner out of headless output.
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pytmx  # imported here: only map loading needs it

    p = Path(path)
    if not p.is_file():
        raise MapError(p, "file", "missing_file")
    _check_references(p, _allowed_root(p.resolve()))
    try:
        tm = pytmx.TiledMap(str(p), allow_duplicate_names=True)
    except Exception as exc:  # pytmx raises many kinds on bad files; all mean "unreadable"
        raise MapError(p, "file", "unreadable", detail=f"{type(exc).__name__}: {exc}") from None

    tile_layers: dict[str, list[list[dict[str, Any] | None]]] = {}
    object_layers: dict[str, list[TiledObject]] = {}
    for layer in tm.layers:
        if isinstance(layer, pytmx.TiledTileLayer):
            grid: list[list[dict[str, Any] | None]] = [
                [None] * tm.width for _ in range(tm.height)
            ]
            for x, y, gid in layer.iter_data():
                if gid:
                    props = tm.get_tile_properties_by_gid(gid) or {}
                    grid[y][x] = dict(props)
            tile_layers[layer.name] = grid
        elif isinstance(layer, pytmx.TiledObjectGroup):
            objs = []
            for obj in layer:
                kind = obj.type or getattr(obj, "class", None) or ""
                objs.append(TiledObject(
                    id=int(obj.id), name=obj.name or "", kind=str(kind),
                    x=float(obj.x), y=float(obj.y),
                    width=float(obj.width or 0), height=float(obj.height or 0),
                    properties=dict(obj.properties),
                ))
            object_layers[layer.name] = objs
    return TiledMapData(
        path=str(p),
        orientation=str(tm.orientation),
        width=int(tm.width),
        height=int(tm.height),
        tile_width=int(tm.tilewidth),
        tile_height=int(tm.tileheight),
        hex_side=int(float(getattr(tm, "hexsidelength", 0) or 0)),
        stagger_axis=str(getattr(tm, "staggeraxis", "") or ""),
        stagger_index=str(getattr(tm, "staggerindex", "") or ""),
        properties=dict(tm.properties),
        tile_layers=tile_layers,
        object_layers=object_layers,
    )
