"""Region labels on Nine Provinces: whole inside the map view at every camera position, never
running into a neighbour's (seen at 1x: "Imperial Capital" ran into "River Fords", names were
cut at the view's edges), in English and Chinese."""

import itertools

import pygame
import pytest

from game.core.i18n import set_language
from game.core.protocol import Setup
from game.play.session import GameSession
from scenes.domiplot.labels import fit_label, wrap_name
from scenes.registry import open_game


def test_wrap_name_breaks_at_spaces_only_where_too_wide():
    width = (lambda t: 8 * len(t))            # the font's Latin cell is 8 px
    assert wrap_name("Imperial Capital", width, 112) == ["Imperial", "Capital"]
    assert wrap_name("River Fords", width, 112) == ["River Fords"]
    assert wrap_name("司隶", width, 112) == ["司隶"]


def test_fit_label_slides_inside_the_visible_region_or_gives_up():
    view = pygame.Rect(0, 20, 300, 200)
    box = pygame.Rect(-40, -30, 80, 60)
    region = pygame.Rect(-50, 100, 200, 200)               # half out to the left, below
    assert fit_label((0, 150), box, region, view) == (40, 150)
    assert fit_label((0, 150), box, pygame.Rect(-150, 100, 200, 200), view) is None   # 50 px show


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_labels_stay_whole_in_the_view_and_apart_at_both_zooms(app, lang):
    set_language(lang)
    session = GameSession(Setup(seats=("human",) + ("greedy",) * 7, seed=4, ruleset="domiplot"),
                          [f"P{i}" for i in range(8)], list(range(8)))
    scene = open_game(app, session)
    cam, view = scene.camera, scene.camera.view
    shown_at_centre = 0
    for zoom in (1, 2):
        cam.zoom = zoom
        for fx, fy in itertools.product((0, 0.25, 0.5, 0.75, 1), repeat=2):
            cam.centre_on((cam.world_w * fx, cam.world_h * fy))
            cam.clamp()
            plates = []
            for rid, spot in scene.label_spots().items():
                plate = scene._label_plate(rid).get_rect(midtop=(spot[0], spot[1] - 16))
                assert view.contains(plate), (zoom, fx, fy, scene.region_name(rid))
                assert all(not plate.colliderect(other.inflate(4, 0)) for other in plates), (zoom, fx, fy, scene.region_name(rid), plate, plates)
                plates.append(plate)
            if zoom == 1 and (fx, fy) == (0.5, 0.5):
                shown_at_centre = len(plates)
    assert shown_at_centre >= 3           # the middle of the map at 1x names the regions it shows
    set_language("en")


@pytest.mark.parametrize("seats, height", [(2, 46), (4, 46), (6, 46), (7, 35), (8, 35)])
def test_seat_panels_leave_a_chinese_name_clear_of_the_figures_up_to_six_seats(app, seats, height):
    """A hanzi inks all 16 rows: in the 35 px panels the name (from y+5) ran into the figures
    (at y+17). Up to six seats the panels are 46 px and the figures sit below the name; seven
    and eight seats keep 35 px (four rows must fit under the battle panel)."""
    from scenes.theme import CANVAS_H
    session = GameSession(Setup(ruleset="domiplot", seats=("human",) + ("greedy",) * (seats - 1), seed=1),
                          ["王玥喆堃龍鳳"] * seats, list(range(seats)))
    scene = open_game(app, session)
    rects = [scene.panel_rect(s) for s in range(seats)]
    assert {r.height for r in rects} == {height}
    assert max(r.bottom for r in rects) <= CANVAS_H
    assert not any(a.colliderect(b) for a, b in itertools.combinations(rects, 2))
    drawn = []
    draw = app.text.draw

    def recording(surface, text, pos, *args, **kwargs):
        drawn.append(pos[1])
        return draw(surface, text, pos, *args, **kwargs)

    app.text.draw = recording
    try:
        scene.draw_panel_body(app.canvas, 0, rects[0])     # the figures: hand size first
    finally:
        app.text.draw = draw
    name_ink_bottom = rects[0].y + 5 + 16                   # the name is drawn from y+5
    assert (drawn[0] >= name_ink_bottom) == (seats <= 6)
    assert drawn[0] + 16 <= rects[0].bottom - 2 or seats > 6
