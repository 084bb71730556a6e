"""Turn structure (P-0..P-5): the end of the picks, turn start and end, rounds, the turn
limit, and the `end_turn` action (refused while an N-4 obligation is open).
"""

from __future__ import annotations

from game.core.protocol import Event
from game.skirmish import actions as A
from game.skirmish import events as E
from game.skirmish.cities import TURN_LIMIT, rank_winners
from game.skirmish.economy import collect_income, heal_in_cities
from game.skirmish.effects import finish
from game.skirmish.movement import allowance, trespass_pending
from game.skirmish.skills import (
    end_lasting_statuses, end_turn_statuses, gain_lasting_statuses, gain_turn_statuses,
    in_table_order, record_pick,
)
from game.skirmish.state import Phase, SkirmishState, Unit

NS = "skirmish."


def own_units(game: SkirmishState, seat: int) -> list[Unit]:
    """`seat`'s units in id order (`units` is: ids grow, clones copy the dict in order)."""
    return [u for u in game.units.values() if u.faction == seat]


def do_pick(game: SkirmishState, seat: int, action: A.PickSkills) -> list[Event]:
    """P-0: record a pick; after the last one reveal all (H-2) and start round 1."""
    events = record_pick(game, seat, action)
    if seat + 1 < game.seats:
        game.current = seat + 1
        return events
    events.append(E.SkillsRevealed(tuple(in_table_order(s) for s in game.skills)))
    game.phase = Phase.PLAY
    game.round = 1
    game.touch()
    return advance_from(game, -1, events)


def start_turn(game: SkirmishState, seat: int) -> list[Event]:
    """P-2 for `seat`."""
    b = game.board
    events: list[Event] = [E.TurnStarted(seat, game.round)]
    own = own_units(game, seat)
    end_lasting_statuses(game, seat, own, events)          # 1
    collect_income(game, seat, events)                     # 2
    heal_in_cities(game, seat, own, events)                # 3
    full: dict[str, int] = {}       # per class, the allowance without suppression (U-4)
    for u in own:                                          # 4
        if u.suppression:
            u.mp_left = allowance(game, u)
            events.append(E.Suppressed(u.id, b.coords[u.hex], u.suppression, u.mp_left))
            u.suppression = 0
        else:
            mp = full.get(u.type)
            u.mp_left = full[u.type] = allowance(game, u) if mp is None else mp
        u.attacks_left = 1
        u.moved = u.attacked = u.fresh = False
    gain_turn_statuses(game, seat, own, events)            # 5
    game._cache.clear()
    game._searches.clear()   # a new turn, new MP: old searches will not be asked again
    game._reach.clear()
    game._log.clear()
    game._acted.clear()
    return events


def end_turn(game: SkirmishState, seat: int) -> list[Event]:
    """P-4 for `seat`."""
    own = own_units(game, seat)
    events: list[Event] = []
    for u in own:       # (the statuses gained below read neither MP nor freshness)
        u.moved_last_turn = u.moved
        u.mp_left = 0
        u.fresh = False
    gain_lasting_statuses(game, seat, own, events)
    end_turn_statuses(game, seat, own, events)
    game.arrow_rain.clear()
    events.append(E.TurnEnded(seat))
    return events


def end_turn_reason(game: SkirmishState, seat: int, action: A.EndTurn) -> str | None:
    """E-2 for `end_turn`: N-4 obligations first."""
    return NS + "trespass_pending" if trespass_pending(game, seat) else None


_END_TURN_ONLY = (A.END_TURN,)


def end_turn_options(game: SkirmishState, seat: int) -> tuple[A.EndTurn, ...]:
    """What `legal_actions` lists for end_turn: it unless `end_turn_reason` refuses (shared)."""
    return () if end_turn_reason(game, seat, A.END_TURN) else _END_TURN_ONLY


def do_end_turn(game: SkirmishState, seat: int, action: A.EndTurn) -> list[Event]:
    events = end_turn(game, seat)
    return advance_from(game, seat, events)


def advance_from(game: SkirmishState, seat: int, events: list[Event]) -> list[Event]:
    """P-1: the next non-defunct seat starts its turn; a full cycle ends the round (P-5)."""
    s = seat
    for _ in range(2 * game.seats + 2):
        s += 1
        if s >= game.seats:
            end_round(game, events)
            if game.phase is Phase.OVER:
                return events
            s = 0
        if not game.defunct(s):
            game.current = s
            events.extend(start_turn(game, s))
            return events
    finish(game, events, rank_winners(game), TURN_LIMIT)  # nobody left to play
    return events


def end_round(game: SkirmishState, events: list[Event]) -> None:
    """P-5: siege update (C-6), then W-3."""
    b = game.board
    for k in range(len(game.city_siege)):
        if game.city_siege[k] and not game.city_hit[k]:
            breached = game.city_siege[k] >= b.siege_rounds
            game.city_siege[k] = 0
            if breached:    # searches read only whether a city is breached (M-5e)
                game.cities_changed()
            events.append(E.SiegeLifted(b.coords[b.cities[k].hex]))
        game.city_hit[k] = False
    events.append(E.RoundEnded(game.round, tuple(game.vp())))
    if game.round >= b.turn_limit:
        finish(game, events, rank_winners(game), TURN_LIMIT)
    else:
        game.round += 1
