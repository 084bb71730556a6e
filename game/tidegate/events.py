"""Tidegate events: the facts a screen animates, in the order they happened (TG-8b).

All information in Tidegate is open, so no event needs redacting. The game ends with the
core `GameOver` (cause TG-7.1 or TG-7.2), re-exported here as `GameOver` for screens.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.codec import register
from game.core.protocol import Event, GameOver  # noqa: F401  (TG-7 ends with the core event)
from game.core.slots import slot_init_all

NS = "tidegate"


@register(NS, "setup_placed")
@dataclass(frozen=True, slots=True)
class SetupPlaced(Event):
    """TG-3.1: a free setup piece; kind is "outpost" or "road", where a vertex or edge id."""

    seat: int
    kind: str
    where: int


@register(NS, "starting_resources")
@dataclass(frozen=True, slots=True)
class StartingResources(Event):
    """TG-3.3: the seat receives `amounts` (wheat, stone, wood)."""

    seat: int
    amounts: tuple[int, int, int]


@register(NS, "turn_started")
@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    seat: int
    round: int


@register(NS, "dice_rolled")
@dataclass(frozen=True, slots=True)
class DiceRolled(Event):
    """TG-4.1: the two faces; their sum decides production."""

    seat: int
    faces: tuple[int, int]


@register(NS, "produced")
@dataclass(frozen=True, slots=True)
class Produced(Event):
    """TG-4.2: one building on one tile yielded `amount` of `resource` to `seat`."""

    seat: int
    resource: str
    amount: int
    tile: int
    vertex: int


@register(NS, "discarded")
@dataclass(frozen=True, slots=True)
class Discarded(Event):
    """TG-4.3: the seat lost `amounts` (wheat, stone, wood) to a 7."""

    seat: int
    amounts: tuple[int, int, int]


@register(NS, "built")
@dataclass(frozen=True, slots=True)
class Built(Event):
    """TG-5: kind "road" / "outpost" / "city" at an edge or vertex; `score` is the new score."""

    seat: int
    kind: str
    where: int
    score: int


@register(NS, "traded")
@dataclass(frozen=True, slots=True)
class Traded(Event):
    """TG-6: `amount` of `give` went to the bank for 1 `get`."""

    seat: int
    give: str
    amount: int
    get: str


@register(NS, "turn_ended")
@dataclass(frozen=True, slots=True)
class TurnEnded(Event):
    seat: int


@register(NS, "round_ended")
@dataclass(frozen=True, slots=True)
class RoundEnded(Event):
    """A round is over; `scores` per seat at its end (for the score chart)."""

    round: int
    scores: tuple[int, ...]


slot_init_all(globals())   # the cheaper constructors of `game.core.slots`
