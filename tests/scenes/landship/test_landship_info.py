"""Landship's ship panel keeps every word inside its frame: "Resource ship #1 · Player 1" ran
past the right edge, so the owner now heads the status row (flags wrap below it)."""

import pytest

from game.core.i18n import set_language
from game.core.protocol import Setup
from game.play.session import GameSession
from scenes.landship_scene import INFO_RECT
from scenes.registry import open_game
from tests.helpers.ui import text_drawn


@pytest.mark.parametrize("lang, name", [("en", "Wwwwwwwwwwww"), ("zh", "龘" * 12)])
def test_the_ship_panel_stays_inside_its_frame(app, lang, name):
    set_language(lang)
    session = GameSession(Setup(seats=("human", "greedy"), seed=3, ruleset="landship"), [name, "Bo"], [0, 1])
    scene = open_game(app, session)
    app.step_frames(2)
    ship = next(s for s in scene.shown.ships if s.owner == 0)
    scene.status_flags = lambda s: [("wrecked", "icon_wrecked"), ("stalled", "icon_stalled"),
                                    ("pierced", "icon_pierced"), ("fresh", "icon_fresh")]
    scene.selected_ship = lambda: ship
    with text_drawn(app) as drawn:
        scene.draw_info(app.canvas)
    set_language("en")
    assert any(text.startswith(name[:4]) for text, _, _ in drawn)       # the owner is named
    for text, _, rect in drawn:
        assert INFO_RECT.contains(rect), (text, rect, INFO_RECT)


def test_chinese_landship_counts_rounds_as_its_top_bar_does():
    """Scorched Landships' top bar counts 轮 (a round of everyone's 回合 turns); the results,
    load screen and replay bar said 第 50 回合, and the round limit 回合上限."""
    from game.core.i18n import own_key, tr
    keys = ("results.axis_round", "results.ended_round", "load.round", "replay.where", "replay.goto",
            "replay.prev_round", "replay.next_round")
    for key in keys:
        text = tr(own_key("landship", key, "zh"), "zh", round=5, last=9)
        assert "轮" in text and "回合" not in text, (key, text)
        assert tr(own_key("landship", key, "en"), "en", round=5, last=9) == tr(key, "en", round=5, last=9)
    assert "回合" not in tr("landship.end_short.V-5a", "zh")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_weather_event_due_this_round_says_so(app, lang):
    """'Next event: round 10 (in 0)': the countdown at zero now reads 'this round'."""
    import dataclasses

    from game.core.i18n import tr
    set_language(lang)
    session = GameSession(Setup(seats=("human", "greedy"), seed=3, ruleset="landship"), ["Ada", "Bo"], [0, 1])
    scene = open_game(app, session)
    app.step_frames(2)
    scene.shown = dataclasses.replace(scene.shown, next_event_round=scene.shown.round)
    with text_drawn(app) as drawn:
        scene.draw_hud(app.canvas)
    texts = [t for t, _p, _r in drawn]
    assert tr("ls.next_event_now", round=scene.shown.round) in texts
    assert tr("ls.next_event_when", round=scene.shown.round, n=0) not in texts
    set_language("en")
