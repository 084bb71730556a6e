"""Load the generated sprite sheets (`sprites/sheets/<name>.png` + `<name>.json`).

Each JSON index maps frame names to `[x, y, w, h]` rectangles and may add `anchors`
(the frame's origin point: vertex, edge midpoint, cursor hot spot), `borders` (9-slice border
widths) and `animations` (frame lists with frames per second). `tools/make_art.py` writes
both files; see `sprites/art/PALETTE.md` for the palette and the art conventions.

Works from source and from a frozen PyInstaller build (`sys._MEIPASS`); needs no display
unless one has been opened, in which case surfaces are converted for fast blitting.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pygame

from game.core.paths import resource_path

SHEETS_DIR = ("sprites", "sheets")


class SheetError(RuntimeError):
    """A sheet's PNG or JSON index is missing or broken (the message names the file)."""


def load_index(name: str) -> dict[str, Any]:
    """The parsed JSON index of sheet `name` (frames, anchors, borders, animations)."""
    path = resource_path(*SHEETS_DIR, f"{name}.json")
    try:
        index = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise SheetError(f"sprite sheet index not found: {path}") from None
    except (OSError, ValueError) as exc:
        raise SheetError(f"cannot read sprite sheet index {path}: {exc}") from None
    if not isinstance(index, dict) or not isinstance(index.get("frames"), dict):
        raise SheetError(f"sprite sheet index {path} has no 'frames' table")
    for key in ("anchors", "borders", "animations"):
        index.setdefault(key, {})
    return index


def load_image(path: Path) -> pygame.Surface:
    """Load a PNG; `convert_alpha()` it when a display mode is set (13x faster blits)."""
    if not path.is_file():
        raise SheetError(f"image not found: {path}")
    try:
        surface = pygame.image.load(str(path))
    except (pygame.error, OSError) as exc:
        raise SheetError(f"cannot load image {path}: {exc}") from None
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        surface = surface.convert_alpha()
    return surface


def load_sheet(name: str) -> dict[str, pygame.Surface]:
    """All frames of sheet `name` as surfaces (sub-surfaces sharing the sheet's pixels)."""
    index = load_index(name)
    image_path = resource_path(*SHEETS_DIR, index.get("image", f"{name}.png"))
    sheet = load_image(image_path)
    bounds = sheet.get_rect()
    frames: dict[str, pygame.Surface] = {}
    for frame, rect in index["frames"].items():
        r = pygame.Rect(rect)
        if not bounds.contains(r):
            raise SheetError(f"{image_path}: frame {frame!r} {rect} lies outside the sheet")
        frames[frame] = sheet.subsurface(r)
    return frames


def nine_slice(source: pygame.Surface, border: int, size: tuple[int, int]) -> pygame.Surface:
    """Stretch a 9-slice frame to `size`: corners kept, edges and centre scaled (no blur).

    `border` is the frame's entry in the sheet's `borders` table. Sizes smaller than two
    borders are clamped up.
    """
    w, h = max(size[0], 2 * border), max(size[1], 2 * border)
    sw, sh = source.get_size()
    out = pygame.Surface((w, h), pygame.SRCALPHA)
    xs = ((0, border, 0, border), (border, sw - 2 * border, border, w - 2 * border),
          (sw - border, border, w - border, border))
    ys = ((0, border, 0, border), (border, sh - 2 * border, border, h - 2 * border),
          (sh - border, border, h - border, border))
    for sx, sw_, dx, dw in xs:
        for sy, sh_, dy, dh in ys:
            if sw_ <= 0 or sh_ <= 0 or dw <= 0 or dh <= 0:
                continue
            part = source.subsurface((sx, sy, sw_, sh_))
            if (sw_, sh_) != (dw, dh):
                part = pygame.transform.scale(part, (dw, dh))
            out.blit(part, (dx, dy))
    return out
