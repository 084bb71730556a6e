"""The settings rows: each caption ends before its row's left arrow, each value fits between
the arrows, in both languages ("AI thinking time (hard)" ran under the arrow)."""

import pytest

from game.core.i18n import LANGUAGES, set_language
from scenes.settings_scene import VALUE_W, SettingChoice, SettingsScene


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_caption_and_value_fits_its_row(app, lang):
    set_language(lang)
    scene = app.push(SettingsScene(app))
    rows = [w for w in scene.widgets.widgets if isinstance(w, SettingChoice)]
    assert len(rows) == 7
    for row in rows:
        caption_end = row.rect.x + 8 + app.text.size(row.caption())[0]
        assert caption_end + 4 <= row.left_arrow().x, row.caption()
        room = VALUE_W - 18 - 22            # between the two arrow icons
        for _value, text in row.options:
            assert app.text.size(text())[0] <= room, (row.caption(), text())
    set_language("en")
