"""Landship checks every rule family shares, and the per-call memo they compute into.

Legality is written once: each family (`movement`, `combat`, `building`) splits its checks
into stages (the acting ship, then each target) in the I-2 order of D30, and both the
validation of one action and the enumeration of all legal actions run those same stages
(`legality.py`). The checks here are the stages every action shares: the payload's shape, the
acting ship (I-2 ship group) and the AP group (A-3, A-4).

`Look` memoises what one check or one enumeration needs more than once over a state that does
not change meanwhile (quicksand cells, who stands where as bit masks, each ship's reach). It
is built per call; the only one kept longer is the kept enumeration's (legality.py), used only
while the state's stamp is unchanged, so a state changed by hand (as tests do) is never judged
from stale data -- and, after an accepted move, attack or repair, the check's own Look, which
the move's effect updates (`Look.moved`) for the enumeration that follows (rules.py
`KEEPS_LOOK`). `Kit` holds what a ship type's checks read from the board, per cell.
"""

from __future__ import annotations

from game.landship.board import Board
from game.landship.constants import (
    BUILDERS, COST_MOVE, FAST_SHIP, FAST_SHIP_MOVE_CAP, RAM_SHIP, RESOURCE_REPAIR_CHEB, RESOURCE_SHIP,
    SHIP_ACTION_CAP, SHIP_AP_CAP, SHIP_MOVE_CAP, Params,
)
from game.landship.state import EMPTY, HULK, LandshipState, Ship

# The spec's reasons (I-2, D31), in check order within each group. The spec's `unknown_action`
# is the core `not_an_action` refusal (anything that is not a Landship action).
REASONS: tuple[str, ...] = (
    "game_over", "not_your_turn", "bad_payload",
    "unknown_ship", "ship_is_hulk", "not_own_ship", "ship_fresh", "ship_stalled",
    "not_enough_ap", "ship_ap_cap", "move_limit", "action_limit",
    "cell_off_board", "cell_occupied", "cell_impassable", "out_of_reach", "not_straight",
    "cannot_attack", "out_of_range", "invalid_target", "target_protected", "line_blocked",
    "no_ram_target",
    "not_a_builder", "not_on_resource", "resource_depleted", "type_not_buildable",
    "holding_limit", "wind_blocks_building",
    "not_a_hulk", "already_full", "cannot_repair_self",
)


class Sides(dict):
    """seat -> `(own, enemies, passable)` masks over one unchanged state: the cells holding
    the seat's pieces (wrecks included), those holding another seat's ship (not a hulk), and
    those a step of its ships may enter (M-1: on the board, not rock, not quicksand, no enemy
    or hulk). A seat's entry is made when first asked; read it by subscription (`look.sides
    [seat]`), which costs no call when it is there -- the enumeration reads it for every
    ship."""

    __slots__ = ("ships", "pieces", "hulks", "enterable")

    def __missing__(self, seat: int) -> tuple[int, int, int]:
        mine = 0
        for s in self.ships.values():
            if s.owner == seat:
                mine |= 1 << s.pos
        found = self[seat] = self.of(mine)
        return found

    def of(self, mine: int) -> tuple[int, int, int]:
        """The entry of the seat whose pieces stand on `mine`."""
        foreign = self.pieces & ~mine
        return mine, foreign & ~self.hulks, self.enterable & ~foreign


class Look:
    """Per-call memo over one unchanged state (see the module docstring). Who stands where
    (as masks) is read in one pass when it is made: every check and enumeration needs it,
    and an enumeration (`seat` given) needs that seat's side of it too (`sides`)."""

    __slots__ = ("ships", "sand", "sand_mask", "pieces_mask", "hulks_mask", "sides", "_fleet",
                 "reach")

    def __init__(self, g: LandshipState, seat: int | None = None) -> None:
        # the pieces, not the state: the kept enumeration (legality.py) holds a Look on the
        # state, and a Look holding the state would make a reference cycle of every game
        self.ships = ships = g.ships
        q = g.quicksand
        if q:
            self.sand = frozenset(c for cells, _ in q for c in cells)   # E-8
            self.sand_mask = sum(1 << c for c in self.sand)
        else:
            self.sand, self.sand_mask = _NO_CELLS, 0
        if seat is not None and seat < 0:   # no seat: a hulk's owner is not one
            seat = None
        pieces = mine = hulks = 0
        for s in ships.values():
            bit = 1 << s.pos
            pieces |= bit
            o = s.owner
            if o == seat:
                mine |= bit
            elif o == HULK:
                hulks |= bit
        self.pieces_mask = pieces               # cells holding any piece (ship, wreck, hulk)
        self.hulks_mask = hulks
        self.sides = sides = Sides()
        sides.ships, sides.pieces, sides.hulks = ships, pieces, hulks
        sides.enterable = g.board.open_mask & ~self.sand_mask   # M-1 but for the pieces
        if seat is not None:
            sides[seat] = sides.of(mine)
        self._fleet: dict[tuple[int, str], int] | None = None
        self.reach: dict[int, tuple] = {}            # ship id -> (legal destinations, reach, key)

    def moved(self, s: Ship, start: int) -> None:
        """Follow the move of `s` from `start` to its cell now (the move's effect calls this
        on the Look of the check that accepted it): who stands where changes, nothing else a
        Look holds does (quicksand, hulks, who owns what). The mover's reach is dropped, and
        so is every other seat's ship's (the cells its steps may enter changed); the mover's
        seat-mates keep theirs -- own ships may be passed (M-1), so the cells their steps may
        enter, the reach's memo key, are unchanged -- with their destinations (the reach
        less the occupied cells) taken again."""
        flip = 1 << start | 1 << s.pos
        self.pieces_mask = pieces = self.pieces_mask ^ flip
        sides = self.sides
        owner = s.owner
        mine = sides.get(owner)
        sides.clear()
        sides.pieces = pieces
        if mine is not None:
            # the seat's own cells follow the move; the others' pieces did not move, so its
            # enemies and passable cells (`Sides.of`) are what they were
            sides[owner] = (mine[0] ^ flip, mine[1], mine[2])
        reach = self.reach
        if reach:   # in place: most entries stay as they are
            reach.pop(s.id, None)
            ships = self.ships
            stale = None   # (most moves leave none: no list made)
            for k, e in reach.items():
                if ships[k].owner != owner:
                    if stale is None:
                        stale = []
                    stale.append(k)
                elif e[1] & flip:
                    reach[k] = (e[1] & ~pieces, e[1], e[2])
            if stale:
                for k in stale:
                    del reach[k]

    def pieces(self) -> int:
        """Cells holding any piece (ship, wreck or hulk), as a mask."""
        return self.pieces_mask

    def own(self, seat: int) -> int:
        """Cells holding a piece `seat` owns (wrecks included), as a mask."""
        return self.sides[seat][0]

    def hulks(self) -> int:
        """Cells holding a hulk, as a mask."""
        return self.hulks_mask

    def foreign(self, seat: int) -> int:
        """Cells holding a piece `seat` does not own (enemies, hulks), as a mask."""
        return self.pieces_mask & ~self.sides[seat][0]

    def enemies(self, seat: int) -> int:
        """Cells holding another seat's ship (not a hulk), as a mask."""
        return self.sides[seat][1]

    def owned(self, seat: int, ship_type: str) -> int:
        """S-4: pieces of `ship_type` that `seat` owns (see `owned`), counted once per call."""
        fleet = self._fleet
        if fleet is None:
            fleet = self._fleet = {}
            for s in self.ships.values():
                key = (s.owner, s.type)
                fleet[key] = fleet.get(key, 0) + 1
        return fleet.get((seat, ship_type), 0)


_NO_CELLS: frozenset[int] = frozenset()


def bits(mask: int) -> list[int]:
    """The set bits of `mask` as cell indices, ascending (reading order)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class Kit:
    """What the checks of one ship type read from the board for every candidate, looked up
    once per board and type (`kit_of`): its panel row (S-1) and, per cell index, the masks of
    the cells its move kinds can touch (Manhattan distance <= Move + 1, see movement.py), its
    guns reach (C-1), its repairs reach (K-3), its captures reach (K-2), its rams could hit
    (C-6: straight lines up to Move + 2 cells, the longest allowance plus the target's cell)
    and its own cell if that is a resource tile (K-1); None where the type has no such action
    (S-2, C-1, C-6)."""

    __slots__ = ("stats", "window", "fire", "mend", "grab", "lanes", "tile", "near")

    def __init__(self, board: Board, ship_type: str) -> None:
        params = board.params
        self.stats = stats = params.stats(ship_type)
        n = board.width * board.height
        r = stats.move + 1
        self.window = tuple(board.area_mask(c, "manh", r) if board.on_board[c] else 0 for c in range(n))
        self.fire = rings(board, stats.reach, stats.range) if stats.can_fire else None
        if ship_type in BUILDERS:
            self.mend = rings(board, *repair_reach(params, ship_type))
            self.grab = rings(board, "manh", params.capture_range)
            self.tile = tuple(1 << c if c in board.tile_index else 0 for c in range(n))
        else:
            self.mend = self.grab = self.tile = None
        self.lanes = _lanes(board, stats.move + 2) if ship_type == RAM_SHIP else None
        # per cell, every cell whose occupant (any piece) the type's plays read: its move's
        # window, its repairs' and rams' reach, its build sites (the others read only enemy
        # ships, hulks and fortresses; see legality.plays_in)
        build = params.build_range if ship_type in BUILDERS else 0
        self.near = tuple(
            (self.window[c] | (self.mend[c] if self.mend else 0)
             | (self.lanes[c] if self.lanes else 0)
             | (board.area_mask(c, "manh", build) if build and board.on_board[c] else 0))
            for c in range(n))


def _lanes(board: Board, length: int) -> tuple[int, ...]:
    """Per cell index, the cells 1..length steps away in a straight line (N, E, S, W) without
    leaving the board (0 off the board)."""
    out = []
    for c in range(board.width * board.height):
        mask = 0
        if board.on_board[c]:
            for d in range(4):
                n = c
                for _ in range(length):
                    n = board.step[n][d]
                    if n < 0:
                        break
                    mask |= 1 << n
        out.append(mask)
    return tuple(out)


def repair_reach(params: Params, ship_type: str) -> tuple[str, int]:
    """K-3: the resource ship repairs around itself (cheb 1), the engineer within its range."""
    if ship_type == RESOURCE_SHIP:
        return "cheb", RESOURCE_REPAIR_CHEB
    return "manh", params.repair_range_engineer


def kit_of(board: Board, ship_type: str) -> Kit:
    """The `Kit` of `ship_type` on `board` (memoised on the board: pure functions of it)."""
    found = board.kits.get(ship_type)
    if found is None:
        found = board.kits[ship_type] = Kit(board, ship_type)
    return found


def rings(board: Board, metric: str, reach: int) -> tuple[int, ...]:
    """Per cell index, the cells at distance 1..reach (`Board.ring_masks`, memoised)."""
    return board.rings.get((metric, reach)) or board.ring_masks(metric, reach)


def pieces_at(g: LandshipState, near: int) -> list[int]:
    """Ids of the pieces on the cells of mask `near`, ascending: the candidates of a target
    check, its ring (`Kit`) cut to the pieces the check could accept -- anything farther is
    `out_of_range`, any other piece in the ring gets another refusal of the same check (the
    caller says which). Read from the pieces, not the cell table (see `cell_reason`)."""
    if not near & (near - 1):   # one cell (or none): compare positions, no mask per piece
        c = near.bit_length() - 1
        return [s.id for s in g.ships.values() if s.pos == c] if near else []
    # a test of each piece's bit, not a set of the cells (`bits`, a Python loop per cell)
    found = [s.id for s in g.ships.values() if near >> s.pos & 1]
    found.sort()
    return found


def is_id(value: object) -> bool:
    """D31: a ship id is a plain int."""
    return type(value) is int


def is_xy(value: object) -> bool:
    """D31: a cell is an `(x, y)` pair of plain ints."""
    return (isinstance(value, tuple) and len(value) == 2
            and type(value[0]) is int and type(value[1]) is int)


def stalled(g: LandshipState, ship: Ship) -> bool:
    """E-6: stalled (and storm-protected) during the current round."""
    return ship.stalled_round == g.round


def move_cost(ship: Ship) -> int:
    """A-2 / D10: the fast ship's second move is free."""
    return 0 if ship.type == FAST_SHIP and ship.moves == 1 else COST_MOVE


def move_cap(ship: Ship) -> int:
    """A-3 / D10: one move per turn, two for the fast ship."""
    return FAST_SHIP_MOVE_CAP if ship.type == FAST_SHIP else SHIP_MOVE_CAP


def ship_reason(g: LandshipState, seat: int, s: Ship) -> str | None:
    """I-2 ship group for an existing ship: active, ours, ready."""
    if s.owner == HULK:
        return "ship_is_hulk"
    if s.owner != seat:
        return "not_own_ship"
    if s.fresh:
        return "ship_fresh"
    if s.stalled_round == g.round:
        return "ship_stalled"
    return None


def actor_reason(g: LandshipState, seat: int, ship_id: int) -> str | None:
    """I-2 ship group: the acting ship exists, is active, is ours, is ready."""
    s = g.ships.get(ship_id)
    if s is None:
        return "unknown_ship"
    return ship_reason(g, seat, s)


def ap_reason(g: LandshipState, s: Ship, cost: int, move: bool = False, act: bool = False) -> str | None:
    """I-2 AP group (A-3, A-4)."""
    if g.ap < cost:
        return "not_enough_ap"
    if s.ap_spent + cost > SHIP_AP_CAP:
        return "ship_ap_cap"
    if move and s.moves >= move_cap(s):
        return "move_limit"
    if act and s.actions >= SHIP_ACTION_CAP:
        return "action_limit"
    return None


def cell_reason(g: LandshipState, look: Look, c: int) -> str | None:
    """Geometry of a destination cell: empty, passable, not quicksand. Who stands where is
    read from the pieces (the Look's masks), as everywhere in the checks: the cell table is
    the effects' index of the same positions, and not an input of legality (the kept list's
    stamp need not hold it, legality.py)."""
    if look.pieces_mask >> c & 1:
        return "cell_occupied"
    if g.board.rock[c] or c in look.sand:
        return "cell_impassable"
    return None


def pay(g: LandshipState, s: Ship, cost: int) -> None:
    """A-2: the pool and the ship's per-turn spending."""
    g.ap -= cost
    s.ap_spent += cost


def place(g: LandshipState, s: Ship, dest: int) -> None:
    """Move a piece's marker on the cell table."""
    if g.cell[s.pos] == s.id:
        g.cell[s.pos] = EMPTY
    s.pos = dest
    g.cell[dest] = s.id


def owned(g: LandshipState, seat: int, ship_type: str) -> int:
    """S-4: non-hulk ships of `ship_type` that `seat` owns (fresh and wrecked count)."""
    return sum(1 for s in g.ships.values() if s.owner == seat and s.type == ship_type)


# ---- V-4 repetition bookkeeping (wrecks by attacks and rams, restores by builders) ------------

def streak(g: LandshipState, seat: int, ship_type: str) -> list[int]:
    """V-4: `[streak, last_cycle_round, pending_round]` for (seat, type), created empty."""
    key = (seat, ship_type)
    found = g.streaks.get(key)
    if found is None:
        found = g.streaks[key] = [0, 0, 0]
    return found


def wreck_check(g: LandshipState, attacker_seat: int, t: Ship, before: int) -> None:
    """V-4 wreck: another player's attack or ram took the ship from >= 1 to 0."""
    if before >= 1 and t.integrity == 0 and t.owner != attacker_seat and t.owner >= 0:
        streak(g, t.owner, t.type)[2] = g.round


def restore_check(g: LandshipState, seat: int, ship_type: str) -> None:
    """V-4 restore: repair of a wreck, capture or build of the type within the window."""
    v = g.streaks.get((seat, ship_type))
    if v is not None and v[2] and g.round <= v[2] + 1:
        v[0] += 1
        v[1] = g.round
        v[2] = 0
