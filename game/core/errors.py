"""Errors the rules cores raise: keys plus parameters, translated by the UI.

Nothing here carries English prose for a player; `str()` of an error is a readable English
fallback for logs and the command line, while screens look the key up in the catalogue
(`game.core.i18n`).
"""

from __future__ import annotations

from typing import Any


class GameError(Exception):
    """Base of every error a player may see: a translation key and its parameters."""

    def __init__(self, key: str, /, **params: Any) -> None:
        self.key = key
        self.params = params
        super().__init__(self._fallback())

    def _fallback(self) -> str:
        if not self.params:
            return self.key
        detail = ", ".join(f"{k}={v}" for k, v in sorted(self.params.items()))
        return f"{self.key} ({detail})"


class IllegalAction(GameError):
    """An action the rules refuse. The state is exactly as it was before the attempt.

    `reason_key` is one of the ruleset's documented reasons (e.g. `too_close`).
    """

    def __init__(self, reason_key: str, /, **params: Any) -> None:
        super().__init__(reason_key, **params)

    @property
    def reason_key(self) -> str:
        return self.key


class MapError(GameError):
    """A map that cannot be used: names the file, the layer or object, and the problem."""

    def __init__(self, path: str, where: str, problem: str, **params: Any) -> None:
        self.path = str(path)
        self.where = where
        self.problem = problem
        super().__init__(f"map.{problem}", path=self.path, where=where, **params)

    def _fallback(self) -> str:
        extra = {k: v for k, v in self.params.items() if k not in ("path", "where")}
        detail = "".join(f", {k}={v}" for k, v in sorted(extra.items()))
        return f"{self.path}: {self.where}: {self.problem}{detail}"


class UnknownName(GameError):
    """An unknown ruleset, agent or similar id; lists the known ones."""

    def __init__(self, kind: str, name: str, known: list[str]) -> None:
        self.kind = kind
        self.name = name
        self.known = list(known)
        super().__init__(f"unknown_{kind}", name=name, known=", ".join(known))

    def _fallback(self) -> str:
        return f"unknown {self.kind} '{self.name}' (known: {', '.join(self.known)})"
