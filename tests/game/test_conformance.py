"""The protocol conformance suite (issue 19 item 5): every registered ruleset, every seat
count, random games to the end with the ruleset's invariant hooks (tests/game/<id>/
invariants.py); see tests/helpers/conformance.py for the list of checks."""

from __future__ import annotations

import pytest
from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from game import rulesets
from game.core.errors import IllegalAction
from game.core.protocol import Setup
from tests.helpers import conformance as C

# Random games per (ruleset, seat count) under the ci profile: fast rulesets get more.
BUDGET = {"tidegate": 8, "territory": 2, "skirmish": 3, "domiplot": 8, "landship": 8}
# Deep checks (every seat's view JSON, hidden-information twins, legal == accepted) every this
# many actions: Dice for Land's games with 5-7 seats run to ~11,000 actions, and at every 25th
# its deep checks took 80 % of the suite's longest rows (about a minute); every 50th still
# makes over 200 of them a game there.
DEEP_EVERY = {"territory": 50}
NO_SHRINK = (Phase.explicit, Phase.reuse, Phase.generate)   # games are long; report as found


@pytest.mark.parametrize("ruleset_id,seats", C.seat_counts())
def test_random_games_conform(ruleset_id, seats):
    """Protocol: random games end; invariants, legal == accepted, illegal changes nothing,
    clone independence, views JSON, JSON save -> replay digest (see the helper)."""

    @settings(max_examples=C.examples(BUDGET.get(ruleset_id, 4)), phases=NO_SHRINK)
    @given(seed=st.integers(0, 2**32), pick=st.integers(0, 2**32),
           concede_odds=st.sampled_from([0, 0, 150]))
    def run(seed, pick, concede_odds):
        game = C.play_random(ruleset_id, seats, seed, pick, concede_odds=concede_odds,
                             deep_every=DEEP_EVERY.get(ruleset_id, 25))
        assert game.deep_checks >= 1

    run()


@pytest.mark.parametrize("ruleset_id", rulesets.ids())
def test_reseeded_clone_differs_but_original_is_untouched(ruleset_id):
    """Protocol: clone(reseed=k) changes the future, never the original."""
    rs = rulesets.get(ruleset_id)
    for seed in (1, 2, 3):
        C.reseed_differs(ruleset_id, rs.min_players, seed)


@pytest.mark.parametrize("ruleset_id", rulesets.ids())
def test_anything_but_an_action_is_refused_and_changes_nothing(ruleset_id):
    """Protocol: apply(None / 42 / "x" / {} / an object) raises IllegalAction("not_an_action")."""
    rs = rulesets.get(ruleset_id)
    state = rs.new_game(Setup(seats=("random",) * rs.min_players, seed=5))
    seat = state.to_move()[0]
    before = state.digest()
    for thing in (None, 42, "x", {}, [], object(), 2.5):
        refusal = state.reason(seat, thing)
        assert isinstance(refusal, IllegalAction) and refusal.key == "not_an_action"
        with pytest.raises(IllegalAction) as err:
            state.apply(seat, thing)
        assert err.value.key == "not_an_action"
        assert state.digest() == before


EXTRA = [(rid, name) for rid in rulesets.ids() for name in getattr(C.hooks(rid), "EXTRA", {})]


@pytest.mark.parametrize("ruleset_id,name", EXTRA)
def test_ruleset_specific_properties(ruleset_id, name):
    """The properties a ruleset adds to the suite (e.g. territory's rich positions)."""
    check = C.hooks(ruleset_id).EXTRA[name]

    @settings(max_examples=C.examples(14), phases=NO_SHRINK)
    @given(seed=st.integers(0, 2**32))
    def run(seed):
        check(seed)

    run()


def test_the_suite_catches_drift_and_broken_invariants(monkeypatch):
    """The checks bite: a legal_actions that forgets an action, a refused action that changes
    the state, and a broken invariant each fail a Tidegate game."""
    from game.tidegate.rules import TidegateGame

    real_legal = TidegateGame.legal_actions
    monkeypatch.setattr(TidegateGame, "legal_actions", lambda self, seat: real_legal(self, seat)[:-1] or real_legal(self, seat))
    with pytest.raises(AssertionError):
        C.play_random("tidegate", 2, 1, 1, deep_every=1)
    monkeypatch.undo()

    real_reason = TidegateGame.reason

    def leaky_reason(self, seat, action):
        refusal = real_reason(self, seat, action)
        if refusal is not None:
            self.scores[seat] += 0 if self.phase.value != "build" else 1
        return refusal
    monkeypatch.setattr(TidegateGame, "reason", leaky_reason)
    with pytest.raises(AssertionError):
        C.play_random("tidegate", 2, 1, 1, deep_every=1)
    monkeypatch.undo()

    hooks = C.hooks("tidegate")
    monkeypatch.setattr(hooks, "check", lambda state: None if state.round < 3 else 1 / 0)
    with pytest.raises(ZeroDivisionError):
        C.play_random("tidegate", 2, 1, 1)
