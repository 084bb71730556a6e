"""Rules help: a ruleset's rules retold in a few short illustrated pages.

Each page is a title, a body text (paragraphs separated by newlines; lines starting with
"- " are bullet points) and a picture drawn from the game's own art: terrain tiles with
number tokens, pieces, costs as resource icons, the tide gate, dice faces. Texts come from
the `help.*` catalogue entries, so both languages share one layout; the text column wraps
with `app.text.wrap` and `page_fits` lets tests check that nothing runs off the page.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import pygame

from game.core.i18n import catalogue, tr
from scenes import theme
from scenes.drawing import draw_sea, wrap_text
from scenes.scene import Scene
from scenes.widgets import Button, Choice, WidgetGroup

PANEL = pygame.Rect(12, 8, 616, 344)                 # the parchment sheet
TEXT_AREA = pygame.Rect(28, 40, 352, 272)            # body text column
PICTURE_AREA = pygame.Rect(392, 40, 220, 272)        # illustration column
SELECTOR_PAD = 16                                    # the header selector's button margins, pixels
LINE_H = 16                                          # Unifont line height, pixels
BODY_LINE_H = 18                                     # body text: 2 px leading (CJK needs air)
PARAGRAPH_GAP = 5                                    # extra pixels between paragraphs
BULLET_INDENT = 12                                   # pixels; bullet lines hang on this
TILE = 32                                            # hex tile size in the tileset
HEX_DY = 24                                          # vertical distance of hex rows
# Tile ids of tidegate_tiles.png (see maps/tidegate): terrains, then the number tokens.
TERRAIN_TILE = {"sea": 0, "wheat": 1, "stone": 2, "wood": 3, "fog": 4}
TOKEN_TILE = {n: 5 + i for i, n in enumerate((2, 3, 4, 5, 6, 8, 9, 10, 11, 12))}
# Corners of a pointy-top tile inside its 32x32 cell (n, ne, se, s, sw, nw).
CORNERS = {"n": (16, 0), "ne": (31, 8), "se": (31, 24), "s": (16, 31), "sw": (0, 24), "nw": (0, 8)}


@dataclass(frozen=True)
class Page:
    key: str                                        # help.<key>.title / help.<key>.body
    picture: Callable[["RulesHelpScene", pygame.Surface, pygame.Rect], None]
    # placeholders of the body read from the rules data, so tuned [P] numbers stay true
    params: Callable[[], dict] = dict

    def body(self) -> str:
        """The page's body text in the current language, placeholders filled."""
        return tr(f"help.{self.key}.body", **self.params())


def rulesets_with_pages() -> list[str]:
    """Rulesets that have rules pages, in the registry's order (the help's selector)."""
    from game import rulesets
    known = rulesets.ids()
    return [r for r in known if r in PAGES] + [r for r in PAGES if r not in known]


class RulesHelpScene(Scene):
    """Pages with arrow buttons (and Left/Right keys), "2 / 7", Back / Esc. The header is a
    selector: a click (right-click: back) shows the next game's rules."""

    def __init__(self, app, ruleset_id: str = "tidegate") -> None:
        super().__init__(app)
        self.ruleset_id = ruleset_id
        self.pages = PAGES.get(ruleset_id, [])
        self.page = 0
        self.time = 0.0
        self.widgets = WidgetGroup()
        self.selector: Choice | None = None
        if ruleset_id in PAGES:
            self.selector = self.widgets.add(Choice(
                (PANEL.right - 16 - 120, PANEL.y + 5, 120, 20), "",
                [(r, (lambda r=r: tr("help.title", game=self._name(r)))) for r in rulesets_with_pages()],
                lambda: self.ruleset_id, self.show_ruleset))
            self.selector.tooltip = lambda: tr("help.other_game")
            self.selector.icon = "arrow_right"       # says "there is more than this game"
            self._fit_selector()
        bottom = PANEL.bottom - 30
        self.widgets.add(Button((PANEL.x + 16, bottom, 96, 22), lambda: tr("help.back"), self.app.pop,
                                icon="close"))
        self.prev_button = self.widgets.add(Button(
            (PANEL.centerx - 70, bottom, 28, 22), "", lambda: self.turn(-1), icon="arrow_left",
            enabled=lambda: self.page > 0, tooltip=lambda: tr("help.prev")))
        self.next_button = self.widgets.add(Button(
            (PANEL.centerx + 42, bottom, 28, 22), "", lambda: self.turn(1), icon="arrow_right",
            enabled=lambda: self.page < len(self.pages) - 1, tooltip=lambda: tr("help.next")))

    # ---- navigation ----------------------------------------------------------------------
    def show_ruleset(self, ruleset_id: str) -> None:
        """Show another game's rules from its first page."""
        self.ruleset_id = ruleset_id
        self.pages = PAGES.get(ruleset_id, [])
        self.page = 0
        self._fit_selector()

    def header_width(self) -> int:
        """Pixels the header takes: the selector button (text, arrow icon, margins)."""
        w = self.app.text.size(tr("help.title", game=self.game_name()))[0]
        icon = self.app.art.ui.get("icon_arrow_right")
        return w + SELECTOR_PAD + (icon.get_width() + 3 if icon is not None else 0)

    def _fit_selector(self) -> None:
        """The selector is as wide as its text, right-aligned on the header line."""
        if self.selector is not None:
            w = self.header_width()
            self.selector.rect = pygame.Rect(PANEL.right - 16 - w, PANEL.y + 5, w, 20)

    def on_language_changed(self) -> None:
        self._fit_selector()

    def turn(self, step: int) -> None:
        """Go `step` pages forward (negative: back), staying inside the book."""
        self.page = max(0, min(len(self.pages) - 1, self.page + step))

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
                return
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_PAGEUP, pygame.K_PAGEDOWN):
                step = -1 if event.key in (pygame.K_LEFT, pygame.K_PAGEUP) else 1
                if 0 <= self.page + step < len(self.pages):
                    self.app.sounds.play("click")
                    self.turn(step)
                return
        self.widgets.handle(self.app, event)

    def update(self, dt: float) -> None:
        self.time += dt

    # ---- text layout ---------------------------------------------------------------------
    def layout(self, text: str, width: int) -> list[tuple[int, int, str, bool]]:
        """Lines of `text` as (x offset, y offset, line, starts a bullet) inside `width`."""
        out: list[tuple[int, int, str, bool]] = []
        y = 0
        for n, paragraph in enumerate(text.split("\n")):
            if n:
                y += PARAGRAPH_GAP
            bullet = paragraph.startswith("- ")
            body = paragraph[2:] if bullet else paragraph
            indent = BULLET_INDENT if bullet else 0
            for i, line in enumerate(wrap_text(self.app, body, width - indent)):
                out.append((indent, y, line, bullet and i == 0))
                y += BODY_LINE_H
        return out

    def page_fits(self, index: int) -> bool:
        """True when the page's title and body fit their areas (tests check every page)."""
        page = self.pages[index]
        lines = self.layout(page.body(), TEXT_AREA.width)
        widest = max((x + self.app.text.size(t)[0] for x, _, t, _ in lines), default=0)
        bottom = lines[-1][1] + BODY_LINE_H if lines else 0
        title_w = self.app.text.size(tr(f"help.{page.key}.title"))[0]
        header_w = self.header_width()
        return widest <= TEXT_AREA.width and bottom <= TEXT_AREA.height and title_w + header_w + 16 <= PANEL.width - 32

    # ---- drawing -------------------------------------------------------------------------
    def game_name(self) -> str:
        return self._name(self.ruleset_id)

    @staticmethod
    def _name(ruleset_id: str) -> str:
        key = f"help.game.{ruleset_id}"
        return tr(key) if key in catalogue("en") else ruleset_id

    def draw(self, canvas: pygame.Surface) -> None:
        draw_sea(self.app, canvas, self.time)
        canvas.blit(self.app.art.panel("panel", PANEL.size), PANEL.topleft)
        text = self.app.text
        if self.selector is None:
            text.draw(canvas, tr("help.title", game=self.game_name()), (PANEL.right - 16, PANEL.y + 10),
                      theme.DUSK, "right")
        else:
            self._fit_selector()     # the language may have changed since the last frame
        if not self.pages:
            for i, line in enumerate(wrap_text(self.app, tr("help.unavailable"), PANEL.width - 40)):
                text.draw(canvas, line, (PANEL.centerx, PANEL.y + 60 + LINE_H * i), theme.INK, "centre")
            self.widgets.draw(self.app, canvas)
            return
        page = self.pages[self.page]
        text.draw(canvas, tr(f"help.{page.key}.title"), (PANEL.x + 16, PANEL.y + 10), theme.TIMBER)
        pygame.draw.line(canvas, theme.PARCHMENT_SHADE, (PANEL.x + 16, PANEL.y + 28),
                         (PANEL.right - 17, PANEL.y + 28))
        pygame.draw.line(canvas, theme.PARCHMENT_SHADE, (PICTURE_AREA.x - 6, TEXT_AREA.y),
                         (PICTURE_AREA.x - 6, TEXT_AREA.bottom - 4))
        for x, y, line, bullet in self.layout(page.body(), TEXT_AREA.width):
            if bullet:
                pygame.draw.rect(canvas, theme.TIMBER, (TEXT_AREA.x + 2, TEXT_AREA.y + y + 7, 4, 4))
            text.draw(canvas, line, (TEXT_AREA.x + x, TEXT_AREA.y + y), theme.INK)
        page.picture(self, canvas, PICTURE_AREA)
        text.draw(canvas, tr("help.page", page=self.page + 1, count=len(self.pages)),
                  (PANEL.centerx, PANEL.bottom - 27), theme.INK, "centre")
        self.widgets.draw(self.app, canvas)

    # ---- picture helpers -----------------------------------------------------------------
    @property
    def tiles(self) -> list[pygame.Surface]:
        return self.app.art.tiles("tidegate", "tidegate_tiles.png", TILE, TILE)

    def sprite(self, name: str) -> pygame.Surface:
        """A piece, resource icon or die face by frame name."""
        art = self.app.art
        return art.pieces.get(name) or art.dice.get(name) or art.ui[name]

    def hex(self, surface: pygame.Surface, terrain: str, pos: tuple[int, int], token: int | None = None) -> None:
        surface.blit(self.tiles[TERRAIN_TILE[terrain]], pos)
        if token is not None:
            surface.blit(self.tiles[TOKEN_TILE[token]], pos)

    def piece(self, surface: pygame.Surface, frame: str, at: tuple[int, int], alpha: int = 255) -> None:
        """Blit a piece so that its anchor (vertex / edge midpoint) lands on `at`."""
        ax, ay = self.app.art.anchor(frame)
        img = self.app.art.pieces[frame]
        if alpha < 255:
            img = img.copy()
            img.set_alpha(alpha)
        surface.blit(img, (at[0] - ax, at[1] - ay))

    def row(self, canvas: pygame.Surface, items: list, centre_x: int, y: int, gap: int = 4) -> int:
        """Draw a centred row of items and return the y below it. An item is a frame name
        (drawn at ZOOM), a Surface (drawn at ZOOM), ("x1", frame) for a 1:1 sprite, or a
        string starting with "=" or "+" / "≤" (text). All are centred on one middle line."""
        parts: list[pygame.Surface] = []
        for item in items:
            if isinstance(item, tuple):
                parts.append(self.sprite(item[1]))
            elif isinstance(item, pygame.Surface):
                parts.append(pygame.transform.scale_by(item, ZOOM))
            elif item[:1] in TEXT_STARTS:
                parts.append(self.app.text.render(item, theme.INK))
            else:
                parts.append(pygame.transform.scale_by(self.sprite(item), ZOOM))
        width = sum(p.get_width() for p in parts) + gap * (len(parts) - 1)
        height = max(p.get_height() for p in parts)
        x = centre_x - width // 2
        for p in parts:
            canvas.blit(p, (x, y + (height - p.get_height()) // 2))
            x += p.get_width() + gap
        return y + height

    def caption(self, canvas: pygame.Surface, key: str, centre_x: int, y: int, width: int) -> int:
        """A centred, wrapped caption; returns the y below it."""
        for line in wrap_text(self.app, tr(key), width):
            self.app.text.draw(canvas, line, (centre_x, y), theme.DUSK, "centre")
            y += LINE_H
        return y

    def legend(self, canvas: pygame.Surface, entries: list[tuple[pygame.Surface, str]], x: int, y: int) -> int:
        """Icon + label lines (1:1 icons, like text); returns the y below them."""
        for icon, key in entries:
            canvas.blit(icon, (x + 6 - icon.get_width() // 2, y + 8 - icon.get_height() // 2))
            self.app.text.draw(canvas, tr(key), (x + 18, y), theme.INK)
            y += LINE_H + 2
        return y

    def swatch(self, terrain: str) -> pygame.Surface:
        """A 12x12 square cut from the middle of a terrain tile, outlined like the icons."""
        surf = pygame.Surface((12, 12))
        surf.blit(self.tiles[TERRAIN_TILE[terrain]], (0, 0), pygame.Rect(10, 10, 12, 12))
        pygame.draw.rect(surf, theme.INK, surf.get_rect(), 1)
        return surf

    def gate_frame(self) -> str:
        anim = self.app.art.pieces_index["animations"].get("gate", {"frames": ["gate_0"], "fps": 1})
        frames = anim["frames"]
        return frames[int(self.time * anim["fps"]) % len(frames)]


def _sketch(w: int, h: int) -> pygame.Surface:
    """A transparent 1:1 drawing surface, shown at ZOOM by `RulesHelpScene.row`."""
    return pygame.Surface((w, h), pygame.SRCALPHA)


def _at(tile: tuple[int, int], corner: str) -> tuple[int, int]:
    return tile[0] + CORNERS[corner][0], tile[1] + CORNERS[corner][1]


def _mid(a: tuple[int, int], b: tuple[int, int]) -> tuple[int, int]:
    return (a[0] + b[0]) // 2, (a[1] + b[1]) // 2


# ---- Tidegate pictures (each fills PICTURE_AREA from the top) ---------------------------------

def _goal(scene: RulesHelpScene, canvas: pygame.Surface, area: pygame.Rect) -> None:
    """A small island (fog in the middle, six numbered tiles, a sea ring) and a legend."""
    cx, top = area.centerx, area.y + 2
    ring = [("wheat", 6), ("stone", 3), ("wood", 8), ("wheat", 10), ("stone", 4), ("wood", 11)]
    rows = [None, None, None], [None, ring[0], ring[1], None], \
        [None, ring[5], ("fog", None), ring[2], None], [None, ring[4], ring[3], None], [None, None, None]
    for r, row in enumerate(rows):
        x0 = cx - len(row) * TILE // 2
        for i, cell in enumerate(row):
            terrain, token = cell if cell else ("sea", None)
            scene.hex(canvas, terrain, (x0 + i * TILE, top + r * HEX_DY), token)
    y = top + 4 * HEX_DY + TILE + 12
    entries = [(scene.swatch(t), f"help.pic.{t}") for t in ("wheat", "stone", "wood", "fog")]
    scene.legend(canvas, entries, area.x + 44, y)


def _setup(scene: RulesHelpScene, canvas: pygame.Surface, area: pygame.Rect) -> None:
    """Three tiles meeting at a corner: an outpost there with its road; a corner too close."""
    s = _sketch(66, 58)
    left, right, below = (1, 1), (33, 1), (17, 25)
    scene.hex(s, "wheat", left, 6)
    scene.hex(s, "wood", right, 9)
    scene.hex(s, "stone", below, 4)
    scene.piece(s, "road_up_0", _mid(_at(left, "se"), _at(left, "s")))
    scene.piece(s, "outpost_0", _at(left, "se"))
    too_close = _at(left, "ne")
    scene.piece(s, "outpost_0", too_close, alpha=120)
    close = scene.app.art.ui["icon_close"]
    s.blit(close, (too_close[0] - 6, too_close[1] - 7))
    y = scene.row(canvas, [s], area.centerx, area.y + 4) + 8
    entries = [(scene.sprite("outpost_0"), "help.pic.first"), (close, "help.pic.too_close")]
    y = scene.legend(canvas, entries, area.x + 40, y) + 12
    y = scene.row(canvas, ["icon_wheat", "icon_wheat", "icon_stone", "icon_stone", "icon_wood", "icon_wood"],
                  area.centerx, y, gap=2)
    scene.caption(canvas, "help.pic.start_hand", area.centerx, y + 4, area.width)


def _turn(scene: RulesHelpScene, canvas: pygame.Surface, area: pygame.Rect) -> None:
    """Dice showing 8 and a numbered stone hill paying an outpost and a city; then a 7."""
    cx = area.centerx
    y = scene.row(canvas, ["die_3", "die_5", "= 8"], cx, area.y + 2) + 2
    s = _sketch(34, 34)
    tile = (1, 1)
    scene.hex(s, "stone", tile, 8)
    scene.piece(s, "outpost_0", _at(tile, "nw"))
    scene.piece(s, "city_1", _at(tile, "se"))
    y = scene.row(canvas, ["+3", ("x1", "icon_stone"), s, "+5", ("x1", "icon_stone")], cx, y)
    y = scene.caption(canvas, "help.pic.produce", cx, y + 2, area.width) + 10
    y = scene.row(canvas, ["die_3", "die_4", "= 7"], cx, y) + 4
    hand = [("x1", "icon_wheat")] * 4 + [("x1", "icon_wood")] * 2
    y = scene.row(canvas, hand + [("x1", "icon_arrow_right")] + hand[3:], cx, y, gap=1)
    scene.caption(canvas, "help.pic.seven", cx, y + 4, area.width)


def _build(scene: RulesHelpScene, canvas: pygame.Surface, area: pygame.Rect) -> None:
    """A cost table (piece = resources, points), then the piece limits."""
    rows = [
        ("road_up_0", ["icon_wood", "icon_stone"], ""),
        ("outpost_0", ["icon_wheat", "icon_stone", "icon_wood"], "+1"),
        ("city_0", ["icon_wheat", "icon_wheat", "icon_stone", "icon_stone", "icon_stone"], "+2"),
    ]
    x0, y = area.x + 4, area.y + 4
    for frame, cost, points in rows:
        img = pygame.transform.scale_by(scene.sprite(frame), ZOOM)
        canvas.blit(img, (x0 + 14 - img.get_width() // 2, y + 12 - img.get_height() // 2))
        scene.app.text.draw(canvas, "=", (x0 + 32, y + 4), theme.INK)
        x = x0 + 46
        for name in cost:
            canvas.blit(pygame.transform.scale_by(scene.sprite(name), ZOOM), (x, y))
            x += 22
        if points:
            r = scene.app.text.draw(canvas, points, (area.right - 30, y + 4), theme.INK, "right")
            canvas.blit(scene.sprite("vp_star"), (r.right + 2, y + 6))
        y += 34
    pygame.draw.line(canvas, theme.PARCHMENT_SHADE, (area.x + 10, y), (area.right - 10, y))
    y += 10
    for frames, limit in ((["road_up_0"], "≤ 10"), (["outpost_0", "city_0"], "≤ 5"), (["city_0"], "≤ 3")):
        y = scene.row(canvas, frames + [limit], area.centerx, y) + 6


def _trade(scene: RulesHelpScene, canvas: pygame.Surface, area: pygame.Rect) -> None:
    """The market's 3 : 1; a gate on the coast with an outpost at its end and its 2 : 1."""
    cx = area.centerx
    y = scene.row(canvas, ["icon_wheat"] * 3 + ["icon_arrow_right", "icon_wood"], cx, area.y + 2, gap=2)
    y = scene.caption(canvas, "help.pic.market", cx, y + 2, area.width) + 8
    s = _sketch(82, 58)
    sea, land = (1, 1), (33, 1)
    scene.hex(s, "sea", sea)
    scene.hex(s, "wood", land, 5)
    scene.hex(s, "sea", (17, 25))
    scene.hex(s, "wheat", (49, 25))
    scene.piece(s, scene.gate_frame(), _mid(_at(land, "nw"), _at(land, "sw")))
    scene.piece(s, "outpost_0", _at(land, "sw"))
    y = scene.row(canvas, [s], cx, y) + 6
    y = scene.row(canvas, ["icon_wood"] * 2 + ["icon_arrow_right", "icon_stone"], cx, y, gap=2)
    scene.caption(canvas, "help.pic.gate", cx, y + 2, area.width)


def _end(scene: RulesHelpScene, canvas: pygame.Surface, area: pygame.Rect) -> None:
    """Outpost = 1 star, city = 2 stars; three cities and two outposts make 8."""
    cx = area.centerx
    y = scene.row(canvas, ["outpost_2", "=", "vp_star"], cx, area.y + 4) + 8
    y = scene.row(canvas, ["city_2", "=", "vp_star", "vp_star"], cx, y) + 20
    y = scene.row(canvas, ["city_2"] * 3 + ["outpost_2"] * 2, cx, y, gap=2) + 6
    y = scene.row(canvas, ["= 8", "vp_star"], cx, y)
    scene.caption(canvas, "help.pic.max", cx, y + 4, area.width)


def _tips(scene: RulesHelpScene, canvas: pygame.Surface, area: pygame.Rect) -> None:
    """Every number token, to compare their dots; a gate corner worth taking."""
    cx, y = area.centerx, area.y
    for numbers in ((2, 3, 4, 5, 6), (8, 9, 10, 11, 12)):
        tokens = [scene.tiles[TOKEN_TILE[n]].subsurface((7, 7, 18, 19)) for n in numbers]
        y = scene.row(canvas, tokens, cx, y, gap=4) + 4
    y = scene.caption(canvas, "help.pic.dots", cx, y + 2, area.width) + 10
    s = _sketch(66, 34)
    scene.hex(s, "sea", (1, 1))
    scene.hex(s, "stone", (33, 1), 6)
    scene.piece(s, scene.gate_frame(), _mid(_at((33, 1), "nw"), _at((33, 1), "sw")))
    scene.piece(s, "outpost_3", _at((33, 1), "sw"))
    scene.row(canvas, [s.subsurface((1, 0, 64, 34))], cx, y)


def _keys(scene: RulesHelpScene, canvas: pygame.Surface, area: pygame.Rect) -> None:
    """Key caps beside the buttons they stand for."""
    app = scene.app
    rows = [("Space", "icon_dice"), ("R O C", None), ("T", "icon_trade"), ("U", "icon_undo"),
            ("E", "icon_end_turn"), ("Esc", "icon_gear")]
    y = area.y + 8
    for label, icon in rows:
        w = app.text.size(label)[0] + 12
        cap = pygame.Rect(area.centerx - 8 - w, y, w, 20)
        pygame.draw.rect(canvas, theme.PARCHMENT_SHADE, cap.move(0, 2))
        pygame.draw.rect(canvas, theme.FOAM, cap)
        pygame.draw.rect(canvas, theme.INK, cap, 1)
        app.text.draw(canvas, label, (cap.centerx, cap.y + 2), theme.INK, "centre")
        if icon is not None:
            img = pygame.transform.scale_by(app.art.ui[icon], 2)
            canvas.blit(img, (area.centerx + 8, y + 10 - img.get_height() // 2))
        else:
            x = area.centerx + 8
            for frame in ("road_up_0", "outpost_0", "city_0"):
                img = app.art.pieces[frame]
                canvas.blit(img, (x, y + 10 - img.get_height() // 2))
                x += img.get_width() + 4
        y += 30
    scene.caption(canvas, "help.pic.keys", area.centerx, y + 4, area.width)


ZOOM = 2                                             # pictures are drawn at 2x the art
TEXT_STARTS = ("=", "+", "≤")                        # row items that are text, not frames

PAGES: dict[str, list[Page]] = {
    "tidegate": [
        Page("goal", _goal),
        Page("setup", _setup),
        Page("turn", _turn),
        Page("build", _build),
        Page("trade", _trade),
        Page("end", _end),
        Page("tips", _tips),
        Page("keys", _keys),
    ],
}


def _register_domiplot() -> None:
    """Domiplotism's pages live beside its screen (scenes/domiplot/help_pages.py)."""
    from scenes.domiplot.help_pages import pages
    PAGES["domiplot"] = pages(Page)


_register_domiplot()


def _register_landship() -> None:
    """Scorched Landships' pages live beside its screen (scenes/landship/help_pages.py)."""
    from scenes.landship.help_pages import pages
    PAGES["landship"] = pages(Page)


_register_landship()


def _register_skirmish() -> None:
    """Skirmish's pages live beside its screen (scenes/skirmish/help_pages.py)."""
    from scenes.skirmish.help_pages import PAGES as skirmish_pages
    PAGES["skirmish"] = [Page(key, picture) for key, picture in skirmish_pages]


_register_skirmish()


def _register_territory() -> None:
    """Dice for Land's pages live beside its screen (scenes/territory/help_pages.py)."""
    from scenes.territory.help_pages import PAGES as territory_pages, params
    PAGES["territory"] = [Page(key, picture, params) for key, picture in territory_pages]


_register_territory()
