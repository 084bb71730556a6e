"""The game's art at run time: sprite sheets, the Tiled tileset tiles and cached 9-slices."""

from __future__ import annotations

import pygame

from game.core.paths import resource_path
from sprites.sheets import load_image, load_index, load_sheet, nine_slice


class Art:
    """Every sheet loaded once (after the display mode is set, so surfaces are converted)."""

    def __init__(self) -> None:
        self.ui = load_sheet("ui")
        self.ui_index = load_index("ui")
        self.pieces = load_sheet("tidegate")
        self.pieces_index = load_index("tidegate")
        self.dice = load_sheet("dice")
        self._slices: dict[tuple[str, tuple[int, int]], pygame.Surface] = {}
        self._tilesets: dict[str, list[pygame.Surface]] = {}

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
