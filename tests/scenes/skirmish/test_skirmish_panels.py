"""Skirmish seat panels: the figures row keeps the unit icon clear of the numbers beside it
(the infantry icon was drawn over the last digit of the cities and under the unit count)."""

import pytest

from game.core.i18n import set_language
from game.core.protocol import Setup
from game.play.session import GameSession
from game.skirmish.state import Phase
from scenes.registry import open_game
from scenes.smoke import advance
from tests.helpers.ui import text_drawn


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_unit_icon_has_a_clear_column_on_each_side_in_the_figures_row(app, lang):
    set_language(lang)
    session = GameSession(Setup(seats=("human", "greedy", "greedy", "greedy"), seed=3, ruleset="skirmish"),
                          ["Ada", "Bao", "Chen", "Dara"], [0, 1, 2, 3])
    advance(session, lambda _e: session.state.phase is not Phase.PICK and session.next_seat() == 0, 4000)
    scene = open_game(app, session)
    app.step_frames(1)
    unit_w = scene.sk.tinted("unit_infantry", 0).get_bounding_rect().width      # 15 px of ink
    for seat in range(4):
        rect = scene.panel_rect(seat)
        with text_drawn(app) as drawn:
            scene.draw_panel_body(app.canvas, seat, rect)
        row = [r for _t, _p, r in drawn if r.y == rect.y + 20]
        cities, units = row[-2], row[-1]
        assert units.left - cities.right >= unit_w + 2, (seat, cities, units)
        assert units.right <= rect.right - 6


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_raise_menu_title_says_the_funds_are_what_you_have(app, lang):
    """'Raise a unit (5 funds)' above 'Infantry — 5 funds' read as the price of raising; the
    figure is the player's funds."""
    from game.core.i18n import tr
    set_language(lang)
    title = tr("skirmish.ui.produce_title", funds=17)
    assert "17" in title and ("you have" in title if lang == "en" else "现有" in title)
    assert app.text.size(tr("skirmish.ui.produce_title", funds=99))[0] <= 300 - 16


def test_revealed_skills_stay_on_their_factions_line(app):
    """The reveal toast wrapped '司马懿仲达：' / 'C3 C7': a name apart from its skills."""
    from game.skirmish import actions as A
    from scenes.board.hud import draw_toast  # noqa: F401  (the toast wraps at 300 px)

    set_language("zh")
    names = ["诸葛孔明亮", "司马懿仲达", "曹操"]
    session = GameSession(Setup(seats=("human", "human", "greedy"), seed=4, ruleset="skirmish"), names, [0, 1, 2])
    for seat in range(3):
        session.apply(seat, A.PickSkills(()))
    scene = open_game(app, session)
    scene.show_reveal()
    lines = app.text.wrap(scene.toast[0], 300)
    g = session.state
    for seat, name in enumerate(names):
        line = next(ln for ln in lines if name[-1] + ":" in ln)   # (hanzi may wrap inside a name)
        assert all(code in line for code in g.skills[seat]), (name, lines)
    set_language("en")


def test_the_skill_reveal_is_news_in_ink_not_a_refusal_in_red(app):
    """The revealed skills came up in the red of a refused move."""
    from game.skirmish import actions as A
    from scenes import theme

    session = GameSession(Setup(seats=("human", "greedy"), seed=4, ruleset="skirmish"), ["Ada", "Bo"], [0, 1])
    for seat in range(2):
        session.apply(seat, A.PickSkills(()))
    scene = open_game(app, session)
    scene.show_reveal()
    assert scene.toast_colour == theme.INK
    scene.show_toast("refused")
    assert scene.toast_colour == theme.RED
