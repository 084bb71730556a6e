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


def test_random_is_uniform_over_the_actions_that_do_not_concede():
    """Issue 17 item 5 / issue 19 speed: `random` draws from the whole list and draws again on
    a conceding action (at most a few times, then it filters): each non-conceding action is
    equally likely wherever the conceding ones stand, and a list that is all but one conceding
    still gives the one that plays on."""
    agent = RandomAgent(0, 11)
    legal = [Play(0), Resign(), Play(1), Resign(), Resign(), Play(2)]
    counts = [0, 0, 0]
    for _ in range(9000):
        counts[agent.choose(None, legal).n] += 1
    assert sum(counts) == 9000                          # never a Resign
    assert all(2800 <= c <= 3200 for c in counts), counts   # 3000 each, ~4 sd either side
    mostly_resign = [Resign()] * 30 + [Play(7)]
    assert all(agent.choose(None, mostly_resign) == Play(7) for _ in range(100))


def test_random_without_conceding_actions_is_one_plain_draw():
    """Where no action concedes (most lists of most rulesets) the pick is `legal[below(n)]` of
    the agent's RNG, one draw per decision: the games of rulesets without conceding actions
    stay what they were before the rejection sampling."""
    pick = Rng(3)
    agent, plain = RandomAgent(0, 11), RandomAgent(0, 11).rng
    for _ in range(300):
        legal = [Play(i) for i in range(1 + pick.below(40))]
        assert agent.choose(None, legal) is legal[plain.below(len(legal))]


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
