"""Tidegate actions: what a seat intends (TG-3..TG-6). Frozen, JSON-encodable.

Shapes: `roll`, `end_turn` carry nothing; `build_road(edge: int)`,
`build_outpost(vertex: int)`, `build_city(vertex: int)` carry a board id;
`trade(give: str, get: str)` names two resources (the amount is the rate in force).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.codec import register
from game.core.protocol import Action
from game.core.slots import slot_init_all

NS = "tidegate"


@register(NS, "roll")
@dataclass(frozen=True, slots=True)
class Roll(Action):
    """TG-4.1: roll 2d6, the only roll of the turn."""


@register(NS, "end_turn")
@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """TG-4.4: pass the turn to the next seat."""


@register(NS, "build_road")
@dataclass(frozen=True, slots=True)
class BuildRoad(Action):
    """TG-3.1 (setup, free) / TG-5: a road on an edge."""

    edge: int


@register(NS, "build_outpost")
@dataclass(frozen=True, slots=True)
class BuildOutpost(Action):
    """TG-3.1 (setup, free) / TG-5: an outpost on a vertex."""

    vertex: int


@register(NS, "build_city")
@dataclass(frozen=True, slots=True)
class BuildCity(Action):
    """TG-5: upgrade your outpost on a vertex to a city."""

    vertex: int


@register(NS, "trade")
@dataclass(frozen=True, slots=True)
class Trade(Action):
    """TG-6: give `rate` of one resource to the bank, receive 1 of another."""

    give: str
    get: str


ROLL = Roll()
END_TURN = EndTurn()


slot_init_all(globals())   # the cheaper constructors of `game.core.slots`
