"""Saved games: the setup plus the action list, replayed on load (no pickle, JSON only).

File format (`format` = SAVE_FORMAT, `version` = SAVE_VERSION):

    {"format": "pixel-boardgames-save", "version": 1, "ruleset": "tidegate",
     "setup": {...}, "names": [...], "colours": [...], "actions": [[seat, {...}], ...],
     "digest": "<state digest after the actions>", "round": 3, "finished": false,
     "saved_at": "2026-12-02T10:00:00Z"}

Loading checks everything and replays the actions; the digest must match, so a damaged or
edited file is caught. Every failure is a `SaveError` with a translation key; a file that
fails to load is never written to.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.core import codec
from game.core.errors import GameError, IllegalAction, MapError, UnknownName
from game.core.protocol import Action, Setup, State
from game.core.storage import saves_dir, write_json_atomic

SAVE_FORMAT = "pixel-boardgames-save"
SAVE_VERSION = 1
MAX_SAVE_BYTES = 8_000_000
AUTOSAVE_NAME = "autosave.json"


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

    @property
    def ruleset(self) -> str:
        return self.setup.ruleset


def encode_save(save: SaveGame) -> dict[str, Any]:
    return {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "ruleset": save.setup.ruleset,
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


def parse_save(text: str | bytes) -> SaveGame:
    """Check and decode a save file's content (does not replay it)."""
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
        setup = codec.decode(data.get("setup"))
        if not isinstance(setup, Setup) or not setup.ruleset or setup.ruleset != data.get("ruleset"):
            raise SaveError("save.damaged", detail="setup")
        if not all(isinstance(s, str) for s in setup.seats) or not isinstance(setup.seed, int):
            raise SaveError("save.damaged", detail="setup")
        # Decoding actions needs the ruleset's action types registered: load the ruleset.
        from game import rulesets
        try:
            rulesets.get(setup.ruleset)
        except UnknownName:
            raise SaveError("save.unknown_ruleset", name=setup.ruleset) from None
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
    return SaveGame(setup=setup, actions=actions, names=names, colours=colours,
                    digest=digest if isinstance(digest, str) else "",
                    round=rnd if isinstance(rnd, int) else 0,
                    finished=bool(data.get("finished", False)),
                    saved_at=str(data.get("saved_at", "")))


def read_save(path: Path) -> SaveGame:
    """Read and check a save file."""
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_SAVE_BYTES + 1)
    except FileNotFoundError:
        raise SaveError("save.missing", path=str(path)) from None
    except OSError as exc:
        raise SaveError("save.unreadable", detail=str(exc)) from None
    return parse_save(raw)


def restore(save: SaveGame) -> State:
    """Rebuild the state by replaying the actions; the digest must match."""
    from game.core.replay import replay

    try:
        state = replay(save.setup, save.actions)
    except UnknownName as exc:
        raise SaveError("save.unknown_ruleset", name=exc.name) from None
    except MapError as exc:
        raise SaveError("save.bad_map", detail=str(exc)) from None
    except IllegalAction as exc:
        raise SaveError("save.damaged", detail=f"action refused: {exc.key}") from None
    except (GameError, ValueError, TypeError, KeyError, IndexError) as exc:
        raise SaveError("save.damaged", detail=str(exc)) from None
    if save.digest and state.digest() != save.digest:
        raise SaveError("save.diverged")
    return state


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


def list_saves(folder: Path | None = None) -> list[SaveInfo]:
    """Every save in the folder, newest first; broken ones listed with their error."""
    folder = folder or saves_dir()
    sweep_stale_temps(folder)
    infos = []
    for path in sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True):
        try:
            s = read_save(path)
            infos.append(SaveInfo(path, s.ruleset, s.saved_at, s.round, s.finished, s.names))
        except SaveError as exc:
            infos.append(SaveInfo(path, "", "", 0, False, [], exc.key, dict(exc.params)))
    return infos


STALE_TEMP_S = 600  # seconds after which a temp file of an interrupted write is swept


def sweep_stale_temps(folder: Path) -> None:
    """Remove temp files left by writes that were killed midway (never a real save)."""
    now = time.time()
    for tmp in folder.glob(".*.tmp"):
        try:
            if now - tmp.stat().st_mtime > STALE_TEMP_S:
                tmp.unlink()
        except OSError:
            pass


def autosave_path() -> Path:
    return saves_dir() / AUTOSAVE_NAME
