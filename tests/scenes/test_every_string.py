"""Every player-facing string renders in both languages with no missing glyph (issue 3)."""

import pygame

from game.core.i18n import LANGUAGES, catalogue
from scenes.text import FONT_PATH
from tools.subset_font import missing_glyphs


def test_every_catalogue_string_has_all_its_glyphs():
    problems = {}
    for lang in LANGUAGES:
        texts = catalogue(lang)
        assert len(texts) > 100
        missing = missing_glyphs(FONT_PATH, "".join(texts.values()))
        if missing:
            problems[lang] = missing
    assert not problems, f"characters without a glyph: {problems}"


def test_every_string_renders_at_16px_without_antialiasing():
    pygame.font.init()
    font = pygame.font.Font(str(FONT_PATH), 16)
    for lang in LANGUAGES:
        for key, text in catalogue(lang).items():
            line = text.split("\n")[0].replace("{", "").replace("}", "")
            if not line:
                continue
            img = font.render(line, False, (0, 0, 0))
            assert img.get_height() == font.get_height(), key
            assert img.get_width() > 0, key
