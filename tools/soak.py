"""Soak test: `python tools/soak.py RULESET --games N [--seed S] [--deep-every K] [--jobs J]`.

Plays N random games of RULESET to the end with the conformance checks of
tests/helpers/conformance.py (the ruleset's invariants from tests/game/<id>/invariants.py
after every action; the deeper legal == accepted / clone / view checks every K actions, 0 for
never) and reports crashes: any exception or failed check, with the seeds that reproduce it.
Seat counts cycle through every count the ruleset allows. A dev tool: it imports the test
helpers, so it runs from a source checkout (not the frozen build).

Prints one JSON report; exits 1 if any game crashed. Stopped early (Ctrl+C, SIGTERM) it
reports the games finished so far, with `"interrupted": true`, and exits 130 unless one crashed.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
import time
import traceback
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
    from game.core.runtime import batch_gc, batch_worker_start, sigterm_as_interrupt
    batch_gc()
    try:
        rulesets.get(args.ruleset)
    except UnknownName as exc:
        print(f"soak: {exc}", file=sys.stderr)
        return 2

    jobs = max(1, args.jobs)
    # a game is named by its index alone (`game_params`), so batches may be of any size: one
    # game in this process, BATCH_GAMES in workers (fewer round trips); what finished counts
    size = 1 if jobs == 1 else BATCH_GAMES
    t0 = time.perf_counter()
    batches = [(args.ruleset, args.seed, list(range(k, min(k + size, args.games))), args.deep_every)
               for k in range(0, args.games, size)]
    results: list[dict] = []
    interrupted = False
    try:
        with sigterm_as_interrupt():
            if jobs == 1:
                for b in batches:
                    results.append(run_batch(b))
            else:
                # a multiprocessing pool: its exit terminates the workers, so a stop does not
                # wait for the batches queued or running
                with multiprocessing.get_context().Pool(jobs, initializer=batch_worker_start) as pool:
                    for result in pool.imap_unordered(run_batch, batches):
                        results.append(result)
    except KeyboardInterrupt:   # Ctrl+C, or SIGTERM: report what finished
        interrupted = True
    crashes = sorted((c for r in results for c in r["crashes"]), key=lambda c: c["game"])
    report = {
        "ruleset": args.ruleset, "games": sum(r["games"] for r in results),
        "crashes": len(crashes), "actions": sum(r["actions"] for r in results),
        "seconds": round(time.perf_counter() - t0, 1), "seed": args.seed,
        "deep_every": args.deep_every, "first_crashes": crashes[:20],
    }
    if interrupted:
        report["interrupted"] = True
    print(json.dumps(report, indent=2))
    return 1 if crashes else 130 if interrupted else 0


BATCH_GAMES = 25   # games per batch handed to a worker


if __name__ == "__main__":
    sys.exit(main())
