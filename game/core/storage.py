"""The user data folder and atomic file writes (a crash mid-write never loses a file).

The folder is platformdirs' user data dir for the game, or `$GAME_DATA_DIR` when set (tests
and portable installs). Saves and settings live there, never beside the executable.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

APP_NAME = "PixelBoardGames"


def data_dir(create: bool = True) -> Path:
    """The folder for saves, settings and crash reports (created on first use, unless
    `create` is false: asking where it is changes nothing on the disk)."""
    override = os.environ.get("GAME_DATA_DIR")
    if override:
        path = Path(override)
    else:
        import platformdirs
        path = Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    if create:
        path.mkdir(parents=True, exist_ok=True)
    return path


def saves_dir() -> Path:
    path = data_dir() / "saves"
    path.mkdir(parents=True, exist_ok=True)
    return path


def user_maps_dir(ruleset_id: str) -> Path:
    """`<user data>/maps/<ruleset>/`: where players put their own maps (not created here)."""
    return data_dir() / "maps" / ruleset_id


def write_atomic(path: Path, text: str) -> None:
    """Write `text` to `path` so that the file is always either the old or the new version."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=str(path.parent))
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    try:  # make the rename itself durable where the platform allows it
        dir_fd = os.open(str(path.parent), os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)
    except OSError:
        pass


def write_json_atomic(path: Path, data: Any) -> None:
    write_atomic(path, json.dumps(data, ensure_ascii=False, indent=1))
