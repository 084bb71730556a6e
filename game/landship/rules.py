"""Landship rules: legality and effects of every action, the turn and round flow, the Ruleset.

One source of legality: `_reason` says why an action is refused (the spec's short reason, or
None); `apply` calls it before changing anything, and `legal_actions` enumerates exactly what
`_reason` accepts (a property test checks the two against each other). Checks run in the
order of D30: game/turn -> payload -> ship -> builder/attacker -> AP -> build preconditions ->
geometry -> target.

After every accepted action the flow runs on by itself (T-2..T-6): a turn whose seat has
nothing left but `end_turn`/`resign` ends at once (D6), the next seat rolls its AP, and after
the last seat the round ends (expiry, event check, scrapping, repetition, elimination, end).
"""

from __future__ import annotations

from typing import Callable, Iterator

from game.core.errors import IllegalAction
from game.core.paths import resource_path
from game.core.protocol import Action, Event, Ruleset, Setup
from game.core.rng import Rng
from game.landship import actions as A
from game.landship import events as E
from game.landship.board import Board, read_board
from game.landship.constants import (
    AREA_FACES, BUILDERS, COST_ATTACK, COST_BUILD, COST_CAPTURE, COST_MOVE, COST_RAM_CHARGE,
    COST_RAM_STANDING, COST_REPAIR, DIR_INDEX, DIRECTIONS, DUST_DAMAGE, EVENTS,
    FAST_SHIP, FAST_SHIP_MOVE_CAP, FORTRESS_SHIP, HEAVY_GUN_SHIP, OUTBREAK_FACES, RAM_SHIP,
    RESOURCE_REPAIR_CHEB, RESOURCE_SHIP, SHIP_ACTION_CAP, SHIP_AP_CAP, SHIP_MOVE_CAP, SHIP_TYPES,
    THUNDER_DAMAGE, ShipStats,
)
from game.landship.state import EMPTY, HULK, NO_WIND, LandshipState, LandshipView, Phase, Ship

NS = "landship"
ALL_DIRS: tuple[int, ...] = (0, 1, 2, 3)  # N, E, S, W: the BFS expansion order (M-3, D32)
PIERCE_TURNS = 2                          # C-5
SHARED_REASONS = frozenset({"game_over", "not_your_turn"})  # keys the catalogue already has

# The spec's reasons (I-2, D31), in check order within each group.
REASONS: tuple[str, ...] = (
    "game_over", "not_your_turn", "unknown_action", "bad_payload",
    "unknown_ship", "ship_is_hulk", "not_own_ship", "ship_fresh", "ship_stalled",
    "not_enough_ap", "ship_ap_cap", "move_limit", "action_limit",
    "cell_off_board", "cell_occupied", "cell_impassable", "out_of_reach", "not_straight",
    "cannot_attack", "out_of_range", "invalid_target", "target_protected", "line_blocked",
    "no_ram_target",
    "not_a_builder", "not_on_resource", "resource_depleted", "type_not_buildable",
    "holding_limit", "wind_blocks_building",
    "not_a_hulk", "already_full", "cannot_repair_self",
)


def reason_key(reason: str) -> str:
    """The catalogue key of a spec reason (`out_of_range` -> `landship.out_of_range`)."""
    return reason if reason in SHARED_REASONS else f"{NS}.{reason}"


def _is_id(value: object) -> bool:
    return type(value) is int


def _is_xy(value: object) -> bool:
    return (isinstance(value, tuple) and len(value) == 2
            and type(value[0]) is int and type(value[1]) is int)


class LandshipGame(LandshipState):
    """A Landship game: the protocol methods over `LandshipState`'s data."""

    # ---- protocol -----------------------------------------------------------------------
    def to_move(self) -> list[int]:
        return [] if self.phase is Phase.OVER else [self.order[self.turn_index]]

    def legal_actions(self, seat: int) -> list[Action]:
        if self.phase is Phase.OVER or seat != self.order[self.turn_index]:
            return []
        out: list[Action] = list(self._plays(seat))
        out.append(A.END_TURN)
        out.append(A.RESIGN)
        return out

    def apply(self, seat: int, action: Action) -> list[Event]:
        reason = self._reason(seat, action)
        if reason is not None:
            raise IllegalAction(reason_key(reason), action=getattr(action, "type_name", ""), seat=seat)
        events = _EFFECTS[type(action)](self, seat, action)
        if self.auto_end:
            self._settle(events)
        return events

    def play_unchecked(self, seat: int, action: Action) -> list[Event]:
        """Carry out an action already known to be legal here, without checking it again and
        without the automatic flow. Only for agents' private copies (`game_from_view`), which
        try every legal action of an equal position."""
        return _EFFECTS[type(action)](self, seat, action)

    def reason(self, seat: int, action: Action) -> str | None:
        """Why `action` by `seat` would be refused now (a catalogue key), or None if legal."""
        reason = self._reason(seat, action)
        return None if reason is None else reason_key(reason)

    # ---- small queries ------------------------------------------------------------------
    def stalled(self, ship: Ship) -> bool:
        """E-6: stalled (and storm-protected) during the current round."""
        return ship.stalled_round == self.round

    def owned(self, seat: int, ship_type: str) -> int:
        """S-4: non-hulk ships of `ship_type` that `seat` owns (fresh and wrecked count)."""
        return sum(1 for s in self.ships.values() if s.owner == seat and s.type == ship_type)

    def sand_cells(self) -> frozenset[int]:
        """E-8: cells under active quicksand."""
        if not self.quicksand:
            return frozenset()
        return frozenset(c for cells, _ in self.quicksand for c in cells)

    def eff_dr(self, ship: Ship) -> int:
        """C-2: max(0, DR + isolation bonus (C-4) - pierce markers (C-5))."""
        dr = self.board.params.stats(ship.type).dr
        if ship.type == FORTRESS_SHIP and self.isolated(ship):
            dr += 1
        return max(0, dr - len(ship.pierce))

    def isolated(self, ship: Ship) -> bool:
        """C-4: none of the owner's active ships stands in the 8 neighbouring cells."""
        cell, ships = self.cell, self.ships
        for c in self.board.area(ship.pos, "cheb", 1, 1):
            occ = cell[c]
            if occ != EMPTY and ships[occ].owner == ship.owner:
                return False
        return True

    def line_blocked(self, a: int, b: int) -> bool:
        """C-3: an active fortress (any owner, wrecked too) sits across the line a-b."""
        if self.board.distance("cheb", a, b) <= 1:
            return False
        cell, ships = self.cell, self.ships
        for c in self.board.crossed(a, b):
            occ = cell[c]
            if occ != EMPTY:
                s = ships[occ]
                if s.type == FORTRESS_SHIP and s.owner != HULK:
                    return True
        return False

    def allowance(self, move: int, direction: int) -> int:
        """E-7: a straight move's allowance in one direction (Move+1 downwind, -1 upwind)."""
        w = self.wind_dir
        if w == NO_WIND:
            return move
        if direction == w:
            return move + 1
        if direction == (w + 2) % 4:
            return move - 1
        return move

    def move_cost(self, ship: Ship) -> int:
        """A-2 / D10: the fast ship's second move is free."""
        return 0 if ship.type == FAST_SHIP and ship.moves == 1 else COST_MOVE

    @staticmethod
    def move_cap(ship: Ship) -> int:
        return FAST_SHIP_MOVE_CAP if ship.type == FAST_SHIP else SHIP_MOVE_CAP

    # ---- movement (M) ---------------------------------------------------------------------
    def _bfs(self, start: int, seat: int, cap: int, dirs: tuple[int, ...],
             sand: frozenset[int]) -> dict[int, int]:
        """M-1: cells reachable in <= cap steps along `dirs`, as child -> parent. Steps may
        pass own ships but never enemies, hulks, rock or quicksand. Expansion order N, E, S,
        W level by level makes each parent chain the lexicographically smallest shortest
        path (D32)."""
        parent = {start: -1}
        if cap <= 0:
            return parent
        step, rock, cell, ships = self.board.step, self.board.rock, self.cell, self.ships
        frontier = [start]
        for _ in range(cap):
            nxt = []
            for c in frontier:
                row = step[c]
                for d in dirs:
                    n = row[d]
                    if n < 0 or n in parent or rock[n] or n in sand:
                        continue
                    occ = cell[n]
                    if occ != EMPTY and ships[occ].owner != seat:
                        continue
                    parent[n] = c
                    nxt.append(n)
            if not nxt:
                break
            frontier = nxt
        return parent

    def _free_moves(self, ship: Ship, move: int) -> list[dict[int, int]]:
        """E-7: parent maps of the three move kinds (any path <= Move-1, no upwind step <=
        Move, straight downwind <= Move+1); without wind one map of any path <= Move."""
        sand = self.sand_cells()
        seat, pos, w = ship.owner, ship.pos, self.wind_dir
        if w == NO_WIND:
            return [self._bfs(pos, seat, move, ALL_DIRS, sand)]
        up = (w + 2) % 4
        return [
            self._bfs(pos, seat, move - 1, ALL_DIRS, sand),
            self._bfs(pos, seat, move, tuple(d for d in ALL_DIRS if d != up), sand),
            self._bfs(pos, seat, move + 1, (w,), sand),
        ]

    def _straight_moves(self, ship: Ship, move: int) -> dict[int, int]:
        """M-2: the ram's straight lines (allowance per direction, E-7), as child -> parent."""
        sand = self.sand_cells()
        step, rock, cell, ships = self.board.step, self.board.rock, self.cell, self.ships
        parent = {ship.pos: -1}
        for d in ALL_DIRS:
            c = ship.pos
            for _ in range(self.allowance(move, d)):
                n = step[c][d]
                if n < 0 or rock[n] or n in sand:
                    break
                occ = cell[n]
                if occ != EMPTY and ships[occ].owner != ship.owner:
                    break
                parent[n] = c
                c = n
        return parent

    def _move_maps(self, ship: Ship) -> list[dict[int, int]]:
        move = self.board.params.stats(ship.type).move
        if ship.type == RAM_SHIP:
            return [self._straight_moves(ship, move)]
        return self._free_moves(ship, move)

    def destinations(self, ship: Ship) -> list[int]:
        """Cells the ship may move to now (M-1, M-2, E-7), in reading order."""
        cell, pos = self.cell, ship.pos
        found: set[int] = set()
        for parent in self._move_maps(ship):
            found.update(c for c in parent if c != pos and cell[c] == EMPTY)
        return sorted(found)

    def path_to(self, ship: Ship, dest: int) -> list[int] | None:
        """M-3: the reported path (start .. dest), or None if dest is not reachable."""
        for parent in self._move_maps(ship):
            if dest in parent and dest != ship.pos:
                path = [dest]
                while parent[path[-1]] != -1:
                    path.append(parent[path[-1]])
                path.reverse()
                return path
        return None

    # ---- enumeration (mirrors _reason exactly) -------------------------------------------
    def _plays(self, seat: int) -> Iterator[Action]:
        """Every legal action but end_turn/resign, lazily (D6 only needs the first)."""
        ap, xy, params = self.ap, self.board.xy, self.board.params
        ships = list(self.ships.values())
        # Own ships and hulks are never targets (out of range or invalid), so the target loops
        # below only look at the others: the enumeration stays exactly what `_reason` accepts.
        enemies = [t for t in ships if t.owner != seat and t.owner != HULK]
        own = [t for t in ships if t.owner == seat]
        for s in own:
            if s.fresh or self.stalled(s):
                continue
            stats = params.stats(s.type)
            spent = s.ap_spent
            mcost = self.move_cost(s)
            if ap >= mcost and spent + mcost <= SHIP_AP_CAP and s.moves < self.move_cap(s):
                for dest in self.destinations(s):
                    yield A.Move(s.id, xy[dest])
            if s.actions >= SHIP_ACTION_CAP:
                continue
            if stats.can_fire and ap >= COST_ATTACK and spent + COST_ATTACK <= SHIP_AP_CAP:
                for t in enemies:
                    if self._target_reason(s, stats, t) is None:
                        yield A.Attack(s.id, t.id)
            if s.type == RAM_SHIP:
                yield from self._ram_plays(s)
            if s.type in BUILDERS:
                if ap >= COST_REPAIR and spent + COST_REPAIR <= SHIP_AP_CAP:
                    for t in own:
                        if t is not s and self._repair_target_reason(s, t) is None:
                            yield A.Repair(s.id, t.id)
                if ap >= COST_CAPTURE and spent + COST_CAPTURE <= SHIP_AP_CAP:
                    for t in ships:
                        if t.owner == HULK and self._capture_target_reason(s, t) is None:
                            yield A.Capture(s.id, t.id)
                if ap >= COST_BUILD and spent + COST_BUILD <= SHIP_AP_CAP:
                    yield from self._build_plays(s)

    def _ram_plays(self, s: Ship) -> Iterator[Action]:
        ap = self.ap
        move = self.board.params.stats(s.type).move
        step, cell, ships = self.board.step, self.cell, self.ships
        for d in ALL_DIRS:
            name = DIRECTIONS[d]
            limit = self.allowance(move, d)
            for k in range(0, limit + 1):
                cost = COST_RAM_STANDING if k == 0 else COST_RAM_CHARGE
                if ap < cost or s.ap_spent + cost > SHIP_AP_CAP or (k >= 1 and s.moves >= self.move_cap(s)):
                    break  # a larger k costs at least as much
                if self._ram_path_reason(s, d, k) is not None:
                    continue  # cell k may hold an own ship while k + 1 is fine
                # the ram's path cells 1..k are fine; cell k is empty; look at cell k+1
                last = self._walk(s.pos, d, k)[-1] if k else s.pos
                nxt = step[last][d]
                if nxt >= 0 and cell[nxt] != EMPTY and self._ram_target_reason(s, ships[cell[nxt]]) is None:
                    yield A.Ram(s.id, name, k)

    def _build_plays(self, s: Ship) -> Iterator[Action]:
        if self.wind_dir != NO_WIND:
            return
        ti = self.board.tile_index.get(s.pos)
        if ti is None or self.depleted[ti]:
            return
        params = self.board.params
        cells = [c for c in self.board.area(s.pos, "manh", params.build_range, 1)
                 if self.cell[c] == EMPTY and not self.board.rock[c]]
        sand = self.sand_cells()
        cells = [c for c in cells if c not in sand]
        xy = self.board.xy
        for t in SHIP_TYPES:
            if t == s.type or self.owned(s.owner, t) >= params.stats(t).limit:
                continue
            for c in cells:
                yield A.Build(s.id, t, xy[c])

    def _has_play(self, seat: int) -> bool:
        return next(self._plays(seat), None) is not None

    # ---- legality ------------------------------------------------------------------------
    def _reason(self, seat: int, action: Action) -> str | None:
        if self.phase is Phase.OVER:
            return "game_over"
        if seat != self.order[self.turn_index]:
            return "not_your_turn"
        kind = type(action)
        check = _CHECKS.get(kind)
        if check is None:
            return "unknown_action"
        return check(self, seat, action)

    def _actor_reason(self, seat: int, ship_id: int) -> str | None:
        """I-2 ship group: the acting ship exists, is active, is ours, is ready."""
        s = self.ships.get(ship_id)
        if s is None:
            return "unknown_ship"
        if s.owner == HULK:
            return "ship_is_hulk"
        if s.owner != seat:
            return "not_own_ship"
        if s.fresh:
            return "ship_fresh"
        if self.stalled(s):
            return "ship_stalled"
        return None

    def _ap_reason(self, s: Ship, cost: int, move: bool = False, act: bool = False) -> str | None:
        """I-2 AP group (A-3, A-4)."""
        if self.ap < cost:
            return "not_enough_ap"
        if s.ap_spent + cost > SHIP_AP_CAP:
            return "ship_ap_cap"
        if move and s.moves >= self.move_cap(s):
            return "move_limit"
        if act and s.actions >= SHIP_ACTION_CAP:
            return "action_limit"
        return None

    def _cell_reason(self, c: int) -> str | None:
        """Geometry of a destination cell: empty, passable, not quicksand."""
        if self.cell[c] != EMPTY:
            return "cell_occupied"
        if self.board.rock[c] or c in self.sand_cells():
            return "cell_impassable"
        return None

    def _check_move(self, seat: int, action: A.Move) -> str | None:
        if not _is_id(action.ship) or not _is_xy(action.to):
            return "bad_payload"
        why = self._actor_reason(seat, action.ship)
        if why:
            return why
        s = self.ships[action.ship]
        why = self._ap_reason(s, self.move_cost(s), move=True)
        if why:
            return why
        dest = self.board.index_of(action.to)
        if dest < 0:
            return "cell_off_board"
        why = self._cell_reason(dest)
        if why:
            return why
        if s.type == RAM_SHIP:
            # out_of_reach: no legal path at all, even turning; not_straight: only by turning
            move = self.board.params.stats(s.type).move
            if not any(dest in p for p in self._free_moves(s, move)):
                return "out_of_reach"
            if self.path_to(s, dest) is None:
                return "not_straight"
            return None
        return None if self.path_to(s, dest) is not None else "out_of_reach"

    def _target_reason(self, s: Ship, stats: ShipStats, t: Ship) -> str | None:
        """C-1 target checks in I-2 order (shared by `_check_attack` and the enumeration)."""
        (ax, ay), (bx, by) = self.board.xy[s.pos], self.board.xy[t.pos]
        dx, dy = abs(ax - bx), abs(ay - by)
        d = dx + dy if stats.reach == "manh" else max(dx, dy)
        if not 1 <= d <= stats.range:
            return "out_of_range"
        if t.owner == HULK or t.owner == s.owner:
            return "invalid_target"
        if self.stalled(t):
            return "target_protected"
        if self.line_blocked(s.pos, t.pos):
            return "line_blocked"
        return None

    def _check_attack(self, seat: int, action: A.Attack) -> str | None:
        if not _is_id(action.ship) or not _is_id(action.target):
            return "bad_payload"
        why = self._actor_reason(seat, action.ship)
        if why:
            return why
        s = self.ships[action.ship]
        stats = self.board.params.stats(s.type)
        if not stats.can_fire:
            return "cannot_attack"
        why = self._ap_reason(s, COST_ATTACK, act=True)
        if why:
            return why
        t = self.ships.get(action.target)
        if t is None:
            return "unknown_ship"
        return self._target_reason(s, stats, t)

    def _walk(self, start: int, d: int, k: int) -> list[int]:
        """Cells 1..k from `start` in direction d (-1 from the first off-board cell on)."""
        out, c, step = [], start, self.board.step
        for _ in range(k):
            c = step[c][d] if c >= 0 else -1
            out.append(c)
        return out

    def _ram_path_reason(self, s: Ship, d: int, k: int) -> str | None:
        """C-6 path: cells 1..k obey M-1, cell k is empty, k within the allowance (E-7)."""
        cells = self._walk(s.pos, d, k)
        if any(c < 0 for c in cells):
            return "cell_off_board"
        cell, ships = self.cell, self.ships
        for c in cells:
            occ = cell[c]
            if occ != EMPTY and ships[occ].owner != s.owner:
                return "cell_occupied"
        if cells and cell[cells[-1]] != EMPTY:
            return "cell_occupied"
        sand, rock = self.sand_cells(), self.board.rock
        if any(rock[c] or c in sand for c in cells):
            return "cell_impassable"
        if k > self.allowance(self.board.params.stats(s.type).move, d):
            return "out_of_reach"
        return None

    def _ram_target_reason(self, s: Ship, t: Ship) -> str | None:
        if t.owner == HULK or t.owner == s.owner:
            return "invalid_target"
        if self.stalled(t):
            return "target_protected"
        return None

    def _check_ram(self, seat: int, action: A.Ram) -> str | None:
        if (not _is_id(action.ship) or action.dir not in DIR_INDEX or type(action.k) is not int
                or action.k < 0):
            return "bad_payload"
        why = self._actor_reason(seat, action.ship)
        if why:
            return why
        s = self.ships[action.ship]
        if s.type != RAM_SHIP:
            return "cannot_attack"
        k = action.k
        cost = COST_RAM_STANDING if k == 0 else COST_RAM_CHARGE
        why = self._ap_reason(s, cost, move=k >= 1, act=True)
        if why:
            return why
        d = DIR_INDEX[action.dir]
        why = self._ram_path_reason(s, d, k)
        if why:
            return why
        last = self._walk(s.pos, d, k)[-1] if k else s.pos
        nxt = self.board.step[last][d]
        if nxt < 0 or self.cell[nxt] == EMPTY:
            return "no_ram_target"
        return self._ram_target_reason(s, self.ships[self.cell[nxt]])

    def _repair_target_reason(self, s: Ship, t: Ship) -> str | None:
        """K-3 target checks after `cannot_repair_self`."""
        if s.type == RESOURCE_SHIP:
            d, reach = self.board.distance("cheb", s.pos, t.pos), RESOURCE_REPAIR_CHEB
        else:
            d, reach = self.board.distance("manh", s.pos, t.pos), self.board.params.repair_range_engineer
        if not 1 <= d <= reach:
            return "out_of_range"
        if t.owner != s.owner:
            return "invalid_target"
        if t.integrity >= self.board.params.stats(t.type).integrity:
            return "already_full"
        return None

    def _builder_and_target(self, seat: int, ship_id, target_id, cost: int) -> tuple[str | None, Ship | None, Ship | None]:
        """Checks shared by repair and capture: payload, actor, builder, AP, target exists."""
        if not _is_id(ship_id) or not _is_id(target_id):
            return "bad_payload", None, None
        why = self._actor_reason(seat, ship_id)
        if why:
            return why, None, None
        s = self.ships[ship_id]
        if s.type not in BUILDERS:
            return "not_a_builder", None, None
        why = self._ap_reason(s, cost, act=True)
        if why:
            return why, None, None
        t = self.ships.get(target_id)
        if t is None:
            return "unknown_ship", None, None
        return None, s, t

    def _check_repair(self, seat: int, action: A.Repair) -> str | None:
        why, s, t = self._builder_and_target(seat, action.ship, action.target, COST_REPAIR)
        if why:
            return why
        if t is s:
            return "cannot_repair_self"
        return self._repair_target_reason(s, t)

    def _capture_target_reason(self, s: Ship, t: Ship) -> str | None:
        """K-2 checks after the target exists: limit -> range -> hulk (D30)."""
        params = self.board.params
        if self.owned(s.owner, t.type) >= params.stats(t.type).limit:
            return "holding_limit"
        if not 1 <= self.board.distance("manh", s.pos, t.pos) <= params.capture_range:
            return "out_of_range"
        if t.owner != HULK:
            return "not_a_hulk"
        return None

    def _check_capture(self, seat: int, action: A.Capture) -> str | None:
        why, s, t = self._builder_and_target(seat, action.ship, action.target, COST_CAPTURE)
        return why or self._capture_target_reason(s, t)

    def _check_build(self, seat: int, action: A.Build) -> str | None:
        if not _is_id(action.ship) or action.ship_type not in SHIP_TYPES or not _is_xy(action.at):
            return "bad_payload"
        why = self._actor_reason(seat, action.ship)
        if why:
            return why
        s = self.ships[action.ship]
        if s.type not in BUILDERS:
            return "not_a_builder"
        why = self._ap_reason(s, COST_BUILD, act=True)
        if why:
            return why
        if self.wind_dir != NO_WIND:
            return "wind_blocks_building"
        ti = self.board.tile_index.get(s.pos)
        if ti is None:
            return "not_on_resource"
        if self.depleted[ti]:
            return "resource_depleted"
        if action.ship_type == s.type:
            return "type_not_buildable"
        params = self.board.params
        if self.owned(seat, action.ship_type) >= params.stats(action.ship_type).limit:
            return "holding_limit"
        at = self.board.index_of(action.at)
        if at < 0:
            return "cell_off_board"
        why = self._cell_reason(at)
        if why:
            return why
        if self.board.distance("manh", s.pos, at) > params.build_range:
            return "out_of_range"
        return None

    def _check_free(self, seat: int, action: Action) -> str | None:
        return None  # end_turn, resign: the turn checks are all they need

    # ---- effects: actions ----------------------------------------------------------------
    def _pay(self, s: Ship, cost: int) -> None:
        self.ap -= cost
        s.ap_spent += cost

    def _place(self, s: Ship, dest: int) -> None:
        if self.cell[s.pos] == s.id:
            self.cell[s.pos] = EMPTY
        s.pos = dest
        self.cell[dest] = s.id

    def _do_move(self, seat: int, action: A.Move) -> list[Event]:
        s = self.ships[action.ship]
        dest = self.board.index_of(action.to)
        path = self.path_to(s, dest)
        assert path is not None
        cost = self.move_cost(s)
        self._pay(s, cost)
        s.moves += 1
        self._place(s, dest)
        xy = self.board.xy
        return [E.ShipMoved(seat, s.id, tuple(xy[c] for c in path), cost, self.ap)]

    def _wreck_check(self, attacker_seat: int, t: Ship, before: int) -> None:
        """V-4 wreck: another player's attack or ram took the ship from >= 1 to 0."""
        if before >= 1 and t.integrity == 0 and t.owner != attacker_seat and t.owner >= 0:
            self._streak(t.owner, t.type)[2] = self.round

    def _restore_check(self, seat: int, ship_type: str) -> None:
        """V-4 restore: repair of a wreck, capture or build of the type within the window."""
        v = self.streaks.get((seat, ship_type))
        if v is not None and v[2] and self.round <= v[2] + 1:
            v[0] += 1
            v[1] = self.round
            v[2] = 0

    def _streak(self, seat: int, ship_type: str) -> list[int]:
        key = (seat, ship_type)
        if key not in self.streaks:
            self.streaks[key] = [0, 0, 0]
        return self.streaks[key]

    def _do_attack(self, seat: int, action: A.Attack) -> list[Event]:
        s, t = self.ships[action.ship], self.ships[action.target]
        atk = self.board.params.stats(s.type).atk
        eff = self.eff_dr(t)
        damage = max(0, atk - eff)
        before = t.integrity
        t.integrity = max(0, before - damage)
        self._pay(s, COST_ATTACK)
        s.actions += 1
        self._wreck_check(seat, t, before)
        pierced = s.type == HEAVY_GUN_SHIP
        if pierced:
            t.pierce.append([seat, PIERCE_TURNS])
        xy = self.board.xy
        return [E.AttackResolved(seat, s.id, t.id, xy[s.pos], xy[t.pos], atk, eff, damage,
                                 t.integrity, pierced, self.ap)]

    def _do_ram(self, seat: int, action: A.Ram) -> list[Event]:
        s = self.ships[action.ship]
        d, k = DIR_INDEX[action.dir], action.k
        start = s.pos
        cells = self._walk(start, d, k)
        if k:
            self._place(s, cells[-1])
        t = self.ships[self.cell[self.board.step[s.pos][d]]]
        d6 = self.rng.die(6)
        eff = self.eff_dr(t)
        damage = max(0, k + d6 - eff)
        before = t.integrity
        t.integrity = max(0, before - damage)
        self_damage = damage // 4
        s.integrity = max(0, s.integrity - self_damage)
        self._pay(s, COST_RAM_STANDING if k == 0 else COST_RAM_CHARGE)
        s.actions += 1
        if k:
            s.moves += 1
        self._wreck_check(seat, t, before)
        xy = self.board.xy
        return [E.RamResolved(seat, s.id, t.id, action.dir, k, tuple(xy[c] for c in [start] + cells),
                              xy[t.pos], d6, eff, damage, t.integrity, self_damage, s.integrity,
                              self.ap)]

    def _do_repair(self, seat: int, action: A.Repair) -> list[Event]:
        s, t = self.ships[action.ship], self.ships[action.target]
        params = self.board.params
        before = t.integrity
        t.integrity = min(params.stats(t.type).integrity, before + params.repair_amount)
        self._pay(s, COST_REPAIR)
        s.actions += 1
        if before == 0:
            self._restore_check(seat, t.type)
        return [E.ShipRepaired(seat, s.id, t.id, self.board.xy[t.pos], t.integrity - before,
                               t.integrity, self.ap)]

    def _do_build(self, seat: int, action: A.Build) -> list[Event]:
        s = self.ships[action.ship]
        at = self.board.index_of(action.at)
        stats = self.board.params.stats(action.ship_type)
        new = Ship(self.next_id, action.ship_type, seat, stats.integrity, at, fresh=True)
        self.next_id += 1
        self.ships[new.id] = new
        self.cell[at] = new.id
        self.depleted[self.board.tile_index[s.pos]] = True
        self._pay(s, COST_BUILD)
        s.actions += 1
        self._restore_check(seat, action.ship_type)
        xy = self.board.xy
        return [E.ShipBuilt(seat, s.id, new.id, new.type, action.at, new.integrity, self.ap),
                E.TileDepleted(xy[s.pos])]

    def _do_capture(self, seat: int, action: A.Capture) -> list[Event]:
        s, t = self.ships[action.ship], self.ships[action.target]
        former = t.former_owner
        t.owner = t.former_owner = seat
        t.integrity = self.board.params.capture_integrity(t.type)
        t.fresh = True
        t.pierce = []
        t.stalled_round = 0
        t.ap_spent = t.moves = t.actions = 0
        self._pay(s, COST_CAPTURE)
        s.actions += 1
        self._restore_check(seat, t.type)
        return [E.HulkCaptured(seat, s.id, t.id, t.type, self.board.xy[t.pos], former, t.integrity,
                               self.ap)]

    def _do_end_turn(self, seat: int, action: A.EndTurn) -> list[Event]:
        events: list[Event] = []
        self._end_turn(events, auto=False)
        return events

    def _do_resign(self, seat: int, action: A.Resign) -> list[Event]:
        """V-6: eliminated at once; with one player left the game ends (D34 otherwise)."""
        events: list[Event] = [E.PlayerResigned(seat)]
        self._eliminate(seat, events, "V-6", "resigned")
        remaining = self.remaining()
        if len(remaining) <= 1:
            self._finish(events, tuple(remaining), "V-6")
            return events
        self.ap = 0
        self._turn_cleanup(seat, events)
        self._advance(events)
        return events

    # ---- flow (T) ------------------------------------------------------------------------
    def remaining(self) -> list[int]:
        """Seats not yet eliminated, in turn order."""
        return [s for s in self.order if not self.eliminated[s]]

    def _settle(self, events: list[Event]) -> None:
        """D6: end turns automatically while the seat to act has nothing but end/resign."""
        while self.phase is Phase.ACTION and not self._has_play(self.order[self.turn_index]):
            self._end_turn(events, auto=True)

    def _end_turn(self, events: list[Event], auto: bool) -> None:
        seat = self.order[self.turn_index]
        if auto:
            events.append(E.TurnAutoEnded(seat))
        events.append(E.TurnEnded(seat, self.ap))
        self.ap = 0  # T-5 step 1
        self._turn_cleanup(seat, events)
        self._advance(events)

    def _turn_cleanup(self, seat: int, events: list[Event]) -> None:
        """T-5 steps 2-3: the seat's pierce markers tick down; its ships' turn state resets."""
        expired: list[int] = []
        for s in self.ships.values():
            if s.pierce:
                kept = []
                for m in s.pierce:
                    if m[0] == seat:
                        m[1] -= 1
                        if m[1] <= 0:
                            if not expired or expired[-1] != s.id:
                                expired.append(s.id)
                            continue
                    kept.append(m)
                s.pierce = kept
            if s.owner == seat:
                s.fresh = False
                s.ap_spent = s.moves = s.actions = 0
        if expired:
            events.append(E.PierceExpired(seat, tuple(expired)))

    def _advance(self, events: list[Event]) -> None:
        """T-5 step 4: the next seat's turn, or the round's end and the next round."""
        i = self.turn_index + 1
        n = len(self.order)
        while i < n and self.eliminated[self.order[i]]:
            i += 1
        if i < n:
            self.turn_index = i
            self._start_turn(events)
            return
        self._round_end(events)
        if self.phase is Phase.OVER:
            return
        self._round_start(events)

    def _round_start(self, events: list[Event]) -> None:
        """T-2."""
        self.round += 1
        events.append(E.RoundStarted(self.round))
        self.turn_index = next(i for i, s in enumerate(self.order) if not self.eliminated[s])
        self._start_turn(events)

    def _start_turn(self, events: list[Event]) -> None:
        """T-3 / A-1: roll 1 + 1d4 (+1 in a surge round)."""
        seat = self.order[self.turn_index]
        params = self.board.params
        d4 = self.rng.die(params.ap_die)
        bonus = 1 if self.surge_round == self.round else 0
        self.ap = self.ap_rolled = params.ap_base + d4 + bonus
        events.append(E.TurnStarted(seat, self.round))
        events.append(E.ApRolled(seat, d4, bonus, self.ap))

    def _round_end(self, events: list[Event]) -> None:
        """T-6 steps 1-6."""
        r = self.round
        self._expire(r, events)
        self.rounds_since_event += 1
        params = self.board.params
        interval = params.outbreak_interval if self.outbreak else params.event_interval
        if self.rounds_since_event >= interval:
            self.rounds_since_event = 0
            self._roll_event(r, events)
        self._scrap(events)
        # step 4: repetition bookkeeping (V-4)
        repeat = False
        for v in self.streaks.values():
            if v[2] and v[2] < r:
                v[2] = 0
            if v[0] and r - v[1] >= params.repeat_window:
                v[0] = 0
            if v[0] > params.repeat_limit:
                repeat = True
        # step 5: elimination (V-2)
        newly = [seat for seat in self.order if not self.eliminated[seat] and not self._has_builder(seat)]
        for seat in newly:
            self._eliminate(seat, events, "V-2", "eliminated")
        # step 6: end checks (V-7)
        remaining = self.remaining()
        if len(remaining) == 1:
            self._finish(events, tuple(remaining), "V-3")
        elif not remaining:
            self._finish(events, tuple(sorted(newly)), "V-5b")
        elif repeat:
            self._finish(events, tuple(sorted(remaining)), "V-4")
        elif r >= params.max_rounds:
            self._finish(events, tuple(sorted(remaining)), "V-5a")

    def _has_builder(self, seat: int) -> bool:
        return any(s.owner == seat and s.type in BUILDERS for s in self.ships.values())

    def _expire(self, r: int, events: list[Event]) -> None:
        """T-6 step 1: effects whose last round is r end."""
        kinds: list[str] = []
        ships: list[int] = []
        for s in self.ships.values():
            if s.stalled_round == r:
                s.stalled_round = 0
                ships.append(s.id)
        if ships:
            kinds.append("stall")
        if self.surge_round == r:
            self.surge_round = 0
            kinds.append("surge")
        if self.wind_dir != NO_WIND and self.wind_until <= r:
            self.wind_dir, self.wind_until = NO_WIND, 0
            kinds.append("wind")
        freed: list[int] = []
        if self.quicksand:
            kept = [q for q in self.quicksand if q[1] > r]
            for cells, until in self.quicksand:
                if until <= r:
                    freed.extend(cells)
            if len(kept) != len(self.quicksand):
                kinds.append("quicksand")
                self.quicksand = kept
                still = self.sand_cells()
                freed = [c for c in freed if c not in still]
        if self.markers:
            kept_markers = [m for m in self.markers if m[2] > r]
            if len(kept_markers) != len(self.markers):
                kinds.append("marker")
                self.markers = kept_markers
        if kinds:
            xy = self.board.xy
            events.append(E.EffectsExpired(r, tuple(kinds), tuple(ships),
                                           tuple(xy[c] for c in sorted(set(freed)))))

    def _roll_event(self, r: int, events: list[Event]) -> None:
        """E-1..E-9: roll the d8, its centre or wind direction, and resolve the effect."""
        board, params, xy = self.board, self.board.params, self.board.xy
        d8 = self.rng.die(8)
        event = EVENTS[d8]
        centre = -1
        voids: list[tuple[int, int]] = []
        if d8 in AREA_FACES:
            while True:
                x_roll, y_roll = self.rng.die(board.width), self.rng.die(board.height)
                centre = board.random_cell(x_roll, y_roll)
                if centre >= 0:
                    break
                voids.append((x_roll - 1, y_roll - 1))
        direction = ""
        until = 0
        if d8 == 7:
            face = self.rng.die(4)
            direction = DIRECTIONS[face - 1]
            until = r + params.wind_rounds
        elif d8 == 8:
            until = r + params.quicksand_rounds
        elif d8 in (2, 3, 4):
            until = r + 1
        events.append(E.EventRolled(r, d8, event, xy[centre] if centre >= 0 else None,
                                    tuple(voids), direction, until))
        self.last_event = (r, event, xy[centre] if centre >= 0 else None)
        if d8 == 2:
            refreshed = [board.tiles[i] for i, dep in enumerate(self.depleted) if dep]
            self.depleted = [False] * len(self.depleted)
            self.surge_round = r + 1
            events.append(E.TilesRefreshed(tuple(xy[c] for c in refreshed)))
        elif d8 == 7:
            self.wind_dir, self.wind_until = DIR_INDEX[direction], until
        elif centre >= 0:
            metric, radius = ("cheb", 1) if d8 == 4 else ("manh", 2 if d8 == 3 else 1)
            area = board.area(centre, metric, radius)
            marker_until = until if until else r + 1  # E-9: instant events show one round
            self.markers.append((event, area, marker_until))
            events.append(E.AreaMarked(event, tuple(xy[c] for c in area), marker_until))
            caught = [self.ships[self.cell[c]] for c in area if self.cell[c] != EMPTY]
            active = [s for s in caught if s.owner != HULK]
            if d8 == 4:
                self._event_damage(active, DUST_DAMAGE, event, events)
            elif d8 == 5:
                self._event_damage(active, THUNDER_DAMAGE, event, events)
            elif d8 == 6:
                self._event_damage(active, None, event, events)
            if d8 in (3, 4) and active:
                for s in active:
                    s.stalled_round = r + 1
                events.append(E.ShipsStalled(tuple(s.id for s in active), r + 1))
            if d8 == 8:
                self.quicksand.append((area, until))
                self._event_damage(active, None, event, events)
                for s in caught:
                    s.sink = True
        was = self.outbreak
        self.outbreak = d8 in OUTBREAK_FACES
        if self.outbreak != was:
            events.append(E.OutbreakChanged(self.outbreak))

    def _event_damage(self, ships: list[Ship], amount: int | None, cause: str,
                      events: list[Event]) -> None:
        """E-5: event damage ignores DR and stops at 0 (None: down to 0)."""
        xy = self.board.xy
        for s in ships:
            lost = s.integrity if amount is None else min(amount, s.integrity)
            if lost > 0:
                s.integrity -= lost
                events.append(E.IntegrityLost(s.id, xy[s.pos], lost, s.integrity, cause))

    def _make_hulk(self, s: Ship) -> None:
        """S-3: no owner, no statuses, no markers."""
        s.owner = HULK
        s.fresh = False
        s.stalled_round = 0
        s.pierce = []
        s.ap_spent = s.moves = s.actions = 0

    def _scrap(self, events: list[Event]) -> None:
        """T-6 step 3: wrecks become hulks; pieces flagged `sink` leave the game."""
        xy = self.board.xy
        for s in list(self.ships.values()):
            if s.sink:
                self.cell[s.pos] = EMPTY
                del self.ships[s.id]
                events.append(E.PieceSunk(s.id, s.type, s.former_owner, xy[s.pos]))
            elif s.owner != HULK and s.integrity == 0:
                self._make_hulk(s)
                events.append(E.ShipDestroyed(s.id, s.type, s.former_owner, xy[s.pos], "scrapped"))

    def _eliminate(self, seat: int, events: list[Event], rule: str, cause: str) -> None:
        """V-2 / V-6 / D26: the fleet becomes hulks; the seat's pierce markers vanish (C-5)."""
        self.eliminated[seat] = True
        xy = self.board.xy
        for s in self.ships.values():
            if s.owner == seat:
                self._make_hulk(s)
                events.append(E.ShipDestroyed(s.id, s.type, s.former_owner, xy[s.pos], cause))
            elif s.pierce:
                s.pierce = [m for m in s.pierce if m[0] != seat]
        events.append(E.PlayerEliminated(seat, rule))

    def _finish(self, events: list[Event], winners: tuple[int, ...], rule: str) -> None:
        self.phase = Phase.OVER
        self.winners = winners
        self.end_rule = rule
        self.ap = 0
        events.append(E.GameOver(winners, self.scores(), rule, len(winners) != 1))


_CHECKS: dict[type, Callable[[LandshipGame, int, Action], str | None]] = {
    A.Move: LandshipGame._check_move,  # type: ignore[dict-item]
    A.Attack: LandshipGame._check_attack,  # type: ignore[dict-item]
    A.Ram: LandshipGame._check_ram,  # type: ignore[dict-item]
    A.Repair: LandshipGame._check_repair,  # type: ignore[dict-item]
    A.Build: LandshipGame._check_build,  # type: ignore[dict-item]
    A.Capture: LandshipGame._check_capture,  # type: ignore[dict-item]
    A.EndTurn: LandshipGame._check_free,
    A.Resign: LandshipGame._check_free,
}

_EFFECTS: dict[type, Callable[[LandshipGame, int, Action], list[Event]]] = {
    A.Move: LandshipGame._do_move,  # type: ignore[dict-item]
    A.Attack: LandshipGame._do_attack,  # type: ignore[dict-item]
    A.Ram: LandshipGame._do_ram,  # type: ignore[dict-item]
    A.Repair: LandshipGame._do_repair,  # type: ignore[dict-item]
    A.Build: LandshipGame._do_build,  # type: ignore[dict-item]
    A.Capture: LandshipGame._do_capture,  # type: ignore[dict-item]
    A.EndTurn: LandshipGame._do_end_turn,  # type: ignore[dict-item]
    A.Resign: LandshipGame._do_resign,  # type: ignore[dict-item]
}


def start_game(setup: Setup, board: Board, rng: Rng) -> LandshipGame:
    """T-1: place the starts, draw the turn order (D33), start round 1 (T-2, T-3, D6).

    `rng` is the game's generator; tests pass a scripted one to set the dice."""
    n = len(setup.seats)
    game = LandshipGame(setup=setup, board=board, rng=rng, order=tuple(range(n)))
    game.cell = [EMPTY] * (board.width * board.height)
    game.depleted = list(board.tiles_depleted)
    game.eliminated = [False] * n
    for start in board.starts:
        if start.seat >= n:
            continue
        stats = board.params.stats(start.ship_type)
        ship = Ship(game.next_id, start.ship_type, start.seat, stats.integrity, start.cell)
        game.next_id += 1
        game.ships[ship.id] = ship
        game.cell[start.cell] = ship.id
    # D33: for i = n .. 2: j = d(i); swap positions i and j (1-based)
    order = list(range(n))
    rolls = []
    for i in range(n, 1, -1):
        j = rng.die(i)
        rolls.append(j)
        order[i - 1], order[j - 1] = order[j - 1], order[i - 1]
    game.order = tuple(order)
    events: list[Event] = [E.TurnOrderDrawn(game.order, tuple(rolls))]
    game._round_start(events)
    game._settle(events)
    game.opening_events = tuple(events)
    return game


class LandshipRuleset(Ruleset):
    """Scorched Landships: 2 players, open information, 1+1d4 AP, weather events."""

    id = "landship"
    min_players = 2
    max_players = 2
    has_hidden_info = False

    def default_map(self) -> str:
        return str(resource_path("maps", "landship", "default.tmx"))

    def new_game(self, setup: Setup) -> LandshipGame:
        self.check_seats(setup.seats)
        setup = self.with_id(setup)
        board = read_board(self.map_path(setup))
        n = len(setup.seats)
        if not board.players_min <= n <= board.players_max:
            raise IllegalAction("bad_seat_count", count=n, min=board.players_min,
                                max=board.players_max)
        return start_game(setup, board, Rng(setup.seed))

    def agents(self) -> dict[str, type]:
        from game.landship.ai import GreedyAgent
        return {"greedy": GreedyAgent}


def game_from_view(view: LandshipView, rng: Rng, auto_end: bool = False) -> LandshipGame:
    """A private game rebuilt from a public view (H-1: the view holds everything but the
    RNG), for agents to try actions on. `rng` is the agent's own generator; with the default
    `auto_end=False` a tried action never runs on into the next turn."""
    board = view.board
    setup = Setup(seats=view.seats, seed=view.seed, ruleset=LandshipRuleset.id)
    game = LandshipGame(setup=setup, board=board, rng=rng, order=view.order)
    game.cell = [EMPTY] * (board.width * board.height)
    for info in view.ships:
        pos = board.index_of(info.pos)
        s = Ship(info.id, info.type, info.owner, info.integrity, pos, info.fresh)
        s.former_owner = info.former_owner
        s.ap_spent, s.moves, s.actions = info.ap_spent, info.moves, info.actions
        s.stalled_round = info.stalled_round
        s.pierce = [list(m) for m in info.pierce]
        game.ships[s.id] = s
        game.cell[pos] = s.id
    game.depleted = list(view.depleted)
    game.next_id = view.next_id
    game.phase = view.phase
    game.turn_index = view.order.index(view.current)
    game.round = view.round
    game.ap, game.ap_rolled = view.ap, view.ap_rolled
    game.eliminated = list(view.eliminated)
    game.outbreak = view.outbreak
    game.rounds_since_event = view.rounds_since_event
    game.surge_round = view.surge_round
    game.wind_dir, game.wind_until = view.wind_dir, view.wind_until
    game.quicksand = list(view.quicksand)
    game.markers = list(view.markers)
    game.streaks = {(seat, t): [streak, last, pending] for seat, t, streak, last, pending in view.streaks}
    game.winners = view.winners
    game.end_rule = view.end_rule
    game.auto_end = auto_end
    return game
