"""A seat's name and its "AI" tag (or the thinking hourglass) keep a clear gap in every game's
panels: Skirmish's side panels drew "诸葛孔明亮" 4 px from "电脑", which read as one word."""

import pygame
import pytest

from game.core.i18n import set_language, tr
from scenes.board.hud import draw_player_panel
from scenes.domiplot.layout import PANEL_W as DOMIPLOT_W
from scenes.landship_scene import PANEL_W as LANDSHIP_W
from scenes.skirmish_scene import RW as SKIRMISH_W
from scenes.territory_scene import PANEL_W as TERRITORY_W
from scenes.tidegate_scene import PANEL_W as TIDEGATE_W
from tests.helpers.ui import text_drawn

WIDTHS = {"tidegate": TIDEGATE_W, "territory": TERRITORY_W, "skirmish": SKIRMISH_W,
          "domiplot": DOMIPLOT_W, "landship": LANDSHIP_W}
NAMES = {"en": ["W" * n for n in range(1, 13)], "zh": ["龘" * n for n in range(1, 13)] + ["诸葛孔明亮", "诸葛孔明亮A"]}


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("game", sorted(WIDTHS))
def test_name_stays_six_pixels_clear_of_the_ai_tag(app, lang, game):
    set_language(lang)
    canvas = pygame.Surface((640, 360))
    rect = pygame.Rect(10, 10, WIDTHS[game], 40)
    for name in NAMES[lang]:
        with text_drawn(app) as drawn:
            draw_player_panel(app, canvas, rect, name, 0, False, True, False)
        tag = next(r for t, _p, r in drawn if t == tr("seat.ai"))
        shown = next(r for t, _p, r in drawn if t != tr("seat.ai"))
        text = next(t for t, _p, _r in drawn if t != tr("seat.ai"))
        # a whole name keeps 6 px; a cut one ends in "…", whose dots sit 4 px or more away
        assert tag.left - shown.right >= (4 if text.endswith("…") else 6), (game, name, text)


def test_four_hanzi_names_stay_whole_beside_the_tag_in_the_narrowest_panel(app):
    """The gap is not bought with the common four-character name (Dice for Land's 122 px panels),
    nor with a character of a cut five-character one (Tidegate's 128 px: "司马懿仲…")."""
    set_language("zh")
    canvas = pygame.Surface((640, 360))
    for width in WIDTHS.values():
        with text_drawn(app) as drawn:
            draw_player_panel(app, canvas, pygame.Rect(0, 0, width, 40), "诸葛孔明", 0, False, True, False)
        assert "诸葛孔明" in [t for t, _p, _r in drawn]

    with text_drawn(app) as drawn:
        draw_player_panel(app, canvas, pygame.Rect(0, 0, TIDEGATE_W, 40), "司马懿仲达", 0, False, True, False)
    assert "司马懿仲…" in [t for t, _p, _r in drawn]
