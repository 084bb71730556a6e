"""Joining a battle (J-1..J-4), authorizations, staying out and surrender (E-5), up to the
start of the battle or its skipping (R-2, D24). Plain functions over the state.
"""

from __future__ import annotations

from game.core.protocol import Event
from game.domiplot import actions as A
from game.domiplot import events as E
from game.domiplot.battle import start_battle
from game.domiplot.constants import CARD_KIND, KIND_INDEX
from game.domiplot.outcome import SURRENDER, finish
from game.domiplot.regions import battle_mode
from game.domiplot.resolution import no_battle
from game.domiplot.scoring import OPEN
from game.domiplot.state import DomiplotState, Phase, replaced


def take_kinds(g: DomiplotState, seat: int, names: tuple[str, ...]) -> list[int]:
    """Remove the lowest-numbered cards of the named kinds from the hand."""
    hand = g.hands[seat]
    taken: list[int] = []
    for name in names:
        k = KIND_INDEX[name]
        card = next(c for c in hand if CARD_KIND[c] == k)
        hand.remove(card)
        taken.append(card)
    return taken


def discard_hidden(g: DomiplotState, seat: int, cards: list[int]) -> None:
    """H-2: distance and surrender discards are seen by their owner only."""
    for c in cards:
        g.discard.append(c)
        g.hidden_discard[c] = seat


def join(g: DomiplotState, seat: int, discards: tuple[str, ...], events: list[Event]) -> None:
    """J-1: pay the distance and take part."""
    cards = take_kinds(g, seat, discards)
    discard_hidden(g, seat, cards)
    g.participant = replaced(g.participant, seat, True)
    events.append(E.PlayerJoined(seat, g.distance[seat]))
    if cards:
        events.append(E.CardsDiscarded(seat, tuple(cards), "distance", True))


def do_join(g: DomiplotState, seat: int, action: A.Join) -> list[Event]:
    """J-1, J-4: join, or ask the named co-owner first."""
    events: list[Event] = []
    if g.needs_sponsor(seat):
        g.auth_request = (seat, action.sponsor, action.discards)  # type: ignore[assignment]
        g.phase = Phase.AUTHORIZE
        g.actor = action.sponsor  # type: ignore[assignment]
        events.append(E.AuthorizationAsked(seat, action.sponsor))  # type: ignore[arg-type]
        return events
    join(g, seat, action.discards, events)
    next_joiner(g, events)
    return events


def do_authorize(g: DomiplotState, sponsor: int, action: A.Authorize) -> list[Event]:
    """J-4: the co-owner lets the outsider in (it pays and joins) or keeps it out."""
    seat, _, discards = g.auth_request  # type: ignore[misc]
    g.auth_request = None
    allow = bool(action.allow)
    events: list[Event] = [E.Authorization(seat, sponsor, allow)]
    if allow:
        join(g, seat, discards, events)
    else:
        events.append(E.PlayerStayedOut(seat, True))
    g.phase = Phase.JOIN
    next_joiner(g, events)
    return events


def do_stay_out(g: DomiplotState, seat: int, action: A.StayOut) -> list[Event]:
    """J-1: sit this battle out."""
    events: list[Event] = [E.PlayerStayedOut(seat, False)]
    next_joiner(g, events)
    return events


def do_surrender(g: DomiplotState, seat: int, action: A.Surrender) -> list[Event]:
    """E-5 through the join action; joining goes on unless the game ended."""
    events: list[Event] = []
    surrender(g, seat, events)
    if g.phase is not Phase.OVER:
        next_joiner(g, events)
    return events


def surrender(g: DomiplotState, seat: int, events: list[Event]) -> None:
    """E-5: hand discarded face down, flags removed; the last one standing wins."""
    cards = list(g.hands[seat])
    g.hands[seat] = []
    discard_hidden(g, seat, cards)
    g.surrendered = replaced(g.surrendered, seat, True)
    freed: list[int] = []
    shared: list[int] = []
    owners = list(g.owners)
    for r in g.active.ids:
        held = owners[r]
        if seat in held:
            rest = tuple(s for s in held if s != seat)
            owners[r] = rest
            (shared if rest else freed).append(r)
    g.owners = tuple(owners)
    events.append(E.PlayerSurrendered(seat, tuple(freed), tuple(shared)))
    if cards:
        events.append(E.CardsDiscarded(seat, tuple(cards), "surrender", True))
    alive = [s for s in range(g.seat_count) if not g.surrendered[s]]
    if len(alive) == 1:
        finish(g, events, (alive[0],), SURRENDER)


def next_joiner(g: DomiplotState, events: list[Event]) -> None:
    """J-2: the next seat still in the game decides, clockwise from the chooser."""
    g.join_index += 1
    order = g.join_order
    while g.join_index < len(order) and g.surrendered[order[g.join_index]]:
        g.join_index += 1
    if g.join_index < len(order):
        g.phase = Phase.JOIN
        g.actor = order[g.join_index]
        return
    end_join(g, events)


def end_join(g: DomiplotState, events: list[Event]) -> None:
    """D24, R-2: recompute the mode after surrenders; skip the battle if nobody joined."""
    r = g.target
    assert r is not None
    if g.owners[r] == (g.chooser,):
        events.append(E.ModeChanged(r, g.mode or OPEN, (), True))
        no_battle(g, events)
        return
    mode, defenders = battle_mode(g.owners, g.chooser, r)
    if (mode, defenders) != (g.mode, g.defenders):
        g.mode, g.defenders = mode, defenders
        events.append(E.ModeChanged(r, mode, defenders, False))
    if not any(g.participant):
        no_battle(g, events)
        return
    start_battle(g, events)
