"""A game being played in the program: the state, its action log, undo, agents and saving.

Pure Python (no pygame) so it can be tested headless. The game scene owns one session; the
session owns the state. AI seats think on a worker thread from an immutable view, so frames
keep coming; the scene polls `poll_ai()`.

Undo (within a turn): an action can be taken back only if it revealed nothing random and did
not pass play to another seat — i.e. the RNG state and `to_move()` are the same before and
after it. Everything since the last such "commit point" can be undone, newest first.
"""

from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from game import rulesets
from game.ai import Agent, make_agent
from game.core.protocol import Action, Event, Setup, State
from game.core.saves import SaveGame


def _rng_state(state: State) -> Any:
    rng = getattr(state, "rng", None)
    return rng.get_state() if rng is not None else None


@dataclass
class GameSession:
    """One game in the program (see the module docstring)."""

    setup: Setup
    names: list[str]
    colours: list[int]
    state: State = field(init=False)
    actions: list[tuple[int, Action]] = field(default_factory=list)
    save_path: Any = None     # this game's own autosave file (set on its first save)

    def __post_init__(self) -> None:
        ruleset = rulesets.get(self.setup.ruleset)
        self.state = ruleset.new_game(self.setup)
        self.setup = self.state.setup
        self.agents: dict[int, Agent] = {
            seat: make_agent(kind, ruleset, seat, self.setup.seed)
            for seat, kind in enumerate(self.setup.seats) if kind != "human"
        }
        self._commit_index = 0
        self._commit_state = self.state.clone()
        self._pool: ThreadPoolExecutor | None = None
        self._thinking: tuple[int, Future] | None = None

    @classmethod
    def from_save(cls, save: SaveGame, state: State, path: Any = None) -> "GameSession":
        """A session continuing a restored save (state already replayed and checked);
        `path`: the file it came from, which its autosaves then keep updating."""
        session = cls.__new__(cls)
        session.save_path = path
        session.setup = state.setup
        session.names = list(save.names) or [f"P{i + 1}" for i in range(len(state.setup.seats))]
        session.colours = list(save.colours) or list(range(len(state.setup.seats)))
        session.state = state
        session.actions = list(save.actions)
        ruleset = rulesets.get(state.setup.ruleset)
        session.agents = {seat: make_agent(kind, ruleset, seat, state.setup.seed)
                          for seat, kind in enumerate(state.setup.seats) if kind != "human"}
        # Agents' RNGs advance with their decisions; catch them up is unnecessary for
        # legality, but a continued game's AI choices may differ from an uninterrupted run.
        session._commit_index = len(session.actions)
        session._commit_state = state.clone()
        session._pool = None
        session._thinking = None
        return session

    # ---- turns ---------------------------------------------------------------------------
    def seat_is_human(self, seat: int) -> bool:
        return self.setup.seats[seat] == "human"

    def next_seat(self) -> int | None:
        movers = self.state.to_move()
        return movers[0] if movers else None

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Apply an action (IllegalAction leaves everything as it was) and log it."""
        rng_before = _rng_state(self.state)
        movers_before = self.state.to_move()
        events = self.state.apply(seat, action)
        self.actions.append((seat, action))
        if _rng_state(self.state) != rng_before or self.state.to_move() != movers_before:
            self._commit_index = len(self.actions)
            self._commit_state = self.state.clone()
        return events

    def can_undo(self) -> bool:
        """True when the newest action can be taken back (a human's, since the commit)."""
        if len(self.actions) <= self._commit_index:
            return False
        return self.seat_is_human(self.actions[-1][0])

    def undo(self) -> None:
        """Take back the newest action by replaying the turn from the last commit point."""
        if not self.can_undo():
            return
        kept = self.actions[self._commit_index:-1]
        self.actions = self.actions[:-1]
        state = self._commit_state.clone()
        for seat, action in kept:
            state.apply(seat, action)
        self.state = state

    # ---- AI ------------------------------------------------------------------------------
    def start_ai(self, seat: int) -> None:
        """Let the agent of `seat` think on the worker thread (no-op if already thinking)."""
        if self._thinking is not None:
            return
        if self._pool is None:
            self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ai")
        agent = self.agents[seat]
        view = self.state.view(seat)
        legal = self.state.legal_actions(seat)
        self._thinking = (seat, self._pool.submit(agent.choose, view, legal))

    @property
    def thinking(self) -> bool:
        return self._thinking is not None

    def poll_ai(self) -> tuple[int, Action] | None:
        """The finished decision `(seat, action)`, or None while still thinking."""
        if self._thinking is None or not self._thinking[1].done():
            return None
        seat, future = self._thinking
        self._thinking = None
        return seat, future.result()

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None
        self._thinking = None

    # ---- saving --------------------------------------------------------------------------
    def to_save(self) -> SaveGame:
        return SaveGame(setup=self.setup, actions=list(self.actions), names=list(self.names),
                        colours=list(self.colours), digest=self.state.digest(),
                        round=int(getattr(self.state, "round", 0)),
                        finished=self.state.result() is not None,
                        rules_version=rulesets.get(self.setup.ruleset).rules_version)
