"""Skirmish events (P-6): the facts a screen animates, in the order they happened (D37).

Hexes are `(col, row)` pairs, units are ids, seats are 0-based. The game ends with the core
`GameOver` (cause "W-2" domination or "W-3" turn limit), re-exported here for screens. Only
`skills_picked` carries a secret (H-1): other seats see how many skills were picked, not which.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from functools import partial
from typing import Any, Callable

from game.core.codec import register
from game.core.protocol import Event, GameOver  # noqa: F401  (W-2 / W-3 end with the core event)
from game.core.slots import slot_init_all

NS = "skirmish"
ColRow = tuple[int, int]   # the spec's odd-r `(col, row)` pair (B-1); not core's axial `Hex`


@register(NS, "skills_picked")
@dataclass(frozen=True, slots=True)
class SkillsPicked(Event):
    """S-2: `seat` made its picks; `hidden` when redacted for another seat."""

    seat: int
    skills: tuple[str, ...]
    count: int
    hidden: bool = False

    def redacted(self, seat: int | None) -> "SkillsPicked":
        if seat == self.seat or self.hidden:
            return self
        return dataclasses.replace(self, skills=(), hidden=True)


@register(NS, "skills_revealed")
@dataclass(frozen=True, slots=True)
class SkillsRevealed(Event):
    """H-2: after the last pick, every faction's full skill set (fixed + picks), by seat."""

    skills: tuple[tuple[str, ...], ...]


@register(NS, "turn_started")
@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    seat: int
    round: int


@register(NS, "statuses_ended")
@dataclass(frozen=True, slots=True)
class StatusesEnded(Event):
    """P-2.1 / P-4.3: `status` ("defensive", "pavise_ward", "multi_line", "formation",
    "heavy_bow", "single_line") left these units."""

    seat: int
    status: str
    units: tuple[int, ...]


@register(NS, "statuses_gained")
@dataclass(frozen=True, slots=True)
class StatusesGained(Event):
    """P-2.5 / P-4.2: these units gained `status` (A6, A7 at turn start; I4, A5, A8 at turn end)."""

    seat: int
    status: str
    units: tuple[int, ...]


@register(NS, "formation")
@dataclass(frozen=True, slots=True)
class Formation(Event):
    """I1: a connected group of infantry shares `pool` wards until its owner's next turn."""

    seat: int
    units: tuple[int, ...]
    pool: int


@register(NS, "formation_lost")
@dataclass(frozen=True, slots=True)
class FormationLost(Event):
    """I1 / D21: a member died or the group came apart: its whole pool is gone."""

    seat: int
    units: tuple[int, ...]


@register(NS, "income")
@dataclass(frozen=True, slots=True)
class Income(Event):
    """C-2: `amount` from the faction's cities; `funds` after it."""

    seat: int
    amount: int
    funds: int


@register(NS, "healed")
@dataclass(frozen=True, slots=True)
class Healed(Event):
    """C-3 (`cause` "city") or C12 Plunder ("plunder"): HP gained and the new HP."""

    unit: int
    hex: ColRow
    amount: int
    hp: int
    cause: str


@register(NS, "suppressed")
@dataclass(frozen=True, slots=True)
class Suppressed(Event):
    """A3 / U-4: at turn start the unit's allowance was halved `stacks` times, to `mp`."""

    unit: int
    hex: ColRow
    stacks: int
    mp: int


class Later(partial):
    """Event fields not worked out yet: `Later(func, *args)` is `partial(func, *args)`, and
    calling it gives their values, one per field of the `deferred_fields` it was given to,
    when one of them is first read. The rules hand one to a field whose answer costs a
    search that changes nothing in the game (the D33 path of a Move): screens and replays
    read it and get the same value as ever, while random play and search playouts, which
    read no events, never pay for it. The call must only read values that nothing changes
    later (kept searches, the board). A partial itself, so a Move makes one object for it,
    not a partial and a wrapper (0.4 % of the instructions of random play)."""

    __slots__ = ()


def deferred_fields(cls: type, names: tuple[str, ...]) -> type:
    """Let the fields `names` of the frozen slotted dataclass `cls` hold a `Later`: reading
    any of them (attribute access: repr, ==, hash, the codec, pickling all read that way)
    runs it once and stores its answers into every one of those fields still holding it."""
    slots = tuple(cls.__dict__[name] for name in names)       # the slots' member descriptors

    class Field:
        __slots__ = ("slot",)

        def __init__(self, slot: Any) -> None:
            self.slot = slot

        def __get__(self, obj: Any, owner: type | None = None) -> Any:
            if obj is None:
                return self
            value = self.slot.__get__(obj, owner)
            if type(value) is Later:
                for slot, answer in zip(slots, value()):
                    if slot.__get__(obj, owner) is value:
                        slot.__set__(obj, answer)
                value = self.slot.__get__(obj, owner)
            return value

        def __set__(self, obj: Any, value: Any) -> None:
            self.slot.__set__(obj, value)

    for name, slot in zip(names, slots):
        setattr(cls, name, Field(slot))
    return cls


def deferred_maker(cls: type, names: tuple[str, ...]) -> Callable[..., Any]:
    """A maker of `cls` instances from its field values in order, for a hot path: it stores
    the values straight into the slots, so a `Later` is kept as it is without passing the
    frozen `__setattr__` and `deferred_fields`' Python setters (the instance is the same as
    `cls(*values)` builds: every field set once, nothing else). Written out per class, one
    setter call per field, as `game.core.slots` writes `__init__`s: a loop over the setters
    took 1.7 times as long (one Moved per Move action)."""
    fields = tuple(cls.__dataclass_fields__)
    scope: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    body = []
    for i, name in enumerate(fields):
        scope[f"_set{i}"] = (cls.__dict__[name].slot if name in names
                             else cls.__dict__[name]).__set__
        body.append(f"    _set{i}(obj, v{i})\n")
    params = ", ".join(f"v{i}" for i in range(len(fields)))
    # built from field positions only, as `dataclasses` builds its own __init__
    exec(f"def make({params}):\n    obj = _new(_cls)\n{''.join(body)}    return obj\n",  # noqa: S102
         scope)
    return scope["make"]


@register(NS, "moved")
@dataclass(frozen=True, slots=True)
class Moved(Event):
    """M-6: the path walked (start first), MP spent and left; `stopped` says why the move
    spent everything ("water", "intercept", "capture") or is "". `path` and `stopped` may be
    built with a `Later` (paths.do_move): the D33 path search runs when one is first read."""

    unit: int
    path: tuple[ColRow, ...]
    cost: int
    mp_left: int
    stopped: str = ""


deferred_fields(Moved, ("path", "stopped"))
moved = deferred_maker(Moved, ("path", "stopped"))    # Moved(unit, path, cost, mp_left, stopped)


@register(NS, "produced")
@dataclass(frozen=True, slots=True)
class Produced(Event):
    """C-4: a new unit; `voucher` when a V-4 voucher paid instead of funds."""

    seat: int
    unit: int
    kind: str
    hex: ColRow
    cost: int
    voucher: bool
    funds: int


@register(NS, "attacked")
@dataclass(frozen=True, slots=True)
class AttackMade(Event):
    """K-1 (the spec's `attack` event): `unit` at `source` strikes `target`; `target_unit` is -1 for an empty city.
    `pursuit` when C9 paid `mp_spent` MP for it; `attacks_left` after it."""

    unit: int
    source: ColRow
    target: ColRow
    target_unit: int
    pursuit: bool
    mp_spent: int
    attacks_left: int


@register(NS, "counterattack")
@dataclass(frozen=True, slots=True)
class Counterattack(Event):
    """K-5: `unit` strikes back at `target_unit`; the strike's events follow."""

    unit: int
    source: ColRow
    target_unit: int
    target: ColRow


@register(NS, "roll")
@dataclass(frozen=True, slots=True)
class Roll(Event):
    """R-2: one chance check; success iff value <= p."""

    kind: str
    value: int
    p: int
    success: bool
    unit: int          # the unit the check protects or voids against (the defender)


@register(NS, "void")
@dataclass(frozen=True, slots=True)
class Void(Event):
    """K-4.1: the terrain penalty voided this strike."""

    unit: int
    target_unit: int


@register(NS, "covered")
@dataclass(frozen=True, slots=True)
class Covered(Event):
    """I12: `infantry` takes the hit meant for the adjacent `archer`."""

    archer: int
    archer_hex: ColRow
    infantry: int
    infantry_hex: ColRow


@register(NS, "ward_used")
@dataclass(frozen=True, slots=True)
class WardUsed(Event):
    """K-4.8: a ward ("pavise" or "formation") stopped the damage; `pool` left in the group."""

    unit: int
    hex: ColRow
    kind: str
    pool: int


@register(NS, "damage")
@dataclass(frozen=True, slots=True)
class Damage(Event):
    """K-4.9: `amount` (after reductions; `raw` before) taken; `hp` after (<= 0: killed);
    `suppression` is the unit's stack count after the hit (A3)."""

    unit: int
    hex: ColRow
    amount: int
    raw: int
    hp: int
    suppression: int


@register(NS, "killed")
@dataclass(frozen=True, slots=True)
class Killed(Event):
    unit: int
    hex: ColRow
    by: int


@register(NS, "pushed")
@dataclass(frozen=True, slots=True)
class Pushed(Event):
    """C2: the target was driven from `source` to `to` (directly away from the attacker)."""

    unit: int
    source: ColRow
    to: ColRow


@register(NS, "reaped")
@dataclass(frozen=True, slots=True)
class Reaped(Event):
    """C6: a kill gave one more attack this turn."""

    unit: int
    attacks_left: int


@register(NS, "city_struck")
@dataclass(frozen=True, slots=True)
class CityStruck(Event):
    """C-5 / C-6: a siege strike on a hostile city; `counted` when it raised `siege`."""

    city: ColRow
    seat: int
    siege: int
    counted: bool


@register(NS, "breached")
@dataclass(frozen=True, slots=True)
class Breached(Event):
    city: ColRow
    siege: int


@register(NS, "siege_lifted")
@dataclass(frozen=True, slots=True)
class SiegeLifted(Event):
    """C-6: no strike this round: the city's siege fell back to 0."""

    city: ColRow


@register(NS, "captured")
@dataclass(frozen=True, slots=True)
class Captured(Event):
    """C-7: `unit` took the city for `seat` from `previous` (-1: an unseated faction's city);
    `voucher_lost` when a V-4 voucher went with it."""

    city: ColRow
    unit: int
    seat: int
    previous: int
    voucher_lost: bool


@register(NS, "eliminated")
@dataclass(frozen=True, slots=True)
class Eliminated(Event):
    """V-1 / V-3: `seat` lost its last city to `by`; its new overlord; vassals set free."""

    seat: int
    by: int
    overlord: int
    freed: tuple[int, ...]


@register(NS, "restored")
@dataclass(frozen=True, slots=True)
class Restored(Event):
    """V-4: a home city returned to `seat` with a voucher for one free infantry or archer."""

    city: ColRow
    seat: int
    previous: int


@register(NS, "dismounted")
@dataclass(frozen=True, slots=True)
class Dismounted(Event):
    unit: int
    hex: ColRow
    hp: int


@register(NS, "cover_policy_set")
@dataclass(frozen=True, slots=True)
class CoverPolicySet(Event):
    seat: int
    policy: str


@register(NS, "turn_ended")
@dataclass(frozen=True, slots=True)
class TurnEnded(Event):
    seat: int


@register(NS, "round_ended")
@dataclass(frozen=True, slots=True)
class RoundEnded(Event):
    """A round is over; victory points per seat at its end."""

    round: int
    vp: tuple[float, ...]


slot_init_all(globals())   # the cheaper constructors of `game.core.slots`
