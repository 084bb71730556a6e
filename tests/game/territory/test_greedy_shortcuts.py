"""T-21.1 greedy agent: the shortcuts that make search playouts cheaper decide exactly as the
plain agent does (membership by identity, no view within a planned turn, remembered plans)."""

from __future__ import annotations

import dataclasses

import pytest

from game import rulesets
from game.ai import make_agent
from game.ai.knobs import territory_turn
from game.core import Setup
from game.core.rng import Rng
from game.territory import actions as A
from game.territory import agents
from game.territory.agents import GreedyAgent
from game.territory.planner import plan_turn
from game.territory.view import VIEW_KEY_FIELDS, TerritoryView, view_key


def test_listed_answers_membership_exactly_as_a_set_of_the_actions():
    listed = [A.Upgrade(3), A.Build(4, "farm"), A.SUBMIT]
    members = A.Listed(listed)
    assert listed[0] in members and A.SUBMIT in members           # the very objects
    assert A.Upgrade(3) in members and A.Build(4, "farm") in members  # equal copies
    assert A.Commerce(3) not in members       # the same fields, another class
    assert A.Upgrade(4) not in members and A.Submit() in members
    assert all((a in members) == (a in set(listed)) for a in
               [A.Upgrade(3), A.Upgrade(5), A.Demolish(3), A.Build(4, "mine"), A.SUBMIT])


def test_greedy_resume_within_its_turn_decides_as_choose_with_the_view():
    """Two greedy agents with the same seed through a 3-seat game: one always sees the view,
    the other is asked `resume` with the turn key and the rules' legality test first; every
    action and RNG draw is the same."""
    rs = rulesets.get("territory")
    state = rs.new_game(Setup(seats=("greedy",) * 3, seed=8))
    plain = [GreedyAgent(s, 100 + s) for s in range(3)]
    quick = [GreedyAgent(s, 100 + s) for s in range(3)]
    resumed = 0
    for _ in range(400):
        if state.result() is not None:
            break
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        want = plain[seat].choose(state.view(seat), legal)
        got = quick[seat].resume(territory_turn(state), lambda a: state.reason(seat, a) is None)
        resumed += got is not None
        if got is None:
            got = quick[seat].choose(state.view(seat), legal)
        assert got == want
        assert quick[seat].rng.get_state() == plain[seat].rng.get_state()
        state.apply(seat, want)
    assert resumed > 100


def test_a_remembered_plan_is_the_planner_s_plan_and_leaves_the_rng_as_planning_does():
    rs = rulesets.get("territory")
    state = rs.new_game(Setup(seats=("greedy",) * 2, seed=4))
    players = [make_agent("greedy", rs, s, 4) for s in range(2)]
    while state.turn < 3:
        seat = state.to_move()[0]
        state.apply(seat, players[seat].choose(state.view(seat), state.legal_actions(seat)))
    seat = state.to_move()[0]
    legal = state.legal_actions(seat)
    rng = Rng(21)
    expected = plan_turn(state.view(seat), seat, legal, rng)
    agents._PLANS.clear()
    for _ in range(2):   # planned, then remembered
        agent = GreedyAgent(seat, 21)
        first = agent.choose(state.view(seat), legal)
        assert [first] + agent._queue == expected[:1 + len(agent._queue)]
        assert agent.rng.get_state() == rng.get_state()
    assert len(agents._PLANS) == 1


def test_the_view_key_covers_every_view_field_and_tells_views_apart():
    assert VIEW_KEY_FIELDS == {f.name for f in dataclasses.fields(TerritoryView)}
    state = rulesets.get("territory").new_game(
        Setup(seats=("greedy",) * 2, seed=3, options={"factions": ["war", "pioneer"]}))
    view = state.view(0)
    assert view_key(view) == view_key(state.view(0))
    other = state.view(0)
    other.tribes[1].techs.add("extraction")
    assert view_key(other) != view_key(view)
    other = state.view(0)
    other.attacked[(0, 1)] = 1
    assert view_key(other) != view_key(view)


def test_the_tribe_key_reads_every_tribe_field_and_only_scalars_as_they_are():
    from game.territory import view as V
    state = rulesets.get("territory").new_game(
        Setup(seats=("greedy",) * 2, seed=3, options={"factions": ["war", "pioneer"]}))
    tribe = state.view(0).tribes[0]
    assert list(tribe.__dict__) == list(V._TRIBE_FIELDS)
    scalars = V._TRIBE_SCALARS(tribe.__dict__)
    assert all(type(x) in (int, str, bool) for x in scalars)
    assert len(scalars) + len(V._SEQUENCES) + len(V._MAPS) == len(V._TRIBE_FIELDS)
    twin = tribe.copy()
    twin.extra = 1   # an attribute that is no field: read one by one, and it counts
    assert V.tribe_key(twin) != V.tribe_key(tribe) == V.tribe_key(tribe.copy())


def test_apply_takes_the_verdict_reason_gave_only_for_that_action_until_the_next_apply(monkeypatch):
    """T-6.2: `reason` then `apply` of the same action object judges once (search playouts ask
    the greedy agent's next order with `reason`, then play it); any other action, or the same
    one after another `apply`, is judged afresh, and a clone starts without the verdict."""
    from game.core.errors import IllegalAction
    from game.territory import rules
    from game.territory.state import Phase
    rs = rulesets.get("territory")
    state = rs.new_game(Setup(seats=("greedy",) * 3, seed=8))
    judge = rules.judge
    calls: list = []
    monkeypatch.setattr(rules, "judge", lambda st, seat, a: calls.append(a) or judge(st, seat, a))
    pickers = [GreedyAgent(s, s) for s in range(3)]
    while state.phase is Phase.PICK:
        seat = state.to_move()[0]
        state.apply(seat, pickers[seat].choose(state.view(seat), state.legal_actions(seat)))
    seat = state.to_move()[0]
    order = next(a for a in state.legal_actions(seat) if isinstance(a, A.Wall))
    calls.clear()
    assert state.reason(seat, order) is None and len(calls) == 1
    twin = state.clone()
    state.apply(seat, order)
    assert len(calls) == 1                      # the verdict of `reason`, not a second judge
    twin.apply(seat, order)
    assert len(calls) == 2                      # the clone judged it itself
    assert state.reason(seat, A.SUBMIT) is None and len(calls) == 3
    state.apply(seat, A.RemoveOrder(0))         # another action: judged, the verdict dropped
    assert len(calls) == 4
    state.apply(seat, A.SUBMIT)
    assert len(calls) == 5
    with pytest.raises(IllegalAction):          # the same object after another apply
        state.apply(seat, A.SUBMIT)
    assert state.reason(seat, A.SUBMIT) is not None and len(calls) == 7
