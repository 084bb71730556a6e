"""Every hint line a game screen writes fits its hint area whole, in both languages.

`draw_hint` draws as many wrapped lines as the area has rows and drops the rest, so a hint one
line too long lost its end without a sign ("Click a marked unit or a" on Skirmish's first
turn). Checked with the worst the screens allow: the most seats (the smallest area), the
longest unit kind, 12-character names (the lobby's limit) in hanzi, two-digit numbers.
"""

import pytest

from game.core.i18n import LANGUAGES, catalogue, set_language, tr
from scenes import skirmish_scene, territory_scene
from scenes.territory.labels import tile_text

NAME = {"en": "Wwwwwwwwwwww", "zh": "龘" * 12}   # 12 characters, the widest of each script


def skirmish_hints(lang: str) -> list[str]:
    cat = catalogue(lang)
    kinds = [cat[f"skirmish.unit.{k}"] for k in ("infantry", "archer", "cavalry")]
    return [cat["skirmish.ui.pick_hint"], cat["skirmish.ui.select_hint"],
            cat["skirmish.ui.produce_hint"], cat["skirmish.ui.trespass_hint"]] + [
        tr("skirmish.ui.unit_info", lang, kind=kind, hp=5, max=5, mp=12, attacks=2) for kind in kinds]


def territory_hints(lang: str) -> list[str]:
    cat = catalogue(lang)
    tile = tile_text(24 * 16 - 1, 24)          # "(24,16)": the widest tile name on Origin
    return [cat["territory.ui.ai_thinking"], cat["territory.ui.pick_hint"], cat["territory.ui.orders_hint"],
            tr("territory.ui.drawing_hint", lang, x=6),
            tr("territory.ui.origin_hint", lang, tile=tile, n=12),
            tr("territory.ui.origin_inland", lang, tile=tile, n=12),
            tr("territory.ui.origin_hint_nobuild", lang, tile=tile),
            tr("territory.ui.origin_inland_nobuild", lang, tile=tile),
            tr("territory.ui.fc_attack", lang, tile=tile, x=6, y=12, pct=100, cost=12),
            tr("territory.ui.fc_cross", lang, tile=tile, cost=12)]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_skirmish_hints_fit_the_four_seat_hint_area(app, lang):
    """SCREENS 6/13: what to do now, whole, at four seats (the panels leave two rows)."""
    set_language(lang)
    area = skirmish_scene.hint_area(4)
    assert area.height // 16 == 2
    for hint in skirmish_hints(lang):
        assert len(app.text.wrap(hint, area.width)) <= 2, hint


@pytest.mark.parametrize("lang", LANGUAGES)
def test_skirmish_ai_turn_hint_fits_with_the_longest_name(app, lang):
    set_language(lang)
    area = skirmish_scene.hint_area(4)
    hint = skirmish_scene.ai_turn_hint(app, NAME[lang], area.width)
    assert len(app.text.wrap(hint, area.width)) <= 2, hint
    assert hint.startswith(NAME[lang][:4])


def test_skirmish_hint_area_grows_into_the_room_fewer_panels_leave():
    assert [skirmish_scene.hint_area(n).height // 16 for n in (2, 3, 4)] == [9, 5, 2]
    for n in (2, 3, 4):   # below the last panel, above the first row of buttons (y 292)
        area = skirmish_scene.hint_area(n)
        assert area.top > 23 + n * skirmish_scene.PANEL_STEP - 2 and area.bottom <= 292


@pytest.mark.parametrize("lang", LANGUAGES)
def test_territory_hints_fit_their_two_rows(app, lang):
    """T-11 / SCREENS 4: the arrow hints and forecasts, whole, in the two rows under the panels."""
    set_language(lang)
    rows = territory_scene.HINT.height // 16
    assert rows == 2
    for hint in territory_hints(lang):
        assert len(app.text.wrap(hint, territory_scene.RW)) <= rows, hint


@pytest.mark.parametrize("lang", LANGUAGES)
def test_skirmish_skill_pick_help_fits_left_of_confirm(app, lang):
    """Skirmish skill picks: the help line was cut to "...grey: hover for wh…"."""
    from types import SimpleNamespace

    from scenes.skirmish.dialogs import PickPanel

    set_language(lang)
    panel = PickPanel(SimpleNamespace(board_view=skirmish_scene.BOARD))
    assert app.text.size(catalogue(lang)["skirmish.pick.help"])[0] <= panel.help_width()


def test_dice_for_land_says_when_a_picked_tile_has_nothing_to_attack(app):
    """An inland own tile has no marked tiles around it: the hint said "click a highlighted
    tile to attack" over a board with nothing highlighted."""
    from game.core.protocol import Setup
    from game.play.session import GameSession
    from scenes.registry import open_game

    set_language("en")
    session = GameSession(Setup(seats=("human", "greedy", "greedy"), seed=7, ruleset="territory"),
                          ["Ada", "Bo", "Cy"], [0, 1, 2])
    while session.state.phase.value == "pick":
        seat = session.state.to_move()[0]
        session.apply(seat, session.state.legal_actions(seat)[0])
    scene = open_game(app, session)
    app.step_frames(2)
    origins = scene.origins()
    own = [i for i in scene.shown.board.land_tiles if scene.shown.owner[i] == 0]
    inland = [i for i in own if i not in origins]
    assert inland and origins                      # seed 7: a plus of five tiles, its middle inland
    scene.origin = inland[0]
    assert scene.hint().startswith(f"{tile_text(inland[0], scene.board_w)}: nothing to attack")
    scene.origin = min(origins)
    assert scene.next_tiles() and "attack a marked tile" in scene.hint()


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_skirmish_unit_info_keeps_each_figure_with_its_unit(app, seats):
    """'Cavalry 4/4 HP, 0 / MP, attacks: 1': the wrap split a number from its unit."""
    set_language("en")
    width = skirmish_scene.hint_area(seats).width
    for kind in ("infantry", "archer", "cavalry"):
        for mp in (0, 4, 12):
            info = tr("skirmish.ui.unit_info", "en", kind=tr(f"skirmish.unit.{kind}", "en"), hp=4, max=4, mp=mp, attacks=1)
            lines = app.text.wrap(info, width)
            assert not any(line.startswith(("HP", "MP")) for line in lines), lines
            assert not any(line[-1].isdigit() or line.endswith(":") for line in lines[:-1]), lines
