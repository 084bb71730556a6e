"""The lobby: choose the game, map, the game's own options, seed and its seats (human or AI,
name, colour), then start.

Each ruleset's options are data (`LobbySpec`, declared per ruleset in `scenes.registry` and
read through `app.nav.lobby_spec`): only the keys its rules core reads from `Setup.options`,
each a `Choice`. A value of None means "leave it to the map" and is not passed.

Colours come from the eight-seat table (`scenes.board.seats`, i.e. `sprites/sheets/seats.json`),
each shown with its marker shape; a colour another seat has is skipped when choosing, so two
seats never share one. AI seats get real names from a per-language list (`seat.ai_names`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import pygame

from game import rulesets
from game.core.errors import GameError
from game.core.i18n import error_text, language, tr
from game.core.protocol import Setup
from game.play.session import GameSession
from game.play.usermaps import MapEntry, list_maps
from scenes import theme
from scenes.board.seats import COLOUR_KEYS, MAX_SEATS, draw_marker, marker_image
from scenes.dialogs import MessageBox
from scenes.scene import MenuScene
from scenes.drawing import draw_sea, wrap_text
from scenes.widgets import Button, Choice, TextField, WidgetGroup

SEAT_KINDS = ("human", "easy", "normal", "hard", "greedy", "random")   # levels: issue 18
OPTION_SLOTS = 2          # option choices fit on one row of the panel, two side by side


@dataclass(frozen=True)
class OptionSpec:
    """One lobby option: the `Setup.options` key the rules core reads, its values and how
    each is named. With `seat_values`, int values are seat indices: only seats in the game are
    offered, each named by its player's name (e.g. Domiplotism's first player)."""

    key: str
    caption: str                           # translation key of the label
    choices: tuple[Any, ...]
    labels: dict[Any, str] = field(default_factory=dict)   # value -> translation key
    default: Any = None
    seat_values: bool = False


@dataclass(frozen=True)
class LobbySpec:
    """What the lobby offers for one ruleset: its options, and the sprite frame of a seat's
    piece beside its row (`{colour}` filled in), or None for the seat's marker shape."""

    options: tuple[OptionSpec, ...] = ()
    seat_piece: str | None = None


def ai_names() -> list[str]:
    """The AI seats' names in the current language."""
    return [n.strip() for n in tr("seat.ai_names").split(",") if n.strip()]


class ColourChoice(Choice):
    """A seat's colour: its marker and name; stepping skips colours other seats have."""

    def __init__(self, rect, lobby: "LobbyScene", seat: int) -> None:
        self.lobby, self.seat = lobby, seat
        super().__init__(rect, "", [(c, (lambda c=c: tr(COLOUR_KEYS[c]))) for c in range(MAX_SEATS)],
                         lambda: lobby.colours[seat], lambda v: lobby.set_colour(seat, v))

    def step(self, delta: int) -> None:
        taken = {c for i, c in enumerate(self.lobby.colours) if i != self.seat}
        c = self.get()
        for _ in range(MAX_SEATS):
            c = (c + delta) % MAX_SEATS
            if c not in taken:
                self.set(c)
                return

    def draw(self, app, canvas: pygame.Surface) -> None:
        super().draw(app, canvas)
        draw_marker(canvas, self.get(), (self.rect.x + 10, self.rect.centery), 4)


class OptionChoice(Choice):
    """A ruleset option from its `OptionSpec`; the values offered follow the seats."""

    def __init__(self, rect, lobby: "LobbyScene", opt: OptionSpec) -> None:
        self.lobby, self.opt = lobby, opt
        super().__init__(rect, lambda: tr(opt.caption), [],
                         lambda: lobby.option_values.get(opt.key), lambda v: lobby.set_option(opt.key, v))

    def _text(self) -> str:
        return f"{tr(self.opt.caption)}: {self.lobby.option_label(self.opt, self.get())}"

    def step(self, delta: int) -> None:
        values = self.lobby.option_choices(self.opt)
        i = values.index(self.get()) if self.get() in values else 0
        self.set(values[(i + delta) % len(values)])


def available_maps(ruleset_id: str) -> list[MapEntry]:
    """Every map of a ruleset: shipped ones, then the player's own (broken ones included,
    marked unusable with their MapError)."""
    return list_maps(ruleset_id)


def map_label(entry: MapEntry) -> str:
    title = entry.label(language())
    if not entry.usable:   # its title may be a copy's: the file name tells which one is broken
        return tr("lobby.map_unusable", title=entry.path.replace("\\", "/").rsplit("/", 1)[-1])
    return tr("lobby.map_user", title=title) if entry.user else title


class LobbyScene(MenuScene):
    def __init__(self, app, ruleset: str | None = None) -> None:
        super().__init__(app)
        self.time = 0.0
        self.rulesets = app.nav.playable_rulesets()
        self.ruleset = self.rulesets[0]
        self.maps = available_maps(self.ruleset)
        self.map = self._first_usable()
        self.option_values: dict[str, Any] = {}
        self.seed = str(random.randrange(1, 10**6))
        self.names = [tr("seat.default_name", n=1), ai_names()[0]]
        self.kinds = ["human", "greedy"]
        self.colours = [0, 1]
        self.panel = pygame.Rect(30, 12, 580, 336)
        self._reset_options()
        self.build()
        if ruleset in self.rulesets and ruleset != self.ruleset:
            self.set_ruleset(ruleset)       # picked by its emblem on the title screen

    # ---- widgets -------------------------------------------------------------------------
    def build(self) -> None:
        g = self.widgets = WidgetGroup()
        x0 = self.panel.x + 16
        g.add(Choice((x0, 40, 270, 22), lambda: tr("lobby.game"),
                     [(r, (lambda r=r: tr(f"ruleset.{r}"))) for r in self.rulesets],
                     lambda: self.ruleset, self.set_ruleset))
        g.add(Choice((x0 + 278, 40, 270, 22), lambda: tr("lobby.map"),
                     [(m.path, (lambda m=m: map_label(m))) for m in self.maps] or [(None, "-")],
                     lambda: self.map, self.set_map))
        for n, opt in enumerate(self.spec().options[:OPTION_SLOTS]):
            g.add(OptionChoice((x0 + 278 * n, 66, 270, 22), self, opt))
        g.add(TextField((x0, 92, 270, 22), lambda: self.seed, self.set_seed, max_len=9,
                        digits_only=True, caption=lambda: tr("lobby.seed")))
        g.add(Button((x0 + 278, 92, 270, 22), lambda: tr("lobby.new_seed"),
                     lambda: self.set_seed(str(random.randrange(1, 10**6)))))
        top, step = 140, self.row_step()
        for i in range(len(self.names)):
            y = top + step * i
            g.add(TextField((x0 + 26, y, 150, 22), (lambda i=i: self.names[i]),
                            (lambda v, i=i: self.set_name(i, v)), max_len=12))
            g.add(Choice((x0 + 184, y, 150, 22), "",
                         [(k, (lambda k=k: tr(f"seat.{k}"))) for k in SEAT_KINDS],
                         (lambda i=i: self.kinds[i]), (lambda v, i=i: self.set_kind(i, v))))
            g.add(ColourChoice((x0 + 342, y, 120, 22), self, i))
            g.add(Button((x0 + 470, y, 78, 22), lambda: tr("lobby.remove"), (lambda i=i: self.remove(i)),
                         enabled=lambda: len(self.names) > self.min_players()))
        rs = rulesets.get(self.ruleset)
        if len(self.names) < rs.max_players:
            g.add(Button((x0 + 26, top + step * len(self.names), 150, 22), lambda: tr("lobby.add"), self.add))
        g.add(Button((self.panel.right - 16 - 120, self.panel.bottom - 34, 120, 24),
                     lambda: tr("lobby.start"), self.start, hotkey=pygame.K_RETURN))
        g.add(Button((self.panel.x + 16, self.panel.bottom - 34, 120, 24),
                     lambda: tr("menu.back"), self.app.pop))

    def spec(self) -> LobbySpec:
        """The chosen ruleset's lobby declaration (no options when it declares none)."""
        return self.app.nav.lobby_spec(self.ruleset)

    def _reset_options(self) -> None:
        self.option_values = {opt.key: opt.default for opt in self.spec().options}

    def option_choices(self, opt: OptionSpec) -> list[Any]:
        """The values of `opt` offered now (seat values only for seats in the game)."""
        n = len(self.names)
        return [v for v in opt.choices
                if not (opt.seat_values and isinstance(v, int) and not isinstance(v, bool) and v >= n)]

    def option_label(self, opt: OptionSpec, value: Any) -> str:
        if opt.seat_values and isinstance(value, int) and not isinstance(value, bool):
            return self.names[value].strip() or tr("seat.default_name", n=value + 1)
        return tr(opt.labels[value]) if value in opt.labels else str(value)

    def set_option(self, key: str, value: Any) -> None:
        self.option_values[key] = value

    def _clamp_options(self) -> None:
        """A seat value for a seat that left falls back to the option's default."""
        for opt in self.spec().options:
            if self.option_values.get(opt.key) not in self.option_choices(opt):
                self.option_values[opt.key] = opt.default

    def row_step(self) -> int:
        """Pixels between seat rows: closer together for more than five seats (up to eight)."""
        return 28 if len(self.names) <= 5 else 21

    def min_players(self) -> int:
        return rulesets.get(self.ruleset).min_players

    def set_ruleset(self, value: str) -> None:
        """Another game: its maps, and the seats brought within its seat range."""
        self.ruleset = value
        self.maps = available_maps(value)
        self.map = self._first_usable()
        rs = rulesets.get(value)
        for lst in (self.names, self.kinds, self.colours):
            del lst[rs.max_players:]
        while len(self.names) < rs.min_players:
            self.add(rebuild=False)
        self._reset_options()
        self.build()

    def _first_usable(self) -> str | None:
        return next((m.path for m in self.maps if m.usable), self.maps[0].path if self.maps else None)

    def map_error(self) -> str | None:
        """Why the chosen map cannot be played (translated), or None."""
        entry = next((m for m in self.maps if m.path == self.map), None)
        return error_text(entry.error) if entry is not None and entry.error is not None else None

    def set_map(self, value) -> None:
        self.map = value

    def set_seed(self, value: str) -> None:
        self.seed = value

    def set_name(self, i: int, value: str) -> None:
        self.names[i] = value

    def set_kind(self, i: int, value: str) -> None:
        """A seat becoming an AI gets an AI's name; back to human, a player's (names the
        player typed are kept either way)."""
        was_ai = self.kinds[i] != "human"
        self.kinds[i] = value
        default = tr("seat.default_name", n=i + 1)
        generated = self.names[i] in ai_names() or self.names[i] == default
        if value != "human" and generated and not (was_ai and self.names[i] in ai_names()):
            self.names[i] = self._free_ai_name(i)
        elif value == "human" and self.names[i] in ai_names():
            self.names[i] = default

    def _free_ai_name(self, i: int) -> str:
        used = {n for j, n in enumerate(self.names) if j != i}
        return next((n for n in ai_names() if n not in used), tr("seat.default_name", n=i + 1))

    def set_colour(self, i: int, value: int) -> None:
        """Refused (nothing changes) when another seat has that colour."""
        if value in (c for j, c in enumerate(self.colours) if j != i):
            return
        self.colours[i] = value

    def add(self, rebuild: bool = True) -> None:
        self.names.append("")
        self.kinds.append("greedy")
        self.colours.append(next(c for c in range(MAX_SEATS) if c not in self.colours))
        self.names[-1] = self._free_ai_name(len(self.names) - 1)
        self._clamp_options()
        if rebuild:
            self.build()

    def remove(self, i: int) -> None:
        if len(self.names) > self.min_players():
            for lst in (self.names, self.kinds, self.colours):
                del lst[i]
            for opt in self.spec().options:   # a seat option follows its player, not the row
                value = self.option_values.get(opt.key)
                if opt.seat_values and isinstance(value, int) and not isinstance(value, bool):
                    self.option_values[opt.key] = opt.default if value == i else value - (value > i)
            self._clamp_options()
            self.build()

    def options(self) -> dict[str, Any]:
        """The chosen ruleset's options for `Setup.options` (None values left to the map)."""
        return {k: v for k, v in self.option_values.items() if v is not None}

    def setup(self) -> Setup:
        return Setup(seats=tuple(self.kinds), seed=int(self.seed or "0"), map=self.map,
                     options=self.options(), ruleset=self.ruleset)

    def start(self) -> None:
        if self.map_error():
            self.app.push(MessageBox(self.app, tr("lobby.start_failed"), self.map_error()))
            return
        if len(set(self.colours)) != len(self.colours):
            self.app.push(MessageBox(self.app, tr("lobby.start_failed"), tr("lobby.colour_taken")))
            return
        if not all(n.strip() for n in self.names):
            self.app.push(MessageBox(self.app, tr("lobby.start_failed"), tr("lobby.need_name")))
            return
        try:
            session = GameSession(self.setup(), [n.strip() for n in self.names], list(self.colours))
        except GameError as exc:
            self.app.push(MessageBox(self.app, tr("lobby.start_failed"), error_text(exc)))
            return
        self.app.nav.open_game(session)

    # ---- scene ---------------------------------------------------------------------------
    def on_escape(self) -> None:
        self.app.pop()

    def update(self, dt: float) -> None:
        self.time += dt

    def draw(self, canvas: pygame.Surface) -> None:
        draw_sea(self.app, canvas, self.time)
        canvas.blit(self.app.art.panel("panel", self.panel.size), self.panel.topleft)
        self.app.text.draw(canvas, tr("lobby.title"), (self.panel.centerx, self.panel.y + 10), theme.INK, "centre")
        self.app.text.draw(canvas, tr("lobby.players"), (self.panel.x + 16, 120), theme.DUSK)
        if not self.spec().options:   # an empty row would look like something failed to show
            self.app.text.draw(canvas, tr("lobby.opt.none"), (self.panel.centerx, 69), theme.DUSK, "centre")
        for i in range(len(self.names)):
            y = 140 + self.row_step() * i
            frame = self.spec().seat_piece
            piece = (self.app.art.pieces.get(frame.format(colour=self.colours[i])) if frame else None) \
                or marker_image(self.colours[i], 5)
            canvas.blit(piece, (self.panel.x + 24 - piece.get_width() // 2 + 4, y + 11 - piece.get_height() // 2))
        error = self.map_error()
        if error:
            bottom = self.panel.bottom - 40
            lines = wrap_text(self.app, error, self.panel.width - 40)[:3]
            for i, line in enumerate(lines):
                self.app.text.draw(canvas, line, (self.panel.x + 20, bottom - 16 * (len(lines) - i)), theme.RED)
        self.widgets.draw(self.app, canvas)

    def on_language_changed(self) -> None:
        pass  # map labels are translated when drawn
