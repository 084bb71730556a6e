"""Dice for Land's hints say what a key does and what a number counts, in plain words.

The selected tile's hint read "(16,3): click a marked tile to attack; B: 7 orders": a player
could not tell that B is the Build button nor what the 7 counted.
"""

import re

import pygame
import pytest

from game.core.i18n import set_language, tr
from game.core.protocol import Setup
from game.play.session import GameSession
from game.territory import actions as A
from tests.helpers.ui import click, key
from tests.scenes.territory.test_territory_ui import tile_pos, to_orders

BUILD_WORD = {"en": "build", "zh": "建造"}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_selected_tile_hint_names_the_build_button_and_what_it_counts(app, lang):
    set_language(lang)
    session = GameSession(Setup(seats=("human", "greedy"), seed=3, ruleset="territory"), ["Ada", "Bot"], [0, 1])
    scene = to_orders(app, session)
    tile = next(a.tile for a in session.state.legal_actions(0) if isinstance(a, A.Build))
    click(app, tile_pos(scene, tile))
    assert scene.origin == tile
    n = len(scene.tile_orders(tile))
    hint = scene.hint()
    assert not re.search(r"B[:：]\s*\d+", hint), hint        # the terse "B: 7 orders"
    assert "order" not in hint and "命令" not in hint, hint   # what it counts, not a rules word
    assert BUILD_WORD[lang] in hint and str(n) in hint, hint
    key(app, pygame.K_b)                                       # and B does open those orders
    assert getattr(app.top, "kind", None) == "tile"


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_tile_with_nothing_to_build_says_so_without_a_count(lang):
    from scenes.territory_scene import origin_hint
    set_language(lang)
    for attack in (True, False):
        hint = origin_hint("(3,4)", attack, 0)
        assert "0" not in hint and "B" not in hint, hint
        assert BUILD_WORD[lang] in hint, hint


def test_build_button_is_grey_with_a_reason_without_a_tile_or_anything_to_build(app):
    set_language("en")
    session = GameSession(Setup(seats=("human", "greedy"), seed=3, ruleset="territory"), ["Ada", "Bot"], [0, 1])
    scene = to_orders(app, session)
    assert scene.origin is None and not scene.can_build()
    assert scene.why_not_build() == tr("territory.ui.build_no_tile")
    tile = next(a.tile for a in session.state.legal_actions(0) if isinstance(a, A.Build))
    click(app, tile_pos(scene, tile))
    assert scene.can_build()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_order_button_names_its_key_in_its_tooltip(app, lang):
    """Tech, Magic, Diplomacy and Build had keys (T, M, D, B) but no tooltip to tell them."""
    set_language(lang)
    session = GameSession(Setup(seats=("human", "greedy"), seed=3, ruleset="territory"), ["Ada", "Bot"], [0, 1])
    scene = to_orders(app, session)
    for hotkey in (pygame.K_t, pygame.K_m, pygame.K_d, pygame.K_b, pygame.K_s, pygame.K_r):
        button = next(w for w in scene.widgets.widgets if getattr(w, "hotkey", None) == hotkey)
        tip = button.tooltip_text()
        assert f"({pygame.key.name(hotkey).upper()})" in tip or f"（{pygame.key.name(hotkey).upper()}）" in tip, tip


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_click_with_an_x_the_tile_refuses_says_which_key_to_press(app, lang):
    """'x here may be: 0' on a tile that can only be crossed: now it says to press 0 first."""
    set_language(lang)
    session = GameSession(Setup(seats=("human", "greedy"), seed=3, ruleset="territory"), ["Ada", "Bot"], [0, 1])
    session.apply(0, A.PickFaction("tide"))     # Tide's start: sea next to it, crossed only (x = 0)
    scene = to_orders(app, session)
    arrows = [a for a in session.state.legal_actions(0) if isinstance(a, A.Arrow)]
    by_tile: dict = {}
    for a in arrows:
        by_tile.setdefault((a.origin, a.tile), set()).add(a.x)
    origin, tile = next(k for k, xs in by_tile.items() if xs == {0})
    click(app, tile_pos(scene, origin))
    key(app, pygame.K_3)
    click(app, tile_pos(scene, tile))
    assert scene.toast is not None
    assert scene.toast[0] == tr("territory.ui.x_cross_only")
    assert "0" in scene.toast[0]
    assert not session.state.tribes[0].orders


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_an_entered_order_log_line_keeps_escrow_with_its_amount(app, lang):
    """'Player 1: Arrow (22,6)→(22,5) cross (escrow' / '0).': the amount wrapped alone."""
    from scenes.territory_scene import LOG
    set_language(lang)
    for pad in range(40):
        line = tr("territory.log.entered", who="P" * (1 + pad % 12), order="Arrow (22,6)→(22,5) cross" + " x" * (pad // 12),
                  cost="0")
        for width in (LOG.width - 12, LOG.width - 16):
            lines = app.text.wrap(line, width)
            assert not any(ln.endswith(("escrow", "预留")) for ln in lines), lines


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_undo_is_logged_in_the_games_own_word_order(app, lang):
    """Dice for Land logged 'Ada took back the last move.': its players enter orders."""
    from tests.scenes.territory.test_territory_ui import enter_arrow
    set_language(lang)
    session = GameSession(Setup(seats=("human", "greedy"), seed=3, ruleset="territory"), ["Ada", "Bot"], [0, 1])
    scene = to_orders(app, session)
    while session.state.to_move() != [0]:      # the AI's orders in first: ours is the last action
        app.step_frames(1)
    assert enter_arrow(app, scene) is not None
    key(app, pygame.K_ESCAPE)
    assert scene.can_undo()
    key(app, pygame.K_u)
    lines = [e.line() for e in scene.log.entries]
    assert tr("territory.log.undo", name="Ada") in lines
    assert tr("log.undo", name="Ada") not in lines


WHYS = ("start", "raze", "plunder", "archaeology", "gift", "tribute", "vassal", "treasure", "stolen", "steal",
        "goblin_empire")


def test_every_cause_of_a_gain_the_rules_name_has_words_in_both_languages():
    """'Ada 获得 15g（start）。': the rules' cause code showed in the log untranslated."""
    import pathlib
    import re
    from game.core.i18n import catalogue
    from scenes.territory.presenters import why_text
    rules = pathlib.Path(__file__).resolve().parents[3] / "game" / "territory"
    named = set()
    for path in rules.glob("*.py"):
        named |= set(re.findall(r"gain\([^()]*(?:\([^()]*\)[^()]*)*,\s*\"(\w+)\"", path.read_text(encoding="utf-8"), re.S))
    assert named and named <= set(WHYS), named - set(WHYS)
    for lang in ("en", "zh"):
        set_language(lang)
        for why in WHYS:
            assert f"territory.why.{why}" in catalogue(lang)
            assert why_text(why) == tr(f"territory.why.{why}") and "_" not in why_text(why)
            if lang == "zh":
                assert not re.search("[a-z]", why_text(why)), why_text(why)
    set_language("en")


DIPLOMACY_KINDS = ("demand", "proposed", "offered", "paid", "refused", "grievance", "accepted", "declined",
                   "vassal_accepted", "vassal_declined", "treaty_broken")


def logged(scene, ev) -> list[str]:
    from scenes.territory.presenters import PRESENTERS
    beat = PRESENTERS[type(ev)](scene, ev)
    log = beat.log
    if log is None:
        return []
    return [f() for f in log] if isinstance(log, (list, tuple)) else [log()]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_log_words_buildings_causes_guards_and_diplomacy(app, lang):
    """The log showed the rules' codes: 'Bao 在 (17,11) 建造 farm。', 'demand: Chen and Ada.',
    '灾难：亡灵复苏 。.', and a treasure twice ('finds treasure' and 'gains ... (treasure)')."""
    from game.territory import events as E
    set_language(lang)
    names = ["甲方", "乙方"] if lang == "zh" else ["Ada", "Bot"]
    session = GameSession(Setup(seats=("human", "greedy"), seed=3, ruleset="territory"), names, [0, 1])
    scene = to_orders(app, session)
    events = [E.Built(0, 5, "farm"), E.Built(0, 5, "wall", "n"), E.Built(0, 5, "wall_upgrade", "n"),
              E.Built(0, 5, "commerce"), E.Built(0, 5, "tunnel", other=9), E.Built(0, 5, "temple"),
              E.Destroyed(5, "wall_n", "meteor"), E.Destroyed(5, "tower", "tower_rule"),
              E.Destroyed(5, "capital", "moved", "city"), E.Destroyed(5, "farm", "raze"),
              E.Destroyed(5, "workshop", "volcano", "ruin"), E.Destroyed(5, "tunnel", "demolish"),
              E.ShieldRaised(0, "guard", 2, 5), E.ShieldRaised(0, "rock_solid", 0, -1),
              E.Disaster("necro_revival", 3, -1, 5), E.SpellCast(0, "fortune", 5, "done"),
              E.SpellCast(0, "meteor", 5, "blocked")] + [E.Diplomacy(k, 0, 1, 4) for k in DIPLOMACY_KINDS]
    for ev in events:
        for line in logged(scene, ev):
            assert "_" not in line and "。." not in line and " 。" not in line and " ." not in line, (ev, line)
            if lang == "zh":
                assert not re.search("[a-z]{3,}", line), (ev, line)
            else:
                assert not re.match(r"[a-z_]+: ", line) and not re.search(r"\b(farm|workshop|commerce|tunnel|temple)\b", line), (ev, line)
    assert logged(scene, E.Gained(0, (0, 0, 2), "treasure", 5)) == []


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_game_over_line_names_the_winners(app, lang):
    """'Game over: {names} win!': the placeholder was never filled."""
    from game.core.protocol import GameOver
    set_language(lang)
    session = GameSession(Setup(seats=("human", "greedy"), seed=3, ruleset="territory"), ["Ada", "Bot"], [0, 1])
    scene = to_orders(app, session)
    (line,) = logged(scene, GameOver((1,), (3.0, 9.0), "V1"))
    assert "{" not in line and "Bot" in line
    if lang == "en":   # one winner wins, two win
        assert line == "Game over: Bot wins!"
        assert logged(scene, GameOver((0, 1), (9.0, 9.0), "V1")) == ["Game over: Ada, Bot win!"]


def test_a_pay_order_reads_as_resources_in_turn_not_as_a_word(app):
    """The tech menu listed 'Pay order gem', 'Pay order meg': now 'Pay order g → e → m'."""
    from scenes.territory.labels import action_label
    set_language("en")
    session = GameSession(Setup(seats=("human", "greedy"), seed=3, ruleset="territory"), ["Ada", "Bot"], [0, 1])
    scene = to_orders(app, session)
    label = action_label(scene, A.SetPriority("gem"))
    assert "gem" not in label and "g → e → m" in label


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_order_labels_name_walls_parts_payments_and_resources_in_words(app, lang):
    """The order menus showed rules codes: 'Demolish n (3,4)', '拆除 building', 'Wall north (3,4)
    (gold)' in Chinese too, '花图腾产出 gold'."""
    from scenes.territory.labels import action_label
    set_language(lang)
    session = GameSession(Setup(seats=("human", "greedy"), seed=3, ruleset="territory"), ["Ada", "Bot"], [0, 1])
    scene = to_orders(app, session)
    labels = [action_label(scene, a) for a in (
        A.Demolish(5, "n"), A.Demolish(5, "building"), A.Demolish(5, "tunnel"), A.Wall(5, "e", "gold"),
        A.Wall(5, "e", "mixed"), A.SetFlower("materials"), A.SetFlower("exotics"))]
    if lang == "en":
        assert labels[0].startswith("Demolish north wall") and "(mixed resources)" in labels[4], labels
        assert labels[5].endswith("materials") and labels[6].endswith("exotics"), labels
    else:
        for label in labels:
            assert not re.search("[a-z]{2,}", label), label


def test_research_choices_and_submit_are_named_in_chinese(app):
    """'魔法研究 (materials)', '图腾崇拜 (snake)' and 'Submit' showed in Chinese menus."""
    from scenes.territory.labels import action_label
    set_language("zh")
    session = GameSession(Setup(seats=("human", "greedy"), seed=3, ruleset="territory"), ["Ada", "Bot"], [0, 1])
    scene = to_orders(app, session)
    for a in (A.Research("magic_research", "materials"), A.Research("totem", "snake"), A.Research("totem", "sun"),
              A.SUBMIT):
        assert not re.search("[a-z]{2,}", action_label(scene, a)), action_label(scene, a)
    set_language("en")
