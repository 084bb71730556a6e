"""Property tests (hypothesis): random legal Landship games played to the end (default map).

Invariants after every action: integrity within 0..max; holding limits (S-4); AP spent never
above AP rolled, per-ship limits (A-3); one piece per cell, every piece on the board (B-3,
M-4); rounds <= max_rounds (V-5a). Every few actions: `legal_actions` is exactly the set
`apply` accepts over a broad candidate set; an illegal action changes nothing; a clone is
independent. At the end: save -> JSON -> replay gives the same digest; views hide the RNG.
"""

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import rulesets
from game.core import IllegalAction, Setup
from game.core.rng import Rng
from game.landship import actions as A
from game.landship.constants import BUILDERS, DIRECTIONS, FAST_SHIP, SHIP_TYPES
from game.landship.state import EMPTY, HULK, Phase
from tests.helpers.protocol import replay_through_json

games = st.fixed_dictionaries({
    "seed": st.integers(0, 2**32),
    "pick": st.integers(0, 2**32),
    "resign_odds": st.sampled_from([0, 0, 400]),  # mostly play on to the natural end
})


def all_candidates(state):
    """A broad set of actions: every shape for every ship id (plus an unknown one)."""
    b = state.board
    ids = list(state.ships) + [state.next_id + 5]
    cells = [b.xy[c] for c in b.cells] + [(-1, 0), (b.width, 3)]
    out = [A.END_TURN, A.RESIGN]
    for i in ids:
        out += [A.Move(i, c) for c in cells]
        for j in ids:
            out += [A.Attack(i, j), A.Repair(i, j), A.Capture(i, j)]
        out += [A.Ram(i, d, k) for d in DIRECTIONS for k in range(0, 7)]
        ship = state.ships.get(i)
        if ship is not None and ship.type in BUILDERS:
            out += [A.Build(i, t, c) for t in SHIP_TYPES for c in cells]
        else:
            out += [A.Build(i, "fast_ship", (0, 0))]
    return out


def check_invariants(state):
    b, params = state.board, state.board.params
    seen = set()
    owned = {}
    for s in state.ships.values():
        assert b.on_board[s.pos]
        assert state.cell[s.pos] == s.id
        assert s.pos not in seen
        seen.add(s.pos)
        assert 0 <= s.integrity <= params.stats(s.type).integrity
        assert 0 <= s.ap_spent <= 2 and 0 <= s.actions <= 2
        assert 0 <= s.moves <= (2 if s.type == FAST_SHIP else 1)
        assert not s.sink
        if s.owner != HULK:
            owned[(s.owner, s.type)] = owned.get((s.owner, s.type), 0) + 1
            assert not state.eliminated[s.owner]
        else:
            assert not s.pierce and not s.fresh
    assert sum(1 for c in state.cell if c != EMPTY) == len(state.ships)
    for (seat, t), n in owned.items():
        assert n <= params.stats(t).limit
    assert 0 <= state.ap <= state.ap_rolled
    spent = sum(s.ap_spent for s in state.ships.values() if s.owner == state.current)
    if state.phase is Phase.ACTION:
        assert spent == state.ap_rolled - state.ap
    assert 1 <= state.round <= params.max_rounds


def play(params, deep_every=25):
    rs = rulesets.get("landship")
    setup = Setup(seats=("random", "random"), seed=params["seed"])
    state = rs.new_game(setup)
    pick = Rng(params["pick"])
    history = []
    step = 0
    check_invariants(state)
    while state.result() is None:
        movers = state.to_move()
        assert movers == [state.current]
        seat = movers[0]
        legal = state.legal_actions(seat)
        assert len(legal) > 2, "D6: a turn never waits on end_turn/resign alone"
        assert state.legal_actions(1 - seat) == []
        if step % deep_every == 0:
            cands = all_candidates(state)
            accepted = {a for a in cands if state.reason(seat, a) is None}
            assert accepted == set(legal)
            assert len(legal) == len(set(legal))
            illegal = [a for a in cands if a not in accepted]
            before = state.digest()
            bad = illegal[pick.below(len(illegal))]
            try:
                state.apply(seat, bad)
                raise AssertionError(f"{bad} was accepted")
            except IllegalAction as err:
                assert err.reason_key
            assert state.digest() == before
            try:
                state.apply(1 - seat, legal[0])
                raise AssertionError("the other seat moved")
            except IllegalAction as err:
                assert err.reason_key == "not_your_turn"
            assert state.digest() == before
            twin = state.clone()
            twin.apply(seat, legal[0])
            twin.ships[next(iter(twin.ships))].integrity = -99
            assert state.digest() == before
            text = json.dumps(state.view(seat).to_json())
            assert "rng" not in json.loads(text)
            assert str(state.rng.state) not in text
        odds = params["resign_odds"]
        choices = [a for a in legal if a != A.RESIGN or (odds and pick.below(odds) == 0)]
        action = choices[pick.below(len(choices))]
        state.apply(seat, action)
        history.append((seat, action))
        check_invariants(state)
        step += 1
    assert state.to_move() == []
    assert state.legal_actions(0) == [] and state.legal_actions(1) == []
    return setup, state, history


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_random_games_end_and_keep_invariants(params):
    play(params)


@settings(max_examples=10, deadline=None)
@given(games)
def test_save_json_replay_gives_same_digest(params):
    setup, state, history = play(params, deep_every=10**9)
    again = replay_through_json(setup, history, "landship")
    assert again.digest() == state.digest()
    assert again.result() == state.result()


@settings(max_examples=6, deadline=None)
@given(games)
def test_reseeded_clone_rolls_differently_but_original_is_untouched(params):
    rs = rulesets.get("landship")
    state = rs.new_game(Setup(seats=("random", "random"), seed=params["seed"]))
    before = state.digest()
    rolls = set()
    for k in range(20):
        twin = state.clone(reseed=k)
        rolls.add(tuple(twin.rng.die(6) for _ in range(3)))
    assert len(rolls) > 1
    assert state.digest() == before
