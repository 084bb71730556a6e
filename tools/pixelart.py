"""Shared by the art generators: the palette table, palette grids to RGBA, a PNG writer.

Every generator (`make_art.py`, `make_<ruleset>_tiles.py`) draws with the characters of
`sprites/art/PALETTE.md`, so all the game's art uses one palette; the PNG writer uses fixed
settings, so regenerating gives the same bytes (tests compare them).
"""

from __future__ import annotations

import re
import struct
import zlib
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
PALETTE_MD = ROOT / "sprites" / "art" / "PALETTE.md"
CLEAR = "."  # the transparent character
RGBA = tuple[int, int, int, int]
_ROW = re.compile(r"^\|\s*`(.)`\s*\|\s*`#([0-9a-fA-F]{6}(?:[0-9a-fA-F]{2})?)`\s*\|")


def load_palette(path: Path | None = None) -> dict[str, RGBA]:
    """The colour table of PALETTE.md: character -> (r, g, b, a); `.` is transparent."""
    path = path or PALETTE_MD
    palette: dict[str, RGBA] = {CLEAR: (0, 0, 0, 0)}
    for line in path.read_text(encoding="utf-8").splitlines():
        match = _ROW.match(line)
        if not match:
            continue
        char, hexcode = match.groups()
        if char in palette:
            raise ValueError(f"{path}: colour character {char!r} listed twice")
        rgba = bytes.fromhex(hexcode if len(hexcode) == 8 else hexcode + "ff")
        palette[char] = (rgba[0], rgba[1], rgba[2], rgba[3])
    if len(palette) < 2:
        raise ValueError(f"{path}: no colour rows found")
    return palette


def to_rgba(grid: np.ndarray, palette: dict[str, RGBA]) -> np.ndarray:
    """Turn a grid of palette characters into an (h, w, 4) uint8 array."""
    out = np.zeros(grid.shape + (4,), dtype=np.uint8)
    for char in np.unique(grid):
        if char not in palette:
            raise ValueError(f"character {char!r} is not in PALETTE.md")
        out[grid == char] = palette[char]
    return out


def write_png(path: Path, rgba: np.ndarray) -> None:
    """Write an RGBA uint8 array as a PNG (fixed settings, so the bytes are reproducible)."""
    h, w, _ = rgba.shape
    raw = b"".join(b"\x00" + rgba[y].tobytes() for y in range(h))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0))
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )
