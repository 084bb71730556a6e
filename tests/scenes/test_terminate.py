"""SIGTERM (shutdown, `kill`) or SIGINT (Ctrl+C in the terminal that started the game) saves
the running game and ends the program without asking."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.play.saves import read_save, restore

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.skipif(not hasattr(signal, "SIGTERM") or sys.platform == "win32", reason="POSIX signals")
@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT], ids=["sigterm", "ctrl_c"])
def test_sigterm_autosaves_and_exits(tmp_path, signum):
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "GAME_DATA_DIR": str(tmp_path), "LANG": "en_US.UTF-8"}
    game = subprocess.Popen([sys.executable, "main.py", "play", "tidegate", "--seats", "greedy,greedy",
                             "--seed", "5"], cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    deadline = time.time() + 60
    found: list[Path] = []
    while not found and time.time() < deadline:   # the game's own autosave (issue 20)
        time.sleep(0.1)
        found = sorted((tmp_path / "saves").glob("auto-tidegate-*.json"))
    assert found, "the game never autosaved"
    autosave = found[0]
    time.sleep(0.5)
    game.send_signal(signum)
    assert game.wait(timeout=20) == 0
    save = read_save(autosave)
    assert restore(save).digest() == save.digest
    assert b"Traceback" not in game.stderr.read()
