"""Skirmish actions: what a seat intends (P-0, P-3). Frozen, JSON-encodable.

Hexes are the spec's `(col, row)` pairs; units are ids. Shapes:
`pick_skills(skills: tuple[str, ...])` (skill codes such as "I4"), `move(unit, to)`,
`attack(unit, target)`, `produce(city, kind, voucher)`, `dismount(unit)`,
`set_cover_policy(policy)` ("always", "lethal", "never"), `end_turn()`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from game.core.codec import register
from game.core.protocol import Action
from game.core.slots import slot_init_all

NS = "skirmish"


@register(NS, "pick_skills")
@dataclass(frozen=True, slots=True)
class PickSkills(Action):
    """S-2: this faction's optional skills (0..optional_picks codes), secret until all pick."""

    skills: tuple[str, ...] = ()


@register(NS, "move")
@dataclass(frozen=True, slots=True)
class Move(Action):
    """M-4..M-6: move a unit to a destination; the engine chooses the path."""

    unit: int
    to: tuple[int, int]


@register(NS, "attack")
@dataclass(frozen=True, slots=True)
class Attack(Action):
    """K-1: a unit strikes a hostile unit or an empty hostile city at `target`."""

    unit: int
    target: tuple[int, int]


@register(NS, "produce")
@dataclass(frozen=True, slots=True)
class Produce(Action):
    """C-4: a new unit of `kind` in an own empty city; `voucher` spends the city's voucher."""

    city: tuple[int, int]
    kind: str
    voucher: bool = False


@register(NS, "dismount")
@dataclass(frozen=True, slots=True)
class Dismount(Action):
    """C5: a cavalry unit becomes an infantry unit for good."""

    unit: int


@register(NS, "set_cover_policy")
@dataclass(frozen=True, slots=True)
class SetCoverPolicy(Action):
    """I12 / D22: when covering infantry takes hits meant for adjacent archers."""

    policy: str


@register(NS, "end_turn")
@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """P-4: end this faction's turn."""


END_TURN = EndTurn()

# Legal-action lists are rebuilt often and building a frozen dataclass is what costs there:
# equal unit actions are shared (they are immutable). Bounded: cleared when it grows large.
_SHARED: dict[tuple, Action] = {}
_SHARED_MAX = 200_000


def _new_shared(key: tuple, kind: type) -> Action:
    """Build `kind(*key[1:])` into `_SHARED` (a miss of the look-ups below)."""
    if len(_SHARED) >= _SHARED_MAX:
        _SHARED.clear()
    found = _SHARED[key] = kind(*key[1:])
    return found


def move(unit: int, to: tuple[int, int]) -> Move:
    """`Move(unit, to)`, shared."""
    key = ("m", unit, to)
    return _SHARED.get(key) or _new_shared(key, Move)  # type: ignore[return-value]


def attacks(unit: int, targets: Iterable[tuple[int, int]]) -> list[Attack]:
    """`[Attack(unit, t) for t in targets]`, shared: a unit's attacks are listed together,
    so one call makes them all (a call per attack had cost 0.6 % more instructions)."""
    shared = _SHARED.get
    out = []
    for target in targets:
        key = ("a", unit, target)
        out.append(shared(key) or _new_shared(key, Attack))
    return out  # type: ignore[return-value]


slot_init_all(globals())   # the cheaper constructors of `game.core.slots`
