"""Issue 4 (slow): build the one-folder executable from this checkout, then run it.

`<exe> smoke --out DIR` must draw every screen and `<exe> simulate tidegate --games 5` must
play. Runs on Linux in CI (PyInstaller builds for the system it runs on).
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers.smoke import SMOKE_PICTURES

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.slow
@pytest.mark.skipif(sys.platform != "linux", reason="CI builds the Linux executable")
def test_build_then_run_smoke_and_simulate(tmp_path):
    dist, work = tmp_path / "dist", tmp_path / "build"
    build = subprocess.run([sys.executable, "-m", "PyInstaller", "build.spec", "--noconfirm",
                            "--distpath", str(dist), "--workpath", str(work)],
                           cwd=ROOT, capture_output=True, text=True, timeout=900)
    assert build.returncode == 0, build.stderr[-3000:]
    exe = dist / "boardgames" / "boardgames"
    assert exe.is_file()
    bundled = {p.relative_to(dist / "boardgames" / "_internal").as_posix()
               for p in (dist / "boardgames" / "_internal").rglob("*") if p.is_file()}
    for needed in ("maps/tidegate/isle.tmx", "maps/tidegate/tidegate.tsx", "maps/tidegate/tidegate_tiles.png",
                   "sprites/sheets/ui.png", "scenes/fonts/unifont-game.otf", "scenes/fonts/OFL.txt",
                   "scenes/sounds/victory.wav", "game/core/locale/zh.ui.json", "game/tidegate/data/rules.toml",
                   "LICENSES.md"):
        assert needed in bundled, needed
    assert not any(p.startswith("numpy") for p in bundled), "numpy is not needed at run time"
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "GAME_DATA_DIR": str(tmp_path / "data"), "LANG": "en_US.UTF-8"}
    shots = tmp_path / "shots"
    smoke = subprocess.run([str(exe), "smoke", "--out", str(shots)], cwd=tmp_path, env=env,
                           capture_output=True, text=True, timeout=300)
    assert smoke.returncode == 0, smoke.stderr
    pngs = sorted(p.name for p in shots.glob("*.png"))
    assert pngs == sorted(f"{n}.png" for n in SMOKE_PICTURES)
    assert all((shots / n).stat().st_size > 5000 for n in pngs)
    sim = subprocess.run([str(exe), "simulate", "tidegate", "--games", "5", "--json"], cwd=tmp_path, env=env,
                         capture_output=True, text=True, timeout=300)
    assert sim.returncode == 0, sim.stderr
    assert '"games": 5' in sim.stdout
    bad = subprocess.run([str(exe), "--frobnicate"], cwd=tmp_path, env=env, capture_output=True, text=True)
    assert bad.returncode == 2 and "unknown option" in bad.stderr
