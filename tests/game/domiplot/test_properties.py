"""Property tests (hypothesis): random legal Domiplotism games of 2-8 seats to the end.

Invariants after every action: the 122 cards are each in exactly one place (C-1); at most
one face-down card per player on the table (B-4); region owners are sorted, distinct,
non-surrendered seats on active regions only; `to_move()` has a legal action until the
result. Every few actions: `legal_actions` is exactly the set `apply` accepts among a wide
candidate set; an illegal action changes nothing; a clone is independent; `view(seat)` shows
no card the spec hides from that seat (H-2), and redacted events neither. At the end:
setup + actions -> JSON -> replay gives the same digest.
"""

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import rulesets
from game.core import IllegalAction, Setup
from game.core import codec
from game.play.replay import replay
from game.core.rng import Rng
from game.domiplot import actions as A
from game.domiplot import events as E
from game.domiplot.board import MAX_REGION_ID
from game.domiplot.constants import DECK_SIZE, KINDS
from game.domiplot.state import Phase

games = st.fixed_dictionaries({
    "seed": st.integers(0, 2**32),
    "seats": st.integers(2, 8),
    "pick": st.integers(0, 2**32),
    "surrender": st.sampled_from([0.0, 0.02, 0.2]),
    "max_rounds": st.sampled_from([4, 12, 30]),
})


def candidates(state, seat, legal, rng):
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
            out.add(A.Join(tuple(names[rng.below(len(names))] for _ in range(size)),
                           rng.choice([None, 0, 1, n - 1])))
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


def check_invariants(state):
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


def visible_cards(view_json):
    """Every card id a view shows, by where it shows it."""
    out = set(view_json["hand"] or [])
    out |= {c["card"] for pile in view_json["piles"] for c in pile if c["card"] is not None}
    out |= {c for c in view_json["discard"] if c is not None}
    offer = view_json["offer"]
    if offer and offer["card"] is not None:
        out.add(offer["card"])
    if offer and offer["gong_target"] is not None:
        out.add(offer["gong_target"])
    return out


def allowed_cards(state, seat):
    """H-1 plus `seat`'s own H-2 items."""
    ok = set(state.hands[seat]) if seat is not None else set()
    ok |= {c for pile in state.piles for c, p, fd in pile if not fd or p == seat}
    ok |= {c for c in state.discard if state.hidden_discard.get(c, seat) == seat}
    if state.offer is not None and (not state.offer[3] or state.offer[0] == seat):
        ok.add(state.offer[2])
    return ok


def check_hidden(state, events):
    n = state.seat_count
    for seat in list(range(n)) + [None]:
        data = state.view(seat).to_json()
        json.dumps(data)
        assert "deck" not in data and data["deck_count"] == len(state.deck)
        assert visible_cards(data) <= allowed_cards(state, seat)
        if seat is not None:
            assert data["hand"] == state.hands[seat]
        for ev in events:
            red = ev.redacted(seat)
            if isinstance(ev, (E.CardsDrawn, E.CardsDiscarded)) and ev.hidden and ev.seat != seat:
                assert all(c is None for c in red.cards) and len(red.cards) == len(ev.cards)
            if isinstance(ev, (E.CardPlaced, E.CardReturned, E.SupportOffered)) and ev.hidden \
                    and ev.seat != seat:
                assert red.card is None
            json.dumps(codec.encode(red))


def choose(state, seat, legal, pick, surrender):
    if state.phase is Phase.JOIN:
        stay = [a for a in legal if not isinstance(a, A.Surrender)]
        if pick.random() >= surrender:
            legal = stay
    return legal[pick.below(len(legal))]


def play(params, deep_every=9):
    rs = rulesets.get("domiplot")
    setup = Setup(seats=("random",) * params["seats"], seed=params["seed"],
                  options={"max_rounds": params["max_rounds"]})
    state = rs.new_game(setup)
    pick = Rng(params["pick"])
    history = []
    step = 0
    check_invariants(state)
    while state.result() is None:
        movers = state.to_move()
        assert len(movers) == 1
        seat = movers[0]
        legal = state.legal_actions(seat)
        assert legal
        assert all(state.legal_actions(s) == [] for s in range(state.seat_count) if s != seat)
        if step % deep_every == 0:
            cands = candidates(state, seat, legal, pick)
            accepted = {a for a in cands if state.reason(seat, a) is None}
            assert accepted == set(legal)
            assert len(set(legal)) == len(legal)
            before = state.digest()
            for bad in list(cands - accepted)[:25]:
                try:
                    state.apply(seat, bad)
                    raise AssertionError(f"{bad} was accepted")
                except IllegalAction as err:
                    assert err.reason_key == state.reason(seat, bad)
            other = (seat + 1) % state.seat_count
            try:
                state.apply(other, legal[0])
                raise AssertionError("a seat acted out of turn")
            except IllegalAction as err:
                assert err.reason_key in ("not_your_turn", "domiplot.not_qualified")
            assert state.digest() == before
            twin = state.clone()
            twin.apply(seat, legal[0])
            assert state.digest() == before
        action = choose(state, seat, legal, pick, params["surrender"])
        events = state.apply(seat, action)
        history.append((seat, action))
        check_invariants(state)
        if step % deep_every == 0:
            check_hidden(state, events)
        step += 1
    assert state.to_move() == [] and state.phase is Phase.OVER
    res = state.result()
    assert res.winners and all(not state.surrendered[w] for w in res.winners)
    return setup, state, history


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_random_games_end_and_keep_invariants(params):
    play(params)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_save_json_replay_gives_same_digest(params):
    setup, state, history = play(params, deep_every=100)
    saved = json.dumps({"setup": codec.encode(setup),
                        "actions": [[s, codec.encode(a)] for s, a in history]})
    data = json.loads(saved)
    setup2 = codec.decode(data["setup"])
    actions = [(s, codec.decode(a, "domiplot")) for s, a in data["actions"]]
    assert actions == history
    again = replay(setup2, actions, ruleset="domiplot")
    assert again.digest() == state.digest()


@settings(max_examples=10, deadline=None)
@given(games)
def test_reseeded_clone_shuffles_differently_but_original_is_untouched(params):
    rs = rulesets.get("domiplot")
    state = rs.new_game(Setup(seats=("random",) * params["seats"], seed=params["seed"]))
    before = state.digest()
    decks = set()
    for k in range(10):
        twin = state.clone(reseed=k)
        deck = list(range(30))
        twin.rng.shuffle(deck)
        decks.add(tuple(deck))
        twin.hands[0].append(twin.deck.pop())
    assert len(decks) > 1
    assert state.digest() == before
