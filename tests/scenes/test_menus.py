"""The menu screens: settings, rules help, load and results, driven by real pygame events on
the dummy video driver, in English and Simplified Chinese."""

from __future__ import annotations

import dataclasses
import types

import pygame
import pytest

from game.core import Setup
from game.core.i18n import catalogue, tr
from game.core.saves import autosave_path, write_save
from game.play.session import GameSession
from game.core.storage import saves_dir
from scenes.dialogs import MessageBox
from scenes.help import PAGES, RulesHelpScene
from scenes.load import ConfirmDelete, LoadScene
from scenes.results import ResultsScene
from scenes.settings import Settings
from scenes.settings_scene import SettingsScene
from scenes.text import FONT_PATH
from scenes.title import TitleScene
from tests.helpers.ui import click, key, rules_pages_fit
from tools.subset_font import missing_glyphs

MY_PREFIXES = ("settings.", "help.", "load.", "results.")


# ---- helpers ---------------------------------------------------------------------------------

def set_language(app, lang: str) -> None:
    app.settings.language = lang
    app.language_changed()


def pixels(app, rect: pygame.Rect | None = None) -> bytes:
    """The drawn canvas (or a part of it) as raw bytes, for before/after comparisons."""
    app.draw()
    surface = app.canvas.subsurface(rect) if rect else app.canvas
    return pygame.image.tobytes(surface, "RGB")


def colours_in(app, rect: pygame.Rect) -> int:
    app.draw()
    part = app.canvas.subsurface(rect)
    return len({part.get_at((x, y))[:3] for x in range(part.get_width()) for y in range(part.get_height())})


def play_to_the_end(seats=("greedy", "greedy"), seed=3, names=("A", "B"), colours=(0, 1)) -> GameSession:
    session = GameSession(Setup(seats=seats, seed=seed, ruleset="tidegate"), list(names), list(colours))
    while session.state.result() is None:
        seat = session.state.to_move()[0]
        action = session.agents[seat].choose(session.state.view(seat), session.state.legal_actions(seat))
        session.apply(seat, action)
    return session


def good_autosave() -> GameSession:
    session = GameSession(Setup(seats=("human", "greedy"), seed=3, ruleset="tidegate"), ["A", "B"], [0, 1])
    write_save(autosave_path(), session.to_save())
    return session


def game_scene_class():
    from scenes.tidegate_scene import TidegateScene
    return TidegateScene


# ---- every scene draws in both languages -------------------------------------------------------

SCENES = {
    "settings": lambda app: SettingsScene(app),
    "help": lambda app: RulesHelpScene(app, "tidegate"),
    "help_unknown": lambda app: RulesHelpScene(app, "no_such_game"),
    "load_empty": lambda app: LoadScene(app),
    "results": lambda app: ResultsScene(app, play_to_the_end()),
}


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("name", sorted(SCENES))
def test_scene_renders_headless_in_both_languages(app, name, lang):
    set_language(app, lang)
    scene = app.push(SCENES[name](app))
    app.step_frames(3)
    assert app.top is scene
    assert colours_in(app, pygame.Rect(0, 0, 640, 360)) > 8


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_load_scene_with_saves_renders_in_both_languages(app, lang):
    set_language(app, lang)
    good_autosave()
    (saves_dir() / "broken.json").write_text("{not json", encoding="utf-8")
    app.push(LoadScene(app))
    app.step_frames(2)
    assert colours_in(app, pygame.Rect(0, 0, 640, 360)) > 8


def test_my_texts_exist_in_both_languages_and_have_glyphs():
    en, zh = catalogue("en"), catalogue("zh")
    mine = [k for k in en if k.startswith(MY_PREFIXES)]
    assert len(mine) > 60
    for lang, texts in (("en", en), ("zh", zh)):
        assert not missing_glyphs(FONT_PATH, "".join(texts[k] for k in mine)), lang


# ---- settings --------------------------------------------------------------------------------

def test_language_switch_by_click_changes_settings_and_the_drawn_text(app):
    scene = app.push(SettingsScene(app))
    app.step_frames(2)
    title_area = pygame.Rect(scene.rect.x + 20, scene.rect.y + 6, scene.rect.width - 40, 20)
    before = pixels(app, title_area)
    click(app, scene.language.rect.center)
    assert app.settings.language == "zh"
    assert Settings.load().language == "zh"
    assert tr("settings.title") == "设置"
    assert pixels(app, title_area) != before
    click(app, scene.language.rect.center)
    assert app.settings.language == "en" and Settings.load().language == "en"
    assert pixels(app, title_area) == before


def test_language_switch_updates_scenes_below(app):
    title = app.push(TitleScene(app))
    app.push(SettingsScene(app))
    click(app, app.top.language.rect.center)
    key(app, pygame.K_ESCAPE)
    assert app.top is title
    assert tr("settings.back") == "返回"


def test_title_names_the_collection_and_each_emblem_opens_its_game_in_the_lobby(app):
    """The title is the five-game collection's, not Tidegate's (en/zh, window caption too);
    each of the five emblems opens the lobby with its own game chosen."""
    from scenes.lobby import LobbyScene
    title = app.push(TitleScene(app))
    assert tr("title.name") == "Tidegate & Friends" == pygame.display.get_caption()[0]
    assert [e.ruleset for e in title.emblems] == ["tidegate", "territory", "domiplot", "skirmish", "landship"]
    menu_top = min(w.rect.top for w in title.widgets.widgets if w not in title.emblems)
    assert all(e.rect.bottom + 18 <= menu_top for e in title.emblems)   # room for the caption
    for emblem in title.emblems:
        click(app, emblem.rect.center)
        assert isinstance(app.top, LobbyScene) and app.top.ruleset == emblem.ruleset
        key(app, pygame.K_ESCAPE)
        assert app.top is title
    set_language(app, "zh")
    assert tr("title.name") == "潮门岛与伙伴们" == pygame.display.get_caption()[0]
    assert "潮门岛" != tr("title.name") and "八分" not in tr("title.tagline")


def test_volume_mute_speed_and_ai_pace_persist(app):
    scene = app.push(SettingsScene(app))
    app.step_frames(1)
    bar = scene.volume._bar()
    click(app, (bar.x + bar.width // 4, bar.centery))
    assert abs(app.settings.volume - 0.25) < 0.02
    assert app.sounds.volume == app.settings.volume
    click(app, scene.mute.rect.center)
    assert app.settings.muted and app.sounds.muted
    click(app, scene.speed.rect.center)          # the fixture starts at instant (0): next is 1x
    assert app.settings.speed == 1
    click(app, scene.speed.rect.center, button=3)  # right-click steps back
    assert app.settings.speed == 0
    click(app, scene.speed.rect.center)
    click(app, scene.speed.rect.center)
    assert app.settings.speed == 2
    click(app, scene.ai_pace.rect.center)
    assert app.settings.ai_pace == "fast"
    click(app, scene.ai_pace.left_arrow().center)  # the left arrow steps back too
    click(app, scene.ai_pace.left_arrow().center)
    assert app.settings.ai_pace == "slow"
    click(app, scene.ai_pace.rect.center)
    click(app, scene.ai_pace.rect.center)
    saved = Settings.load()
    assert abs(saved.volume - app.settings.volume) < 1e-9
    assert saved.muted is True and saved.speed == 2 and saved.ai_pace == "fast"


def test_issue_18_hard_ai_thinking_time_is_a_setting_of_half_one_or_three_seconds(app):
    scene = app.push(SettingsScene(app))
    app.step_frames(1)
    assert app.settings.think_s == 1.0
    click(app, scene.think.rect.center)
    assert app.settings.think_s == 3.0 and Settings.load().think_s == 3.0
    click(app, scene.think.rect.center)            # wraps round to the shortest
    assert app.settings.think_s == 0.5 and Settings.load().think_s == 0.5
    assert scene.think.rect.bottom + 8 + 16 * 2 <= scene.back.rect.top   # the hint still fits


def test_issue_18_a_damaged_thinking_time_falls_back_to_one_second(app):
    from game.core.storage import data_dir, write_json_atomic
    write_json_atomic(data_dir() / "settings.json", {"think_s": 2.0})
    assert Settings.load().think_s == 1.0
    write_json_atomic(data_dir() / "settings.json", {"think_s": True})
    assert Settings.load().think_s == 1.0


def test_settings_load_falls_back_to_defaults_when_the_data_folder_cannot_be_made(monkeypatch, tmp_path):
    """The folder gone or unmakeable mid-session (a removed drive): defaults, no crash."""
    blocker = tmp_path / "a_file"
    blocker.write_text("", encoding="utf-8")
    monkeypatch.setenv("GAME_DATA_DIR", str(blocker / "data"))
    loaded = Settings.load()
    defaults = Settings(language=loaded.language)
    assert dataclasses.asdict(loaded) == dataclasses.asdict(defaults)


def test_issue_18_lobby_offers_the_difficulty_levels():
    from scenes.lobby import SEAT_KINDS
    assert {"easy", "normal", "hard", "greedy", "random", "human"} <= set(SEAT_KINDS)
    assert all(tr(f"seat.{k}") != f"seat.{k}" for k in SEAT_KINDS)


def test_volume_follows_the_keyboard_and_is_saved_when_leaving(app):
    scene = app.push(SettingsScene(app))
    for _ in range(5):                            # Tab to the slider (the 5th widget)
        key(app, pygame.K_TAB)
    assert scene.volume.focused
    key(app, pygame.K_LEFT)
    assert app.settings.volume == pytest.approx(0.6)
    key(app, pygame.K_ESCAPE)
    assert Settings.load().volume == pytest.approx(0.6)


def test_scale_and_full_screen_reopen_the_window(app, monkeypatch):
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1920, 1080)])  # 2x fits
    scene = app.push(SettingsScene(app))
    app.settings.scale = 1
    scene.set_scale(2)
    assert app.window.get_size() == (1280, 720)
    assert Settings.load().scale == 2
    click(app, scene.fullscreen.rect.center)
    assert app.settings.fullscreen and Settings.load().fullscreen
    scene.set_fullscreen(False)
    assert not Settings.load().fullscreen


@pytest.mark.parametrize("desktop, expected", [
    ((1280, 720), (2, True)), ((1366, 768), (2, True)),     # a 1x window would be a postage stamp
    ((1920, 1080), (2, False)), ((2560, 1440), (3, False)),  # the largest window that fits
    ((1024, 768), (1, False)),                               # 2x fits nowhere: 1x window
])
def test_first_start_picks_the_largest_window_that_fits_the_desktop(desktop, expected):
    from scenes.app import first_window
    assert first_window(desktop) == expected


def test_the_window_cannot_shrink_below_the_canvas(app):
    """A window smaller than 640x360 cut the picture off at its edges, controls included: the
    window manager is asked for that minimum (seen under Xvfb: xprop lists "program specified
    minimum size: 640 by 360")."""
    import warnings

    from scenes.app import CANVAS_SIZE
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        assert pygame.Window.from_display_module().minimum_size == CANVAS_SIZE == (640, 360)


def _start(monkeypatch, desktop):
    from scenes.app import App
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [desktop])
    return App()          # as main.py starts it: settings from the user data folder


def test_first_start_window_on_a_faked_desktop_then_the_saved_setting_wins(data_dir, monkeypatch):
    """No settings file: 2x window on 1920x1080, full screen on 1280x720 (where a framed 2x
    window cannot fit); once settings are saved, they win over the desktop."""
    app = _start(monkeypatch, (1920, 1080))
    assert app.window.get_size() == (1280, 720) and not app.settings.fullscreen
    pygame.quit()
    app = _start(monkeypatch, (1280, 720))
    assert app.settings.fullscreen and app.window.get_flags() & pygame.FULLSCREEN
    app.toggle_fullscreen()                      # F11: the player leaves full screen (saved)
    pygame.quit()
    app = _start(monkeypatch, (1280, 720))
    assert not app.settings.fullscreen and app.window.get_size() == (640, 360)
    app.settings.scale = 1
    app.settings.save()
    pygame.quit()
    app = _start(monkeypatch, (1920, 1080))      # a bigger display later: the saved 1x wins
    assert app.window.get_size() == (640, 360)
    pygame.quit()


def test_settings_back_button_and_escape_pop(app):
    title = app.push(TitleScene(app))
    scene = app.push(SettingsScene(app))
    app.step_frames(1)
    click(app, scene.back.rect.center)
    assert app.top is title
    app.push(SettingsScene(app))
    key(app, pygame.K_ESCAPE)
    assert app.top is title


# ---- rules help ------------------------------------------------------------------------------

def test_help_has_five_to_seven_rules_pages_a_keys_page_and_arrow_keys_turn_them(app):
    scene = app.push(RulesHelpScene(app, "tidegate"))
    count = len(scene.pages)
    assert 5 <= count - 1 <= 7 and scene.pages[-1].key == "keys"   # issue 20: the shortcuts
    key(app, pygame.K_LEFT)                      # already on the first page
    assert scene.page == 0
    before = pixels(app)
    key(app, pygame.K_RIGHT)
    assert scene.page == 1
    assert pixels(app) != before
    for _ in range(count + 2):
        key(app, pygame.K_RIGHT)
    assert scene.page == count - 1
    key(app, pygame.K_LEFT)
    assert scene.page == count - 2


def test_help_page_buttons_and_indicator(app):
    scene = app.push(RulesHelpScene(app, "tidegate"))
    app.step_frames(1)
    click(app, scene.next_button.rect.center)
    click(app, scene.next_button.rect.center)
    assert scene.page == 2
    assert tr("help.page", page=scene.page + 1, count=len(scene.pages)) == f"3 / {len(scene.pages)}"
    click(app, scene.prev_button.rect.center)
    assert scene.page == 1


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_help_page_fits_and_draws(app, lang):
    assert rules_pages_fit(app, "tidegate", lang)


def test_help_texts_are_complete_in_both_languages():
    for page in PAGES["tidegate"]:
        for part in ("title", "body"):
            k = f"help.{page.key}.{part}"
            assert tr(k, "en") != k and tr(k, "zh") != k
            assert tr(k, "en") != tr(k, "zh")


def test_help_escape_returns(app):
    title = app.push(TitleScene(app))
    app.push(RulesHelpScene(app, "tidegate"))
    key(app, pygame.K_ESCAPE)
    assert app.top is title


# ---- load ------------------------------------------------------------------------------------

def test_load_lists_a_good_save_and_a_broken_one(app):
    good_autosave()
    broken = saves_dir() / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    scene = app.push(LoadScene(app))
    app.step_frames(1)
    assert sorted(bool(s.error) for s in scene.saves) == [False, True]
    bad = next(s for s in scene.saves if s.error)
    assert bad.error == "save.not_json"
    assert scene.reasons[bad.path] == tr("error.save.not_json")


def test_opening_a_broken_save_changes_nothing_and_shows_a_message(app):
    good_autosave()
    broken = saves_dir() / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    scene = app.push(LoadScene(app))
    app.step_frames(1)
    index = next(i for i, s in enumerate(scene.saves) if s.error)
    row = scene.row_rect(index).center
    click(app, row)                              # select
    assert scene.selected == index
    assert app.top is scene
    click(app, row)                              # the second click of a double-click opens
    assert isinstance(app.top, MessageBox)
    assert app.stack[:-1] == [scene]
    assert broken.read_text(encoding="utf-8") == "{not json"
    key(app, pygame.K_RETURN)                    # OK closes the message
    assert app.top is scene
    key(app, pygame.K_RETURN)                    # Enter on the broken row: the message again
    assert isinstance(app.top, MessageBox)
    assert broken.read_text(encoding="utf-8") == "{not json"


def test_double_clicking_a_good_save_opens_its_game(app):
    session = good_autosave()
    scene = app.push(LoadScene(app))
    app.step_frames(1)
    row = scene.row_rect(0).center
    click(app, row)
    assert app.top is scene                      # one click only selects
    app.step_frames(60)                          # a second click a second later is no double-click
    click(app, row)
    assert app.top is scene
    click(app, row)
    assert isinstance(app.stack[0], TitleScene)
    assert isinstance(app.top, game_scene_class())
    assert app.top.session.state.digest() == session.state.digest()


def test_enter_opens_the_selected_save(app):
    good_autosave()
    app.push(LoadScene(app))
    app.step_frames(1)
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, game_scene_class())


def test_delete_asks_first(app):
    good_autosave()
    scene = app.push(LoadScene(app))
    app.step_frames(1)
    click(app, scene.delete_button.rect.center)
    assert isinstance(app.top, ConfirmDelete)
    key(app, pygame.K_ESCAPE)                    # changed my mind
    assert autosave_path().is_file()
    click(app, scene.delete_button.rect.center)
    yes = app.top.widgets.widgets[0]
    click(app, yes.rect.center)
    assert app.top is scene
    assert not autosave_path().exists()
    assert scene.saves == [] and scene.selected is None


def test_many_saves_scroll(app):
    session = GameSession(Setup(seats=("human", "greedy"), seed=3, ruleset="tidegate"), ["A", "B"], [0, 1])
    for i in range(12):
        write_save(saves_dir() / f"game{i:02}.json", session.to_save())
    scene = app.push(LoadScene(app))
    app.step_frames(1)
    assert len(scene.saves) == 12 and scene.max_scroll > 0
    key(app, pygame.K_END)
    assert scene.selected == 11
    assert scene.scroll == scene.max_scroll
    key(app, pygame.K_HOME)
    assert scene.scroll == 0
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False, precise_x=0.0,
                                         precise_y=-2.0, touch=False))
    app.step_frames(1)
    assert scene.scroll == 2
    key(app, pygame.K_DOWN)                      # the selection moves and stays in view
    assert scene.selected == 1


def test_empty_load_screen_says_so_and_back_returns(app):
    title = app.push(TitleScene(app))
    scene = app.push(LoadScene(app))
    app.step_frames(1)
    assert scene.saves == [] and not scene.open_button.enabled
    key(app, pygame.K_ESCAPE)
    assert app.top is title


@pytest.mark.parametrize("typed, kept", [("W" * 14, "W" * 12), ("龙" * 12, "龙" * 8),
                                          ("王玥😀喆", "王玥喆"), ("龍\u0378堃", "龍堃")])
def test_a_lobby_name_takes_what_fits_in_its_field(app, typed, kept):
    """Twelve letters fit a name field, twelve Chinese characters (twice as wide) would run
    under the seat's kind button: typing stops at what shows whole (at most 12 characters).
    A character the font cannot draw (an emoji, an unassigned code) is not taken: it would
    show as a box on every screen; names in any hanzi are."""
    from scenes.lobby import LobbyScene
    from scenes.widgets import TextField
    app.push(TitleScene(app))
    lobby = app.push(LobbyScene(app, "domiplot"))
    app.step_frames(1)
    field = next(w for w in lobby.widgets.widgets if isinstance(w, TextField) and w.get() == lobby.names[0])
    click(app, field.rect.center)
    for _ in range(len(lobby.names[0])):
        key(app, pygame.K_BACKSPACE)
    for ch in typed:
        key(app, pygame.K_a, ch)
    assert lobby.names[0] == kept
    assert app.text.size(kept)[0] <= field.rect.width - 10


def test_an_input_method_opens_beside_the_name_field(app, monkeypatch):
    """Pinyin input: the candidate list is placed at the field being typed into."""
    from scenes.lobby import LobbyScene
    from scenes.widgets import TextField
    placed = []
    monkeypatch.setattr(pygame.key, "set_text_input_rect", placed.append)
    app.push(TitleScene(app))
    lobby = app.push(LobbyScene(app, "tidegate"))
    app.step_frames(1)
    field = [w for w in lobby.widgets.widgets if isinstance(w, TextField)][-1]
    click(app, field.rect.center)
    x, y = app.to_window(field.rect.topleft)
    assert placed and placed[-1].topleft == (x, y)
    assert placed[-1].collidepoint(app.to_window(field.rect.center))


# ---- results ---------------------------------------------------------------------------------

def test_results_of_a_finished_game_and_play_again(app, monkeypatch):
    played = []
    monkeypatch.setattr(app.sounds, "play", lambda name: played.append(name))
    session = play_to_the_end(names=("Ann", "Bob"), colours=(2, 0))
    result = session.state.result()
    scene = app.push(ResultsScene(app, session))
    app.step_frames(2)
    assert "victory" in played
    winner = session.names[result.winners[0]]
    assert winner in scene.headline()
    assert scene.history[-1] == tuple(result.scores)
    button = scene.widgets.widgets[0]
    click(app, button.rect.center)
    game = app.top
    assert isinstance(game, game_scene_class())
    assert isinstance(app.stack[0], TitleScene)
    assert game.session.names == ["Ann", "Bob"]
    assert game.session.colours == [2, 0]
    assert game.session.setup.seats == session.setup.seats
    assert game.session.setup.seed != session.setup.seed


def test_results_title_button_returns_to_the_title(app):
    scene = app.push(ResultsScene(app, play_to_the_end()))
    app.step_frames(1)
    click(app, scene.widgets.widgets[1].rect.center)
    assert len(app.stack) == 1 and isinstance(app.top, TitleScene)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_shared_victory_names_every_winner(app, lang):
    set_language(app, lang)
    state = types.SimpleNamespace(
        result=lambda: types.SimpleNamespace(winners=(0, 2), scores=(5, 3, 5)),
        score_history=[(1, 1, 1), (3, 2, 3), (5, 3, 5)], round=12, scores=[5, 3, 5])
    session = types.SimpleNamespace(state=state, names=["Ann", "Bob", "Cy"], colours=[0, 1, 2],
                                    setup=Setup(seats=("human",) * 3, seed=1, ruleset="tidegate"),
                                    close=lambda: None)
    scene = app.push(ResultsScene(app, session))
    app.step_frames(1)
    line = scene.headline()
    assert "Ann" in line and "Cy" in line and "Bob" not in line
    assert scene.history == [(1, 1, 1), (3, 2, 3), (5, 3, 5)]   # no repeated final point


def test_results_chart_adds_the_final_scores_of_a_game_won_mid_round(app):
    session = play_to_the_end()
    history = session.state.score_history
    scene = ResultsScene(app, session)
    final = tuple(session.state.result().scores)
    expected = [tuple(s) for s in history] + ([final] if not history or tuple(history[-1]) != final else [])
    assert scene.history == expected


def test_play_again_keeps_the_setup_but_the_seed(app, monkeypatch):
    """Up to the registry call (independent of the game scene)."""
    opened = []
    monkeypatch.setattr("scenes.registry.open_game", lambda a, s: opened.append(s))
    session = play_to_the_end()
    scene = app.push(ResultsScene(app, session))
    scene.play_again()
    (new,) = opened
    assert new.setup == dataclasses.replace(session.setup, seed=new.setup.seed)
    assert new.setup.seed != session.setup.seed
    assert new.state.result() is None


@pytest.mark.parametrize("ruleset_id", ["tidegate", "domiplot", "landship"])
def test_issue_18_game_screens_run_hard_seats_in_the_worker_for_the_thinking_time(app, ruleset_id):
    from game.ai.levels import HardAgent
    from scenes.registry import open_game
    app.settings.think_s = 0.5
    session = GameSession(Setup(seats=("human", "hard"), seed=3, ruleset=ruleset_id), ["A", "B"], [0, 1])
    open_game(app, session)
    hard = session.agents[1]
    assert isinstance(hard, HardAgent)
    assert hard.offload is True and hard.seconds == 0.5 and hard.iterations is None
