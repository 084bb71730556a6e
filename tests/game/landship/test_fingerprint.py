"""Issue 19 speed work: optimisations must not change behaviour. Same seed -> same game, action
for action: these digests cover every legal-action list offered (content and order), every
action taken, every event emitted and the final state (its map's path reduced to the file name) of fixed games (random against
random, a resigning random player, greedy against random and greedy against greedy). The
expected values were computed from the code on main before the speed work (commit dc6e5cd);
a digest that moves means a rule, an enumeration order or an agent's choice drifted. The
cases with a random seat were recomputed once, for the `random` agent's rejection sampling
(the same distribution over the actions, other RNG draws); greedy against greedy did not move."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from game import rulesets
from game.ai import make_agent
from game.core import codec
from game.core.protocol import Setup

RULESET = rulesets.get("landship")


def game_digest(kinds: tuple[str, str], seed: int) -> str:
    """The hash of one whole game between agents `kinds` from `seed` (see the module doc)."""
    h = hashlib.sha256()
    g = RULESET.new_game(Setup(seats=kinds, seed=seed))
    for ev in g.opening_events:
        h.update(json.dumps(codec.encode(ev), sort_keys=True).encode())
    agents = [make_agent(k, RULESET, i, seed) for i, k in enumerate(kinds)]
    while g.result() is None:
        seat = g.to_move()[0]
        legal = g.legal_actions(seat)
        h.update(json.dumps([codec.encode(a) for a in legal]).encode())
        agent = agents[seat]
        action = agent.choose(g.view(seat) if agent.needs_view else None, legal)
        events = g.apply(seat, action)
        h.update(json.dumps([seat, codec.encode(action), [codec.encode(e) for e in events]],
                            sort_keys=True).encode())
    final = g.digest_data()
    # the board carries its map's absolute path, which differs between checkouts
    final["board"] = dict(final["board"], map=Path(final["board"]["map"]).name)
    h.update(json.dumps(final, sort_keys=True).encode())
    return h.hexdigest()


def games_digest(kinds: tuple[str, str], seeds: range) -> str:
    h = hashlib.sha256()
    for seed in seeds:
        h.update(game_digest(kinds, seed).encode())
    return h.hexdigest()[:16]


# (seats, seeds, digest on main before the speed work)
CASES = [
    (("random", "random"), range(1, 7), "136d5c8e3642ae14"),
    (("random-any", "random"), range(1, 5), "ea8706b30cc707ac"),
    (("greedy", "random"), range(1, 3), "ed14c9020185a11f"),
    (("greedy", "greedy"), range(1, 2), "3038d074aa0ca315"),
]


@pytest.mark.parametrize("kinds,seeds,expected", CASES, ids=lambda v: "-".join(v) if isinstance(v, tuple) else None)
def test_same_seed_same_game_as_before_the_speed_work(kinds, seeds, expected):
    assert games_digest(kinds, seeds) == expected
