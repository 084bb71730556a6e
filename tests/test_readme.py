"""README.md shows exactly two fresh-machine commands, and CI runs the test one verbatim."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def fresh_machine_commands():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## On a fresh machine", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```sh\n(.*?)\n```", section, re.S)


def test_readme_has_exactly_two_commands_and_ci_runs_the_test_one():
    commands = fresh_machine_commands()
    assert len(commands) == 2
    start, tests = commands
    assert "main.py" in start and "pytest" in tests
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert tests in ci
