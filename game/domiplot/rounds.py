"""The start of a round: protector and chooser (R-1, T-2, T-3), the marker and the target
(T-4, T-5), and the step into joining. Plain functions over the state.
"""

from __future__ import annotations

from game.core.protocol import Event
from game.domiplot import actions as A
from game.domiplot import events as E
from game.domiplot.outcome import STALEMATE, finish, ranking
from game.domiplot.regions import battle_mode, clockwise, distances, has_target
from game.domiplot.state import DomiplotState, Phase


def start_round(g: DomiplotState, events: list[Event]) -> None:
    """R-1: round += 1, protector (T-2) and chooser (T-3), then protect or choose."""
    g.round += 1
    n = g.seat_count
    g.target = None
    g.mode = None
    g.defenders = ()
    g.marker_ignored = False
    g.participant = (False,) * n
    g.distance = (0,) * n
    g.passed = (False,) * n
    g.piles = [[] for _ in range(n)]
    g.allegiance = tuple(range(n))
    g.face_down_of = [None] * n
    g.scored_into = [0] * n
    g.join_order = ()
    g.join_index = 0
    g.offer = None
    g.offer_made = False
    g.tally_player = None
    g.command_player = None
    alive = [not s for s in g.surrendered]
    if g.round == 1:
        g.protector = None
        g.chooser = g.eldest
    else:
        g.protector = next((s for s in (g.last_tally_player, g.last_loser, g.last_winner)
                            if s is not None and alive[s]), None)
        g.chooser = next_chooser(g, alive)
    events.append(E.RoundStarted(g.round, g.protector, g.chooser))
    if g.protector is not None:
        g.phase = Phase.PROTECT
        g.actor = g.protector
        return
    enter_choose(g, events)


def next_chooser(g: DomiplotState, alive: list[bool]) -> int:
    """T-3 steps 1-4 (surrendered players are skipped)."""
    generals = g.last_generals
    leader = None
    if generals:
        most = max(generals)
        if most >= 1 and generals.count(most) == 1:
            leader = generals.index(most)
    for s in (g.last_command_player, leader, g.last_winner):
        if s is not None and alive[s]:
            return s
    start = g.last_chooser if g.last_chooser is not None else g.eldest
    n = g.seat_count
    for i in range(1, n + 1):
        s = (start + i) % n
        if alive[s]:
            return s
    return start  # unreachable: a game with nobody left is over


def enter_choose(g: DomiplotState, events: list[Event]) -> None:
    """T-5: the chooser, or the first player clockwise with a legal target."""
    first = g.chooser
    for ignore in (False, True):
        for s in clockwise(first, g.seat_count):
            if g.surrendered[s] or not has_target(g.owners, g.active, g.marker, s, ignore):
                continue
            if s != first or ignore:
                events.append(E.ChooserPassed(first, s, ignore))
            g.chooser = s
            g.marker_ignored = ignore
            g.phase = Phase.CHOOSE_TARGET
            g.actor = s
            return
    finish(g, events, ranking(g), STALEMATE)  # every region solo-held by one seat


def do_place_marker(g: DomiplotState, seat: int, action: A.PlaceMarker) -> list[Event]:
    """T-2: the protector moves the tally marker, then the chooser chooses."""
    events: list[Event] = [E.MarkerPlaced(seat, action.region, g.marker)]
    g.marker = action.region
    enter_choose(g, events)
    return events


def do_choose_target(g: DomiplotState, seat: int, action: A.ChooseTarget) -> list[Event]:
    """T-4, B-0, M-3: the target fixes the mode and every seat's distance; joining starts
    with the chooser."""
    r = action.region
    g.target = r
    g.mode, g.defenders = battle_mode(g.owners, seat, r)
    events: list[Event] = [E.TargetChosen(seat, r, g.mode, g.defenders)]
    n = g.seat_count
    g.distance = tuple(distances(g.owners, g.active, s)[r] if not g.surrendered[s] else 0
                       for s in range(n))
    g.join_order = tuple(s for s in clockwise(seat, n) if not g.surrendered[s])
    g.join_index = 0
    g.phase = Phase.JOIN
    g.actor = g.join_order[0]
    return events
