"""Skirmish pictures for `main.py smoke`: the lobby, the secret picks, the board at start, a
move preview, an attack forecast, an attack half-played, the production menu and the results
(file names carry the ruleset id). Games are advanced by greedy agents from fixed seeds."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.core.protocol import Setup
from game.play.session import GameSession
from game.skirmish import actions as A
from game.skirmish.state import Phase

NAMES = ["Ada", "Bao", "Chen", "Dara"]


def session(seats: tuple[str, ...], seed: int) -> GameSession:
    return GameSession(Setup(seats=seats, seed=seed, ruleset="skirmish"), NAMES[: len(seats)], list(range(len(seats))))


def skip_picks(s: GameSession) -> None:
    """Every seat picks nothing (the fixed skills stay): the game starts at once."""
    while s.state.phase is Phase.PICK:
        s.apply(s.state.current, A.PickSkills(()))


def advance(s: GameSession, until, limit: int = 5000) -> None:
    """Greedy moves for every seat until `until(events)` holds (fixed seeds: same pictures)."""
    from game import rulesets
    from game.ai import make_agent
    ruleset = rulesets.get("skirmish")
    agents = [make_agent("greedy", ruleset, seat, s.setup.seed) for seat in range(len(s.setup.seats))]
    for _ in range(limit):
        seat = s.next_seat()
        if seat is None:
            return
        if until(s.apply(seat, agents[seat].choose(s.state.view(seat), s.state.legal_actions(seat)))):
            return


def _advance_to(s: GameSession, wanted, limit: int = 3000) -> bool:
    """Greedy moves for every seat until seat 0 is to act and `wanted(legal)` holds."""
    for _ in range(limit):
        if s.state.result() is not None:
            return False
        if s.state.current == 0 and wanted(s.state.legal_actions(0)):
            return True
        advance(s, lambda evs: True)
    return False


def _infantry_target(s: GameSession, a) -> bool:
    """An attack on an infantry unit (with I9, its hit rolls the d100)."""
    if not isinstance(a, A.Attack):
        return False
    uid = s.state.occ[s.state.board.index(a.target)]
    return uid >= 0 and s.state.units[uid].type == "infantry" and s.state.forecast(a.unit, a.target)["void"] == 0


def _hover(app, scene, key) -> None:
    pos = scene.camera.to_canvas(scene.target_points().points[key])
    app.mouse = pos
    scene.hover = key


def run(app, out: Path, shoot) -> list[Path]:
    """Draw the Skirmish screens into `out` with `shoot(app, out, name, frames)`."""
    from scenes.skirmish.dialogs import ProduceMenu
    files: list[Path] = []
    open_game = app.nav.open_game
    lobby = app.nav.lobby()
    lobby.set_ruleset("skirmish")
    files.append(shoot(app, out, "skirmish_01_lobby"))
    app.pop()

    picks = session(("human", "human", "greedy"), 7)
    scene = open_game(picks)
    scene.driver.confirm_handoff()
    scene.shown = scene.view_now()
    app.step_frames(1)
    scene.picker.chosen = ["I6"]
    rect = scene.picker.rows["I7"]
    app.mouse = rect.center
    scene.picker.hover = "I7"
    files.append(shoot(app, out, "skirmish_02_setup_picks"))

    start = session(("human", "greedy", "greedy", "greedy"), 3)
    skip_picks(start)
    scene = open_game(start)
    files.append(shoot(app, out, "skirmish_03_game_start", frames=90))

    mid = session(("human", "greedy", "greedy"), 11)
    skip_picks(mid)
    _advance_to(mid, lambda legal: sum(isinstance(a, A.Move) for a in legal) > 20 and mid.state.round >= 3)
    scene = open_game(mid)
    app.step_frames(120)
    legal = mid.state.legal_actions(0)
    unit = max({a.unit for a in legal if isinstance(a, A.Move)},
               key=lambda u: sum(1 for a in legal if isinstance(a, A.Move) and a.unit == u))
    scene.board_targets()
    scene.selection.click(("u", unit))
    far = max((a for a in legal if isinstance(a, A.Move) and a.unit == unit),
              key=lambda a: len(mid.state.path(unit, a.to)))
    _hover(app, scene, ("h", *far.to))
    files.append(shoot(app, out, "skirmish_04_move_preview"))

    fight = session(("human", "greedy"), 5)
    fight.apply(0, A.PickSkills(()))
    fight.apply(1, A.PickSkills(("I9",)))      # heavy infantry: every hit on it rolls a d100

    def on_infantry(legal) -> bool:
        return any(_infantry_target(fight, a) for a in legal)
    if _advance_to(fight, on_infantry):
        scene = open_game(fight)
        app.step_frames(120)
        attack = next(a for a in fight.state.legal_actions(0) if _infantry_target(fight, a))
        scene.board_targets()
        scene.selection.click(("u", attack.unit))
        _hover(app, scene, ("h", *attack.target))
        files.append(shoot(app, out, "skirmish_05_attack_forecast"))
        scene.hover = None
        scene.act(attack)
        files.append(shoot(app, out, "skirmish_06_mid_attack", frames=int(60 * 0.85)))
        app.step_frames(200)

    econ = session(("human", "greedy"), 9)
    skip_picks(econ)
    _advance_to(econ, lambda legal: sum(isinstance(a, A.Produce) for a in legal) >= 2)
    scene = open_game(econ)
    app.step_frames(120)
    produce = next(a for a in econ.state.legal_actions(0) if isinstance(a, A.Produce))
    scene.board_targets()
    scene.selection.click(("c", *produce.city))
    app.push(ProduceMenu(app, scene, produce.city))
    app.mouse = (320, 200)
    files.append(shoot(app, out, "skirmish_07_production_menu"))
    app.pop()

    done = session(("greedy", "greedy", "greedy"), 8)
    advance(done, lambda evs: done.state.result() is not None, limit=20000)
    open_game(done)
    from scenes.skirmish.results import vp_history
    done.score_history = vp_history(done)
    app.nav.results(done)
    files.append(shoot(app, out, "skirmish_08_results", frames=30))
    app.settings.language = "zh"
    app.language_changed()
    files.append(shoot(app, out, "skirmish_09_results_zh"))
    scene = open_game(mid)
    app.step_frames(120)
    files.append(shoot(app, out, "skirmish_10_game_zh"))
    app.settings.language = "en"
    app.language_changed()
    return files


def main(out: str = "/tmp/skirmish_smoke") -> None:
    """Run on its own (development): `python -m scenes.skirmish.smoke [DIR]`."""
    import sys

    from scenes.app import App
    from scenes.settings import Settings

    def shoot(app, out: Path, name: str, frames: int = 2) -> Path:
        app.step_frames(frames)
        path = out / f"{name}.png"
        pygame.image.save(app.window, str(path))
        return path
    target = Path(sys.argv[1] if len(sys.argv) > 1 else out)
    target.mkdir(parents=True, exist_ok=True)
    app = App(Settings(language="en", speed=1), window_size=(1280, 720))
    for f in run(app, target, shoot):
        print(f)
    pygame.quit()


if __name__ == "__main__":
    main()
