"""Loading a ruleset's numbers from TOML, with errors that name the file and the key."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from game.core.errors import GameError


class DataError(GameError):
    """A rules data file that is missing, unreadable or has a wrong value."""

    def __init__(self, path: Path | str, key: str, problem: str) -> None:
        self.path, self.where, self.problem = str(path), key, problem
        super().__init__("data.invalid", path=str(path), key=key, problem=problem)

    def _fallback(self) -> str:
        return f"{self.path}: {self.where}: {self.problem}"


class DataFile:
    """A parsed TOML file whose values are read through typed, checked getters."""

    def __init__(self, path: Path) -> None:
        self.path = path
        try:
            self.data = tomllib.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
            raise DataError(path, "file", f"unreadable: {exc}") from None

    def get(self, key: str) -> Any:
        node: Any = self.data
        for part in key.split("."):
            if not isinstance(node, dict) or part not in node:
                raise DataError(self.path, key, "missing")
            node = node[part]
        return node

    def int(self, key: str, low: int = 0, high: int = 10**9) -> int:
        value = self.get(key)
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            raise DataError(self.path, key, f"must be a whole number in {low}..{high}")
        return value

    def int_map(self, key: str, names: tuple[str, ...], low: int = 0, high: int = 10**9) -> dict[str, int]:
        """A table whose keys are a subset of `names`, each a whole number."""
        table = self.get(key)
        if not isinstance(table, dict):
            raise DataError(self.path, key, "must be a table")
        for name in table:
            if name not in names:
                raise DataError(self.path, f"{key}.{name}", f"unknown name (known: {', '.join(names)})")
        return {name: self.int(f"{key}.{name}", low, high) for name in table}

    def int_list(self, key: str, low: int = 0, high: int = 10**9) -> list[int]:
        value = self.get(key)
        if not isinstance(value, list):
            raise DataError(self.path, key, "must be a list")
        for i, item in enumerate(value):
            if not isinstance(item, int) or isinstance(item, bool) or not low <= item <= high:
                raise DataError(self.path, f"{key}[{i}]", f"must be a whole number in {low}..{high}")
        return value
