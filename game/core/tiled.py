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
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any, Callable, TypeVar

from game.core.errors import MapError
from game.core.paths import maps_dir

T = TypeVar("T")
_GID_MASK = 0x1FFFFFFF  # Tiled keeps flip/rotation flags in the top three bits of a gid


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
    _check_layers(path, doc)


def _tileset_ranges(path: Path, doc: ET.Element) -> list[tuple[int, int]]:
    """[first, end) gid ranges of the map's tilesets (end unknown: up to the next tileset)."""
    starts: list[tuple[int, int | None]] = []
    for ts in doc.findall("tileset"):
        try:
            first = int(ts.get("firstgid", "1"))
        except ValueError:
            raise MapError(path, "tileset", "unreadable", detail="firstgid") from None
        node = ts
        src = ts.get("source")
        if src:
            try:
                node = ET.parse(path.parent / src).getroot()
            except (ET.ParseError, OSError) as exc:
                raise MapError(path, f"tileset '{src}'", "unreadable", detail=str(exc)) from None
        count = node.get("tilecount")
        starts.append((first, int(count) if count and count.isdigit() else None))
    starts.sort()
    ranges = []
    for i, (first, count) in enumerate(starts):
        nxt = starts[i + 1][0] if i + 1 < len(starts) else 1 << 32
        ranges.append((first, min(nxt, first + count) if count is not None else nxt))
    return ranges


def _check_layers(path: Path, doc: ET.Element) -> None:
    """Every tile layer holds exactly width x height cells, each empty or a known tile.

    pytmx reshapes a layer's flat data by the width, so a map whose `height` is smaller than
    its data would index past the grid and one whose `width` is larger would load shifted;
    a gid no tileset defines would load as a tile without properties. All are MapErrors here.
    """
    from pytmx.pytmx import unpack_gids  # imported here: only map loading needs pytmx

    try:
        map_w, map_h = int(doc.get("width", "0")), int(doc.get("height", "0"))
    except ValueError:
        raise MapError(path, "map", "unreadable", detail="width/height") from None
    ranges = _tileset_ranges(path, doc)
    for el in doc.iter("layer"):
        name = el.get("name", "")
        where = f"layer '{name}'"
        data = el.find("data")
        if data is None:
            raise MapError(path, where, "unreadable", detail="no data")
        if data.find("tile") is not None:   # Tiled's deprecated "XML" layer format
            raise MapError(path, where, "xml_layer_format")
        try:
            w, h = int(el.get("width", map_w)), int(el.get("height", map_h))
            gids = [g & _GID_MASK for g in unpack_gids(
                (data.text or "").strip(), data.get("encoding"), data.get("compression"))]
        except Exception as exc:  # bad numbers, bad base64, bad compression: all unreadable
            raise MapError(path, where, "unreadable", detail=f"{type(exc).__name__}: {exc}") from None
        if (w, h) != (map_w, map_h) or len(gids) != map_w * map_h:
            raise MapError(path, where, "layer_size", found=len(gids), width=map_w,
                           height=map_h, expected=map_w * map_h)
        known: set[int] = set()
        for i, gid in enumerate(gids):
            if gid and gid not in known:
                if not any(lo <= gid < hi for lo, hi in ranges):
                    raise MapError(path, f"{where} cell ({i % map_w}, {i // map_w})",
                                   "unknown_tile", gid=gid)
                known.add(gid)


def read_map(path: str | Path) -> TiledMapData:
    """Load a .tmx file into `TiledMapData`, or raise `MapError`."""
    # pytmx imports pygame when it is installed; keep its banner out of headless output.
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pytmx  # imported here: only map loading needs it

    p = Path(path)
    if not p.is_file():   # nothing there, or a folder, a device...
        raise MapError(p, "file", "not_a_file" if p.exists() else "no_such_file")
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
                # Tiled >= 1.9 writes `class`, older Tiled `type`; where a map has both
                # (the shipped ones do, for Tiled 1.8) `class` wins, as in Tiled >= 1.9
                kind = getattr(obj, "class", None) or obj.type or ""
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


# ---- typed property getters --------------------------------------------------------------
class _Missing:
    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()


def _props_of(source: TiledMapData | dict[str, Any], path: str | None,
              where: str | None) -> tuple[dict[str, Any], str, str]:
    if isinstance(source, TiledMapData):
        return source.properties, path or source.path, where or "map properties"
    if path is None or where is None:
        raise TypeError("a properties dict needs path= and where=")
    return source, path, where


def _raw(source: TiledMapData | dict[str, Any], name: str, path: str | None,
         where: str | None, default: Any) -> tuple[Any, str, str, bool]:
    """(value, path, where, given): the property's value, or the default when absent."""
    props, p, w = _props_of(source, path, where)
    if name in props and props[name] is not None and props[name] != "":
        return props[name], p, w, True
    if default is MISSING:
        raise MapError(p, w, "missing_property", property=name)
    return default, p, w, False


def _bad(path: str, where: str, name: str, value: Any, expected: str) -> MapError:
    return MapError(path, where, "bad_property", property=name, found=str(value), expected=expected)


def _in_range(path: str, where: str, name: str, value: float, low: float | None,
              high: float | None) -> None:
    if (low is not None and value < low) or (high is not None and value > high):
        raise MapError(path, where, "out_of_range", property=name, found=str(value),
                       low="" if low is None else str(low), high="" if high is None else str(high))


def int_prop(source: TiledMapData | dict[str, Any], name: str, *, path: str | None = None,
             where: str | None = None, default: Any = MISSING, low: int | None = None,
             high: int | None = None) -> int:
    """An integer property (Tiled int, or text of an integer) within [low, high].

    `source` is a read map (its map properties; path/where default to the map's) or a
    properties dict of a tile or object (then `path` and `where` are required). A missing
    property gives `default`, or MapError "missing_property" without one; a value of
    another type "bad_property"; a value outside the bounds "out_of_range".
    """
    value, p, w, given = _raw(source, name, path, where, default)
    if not given:
        return value
    if isinstance(value, str) and value.strip().lstrip("+-").isdigit():
        value = int(value.strip())
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise _bad(p, w, name, value, "integer")
    _in_range(p, w, name, value, low, high)
    return value


def float_prop(source: TiledMapData | dict[str, Any], name: str, *, path: str | None = None,
               where: str | None = None, default: Any = MISSING, low: float | None = None,
               high: float | None = None) -> float:
    """A number property within [low, high] (see `int_prop` for the errors)."""
    value, p, w, given = _raw(source, name, path, where, default)
    if not given:
        return value
    if isinstance(value, str):
        try:
            value = float(value.strip())
        except ValueError:
            raise _bad(p, w, name, value, "number") from None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value:
        raise _bad(p, w, name, value, "number")
    _in_range(p, w, name, value, low, high)
    return float(value)


def bool_prop(source: TiledMapData | dict[str, Any], name: str, *, path: str | None = None,
              where: str | None = None, default: Any = MISSING) -> bool:
    """A boolean property (Tiled bool, or the text true/false)."""
    value, p, w, given = _raw(source, name, path, where, default)
    if not given:
        return value
    if isinstance(value, str) and value.strip().lower() in ("true", "false"):
        value = value.strip().lower() == "true"
    if not isinstance(value, bool):
        raise _bad(p, w, name, value, "true/false")
    return value


def str_prop(source: TiledMapData | dict[str, Any], name: str, *, path: str | None = None,
             where: str | None = None, default: Any = MISSING) -> str:
    """A text property (numbers are refused: a text field holding 3 is a map mistake)."""
    value, p, w, given = _raw(source, name, path, where, default)
    if not given:
        return value
    if not isinstance(value, str):
        raise _bad(p, w, name, value, "text")
    return value


def choice_prop(source: TiledMapData | dict[str, Any], name: str, *, choices: tuple[str, ...],
                path: str | None = None, where: str | None = None, default: Any = MISSING) -> str:
    """A text property that must be one of `choices` ("bad_property" names them otherwise)."""
    value = str_prop(source, name, path=path, where=where, default=default)
    if value not in choices:
        _, p, w = _props_of(source, path, where)
        raise _bad(p, w, name, value, "/".join(choices))
    return value


def require_ruleset(data: TiledMapData, ruleset_id: str) -> None:
    """Refuse a map made for another ruleset ("wrong_ruleset") or for none ("no_ruleset")."""
    found = data.properties.get("ruleset")
    if found is None or found == "":
        raise MapError(data.path, "map properties", "no_ruleset", expected=ruleset_id)
    if found != ruleset_id:
        raise MapError(data.path, "map properties", "wrong_ruleset", found=str(found),
                       expected=ruleset_id)


# ---- one board cache for every ruleset -------------------------------------------------
_BOARDS: dict[tuple[str, str, int, int], Any] = {}
_BOARDS_MAX = 32  # a handful of maps per ruleset; bounded so a map editor loop cannot grow it


def cached_board(ruleset_id: str, path: str | Path, reader: Callable[[str], T]) -> T:
    """`reader(path)`, memoised by (ruleset id, absolute path, mtime_ns, size).

    Boards are immutable, so games share them; an edited file (new mtime or size) is read
    again. A missing file goes straight to the reader, which raises its MapError.
    """
    name = os.path.abspath(path)   # (not resolved: a symlink's spelling is a second entry, no harm)
    try:
        st = os.stat(name)
    except OSError:
        return reader(str(path))
    key = (ruleset_id, name, st.st_mtime_ns, st.st_size)
    if key not in _BOARDS:
        if len(_BOARDS) >= _BOARDS_MAX:
            _BOARDS.pop(next(iter(_BOARDS)))
        _BOARDS[key] = reader(str(path))
    return _BOARDS[key]


# ---- boards sent to another process (the search's worker processes) --------------------
_RECEIVED: list[Any] = []
_RECEIVED_MAX = 16   # the boards of a few games (public boards differ by what is revealed)


def board_reduce(board: Any) -> tuple[Callable[..., Any], tuple]:
    """`__reduce__` for a frozen dataclass board: pickled as its init fields only (its memos
    are derived data, rebuilt where they are needed, and may have grown to megabytes), and
    unpickled as `received_board`."""
    return received_board, (type(board), tuple(getattr(board, f.name) for f in fields(board) if f.init))


def received_board(kind: type, values: tuple) -> Any:
    """A board unpickled in this process: the equal board it received before, if any, so
    every view the search worker is sent shares one board and that board's memos (a fresh
    memo per decision had made the worker's playouts about 1.4x slower)."""
    board = kind(*values)
    for known in _RECEIVED:
        if type(known) is kind and known == board:
            return known
    _RECEIVED.append(board)
    del _RECEIVED[:-_RECEIVED_MAX]
    return board
