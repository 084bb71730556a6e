"""Dice for Land's tribe picks (T-4.1) keep the map in view: the list of tribes covered the
whole board, so a player picking could not see where each tribe would start. Now every start
region is outlined on the map, the tribe pointed at (its button, or a tile of its region) is
lit with the rest of the map darkened, and a picked tribe's region takes its player's colour.
"""

import pygame
import pytest

from game.core.i18n import set_language, tr
from game.core.protocol import Setup
from game.play.session import GameSession
from game.territory.state import Phase
from scenes import theme
from scenes.board.seats import seat_colour
from scenes.registry import open_game
from tests.helpers.ui import click, text_drawn

TILE = 16


def picking_scene(app, first_ai_picks: int = 0):
    seats = ("greedy",) * first_ai_picks + ("human", "greedy")
    session = GameSession(Setup(seats=seats, seed=3, ruleset="territory"), ["Ada", "Bao", "Chen"][:len(seats)],
                          list(range(len(seats))))
    for _ in range(first_ai_picks):
        seat = session.state.to_move()[0]
        session.apply(seat, session.state.legal_actions(seat)[0])
    scene = open_game(app, session)
    app.step_frames(2)
    assert scene.picking()
    return scene


def tile_point(scene, i, dx=TILE // 2, dy=TILE // 2):
    x, y = scene.camera.to_canvas((i % scene.board_w * TILE, i // scene.board_w * TILE))
    return (x + dx, y + dy)


def frame(app, mouse):
    app.mouse = mouse
    app.step_frames(1)
    return app.canvas.copy()


def test_pick_buttons_leave_the_map_in_view(app):
    scene = picking_scene(app)
    rects = [r for r, _a in scene.pick_rects()]
    assert len(rects) == 7
    assert not any(r.colliderect(scene.camera.view) for r in rects)
    assert all(r.bottom <= 360 for r in rects)
    canvas = frame(app, (600, 340))
    plain = next(i for i in scene.shown.board.land_tiles
                 if not any(i in t for t in scene.shown.board.starts.values()))
    assert canvas.get_at(tile_point(scene, plain))[:3] != theme.INK    # the map, not a list over it


def test_pointing_at_a_tribe_lights_its_start_region_and_darkens_the_rest(app):
    scene = picking_scene(app)
    board = scene.shown.board
    rect, pick = scene.pick_rects()[2]
    region = board.starts[pick.faction]
    top_edge = next(i for i in region if board.sides[i][0] not in region)
    plain = next(i for i in board.land_tiles if not any(i in t for t in board.starts.values()))
    away = frame(app, (600, 340))
    lit = frame(app, rect.center)
    assert scene.pick_focus() == pick.faction
    assert lit.get_at(tile_point(scene, top_edge, TILE // 2, 1))[:3] == theme.STRAW    # its bright edge
    inside = tile_point(scene, top_edge, 4, 4)
    assert lit.get_at(inside) == away.get_at(inside)                                  # the region itself clear
    assert sum(lit.get_at(tile_point(scene, plain))[:3]) < sum(away.get_at(tile_point(scene, plain))[:3])


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_pointing_at_a_start_tile_names_the_tribe_and_its_start_size(app, lang):
    set_language(lang)
    scene = picking_scene(app)
    region = scene.shown.board.starts["pioneer"]
    app.mouse = tile_point(scene, region[0])
    with text_drawn(app) as drawn:
        app.step_frames(1)
    texts = [t for t, _p, _r in drawn]
    assert scene.pick_focus() == "pioneer"
    assert tr("territory.faction.pioneer") in texts
    assert tr("territory.ui.start_tiles", n=len(region)) in texts
    assert scene.hint() == ""


def test_a_picked_tribe_region_shows_its_players_colour_and_a_click_there_picks_nothing(app):
    scene = picking_scene(app, first_ai_picks=1)
    board = scene.shown.board
    taken = scene.shown.tribes[0].faction
    assert taken and taken not in [a.faction for _r, a in scene.pick_rects()]
    region = board.starts[taken]
    tile = region[0]
    canvas = frame(app, (600, 340))
    r, g, b_ = canvas.get_at(tile_point(scene, tile, 3, 12))[:3]
    light = seat_colour(scene.colour(0))[0]
    plain = next(i for i in board.land_tiles if not any(i in t for t in board.starts.values()))
    pr, pg, pb = canvas.get_at(tile_point(scene, plain, 3, 12))[:3]
    # tinted towards the player's colour, away from the plain tile's
    assert abs(r - light[0]) + abs(g - light[1]) + abs(b_ - light[2]) < abs(pr - light[0]) + abs(pg - light[1]) + abs(pb - light[2])
    click(app, tile_point(scene, region[0]))
    assert scene.shown.phase is Phase.PICK and scene.human_seat() == 1
