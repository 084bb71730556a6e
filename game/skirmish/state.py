"""Skirmish state: plain data for one game in progress (the rules live in `rules.py`).

Per-seat data are lists indexed by seat (0-based); per-city data are lists indexed like
`board.cities`; units are kept by id. `occ` maps every hex to the id of the unit on it (-1:
empty), so "who stands where" never needs a search.
"""

from __future__ import annotations

import dataclasses
import enum
from dataclasses import dataclass, field
from typing import Any

from game.core import codec
from game.core.protocol import Result, Setup, State, View
from game.core.rng import Rng, derive_seed
from game.skirmish.board import Board
from game.skirmish.constants import UNITS


class Phase(enum.Enum):
    """Where a game is; `rules.PHASE_ALLOWS` says which actions each phase accepts."""

    PICK = "pick"        # P-0 / S-2: secret skill picks in seat order
    PLAY = "play"        # P-1..P-5
    OVER = "over"


_new = object.__new__


class Unit:
    """U-3: one unit. Mutable; `copy()` for clones."""

    __slots__ = ("id", "faction", "type", "hp", "hex", "mp_left", "attacks_left", "moved",
                 "attacked", "fresh", "moved_last_turn", "suppression", "defensive",
                 "pavise_ward", "multi_line", "heavy_bow", "single_line")

    def __init__(self, uid: int, faction: int, kind: str, hp: int, hex_: int) -> None:
        self.id = uid
        self.faction = faction
        self.type = kind
        self.hp = hp
        self.hex = hex_
        self.mp_left = 0
        self.attacks_left = 0
        self.moved = False
        self.attacked = False
        self.fresh = False
        self.moved_last_turn = False       # D26: no previous turn counts as "did not move"
        self.suppression = 0
        self.defensive = False             # I4, until own next turn start
        self.pavise_ward = False           # A5, until own next turn start
        self.multi_line = False            # A8, until own next turn start
        self.heavy_bow = False             # A6, this turn
        self.single_line = False           # A7, this turn

    @property
    def max_hp(self) -> int:
        return UNITS[self.type].hp

    @property
    def value(self) -> float:
        """Section 17: cost x hp / max HP (the AI's material measure)."""
        stats = UNITS[self.type]
        return stats.cost * self.hp / stats.hp

    def copy(self) -> "Unit":
        """An independent twin (clones copy every unit: spelled out, it is 3x a loop)."""
        t = _new(Unit)
        t.id = self.id
        t.faction = self.faction
        t.type = self.type
        t.hp = self.hp
        t.hex = self.hex
        t.mp_left = self.mp_left
        t.attacks_left = self.attacks_left
        t.moved = self.moved
        t.attacked = self.attacked
        t.fresh = self.fresh
        t.moved_last_turn = self.moved_last_turn
        t.suppression = self.suppression
        t.defensive = self.defensive
        t.pavise_ward = self.pavise_ward
        t.multi_line = self.multi_line
        t.heavy_bow = self.heavy_bow
        t.single_line = self.single_line
        return t

    def statuses(self) -> list[str]:
        return [name for name in ("defensive", "pavise_ward", "multi_line", "heavy_bow", "single_line")
                if getattr(self, name)]

    def to_json(self, board: Board) -> dict[str, Any]:
        return {
            "id": self.id, "faction": self.faction, "type": self.type, "hp": self.hp,
            "max_hp": self.max_hp, "hex": list(board.col_row(self.hex)),
            "mp_left": self.mp_left, "attacks_left": self.attacks_left, "moved": self.moved,
            "attacked": self.attacked, "fresh": self.fresh,
            "moved_last_turn": self.moved_last_turn, "suppression": self.suppression,
            "statuses": self.statuses(), "trespasser": board.neutral[self.hex],
        }

    def digest_data(self) -> list[Any]:
        return [getattr(self, name) for name in Unit.__slots__]


@dataclass
class SkirmishState(State):
    """Everything that decides a Skirmish game's future."""

    setup: Setup
    board: Board
    rng: Rng
    seats: int
    phase: Phase = Phase.PICK
    current: int = 0                    # the seat picking (PICK) or whose turn it is (PLAY)
    round: int = 0                      # 0 during the picks, then 1..turn_limit
    units: dict[int, Unit] = field(default_factory=dict)
    occ: list[int] = field(default_factory=list)             # per hex: unit id or -1
    next_unit_id: int = 1
    city_owner: list[int] = field(default_factory=list)      # seat, FREE or NEUTRAL
    city_siege: list[int] = field(default_factory=list)      # C-6
    city_hit: list[bool] = field(default_factory=list)       # C-6 hit_this_round
    city_voucher: list[int] = field(default_factory=list)    # V-4: seat holding it, or -1
    funds: list[int] = field(default_factory=list)
    overlord: list[int] = field(default_factory=list)        # seat or -1 (V-2)
    picked: list[bool] = field(default_factory=list)         # S-2 picks made (public)
    picks: list[tuple[str, ...]] = field(default_factory=list)  # S-2 picks (secret in PICK)
    skills: list[frozenset[str]] = field(default_factory=list)  # fixed + picks
    cover: list[str] = field(default_factory=list)           # I12 cover policy per seat
    pools: list[list[list[Any]]] = field(default_factory=list)  # I1: [[members, pool], ...]
    arrow_rain: dict[int, int] = field(default_factory=dict)    # A12: attacks on a unit this turn
    winners: tuple[int, ...] | None = None
    end_cause: str = ""                 # the deciding rule: "W-2" or "W-3"
    # Derived data, never saved. `_cache` holds answers valid until the next change (cleared
    # after every action and by every change notice). `_searches` keeps movement searches and
    # what they read (per-hex rules, Intercept zones, targets) within a turn: each entry is
    # keyed by what it read (see movement.reach; a bare int key is a faction's
    # `combat.strike_rules`, no other entry's), using the change counters `_stamps` (per
    # seat: bumped whenever a unit hostile to it appears, vanishes, moves or changes class, a
    # city's owner changes or it is breached or its breach ends (M-5e: a siege strike that
    # does not breach changes nothing searches read), a unit steps on or off a city hostile
    # to it, or a bloc
    # changes: everything a search of that seat reads besides its own bloc's units). Its values
    # are never changed, so clones start from a copy of it (a search tree's nodes share the
    # searches of their parent; the counters only grow, so a clone never meets an old stamp
    # again after it changes). `_reach` keeps option lists, which are patched in place (a
    # unit's MoveList under its id: an int key costs less than a tuple, -0.4 % instructions
    # in random play), and is not copied; `_log` lists the hexes whose occupant changed
    # this turn, so an option list can tell whether a change happened where it looks.
    _cache: dict[Any, Any] = field(default_factory=dict, repr=False, compare=False)
    _searches: dict[Any, Any] = field(default_factory=dict, repr=False, compare=False)
    _reach: dict[Any, Any] = field(default_factory=dict, repr=False, compare=False)
    _stamps: list[int] = field(default_factory=list, repr=False, compare=False)
    _log: list[int] = field(default_factory=list, repr=False, compare=False)
    # units an own action changed since the last legal-action listing (rules.legal_actions)
    _acted: list[int] = field(default_factory=list, repr=False, compare=False)
    _roots: list[int] = field(default_factory=list, repr=False, compare=False)
    _roots_of: list[int] = field(default_factory=list, repr=False, compare=False)  # overlord then
    _foes: list[tuple[int, ...]] = field(default_factory=list, repr=False,   # per seat, the seats
                                         compare=False)                       # of other blocs

    def __post_init__(self) -> None:
        if not self._stamps:
            self._stamps = [0] * self.seats

    # ---- change notices (keep the derived data honest) ---------------------------------------
    def unit_changed(self, u: Unit, old_hex: int) -> None:
        """Unit `u` appeared, vanished, moved from `old_hex` or changed class: the seats
        hostile to it (every seat when it stepped on or off a city hostile to it) get a new
        stamp."""
        log = self._log
        log.append(old_hex)
        new = u.hex
        if new != old_hex:
            log.append(new)
        stamps = self._stamps
        city_at = self.board.city_at
        k, k2 = city_at[old_hex], city_at[new]
        if ((k >= 0 and self.city_hostile(k, u.faction))
                or (k2 >= 0 and self.city_hostile(k2, u.faction))):
            for s in range(self.seats):
                stamps[s] += 1
        else:
            if self._roots_of != self.overlord:
                self.roots()
            for s in self._foes[u.faction]:
                stamps[s] += 1
        self._cache.clear()

    def cities_changed(self) -> None:
        """A city's owner changed, it was breached or its breach ended, or a faction's
        overlord changed: every seat gets a new stamp."""
        stamps = self._stamps
        for s in range(self.seats):
            stamps[s] += 1
        self._cache.clear()

    def touch(self) -> None:
        """Forget all derived data after a direct change of the state (scenario builders)."""
        self._cache.clear()
        self._searches.clear()
        self._reach.clear()
        self._log.clear()
        self._acted.clear()
        for s in range(self.seats):
            self._stamps[s] += 1

    # ---- small queries ----------------------------------------------------------------------
    def root(self, seat: int) -> int:
        """V-2: the head of `seat`'s bloc."""
        lord = self.overlord[seat]
        return seat if lord < 0 else lord

    def roots(self) -> list[int]:
        """V-2: every seat's `root`, kept while `overlord` stays equal (compared, so a change
        made without a notice is seen too). Do not change the list."""
        if self._roots_of != self.overlord:
            roots = self._roots = [self.root(s) for s in range(self.seats)]
            self._foes = [tuple(s for s, r in enumerate(roots) if r != rf) for rf in roots]
            self._roots_of = list(self.overlord)
        return self._roots

    def hostile(self, a: int, b: int) -> bool:
        """Seats in different blocs (V-2). Agents ask this very often: `roots` inlined."""
        roots = self._roots if self._roots_of == self.overlord else self.roots()
        return roots[a] != roots[b]

    def city_hostile(self, k: int, seat: int) -> bool:
        """City k can be struck and captured by `seat` (never a neutral city, N-1). Asked for
        every city at every turn start (`combat.hostile_targets`): `roots` inlined."""
        owner = self.city_owner[k]
        if owner == -2:
            return False
        if owner == -1:
            return True
        roots = self._roots if self._roots_of == self.overlord else self.roots()
        return roots[owner] != roots[seat]

    def unit_at(self, h: int) -> Unit | None:
        uid = self.occ[h]
        return self.units[uid] if uid >= 0 else None

    def has(self, seat: int, code: str) -> bool:
        return code in self.skills[seat]

    def defunct(self, seat: int) -> bool:
        """V-6: no cities and no units."""
        if seat in self.city_owner:
            return False
        return not any(u.faction == seat for u in self.units.values())

    def cities_of(self, seat: int) -> int:
        return sum(1 for o in self.city_owner if o == seat)

    def vp(self) -> list[float]:
        """W-1: root VP = cities of the root and its vassals; vassal VP = overlord's / 2."""
        roots = self.roots()
        total = [0] * self.seats
        for k, owner in enumerate(self.city_owner):
            if owner >= 0:
                total[roots[owner]] += self.board.cities[k].vp
        out: list[float] = []
        for s in range(self.seats):
            lord = self.overlord[s]
            out.append(total[s] if lord < 0 else total[lord] / 2)
        return [int(v) if float(v).is_integer() else v for v in out]

    def pool_of(self, uid: int) -> list[Any] | None:
        """The I1 group record `[members, pool]` holding unit `uid`, if any."""
        unit = self.units.get(uid)
        if unit is None:
            return None
        for group in self.pools[unit.faction]:
            if uid in group[0]:
                return group
        return None

    # ---- protocol pieces that are plain data ------------------------------------------------
    def clone(self, reseed: int | None = None) -> "SkirmishState":
        twin = object.__new__(type(self))
        twin.__dict__.update(self.__dict__)
        twin.rng = Rng(derive_seed(reseed, self.rng.state)) if reseed is not None else self.rng.copy()
        twin.units = {uid: u.copy() for uid, u in self.units.items()}
        twin.occ = list(self.occ)
        twin.city_owner = list(self.city_owner)
        twin.city_siege = list(self.city_siege)
        twin.city_hit = list(self.city_hit)
        twin.city_voucher = list(self.city_voucher)
        twin.funds = list(self.funds)
        twin.overlord = list(self.overlord)
        twin.picked = list(self.picked)
        twin.picks = list(self.picks)
        twin.skills = list(self.skills)
        twin.cover = list(self.cover)
        twin.pools = [[[g[0], g[1]] for g in groups] for groups in self.pools]
        twin.arrow_rain = dict(self.arrow_rain)
        twin._cache = {}
        twin._searches = dict(self._searches)     # immutable values: shared (see above)
        twin._reach = {}      # option lists are patched in place: the twin builds its own
        twin._stamps = list(self._stamps)
        twin._log = []
        twin._acted = []
        return twin

    def result(self) -> Result | None:
        if self.winners is None:
            return None
        # W-4: more than one rank-1 faction is a draw (a shared place)
        return Result(winners=self.winners, scores=tuple(self.vp()), cause=self.end_cause,
                      draw=len(self.winners) > 1)

    def digest_data(self) -> Any:
        return {
            "setup": codec.encode(self.setup),
            "board": self.board.to_json(),
            "rng": self.rng.get_state(),
            "phase": self.phase.value,
            "current": self.current,
            "round": self.round,
            "units": [self.units[k].digest_data() for k in sorted(self.units)],
            "next_unit_id": self.next_unit_id,
            "city_owner": self.city_owner,
            "city_siege": self.city_siege,
            "city_hit": self.city_hit,
            "city_voucher": self.city_voucher,
            "funds": self.funds,
            "overlord": self.overlord,
            "picked": self.picked,
            "picks": [list(p) for p in self.picks],
            "skills": [sorted(s) for s in self.skills],
            "cover": self.cover,
            "pools": [[[sorted(g[0]), g[1]] for g in groups] for groups in self.pools],
            "arrow_rain": sorted(self.arrow_rain.items()),
            "winners": list(self.winners) if self.winners is not None else None,
            "end_cause": self.end_cause,
        }

    def view(self, seat: int | None) -> "SkirmishView":
        """H-1: all is public except other seats' picks until every pick is made, and the RNG."""
        public = self.clone()
        # H-3: the copy's RNG and seed are stand-ins, so nothing predicts the real rolls.
        public.rng = Rng(derive_seed("public view", self.round, self.current))
        public.setup = dataclasses.replace(self.setup, seed=0)
        if self.phase is Phase.PICK:
            for s in range(self.seats):
                if s != seat:
                    public.picks[s] = ()
                    public.skills[s] = frozenset(self.board.factions[s].fixed_skills)
            public.touch()
        return SkirmishView(seat=seat, game=public)


@dataclass(frozen=True)
class SkirmishView(View):
    """What a seat sees: the public game, as a redacted copy whose RNG is not the game's.

    `game` answers the same queries as the real state (reachable hexes, paths, forecasts), so
    screens and agents never re-implement rules; playing on it never touches the real game.
    """

    seat: int | None
    game: SkirmishState

    @property
    def phase(self) -> Phase:
        return self.game.phase

    def to_json(self) -> dict[str, Any]:
        g = self.game
        b = g.board
        factions = []
        for s in range(g.seats):
            spec = b.factions[s]
            factions.append({
                "id": spec.id, "name": spec.name, "name_zh": spec.name_zh, "color": spec.color,
                "funds": g.funds[s], "overlord": g.overlord[s], "picked": g.picked[s],
                "fixed_skills": list(spec.fixed_skills), "picks": list(g.picks[s]),
                "skills": sorted(g.skills[s]), "cover_policy": g.cover[s],
                "pools": [[sorted(grp[0]), grp[1]] for grp in g.pools[s]],
                "cities": g.cities_of(s), "defunct": g.defunct(s),
            })
        cities = []
        for k, spec in enumerate(b.cities):
            cities.append({
                "hex": list(b.col_row(spec.hex)), "name": spec.name, "name_zh": spec.name_zh,
                "owner": g.city_owner[k], "home": spec.home, "vp": spec.vp, "income": spec.income,
                "siege": g.city_siege[k], "hit_this_round": g.city_hit[k],
                "breached": g.city_siege[k] >= b.siege_rounds, "voucher": g.city_voucher[k],
            })
        return {
            "seat": self.seat,
            "board": b.to_json(),
            "seats": list(g.setup.seats),
            "phase": g.phase.value,
            "current": g.current,
            "round": g.round,
            "factions": factions,
            "cities": cities,
            "units": [g.units[k].to_json(b) for k in sorted(g.units)],
            "vp": list(g.vp()),
            "arrow_rain": sorted([k, v] for k, v in g.arrow_rain.items()),
            "winners": list(g.winners) if g.winners is not None else None,
        }

