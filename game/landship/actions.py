"""Landship actions: what a seat intends (A-2a). Frozen, JSON-encodable.

Shapes (`ship` and `target` are ship ids, cells are `(x, y)` pairs, 0-based):
`move(ship, to)`, `attack(ship, target)`, `ram(ship, dir, k)` with dir one of N/E/S/W,
`repair(ship, target)`, `build(ship, ship_type, at)`, `capture(ship, target)`; `end_turn` and
`resign` carry nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.codec import register
from game.core.protocol import Action
from game.core.slots import slot_init_all

NS = "landship"


@register(NS, "move")
@dataclass(frozen=True, slots=True)
class Move(Action):
    """M-1..M-3: move a ship to `to` along the engine's shortest legal path."""

    ship: int
    to: tuple[int, int]


@register(NS, "attack")
@dataclass(frozen=True, slots=True)
class Attack(Action):
    """C-1: fire at an enemy ship in range with a clear line."""

    ship: int
    target: int


@register(NS, "ram")
@dataclass(frozen=True, slots=True)
class Ram(Action):
    """C-6: charge k cells in direction `dir`, then hit the ship on cell k+1."""

    ship: int
    dir: str
    k: int


@register(NS, "repair")
@dataclass(frozen=True, slots=True)
class Repair(Action):
    """K-3: +3 integrity to an own ship in the builder's reach."""

    ship: int
    target: int


@register(NS, "build")
@dataclass(frozen=True, slots=True)
class Build(Action):
    """K-1: a builder on an active resource tile builds `ship_type` at `at`."""

    ship: int
    ship_type: str
    at: tuple[int, int]


@register(NS, "capture")
@dataclass(frozen=True, slots=True)
class Capture(Action):
    """K-2: a builder takes over a hulk."""

    ship: int
    target: int


@register(NS, "end_turn")
@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """T-5: end the turn; unused AP is lost."""


@register(NS, "resign")
@dataclass(frozen=True, slots=True)
class Resign(Action):
    """V-6: leave the game at once; the fleet becomes hulks."""

    concedes = True  # gives the game away: the random agent and benchmarks skip it


END_TURN = EndTurn()
RESIGN = Resign()


# ---- shared instances for the enumeration -----------------------------------------------------
# `legal_actions` builds the same few hundred actions again on every call; actions are
# immutable values, so one instance per value serves every call (and every game: ids and
# cells repeat). The tables are dropped when they grow past a bound, so memory stays small.
_INTERNED: dict[tuple, Action] = {}
_ROWS: dict[tuple, list] = {}
_TABLE_MAX = 100_000


def interned(kind: type, *args: object) -> Action:
    """The one shared instance of `kind(*args)` (an action class above, hashable args)."""
    key = (kind, *args)
    found = _INTERNED.get(key)
    if found is None:
        if len(_INTERNED) >= _TABLE_MAX:
            _INTERNED.clear()
        found = _INTERNED[key] = kind(*args)
    return found


def row(kind: type, head: object, width: int, height: int) -> list:
    """A per-cell table (index y * width + x) of shared `kind` actions whose other fields are
    `head`; the caller fills a missing entry with the action for that cell."""
    key = (kind, head, width, height)
    found = _ROWS.get(key)
    if found is None:
        if len(_ROWS) >= _TABLE_MAX:
            _ROWS.clear()
        found = _ROWS[key] = [None] * (width * height)
    return found


slot_init_all(globals())   # the cheaper constructors of `game.core.slots`
