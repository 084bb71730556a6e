"""H-1, H-3 (issue 17): a view is the whole public game and nothing from which dice follow;
`state_from_view` rebuilds a game consistent with it."""

import json

from game import rulesets
from game.core.protocol import Setup
from game.core.rng import Rng
from game.landship import events as E

SEED = 987_654_321
DICE_EVENTS = (E.ApRolled, E.RamResolved, E.EventRolled, E.TurnOrderDrawn)


def _positions(seed: int = SEED, every: int = 7, limit: int = 700):
    """Positions along a random game (never resigning), every `every` actions."""
    rs = rulesets.get("landship")
    g = rs.new_game(Setup(seats=("random", "random"), seed=seed))
    pick = Rng(4)
    for step in range(limit):
        if g.result() is not None:
            return
        if step % every == 0:
            yield g
        seat = g.to_move()[0]
        legal = [a for a in g.legal_actions(seat) if not type(a).concedes]
        g.apply(seat, legal[pick.below(len(legal))])


def _until_dice(events):
    """The events up to the first one that shows a die (those may differ with the RNG)."""
    out = []
    for e in events:
        if isinstance(e, DICE_EVENTS):
            break
        out.append(e)
    return out


def test_H_3_a_view_carries_no_seed_and_no_rng_state():
    """H-3: neither the seed nor the RNG state is in any view (each would give every die)."""
    for g in _positions():
        for seat in (0, 1, None):
            data = g.view(seat).to_json()
            assert "seed" not in data and "rng" not in data
            text = json.dumps(data)
            assert str(SEED) not in text
            assert str(g.rng.state) not in text


def test_H_3_changing_the_rng_changes_no_view_legal_action_or_event_before_a_die():
    """H-1/H-3: a game that differs only in its RNG looks the same to every seat, offers the
    same actions, and reports the same events up to the first die rolled."""
    for g in _positions(every=11):
        other = g.clone(reseed=99)
        assert other.rng.get_state() != g.rng.get_state()
        seat = g.to_move()[0]
        for who in (0, 1, None):
            assert other.view(who) == g.view(who)
            assert other.view(who).to_json() == g.view(who).to_json()
        legal = g.legal_actions(seat)
        assert other.legal_actions(seat) == legal
        for action in legal[:: max(1, len(legal) // 6)]:
            mine, theirs = g.clone().apply(seat, action), other.clone().apply(seat, action)
            assert _until_dice(mine) == _until_dice(theirs)


def test_H_1_state_from_view_rebuilds_the_game_the_view_shows():
    """H-1: everything but the RNG is public, so the rebuilt game equals the real one (its
    view, its data, its legal actions; with the same RNG, the same future)."""
    rs = rulesets.get("landship")
    seen_end = False
    for g in _positions(every=5, limit=2000):
        seat = g.to_move()[0]
        view = g.view(seat)
        twin = rs.state_from_view(view, g.rng.copy())
        assert twin.view(seat) == view
        mine, theirs = g.digest_data(), twin.digest_data()
        for key in ("setup", "rng"):
            mine.pop(key), theirs.pop(key)
        assert theirs == mine
        legal = g.legal_actions(seat)
        assert twin.legal_actions(seat) == legal
        action = legal[len(legal) // 2]
        assert twin.apply(seat, action) == g.clone().apply(seat, action)
        seen_end = seen_end or g.round > 1
    assert seen_end
