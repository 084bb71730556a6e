"""Whole Skirmish games driven only through posted pygame events (dummy video and audio).

Issue 12 / SCREENS.md 14-15: lobby -> picks (S-2, behind the pass-the-device screen, H-2) ->
play -> results by clicks and keys; a human against greedy and two humans hot-seat; save,
quit and continue with an identical digest; refusals shown with their reason; the pick screen
shows nothing of the other human's picks (pixel-identical, H-1).
"""

import pygame

from game.core.protocol import Setup
from game.play.saves import latest_autosave, read_save
from game.play.session import GameSession
from game.skirmish import actions as A
from game.skirmish.state import Phase
from scenes.registry import open_game
from scenes.skirmish_scene import SkirmishScene
from tests.helpers import ui
from tests.helpers.ui import PASS_CLICK, click, game_scene, key, lobby_from_title


def cell_pos(scene, cr):
    return scene.to_canvas(tuple(cr))


def human_move(app, scene: SkirmishScene, picks=("I6",)) -> None:
    """One human action the way a person makes it: skill rows and Confirm, a unit then a hex,
    a city then the menu's first button, or E."""
    seat = scene.human_seat()
    legal = scene.session.state.legal_actions(seat)
    if scene.shown.phase is Phase.PICK:
        for code in picks:
            click(app, scene.picker.rows[code].center)
        click(app, scene.picker.confirm.center)
        return
    state = scene.session.state
    attacks = [a for a in legal if isinstance(a, A.Attack)]
    moves = [a for a in legal if isinstance(a, A.Move)]
    produce = [a for a in legal if isinstance(a, A.Produce) and not a.voucher]
    moved = sum(1 for s, a in scene.session.actions[-6:] if s == seat and isinstance(a, A.Move))
    if attacks:
        a = attacks[0]
        click(app, cell_pos(scene, state.board.coords[state.units[a.unit].hex]))
        assert scene.selected_unit() == a.unit
        click(app, cell_pos(scene, a.target))
    elif produce and state.funds[seat] >= 10:
        click(app, cell_pos(scene, produce[0].city))
        key(app, pygame.K_1)
    elif moves and (A.END_TURN not in legal or moved < 2):
        a = moves[len(moves) // 2] if A.END_TURN in legal else moves[0]
        click(app, cell_pos(scene, state.board.coords[state.units[a.unit].hex]))
        click(app, cell_pos(scene, a.to))
    else:
        key(app, pygame.K_e)


def play_to_results(app, limit=6000) -> None:
    ui.play_to_results(app, SkirmishScene, human_move, limit)


def test_hot_seat_game_from_lobby_to_results_by_events(app):
    lobby = lobby_from_title(app, "skirmish")
    kind_choice = [w for w in lobby.widgets.widgets if getattr(w, "get", None) and w.get() == "greedy"][0]
    click(app, kind_choice.rect.center)                          # greedy -> random
    click(app, kind_choice.rect.center)                          # random -> human
    assert lobby.kinds == ["human", "human"]
    key(app, pygame.K_RETURN)                                    # Start
    scene = game_scene(app, SkirmishScene)
    assert scene.session.setup.seats == ("human", "human")
    assert scene.handoff_pending() == 0                          # H-2: pass the device before the picks
    play_to_results(app)
    state = scene.session.state
    assert state.result() is not None and state.result().cause in ("W-2", "W-3")
    assert state.skills[0] >= {"I6"} and state.skills[1] >= {"I6"}
    assert {s for s, a in scene.session.actions if isinstance(a, (A.Move, A.Attack))} == {0, 1}
    assert read_save(latest_autosave()).finished


def test_human_against_greedy_by_events(app):
    session = GameSession(Setup(seats=("human", "greedy"), seed=3, ruleset="skirmish"), ["Ada", "Bot"], [0, 1])
    scene = open_game(app, session)
    assert scene.handoff_pending() is None          # one person at the machine: nothing to hide
    play_to_results(app)
    assert {seat for seat, _ in session.actions} == {0, 1}
    kinds = {type(a) for s, a in session.actions if s == 0}
    assert {A.PickSkills, A.Move, A.EndTurn} <= kinds
    # the chart's VP per round (replayed; the shared results read session.score_history)
    assert session.score_history and len(session.score_history) == session.state.round - (
        session.state.result().cause == "W-2")
    assert app.top.history[-1] == tuple(session.state.result().scores)
    from game.core.i18n import tr
    assert tr(f"skirmish.end_short.{session.state.result().cause}") in ("Domination (W-2)", "Turn limit reached (W-3)")


def test_refused_end_turn_shows_its_reason_and_changes_nothing(app):
    session = GameSession(Setup(seats=("human", "greedy"), seed=3, ruleset="skirmish"), ["A", "B"], [0, 1])
    scene = open_game(app, session)
    app.step_frames(1)
    before = session.state.digest()
    scene.act(A.END_TURN)               # during the picks (P-0) only pick_skills is legal
    assert session.state.digest() == before
    assert scene.toast and scene.toast[0]


def test_save_quit_continue_gives_the_same_digest(app):
    session = GameSession(Setup(seats=("human", "greedy", "greedy"), seed=21, ruleset="skirmish"),
                          ["Ada", "Bo", "Cy"], [2, 0, 1])
    scene = open_game(app, session)
    ui.play_for(app, scene, human_move, 80)
    assert session.state.phase is Phase.PLAY
    resumed = ui.save_quit_continue(app, scene, SkirmishScene)
    assert resumed.session.names == ["Ada", "Bo", "Cy"] and resumed.session.colours == [2, 0, 1]


def test_move_preview_and_forecast_come_from_the_engine(app):
    session = GameSession(Setup(seats=("human", "greedy"), seed=5, ruleset="skirmish"), ["A", "B"], [0, 1])
    session.apply(0, A.PickSkills(()))
    session.apply(1, A.PickSkills(()))
    scene = open_game(app, session)
    app.step_frames(2)
    legal = session.state.legal_actions(0)
    move = next(a for a in legal if isinstance(a, A.Move))
    u = session.state.units[move.unit]
    click(app, cell_pos(scene, session.state.board.coords[u.hex]))
    assert scene.selected_unit() == move.unit
    dests = {k[1:] for k, v in scene.board_targets().items() if k[0] == "h" and isinstance(v, A.Move)}
    assert dests == {a.to for a in legal if isinstance(a, A.Move) and a.unit == move.unit}
    text = scene.preview(("h", *move.to), [move])
    left = session.state.reachable(move.unit)[move.to]
    assert text.startswith(f"Move: {u.mp_left - left} MP ({left} left)")
    # M-6: the hovered path is the engine's and the walk follows the Moved event's path
    path = session.state.path(move.unit, move.to)
    click(app, cell_pos(scene, move.to))
    moved = [a for s, a in session.actions if s == 0][-1]
    assert moved == move
    assert session.state.board.coords[session.state.units[move.unit].hex] == path[-1]


def test_picks_are_secret_on_the_pick_screen(app):
    """H-1 / H-2: seat 1's pick screen is pixel-identical whatever seat 0 picked (the number
    of picks is public in the rules' redacted event; which skills is not)."""
    frames = []
    for picks in (("I2", "C7"), ("I6", "A1")):
        session = GameSession(Setup(seats=("human", "human"), seed=2, ruleset="skirmish"), ["A", "B"], [0, 1])
        scene = open_game(app, session)
        click(app, PASS_CLICK)                                   # seat 0 takes the device
        for code in picks:
            click(app, scene.picker.rows[code].center)
        click(app, scene.picker.confirm.center)
        assert scene.handoff_pending() == 1
        app.step_frames(1)
        hidden = ui.canvas_bytes(app)
        click(app, PASS_CLICK)                                   # seat 1 takes the device
        app.mouse = (1, 1)
        app.step_frames(1)
        frames.append((hidden, ui.canvas_bytes(app)))
    assert frames[0][0] == frames[1][0]
    assert frames[0][1] == frames[1][1]


def test_replay_plays_a_skirmish_save_to_the_same_end(app):
    from scenes.smoke import advance
    session = GameSession(Setup(seats=("greedy", "greedy"), seed=2, ruleset="skirmish"), ["A", "B"], [0, 1])
    advance(session, lambda evs: session.state.result() is not None, limit=5000)
    scene = ui.replay_to_end(app, session.to_save(), SkirmishScene, limit=5000)
    assert scene.session.state.digest() == session.state.digest()


def test_rules_pages_fit_in_both_languages(app):
    for lang in ("en", "zh"):
        assert len(ui.rules_pages_fit(app, "skirmish", lang)) == 7


def test_attack_forecast_tooltip_stays_on_the_board_below_the_top_bar(app):
    """The forecast (section 'UI notes': expected damage, kill/void/hit %, counterattack) for a
    target in the board's second row is drawn inside the board area, not over the top bar
    (seen in smoke: it covered the round and whose-turn line)."""
    from scenes.skirmish.smoke import _advance_to, _infantry_target, session as smoke_session
    fight = smoke_session(("human", "greedy"), 5)
    fight.apply(0, A.PickSkills(()))
    fight.apply(1, A.PickSkills(("I9",)))
    assert _advance_to(fight, lambda legal: any(_infantry_target(fight, a) for a in legal))
    scene = open_game(app, fight)
    app.step_frames(120)
    attack = next(a for a in fight.state.legal_actions(0) if _infantry_target(fight, a))
    scene.board_targets()
    scene.selection.click(("u", attack.unit))
    key_ = ("h", *attack.target)
    app.mouse = scene.camera.to_canvas(scene.target_points().points[key_])
    scene.hover = key_
    drawn = []
    real = app.draw_tooltip
    app.draw_tooltip = lambda *a, **k: drawn.append((a[1], real(*a, **k)))
    app.draw()
    tips = [rect for text, rect in drawn if text.startswith("Damage")]
    assert len(tips) == 1
    assert app.mouse[1] - 8 - tips[0].height <= scene.camera.view.top   # no room above the target,
    assert tips[0].top > app.mouse[1]                                    # so it is drawn below it
    assert scene.camera.view.contains(tips[0]), (tips[0], scene.camera.view)


def test_a_button_tooltip_is_drawn_over_the_log(app):
    """SCREENS 6: End turn's tooltip reaches over the log's frame; the log was drawn on top
    of it, hiding its left edge."""
    from scenes.skirmish_scene import LOG

    session = GameSession(Setup(seats=("human", "greedy"), seed=5, ruleset="skirmish"), ["A", "B"], [0, 1])
    session.apply(0, A.PickSkills(()))
    session.apply(1, A.PickSkills(()))
    scene = open_game(app, session)
    app.step_frames(2)
    end_turn = next(w for w in scene.widgets.widgets if getattr(w, "hotkey", None) == pygame.K_e)
    ui.hover(app, end_turn.rect.center)
    app.step_frames(2)
    assert end_turn.hover
    alone = app.canvas.copy()
    tip = app.draw_tooltip(alone, end_turn.tooltip_text(), end_turn.rect)
    over = tip.clip(LOG)
    assert over.width > 0 and over.height > 0     # the tip does reach the log here
    app.step_frames(1)
    for x in range(over.left, over.right):
        for y in range(over.top, over.bottom):
            assert app.canvas.get_at((x, y)) == alone.get_at((x, y)), (x, y)


def test_a_greyed_button_says_why_on_every_screen_button(app):
    """Issue 20 on Skirmish: while the AI moves, End turn and Undo are grey and their tips
    said only what they do; every board-screen button without its own reason now gives the
    screen's (here: whose turn it is)."""
    from game.core.i18n import tr

    session = GameSession(Setup(seats=("greedy", "human"), seed=5, ruleset="skirmish"), ["Ann", "B"], [0, 1])
    session.apply(0, A.PickSkills(()))
    session.apply(1, A.PickSkills(()))
    assert session.state.to_move() == [0]
    scene = open_game(app, session)
    app.step_frames(1)
    why = tr("why.not_your_turn", name="Ann")
    for hotkey in (pygame.K_e, pygame.K_u):
        button = next(w for w in scene.widgets.widgets if getattr(w, "hotkey", None) == hotkey)
        assert not button.enabled and why in button.tooltip_text()
