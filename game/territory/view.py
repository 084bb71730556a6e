"""Dice for Land views (T-18): what one seat may see, built from the state.

Hidden groups read as unclaimed land without buildings or undead hostility (and the view's
board has them blanked); other tribes' resources are shown as at START (holdings + escrow),
their orders, escrow, pending research and settings are absent; treasure spots never appear;
neither the seed nor the RNG state is part of a view (issue 17).
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from operator import itemgetter
from typing import Any, Callable

from game.core.protocol import View
from game.territory import position
from game.territory.board import Board, NeutralGroup
from game.territory.constants import BUILDINGS, NONE, Params
from game.territory.state import NOBODY, Phase, TerritoryState, Tribe


def make_view(st: TerritoryState, seat: int | None, shared: bool = False) -> "TerritoryView":
    """T-18: the public board (hidden groups as unclaimed land, no treasure spots), every
    tribe's public data, and only `seat`'s own orders and holdings/escrow split.

    `shared`: the view holds the state's own lists wherever it shows them unchanged (the
    owner, building and hostility lists too when nothing is hidden) and the tribes that
    are `shown_as_is`, for a reader that drops it before the state changes and never
    changes it (the system tribes' planner, T-14.4): copying a big board's lists was a
    third of a system tribe's view, public copies of the tribes another third."""
    owner, building, hostile = st.owner, st.building, st.hostile
    revealed = st.revealed
    copied = not shared
    if copied:
        owner, building, hostile = list(owner), list(building), list(hostile)
    for g, group in enumerate(st.board.groups):  # only neutral tiles can be hidden
        if not revealed[g]:
            for i in group.tiles:
                if owner[i] < NOBODY:  # undead or goblin in an unrevealed group: hidden
                    if not copied:
                        owner, building, hostile = list(owner), list(building), list(hostile)
                        copied = True
                    owner[i], building[i], hostile[i] = NOBODY, NONE, 0
    tribes = [t.copy() if t.seat == seat and seat is not None
              else t if shared and shown_as_is(t) else t.public_copy() for t in st.tribes]
    own: Callable[[Any], Any] = _itself if shared else list   # a list shown: held or copied
    return TerritoryView(
        seat=seat, board=public_board(st.board, st.revealed), params=st.params,
        seats=st.setup.seats,
        order=st.order, phase=st.phase, turn=st.turn, pick_index=st.pick_index,
        tribes=tribes, owner=owner, building=building, commerce=own(st.commerce),
        walls=own(st.walls), tunnel=own(st.tunnel), desolate=own(st.desolate),
        gift=own(st.gift), hostile=hostile, revealed=own(st.revealed),
        submission=st.submission, volcano=st.volcano, turmoil_until=st.turmoil_until,
        winter_until=st.winter_until, demands=own(st.demands), trades=own(st.trades),
        vassal_offers=own(st.vassal_offers), grievances=own(st.grievances),
        attacked=st.attacked if shared else dict(st.attacked), final_turn=st.final_turn,
        winners=st.winners, to_move=tuple(st.to_move()),
    )


def _itself(value: Any) -> Any:
    """`value` (a shared view holds the state's own list)."""
    return value


def shown_as_is(t: Tribe) -> bool:
    """The tribe's public copy (`Tribe.public_copy`) would equal it: no orders (so no
    escrow), no pending research, default settings, nothing entered this turn. About half
    the tribes a system tribe's view shows (the system tribes yet to play, the dead)."""
    return (not t.orders and not t.researching and t.priority == "gme" and t.flower == 0
            and t.core == -1 and t.next_order == 0 and t.edits == 0 and not t.used
            and not t.full and t.entries == 0 and t.frontier == 0)


def public_board(board: Board, revealed: Any) -> Board:
    """T-18.1: the board as a seat may know it: no treasure spots, and unrevealed neutral
    groups blanked (same indices, no tiles), so nothing hidden travels with a view. Cached
    on the board per set of revealed groups."""
    key = ("public", bytes(map(bool, revealed)))
    public = board.memo.get(key)
    if public is None:
        groups = tuple(g if revealed[k] else NeutralGroup("", "", (), ())
                       for k, g in enumerate(board.groups))
        public = board.memo[key] = replace(board, treasures={}, groups=groups)
    return public


@dataclass
class TerritoryView(View):
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

    @property
    def round(self) -> int:
        """The turn number, as the state's `round` (the shared screens count by it)."""
        return self.turn

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
            "caps": [position.cap(self, t.id) if t.alive else 0 for t in self.tribes],
            "incomes": [list(position.income(self, t.id)) if t.alive else [0, 0, 0] for t in self.tribes],
            "owner": list(self.owner),
            "building": [BUILDINGS[b] for b in self.building],
            "commerce": [i for i in range(size) if self.commerce[i]],
            "walls": position.walls_json(self),
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
        }


def view_key(view: TerritoryView) -> tuple:
    """Everything in `view` as one hashable value that is equal for two views exactly when
    a reader of them cannot tell them apart: lists as tuples in their order, sets and dicts in
    their iteration order (equal sets can iterate differently, and a reader could follow that
    order), the board and the parameters by identity (a holder of the key keeps the view, so
    those objects stay alive and their ids theirs). `VIEW_KEY_FIELDS` names what it covers."""
    v = view
    return (id(v.board), id(v.params), v.seat, v.seats, v.order, v.phase, v.turn, v.pick_index,
            tuple(map(tribe_key, v.tribes)), tuple(v.owner), tuple(v.building),
            tuple(v.commerce), tuple(v.walls), tuple(v.tunnel), tuple(v.desolate), tuple(v.gift),
            tuple(v.hostile), tuple(v.revealed), v.submission, v.volcano, v.turmoil_until,
            v.winter_until, tuple(v.demands), tuple(v.trades), tuple(v.vassal_offers),
            tuple(v.grievances), tuple(v.attacked.items()), v.final_turn, v.winners, v.to_move)


VIEW_KEY_FIELDS = frozenset((
    "board", "params", "seat", "seats", "order", "phase", "turn", "pick_index", "tribes", "owner",
    "building", "commerce", "walls", "tunnel", "desolate", "gift", "hostile", "revealed",
    "submission", "volcano", "turmoil_until", "winter_until", "demands", "trades",
    "vassal_offers", "grievances", "attacked", "final_turn", "winners", "to_move"))


def tribe_key(t: Tribe) -> tuple:
    """A tribe's every attribute (`Tribe.copy` copies the same `__dict__`) as in `view_key`:
    when they are exactly the dataclass fields in their order (always, unless someone set
    another attribute), read by name in three C-level gets; else one by one."""
    d = t.__dict__
    if tuple(d) != _TRIBE_FIELDS:
        return tuple((name, _frozen(value)) for name, value in d.items())
    return (_TRIBE_SCALARS(d), *map(tuple, _TRIBE_SEQUENCES(d)),
            *(tuple(m.items()) for m in _TRIBE_MAPS(d)))


def _frozen(value: Any) -> Any:
    """A list, set or dict as a tuple in its iteration order (dicts as items), with its type."""
    kind = type(value)
    if kind is list or kind is set or kind is frozenset:
        return (kind, tuple(value))
    if kind is dict:
        return (kind, tuple(value.items()))
    return value


_TRIBE_FIELDS = tuple(f.name for f in fields(Tribe))
_SEQUENCES = ("res", "techs", "researching", "orders", "full")   # lists and sets of a tribe
_MAPS = ("spice", "used")
_TRIBE_SEQUENCES = itemgetter(*_SEQUENCES)
_TRIBE_MAPS = itemgetter(*_MAPS)
_TRIBE_SCALARS = itemgetter(*(n for n in _TRIBE_FIELDS if n not in _SEQUENCES + _MAPS))
