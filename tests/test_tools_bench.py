"""tools/bench.py's command line: a typo or `--help` must not start a benchmark run."""

from __future__ import annotations

import json
import sys

import pytest

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


def test_catanatron_options_are_accepted():
    bench = load_tool("bench")
    assert bench.refusal(["--catanatron", "/tmp/catanatron", "--pairs", "2", "--games", "50",
                          "--rulesets", "territory,skirmish"]) is None
    assert bench.refusal(["--catanatron"]) == "--catanatron needs a value"


def test_catanatron_without_a_checkout_or_with_bad_counts_is_refused_before_any_run(capsys, monkeypatch, tmp_path):
    bench = load_tool("bench")
    monkeypatch.setattr(bench, "_speed_process", lambda args: pytest.fail("a speed process ran"))
    monkeypatch.setattr(sys, "argv", ["bench.py", "--catanatron", str(tmp_path / "none")])
    assert bench.main() == 2
    assert "no Catanatron checkout at" in capsys.readouterr().err
    (tmp_path / "catanatron" / "catanatron").mkdir(parents=True)
    (tmp_path / "catanatron" / "catanatron" / "__init__.py").write_text("", encoding="utf-8")
    monkeypatch.setattr(sys, "argv", ["bench.py", "--catanatron", str(tmp_path), "--rulesets", "chess"])
    assert bench.main() == 2
    assert "unknown ruleset 'chess'" in capsys.readouterr().err
    for option in ("--pairs", "--games"):
        for value in ("0", "two"):
            monkeypatch.setattr(sys, "argv", ["bench.py", "--catanatron", str(tmp_path), option, value])
            assert bench.main() == 2
            assert f"{option} must be a whole number of at least 1" in capsys.readouterr().err


FAKE_CATANATRON = '''
import enum
import time
class Color(enum.Enum):
    RED = 1
    BLUE = 2
    WHITE = 3
    ORANGE = 4
class RandomPlayer:
    def __init__(self, color):
        self.color = color
class _State:
    def __init__(self):
        self.action_records = []
class Game:
    def __init__(self, players, seed=None):
        self.state = _State()
    def play(self):
        time.sleep(0.002)   # about 20,000 actions/s, so the ratios are far from 0
        self.state.action_records.extend(range(40))
'''


def test_catanatron_pairs_alternate_fresh_processes_and_give_each_ratio(capsys, monkeypatch, tmp_path):
    """Issue 19 item 7's yardstick: random play beside Catanatron's, pair by pair, as ratios
    of the figures the processes printed (here a stand-in Catanatron of 40 actions in 2 ms a game)."""
    bench = load_tool("bench")
    package = tmp_path / "catanatron" / "catanatron"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(FAKE_CATANATRON, encoding="utf-8")
    ran: list[str] = []
    real = bench._speed_process

    def speed(args):
        ran.append("catanatron" if args[0] == bench.CATANATRON_SPEED else args[1])
        return real(args)

    monkeypatch.setattr(bench, "_speed_process", speed)
    monkeypatch.setattr(sys, "argv", ["bench.py", "--catanatron", str(tmp_path), "--pairs", "2",
                                      "--games", "2", "--rulesets", "tidegate,domiplot"])
    assert bench.main() == 0
    assert ran == ["tidegate", "domiplot", "catanatron"] * 2
    report = json.loads(capsys.readouterr().out)
    rows = report["pairs"]
    assert len(rows) == 2 and all(isinstance(row[k], int) and row[k] > 0 for row in rows for k in row)
    for rid in ("tidegate", "domiplot"):
        ratio = report["ratio_to_catanatron"][rid]
        assert ratio["per_pair"] == [round(row[rid] / row["catanatron"], 2) for row in rows]
        assert all(ratio["per_pair"])
        assert ratio["on_sums"] == round(sum(row[rid] for row in rows) / sum(row["catanatron"] for row in rows), 2)
