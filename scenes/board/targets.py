"""Legal actions → clickable targets, with multi-step selection (piece → destination → target).

A screen says, for each legal action, the clicks that choose it (`steps(action)`: a tuple of
hashable target keys, e.g. `(("unit", 3), ("cell", 4, 5), ("cell", 5, 5))`). The selection then
offers, at every moment, the next keys of the actions that start with what was clicked so far;
a click that completes exactly one action commits it. Nothing here knows a ruleset. Pure Python.
"""

from __future__ import annotations

from typing import Any, Callable, Hashable, Sequence

Key = Hashable


class Selection:
    """The player's partial choice among `legal` actions."""

    def __init__(self, steps: Callable[[Any], Sequence[Key] | None]) -> None:
        self.steps = steps
        self.chosen: tuple[Key, ...] = ()
        self._legal: list[Any] = []
        self._dirty = True
        self._paths: list[tuple[tuple[Key, ...], Any]] = []

    def set_legal(self, legal: list[Any]) -> None:
        """New legal actions (a new state): a choice that no longer leads anywhere is dropped."""
        if legal is self._legal and not self._dirty:
            return
        self._legal, self._dirty = legal, False
        self._paths = []
        for action in legal:
            path = self.steps(action)
            if path:
                self._paths.append((tuple(path), action))
        if self.chosen and not self.targets():
            self.chosen = ()

    def targets(self) -> dict[Key, Any]:
        """Clickable keys now -> the action they complete (None: a further step follows)."""
        n = len(self.chosen)
        out: dict[Key, Any] = {}
        for path, action in self._paths:
            if len(path) > n and path[:n] == self.chosen:
                key = path[n]
                complete = len(path) == n + 1
                if key not in out or (complete and out[key] is None):
                    out[key] = action if complete else None
        return out

    def click(self, key: Key) -> Any | None:
        """Choose `key`; returns the action to commit when it completes one, else None."""
        targets = self.targets()
        if key not in targets:
            return None
        if targets[key] is not None:
            self.chosen = ()
            return targets[key]
        self.chosen = self.chosen + (key,)
        return None

    def back(self) -> bool:
        """Undo the last step of the choice (right click / Esc); False when nothing was chosen."""
        if not self.chosen:
            return False
        self.chosen = self.chosen[:-1]
        return True

    def invalidate(self) -> None:
        """The screen changed what `steps` answers (e.g. a build mode): recompute the paths."""
        self._dirty = True

    def clear(self) -> None:
        self.chosen = ()

    def actions_through(self, key: Key) -> list[Any]:
        """The legal actions a click on `key` would still allow (for a path/cost preview)."""
        prefix = self.chosen + (key,)
        return [a for path, a in self._paths if path[:len(prefix)] == prefix]
