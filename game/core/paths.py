"""Where the program's own files are, from source and from a PyInstaller build alike."""

from __future__ import annotations

import functools
import os
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


def map_key(path: str | Path) -> str:
    """A map's name that does not depend on where the program or the user's data live: the
    path under the shipped maps folder (`territory/origin.tmx`), under the user maps folder
    (`user:territory/mine.tmx`), else the file name. Digests and views name the map by it,
    so a save still replays after the game folder is moved, unzipped elsewhere or updated."""
    return _map_key(str(path), str(resource_root()), os.environ.get("GAME_DATA_DIR"))


@functools.lru_cache(maxsize=64)
def _map_key(path: str, _root: str, _data_override: str | None) -> str:
    """`map_key`, cached per path and per folders it depends on (tests move them)."""
    from game.core.storage import data_dir   # imported here: storage needs platformdirs

    p = Path(path).resolve()
    for prefix, root in (("", maps_dir()), ("user:", data_dir(create=False) / "maps")):
        try:
            return prefix + p.relative_to(root.resolve()).as_posix()
        except ValueError:
            continue
    return p.name
