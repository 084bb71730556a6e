"""Soak test: `python tools/soak.py RULESET --games N [--seed S] [--deep-every K] [--jobs J]`.

Plays N random games of RULESET to the end with the conformance checks of
tests/helpers/conformance.py (the ruleset's invariants from tests/game/<id>/invariants.py
after every action; the deeper legal == accepted / clone / view checks every K actions, 0 for
never) and reports crashes: any exception or failed check, with the seeds that reproduce it.
Seat counts cycle through every count the ruleset allows. A dev tool: it imports the test
helpers, so it runs from a source checkout (not the frozen build).

Prints one JSON report; exits 1 if any game crashed.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import traceback
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def game_params(ruleset_id: str, base_seed: int, index: int) -> tuple[int, int, int]:
    """(seats, game seed, pick seed) of game `index`: reproducible from the base seed."""
    from game import rulesets
    from game.core.rng import derive_seed

    rs = rulesets.get(ruleset_id)
    counts = list(range(rs.min_players, rs.max_players + 1))
    seats = counts[index % len(counts)]
    return seats, derive_seed(base_seed, index, "game"), derive_seed(base_seed, index, "pick")


def run_batch(args: tuple[str, int, list[int], int]) -> dict:
    """Play the games `indices`; return counts and the crashes found."""
    ruleset_id, base_seed, indices, deep_every = args
    from tests.helpers.conformance import play_random

    out = {"games": 0, "actions": 0, "crashes": []}
    for i in indices:
        seats, seed, pick = game_params(ruleset_id, base_seed, i)
        concede_odds = 150 if i % 3 == 2 else 0   # a third of the games may resign midway
        try:
            game = play_random(ruleset_id, seats, seed, pick, concede_odds=concede_odds,
                               deep_every=deep_every or 10**12)
            out["actions"] += len(game.history)
        except Exception as exc:  # every failure is a finding: report it and go on
            tb = traceback.extract_tb(exc.__traceback__)
            out["crashes"].append({
                "game": i, "seats": seats, "seed": seed, "pick": pick,
                "concede_odds": concede_odds,
                "error": f"{type(exc).__name__}: {str(exc)[:300]}",
                "where": f"{tb[-1].filename}:{tb[-1].lineno}" if tb else "",
            })
        out["games"] += 1
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("ruleset")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--deep-every", type=int, default=200,
                        help="actions between deep checks (0: invariants only)")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)

    from game import rulesets
    from game.core.errors import UnknownName
    from game.core.runtime import batch_gc
    batch_gc()
    try:
        rulesets.get(args.ruleset)
    except UnknownName as exc:
        print(f"soak: {exc}", file=sys.stderr)
        return 2

    jobs = max(1, args.jobs)
    chunks = [list(range(k, args.games, jobs)) for k in range(jobs)]
    t0 = time.perf_counter()
    batches = [(args.ruleset, args.seed, c, args.deep_every) for c in chunks if c]
    if jobs == 1:
        results = [run_batch(b) for b in batches]
    else:
        with ProcessPoolExecutor(jobs, initializer=batch_gc) as pool:
            results = list(pool.map(run_batch, batches))
    crashes = sorted((c for r in results for c in r["crashes"]), key=lambda c: c["game"])
    report = {
        "ruleset": args.ruleset, "games": sum(r["games"] for r in results),
        "crashes": len(crashes), "actions": sum(r["actions"] for r in results),
        "seconds": round(time.perf_counter() - t0, 1), "seed": args.seed,
        "deep_every": args.deep_every, "first_crashes": crashes[:20],
    }
    print(json.dumps(report, indent=2))
    return 1 if crashes else 0


if __name__ == "__main__":
    sys.exit(main())
