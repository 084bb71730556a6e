"""Issue 17 for Domiplotism: no seat can see another's secrets (H-1, H-2, X).

Changing only what a seat may not see (the other hands, the deck order, the others' face-down
cards and hidden discards, the RNG state) must leave that seat's view, its legal actions and
its redacted events identical; `state_from_view` builds exactly such a changed world.
"""

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import rulesets
from game.core import Setup, codec
from game.core.rng import Rng
from game.domiplot import actions as A
from game.domiplot import events as E
from game.domiplot.constants import CARD_IS_SCORE, DECK_SIZE
from game.domiplot.legality import ALL_ACTIONS
from game.domiplot.sampling import seen_cards
from game.domiplot.state import Phase

# Events at which the rules themselves reveal hidden cards (O-1 reveals, B-4 swaps, draws from
# the deck, reshuffles): their content may differ between two worlds a seat cannot tell apart.
REVEALING = (E.BattleEnded, E.CardRevealed, E.CardsDrawn, E.DeckReshuffled, E.DrawsLost)


def games(seats, seed, limit=400):
    """States along a random game (no surrender, so games run long)."""
    rs = rulesets.get("domiplot")
    g = rs.new_game(Setup(seats=("random",) * seats, seed=seed, options={"max_rounds": 6}))
    pick = Rng(seed + 1000)
    for _ in range(limit):
        if g.result() is not None:
            return
        yield g, pick
        legal = [a for a in g.legal_actions(g.actor) if type(a).__name__ != "Surrender"]
        g.apply(g.actor, legal[pick.below(len(legal))])


def redacted(events, seat):
    return [codec.encode(e.redacted(seat)) for e in events]


def test_H_views_carry_no_seed_rng_state_or_deck_order():
    rs = rulesets.get("domiplot")
    g = rs.new_game(Setup(seats=("random",) * 4, seed=123456789))
    for seat in (0, 1, 2, 3, None):
        data = g.view(seat).to_json()
        text = json.dumps(data)
        assert "seed" not in data and "rng" not in data and "deck" not in data
        assert "123456789" not in text and str(g.rng.state) not in text
        assert not hasattr(g.view(seat), "seed")
    twin = g.clone(reseed=99)  # only the RNG state differs
    assert twin.rng.state != g.rng.state
    for seat in (0, 1, 2, 3, None):
        assert twin.view(seat).to_json() == g.view(seat).to_json()


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seats=st.integers(2, 6), seed=st.integers(0, 10_000))
def test_H_2_hidden_changes_leave_view_legal_actions_and_redacted_events_identical(seats, seed):
    rs = rulesets.get("domiplot")
    checked_events = 0
    for step, (g, pick) in enumerate(games(seats, seed)):
        if step % 3:
            continue
        for seat in range(seats):
            view = g.view(seat)
            other = rs.state_from_view(view, Rng(seed * 31 + step * 7 + seat))
            assert other.view(seat).to_json() == view.to_json()
            assert other.legal_actions(seat) == g.legal_actions(seat)
            # the other world really differs where the seat cannot look
            hidden = [c for c in range(DECK_SIZE) if c not in seen_cards(view)]
            if len(hidden) > 1:
                assert (other.deck, other.hands) != (g.deck, g.hands) or other.rng.state != g.rng.state
            # the mover's action, where both worlds allow it: the same redacted events
            mover = g.actor
            common = [a for a in g.legal_actions(mover) if other.reason(mover, a) is None]
            action = common[pick.below(len(common))]
            a, b = g.clone(), other.clone()
            ev_a, ev_b = a.apply(mover, action), b.apply(mover, action)
            if not any(isinstance(e, REVEALING) for e in ev_a + ev_b):
                assert redacted(ev_a, seat) == redacted(ev_b, seat)
                assert a.view(seat).to_json() == b.view(seat).to_json()
                checked_events += 1
    assert checked_events > 0


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seats=st.integers(2, 8), seed=st.integers(0, 10_000))
def test_state_from_view_is_consistent_and_plays_on(seats, seed):
    """Its view for that seat equals the given view (the public view too); every card is in
    one place (C-1), face-down cards are score cards (B-4), and the game plays to its end."""
    rs = rulesets.get("domiplot")
    for step, (g, pick) in enumerate(games(seats, seed, limit=250)):
        if step % 5:
            continue
        for seat in list(range(seats)) + [None]:
            view = g.view(seat)
            sample = rs.state_from_view(view, Rng(seed + step))
            assert sample.view(seat).to_json() == view.to_json()
            assert sample.card_count() == DECK_SIZE
            places = (sample.deck + sample.discard + [c for h in sample.hands for c in h]
                      + [c for p in sample.piles for c, _, _ in p] + list(sample.centre))
            if sample.terrain_card is not None:
                places.append(sample.terrain_card)
            if sample.offer is not None:
                places.append(sample.offer[2])
            assert sorted(places) == list(range(DECK_SIZE))
            assert all(CARD_IS_SCORE[c] for p in sample.piles for c, _, fd in p if fd)
            if seat is not None:
                assert sample.hands[seat] == g.hands[seat]
    # the last sample plays on to the end with random moves
    rng = Rng(seed)
    while sample.result() is None:
        legal = sample.legal_actions(sample.actor)
        sample.apply(sample.actor, legal[rng.below(len(legal))])
    assert sample.phase is Phase.OVER and sample.card_count() == DECK_SIZE


def test_E_5_only_surrender_concedes():
    """Issue 17: honest benchmarks keep random agents off the one action that gives the
    game away (E-5); every other action is play."""
    for cls in ALL_ACTIONS:
        assert getattr(cls, "concedes", False) is (cls is A.Surrender), cls
