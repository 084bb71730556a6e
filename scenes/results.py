"""The end of a game: the winners (a shared victory names every winner), each player's final
score in their colour, and a per-round score chart; then "Play again" (same seats, names and
colours, a new seed) or back to the title.

The chart is drawn pixel by pixel on a dark plate so every seat colour reads well: axes,
round numbers, one line per player, and a marker shape per seat (square, diamond, triangle,
cross) so that colour-blind players can tell the lines apart too. Lines of players with equal
scores are nudged apart by a pixel or two instead of hiding each other.
"""

from __future__ import annotations

import dataclasses
import random

import pygame

from game.core.i18n import catalogue, language, own_key, tr
from game.play.session import GameSession
from scenes import theme
from scenes.board.seats import seat_colour
from scenes.drawing import draw_sea, fit, wrap_text
from scenes.scene import MenuScene
from scenes.widgets import Button, WidgetGroup

PANEL = pygame.Rect(16, 6, 608, 348)
STANDINGS = pygame.Rect(30, 92, 196, 214)     # dark plate with the final scores
CHART = pygame.Rect(236, 92, 374, 214)        # dark plate with the score chart
STANDINGS_NARROW = pygame.Rect(30, 92, 150, 214)   # ... when the dice histogram is shown
CHART_NARROW = pygame.Rect(188, 92, 214, 214)      # ... beside the dice histogram
HISTOGRAM = pygame.Rect(410, 92, 200, 214)         # dark plate: dice sums rolled vs expected
ROW_H = 40                                    # one player in the standings, pixels
MARKER_R = 3                                  # half size of a chart marker, pixels
SHAPES = ("square", "diamond", "triangle", "cross")   # by seat
LINE_SPREAD = 2                               # pixels between lines of equal scores
HEADLINE_LINES = 2                            # a long winners line wraps onto this many lines
MIN_Y_MAX = 8                                 # the chart's y axis reaches at least this


def draw_marker(canvas: pygame.Surface, shape: str, centre: tuple[int, int], colour, r: int = MARKER_R) -> None:
    """A small outlined marker; the shapes stay apart without colour."""
    x, y = centre
    if shape == "square":
        rect = pygame.Rect(x - r, y - r, 2 * r + 1, 2 * r + 1)
        pygame.draw.rect(canvas, colour, rect)
        pygame.draw.rect(canvas, theme.FOAM, rect, 1)
    elif shape == "diamond":
        pts = [(x, y - r - 1), (x + r + 1, y), (x, y + r + 1), (x - r - 1, y)]
        pygame.draw.polygon(canvas, colour, pts)
        pygame.draw.polygon(canvas, theme.FOAM, pts, 1)
    elif shape == "triangle":
        pts = [(x, y - r - 1), (x + r + 1, y + r), (x - r - 1, y + r)]
        pygame.draw.polygon(canvas, colour, pts)
        pygame.draw.polygon(canvas, theme.FOAM, pts, 1)
    else:  # cross: two thick diagonals
        for dx in (-1, 0, 1):
            pygame.draw.line(canvas, theme.FOAM, (x - r + dx, y - r), (x + r + dx, y + r))
            pygame.draw.line(canvas, theme.FOAM, (x - r + dx, y + r), (x + r + dx, y - r))
        pygame.draw.line(canvas, colour, (x - r + 1, y - r + 1), (x + r - 1, y + r - 1), 2)
        pygame.draw.line(canvas, colour, (x - r + 1, y + r - 1), (x + r - 1, y - r + 1), 2)


def dice_sums(session: GameSession) -> list[int]:
    """Every two-d6 roll's sum in the game (events with two `faces` of 1-6), from its action
    list replayed; empty for a game without such dice (then no histogram is drawn)."""
    from game.play.replay import replay_events
    sums = []
    try:
        for _seat, _action, events in replay_events(session.setup, session.actions):
            for ev in events:
                faces = getattr(ev, "faces", None)
                if isinstance(faces, tuple) and len(faces) == 2 and all(isinstance(f, int) and 1 <= f <= 6 for f in faces):
                    sums.append(sum(faces))
    except Exception:  # a session that no longer replays (edited in a test): no histogram
        return []
    return sums


def two_dice_chance(total: int) -> float:
    """P(sum of two d6 == total)."""
    return max(0, 6 - abs(total - 7)) / 36


def join_names(names: list[str]) -> str:
    """"A", "A and B", "A, B and C" (or the Chinese 、/和)."""
    if len(names) <= 1:
        return "".join(names)
    return tr("results.list_sep").join(names[:-1]) + tr("results.list_last") + names[-1]


class ResultsScene(MenuScene):
    def __init__(self, app, session: GameSession) -> None:
        super().__init__(app)
        self.session = session
        state = session.state
        result = state.result()
        scores = tuple(result.scores) if result else tuple(getattr(state, "scores", ()))
        self.winners: tuple[int, ...] = tuple(result.winners) if result else ()
        self.scores = scores
        chart = getattr(session, "chart", None)   # a screen's own per-round figure (e.g. integrity)
        self.chart_title = getattr(chart, "title_key", None)
        if chart is not None:
            history = chart.history()
        else:
            history = [tuple(s) for s in (getattr(session, "score_history", None)   # a screen may supply it
                                          or getattr(state, "score_history", []))]
        self.cause = getattr(result, "cause", "") if result else ""
        if scores and chart is None and (not history or history[-1] != scores):
            history.append(scores)   # the game ended mid-round: its final scores are one more point
        self.history = history
        self.round = int(getattr(state, "round", len(history)))
        self.rolls = dice_sums(session)
        self.time = 0.0
        self.widgets = WidgetGroup()
        y = PANEL.bottom - 34
        self.widgets.add(Button((PANEL.centerx - 134, y, 126, 22), lambda: tr("results.play_again"),
                                self.play_again, icon="dice"))
        self.widgets.add(Button((PANEL.centerx + 8, y, 126, 22), lambda: tr("results.to_title"), self.to_title))

    # ---- actions -------------------------------------------------------------------------
    def enter(self) -> None:
        self.app.sounds.play("victory")

    def play_again(self) -> None:
        """Same seats, names and colours, a different seed."""
        old = self.session.setup
        seed = old.seed
        rng = random.SystemRandom()
        while seed == old.seed:
            seed = rng.randrange(1, 2**31 - 1)
        setup = dataclasses.replace(old, seed=seed)
        session = GameSession(setup, list(self.session.names), list(self.session.colours))
        self.session.close()
        self.app.nav.open_game(session)

    def to_title(self) -> None:
        self.session.close()
        self.app.nav.home()

    def on_escape(self) -> None:
        self.to_title()

    def update(self, dt: float) -> None:
        self.time += dt

    # ---- drawing -------------------------------------------------------------------------
    def colour(self, seat: int) -> tuple[int, int, int]:
        colours = self.session.colours
        index = colours[seat] if seat < len(colours) else seat
        return seat_colour(index)[0]    # all eight seat colours (a ruleset may seat 8)

    def name(self, seat: int) -> str:
        names = self.session.names
        return names[seat] if seat < len(names) else f"P{seat + 1}"

    def key(self, key: str) -> str:
        """A ruleset's own wording of a results text (`<id>.<key>`, e.g. what its score counts),
        else the shared one."""
        return own_key(self.session.setup.ruleset, key)

    def cause_text(self) -> str:
        """The deciding rule in words, when the ruleset names it (`<id>.end_short.<cause>`,
        else `<id>.end.<cause>`), to follow a sentence: after a space, in Chinese after
        the full stop alone."""
        result = self.session.state.result()
        cause = getattr(result, "cause", "") if result is not None else ""
        texts = catalogue(language())
        for key in (f"{self.session.setup.ruleset}.end_short.{cause}", f"{self.session.setup.ruleset}.end.{cause}"):
            if cause and key in texts:
                return ("" if language() == "zh" else " ") + tr(key)
        return ""

    def ended_line(self) -> str:
        """"The game ended in round N." and how, in words (the rule id where a ruleset has
        no words for it)."""
        ended = tr(self.key("results.ended_round"), round=self.round)
        cause = self.cause_text()
        if not cause and self.cause:
            cause = " · " + tr("results.rule", rule=self.cause)
        return ended + cause

    def headline(self) -> str:
        names = [self.name(s) for s in self.winners]
        if len(names) > 1:
            return tr(self.key("results.shared"), names=join_names(names))
        return tr("results.winner", name=names[0]) if names else tr("results.title")

    def draw(self, canvas: pygame.Surface) -> None:
        draw_sea(self.app, canvas, self.time)
        canvas.blit(self.app.art.panel("panel", PANEL.size), PANEL.topleft)
        text = self.app.text
        text.draw(canvas, tr("results.title"), (PANEL.centerx, PANEL.y + 8), theme.DUSK, "centre")
        self._draw_headline(canvas, PANEL.y + 30)
        text.draw(canvas, fit(self.app, self.ended_line(), PANEL.width - 24), (PANEL.centerx, STANDINGS.y - 18),
                  theme.DUSK, "centre")
        self._draw_standings(canvas)
        self._draw_chart(canvas)
        if self.rolls:
            self._draw_histogram(canvas)
        self.widgets.draw(self.app, canvas)

    def _draw_headline(self, canvas: pygame.Surface, y: int) -> None:
        """The winners in double-size letters between two stars; a line too long for that is
        drawn at normal size, wrapped onto (at most) two lines."""
        line = self.headline()
        text = self.app.text
        star = self.app.art.pieces["vp_star"]
        room = PANEL.width - 40 - 2 * (star.get_width() + 8)
        if text.size(line)[0] * 2 <= room:
            img = pygame.transform.scale_by(text.render(line, theme.TIMBER), 2)
            shadow = pygame.transform.scale_by(text.render(line, theme.STRAW), 2)
            x = PANEL.centerx - img.get_width() // 2
            canvas.blit(shadow, (x + 1, y + 1))
            canvas.blit(img, (x, y))
            left, right, mid = x, x + img.get_width(), y + img.get_height() // 2
        else:
            lines = wrap_text(self.app, line, room)[:HEADLINE_LINES]
            top = y + 16 - 8 * len(lines)
            width = max(text.size(t)[0] for t in lines)
            for i, t in enumerate(lines):
                text.draw(canvas, t, (PANEL.centerx, top + 16 * i), theme.TIMBER, "centre")
            left, right, mid = PANEL.centerx - width // 2, PANEL.centerx + width // 2, y + 16
        canvas.blit(star, (left - star.get_width() - 8, mid - star.get_height() // 2))
        canvas.blit(star, (right + 8, mid - star.get_height() // 2))

    def _plate(self, canvas: pygame.Surface, rect: pygame.Rect, title: str) -> None:
        pygame.draw.rect(canvas, theme.INK, rect)
        pygame.draw.rect(canvas, theme.DUSK, rect, 1)
        self.app.text.draw(canvas, title, (rect.x + 6, rect.y + 3), theme.STRAW)

    def _draw_standings(self, canvas: pygame.Surface) -> None:
        standings = STANDINGS_NARROW if self.rolls else STANDINGS
        self._plate(canvas, standings, tr(self.key("results.standings")))
        text = self.app.text
        order = sorted(range(len(self.scores)), key=lambda s: (-self.scores[s], s))
        y = standings.y + 24
        if len(order) > 4:      # five to eight seats: name and score on one line each
            for seat in order:
                colour = self.colour(seat)
                draw_marker(canvas, SHAPES[seat % len(SHAPES)], (standings.x + 12, y + 8), colour)
                r = text.draw(canvas, tr(self.key("results.points"), score=self.scores[seat]),
                              (standings.right - 20, y), theme.FOAM, "right")
                text.draw(canvas, fit(self.app, self.name(seat), r.x - standings.x - 28), (standings.x + 22, y), colour)
                if seat in self.winners:
                    canvas.blit(self.app.art.pieces["vp_star"], (r.right + 3, y + 2))
                y += (standings.height - 28) // len(order)
            return
        for seat in order:
            colour = self.colour(seat)
            draw_marker(canvas, SHAPES[seat % len(SHAPES)], (standings.x + 12, y + 8), colour)
            text.draw(canvas, fit(self.app, self.name(seat), standings.width - 30), (standings.x + 22, y), colour)
            r = text.draw(canvas, tr(self.key("results.points"), score=self.scores[seat]), (standings.x + 22, y + 17),
                          theme.FOAM)
            if seat in self.winners:
                canvas.blit(self.app.art.pieces["vp_star"], (r.right + 6, y + 19))
            y += ROW_H

    def _draw_histogram(self, canvas: pygame.Surface) -> None:
        """Sums 2-12: a bar per sum for the rolls, a tick for what two fair dice would give
        on average over as many rolls (as Colonist shows), and the count of rolls."""
        self._plate(canvas, HISTOGRAM, tr("results.dice", n=len(self.rolls)))
        text = self.app.text
        plot = pygame.Rect(HISTOGRAM.x + 10, HISTOGRAM.y + 42, HISTOGRAM.width - 20, HISTOGRAM.height - 42 - 44)
        counts = {s: self.rolls.count(s) for s in range(2, 13)}
        expected = {s: len(self.rolls) * two_dice_chance(s) for s in range(2, 13)}
        top = max(1.0, max(counts.values()), max(expected.values()))
        step = plot.width // 11
        for i, s in enumerate(range(2, 13)):
            x = plot.x + i * step
            h = round(plot.height * counts[s] / top)
            bar = pygame.Rect(x + 2, plot.bottom - h, step - 4, h)
            pygame.draw.rect(canvas, theme.RED if s == 7 else theme.SHALLOWS, bar)
            ey = plot.bottom - round(plot.height * expected[s] / top)
            pygame.draw.line(canvas, theme.STRAW, (x, ey), (x + step - 2, ey), 2)
            if counts[s]:
                text.draw(canvas, str(counts[s]), (x + step // 2, bar.y - 16), theme.FOAM, "centre")
            if i % 2 == 0 or s == 7:   # 2 4 6 7 8 10 12: two-digit labels need the room
                text.draw(canvas, str(s), (x + step // 2, plot.bottom + 2), theme.PEBBLE, "centre")
        pygame.draw.line(canvas, theme.PEBBLE, (plot.x, plot.bottom), (plot.x + 11 * step, plot.bottom))
        y = plot.bottom + 22
        pygame.draw.rect(canvas, theme.SHALLOWS, (HISTOGRAM.x + 8, y + 5, 8, 8))
        x = text.draw(canvas, tr("results.rolled"), (HISTOGRAM.x + 20, y), theme.PEBBLE).right + 8
        pygame.draw.line(canvas, theme.STRAW, (x, y + 9), (x + 8, y + 9), 2)
        text.draw(canvas, tr("results.expected"), (x + 12, y), theme.PEBBLE)

    def _draw_chart(self, canvas: pygame.Surface) -> None:
        chart = CHART_NARROW if self.rolls else CHART
        self._plate(canvas, chart, tr(self.chart_title or self.key("results.chart")))
        text = self.app.text
        plot = pygame.Rect(chart.x + 28, chart.y + 28, chart.width - 44, chart.height - 28 - 40)
        n = len(self.history)
        y_max = max([MIN_Y_MAX, *(max(s) for s in self.history if s)])
        grid = 2 if y_max <= 16 else 5 * -(-y_max // 40)   # at most ~8 grid lines
        y_max += -y_max % grid  # a whole number of grid steps, so the grid ends on the top line

        def px(i: int) -> int:   # i: 0-based point index (round i + 1)
            return plot.x + (plot.width * i // (n - 1) if n > 1 else plot.width // 2)

        def py(v: float) -> int:
            return plot.bottom - round(plot.height * v / y_max)

        for v in range(0, y_max + 1, grid):
            y = py(v)
            if v:
                for x in range(plot.x, plot.right + 1, 4):
                    canvas.set_at((x, y), theme.DUSK)
            text.draw(canvas, str(v), (plot.x - 6, y - 8), theme.PEBBLE, "right")
        pygame.draw.line(canvas, theme.PEBBLE, (plot.x - 2, plot.bottom), (plot.right + 2, plot.bottom))
        pygame.draw.line(canvas, theme.PEBBLE, (plot.x - 2, plot.y - 4), (plot.x - 2, plot.bottom))
        step = 1 if n <= 1 or plot.width // (n - 1) >= 20 else 2
        while n > 1 and plot.width * step // (n - 1) < 20:   # long games: labels 20+ px apart
            step = {2: 5, 5: 10}.get(step, step * 2)
        for i in range(0, n, step):
            pygame.draw.line(canvas, theme.PEBBLE, (px(i), plot.bottom), (px(i), plot.bottom + 2))
            text.draw(canvas, str(i + 1), (px(i), plot.bottom + 3), theme.PEBBLE, "centre")
        text.draw(canvas, tr(self.key("results.axis_round")), (plot.centerx, plot.bottom + 20), theme.PEBBLE, "centre")
        seats = len(self.scores)
        for seat in range(seats):
            nudge = (2 * seat - (seats - 1)) * LINE_SPREAD // 2
            points = [(px(i), py(s[seat]) + nudge) for i, s in enumerate(self.history) if seat < len(s)]
            colour = self.colour(seat)
            if len(points) > 1:
                pygame.draw.lines(canvas, colour, False, points, 2)
            for p in points:
                draw_marker(canvas, SHAPES[seat % len(SHAPES)], p, colour)
