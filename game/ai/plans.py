"""Whole-turn plan search for the "hard" agent (issue 18): think once per turn, then play.

In Skirmish, Landship and Dice for Land a turn is a run of many actions by one seat (unit
steps, attacks, orders). Searching each action at ~1 s makes a hard seat take 100-250
searched decisions a game; this mode searches whole turns instead (the knob `plan_turn`):

- **Our turn** is the run of actions while our seat is among `state.to_move()` and the turn
  (the knob's `turn_key`) is the same (Skirmish and Landship list one seat; in Dice for Land
  every seat that has not submitted is listed and a seat's orders run until its own `Submit`,
  which the others' secret orders cannot interrupt; when ours is the last, it resolves the
  turn and the next one is not part of the plan).
- **Candidate plans** are recorded action sequences, each played through our turn in its own
  sampled world (`state_from_view` + `clone(reseed=...)`, never the real state): plan 0 is
  the ruleset's greedy policy; then, in turn, greedy with a different first action (the root
  candidates of `Search`, by value one action ahead) and greedy with noise (a random
  non-conceding action at the knob's rates, the easy level's idea); before those, one plan
  per style the greedy agent offers for the view (`styles(view)`, played after
  `restyle(style)`: Skirmish with several rivals offers "gang up on rival X" for each);
  with styles there are at most 1 + (number of styles) plans, so at a few dozen playouts a
  decision each meets more worlds (a variant gets a place only where a style repeated
  greedy's plan); identical sequences are kept once, at most `plan_candidates` plans.
- **Evaluation on common worlds with sequential halving** (`Search._halve`, greedy's plan
  always kept): in world w the plan is replayed open-loop; once an action of it is illegal
  there (the dice went otherwise) or it runs out, greedy finishes our turn; then every other
  seat plays greedy until our seat is to move again (`plan_reply_turns` times, or
  `plan_reply_turns_many` with three or more seats, each turn at most
  `plan_playout_cap` actions), and `win_chances` scores the end (of the knobs' value, or
  with `policy_value` of the playout policy's own `evaluate`). The playout agents are
  fresh per world and seeded from the world's seed: every plan meets the same opponents'
  dice and choices (common random numbers), and no agent carries a turn's memory from one
  world into another.
- **The decision** is greedy's plan unless another beats it by `switch_margin`.
- **On every core** (`cores` above 1): a halving round's (plan, world) playouts are dealt out
  to helper processes (`game.ai.workers`) and this one. A playout is a pure function of the
  plan and the world (its sample, drawn again in the helper from the view with the same seed,
  and its dice seed), so the rewards, and the decision, are exactly those of one core; only
  the wall time differs.

The agent (`game.ai.levels.HardAgent`) keeps the chosen plan and plays its next action while
that is legal in the real game and the turn is the same (`turn_key` of the view); otherwise
it searches again from the view it has. As in `Search`, a decision is a pure function of
(agent seed, view, legal actions, iterations); iterations count evaluation playouts.
"""

from __future__ import annotations

import time
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass

from game.ai import concedes, workers
from game.ai.search import (
    Knobs, PolicyFactory, Search, SearchStats, _Arm, _OutOfTime, win_chances,
)
from game.core.errors import IllegalAction
from game.core.protocol import Action, Ruleset, State, View
from game.core.rng import Rng, derive_seed

Plan = tuple[Action, ...]


class PlanSearch(Search):
    """One plan decision (see the module docstring); `run_plan` returns the chosen plan, whose
    first action is one of the legal actions it was given."""

    def __init__(self, ruleset: Ruleset, seat: int, knobs: Knobs, policy: PolicyFactory,
                 rng: Rng, cores: int = 1) -> None:
        super().__init__(ruleset, seat, knobs, policy, rng)
        self.cores = max(1, cores)   # processes a round's playouts are shared among

    def run_plan(self, view: View, legal: list[Action], iterations: int | None = None,
                 seconds: float | None = None) -> Plan:
        """The chosen plan after `iterations` evaluation playouts, or as many as fit in
        `seconds` (with both, whichever ends first); a forced move is a plan of one action."""
        start = time.perf_counter()
        playing = [a for a in legal if not concedes(a)] or legal
        if len(playing) == 1:
            self.stats = SearchStats(0, time.perf_counter() - start, 1)
            return (playing[0],)
        knobs, rng = self.knobs, self.rng
        self._view = view
        self._sample_seeds = [rng.below(1 << 31) for _ in range(max(1, knobs.determinizations))]
        self._samples = [self.ruleset.state_from_view(view, Rng(s)) for s in self._sample_seeds]
        self._world_seeds: list[int] = []
        self._deadline = None if seconds is None else start + seconds
        self._done = 0
        plans = self._plans(view, legal, playing)
        arms = [_Arm(p) for p in plans]    # type: ignore[arg-type]  (an arm's "action" is a plan)
        if iterations is not None:
            arms = arms[:max(1, iterations)]
        # the first sweep runs whatever the clock says: every plan meets a world (on a slow or
        # busy machine, building the plans alone could spend the budget, and the decision
        # would fall back to greedy's plan unjudged)
        self._floor = len(arms)
        greedy = arms[0].action
        survivors = arms
        if len(arms) > 1:
            try:
                budget = iterations
                if budget is None:
                    # a time budget: one sweep tells what an evaluation costs here
                    t0 = time.perf_counter()
                    for arm in arms:
                        self._play(arm, 0)
                    per = (time.perf_counter() - t0) / len(arms)
                    left = (seconds or 0.0) - (time.perf_counter() - start)
                    budget = len(arms) + max(0, int(self.cores * left / max(per, 1e-6)))
                survivors = self._halve(arms, budget, greedy)
            except _OutOfTime:
                pass
        best = self._decide(survivors, greedy)
        self.stats = SearchStats(self._done, time.perf_counter() - start, len(arms))
        return best  # type: ignore[return-value]

    # ---- candidate plans -----------------------------------------------------------------
    def _plans(self, view: View, legal: list[Action], playing: list[Action]) -> list[Plan]:
        """Greedy's plan first, then first-action and noisy variants in turn, without
        duplicates, at most `plan_candidates`; a plan must start with a legal action."""
        knobs = self.knobs
        want = max(1, knobs.plan_candidates)
        self._styled: list[Plan] = []      # the plans played in one of the policy's styles
        greedy = self._generate((), 0.0)
        if not greedy or greedy[0] not in legal:   # the sample disagrees (it should not)
            return [(playing[0],)]
        plans: list[Plan] = [greedy]
        firsts: list[Action] = []
        if knobs.plan_firsts > 0 and want > 1:
            ranked = self._candidates(playing, greedy[0])
            firsts = [a for a in ranked if a != greedy[0]][:knobs.plan_firsts]
        # the policy's styles first (other goals, not only other dice), then alternate: a
        # first action, a noise rate, ...
        recipes: list[tuple[Plan, float, object]] = [((), 0.0, s) for s in self._styles(view)]
        if recipes:     # greedy and one plan per style: fewer plans, more worlds each
            want = min(want, 1 + len(recipes))
        noises = list(knobs.plan_noise)
        for i in range(3 * want):
            if firsts and (i % 2 == 0 or not noises):
                recipes.append(((firsts.pop(0),), 0.0, None))
            elif noises:
                recipes.append(((), noises[len(recipes) % len(noises)], None))
        for script, noise, style in recipes:
            if len(plans) >= want:
                break
            plan = self._generate(script, noise, style)
            if plan and plan[0] in legal and plan not in plans:
                plans.append(plan)
                if style is not None:
                    self._styled.append(plan)
        return plans

    def _decide(self, survivors: list[_Arm], greedy: Plan) -> Plan:  # type: ignore[override]
        """As `Search._decide`, but a style's plan needs no margin over greedy's: the margin
        guards greedy against variants made blind (another first action, random actions),
        while a style is a goal as sensible as greedy's own, so the better mean decides."""
        common = min(len(a.rewards) for a in survivors)
        styled = [a for a in survivors if a.action in self._styled]
        if common == 0 or not styled:
            return super()._decide(survivors, greedy)  # type: ignore[return-value]
        base = next((a for a in survivors if a.action == greedy), None)
        best = max(survivors, key=lambda a: a.mean(common))
        if best in styled and (base is None or best.mean(common) > base.mean(common)):
            return best.action  # type: ignore[return-value]
        return super()._decide(survivors, greedy)  # type: ignore[return-value]

    def _styles(self, view: View) -> list[object]:
        """The playout policy's variants for this view (`styles(view)`, if it has any): each
        becomes a candidate plan, greedy's turn played in that style. An agent made only to
        ask draws nothing from our RNG."""
        styles = getattr(self.policy(self.seat, 0), "styles", None)
        return list(styles(view)) if styles is not None else []

    def _generate(self, script: Plan, noise: float, style: object = None) -> Plan:
        """Our turn in a fresh sampled world (not one the evaluation uses), greedy (in
        `style`, if one is given) after `script`, a random non-conceding action at rate
        `noise`."""
        rng = self.rng
        sample = self._samples[rng.below(len(self._samples))]
        state = sample.clone(reseed=rng.below(1 << 31))
        seed = rng.below(1 << 31)
        players = self._fresh_players(seed, len(state.setup.seats))
        if style is not None:
            players[self.seat].restyle(style)  # type: ignore[attr-defined]
        noise_rng = Rng(derive_seed(seed, "noise")) if noise > 0 else None
        return tuple(self._our_turn(state, players, script, noise, noise_rng))

    def _fresh_players(self, seed: int, seats: int) -> dict[int, object]:
        """One greedy playout agent per seat, seeded from `seed` (a world's or a plan's)."""
        return {s: self.policy(s, derive_seed(seed, "player", s)) for s in range(seats)}

    def _our_turn(self, state: State, players: dict[int, object], script: Plan, noise: float = 0.0,
                  noise_rng: Rng | None = None) -> list[Action]:
        """Play our seat's run of actions in `state`: `script` while each of its actions is
        legal, then greedy (with noise); returns what was played."""
        seat, cap, turn_key = self.seat, self.knobs.plan_playout_cap, self.knobs.turn_key
        taken: list[Action] = []
        following = True
        key = turn_key(state) if turn_key is not None else None
        while len(taken) < cap and state.result() is None and seat in state.to_move():
            if turn_key is not None and turn_key(state) != key:
                break            # a new turn began with us to move: it is not this plan's
            if following and len(taken) < len(script):
                step = script[len(taken)]
                try:    # apply checks legality once and refuses with the state unchanged
                    state.apply(seat, step)
                except IllegalAction:
                    following = False   # the world went otherwise: greedy from here
                else:
                    taken.append(step)
                    continue
            following = False
            if noise_rng is None:
                action = _ask(players[seat], state, seat, key)
                if action is None:
                    break
            else:
                legal = state.legal_actions(seat)
                if not legal:
                    break
                action = players[seat].choose(state.view(seat), legal)  # type: ignore[attr-defined]
                if len(legal) > 1 and noise_rng.random() < noise:
                    keep = [a for a in legal if not concedes(a)] or legal
                    action = keep[noise_rng.below(len(keep))]
            state.apply(seat, action)
            taken.append(action)
        return taken

    # ---- evaluation ----------------------------------------------------------------------
    def _play(self, arm: _Arm, world: int) -> None:
        """One evaluation: the plan in world `world`, greedy to finish the turn, the other
        seats' greedy reply, the win chances."""
        if (self._deadline is not None and self._done >= self._floor
                and time.perf_counter() >= self._deadline):
            raise _OutOfTime
        arm.rewards.append(self._reward(arm.action, world))   # type: ignore[arg-type]
        self._done += 1

    def _reward(self, plan: Plan, world: int) -> float:
        """Our win chance after `plan` in world `world` and the others' greedy reply."""
        state = self._world(world)
        players = self._fresh_players(self._world_seeds[world], len(state.setup.seats))
        self._our_turn(state, players, plan)
        self._reply(state, players)
        return win_chances(state, self.knobs, self._value())[self.seat]

    def _play_round(self, arms: list[_Arm], target: int) -> int:
        """One round of the halving; with `cores` above 1 its playouts are dealt out to the
        helper processes and this one (`_Part`), and each arm gets its rewards in world order:
        a playout is a pure function of (plan, world), so the rewards and the decision are
        those of one core. Out of time (a part stops at the deadline), each arm keeps the
        worlds it has without a gap, and the search ends (`_OutOfTime`)."""
        pairs = [(k, w) for k, arm in enumerate(arms) for w in range(len(arm.rewards), target)]
        if self.cores <= 1 or len(pairs) < 2:
            return super()._play_round(arms, target)
        self._draw_worlds(target)    # every world's seed drawn, in order, as one core would
        parts = [pairs[c::self.cores] for c in range(self.cores)]
        left = None if self._deadline is None else self._deadline - time.perf_counter()
        jobs = [_Part(self.ruleset, self.seat, self.knobs, self.policy, self._view,
                      self._sample_seeds, self._world_seeds[:target],
                      [(arms[k].action, w) for k, w in part], left) for part in parts[1:]]
        try:
            pool = workers.helper_pool(len(jobs))
            futures = [pool.submit(_evaluate, job) for job in jobs]
        except (OSError, RuntimeError):   # no processes here: one core it is
            return super()._play_round(arms, target)
        results: dict[tuple[int, int], float] = {}
        for k, w in parts[0]:
            if left is not None and time.perf_counter() >= self._deadline:  # type: ignore[operator]
                break
            results[(k, w)] = self._reward(arms[k].action, w)   # type: ignore[arg-type]
        for part, future in zip(parts[1:], futures):
            try:
                rewards = future.result()
            except Exception as error:   # noqa: BLE001 - a helper failed: its share is played here
                if isinstance(error, BrokenProcessPool):
                    workers.drop_helpers(len(jobs))
                rewards = [self._reward(arms[k].action, w) for k, w in part]  # type: ignore[arg-type]
            results.update(zip(part, rewards))
        played = 0
        for k, arm in enumerate(arms):
            while len(arm.rewards) < target and (k, len(arm.rewards)) in results:
                arm.rewards.append(results[(k, len(arm.rewards))])
                played += 1
        self._done += played
        if played < len(pairs):
            raise _OutOfTime
        return played

    def _reply(self, state: State, players: dict[int, object]) -> None:
        """The other seats play greedy until our seat is to move again; with more than one
        reply turn, our greedy turn and their replies again."""
        knobs = self.knobs
        seat, cap, turn_key = self.seat, knobs.plan_playout_cap, knobs.turn_key
        replies = knobs.plan_reply_turns
        if knobs.plan_reply_turns_many and len(state.setup.seats) > 2:
            replies = knobs.plan_reply_turns_many
        for turn in range(max(1, replies)):
            if turn:
                self._our_turn(state, players, ())
            steps = 0
            while steps < cap and state.result() is None:
                movers = state.to_move()
                if not movers or seat in movers:
                    break
                mover = movers[0]
                action = _ask(players[mover], state, mover,
                              turn_key(state) if turn_key is not None else None)
                if action is None:
                    break
                state.apply(mover, action)
                steps += 1


@dataclass
class _Part:
    """A helper process's share of a round: what it needs to replay (plan, world) pairs exactly
    as the searching process would (the samples are drawn again from the view with the same
    seeds: a view pickles small, a state carries its board's memo), and the seconds left
    (None: no clock, a fixed budget)."""

    ruleset: Ruleset
    seat: int
    knobs: Knobs
    policy: PolicyFactory
    view: View
    sample_seeds: list[int]
    world_seeds: list[int]
    pairs: list[tuple[Plan, int]]
    seconds: float | None


# the helper process's search of the decision it last served: the samples (and the board
# memo their checkers fill) serve every round of that decision
_SERVED: list[tuple[tuple, "PlanSearch"]] = []


def _evaluate(part: _Part) -> list[float]:
    """In a helper process: the rewards of the part's pairs in order, stopping early (a
    shorter list) once its seconds are spent."""
    start = time.perf_counter()
    key = (part.ruleset.id, part.seat, tuple(part.sample_seeds))
    if _SERVED and _SERVED[0][0] == key and _SERVED[0][1]._view == part.view:
        search = _SERVED[0][1]
    else:
        search = PlanSearch(part.ruleset, part.seat, part.knobs, part.policy, Rng(0))
        search._view = part.view
        search._samples = [part.ruleset.state_from_view(part.view, Rng(s)) for s in part.sample_seeds]
        _SERVED[:] = [(key, search)]
    search._world_seeds = list(part.world_seeds)
    out = []
    for plan, world in part.pairs:
        if part.seconds is not None and time.perf_counter() - start >= part.seconds:
            break
        out.append(search._reward(plan, world))
    return out


def _ask(agent: object, state: State, seat: int, key: object) -> Action | None:
    """The playout agent's choice, None if `seat` has no legal action: its `resume` with the
    turn key and the rules' legality test first (no view, no legal list: in Dice for Land
    greedy needs neither after a turn's first call, and listing the legal actions cost ~5x
    a test of the one it wants), else `choose` with the view and the legal list. Decisions
    are the agent's either way."""
    resume = getattr(agent, "resume", None)
    if key is not None and resume is not None:
        action = resume(key, lambda a: state.reason(seat, a) is None)
        if action is not None:
            return action
    legal = state.legal_actions(seat)
    if not legal:
        return None
    return agent.choose(state.view(seat), legal)  # type: ignore[attr-defined]
