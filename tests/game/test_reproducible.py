"""Issue 17: a game is a pure function of its setup — also across interpreter runs. Python
randomises str hashes per process (PYTHONHASHSEED), so iterating a set of strings can differ
between runs; this plays the same games in two processes with different hash seeds and
compares every outcome field."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game import rulesets

ROOT = Path(__file__).resolve().parents[2]
# One `simulate` per ruleset: greedy against random seats (territory as issue 17 measured it).
SEATS = {"territory": 3}
GAMES = {"territory": 20}
CODE = """
import json, sys
from game import rulesets
from game.play.simulate import simulate
rid, n, games = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
report = simulate(rid, ["greedy"] + ["random"] * (n - 1), games, seed=1, time_decisions=False)
keep = ("wins", "draws", "end_causes", "mean_turns", "mean_actions", "games", "seats")
print(json.dumps({k: report[k] for k in keep}))
"""


def outcome(ruleset_id: str, hash_seed: str) -> dict:
    n = SEATS.get(ruleset_id, rulesets.get(ruleset_id).min_players)
    env = {**os.environ, "PYTHONHASHSEED": hash_seed, "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    done = subprocess.run([sys.executable, "-c", CODE, ruleset_id, str(n),
                           str(GAMES.get(ruleset_id, 6))], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def cases():
    for rid in rulesets.ids():
        marks = [pytest.mark.slow]
        yield pytest.param(rid, marks=marks)


@pytest.mark.parametrize("ruleset_id", list(cases()))
def test_same_setup_same_game_under_different_hash_seeds(ruleset_id):
    # hash seeds 1 and 2 give territory 216.75 and 220.7 mean actions before its fix
    first, second = outcome(ruleset_id, "1"), outcome(ruleset_id, "2")
    assert first == second
    assert sum(first["end_causes"].values()) == first["games"] and "" not in first["end_causes"]
