"""Saved games: the setup plus the action list, replayed on load (no pickle, JSON only).

File format (`format` = SAVE_FORMAT, `version` = SAVE_VERSION):

    {"format": "pixel-boardgames-save", "version": 1, "ruleset": "tidegate",
     "rules_version": 1, "setup": {...}, "names": [...], "colours": [...],
     "actions": [[seat, {...}], ...], "digest": "<state digest after the actions>",
     "round": 3, "finished": false, "saved_at": "2026-12-02T10:00:00Z"}

Loading checks everything and replays the actions; the digest must match, so a damaged or
edited file is caught. `rules_version` is the ruleset's `rules_version` when the game was
saved (absent, read as 0, in saves made before it was stamped): a save that no longer replays
is blamed on the rules it was made with when they differ from this program's, not on the
file. Every failure is a `SaveError` with a translation key; a file that
fails to load is never written to. This module holds the format and the checks that need no
ruleset; reading, listing and restoring through the ruleset registry is `game.play.saves`.
"""

from __future__ import annotations

import json
import os
import stat
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from game.core import codec
from game.core.errors import GameError, UnknownName
from game.core.paths import map_file, maps_dir
from game.core.protocol import Action, Setup
from game.core.storage import saves_dir, user_maps_dir, write_json_atomic

SAVE_FORMAT = "pixel-boardgames-save"
SAVE_VERSION = 1
MAX_SAVE_BYTES = 8_000_000
AUTOSAVE_NAME = "autosave.json"      # the single slot of older versions (still continued)
AUTOSAVE_PREFIX = "auto-"             # every game's own autosave: auto-<ruleset>-<date>-<players>.json
AUTOSAVES_KEPT = 10                   # older autosaves are removed when a new one is made


class SaveError(GameError):
    """A save that cannot be loaded; `key` says why (translated as `error.save.*`)."""


@dataclass
class SaveGame:
    """A game as stored: enough to rebuild the state exactly."""

    setup: Setup
    actions: list[tuple[int, Action]]
    names: list[str] = field(default_factory=list)
    colours: list[int] = field(default_factory=list)
    digest: str = ""
    round: int = 0
    finished: bool = False
    saved_at: str = ""
    rules_version: int = 0     # the ruleset's `rules_version` when saved; 0: not stamped

    @property
    def ruleset(self) -> str:
        return self.setup.ruleset


def encode_save(save: SaveGame) -> dict[str, Any]:
    return {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "ruleset": save.setup.ruleset,
        "rules_version": save.rules_version,
        "setup": codec.encode(save.setup),
        "names": list(save.names),
        "colours": list(save.colours),
        "actions": [[seat, codec.encode(a)] for seat, a in save.actions],
        "digest": save.digest,
        "round": save.round,
        "finished": save.finished,
        "saved_at": save.saved_at or time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    }


def write_save(path: Path, save: SaveGame) -> None:
    """Store a save atomically (the old file stays whole if anything fails)."""
    write_json_atomic(path, encode_save(save))


def save_map_allowed(setup: Setup) -> bool:
    """True when `setup.map` is a shipped map or one in `<user data>/maps/<ruleset>/`.

    A save names its map by path; anything else (a path anywhere on the disk) would let a
    save file make the program read arbitrary files, so such a save counts as damaged.
    """
    if setup.map is None:
        return True
    if not isinstance(setup.map, str) or not setup.map or "\x00" in setup.map:
        return False
    try:
        target = map_file(setup.map).resolve()
        roots = (maps_dir().resolve(), user_maps_dir(setup.ruleset).resolve())
    except (OSError, ValueError, RuntimeError):
        return False
    return target.suffix == ".tmx" and any(root in target.parents for root in roots)


def parse_save(text: str | bytes, load_ruleset: Callable[[str], object]) -> SaveGame:
    """Check and decode a save file's content (does not replay it).

    `load_ruleset(id)` must make the ruleset's action types decodable (the play layer passes
    the registry) and raise `UnknownName` for an id this version does not have.
    """
    if isinstance(text, bytes):
        if len(text) > MAX_SAVE_BYTES:
            raise SaveError("save.too_large")
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise SaveError("save.not_text") from None
    if not text.strip():
        raise SaveError("save.empty")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise SaveError("save.not_json") from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveError("save.foreign")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise SaveError("save.foreign")
    if version > SAVE_VERSION:
        raise SaveError("save.newer", version=version, supported=SAVE_VERSION)
    try:
        codec.check_depth(data, codec.MAX_DEPTH + 3)  # format > actions > [seat, action]
        setup = codec.decode(data.get("setup"))
        if not isinstance(setup, Setup) or not setup.ruleset or setup.ruleset != data.get("ruleset"):
            raise SaveError("save.damaged", detail="setup")
        if not all(isinstance(s, str) for s in setup.seats) or not isinstance(setup.seed, int):
            raise SaveError("save.damaged", detail="setup")
        if setup.map is not None and not isinstance(setup.map, str):
            raise SaveError("save.damaged", detail="setup")
        try:
            load_ruleset(setup.ruleset)
        except UnknownName:
            raise SaveError("save.unknown_ruleset", name=setup.ruleset) from None
        if not save_map_allowed(setup):
            raise SaveError("save.damaged", detail="map")
        raw_actions = data.get("actions")
        if not isinstance(raw_actions, list):
            raise SaveError("save.damaged", detail="actions")
        actions: list[tuple[int, Action]] = []
        for item in raw_actions:
            if (not isinstance(item, list) or len(item) != 2 or not isinstance(item[0], int)
                    or isinstance(item[0], bool)):
                raise SaveError("save.damaged", detail="actions")
            action = codec.decode(item[1], setup.ruleset)
            if not isinstance(action, Action):
                raise SaveError("save.damaged", detail="actions")
            actions.append((item[0], action))
    except codec.DecodeError as exc:
        raise SaveError("save.damaged", detail=str(exc.params.get("detail", exc.key))) from None
    names = data.get("names", [])
    colours = data.get("colours", [])
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise SaveError("save.damaged", detail="names")
    if not isinstance(colours, list) or not all(isinstance(c, int) and not isinstance(c, bool) for c in colours):
        raise SaveError("save.damaged", detail="colours")
    digest = data.get("digest", "")
    rnd = data.get("round", 0)
    rules_version = data.get("rules_version", 0)
    if not isinstance(rules_version, int) or isinstance(rules_version, bool) or rules_version < 0:
        raise SaveError("save.damaged", detail="rules_version")
    return SaveGame(setup=setup, actions=actions, names=names, colours=colours,
                    digest=digest if isinstance(digest, str) else "",
                    round=rnd if isinstance(rnd, int) else 0,
                    finished=bool(data.get("finished", False)),
                    saved_at=str(data.get("saved_at", "")),
                    rules_version=rules_version)


def read_save_bytes(path: Path) -> bytes:
    """The raw content of a save file, read only if it is a regular file.

    A named pipe would block `open()` forever and a device could be endless, so the file is
    opened non-blocking and checked with fstat before reading; at most MAX_SAVE_BYTES + 1
    bytes are read (more means too large).
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(str(path), flags)
    except FileNotFoundError:
        raise SaveError("save.missing", path=str(path)) from None
    except OSError as exc:
        raise SaveError("save.unreadable", detail=str(exc)) from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise SaveError("save.unreadable", detail="not a regular file")
        chunks, size = [], 0
        while size <= MAX_SAVE_BYTES:
            chunk = os.read(fd, MAX_SAVE_BYTES + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        return b"".join(chunks)
    except OSError as exc:
        raise SaveError("save.unreadable", detail=str(exc)) from None
    finally:
        os.close(fd)


@dataclass
class SaveInfo:
    """One row of the load screen."""

    path: Path
    ruleset: str
    saved_at: str
    round: int
    finished: bool
    names: list[str]
    error: str = ""  # a translation key when the file cannot be used
    error_params: dict = field(default_factory=dict)


def save_files(folder: Path) -> list[tuple[Path, float]]:
    """(path, mtime) of every regular `*.json` file in `folder`, newest first.

    Links are followed; broken ones, files that vanish while listed, folders, pipes and
    devices are left out, so the load screen never crashes or blocks on the folder.
    """
    found = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return []
    for entry in entries:
        if not entry.name.endswith(".json"):
            continue
        try:
            st = entry.stat()  # follows links; a broken link raises
        except OSError:
            continue
        if stat.S_ISREG(st.st_mode):
            found.append((Path(entry.path), st.st_mtime))
    found.sort(key=lambda item: (-item[1], item[0].name))
    return found


STALE_TEMP_S = 600  # seconds after which a temp file of an interrupted write is swept


def sweep_stale_temps(folder: Path) -> None:
    """Remove temp files left by writes that were killed midway (never a real save)."""
    now = time.time()
    for tmp in folder.glob(".*.tmp"):
        try:
            st = tmp.lstat()  # never a link's target, never a pipe or folder
            if stat.S_ISREG(st.st_mode) and now - st.st_mtime > STALE_TEMP_S:
                tmp.unlink()
        except OSError:
            pass


def autosave_path() -> Path:
    return saves_dir() / AUTOSAVE_NAME


def _slug(text: str) -> str:
    """ASCII letters and digits of a player name, lower case (file names stay portable)."""
    return "".join(ch for ch in text.lower() if ch.isascii() and ch.isalnum())[:10]


def autosave_name(ruleset: str, names: list[str], when: float | None = None) -> str:
    """`auto-<ruleset>-<YYYYmmdd-HHMMSS>-<players>.json` for a new game's own autosave.

    Players are their ASCII names joined by `_` (a name with none, e.g. Chinese, counts as
    `p<seat>`), so a player recognises the file outside the game; the load screen shows the
    real names from inside the file.
    """
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(time.time() if when is None else when))
    players = "_".join(_slug(n) or f"p{i + 1}" for i, n in enumerate(names))[:60] or "game"
    return f"{AUTOSAVE_PREFIX}{_slug(ruleset) or 'game'}-{stamp}-{players}.json"


def is_autosave(path: Path) -> bool:
    """True for a game's own autosave (or the single slot of older versions)."""
    name = Path(path).name
    return name == AUTOSAVE_NAME or (name.startswith(AUTOSAVE_PREFIX) and name.endswith(".json"))


def new_autosave_path(ruleset: str, names: list[str], folder: Path | None = None) -> Path:
    """A fresh autosave path for a new game (never an existing file's)."""
    folder = folder or saves_dir()
    base = autosave_name(ruleset, names)
    path, n = folder / base, 2
    while path.exists():
        path = folder / base.replace(".json", f"-{n}.json")
        n += 1
    return path


def autosaves(folder: Path | None = None) -> list[Path]:
    """Every autosave in the folder, newest first."""
    return [p for p, _ in save_files(folder or saves_dir()) if is_autosave(p)]


def latest_autosave(folder: Path | None = None) -> Path | None:
    """The most recently written autosave ("Continue" resumes it), or None."""
    found = autosaves(folder)
    return found[0] if found else None


def prune_autosaves(folder: Path | None = None, keep: int = AUTOSAVES_KEPT,
                    protect: Path | None = None) -> list[Path]:
    """Remove all but the `keep` newest autosaves (never `protect`); the removed paths."""
    removed = []
    for path in autosaves(folder)[keep:]:
        if protect is not None and path == protect:
            continue
        try:
            path.unlink()
            removed.append(path)
        except OSError:
            pass
    return removed
