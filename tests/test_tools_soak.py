"""tools/soak.py: random games with invariant checks; crashes are reported, not raised."""

from __future__ import annotations

import json

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
