"""The load screen counts a game's progress in the ruleset's own word: Dice for Land's top bar,
log and results count turns, and its save read "Round 2"."""

from game.core import Setup
from game.core.saves import autosave_path, write_save
from game.play.session import GameSession
from scenes.load import LoadScene
from tests.helpers.ui import text_drawn


def test_a_dice_for_land_save_shows_its_turn(app):
    session = GameSession(Setup(seats=("greedy", "greedy"), seed=3, ruleset="territory"), ["Ann", "Bo"], [0, 1])
    while session.state.turn < 2:
        seat = session.state.to_move()[0]
        session.apply(seat, session.state.legal_actions(seat)[-1])   # the last is Submit in ORDERS
    write_save(autosave_path(), session.to_save())
    app.push(LoadScene(app))
    with text_drawn(app) as drawn:
        app.step_frames(1)
    assert "Turn 2 · Ann, Bo" in [text for text, _, _ in drawn]


def test_a_dice_for_land_replay_counts_turns_like_its_top_bar(app):
    """The replay bar read `view.round`, which a Dice for Land view lacked: "Round 0/2" under a
    top bar saying "Turn 1/60"."""
    from scenes.replay import start_replay
    from scenes.territory_scene import TerritoryScene
    from tests.helpers.ui import game_scene

    session = GameSession(Setup(seats=("greedy", "greedy"), seed=3, ruleset="territory"), ["Ann", "Bo"], [0, 1])
    while session.state.turn < 3:
        seat = session.state.to_move()[0]
        session.apply(seat, session.state.legal_actions(seat)[-1])
    start_replay(app, session.to_save())
    scene = game_scene(app, TerritoryScene)
    with text_drawn(app) as drawn:
        app.step_frames(1)
    texts = [text for text, _, _ in drawn]
    assert f"Turn {scene.shown.turn}/3" in texts and scene.shown.round == scene.shown.turn
