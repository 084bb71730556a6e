"""Domiplotism's region names stay readable over the map's terrain art (bushes, forts): every
letter pixel is ringed by ink on its four sides, so nothing under the name touches a letter
("Central Plai" read as one word with a fort where its n was)."""

import pytest

from game.core.i18n import set_language
from game.core.protocol import Setup
from game.play.session import GameSession
from scenes import theme
from scenes.registry import open_game


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_letter_pixel_of_a_region_name_has_ink_on_four_sides(app, lang):
    set_language(lang)
    session = GameSession(Setup(seats=("human", "greedy"), seed=4, ruleset="domiplot"), ["A", "B"], [0, 1])
    scene = open_game(app, session)
    letters = (theme.PARCHMENT, theme.STRAW)
    for rid in scene.shown.active.ids:
        plate = scene._label_plate(rid)
        w, h = plate.get_size()
        lit = [(x, y) for x in range(w) for y in range(h) if tuple(plate.get_at((x, y)))[:3] in letters
               and plate.get_at((x, y)).a == 255]
        assert lit, scene.region_name(rid)
        for x, y in lit:
            for nx, ny in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)):
                assert 0 <= nx < w and 0 <= ny < h, (scene.region_name(rid), x, y)
                colour = plate.get_at((nx, ny))
                assert colour.a == 255 and tuple(colour)[:3] in letters + (theme.INK,), (scene.region_name(rid), nx, ny)
    set_language("en")
