"""Property tests (hypothesis): random legal Skirmish games of 2-4 seats on "Four Banners".

After every action: at most one unit per hex and `occ` agrees with the units; hp within 1..max
(dead units removed); funds never negative; no unit in a neutral city; a unit that attacked
never moves again that turn unless Skirmish (A4/C4) allows it; exclusive skills never held
together; `to_move()` has a legal action until the result. Regularly: `legal_actions` is exactly
the set `apply` accepts among all candidates; an illegal action changes nothing; clones are
independent; the view hides other seats' picks until all are made (H-1) and never carries the
RNG (H-3). At the end: setup + actions -> JSON -> replay gives the same digest.
"""

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import rulesets
from game.core import IllegalAction, Setup
from game.core.rng import Rng
from game.skirmish import actions as A
from game.skirmish.board import NEUTRAL
from game.skirmish.constants import COVER_POLICIES, SKILLS, UNIT_TYPES
from game.skirmish.movement import can_move_after_attack
from game.skirmish.state import Phase
from tests.helpers.protocol import replay_through_json

games = st.fixed_dictionaries({
    "seed": st.integers(0, 2**32),
    "seats": st.integers(2, 4),
    "pick": st.integers(0, 2**32),
})


def candidates(state, seat):
    """A broad set of actions to compare `legal_actions` with `reason` (PLAY phase)."""
    b = state.board
    out = [A.END_TURN] + [A.SetCoverPolicy(p) for p in COVER_POLICIES + ("sometimes",)]
    own = [u for u in state.units.values() if u.faction == seat]
    for u in own:
        out.append(A.Dismount(u.id))
        near = set(b.disk(u.hex, 4))
        out += [A.Move(u.id, b.coords[h]) for h in near]
        out += [A.Attack(u.id, b.coords[h]) for h in b.disk(u.hex, 3)]
    for spec in b.cities:
        for kind in UNIT_TYPES + ("dragon",):
            out.append(A.Produce(b.coords[spec.hex], kind))
            out.append(A.Produce(b.coords[spec.hex], kind, True))
    out.append(A.Move(9999, (0, 0)))
    out.append(A.Move(own[0].id, (-1, 0)) if own else A.Attack(1, (50, 50)))
    return out


def check_invariants(state, attacked_this_turn, positions):
    b = state.board
    seen = set()
    for uid, u in state.units.items():
        assert u.id == uid and state.occ[u.hex] == uid
        assert u.hex not in seen
        seen.add(u.hex)
        assert 1 <= u.hp <= u.max_hp
        k = b.city_at[u.hex]
        assert k < 0 or state.city_owner[k] != NEUTRAL
        if uid in attacked_this_turn and not can_move_after_attack(state, u):
            assert positions[uid] == u.hex
    assert sum(1 for x in state.occ if x >= 0) == len(state.units)
    assert min(state.funds) >= 0
    for skills in state.skills:
        for code in skills:
            assert not (SKILLS[code].excludes & skills)
    assert state.round <= b.turn_limit


def check_view(state):
    for seat in range(state.seats):
        data = state.view(seat).to_json()
        text = json.dumps(data)
        assert "rng" not in data and "seed" not in data
        assert str(state.rng.state) not in text
        if state.phase is Phase.PICK:
            for other in range(state.seats):
                if other != seat:
                    assert data["factions"][other]["picks"] == []
                    assert set(data["factions"][other]["skills"]) == set(
                        state.board.factions[other].fixed_skills)


def play(params, deep_every=23):
    rs = rulesets.get("skirmish")
    setup = Setup(seats=("random",) * params["seats"], seed=params["seed"])
    state = rs.new_game(setup)
    pick = Rng(params["pick"])
    history = []
    step = 0
    attacked: set[int] = set()
    positions: dict[int, int] = {}
    turn = (state.round, state.current)
    while state.result() is None:
        movers = state.to_move()
        assert movers
        seat = movers[0]
        legal = state.legal_actions(seat)
        assert legal
        if (state.round, state.current) != turn:
            turn = (state.round, state.current)
            attacked.clear()
        if step % deep_every == 0:
            check_view(state)
            before = state.digest()
            if state.phase is Phase.PLAY:
                cands = candidates(state, seat)
                accepted = {a for a in cands if state.reason(seat, a) is None}
                assert accepted == set(legal) & set(cands)
                assert all(state.reason(seat, a) is None for a in legal)
                illegal = [a for a in cands if a not in accepted]
                bad = illegal[pick.below(len(illegal))]
                try:
                    state.apply(seat, bad)
                    raise AssertionError(f"{bad} was accepted")
                except IllegalAction as err:
                    assert err.reason_key
                assert state.digest() == before
            else:
                assert all(state.reason(seat, a) is None for a in legal)
                for bad in (A.PickSkills(("I6", "I7")), A.PickSkills(("X9",)), A.END_TURN):
                    assert state.reason(seat, bad) is not None
            twin = state.clone()
            twin.apply(seat, legal[0])
            assert state.digest() == before
        action = legal[pick.below(len(legal))]
        state.apply(seat, action)
        if isinstance(action, A.Attack) and action.unit in state.units:
            attacked.add(action.unit)
            positions[action.unit] = state.units[action.unit].hex
        history.append((seat, action))
        check_invariants(state, attacked, positions)
        step += 1
    assert state.to_move() == []
    return setup, state, history


@settings(max_examples=16, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_random_games_end_and_keep_invariants(params):
    play(params)


@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_save_json_replay_gives_same_digest(params):
    setup, state, history = play(params, deep_every=10**9)
    again = replay_through_json(setup, history, "skirmish")
    assert again.digest() == state.digest()


def test_reseeded_clone_rolls_differently_but_original_is_untouched():
    rs = rulesets.get("skirmish")
    state = rs.new_game(Setup(seats=("random",) * 2, seed=5))
    before = state.digest()
    values = {state.clone(reseed=k).rng.randint(1, 100) for k in range(20)}
    assert len(values) > 1
    assert state.digest() == before
