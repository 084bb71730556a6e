"""main.py's command line: simulate's report, and one-line errors with exit status 2."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def run(*args, env_lang="en_US.UTF-8"):
    env = {"PATH": "/usr/bin:/bin", "LANG": env_lang, "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    return subprocess.run([sys.executable, "main.py", *args], cwd=ROOT, capture_output=True,
                          text=True, env=env, timeout=120)


def test_simulate_json_report_has_the_promised_fields():
    out = run("simulate", "tidegate", "--seats", "greedy,random,random,random", "--games", "8",
              "--seed", "1", "--json")
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    for key in ("ruleset", "games", "seats", "wins", "win_rate", "draws", "mean_turns",
                "games_per_s", "actions_per_s"):
        assert key in report
    assert report["games"] == 8 and report["seats"] == ["greedy", "random", "random", "random"]
    # a shared victory counts for each winner, so wins add up to 8 only without draws
    assert sum(report["wins"]) >= 8
    assert (report["draws"] == 0) == (sum(report["wins"]) == 8)
    assert len(report["win_rate"]) == 4 and report["actions_per_s"] > 0


def test_simulate_is_reproducible_and_jobs_give_the_same_wins():
    a = json.loads(run("simulate", "tidegate", "--games", "6", "--seed", "4", "--json").stdout)
    b = json.loads(run("simulate", "tidegate", "--games", "6", "--seed", "4", "--json", "--jobs", "2").stdout)
    assert a["wins"] == b["wins"] and a["mean_turns"] == b["mean_turns"]


def test_issue_18_hard_seats_with_a_fixed_iteration_budget_are_reproducible():
    args = ("simulate", "tidegate", "--seats", "hard,normal", "--games", "1", "--seed", "2",
            "--iterations", "6", "--json")
    a, b = json.loads(run(*args).stdout), json.loads(run(*args).stdout)
    assert a["wins"] == b["wins"] and a["mean_actions"] == b["mean_actions"]
    assert a["search"]["hard"]["iterations_mean"] <= 6 and a["search"]["hard"]["decisions"] > 0
    assert a["agent_options"] == {"iterations": 6}


def test_issue_18_hard_plans_on_two_cores_play_the_games_of_one():
    """`--cores 2`: a plan decision's playouts on two processes, the same games as one core."""
    args = ("simulate", "territory", "--seats", "hard,normal", "--games", "1", "--seed", "3",
            "--iterations", "8", "--json", "--factions", "random")
    one, two = json.loads(run(*args).stdout), json.loads(run(*args, "--cores", "2").stdout)
    assert two["agent_options"] == {"iterations": 8, "cores": 2}
    for key in ("wins", "mean_actions", "mean_turns", "end_causes"):
        assert one[key] == two[key], key


def test_simulate_table_shows_confidence_intervals():
    out = run("simulate", "tidegate", "--seats", "greedy,random", "--games", "4")
    assert out.returncode == 0
    assert "95% CI" in out.stdout and "greedy" in out.stdout


@pytest.mark.parametrize("args,needle", [
    (("simulate", "chess"), "Unknown game 'chess'"),
    (("simulate", "tidegate", "--seats", "greedy,wizard"), "Unknown player type 'wizard'"),
    (("simulate", "tidegate", "--games", "many"), "not a valid number"),
    (("simulate", "tidegate", "--games", "0"), "--games"),
    (("simulate", "territory", "--seats", "hard,normal", "--cores", "0"), "--cores must be at least 1"),
    (("simulate", "tidegate", "--seats", "greedy"), "needs 2 to 4 players"),
    (("--sparkle",), "unknown option '--sparkle'"),
    (("dance",), "unknown command 'dance'"),
    (("simulate", "tidegate", "--games", "99999999999999999999"), "--games can be at most 1000000"),
    (("simulate", "tidegate", "--jobs", "99999"), "--jobs can be at most 256"),
    (("simulate", "tidegate", "--seats", "hard,greedy", "--cores", "1000"), "--cores can be at most 256"),
    (("simulate", "tidegate", "--seats", "hard,greedy", "--iterations", "0"), "--iterations must be at least 1"),
    (("simulate", "tidegate", "--seats", "hard,greedy", "--think", "-1"), "--think takes seconds above 0, at most 600"),
    (("simulate", "tidegate", "--seats", "hard,greedy", "--think", "nan"), "--think takes seconds above 0"),
    (("smoke", "--out", "main.py/pictures"), "Cannot make the folder main.py/pictures (Not a directory)"),
    (("simulate", "tidegate", "--map", "maps"), "maps is not a map file (it is a folder or a device)"),
    (("simulate", "tidegate", "--map", "nowhere.tmx"), "There is no map file nowhere.tmx"),
])
def test_bad_command_lines_give_one_line_and_exit_2(args, needle):
    out = run(*args)
    assert out.returncode == 2
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and needle in lines[0], out.stderr
    assert "Traceback" not in out.stderr


def test_errors_are_translated_to_chinese():
    out = run("simulate", "chess", env_lang="zh_CN.UTF-8")
    assert out.returncode == 2 and "没有名为" in out.stderr


def test_no_console_streams_do_not_crash(monkeypatch, tmp_path):
    """Windowed builds set sys.stdout and sys.stderr to None (issue 4)."""
    import main as entry
    monkeypatch.setenv("GAME_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", None)
    assert entry.main(["simulate", "tidegate", "--games", "2"]) == 0
    assert entry.main(["--nonsense"]) == 2
    assert entry.main(["simulate", "chess"]) == 2


@pytest.mark.slow
@pytest.mark.parametrize("seats, extra", [
    ("greedy,random", ("--games", "400", "--jobs", "2")),                       # a pool of games
    ("hard,greedy", ("--games", "40", "--iterations", "400", "--cores", "2")),   # the search's helpers
], ids=["jobs", "cores"])
@pytest.mark.parametrize("stop", ["sigterm", "ctrl_c"])
def test_a_stopped_simulate_says_one_line_and_leaves_no_process(seats, extra, stop):
    """SIGTERM to `simulate`, or Ctrl+C in a terminal (SIGINT to the whole process group):
    one translated line, exit status 130, no traceback or leaked-semaphore warning from it or
    its workers, and every worker gone (the output pipes close only when the last process
    holding them has ended)."""
    import signal

    from tests.helpers.processes import start, stop_after

    env = {"PATH": "/usr/bin:/bin", "LANG": "en_US.UTF-8", "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    proc = start(["main.py", "simulate", "territory", "--seats", seats, *extra], ROOT, env)
    out, err = stop_after(proc, 4, signal.SIGTERM if stop == "sigterm" else signal.SIGINT,
                          group=stop == "ctrl_c")   # after 4 s: started, its workers busy
    assert proc.returncode == 130, err
    assert err.strip().splitlines()[-1] == "Interrupted: stopped before the end.", err
    assert "Traceback" not in err and "resource_tracker" not in err, err
    assert out == ""


@pytest.mark.parametrize("command", [("play", "tidegate", "--seats", "greedy,greedy"), ("smoke", "--out", "x")])
def test_a_data_folder_that_cannot_be_made_is_said_in_one_line(tmp_path, command):
    """A read-only profile or a bad GAME_DATA_DIR: one translated line and exit 2, before any
    screen reads settings or lists saves (it had been a traceback, its crash report unwritable
    too)."""
    blocker = tmp_path / "a_file"
    blocker.write_text("", encoding="utf-8")
    env = {"PATH": "/usr/bin:/bin", "LANG": "en_US.UTF-8", "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1",
           "GAME_DATA_DIR": str(blocker / "data")}
    out = subprocess.run([sys.executable, str(ROOT / "main.py"), *command], cwd=tmp_path,
                         capture_output=True, text=True, env=env, timeout=120)
    assert out.returncode == 2, out.stderr
    assert out.stderr.strip().splitlines() == [
        f"error: Cannot make the folder for settings and saves, {blocker / 'data'} (Not a directory)."
        " Set GAME_DATA_DIR to a folder you can write to."]
    assert not (tmp_path / "x").exists()
