"""Make the application icon from the game's own art: a wheat tile with a city, 256x256.

    .venv/bin/python tools/make_icon.py      -> tools/icon/boardgames.png

PyInstaller turns the PNG into .ico (Windows) or .icns (macOS) when Pillow is installed,
which the release workflow does.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from sprites.sheets import load_image, load_sheet  # noqa: E402

SIZE = 256


def build(path: Path) -> Path:
    pygame.init()
    tiles = load_image(ROOT / "maps" / "tidegate" / "tidegate_tiles.png")
    pieces = load_sheet("tidegate")
    small = pygame.Surface((32, 32), pygame.SRCALPHA)
    small.blit(tiles.subsurface((32, 0, 32, 32)), (0, 0))        # wheat field
    city = pieces["city_0"]
    small.blit(city, (16 - city.get_width() // 2, 17 - city.get_height() // 2))
    icon = pygame.transform.scale(small, (SIZE, SIZE))            # whole-number scale: crisp
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(icon, str(path))
    return path


if __name__ == "__main__":
    print(build(ROOT / "tools" / "icon" / "boardgames.png"))
