"""The shipped pixel font: English and Simplified Chinese coverage, crisp rendering, licence."""

from __future__ import annotations

import os

# Headless SDL before pygame is imported (see PLATFORM.md, "Headless and windowed runs").
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from pathlib import Path

import numpy as np
import pygame
import pygame.freetype
import pytest

from tools.subset_font import UI_SYMBOLS, gb2312_characters, missing_glyphs

FONTS_DIR = Path(__file__).resolve().parents[2] / "scenes" / "fonts"
FONT_PATH = FONTS_DIR / "unifont-game.otf"
FONT_SIZE_PX = 16  # Unifont's native pixel size; use whole multiples only
MAX_FONT_BYTES = 3_000_000   # GB2312 alone was 0.8 MB; every CJK Unified Ideograph, 2.5 MB

SAMPLES_EN = [
    "Tidegate Isle",
    "Roll  Build  Trade  End turn  Round 12",
    "Settings: Language, Volume 80%, Full screen [F11] (on/off)",
    "0123456789 !\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~",
    "Dice for Land - Domiplotism - Skirmish - Scorched Landships",
]
SAMPLES_ZH = [
    "Tidegate Isle 潮门岛",
    "掷骰 建造 交易 结束回合 第 12 回合",
    "设置 语言 音量 全屏 规则说明",
    "方格争地 雄霸天下 战棋 焦土舰战棋",
    "玩家一获胜！得分：８分。「开始新游戏」《规则》【提示】……",
    "木材、砖块、羊毛、粮食、矿石；强盗，港口 3:1",
]
SAMPLES_SYMBOLS = [
    UI_SYMBOLS,
    "– — ‘ ’ “ ” … • × ÷ ± ≤ ≥ → ← ↑ ↓ ★ ☆ ● ○ ■ □ ▲ ▼ ♪ ✓ ✗",
]


@pytest.fixture(scope="module")
def font() -> pygame.freetype.Font:
    """The subset font at its native size, antialiasing off, as the game uses it."""
    pygame.freetype.init()
    loaded = pygame.freetype.Font(str(FONT_PATH), FONT_SIZE_PX)
    loaded.antialiased = False
    return loaded


def test_font_file_is_shipped_and_small() -> None:
    assert FONT_PATH.is_file()
    assert FONT_PATH.stat().st_size < MAX_FONT_BYTES


@pytest.mark.parametrize("text", SAMPLES_EN + SAMPLES_ZH + SAMPLES_SYMBOLS)
def test_sample_strings_have_every_glyph(text: str) -> None:
    assert missing_glyphs(FONT_PATH, text) == []


def test_every_gb2312_character_has_a_glyph() -> None:
    chars = "".join(sorted(gb2312_characters()))
    assert len(chars) == 7445  # 682 symbols + 6,763 hanzi
    assert missing_glyphs(FONT_PATH, chars) == []


def test_every_cjk_unified_ideograph_has_a_glyph_for_players_names() -> None:
    """Names typed in the lobby use hanzi GB2312 lacks (玥 喆 堃) and traditional ones (龍)."""
    chars = "".join(chr(cp) for cp in range(0x4E00, 0xA000))
    assert len(chars) == 20992
    assert missing_glyphs(FONT_PATH, chars) == []


def test_missing_glyphs_reports_absent_characters_once_in_order() -> None:
    # Hangul is outside the subset; newlines are layout, not glyphs.
    assert missing_glyphs(FONT_PATH, "潮한\n글한A") == ["한", "글"]


@pytest.mark.parametrize("text", ["Tidegate Isle 潮门岛", "掷骰 建造 交易 结束回合 第 12 回合"])
def test_renders_crisp_at_16_px_without_antialiasing(font: pygame.freetype.Font, text: str) -> None:
    surface, rect = font.render(text, (255, 255, 255), (0, 0, 0))
    assert rect.height == FONT_SIZE_PX
    assert rect.width > 0
    pixels = pygame.surfarray.array3d(surface)
    # Antialiasing off: every pixel is either ink or background, no grey edges.
    assert set(np.unique(pixels)) == {0, 255}


def test_hanzi_are_one_em_wide(font: pygame.freetype.Font) -> None:
    # Unifont hanzi are 16 px wide and Latin letters 8 px: columns of text line up.
    hanzi = font.get_rect("潮门岛")
    latin = font.get_rect("Isle")
    assert font.get_metrics("潮")[0][4] == pytest.approx(FONT_SIZE_PX)  # horizontal advance
    assert font.get_metrics("I")[0][4] == pytest.approx(FONT_SIZE_PX / 2)
    assert hanzi.height <= FONT_SIZE_PX and latin.height <= FONT_SIZE_PX


def test_licence_and_notice_are_shipped_beside_the_font() -> None:
    ofl = (FONTS_DIR / "OFL.txt").read_text(encoding="utf-8")
    notice = (FONTS_DIR / "NOTICE.md").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in ofl
    assert "PERMISSION & CONDITIONS" in ofl and "DISCLAIMER" in ofl
    assert "Roman Czyborra" in ofl
    assert "GNU Unifont" in notice
    assert "Roman Czyborra, Paul Hardy" in notice
    assert "OFL" in notice and "tools/subset_font.py" in notice


def test_name_table_keeps_copyright_and_licence_records() -> None:
    # OpenType name records (platform 3) are UTF-16BE; no fontTools needed to find them.
    data = FONT_PATH.read_bytes()
    assert "Roman Czyborra".encode("utf-16-be") in data
    assert "SIL Open Font License version 1.1".encode("utf-16-be") in data
