"""Whole Scorched Landships games driven only through posted pygame events (dummy video/audio).

Issue 13 / spec §17: lobby -> game -> results by clicks on the real targets and keys; one
human against greedy, one hot-seat game of two humans; save -> quit -> continue -> same digest;
Resign asks first (V-6); the results name the deciding rule (T-7) and chart fleet integrity.
"""

import pygame

from game.core.protocol import Setup
from game.landship import actions as A
from game.play.saves import latest_autosave, read_save
from game.play.session import GameSession
from scenes.landship_scene import ConfirmResign, LandshipScene, TypeButton
from scenes.registry import open_game
from scenes.results import ResultsScene
from tests.helpers import landship as stage
from tests.helpers import ui
from tests.helpers.ui import click, key, lobby_from_title, wait_for_human


def game_scene(app) -> LandshipScene:
    return ui.game_scene(app, LandshipScene)


def cell_of(scene, ship_id):
    return scene.ship_info(ship_id).pos


def human_move(app, scene: LandshipScene, aggressive: bool = True) -> None:
    """One human decision the way a person makes it: click a ship, then a lit target (or the
    build picker and a cell); End turn by the E key when nothing is wanted."""
    seat = scene.human_seat()
    legal = scene.session.state.legal_actions(seat)
    n = len(scene.session.actions)
    attacks = [a for a in legal if isinstance(a, (A.Attack, A.Ram))]
    builds = [a for a in legal if isinstance(a, A.Build) and a.ship_type in ("heavy_gun_ship", "ram_ship")]
    moves = [a for a in legal if isinstance(a, A.Move)]
    if aggressive and attacks:
        a = attacks[0]
        click(app, scene.cell_centre(cell_of(scene, a.ship)))
        if isinstance(a, A.Attack):
            click(app, scene.cell_centre(cell_of(scene, a.target)))
        else:
            click(app, scene.cell_centre(scene.impact_cell(a.ship, a.dir, a.k)))
    elif aggressive and builds:
        a = builds[0]
        click(app, scene.cell_centre(cell_of(scene, a.ship)))
        button = next(w for w in scene.widgets.widgets if isinstance(w, TypeButton) and w.ship_type == a.ship_type)
        click(app, button.rect.center)
        click(app, scene.cell_centre(a.at))
    elif moves and n % 3 != 2:
        a = moves[n % len(moves)]
        click(app, scene.cell_centre(cell_of(scene, a.ship)))
        click(app, scene.cell_centre(a.to))
    else:
        key(app, pygame.K_e)


def play_to_results(app, aggressive=(True, True), limit=20000) -> None:
    """Seat by seat: an aggressive player attacks and builds, the other only moves and ends."""
    ui.play_to_results(app, LandshipScene,
                       lambda app, scene: human_move(app, scene, aggressive[scene.human_seat()]), limit)


def test_human_against_greedy_from_the_lobby_to_the_results_by_events(app):
    lobby = lobby_from_title(app, "landship")
    assert lobby.kinds == ["human", "greedy"]
    key(app, pygame.K_RETURN)                                      # Start
    scene = game_scene(app)
    assert scene.session.setup.ruleset == "landship"
    play_to_results(app)
    session = scene.session
    result = session.state.result()
    assert result is not None and result.cause in ("V-2", "V-3", "V-4", "V-5a", "V-5b", "V-6")
    assert {seat for seat, _ in session.actions} == {0, 1}
    kinds = {type(a) for seat, a in session.actions if seat == 0}
    assert A.Move in kinds and A.EndTurn in kinds
    results = app.top
    assert results.cause == result.cause and results.chart_title == "ls.chart"
    assert len(results.history) >= session.state.round - 1       # one point per finished round
    assert read_save(latest_autosave()).finished


def test_hot_seat_two_humans_play_to_the_end(app):
    session = GameSession(Setup(seats=("human", "human"), seed=12, ruleset="landship"), ["Ada", "Bao"], [0, 1])
    scene = open_game(app, session)
    assert scene.handoff_pending() is None                         # open information: no hand-off screen
    play_to_results(app, aggressive=(True, False))
    assert {seat for seat, _ in session.actions} == {0, 1}
    assert session.state.result() is not None


def test_save_quit_continue_gives_the_same_digest(app):
    session = GameSession(Setup(seats=("human", "greedy"), seed=21, ruleset="landship"), ["Ada", "Bo"], [2, 0])
    scene = open_game(app, session)
    ui.play_for(app, scene, human_move, 40)
    history = list(scene.history.points)
    resumed = ui.save_quit_continue(app, scene, LandshipScene)
    assert resumed.history.points == history                      # the chart is rebuilt by replay


def test_resign_asks_first_and_then_ends_the_game_V6(app):
    session = GameSession(Setup(seats=("human", "greedy"), seed=4, ruleset="landship"), ["Ada", "Bo"], [0, 1])
    scene = open_game(app, session)
    wait_for_human(app, scene)
    resign = next(w for w in scene.widgets.widgets if w.text() == "Resign")
    click(app, resign.rect.center)
    assert isinstance(app.top, ConfirmResign)
    key(app, pygame.K_n)                                           # Play on
    assert app.top is scene and session.state.result() is None
    click(app, resign.rect.center)
    key(app, pygame.K_y)
    for _ in range(200):
        if isinstance(app.top, ResultsScene):
            break
        app.step_frames(1)
    assert session.state.result().cause == "V-6" and session.state.result().winners == (1,)
    assert isinstance(app.top, ResultsScene)


def test_fire_preview_names_atk_minus_dr_and_blocked_lines_are_not_targets_C3(app):
    session = GameSession(Setup(seats=("human", "greedy"), seed=3, ruleset="landship"), ["Ada", "Bo"], [0, 1])
    g = session.state
    stage.clear(g)
    stage.put(g, 0, "resource_ship", (4, 1))
    gun = stage.put(g, 0, "heavy_gun_ship", (4, 6))
    stage.put(g, 1, "resource_ship", (5, 18))
    stage.put(g, 1, "fortress_ship", (4, 8))
    behind = stage.put(g, 1, "heavy_gun_ship", (4, 10))
    open_target = stage.put(g, 1, "fast_ship", (7, 7))
    g.turn_index, g.ap = g.order.index(0), 4
    scene = ui.open_staged(app, session)
    click(app, scene.cell_centre((4, 6)))
    targets = scene.board_targets()
    assert ("fire", open_target) in targets and ("fire", behind) not in targets
    # hover the open target: the hint shows 5 - 0 = 5 (heavy gun atk 5, fast ship DR 0)
    ui.hover(app, scene.cell_centre((7, 7)))
    assert scene.hover == ("fire", open_target)
    assert "5 - 0 = 5" in scene.hint()
    before = len(session.actions)
    click(app, scene.cell_centre((7, 7)))
    assert session.actions[before:] == [(0, A.Attack(gun, open_target))]


def test_replay_plays_a_landship_save_to_the_same_end(app):
    from scenes.smoke import advance
    session = GameSession(Setup(seats=("greedy", "greedy"), seed=6, ruleset="landship"), ["A", "B"], [0, 1])
    advance(session, lambda evs: any(type(e).__name__ == "GameOver" for e in evs), limit=20000)
    assert session.state.result() is not None
    save = session.to_save()
    scene = ui.replay_to_end(app, save, LandshipScene)
    assert scene.session.state.digest() == session.state.digest()
    assert scene.session.actions == save.actions


def test_undo_takes_back_a_move_by_key_but_not_the_turn_end(app):
    session = GameSession(Setup(seats=("human", "human"), seed=5, ruleset="landship"), ["A", "B"], [0, 1])
    g = session.state
    seat = g.current
    stage.put(g, seat, "fast_ship", (2, 9), integrity=8)   # a second ship: one move leaves more to do (D6)
    session._commit_state = g.clone()
    scene = open_game(app, session)
    app.step_frames(2)
    assert scene.human_seat() == seat
    move = next(a for a in session.state.legal_actions(seat) if isinstance(a, A.Move) and a.ship == g.next_id - 1)
    before = session.state.digest()
    click(app, scene.cell_centre(cell_of(scene, move.ship)))
    click(app, scene.cell_centre(move.to))
    assert session.state.digest() != before and session.can_undo()
    key(app, pygame.K_u)
    assert session.state.digest() == before
    key(app, pygame.K_e)                      # the next turn rolls a d4: no undo past it
    assert not session.can_undo()
