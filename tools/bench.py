"""One command for the performance figures: `python tools/bench.py [--quick] [--clone] [--search] [--out FILE]`.

`--search` (issue 18) reports only the hard AI: per ruleset, hard against greedy in 2-seat
games and one hard against three greedy in 4-seat games (seats rotating) at a fixed iteration
budget per ruleset (`SEARCH_ITERATIONS`, about 1 s a decision on this 2-core machine): win rate with
95% interval, end causes, iterations per decision and per second, decision time p50/p99; and
frame time of a game screen run in real time while a hard seat thinks 1 s per decision in its
worker process (and, to compare in the same run, on a thread, and with a greedy seat instead).
`--quick` plays 4 games per setting; `--games N`, `--minutes M` (a time cap per row: the
row reports the games it finished), `--iterations N`, `--rulesets a,b`, `--seats 2,4`,
`--seed N`, `--log FILE` (one JSON line per game), `--no-frames`, `--factions random`
(territory: factions drawn per game instead of picked in seat order), `--cores N` (a hard plan
decision's playouts on N processes, default every core as in the game: the same decisions in
less wall time; run one benchmark process at a time then).

`--catanatron DIR [--pairs N] [--games N] [--rulesets a,b]` (issue 19) prints only random play
beside Catanatron's, the yardstick issue 19 names: N pairs (default 3) run one after the other,
each a fresh process per ruleset (random seats as below, N games, default 200) and then a fresh
process of Catanatron from its checkout DIR (`Game.play` with four `RandomPlayer`s, 100 games,
seeds 0-99), with each ruleset's ratio to Catanatron per pair and on the sums. The machines
change speed by a fifth within minutes; the ratio within a pair is the fair figure.

`--frames RULESET [--seconds S] [--from-turn N] [--repo DIR ...]` (issue 15) prints only the
frame figures of one screen, all seats AI, for each checkout DIR: e.g. territory's seven-seat
resolution figure `--frames territory --seconds 60 --from-turn 10 --repo /tmp/old --repo .`.

Prints one JSON report with, for every registered ruleset: random-play actions/s and games/s,
greedy decision time p50/p99, greedy's win rate against random seats and clone() cost in µs
(`--clone` prints only that); for every ruleset
with a game scene: frame time p50/p99 of the game scene with AI seats at 1280x720 headless
(all frames and the `busy` ones, while it animates or resolves; for territory also seven seats
from turn 10, the whole-turn resolutions of a grown board);
the same while the board layer pans a 48x32 map;
and for the program: time from start to the first frame (from source, and from the
executable when `dist/` holds one), peak memory (RSS) of a game session, executable size.

Figures, not assertions: the machines are noisy, compare ratios within one run. Frame figures
give wall time (`p50_ms`, `p99_ms`) and the main thread's CPU time per frame (`cpu_*`), which a
busy machine (or the AI worker holding the GIL) does not inflate.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
HEADLESS = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
# this process imports pygame too (the game scenes): its banner would open stdout, ahead of
# the JSON report (`bench.py > report.json`)
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


# Seats per benchmark, as each ruleset's issue states its targets (greedy + random seats).
BENCH_SEATS = {"tidegate": 4, "territory": 3, "skirmish": 4, "domiplot": 4, "landship": 2}


def rules_figures(ruleset_id: str, games: int) -> dict:
    """Random play on one core (speed); greedy against random seats on every core (strength)."""
    from game import rulesets
    from game.play.simulate import simulate

    rs = rulesets.get(ruleset_id)
    n = BENCH_SEATS.get(ruleset_id, rs.max_players)
    # the rules' speed: the random seats' decision times are not reported, so not taken
    rnd = simulate(ruleset_id, ["random"] * n, games, seed=1, time_decisions=False)
    greedy = simulate(ruleset_id, ["greedy"] + ["random"] * (n - 1), games, seed=1, jobs=os.cpu_count() or 1)
    return {
        "random_actions_per_s": round(rnd["actions_per_s"]),
        "random_games_per_s": round(rnd["games_per_s"], 1),
        "random_mean_actions": round(rnd["mean_actions"], 1),
        "random_mean_rounds": round(rnd["mean_turns"], 1),
        "random_s_per_game": round(1 / rnd["games_per_s"], 3),
        "greedy_decision_ms_p50": round(greedy["decision_ms"]["greedy"]["p50"], 3),
        "greedy_decision_ms_p99": round(greedy["decision_ms"]["greedy"]["p99"], 3),
        "greedy_win_rate_vs_random": round(greedy["win_rate"][0], 3),
        "greedy_games": greedy["games"],
        "greedy_mean_rounds": round(greedy["mean_turns"], 1),
        "seats": n,
    }


def _concedes(action: object) -> bool:
    """Resign/surrender-like actions (`Action.concedes`; class names until rulesets set it)."""
    return bool(getattr(type(action), "concedes", False)) or type(action).__name__ in ("Resign", "Surrender")


def clone_figures(ruleset_id: str, games: int = 3, seed: int = 1) -> dict:
    """clone() cost in µs over positions of random games (every 5th position of `games`).

    Search copies the state at every node, so this is the figure search speed hangs on.
    """
    from game import rulesets
    from game.core.protocol import Setup
    from game.core.rng import Rng

    rs = rulesets.get(ruleset_id)
    n = BENCH_SEATS.get(ruleset_id, rs.max_players)
    positions = []
    for g in range(games):
        state = rs.new_game(Setup(seats=("random",) * n, seed=seed + g))
        pick = Rng(seed + g)
        step = 0
        while state.result() is None:
            if step % 5 == 0:
                positions.append(state.clone())
            movers = state.to_move()
            seat = movers[pick.below(len(movers))]
            legal = state.legal_actions(seat)
            # play on instead of conceding, so positions come from whole games
            keep = [a for a in legal if not _concedes(a)] or legal
            state.apply(seat, keep[pick.below(len(keep))])
            step += 1
    clock = time.perf_counter
    times = []
    for state in positions:
        reps = 20
        t0 = clock()
        for _ in range(reps):
            state.clone()
        times.append((clock() - t0) / reps * 1e6)
    times.sort()
    return {"clone_us_mean": round(sum(times) / len(times), 1),
            "clone_us_p50": round(times[len(times) // 2], 1),
            "clone_us_p99": round(times[int(len(times) * 0.99) - 1] if len(times) > 1 else times[0], 1),
            "positions": len(times), "seats": n}


# Issue 18: the hard AI's fixed iteration budget per ruleset: the playouts one core runs in
# 1 s of CPU time (`search_speed`, measured 2026-12-03 on this 2-core machine, CPU time under a
# load of 2-10: tidegate ~510, domiplot ~280, territory ~80, landship ~75, skirmish ~37; the
# previous session's figures were higher for tidegate ~720, domiplot ~390, territory ~140), so
# strength figures are reproducible and independent of the machine's load; in play the hard
# seat thinks for the settings' wall-clock time instead.
# Skirmish, landship and territory search whole-turn plans (`game.ai.plans`): their budget is
# evaluation playouts per plan decision, set so that a plan decision at the start of a turn of
# a 2-seat greedy game costs ~1 s of CPU time (six turn starts per ruleset, budgets 20 and
# 200 timed with `time.process_time` on 2026-12-03 under a load of ~2-3 on this 2-core
# machine: skirmish 6.8 ms per playout, landship 2.2 ms, territory 4.1 ms, plus 5-30 ms to
# build the plans; landship's later turns cost far more, up to 14 ms a playout with 20
# ships afloat, 6.8 ms on average over 23 turn starts spread over rounds 4-112 of two long
# games at budget 50, so its budget is set from that average), where their per-action
# budgets were 37, 75 and 80 playouts per action.
# Landship since land18 plays each plan through two reply turns (`plan_reply_turns` 2) and
# scores it with the greedy score: timed with `time.process_time` at 101 turn starts (every
# sixth, rounds 2-119) of three greedy games (seeds 9000-9002) under a load of ~4-5, a plan
# decision cost 0.61 CPU-s on average at 140 playouts with one reply turn (0.60 with the old
# material value: the score costs nothing extra), 0.78 at 70 playouts with two and 1.53 at
# 140 with two, so its budget is 90 playouts (about 1.0 CPU-s on average; `search_speed`'s
# four early positions are cheaper than a whole game's turns).
# Four seats: a plan's playouts then run through three opponents' turns, not one. Tidegate and
# Domiplot search single actions and keep their budget (their four-seat rows ran at it). The
# plan-mode rulesets get the budget that costs the same ~1 CPU-s: `search_speed` at 100
# playouts, 2 and 4 seats, in one run (2026-12-03/04, loaded): skirmish 195 against 25
# playouts per CPU-s (7.8x, so 145 / 7.8 -> 20), territory 904 against 415 (2.2x, so
# 240 / 2.2 -> 110). Landship is a two-seat game. Skirmish four seats then got 35: the
# greedy policy its playouts run stopped rebuilding its threat-map key per scored hex, and
# 35 playouts cost what 20 did before (627 and 637 ms against 628 and 730 per decision,
# alternating old and new in one run, 2026-12-04); two seats keep 145 (now cheaper) so
# their measured row stands: the games are the same.
# Dice for Land's playouts got 1.87x (2 seats) and 1.61x (4 seats) faster on 2026-12-04 with
# every decision unchanged (aispeed12-tr): 240 -> 450 and 110 -> 175 keep about the same CPU
# time a decision (the two-seat row was measured at 450; the four-seat one at 110).
# Since 2026-12-05 (seventeenth round) a plan decision's playouts run on every core, as in the
# game's screens (`--cores`, default: the machine's), so "1 s a decision on this 2-core
# machine" is wall time on both cores: four-seat Dice for Land plans get 350 playouts, which
# took 1.29 s on one core and 0.80 s of wall time on two (mean of four turn starts of greedy
# games, quiet machine; see the README). The other budgets stay at about 1 s of one core.
# Since the eighteenth round (2026-12-05) a plan with three or more seats plays two order
# rounds (`plan_reply_turns_many`), about 3.3x the cost a playout: four-seat plans get 175,
# measured at 2.13 s on one core and 1.20 s of wall time on two (four turn starts, quiet
# machine), so about 145 would be the 1 s; the four-seat row was measured at 175. After the
# nineteenth round (2026-12-05, every decision unchanged, about 3 % less CPU a decision)
# whole four-seat games on both cores of the quiet machine took p50 1.05 s a plan decision
# (mean 1.09 s, p99 2.45 s; 8 games, 192 decisions), the four turn starts 0.97-1.07 s in
# three runs: 175 is about the 1 s budget.
SEARCH_ITERATIONS: dict[str, dict[int, int]] = {
    "tidegate": {2: 500, 4: 500}, "domiplot": {2: 280, 4: 280}, "landship": {2: 90},
    "territory": {2: 450, 4: 175}, "skirmish": {2: 145, 4: 35}}


def search_budget(ruleset_id: str, seats: int) -> int:
    """The fixed playout budget equal to about 1 CPU-s per decision for `seats` players (the
    nearest measured seat count below, else the two-seat one; 100 for an unlisted ruleset)."""
    table = SEARCH_ITERATIONS.get(ruleset_id, {2: 100})
    return table[max((n for n in table if n <= seats), default=min(table))]


def search_speed(ruleset_id: str, iterations: int = 100, seats: int = 2) -> dict:
    """Playouts per CPU-second of the hard agent on a few early/middle positions of a greedy
    game (CPU time, so a loaded machine inflates it little): the fixed budget equal to 1 s."""
    from game import rulesets
    from game.ai import make_agent
    from game.ai.levels import configure
    from game.core.protocol import Setup

    rs = rulesets.get(ruleset_id)
    done = cpu = 0.0
    for seed, steps in ((3, 10), (5, 25), (7, 45), (9, 70)):
        state = rs.new_game(Setup(seats=("greedy",) * seats, seed=seed))
        players = [make_agent("greedy", rs, s, seed) for s in range(seats)]
        count = 0
        while state.result() is None:
            seat = state.to_move()[0]
            legal = state.legal_actions(seat)
            if count >= steps and len(legal) > 1:
                agent = make_agent("hard", rs, seat, seed)
                configure(agent, iterations=iterations)
                t0 = time.process_time()
                agent.choose(state.view(seat), legal)
                cpu += time.process_time() - t0
                done += agent.last.iterations
                break
            state.apply(seat, players[seat].choose(state.view(seat), legal))
            count += 1
    return {"iterations_per_cpu_s": round(done / cpu) if cpu else 0, "decisions_timed": 4,
            "cpu_ms_per_decision": round(1000 * cpu / 4)}


def search_figures(ruleset_id: str, games: int, seats: tuple[int, ...] = (2, 4),
                   iterations: int | None = None, minutes: float | None = None,
                   seed: int = 1, log: str | None = None, factions: str | None = None,
                   cores: int = 1) -> dict:
    """Hard against greedy: 2 seats (hard, greedy) and, where the ruleset allows 4, one hard
    against three greedy; game g puts hard at seat g % n (seats rotate). Games are played one
    at a time, each printed as a JSON line on stderr (and appended to `log`), so a row cut by
    its time cap (`minutes`) still reports every game it finished. Win rate with its 95%
    (Wilson) interval, end causes, search iterations per decision and per second,
    searched-decision time p50/p99; for the plan-mode rulesets also the decisions that ran
    playouts (new plans) per game with their iterations and time, and seconds per game.
    `factions="random"` (territory) presets factions drawn from each game's seed, one per
    agent, instead of the pick phase, where the first seat takes the strongest tribe and
    wins 39 of 40 two-seat greedy games: a row then measures play, not pick order. `cores`:
    processes a plan decision's playouts use (the same decisions as on one core, in less wall
    time: run one benchmark process per machine then)."""
    from game import rulesets
    from game.ai.knobs import knobs_for
    from game.play.simulate import percentile, play_one, wilson

    rs = rulesets.get(ruleset_id)
    out: dict = {}
    for n in seats:
        if not rs.min_players <= n <= rs.max_players:
            continue
        budget = iterations or search_budget(ruleset_id, n)
        agents = ["hard"] + ["greedy"] * (n - 1)
        start = time.perf_counter()
        wins, rounds, causes, searched = 0.0, [], {}, []
        played = 0
        game_s = []
        for g in range(games):
            if minutes is not None and played and time.perf_counter() - start > 60 * minutes:
                break
            t0 = time.perf_counter()
            rec = play_one(ruleset_id, agents, seed + g, g % n, agent_options={"iterations": budget, "cores": cores},
                           factions=factions)
            game_s.append(time.perf_counter() - t0)
            played += 1
            won = 0 in rec.winners
            wins += won
            rounds.append(rec.rounds)
            causes[rec.cause] = causes.get(rec.cause, 0) + 1
            rows = rec.searches.get("hard", [])
            searched.extend(rows)
            line = json.dumps({"ruleset": ruleset_id, "seats": n, "game": g, "seed": seed + g,
                               "hard_seat": g % n, "hard_won": won, "winners": rec.winners,
                               **({"factions": list(rec.factions)} if rec.factions else {}),
                               "cause": rec.cause, "rounds": rec.rounds, "searched": len(rows),
                               "iterations": budget, "cores": cores, "game_s": round(game_s[-1], 1),
                               # decisions that ran playouts (plan mode: new plans; the
                               # plan's later steps are decisions with 0 iterations)
                               "with_playouts": sum(1 for i, _ in rows if i > 0),
                               "decision_ms": [round(1000 * t) for _, t in rows]})
            print(line, file=sys.stderr, flush=True)
            if log:
                with open(log, "a", encoding="utf-8") as fh:
                    fh.write(line + "\n")
        lo, hi = wilson(wins, played)
        its = [i for i, _ in searched]
        secs = [t for _, t in searched]
        thought = [(i, t) for i, t in searched if i > 0]   # plan mode: the plan decisions
        out[f"{n}_seats"] = {
            "iterations": budget, "games": played, "hard_wins": wins,
            "hard_win_rate": round(wins / played, 3) if played else 0.0,
            "ci95": [round(lo, 3), round(hi, 3)],
            "fair_share": round(1 / n, 3), "end_causes": dict(sorted(causes.items())),
            "mean_rounds": round(sum(rounds) / played, 1) if played else 0.0,
            "searched_decisions": len(searched),
            "iterations_per_decision": round(sum(its) / len(its), 1) if its else 0.0,
            "iterations_per_s": round(sum(its) / sum(secs)) if secs and sum(secs) else 0,
            "decision_ms_p50": round(1000 * percentile(secs, 50)) if secs else 0,
            "decision_ms_p99": round(1000 * percentile(secs, 99)) if secs else 0,
            "plan_mode": knobs_for(ruleset_id).plan_turn,
            "decisions_with_playouts_per_game": round(len(thought) / played, 1) if played else 0.0,
            "iterations_per_decision_with_playouts":
                round(sum(i for i, _ in thought) / len(thought), 1) if thought else 0.0,
            "decision_with_playouts_ms_p50":
                round(1000 * percentile([t for _, t in thought], 50)) if thought else 0,
            "decision_with_playouts_ms_p99":
                round(1000 * percentile([t for _, t in thought], 99)) if thought else 0,
            "seconds_per_game": round(sum(game_s) / played, 1) if played else 0.0,
            "seconds": round(time.perf_counter() - start, 1),
        }
    return out


def json_process(command: list[str], cwd: Path | str, env: dict[str, str]) -> Any:
    """Run a measuring process: the JSON of its last output line, or {"error": the last line
    of its error output} when it failed."""
    out = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True)
    if out.returncode != 0:
        return {"error": out.stderr.strip().splitlines()[-1] if out.stderr.strip() else "failed"}
    return json.loads(out.stdout.strip().splitlines()[-1])


def frame_figures(ruleset_id: str, seconds: float, first_seat: str = "greedy",
                  think_s: float = 1.0, from_turn: int = 0, repo: Path = ROOT) -> dict:
    """Run the game scene with every seat AI (the ruleset's most seats) at 1x speed for
    `seconds` of game time (`first_seat`: the agent of seat 0, e.g. "hard", thinking `think_s`
    per decision in its worker process; the other seats greedy). `from_turn`: greedy plays
    first, off screen, up to that turn (a ruleset whose state counts `turn`), so the figure
    holds a grown board's resolutions (territory: ~10-15 ms of rules per whole turn). `repo`:
    the checkout whose code is measured (an old commit, for before/after in one run).

    Besides all frames, `busy` counts the frames while the screen animates or resolves a turn
    (`timeline.busy`, territory's `resolving`, or the turn changed in that frame)."""
    code = f"""
import json, os, resource, time
from scenes.app import App
from scenes.settings import Settings
from game import rulesets
from game.ai import make_agent
from game.core.protocol import Setup
from game.play.session import GameSession
from scenes.registry import open_game
rs = rulesets.get({ruleset_id!r})
n = rs.max_players
session = GameSession(Setup(seats=({first_seat!r},) + ("greedy",) * (n - 1), seed=4, ruleset={ruleset_id!r}),
                      [f"P{{i}}" for i in range(n)], list(range(n)))
if {from_turn}:
    agents = [make_agent("greedy", rs, s, 4) for s in range(n)]
    while getattr(session.state, "turn", {from_turn}) < {from_turn} and session.state.result() is None:
        seat = session.next_seat()
        session.apply(seat, agents[seat].choose(session.state.view(seat), session.state.legal_actions(seat)))
app = App(Settings(language="en", speed=1, ai_pace="fast", think_s={think_s!r}), window_size=(1280, 720))
scene = open_game(app, session)
app.step_frames(2)
turn0 = getattr(session.state, "turn", 0)
frames = int({seconds} * 60)
cpu, busy = [], []

def busy_now():
    return scene.timeline.busy or getattr(scene, "resolving", False)

for _ in range(frames):
    turn, was_busy = getattr(session.state, "turn", 0), busy_now()
    t0 = time.thread_time()
    app.step_frames(1)
    cpu.append(time.thread_time() - t0)
    busy.append(was_busy or busy_now() or getattr(session.state, "turn", 0) != turn)
    if session.state.result() is not None:
        break
frames = len(cpu)
wall = app.frame_times[-frames:]

def q(xs, p):
    xs = sorted(xs)
    return 1000 * xs[min(len(xs) - 1, int(len(xs) * p))] if xs else None

def figures(sel):
    c = [x for x, b in zip(cpu, sel) if b]
    w = [x for x, b in zip(wall, sel) if b]
    return {{"frames": len(c), "p50_ms": q(w, .5), "p99_ms": q(w, .99), "cpu_p50_ms": q(c, .5),
             "cpu_p99_ms": q(c, .99), "cpu_max_ms": q(c, 1), "frames_cpu_over_8ms": sum(x > .008 for x in c)}}

hard = [a for a in session.agents.values() if getattr(a, "id", "") == "hard"]
print(json.dumps({{**figures([True] * frames), "busy": figures(busy),
                  "turns_played": getattr(session.state, "turn", 0) - turn0,
                  "actions_played": len(session.actions),
                  "hard_iterations_last": hard[0].last.iterations if hard else 0,
                  "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}}))
scene.driver.close()
"""
    env = {**os.environ, **HEADLESS, "GAME_DATA_DIR": f"/tmp/bench-userdata-{os.getpid()}"}
    data = json_process([sys.executable, "-c", code], repo, env)
    return data if "error" in data else _rounded(data)


def _rounded(data: dict) -> dict:
    return {k: _rounded(v) if isinstance(v, dict) else round(v, 3) if isinstance(v, float) else v
            for k, v in data.items()}


def pan_figures(seconds: float, ai: bool = True) -> dict:
    """Frame time while panning a 48x32 map (domiplot's Nine Provinces, 768x512 px) drawn by
    the board layer's Tiled renderer, with four greedy seats thinking (`ai`; else four idle
    human seats, to see the renderer alone): the pointer sits at the view's right edge, then its
    left edge, 2 s each (edge scrolling; every frame recomposes)."""
    kind = "greedy" if ai else "human"
    code = f"""
import json, importlib, resource, time
from scenes.app import App
from scenes.settings import Settings
from game.core.protocol import Setup
from game.play.session import GameSession
from scenes.board.scene import BoardScene

events = importlib.import_module("game.domiplot.events")
from game.core.protocol import Event
classes = [c for c in vars(events).values() if isinstance(c, type) and issubclass(c, Event) and c is not Event]

class MapView(BoardScene):
    ruleset_id = "domiplot"
    hidden_info = False   # a map viewer: nobody's hand is drawn
    presenters = {{c: (lambda self, ev: self.log_beat("log.new_game")) for c in classes}}
    def autosave(self):
        pass

app = App(Settings(language="en", speed=1, ai_pace="fast"), window_size=(1280, 720))
session = GameSession(Setup(seats=({kind!r},) * 4, seed=4, ruleset="domiplot"), [f"P{{i}}" for i in range(4)],
                      list(range(4)))
scene = app.push(MapView(app, session))
assert scene.tiled.cols == 48 and scene.tiled.rows == 32 and scene.camera.scrollable
frames = int({seconds} * 60)
view = scene.camera.view
xs, cpu = [], []
for i in range(frames):
    app.mouse = (view.right - 2, view.centery) if (i // 120) % 2 == 0 else (view.left + 1, view.centery)
    t0 = time.thread_time()
    app.step_frames(1)
    cpu.append(time.thread_time() - t0)
    xs.append(scene.camera.x)
ft = sorted(app.frame_times[-frames:])
cpu.sort()
print(json.dumps({{"frames": frames, "p50_ms": 1000 * ft[len(ft) // 2], "p99_ms": 1000 * ft[int(len(ft) * 0.99) - 1],
                  "cpu_p50_ms": 1000 * cpu[len(cpu) // 2], "cpu_p99_ms": 1000 * cpu[int(len(cpu) * 0.99) - 1],
                  "map_px": list(scene.tiled.size), "camera_x_range": [min(xs), max(xs)],
                  "actions_played": len(session.actions)}}))
"""
    env = {**os.environ, **HEADLESS, "GAME_DATA_DIR": "/tmp/bench-userdata"}
    data = json_process([sys.executable, "-c", code], ROOT, env)
    return data if "error" in data else {k: round(v, 3) if isinstance(v, float) else v for k, v in data.items()}


def first_frame(command: list[str], runs: int = 3) -> dict:
    """Seconds from process start to the first presented frame (median of `runs`)."""
    env = {**os.environ, **HEADLESS, "GAME_EXIT_AFTER_FIRST_FRAME": "1", "GAME_DATA_DIR": "/tmp/bench-userdata"}
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        proc = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                text=True)
        assert proc.stdout is not None
        for line in proc.stdout:
            if line.startswith("first-frame"):
                times.append(time.perf_counter() - t0)
                break
        proc.wait(timeout=60)
    times.sort()
    return {"median_s": round(times[len(times) // 2], 3), "runs": len(times)} if times else {"error": "no frame"}


def executable() -> Path | None:
    for name in ("boardgames", "boardgames.exe"):
        path = ROOT / "dist" / "boardgames" / name
        if path.is_file():
            return path
    return None


def folder_size_mb(path: Path) -> float:
    return round(sum(p.stat().st_size for p in path.rglob("*") if p.is_file()) / 2**20, 1)


SWITCHES = {"--quick", "--clone", "--search", "--no-frames"}
VALUED = {"--out", "--games", "--minutes", "--iterations", "--rulesets", "--seats", "--seed", "--cores",
          "--log", "--factions", "--frames", "--seconds", "--from-turn", "--repo", "--catanatron",
          "--pairs"}


def refusal(args: list[str]) -> str | None:
    """Why these arguments cannot run (an unknown option, an option without its value or a
    stray word), or None. A typo must not start a full benchmark run of many minutes."""
    i = 0
    while i < len(args):
        a = args[i]
        if a in SWITCHES:
            i += 1
        elif a in VALUED:
            if i + 1 >= len(args) or args[i + 1].startswith("--"):
                return f"{a} needs a value"
            i += 2
        else:
            return f"unknown argument {a!r}"
    return None


def main() -> int:
    if "--help" in sys.argv[1:] or "-h" in sys.argv[1:]:
        print(__doc__)
        return 0
    problem = refusal(sys.argv[1:])
    if problem is not None:
        print(f"bench.py: {problem} (see --help)", file=sys.stderr)
        return 2
    quick = "--quick" in sys.argv
    out_file = sys.argv[sys.argv.index("--out") + 1] if "--out" in sys.argv else None
    if "--catanatron" in sys.argv:   # only random play beside Catanatron's (issue 19)
        return versus_main()
    from game import rulesets
    from game.core.runtime import batch_gc
    batch_gc()   # a batch process, as `main.py simulate` (see game/core/runtime.py)
    if "--clone" in sys.argv:  # only the clone() cost per ruleset (a few seconds)
        print(json.dumps({rid: clone_figures(rid) for rid in rulesets.ids()}, indent=2))
        return 0
    from scenes.registry import GAME_SCENES

    if "--search" in sys.argv:   # only the hard AI's figures (issue 18)
        return search_main(quick, out_file)
    if "--frames" in sys.argv:   # only one screen's frame figures, of any checkout
        return frames_main()
    report: dict = {"machine": {"cpus": os.cpu_count(), "python": sys.version.split()[0]}, "rulesets": {}}
    for rid in rulesets.ids():
        entry = rules_figures(rid, 30 if quick else 200)
        entry["clone"] = clone_figures(rid, 1 if quick else 3)
        if rid in GAME_SCENES:
            entry["frame"] = frame_figures(rid, 5 if quick else 20)
        if rid == "territory":   # issue 15: seven tribes' whole-turn resolutions on a grown board
            entry["frame_7_seats_from_turn_10"] = frame_figures(rid, 20 if quick else 60, from_turn=10)
        report["rulesets"][rid] = entry
    report["frame_panning_48x32_map"] = pan_figures(5 if quick else 20)
    report["frame_panning_48x32_map_no_ai"] = pan_figures(5 if quick else 20, ai=False)
    report["first_frame_source"] = first_frame([sys.executable, "main.py"])
    exe = executable()
    if exe is not None:
        report["first_frame_executable"] = first_frame([str(exe)])
        report["executable_folder_mb"] = folder_size_mb(exe.parent)
    report["bench_peak_rss_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    text = json.dumps(report, indent=2)
    print(text)
    if out_file:
        Path(out_file).write_text(text + "\n", encoding="utf-8")
    return 0


def frames_main() -> int:
    """`--frames RULESET [--seconds S] [--from-turn N] [--repo DIR]...`: one frame figure per
    DIR (default this checkout), one JSON line each; several --repo in one run give
    before/after (e.g. an old commit in `git worktree add --detach /tmp/old main`)."""
    args = sys.argv[1:]
    rid = args[args.index("--frames") + 1]
    seconds = float(args[args.index("--seconds") + 1]) if "--seconds" in args else 20.0
    from_turn = int(args[args.index("--from-turn") + 1]) if "--from-turn" in args else 0
    repos = [Path(args[i + 1]) for i, a in enumerate(args) if a == "--repo"] or [ROOT]
    for repo in repos:
        print(json.dumps({"repo": str(repo), **frame_figures(rid, seconds, from_turn=from_turn, repo=repo)}),
              flush=True)
    return 0


def think_frame_figures(ruleset_id: str, seconds: float, mode: str) -> dict:
    """Frame time of a game screen run in real time (a frame every 1/60 s, as the program
    does, so the AI really gets the wall time to think) with seat 0 `hard` thinking 1 s per
    decision: `mode` "process" (the program's way: the search worker process), "thread" (the
    search on the driver's thread, to show why not) or "greedy" (seat 0 greedy: the baseline)."""
    code = f"""
import json, time
from scenes.app import App
from scenes.settings import Settings
from game import rulesets
from game.core.protocol import Setup
from game.play.session import GameSession
from scenes.registry import open_game
from game.ai.levels import shutdown_worker

def run():
    mode = {mode!r}
    n = 2
    app = App(Settings(language="en", speed=1, ai_pace="fast", think_s=1.0), window_size=(1280, 720))
    seats = ("greedy" if mode == "greedy" else "hard",) + ("greedy",) * (n - 1)
    session = GameSession(Setup(seats=seats, seed=4, ruleset={ruleset_id!r}), ["A", "B"], [0, 1])
    open_game(app, session)
    if mode == "thread":
        for agent in session.agents.values():
            if hasattr(agent, "offload"):
                agent.offload = False
    frames = int({seconds} * 60)
    wall, cpu, searched = [], [], 0
    for _ in range(frames):
        t0, c0 = time.perf_counter(), time.thread_time()
        app.step_frames(1)
        wall.append(time.perf_counter() - t0)
        cpu.append(time.thread_time() - c0)
        rest = 1 / 60 - (time.perf_counter() - t0)
        if rest > 0:
            time.sleep(rest)
    wall.sort()
    cpu.sort()
    q = lambda v, p: round(1000 * v[min(len(v) - 1, int(len(v) * p))], 2)
    print(json.dumps({{"mode": mode, "frames": frames, "p50_ms": q(wall, .5), "p99_ms": q(wall, .99),
                      "cpu_p50_ms": q(cpu, .5), "cpu_p99_ms": q(cpu, .99),
                      "actions_played": len(session.actions)}}))
    shutdown_worker()

if __name__ == "__main__":
    run()
"""
    env = {**os.environ, **HEADLESS, "GAME_DATA_DIR": "/tmp/bench-userdata"}
    script = Path("/tmp") / f"bench_think_{os.getpid()}.py"   # a file: spawn re-imports __main__
    script.write_text(code, encoding="utf-8")
    try:
        return json_process([sys.executable, str(script)], ROOT, {**env, "PYTHONPATH": str(ROOT)})
    finally:
        script.unlink(missing_ok=True)


# One process of random play: the actions/s of `rules_figures`' random row, as the last line.
RANDOM_SPEED = """
import json, sys
from game.core.runtime import batch_gc
from game.play.simulate import simulate
batch_gc()
rid, seats, games = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
print(json.dumps(round(simulate(rid, ["random"] * seats, games, seed=1, time_decisions=False)["actions_per_s"])))
"""

# One process of Catanatron's random play from a checkout (argv: its folder, games). Its
# package sits in the checkout's `catanatron/` folder (older layouts: `catanatron_core/`);
# older releases keep the actions in `state.actions`.
CATANATRON_SPEED = """
import json, sys, time
from pathlib import Path
for sub in ("catanatron", "catanatron_core", "."):
    if (Path(sys.argv[1]) / sub / "catanatron" / "__init__.py").is_file():
        sys.path.insert(0, str(Path(sys.argv[1]) / sub))
        break
from catanatron import Color, Game, RandomPlayer
actions = 0
start = time.perf_counter()
for seed in range(int(sys.argv[2])):
    game = Game([RandomPlayer(c) for c in (Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE)], seed=seed)
    game.play()
    records = getattr(game.state, "action_records", None)
    actions += len(records if records is not None else game.state.actions)
print(json.dumps(round(actions / (time.perf_counter() - start))))
"""


def _speed_process(args: list[str]) -> int | str:
    """Run one speed process (`python -c CODE ARGS...` from this checkout): its figure, or
    the last line of its error output."""
    out = json_process([sys.executable, "-c", *args], ROOT,
                       {**os.environ, **HEADLESS, "PYTHONPATH": str(ROOT)})
    return out["error"] if isinstance(out, dict) else int(out)


def versus_main() -> int:
    """`--catanatron DIR [--pairs N] [--games N] [--rulesets a,b]`: see the module docstring."""
    from game import rulesets

    def arg(name: str, default: str) -> str:
        return sys.argv[sys.argv.index(name) + 1] if name in sys.argv else default

    folder = Path(arg("--catanatron", "")).expanduser().resolve()
    wanted = arg("--rulesets", "territory").split(",")
    unknown = [rid for rid in wanted if rid not in rulesets.ids()]
    if unknown:
        print(f"bench.py: unknown ruleset {unknown[0]!r} (known: {', '.join(rulesets.ids())})",
              file=sys.stderr)
        return 2
    if not any((folder / sub / "catanatron" / "__init__.py").is_file()
               for sub in ("catanatron", "catanatron_core", ".")):
        print(f"bench.py: no Catanatron checkout at {folder} (its catanatron/catanatron package"
              " is missing)", file=sys.stderr)
        return 2
    counts = {name: arg(name, default) for name, default in (("--pairs", "3"), ("--games", "200"))}
    for name, value in counts.items():
        if not value.isdigit() or int(value) < 1:
            print(f"bench.py: {name} must be a whole number of at least 1", file=sys.stderr)
            return 2
    pairs, games = int(counts["--pairs"]), int(counts["--games"])
    rows: list[dict] = []
    for _ in range(pairs):
        row: dict = {rid: _speed_process([RANDOM_SPEED, rid, str(BENCH_SEATS.get(rid, 2)), str(games)])
                     for rid in wanted}
        row["catanatron"] = _speed_process([CATANATRON_SPEED, str(folder), "100"])
        rows.append(row)
        print(json.dumps(row), file=sys.stderr, flush=True)   # progress, one line per pair
    report: dict = {"machine": {"cpus": os.cpu_count(), "python": sys.version.split()[0],
                                "load_avg_1min": round(os.getloadavg()[0], 2)},
                    "games": games, "catanatron_games": 100, "pairs": rows}
    failed = [f"{name}: {v}" for row in rows for name, v in row.items() if isinstance(v, str)]
    if failed:
        report["failed"] = failed
        print(json.dumps(report, indent=2))
        return 1
    cat = sum(row["catanatron"] for row in rows)
    report["ratio_to_catanatron"] = {
        rid: {"per_pair": [round(row[rid] / row["catanatron"], 2) for row in rows],
              "on_sums": round(sum(row[rid] for row in rows) / cat, 2)} for rid in wanted}
    print(json.dumps(report, indent=2))
    return 0


def search_main(quick: bool, out_file: str | None) -> int:
    """`--search [--quick] [--games N] [--minutes M] [--iterations N] [--rulesets a,b]
    [--seats 2,4] [--seed N] [--log FILE] [--no-frames] [--factions random] [--cores N]`: the hard AI's
    speed (playouts per CPU-second), strength (at the fixed budgets of `SEARCH_ITERATIONS` per
    seat count unless `--iterations`; each row stops after N games or M minutes) and the frame
    time of a game screen while it thinks. `--factions` applies only to rulesets with factions
    (territory); others get a row saying they were skipped."""
    from game import rulesets
    from game.core.protocol import Ruleset
    from scenes.registry import GAME_SCENES

    def arg(name: str, default: str) -> str:
        return sys.argv[sys.argv.index(name) + 1] if name in sys.argv else default

    games = int(arg("--games", "4" if quick else "200"))
    minutes = float(arg("--minutes", "0")) or None
    iterations = int(arg("--iterations", "0")) or None
    seats = tuple(int(x) for x in arg("--seats", "2,4").split(","))
    wanted = arg("--rulesets", ",".join(rulesets.ids())).split(",")
    log = arg("--log", "") or None
    report: dict = {"machine": {"cpus": os.cpu_count(), "python": sys.version.split()[0],
                                "load_avg_1min": round(os.getloadavg()[0], 2)},
                    "games_per_setting": games, "rulesets": {}}
    for rid in wanted:
        rs = rulesets.get(rid)
        if type(rs).state_from_view is Ruleset.state_from_view:
            report["rulesets"][rid] = {"skipped": "no state_from_view on this branch"}
            continue
        if "--factions" in sys.argv and getattr(rs, "faction_pool", None) is None:
            report["rulesets"][rid] = {"skipped": "--factions given; this ruleset has none"}
            continue
        entry = {"speed": search_speed(rid)}
        entry.update(search_figures(rid, games, seats, iterations, minutes,
                                    int(arg("--seed", "1")), log, arg("--factions", "") or None,
                                    int(arg("--cores", str(os.cpu_count() or 1)))))
        if rid in GAME_SCENES and "--no-frames" not in sys.argv:
            entry["frame_while_hard_thinks"] = {
                mode: think_frame_figures(rid, 5 if quick else 20, mode)
                for mode in ("process", "thread", "greedy")}
        report["rulesets"][rid] = entry
        print(json.dumps({rid: entry}), file=sys.stderr, flush=True)   # progress, one line each
    text = json.dumps(report, indent=2)
    print(text)
    if out_file:
        Path(out_file).write_text(text + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
