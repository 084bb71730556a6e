"""game.ai and game.play (issue 17/19): agent seeds, the `random` agent's manners, agent
tables from agents.py, and simulate's end causes."""

from __future__ import annotations

from dataclasses import dataclass

from game import rulesets
from game.ai import RandomAgent, RandomAnyAgent, agent_ids, agent_seed, make_agent
from game.core.protocol import Action
from game.core.rng import Rng, derive_seed
from game.play.simulate import simulate


@dataclass(frozen=True)
class Play(Action):
    n: int


@dataclass(frozen=True)
class Resign(Action):
    concedes = True


def test_make_agent_derives_the_agent_seed_and_never_passes_the_game_seed():
    rs = rulesets.get("tidegate")
    agent = make_agent("random", rs, 2, 12345)
    assert agent_seed(12345, 2, "random") == derive_seed(12345, "agent", 2, "random")
    assert agent.rng.get_state() == Rng(agent_seed(12345, 2, "random")).get_state()
    assert agent.rng.get_state() != Rng(12345).get_state()
    # seats and agent kinds get different streams from one game seed
    assert make_agent("random", rs, 1, 12345).rng.get_state() != agent.rng.get_state()
    assert make_agent("greedy", rs, 2, 12345).rng.get_state() != agent.rng.get_state()


def test_random_concedes_only_when_nothing_else_is_legal():
    agent = RandomAgent(0, 7)
    legal = [Resign(), Play(1), Play(2)]
    assert all(not isinstance(agent.choose(None, legal), Resign) for _ in range(200))
    assert agent.choose(None, [Resign()]) == Resign()


def test_random_fast_filter_picks_what_filtering_every_action_picks():
    """Issue 17 item 5 / speed: the class-set filter of `random` is a pure speed-up: with one
    seed it picks the same action as the plain filter over every action, wherever the
    conceding actions stand in the list (end, start, middle, all, none)."""
    pick = Rng(3)
    lists = [[Play(1), Play(2), Resign()], [Resign(), Play(1)], [Play(1), Resign(), Play(2)],
             [Resign()], [Play(i) for i in range(5)], [Play(1), Resign(), Play(2), Resign()]]
    for _ in range(300):
        lists.append([Resign() if pick.below(4) == 0 else Play(i) for i in range(1 + pick.below(9))])
    fast, slow = RandomAgent(0, 11), RandomAgent(0, 11).rng
    for legal in lists:
        keep = [a for a in legal if not getattr(type(a), "concedes", False)] or legal
        expected = keep[slow.below(len(keep))]
        got = fast.choose(None, legal)
        assert got is expected, (legal, got, expected)


def test_random_any_keeps_the_old_behaviour():
    agent = RandomAnyAgent(0, 7)
    picks = {type(agent.choose(None, [Resign(), Play(1)])) for _ in range(200)}
    assert picks == {Resign, Play}
    assert "random-any" in agent_ids(rulesets.get("tidegate"))


def test_agent_table_comes_from_agents_py():
    from game.tidegate.agents import AGENTS
    assert AGENTS["greedy"].id == "greedy"
    assert rulesets.agents("tidegate")["greedy"] is AGENTS["greedy"]
    assert "agents" not in type(rulesets.get("tidegate")).__dict__  # no Ruleset.agents() override


def test_simulate_counts_end_causes():
    report = simulate("tidegate", ["greedy", "random"], 12, seed=3, time_decisions=False)
    assert sum(report["end_causes"].values()) == 12
    assert set(report["end_causes"]) <= {"TG-7.1", "TG-7.2"}
