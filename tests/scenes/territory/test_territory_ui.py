"""Whole Dice for Land games driven only through posted pygame events (dummy video and audio).

Issue 15 / SCREENS.md 14-15: tribe picks in the game (T-4.1), secret orders entered by clicks
and keys (an origin tile, x by its key, the target tile; S and Y submit, T-5.2), the turn
resolving through the presenter, results; a human against greedy and two humans hot-seat; the
second human's frame never shows the first human's orders (T-18.2, pixel-identical); save,
quit and continue with an identical digest, also when asked for while the turn resolves. The
games use Origin with `max_turns` 3 (a map property, T-17.4) so they end quickly. The clicks, keys
and whole-game loops are the shared ones of tests/helpers/ui.py.
"""

import shutil
from pathlib import Path

import pygame
import pytest

from game.core.i18n import set_language
from game.core.protocol import Setup
from game.play.session import GameSession
from game.territory import actions as A
from game.territory.state import Phase
from scenes.registry import open_game
from scenes.results import ResultsScene
from scenes.territory_scene import TerritoryScene
from scenes.title import TitleScene
from game.core.i18n import tr
from tests.helpers import ui
from tests.helpers.ui import PASS_CLICK, canvas_bytes, click, hover, key

MAPS = Path(__file__).resolve().parents[3] / "maps" / "territory"


@pytest.fixture
def short_map(data_dir) -> str:
    """Origin with the map property max_turns = 3 (T-17.4), as a user map: games end fast."""
    from game.core.storage import user_maps_dir
    folder = user_maps_dir("territory")
    folder.mkdir(parents=True, exist_ok=True)
    for name in ("territory.tsx", "territory_tiles.png"):
        shutil.copy(MAPS / name, folder / name)
    text = (MAPS / "origin.tmx").read_text(encoding="utf-8").replace(
        '<property name="title" value="Origin"/>',
        '<property name="title" value="Origin (short)"/>\n  <property name="max_turns" type="int" value="3"/>')
    path = folder / "short.tmx"
    path.write_text(text, encoding="utf-8")
    return str(path)


def game_scene(app) -> TerritoryScene:
    return ui.game_scene(app, TerritoryScene)


def tile_pos(scene, i):
    return scene.camera.to_canvas(scene.centre(i))


def enter_arrow(app, scene, choose=0) -> A.Arrow | None:
    """Click an origin, press x's key, click the target: one attack arrow, as a person does."""
    seat = scene.human_seat()
    arrows = [a for a in scene.session.state.legal_actions(seat) if isinstance(a, A.Arrow) and a.x >= 1
              and a.raze == "none"]
    if not arrows:
        return None
    a = arrows[choose % len(arrows)]
    click(app, tile_pos(scene, a.origin))
    assert scene.origin == a.origin
    key(app, getattr(pygame, f"K_{a.x}"))
    assert scene.x_pick == a.x
    click(app, tile_pos(scene, a.tile))
    return a


def human_move(app, scene) -> None:
    """One human step: a tribe pick; or one arrow, then Submit (S) and its confirmation (Y)."""
    seat = scene.human_seat()
    if scene.shown.phase is Phase.PICK:
        rect, _a = scene.pick_rects()[0]
        click(app, rect.center)
        return
    tribe = scene.shown.tribes[seat]
    if not tribe.orders and enter_arrow(app, scene) is not None:
        assert scene.session.state.tribes[seat].orders, "the arrow was not entered"
        return
    key(app, pygame.K_ESCAPE)            # stop drawing the arrow
    key(app, pygame.K_s)
    key(app, pygame.K_y)


def human_turn(app, scene) -> None:
    """`human_move`, then the wait for a turn-ending submit, which resolves in a worker."""
    human_move(app, scene)
    wait_for_resolution(app, scene)


def play_to_results(app) -> None:
    ui.play_to_results(app, TerritoryScene, human_turn, limit=3000, idle=ai_frame)


def to_orders(app, session) -> TerritoryScene:
    """Open `session` and play the tribe picks (AI seats think meanwhile) until seat 0, a
    human, may enter orders."""
    scene = open_game(app, session)
    while scene.shown.phase is Phase.PICK or scene.human_seat() is None:
        if scene.human_seat() is not None:
            human_turn(app, scene)
        else:
            app.step_frames(1)
    return scene


def to_last_submit(app, session) -> TerritoryScene:
    """`to_orders`, one arrow entered by seat 0, and the AI seats' submits in: seat 0's
    submit is the one that resolves the turn."""
    scene = to_orders(app, session)
    enter_arrow(app, scene)
    key(app, pygame.K_ESCAPE)
    while session.state.to_move() != [0]:      # the AI seats submit first
        app.step_frames(1)
    return scene


def ai_frame(app) -> None:
    """One frame while AI seats think: their workers run in real time, so give them a moment
    (a loaded machine would otherwise need thousands of instant frames)."""
    import time
    time.sleep(0.001)
    app.step_frames(1)


def widget_with_text(scene, text: str):
    return next(w for w in scene.widgets.widgets if callable(getattr(w, "text", None)) and w.text() == text)


def start_from_title(app, kinds: tuple[str, ...], seed: int, map_path: str | None = None) -> TerritoryScene:
    """Title -> New game -> lobby -> Start, by posted clicks and keys only: the game Choice
    stepped to Dice for Land, the map Choice to `map_path`, the seed typed, each seat's kind
    stepped (human / AI level), Enter to start (SCREENS.md 15)."""
    from scenes.lobby import SEAT_KINDS, LobbyScene
    from scenes.widgets import Choice, TextField
    if isinstance(app.top, ResultsScene):                # a finished game: its "To title" button
        click(app, widget_with_text(app.top, tr("results.to_title")).rect.center)
        assert isinstance(app.top, TitleScene)
    else:
        assert not app.stack                              # the app starts on the title screen
    lobby = ui.lobby_from_title(app, "territory")         # New game, Game: ... -> Dice for Land
    assert isinstance(lobby, LobbyScene)
    for _ in range(10):                                   # Map: Origin -> the short user map
        if map_path is None or lobby.map == map_path:
            break
        click(app, next(w for w in lobby.widgets.widgets if isinstance(w, Choice) and w.get() == lobby.map).rect.center)
    assert map_path is None or lobby.map == map_path
    field = next(w for w in lobby.widgets.widgets if isinstance(w, TextField) and w.get() == lobby.seed)
    click(app, field.rect.center)
    for _ in range(len(lobby.seed)):
        key(app, pygame.K_BACKSPACE)
    for ch in str(seed):
        key(app, getattr(pygame, f"K_{ch}"), ch)
    key(app, pygame.K_RETURN)                            # leaves the seed field
    assert lobby.seed == str(seed)
    for seat, kind in enumerate(kinds):
        for _ in range(len(SEAT_KINDS)):
            if lobby.kinds[seat] == kind:
                break
            choices = [w for w in lobby.widgets.widgets if isinstance(w, Choice) and w.get() in SEAT_KINDS]
            click(app, choices[seat].rect.center)
    assert tuple(lobby.kinds) == kinds
    key(app, pygame.K_RETURN)                            # Start
    scene = game_scene(app)
    assert scene.session.setup.seats == kinds and scene.session.setup.seed == seed
    return scene


def test_human_against_greedy_from_the_title_by_events(app, short_map):
    scene = start_from_title(app, ("human", "greedy"), 3, short_map)
    session = scene.session
    assert scene.handoff_pending() is None          # one person at the machine: nothing to hide
    play_to_results(app)
    kinds = {type(a) for s, a in session.actions if s == 0}
    assert {A.PickFaction, A.Arrow, A.Submit} <= kinds
    result = session.state.result()
    assert result is not None and result.cause
    # the chart: tiles per seat at each turn start and at the end (replayed)
    assert session.score_history and len(session.score_history[0]) == 2
    assert session.score_history[-1] == tuple(result.scores)


def first_human_then_second(app, choose: int, map_path: str):
    """A two-human game from the title: picks behind the pass-the-device screen, then the
    first human enters arrow `choose` (and leaves an x and a raze choice behind) and submits.
    Returns (arrow, the pass-the-device frame, the second human's first frame)."""
    scene = start_from_title(app, ("human", "human"), 5, map_path)
    assert scene.handoff_pending() == 0              # T-18.2: pass the device before the picks
    for _ in range(10):                               # picks, each behind the pass-the-device screen
        if scene.handoff_pending() is not None:
            click(app, PASS_CLICK)
        elif scene.shown.phase is Phase.ORDERS:
            break
        else:
            human_move(app, scene)
    assert scene.shown.phase is Phase.ORDERS and scene.human_seat() == 0
    entered = enter_arrow(app, scene, choose)
    key(app, pygame.K_r)                              # a raze choice and an x left behind
    key(app, getattr(pygame, f"K_{1 + choose % 6}"))
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_s)
    key(app, pygame.K_y)
    assert scene.session.state.tribes[0].submitted
    assert scene.handoff_pending() == 1
    app.mouse = (1, 1)
    app.step_frames(1)
    hidden = canvas_bytes(app)
    click(app, PASS_CLICK)                            # seat 1 takes the device
    app.mouse = (1, 1)
    app.step_frames(2)
    assert scene.viewer() == 1
    return entered, hidden, canvas_bytes(app)


def test_hot_seat_game_from_the_title_and_the_second_human_never_sees_the_first_humans_orders(app, short_map):
    """Two humans from the title screen to the results. T-18.2: the second human's frame is
    pixel-identical whichever arrow the first human entered (the same game started again
    from the title with another arrow), and so is the pass-the-device screen."""
    a1, hidden1, frame1 = first_human_then_second(app, 0, short_map)
    session = game_scene(app).session
    play_to_results(app)
    assert {s for s, a in session.actions if isinstance(a, A.Arrow)} == {0, 1}
    assert session.state.result() is not None
    a2, hidden2, frame2 = first_human_then_second(app, 7, short_map)
    assert a1 != a2
    assert hidden1 == hidden2
    assert frame1 == frame2


def test_forecast_names_y_chance_and_cost_from_the_rules(app):
    """T-11.4f / T-11.6: the hovered step's y = x + A - D, chance y/6, and its cost."""
    session = GameSession(Setup(seats=("human", "greedy"), seed=3, ruleset="territory"), ["Ada", "Bot"], [0, 1])
    scene = to_orders(app, session)
    arrow = next(a for a in session.state.legal_actions(0) if isinstance(a, A.Arrow) and a.x == 3)
    click(app, tile_pos(scene, arrow.origin))
    key(app, pygame.K_3)
    y, pct, cost = scene.forecast(arrow.tile)
    from game.territory import position
    from game.territory.fights import attack_bonus
    v = scene.shown
    side = v.board.side_between(arrow.tile, arrow.origin)
    expect = 3 + attack_bonus(v, 0, v.owner[arrow.tile], arrow.tile, False, False) - position.defense(v, arrow.tile, 0, side)
    assert y == expect
    assert pct == (0 if y <= 0 else 100 if y >= 6 else round(100 * y / 6))
    click(app, tile_pos(scene, arrow.tile))
    order = session.state.tribes[0].orders[-1]
    assert sum(order.escrow_total()) == cost


def test_save_quit_continue_gives_the_same_digest(app):
    """SCREENS.md 10: Esc, "Save and leave", Continue: the same game (digest and actions) with
    the human's order in escrow, on turn 2. The AI seats have submitted, so nothing moves
    while the human is away."""
    session = GameSession(Setup(seats=("human", "greedy", "greedy"), seed=21, ruleset="territory"),
                          ["Ada", "Bo", "Cy"], [2, 0, 1])
    scene = open_game(app, session)
    for _ in range(5000):
        if scene.shown.phase is Phase.ORDERS and scene.shown.turn >= 2 and scene.human_seat() is not None:
            break
        if scene.human_seat() is not None:
            human_turn(app, scene)
        else:
            ai_frame(app)
    assert enter_arrow(app, scene) is not None        # an order in escrow is part of the save
    while session.state.to_move() != [0]:             # the AI seats' orders are in
        ai_frame(app)
    orders = session.state.tribes[0].orders
    assert orders
    resumed = ui.save_quit_continue(app, scene, TerritoryScene)
    assert resumed.session.state.tribes[0].orders == orders
    # the log counts turns, as the top bar does (the shared line said "round")
    assert resumed.log.entries[-1].line() == f"Game resumed in turn {resumed.shown.turn}."
    from game.play.saves import latest_autosave, read_save, restore
    assert restore(read_save(latest_autosave())).digest() == session.state.digest()


def test_save_and_leave_while_the_turn_resolves_saves_the_resolved_turn(app):
    """SCREENS.md 10 with T-5: "Save and leave" asked for while the last submit resolves in the
    worker waits for it, so the save holds the resolved turn (the last seat is not asked to
    submit again). The worker is held until the menu's button has been clicked."""
    import threading
    from game.play.saves import latest_autosave, read_save, restore
    from scenes.territory import resolver
    session = GameSession(Setup(seats=("human", "greedy", "greedy"), seed=3, ruleset="territory"),
                          ["Ada", "Bo", "Cy"], [0, 1, 2])
    scene = to_last_submit(app, session)
    expected = session.state.clone()
    expected.apply(0, A.SUBMIT)
    gate = threading.Event()
    resolver.pool().submit(gate.wait)           # hold the worker: the resolution waits behind it
    key(app, pygame.K_s)
    key(app, pygame.K_y)
    assert scene.resolving
    key(app, pygame.K_ESCAPE)                   # the pause menu, the turn still resolving
    assert scene.resolving and app.top is not scene
    release = threading.Timer(0.05, gate.set)   # the click below blocks until the worker is done
    release.start()
    click(app, app.top.widgets.widgets[3].rect.center)          # Save and leave
    release.join()
    assert isinstance(app.top, TitleScene) and not scene.resolving
    assert session.state.digest() == expected.digest()
    assert restore(read_save(latest_autosave())).digest() == expected.digest()
    click(app, app.top.widgets.widgets[1].rect.center)          # Continue
    resumed = game_scene(app)
    assert resumed.session.actions[len(session.actions) - 1] == (0, A.SUBMIT)
    assert resumed.session.state.turn == expected.turn
    assert 0 in resumed.session.state.to_move()  # seat 0 orders again: for the next turn


def test_removing_an_order_by_its_cross_refunds_it(app):
    session = GameSession(Setup(seats=("human", "greedy"), seed=3, ruleset="territory"), ["Ada", "Bot"], [0, 1])
    scene = to_orders(app, session)
    res = list(session.state.tribes[0].res)
    enter_arrow(app, scene)
    assert session.state.tribes[0].res != res
    key(app, pygame.K_ESCAPE)
    rect, _order = scene.order_rows()[0]
    click(app, rect.center)
    assert not session.state.tribes[0].orders
    assert session.state.tribes[0].res == res


def test_refusal_shows_its_reason(app):
    session = GameSession(Setup(seats=("human", "greedy"), seed=3, ruleset="territory"), ["Ada", "Bot"], [0, 1])
    scene = open_game(app, session)
    app.step_frames(1)
    before = session.state.digest()
    scene.act(A.SUBMIT)                 # during the picks only pick_faction is legal
    assert session.state.digest() == before
    assert scene.toast and scene.toast[0]


def test_rules_pages_fit_in_both_languages(app):
    for lang in ("en", "zh"):
        assert len(ui.rules_pages_fit(app, "territory", lang)) == 7


def test_T_12_2_tribes_page_quotes_the_split_limits_of_the_rules_data():
    """T-12.2 with D42: the tribes help page states the per-faction split limits (3, Pioneer 5,
    Tide 40) from the rules data, so a retuned [P] never leaves the help wrong."""
    from game.territory.constants import SPLIT_LIMIT
    from scenes.help import PAGES
    page = next(p for p in PAGES["territory"] if p.key == "tr_tribes")
    assert (SPLIT_LIMIT["default"], SPLIT_LIMIT["pioneer"], SPLIT_LIMIT["tide"]) == (3, 5, 40)
    for lang in ("en", "zh"):
        set_language(lang)
        try:
            body = page.body()
        finally:
            set_language("en")
        assert "{" not in body
        for number in ("3", "5", "40"):
            assert number in body, (lang, number)
    assert "after 3 turn ends" in page.body() and "(Pioneer 5, Tide 40)" in page.body()


def test_a_turn_resolves_step_by_step_at_normal_speed(app, short_map):
    """T-23: at 1x the resolution plays one beat at a time (every sound and animation of the
    presenter table runs), the board follows each captured tile, and the end state is shown."""
    session = GameSession(Setup(seats=("human", "greedy", "greedy"), seed=3, map=short_map, ruleset="territory"),
                          ["Ada", "Bo", "Cy"], [0, 1, 2])
    scene = to_last_submit(app, session)
    app.settings.speed = 1
    expected = session.state.clone()
    expected.apply(0, A.SUBMIT)                # the same resolution, on the calling thread
    key(app, pygame.K_s)
    key(app, pygame.K_y)
    take_resolution(scene)
    assert scene.timeline.busy
    assert session.state.digest() == expected.digest()
    seen_busy = 0
    for _ in range(20000):
        if not scene.timeline.busy:
            break
        seen_busy += 1
        app.step_frames(1)
    assert seen_busy > 30
    assert scene.shown.turn == session.state.turn or session.state.result() is not None


def wait_for_resolution(app, scene) -> None:
    """Frames until the worker's resolution is in (a real-time wait: it runs on a thread)."""
    import time
    deadline = time.monotonic() + 30
    while scene.resolving and time.monotonic() < deadline:
        time.sleep(0.002)
        app.step_frames(1)
    assert not scene.resolving


def take_resolution(scene) -> None:
    """Wait for the worker and take its resolution as the frame loop does, but outside a
    frame: for a digest compared right after it. In the frame that takes it the turn driver
    runs too, and the AI seats (pace 0) may already enter their first order of the next turn
    when a thread finishes quickly: that race once made the digests differ on a loaded CI
    machine."""
    assert scene.finish_resolution(wait=True) and not scene.resolving


def test_the_turn_resolves_in_a_worker_while_frames_go_on(app):
    """The last submit of a turn runs RESOLVE/END/START (T-5) in a worker on a copy of the
    session: meanwhile nobody may act or undo and the shown view stays as it was; then the
    copy becomes the session, with the same digest as applying on the main thread."""
    session = GameSession(Setup(seats=("human", "greedy", "greedy"), seed=3, ruleset="territory"),
                          ["Ada", "Bo", "Cy"], [0, 1, 2])
    scene = to_last_submit(app, session)
    expected = session.state.clone()
    expected.apply(0, A.SUBMIT)
    shown, n = scene.shown, len(session.actions)
    import threading
    gate = threading.Event()
    from scenes.territory import resolver
    resolver.pool().submit(gate.wait)           # hold the worker so the frames below come first
    key(app, pygame.K_s)
    key(app, pygame.K_y)
    assert scene.resolving and scene.human_seat() is None and not scene.can_undo()
    app.step_frames(3)
    assert scene.resolving and scene.shown is shown and len(session.actions) == n
    assert session.state.turn == expected.turn - 1
    gate.set()
    take_resolution(scene)
    assert session.state.digest() == expected.digest()
    assert session.actions[-1] == (0, A.SUBMIT) and len(session.actions) == n + 1
    from game.play.saves import latest_autosave, read_save, restore
    scene.flush_saves()                           # the autosave after it, written by the worker
    assert restore(read_save(latest_autosave())).digest() == expected.digest()


def test_tech_menu_and_tile_orders_enter_orders_by_clicks(app):
    """T-9 / T-8: T opens the tech tree (researchable rows first, the rest greyed with their
    prerequisites); a click on a row enters that order. B lists the selected tile's orders."""
    from scenes.territory.dialogs import OrderMenu
    session = GameSession(Setup(seats=("human", "greedy"), seed=3, ruleset="territory"), ["Ada", "Bot"], [0, 1])
    scene = to_orders(app, session)
    app.mouse = scene.panel_rect(1).center               # the other tribe's panel tooltip draws
    app.step_frames(1)
    key(app, pygame.K_t)
    menu = app.top
    assert isinstance(menu, OrderMenu) and menu.kind == "tech"
    rows = menu.row_rects()
    assert any(r[2] is None for _rect, r in rows)         # techs not yet open are listed too
    rect, (_label, _cost, action) = next((rc, r) for rc, r in rows if r[2] is not None)
    click(app, rect.center)
    assert app.top is scene
    assert any(o.action == action for o in session.state.tribes[0].orders) or session.state.tribes[0].priority != "gme"
    build_tile = next((a.tile for a in session.state.legal_actions(0) if isinstance(a, A.Build)), None)
    assert build_tile is not None
    click(app, tile_pos(scene, build_tile))
    key(app, pygame.K_b)
    menu = app.top
    assert isinstance(menu, OrderMenu) and menu.kind == "tile"
    rect, (_label, _cost, action) = menu.row_rects()[0]
    click(app, rect.center)
    assert session.state.tribes[0].orders[-1].action == action


def test_replay_plays_a_territory_save_to_the_same_end(app, short_map):
    from scenes.replay import start_replay
    from scenes.territory.smoke import agents_for, greedy_step
    session = GameSession(Setup(seats=("greedy", "greedy", "greedy"), seed=2, map=short_map, ruleset="territory"),
                          ["A", "B", "C"], [0, 1, 2])
    agents = agents_for(session)
    while session.state.result() is None:
        greedy_step(session, agents)
    start_replay(app, session.to_save())
    scene = next(s for s in app.stack if isinstance(s, TerritoryScene))
    for _ in range(5000):
        if scene.session.state.result() is not None:
            break
        ai_frame(app)                                  # each turn resolves in the worker
    assert scene.session.state.digest() == session.state.digest()


def test_volcano_smokes_from_its_announcement_to_its_eruption(app):
    """T-15.1 D22 / D28: the announced volcano tile smokes on the board; after the eruption
    it is dormant (the presenter's beats change the shown view as they start). The AI seat
    submits first: its orders arriving from its worker between the frames would show a fresh
    view (it failed once so under load)."""
    from game.territory import events as E
    from scenes.territory.presenters import on_disaster
    session = GameSession(Setup(seats=("human", "greedy"), seed=3, ruleset="territory"), ["Ada", "Bot"], [0, 1])
    scene = to_orders(app, session)
    while session.state.to_move() != [0]:       # the AI seat's orders are in
        ai_frame(app)
    app.step_frames(2)
    volcano = scene.shown.board.volcanoes[0]
    app.mouse = (1, 1)
    app.step_frames(1)
    calm = pygame.image.tobytes(app.canvas, "RGB")
    on_disaster(scene, E.Disaster("volcano", 5, volcano, 6)).apply()
    assert scene.shown.volcano == volcano
    app.step_frames(1)
    assert pygame.image.tobytes(app.canvas, "RGB") != calm
    on_disaster(scene, E.Disaster("eruption", 6, volcano, 6)).apply()
    assert scene.shown.volcano == -1


def test_ai_seats_take_view_and_legal_actions_from_a_clone_in_their_worker():
    """Frame time (SCREENS.md 16): starting an AI seat's decision clones the state on the main
    thread and nothing more; the worker enumerates the legal actions of its own clone."""
    from scenes.territory.resolver import OffFrameDriver
    session = GameSession(Setup(seats=("greedy",) * 3, seed=3, ruleset="territory"), ["A", "B", "C"], [0, 1, 2])
    submitted = []

    class Recorder:
        def submit(self, fn, *args):
            submitted.append((fn, args))
            from concurrent.futures import Future
            return Future()

    calls = []
    real = type(session.state).legal_actions
    type(session.state).legal_actions = lambda self, seat: calls.append(self) or real(self, seat)
    try:
        driver = OffFrameDriver(session, True, executor_factory=lambda n: Recorder())
        seat = session.state.to_move()[0]
        driver._start(seat)
        assert calls == []                               # nothing enumerated on the main thread
        fn, (agent, state, s) = submitted[0]
        assert s == seat and agent is session.agents[seat]
        assert state is not session.state and state.digest() == session.state.digest()
        action = fn(agent, state, seat)
        assert calls == [state]                          # the clone, in the worker
        assert session.state.reason(seat, action) is None
    finally:
        type(session.state).legal_actions = real


def test_commit_point_autosaves_are_written_by_the_worker_and_flushed_on_leaving(app):
    """Saves (SCREENS.md 10) at every commit point: taken on the main thread, written in the
    worker; leaving the screen waits for the write, so the file holds the game as it was left.

    Two people, no AI seat: with one, the click's two frames let the AI pick and, when its
    worker thread happened to finish at once (it did under load), also enter its first order;
    an order is no commit point, so the file rightly held the game before it and the digests
    differed. Nobody acts here without an input, so the game left is the commit point's."""
    import threading
    from game.play.saves import latest_autosave, read_save, restore
    from scenes.territory import resolver
    session = GameSession(Setup(seats=("human", "human"), seed=3, ruleset="territory"), ["Ada", "Bea"], [0, 1])
    scene = open_game(app, session)
    assert scene.handoff_pending() == 0
    click(app, PASS_CLICK)                        # Ada takes the device
    gate = threading.Event()
    resolver.pool().submit(gate.wait)             # hold the worker: the write must wait for it
    try:
        human_move(app, scene)                    # the tribe pick: a commit point
        assert len(session.actions) == 1
        assert scene._saving is not None and not scene._saving.done()
        digest = session.state.digest()
    finally:
        gate.set()                                # (a failure must not leave the worker held)
    app.stack.remove(scene)
    scene.leave()
    assert scene._saving is None and len(session.actions) == 1
    assert latest_autosave() == session.save_path
    assert restore(read_save(latest_autosave())).digest() == digest


def test_an_ai_tribe_submitting_leaves_the_persons_picked_tile_alone(app):
    """T-5.2 simultaneous orders: the AI tribes submit while the person enters orders. Their
    Submit cleared the person's picked tile, so a click on the target it had offered did
    nothing (seen in a real window: the arrow was never entered)."""
    session = GameSession(Setup(seats=("human", "greedy", "greedy"), seed=7, ruleset="territory"),
                          ["A", "B", "C"], [0, 1, 2])
    scene = to_orders(app, session)
    origin = min(scene.origins())
    click(app, tile_pos(scene, origin))
    assert scene.origin == origin and scene.next_tiles()
    while session.state.to_move() != [0]:          # both AI tribes submit meanwhile
        ai_frame(app)
    assert scene.origin == origin and scene.next_tiles()
    target = min(scene.next_tiles())
    click(app, tile_pos(scene, target))
    assert [o.action.tile for o in session.state.tribes[0].orders if isinstance(o.action, A.Arrow)] == [target]


def test_the_picked_x_frame_stays_under_a_button_tooltip(app):
    """SCREENS.md (nothing overlapping): the picked x's frame is a mark on its button, drawn
    with the buttons and under their tooltips (it showed through the Tech button's tip)."""
    from scenes import theme
    from scenes.widgets import Button
    session = GameSession(Setup(seats=("human", "greedy"), seed=3, ruleset="territory"), ["Ada", "Bot"], [0, 1])
    scene = to_orders(app, session)
    while session.state.to_move() != [0]:       # the AI seat's orders are in: nothing moves
        ai_frame(app)
    scene.x_pick = 3
    tech = next(w for w in scene.widgets.widgets if isinstance(w, Button) and w.hotkey == pygame.K_t)
    hover(app, tech.rect.center)
    app.step_frames(1)
    tip = app.draw_tooltip(pygame.Surface(app.canvas.get_size()), tech.tooltip_text(), tech.rect)
    frame = pygame.Rect(391 + 1 + 21 * 3, 291, 21, 20)
    over = tip.clip(frame)
    assert over.width and over.height                # the tip covers part of the frame here
    strawy = [(x, y) for x in range(over.left, over.right) for y in range(over.top, over.bottom)
              if app.canvas.get_at((x, y))[:3] == theme.STRAW]
    assert strawy == []
