"""tools/soak.py: random games with invariant checks; crashes are reported, not raised."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers.tools import load_tool


def test_soak_plays_games_and_reports_no_crash(capsys):
    soak = load_tool("soak")
    assert soak.main(["tidegate", "--games", "6", "--deep-every", "40"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert (report["games"], report["crashes"]) == (6, 0) and report["actions"] > 0


def test_soak_reports_a_broken_invariant_with_its_seeds(capsys, monkeypatch):
    soak = load_tool("soak")
    hooks = __import__("tests.game.tidegate.invariants", fromlist=["check"])

    def broken(state):
        assert state.round < 2, "round 2 reached"
    monkeypatch.setattr(hooks, "check", broken)
    assert soak.main(["tidegate", "--games", "2", "--deep-every", "0"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["crashes"] == 2
    crash = report["first_crashes"][0]
    assert "round 2 reached" in crash["error"] and {"seed", "pick", "seats"} <= set(crash)


def test_soak_refuses_an_unknown_ruleset(capsys):
    assert load_tool("soak").main(["nope", "--games", "1"]) == 2
    assert "unknown ruleset 'nope'" in capsys.readouterr().err


def test_an_interrupted_soak_reports_the_games_it_finished(capsys, monkeypatch):
    """Ctrl+C (or SIGTERM) in a long soak: the report of the games finished, marked
    interrupted, exit 130; a crash found before the stop still makes it exit 1."""
    soak = load_tool("soak")
    real = soak.run_batch
    calls = []

    def stopping(batch):
        calls.append(batch[2])
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real(batch)

    monkeypatch.setattr(soak, "run_batch", stopping)
    assert soak.main(["tidegate", "--games", "6", "--deep-every", "0"]) == 130
    report = json.loads(capsys.readouterr().out)
    assert calls == [[0], [1], [2]]   # one game a batch in this process
    assert (report["games"], report["crashes"], report["interrupted"]) == (2, 0, True)

    hooks = __import__("tests.game.tidegate.invariants", fromlist=["check"])

    def broken(state):
        assert state.round < 2, "round 2 reached"
    monkeypatch.setattr(hooks, "check", broken)
    calls.clear()
    assert soak.main(["tidegate", "--games", "6", "--deep-every", "0"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert (report["games"], report["crashes"], report["interrupted"]) == (2, 2, True)


@pytest.mark.slow
def test_a_soak_on_two_workers_stopped_by_sigterm_reports_and_leaves_no_process():
    import os
    import signal

    from tests.helpers.processes import start, stop_after

    root = Path(__file__).resolve().parents[1]
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    proc = start(["tools/soak.py", "territory", "--games", "2000", "--jobs", "2"], root, env)
    out, err = stop_after(proc, 8, signal.SIGTERM)   # after 8 s: some batches of 25 finished
    assert proc.returncode == 130, err
    report = json.loads(out)
    assert report["interrupted"] is True and report["crashes"] == 0
    assert report["games"] % 25 == 0 and 0 <= report["games"] < 2000
    assert "Traceback" not in err, err
