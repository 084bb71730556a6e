"""Dice for Land state: plain data for one game in progress (the rules live in `rules.py`).

Tile arrays are lists indexed by tile; tribes are `Tribe` records indexed by tribe id (player
tribes first, id = seat; system tribes appended in creation order). An owner is a tribe id
or one of `NOBODY` (unclaimed), `UNDEAD`, `GOBLIN` (a goblin site, T-14.2).

The queries shared by the rules, the view and the AI (income, cap, defense, visibility) are
plain functions in `position.py` that take a state or a view; the rules are plain functions
in the family modules (arrows, building, magic, diplomacy, turn) and `rules.py` ties them to
the protocol.
"""

from __future__ import annotations

import enum
from array import array
from dataclasses import dataclass, field
from typing import Any

from game.core import codec
from game.core.paths import map_key
from game.core.protocol import Action, Result, Setup, State
from game.core.rng import Rng, derive_seed
from game.core.slots import slot_init
from game.territory.board import Board
from game.territory.constants import RESOURCES, Params

NOBODY, UNDEAD, GOBLIN = -1, -2, -3
OWNER_NAMES = {NOBODY: "unclaimed", UNDEAD: "undead", GOBLIN: "goblin"}


class Phase(enum.Enum):
    """PICK: seats choose factions (T-4.1); ORDERS: secret orders (T-5.2); OVER."""

    PICK = "pick"
    ORDERS = "orders"
    OVER = "over"


@slot_init
@dataclass(frozen=True, slots=True)
class PathStep:
    """One tile of an arrow (T-11.1): x 0 = cross, 1..6 = attack; `escrow` in taking order."""

    tile: int
    x: int
    raze: str
    escrow: tuple[int, ...]
    discount: bool = False         # entered under a grievance: cost already 1 less (T-16.3)


@slot_init
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
    # derived from `orders`, kept up to date by order entry so legality checks need not
    # rescan the order list (never part of the digest or a view); replaced, never mutated,
    # so copies may share them
    used: dict[tuple, int] = field(default_factory=dict, repr=False, compare=False)
    full: frozenset = field(default_factory=frozenset, repr=False, compare=False)
    entries: int = field(default=0, repr=False, compare=False)
    # D41: Open Frontier captures made in this turn's RESOLVE (cleared at START)
    frontier: int = field(default=0, repr=False, compare=False)

    def clear_orders(self) -> None:
        """No orders, no edits (START of a turn, T-5.1; or a public copy for a view)."""
        self.orders = []
        self.next_order = 0
        self.edits = 0
        self.used = {}
        self.full = frozenset()
        self.entries = 0
        self.frontier = 0

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

    def public_copy(self) -> "Tribe":
        """The tribe as the others see it (T-18.1): an independent copy holding its START
        resources (holdings + escrow), no orders, no pending research, default settings.
        What `copy` then `clear_orders` give, without copying the lists they replace."""
        twin = Tribe.__new__(Tribe)
        d = twin.__dict__
        d.update(self.__dict__)
        res = self.res
        if self.orders:
            escrow = self.escrow()
            d["res"] = [res[0] + escrow[0], res[1] + escrow[1], res[2] + escrow[2]]
        else:
            d["res"] = list(res)
        d["techs"] = set(self.techs)
        d["researching"] = []
        d["spice"] = dict(self.spice)
        d["priority"], d["flower"], d["core"] = "gme", 0, -1
        twin.clear_orders()
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


def tile_arrays(board: Board) -> dict[str, Any]:
    """The per-tile arrays of a fresh game on `board` (nothing owned or built yet), as
    compact arrays where the values are small, so `clone()` copies them cheaply. `hostile`
    stays a list: its bit sets grow with the number of tribes."""
    size = board.size
    treasure = board.memo.get("treasure_spots")   # (a tile-by-tile test: worth keeping)
    if treasure is None:
        treasure = board.memo["treasure_spots"] = bytes(i in board.treasures for i in range(size))
    return dict(
        owner=array("h", [NOBODY]) * size, building=bytearray(size), commerce=bytearray(size),
        walls=bytearray(4 * size), tunnel=array("i", [-1]) * size, desolate=array("h", [0]) * size,
        gift=array("h", [0]) * size, hostile=[0] * size, treasure=bytearray(treasure),
        revealed=bytearray(len(board.groups)), goblin_site=array("h", [-1]) * size)


@dataclass
class TerritoryState(State):
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
    end_reason: str = ""                   # the deciding rule id once over (Result.cause)
    # derived, never part of the digest: per (tribe, turn) order candidates (orders.py);
    # replaced by a fresh dict whenever the board changes, so clones may share it safely
    _cache: dict = field(default_factory=dict, repr=False, compare=False)
    # scratch of one `apply` (class defaults, not dataclass fields): the events emitted so
    # far, whether RESOLVE is running (caches off), and Phase B's shields during RESOLVE
    ev = None          # type: list | None
    _resolving = False
    _shields = None    # type: Any
    # the last `reason` asked and its verdict, (seat, action, verdict), until the next
    # `apply` (which takes the verdict when it applies that very action): see `reason`
    _judged = None     # type: tuple | None

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
        # tile arrays are compact arrays (bytearray / array: a copy is one memcpy), the rest
        # lists; a slice copies either kind
        for name in ("owner", "building", "commerce", "walls", "tunnel", "desolate", "gift",
                     "hostile", "treasure", "revealed", "goblin_site", "demands", "trades",
                     "vassal_offers", "grievances"):
            setattr(twin, name, getattr(self, name)[:])
        twin.attacked = dict(self.attacked)
        twin._judged = None     # a verdict is its own state's (and its plan is used once)
        return twin

    def result(self) -> Result | None:
        """Winners and tiles per seat once the game is over."""
        if self.winners is None:
            return None
        counts: dict[int, int] = {}
        for i in self.board.land_tiles:
            counts[self.owner[i]] = counts.get(self.owner[i], 0) + 1
        scores = tuple(counts.get(s, 0) if self.tribes[s].alive else 0
                       for s in range(len(self.setup.seats))) if self.tribes else ()
        # T-17.4: a draw only when no player tribe survives; a tie is a shared victory
        return Result(winners=self.winners, scores=scores, cause=self.end_reason,
                      draw=not self.winners)

    @property
    def timed_out(self) -> bool:
        """The game ended at END(max_turns) with several player tribes alive (T-17.4's turn
        limit), not by a victory condition or a last tribe standing (D42's measure)."""
        alive = sum(1 for t in self.tribes if t.is_player and t.alive)
        return (self.winners is not None and self.end_reason == "T-17.4" and alive > 1
                and self.turn >= self.params.max_turns)

    def digest_data(self) -> Any:
        """Everything that decides the future, RNG included."""
        return {
            "setup": codec.encode(self.setup),
            "map": map_key(self.board.path),
            "rng": self.rng.get_state(),
            "order": list(self.order),
            "phase": self.phase.value,
            "turn": self.turn,
            "pick_index": self.pick_index,
            "tribes": [t.digest() for t in self.tribes],
            "owner": list(self.owner), "building": list(self.building),
            "commerce": [bool(c) for c in self.commerce],
            "walls": list(self.walls), "tunnel": list(self.tunnel), "desolate": list(self.desolate),
            "gift": list(self.gift), "hostile": list(self.hostile),
            "treasure": [bool(t) for t in self.treasure],
            "revealed": [bool(r) for r in self.revealed], "goblin_site": list(self.goblin_site),
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
