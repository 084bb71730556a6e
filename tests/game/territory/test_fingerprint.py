"""Issue 19 item 7 (speed without behaviour change): fixed games must stay action for action
the same. Each case plays a whole game the way `simulate` does (random agents, or greedy
against random) and hashes every (seat, action, number of legal actions), the result and the
final state's digest data (without the map's path). The expected digests were computed
on the balance branch (issue 16's planner and [P] values on the rules code from before the
speed work) and are identical on main with the speed work merged: any drift in legality, list
order, dice or resolution changes them.

A deliberate rules or balance change (data/rules.toml, the planner that system tribes use)
changes these digests too; recompute them then with `fingerprint(agents, seed)` below and
say so in the commit. Last recomputed for the `random` agent's rejection sampling (same
distribution, other draws: the games with random seats moved, the greedy-only one did not);
before that for issue 16's Shadow camps (the greedy Shadow, which
also runs split-off Shadow system tribes in random games, builds camps on its frontier; before
that the Pioneer income malus, D42 `[income_bonus]`, and on branch tide16 the per-faction split
limit, start bonuses and planner values).
"""

from __future__ import annotations

import hashlib
import json

import pytest

from game import rulesets
from game.ai import make_agent
from game.core import codec
from game.core.protocol import Setup


def fingerprint(agents: tuple[str, ...], seed: int) -> str:
    """sha256 of a whole game of `agents` from `seed`, played like `simulate.play_one`."""
    rs = rulesets.get("territory")
    state = rs.new_game(Setup(seats=agents, seed=seed))
    players = [make_agent(a, rs, i, seed) for i, a in enumerate(agents)]
    h = hashlib.sha256()
    while state.result() is None:
        for seat in state.to_move():
            agent = players[seat]
            legal = state.legal_actions(seat)
            action = agent.choose(state.view(seat) if agent.needs_view else None, legal)
            h.update(json.dumps([seat, codec.encode(action), len(legal)], sort_keys=True).encode())
            state.apply(seat, action)
            if state.result() is not None:
                break
    result = state.result()
    h.update(repr((result.winners, result.scores, result.cause, result.draw)).encode())
    final = state.digest_data()
    final.pop("map")  # an absolute path: it differs between checkouts
    h.update(json.dumps(final, sort_keys=True).encode())
    return h.hexdigest()[:16]


CASES = {
    (("random",) * 2, 1): "a51108f0ecbafd0a",
    (("random",) * 3, 2): "250cc40a3010f3b6",
    (("random",) * 5, 3): "1246a2d0fbbe2590",
    (("random",) * 7, 4): "0968a1b73deb0ad0",
    (("greedy", "random", "random"), 1): "18f5d184c1672b56",
    (("greedy", "greedy", "greedy", "greedy"), 2): "bc1f7802b136b510",
}


@pytest.mark.parametrize("agents,seed", list(CASES))
def test_issue_19_same_games_as_before_the_speed_work(agents, seed):
    assert fingerprint(agents, seed) == CASES[(agents, seed)]
