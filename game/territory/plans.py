"""Dice for Land order plans and refusals, shared by every rule family's checkers.

A checker returns either a refusal (`IllegalAction(key, **params)`, T-20) or a `Plan`: the
order's typed cost, its generic cost (T-6.3) and the per-turn conflict keys it takes.
Refusals without parameters are shared instances (enumeration refuses many candidates);
`apply` raises a fresh copy, so a shared one never carries a traceback.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from typing import Any

from game.core.errors import IllegalAction
from game.territory.constants import (
    Cost,
)

_PLAIN: dict[Any, IllegalAction] = {}
_RULES: dict[str, IllegalAction] = {}


def no(key: str, **params: Any) -> IllegalAction:
    """A refusal with a reason key and parameters (a shared instance: enumeration refuses
    many candidates, and an exception is costly to build; the table is bounded because
    parameters may echo arbitrary input)."""
    index = (key, tuple(sorted(params.items()))) if params else key
    refusal = _PLAIN.get(index)
    if refusal is None:
        refusal = IllegalAction(key, **params)
        if len(_PLAIN) < 4096:
            _PLAIN[index] = refusal
    return refusal


def rule(rule_id: str) -> IllegalAction:
    """T-20's catch-all: "not allowed (<rule id>)" (a shared instance per rule id)."""
    refusal = _RULES.get(rule_id)
    if refusal is None:
        refusal = _RULES[rule_id] = IllegalAction("territory.not_allowed", rule=rule_id)
    return refusal


@dataclass(frozen=True, slots=True)
class Plan:
    """An acceptable order: typed cost, generic cost (T-6.3), conflict keys, and for arrow
    steps whether a grievance already lowered the cost. `cost` (gold, materials, exotics,
    total) and `keyset` are derived once, for the enumeration's grouping."""

    typed: Cost
    generic: int
    keys: tuple[tuple, ...] = ()
    discount: bool = False
    cost: tuple[int, int, int, int] = field(init=False, repr=False, compare=False)
    keyset: frozenset = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        g, m, e = self.typed
        object.__setattr__(self, "cost", (g, m, e, g + m + e + self.generic))
        object.__setattr__(self, "keyset", frozenset(self.keys))

    @property
    def total(self) -> int:
        """Typed plus generic cost."""
        return self.cost[3]


def less_gold(cost: Cost, by: int) -> Cost:
    """A cost with `by` less gold (never below 0): Architecture Art (T-9)."""
    return (max(0, cost[0] - by), cost[1], cost[2])


def valid_tile(st: Any, i: Any) -> bool:
    """`i` is a tile index of the board (not a bool)."""
    return type(i) is int and 0 <= i < st.board.size


def valid_tribe(st: Any, i: Any, me: int) -> bool:
    """`i` is another tribe that is still alive."""
    return (type(i) is int and 0 <= i < len(st.tribes)
            and i != me and st.tribes[i].alive)


