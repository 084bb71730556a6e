"""`main.py smoke`: draw every screen offscreen to PNG files (a quick look without a display).

Screens: title, lobby, settings, rules help, load, game at setup, mid-game, just after a 7,
trade dialog, pause menu, results. Games are advanced by greedy agents from fixed seeds, so
the pictures are the same on every run.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from game import rulesets
from game.ai import make_agent
from game.core.protocol import Setup
from game.play.session import GameSession
from game.tidegate import events as E

SMOKE_WINDOW = (1280, 720)


def advance(session: GameSession, until, limit: int = 5000) -> list:
    """Play greedy moves for every seat until `until(events)` is true; returns those events."""
    ruleset = rulesets.get(session.setup.ruleset)
    agents = [make_agent("greedy", ruleset, s, session.setup.seed) for s in range(len(session.setup.seats))]
    for _ in range(limit):
        seat = session.next_seat()
        if seat is None:
            return []
        action = agents[seat].choose(session.state.view(seat), session.state.legal_actions(seat))
        events = session.apply(seat, action)
        if until(events):
            return events
    return []


def _session(seats: tuple[str, ...], seed: int) -> GameSession:
    names = ["Ada", "Bao", "Chen", "Dara"][: len(seats)]
    return GameSession(Setup(seats=seats, seed=seed, ruleset="tidegate"), names, list(range(len(seats))))


def shoot(app, out: Path, name: str, frames: int = 2) -> Path:
    app.step_frames(frames)
    path = out / f"{name}.png"
    pygame.image.save(app.window, str(path))
    return path


def run_smoke(out: Path) -> list[Path]:
    """Render every screen into `out`; returns the files written."""
    from scenes.app import App
    from scenes.dialogs import PauseMenu
    from scenes.help import RulesHelpScene
    from scenes.load import LoadScene
    from scenes.lobby import LobbyScene
    from scenes.registry import open_game
    from scenes.results import ResultsScene
    from scenes.settings import Settings
    from scenes.settings_scene import SettingsScene
    from scenes.tidegate_scene import TidegateScene, TradeDialog
    from scenes.title import TitleScene

    out.mkdir(parents=True, exist_ok=True)
    app = App(Settings(language="en", speed=1), window_size=SMOKE_WINDOW)
    app.mouse = (330, 130)
    files = []
    from scenes.landship.smoke import run as landship_smoke   # issue 13: files landship_*.png
    files += landship_smoke(app, out, shoot, open_game, advance)
    app.push(TitleScene(app))
    files.append(shoot(app, out, "01_title"))
    app.push(LobbyScene(app))
    files.append(shoot(app, out, "02_lobby"))
    app.pop()
    app.push(SettingsScene(app))
    files.append(shoot(app, out, "03_settings"))
    app.pop()
    app.push(RulesHelpScene(app, "tidegate"))
    files.append(shoot(app, out, "04_help"))
    app.pop()
    app.push(LoadScene(app))
    files.append(shoot(app, out, "05_load"))
    app.pop()

    setup_game = _session(("human", "greedy", "greedy", "greedy"), 3)
    scene = open_game(app, setup_game)
    files.append(shoot(app, out, "06_game_setup"))

    mid = _session(("human", "greedy", "greedy", "greedy"), 11)
    advance(mid, lambda evs: any(isinstance(e, E.TurnStarted) and e.round == 5 and e.seat == 0 for e in evs))
    scene = open_game(app, mid)
    mid.apply(0, next(a for a in mid.state.legal_actions(0)))  # roll
    scene.shown = mid.state.view(None)
    scene.mode = "road"
    app.mouse = scene.vertex_pos[0]
    files.append(shoot(app, out, "07_game_mid"))
    app.push(TradeDialog(app, scene))
    files.append(shoot(app, out, "08_trade"))
    app.pop()
    app.push(PauseMenu(app, scene))
    files.append(shoot(app, out, "09_pause"))
    app.pop()

    seven = _session(("greedy", "greedy", "greedy", "greedy"), 5)
    before_state = [None]

    def is_seven(evs) -> bool:
        return any(isinstance(e, E.DiceRolled) and sum(e.faces) == 7 for e in evs) and \
            any(isinstance(e, E.Discarded) for e in evs)
    # stop just before a seven with discards, then let the scene play it
    probe = _session(("greedy",) * 4, 5)
    advance(probe, is_seven)
    count = len(probe.actions) - 1
    for seat, action in probe.actions[:count]:
        seven.apply(seat, action)
    seven.setup = probe.setup
    scene = open_game(app, seven)
    assert isinstance(scene, TidegateScene)
    seat, action = probe.actions[count]
    scene._apply(seat, action)
    files.append(shoot(app, out, "10_game_after_seven", frames=int(60 * 1.05)))
    del before_state

    done = _session(("greedy", "greedy", "greedy"), 8)
    advance(done, lambda evs: any(isinstance(e, E.GameOver) for e in evs))
    open_game(app, done)
    app.push(ResultsScene(app, done))
    files.append(shoot(app, out, "11_results", frames=30))

    app.settings.language = "zh"
    app.language_changed()
    files.append(shoot(app, out, "12_results_zh"))
    app.reset_to(TitleScene(app))
    files.append(shoot(app, out, "13_title_zh"))
    # issue 20: the game, the trade dialog and the lobby in Chinese; a replay with its controls
    mid_zh = _session(("human", "greedy", "greedy", "greedy"), 11)
    advance(mid_zh, lambda evs: any(isinstance(e, E.TurnStarted) and e.round == 5 and e.seat == 0 for e in evs))
    scene = open_game(app, mid_zh)
    scene._apply(0, next(a for a in mid_zh.state.legal_actions(0)))  # roll, as the player would
    app.mouse = scene.resource_slot(0, 0)
    files.append(shoot(app, out, "14_game_zh", frames=90))
    app.push(TradeDialog(app, scene))
    files.append(shoot(app, out, "15_trade_zh"))
    app.reset_to(TitleScene(app))
    app.push(LobbyScene(app))
    files.append(shoot(app, out, "16_lobby_zh"))
    app.settings.language = "en"
    app.language_changed()
    from scenes.registry import start_replay
    scene = start_replay(app, done.to_save())
    app.mouse = (0, 0)
    files.append(shoot(app, out, "17_replay", frames=200))
    # Domiplotism's pictures come last, in English, so the pictures above keep their timing
    from scenes.domiplot import smoke as domiplot_smoke
    app.settings.language = "en"
    app.language_changed()
    files += domiplot_smoke.run(app, out, shoot, advance)
    from scenes.skirmish.smoke import run as skirmish_smoke
    files += skirmish_smoke(app, out, shoot)
    from scenes.territory.smoke import run as territory_smoke   # issue 15: files territory_*.png
    files += territory_smoke(app, out, shoot)
    pygame.quit()
    return files
