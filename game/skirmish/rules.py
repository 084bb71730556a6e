"""Skirmish rules: the protocol over the rule families, and the Ruleset.

Each action family lives with its rules as plain functions over the state: `movement` and
`paths` (move, N-4), `combat` (attack), `economy` (produce), `skills` (pick_skills, dismount,
set_cover_policy), `turn` (end_turn and the turn structure); `cities` and `effects` hold what
they share. Every family gives three functions, wired here by tables: its options (what
`legal_actions` lists), its reason (why `apply` would refuse, E-2 order) and its effect. A
family's reason accepts an action exactly when its options list it, because both ask the same
function (`move_list`, `targets_from`, `_kinds`, ...): legality lives in one place.
"""

from __future__ import annotations

from typing import Any, Callable

from game.core.errors import IllegalAction
from game.core.protocol import Action, Event, Ruleset, Setup
from game.core.rng import Rng, derive_seed
from game.core.tiled import read_map
from game.skirmish import actions as A
from game.skirmish.board import FREE, NEUTRAL, OFF, Board, board_from_map
from game.skirmish.combat import attack_options, attack_reason, do_attack, forecast
from game.skirmish.constants import DEFAULT_COVER_POLICY
from game.skirmish.economy import do_produce, produce_options, produce_reason, unit_cost
from game.skirmish.movement import (
    neutral_stands, may_move, move_list, move_options, move_reason, move_targets, obligation,
    reach, sync_moves, trespass_pending,
)
from game.skirmish.paths import best_path, do_move
from game.skirmish.skills import (
    cover_options, cover_reason, dismount_options, dismount_reason, do_cover, do_dismount,
    pick_options, pick_reason, record_pick,
)
from game.skirmish.state import Phase, SkirmishState, SkirmishView, Unit
from game.skirmish.turn import do_end_turn, do_pick, end_turn_options, end_turn_reason

Check = Callable[[SkirmishState, int, Any], "str | None"]
Effect = Callable[[SkirmishState, int, Any], "list[Event]"]

PHASE_ALLOWS: dict[Phase, frozenset[type]] = {
    Phase.PICK: frozenset({A.PickSkills}),
    Phase.PLAY: frozenset({A.Move, A.Attack, A.Produce, A.Dismount, A.SetCoverPolicy, A.EndTurn}),
    Phase.OVER: frozenset(),
}
_PLAY_ALLOWS = PHASE_ALLOWS[Phase.PLAY]   # asked for every action: no Enum hash on the way
# Read for every action: an Enum member read through its class costs several times a global.
_OVER, _PICK, _PLAY = Phase.OVER, Phase.PICK, Phase.PLAY
REASONS: dict[type, Check] = {
    A.PickSkills: pick_reason,
    A.Move: move_reason,
    A.Attack: attack_reason,
    A.Produce: produce_reason,
    A.Dismount: dismount_reason,
    A.SetCoverPolicy: cover_reason,
    A.EndTurn: end_turn_reason,
}
EFFECTS: dict[type, Effect] = {
    A.PickSkills: do_pick,
    A.Move: do_move,
    A.Attack: do_attack,
    A.Produce: do_produce,
    A.Dismount: do_dismount,
    A.SetCoverPolicy: do_cover,
    A.EndTurn: do_end_turn,
}
# legal_actions order: per own unit (id order) its moves, attacks, dismount (`_unit_check`);
# then the seat's production, cover policies and end_turn.
SEAT_OPTIONS = (produce_options, cover_options, end_turn_options)
# The actions that change fields of their unit that its options read (hex, MP, attacks, class);
# no own action changes another own unit's (a counterattack may kill the attacker: the units
# change then, and the whole list is checked).
UNIT_ACTIONS = frozenset({A.Move, A.Attack, A.Dismount})


def _own_units(game: SkirmishState, seat: int) -> list[Unit]:
    """`seat`'s units in id order (`units` is: ids grow, clones copy the dict in order), kept
    while no unit appears (`next_unit_id` grows) or vanishes (fewer units); a unit never
    changes faction."""
    key = ("own", seat)
    sig = (game.next_unit_id, len(game.units))
    entry = game._reach.get(key)
    if entry is None or entry[0] != sig:
        entry = (sig, [u for u in game.units.values() if u.faction == seat])
        game._reach[key] = entry
    return entry[1]


def _unit_check(game: SkirmishState, u: Unit, stamp: int, kept: dict[int, Any],
                neutral: list[bool]) -> tuple:
    """The options of own, non-fresh unit `u` off neutral land, kept in `kept` while nothing
    they read changed: `(fields, moves, acts, extras)`, the moves (a `MoveList` and its
    Moves, or None twice when `u` may not move) and the attacks and dismount. What they read:
    the unit's own fields and the hostile units, cities and blocs (`fields`, with the seat's
    `bloc_stamp`); occupants changing on hexes its Moves reach only add or drop those Moves
    (`sync_moves`, which `legal_actions` runs). `(None, u, None, None)` for a unit on neutral
    land (`neutral`, the board's), whose options N-4 makes depend on more than its fields
    (`legal_actions` lists those from nothing every time). (One function, not a check and a
    builder: -0.3 % instructions, 20 random games.)"""
    if neutral[u.hex]:
        return (None, u, None, None)
    fields = (u.hex, u.mp_left, u.attacks_left, u.attacked, u.type, stamp)
    entry = kept.get(u.id)
    if entry is not None and entry[0] == fields:
        return entry
    extras = attack_options(game, u)
    dismount = dismount_options(game, u)
    if dismount:
        extras += dismount
    if may_move(game, u):
        moves = move_list(game, u)
        entry = (fields, moves, moves.acts, extras)     # `acts` is only ever patched in place
    else:
        entry = (fields, None, None, extras)
    kept[u.id] = entry
    return entry


def _seat_options(game: SkirmishState, seat: int, sig: tuple) -> list[Action]:
    """The seat's production, cover policies and end_turn (`SEAT_OPTIONS`, in that order),
    kept while what they read stays: the seat's stamp and units (`sig`, see legal_actions),
    funds and cover policy, and the occupants of city and neutral hexes (no change-log entry
    names one of `Board.seat_watch`). Kept only while no unit stands on neutral land: then
    end_turn is listed (N-4) and stays so until a unit steps on one."""
    log = game._log
    funds, cover = game.funds[seat], game.cover[seat]
    entry = game._reach.get("seat")
    if (entry is not None and entry[1] == sig and entry[2] == funds and entry[3] == cover
            and (entry[0] == len(log) or game.board.seat_watch.isdisjoint(log[entry[0]:]))):
        entry[0] = len(log)
        return entry[4]
    found: list[Action] = []
    for seat_options in SEAT_OPTIONS:
        found += seat_options(game, seat)
    if neutral_stands(game):
        game._reach.pop("seat", None)
    else:
        game._reach["seat"] = [len(log), sig, funds, cover, found]
    return found


class SkirmishGame(SkirmishState):
    """A Skirmish game: the protocol methods over `SkirmishState`'s data."""

    # ---- protocol -----------------------------------------------------------------------
    def to_move(self) -> list[int]:
        return [] if self.phase is _OVER else [self.current]

    def legal_actions(self, seat: int) -> list[Action]:
        """Exactly what `apply` accepts from `seat` now (the families' options)."""
        if self.phase is _OVER or seat != self.current:
            return []
        if self.phase is _PICK:
            return list(pick_options(self, seat))
        out: list[Action] = []
        log = self._log
        seen = len(log)
        acted = self._acted
        reach = self._reach
        # the seat, its stamp (bloc_stamp) and what `_own_units` keys its list by
        sig = (seat, self._stamps[seat], self.next_unit_id, len(self.units))
        listing = reach.get("listing")
        if listing is None or listing[0] != sig:
            # every own unit's kept options checked (`_unit_check`)
            stamp, kept, neutral = sig[1], reach.get("options"), self.board.neutral
            if kept is None:
                kept = reach["options"] = {}
            rows = []
            where = {}
            for u in _own_units(self, seat):
                if not u.fresh:
                    where[u.id] = len(rows)
                    rows.append(_unit_check(self, u, stamp, kept, neutral))
            reach["listing"] = (sig, rows, where)
        else:
            # Same units, same hostile world (stamp) as at the last listing this turn: only
            # the units that acted since (the one whose fields an own action changes, `apply`
            # notes them) need checking again; trespassers (N-4) are redone below anyway.
            rows, where = listing[1], listing[2]
            if acted:
                stamp, kept, neutral = sig[1], reach["options"], self.board.neutral
                for uid in acted:
                    i = where.get(uid)
                    if i is not None:
                        rows[i] = _unit_check(self, self.units[uid], stamp, kept, neutral)
        acted.clear()
        cut, news = seen, ()                    # log[cut:], most lists last saw the same cut
        for fields, moves, acts, extras in rows:
            if acts is not None:
                # patched only when an occupant changed on a hex the unit reaches
                last = moves.seen
                if last != seen:
                    if last != cut:
                        cut = last
                        news = log[cut:]
                    if moves.keys.isdisjoint(news):
                        moves.seen = seen
                    else:
                        sync_moves(self, moves)
                out += acts
            elif fields is None:                # on neutral land (N-4): redone every time
                u = moves
                out += move_options(self, u)
                out += attack_options(self, u)
                out += dismount_options(self, u)
                continue
            if extras:                          # most units have no attack or dismount
                out += extras
        out += _seat_options(self, seat, sig)
        return out

    def apply(self, seat: int, action: Action) -> list[Event]:
        if self._reason_key(seat, action) is not None:
            raise self.reason(seat, action)     # built only when refused: asks again
        kind = type(action)
        events = EFFECTS[kind](self, seat, action)
        if kind in UNIT_ACTIONS:
            self._acted.append(action.unit)     # see legal_actions
        self._cache.clear()
        return events

    def reason(self, seat: int, action: object) -> IllegalAction | None:
        """The refusal `apply(seat, action)` would raise now (E-2 order), or None if legal."""
        kind = type(action)
        if kind not in REASONS:
            return IllegalAction("not_an_action", action=kind.__name__, seat=seat)
        key = self._reason_key(seat, action)
        if key is None:
            return None
        return IllegalAction(key, action=kind.type_name, seat=seat)

    def _reason_key(self, seat: int, action: object) -> str | None:
        """E-2: any action (`game_over`, `wrong_phase`, `not_your_turn`), then its family's."""
        phase = self.phase
        if phase is _OVER:
            return "game_over"
        kind = type(action)
        if kind not in (_PLAY_ALLOWS if phase is _PLAY else PHASE_ALLOWS[phase]):
            return "wrong_phase"
        if seat != self.current:
            return "not_your_turn"
        return REASONS[kind](self, seat, action)

    # ---- queries for screens and agents ---------------------------------------------------
    def move_options(self, u: Unit) -> list[int]:
        """Legal Move destinations of `u` now, N-4 obligations included."""
        return list(move_targets(self, u))

    def obligation(self, u: Unit) -> set[int] | None:
        """N-4: the hexes a trespasser's Moves must end on, or None when it has no duty."""
        return obligation(self, u)

    def trespass_pending(self, seat: int) -> bool:
        """N-4: some unit of `seat` still has to leave (or get ready to leave) neutral land."""
        return trespass_pending(self, seat)

    def reachable(self, uid: int) -> dict[tuple[int, int], int]:
        """For a screen: every hex `uid` may pass or stop on -> MP left there."""
        u = self.units[uid]
        coords = self.board.coords
        return {coords[h]: m for h, m in reach(self, u).items()}

    def path(self, uid: int, to: tuple[int, int]) -> list[tuple[int, int]]:
        """For a screen: the M-6 path a Move of `uid` to `to` would walk ([] if none)."""
        h = self.board.index(to)
        if h == OFF or uid not in self.units:
            return []
        found = best_path(self, self.units[uid], h)
        return [self.board.coords[x] for x in found[0]] if found else []

    def cost_of(self, seat: int, kind: str) -> int:
        """C-4: what `seat` pays for a unit of `kind` now."""
        return unit_cost(self, seat, kind)

    def forecast(self, uid: int, target: tuple[int, int]) -> dict[str, float]:
        """For a screen: void chance, expected damage, kill and counter chances (combat.forecast)."""
        return forecast(self, self.units[uid], self.board.index(target))


def new_state(setup: Setup, board: Board) -> SkirmishGame:
    """A game on `board` for `setup`'s seats: the first N factions of the map take part."""
    n = len(setup.seats)
    units: dict[int, Unit] = {}
    occ = [-1] * board.size
    next_id = 1
    for spec in board.units:
        if spec.faction < n:
            u = Unit(next_id, spec.faction, spec.type, spec.hp, spec.hex)
            units[next_id] = u
            occ[spec.hex] = next_id
            next_id += 1
    owners = [c.owner if c.owner == NEUTRAL or c.owner < n else FREE for c in board.cities]
    factions = board.factions[:n]
    return SkirmishGame(
        setup=setup, board=board, rng=Rng(setup.seed), seats=n,
        units=units, occ=occ, next_unit_id=next_id,
        city_owner=owners, city_siege=[0] * len(owners), city_hit=[False] * len(owners),
        city_voucher=[-1] * len(owners),
        funds=[f.funds for f in factions], overlord=[-1] * n, picked=[False] * n,
        picks=[()] * n, skills=[frozenset(f.fixed_skills) for f in factions],
        cover=[DEFAULT_COVER_POLICY] * n, pools=[[] for _ in range(n)],
    )


class SkirmishRuleset(Ruleset):
    """Skirmish: 2-4 factions on a hex battlefield, open information except skill picks."""

    id = "skirmish"
    min_players = 2
    max_players = 4
    has_hidden_info = True
    map_folder = "skirmish"
    default_map_name = "four_banners.tmx"

    def read_board(self, path: str) -> Board:
        """The validated battlefield of the map at `path` (16.1, D38)."""
        return board_from_map(read_map(path))

    def state_from_view(self, view: SkirmishView, rng: Rng) -> SkirmishGame:
        """A full game consistent with what `view.seat` sees (H-1): the public game, a fresh
        RNG drawn from `rng` (R-3: the real future rolls stay unknown) and, during the picks,
        the picks other seats already made drawn uniformly from their legal picks (S-2)."""
        game = view.game.clone()
        game.rng = Rng(derive_seed("state from view", rng.below(2**31), rng.below(2**31)))
        if game.phase is Phase.PICK:
            for s in range(game.seats):
                if s != view.seat and game.picked[s]:
                    options = pick_options(game, s)
                    record_pick(game, s, options[rng.below(len(options))])
        game.touch()
        return game

    def make_state(self, setup: Setup, board: Board) -> SkirmishGame:
        """The picks (P-0) of a game on `board`: the first N factions of the map take part."""
        if len(setup.seats) > len(board.factions):
            raise IllegalAction("bad_seat_count", count=len(setup.seats), min=self.min_players,
                                max=len(board.factions))
        return new_state(setup, board)
