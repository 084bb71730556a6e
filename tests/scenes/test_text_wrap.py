"""Wrapped text stays inside its box in both languages (SCREENS.md: nothing overlaps), and the
Chinese line-break rules hold: no line starts with a closing mark or ends with an opening one.

Found on Scorched Landships' hint box: "…结束回合（E）。" pulled "）。" up behind a full line
and ran 10 px past the box (232 px in 222).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scenes.text import NO_LINE_END, NO_LINE_START, Text, _tokens


@pytest.fixture(scope="module")
def text():
    import pygame
    pygame.init()
    yield Text()


def test_the_landship_hint_that_overflowed_now_fits(text):
    lines = text.wrap("轮到你：5 行动点。点击你的一艘舰只，或结束回合（E）。", 222)
    assert lines == ["轮到你：5 行动点。点击你", "的一艘舰只，或结束回合", "（E）。"]
    assert max(text.size(line)[0] for line in lines) <= 222


def test_empty_paragraphs_and_short_text_are_kept(text):
    assert text.wrap("第一行\n\n第三行", 120) == ["第一行", "", "第三行"]
    assert text.wrap("", 120) == [""]
    assert text.wrap("Roll the dice.", 222) == ["Roll the dice."]


PIECES = st.sampled_from(["轮", "到", "你", "，", "。", "（", "）", "《", "》", "、", "：", "E ", "AP ",
                          "word ", "longer ", "(x) ", "5 ", "…", "！"])


@settings(max_examples=300, deadline=None)
@given(pieces=st.lists(PIECES, min_size=1, max_size=60), width=st.integers(48, 300))
def test_wrapped_lines_fit_and_follow_the_break_rules(text, pieces, width):
    source = "".join(pieces)
    lines = text.wrap(source, width)
    assert "".join(lines).replace(" ", "") == source.replace(" ", "")   # nothing lost or added
    for n, line in enumerate(lines):
        assert line or lines == [""]
        if text.size(line)[0] > width:
            assert not any(allowed_break(_tokens(line), k) for k in range(1, len(_tokens(line)))), \
                (line, width)
        if n:
            assert line[:1] not in NO_LINE_START, (lines, width)
        if n < len(lines) - 1:
            assert line[-1:] not in NO_LINE_END, (lines, width)


def allowed_break(tokens: list[str], k: int) -> bool:
    """Whether a line may break before token k: not before a closing mark, not after an
    opening one."""
    return tokens[k][:1] not in NO_LINE_START and tokens[k - 1][-1:] not in NO_LINE_END


def test_a_no_break_space_holds_a_figure_to_its_word_in_both_scripts(text):
    """'…cross（预留' / '0）。' and '(escrow' / '0).': the amount wrapped away from its word."""
    assert _tokens("留\u00a00）") == ["留\u00a00", "）"]
    assert _tokens("escrow\u00a00).") == ["escrow\u00a00)."]
    for width in range(120, 400, 4):
        for line in text.wrap("PPPPPPPP：Arrow (22,6)→(22,5) cross（预留\u00a00）。", width):
            assert not line.endswith("留") and not line.startswith("0"), (width, line)


def test_a_mark_that_cannot_start_a_line_keeps_what_a_no_break_space_ties_to_it():
    """'司马懿仲达:' / 'C3 C7': kinsoku pulled the colon up and left the skills below."""
    assert _tokens("达:\u00a0C3\u00a0C7  曹") == ["达:\u00a0C3\u00a0C7 ", " ", "曹"]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_dice_sum_in_the_log_never_breaks(text, lang):
    """Tidegate's log wrapped 'Ada掷出 6 + 3' / '= 9。': the sum stays on one line."""
    from game.core.i18n import tr
    for name in ("Ada", "诸葛孔明亮", "Wwwwwwwwwwww"):
        line = tr("log.rolled", lang, name=name, a=6, b=3, total=9)
        for width in range(96, 260, 2):
            lines = text.wrap(line, width)
            assert any("6\u00a0+\u00a03\u00a0=\u00a09" in ln for ln in lines), (width, lines)
