"""Landship rules: the game's protocol methods, the action tables, the Ruleset.

The rules themselves live by family as plain functions over the state: `movement`, `combat`,
`building` (checks in stages, plays, effects), `weather` (E), `turn` (the T/V flow), with
`legality` as the one place that checks one action and enumerates all of them from the same
stages. This module dispatches through tables, `{action type: handler}`. Agents live in
`agents.py` (rules never import AI code).
"""

from __future__ import annotations

from itertools import repeat
from operator import is_
from typing import Any, Callable

from game.core.errors import IllegalAction
from game.core.protocol import Action, Event, Ruleset, Setup
from game.core.rng import Rng
from game.landship import actions as A
from game.landship import building, combat, legality, movement, turn, weather
from game.landship.base import Look, owned, stalled
from game.landship.board import RULESET_ID, Board, load_board
from game.landship.state import EMPTY, LandshipState, LandshipView, Phase, Ship

# Each effect takes the `Look` of the check that accepted the action (the state has not
# changed since), so what the check computed (a ship's reach) is not computed again.
EFFECTS: dict[type, Callable[[LandshipState, int, Any, Look | None], list[Event]]] = {
    A.Move: movement.do_move,
    A.Attack: combat.do_attack,
    A.Ram: combat.do_ram,
    A.Repair: building.do_repair,
    A.Build: building.do_build,
    A.Capture: building.do_capture,
    A.EndTurn: turn.do_end_turn,
    A.Resign: turn.do_resign,
}

# The effects after which that Look still tells the truth, so the D6 check that follows
# (`turn.settle`) enumerates with it instead of reading the pieces again: a move makes it
# follow (`Look.moved`); an attack or a repair changes only integrity and markers, which a
# Look does not hold. Every other effect may change who owns or occupies what.
KEEPS_LOOK: frozenset[type] = frozenset({A.Move, A.Attack, A.Repair})


def _listed(actions: list[Action], action: object) -> bool:
    """`action` is one of the objects in `actions` (identity: the enumeration's own instances,
    which agents hand back; an equal action built elsewhere is simply checked again)."""
    return any(map(is_, actions, repeat(action)))   # the loop in C: no __eq__ calls


class LandshipGame(LandshipState):
    """A Landship game: the protocol methods over `LandshipState`'s data."""

    # ---- protocol -----------------------------------------------------------------------
    def to_move(self) -> list[int]:
        return [] if self.phase is Phase.OVER else [self.order[self.turn_index]]

    def legal_actions(self, seat: int) -> list[Action]:
        memo = legality.recall(self, seat)
        if memo is not None:
            return list(memo[3])   # a copy: the caller may change its list
        if legality.turn_reason(self, seat):
            return []
        out, look, ends = legality.plays_in(self, seat)
        out.append(A.END_TURN)
        out.append(A.RESIGN)
        legality.remember(self, seat, out, look, ends)
        return list(out)

    def apply(self, seat: int, action: Action) -> list[Event]:
        memo = legality.recall(self, seat)
        if memo is not None and _listed(memo[3], action):
            # the same checks accepted it when they listed it, and nothing changed since
            look = memo[4]
        else:
            memo = None   # the state is not known to be the kept list's
            look = Look(self)
            refusal = legality.refusal(self, seat, action, look)
            if refusal is not None:
                raise refusal
        self.legal_memo = None
        kind = type(action)
        # after a move from the kept list's state only the mover changed (turn.settle)
        moved = None
        if memo is not None and kind is A.Move:
            mover = self.ships[action.ship]  # type: ignore[attr-defined]
            moved = (memo, mover, mover.pos)
        events = EFFECTS[kind](self, seat, action, look)
        if self.auto_end:
            turn.settle(self, events, look if kind in KEEPS_LOOK else None, moved)
        return events

    def play_unchecked(self, seat: int, action: Action) -> list[Event]:
        """Carry out an action already known to be legal here, without checking it again and
        without the automatic flow. Only for agents' private copies (`game_from_view`), which
        try every legal action of an equal position."""
        self.legal_memo = None
        return EFFECTS[type(action)](self, seat, action)

    def reason(self, seat: int, action: object) -> IllegalAction | None:
        """The refusal `apply(seat, action)` would raise now (I-2 order), or None if legal."""
        return legality.refusal(self, seat, action)

    # ---- queries agents, screens and tests ask (the rules are in the family modules) ----
    def stalled(self, ship: Ship) -> bool:
        """E-6: stalled (and storm-protected) during the current round."""
        return stalled(self, ship)

    def owned(self, seat: int, ship_type: str) -> int:
        """S-4: non-hulk ships of `ship_type` that `seat` owns (fresh and wrecked count)."""
        return owned(self, seat, ship_type)

    def sand_cells(self) -> frozenset[int]:
        """E-8: cells under active quicksand."""
        return weather.sand_cells(self)

    def eff_dr(self, ship: Ship) -> int:
        """C-2: max(0, DR + isolation bonus (C-4) - pierce markers (C-5))."""
        return combat.eff_dr(self, ship)

    def line_blocked(self, a: int, b: int) -> bool:
        """C-3: an active fortress (any owner, wrecked too) sits across the line a-b."""
        return combat.line_blocked(self, a, b)

    def allowance(self, move: int, direction: int) -> int:
        """E-7: a straight move's allowance in one direction."""
        return movement.allowance(self, move, direction)

    def destinations(self, ship: Ship) -> list[int]:
        """Cells the ship may move to now (M-1, M-2, E-7), in reading order."""
        return movement.destinations(self, ship)

    def path_to(self, ship: Ship, dest: int) -> list[int] | None:
        """M-3: the reported path (start .. dest), or None if dest is not reachable."""
        return movement.path_to(self, ship, dest)

    def remaining(self) -> list[int]:
        """Seats not yet eliminated, in turn order."""
        return turn.remaining(self)


def start_game(setup: Setup, board: Board, rng: Rng) -> LandshipGame:
    """T-1: place the starts, draw the turn order (D33), start round 1 (T-2, T-3, D6).

    `rng` is the game's generator; tests pass a scripted one to set the dice."""
    n = len(setup.seats)
    game = LandshipGame(setup=setup, board=board, rng=rng, order=tuple(range(n)))
    game.opening_events = tuple(turn.start_game(game, setup, board, rng))
    return game


class LandshipRuleset(Ruleset):
    """Scorched Landships: 2 players, open information, 1+1d4 AP, weather events."""

    id = RULESET_ID
    min_players = 2
    max_players = 2
    has_hidden_info = False
    map_folder = "landship"
    default_map_name = "default.tmx"

    def read_board(self, path: str) -> Board:
        """The validated board of the map at `path` (B-1..B-6, D36)."""
        return load_board(path)

    def make_state(self, setup: Setup, board: Board) -> LandshipGame:
        """T-1 on `board` for the map's player range (D36), dice from the setup's seed."""
        n = len(setup.seats)
        if not board.players_min <= n <= board.players_max:
            raise IllegalAction("bad_seat_count", count=n, min=board.players_min,
                                max=board.players_max)
        return start_game(setup, board, Rng(setup.seed))

    def state_from_view(self, view: LandshipView, rng: Rng) -> LandshipGame:
        """The game `view` shows, with `rng` for the dice to come: everything else is public
        (H-1), so only the RNG is new. The rebuilt setup has seed 0 (a view holds no seed)."""
        return game_from_view(view, rng, auto_end=True)


def game_from_view(view: LandshipView, rng: Rng, auto_end: bool = False) -> LandshipGame:
    """A private game rebuilt from a public view (H-1: the view holds everything but the
    RNG), for agents to try actions on. `rng` draws the dice to come (the seed is not in a
    view, so the rebuilt setup has seed 0); with the default `auto_end=False` a tried action
    never runs on into the next turn."""
    board = view.board
    setup = Setup(seats=view.seats, seed=0, map=board.map_path or None, ruleset=LandshipRuleset.id)
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
    game.last_event = view.last_event
    game.auto_end = auto_end
    return game
