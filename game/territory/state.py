"""Dice for Land state: plain data for one game in progress (the rules live in `rules.py`).

Tile arrays are lists indexed by tile; tribes are `Tribe` records indexed by tribe id (player
tribes first, id = seat; system tribes appended in creation order). An owner is a tribe id
or one of `NOBODY` (unclaimed), `UNDEAD`, `GOBLIN` (a goblin site, T-14.2).

The queries shared by the rules, the view and the AI (income, cap, defense, visibility) are
methods of `Position`, which both the state and the view inherit, so the AI computes exactly
what the rules compute from what it may see.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any

from game.core import codec
from game.core.protocol import Action, Result, Setup, State, View
from game.core.rng import Rng, derive_seed
from game.territory.board import Board
from game.territory.constants import (
    ATTACK, BUILDING, BUILDINGS, CAPITAL, CITY, COMMERCE_GOLD, ECON, FLOWER, NONE, OUTPOST,
    OUTPOST_ATTACK, RESOURCES, SIDES, SUN_CAP, SUN_DEFENSE, SUN_GOLD, TOWER, TREE, WALL_LEVELS,
    WORKSHOP, Params,
)

NOBODY, UNDEAD, GOBLIN = -1, -2, -3
OWNER_NAMES = {NOBODY: "unclaimed", UNDEAD: "undead", GOBLIN: "goblin"}


class Phase(enum.Enum):
    """PICK: seats choose factions (T-4.1); ORDERS: secret orders (T-5.2); OVER."""

    PICK = "pick"
    ORDERS = "orders"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class PathStep:
    """One tile of an arrow (T-11.1): x 0 = cross, 1..6 = attack; `escrow` in taking order."""

    tile: int
    x: int
    raze: str
    escrow: tuple[int, ...]
    discount: bool = False         # entered under a grievance: cost already 1 less (T-16.3)


@dataclass(frozen=True, slots=True)
class Order:
    """One entered order with its escrow (T-6.2), resource indices in the order taken.

    For an arrow, `action` is the `arrow` that began it and `steps` its path (each step holds
    its own escrow); for everything else `steps` is empty.
    """

    id: int
    action: Action
    escrow: tuple[int, ...] = ()
    steps: tuple[PathStep, ...] = ()

    def escrow_total(self) -> list[int]:
        """The order's escrow as (gold, materials, exotics)."""
        out = [0, 0, 0]
        for r in self.escrow:
            out[r] += 1
        for s in self.steps:
            for r in s.escrow:
                out[r] += 1
        return out


@dataclass
class Tribe:
    """A player tribe (a seat) or a system tribe (T-12, T-15): resources, techs, settings."""

    id: int
    kind: str                      # "player" | "system"
    faction: str
    seat: int                      # -1 for a system tribe
    name: str
    created: int = 0               # turn of creation (0: at setup)
    alive: bool = True
    res: list[int] = field(default_factory=lambda: [0, 0, 0])   # holdings (not escrowed)
    techs: set[str] = field(default_factory=set)
    researching: list[str] = field(default_factory=list)        # paid this turn (T-9.2)
    totem: str = ""
    priority: str = "gme"
    flower: int = 0
    core: int = -1
    split_age: int = -1            # -1: not split (T-12.2)
    blessed_turn: int = -1         # Jungle Blessing protects during RESOLVE of this turn
    exotics_bought: int = 0        # Magic Research purchases due at the next income
    temple: int = -1               # Tide's temple (a sea tile)
    spice: dict[int, int] = field(default_factory=dict)   # partner -> first income turn
    orders: list[Order] = field(default_factory=list)
    next_order: int = 0
    edits: int = 0
    submitted: bool = False

    def copy(self) -> "Tribe":
        """An independent copy (lists, sets and dicts copied; orders are immutable)."""
        twin = Tribe.__new__(Tribe)
        twin.__dict__.update(self.__dict__)
        twin.res = list(self.res)
        twin.techs = set(self.techs)
        twin.researching = list(self.researching)
        twin.spice = dict(self.spice)
        twin.orders = list(self.orders)
        return twin

    @property
    def is_player(self) -> bool:
        """A seat's tribe (only these can win)."""
        return self.kind == "player"

    def escrow(self) -> list[int]:
        """Everything this tribe has in escrow, as (gold, materials, exotics)."""
        out = [0, 0, 0]
        for o in self.orders:
            e = o.escrow_total()
            out[0] += e[0]
            out[1] += e[1]
            out[2] += e[2]
        return out

    def to_json(self, with_secrets: bool) -> dict[str, Any]:
        """Plain data for a view; `with_secrets` adds holdings, escrow, orders, settings."""
        escrow = self.escrow()
        out: dict[str, Any] = {
            "id": self.id, "kind": self.kind, "faction": self.faction, "seat": self.seat,
            "name": self.name, "created": self.created, "alive": self.alive,
            "techs": sorted(self.techs), "researching": list(self.researching) if with_secrets else [],
            "totem": self.totem, "split_age": self.split_age, "blessed_turn": self.blessed_turn,
            "exotics_bought": self.exotics_bought, "temple": self.temple,
            "spice": {str(k): v for k, v in sorted(self.spice.items())},
            "submitted": self.submitted,
        }
        if with_secrets:
            out.update(resources=dict(zip(RESOURCES, self.res)),
                       escrow=dict(zip(RESOURCES, escrow)),
                       priority=self.priority, flower=RESOURCES[self.flower], core=self.core,
                       orders=[order_json(o) for o in self.orders], edits=self.edits)
        else:
            # T-18.1: during ORDERS others see the holdings as at START (escrow is secret)
            out["resources"] = dict(zip(RESOURCES, (self.res[i] + escrow[i] for i in range(3))))
        return out

    def digest(self) -> dict[str, Any]:
        """Everything about the tribe that decides the future."""
        out = self.to_json(True)
        out["techs"] = sorted(self.techs)
        out["researching"] = list(self.researching)
        out["orders"] = [order_json(o, True) for o in self.orders]
        out["next_order"] = self.next_order
        return out


def order_json(order: Order, full: bool = False) -> dict[str, Any]:
    """An order as plain data (`full` keeps the escrow even when empty)."""
    out: dict[str, Any] = {"id": order.id, "action": codec.encode(order.action)}
    if full or order.escrow:
        out["escrow"] = list(order.escrow)
    if order.steps:
        out["steps"] = [{"tile": s.tile, "x": s.x, "raze": s.raze, "escrow": list(s.escrow),
                         "discount": s.discount} for s in order.steps]
    return out


class Position:
    """Queries over the public parts of a game, shared by the state and the view.

    Subclasses provide: board, params, turn, owner, building, commerce, walls, tunnel,
    desolate, gift, tribes, revealed (per group), winter_until, turmoil_until.
    """

    board: Board
    params: Params
    turn: int
    owner: list[int]
    building: list[int]
    commerce: list[bool]
    walls: list[int]
    tunnel: list[int]
    desolate: list[int]
    gift: list[int]
    tribes: list[Tribe]
    revealed: list[bool]
    winter_until: int
    turmoil_until: int

    # ---- visibility (T-14.1, T-18.3) ------------------------------------------------------
    def hidden(self, i: int) -> bool:
        """A tile of a neutral group nobody has found yet (looks like unclaimed land)."""
        g = self.board.group_of[i]
        return g >= 0 and not self.revealed[g] and self.owner[i] in (UNDEAD, GOBLIN)

    def seen_owner(self, i: int) -> int:
        """The owner the public sees (hidden tiles are unclaimed, T-18.3)."""
        return NOBODY if self.hidden(i) else self.owner[i]

    def seen_building(self, i: int) -> int:
        """The main building the public sees."""
        return NONE if self.hidden(i) else self.building[i]

    # ---- tribes ---------------------------------------------------------------------------
    def tiles_of(self, tribe: int) -> list[int]:
        """The tribe's tiles in tile order."""
        owner = self.owner
        return [i for i in self.board.land_tiles if owner[i] == tribe]

    def tile_counts(self) -> dict[int, int]:
        """Tiles per tribe."""
        counts: dict[int, int] = {}
        for i in self.board.land_tiles:
            o = self.owner[i]
            if o >= 0:
                counts[o] = counts.get(o, 0) + 1
        return counts

    def has_tech(self, tribe: int, tech: str) -> bool:
        """The tribe has the technology active."""
        return tribe >= 0 and tech in self.tribes[tribe].techs

    def faction_of(self, owner: int) -> str:
        """The faction of an owner (or unclaimed / undead / goblin)."""
        return self.tribes[owner].faction if owner >= 0 else OWNER_NAMES[owner]

    def tower_of(self, tribe: int) -> int:
        """The tile of the tribe's tower (Jungle: its Tree), or -1 (T-10.1)."""
        t = self.tribes[tribe]
        wanted = TREE if t.faction == "jungle" else TOWER
        for i in self.board.land_tiles:
            if self.owner[i] == tribe and self.building[i] == wanted:
                return i
        return -1

    def capital_of(self, tribe: int) -> int:
        """The tile of the tribe's capital, or -1."""
        for i in self.board.land_tiles:
            if self.owner[i] == tribe and self.building[i] == CAPITAL:
                return i
        return -1

    def owns_building(self, tribe: int, name: str) -> bool:
        """Building prerequisites (T-9.1): the Tree counts as a tower; "city" = city or capital."""
        if name == "tower":
            return self.tower_of(tribe) >= 0
        wanted = {"workshop": (WORKSHOP,), "city": (CITY, CAPITAL)}.get(name, ())
        return any(self.owner[i] == tribe and self.building[i] in wanted
                   for i in self.board.land_tiles)

    # ---- economy (T-7) --------------------------------------------------------------------
    def cap(self, tribe: int) -> int:
        """T-7.2: base + main buildings on own tiles + Storage per city/capital."""
        t = self.tribes[tribe]
        total = self.params.base_cap
        storage = "storage" in t.techs
        sun = t.totem == "sun"
        jungle = t.faction == "jungle"
        for i in self.board.land_tiles:
            if self.owner[i] != tribe:
                continue
            b = self.building[i]
            if b == NONE:
                continue
            if b == CAPITAL and sun:
                total += SUN_CAP
            elif b == TREE:
                total += BUILDING[TREE].cap if jungle else 0
            else:
                total += BUILDING[b].cap
            if storage and b in (CITY, CAPITAL):
                total += ECON["storage_cap"]
        return total

    def tile_income(self, i: int) -> tuple[int, int, int]:
        """T-7.1: what an owned tile gives its tribe at the next income."""
        tribe = self.owner[i]
        if tribe < 0 or self.desolate[i] > 0:
            return (0, 0, 0)
        t = self.tribes[tribe]
        b = self.building[i]
        gold = ECON["tile_gold"]
        if b == CAPITAL and t.totem == "sun":
            gold += SUN_GOLD
        elif b != TREE:
            gold += BUILDING[b].gold if b != NONE else 0
        if self.commerce[i] and b in (CITY, CAPITAL):
            gold += COMMERCE_GOLD
        special = self.board.special[i]
        if t.faction == "bounty" and special == 0:
            gold += ECON["bounty_bonus"]
        gold += self.gift[i]
        if self.board.cold[i] and self.turn <= self.winter_until:
            gold -= ECON["winter_malus"]
        out = [max(0, gold), 0, 0]
        if special and "extraction" in t.techs:
            out[special] += 1
        if b == WORKSHOP:
            out[1] += BUILDING[WORKSHOP].materials
        return (out[0], out[1], out[2])

    def extra_income(self, tribe: int) -> tuple[int, int, int]:
        """T-7.1: spice treaties, the Flower totem and bought exotics."""
        t = self.tribes[tribe]
        out = [0, 0, 0]
        out[0] += ECON["spice_gold"] * sum(1 for start in t.spice.values() if start <= self.turn)
        if t.totem == "flower":
            out[t.flower] += FLOWER[t.flower]
        if t.exotics_bought and self.tower_of(tribe) >= 0:
            out[2] += t.exotics_bought
        return (out[0], out[1], out[2])

    def income(self, tribe: int) -> tuple[int, int, int]:
        """T-7.1: what the tribe gets at the next income."""
        total = list(self.extra_income(tribe))
        for i in self.board.land_tiles:
            if self.owner[i] == tribe:
                g, m, e = self.tile_income(i)
                total[0] += g
                total[1] += m
                total[2] += e
        return (total[0], total[1], total[2])

    # ---- combat (T-11.6) ------------------------------------------------------------------
    def building_defense(self, i: int) -> int:
        """Defense from the main building for its owner (T-11.6, D7)."""
        owner = self.owner[i]
        b = self.building[i]
        if b not in (CITY, CAPITAL, TOWER):
            return 0
        bonus = 0
        if b == CAPITAL and owner >= 0 and self.tribes[owner].totem == "sun":
            bonus = SUN_DEFENSE
        elif b in (CITY, CAPITAL):
            bonus = BUILDING[b].defense
        if owner >= 0 and "architecture" in self.tribes[owner].techs:
            bonus += 1
        return bonus

    def wall_defense(self, i: int, side: int) -> int:
        """T-11.6: the wall bonus of tile i against an entry across `side`."""
        if side < 0:
            return 0
        level = self.walls[i * 4 + side]
        if not level:
            return 0
        owner = self.owner[i]
        arch = 1 if owner >= 0 and "architecture" in self.tribes[owner].techs else 0
        return WALL_LEVELS[level] + arch

    def defense(self, i: int, attacker: int, side: int, with_walls: bool = True,
                with_siege: bool = True) -> int:
        """D of tile i against `attacker` (-1: an event) entering across `side` of it (-1:
        none, e.g. through a tunnel). A hidden tile counts as unclaimed (T-18.3)."""
        owner = self.seen_owner(i)
        if owner == NOBODY:
            return ATTACK["unclaimed_defense"]
        d = self.board.defense[i]
        bonus = self.building_defense(i)
        walls = self.wall_defense(i, side) if with_walls else 0
        d += bonus + walls
        if owner >= 0 and "military_tactics" in self.tribes[owner].techs:
            d += 1
        if with_siege and attacker >= 0 and "siege" in self.tribes[attacker].techs:
            d -= ATTACK["siege"]
            if bonus or walls:
                d -= ATTACK["siege"]
        return d

    def outpost_bonus(self, attacker: int, target: int) -> int:
        """T-11.6: +2 if the attacker owns an outpost around the target."""
        for j in self.board.around[target]:
            if self.owner[j] == attacker and self.building[j] == OUTPOST:
                return OUTPOST_ATTACK
        return 0

    def walls_json(self) -> list[dict[str, int]]:
        """Walls as plain data: one record per tile that has any."""
        out = []
        for i in range(self.board.size):
            levels = self.walls[i * 4:i * 4 + 4]
            if any(levels):
                out.append({"tile": i, **{SIDES[s]: levels[s] for s in range(4) if levels[s]}})
        return out


@dataclass
class TerritoryState(Position, State):
    """Everything that decides a game's future (see the module docstring)."""

    setup: Setup
    board: Board
    params: Params
    rng: Rng
    order: tuple[int, ...]                 # seats in lobby order (shuffled with the option)
    phase: Phase = Phase.PICK
    turn: int = 0                          # 0 while picking factions, then 1..max_turns
    pick_index: int = 0
    tribes: list[Tribe] = field(default_factory=list)
    owner: list[int] = field(default_factory=list)
    building: list[int] = field(default_factory=list)
    commerce: list[bool] = field(default_factory=list)
    walls: list[int] = field(default_factory=list)          # 4 per tile: n e s w levels
    tunnel: list[int] = field(default_factory=list)         # the other end, or -1
    desolate: list[int] = field(default_factory=list)       # incomes left without production
    gift: list[int] = field(default_factory=list)           # Nature's Gift gold at next income
    hostile: list[int] = field(default_factory=list)        # undead tile: bit set of tribes
    treasure: list[bool] = field(default_factory=list)      # still buried
    revealed: list[bool] = field(default_factory=list)      # per neutral group
    goblin_site: list[int] = field(default_factory=list)    # goblin group index per tile or -1
    submission: tuple[int, ...] = ()
    volcano: int = -1                      # announced volcano tile (T-15.1 D22)
    turmoil_until: int = 0
    winter_until: int = 0
    demands: list[tuple[int, int, int]] = field(default_factory=list)   # (war, target, turn)
    trades: list[tuple[int, int, int]] = field(default_factory=list)    # (jungle, target, turn)
    vassal_offers: list[tuple[int, int, int]] = field(default_factory=list)  # (vassal, lord, t)
    grievances: list[tuple[int, int, int]] = field(default_factory=list)    # (war, refuser, until)
    attacked: dict[tuple[int, int], int] = field(default_factory=dict)  # (attacker, victim) -> turn
    final_turn: int = 0
    winners: tuple[int, ...] | None = None
    end_reason: str = ""
    # derived, never part of the digest: per (tribe, turn) order candidates (orders.py);
    # replaced by a fresh dict whenever the board changes, so clones may share it safely
    _cache: dict = field(default_factory=dict, repr=False, compare=False)

    @property
    def round(self) -> int:
        """The turn number (what `simulate` reports as game length)."""
        return self.turn

    def clone(self, reseed: int | None = None) -> "TerritoryState":
        """An independent copy; with `reseed` its future dice differ."""
        twin = object.__new__(type(self))
        twin.__dict__.update(self.__dict__)
        twin.rng = Rng(derive_seed(reseed, self.rng.state)) if reseed is not None else self.rng.copy()
        twin.tribes = [t.copy() for t in self.tribes]
        for name in ("owner", "building", "commerce", "walls", "tunnel", "desolate", "gift",
                     "hostile", "treasure", "revealed", "goblin_site", "demands", "trades",
                     "vassal_offers", "grievances"):
            setattr(twin, name, list(getattr(self, name)))
        twin.attacked = dict(self.attacked)
        return twin

    def result(self) -> Result | None:
        """Winners and tiles per seat once the game is over."""
        if self.winners is None:
            return None
        counts = self.tile_counts()
        scores = tuple(counts.get(s, 0) if self.tribes[s].alive else 0
                       for s in range(len(self.setup.seats))) if self.tribes else ()
        return Result(winners=self.winners, scores=scores, cause=self.end_reason)

    def digest_data(self) -> Any:
        """Everything that decides the future, RNG included."""
        return {
            "setup": codec.encode(self.setup),
            "map": self.board.path,
            "rng": self.rng.get_state(),
            "order": list(self.order),
            "phase": self.phase.value,
            "turn": self.turn,
            "pick_index": self.pick_index,
            "tribes": [t.digest() for t in self.tribes],
            "owner": self.owner, "building": self.building, "commerce": self.commerce,
            "walls": self.walls, "tunnel": self.tunnel, "desolate": self.desolate,
            "gift": self.gift, "hostile": self.hostile, "treasure": self.treasure,
            "revealed": self.revealed, "goblin_site": self.goblin_site,
            "submission": list(self.submission), "volcano": self.volcano,
            "turmoil_until": self.turmoil_until, "winter_until": self.winter_until,
            "demands": [list(d) for d in self.demands], "trades": [list(d) for d in self.trades],
            "vassal_offers": [list(d) for d in self.vassal_offers],
            "grievances": [list(g) for g in self.grievances],
            "attacked": sorted([a, v, t] for (a, v), t in self.attacked.items()),
            "final_turn": self.final_turn,
            "winners": list(self.winners) if self.winners is not None else None,
            "end_reason": self.end_reason,
        }

    def view(self, seat: int | None) -> "TerritoryView":
        """T-18: the public board (hidden groups as unclaimed land, no treasure spots), every
        tribe's public data, and only `seat`'s own orders and holdings/escrow split."""
        hidden = [self.hidden(i) for i in range(self.board.size)]
        owner = [NOBODY if hidden[i] else o for i, o in enumerate(self.owner)]
        building = [NONE if hidden[i] else b for i, b in enumerate(self.building)]
        hostile = [0 if hidden[i] else h for i, h in enumerate(self.hostile)]
        tribes = []
        for t in self.tribes:
            if t.seat == seat and seat is not None:
                tribes.append(t.copy())
            else:
                public = t.copy()
                escrow = t.escrow()
                public.res = [t.res[k] + escrow[k] for k in range(3)]
                public.orders = []
                public.researching = []
                public.priority, public.flower, public.core, public.edits = "gme", 0, -1, 0
                tribes.append(public)
        return TerritoryView(
            seat=seat, board=self.board, params=self.params, seats=self.setup.seats,
            order=self.order, phase=self.phase, turn=self.turn, pick_index=self.pick_index,
            tribes=tribes, owner=owner, building=building, commerce=list(self.commerce),
            walls=list(self.walls), tunnel=list(self.tunnel), desolate=list(self.desolate),
            gift=list(self.gift), hostile=hostile, revealed=list(self.revealed),
            submission=self.submission, volcano=self.volcano, turmoil_until=self.turmoil_until,
            winter_until=self.winter_until, demands=list(self.demands), trades=list(self.trades),
            vassal_offers=list(self.vassal_offers), grievances=list(self.grievances),
            attacked=dict(self.attacked), final_turn=self.final_turn, winners=self.winners,
            to_move=tuple(self.to_move()), seed=self.setup.seed,
        )


@dataclass
class TerritoryView(Position, View):
    """What one seat may see (T-18). Hidden tiles read as unclaimed; other tribes' orders,
    escrow, settings and pending research are absent, their resources shown as at START."""

    seat: int | None
    board: Board
    params: Params
    seats: tuple[str, ...]
    order: tuple[int, ...]
    phase: Phase
    turn: int
    pick_index: int
    tribes: list[Tribe]
    owner: list[int]
    building: list[int]
    commerce: list[bool]
    walls: list[int]
    tunnel: list[int]
    desolate: list[int]
    gift: list[int]
    hostile: list[int]
    revealed: list[bool]
    submission: tuple[int, ...]
    volcano: int
    turmoil_until: int
    winter_until: int
    demands: list[tuple[int, int, int]]
    trades: list[tuple[int, int, int]]
    vassal_offers: list[tuple[int, int, int]]
    grievances: list[tuple[int, int, int]]
    attacked: dict[tuple[int, int], int]
    final_turn: int
    winners: tuple[int, ...] | None
    to_move: tuple[int, ...]
    seed: int

    def hidden(self, i: int) -> bool:  # the view already shows hidden tiles as unclaimed
        """Never: the view already shows hidden tiles as unclaimed."""
        return False

    def to_json(self) -> dict[str, Any]:
        """The view as plain JSON data."""
        size = self.board.size
        return {
            "seat": self.seat,
            "board": self.board.to_json(public=True),
            "seats": list(self.seats),
            "order": list(self.order),
            "phase": self.phase.value,
            "turn": self.turn,
            "pick_index": self.pick_index,
            "tribes": [t.to_json(t.seat == self.seat and self.seat is not None)
                       for t in self.tribes],
            "caps": [self.cap(t.id) if t.alive else 0 for t in self.tribes],
            "incomes": [list(self.income(t.id)) if t.alive else [0, 0, 0] for t in self.tribes],
            "owner": list(self.owner),
            "building": [BUILDINGS[b] for b in self.building],
            "commerce": [i for i in range(size) if self.commerce[i]],
            "walls": self.walls_json(),
            "tunnels": [[i, j] for i, j in enumerate(self.tunnel) if j > i],
            "desolate": {str(i): d for i, d in enumerate(self.desolate) if d},
            "gift": {str(i): g for i, g in enumerate(self.gift) if g},
            "undead_hostile": {str(i): h for i, h in enumerate(self.hostile) if h},
            "revealed_groups": [
                {"name": g.name, "race": g.race, "tiles": list(g.tiles), "camps": list(g.camps)}
                for k, g in enumerate(self.board.groups) if self.revealed[k]],
            "submission": list(self.submission),
            "volcano": self.volcano,
            "turmoil_until": self.turmoil_until,
            "winter_until": self.winter_until,
            "demands": [list(d) for d in self.demands],
            "trades": [list(d) for d in self.trades],
            "vassal_offers": [list(d) for d in self.vassal_offers],
            "grievances": [list(g) for g in self.grievances],
            "final_turn": self.final_turn,
            "winners": list(self.winners) if self.winners is not None else None,
            "to_move": list(self.to_move),
            "seed": self.seed,
        }

