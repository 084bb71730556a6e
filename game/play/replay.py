"""Replaying a game: a setup plus its action list gives back the identical state."""

from __future__ import annotations

from typing import Iterable, Iterator, Sequence

from game import rulesets
from game.core.protocol import Action, Event, Setup, State


def replay(setup: Setup, actions: Iterable[tuple[int, Action] | Sequence], ruleset: str = "") -> State:
    """The state after applying `(seat, action)` pairs to a new game of `setup`.

    `ruleset` defaults to `setup.ruleset`. Raises `IllegalAction` if an action does not fit
    (a damaged or foreign action list).
    """
    state = rulesets.get(ruleset or setup.ruleset).new_game(setup)
    for seat, action in actions:
        state.apply(int(seat), action)
    return state


def replay_events(setup: Setup, actions: Iterable[tuple[int, Action] | Sequence],
                  ruleset: str = "") -> Iterator[tuple[int, Action, list[Event]]]:
    """`(seat, action, events)` for each action replayed from the start of `setup`'s game:
    what a continued game's event log is rebuilt from, and what a results screen counts
    (dice rolled...) without the save format carrying any of it."""
    state = rulesets.get(ruleset or setup.ruleset).new_game(setup)
    for seat, action in actions:
        yield int(seat), action, state.apply(int(seat), action)
