"""Whole Tidegate games driven only through posted pygame events (dummy video and audio).

TG-10 / issue 3: lobby -> game -> results by clicks and keys; human against greedy; save,
quit and continue with an identical state digest; a language switch changes what is drawn.
"""

import pygame
import pytest

from game.core.protocol import Setup
from game.play.saves import latest_autosave, read_save, restore
from game.play.session import GameSession
from game.tidegate import actions as A
from game.tidegate.state import Phase
from scenes.registry import open_game
from scenes.tidegate_scene import TidegateScene
from tests.helpers import ui
from tests.helpers.ui import click, game_scene, key, lobby_from_title


def widget_with_text(scene, text):
    return next(w for w in scene.widgets.widgets if w.text() == text)


def human_move(app, scene: TidegateScene) -> None:
    """Play one human action the way a person would: clicks on the board, keys for buttons."""
    seat = scene.human_seat()
    legal = scene.session.state.legal_actions(seat)
    phase = scene.shown.phase
    if phase is Phase.SETUP_OUTPOST:
        v = legal[len(legal) // 2].vertex
        click(app, scene.vertex_pos[v])
    elif phase is Phase.SETUP_ROAD:
        click(app, scene.edge_pos[legal[0].edge])
    elif phase is Phase.ROLL:
        key(app, pygame.K_SPACE)
    else:
        cities = [a for a in legal if isinstance(a, A.BuildCity)]
        outposts = [a for a in legal if isinstance(a, A.BuildOutpost)]
        roads = [a for a in legal if isinstance(a, A.BuildRoad)]
        if cities:
            key(app, pygame.K_c)
            click(app, scene.vertex_pos[cities[0].vertex])
        elif outposts:
            key(app, pygame.K_o)
            click(app, scene.vertex_pos[outposts[0].vertex])
        elif roads and len(scene.session.actions) % 3 == 0:
            key(app, pygame.K_r)
            click(app, scene.edge_pos[roads[0].edge])
        else:
            key(app, pygame.K_e)


def play_to_results(app, limit=4000):
    ui.play_to_results(app, TidegateScene, human_move, limit)


def test_hot_seat_game_from_lobby_to_results_by_events(app):
    lobby = lobby_from_title(app, "tidegate")
    from scenes.lobby import LobbyScene
    assert isinstance(lobby, LobbyScene)
    kind_choice = [w for w in lobby.widgets.widgets if getattr(w, "get", None) and w.get() == "greedy"][0]
    click(app, kind_choice.rect.center)                          # greedy -> random
    click(app, kind_choice.rect.center)                          # random -> human
    assert lobby.kinds == ["human", "human"]
    seed_field = next(w for w in lobby.widgets.widgets if getattr(w, "digits_only", False))
    click(app, seed_field.rect.center)                           # type a fixed seed
    for _ in range(10):
        key(app, pygame.K_BACKSPACE)
    for digit in "4242":
        key(app, getattr(pygame, f"K_{digit}"), text=digit)
    key(app, pygame.K_RETURN)                                    # leave the field
    assert lobby.seed == "4242"
    key(app, pygame.K_RETURN)                                    # Start
    scene = game_scene(app, TidegateScene)
    assert scene.session.setup.seats == ("human", "human") and scene.session.setup.seed == 4242
    play_to_results(app)
    result = scene.session.state.result()
    assert result is not None
    assert all(seat == "human" for seat in scene.session.setup.seats)
    assert read_save(latest_autosave()).finished


def test_human_against_greedy_by_events(app):
    session = GameSession(Setup(seats=("human", "greedy"), seed=3, ruleset="tidegate"), ["Ada", "Bot"], [0, 1])
    open_game(app, session)
    play_to_results(app)
    seats_that_acted = {seat for seat, _ in session.actions}
    assert seats_that_acted == {0, 1}
    assert session.state.result() is not None


def test_refused_click_shows_reason_and_changes_nothing(app):
    session = GameSession(Setup(seats=("human", "human"), seed=3, ruleset="tidegate"), ["A", "B"], [0, 1])
    scene = open_game(app, session)
    app.step_frames(1)
    before = session.state.digest()
    scene.act(A.END_TURN)           # not legal in setup
    assert session.state.digest() == before
    assert scene.toast and "cannot be done now" in scene.toast[0]


def test_save_quit_continue_gives_the_same_digest(app):
    session = GameSession(Setup(seats=("human", "greedy", "greedy"), seed=21, ruleset="tidegate"),
                          ["Ada", "Bo", "Cy"], [2, 0, 1])
    scene = open_game(app, session)
    ui.play_for(app, scene, human_move, 60)       # setup and a few turns, by events
    resumed = ui.save_quit_continue(app, scene, TidegateScene)
    assert resumed.session.names == ["Ada", "Bo", "Cy"] and resumed.session.colours == [2, 0, 1]


def test_language_switch_changes_the_text_on_screen(app):
    session = GameSession(Setup(seats=("human", "greedy"), seed=3, ruleset="tidegate"), ["A", "B"], [0, 1])
    scene = open_game(app, session)
    app.step_frames(1)
    english = ui.canvas_bytes(app)
    roll = widget_with_text(scene, "Roll")
    app.settings.language = "zh"
    app.language_changed()
    app.step_frames(1)
    assert roll.text() == "掷骰"
    assert ui.canvas_bytes(app) != english


def open_at_first_roll(app):
    """Two humans on the as-drawn island, the setup placed by clicks, up to the first roll."""
    session = GameSession(Setup(seats=("human", "human"), seed=5, ruleset="tidegate",
                                options={"layout": "fixed"}), ["A", "B"], [0, 1])
    scene = open_game(app, session)
    while scene.shown.phase is not Phase.ROLL:
        human_move(app, scene)
    return session, scene


def test_undo_takes_back_a_build_but_not_a_roll(app):
    session, scene = open_at_first_roll(app)
    key(app, pygame.K_SPACE)
    assert not session.can_undo()          # the roll revealed the dice
    seat = scene.human_seat()
    session.state.resources[seat] = [5, 5, 5]   # give the player something to build with
    session._commit_state = session.state.clone()
    road = next(a for a in session.state.legal_actions(seat) if isinstance(a, A.BuildRoad))
    before = session.state.digest()
    key(app, pygame.K_r)
    click(app, scene.edge_pos[road.edge])
    assert session.state.digest() != before and session.can_undo()
    key(app, pygame.K_u)
    assert session.state.digest() == before


def test_ai_thinks_off_the_main_loop_and_frames_keep_coming(app):
    session = GameSession(Setup(seats=("greedy", "greedy"), seed=9, ruleset="tidegate"), ["A", "B"], [0, 1])
    app.settings.speed = 1
    open_game(app, session)
    app.step_frames(120)
    assert len(app.frame_times) >= 120
    assert len(session.actions) >= 1


def test_island_and_tide_gates_drawn_inside_the_board_area(app):
    """Issue 20 item 9: the whole island incl. the gate sprites lies inside the board area (with
    a margin, so no gate touches or is clipped by a side panel), and no panel overlaps it."""
    from game.core.protocol import Setup
    from game.play.session import GameSession
    from scenes.tidegate_scene import RIGHT_X, TidegateScene
    session = GameSession(Setup(seats=("human", "greedy"), seed=1, ruleset="tidegate"), ["A", "B"], [0, 1])
    scene = TidegateScene(app, session)
    view, z = scene.board_view, scene.camera.zoom
    assert z == 2
    frame = app.art.pieces_index["animations"]["gate"]["frames"][0]
    (ax, ay), (w, h) = app.art.anchor(frame), app.art.pieces[frame].get_size()
    rects = []
    for e in scene.board.gates:
        x, y = scene.camera.to_canvas(scene.edge_world[e])
        rects.append(pygame.Rect(x - ax * z, y - ay * z, w * z, h * z))
    for p in scene.vertex_world:
        x, y = scene.camera.to_canvas(p)
        rects.append(pygame.Rect(x, y, 1, 1))
    drawn = rects[0].unionall(rects[1:])
    assert view.inflate(-4, -4).contains(drawn), (drawn, view)
    assert scene.panel_size[0] + 4 <= view.x and view.right + 2 <= RIGHT_X
