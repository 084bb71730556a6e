"""Landship builders (K-1..K-3): build, capture and repair — checks in stages, plays, effects."""

from __future__ import annotations

from typing import Any

from game.core.protocol import Event
from game.landship import actions as A
from game.landship import events as E
from game.landship.base import (
    Kit, Look, actor_reason, ap_reason, bits, cell_reason, is_id, is_xy, pay, pieces_at, repair_reach,
    restore_check,
)
from game.landship.constants import (
    BUILDERS, COST_BUILD, COST_CAPTURE, COST_REPAIR, SHIP_TYPES,
)
from game.landship.state import HULK, NO_WIND, LandshipState, Ship


def builder_type_reason(ship_type: str) -> str | None:
    """S-2: only the resource ship and the engineer build, capture and repair."""
    return None if ship_type in BUILDERS else "not_a_builder"


def builder_reason(g: LandshipState, s: Ship, cost: int) -> str | None:
    """I-2 after the ship group: the acting ship is a builder (S-2), then the AP group."""
    return builder_type_reason(s.type) or ap_reason(g, s, cost, act=True)


def _builder(g: LandshipState, seat: int, ship_id: object, target_id: object,
             cost: int) -> tuple[str | None, Ship | None, Ship | None]:
    """Checks shared by repair and capture: payload, actor, builder, AP, target exists."""
    if not is_id(ship_id) or not is_id(target_id):
        return "bad_payload", None, None
    why = actor_reason(g, seat, ship_id)  # type: ignore[arg-type]
    if why:
        return why, None, None
    s = g.ships[ship_id]  # type: ignore[index]
    why = builder_reason(g, s, cost)
    if why:
        return why, None, None
    t = g.ships.get(target_id)  # type: ignore[arg-type]
    if t is None:
        return "unknown_ship", None, None
    return None, s, t


# ---- repair (K-3) ----------------------------------------------------------------------------

def repair_target_reason(g: LandshipState, s: Ship, t: Ship) -> str | None:
    """K-3 target checks: not itself, then range, own ship, not at full integrity."""
    if t is s:
        return "cannot_repair_self"
    board = g.board
    metric, reach = repair_reach(board.params, s.type)
    if not 1 <= board.distance(metric, s.pos, t.pos) <= reach:
        return "out_of_range"
    if t.owner != s.owner:
        return "invalid_target"
    if t.integrity >= board.params.stats(t.type).integrity:
        return "already_full"
    return None


def check_repair(g: LandshipState, look: Look, seat: int, a: A.Repair) -> str | None:
    """K-3 in the I-2 order."""
    why, s, t = _builder(g, seat, a.ship, a.target, COST_REPAIR)
    if why:
        return why
    assert s is not None and t is not None
    return repair_target_reason(g, s, t)


def repair_plays(g: LandshipState, look: Look, s: Ship, kit: Kit, out: list[Any]) -> None:
    """Append every legal repair by ready ship `s` (of `kit`): each own piece within its
    reach (itself, anything farther and anything not its owner's are refused anyway) through
    the same checks."""
    ring = kit.mend
    if ring is None:   # S-2: not_a_builder whatever the target
        return
    near = look.sides[s.owner][0] & ring[s.pos]
    if near and builder_reason(g, s, COST_REPAIR) is None:
        ships = g.ships
        for tid in pieces_at(g, near):
            if repair_target_reason(g, s, ships[tid]) is None:
                out.append(A.interned(A.Repair, s.id, tid))


def do_repair(g: LandshipState, seat: int, a: A.Repair,
              look: Look | None = None) -> list[Event]:
    """K-3: + repair amount up to the maximum; a repaired wreck counts as a restore (V-4)."""
    s, t = g.ships[a.ship], g.ships[a.target]
    params = g.board.params
    before = t.integrity
    t.integrity = min(params.stats(t.type).integrity, before + params.repair_amount)
    pay(g, s, COST_REPAIR)
    s.actions += 1
    if before == 0:
        restore_check(g, seat, t.type)
    return [E.ShipRepaired(seat, s.id, t.id, g.board.xy[t.pos], t.integrity - before,
                           t.integrity, g.ap)]


# ---- capture (K-2) ---------------------------------------------------------------------------

def capture_target_reason(g: LandshipState, look: Look, s: Ship, t: Ship) -> str | None:
    """K-2 checks after the target exists: limit -> range -> hulk (D30)."""
    params = g.board.params
    if look.owned(s.owner, t.type) >= params.stats(t.type).limit:
        return "holding_limit"
    if not 1 <= g.board.distance("manh", s.pos, t.pos) <= params.capture_range:
        return "out_of_range"
    if t.owner != HULK:
        return "not_a_hulk"
    return None


def check_capture(g: LandshipState, look: Look, seat: int, a: A.Capture) -> str | None:
    """K-2 in the I-2 order."""
    why, s, t = _builder(g, seat, a.ship, a.target, COST_CAPTURE)
    if why:
        return why
    assert s is not None and t is not None
    return capture_target_reason(g, look, s, t)


def capture_plays(g: LandshipState, look: Look, s: Ship, kit: Kit, out: list[Any]) -> None:
    """Append every legal capture by ready ship `s` (of `kit`): each hulk within capture
    range (anything farther is `holding_limit` or `out_of_range`, any other piece
    `holding_limit` or `not_a_hulk`) through the same checks."""
    hulks, ring = look.hulks_mask, kit.grab
    if not hulks or ring is None:   # mostly: no hulk anywhere, so no candidate
        return
    near = hulks & ring[s.pos]
    if near and builder_reason(g, s, COST_CAPTURE) is None:
        ships = g.ships
        for tid in pieces_at(g, near):
            if capture_target_reason(g, look, s, ships[tid]) is None:
                out.append(A.interned(A.Capture, s.id, tid))


def do_capture(g: LandshipState, seat: int, a: A.Capture,
               look: Look | None = None) -> list[Event]:
    """K-2: the hulk joins the captor's fleet, fresh, at the capture integrity."""
    s, t = g.ships[a.ship], g.ships[a.target]
    former = t.former_owner
    t.owner = t.former_owner = seat
    t.integrity = g.board.params.capture_integrity(t.type)
    t.fresh = True
    t.pierce = []
    t.stalled_round = 0
    t.ap_spent = t.moves = t.actions = 0
    pay(g, s, COST_CAPTURE)
    s.actions += 1
    restore_check(g, seat, t.type)
    return [E.HulkCaptured(seat, s.id, t.id, t.type, g.board.xy[t.pos], former, t.integrity,
                           g.ap)]


# ---- build (K-1) -----------------------------------------------------------------------------

def site_reason(g: LandshipState, s: Ship) -> str | None:
    """K-1 / E-7 for the builder's own cell: no wind, an active resource tile."""
    if g.wind_dir != NO_WIND:
        return "wind_blocks_building"
    ti = g.board.tile_index.get(s.pos)
    if ti is None:
        return "not_on_resource"
    if g.depleted[ti]:
        return "resource_depleted"
    return None


def type_reason(g: LandshipState, look: Look, s: Ship, ship_type: str) -> str | None:
    """K-1: not the builder's own type, and under the holding limit (S-4)."""
    if ship_type == s.type:
        return "type_not_buildable"
    if look.owned(s.owner, ship_type) >= g.board.params.stats(ship_type).limit:
        return "holding_limit"
    return None


def sites(g: LandshipState, look: Look, s: Ship) -> int:
    """The cells `s` may build on, as a mask: within build range (manh), on the board, empty,
    not rock, not quicksand (K-1)."""
    board = g.board
    near = board.area_mask(s.pos, "manh", board.params.build_range)
    return near & board.open_mask & ~look.sand_mask & ~look.pieces_mask


def at_reason(g: LandshipState, look: Look, s: Ship, at: int) -> str | None:
    """K-1 geometry for an on-board cell, in I-2 order: empty and passable, then within build
    range. None exactly for the cells of `sites`; the rest only picks the reason."""
    if sites(g, look, s) >> at & 1:
        return None
    return cell_reason(g, look, at) or "out_of_range"


def check_build(g: LandshipState, look: Look, seat: int, a: A.Build) -> str | None:
    """K-1 in the I-2 order (D30)."""
    if not is_id(a.ship) or a.ship_type not in SHIP_TYPES or not is_xy(a.at):
        return "bad_payload"
    why = actor_reason(g, seat, a.ship)
    if why:
        return why
    s = g.ships[a.ship]
    why = builder_reason(g, s, COST_BUILD) or site_reason(g, s) or type_reason(g, look, s, a.ship_type)
    if why:
        return why
    at = g.board.index_of(a.at)
    if at < 0:
        return "cell_off_board"
    return at_reason(g, look, s, at)


def do_build(g: LandshipState, seat: int, a: A.Build,
             look: Look | None = None) -> list[Event]:
    """K-1: the new ship stands fresh on `at`; the builder's tile is depleted."""
    s = g.ships[a.ship]
    at = g.board.index_of(a.at)
    stats = g.board.params.stats(a.ship_type)
    new = Ship(g.next_id, a.ship_type, seat, stats.integrity, at, fresh=True)
    g.next_id += 1
    g.ships[new.id] = new
    g.cell[at] = new.id
    g.depleted[g.board.tile_index[s.pos]] = True
    pay(g, s, COST_BUILD)
    s.actions += 1
    restore_check(g, seat, a.ship_type)
    xy = g.board.xy
    return [E.ShipBuilt(seat, s.id, new.id, new.type, a.at, new.integrity, g.ap),
            E.TileDepleted(xy[s.pos])]


def build_plays(g: LandshipState, look: Look, s: Ship, kit: Kit, out: list[Any]) -> None:
    """Append every legal build by ready ship `s`: each type `type_reason` accepts on each cell
    `at_reason` accepts (the cells of `sites`)."""
    # both stages must pass; the site's (mostly: not on a tile) is the cheaper to ask first
    if site_reason(g, s) or builder_reason(g, s, COST_BUILD):
        return
    cells = bits(sites(g, look, s))
    if not cells:
        return
    board = g.board
    xy, sid = board.xy, s.id
    for t in SHIP_TYPES:
        if type_reason(g, look, s, t) is None:
            row = A.row(A.Build, (sid, t), board.width, board.height)
            for c in cells:
                a = row[c]
                if a is None:
                    a = row[c] = A.Build(sid, t, xy[c])
                out.append(a)
