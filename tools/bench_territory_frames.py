"""Issue 15 figure: main-thread CPU (`time.thread_time`) and wall time per frame of the Dice for
Land screen with seven greedy seats at 1280x720, speed 1, fast AI pace, from turn START (default
10) of seed 4 on Origin, for SECONDS of game time (about one whole-turn resolution per minute).

    python tools/bench_territory_frames.py REPO SECONDS [START]

REPO is a checkout to measure (e.g. an old commit in `git worktree add --detach /tmp/old main`),
so before/after come from one run. "resolution" counts the frames while a turn resolves or
plays back. Figures, not assertions: compare ratios within one run on a busy machine.
"""
import json, os, sys, time
repo, seconds = sys.argv[1], float(sys.argv[2])
start_turn = int(sys.argv[3]) if len(sys.argv) > 3 else 10
os.chdir(repo); sys.path.insert(0, repo)
os.environ.update({"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1",
                   "GAME_DATA_DIR": f"/tmp/bench-territory-{os.getpid()}"})
from scenes.app import App
from scenes.settings import Settings
from game.core.protocol import Setup
from game.play.session import GameSession
from scenes.registry import open_game
from scenes.territory.smoke import agents_for
session = GameSession(Setup(seats=("greedy",) * 7, seed=4, ruleset="territory"), [f"P{i}" for i in range(7)], list(range(7)))
agents = agents_for(session)
while session.state.turn < start_turn and session.state.result() is None:
    seat = session.next_seat()
    session.apply(seat, agents[seat].choose(session.state.view(seat), session.state.legal_actions(seat)))
app = App(Settings(language="en", speed=1, ai_pace="fast"), window_size=(1280, 720))
scene = open_game(app, session)
app.step_frames(2)
frames = int(seconds * 60)
cpu, wall, res_cpu, res_wall = [], [], [], []
turn0 = session.state.turn
for i in range(frames):
    turn = session.state.turn
    busy = scene.timeline.busy or getattr(scene, "resolving", False)
    t0, w0 = time.thread_time(), time.perf_counter()
    app.step_frames(1)
    c, w = time.thread_time() - t0, time.perf_counter() - w0
    cpu.append(c); wall.append(w)
    if busy or session.state.turn != turn or scene.timeline.busy or getattr(scene, "resolving", False):
        res_cpu.append(c); res_wall.append(w)
    if session.state.result() is not None:
        break


def pct(xs, q):
    """The q-quantile of seconds `xs`, in ms."""
    xs = sorted(xs)
    return round(1000 * xs[min(len(xs) - 1, int(len(xs) * q))], 2) if xs else None


print(json.dumps({"repo": repo, "frames": len(cpu), "turns_resolved": session.state.turn - turn0,
    "all": {"cpu_p50_ms": pct(cpu, .5), "cpu_p99_ms": pct(cpu, .99), "cpu_max_ms": pct(cpu, 1),
            "wall_p50_ms": pct(wall, .5), "wall_p99_ms": pct(wall, .99), "frames_cpu_over_8ms": sum(c > .008 for c in cpu)},
    "resolution": {"frames": len(res_cpu), "cpu_p50_ms": pct(res_cpu, .5), "cpu_p99_ms": pct(res_cpu, .99), "cpu_max_ms": pct(res_cpu, 1),
            "wall_p50_ms": pct(res_wall, .5), "wall_p99_ms": pct(res_wall, .99), "frames_cpu_over_8ms": sum(c > .008 for c in res_cpu)}}))
scene.driver.close()
