"""Dice for Land's top bar after the tribe picks: it showed "Tribe picks | Ines picks" (the
last picker) while the first turn's start gold and income played out."""

import pytest

from game.core.i18n import set_language, tr
from game.core.protocol import Setup
from game.play.session import GameSession
from game.territory.state import Phase
from scenes.registry import open_game
from tests.helpers.ui import click
from tests.scenes.conftest import headless_app


@pytest.fixture
def slow_app(data_dir):
    """Animations at normal speed: the income after the picks takes its time."""
    yield from headless_app(speed=1)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_top_bar_leaves_the_picks_as_the_first_income_plays(slow_app, lang):
    app = slow_app
    set_language(lang)
    session = GameSession(Setup(seats=("human", "human"), seed=3, ruleset="territory"), ["Ada", "Ines"], [0, 1])
    scene = open_game(app, session)
    picking = [tr("territory.ui.picking", name=n) for n in ("Ada", "Ines")]
    for _ in range(2):
        while scene.timeline.busy or scene.handoff_pending() is not None or scene.human_seat() is None:
            app.step_frames(1)
            if scene.handoff_pending() is not None:
                scene.timeline.finish_all()
                click(app, (320, 180))
        assert scene.shown.phase is Phase.PICK
        rect, _action = scene.pick_rects()[0]
        click(app, rect.center)
    assert session.state.phase is not Phase.PICK
    bars = []
    while scene.timeline.busy:
        bars.append(scene.top_bar())
        app.step_frames(1)
    assert len(bars) > 5, bars
    for left, centre, _seat in bars:
        assert centre not in picking and left != tr("territory.ui.picks"), (left, centre)
        assert left.startswith(tr("territory.ui.turn", turn=1, limit=session.state.params.max_turns)), left
    set_language("en")
