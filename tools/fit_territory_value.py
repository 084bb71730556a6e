"""How well Dice for Land's search value reads greedy games: `python
tools/fit_territory_value.py [--games N] [--seed S] [--seats N] [--jobs J]`.

Plays N greedy duels on Origin (factions drawn per game, as `bench.py --search --factions
random` does), records every turn start (tiles, resources and income of both tribes) with
the game's winner, and fits a logistic model of "seat 0 wins" on the two tribes' differences,
with the factions as controls (a faction's strength would otherwise pass for its typical
tiles or resources). Games with even seeds fit, odd seeds test. Prints one JSON report:

- `per_tile`, `per_resource`, `per_income`: the fitted weights (win log-odds per unit);
  `resources_per_tile` is their ratio (the search's value, `game/ai/knobs.py`, says 20);
- `held_out_log_loss`: coin, factions alone, and factions + the three differences;
- `per_tile_by_stage` and `temperature_by_stage`: the tile weight fitted on turns 1-7,
  8-13, 14-21, 22+ and its inverse (tiles that make a tribe e times likelier to win);
- `saturated`: the share of turn starts that each of the values `FIXED` reads as a win
  chance above 0.95 (where one turn's plans all look alike to the search).

With `--seats 3` or more (`softmax_fit`): a softmax over the seats of w x (tiles, resources),
fitted without and with the factions (a constant per faction), and the held-out log-loss of
both fits and of the values `FIXED`.

A dev tool (numpy, like the art generators); a duel costs under a second of CPU.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.core.runtime import batch_worker_start, sigterm_as_interrupt  # noqa: E402

STAGES = ((1, 8), (8, 14), (14, 22), (22, 10_000))
# values tiles + weight x resources at a temperature, scored as they are: the search's own
# (`game/ai/knobs.py`, 0.05 at 4), it at temperature 16, and resources priced as in a duel
FIXED = ((0.05, 4.0), (0.05, 16.0), (0.3, 16.0))


def play(job: tuple[int, list[int]]) -> list[dict]:
    """Greedy games of `seats` players: each game's factions, winners and (turn, per-seat
    features) rows."""
    seats, seeds = job
    from game import rulesets
    from game.ai import make_agent
    from game.core.protocol import Setup
    from game.play.simulate import draw_factions
    from game.territory import position

    rs = rulesets.get("territory")
    games = []
    for seed in seeds:
        factions = draw_factions(rs.faction_pool(None), seats, seed)
        st = rs.new_game(Setup(seats=("greedy",) * seats, seed=seed,
                               options={"factions": list(factions)}))
        players = [make_agent("greedy", rs, s, seed) for s in range(seats)]
        rows, last = [], None
        while st.result() is None:
            if st.phase.value == "orders" and st.turn != last:
                last = st.turn
                rows.append((st.turn, [
                    (t.alive, sum(1 for i in st.board.land_tiles if st.owner[i] == t.id),
                     sum(t.res), sum(position.income(st, t.id)) if t.alive else 0)
                    for t in st.tribes[:seats]]))
            for s in st.to_move():
                st.apply(s, players[s].choose(st.view(s), st.legal_actions(s)))
        games.append({"seed": seed, "factions": factions,
                      "winners": list(st.result().winners), "rows": rows})
    return games


def logistic(x: np.ndarray, y: np.ndarray, ridge: float = 1e-3) -> np.ndarray:
    """Weights of a logistic regression without intercept (seat 0 and seat 1 are the same
    model seen from either side), by Newton's method."""
    w = np.zeros(x.shape[1])
    for _ in range(50):
        p = 1 / (1 + np.exp(-np.clip(x @ w, -30, 30)))
        grad = x.T @ (p - y) / len(y) + ridge * w
        hess = (x.T * (p * (1 - p))) @ x / len(y) + ridge * np.eye(len(w))
        w -= np.linalg.solve(hess, grad)
    return w


def log_loss(x: np.ndarray, y: np.ndarray, w: np.ndarray) -> float:
    p = np.clip(1 / (1 + np.exp(-(x @ w))), 1e-6, 1 - 1e-6)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def fit(games: list[dict]) -> dict:
    """The report (see the module docstring) of the games' turn starts."""
    from game.territory.constants import FACTIONS

    factions = sorted(FACTIONS)
    x, y, seeds, turns = [], [], [], []
    saturated: dict[str, list[bool]] = {f"tiles+{a}xres_t{t:g}": [] for a, t in FIXED}
    for g in games:
        w = g["winners"]
        won = 0.5 if len(w) != 1 else float(w[0] == 0)
        for turn, (a, b) in g["rows"]:
            if not (a[0] and b[0]):
                continue
            x.append([a[1] - b[1], a[2] - b[2], a[3] - b[3]]
                     + [(g["factions"][0] == f) - (g["factions"][1] == f) for f in factions])
            y.append(won)
            seeds.append(g["seed"])
            turns.append(turn)
            for (weight, temperature), shares in zip(FIXED, saturated.values()):
                lead = ((a[1] - b[1]) + weight * (a[2] - b[2])) / temperature
                shares.append(abs(lead) > np.log(19))    # a win chance above 0.95 either way
    x, y, seeds, turns = np.array(x, float), np.array(y), np.array(seeds), np.array(turns)
    train, test = seeds % 2 == 0, seeds % 2 == 1
    fac = list(range(3, x.shape[1]))
    full = logistic(x[train], y[train])
    alone = logistic(x[train][:, fac], y[train])
    by_stage = []
    for lo, hi in STAGES:
        m = train & (turns >= lo) & (turns < hi)
        by_stage.append(float(logistic(x[m], y[m])[0]) if m.sum() > 50 else None)
    return {
        "games": len(games), "turn_starts": int(len(y)),
        "per_tile": round(float(full[0]), 4), "per_resource": round(float(full[1]), 4),
        "per_income": round(float(full[2]), 4),
        "resources_per_tile": round(float(full[0] / full[1]), 2) if full[1] > 0 else None,
        "held_out_log_loss": {
            "coin": round(float(np.log(2)), 3),
            "factions": round(log_loss(x[test][:, fac], y[test], alone), 3),
            "factions_tiles_resources_income": round(log_loss(x[test], y[test], full), 3)},
        "per_tile_by_stage": [None if c is None else round(c, 3) for c in by_stage],
        "temperature_by_stage": [None if not c or c <= 0 else round(1 / c, 1) for c in by_stage],
        "saturated": {name: round(float(np.mean(shares)), 3) for name, shares in saturated.items()},
    }


def softmax_fit(games: list[dict]) -> dict:
    """The report for three or more seats: a softmax over the living seats of
    w_tiles x tiles + w_res x resources fitted on even seeds, again with each seat's faction
    as a constant (`faction_edges`, in log-odds against the first faction by name: a
    thousand games fit them, a few hundred do not), and the held-out log-loss of both fits
    and of fixed values (resource weight, temperature) on odd seeds."""
    from game.territory.constants import FACTIONS

    factions = sorted(FACTIONS)
    feats, wins, seeds = [], [], []
    for g in games:
        w = g["winners"]
        n = len(g["rows"][0][1]) if g["rows"] else 0
        for _, seats in g["rows"]:
            feats.append([(alive, tiles, res) + tuple(float(g["factions"][s] == f) for f in factions[1:])
                          for s, (alive, tiles, res, _) in enumerate(seats)])
            wins.append([1.0 / len(w) if s in w else 0.0 for s in range(n)] if w else [1.0 / n] * n)
            seeds.append(g["seed"])
    f, y, seeds = np.array(feats, float), np.array(wins), np.array(seeds)
    alive, x_all = f[:, :, 0] > 0, f[:, :, 1:]
    train, test = seeds % 2 == 0, seeds % 2 == 1

    def loss(w: np.ndarray, m: np.ndarray, x: np.ndarray) -> tuple[float, np.ndarray, np.ndarray]:
        """Mean log-loss, its gradient and Hessian in w over the positions `m`."""
        u = np.where(alive[m], x[m] @ w, -60.0)
        u -= u.max(1, keepdims=True)
        p = np.exp(u)
        p /= p.sum(1, keepdims=True)
        mean_x = np.einsum("gs,gsk->gk", p, x[m])
        grad = np.einsum("gs,gsk->k", p - y[m], x[m]) / m.sum()
        hess = (np.einsum("gs,gsk,gsl->kl", p, x[m], x[m])
                - np.einsum("gk,gl->kl", mean_x, mean_x)) / m.sum()
        return float(-np.mean(np.sum(y[m] * np.log(np.maximum(p, 1e-12)), 1))), grad, hess

    def newton(x: np.ndarray) -> np.ndarray:
        w = np.zeros(x.shape[2])
        for _ in range(30):   # Newton's method (the log-loss is convex in w)
            _, grad, hess = loss(w, train, x)
            w -= np.linalg.solve(hess + 1e-9 * np.eye(len(w)), grad)
        return w

    x = x_all[:, :, :2]
    w, wf = newton(x), newton(x_all)
    fixed = {f"tiles+{a}xres_t{t:g}": round(loss(np.array([1 / t, a / t]), test, x)[0], 3)
             for a, t in FIXED}
    return {
        "games": len(games), "turn_starts": int(len(y)),
        "per_tile": round(float(w[0]), 4), "per_resource": round(float(w[1]), 5),
        "with_factions": {
            "per_tile": round(float(wf[0]), 4), "per_resource": round(float(wf[1]), 5),
            "temperature": round(float(1 / wf[0]), 1) if wf[0] > 0 else None,
            "faction_edges": {fa: round(float(e), 4) for fa, e in zip(factions, [0.0, *wf[2:]])}},
        "held_out_log_loss": {"uniform": round(float(np.log(y.shape[1])), 3),
                              "fit": round(loss(w, test, x)[0], 3),
                              "fit_with_factions": round(loss(wf, test, x_all)[0], 3), **fixed},
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--seed", type=int, default=30000)
    parser.add_argument("--seats", type=int, default=2, choices=range(2, 8))
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    seeds = list(range(args.seed, args.seed + args.games))
    jobs = max(1, args.jobs)
    chunks = [(args.seats, seeds[k::jobs]) for k in range(jobs) if seeds[k::jobs]]
    try:
        with sigterm_as_interrupt():
            if jobs == 1:
                games = [g for c in chunks for g in play(c)]
            else:
                # a multiprocessing pool whose workers leave Ctrl+C to this process: its exit
                # terminates them, so a stop does not wait for the games still running
                with multiprocessing.get_context().Pool(jobs, initializer=batch_worker_start) as pool:
                    games = [g for part in pool.map(play, chunks) for g in part]
    except KeyboardInterrupt:   # Ctrl+C, or SIGTERM: a fit needs every game, so none is printed
        print(f"fit_territory_value.py: stopped before the {args.games} games were played; "
              "nothing fitted", file=sys.stderr)
        return 130
    games.sort(key=lambda g: g["seed"])
    print(json.dumps(fit(games) if args.seats == 2 else softmax_fit(games), indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
