"""The shared screens offer every ruleset its own things (SCREENS.md items 1, 10, 12): lobby
options declared per ruleset, seat pieces, the rules help's ruleset selector, the load screen's
ruleset name, map title and round. Driven through posted events where a player would click."""

from __future__ import annotations

import pygame

from game.core.i18n import set_language, tr
from game.core.protocol import Setup
from game.play.session import GameSession
from scenes.title import TitleScene
from tests.helpers.ui import click


def _lobby_for(app, ruleset_id: str):
    """Title -> New game -> click the game selector until `ruleset_id` shows."""
    app.push(TitleScene(app))
    app.step_frames(1)
    click(app, app.top.widgets.widgets[0].rect.center)           # New game
    lobby = app.top
    game = lobby.widgets.widgets[0]
    for _ in range(len(lobby.rulesets)):
        if lobby.ruleset == ruleset_id:
            break
        click(app, game.rect.center)
    assert lobby.ruleset == ruleset_id
    return lobby


def _option_widgets(lobby):
    from scenes.lobby import OptionChoice
    return [w for w in lobby.widgets.widgets if isinstance(w, OptionChoice)]


def test_item1_tidegate_keeps_island_and_shuffle_options(app):
    lobby = _lobby_for(app, "tidegate")
    layout, shuffle = _option_widgets(lobby)
    assert layout.text() == "Island: Random" and shuffle.text() == "Shuffle seats: No"
    click(app, layout.rect.center)
    click(app, shuffle.rect.center)
    assert lobby.setup().options == {"layout": "fixed", "shuffle_seats": True}


def test_item1_domiplot_offers_first_player_by_name_and_round_limit(app):
    lobby = _lobby_for(app, "domiplot")
    first, rounds = _option_widgets(lobby)
    assert first.text() == "First player: Random"
    assert rounds.text() == "Round limit: As the map says"
    assert lobby.setup().options == {"first_player": "random"}     # no Tidegate keys leak in
    click(app, first.rect.center)
    assert first.text() == f"First player: {lobby.names[0]}"
    click(app, first.rect.center)
    assert lobby.option_values["first_player"] == 1
    click(app, first.rect.center)                                   # two seats: back to random
    assert lobby.option_values["first_player"] == "random"
    click(app, first.rect.center)
    click(app, first.rect.center)                                   # seat 2 first
    click(app, rounds.rect.center)                                  # 10 rounds
    assert lobby.setup().options == {"first_player": 1, "max_rounds": 10}
    lobby.remove(1)                                                 # refused: two is the minimum
    lobby.add()
    lobby.option_values["first_player"] = 2
    lobby.remove(2)                                                 # that seat leaves: default again
    assert lobby.option_values["first_player"] == "random"
    lobby.add()
    lobby.option_values["first_player"] = 2
    third = lobby.names[2]
    lobby.remove(0)                                                 # the chosen player moves up a row
    assert lobby.option_values["first_player"] == 1 and first.text() == f"First player: {third}"
    lobby.add()
    # the rules core reads the options: the chosen first player is the eldest
    lobby.option_values.update(first_player=1, max_rounds=20)
    from game import rulesets
    state = rulesets.get("domiplot").new_game(lobby.setup())
    assert state.eldest == 1 and state.options["max_rounds"] == 20


def test_item1_skirmish_and_landship_have_no_options_and_marker_seats(app):
    for ruleset_id in ("skirmish", "landship"):
        lobby = _lobby_for(app, ruleset_id)
        assert _option_widgets(lobby) == []
        assert lobby.setup().options == {}
        assert lobby.spec().seat_piece is None
        app.pop()
        app.pop()


def test_item1_seat_rows_show_marker_shapes_outside_tidegate(app):
    """The drawn seat icon is the seat's marker (colour + shape), not Tidegate's outpost."""
    from scenes.board.seats import marker_image
    lobby = _lobby_for(app, "skirmish")
    canvas = pygame.Surface(app.canvas.get_size())
    lobby.draw(canvas)
    marker = marker_image(lobby.colours[0], 5)
    x = lobby.panel.x + 24 - marker.get_width() // 2 + 4
    y = 140 + 11 - marker.get_height() // 2
    centre = (x + marker.get_width() // 2, y + marker.get_height() // 2)
    assert canvas.get_at(centre)[:3] == marker.get_at((marker.get_width() // 2, marker.get_height() // 2))[:3]
    assert lobby.app.nav.lobby_spec("tidegate").seat_piece == "outpost_{colour}"


def test_item1_territory_declares_only_what_its_rules_read(app):
    from game import rulesets
    from scenes.registry import lobby_spec
    declared = {o.key for o in lobby_spec("territory").options}
    assert declared == {"shuffle_seats", "submission"} <= set(rulesets.get("territory").options)
    from scenes.lobby import OPTION_SLOTS
    for ruleset_id in rulesets.ids():
        assert len(lobby_spec(ruleset_id).options) <= OPTION_SLOTS     # every option gets a button
        for opt in lobby_spec(ruleset_id).options:
            assert opt.default in opt.choices
            for value in opt.labels.values():
                assert tr(value) != value, value


# ---- item 12: the rules help offers every ruleset with pages; the pause menu opens the game's

def test_item12_title_rules_selector_steps_through_every_ruleset_with_pages(app):
    from scenes.help import PAGES, RulesHelpScene, rulesets_with_pages
    app.push(TitleScene(app))
    app.step_frames(1)
    click(app, app.top.widgets.widgets[4].rect.center)           # Rules
    help_scene = app.top
    assert isinstance(help_scene, RulesHelpScene) and help_scene.ruleset_id == "tidegate"
    order = rulesets_with_pages()
    assert set(order) == set(PAGES) >= {"tidegate", "domiplot", "landship", "skirmish"}
    seen = [help_scene.ruleset_id]
    for _ in range(len(order) - 1):
        help_scene.turn(1)                                       # a later page: a switch starts at 1
        click(app, help_scene.selector.rect.center)
        assert help_scene.page == 0 and help_scene.pages == PAGES[help_scene.ruleset_id]
        assert help_scene.selector.text() == tr("help.title", game=tr(f"help.game.{help_scene.ruleset_id}"))
        seen.append(help_scene.ruleset_id)
    assert seen == order
    click(app, help_scene.selector.rect.center)
    assert help_scene.ruleset_id == order[0]                     # round the list
    click(app, help_scene.selector.rect.center, button=3)        # right-click: back
    assert help_scene.ruleset_id == order[-1]


def test_item12_pause_menu_opens_the_current_games_rules(app):
    from scenes.help import RulesHelpScene
    from tests.helpers.ui import key
    for ruleset_id in ("domiplot", "skirmish", "landship"):
        session = GameSession(Setup(seats=("human", "greedy"), seed=5, ruleset=ruleset_id), ["A", "B"], [0, 1])
        app.nav.open_game(session)
        app.step_frames(2)
        app.nav.pause(app.top)
        click(app, app.top.widgets.widgets[2].rect.center)       # Rules
        assert isinstance(app.top, RulesHelpScene) and app.top.ruleset_id == ruleset_id
        key(app, pygame.K_ESCAPE)


# ---- item 10: the load screen names the game (translated), its map, round and date

def _save_game(ruleset_id: str, name: str, actions: int = 0):
    from game.core.storage import saves_dir
    from game.play.saves import write_save
    session = GameSession(Setup(seats=("greedy", "greedy"), seed=7, ruleset=ruleset_id), ["Ann", "Bob"], [0, 1])
    for _ in range(actions):
        seat = session.next_seat()
        session.apply(seat, session.state.legal_actions(seat)[0])
    folder = saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    write_save(path, session.to_save())
    return path, session


def test_item10_load_rows_show_game_name_map_title_round_and_date(app):
    from scenes.load import LoadScene, saved_time
    _save_game("domiplot", "a.json", actions=3)
    _save_game("tidegate", "b.json")
    app.push(TitleScene(app))
    app.step_frames(1)
    click(app, app.top.widgets.widgets[2].rect.center)            # Load
    scene = app.top
    assert isinstance(scene, LoadScene)
    titles = {i.ruleset: scene.title_of(i) for i in scene.saves}
    assert titles == {"domiplot": "Domiplotism · Nine Provinces", "tidegate": "Tidegate Isle"}
    dom = next(i for i in scene.saves if i.ruleset == "domiplot")
    assert dom.round >= 1 and saved_time(dom.saved_at)[:2] == "20"
    set_language("zh")
    try:
        assert scene.title_of(dom) == "雄霸天下 · 九州"
    finally:
        set_language("en")
    canvas = pygame.Surface(app.canvas.get_size())
    scene.draw(canvas)                                             # draws without a missing key


def test_item1_play_command_passes_only_the_games_own_options(monkeypatch, data_dir):
    """`main.py play <id>`: the lobby's defaults of that game; --fixed/--shuffle only where
    the game has them (Tidegate's options never reach another ruleset)."""
    import main
    from scenes import registry
    opened = []

    class FakeApp:
        def run(self):
            pass

    monkeypatch.setattr(main, "_start_app", FakeApp)
    monkeypatch.setattr(registry, "open_game", lambda app, session: opened.append(session.setup.options))
    main.cmd_play(["tidegate", "--seats", "greedy,greedy", "--fixed", "--seed", "3"])
    main.cmd_play(["domiplot", "--seats", "greedy,greedy", "--fixed", "--shuffle", "--seed", "3"])
    main.cmd_play(["skirmish", "--seats", "greedy,greedy", "--seed", "3"])
    assert opened == [{"layout": "fixed", "shuffle_seats": False}, {"first_player": "random"}, {}]
