"""Loading saved games: reading, listing and restoring them through the ruleset registry.

The file format and the checks that need no ruleset are `game.core.saves` (re-exported here,
so screens import everything about saves from this module).
"""

from __future__ import annotations

from pathlib import Path

from game import rulesets
from game.core import saves as core_saves
from game.core.errors import GameError, IllegalAction, MapError, UnknownName
from game.core.protocol import State
from game.core.saves import (  # noqa: F401  (re-exported names)
    AUTOSAVE_NAME, AUTOSAVES_KEPT, MAX_SAVE_BYTES, SAVE_FORMAT, SAVE_VERSION, SaveError, SaveGame,
    SaveInfo, autosave_path, autosaves, encode_save, is_autosave, latest_autosave, new_autosave_path,
    prune_autosaves, read_save_bytes, save_files, sweep_stale_temps, write_save,
)
from game.core.storage import saves_dir
from game.play.replay import replay


def parse_save(text: str | bytes) -> SaveGame:
    """Check and decode a save file's content (does not replay it); loads its ruleset."""
    return core_saves.parse_save(text, rulesets.get)


def read_save(path: Path) -> SaveGame:
    """Read and check a save file (a regular file only: pipes and devices are refused)."""
    return parse_save(read_save_bytes(Path(path)))


def restore(save: SaveGame) -> State:
    """Rebuild the state by replaying the actions; the digest must match.

    A save stamped with rules newer than this program's is refused before replaying; one that
    does not replay (an action refused, another digest) while its stamp differs from this
    program's rules is refused as made under other rules (`save.other_rules`, or
    `save.older_rules` for a save from before the stamp), not as damaged: the file is fine,
    this version cannot continue it."""
    if not core_saves.save_map_allowed(save.setup):
        raise SaveError("save.damaged", detail="map")
    try:
        current = rulesets.get(save.ruleset).rules_version
    except UnknownName as exc:
        raise SaveError("save.unknown_ruleset", name=exc.name) from None
    if save.rules_version > current:
        raise SaveError("save.newer_rules", saved=save.rules_version, current=current)

    def other_rules() -> SaveError | None:
        if save.rules_version == current:
            return None
        if not save.rules_version:   # saved before saves carried the stamp
            return SaveError("save.older_rules")
        return SaveError("save.other_rules", saved=save.rules_version, current=current)

    try:
        state = replay(save.setup, save.actions)
    except UnknownName as exc:
        raise SaveError("save.unknown_ruleset", name=exc.name) from None
    except MapError as exc:
        raise SaveError("save.bad_map", detail=str(exc)) from None
    except IllegalAction as exc:
        raise other_rules() or SaveError("save.damaged", detail=f"action refused: {exc.key}") from None
    except (GameError, ValueError, TypeError, KeyError, IndexError, RecursionError) as exc:
        raise SaveError("save.damaged", detail=str(exc)) from None
    if save.digest and state.digest() != save.digest:
        raise other_rules() or SaveError("save.diverged")
    return state


def write_autosave(session) -> Path:
    """Store a session in its own autosave file (made on its first save; the oldest
    autosaves beyond AUTOSAVES_KEPT are then removed). Returns the path written.

    `session.save_path` (a `GameSession`) names the file; a continued game keeps writing to
    the file it was loaded from, so one game never fills several slots.
    """
    path = getattr(session, "save_path", None)
    if path is None:
        path = new_autosave_path(session.setup.ruleset, list(session.names))
        session.save_path = path
    write_save(path, session.to_save())
    prune_autosaves(path.parent, protect=path)
    return path


def list_saves(folder: Path | None = None) -> list[SaveInfo]:
    """Every save in the folder, newest first; broken ones listed with their error.

    Only regular files count (see `save_files`); a file that vanishes or turns into something
    else between listing and reading shows as an unreadable row instead of failing the list.
    """
    folder = folder or saves_dir()
    sweep_stale_temps(folder)
    infos = []
    for path, _mtime in save_files(folder):
        try:
            s = read_save(path)
            infos.append(SaveInfo(path, s.ruleset, s.saved_at, s.round, s.finished, s.names))
        except SaveError as exc:
            infos.append(SaveInfo(path, "", "", 0, False, [], exc.key, dict(exc.params)))
    return infos
