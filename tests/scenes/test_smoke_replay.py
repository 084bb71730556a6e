"""`main.py smoke` draws every screen to PNG; `main.py replay` plays a save back to its end."""

import subprocess
import sys
from pathlib import Path

import pygame

from game.core.protocol import Setup
from game.core.saves import write_save
from game.play.session import GameSession
from scenes.smoke import advance
from game.tidegate import events as E

ROOT = Path(__file__).resolve().parents[2]
SCREENS = ["01_title", "02_lobby", "03_settings", "04_help", "05_load", "06_game_setup", "07_game_mid",
           "08_trade", "09_pause", "10_game_after_seven", "11_results", "12_results_zh", "13_title_zh",
           "14_game_zh", "15_trade_zh", "16_lobby_zh", "17_replay"]   # issue 20: Chinese game, replay
SCREENS += [f"domiplot_{n}" for n in ("01_lobby", "02_start", "02b_choose_target", "03_battle_hand", "03b_place_forecast", "04_support_picker",
                                      "05_join_dialog", "06_vote", "06b_score_board", "07_pass_device", "08_results")]
LANDSHIP = ["landship_01_lobby", "landship_02_turn_start_d4", "landship_03_move_preview",   # issue 13
            "landship_04_fire_preview_blocked", "landship_05_build_picker", "landship_06_resign_confirm",
            "landship_07_weather_event", "landship_08_weather_area", "landship_09_results",
            "landship_10_results_zh", "landship_11_game_zh"]
SCREENS += ["skirmish_01_lobby", "skirmish_02_setup_picks", "skirmish_03_game_start", "skirmish_04_move_preview",
            "skirmish_05_attack_forecast", "skirmish_06_mid_attack", "skirmish_07_production_menu",
            "skirmish_08_results", "skirmish_09_results_zh", "skirmish_10_game_zh"]


def test_smoke_writes_every_screen(tmp_path):
    env = {"PATH": "/usr/bin:/bin", "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "GAME_DATA_DIR": str(tmp_path / "data"), "LANG": "en_US.UTF-8"}
    out = subprocess.run([sys.executable, "main.py", "smoke", "--out", str(tmp_path / "shots")], cwd=ROOT,
                         env=env, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == f"Wrote {len(SCREENS) + len(LANDSHIP)} screenshots to {tmp_path / 'shots'}."
    pygame.init()
    for name in SCREENS + LANDSHIP:
        img = pygame.image.load(str(tmp_path / "shots" / f"{name}.png"))
        assert img.get_size() == (1280, 720), name
        colours = {tuple(img.get_at((x, y))) for x in range(0, 1280, 37) for y in range(0, 720, 29)}
        # the pass-the-device screen is opaque on purpose: ink, the name, its marker
        assert len(colours) > (2 if "pass_device" in name else 8), f"{name} looks blank"


def test_replay_plays_a_save_to_the_same_end(app):
    from scenes.replay import start_replay
    from scenes.tidegate_scene import TidegateScene
    session = GameSession(Setup(seats=("greedy", "greedy"), seed=12, ruleset="tidegate"), ["A", "B"], [0, 1])
    advance(session, lambda evs: any(isinstance(e, E.GameOver) for e in evs))
    save = session.to_save()
    start_replay(app, save)
    scene = next(s for s in app.stack if isinstance(s, TidegateScene))
    for _ in range(5000):
        if scene.session.state.result() is not None:
            break
        app.step_frames(1)
    assert scene.session.state.digest() == session.state.digest()
    assert scene.session.actions == save.actions


def test_replay_command_refuses_a_broken_save(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{nope", encoding="utf-8")
    env = {"PATH": "/usr/bin:/bin", "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "GAME_DATA_DIR": str(tmp_path / "data"), "LANG": "en_US.UTF-8"}
    out = subprocess.run([sys.executable, "main.py", "replay", str(bad)], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 2
    assert out.stderr.strip() == "error: This save file is damaged (it is not readable JSON)."
    assert bad.read_text(encoding="utf-8") == "{nope"
