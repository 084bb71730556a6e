"""Domiplotism in the window (issue 14), driven only through posted pygame events.

Whole games (one human against greedy AIs, three humans hot-seat from the lobby), save ->
quit -> continue with the same digest, and the secrecy test (H-2, H-3): seat A's screen drawn
twice, with seat B's hand, B's face-down card and the deck order changed, is pixel-identical.
"""

import pygame

from game.core.i18n import tr
from game.core.protocol import Setup
from game.domiplot import actions as A
from game.domiplot.state import Phase
from game.play.saves import latest_autosave, read_save
from game.play.session import GameSession
from scenes.domiplot.art import kind_name
from scenes.domiplot_scene import DomiplotScene
from scenes.registry import open_game
from scenes.smoke import advance
from tests.helpers import ui
from tests.helpers.ui import PASS_CLICK, click, drag, game_scene, key, lobby_from_title, wait_for_human

SHORT = {"max_rounds": 4}          # E-6: a short game keeps each test well under a minute


def region_point(app, scene: DomiplotScene, region: int):
    """A canvas point inside `region`, panning the camera by drags until one is in view."""
    view = scene.camera.view.inflate(-24, -24)   # away from the edge-scroll band
    for _ in range(12):
        for c, r in scene.cells[region]:
            p = scene.camera.to_canvas((c * 16 + 8, r * 16 + 8))
            if view.collidepoint(p):
                return p
        tx, ty = scene.camera.to_canvas(scene.board.regions[region].label)
        dx = max(-100, min(100, tx - view.centerx))
        dy = max(-80, min(80, ty - view.centery))
        drag(app, view.center, (view.centerx - dx, view.centery - dy))
    raise AssertionError(f"region {region} never came into view")


def click_button(app, panel, index: int) -> None:
    click(app, panel.widgets.widgets[index].rect.center)


def card_point(scene: DomiplotScene, card: int) -> tuple[int, int]:
    """Where a person clicks a card of the hand: on its visible part. A long hand overlaps,
    each card covering the left of the one before it, so a card's centre may lie on the next."""
    rects = scene.hand_rects()
    i = [c for c, _ in rects].index(card)
    rect = rects[i][1]
    right = rects[i + 1][1].x if i + 1 < len(rects) else rect.right
    return ((rect.x + min(right, rect.right)) // 2, rect.centery)


def human_move(app, scene: DomiplotScene) -> None:
    """One decision by clicks, as a person would make it."""
    seat = scene.human_seat()
    view = scene.shown
    assert view == scene.session.state.view(seat)      # H-3: exactly the acting human's view
    legal = scene.session.state.legal_actions(seat)
    phase = view.phase
    if phase in (Phase.PROTECT, Phase.CHOOSE_TARGET):
        region = legal[(len(scene.session.actions) * 7) % len(legal)].region
        click(app, region_point(app, scene, region))
        return
    if phase is Phase.BATTLE:
        placed = sum(1 for p in view.piles for _, placer, _ in p if placer == seat)
        own = [a for a in legal if isinstance(a, A.Place) and a.pile in (seat, None) and not a.face_down]
        if placed < 3 and own:
            card = own[0].card
            click(app, card_point(scene, card))
            assert scene.selected == card
            key(app, pygame.K_p)
            if scene.picker is not None:                  # gong / recall target
                click_button(app, scene.picker, 0)
        else:
            key(app, pygame.K_x)                          # pass
        return
    prompt = scene.decision_prompt()
    assert prompt is not None, phase
    if phase is Phase.JOIN:
        joins = [a for a in legal if isinstance(a, A.Join)]
        if not joins or len(scene.session.actions) % 5 == 4:
            click_button(app, prompt, len(prompt.widgets.widgets) - 2)   # stay out
            return
        need = len(joins[0].discards)
        lines = prompt.lines()          # M-3: what joining costs, once ("discard 0 cards" and "costs nothing" read twice)
        assert (tr("dp.join_free") in lines) == (need == 0) and (tr("dp.join_cost", n=need) in lines) == (need > 0)
        for card, rect in list(scene.hand_rects())[:need]:
            click(app, card_point(scene, card))
        assert len(scene.discards) == need
        click_button(app, prompt, 0)
        return
    click_button(app, prompt, 0)       # accept / allow / propose / vote yes


def play_to_results(app, limit=3000) -> int:
    """Play until the results screen; returns how many pass-the-device screens were shown."""
    return ui.play_to_results(app, DomiplotScene, human_move, limit)


def test_human_against_greedy_by_events(app):
    session = GameSession(Setup(seats=("human", "greedy", "greedy"), seed=5, ruleset="domiplot", options=SHORT),
                          ["Ada", "Bao", "Chen"], [0, 1, 2])
    open_game(app, session)
    assert play_to_results(app) == 0          # one person: nobody to hide from
    assert {seat for seat, _ in session.actions} == {0, 1, 2}
    assert session.state.result() is not None
    assert read_save(latest_autosave()).finished
    results = app.top
    assert results.cause_text().strip() == tr(f"domiplot.end_short.{session.state.result().cause}")
    assert len(results.history) >= session.state.round          # a point per round (section 22 chart)
    assert results.history[-1] == tuple(session.state.solo_counts())


def test_three_humans_hot_seat_from_the_lobby(app):
    lobby = lobby_from_title(app, "domiplot")
    add = next(w for w in lobby.widgets.widgets if getattr(w, "text", None) and w.text() == "Add player")
    click(app, add.rect.center)
    for i in range(3):
        while lobby.kinds[i] != "human":
            choice = [w for w in lobby.widgets.widgets if getattr(w, "get", None) and w.get() == lobby.kinds[i]]
            click(app, [c for c in choice if c.rect.y == 140 + 28 * i][0].rect.center)
    key(app, pygame.K_RETURN)        # Start
    scene = game_scene(app, DomiplotScene)
    assert scene.session.setup.seats == ("human", "human", "human")
    handoffs = play_to_results(app)
    assert handoffs >= 3              # every change of the person at the machine was covered
    assert scene.session.state.result() is not None


def _battle_session(seed: int) -> GameSession:
    """Seat 0 (human) to play in a battle where another seat has a face-down card."""
    session = GameSession(Setup(seats=("human", "greedy", "greedy"), seed=seed, ruleset="domiplot"),
                          ["Ada", "Bao", "Chen"], [0, 1, 2])

    def ready(_events) -> bool:
        st = session.state
        return (st.phase is Phase.BATTLE and st.actor == 0 and
                any(fd and placer != 0 for pile in st.piles for _, placer, fd in pile))
    advance(session, ready)
    assert ready([]), "no battle with a hidden card found for this seed"
    return session


def _frame(app, session: GameSession) -> bytes:
    scene = open_game(app, session)
    app.mouse = (600, 350)
    scene.selected = None
    app.step_frames(2)
    return ui.canvas_bytes(app)


def test_secrecy_other_hand_face_down_card_and_deck_order_never_show(app):
    base = _battle_session(2)
    state = base.state
    other = next(placer for pile in state.piles for _, placer, fd in pile if fd and placer != 0)
    twin = state.clone()
    # seat B's hand and its face-down card swapped for cards from the deck; the deck reversed
    hand, deck = twin.hands[other], twin.deck
    n = min(len(hand), len(deck))
    hand[:n], deck[:n] = sorted(deck[:n]), hand[:n]
    twin.hands[other] = sorted(hand)
    for p, pile in enumerate(twin.piles):
        for i, (card, placer, fd) in enumerate(pile):
            if fd and placer == other:
                pile[i], deck[-1] = (deck[-1], placer, fd), card
    twin.deck.reverse()
    assert twin.hands[other] != state.hands[other] and twin.deck != state.deck
    assert twin.view(0) == state.view(0)                    # the rules agree: nothing of it shows
    changed = GameSession(base.setup, base.names, base.colours)
    changed.state, changed.actions = twin, list(base.actions)
    assert _frame(app, base) == _frame(app, changed)
    # control: a change seat A may see (its own hand) does change the picture
    mine = state.clone()
    j = next(i for i, c in enumerate(mine.deck) if kind_name(c) != kind_name(mine.hands[0][0]))
    mine.hands[0][0], mine.deck[j] = mine.deck[j], mine.hands[0][0]
    mine.hands[0].sort()
    control = GameSession(base.setup, base.names, base.colours)
    control.state, control.actions = mine, list(base.actions)
    assert _frame(app, control) != _frame(app, base)


def test_hot_seat_pass_screen_hides_everything(app):
    session = GameSession(Setup(seats=("human", "human", "greedy"), seed=9, ruleset="domiplot", options=SHORT),
                          ["Ada", "Bao", "Chen"], [0, 1, 2])
    scene = open_game(app, session)
    app.step_frames(1)
    seat = scene.handoff_pending()
    assert seat is not None
    frame = ui.canvas_bytes(app)
    twin = session.state.clone()
    twin.hands[seat], twin.deck[:len(twin.hands[seat])] = twin.deck[:len(twin.hands[seat])], twin.hands[seat]
    session.state = twin
    app.step_frames(1)
    assert ui.canvas_bytes(app) == frame
    click(app, PASS_CLICK)
    assert scene.handoff_pending() is None and scene.shown.hand == tuple(twin.hands[seat])


def test_save_quit_continue_gives_the_same_digest(app):
    session = GameSession(Setup(seats=("human", "greedy", "greedy", "greedy"), seed=21, ruleset="domiplot"),
                          ["Ada", "Bo", "Cy", "Di"], [2, 0, 1, 3])
    scene = open_game(app, session)
    ui.play_for(app, scene, human_move, 40)
    resumed = ui.save_quit_continue(app, scene, DomiplotScene)
    assert resumed.session.colours == [2, 0, 1, 3]


def test_refused_action_shows_its_reason(app):
    session = GameSession(Setup(seats=("human", "greedy"), seed=3, ruleset="domiplot"), ["Ada", "Bao"], [0, 1])
    scene = open_game(app, session)
    app.step_frames(1)
    wait_for_human(app, scene)
    before = session.state.digest()
    scene.act(A.PASS if scene.shown.phase is not Phase.BATTLE else A.PROPOSE)
    assert session.state.digest() == before
    assert scene.toast


def test_rules_pages_fit_and_are_complete_in_both_languages(app):
    from game.core.i18n import set_language
    from scenes.help import PAGES
    assert 5 <= len(PAGES["domiplot"]) <= 7
    for lang in ("en", "zh"):
        for page in ui.rules_pages_fit(app, "domiplot", lang):
            for part in ("title", "body"):
                k = f"help.{page.key}.{part}"
                assert tr(k, "en") != k and tr(k, "zh") != k and tr(k, "en") != tr(k, "zh")
    set_language("en")


def test_place_forecast_counts_what_the_player_sees(app):
    """Section 22: before placing, the Place button's tooltip gives the pile's total now and
    after (K rules on the visible cards)."""
    from game.domiplot.constants import CARD_KIND, IS_ARMY
    session = _battle_session(2)
    scene = open_game(app, session)
    app.step_frames(1)
    army = [c for c in scene.shown.hand if IS_ARMY[CARD_KIND[c]]]
    scene.selected = army[0]
    now = scene.pile_terms_seen(0)[4]
    text = scene.place_forecast("")
    assert f"{now} → " in text
    after = int(text.rsplit("→", 1)[1])
    assert after > now or scene.pile_terms_seen(0)[6] in ("mountain", "city")


def test_every_event_animates_and_logs_in_both_languages(app):
    """Presenter table (section 19 events): each event, in each of its causes, gives a beat
    whose animations draw at several moments and whose log lines translate, in EN and 中文."""
    import dataclasses
    import typing

    from game.core.i18n import set_language
    from game.domiplot import events as E
    from tests.scenes.board.test_presenter import event_classes

    session = _battle_session(2)
    scene = open_game(app, session)
    app.step_frames(1)
    causes = {E.CardsDiscarded: ("tally", "stones", "terrain", "distance", "surrender"),
              E.CardReturned: ("gong", "recall", "refused"), E.BattleEnded: ("command", "all_out")}
    values = {"region": 9, "previous": 5, "card": 10, "cards": (10, 20, None), "terrain": "plain",
              "mode": "open", "defenders": (1,), "owners": (0, 1), "planted": (0, 1), "removed": (2,),
              "freed": (3,), "shared": (4,), "count": 5, "distance": 1, "round": 3, "terrains": ("plain",) * 3,
              "seats": (0, 1, 2), "army": (4, 0, 6), "drum": (1, 1, 2), "bonus": (3, 0, 0), "heroes": (0, 10, 0),
              "totals": (7, 10, 12), "winner": 2, "loser": 0, "winners": (0,), "scores": (1, 0, 0)}
    canvas = pygame.Surface((640, 360))
    classes = event_classes("domiplot")
    assert len(classes) >= 30
    for lang in ("en", "zh"):
        set_language(lang)
        for cls in classes:
            handler = scene.presenters[cls]
            if handler is None:
                continue
            for cause, flag in [(c, f) for c in causes.get(cls, (None,)) for f in (True, False)]:
                kwargs = {}
                for f in dataclasses.fields(cls):
                    if f.name == "cause" and cause is not None:
                        kwargs[f.name] = cause
                    elif f.name in values:
                        kwargs[f.name] = values[f.name]
                    else:
                        hint = str(typing.get_type_hints(cls).get(f.name))
                        kwargs[f.name] = (flag if "bool" in hint else "E-3" if "str" in hint else 1)
                beat = handler(scene, cls(**kwargs))
                if beat is None:
                    continue
                for line in beat.log:
                    text = line()
                    assert text and not text.startswith(("dp.", "domiplot.")), (cls.__name__, cause, text)
                for anim in beat.anims:
                    for _ in range(4):
                        anim.update(0.25)
                        anim.draw(canvas)
    set_language("en")


def _gong_ready(seed: int):
    """Seat 0 (human) to play, holding a gong, with an army card of its own on the table."""
    from game.ai import make_agent
    from game import rulesets
    from game.domiplot.constants import CARD_KIND, IS_ARMY
    from scenes.domiplot.art import kind_name
    session = GameSession(Setup(seats=("human", "greedy"), seed=seed, ruleset="domiplot"), ["Ada", "Bao"], [0, 1])
    bot = make_agent("greedy", rulesets.get("domiplot"), 1, seed)
    for _ in range(400):
        st = session.state
        if st.result() is not None:
            return None
        seat = session.next_seat()
        legal = st.legal_actions(seat)
        if seat == 1:
            session.apply(1, bot.choose(st.view(1), legal))
            continue
        if st.phase is Phase.BATTLE:
            mine = [c for c, p, _ in st.piles[0] if p == 0 and IS_ARMY[CARD_KIND[c]]]
            if mine and any(kind_name(c) == "gong" for c in st.hands[0]):
                return session
            army = [a for a in legal if isinstance(a, A.Place) and a.pile == 0 and not a.face_down
                    and IS_ARMY[CARD_KIND[a.card]]]
            session.apply(0, army[0] if army else A.PASS)
            continue
        joins = [a for a in legal if isinstance(a, A.Join)]
        session.apply(0, joins[0] if joins else legal[0])
    return None


def test_gong_picker_takes_a_chosen_card_back(app):
    """F-2: placing a gong asks which of your army cards comes back (or none), by clicks."""
    session = next(s for s in (_gong_ready(seed) for seed in range(1, 30)) if s is not None)
    scene = open_game(app, session)
    app.step_frames(1)
    gong = next(c for c in scene.shown.hand if kind_name(c) == "gong")
    click(app, card_point(scene, gong))
    key(app, pygame.K_p)
    assert scene.picker is not None and scene.picker.key == ("pick", "gong")
    labels = [w.text() for w in scene.picker.widgets.widgets]
    assert labels[-1] == "Cancel" and any(t.startswith("Take back") for t in labels)
    target = next(i for i, t in enumerate(labels) if t.startswith("Take back"))
    n = len(session.actions)
    click_button(app, scene.picker, target)
    assert scene.picker is None
    seat, action = session.actions[n]                            # the AI may have moved since
    assert seat == 0 and isinstance(action, A.Place) and action.card == gong
    assert action.gong_target is not None and kind_name(action.gong_target) != "gong"
