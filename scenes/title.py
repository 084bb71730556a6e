"""The title screen of the collection: its name, a subtitle for all five games, a row of the
games' emblems (each opens the lobby with that game chosen), and the menu: new game, continue
the last autosave, load, settings, rules, quit."""

from __future__ import annotations

import pygame

from game.core.i18n import tr
from game.play.saves import latest_autosave
from scenes import theme
from scenes.dialogs import ConfirmQuit
from scenes.drawing import draw_sea
from scenes.scene import MenuScene
from scenes.widgets import Button, WidgetGroup
from sprites.sheets import load_sheet
from sprites.tint import TintedSheet

# Each game's emblem: (ruleset, piece sheet, frame, seat colour or -1 for as drawn). One piece
# from each game's own sheet; no two share a main colour, so the row reads as five games.
EMBLEMS = (
    ("tidegate", "tidegate", "gate_0", -1),
    ("territory", "territory_pieces", "building_capital", 2),
    ("domiplot", "domiplot_pieces", "picture_general", -1),
    ("skirmish", "skirmish_pieces", "unit_cavalry", 3),
    ("landship", "landship_pieces", "heavy_gun_ship", 4),
)
EMBLEM_SIZE = 36      # pixels: a 16-pixel piece at 2x inside a button frame
EMBLEM_GAP = 10
EMBLEM_Y = 84
MENU_Y = 150


def emblem_image(sheet: str, frame: str, colour: int) -> pygame.Surface:
    """One game's emblem at 2x (pieces are drawn at 1x; a whole factor keeps them crisp)."""
    img = load_sheet(sheet)[frame] if colour < 0 else TintedSheet(sheet).tinted(frame, colour)
    return pygame.transform.scale_by(img, 2)


class EmblemButton(Button):
    """A game's emblem in a button frame (the title names the game under the row)."""

    def __init__(self, rect, ruleset: str, image: pygame.Surface, on_click) -> None:
        super().__init__(rect, "", on_click)
        self.ruleset = ruleset
        self.image = image

    def draw(self, app, canvas: pygame.Surface) -> None:
        super().draw(app, canvas)
        dy = 1 if self.pressed else 0
        canvas.blit(self.image, self.image.get_rect(center=(self.rect.centerx, self.rect.centery - 1 + dy)))


class TitleScene(MenuScene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.widgets = WidgetGroup()
        x, w = theme.CANVAS_W // 2 - 80, 160
        items = [
            ("menu.new_game", self.new_game, None),
            ("menu.continue", self.continue_game, self.has_autosave),
            ("menu.load", self.load, None),
            ("menu.settings", self.settings, None),
            ("menu.rules", self.rules, None),
            ("menu.quit", self.quit, None),
        ]
        for i, (key, action, enabled) in enumerate(items):
            self.widgets.add(Button((x, MENU_Y + 28 * i, w, 24), (lambda k=key: tr(k)), action, enabled=enabled))
        playable = set(app.nav.playable_rulesets())
        shown = [e for e in EMBLEMS if e[0] in playable]
        left = theme.CANVAS_W // 2 - (len(shown) * (EMBLEM_SIZE + EMBLEM_GAP) - EMBLEM_GAP) // 2
        self.emblems: list[EmblemButton] = []
        for i, (ruleset, sheet, frame, colour) in enumerate(shown):
            rect = (left + i * (EMBLEM_SIZE + EMBLEM_GAP), EMBLEM_Y, EMBLEM_SIZE, EMBLEM_SIZE)
            self.emblems.append(self.widgets.add(EmblemButton(
                rect, ruleset, emblem_image(sheet, frame, colour), lambda r=ruleset: self.new_game(r))))
        self.time = 0.0
        self._autosave = latest_autosave() is not None

    def resume(self) -> None:
        self._autosave = latest_autosave() is not None

    def has_autosave(self) -> bool:
        return self._autosave

    def new_game(self, ruleset: str | None = None) -> None:
        """The lobby; an emblem's click opens it with that game already chosen."""
        self.app.nav.lobby(ruleset)

    def continue_game(self) -> None:
        """Resume the most recently saved game (every game has its own autosave)."""
        path = latest_autosave()
        if path is not None:
            self.app.nav.open_save(path)

    def load(self) -> None:
        self.app.nav.load()

    def settings(self) -> None:
        self.app.nav.settings()

    def rules(self) -> None:
        self.app.nav.help("tidegate")

    def quit(self) -> None:
        self.app.push(ConfirmQuit(self.app))

    def on_escape(self) -> None:
        self.quit()

    def update(self, dt: float) -> None:
        self.time += dt

    def draw(self, canvas: pygame.Surface) -> None:
        draw_sea(self.app, canvas, self.time)
        title = tr("title.name")
        big = pygame.transform.scale_by(self.app.text.render(title, theme.PARCHMENT), 2)
        shadow = pygame.transform.scale_by(self.app.text.render(title, theme.INK), 2)
        x = theme.CANVAS_W // 2 - big.get_width() // 2
        canvas.blit(shadow, (x + 2, 24))
        canvas.blit(big, (x, 22))
        self.app.text.draw(canvas, tr("title.tagline"), (theme.CANVAS_W // 2, 60), theme.STRAW, "centre",
                           shadow=theme.INK)
        self.widgets.draw(self.app, canvas)
        pointed = next((e for e in self.emblems if e.hover or e.focused), None)
        if pointed is not None:   # under the row, not a tooltip over the subtitle
            text = tr("title.emblem_tip", game=tr(f"ruleset.{pointed.ruleset}"))
            self.app.text.draw(canvas, text, (theme.CANVAS_W // 2, EMBLEM_Y + EMBLEM_SIZE + 3), theme.FOAM,
                               "centre", shadow=theme.INK)
        self.app.text.draw(canvas, tr("title.footer"), (theme.CANVAS_W // 2, theme.CANVAS_H - 20),
                           theme.FOAM, "centre", shadow=theme.INK)
