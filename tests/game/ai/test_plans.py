"""Issue 18: the hard agent's whole-turn plan mode (`game.ai.plans`, knob `plan_turn`).

Skirmish, Landship and Dice for Land search a whole turn once and then play the plan; these
check the contract: which rulesets plan, what a plan is (one seat's run of actions, greedy's
first), the replay's greedy fallback, following and re-planning, the worker round trip,
determinism and no peeking. Strength is a benchmark (`tools/bench.py --search`).
"""

from __future__ import annotations

import copy
import dataclasses

import pytest

from game import rulesets
from game.ai import make_agent
from game.ai.knobs import KNOBS, knobs_for
from game.ai.levels import configure
from game.ai.plans import PlanSearch
from game.ai.search import _Arm
from game.core.protocol import Setup
from game.core.rng import Rng
from tests.helpers.search import hard

PLANNED = ["skirmish", "landship", "territory"]


def turn_start(ruleset_id: str, seats: int, seed: int, steps: int):
    """The first turn start (the mover changed) at or after `steps` greedy actions where the
    mover has more than one action: (state, seat)."""
    rs = rulesets.get(ruleset_id)
    state = rs.new_game(Setup(seats=("greedy",) * seats, seed=seed))
    players = [make_agent("greedy", rs, s, seed) for s in range(seats)]
    count, prev = 0, None
    while state.result() is None:
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        if count >= steps and prev is not None and seat != prev and len(legal) > 1:
            return state, seat
        prev = seat
        state.apply(seat, players[seat].choose(state.view(seat), legal))
        count += 1
    raise AssertionError("the game ended before a turn start")


def planner(ruleset_id: str, seat: int, seed: int = 5) -> PlanSearch:
    agent = hard(ruleset_id, seat)
    return PlanSearch(agent.ruleset, seat, knobs_for(ruleset_id), agent._policy, Rng(seed))


def prepared(search: PlanSearch, state) -> PlanSearch:
    """The search's sampled worlds set up as `run_plan` does, from the seat's view."""
    search._samples = [search.ruleset.state_from_view(state.view(search.seat), Rng(s))
                       for s in range(3)]
    search._world_seeds = []
    search._deadline = None
    search._done = 0
    return search


def test_plan_mode_is_on_for_the_long_turn_rulesets_and_off_for_tidegate_and_domiplot():
    assert {r for r, k in KNOBS.items() if k.plan_turn} == set(PLANNED)
    assert all(KNOBS[r].turn_key is not None for r in PLANNED)


@pytest.mark.parametrize("ruleset_id", PLANNED)
def test_candidate_plans_are_distinct_whole_turns_greedy_first(ruleset_id):
    """Plan 0 is the greedy policy through our turn; every plan starts with a legal action,
    none repeats, and replayed in a world where the dice agree it ends our seat's run."""
    state, seat = turn_start(ruleset_id, 2, 7, 30)
    legal = state.legal_actions(seat)
    search = prepared(planner(ruleset_id, seat), state)
    plans = search._plans(state.view(seat), legal, legal)
    assert 2 <= len(plans) <= knobs_for(ruleset_id).plan_candidates
    assert len(set(plans)) == len(plans)
    assert all(p and p[0] in legal for p in plans)
    greedy = make_agent("greedy", rulesets.get(ruleset_id), seat, 1)
    if ruleset_id != "skirmish":   # skirmish's greedy breaks ties with its RNG
        assert plans[0][0] == greedy.choose(state.view(seat), legal)
    # the last action of a plan hands the turn on (end turn / submit), none before it does
    end = {"skirmish": "EndTurn", "landship": "EndTurn", "territory": "Submit"}[ruleset_id]
    for plan in plans:
        names = [type(a).__name__ for a in plan]
        assert end not in names[:-1]


@pytest.mark.parametrize("ruleset_id", ["skirmish", "landship"])
def test_replay_finishes_the_turn_with_greedy_once_a_planned_action_is_illegal(ruleset_id):
    """Open-loop replay: the script's actions while legal; its first illegal one (here the
    same move again) hands over to greedy, which plays on until the seat's run ends."""
    state, seat = turn_start(ruleset_id, 2, 9, 20)
    search = prepared(planner(ruleset_id, seat), state)
    first = next(a for a in search._plans(state.view(seat), state.legal_actions(seat),
                                           state.legal_actions(seat))[0]
                 if type(a).__name__ == "Move")
    world = search._world(0)
    players = search._fresh_players(3, 2)
    played = search._our_turn(world, players, (first, first))
    assert played[0] == first and played[1] != first     # the repeat was refused: greedy
    assert world.result() is not None or seat not in world.to_move()
    assert len(played) >= 2


@pytest.mark.parametrize("ruleset_id", PLANNED)
def test_hard_follows_its_plan_without_search_and_replans_when_a_step_is_not_legal(ruleset_id):
    for steps in (25, 35, 45):   # the first turn start whose chosen plan has a second step
        state, seat = turn_start(ruleset_id, 2, 11, steps)
        agent = hard(ruleset_id, seat, iterations=10)
        view, legal = state.view(seat), state.legal_actions(seat)
        first = agent.choose(view, legal)
        if agent.plan:
            break
    assert first in legal and agent.last.iterations > 0 and agent.plan
    assert agent.plan_key == knobs_for(ruleset_id).turn_key(view)
    state.apply(seat, first)
    view, legal = state.view(seat), state.legal_actions(seat)
    planned = agent.plan[0]
    assert planned in legal
    # the same agent, had its plan's next step been refused (as when the dice went
    # otherwise; here the step it just played, which cannot be played twice): a new search
    assert first not in legal
    twin = copy.copy(agent)
    twin.plan, twin.rng = [first] + agent.plan, Rng.from_state(agent.rng.get_state())
    assert twin.choose(view, legal) in legal and twin.last.iterations > 0
    assert twin.plan_key == agent.plan_key and twin.plan != [first] + agent.plan
    # the step is legal: played as planned, without search
    assert agent.choose(view, legal) == planned and agent.last.iterations == 0


def test_a_plan_is_dropped_when_the_turn_changed():
    """Landship D6 may end a turn on its own: a plan's leftovers are never played in the next
    turn, even where they are legal again (the view's turn key differs)."""
    state, seat = turn_start("landship", 2, 11, 25)
    agent = hard("landship", seat, iterations=10)
    agent.choose(state.view(seat), state.legal_actions(seat))
    leftover = state.legal_actions(seat)[0]
    agent.plan, agent.plan_key = [leftover], ("another", "turn")
    agent.choose(state.view(seat), state.legal_actions(seat))
    assert agent.last.iterations > 0              # searched again, not the leftover played


@pytest.mark.parametrize("ruleset_id", PLANNED)
def test_plan_is_a_pure_function_of_seed_view_and_iterations(ruleset_id):
    state, seat = turn_start(ruleset_id, 2, 13, 30)
    runs = []
    for _ in range(2):
        agent = hard(ruleset_id, seat, seed=3, iterations=10)
        action = agent.choose(state.view(seat), state.legal_actions(seat))
        runs.append((action, agent.plan, agent.plan_key, agent.rng.get_state(),
                     agent.last.iterations))
    assert runs[0] == runs[1]


def test_offloaded_plan_decision_returns_the_plan_and_the_rng():
    """The worker returns the agent's new state: its RNG and the rest of the plan."""
    state, seat = turn_start("skirmish", 2, 15, 20)
    view, legal = state.view(seat), state.legal_actions(seat)
    local = hard("skirmish", seat, iterations=8)
    remote = hard("skirmish", seat, iterations=8)
    configure(remote, offload=True)
    assert remote.choose(view, legal) == local.choose(view, legal)
    assert remote.plan == local.plan and remote.plan_key == local.plan_key
    assert remote.rng.get_state() == local.rng.get_state()
    assert remote.last.iterations == local.last.iterations > 0


def test_no_peeking_territory_plans_ignore_other_tribes_secret_orders():
    """T-18: other tribes' orders, escrow and research are hidden. A world rebuilt from the
    seat's view (other secrets, another RNG) gives the same whole plan, not just its first
    action (same agent seed and iterations)."""
    real, seat = turn_start("territory", 3, 4, 40)
    other = rulesets.get("territory").state_from_view(real.view(seat), Rng(77)).clone(reseed=5)
    assert other.digest() != real.digest()
    assert other.view(seat).to_json() == real.view(seat).to_json()
    plans = []
    for state in (real, other):
        agent = hard("territory", seat, iterations=10)
        plans.append([agent.choose(state.view(seat), state.legal_actions(seat))] + agent.plan)
    assert plans[0] == plans[1]


def test_hard_plays_a_whole_skirmish_game_with_far_fewer_searches_than_actions():
    """A game of hard (plan mode) against greedy ends; most of hard's decisions follow a plan."""
    from game.play.simulate import play_one
    rec = play_one("skirmish", ["hard", "greedy"], 3, 0, agent_options={"iterations": 6})
    rows = rec.searches["hard"]
    searched = [r for r in rows if r[0] > 0]
    assert rec.cause and searched and len(searched) * 2 < len(rows)


def test_a_wall_clock_budget_applies_per_plan():
    """In play the budget is seconds per plan (no iteration budget): the decision is legal and
    every candidate plan met at least one world."""
    state, seat = turn_start("landship", 2, 17, 30)
    agent = hard("landship", seat)
    agent.iterations = None
    configure(agent, seconds=0.2)
    action = agent.choose(state.view(seat), state.legal_actions(seat))
    assert action in state.legal_actions(seat)
    assert agent.last.iterations >= agent.last.children >= 2


def test_landship_and_dice_for_land_score_cut_offs_with_the_greedy_policy_s_own_value():
    """Dice for Land's policy value is `search_value` (tiles, resources, the final turn)."""
    from game.territory.agents import GreedyAgent, search_value
    assert {r for r, k in KNOBS.items() if k.policy_value} == {"landship", "territory"}
    state, seat = turn_start("territory", 2, 3, 10)
    assert GreedyAgent(seat, 1).evaluate(state) == search_value(state, seat) > 0


def test_landship_plans_are_told_apart_by_the_greedy_score_where_material_ties_them():
    """Issue 18, Landship: a turn and the reply rarely change integrity, so the material value
    gave most candidate plans the same reward in every world (the search kept greedy's plan
    for want of any difference); the greedy agent's §15 score (`policy_value`) sees position,
    threats and economy and separates them."""
    state, seat = turn_start("landship", 2, 7, 30)
    legal = state.legal_actions(seat)
    distinct = {}
    for policy_value in (False, True):
        search = prepared(planner("landship", seat), state)
        search.knobs = dataclasses.replace(knobs_for("landship"), policy_value=policy_value,
                                           plan_reply_turns=1)
        arms = [_Arm(p) for p in search._plans(state.view(seat), legal, legal)]
        for arm in arms:
            for world in range(4):
                search._play(arm, world)
        distinct[policy_value] = len({tuple(arm.rewards) for arm in arms})
    assert distinct == {False: 2, True: 3}


@pytest.mark.parametrize("replies", [1, 2])
def test_landship_plans_are_played_out_through_two_reply_turns(replies):
    """Issue 18, Landship (`plan_reply_turns` 2): a plan's evaluation runs our turn, their
    reply, our greedy turn and their reply again, and stops with our seat to move two rounds
    on (one round on with a single reply turn)."""
    assert knobs_for("landship").plan_reply_turns == 2
    state, seat = turn_start("landship", 2, 7, 30)
    search = prepared(planner("landship", seat), state)
    search.knobs = dataclasses.replace(knobs_for("landship"), plan_reply_turns=replies)
    world = search._world(0)
    players = search._fresh_players(3, 2)
    search._our_turn(world, players, ())
    search._reply(world, players)
    assert world.result() is None
    assert world.to_move() == [seat] and world.round == state.round + replies


@pytest.mark.parametrize("seats, replies", [(2, 1), (4, 2)])
def test_dice_for_land_plans_see_two_order_rounds_with_three_or_more_seats(seats, replies):
    """Issue 18, Dice for Land (`plan_reply_turns_many` 2): with three or more seats a plan's
    playout runs our orders, the others' orders and the resolution, then our greedy turn and
    theirs, and stops with our seat to order two turns on; a duel keeps one order round."""
    knobs = knobs_for("territory")
    assert (knobs.plan_reply_turns, knobs.plan_reply_turns_many) == (1, 2)
    state, seat = turn_start("territory", seats, 3, 10)
    search = prepared(planner("territory", seat), state)
    world = search._world(0)
    players = search._fresh_players(3, seats)
    search._our_turn(world, players, ())
    search._reply(world, players)
    assert world.result() is None
    assert seat in world.to_move() and world.turn == state.turn + replies


def test_skirmish_offers_one_style_per_rival_bloc_and_none_in_a_duel():
    """Skirmish §17 greedy gangs up on the VP leader; with several rival blocs the search also
    plays greedy's turn against each one (`styles`, the root seats in seat order). A duel has
    one rival, so no styles: two-seat plans are unchanged."""
    rs = rulesets.get("skirmish")
    duel, seat2 = turn_start("skirmish", 2, 7, 30)
    agent = make_agent("greedy", rs, seat2, 1)
    assert agent.styles(duel.view(seat2)) == []
    four, seat = turn_start("skirmish", 4, 7, 30)
    agent = make_agent("greedy", rs, seat, 1)
    view = four.view(seat)
    g = view.game
    rivals = sorted({g.roots()[f] for f in range(4) if g.hostile(seat, f) and not g.defunct(f)})
    assert len(rivals) == 3 and agent.styles(view) == rivals


def test_a_skirmish_style_makes_its_bloc_the_one_to_hit_and_march_on():
    """`restyle(f)`: bloc f's units and cities are worth 1 + `leader` (2.0 in the table: x3),
    every other faction 1, whoever leads on VP."""
    rs = rulesets.get("skirmish")
    state, seat = turn_start("skirmish", 4, 7, 30)
    g = state.view(seat).game
    for target in range(4):
        if target == seat:
            continue
        agent = make_agent("greedy", rs, seat, 1)
        agent.restyle(target)
        assert agent._leader_focus(g) == [3.0 if f == target else 1.0 for f in range(4)]


def test_four_seat_skirmish_candidates_are_greedy_and_its_styles_only():
    """With styles, at most 1 + (rival blocs) plans: greedy's, then one per style (identical
    plans kept once; a blind variant only in the place of a style that repeated greedy's,
    which no style does here), each a whole turn starting with a legal action."""
    state, seat = turn_start("skirmish", 4, 7, 30)
    legal = state.legal_actions(seat)
    search = prepared(planner("skirmish", seat), state)
    plans = search._plans(state.view(seat), legal, legal)
    assert 2 <= len(plans) <= 4 and len(set(plans)) == len(plans)
    assert set(search._styled) == set(plans[1:])
    assert all(p[0] in legal for p in plans)


def test_a_style_plan_needs_no_margin_over_greedy_but_a_blind_variant_does():
    """`_decide`: a style's plan wins with any better mean; a noise or first-action plan must
    beat greedy's by `switch_margin` (0.02)."""
    search = planner("skirmish", 0)
    greedy, styled, blind = ("g",), ("s",), ("b",)
    search._styled = [styled]

    def arms(g: float, other, value: float) -> list[_Arm]:
        a, b = _Arm(greedy), _Arm(other)      # type: ignore[arg-type]
        a.rewards, b.rewards = [g] * 4, [value] * 4
        return [a, b]

    assert search._decide(arms(0.30, styled, 0.305), greedy) == styled
    assert search._decide(arms(0.30, styled, 0.30), greedy) == greedy
    assert search._decide(arms(0.30, blind, 0.315), greedy) == greedy
    assert search._decide(arms(0.30, blind, 0.33), greedy) == blind


# (seats, seed, steps, playout budget, digest of the plan, every playout's reward and the RNG)
TERRITORY_PINNED = [(2, 3, 10, 40, "32c1b688150edb40"), (4, 9, 30, 31, "fff15ae33fc68555")]


@pytest.mark.parametrize("row", TERRITORY_PINNED, ids=lambda r: f"{r[0]}-seats")
def test_territory_plans_and_every_playout_are_pinned(row, monkeypatch):
    """Speed work on Dice for Land's playouts (the greedy agent's shortcuts, views, legality)
    must not change a decision nor any playout: the plan, each playout's reward in order and
    the agent's RNG afterwards are pinned (computed on 6e2efbd, before that work; pinned
    again when the planner's styles changed the candidate plans on purpose: the duel's once
    they came, the four seats' once they and temperature 16 came to four seats, and once
    more when four seats' playouts grew to two order rounds, `plan_reply_turns_many`, and
    when four seats gained the "leader" style: five plans, whose halving spends a budget of
    31 exactly)."""
    import hashlib
    seats, seed, steps, iterations, digest = row
    rewards: list[float] = []
    play = PlanSearch._play

    def recording(self, arm, world):
        play(self, arm, world)
        rewards.append(round(arm.rewards[-1], 9))

    monkeypatch.setattr(PlanSearch, "_play", recording)
    state, seat = turn_start("territory", seats, seed, steps)
    agent = hard("territory", seat, seed=11, iterations=iterations)
    first = agent.choose(state.view(seat), state.legal_actions(seat))
    got = repr(([first] + agent.plan, rewards, agent.rng.get_state()))
    assert len(rewards) == agent.last.iterations == iterations
    assert hashlib.sha256(got.encode()).hexdigest()[:16] == digest


@pytest.mark.parametrize("ruleset_id,seats", [("territory", 4), ("skirmish", 2), ("landship", 2)])
def test_a_plan_on_two_cores_is_the_plan_on_one(ruleset_id, seats, monkeypatch):
    """Issue 18, hard on every core: with `cores` 2 the halving's playouts are shared with a
    helper process, and each is a pure function of (plan, world), so the decision, the rest of
    the plan, the RNG and the playouts counted are exactly those of one core."""
    from game.ai import workers

    asked = []
    pool = workers.helper_pool
    monkeypatch.setattr(workers, "helper_pool", lambda n: asked.append(n) or pool(n))
    state, seat = turn_start(ruleset_id, seats, 21, 40)
    view, legal = state.view(seat), state.legal_actions(seat)
    runs = []
    for cores in (1, 2):
        agent = hard(ruleset_id, seat, seed=9, iterations=24)
        configure(agent, cores=cores)
        action = agent.choose(view, legal)
        runs.append((action, agent.plan, agent.rng.get_state(), agent.last.iterations))
        assert agent.last.children > 1               # plans to compare: the halving ran
        assert bool(asked) == (cores == 2)           # ... on two processes the second time
    assert runs[0] == runs[1]
    assert runs[0][3] >= 20


def test_a_timed_plan_on_two_cores_stops_with_whole_worlds():
    """With a wall-clock budget the parts stop at the deadline: every plan keeps the worlds
    it has without a gap, the decision is a legal action, and at least the first sweep ran."""
    state, seat = turn_start("territory", 4, 23, 40)
    agent = hard("territory", seat, seed=4)
    configure(agent, seconds=0.3, cores=2)
    agent.iterations = None
    action = agent.choose(state.view(seat), state.legal_actions(seat))
    assert action in state.legal_actions(seat)
    assert agent.last.iterations >= agent.last.children > 1


def test_a_helper_that_fails_leaves_its_share_to_the_searching_process(monkeypatch):
    """A helper process that cannot take work (here: no process can be started) costs time,
    not the decision: the round is played in the searching process, the plan as on one core."""
    from game.ai import workers

    def broken(_workers):
        raise OSError("no processes here")

    state, seat = turn_start("territory", 4, 21, 40)
    view, legal = state.view(seat), state.legal_actions(seat)
    runs = []
    for cores in (1, 2):
        agent = hard("territory", seat, seed=9, iterations=16)
        configure(agent, cores=cores)
        if cores == 2:
            monkeypatch.setattr(workers, "helper_pool", broken)
        runs.append((agent.choose(view, legal), agent.plan, agent.rng.get_state()))
    assert runs[0] == runs[1]


def test_workers_end_when_the_program_is_killed(tmp_path):
    """A game killed (or ended by a signal) does not shut its pools down: its think process
    and that process's helpers must still end, not wait for work for ever."""
    import os
    import subprocess
    import sys
    import time
    from pathlib import Path

    script = tmp_path / "think_and_die.py"
    script.write_text(
        "import os, sys\n"
        f"sys.path.insert(0, {str(Path(__file__).resolve().parents[3])!r})\n"
        "from game.ai import workers\n"
        "if __name__ == '__main__':\n"
        "    pool = workers.think_pool()\n"
        "    pool.submit(workers.warm_helpers, 1).result(timeout=60)\n"
        "    think = next(iter(pool._processes))\n"
        "    children = f'/proc/{think}/task/{think}/children'\n"
        "    helpers = open(children).read() if os.path.exists(children) else ''\n"
        "    print(think, helpers, flush=True)\n"
        "    os.kill(os.getpid(), 9)\n", encoding="utf-8")
    out = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=90)
    pids = [int(p) for p in out.stdout.split()]
    assert len(pids) >= 1, out.stderr
    deadline = time.monotonic() + 20
    alive = pids
    while alive and time.monotonic() < deadline:
        time.sleep(0.1)
        alive = [p for p in alive if _running(p)]
    assert not alive, f"workers {alive} outlived the killed program"


def _running(pid: int) -> bool:
    """The process exists and is not a zombie (an orphan's zombie waits for init to reap it)."""
    import os
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return True


def test_a_program_whose_think_process_started_helpers_exits(tmp_path):
    """The game screens' hard seats think in a worker process that starts its own helper
    processes; the program must still exit when it ends (the think process stops its helpers
    before its exit joins them, which had waited for ever)."""
    import subprocess
    import sys
    from pathlib import Path

    script = tmp_path / "think_and_exit.py"
    script.write_text(
        "import sys\n"
        f"sys.path.insert(0, {str(Path(__file__).resolve().parents[3])!r})\n"
        "from game.ai import workers\n"
        "if __name__ == '__main__':\n"
        "    workers.think_pool().submit(workers.warm_helpers, 1).result(timeout=60)\n"
        "    print('warm')\n", encoding="utf-8")
    out = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=90)
    assert out.returncode == 0 and out.stdout.strip() == "warm", out.stderr
