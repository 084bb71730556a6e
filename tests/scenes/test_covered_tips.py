"""No hover tip from under a dialog: the pointer is on the dialog (a tribe panel's tip was drawn
across Dice for Land's tech tree). SCREENS 6: the tips themselves still show on the open screen."""

import pytest

from game.core.protocol import Setup
from game.play.session import GameSession
from scenes.dialogs import MessageBox
from scenes.registry import open_game
from tests.helpers import ui


def tips_drawn(app, frames: int = 2) -> list:
    """The `near` rectangles of every tooltip drawn in the next frames."""
    drawn = []
    draw = app.draw_tooltip

    def recording(canvas, text, near, *args, **kwargs):
        drawn.append(near)
        return draw(canvas, text, near, *args, **kwargs)

    app.draw_tooltip = recording
    try:
        app.step_frames(frames)
    finally:
        app.draw_tooltip = draw
    return drawn


def open_screen(app, ruleset: str):
    """A two-seat game past its picks (no panel tips while tribes or skills are picked)."""
    session = GameSession(Setup(seats=("human", "greedy"), seed=4, ruleset=ruleset), ["Ada", "Bo"], [0, 1])
    while ruleset in ("territory", "skirmish") and session.state.phase.value.lower().startswith("pick"):
        seat = session.state.to_move()[0]
        session.apply(seat, session.state.legal_actions(seat)[0])
    scene = open_game(app, session)
    app.step_frames(3)
    return scene


@pytest.mark.parametrize("ruleset", ["tidegate", "territory", "skirmish"])
def test_a_player_panel_tip_shows_on_the_screen_and_not_under_a_dialog(app, ruleset):
    scene = open_screen(app, ruleset)
    panel = scene.panel_rect(1)
    ui.hover(app, (panel.centerx, panel.bottom - 10))
    assert tips_drawn(app)
    app.push(MessageBox(app, "Title", "Message"))
    assert not tips_drawn(app)


def test_a_domiplot_hand_card_tip_does_not_show_under_a_dialog(app):
    scene = open_screen(app, "domiplot")
    _card, rect = scene.hand_rects()[0]
    ui.hover(app, rect.center)
    assert rect in tips_drawn(app)
    app.push(MessageBox(app, "Title", "Message"))
    assert not tips_drawn(app)


def test_a_cut_row_of_the_tech_tree_reads_whole_on_hover(app):
    """Dice for Land's tech tree cut "Battle Magic: needs Primit…"; hovering shows it whole."""
    from scenes.drawing import fit

    scene = open_screen(app, "territory")
    scene.open_menu_of("tech")
    app.step_frames(1)
    menu = app.top
    rows = [(rect, label) for rect, (label, _cost, _a) in menu.row_rects()
            if fit(app, label, rect.width - 56) != label]
    assert rows                                  # Origin's first turn has such a row
    rect, label = rows[0]
    texts = []
    draw = app.draw_tooltip
    app.draw_tooltip = lambda canvas, text, near, *a, **k: texts.append(text) or draw(canvas, text, near, *a, **k)
    try:
        ui.hover(app, rect.center)
    finally:
        app.draw_tooltip = draw
    assert any(t.startswith(label) for t in texts), (label, texts)


@pytest.mark.parametrize("answer", [0, 1])
def test_a_button_under_a_closed_dialog_forgets_its_hover_until_the_pointer_returns(app, answer):
    """SCREENS 6: Dice for Land's Submit asks first (T-5.2); the pointer leaves Submit for the
    dialog's Submit or Stay, whose click closes the dialog. The screen's Submit must not keep its
    highlight and tip (they stayed up until the mouse moved, seen in a real window)."""
    scene = open_screen(app, "territory")
    submit = next(w for w in scene.widgets.widgets if w.text() == "Submit")
    ui.hover(app, submit.rect.center)
    assert submit.hover and submit.rect in tips_drawn(app)
    ui.click(app, submit.rect.center)
    dialog = app.top
    assert dialog is not scene
    ui.click(app, dialog.widgets.widgets[answer].rect.center)
    assert app.top is scene
    assert not submit.hover and submit.rect not in tips_drawn(app)
    ui.hover(app, submit.rect.center)       # back on it: the tip shows again
    assert submit.rect in tips_drawn(app)


@pytest.mark.parametrize("ruleset", ["tidegate", "territory"])
def test_the_resting_dice_lie_wholly_on_the_board(app, ruleset):
    """SCREENS: the last roll's dice stay shown on the board until the next roll; Dice for
    Land's d6 lay with its right edge under the player panels' column (seen in a real window).
    (Landship's d4 sits in its side column, by the action points, on purpose.)"""
    scene = open_screen(app, ruleset)
    sides = scene.dice_sides if isinstance(scene.dice_sides, tuple) else (scene.dice_sides,) * 4
    for pos, n in zip(scene.dice_positions(), sides):
        die = scene.dice_art.face(n, 1, scene.dice_scale).get_rect(topleft=pos)
        assert scene.camera.view.contains(die), (die, scene.camera.view)
