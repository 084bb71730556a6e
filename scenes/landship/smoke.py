"""Smoke pictures of the Landship screen (`main.py smoke`): file names carry the ruleset id.

The turn start with the d4 tumbling, a move preview, a fire preview with a line blocked by a
fortress, the build picker, a weather event's card flip, the resign confirmation, the results
(English and Chinese). Games are advanced by greedy agents from fixed seeds; the fire preview
uses a staged position (ships placed on a fresh game's board), so every picture is the same
on every run.
"""

from __future__ import annotations

from pathlib import Path

from game.core.protocol import Setup
from game.landship import actions as A
from game.landship import events as E
from game.landship.state import EMPTY, Ship
from game.play.session import GameSession

RULESET = "landship"


def _session(seats: tuple[str, ...], seed: int) -> GameSession:
    return GameSession(Setup(seats=seats, seed=seed, ruleset=RULESET), ["Ada", "Bao"], [0, 1])


def _put(g, seat: int, ship_type: str, xy: tuple[int, int]) -> int:
    cell = g.board.index_of(xy)
    ship = Ship(g.next_id, ship_type, seat, g.board.params.stats(ship_type).integrity, cell)
    g.next_id += 1
    g.ships[ship.id] = ship
    g.cell[cell] = ship.id
    return ship.id


def _canvas_of(scene, cell) -> tuple[int, int]:
    return scene.cell_centre(cell)


def run(app, out: Path, shoot, open_game, greedy_moves) -> list[Path]:
    """Draw the Landship pictures with `shoot(app, out, name, frames)`; games move on by the
    smoke run's `greedy_moves(session, until, limit)`; returns the files."""
    def advance(session: GameSession, until) -> list:
        return greedy_moves(session, until, limit=20000)     # a Landship game is long
    game_opener = open_game

    def open_game(app, session):   # noqa: F811  (pictures only: never touch the player's autosave)
        scene = game_opener(app, session)
        scene.autosave = lambda: None
        return scene

    from scenes.landship_scene import ConfirmResign, LandshipScene
    files = []
    mouse = app.mouse
    lobby = app.nav.lobby()
    if RULESET in getattr(lobby, "rulesets", []):
        lobby.set_ruleset(RULESET)
    files.append(shoot(app, out, "landship_01_lobby"))
    app.pop()

    # turn start: the banner and the d4 mid-tumble
    speed = app.settings.speed
    app.settings.speed = 1
    start = _session(("human", "greedy"), 7)
    advance(start, lambda evs: any(isinstance(e, E.TurnStarted) and e.round == 3 for e in evs))
    scene = open_game(app, start)
    # replay the next end of turn so the scene animates the following turn start
    scene.timeline.finish_all()
    last = advance(start, lambda evs: any(isinstance(e, E.ApRolled) for e in evs))
    scene.shown = start.state.view(None)
    scene.play([e for e in last if isinstance(e, (E.TurnStarted, E.ApRolled))])
    files.append(shoot(app, out, "landship_02_turn_start_d4", frames=int(60 * 0.7)))

    # move preview: a human ship chosen, a destination hovered
    mid = _session(("human", "greedy"), 11)
    advance(mid, lambda evs: any(isinstance(e, E.TurnStarted) and e.seat == 0 and e.round >= 6 for e in evs))
    scene = open_game(app, mid)
    app.step_frames(2)
    scene.timeline.finish_all()
    legal = mid.state.legal_actions(0)
    move = next((a for a in legal if isinstance(a, A.Move)), None)
    if move is not None:
        scene.selection.set_legal(scene.legal_now())
        scene.selection.click(("ship", move.ship))
        far = max((a for a in legal if isinstance(a, A.Move) and a.ship == move.ship),
                  key=lambda a: abs(a.to[0] - scene.ship_info(a.ship).pos[0]) + abs(a.to[1] - scene.ship_info(a.ship).pos[1]))
        app.mouse = _canvas_of(scene, far.to)
        scene.hover = ("cell", *far.to)
    files.append(shoot(app, out, "landship_03_move_preview"))

    # fire preview: a heavy gun with one open shot and one behind a fortress (C-3)
    staged = _session(("human", "greedy"), 3)
    g = staged.state
    g.ships.clear()
    g.cell = [EMPTY] * len(g.cell)
    g.next_id = 1
    _put(g, 0, "resource_ship", (4, 1))
    _put(g, 0, "engineer_ship", (6, 2))
    gun = _put(g, 0, "heavy_gun_ship", (4, 6))
    _put(g, 1, "resource_ship", (5, 18))
    _put(g, 1, "fortress_ship", (4, 8))
    _put(g, 1, "heavy_gun_ship", (4, 10))
    target = _put(g, 1, "fast_ship", (7, 7))
    _put(g, 1, "ram_ship", (2, 9))
    g.turn_index = g.order.index(0)
    g.ap = g.ap_rolled = 4
    scene = open_game(app, staged)
    app.step_frames(2)
    scene.timeline.finish_all()
    scene.shown = g.view(None)
    scene.selection.set_legal(scene.legal_now())
    scene.selection.click(("ship", gun))
    t = g.ships[target]
    app.mouse = _canvas_of(scene, g.board.xy[t.pos])
    scene.hover = ("fire", target)
    files.append(shoot(app, out, "landship_04_fire_preview_blocked"))

    # build picker: the resource ship chosen, a type picked, cells lit
    builder = next(s.id for s in g.ships.values() if s.type == "resource_ship" and s.owner == 0)
    scene.selection.clear()
    scene.selection.click(("ship", builder))
    scene.choose_build("fast_ship")
    builds = [a for a in scene.legal_now() if isinstance(a, A.Build) and a.ship_type == "fast_ship"]
    if builds:
        app.mouse = _canvas_of(scene, builds[0].at)
        scene.hover = ("build", *builds[0].at)
    files.append(shoot(app, out, "landship_05_build_picker"))
    app.push(ConfirmResign(app, scene))
    files.append(shoot(app, out, "landship_06_resign_confirm"))
    app.pop()

    # a weather event: the card flip and the area flash
    weather = _session(("greedy", "greedy"), 5)
    probe = _session(("greedy", "greedy"), 5)
    advance(probe, lambda evs: any(isinstance(e, E.EventRolled) and e.centre is not None for e in evs))
    for seat, action in probe.actions[:-1]:
        weather.apply(seat, action)
    scene = open_game(app, weather)
    app.step_frames(1)
    scene.timeline.finish_all()
    seat, action = probe.actions[-1]
    scene.driver.wait = 99.0
    scene._apply(seat, action)
    n = 0
    while scene.timeline.busy and n < 600:
        group = scene.timeline.groups[0]
        if any(type(a).__name__ == "CardFlip" for a in group.anims):
            break
        scene.timeline.update(0.05)
        n += 1
    files.append(shoot(app, out, "landship_07_weather_event", frames=14))
    for _ in range(40):
        group = scene.timeline.groups[0] if scene.timeline.groups else None
        if group is None or any(type(a).__name__ == "AreaFlash" and not a.delay for a in group.anims):
            break
        scene.timeline.update(0.05)
    files.append(shoot(app, out, "landship_08_weather_area", frames=3))

    app.settings.speed = speed
    done = _session(("greedy", "greedy"), 8)
    advance(done, lambda evs: any(type(e).__name__ == "GameOver" for e in evs))
    scene = open_game(app, done)
    assert isinstance(scene, LandshipScene)
    app.nav.results(done)
    files.append(shoot(app, out, "landship_09_results", frames=30))
    app.settings.language = "zh"
    app.language_changed()
    files.append(shoot(app, out, "landship_10_results_zh"))
    app.pop()
    scene = open_game(app, mid)
    files.append(shoot(app, out, "landship_11_game_zh"))
    app.settings.language = "en"
    app.language_changed()
    app.mouse = mouse
    app.nav.home()
    return files
