"""Region labels on Nine Provinces: whole inside the map view at every camera position, never
running into a neighbour's (seen at 1x: "Imperial Capital" ran into "River Fords", names were
cut at the view's edges), in English and Chinese."""

import itertools

import pygame
import pytest

from game.core.i18n import set_language, tr
from game.core.protocol import Setup
from game.play.session import GameSession
from scenes.domiplot.labels import fit_label, wrap_name
from scenes.registry import open_game
from tests.helpers.ui import text_drawn


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


@pytest.mark.parametrize("seats, height, battle_h", [(2, 46, 196), (4, 46, 196), (6, 46, 196), (7, 41, 173), (8, 41, 173)])
def test_seat_panels_leave_a_chinese_name_clear_of_the_figures(app, seats, height, battle_h):
    """A hanzi inks all 16 rows: in 35 px panels the name ran into the figures. Up to six seats
    three rows of 46 px panels fit under the battle panel; seven and eight seats have four rows
    of 41 px, the name one row higher, and a battle panel 23 px shorter whose eight pile rows
    keep 16 px. Every panel: one free row between the name and a Chinese figures line, which
    ends above the panel's 4 px frame."""
    from scenes.theme import CANVAS_H
    session = GameSession(Setup(ruleset="domiplot", seats=("human",) + ("greedy",) * (seats - 1), seed=1),
                          ["王玥喆堃龍鳳"] * seats, list(range(seats)))
    scene = open_game(app, session)
    rects = [scene.panel_rect(s) for s in range(seats)]
    assert {r.height for r in rects} == {height}
    assert max(r.bottom for r in rects) <= CANVAS_H
    assert not any(a.colliderect(b) for a, b in itertools.combinations(rects, 2))
    battle = scene.battle
    assert battle.height == battle_h and battle.bottom + 2 <= min(r.top for r in rects)
    assert (battle.bottom - 4 - (battle.y + 38)) // seats >= 16      # a pile row per seat
    with text_drawn(app) as drawn:
        scene.draw_hud(app.canvas)
    name_y = next(y for text, (x, y), _ in drawn if text.startswith("王") and x == rects[0].x + 13)
    with text_drawn(app) as drawn:
        scene.draw_panel_body(app.canvas, 0, rects[0])     # the figures: hand size first
    figures_y = drawn[0][1][1]
    assert name_y == rects[0].y + (5 if seats <= 6 else 4)
    assert figures_y == name_y + 16 + 1
    assert figures_y + 16 <= rects[0].bottom - 4


@pytest.mark.parametrize("seats, pitch", [(6, 22), (7, 20), (8, 18)])
def test_score_board_rows_stay_apart_in_the_shorter_battle_panel(app, seats, pitch):
    """The score board fills the battle panel: with seven and eight seats (173 px) the rows keep
    18 px or more, and the verdict takes the title's line instead of a line of its own."""
    from game.domiplot import events as E
    session = GameSession(Setup(ruleset="domiplot", seats=("human",) + ("greedy",) * (seats - 1), seed=1),
                          ["王玥喆堃龍鳳"] * seats, list(range(seats)))
    scene = open_game(app, session)
    n = tuple(range(seats))
    ev = E.Scores(n, ("plain",) * seats, n, (1,) * seats, (0,) * seats, (0,) * seats, n, seats - 1, 0)
    with text_drawn(app) as drawn:
        scene.draw_score_board(app.canvas, ev, None, 1.0)
    box = scene.battle
    rows = [y for text, (x, y), _ in drawn if x == box.x + 20]       # the names, one per row
    verdict = [y for text, (x, y), _ in drawn if text == tr("dp.score_winner", name=scene.name(seats - 1))]
    assert len(rows) == seats and {b - a for a, b in zip(rows, rows[1:])} == {pitch}
    assert rows[-1] + 16 <= box.bottom - 4
    assert verdict == ([box.bottom - 22] if seats <= 6 else [box.y + 5])
    assert verdict[0] + 16 <= rows[0] or verdict[0] >= rows[-1] + 16


@pytest.mark.parametrize("seats, cols", [(6, 1), (8, 2)])
def test_a_five_line_prompt_keeps_its_buttons_below_its_lines_in_the_battle_panel(app, seats, cols):
    """In the 173 px battle panel of seven and eight seats, a prompt whose lines and a column of
    three buttons would not fit sets the buttons side by side."""
    from scenes.domiplot.layout import battle_rect
    from scenes.domiplot.prompt import Prompt
    area = battle_rect(seats)
    buttons = [(lambda: "Join", lambda: None, None), (lambda: "Stay out", lambda: None, None),
               (lambda: "Surrender", lambda: None, None)]
    prompt = Prompt(app, area, "k", lambda: "Join the battle?", lambda: ["line"] * 5, buttons, width=area.width)
    tops = sorted({w.rect.y for w in prompt.widgets.widgets})
    lefts = {w.rect.x for w in prompt.widgets.widgets}
    assert len(lefts) == cols and area.contains(prompt.rect)
    assert prompt.rect.y + 26 + 16 * 5 <= tops[0]


STATUS_KEYS = ("dp.st.chooser", "dp.st.deciding", "dp.st.fighting", "dp.st.out", "dp.st.passed", "dp.st.surrendered")


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("seats", [4, 8])
def test_seat_status_word_is_whole_beside_the_widest_figures(app, lang, seats, monkeypatch):
    """Eight seats deciding whether to join read "decidi…": every status word fits whole beside
    a two-digit hand and the most flags Nine Provinces allows ("9/9"), in the panel and in
    the battle panel's rows."""
    import scenes.domiplot_scene as dp_scene

    set_language(lang)
    session = GameSession(Setup(ruleset="domiplot", seats=("human",) + ("greedy",) * (seats - 1), seed=1),
                          ["Ada"] * seats, list(range(seats)))
    scene = open_game(app, session)
    import dataclasses
    view = scene.shown
    owners = list(view.owners)
    for r in list(view.active.ids)[:9]:
        owners[r] = frozenset(range(seats))
    scene.shown = dataclasses.replace(view, hand_sizes=(10,) * seats, owners=type(view.owners)(owners))
    monkeypatch.setattr(dp_scene, "solo_regions", lambda *_a: list(range(9)))
    for key in STATUS_KEYS:
        word = tr(key)
        monkeypatch.setattr(scene, "seat_status", lambda _seat, _row=False, word=word: word)
        with text_drawn(app) as drawn:
            scene.draw_panel_body(app.canvas, 0, scene.panel_rect(0))
        assert "9/9" in [t for t, _p, _r in drawn]
        assert word in [t for t, _p, _r in drawn], (key, [t for t, _p, _r in drawn])
    set_language("en")


@pytest.mark.parametrize("seats", [4, 8])
def test_the_join_panel_covers_the_whole_battle_panel(app, seats):
    """The join panel, as wide as the battle panel, sat centred in it: the battle's header line
    showed cut in half above it ("Open battle · Plain")."""
    from game.domiplot.state import Phase
    from scenes.smoke import advance

    session = GameSession(Setup(ruleset="domiplot", seats=("human",) + ("greedy",) * (seats - 1), seed=3),
                          ["Ada"] * seats, list(range(seats)))
    advance(session, lambda _e: session.state.phase is Phase.JOIN and session.state.actor == 0, 4000)
    assert session.state.phase is Phase.JOIN and session.state.actor == 0
    scene = open_game(app, session)
    app.step_frames(2)
    prompt = scene.decision_prompt()
    assert prompt is not None and prompt.rect.width == scene.battle.width
    assert prompt.rect.contains(scene.battle)
    buttons = [w.rect for w in prompt.widgets.widgets]
    assert all(prompt.rect.contains(b) for b in buttons)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_region_tooltip_never_leaves_its_separator_at_a_line_end(app, lang):
    """'Southern Ridges 南岭 ·' / 'Hills': a long name and its terrain wrapped at the dot; the
    terrain goes on a line of its own instead."""
    from scenes import theme

    set_language(lang)
    session = GameSession(Setup(ruleset="domiplot", seats=("human", "greedy"), seed=1), ["Ada", "Bo"], [0, 1])
    scene = open_game(app, session)
    for rid in scene.board.regions:
        lines = []
        for line in scene.region_tooltip(rid).split("\n"):
            lines += app.text.wrap(line, theme.TOOLTIP_W)
        assert not any(line.endswith("·") or line.startswith("·") for line in lines), lines
        assert tr(f"domiplot.terrain.{scene.board.terrain(rid)}") in lines[0] + lines[1]
    set_language("en")


def test_game_over_line_agrees_with_the_number_of_winners(app):
    """'Game over: Ada win!' with one winner."""
    from game.core.protocol import GameOver

    set_language("en")
    session = GameSession(Setup(ruleset="domiplot", seats=("human", "greedy"), seed=1), ["Ada", "Bo"], [0, 1])
    scene = open_game(app, session)
    beat = scene._on_game_over(GameOver((0,), (3.0, 1.0), "E-3"))
    assert beat.log[0]() == "Game over: Ada wins!"
    beat = scene._on_game_over(GameOver((0, 1), (3.0, 3.0), "E-3"))
    assert beat.log[0]() == "Game over: Ada, Bo win!"


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_card_hint_names_the_buttons_as_they_read(app, lang):
    """'Place it, place it face down, or Support another pile' under the buttons Place,
    Conceal, Support: the hint now names Conceal, as it names the other two."""
    set_language(lang)
    hint = tr("dp.hint.battle_card")
    for button in ("dp.place", "dp.face_down", "dp.support"):
        assert tr(button) in hint, (button, hint)
    assert app.text.size(hint)[0] <= 460            # the top bar's middle, clear of the card counts
    set_language("en")
