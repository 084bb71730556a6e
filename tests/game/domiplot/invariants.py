"""Domiplot invariants for the conformance suite and tools/soak.py (ported from the old
test_properties.py): the 122 cards are each in exactly one place (C-1); at most one face-down
card per player on the table (B-4); hands sorted, surrendered players hold nothing; region
owners are sorted, distinct, non-surrendered seats on active regions only; views show no card
the spec hides from that seat (H-2), and redacted events neither; winners never surrendered."""

from __future__ import annotations

import json

from game.core import codec
from game.core.rng import Rng
from game.domiplot import actions as A
from game.domiplot import events as E
from game.domiplot.board import MAX_REGION_ID
from game.domiplot.constants import DECK_SIZE, KINDS
from game.domiplot.state import Phase


def check(state) -> None:
    n = state.seat_count
    places = list(state.deck) + list(state.discard) + [c for h in state.hands for c in h]
    places += [c for pile in state.piles for c, _, _ in pile] + list(state.centre)
    if state.terrain_card is not None:
        places.append(state.terrain_card)
    if state.offer is not None:
        places.append(state.offer[2])
    assert sorted(places) == list(range(DECK_SIZE))
    for s in range(n):
        assert sum(1 for pile in state.piles for _, p, fd in pile if p == s and fd) <= 1
        assert state.hands[s] == sorted(state.hands[s])
        if state.surrendered[s]:
            assert not state.hands[s]
    for r in range(MAX_REGION_ID + 1):
        held = state.owners[r]
        if not state.active.is_active[r]:
            assert held == ()
            continue
        assert list(held) == sorted(set(held))
        assert all(0 <= s < n and not state.surrendered[s] for s in held)
    assert set(state.hidden_discard) <= set(state.discard)
    assert state.round <= state.options["max_rounds"]
    if state.phase is not Phase.OVER:
        assert not state.surrendered[state.actor]
        assert len(state.to_move()) == 1


def candidates(state, seat, legal, pick: Rng) -> set:
    """Every legal action plus a spread of near misses of every action type."""
    n = state.seat_count
    out = set(legal)
    out |= {A.PlaceMarker(r) for r in (0, 1, 5, 17, 20, MAX_REGION_ID + 1)}
    out |= {A.ChooseTarget(r) for r in range(0, 22)}
    out |= {A.STAY_OUT, A.SURRENDER, A.PASS, A.PROPOSE, A.DECLINE, A.ALLOW, A.REFUSE,
            A.ACCEPT_SUPPORT, A.REFUSE_SUPPORT, A.VOTE_YES, A.VOTE_NO}
    names = [k.name for k in KINDS]
    for size in range(0, 4):
        for _ in range(4):
            out.add(A.Join(tuple(names[pick.below(len(names))] for _ in range(size)),
                           pick.choice([None, 0, 1, n - 1])))
    hand = state.hands[seat]
    table = [c for pile in state.piles for c, _, _ in pile]
    others = [c for s in range(n) if s != seat for c in state.hands[s]][:6]
    for card in list(hand)[:8] + others[:2] + table[:2]:
        for pile in (None, seat, (seat + 1) % n, n, -1):
            for fd in (False, True):
                out.add(A.Place(card, pile, fd))
        for t in table[:4] + [None]:
            out.add(A.Place(card, seat, False, t))
            out.add(A.Place(card, seat, False, None, t))
            out.add(A.Place(card, seat, True, None, t))
    return out


def options(pick: Rng, seats: int) -> dict:
    """Short, normal and long games (the round limit decides how many regions resolve)."""
    return {"max_rounds": (4, 12, 30)[pick.below(3)]}


def _visible_cards(view_json) -> set:
    out = set(view_json["hand"] or [])
    out |= {c["card"] for pile in view_json["piles"] for c in pile if c["card"] is not None}
    out |= {c for c in view_json["discard"] if c is not None}
    offer = view_json["offer"]
    if offer and offer["card"] is not None:
        out.add(offer["card"])
    if offer and offer["gong_target"] is not None:
        out.add(offer["gong_target"])
    return out


def _allowed_cards(state, seat) -> set:
    """H-1 plus `seat`'s own H-2 items."""
    ok = set(state.hands[seat]) if seat is not None else set()
    ok |= {c for pile in state.piles for c, p, fd in pile if not fd or p == seat}
    ok |= {c for c in state.discard if state.hidden_discard.get(c, seat) == seat}
    if state.offer is not None and (not state.offer[3] or state.offer[0] == seat):
        ok.add(state.offer[2])
    return ok


def check_view(state, seat, data) -> None:
    """H-2: no deck, no card the seat may not see."""
    assert "deck" not in data and data["deck_count"] == len(state.deck)
    assert _visible_cards(data) <= _allowed_cards(state, seat)
    if seat is not None:
        assert data["hand"] == state.hands[seat]


class Tracker:
    """H-2 for events: a hidden card never shows in another seat's redacted event."""

    def __init__(self, state) -> None:
        self.n = state.seat_count

    def before(self, state, seat, action) -> None:
        pass

    def after(self, state, seat, action, events) -> None:
        for viewer in list(range(self.n)) + [None]:
            for ev in events:
                red = ev.redacted(viewer)
                if isinstance(ev, (E.CardsDrawn, E.CardsDiscarded)) and ev.hidden and ev.seat != viewer:
                    assert all(c is None for c in red.cards) and len(red.cards) == len(ev.cards)
                if isinstance(ev, (E.CardPlaced, E.CardReturned, E.SupportOffered)) and ev.hidden \
                        and ev.seat != viewer:
                    assert red.card is None
                json.dumps(codec.encode(red))


def check_end(state) -> None:
    """Winners never include a surrendered seat, and somebody wins."""
    res = state.result()
    assert state.phase is Phase.OVER
    assert res.winners and all(not state.surrendered[w] for w in res.winners)
