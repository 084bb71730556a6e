"""Subset GNU Unifont to the characters the game can show, and check fonts for missing glyphs.

The full Unifont (Debian ``fonts-unifont``) is about 5 MB because it covers the whole Basic
Multilingual Plane. The game needs English, Simplified Chinese and a handful of UI symbols, so
this tool keeps:

* printable ASCII and the Latin-1 Supplement (punctuation, ``×``, ``÷``, accented letters),
* common general punctuation (dashes, curly quotes, ellipsis, bullet, ...),
* arrows and symbols useful to a game UI (``→ ★ ● ■ ▲ ♪ ✓ ✗`` ...),
* CJK Symbols and Punctuation (U+3000–U+303F) and Halfwidth/Fullwidth Forms (U+FF00–U+FFEF),
* every character of GB2312 (found by decoding every valid two-byte GB2312 code),
* every CJK Unified Ideograph (U+4E00–U+9FFF): players type their names in the lobby, and
  names use characters GB2312 lacks (玥, 喆, 堃) or traditional ones (龍),
* any extra characters given on the command line or read from ``--text FILE`` (so every string
  of the translation tables can be added later).

The name table is kept whole, so the copyright and licence records (OFL-1.1) travel with the
subset, and ``NOTICE.md`` beside the output is regenerated from those records.

Needs fontTools, which is a build-time tool and not a game dependency (run it from any venv that
has ``pip install fonttools``)::

    python tools/subset_font.py                       # default set -> scenes/fonts/unifont-game.otf
    python tools/subset_font.py "掷骰" --text scenes/i18n/zh.json

``missing_glyphs`` needs only pygame-ce, so the game's tests can import it without fontTools.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parent.parent
SOURCE_FONT = Path("/usr/share/fonts/opentype/unifont/unifont.otf")
OUTPUT_FONT = REPO_ROOT / "scenes" / "fonts" / "unifont-game.otf"
NOTICE_NAME = "NOTICE.md"

# The unicode ranges kept besides GB2312, inclusive on both ends.
ASCII_PRINTABLE = (0x20, 0x7E)
LATIN1_SUPPLEMENT = (0xA0, 0xFF)  # punctuation (¡ « » ° · ...), × ÷, accented letters
GENERAL_PUNCTUATION = (0x2010, 0x2027)  # ‐ – — ‘ ’ “ ” † ‡ • … ·
GENERAL_PUNCTUATION_2 = (0x2030, 0x203E)  # ‰ ′ ″ ‹ › ※ ‼ ‾
CJK_SYMBOLS_PUNCTUATION = (0x3000, 0x303F)  # 、 。 「 」 《 》 【 】 ...
FULLWIDTH_FORMS = (0xFF00, 0xFFEF)  # ！ （ ） ， ： ； ？ ０-９ Ａ-Ｚ ...
CJK_UNIFIED = (0x4E00, 0x9FFF)  # every hanzi of the basic block, simplified and traditional
UI_SYMBOLS = "×÷±≤≥≠≈∞→←↑↓↔↕★☆●○◆◇■□▲△▼▽◀▶♪♫♥♦♣♠✓✗✔✘☐☑☒⚑⚐⌛⏱€£¥©®™°"

# GB2312 (EUC-CN): lead byte 0xA1–0xF7, trail byte 0xA1–0xFE; unused codes fail to decode.
GB2312_LEAD_BYTES = range(0xA1, 0xF8)
GB2312_TRAIL_BYTES = range(0xA1, 0xFF)

# Characters that lay out text but are never drawn as glyphs.
LAYOUT_CONTROLS = frozenset("\n\r\t\f\v")


def gb2312_characters() -> set[str]:
    """Return every character GB2312 encodes (symbols, kana, Cyrillic, Greek and 6,763 hanzi)."""
    chars: set[str] = set()
    for lead in GB2312_LEAD_BYTES:
        for trail in GB2312_TRAIL_BYTES:
            try:
                chars.add(bytes((lead, trail)).decode("gb2312"))
            except UnicodeDecodeError:
                continue
    return chars


def _range_chars(span: tuple[int, int]) -> set[str]:
    """Return the characters of an inclusive code-point range."""
    first, last = span
    return {chr(cp) for cp in range(first, last + 1)}


def default_characters() -> set[str]:
    """Return the built-in character set: UI basics, CJK punctuation, full width, GB2312 and
    every CJK Unified Ideograph."""
    chars: set[str] = set(UI_SYMBOLS)
    for span in (
        ASCII_PRINTABLE,
        LATIN1_SUPPLEMENT,
        GENERAL_PUNCTUATION,
        GENERAL_PUNCTUATION_2,
        CJK_SYMBOLS_PUNCTUATION,
        FULLWIDTH_FORMS,
        CJK_UNIFIED,
    ):
        chars |= _range_chars(span)
    chars |= gb2312_characters()
    return chars


def wanted_characters(extra_texts: Iterable[str] = (), text_files: Iterable[Path] = ()) -> set[str]:
    """Return the default set plus every character of ``extra_texts`` and of ``text_files``.

    Text files are read as UTF-8; layout controls (newline, tab, ...) are left out.
    """
    chars = default_characters()
    for text in extra_texts:
        chars |= set(text)
    for path in text_files:
        chars |= set(Path(path).read_text(encoding="utf-8"))
    return chars - LAYOUT_CONTROLS


def subset_font(source: Path, output: Path, chars: set[str]) -> tuple[int, list[str]]:
    """Write a subset of ``source`` holding ``chars`` to ``output``.

    Returns the number of glyphs in the subset and the requested characters the source lacks
    (those are dropped, not faked). The whole name table is kept (copyright, licence, URLs), and
    the head timestamps are left as in the source so the same input gives the same bytes.
    """
    from fontTools import subset  # build-time dependency only
    from fontTools.ttLib import TTFont

    options = subset.Options()
    options.name_IDs = ["*"]  # keep copyright (0), licence (13), licence URL (14), ...
    options.name_languages = ["*"]
    options.name_legacy = True
    options.notdef_outline = True  # a visible box for anything missing, not an invisible gap
    options.recalc_timestamp = False

    font = TTFont(source, recalcTimestamp=False)
    source_cmap = font.getBestCmap()
    unicodes = sorted(ord(c) for c in chars)
    absent = [chr(cp) for cp in unicodes if cp not in source_cmap]

    subsetter = subset.Subsetter(options=options)
    subsetter.populate(unicodes=unicodes)
    subsetter.subset(font)
    output.parent.mkdir(parents=True, exist_ok=True)
    font.save(output)
    return len(font.getGlyphOrder()), absent


def font_facts(path: Path) -> dict[str, Any]:
    """Return the name-table facts NOTICE.md needs: copyright, family, version, licence, URLs."""
    from fontTools.ttLib import TTFont

    font = TTFont(path, lazy=True)
    name = font["name"]

    def record(name_id: int) -> str:
        entry = name.getDebugName(name_id)
        return entry.strip() if entry else ""

    return {
        "copyright": record(0),
        "family": record(1),
        "version": record(5),
        "vendor_url": record(11),
        "license": record(13),
        "license_url": record(14),
        "glyphs": len(font.getGlyphOrder()),
        "characters": len(font.getBestCmap()),
    }


def notice_text(facts: dict[str, Any], output_name: str, size_bytes: int) -> str:
    """Return the NOTICE.md text for the subset described by ``facts``."""
    return f"""# Font notice

`{output_name}` is a subset of **GNU Unifont** ({facts["family"]}, {facts["version"]}),
the 16-pixel bitmap-style font of the GNU project, made by `tools/subset_font.py` from
Debian's `fonts-unifont` package (`{SOURCE_FONT}`).

- Upstream: GNU Unifont, {facts["vendor_url"]}
- Copyright (from the font's name table):
  {facts["copyright"]}
- Licence (from the font's name table): {facts["license"]}
  ({facts["license_url"]})
- This game uses and redistributes the font under the **SIL Open Font License 1.1**; its full
  text is in `OFL.txt` beside this file. Unifont declares no Reserved Font Name.
- Modification: subsetting only (no outline changes). The subset keeps printable ASCII,
  Latin-1, common punctuation and UI symbols, CJK symbols and punctuation, full-width forms,
  every GB2312 character, every CJK Unified Ideograph (U+4E00–U+9FFF, for players' names)
  and any extra characters passed to the tool (the game's texts):
  {facts["characters"]} characters, {facts["glyphs"]} glyphs, {size_bytes:,} bytes.
  The name table (copyright and licence records) is kept unchanged.

Regenerate with `python tools/subset_font.py` (needs `pip install fonttools` and
Debian `fonts-unifont`); this file is rewritten from the subset's name table.
"""


def missing_glyphs(font_path: str | Path, text: str) -> list[str]:
    """Return the characters of ``text`` that the font at ``font_path`` has no glyph for.

    Each missing character is listed once, in order of first appearance; layout controls
    (newline, tab, ...) are ignored. Uses pygame.freetype, whose ``get_metrics`` gives None for
    a missing glyph (``pygame.font`` would report plausible metrics for the .notdef box).
    """
    import pygame.freetype

    if not pygame.freetype.get_init():
        pygame.freetype.init()
    font = pygame.freetype.Font(str(font_path), 16)
    missing: list[str] = []
    for char in dict.fromkeys(text):  # unique, order kept
        if char in LAYOUT_CONTROLS:
            continue
        if font.get_metrics(char)[0] is None:
            missing.append(char)
    return missing


def main(argv: list[str] | None = None) -> int:
    """Command line: subset the font, report size and coverage, rewrite NOTICE.md."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("chars", nargs="*", help="extra strings whose characters to keep")
    parser.add_argument(
        "--text",
        action="append",
        type=Path,
        default=[],
        metavar="FILE",
        help="UTF-8 file whose characters to keep (repeatable)",
    )
    parser.add_argument("--source", type=Path, default=SOURCE_FONT, help="full Unifont .otf")
    parser.add_argument("--output", type=Path, default=OUTPUT_FONT, help="subset .otf to write")
    parser.add_argument("--no-notice", action="store_true", help="do not rewrite NOTICE.md")
    args = parser.parse_args(argv)

    if not args.source.is_file():
        hint = "apt-get install fonts-unifont"
        print(f"source font not found: {args.source} ({hint})", file=sys.stderr)
        return 1
    # Every string of the translation tables is always kept, so new texts never lose glyphs.
    catalogues = sorted((REPO_ROOT / "game" / "core" / "locale").glob("*.json"))
    chars = wanted_characters(args.chars, list(args.text) + catalogues)
    glyphs, absent = subset_font(args.source, args.output, chars)
    size = args.output.stat().st_size
    print(f"{args.output}: {size:,} bytes, {glyphs} glyphs, {len(chars)} characters requested")
    if absent:
        shown = "".join(absent[:40])
        print(f"warning: {len(absent)} characters not in the source: {shown!r}", file=sys.stderr)
    if not args.no_notice:
        notice = args.output.parent / NOTICE_NAME
        text = notice_text(font_facts(args.output), args.output.name, size)
        notice.write_text(text, encoding="utf-8")
        print(f"{notice}: rewritten")
    return 0


if __name__ == "__main__":
    sys.exit(main())
