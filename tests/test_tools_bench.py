"""tools/bench.py's command line: a typo or `--help` must not start a benchmark run."""

from __future__ import annotations

import sys

from tests.helpers.tools import load_tool


def test_help_prints_the_usage_and_runs_nothing(capsys, monkeypatch):
    bench = load_tool("bench")
    monkeypatch.setattr(sys, "argv", ["bench.py", "--help"])
    assert bench.main() == 0
    assert "--search" in capsys.readouterr().out


def test_an_unknown_option_or_a_missing_value_is_refused_before_any_run(capsys, monkeypatch):
    bench = load_tool("bench")
    for argv, said in ((["--serach"], "unknown argument '--serach'"),
                       (["--search", "--games"], "--games needs a value"),
                       (["--search", "--seed", "--games", "4"], "--seed needs a value"),
                       (["fast"], "unknown argument 'fast'")):
        monkeypatch.setattr(sys, "argv", ["bench.py", *argv])
        assert bench.main() == 2
        assert said in capsys.readouterr().err


def test_every_documented_option_is_accepted():
    bench = load_tool("bench")
    ok = ["--search", "--quick", "--games", "4", "--minutes", "1", "--iterations", "8",
          "--rulesets", "skirmish,landship", "--seats", "2,4", "--seed", "3", "--log", "f.jsonl",
          "--no-frames", "--factions", "random", "--out", "r.json"]
    assert bench.refusal(ok) is None
    assert bench.refusal(["--frames", "territory", "--seconds", "60", "--from-turn", "10",
                          "--repo", "/tmp/old", "--repo", "."]) is None
    assert bench.refusal(["--clone"]) is None
