"""Pass-the-device (hot-seat with hidden information): after a hand-off, the rendered frame
contains no pixel that depends on another seat's hidden data. Each scenario is rendered twice
with different hidden data and the frames compared.

The ruleset is a tiny fake with secret hands, played through a minimal screen on the board
layer (no real ruleset with hidden information has a screen yet)."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.core.protocol import Event
from scenes import theme
from scenes.board.presenter import Beat
from scenes.board.scene import BoardScene
from scenes.board.handoff import draw_handoff
from tests.helpers.ui import click


@dataclass(frozen=True)
class Drew(Event):
    seat: int
    card: int | None

    def redacted(self, seat):
        return self if seat == self.seat else Drew(self.seat, None)


@dataclass
class HandsView:
    me: int | None
    hand: tuple[int, ...] | None
    sizes: tuple[int, ...]
    round: int = 1


class HandsState:
    """Two seats take turns drawing a secret card from their own deck."""

    def __init__(self, hands, decks) -> None:
        self.hands = [list(h) for h in hands]
        self.decks = [list(d) for d in decks]
        self.current = 0
        self.round = 1
        self.setup = type("Setup", (), {"seats": ("human", "human"), "ruleset": "fake", "seed": 1})()

    def to_move(self):
        return [self.current]

    def legal_actions(self, seat):
        return ["draw"] if seat == self.current else []

    def apply(self, seat, action):
        card = self.decks[seat].pop(0)
        self.hands[seat].append(card)
        self.current = 1 - seat
        return [Drew(seat, card)]

    def view(self, seat):
        return HandsView(seat, tuple(self.hands[seat]) if seat is not None else None,
                         tuple(len(h) for h in self.hands))

    def result(self):
        return None


class FakeSession:
    def __init__(self, state) -> None:
        self.state, self.setup = state, state.setup
        self.names, self.colours = ["Ann", "Bo"], [0, 1]
        self.actions, self.agents = [], {}

    def seat_is_human(self, seat):
        return True

    def next_seat(self):
        return self.state.to_move()[0]

    def apply(self, seat, action):
        events = self.state.apply(seat, action)
        self.actions.append((seat, action))
        return events

    def can_undo(self):
        return False

    def close(self):
        pass


class HandsScreen(BoardScene):
    """The least a hidden-information screen draws: the shown seat's cards, everyone's counts,
    and the log (which names drawn cards only to their owner)."""

    ruleset_id = "fake"
    hidden_info = True
    board_view = pygame.Rect(0, 20, 640, 190)
    log_rect = pygame.Rect(0, 214, 640, 140)

    def make_board(self):
        return None

    def autosave(self):
        pass

    def draw_board(self, canvas):
        canvas.fill(theme.SEA, self.board_view)
        view = self.shown
        for i, card in enumerate(view.hand or ()):
            pygame.draw.rect(canvas, (card * 20 % 256, 90, 40), (10 + 30 * i, 40, 24, 34))
            self.app.text.draw(canvas, str(card), (14 + 30 * i, 48), theme.INK)
        for seat, n in enumerate(view.sizes):
            self.app.text.draw(canvas, f"{self.name(seat)}: {n}", (10, 100 + 18 * seat), theme.FOAM)

    def _on_drew(self, ev: Drew):
        n = self.name(ev.seat)
        if ev.card is None:
            return Beat(log=lambda: f"{n} drew a card")
        return Beat(log=lambda: f"{n} drew {ev.card}")

    presenters = {Drew: _on_drew}


def frame(app) -> bytes:
    app.step_frames(1)
    return pygame.image.tobytes(app.canvas, "RGB")


def scenario(app, hands, decks) -> list[bytes]:
    """Frames at each checkpoint of: pass to Ann, Ann plays, pass to Bo, Bo looks."""
    app.stack.clear()
    app.mouse = (5, 5)
    scene = app.push(HandsScreen(app, FakeSession(HandsState(hands, decks))))
    shots = [frame(app)]                                  # 0: pass screen for Ann
    assert scene.handoff_pending() == 0
    click(app, (320, 180))
    app.mouse = (5, 5)
    shots.append(frame(app))                              # 1: Ann's view
    scene.act("draw")
    app.mouse = (5, 5)
    shots.append(frame(app))                              # 2: right after Ann's turn
    assert scene.handoff_pending() == 1
    click(app, (320, 180))
    app.mouse = (5, 5)
    shots.append(frame(app))                              # 3: Bo's view
    return shots


def test_after_a_handoff_nothing_of_the_other_seats_hidden_data_is_drawn(app):
    base = scenario(app, hands=[(1, 2), (3, 4)], decks=[(5,), (6,)])
    other_bo = scenario(app, hands=[(1, 2), (9, 8)], decks=[(5,), (7,)])
    other_ann = scenario(app, hands=[(11, 12), (3, 4)], decks=[(13,), (6,)])
    # Ann's own screens may show Ann's cards but never Bo's
    assert base[0] == other_bo[0] and base[1] == other_bo[1]
    # between the two turns (the pass screen) nothing of either player shows
    assert base[2] == other_bo[2] == other_ann[2]
    # Bo's screen never shows Ann's cards, not even in the log
    assert base[3] == other_ann[3]
    # ...and the secrets really are on the owners' own screens
    assert base[1] != other_ann[1] and base[3] != other_bo[3]


def test_the_pass_screen_is_opaque_and_names_the_player(app):
    canvas = pygame.Surface((theme.CANVAS_W, theme.CANVAS_H))
    canvas.fill((255, 0, 255))
    draw_handoff(app, canvas, "Bo", 1)
    pixels = pygame.image.tobytes(canvas, "RGB")
    assert bytes((255, 0, 255)) not in {pixels[i:i + 3] for i in range(0, len(pixels), 3)}


def test_a_single_human_against_ai_sees_their_view_without_handoffs(app):
    session = FakeSession(HandsState([(1,), (2,)], [(3,), (4,)]))
    session.seat_is_human = lambda seat: seat == 0
    scene = app.push(HandsScreen(app, session))
    assert scene.handoff_pending() is None and scene.shown.hand == (1,)
