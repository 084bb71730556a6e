"""Landship weather (E-1..E-9): the round-end event roll, its effects, and their expiry."""

from __future__ import annotations

from game.core.protocol import Event
from game.landship import events as E
from game.landship.constants import (
    AREA_FACES, DIR_INDEX, DIRECTIONS, DUST_DAMAGE, EVENTS, OUTBREAK_FACES, THUNDER_DAMAGE,
)
from game.landship.state import EMPTY, HULK, NO_WIND, LandshipState, Ship


def sand_cells(g: LandshipState) -> frozenset[int]:
    """E-8: cells under active quicksand."""
    if not g.quicksand:
        return frozenset()
    return frozenset(c for cells, _ in g.quicksand for c in cells)


def expire(g: LandshipState, r: int, events: list[Event]) -> None:
    """T-6 step 1: effects whose last round is r end."""
    kinds: list[str] = []
    ships: list[int] = []
    for s in g.ships.values():
        if s.stalled_round == r:
            s.stalled_round = 0
            ships.append(s.id)
    if ships:
        kinds.append("stall")
    if g.surge_round == r:
        g.surge_round = 0
        kinds.append("surge")
    if g.wind_dir != NO_WIND and g.wind_until <= r:
        g.wind_dir, g.wind_until = NO_WIND, 0
        kinds.append("wind")
    freed: list[int] = []
    if g.quicksand:
        kept = [q for q in g.quicksand if q[1] > r]
        for cells, until in g.quicksand:
            if until <= r:
                freed.extend(cells)
        if len(kept) != len(g.quicksand):
            kinds.append("quicksand")
            g.quicksand = kept
            still = sand_cells(g)
            freed = [c for c in freed if c not in still]
    if g.markers:
        kept_markers = [m for m in g.markers if m[2] > r]
        if len(kept_markers) != len(g.markers):
            kinds.append("marker")
            g.markers = kept_markers
    if kinds:
        xy = g.board.xy
        events.append(E.EffectsExpired(r, tuple(kinds), tuple(ships),
                                       tuple(xy[c] for c in sorted(set(freed)))))


def roll_event(g: LandshipState, r: int, events: list[Event]) -> None:
    """E-1..E-9: roll the d8, its centre or wind direction, and resolve the effect."""
    board, params, xy = g.board, g.board.params, g.board.xy
    d8 = g.rng.die(8)
    event = EVENTS[d8]
    centre = -1
    voids: list[tuple[int, int]] = []
    if d8 in AREA_FACES:
        while True:
            x_roll, y_roll = g.rng.die(board.width), g.rng.die(board.height)
            centre = board.random_cell(x_roll, y_roll)
            if centre >= 0:
                break
            voids.append((x_roll - 1, y_roll - 1))
    direction = ""
    until = 0
    if d8 == 7:
        face = g.rng.die(4)
        direction = DIRECTIONS[face - 1]
        until = r + params.wind_rounds
    elif d8 == 8:
        until = r + params.quicksand_rounds
    elif d8 in (2, 3, 4):
        until = r + 1
    events.append(E.EventRolled(r, d8, event, xy[centre] if centre >= 0 else None,
                                tuple(voids), direction, until))
    g.last_event = (r, event, xy[centre] if centre >= 0 else None)
    if d8 == 2:
        refreshed = [board.tiles[i] for i, dep in enumerate(g.depleted) if dep]
        g.depleted = [False] * len(g.depleted)
        g.surge_round = r + 1
        events.append(E.TilesRefreshed(tuple(xy[c] for c in refreshed)))
    elif d8 == 7:
        g.wind_dir, g.wind_until = DIR_INDEX[direction], until
    elif centre >= 0:
        _area_event(g, r, d8, event, centre, until, events)
    was = g.outbreak
    g.outbreak = d8 in OUTBREAK_FACES
    if g.outbreak != was:
        events.append(E.OutbreakChanged(g.outbreak))


def _area_event(g: LandshipState, r: int, d8: int, event: str, centre: int, until: int,
                events: list[Event]) -> None:
    """E-4 rows 3-6 and 8: mark the area, then damage, stall or sink what stands in it."""
    board, xy = g.board, g.board.xy
    metric, radius = ("cheb", 1) if d8 == 4 else ("manh", 2 if d8 == 3 else 1)
    area = board.area(centre, metric, radius)
    marker_until = until if until else r + 1  # E-9: instant events show one round
    g.markers.append((event, area, marker_until))
    events.append(E.AreaMarked(event, tuple(xy[c] for c in area), marker_until))
    caught = [g.ships[g.cell[c]] for c in area if g.cell[c] != EMPTY]
    active = [s for s in caught if s.owner != HULK]
    if d8 == 4:
        event_damage(g, active, DUST_DAMAGE, event, events)
    elif d8 == 5:
        event_damage(g, active, THUNDER_DAMAGE, event, events)
    elif d8 == 6:
        event_damage(g, active, None, event, events)
    if d8 in (3, 4) and active:
        for s in active:
            s.stalled_round = r + 1
        events.append(E.ShipsStalled(tuple(s.id for s in active), r + 1))
    if d8 == 8:
        g.quicksand.append((area, until))
        event_damage(g, active, None, event, events)
        for s in caught:
            s.sink = True


def event_damage(g: LandshipState, ships: list[Ship], amount: int | None, cause: str,
                 events: list[Event]) -> None:
    """E-5: event damage ignores DR and stops at 0 (None: down to 0)."""
    xy = g.board.xy
    for s in ships:
        lost = s.integrity if amount is None else min(amount, s.integrity)
        if lost > 0:
            s.integrity -= lost
            events.append(E.IntegrityLost(s.id, xy[s.pos], lost, s.integrity, cause))
