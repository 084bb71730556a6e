"""The board drawn from its Tiled map: the same .tmx the rules read, loaded through pytmx with
images (an injectable image loader, so tests need no display).

Square (orthogonal) and staggered-hex maps (pointy or flat, odd or even) are placed by
`scenes.board.geometry`; hex-corner boards (Tidegate's vertices and edges) are hex maps whose
pieces the screen places. Tile layers that never change are baked once into one surface;
cells whose tile is animated (Tiled's tile animations, or animations the screen adds) are drawn
every frame. A screen whose board changes per game (Tidegate's shuffled island) passes
`cell_tile` to choose the tile of a cell, and calls `bake()` again when that changes.
An edited map therefore looks different in the game.
"""

from __future__ import annotations

import os
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import pygame

from scenes.board.geometry import HexGeometry, SquareGeometry

ImageLoader = Callable[..., Callable[..., pygame.Surface]]
CellTile = Callable[["TiledBoard", str, int, int, "int | None"], "int | None"]  # (board, layer, col, row, gid)


def display_loader(filename: str, colorkey: Any = None, **kwargs: Any) -> Callable[..., pygame.Surface]:
    """pytmx-style loader: the image file, converted for fast blitting when a display is set."""
    image = pygame.image.load(filename)
    if pygame.display.get_surface() is not None:
        image = image.convert_alpha()

    def load(rect: Any = None, flags: Any = None) -> pygame.Surface:
        return image.subsurface(rect) if rect else image
    return load


@dataclass
class TileInfo:
    image: pygame.Surface
    properties: dict[str, Any] = field(default_factory=dict)
    frames: list[tuple[int, int]] = field(default_factory=list)    # (gid, milliseconds)


def _value(prop: ET.Element) -> Any:
    raw = prop.get("value", prop.text or "")
    kind = prop.get("type", "string")
    if kind == "int":
        return int(raw)
    if kind == "float":
        return float(raw)
    if kind == "bool":
        return raw == "true"
    return raw


class TiledBoard:
    """One map's tiles, layers and geometry, drawn through a camera."""

    def __init__(self, path: str | Path, image_loader: ImageLoader | None = None,
                 cell_tile: CellTile | None = None, extra_animations: dict[int, list[tuple[int, int]]] | None = None,
                 outside_gid: int | None = None, layers: list[str] | None = None) -> None:
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        import pytmx

        self.path = Path(path)
        loader = image_loader or display_loader
        self.tm = pytmx.TiledMap(str(self.path), image_loader=loader, allow_duplicate_names=True)
        tm = self.tm
        self.cols, self.rows = int(tm.width), int(tm.height)
        self.tile_w, self.tile_h = int(tm.tilewidth), int(tm.tileheight)
        if tm.orientation == "hexagonal":
            self.geometry: HexGeometry | SquareGeometry = HexGeometry(
                self.cols, self.rows, self.tile_w, self.tile_h, int(float(tm.hexsidelength or 0)),
                str(tm.staggeraxis or "y"), str(tm.staggerindex or "odd"))
        else:
            self.geometry = SquareGeometry(self.cols, self.rows, self.tile_w, self.tile_h)
        self.size = self.geometry.size
        self.tiles: dict[int, TileInfo] = {}
        self._read_tilesets(loader)
        for gid, frames in (extra_animations or {}).items():
            if gid in self.tiles:
                self.tiles[gid].frames = list(frames)
        self.cell_tile = cell_tile
        self.outside_gid = outside_gid
        self.layer_names = layers
        self.static: pygame.Surface | None = None
        self.background: tuple[int, int, int] = (0x1B, 0x14, 0x26)   # beyond the map: ink
        self._cache: pygame.Surface | None = None
        self._cache_key: tuple | None = None
        self._animated_gids: list[int] = []
        self.animated: list[tuple[int, tuple[float, float]]] = []     # (gid, world top-left)
        self.bake()

    # ---- reading ---------------------------------------------------------------------------
    def _read_tilesets(self, loader: ImageLoader) -> None:
        doc = ET.parse(self.path).getroot()
        for ts in doc.iter("tileset"):
            first = int(ts.get("firstgid", "1"))
            src = ts.get("source")
            base = self.path.parent
            if src:
                tsx_path = (self.path.parent / src)
                ts = ET.parse(tsx_path).getroot()
                base = tsx_path.parent
            tw, th = int(ts.get("tilewidth")), int(ts.get("tileheight"))
            spacing, margin = int(ts.get("spacing", "0")), int(ts.get("margin", "0"))
            img = ts.find("image")
            if img is None:
                continue   # image-collection tilesets are not used by our maps
            load = loader(str(base / img.get("source")), img.get("trans"))
            sheet = load()
            cols = int(ts.get("columns") or (sheet.get_width() - 2 * margin + spacing) // (tw + spacing))
            count = int(ts.get("tilecount") or cols * ((sheet.get_height() - 2 * margin + spacing) // (th + spacing)))
            for local in range(count):
                c, r = local % cols, local // cols
                rect = (margin + c * (tw + spacing), margin + r * (th + spacing), tw, th)
                self.tiles[first + local] = TileInfo(load(rect))
            for tile in ts.iter("tile"):
                info = self.tiles.get(first + int(tile.get("id")))
                if info is None:
                    continue
                props = tile.find("properties")
                if props is not None:
                    info.properties = {p.get("name"): _value(p) for p in props.iter("property")}
                anim = tile.find("animation")
                if anim is not None:
                    info.frames = [(first + int(f.get("tileid")), int(f.get("duration")))
                                   for f in anim.iter("frame")]

    def animate(self, gids: list[int], ms: int) -> None:
        """Give the first tile of `gids` an animation through all of them (for tilesets that
        hold the frames but no Tiled animation); call `bake()` afterwards."""
        if len(gids) > 1 and not self.tiles[gids[0]].frames:
            self.tiles[gids[0]].frames = [(g, ms) for g in gids]

    def gid_where(self, **props: Any) -> int | None:
        """The first tile (Tiled gid) whose properties include all of `props`."""
        for gid in sorted(self.tiles):
            p = self.tiles[gid].properties
            if all(p.get(k) == v for k, v in props.items()):
                return gid
        return None

    def property_grid(self, layer: str, prop: str) -> list[list[Any]]:
        """A layer as a grid of one tile property (None where empty or unset): e.g. the
        `regions` layer's `region_id`, for `RegionGeometry` picking."""
        grid = dict(self.tile_layers()).get(layer)
        if grid is None:
            raise KeyError(f"{self.path.name} has no tile layer '{layer}'")
        return [[self.tiles[g].properties.get(prop) if g in self.tiles else None for g in row] for row in grid]

    def tile_layers(self) -> list[tuple[str, list[list[int]]]]:
        """(name, grid of Tiled gids, 0 = empty) of each visible tile layer, bottom first."""
        import pytmx
        out = []
        for layer in self.tm.visible_layers:
            if not isinstance(layer, pytmx.TiledTileLayer):
                continue
            if self.layer_names is not None and layer.name not in self.layer_names:
                continue
            grid = [[self.tm.tiledgidmap.get(g, 0) if g else 0 for g in row] for row in layer.data]
            out.append((layer.name, grid))
        return out

    # ---- baking and drawing -------------------------------------------------------------------
    def tile_origin(self, col: int, row: int, image: pygame.Surface) -> tuple[float, float]:
        """Where a tile image goes (Tiled aligns taller tiles to the cell's bottom)."""
        if isinstance(self.geometry, HexGeometry):
            x, y = self.geometry.tile_origin((col, row))
        else:
            x, y = col * self.tile_w, row * self.tile_h
        return x, y + self.tile_h - image.get_height()

    def bake(self) -> None:
        """Draw every unchanging cell once; remember the animated ones."""
        surf = pygame.Surface(self.size, pygame.SRCALPHA)
        self.animated = []
        for name, grid in self.tile_layers():
            for row, cells in enumerate(grid):
                for col, gid in enumerate(cells):
                    if self.cell_tile is not None:
                        gid = self.cell_tile(self, name, col, row, gid or None) or 0
                    info = self.tiles.get(gid)
                    if info is None:
                        continue
                    pos = self.tile_origin(col, row, info.image)
                    if info.frames:
                        self.animated.append((gid, pos))
                    else:
                        surf.blit(info.image, pos)
        if pygame.display.get_surface() is not None:
            surf = surf.convert_alpha()
        self.static = surf
        self._animated_gids = sorted({g for g, _ in self.animated} |
                                     ({self.outside_gid} if self.outside_gid in self.tiles else set()))
        self._cache_key = None

    def frame_gid(self, gid: int, t: float) -> int:
        frames = self.tiles[gid].frames
        total = sum(ms for _, ms in frames)
        at = int(t * 1000) % total if total else 0
        for frame_gid, ms in frames:
            if at < ms:
                return frame_gid
            at -= ms
        return frames[-1][0]

    def _outside_cells(self, visible: pygame.Rect):
        """Cells around the map (negative or beyond the size) inside the visible world rect."""
        tw = self.tile_w
        th = (self.tile_h + getattr(self.geometry, "hex_side", self.tile_h)) // 2 \
            if isinstance(self.geometry, HexGeometry) else self.tile_h
        c0, c1 = visible.left // tw - 1, visible.right // tw + 1
        r0, r1 = visible.top // th - 1, visible.bottom // th + 1
        for row in range(r0, r1 + 1):
            for col in range(c0, c1 + 1):
                if not (0 <= col < self.cols and 0 <= row < self.rows):
                    yield col, row

    def draw(self, canvas: pygame.Surface, camera, t: float) -> None:
        """The board as the camera sees it, clipped to the camera's view.

        The composed view is cached per camera position and animation frame: a still camera
        costs one blit per frame, whatever the number of tiles."""
        phase = tuple(self.frame_gid(g, t) for g in self._animated_gids)
        key = (camera.x, camera.y, camera.zoom, camera.view.size, phase)
        if key != self._cache_key or self._cache is None:
            if self._cache is None or self._cache.get_size() != camera.view.size:
                self._cache = pygame.Surface(camera.view.size).convert() \
                    if pygame.display.get_surface() is not None else pygame.Surface(camera.view.size)
            self._compose(self._cache, camera, t)
            self._cache_key = key
        canvas.blit(self._cache, camera.view.topleft)

    def _compose(self, target: pygame.Surface, camera, t: float) -> None:
        """Draw the view into `target` (the size of the view; its (0, 0) is the view's corner)."""
        target.fill(self.background)
        view = camera.view
        local = type(camera).__new__(type(camera))
        local.__dict__.update(camera.__dict__)
        local.view = pygame.Rect(0, 0, view.width, view.height)
        visible = camera.visible_world()
        if self.outside_gid is not None:
            gid = self.outside_gid
            if self.tiles[gid].frames:
                gid = self.frame_gid(gid, t)
            img = self.tiles[gid].image
            for col, row in self._outside_cells(visible):
                self._blit(target, local, img, self.tile_origin(col, row, img))
        if camera.zoom == 1:
            target.blit(self.static, local.to_canvas((0, 0)))
        else:
            area = visible.clip(self.static.get_rect())
            if area.width > 0 and area.height > 0:
                part = pygame.transform.scale_by(self.static.subsurface(area), camera.zoom)
                target.blit(part, local.to_canvas(area.topleft))
        for gid, pos in self.animated:
            img = self.tiles[self.frame_gid(gid, t)].image
            if visible.colliderect((pos[0], pos[1], img.get_width(), img.get_height())):
                self._blit(target, local, img, pos)

    def _blit(self, canvas: pygame.Surface, camera, img: pygame.Surface, pos: tuple[float, float]) -> None:
        if camera.zoom != 1:   # zoomed tiles are scaled once (animated sea: every recompose)
            cache = self.__dict__.setdefault("_zoomed", {})
            key = (id(img), camera.zoom)
            scaled = cache.get(key)
            if scaled is None:
                scaled = cache[key] = pygame.transform.scale_by(img, camera.zoom)
            img = scaled
        canvas.blit(img, camera.to_canvas(pos))
