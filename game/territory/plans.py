"""Dice for Land order plans and refusals, shared by every rule family's checkers.

A checker returns either a refusal (`IllegalAction(key, **params)`, T-20) or a `Plan`: the
order's typed cost, its generic cost (T-6.3) and the per-turn conflict keys it takes.
Refusals without parameters are shared instances (enumeration refuses many candidates);
`apply` raises a fresh copy, so a shared one never carries a traceback.
"""

from __future__ import annotations

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


# The keyset of every plan without conflict keys (arrows, steps, gifts, guards): one shared
# object, since CPython 3.11 makes a new, garbage-collector-tracked frozenset per call.
NO_KEYS: frozenset = frozenset()


class Plan:
    """An acceptable order: typed cost, generic cost (T-6.3), conflict keys, and for arrow
    steps whether a grievance already lowered the cost. `cost` (gold, materials, exotics,
    total) and `keyset` are derived once, for the enumeration's grouping.

    Immutable by convention (never assign to a plan; memoised plans are shared). A plain
    slotted class rather than a frozen dataclass: checkers build tens of thousands of plans
    per game, and a frozen dataclass pays for `object.__setattr__` on every field."""

    __slots__ = ("typed", "generic", "keys", "discount", "cost", "keyset")

    def __init__(self, typed: Cost, generic: int, keys: tuple[tuple, ...] = (),
                 discount: bool = False) -> None:
        g, m, e = typed
        self.typed = typed
        self.generic = generic
        self.keys = keys
        self.discount = discount
        self.cost = (g, m, e, g + m + e + generic)
        self.keyset = frozenset(keys) if keys else NO_KEYS

    def _fields(self) -> tuple:
        return (self.typed, self.generic, self.keys, self.discount)

    def __eq__(self, other: object) -> bool:
        return type(other) is Plan and self._fields() == other._fields()  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return (f"Plan(typed={self.typed!r}, generic={self.generic!r}, keys={self.keys!r}, "
                f"discount={self.discount!r})")

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


