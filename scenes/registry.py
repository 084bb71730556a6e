"""Which rulesets have a game screen, and the navigator: the one module naming screen classes.

Explicit table, no folder scanning: PyInstaller sees every import. Screens never import each
other; they ask `app.nav` (a `ScreenNavigator`) to go somewhere, so `scenes/` has no import
cycle (tests/scenes/test_layers.py).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Callable

from game.core.i18n import error_text, tr
from game.play.saves import SaveError, is_autosave, read_save, restore
from game.play.session import GameSession
from scenes.dialogs import MessageBox, PauseMenu
from scenes.domiplot_scene import DomiplotScene
from scenes.help import RulesHelpScene
from scenes.landship_scene import LandshipScene
from scenes.load import LoadScene
from scenes.lobby import LobbyScene, LobbySpec, OptionSpec
from scenes.results import ResultsScene
from scenes.settings_scene import SettingsScene
from scenes.skirmish_scene import SkirmishScene
from scenes.territory_scene import TerritoryScene
from scenes.tidegate_scene import TidegateScene
from scenes.title import TitleScene

if TYPE_CHECKING:
    from scenes.app import App
    from scenes.scene import Scene


GAME_SCENES: dict[str, Callable[["App", GameSession], "Scene"]] = {
    "tidegate": TidegateScene,
    "domiplot": DomiplotScene,
    "landship": LandshipScene,
    "skirmish": SkirmishScene,
    "territory": TerritoryScene,
}


YES_NO = {False: "lobby.no", True: "lobby.yes"}

# Each ruleset's lobby: only the `Setup.options` keys its rules core reads (the `options`
# of its Ruleset class), as choices. Skirmish and Landship read none; Territory's tribes are
# picked in the game (its screen), so the lobby offers only its seat shuffle and submission.
LOBBY: dict[str, LobbySpec] = {
    "tidegate": LobbySpec(
        options=(OptionSpec("layout", "lobby.layout", ("random", "fixed"),
                            {"random": "lobby.layout_random", "fixed": "lobby.layout_fixed"}, "random"),
                 OptionSpec("shuffle_seats", "lobby.shuffle", (False, True), YES_NO, False)),
        seat_piece="outpost_{colour}"),
    "domiplot": LobbySpec(
        options=(OptionSpec("first_player", "lobby.opt.first_player", ("random", *range(8)),
                            {"random": "lobby.opt.first_random"}, "random", seat_values=True),
                 OptionSpec("max_rounds", "lobby.opt.max_rounds", (None, 10, 20, 30, 50),
                            {None: "lobby.opt.map_default"}))),
    "territory": LobbySpec(
        options=(OptionSpec("shuffle_seats", "lobby.shuffle", (False, True), YES_NO, False),
                 OptionSpec("submission", "lobby.opt.submission", (None, "rotate", "fixed", "random"),
                            {None: "lobby.opt.map_default", "rotate": "lobby.opt.submission_rotate",
                             "fixed": "lobby.opt.submission_fixed",
                             "random": "lobby.opt.submission_random"}))),
}


def lobby_spec(ruleset_id: str) -> LobbySpec:
    """The lobby declaration of a ruleset (none declared: no options, marker shapes)."""
    return LOBBY.get(ruleset_id, LobbySpec())


def playable_rulesets() -> list[str]:
    """Registered rulesets that have a game scene (the lobby lists only these)."""
    from game import rulesets
    return [r for r in rulesets.ids() if r in GAME_SCENES]


def open_game(app: "App", session: GameSession) -> "Scene":
    """Replace everything on the stack but the title with the game scene of `session`."""
    app.reset_to(TitleScene(app))
    return app.push(GAME_SCENES[session.setup.ruleset](app, session))


def open_save(app: "App", path: Path) -> None:
    """Load a save and open its game, or show why it cannot be loaded (file untouched)."""
    try:
        save = read_save(path)
        if save.ruleset not in GAME_SCENES:
            raise SaveError("save.unknown_ruleset", name=save.ruleset)
        state = restore(save)
    except SaveError as exc:
        app.push(MessageBox(app, tr("menu.load_failed"), error_text(exc)))
        return
    open_game(app, GameSession.from_save(save, state, Path(path) if is_autosave(Path(path)) else None))


def replay_save(app: "App", path: Path) -> None:
    """Play a save back from its start (the load screen's Replay), or say why it cannot be."""
    try:
        save = read_save(path)
        if save.ruleset not in GAME_SCENES:
            raise SaveError("save.unknown_ruleset", name=save.ruleset)
        restore(save)
    except SaveError as exc:
        app.push(MessageBox(app, tr("menu.load_failed"), error_text(exc)))
        return
    start_replay(app, save)


def start_replay(app: "App", save) -> "Scene":
    """Open the save's game from its start; the recorded actions drive every seat."""
    seats = len(save.setup.seats)
    session = GameSession(save.setup, list(save.names) or [f"P{i + 1}" for i in range(seats)],
                          list(save.colours) or list(range(seats)))
    scene = open_game(app, session)
    scene.start_replay(list(save.actions))
    return scene


class ScreenNavigator:
    """`scenes.navigator.Navigator` for one app (module functions are looked up at call time,
    so tests can replace `open_game`)."""

    def __init__(self, app: "App") -> None:
        self.app = app

    def home(self) -> "Scene":
        return self.app.reset_to(TitleScene(self.app))

    def lobby(self, ruleset_id: str | None = None) -> "Scene":
        return self.app.push(LobbyScene(self.app, ruleset_id))

    def load(self) -> "Scene":
        return self.app.push(LoadScene(self.app))

    def settings(self) -> "Scene":
        return self.app.push(SettingsScene(self.app))

    def help(self, ruleset_id: str) -> "Scene":
        return self.app.push(RulesHelpScene(self.app, ruleset_id))

    def open_game(self, session: GameSession) -> "Scene":
        return open_game(self.app, session)

    def open_save(self, path: Path) -> None:
        open_save(self.app, path)

    def replay_save(self, path: Path) -> None:
        replay_save(self.app, path)

    def results(self, session: GameSession) -> "Scene":
        return self.app.push(ResultsScene(self.app, session))

    def pause(self, game: "Scene") -> "Scene":
        return self.app.push(PauseMenu(self.app, game))

    def playable_rulesets(self) -> list[str]:
        return playable_rulesets()

    def lobby_spec(self, ruleset_id: str) -> LobbySpec:
        return lobby_spec(ruleset_id)
