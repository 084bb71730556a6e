"""The "hard" agent: information-set Monte Carlo tree search over sampled states (issue 18).

It works on any ruleset through the protocol only and sees only its seat's view:

- **Determinize.** A few full states are drawn with `Ruleset.state_from_view(view, rng)`
  (other hands, face-down cards, unsubmitted orders sampled from what the seat has not seen);
  every iteration plays on `clone(reseed=...)` of one of them, so future dice differ from
  iteration to iteration and never come from the real game.
- **The root: sequential halving on common worlds.** A "world" is one sampled state plus one
  dice seed. The root's candidates (greedy's choice first, then the others ranked by the value
  one action ahead, at most `root_width`) are played in rounds: every candidate of a round
  meets the same worlds, so luck cancels out of the comparison (common random numbers), and
  after each round the worse half is dropped (Karnin et al. 2013), greedy's choice always
  kept. Dice-heavy games need this: with independent samples the noise of a few hundred
  playouts is larger than the differences between moves.
- **Below the root, one tree over information sets** (single-observer ISMCTS, Cowling et al.
  2012): a node is the sequence of actions taken from the root (by whoever was to move),
  whatever the sampled state below it; a child is considered only when its action is legal in this iteration's
  sample, and its UCB term counts how often it was *available*. The first child tried at a
  node is what the ruleset's greedy agent would play there; further children come one at a
  time as visits grow (progressive widening: `ceil(widen * visits ** widen_power)`).
- **The decision.** The surviving candidate with the best mean over the worlds all survivors
  met; greedy's choice unless another beats it by `switch_margin` (a move is changed only on
  some evidence, so noise alone rarely moves the search off greedy's choice).
- **Greedy playouts cut off by an evaluation.** After the tree, every seat plays its greedy
  policy for `playout_depth` actions; a finished game scores 1 for each winner (shared among
  them), otherwise the ruleset's value function per seat becomes win chances by a softmax
  (with the knob `policy_value` the value is the playout policy's own `evaluate(state)`:
  the greedy agent's score of the position from its seat).

The per-ruleset numbers (playout depth, evaluation, temperature, exploration, widening) are
one `Knobs` entry per ruleset in `game.ai.knobs.KNOBS`: the algorithm is the same for all.
Rulesets whose turns are long runs of one seat's actions set `plan_turn` and search whole
turns instead (`game.ai.plans`, built on this module's halving); with it off (Tidegate,
Domiplot) this per-action search runs exactly as described here.

Everything random comes from the agent's own RNG, so with a fixed iteration budget a decision
is a pure function of (agent seed, view, legal actions); in play a wall-clock budget stops it,
but never before every root candidate has had one playout (on a slow machine the first sweep
may overrun the budget).
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Callable

from game.core.protocol import Action, Ruleset, State, View
from game.core.rng import Rng

# value(state, seat) -> a number where more is better for that seat (any scale: the knobs'
# temperature turns the seats' numbers into win chances)
ValueFn = Callable[[State, int], float]
# make_policy(seat, seed) -> an agent whose `choose(view, legal)` plays playouts
PolicyFactory = Callable[[int, int], object]


@dataclass(frozen=True)
class Knobs:
    """The per-ruleset settings of the search (see the module docstring)."""

    value: ValueFn                   # cut-off evaluation, per seat
    temperature: float = 1.0         # value units that make one seat e times likelier to win
    temperature_many: float = 0.0    # the same with three or more seats (0: `temperature`)
    playout_depth: int = 24          # greedy actions after the tree before the evaluation
    exploration: float = 0.7         # UCB constant (rewards are win chances in [0, 1])
    widen: float = 1.5               # progressive widening: children allowed at a node ...
    widen_power: float = 0.5         # ... = ceil(widen * visits ** widen_power)
    determinizations: int = 8        # states drawn from the view per decision (then reseeded)
    root_width: int = 12             # root candidates at most (greedy's choice included)
    switch_margin: float = 0.02      # mean win chance another move needs over greedy's
    # whole-turn plans (`game.ai.plans`); off: every action is searched as above
    plan_turn: bool = False          # search our whole turn once, then play the plan
    plan_candidates: int = 6         # plans compared at most (greedy's included)
    plan_firsts: int = 2             # of them: greedy after another first action ...
    plan_noise: tuple[float, ...] = (0.1, 0.25)   # ... and greedy with random actions at these rates
    plan_reply_turns: int = 1        # after our turn: the others until we move again, N times
    plan_reply_turns_many: int = 0   # the same with three or more seats (0: `plan_reply_turns`)
    plan_playout_cap: int = 300      # actions at most in one turn's run (a safety bound)
    # cut-offs scored by the playout policy's own `evaluate(state)` (the greedy agent's score
    # from its seat) instead of `value`: a value that sees what the policy weighs (position,
    # threats, economy), where `value` may see only what changes slowly (material)
    policy_value: bool = False
    # a plan is kept while this is the same (it reads a view or a state alike)
    turn_key: Callable[[object], object] | None = None


@dataclass
class SearchStats:
    """What the last decision cost: iterations (playouts) run, wall seconds spent and the
    number of root candidates compared."""

    iterations: int = 0
    seconds: float = 0.0
    children: int = 0


class _Node:
    """An information-set node: children by action, each with visits, rewards (of the seat
    that moved) and how often it was available (legal in the iteration's sample)."""

    __slots__ = ("children", "order")

    def __init__(self) -> None:
        self.children: dict[Action, _Child] = {}
        self.order: list[Action] = []     # children in the order they were added


class _Child:
    __slots__ = ("node", "visits", "total", "avail")

    def __init__(self) -> None:
        self.node = _Node()
        self.visits = 0
        self.total = 0.0
        self.avail = 0


def win_chances(state: State, knobs: Knobs, value: ValueFn | None = None) -> list[float]:
    """Reward of every seat in [0, 1]: the result once over, else a softmax of the values
    (of `value` if given, else of the knobs' value)."""
    n = len(state.setup.seats)
    result = state.result()
    if result is not None:
        if not result.winners:
            return [1.0 / n] * n
        share = 1.0 / len(result.winners)
        return [share if s in result.winners else 0.0 for s in range(n)]
    value = value or knobs.value
    temperature = knobs.temperature_many if n > 2 and knobs.temperature_many else knobs.temperature
    values = [value(state, s) / temperature for s in range(n)]
    top = max(values)
    weights = [math.exp(v - top) for v in values]
    total = sum(weights)
    return [w / total for w in weights]


class _Arm:
    """A root candidate: its rewards by world index and the tree below it."""

    __slots__ = ("action", "rewards", "node")

    def __init__(self, action: Action) -> None:
        self.action = action
        self.rewards: list[float] = []
        self.node = _Node()

    def mean(self, worlds: int) -> float:
        """Mean reward over the first `worlds` worlds (the ones every survivor met)."""
        part = self.rewards[:worlds]
        return sum(part) / len(part) if part else 0.0


class _OutOfTime(Exception):
    """The wall-clock budget ran out inside a round."""


class Search:
    """One decision's search (see the module docstring); `run` returns the chosen action."""

    def __init__(self, ruleset: Ruleset, seat: int, knobs: Knobs, policy: PolicyFactory,
                 rng: Rng) -> None:
        self.ruleset = ruleset
        self.seat = seat
        self.knobs = knobs
        self.policy = policy
        self.rng = rng
        self.stats = SearchStats()
        self._evaluators: dict[int, object] = {}   # policy_value: one policy agent per seat

    def run(self, view: View, legal: list[Action], iterations: int | None = None,
            seconds: float | None = None) -> Action:
        """The chosen action of `legal` after `iterations` playouts, or as many as fit in
        `seconds` (with both, whichever ends first); a single legal action is returned at once."""
        start = time.perf_counter()
        # forced moves are not searched: a single legal action, or a single one that does not
        # give the game away (resigning is never better than playing on for a win chance)
        playing = [a for a in legal if not getattr(type(a), "concedes", False)] or legal
        if len(playing) == 1:
            self.stats = SearchStats(0, time.perf_counter() - start, 1)
            return playing[0]
        knobs, rng = self.knobs, self.rng
        self._samples = [self.ruleset.state_from_view(view, Rng(rng.below(1 << 31)))
                         for _ in range(max(1, knobs.determinizations))]
        self._world_seeds: list[int] = []
        # one playout agent per seat for the whole decision, seeded from our RNG
        self._players = {s: self.policy(s, rng.below(1 << 31))
                         for s in range(len(self._samples[0].setup.seats))}
        greedy = self._players[self.seat].choose(view, list(legal))
        arms = [_Arm(a) for a in self._candidates(playing, greedy)]
        if iterations is not None:   # fewer iterations than candidates: the best-ranked ones
            arms = arms[:max(1, iterations)]
        self._done = 0
        self._deadline = None if seconds is None else start + seconds
        self._floor = len(arms)   # the first sweep runs whatever the clock says (see plans.py)
        budget = iterations
        survivors = arms
        try:
            if budget is None:
                # a time budget: one sweep tells what an iteration costs here
                for arm in arms:
                    self._play(arm, 0)
                per = (time.perf_counter() - start) / len(arms)
                budget = max(len(arms), int((seconds or 0.0) / max(per, 1e-6)))
            survivors = self._halve(arms, budget, greedy)
        except _OutOfTime:
            pass
        best = self._decide(survivors, greedy)
        self.stats = SearchStats(self._done, time.perf_counter() - start, len(arms))
        return best

    # ---- the root ------------------------------------------------------------------------
    def _candidates(self, legal: list[Action], greedy: Action) -> list[Action]:
        """Greedy's choice, then the other legal actions by their value one action ahead on
        the first sample (ties in our RNG's order), at most `root_width` in all."""
        others = [a for a in legal if a != greedy]
        width = max(1, self.knobs.root_width)
        if len(others) < width:
            order = [(self.rng.random(), a) for a in others]
            order.sort(key=lambda p: p[0])
            return [greedy] + [a for _, a in order]
        scored = []
        base = self._samples[0]
        for a in others:
            state = base.clone()
            state.apply(self.seat, a)
            conceding = getattr(type(a), "concedes", False)
            scored.append((conceding, -self._value()(state, self.seat), self.rng.random(), a))
        scored.sort(key=lambda t: t[:3])
        return [greedy] + [t[3] for t in scored[: width - 1]]

    def _halve(self, arms: list[_Arm], budget: int, greedy: Action) -> list[_Arm]:
        """Sequential halving: rounds in which every survivor meets the same new worlds."""
        survivors = list(arms)
        rounds = max(1, math.ceil(math.log2(len(arms))))
        used = sum(len(a.rewards) for a in arms)
        for r in range(rounds):
            left = budget - used
            if left <= 0:
                break
            per = max(1, left // (len(survivors) * (rounds - r)))
            target = len(survivors[0].rewards) + per
            used += self._play_round(survivors, target)
            if len(survivors) <= 2:
                continue
            keep = max(2, math.ceil(len(survivors) / 2))
            ranked = sorted(survivors, key=lambda a: -a.mean(target))
            chosen = ranked[:keep]
            if not any(a.action == greedy for a in chosen):
                chosen[-1] = next(a for a in survivors if a.action == greedy)
            survivors = chosen
        return survivors

    def _play_round(self, arms: list[_Arm], target: int) -> int:
        """One round of the halving: every arm plays worlds up to `target` (arm by arm, world
        by world); returns the playouts run."""
        played = 0
        for arm in arms:
            while len(arm.rewards) < target:
                self._play(arm, len(arm.rewards))
                played += 1
        return played

    def _decide(self, survivors: list[_Arm], greedy: Action) -> Action:
        """The best survivor over the worlds all of them met; greedy's unless beaten by the
        margin."""
        common = min(len(a.rewards) for a in survivors)
        if common == 0:
            return greedy
        base = next((a for a in survivors if a.action == greedy), None)
        best = max(survivors, key=lambda a: a.mean(common))
        if base is None or best.mean(common) > base.mean(common) + self.knobs.switch_margin:
            return best.action
        return greedy

    def _world(self, index: int) -> State:
        """World `index`: one of the sampled states with its own dice to come."""
        self._draw_worlds(index + 1)
        sample = self._samples[index % len(self._samples)]
        return sample.clone(reseed=self._world_seeds[index])

    def _draw_worlds(self, count: int) -> None:
        """Draw the dice seeds of worlds up to `count`, in world order, from our RNG."""
        while len(self._world_seeds) < count:
            self._world_seeds.append(self.rng.below(1 << 31))

    def _play(self, arm: _Arm, world: int) -> None:
        """One iteration: the arm's action in world `world`, the tree below, a playout."""
        if (self._deadline is not None and self._done >= self._floor
                and time.perf_counter() >= self._deadline):
            raise _OutOfTime
        state = self._world(world)
        if state.reason(self.seat, arm.action) is not None:
            # the sample disagrees with the real game (it should not): count it as even
            arm.rewards.append(1.0 / len(state.setup.seats))
            self._done += 1
            return
        state.apply(self.seat, arm.action)
        rewards = self._descend(arm.node, state)
        arm.rewards.append(rewards[self.seat])
        self._done += 1

    # ---- below the root: ISMCTS ----------------------------------------------------------
    def _descend(self, top: _Node, state: State) -> list[float]:
        """Tree policy from `top` (expanding one node), then the playout; backs rewards up."""
        knobs = self.knobs
        path: list[tuple[_Child, int]] = []
        node = top
        while state.result() is None:
            movers = state.to_move()
            if not movers:
                break
            mover = movers[0]
            legal = state.legal_actions(mover)
            if not legal:
                break
            available = [a for a in legal if a in node.children]
            visits = sum(node.children[a].visits for a in available)
            allowed = max(1, math.ceil(knobs.widen * max(1, visits) ** knobs.widen_power))
            if not available or (len(available) < allowed and len(available) < len(legal)):
                action = self._new_child(node, state, mover, legal)
                child = node.children[action] = _Child()
                node.order.append(action)
                for a in available:
                    node.children[a].avail += 1
                child.avail += 1
                state.apply(mover, action)
                path.append((child, mover))
                break
            action = self._select(node, available)
            state.apply(mover, action)
            child = node.children[action]
            path.append((child, mover))
            node = child.node
        rewards = self._playout(state)
        for child, mover in path:
            child.visits += 1
            child.total += rewards[mover]
        return rewards

    def _new_child(self, node: _Node, state: State, mover: int, legal: list[Action]) -> Action:
        """The next action to add at `node`: greedy's choice first, then untried ones at random
        (actions that concede last)."""
        untried = [a for a in legal if a not in node.children]
        if not node.children:
            pick = self._players[mover].choose(state.view(mover), list(legal))
            if pick in untried:
                return pick
        keep = [a for a in untried if not getattr(type(a), "concedes", False)]
        pool = keep or untried
        return pool[self.rng.below(len(pool))]

    def _select(self, node: _Node, available: list[Action]) -> Action:
        """UCB1 with availability counts; every available child is marked available."""
        c = self.knobs.exploration
        for a in available:
            node.children[a].avail += 1
        best: Action | None = None
        best_score = -1.0
        for a in available:
            child = node.children[a]
            if child.visits == 0:
                return a
            score = child.total / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)
            if score > best_score:
                best, best_score = a, score
        assert best is not None
        return best

    def _playout(self, state: State) -> list[float]:
        """Greedy moves for every seat up to the depth, then the win chances."""
        players = self._players
        for _ in range(self.knobs.playout_depth):
            if state.result() is not None:
                break
            movers = state.to_move()
            if not movers:
                break
            seat = movers[0]
            legal = state.legal_actions(seat)
            state.apply(seat, players[seat].choose(state.view(seat), legal))
        return win_chances(state, self.knobs, self._value())

    def _value(self) -> ValueFn:
        """The cut-off value: the knobs' `value`, or with `policy_value` the playout policy's
        `evaluate` (one policy agent per seat, made once: evaluating draws nothing)."""
        return self._policy_value if self.knobs.policy_value else self.knobs.value

    def _policy_value(self, state: State, seat: int) -> float:
        agent = self._evaluators.get(seat)
        if agent is None:
            agent = self._evaluators[seat] = self.policy(seat, 0)
        return agent.evaluate(state)  # type: ignore[attr-defined]
