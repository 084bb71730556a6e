"""The protocol every ruleset implements (modelled on OpenSpiel's game/state split).

A `Ruleset` is the fixed description of a game (one instance, registered by id); a `State` is
one game in progress. Callers only ever use the methods below, so the presentation layer,
agents, saves, replays and benchmarks work on every ruleset alike:

    state = rulesets.get("tidegate").new_game(Setup(seats=("human", "greedy"), seed=3))
    seat = state.to_move()[0]
    events = state.apply(seat, state.legal_actions(seat)[0])

Illegal actions raise `IllegalAction(reason_key, **params)` and leave the state untouched.
All randomness comes from the state's own `Rng`, so a game is a pure function of its setup and
its action list.
"""

from __future__ import annotations

import abc
import dataclasses
import hashlib
import json
from dataclasses import dataclass, field
from typing import Any, ClassVar, Sequence

from game.core.errors import IllegalAction, MapError  # noqa: F401  (re-exported names)


@dataclass(frozen=True)
class Setup:
    """Everything that decides a new game besides the players' choices.

    seats: one entry per seat, `"human"` or an agent id (`"greedy"`, `"random"`, ...).
    seed: the game's RNG seed. map: a map path, or None for the ruleset's default map.
    options: ruleset options (e.g. `{"layout": "fixed"}`). ruleset: the ruleset id; filled in
    by `Ruleset.new_game`, so a saved setup replays on its own.
    """

    seats: tuple[str, ...]
    seed: int
    map: str | None = None
    options: dict[str, Any] = field(default_factory=dict)
    ruleset: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "seats", tuple(self.seats))
        object.__setattr__(self, "options", dict(self.options))


class Action:
    """Base of every ruleset's actions: small frozen dataclasses, encoded by `game.core.codec`.

    `concedes` marks actions that give the game (or part of it) away: resign, surrender,
    vassal offers, gifts, cessions. The `random` agent avoids them unless nothing else is legal.
    """

    __slots__ = ()
    type_name: ClassVar[str] = ""
    namespace: ClassVar[str] = ""
    concedes: ClassVar[bool] = False


class Event:
    """Base of every fact a rules core reports, in the order things happened."""

    __slots__ = ()
    type_name: ClassVar[str] = ""
    namespace: ClassVar[str] = ""

    def redacted(self, seat: int | None) -> "Event":
        """This event as `seat` may see it (None: the public). Open facts return themselves."""
        return self


@dataclass(frozen=True)
class Result:
    """How a finished game ended, in one shape for every ruleset.

    winners: every winner (shared victories list several; () = nobody won).
    scores: one per seat, the ruleset's main figure (ints stay ints).
    cause: the deciding rule id from the spec (e.g. "TG-7.1", "V-3").
    draw: True for a shared result or draw as the spec defines it.
    """

    winners: tuple[int, ...]
    scores: tuple[float, ...]
    cause: str = ""
    draw: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "winners", tuple(self.winners))
        object.__setattr__(self, "scores", tuple(self.scores))


@dataclass(frozen=True)
class GameOver(Event):
    """The one game-over event of every ruleset: the `Result`, as the last event of a game.

    Ruleset-specific end data (e.g. domiplot's solo regions) goes in a ruleset event emitted
    just before this one, so screens and replays read every ending the same way.
    """

    winners: tuple[int, ...]
    scores: tuple[float, ...]
    cause: str
    draw: bool = False

    type_name: ClassVar[str] = "game_over"
    namespace: ClassVar[str] = "core"

    def __post_init__(self) -> None:
        object.__setattr__(self, "winners", tuple(self.winners))
        object.__setattr__(self, "scores", tuple(self.scores))

    @classmethod
    def of(cls, result: Result) -> "GameOver":
        """The event announcing `result`."""
        return cls(result.winners, result.scores, result.cause, result.draw)

    def result(self) -> Result:
        """The `Result` this event announces."""
        return Result(self.winners, self.scores, self.cause, self.draw)


class View(abc.ABC):
    """What one seat may see of a state; JSON-encodable through `to_json()`."""

    @abc.abstractmethod
    def to_json(self) -> dict[str, Any]:
        """Plain JSON data of this view."""


class State(abc.ABC):
    """One game in progress. Subclasses implement every abstract method below."""

    setup: Setup

    @abc.abstractmethod
    def to_move(self) -> list[int]:
        """Seats that must act now (several in simultaneous phases); empty once over."""

    @abc.abstractmethod
    def legal_actions(self, seat: int) -> list[Action]:
        """Every action `apply` accepts from `seat` now; empty if the seat need not act."""

    @abc.abstractmethod
    def reason(self, seat: int, action: object) -> IllegalAction | None:
        """The refusal `apply(seat, action)` would raise, or None if the action is legal.

        The refusal is an `IllegalAction` carrying key + params. Anything that is not one of
        this ruleset's actions (None, 42, "x", {}) gives `IllegalAction("not_an_action")`.
        """

    @abc.abstractmethod
    def apply(self, seat: int, action: Action) -> list[Event]:
        """Carry out an action; raise IllegalAction (state unchanged) if it is not legal.

        Implementations start with `refusal = self.reason(seat, action)` and raise it, so
        validation and `legal_actions` cannot drift apart.
        """

    @abc.abstractmethod
    def view(self, seat: int | None) -> View:
        """What `seat` may see (None: the public)."""

    @abc.abstractmethod
    def result(self) -> Result | None:
        """The outcome once the game is over; None while it runs."""

    @abc.abstractmethod
    def clone(self, reseed: int | None = None) -> "State":
        """An independent copy; with `reseed`, its future random outcomes differ."""

    @abc.abstractmethod
    def digest_data(self) -> Any:
        """Plain data of everything that decides the game's future, RNG included."""

    def digest(self) -> str:
        """A stable hash of `digest_data()`: equal digests mean equal futures."""
        text = json.dumps(self.digest_data(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode("utf-8")).hexdigest()


class Ruleset(abc.ABC):
    """Fixed data of one ruleset; one instance per ruleset, registered by id.

    A ruleset names its map folder and default map and implements `read_board` (topology and
    fixed data of a map, immutable: shared between games through `tiled.cached_board`) and
    `make_state` (a fresh game on that board); the base `new_game` does the rest. Agents are
    not listed here: `game/<id>/agents.py` holds `AGENTS`, so rules never import AI code.
    """

    id: ClassVar[str] = ""
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    has_hidden_info: ClassVar[bool] = False
    map_folder: ClassVar[str] = ""         # folder under maps/; "" means the ruleset id
    # Stamped into every save. Bump it with any change that makes a saved action list replay
    # differently (a rule, the use of the RNG, the default map's board, `digest_data`): a save
    # of another version that no longer replays then says so instead of "damaged". The
    # golden saves in tests/data/saves catch a change that forgot to (see their README).
    rules_version: ClassVar[int] = 1
    default_map_name: ClassVar[str] = ""   # e.g. "isle.tmx"

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A ruleset must name its default map: checked when its class is made, not when a
        player first starts a game without one."""
        super().__init_subclass__(**kwargs)
        if not cls.default_map_name:
            raise TypeError(f"{cls.__name__} sets no default_map_name")

    def default_map(self) -> str:
        """Path of the map used when `Setup.map` is None (maps/<map_folder>/<default_map_name>)."""
        from game.core.paths import maps_dir
        return str(maps_dir() / (self.map_folder or self.id) / self.default_map_name)

    def map_path(self, setup: Setup) -> str:
        """The map file `setup` plays on: its own (see `paths.map_file`) or the default."""
        from game.core.paths import map_file
        return str(map_file(setup.map)) if setup.map else self.default_map()

    @abc.abstractmethod
    def read_board(self, path: str) -> Any:
        """The board (topology + fixed data, immutable) of the map at `path`; MapError if bad."""

    @abc.abstractmethod
    def make_state(self, setup: Setup, board: Any) -> State:
        """A fresh state for `setup` (already stamped with the id, seats checked) on `board`."""

    def new_game(self, setup: Setup) -> State:
        """A fresh state for `setup` (the returned state's setup has `ruleset` filled in)."""
        from game.core.tiled import cached_board
        self.check_seats(setup.seats)
        setup = self.with_id(setup)
        board = cached_board(self.id, self.map_path(setup), self.read_board)
        return self.make_state(setup, board)

    @abc.abstractmethod
    def state_from_view(self, view: View, rng: Any) -> State:
        """A state consistent with everything `view` shows, with the hidden parts and the
        future drawn from `rng` (a `game.core.rng.Rng`): what search agents, which see only
        views, play on ("determinization"). Every ruleset has one, so every seat may be
        given the "hard" level."""

    def check_seats(self, seats: Sequence[str]) -> None:
        """Reject a seat count outside [min_players, max_players]."""
        if not self.min_players <= len(seats) <= self.max_players:
            raise IllegalAction(
                "bad_seat_count", count=len(seats), min=self.min_players, max=self.max_players
            )

    def with_id(self, setup: Setup) -> Setup:
        """`setup` stamped with this ruleset's id."""
        return dataclasses.replace(setup, ruleset=self.id)
