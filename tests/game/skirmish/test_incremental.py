"""Issue 19 (speed): every answer Skirmish keeps between actions equals the answer computed from
nothing, after every action of many random games (a property test over seeds and seat counts).

Kept between actions (state.py): movement searches and what they read (per-hex rules,
Intercept zones, attack targets), keyed by the per-seat change counters `_stamps`; per unit
its Moves (patched from the turn's change log), attacks and dismount; the seat's production
options; the occupied hexes and the occupied neutral hexes (both patched from the log). A
stale answer (a change notice missing, a log entry not applied) shows up here as a difference
from a clone whose kept data were all dropped (`touch`).
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game import rulesets
from game.ai import make_agent
from game.core.protocol import Setup
from game.skirmish.combat import hostile_targets
from game.skirmish.economy import _produce_list, produce_options
from game.skirmish.movement import (
    _neutral_stands, _occupied, _rules, intercept_zone, obligation, reach,
)


def check_kept_answers(state, seat: int) -> None:
    """Everything `state` keeps for `seat` equals a from-nothing computation on a clone."""
    fresh = state.clone()
    fresh.touch()
    assert state.legal_actions(seat) == fresh.legal_actions(seat)
    assert _occupied(state) == {h for h, uid in enumerate(state.occ) if uid >= 0}
    assert _neutral_stands(state) == [h for h in state.board.neutral_hexes if state.occ[h] >= 0]
    assert produce_options(state, seat) == _produce_list(fresh, seat)
    for through in (False, True):
        assert _rules(state, seat, through) == _rules(fresh, seat, through)
    assert intercept_zone(state, seat) == intercept_zone(fresh, seat)
    assert hostile_targets(state, seat) == hostile_targets(fresh, seat)
    for u in state.units.values():
        if u.faction == seat:
            # same hexes, same MP, same order (agents iterate it)
            assert list(reach(state, u).items()) == list(reach(fresh, fresh.units[u.id]).items())
            assert obligation(state, u) == obligation(fresh, fresh.units[u.id])


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(1, 10**6), seats=st.sampled_from((2, 3, 4)))
def test_19_kept_answers_equal_a_from_scratch_computation_after_every_action(seed, seats):
    """A whole random game: after every action the legal list and every kept part of it are
    what a clone with nothing kept computes."""
    rs = rulesets.get("skirmish")
    state = rs.new_game(Setup(seats=("random",) * seats, seed=seed))
    players = [make_agent("random", rs, s, seed) for s in range(seats)]
    steps = 0
    while state.result() is None:
        seat = state.to_move()[0]
        if steps % 3 == 0 or state.phase.value != "play":
            check_kept_answers(state, seat)
        legal = state.legal_actions(seat)
        state.apply(seat, players[seat].choose(None, legal))
        steps += 1
    assert steps > 50


def test_19_a_notice_bumps_exactly_the_seats_it_concerns():
    """`unit_changed` gives a new stamp to the seats hostile to the unit only (a move far
    from any city), `cities_changed` to every seat; searches of untouched seats stay kept."""
    rs = rulesets.get("skirmish")
    state = rs.new_game(Setup(seats=("random",) * 4, seed=3))
    players = [make_agent("random", rs, s, 3) for s in range(4)]
    while state.phase.value != "play":
        seat = state.to_move()[0]
        state.apply(seat, players[seat].choose(None, state.legal_actions(seat)))
    u = next(v for v in state.units.values() if v.faction == 0)
    before = list(state._stamps)
    state.unit_changed(u, u.hex)
    assert state._stamps == [before[0]] + [s + 1 for s in before[1:]]
    before = list(state._stamps)
    state.cities_changed()
    assert state._stamps == [s + 1 for s in before]
