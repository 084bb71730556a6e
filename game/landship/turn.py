"""Landship turn and round flow (T-1..T-7, V-2..V-7): setup, turn ends, round ends, the end.

After every accepted action the flow runs on by itself (T-2..T-6): a turn whose seat has
nothing left but `end_turn`/`resign` ends at once (D6), the next seat rolls its AP, and after
the last seat the round ends (expiry, event check, scrapping, repetition, elimination, end).
"""

from __future__ import annotations

from game.core.protocol import Event, GameOver, Setup
from game.core.rng import Rng
from game.landship import actions as A
from game.landship import events as E
from game.landship.base import Look
from game.landship.board import Board
from game.landship.constants import BUILDERS
from game.landship.legality import after_move, moved_stamps, plays_in, remember
from game.landship.state import EMPTY, HULK, LandshipState, Phase, Ship
from game.landship.weather import expire, roll_event


def remaining(g: LandshipState) -> list[int]:
    """Seats not yet eliminated, in turn order."""
    return [s for s in g.order if not g.eliminated[s]]


def settle(g: LandshipState, events: list[Event], look: Look | None = None,
           moved: tuple[tuple, Ship, int] | None = None) -> None:
    """D6: end turns automatically while the seat to act has nothing but end/resign. The
    plays found for the seat that then acts are its legal actions: they are kept
    (`legality.remember`) for its `legal_actions` and `apply` while the state is unchanged.
    `look`: a Look over the state as it is now (the action's, if its effect kept it true),
    good until the round ends. `moved`: the action was a move, of this ship from this cell,
    from the state the kept enumeration (`legality.remember`) was made in: the pieces' stamps
    follow the move (`legality.moved_stamps`) and some ships' plays are read from its list
    (`legality.after_move`)."""
    while g.phase is Phase.ACTION:
        seat = g.order[g.turn_index]
        found, look, ends = plays_in(g, seat, look, moved and after_move(g, seat, *moved))
        if found:
            found.append(A.END_TURN)
            found.append(A.RESIGN)
            remember(g, seat, found, look, ends, moved and moved_stamps(g, moved[0][2], moved[1]))
            return
        rnd = g.round
        end_turn(g, events, auto=True)
        moved = None
        if g.round != rnd:
            # the round's end (T-6) may damage, scrap, sink or stall pieces and change the
            # weather; a turn's end alone changes nothing a Look holds (T-5: the pool, pierce
            # markers and the ending seat's turn counters), so the next seat's enumeration
            # may read the same one
            look = None


def end_turn(g: LandshipState, events: list[Event], auto: bool) -> None:
    """T-5: the pool is lost, markers tick, the next seat (or the round's end) follows."""
    seat = g.order[g.turn_index]
    if auto:
        events.append(E.TurnAutoEnded(seat))
    events.append(E.TurnEnded(seat, g.ap))
    g.ap = 0  # T-5 step 1
    turn_cleanup(g, seat, events)
    advance(g, events)


def do_end_turn(g: LandshipState, seat: int, action: A.EndTurn,
                look: Look | None = None) -> list[Event]:
    """T-5: the seat ends its turn."""
    events: list[Event] = []
    end_turn(g, events, auto=False)
    return events


def do_resign(g: LandshipState, seat: int, action: A.Resign,
              look: Look | None = None) -> list[Event]:
    """V-6: eliminated at once; with one player left the game ends (D34 otherwise)."""
    events: list[Event] = [E.PlayerResigned(seat)]
    eliminate(g, seat, events, "V-6", "resigned")
    left = remaining(g)
    if len(left) <= 1:
        finish(g, events, tuple(left), "V-6")
        return events
    g.ap = 0
    turn_cleanup(g, seat, events)
    advance(g, events)
    return events


def turn_cleanup(g: LandshipState, seat: int, events: list[Event]) -> None:
    """T-5 steps 2-3: the seat's pierce markers tick down; its ships' turn state resets."""
    expired: list[int] = []
    for s in g.ships.values():
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


def advance(g: LandshipState, events: list[Event]) -> None:
    """T-5 step 4: the next seat's turn, or the round's end and the next round."""
    i = g.turn_index + 1
    n = len(g.order)
    while i < n and g.eliminated[g.order[i]]:
        i += 1
    if i < n:
        g.turn_index = i
        start_turn(g, events)
        return
    round_end(g, events)
    if g.phase is Phase.OVER:
        return
    round_start(g, events)


def round_start(g: LandshipState, events: list[Event]) -> None:
    """T-2."""
    g.round += 1
    events.append(E.RoundStarted(g.round))
    g.turn_index = next(i for i, s in enumerate(g.order) if not g.eliminated[s])
    start_turn(g, events)


def start_turn(g: LandshipState, events: list[Event]) -> None:
    """T-3 / A-1: roll 1 + 1d4 (+1 in a surge round)."""
    seat = g.order[g.turn_index]
    params = g.board.params
    d4 = g.rng.die(params.ap_die)
    bonus = 1 if g.surge_round == g.round else 0
    g.ap = g.ap_rolled = params.ap_base + d4 + bonus
    events.append(E.TurnStarted(seat, g.round))
    events.append(E.ApRolled(seat, d4, bonus, g.ap))


def round_end(g: LandshipState, events: list[Event]) -> None:
    """T-6 steps 1-6."""
    r = g.round
    expire(g, r, events)
    g.rounds_since_event += 1
    params = g.board.params
    interval = params.outbreak_interval if g.outbreak else params.event_interval
    if g.rounds_since_event >= interval:
        g.rounds_since_event = 0
        roll_event(g, r, events)
    scrap(g, events)
    # step 4: repetition bookkeeping (V-4)
    repeat = False
    for v in g.streaks.values():
        if v[2] and v[2] < r:
            v[2] = 0
        if v[0] and r - v[1] >= params.repeat_window:
            v[0] = 0
        if v[0] > params.repeat_limit:
            repeat = True
    # step 5: elimination (V-2)
    # `has_builder` for every seat in one pass over the pieces (a hulk's owner is no seat)
    with_builder = {s.owner for s in g.ships.values() if s.type in BUILDERS}
    newly = [seat for seat in g.order if not g.eliminated[seat] and seat not in with_builder]
    for seat in newly:
        eliminate(g, seat, events, "V-2", "eliminated")
    # step 6: end checks (V-7)
    left = remaining(g)
    if len(left) == 1:
        finish(g, events, tuple(left), "V-3")
    elif not left:
        finish(g, events, tuple(sorted(newly)), "V-5b")
    elif repeat:
        finish(g, events, tuple(sorted(left)), "V-4")
    elif r >= params.max_rounds:
        finish(g, events, tuple(sorted(left)), "V-5a")


def has_builder(g: LandshipState, seat: int) -> bool:
    """V-2: the seat still owns a builder (wrecked counts)."""
    return any(s.owner == seat and s.type in BUILDERS for s in g.ships.values())


def make_hulk(s: Ship) -> None:
    """S-3: no owner, no statuses, no markers."""
    s.owner = HULK
    s.fresh = False
    s.stalled_round = 0
    s.pierce = []
    s.ap_spent = s.moves = s.actions = 0


def scrap(g: LandshipState, events: list[Event]) -> None:
    """T-6 step 3: wrecks become hulks; pieces flagged `sink` leave the game."""
    xy = g.board.xy
    for s in list(g.ships.values()):
        if s.sink:
            g.cell[s.pos] = EMPTY
            del g.ships[s.id]
            events.append(E.PieceSunk(s.id, s.type, s.former_owner, xy[s.pos]))
        elif s.owner != HULK and s.integrity == 0:
            make_hulk(s)
            events.append(E.ShipDestroyed(s.id, s.type, s.former_owner, xy[s.pos], "scrapped"))


def eliminate(g: LandshipState, seat: int, events: list[Event], rule: str, cause: str) -> None:
    """V-2 / V-6 / D26: the fleet becomes hulks; the seat's pierce markers vanish (C-5)."""
    g.eliminated[seat] = True
    xy = g.board.xy
    for s in g.ships.values():
        if s.owner == seat:
            make_hulk(s)
            events.append(E.ShipDestroyed(s.id, s.type, s.former_owner, xy[s.pos], cause))
        elif s.pierce:
            s.pierce = [m for m in s.pierce if m[0] != seat]
    events.append(E.PlayerEliminated(seat, rule))


def finish(g: LandshipState, events: list[Event], winners: tuple[int, ...], rule: str) -> None:
    """T-7: the game is over; a draw lists everyone who shares it."""
    g.phase = Phase.OVER
    g.winners = winners
    g.end_rule = rule
    g.ap = 0
    result = g.result()
    assert result is not None
    events.append(GameOver.of(result))


def start_game(g: LandshipState, setup: Setup, board: Board, rng: Rng) -> list[Event]:
    """T-1 on an empty state `g`: place the starts, draw the turn order (D33), start round 1
    (T-2, T-3, D6). Returns what happened."""
    n = len(setup.seats)
    g.cell = [EMPTY] * (board.width * board.height)
    g.depleted = list(board.tiles_depleted)
    g.eliminated = [False] * n
    for start in board.starts:
        if start.seat >= n:
            continue
        stats = board.params.stats(start.ship_type)
        ship = Ship(g.next_id, start.ship_type, start.seat, stats.integrity, start.cell)
        g.next_id += 1
        g.ships[ship.id] = ship
        g.cell[start.cell] = ship.id
    # D33: for i = n .. 2: j = d(i); swap positions i and j (1-based)
    order = list(range(n))
    rolls = []
    for i in range(n, 1, -1):
        j = rng.die(i)
        rolls.append(j)
        order[i - 1], order[j - 1] = order[j - 1], order[i - 1]
    g.order = tuple(order)
    events: list[Event] = [E.TurnOrderDrawn(g.order, tuple(rolls))]
    round_start(g, events)
    settle(g, events)
    return events
