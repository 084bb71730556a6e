"""The difficulty levels players pick per seat: easy, normal and hard (issue 18).

- `easy`: the ruleset's greedy agent, but one decision in four is a random legal action that
  does not concede (a beatable opponent that still plays the game);
- `normal`: the ruleset's greedy agent;
- `hard`: the information-set search of `game.ai.search` with the ruleset's knobs.

The levels wrap whatever `greedy` the ruleset registers, so they exist for every ruleset that
has one. `make_agent` hands them the ruleset (`bind`). `game.rulesets` adds them to every
ruleset's agent table (this module sits above `game.ai`, which must not import it).

Hard's budget: `iterations` (fixed: tests, benchmarks, reproducible) or `seconds` (play).
With `offload` set (the program's game screens do), each decision runs in one worker process
shared by all hard seats: search is pure-Python CPU work and would hold the GIL against the
frame loop on a thread. The worker gets the agent (RNG included) and the view, and returns
the action and the agent's new state (the advanced RNG, and in plan mode the rest of the
plan), so an offloaded agent decides exactly as an in-process one.

Plan mode (the knob `plan_turn`: Skirmish, Landship, Dice for Land): a decision searches a
whole turn (`game.ai.plans`); the agent then plays the plan's next action, with no search,
while it is legal and the turn (`turn_key` of the view) is the same, and searches a new plan
otherwise. The budget (iterations or seconds) is per plan. With `cores` above 1 a plan's
evaluation playouts run on that many processes at once (`game.ai.plans`, `game.ai.workers`):
the same playouts and the same plan as on one core, in less wall time (the game screens
use every core of the machine).
"""

from __future__ import annotations

import copy
from typing import Any

from game.ai import Agent, agent_table, workers
from game.ai.knobs import knobs_for
from game.ai.plans import PlanSearch
from game.ai.search import Search, SearchStats
from game.core.protocol import Action, Ruleset, View
from game.core.rng import Rng, derive_seed

EASY_NOISE = 0.25          # share of easy's decisions made at random
THINK_SECONDS = (0.5, 1.0, 3.0)   # the thinking times players can choose (settings)
DEFAULT_THINK_S = 1.0


class _GreedyLevel(Agent):
    """A level built on the ruleset's greedy agent (bound by `make_agent`)."""

    def __init__(self, seat: int, seed: int) -> None:
        super().__init__(seat, seed)
        self.ruleset: Ruleset | None = None
        self.greedy: Agent | None = None

    def bind(self, ruleset: Ruleset) -> None:
        """Attach the ruleset: its greedy agent gets a seed derived from ours."""
        self.ruleset = ruleset
        greedy = agent_table(ruleset).get("greedy")
        if greedy is None:
            raise LookupError(f"{ruleset.id} has no greedy agent for the level {self.id!r}")
        self.greedy = greedy(self.seat, derive_seed(self.rng.get_state(), "greedy"))

    def _greedy(self, view: View | None, legal: list[Action]) -> Action:
        assert self.greedy is not None, "bind() the level to a ruleset first"
        return self.greedy.choose(view, legal)


class NormalAgent(_GreedyLevel):
    """The ruleset's greedy agent under its level name."""

    id = "normal"

    def choose(self, view: View | None, legal: list[Action]) -> Action:
        return self._greedy(view, legal)


class EasyAgent(_GreedyLevel):
    """Greedy, except that `EASY_NOISE` of the decisions are random non-conceding actions."""

    id = "easy"

    def choose(self, view: View | None, legal: list[Action]) -> Action:
        # the greedy agent decides every time, so its own RNG stream does not depend on noise
        action = self._greedy(view, legal)
        if len(legal) > 1 and self.rng.random() < EASY_NOISE:
            keep = [a for a in legal if not getattr(type(a), "concedes", False)] or legal
            return keep[self.rng.below(len(keep))]
        return action


class HardAgent(_GreedyLevel):
    """Information-set search (see `game.ai.search`) within an iteration or time budget."""

    id = "hard"

    def __init__(self, seat: int, seed: int) -> None:
        super().__init__(seat, seed)
        self.iterations: int | None = None      # fixed budget; None: think `seconds`
        self.seconds: float = DEFAULT_THINK_S
        self.offload = False                    # think in the worker process
        self.cores = 1                          # plan mode: processes a decision's playouts use
        self.last = SearchStats()               # what the last decision cost
        self.plan: list[Action] = []            # plan mode: the rest of this turn's plan ...
        self.plan_key: object = None            # ... made in the turn with this key

    def _policy(self, seat: int, seed: int) -> Agent:
        assert self.ruleset is not None
        return agent_table(self.ruleset)["greedy"](seat, seed)

    def choose(self, view: View | None, legal: list[Action]) -> Action:
        following = self._follow(view, legal)
        if following is not None:
            return following
        if self.offload and len(legal) > 1:
            twin = copy.copy(self)
            twin.offload = False
            action, rng_state, stats, plan, key = workers.think_pool().submit(_think, twin, view, legal).result()
            self.rng = Rng.from_state(rng_state)
            self.last = stats
            self.plan, self.plan_key = plan, key
            return action
        return self.think(view, legal)

    def _follow(self, view: View | None, legal: list[Action]) -> Action | None:
        """Plan mode: the plan's next action while it is legal in the same turn; else None
        (and the plan is dropped: a new one is searched from this view)."""
        if not self.plan:
            return None
        assert self.ruleset is not None, "bind() the agent to a ruleset first"
        knobs = knobs_for(self.ruleset.id)
        key = knobs.turn_key(view) if knobs.turn_key is not None and view is not None else None
        if key == self.plan_key and self.plan[0] in legal:
            self.last = SearchStats()           # no search: the plan's next step
            return self.plan.pop(0)
        self.plan, self.plan_key = [], None
        return None

    def think(self, view: View | None, legal: list[Action]) -> Action:
        """One decision in this process (plan mode: a new plan, its first action)."""
        assert self.ruleset is not None, "bind() the agent to a ruleset first"
        if view is None:
            raise ValueError("the hard agent needs its seat's view")
        knobs = knobs_for(self.ruleset.id)
        seconds = None if self.iterations is not None else self.seconds
        if knobs.plan_turn:
            planner = PlanSearch(self.ruleset, self.seat, knobs, self._policy, self.rng, self.cores)
            plan = planner.run_plan(view, legal, self.iterations, seconds)
            self.last = planner.stats
            self.plan = list(plan[1:])
            self.plan_key = knobs.turn_key(view) if knobs.turn_key is not None else None
            return plan[0]
        search = Search(self.ruleset, self.seat, knobs, self._policy, self.rng)
        action = search.run(view, legal, self.iterations, seconds)
        self.last = search.stats
        return action


def _think(agent: HardAgent, view: View, legal: list[Action]
           ) -> tuple[Action, list[int], SearchStats, list[Action], object]:
    """Worker-process side of an offloaded decision: the action and the agent's new state
    (RNG, last stats, plan and its turn key)."""
    action = agent.think(view, legal)
    return action, agent.rng.get_state(), agent.last, agent.plan, agent.plan_key


def shutdown_worker() -> None:
    """Stop the search worker and its helpers (at exit; a later offloaded decision starts
    them again)."""
    workers.shutdown()


LEVELS: dict[str, type[Agent]] = {"easy": EasyAgent, "normal": NormalAgent, "hard": HardAgent}


def configure(agent: Any, *, seconds: float | None = None, iterations: int | None = None,
              offload: bool | None = None, cores: int | None = None) -> None:
    """Set a hard agent's budget / offloading / cores; other agents ignore it."""
    if not isinstance(agent, HardAgent):
        return
    if cores is not None:
        agent.cores = max(1, cores)
    if seconds is not None:
        agent.seconds = seconds
    if iterations is not None:
        agent.iterations = iterations
    if offload is not None:
        agent.offload = offload
    if agent.offload and agent.cores > 1:
        try:   # the think process starts its helpers while the game opens (not waited for)
            workers.think_pool().submit(workers.warm_helpers, agent.cores - 1)
        except (OSError, RuntimeError):   # no processes here: the first plan will say so
            pass
