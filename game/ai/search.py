"""The "hard" agent: information-set Monte Carlo tree search over sampled states (issue 18).

It works on any ruleset through the protocol only and sees only its seat's view:

- **Determinize.** A few full states are drawn with `Ruleset.state_from_view(view, rng)`
  (other hands, face-down cards, unsubmitted orders sampled from what the seat has not seen);
  every iteration plays on `clone(reseed=...)` of one of them, so future dice differ from
  iteration to iteration and never come from the real game.
- **One tree over information sets** (single-observer ISMCTS, Cowling et al. 2012): a node is
  the sequence of (seat, action) taken from the root, whatever the sampled state below it;
  a child is considered only when its action is legal in this iteration's sample, and its
  UCB term counts how often it was *available* rather than how often its parent was visited.
- **Greedy prior and progressive widening.** The first child tried at a node is what the
  ruleset's greedy agent would play there; further children are added one at a time as the
  node's visits grow (`ceil(widen * visits ** widen_power)`), so branching factors of hundreds
  (skirmish moves, domiplot placements) do not thin the search out, and the search starts from
  greedy's choice and leaves it only when the samples say something else is better.
- **Greedy playouts cut off by an evaluation.** After the tree, every seat plays its greedy
  policy for `playout_depth` actions; a finished game scores 1 for each winner (shared among
  them), otherwise the ruleset's value function per seat becomes win chances by a softmax.

The per-ruleset numbers (playout depth, evaluation, temperature, exploration, widening) are
one `Knobs` entry per ruleset in `game.ai.knobs.KNOBS`: the algorithm is the same for all.

Everything random comes from the agent's own RNG, so with a fixed iteration budget a decision
is a pure function of (agent seed, view, legal actions); in play a wall-clock budget stops it.
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
    playout_depth: int = 24          # greedy actions after the tree before the evaluation
    exploration: float = 0.7         # UCB constant (rewards are win chances in [0, 1])
    widen: float = 1.5               # progressive widening: children allowed at a node ...
    widen_power: float = 0.5         # ... = ceil(widen * visits ** widen_power)
    determinizations: int = 8        # states drawn from the view per decision (then reseeded)
    greedy_prior: int = 2            # virtual visits (at the root's mean) for greedy's choice


@dataclass
class SearchStats:
    """What the last decision cost: iterations run and seconds spent."""

    iterations: int = 0
    seconds: float = 0.0
    children: int = 0


class _Node:
    """An information-set node: children by (seat, action), with visits, rewards and how
    often each child was available (legal in the iteration's sample)."""

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


def win_chances(state: State, knobs: Knobs) -> list[float]:
    """Reward of every seat in [0, 1]: the result once over, else a softmax of the values."""
    n = len(state.setup.seats)
    result = state.result()
    if result is not None:
        if not result.winners:
            return [1.0 / n] * n
        share = 1.0 / len(result.winners)
        return [share if s in result.winners else 0.0 for s in range(n)]
    values = [knobs.value(state, s) / knobs.temperature for s in range(n)]
    top = max(values)
    weights = [math.exp(v - top) for v in values]
    total = sum(weights)
    return [w / total for w in weights]


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

    def run(self, view: View, legal: list[Action], iterations: int | None = None,
            seconds: float | None = None) -> Action:
        """The best of `legal` after `iterations` iterations, or as many as fit in `seconds`
        (at least one). With both, whichever ends first."""
        start = time.perf_counter()
        if len(legal) == 1:
            self.stats = SearchStats(0, time.perf_counter() - start, 1)
            return legal[0]
        knobs = self.knobs
        rng = self.rng
        samples = [self.ruleset.state_from_view(view, Rng(rng.below(1 << 31)))
                   for _ in range(max(1, knobs.determinizations))]
        # one playout agent per seat for the whole decision, seeded from our RNG
        players = {s: self.policy(s, rng.below(1 << 31)) for s in range(len(samples[0].setup.seats))}
        root = _Node()
        root_legal = set(legal)
        greedy_first = players[self.seat].choose(view, list(legal))
        done = 0
        deadline = None if seconds is None else start + seconds
        while True:
            if iterations is not None and done >= iterations:
                break
            if deadline is not None and done and time.perf_counter() >= deadline:
                break
            state = samples[done % len(samples)].clone(reseed=rng.below(1 << 31))
            self._iterate(root, state, players, root_legal, greedy_first)
            done += 1
        best = self._best(root, greedy_first, legal)
        self.stats = SearchStats(done, time.perf_counter() - start, len(root.children))
        return best

    # ---- one iteration -------------------------------------------------------------------
    def _iterate(self, root: _Node, state: State, players: dict, root_legal: set[Action],
                 greedy_first: Action) -> None:
        knobs = self.knobs
        path: list[tuple[_Child, int]] = []
        node = root
        expanded = False
        while state.result() is None:
            if node is root:
                mover = self.seat
                legal = [a for a in state.legal_actions(mover) if a in root_legal]
                if not legal:   # the sample disagrees with the real game: play what is real
                    legal = list(root_legal)
            else:
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
                action = self._new_child(node, state, mover, legal, players,
                                         greedy_first if node is root else None)
                child = node.children[action] = _Child()
                node.order.append(action)
                for a in available:
                    node.children[a].avail += 1
                child.avail += 1
                state.apply(mover, action)
                path.append((child, mover))
                expanded = True
                break
            action = self._select(node, available)
            child = node.children[action]
            state.apply(mover, action)
            path.append((child, mover))
            node = child.node
        if not expanded and state.result() is None and not path:
            return
        rewards = self._playout(state, players)
        for child, mover in path:
            child.visits += 1
            child.total += rewards[mover]

    def _new_child(self, node: _Node, state: State, mover: int, legal: list[Action],
                   players: dict, greedy_first: Action | None) -> Action:
        """The next action to add at `node`: greedy's choice first, then untried ones at random
        (actions that concede last)."""
        untried = [a for a in legal if a not in node.children]
        if not node.children:
            pick = greedy_first if greedy_first is not None else \
                players[mover].choose(state.view(mover), list(legal))
            if pick in untried:
                return pick
        keep = [a for a in untried if not getattr(type(a), "concedes", False)]
        pool = keep or untried
        return pool[self.rng.below(len(pool))]

    def _select(self, node: _Node, available: list[Action]) -> Action:
        """UCB1 with availability counts; every available child is marked available."""
        c = self.knobs.exploration
        best: Action | None = None
        best_score = -1.0
        for a in available:
            child = node.children[a]
            child.avail += 1
        for a in available:
            child = node.children[a]
            if child.visits == 0:
                return a
            score = child.total / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)
            if score > best_score:
                best, best_score = a, score
        assert best is not None
        return best

    def _playout(self, state: State, players: dict) -> list[float]:
        """Greedy moves for every seat up to the depth, then the win chances."""
        for _ in range(self.knobs.playout_depth):
            if state.result() is not None:
                break
            movers = state.to_move()
            if not movers:
                break
            seat = movers[0]
            legal = state.legal_actions(seat)
            state.apply(seat, players[seat].choose(state.view(seat), legal))
        return win_chances(state, self.knobs)

    def _best(self, root: _Node, greedy_first: Action, legal: list[Action]) -> Action:
        """The most visited root action (greedy's choice counts `greedy_prior` extra visits
        at its mean, so a tie or near-tie keeps greedy's move); then the best mean."""
        if not root.children:
            return greedy_first if greedy_first in legal else legal[0]
        prior = self.knobs.greedy_prior

        def rank(a: Action) -> tuple[float, float]:
            child = root.children[a]
            mean = child.total / child.visits if child.visits else 0.0
            bonus = prior if a == greedy_first else 0
            return (child.visits + bonus, mean)

        ordered = [a for a in root.order if a in set(legal)]
        return max(ordered, key=rank) if ordered else legal[0]
