"""The game's art at run time: sprite sheets, the Tiled tileset tiles and cached 9-slices."""

from __future__ import annotations

import pygame

from game.core.paths import resource_path
from sprites.sheets import load_image, load_index, load_sheet, nine_slice
from sprites.tint import seat_ramps, tint


class Art:
    """Every sheet loaded once (after the display mode is set, so surfaces are converted)."""

    def __init__(self) -> None:
        self.ui = load_sheet("ui")
        self.ui_index = load_index("ui")
        self.pieces = load_sheet("tidegate")
        self.pieces_index = load_index("tidegate")
        self._more_seats()
        self.dice = load_sheet("dice")
        self._slices: dict[tuple[str, tuple[int, int]], pygame.Surface] = {}
        self._scaled: dict[tuple[str, int], pygame.Surface] = {}
        self._tilesets: dict[str, list[pygame.Surface]] = {}

    SEAT_FRAMES = ("outpost", "city", "road_v", "road_up", "road_down")   # drawn per seat colour

    def _more_seats(self) -> None:
        """Tidegate's sheet draws seats 0-3; seats 4-7 (the lobby offers eight colours) are seat
        0's pieces with its base and shade swapped for the seat's (seats.json ramps)."""
        ramps = seat_ramps()
        src = ramps[0][2], ramps[0][1]
        anchors = self.pieces_index["anchors"]
        for seat in range(4, len(ramps)):
            for kind in self.SEAT_FRAMES:
                name, base = f"{kind}_{seat}", f"{kind}_0"
                if name in self.pieces or base not in self.pieces:
                    continue
                self.pieces[name] = tint(self.pieces[base], (ramps[seat][2], ramps[seat][1]), src)  # type: ignore[arg-type]
                if base in anchors:
                    anchors[name] = anchors[base]

    def panel(self, frame: str, size: tuple[int, int]) -> pygame.Surface:
        """A 9-slice frame of the UI sheet stretched to `size` (cached)."""
        key = (frame, size)
        surf = self._slices.get(key)
        if surf is None:
            border = self.ui_index["borders"].get(frame, 4)
            surf = nine_slice(self.ui[frame], border, size)
            if pygame.display.get_surface() is not None:
                surf = surf.convert_alpha()
            if len(self._slices) > 300:
                self._slices.clear()
            self._slices[key] = surf
        return surf

    def scaled(self, frame: str, zoom: int) -> pygame.Surface:
        """A piece frame `zoom` times larger, pixel for pixel (cached)."""
        key = (frame, zoom)
        img = self._scaled.get(key)
        if img is None:
            img = self._scaled[key] = pygame.transform.scale_by(self.pieces[frame], zoom)
        return img

    def anchor(self, frame: str) -> tuple[int, int]:
        """The frame's origin point (vertex / edge midpoint) inside its image."""
        a = self.pieces_index["anchors"].get(frame)
        if a is None:
            img = self.pieces[frame]
            return img.get_width() // 2, img.get_height() // 2
        return int(a[0]), int(a[1])

    def tiles(self, ruleset: str, image: str, tile_w: int, tile_h: int) -> list[pygame.Surface]:
        """The tiles of a Tiled tileset image in maps/<ruleset>/, in tile-id order."""
        key = f"{ruleset}/{image}"
        if key not in self._tilesets:
            sheet = load_image(resource_path("maps", ruleset, image))
            cols, rows = sheet.get_width() // tile_w, sheet.get_height() // tile_h
            self._tilesets[key] = [sheet.subsurface((c * tile_w, r * tile_h, tile_w, tile_h))
                                   for r in range(rows) for c in range(cols)]
        return self._tilesets[key]
