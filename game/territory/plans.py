"""Dice for Land order plans and refusals, shared by every rule family's checkers.

A checker returns either a refusal `Why(key, params)` (T-20) or a `Plan`: the order's typed
cost, its generic cost (T-6.3) and the per-turn conflict keys it takes.
"""

from __future__ import annotations

from dataclasses import dataclass

from typing import Any

from game.territory.constants import (
    Cost,
)

@dataclass(frozen=True, slots=True)
class Why:
    """A refusal: a reason key (T-20) and its parameters."""

    key: str
    params: tuple[tuple[str, Any], ...] = ()


def no(key: str, **params: Any) -> Why:
    """A refusal with a reason key and parameters."""
    return Why(key, tuple(sorted(params.items())))


def rule(rule_id: str) -> Why:
    """T-20's catch-all: "not allowed (<rule id>)"."""
    return Why("territory.not_allowed", (("rule", rule_id),))


@dataclass(frozen=True, slots=True)
class Plan:
    """An acceptable order: typed cost, generic cost (T-6.3), conflict keys, and for arrow
    steps whether a grievance already lowered the cost."""

    typed: Cost
    generic: int
    keys: tuple[tuple, ...] = ()
    discount: bool = False

    @property
    def total(self) -> int:
        """Typed plus generic cost."""
        return self.typed[0] + self.typed[1] + self.typed[2] + self.generic


def less_gold(cost: Cost, by: int) -> Cost:
    """A cost with `by` less gold (never below 0): Architecture Art (T-9)."""
    return (max(0, cost[0] - by), cost[1], cost[2])


def valid_tile(st: Any, i: Any) -> bool:
    """`i` is a tile index of the board (not a bool)."""
    return isinstance(i, int) and not isinstance(i, bool) and 0 <= i < st.board.size


def valid_tribe(st: Any, i: Any, me: int) -> bool:
    """`i` is another tribe that is still alive."""
    return (isinstance(i, int) and not isinstance(i, bool) and 0 <= i < len(st.tribes)
            and i != me and st.tribes[i].alive)


