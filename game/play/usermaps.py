"""The maps a ruleset can be played on: the shipped ones and the player's own.

A `.tmx` dropped into `<user data>/maps/<ruleset>/` (beside its `.tsx` tilesets and PNGs) is
listed next to the shipped maps of `maps/<ruleset>/`. Every map is checked the way the rules
core reads it (`Ruleset.read_board`); a broken one is still listed, marked
unusable, with its `MapError` — never a crash. Pure Python, no pygame.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from game import rulesets
from game.core.errors import GameError, MapError
from game.core.paths import maps_dir, resource_root
from game.core.storage import data_dir
from game.core.tiled import read_map

USER_MAPS = "maps"   # folder inside the user data folder


@dataclass(frozen=True)
class MapEntry:
    """One map in the lobby's list."""

    path: str                       # what `Setup.map` gets: relative (shipped) or absolute (user)
    title: str
    title_zh: str
    user: bool                      # the player's own map
    error: GameError | None = None  # why it cannot be played (None: playable)

    @property
    def usable(self) -> bool:
        return self.error is None

    def label(self, language: str) -> str:
        return (self.title_zh if language == "zh" and self.title_zh else self.title)


def user_maps_dir(ruleset_id: str) -> Path:
    """`<user data>/maps/<ruleset>/` (not created: a player makes it to add maps)."""
    return data_dir() / USER_MAPS / ruleset_id


def _check(ruleset_id: str, path: Path) -> tuple[dict, GameError | None]:
    """The map's properties, and the error that makes it unusable (or None)."""
    props: dict = {}
    try:
        props = dict(read_map(path).properties)
        found = props.get("ruleset")
        if found != ruleset_id:
            raise MapError(path, "map property 'ruleset'", "wrong_ruleset", found=found, expected=ruleset_id)
        rulesets.get(ruleset_id).read_board(str(path))
    except GameError as exc:
        return props, exc
    except Exception as exc:  # a map must never crash the lobby, whatever is in it
        return props, MapError(path, "file", "unreadable", detail=f"{type(exc).__name__}: {exc}")
    return props, None


def _entry(ruleset_id: str, path: Path, user: bool) -> MapEntry:
    props, error = _check(ruleset_id, path)
    if user:
        where = str(path.resolve())
    else:
        where = path.relative_to(resource_root()).as_posix()
    title = str(props.get("title") or path.stem)
    return MapEntry(where, title, str(props.get("title_zh") or ""), user, error)


def list_maps(ruleset_id: str) -> list[MapEntry]:
    """Shipped maps first, then the player's own, each group sorted by file name."""
    shipped = sorted((maps_dir() / ruleset_id).glob("*.tmx"))
    folder = user_maps_dir(ruleset_id)
    own = sorted(folder.glob("*.tmx")) if folder.is_dir() else []
    return [_entry(ruleset_id, p, False) for p in shipped] + [_entry(ruleset_id, p, True) for p in own]
