"""Where the program's own files are, from source and from a PyInstaller build alike."""

from __future__ import annotations

import sys
from pathlib import Path


def resource_root() -> Path:
    """The folder that holds `maps/`, `sprites/`, `scenes/` (the repo, or the frozen bundle)."""
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle)
    return Path(__file__).resolve().parents[2]


def resource_path(*parts: str) -> Path:
    """A path inside the program's own files; parts are joined portably."""
    return resource_root().joinpath(*parts)


def maps_dir() -> Path:
    return resource_path("maps")


def map_file(path: str) -> Path:
    """A map path from a setup: absolute as given; relative to the program's own files
    (how the lobby and saves store shipped maps), else relative to the working folder."""
    p = Path(path)
    if p.is_absolute():
        return p
    shipped = resource_root() / p
    return shipped if shipped.exists() else p
