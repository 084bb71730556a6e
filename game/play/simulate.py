"""Headless games between agents: the benchmark behind `main.py simulate`.

Seats rotate by default (game i shifts the seat list by i), so each listed agent plays every
position equally often; wins are reported per entry of the seat list. A shared victory counts
as a win for each winner.

Rulesets with factions (`faction_pool`, e.g. territory) take `factions`: "random" draws
distinct factions for every game from the game's seed, a list gives one per seat-list entry
(it rotates with its agent). The report then adds wins per faction with 95% intervals and the
fair share (1/seats), turn quartiles and how games ended (`timed_out`: the turn limit, not a
victory condition or a last tribe standing).
"""

from __future__ import annotations

import math
import multiprocessing
import sys
import time
from dataclasses import dataclass, field
from typing import Any

from game import rulesets
from game.ai import make_agent
from game.ai.levels import configure
from game.core.protocol import Setup
from game.core.runtime import batch_worker_start


@dataclass
class GameRecord:
    """One finished game: which seat-list entries won, its length and action count."""

    winners: tuple[int, ...]        # indices into the seat list given to simulate
    rounds: int
    actions: int
    cause: str = ""                 # the deciding rule id (Result.cause)
    factions: tuple[str, ...] = ()  # per seat-list entry, when factions were set
    timed_out: bool = False         # ended by the turn limit (state.timed_out, if it has one)
    decision_times: dict[str, list[float]] = field(default_factory=dict)
    # per searching agent id: (iterations, seconds) of every decision it searched
    searches: dict[str, list[tuple[int, float]]] = field(default_factory=dict)


def draw_factions(pool: tuple[str, ...], n: int, seed: int) -> tuple[str, ...]:
    """n distinct factions from `pool`, drawn from the game's seed (reproducible)."""
    from game.core.rng import Rng
    rest = list(pool)
    rng = Rng(seed * 7919 + 17)  # not the game's own stream: the game RNG stays untouched
    return tuple(rest.pop(rng.below(len(rest))) for _ in range(n))


def play_one(ruleset_id: str, agents: list[str], seed: int, rotate: int = 0,
             map_path: str | None = None, options: dict[str, Any] | None = None,
             time_decisions: bool = False, max_actions: int = 1_000_000,
             agent_options: dict[str, Any] | None = None,
             factions: str | list[str] | None = None) -> GameRecord:
    """Play one game; entry k of `agents` sits at seat (k + rotate) % n.

    `agent_options` sets search agents' budget (`iterations` or `seconds`; see
    `game.ai.levels.configure`); other agents ignore it. `factions` (see the module
    docstring) are per entry."""
    ruleset = rulesets.get(ruleset_id)
    n = len(agents)
    seats = [""] * n
    entry_of_seat = [0] * n
    for k, agent_id in enumerate(agents):
        seat = (k + rotate) % n
        seats[seat] = agent_id
        entry_of_seat[seat] = k
    entry_factions: tuple[str, ...] = ()
    if factions is not None:
        entry_factions = (draw_factions(ruleset.faction_pool(map_path), n, seed)  # type: ignore[attr-defined]
                          if factions == "random" else tuple(factions))
        options = dict(options or {})
        options["factions"] = [entry_factions[entry_of_seat[s]] for s in range(n)]
    state = ruleset.new_game(Setup(seats=tuple(seats), seed=seed, map=map_path, options=options or {}))
    players = [make_agent(a, ruleset, i, seed) for i, a in enumerate(seats)]
    for player in players:
        configure(player, **(agent_options or {}))
    times: dict[str, list[float]] = {}
    searches: dict[str, list[tuple[int, float]]] = {}
    # the seats whose agents report what a decision cost (search agents' `last`), asked once
    # rather than by a `getattr` per action that misses for every other agent
    reports = [hasattr(player, "last") for player in players]
    count = 0
    clock = time.perf_counter
    while state.result() is None:
        if count >= max_actions:
            raise RuntimeError(f"game {seed} did not end within {max_actions} actions")
        for seat in state.to_move():
            agent = players[seat]
            legal = state.legal_actions(seat)
            if time_decisions:
                t0 = clock()
                action = agent.choose(state.view(seat) if agent.needs_view else None, legal)
                times.setdefault(agent.id, []).append(clock() - t0)
            else:
                action = agent.choose(state.view(seat) if agent.needs_view else None, legal)
            if reports[seat] and len(legal) > 1:
                stats = agent.last
                searches.setdefault(agent.id, []).append((stats.iterations, stats.seconds))
            state.apply(seat, action)
            count += 1
            if state.result() is not None:
                break
    result = state.result()
    assert result is not None
    return GameRecord(
        winners=tuple(sorted(entry_of_seat[w] for w in result.winners)),
        rounds=int(getattr(state, "round", 0)),
        actions=count,
        cause=result.cause,
        decision_times=times,
        searches=searches,
        factions=entry_factions,
        timed_out=bool(getattr(state, "timed_out", False)),
    )


def _play_batch(args: tuple) -> list[GameRecord]:
    """Play a batch of seeds; game `seed` rotates the seats by (seed - base) % n."""
    (ruleset_id, agents, seeds, base, rotate, map_path, options, time_decisions, agent_options,
     factions) = args
    n = len(agents)
    return [play_one(ruleset_id, agents, seed, (seed - base) % n if rotate else 0,
                     map_path, options, time_decisions, agent_options=agent_options, factions=factions)
            for seed in seeds]


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a win rate."""
    if n == 0:
        return 0.0, 0.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (0..100) by nearest rank; 0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, math.ceil(q / 100 * len(ordered)) - 1))
    return ordered[k]


def median(values: list[int]) -> float:
    """The median (mean of the middle two for an even count); 0 for no values."""
    return quartile(values, 2)


def quartile(values: list[int], k: int) -> float:
    """The k-th quartile (k = 1, 2, 3) by linear interpolation between order statistics."""
    if not values:
        return 0.0
    ordered = sorted(values)
    pos = (len(ordered) - 1) * k / 4
    lo = int(pos)
    hi = min(lo + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (pos - lo)


def faction_table(records: list[GameRecord], n: int) -> dict[str, dict[str, Any]]:
    """Per faction: games seated, wins (a shared victory counts for each winner), win rate
    with its 95% Wilson interval, and the fair share 1/n."""
    table: dict[str, dict[str, Any]] = {}
    for rec in records:
        for k, faction in enumerate(rec.factions):
            row = table.setdefault(faction, {"games": 0, "wins": 0})
            row["games"] += 1
            row["wins"] += k in rec.winners
    for faction, row in table.items():
        row["rate"] = row["wins"] / row["games"]
        row["ci95"] = list(wilson(row["wins"], row["games"]))
        row["fair"] = 1 / n
    return dict(sorted(table.items()))


def simulate(ruleset_id: str, agents: list[str], games: int, seed: int = 1, jobs: int = 1,
             rotate: bool = True, map_path: str | None = None, options: dict[str, Any] | None = None,
             time_decisions: bool = True, progress=None,
             agent_options: dict[str, Any] | None = None,
             factions: str | list[str] | None = None) -> dict[str, Any]:
    """Play `games` games and summarise them (see the module docstring)."""
    ruleset = rulesets.get(ruleset_id)
    ruleset.check_seats(agents)
    if factions is not None:
        pool = getattr(ruleset, "faction_pool", None)
        if pool is None:
            raise ValueError(f"{ruleset_id} has no factions")
        if factions != "random":
            known = pool(map_path)
            if (len(factions) != len(agents) or len(set(factions)) != len(factions)
                    or any(f not in known for f in factions)):
                raise ValueError(f"factions must be {len(agents)} distinct of {', '.join(known)}")
    for i, agent_id in enumerate(agents):  # fail fast on an unknown agent id
        make_agent(agent_id, ruleset, i, seed)
    n = len(agents)
    seeds = list(range(seed, seed + games))
    start = time.perf_counter()
    records: list[GameRecord] = []
    chunk = max(1, min(25, games // max(1, jobs * 4)))
    batches = [seeds[i:i + chunk] for i in range(0, games, chunk)]
    def job(batch: list[int]) -> tuple:
        return (ruleset_id, agents, batch, seed, rotate, map_path, options, time_decisions,
                agent_options, factions)
    if jobs > 1:
        # a `multiprocessing` pool, whose exit terminates its workers: stopped early (Ctrl+C,
        # or SIGTERM, which `main.py simulate` turns into KeyboardInterrupt), it must not wait
        # for the batches queued or running (an executor's exit waits for all of them)
        with multiprocessing.get_context().Pool(jobs, initializer=batch_worker_start) as pool:
            for part in pool.imap(_play_batch, [job(b) for b in batches]):
                records.extend(part)
                if progress:
                    progress(len(records), games)
    else:
        for b in batches:
            records.extend(_play_batch(job(b)))
            if progress:
                progress(len(records), games)
    elapsed = time.perf_counter() - start
    wins = [0] * n
    draws = 0
    for rec in records:
        for k in rec.winners:
            wins[k] += 1
        if len(rec.winners) > 1:
            draws += 1
    times: dict[str, list[float]] = {}
    for rec in records:
        for agent_id, ts in rec.decision_times.items():
            times.setdefault(agent_id, []).extend(ts)
    searched: dict[str, list[tuple[int, float]]] = {}
    for rec in records:
        for agent_id, rows in rec.searches.items():
            searched.setdefault(agent_id, []).extend(rows)
    total_actions = sum(r.actions for r in records)
    end_causes: dict[str, int] = {}
    for rec in records:
        end_causes[rec.cause] = end_causes.get(rec.cause, 0) + 1
    report_factions = faction_table(records, n) if factions is not None else {}
    rounds = [r.rounds for r in records]
    return {
        "ruleset": ruleset_id,
        "factions": report_factions,
        "turns": {"median": median(rounds), "q1": quartile(rounds, 1), "q3": quartile(rounds, 3),
                  "min": min(rounds, default=0), "max": max(rounds, default=0)},
        "timed_out": sum(1 for r in records if r.timed_out),
        "games": games,
        "seats": list(agents),
        "seed": seed,
        "rotate": rotate,
        "wins": wins,
        "win_rate": [w / games if games else 0.0 for w in wins],
        "win_rate_ci95": [list(wilson(w, games)) for w in wins],
        "draws": draws,
        "end_causes": dict(sorted(end_causes.items())),
        "mean_turns": sum(r.rounds for r in records) / games if games else 0.0,
        "mean_actions": total_actions / games if games else 0.0,
        "games_per_s": games / elapsed if elapsed else 0.0,
        "actions_per_s": total_actions / elapsed if elapsed else 0.0,
        "decision_ms": {
            a: {"p50": 1000 * percentile(ts, 50), "p99": 1000 * percentile(ts, 99), "n": len(ts)}
            for a, ts in sorted(times.items())
        },
        "search": {
            a: {"decisions": len(rows),
                "iterations_mean": sum(i for i, _ in rows) / len(rows),
                "iterations_per_s": sum(i for i, _ in rows) / max(1e-9, sum(t for _, t in rows)),
                "p50_ms": 1000 * percentile([t for _, t in rows], 50),
                "p99_ms": 1000 * percentile([t for _, t in rows], 99)}
            for a, rows in sorted(searched.items()) if rows
        },
        "agent_options": dict(agent_options or {}),
        "seconds": elapsed,
        "jobs": jobs,
    }


def format_table(report: dict[str, Any]) -> str:
    """A readable summary of a `simulate` report."""
    lines = [
        f"{report['ruleset']}: {report['games']} games, seed {report['seed']}, "
        f"{'rotating seats' if report['rotate'] else 'fixed seats'}",
        f"{'seat':<5}{'agent':<10}{'wins':>6}{'rate':>8}   95% CI",
    ]
    for k, agent in enumerate(report["seats"]):
        lo, hi = report["win_rate_ci95"][k]
        lines.append(f"{k:<5}{agent:<10}{report['wins'][k]:>6}{report['win_rate'][k]:>8.1%}   "
                     f"{lo:.1%} .. {hi:.1%}")
    lines.append(f"shared victories: {report['draws']}   mean rounds: {report['mean_turns']:.2f}   "
                 f"mean actions: {report['mean_actions']:.1f}")
    causes = ", ".join(f"{c or '?'} {k}" for c, k in report.get("end_causes", {}).items())
    lines.append(f"ended by: {causes}   (turn limit: {report.get('timed_out', 0)})")
    t = report.get("turns")
    if t:
        lines.append(f"turns: median {t['median']:g}, quartiles {t['q1']:g}..{t['q3']:g}, "
                     f"range {t['min']}..{t['max']}")
    if report.get("factions"):
        lines.append(f"{'faction':<10}{'games':>6}{'wins':>6}{'rate':>8}   95% CI          fair  x fair")
        for faction, row in report["factions"].items():
            lo, hi = row["ci95"]
            lines.append(f"{faction:<10}{row['games']:>6}{row['wins']:>6}{row['rate']:>8.1%}   "
                         f"{lo:.1%} .. {hi:.1%}  {row['fair']:.1%}  {row['rate'] / row['fair']:.2f}")
    lines.append(f"{report['games_per_s']:.1f} games/s   {report['actions_per_s']:.0f} actions/s   "
                 f"({report['seconds']:.2f} s, {report['jobs']} job(s))")
    for agent, d in report["decision_ms"].items():
        lines.append(f"decision time {agent}: p50 {d['p50']:.3f} ms  p99 {d['p99']:.3f} ms  "
                     f"({d['n']} decisions)")
    for agent, d in report.get("search", {}).items():
        lines.append(f"search {agent}: {d['decisions']} searched decisions, "
                     f"{d['iterations_mean']:.0f} iterations each, {d['iterations_per_s']:.0f}/s, "
                     f"p50 {d['p50_ms']:.0f} ms  p99 {d['p99_ms']:.0f} ms")
    return "\n".join(lines)


def stderr_progress(done: int, total: int) -> None:
    """A one-line progress bar on stderr (only when stderr is a terminal)."""
    if not sys.stderr or not sys.stderr.isatty():
        return
    width = 30
    filled = int(width * done / max(1, total))
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total}")
    if done >= total:
        sys.stderr.write("\n")
    sys.stderr.flush()
