"""Tribes the rules run have colours of their own on the board (T-12.2 breakaways, T-15.1 goblin
kingdoms), as the undead and goblin sites do: before, every system tribe was the same grey, so
two goblin kingdoms side by side were told apart only by their border and names."""

from __future__ import annotations

import itertools

from game.core.protocol import Setup
from game.play.session import GameSession
from game.territory.effects import new_system_tribe
from game.territory.state import GOBLIN, UNDEAD
from scenes.board.seats import SEAT_COLOURS
from scenes.registry import open_game
from scenes.territory.smoke import NAMES

MIN_APART = 24   # CIE76 distance: two colours this far apart read as two on a 16 px tile


def lab(rgb: tuple[int, int, int]) -> tuple[float, float, float]:
    """CIE L*a*b* (D65) of an sRGB colour."""
    def linear(u: int) -> float:
        v = u / 255
        return ((v + 0.055) / 1.055) ** 2.4 if v > 0.04045 else v / 12.92
    r, g, b = (linear(u) for u in rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116
    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def apart(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    return sum((p - q) ** 2 for p, q in zip(lab(a), lab(b))) ** 0.5


def test_system_tribes_undead_and_goblin_sites_each_have_a_colour_apart_from_every_seat(app):
    session = GameSession(Setup(seats=("human", "greedy", "greedy"), seed=5, ruleset="territory"),
                          NAMES[:3], [0, 1, 2])
    state = session.state
    first = new_system_tribe(state, "goblin", None, "goblin kingdom").id
    breakaway = new_system_tribe(state, "war", state.tribes[2], "P3 (4)").id
    second = new_system_tribe(state, "goblin", None, "goblin kingdom").id
    scene = open_game(app, session)
    scene.shown = scene.view_now()
    assert [scene.tribe_name(t) for t in (first, second)] == ["Goblin kingdom 1", "Goblin kingdom 2"]
    colours = {t: scene.owner_colour(t) for t in (UNDEAD, GOBLIN, first, breakaway, second)}
    assert colours == {UNDEAD: (0xA0, 0x8C, 0xB8), GOBLIN: (0x5E, 0x8C, 0x2E), first: (0x7A, 0x70, 0x14),
                       breakaway: (0x8A, 0x2E, 0x4A), second: (0x3E, 0x5A, 0x2A)}
    seats = [light for light, _shade in SEAT_COLOURS]
    assert len(seats) == 8
    for a, b in itertools.product(colours.values(), seats):
        assert apart(a, b) >= MIN_APART, (a, b)
    for a, b in itertools.combinations(colours.values(), 2):
        assert apart(a, b) >= MIN_APART, (a, b)
