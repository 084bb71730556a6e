"""Property tests (hypothesis): random legal Tidegate games played to the end.

Invariants after every action: resources never negative; score = outposts + 2 x cities; piece
limits; the distance rule; every road network touches its owner's building; rounds <= 12;
`legal_actions` is exactly the set `apply` accepts; illegal actions change nothing; clones are
independent; save -> JSON -> replay gives the same digest.
"""


from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import rulesets
from game.core import IllegalAction, Setup
from game.core.rng import Rng
from game.tidegate import actions as A
from game.tidegate.constants import MAX_BUILDINGS, MAX_CITIES, MAX_ROADS, RESOURCES, ROUNDS
from game.tidegate.state import CITY, EMPTY, OUTPOST
from tests.helpers.protocol import replay_through_json

games = st.fixed_dictionaries({
    "seed": st.integers(0, 2**32),
    "seats": st.integers(2, 4),
    "layout": st.sampled_from(["random", "fixed"]),
    "shuffle": st.booleans(),
    "pick": st.integers(0, 2**32),
})


def all_candidates(state):
    b = state.board
    out = [A.ROLL, A.END_TURN]
    out += [A.BuildRoad(e) for e in range(b.edge_count)]
    out += [A.BuildOutpost(v) for v in range(b.vertex_count)]
    out += [A.BuildCity(v) for v in range(b.vertex_count)]
    out += [A.Trade(g, t) for g in RESOURCES for t in RESOURCES]
    return out


def check_invariants(state):
    topo = state.board.topo
    for seat in range(state.seat_count):
        assert min(state.resources[seat]) >= 0
        outposts = sum(1 for v, o in enumerate(state.vertex_owner) if o == seat and state.vertex_level[v] == OUTPOST)
        cities = sum(1 for v, o in enumerate(state.vertex_owner) if o == seat and state.vertex_level[v] == CITY)
        assert state.scores[seat] == outposts + 2 * cities
        assert outposts + cities <= MAX_BUILDINGS and cities <= MAX_CITIES
        roads = [e for e, o in enumerate(state.edge_owner) if o == seat]
        assert len(roads) <= MAX_ROADS
        # every road component touches one of the seat's buildings
        remaining = set(roads)
        while remaining:
            comp, stack = set(), [remaining.pop()]
            while stack:
                e = stack.pop()
                comp.add(e)
                for v in topo.edge_vertices[e]:
                    for x in topo.vertex_edges[v]:
                        if x in remaining:
                            remaining.discard(x)
                            stack.append(x)
            touched = {v for e in comp for v in topo.edge_vertices[e]}
            assert any(state.vertex_owner[v] == seat for v in touched)
    for v, o in enumerate(state.vertex_owner):
        if o != EMPTY:
            assert all(state.vertex_owner[n] == EMPTY for n in topo.vertex_neighbours[v])
    assert state.round <= ROUNDS


def play(params, deep_checks_every=7):
    rs = rulesets.get("tidegate")
    setup = Setup(seats=("random",) * params["seats"], seed=params["seed"],
                  options={"layout": params["layout"], "shuffle_seats": params["shuffle"]})
    state = rs.new_game(setup)
    pick = Rng(params["pick"])
    history = []
    step = 0
    while state.result() is None:
        movers = state.to_move()
        assert movers
        seat = movers[0]
        legal = state.legal_actions(seat)
        assert legal
        if step % deep_checks_every == 0:
            accepted = {a for a in all_candidates(state) if state.reason(seat, a) is None}
            assert accepted == set(legal)
            illegal = [a for a in all_candidates(state) if a not in accepted]
            before = state.digest()
            bad = illegal[pick.below(len(illegal))]
            try:
                state.apply(seat, bad)
                raise AssertionError(f"{bad} was accepted")
            except IllegalAction as err:
                assert err.reason_key
            assert state.digest() == before
            twin = state.clone()
            twin.apply(seat, legal[0])
            assert state.digest() == before
        action = legal[pick.below(len(legal))]
        state.apply(seat, action)
        history.append((seat, action))
        check_invariants(state)
        step += 1
    assert state.to_move() == []
    return setup, state, history


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_random_games_end_and_keep_invariants(params):
    play(params)


@settings(max_examples=10, deadline=None)
@given(games)
def test_save_json_replay_gives_same_digest(params):
    setup, state, history = play(params, deep_checks_every=50)
    again = replay_through_json(setup, history, "tidegate")
    assert again.digest() == state.digest()


@settings(max_examples=10, deadline=None)
@given(games)
def test_reseeded_clone_rolls_differently_but_original_is_untouched(params):
    rs = rulesets.get("tidegate")
    state = rs.new_game(Setup(seats=("random",) * params["seats"], seed=params["seed"]))
    before = state.digest()
    rolls = set()
    for k in range(20):
        twin = state.clone(reseed=k)
        rolls.add(twin.rng.die(6) * 10 + twin.rng.die(6))
    assert len(rolls) > 1
    assert state.digest() == before
