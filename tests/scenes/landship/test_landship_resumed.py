"""A continued Landship game says so in its own word for a round: "从第 6 回合继续对局" named a
round 回合, which Landship's texts use for a seat's turn (a round is 轮)."""

from game.core.i18n import set_language, tr
from game.core.protocol import Setup
from game.play.session import GameSession
from scenes.registry import open_game


def test_a_resumed_landship_game_logs_the_round_as_landship_words_it(app):
    session = GameSession(Setup(seats=("human", "human"), seed=4, ruleset="landship"), ["Ada", "Bao"], [0, 1])
    seat = session.state.to_move()[0]
    session.apply(seat, session.state.legal_actions(seat)[0])
    scene = open_game(app, session)
    try:
        set_language("zh")
        last = scene.log.entries[-1].line()
        assert last == tr("landship.log.resumed", round=session.state.round) and "轮" in last and "回合" not in last
    finally:
        set_language("en")
