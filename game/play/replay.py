"""Replaying a game: a setup plus its action list gives back the identical state."""

from __future__ import annotations

from typing import Iterable, Sequence

from game import rulesets
from game.core.protocol import Action, Setup, State


def replay(setup: Setup, actions: Iterable[tuple[int, Action] | Sequence], ruleset: str = "") -> State:
    """The state after applying `(seat, action)` pairs to a new game of `setup`.

    `ruleset` defaults to `setup.ruleset`. Raises `IllegalAction` if an action does not fit
    (a damaged or foreign action list).
    """
    state = rulesets.get(ruleset or setup.ruleset).new_game(setup)
    for seat, action in actions:
        state.apply(int(seat), action)
    return state
