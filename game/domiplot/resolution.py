"""After the battle: resolution (O-1..O-6), drawing (N-1, N-2), and the end check with its
proposals and votes (E-1, E-3, E-6). Plain functions over the state; they run inside the
action that ends a battle, so a state always waits for one seat or is over.
"""

from __future__ import annotations

from bisect import insort

from game.core.protocol import Event
from game.domiplot import actions as A
from game.domiplot import events as E
from game.domiplot.constants import CARD_KIND, GENERAL
from game.domiplot.outcome import DOMINATION, PROPOSAL, ROUND_LIMIT, finish, ranking
from game.domiplot.regions import clockwise
from game.domiplot.rounds import start_round
from game.domiplot.scoring import SIEGE, pile_terms
from game.domiplot.state import DomiplotState, Phase, replaced


def resolve(g: DomiplotState, events: list[Event]) -> None:
    """O-1..O-6, then drawing and the end check."""
    r = g.target
    assert r is not None
    n = g.seat_count
    for p, pile in enumerate(g.piles):  # O-1
        for i, (c, placer, fd) in enumerate(pile):
            if fd:
                pile[i] = (c, placer, False)
                events.append(E.CardRevealed(placer, c, p))
    g.face_down_of = [None] * n
    seats = [s for s in range(n) if g.participant[s]]
    terrains = {s: g.pile_terrain(s) for s in seats}
    terms = {s: pile_terms((CARD_KIND[c] for c, _, _ in g.piles[s]), terrains[s]) for s in seats}
    totals = {s: terms[s][4] for s in seats}
    best = max(totals.values())
    top = [s for s in seats if totals[s] == best]
    winner = top[0] if len(top) == 1 and best >= 1 else None  # O-3
    losers = [s for s in clockwise(g.chooser, n) if s in totals and s != winner]
    loser = min(losers, key=lambda s: totals[s]) if losers else None  # first minimum wins ties
    events.append(E.Scores(
        tuple(seats), tuple(terrains[s] for s in seats),
        tuple(terms[s][0] for s in seats), tuple(terms[s][1] for s in seats),
        tuple(terms[s][2] for s in seats), tuple(terms[s][3] for s in seats),
        tuple(totals[s] for s in seats), winner, loser))
    if winner is not None:  # O-4
        group = {winner} | {s for s in range(n) if s != winner and g.allegiance[s] == winner
                            and g.scored_into[s] >> winner & 1}
        before = g.owners[r]
        if g.mode == SIEGE and winner in g.defenders:
            after = tuple(sorted(set(before) | group))
        else:
            after = tuple(sorted(group))
        g.owners = replaced(g.owners, r, after)
        if after != before:
            events.append(E.RegionChanged(r, after, before,
                                          tuple(s for s in after if s not in before),
                                          tuple(s for s in before if s not in after)))
        else:
            events.append(E.RegionUnchanged(r))
    else:
        events.append(E.RegionUnchanged(r))
    generals = [0] * n
    cleared: list[int] = []
    for pile in g.piles:  # O-5
        for c, placer, _ in pile:
            if CARD_KIND[c] == GENERAL:
                generals[placer] += 1
            cleared.append(c)
    if g.terrain_card is not None:
        cleared.append(g.terrain_card)
    cleared.extend(g.centre)
    g.piles = [[] for _ in range(n)]
    g.terrain_card = None
    g.centre = ()
    g.discard.extend(cleared)
    events.append(E.TableCleared(tuple(cleared)))
    g.last_winner, g.last_loser = winner, loser  # O-6
    g.last_chooser = g.chooser
    g.last_command_player = g.command_player
    g.last_tally_player = g.tally_player
    g.last_generals = tuple(generals)
    draw(g, events)
    end_check(g, events)


def no_battle(g: DomiplotState, events: list[Event]) -> None:
    """R-2 / D24: no battle; only `last_chooser` is recorded, drawing still happens."""
    events.append(E.RegionUnchanged(g.target or 0))
    g.last_winner = g.last_loser = None
    g.last_command_player = g.last_tally_player = None
    g.last_chooser = g.chooser
    g.last_generals = (0,) * g.seat_count
    draw(g, events)
    end_check(g, events)


def draw(g: DomiplotState, events: list[Event]) -> None:
    """N-1, N-2: entitlements clockwise from the chooser, reshuffling when needed."""
    solo = g.solo_counts()
    for s in clockwise(g.chooser, g.seat_count):
        if g.surrendered[s]:
            continue
        due = int(g.participant[s]) + solo[s]
        drawn: list[int] = []
        while due:
            if not g.deck:
                if drawn:
                    events.append(E.CardsDrawn(s, tuple(drawn)))
                    drawn = []
                if not g.discard:
                    events.append(E.DrawsLost(s, due))
                    break
                g.deck = g.discard
                g.discard = []
                g.hidden_discard = {}
                g.rng.shuffle(g.deck)
                events.append(E.DeckReshuffled(len(g.deck)))
            card = g.deck.pop(0)
            insort(g.hands[s], card)
            drawn.append(card)
            due -= 1
        if drawn:
            events.append(E.CardsDrawn(s, tuple(drawn)))


def end_check(g: DomiplotState, events: list[Event]) -> None:
    """E-1 domination, then E-3 proposals (clockwise from the chooser), then E-6."""
    total = len(g.active.ids)
    for s, count in enumerate(g.solo_counts()):
        if count == total and not g.surrendered[s]:
            finish(g, events, (s,), DOMINATION)
            return
    g.end_queue = tuple(s for s in clockwise(g.chooser, g.seat_count) if g.qualifies(s))
    next_proposer(g, events)


def next_proposer(g: DomiplotState, events: list[Event]) -> None:
    """E-3: the next qualifying seat decides; when none is left, E-6 or the next round."""
    g.proposer = None
    g.vote_queue = ()
    if g.end_queue:
        g.phase = Phase.PROPOSE
        g.actor = g.end_queue[0]
        return
    if g.round >= g.options["max_rounds"]:
        finish(g, events, ranking(g), ROUND_LIMIT)
        return
    start_round(g, events)


def do_propose(g: DomiplotState, seat: int, action: A.Propose) -> list[Event]:
    """E-3: the others vote, clockwise from the proposer."""
    events: list[Event] = [E.Proposal(seat)]
    g.proposer = seat
    g.vote_queue = tuple(s for s in clockwise(seat, g.seat_count)[1:] if not g.surrendered[s])
    g.phase = Phase.VOTE
    g.actor = g.vote_queue[0]
    return events


def do_decline(g: DomiplotState, seat: int, action: A.Decline) -> list[Event]:
    """E-3: the chance passes to the next qualifying seat."""
    events: list[Event] = [E.ProposalDeclined(seat)]
    g.end_queue = g.end_queue[1:]
    next_proposer(g, events)
    return events


def do_vote(g: DomiplotState, seat: int, action: A.Vote) -> list[Event]:
    """E-3: the first reject ends the vote; if everyone accepts, the proposer wins."""
    proposer = g.proposer
    assert proposer is not None
    accept = bool(action.accept)
    events: list[Event] = [E.VoteCast(seat, proposer, accept)]
    if not accept:
        events.append(E.ProposalRejected(proposer, seat))
        g.end_queue = g.end_queue[1:]  # D29: later qualifying players may still propose
        next_proposer(g, events)
        return events
    g.vote_queue = g.vote_queue[1:]
    if g.vote_queue:
        g.actor = g.vote_queue[0]
        return events
    finish(g, events, (proposer,), PROPOSAL)
    return events
