"""Landship events: the facts a screen animates, in the order they happened (T-8).

Cells are `(x, y)` pairs (0-based; the UI labels them 1-based). Every action event carries
`ap_left`, the seat's pool afterwards, so the HUD can follow without reading the state.
Everything in Landship is public (H-1), so no event needs redacting.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.codec import register
from game.core.protocol import Event, GameOver  # noqa: F401  (T-7 ends with the core event)
from game.core.slots import slot_init_all

NS = "landship"
XY = tuple[int, int]


@register(NS, "turn_order_drawn")
@dataclass(frozen=True, slots=True)
class TurnOrderDrawn(Event):
    """T-1 / D33: the seats in turn order, and the Fisher-Yates dice that drew it."""

    order: tuple[int, ...]
    rolls: tuple[int, ...]


@register(NS, "round_started")
@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    round: int


@register(NS, "turn_started")
@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    seat: int
    round: int


@register(NS, "ap_rolled")
@dataclass(frozen=True, slots=True)
class ApRolled(Event):
    """A-1: total = base + d4 + bonus (the coupling surge's +1)."""

    seat: int
    d4: int
    bonus: int
    total: int


@register(NS, "ship_moved")
@dataclass(frozen=True, slots=True)
class ShipMoved(Event):
    """M-3: `path` runs from the start cell to the destination, one orthogonal step apart."""

    seat: int
    ship: int
    path: tuple[XY, ...]
    cost: int
    ap_left: int


@register(NS, "attack_resolved")
@dataclass(frozen=True, slots=True)
class AttackResolved(Event):
    """C-1/C-2: a shot from `origin` to `at`; `pierced` when a heavy gun left a marker (C-5)."""

    seat: int
    attacker: int
    target: int
    origin: XY
    at: XY
    atk: int
    eff_dr: int
    damage: int
    integrity: int
    pierced: bool
    ap_left: int


@register(NS, "ram_resolved")
@dataclass(frozen=True, slots=True)
class RamResolved(Event):
    """C-6: the ram charged along `path` (start .. cell k), rolled `d6` and hit `at`."""

    seat: int
    ship: int
    target: int
    dir: str
    k: int
    path: tuple[XY, ...]
    at: XY
    d6: int
    eff_dr: int
    damage: int
    integrity: int
    self_damage: int
    self_integrity: int
    ap_left: int


@register(NS, "ship_repaired")
@dataclass(frozen=True, slots=True)
class ShipRepaired(Event):
    """K-3: `amount` actually restored (capped at the maximum)."""

    seat: int
    ship: int
    target: int
    at: XY
    amount: int
    integrity: int
    ap_left: int


@register(NS, "ship_built")
@dataclass(frozen=True, slots=True)
class ShipBuilt(Event):
    """K-1: a fresh ship at full integrity."""

    seat: int
    builder: int
    ship: int
    ship_type: str
    at: XY
    integrity: int
    ap_left: int


@register(NS, "tile_depleted")
@dataclass(frozen=True, slots=True)
class TileDepleted(Event):
    at: XY


@register(NS, "hulk_captured")
@dataclass(frozen=True, slots=True)
class HulkCaptured(Event):
    """K-2: the hulk keeps its id and comes back fresh with `integrity`."""

    seat: int
    builder: int
    ship: int
    ship_type: str
    at: XY
    former_owner: int
    integrity: int
    ap_left: int


@register(NS, "pierce_expired")
@dataclass(frozen=True, slots=True)
class PierceExpired(Event):
    """T-5 step 2 / C-5: markers of `by_player` ran out on these ships."""

    by_player: int
    ships: tuple[int, ...]


@register(NS, "turn_auto_ended")
@dataclass(frozen=True, slots=True)
class TurnAutoEnded(Event):
    """D6: only end_turn and resign were left; a `turn_ended` follows."""

    seat: int


@register(NS, "turn_ended")
@dataclass(frozen=True, slots=True)
class TurnEnded(Event):
    """T-5: the unused AP is lost."""

    seat: int
    ap_lost: int


@register(NS, "event_rolled")
@dataclass(frozen=True, slots=True)
class EventRolled(Event):
    """E-1..E-4: the d8 and its event; area events name the centre and every void reroll;
    the wind names its direction. `until` is the last round the effect lasts (0: instant)."""

    round: int
    d8: int
    event: str
    centre: XY | None
    rolls: tuple[XY, ...]
    direction: str
    until: int


@register(NS, "area_marked")
@dataclass(frozen=True, slots=True)
class AreaMarked(Event):
    """E-9: the area marker of an event, shown through round `until`."""

    event: str
    cells: tuple[XY, ...]
    until: int


@register(NS, "integrity_lost")
@dataclass(frozen=True, slots=True)
class IntegrityLost(Event):
    """E-5: event damage (DR ignored); `cause` is the event id."""

    ship: int
    at: XY
    amount: int
    integrity: int
    cause: str


@register(NS, "ships_stalled")
@dataclass(frozen=True, slots=True)
class ShipsStalled(Event):
    """E-6: these ships can neither act nor be targeted during `round`."""

    ships: tuple[int, ...]
    round: int


@register(NS, "outbreak_changed")
@dataclass(frozen=True, slots=True)
class OutbreakChanged(Event):
    """E-2: the coupling outbreak switched on or off."""

    on: bool


@register(NS, "tiles_refreshed")
@dataclass(frozen=True, slots=True)
class TilesRefreshed(Event):
    """E-4 row 2: these depleted tiles are active again."""

    cells: tuple[XY, ...]


@register(NS, "effects_expired")
@dataclass(frozen=True, slots=True)
class EffectsExpired(Event):
    """T-6 step 1: effects whose last round was `round` ended (`effects` lists their kinds:
    stall, surge, wind, quicksand, marker); `ships` are unstalled, `cells` passable again."""

    round: int
    effects: tuple[str, ...]
    ships: tuple[int, ...]
    cells: tuple[XY, ...]


@register(NS, "ship_destroyed")
@dataclass(frozen=True, slots=True)
class ShipDestroyed(Event):
    """T-6 step 3 (cause "scrapped"), V-2 ("eliminated") or V-6 ("resigned"): now a hulk."""

    ship: int
    ship_type: str
    former_owner: int
    at: XY
    cause: str


@register(NS, "piece_sunk")
@dataclass(frozen=True, slots=True)
class PieceSunk(Event):
    """E-8: the quicksand swallowed the piece; it leaves the game without a hulk."""

    ship: int
    ship_type: str
    former_owner: int
    at: XY


@register(NS, "player_resigned")
@dataclass(frozen=True, slots=True)
class PlayerResigned(Event):
    seat: int


@register(NS, "player_eliminated")
@dataclass(frozen=True, slots=True)
class PlayerEliminated(Event):
    """V-2 (no builder left) or V-6 (resigned)."""

    seat: int
    rule: str


# Events are made on every move (five a turn): each class gets the cheaper slot-setting
# __init__ of `game.core.slots` (same signature, same frozen objects).
slot_init_all(globals())
