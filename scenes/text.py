"""Text on the pixel canvas: GNU Unifont at 16 px, no anti-aliasing, cached renders."""

from __future__ import annotations

import pygame

from game.core.i18n import tr  # noqa: F401  (re-exported for scenes)
from game.core.paths import resource_path

FONT_PATH = resource_path("scenes", "fonts", "unifont-game.otf")
FONT_PX = 16  # Unifont is a 16-px bitmap font: only multiples keep it crisp
# Unifont's CJK glyphs fill all 16 rows and reach 2 rows below the Latin baseline. In a line
# that mixes both, Latin runs are drawn this many rows lower, so both sit on one baseline
# (issue 20); such a line's image is that much taller.
LATIN_DROP = 2
# Text on a plate (tooltip, toast): Unifont's Latin glyphs carry air above and beside their ink,
# its CJK glyphs fill the whole 16x16 cell. A plate's padding is set from the ink, so Chinese
# gets the margin English has: this much fill between the plate's frame and the nearest ink.
PLATE_FRAME = 2       # pixels: the tooltip plate's frame (a dark line and a shade line)
PLATE_GAP_TOP = 4     # pixels of fill above the first line's ink (English capitals get 4)
PLATE_GAP_BOTTOM = 3  # pixels of fill below the last line's ink


def is_cjk(ch: str) -> bool:
    return ord(ch) >= 0x2E80


class Text:
    """Renders and caches strings; measures and wraps them."""

    def __init__(self) -> None:
        if not pygame.font.get_init():
            pygame.font.init()
        self.font = pygame.font.Font(str(FONT_PATH), FONT_PX)
        self._cache: dict[tuple[str, tuple[int, int, int]], pygame.Surface] = {}
        self._ink: dict[tuple[str, str], tuple[int, int]] = {}
        self._glyphs: dict[str, bool] = {}
        self._ft: "pygame.freetype.Font | None" = None

    def render(self, text: str, colour: tuple[int, int, int]) -> pygame.Surface:
        key = (text, colour)
        surf = self._cache.get(key)
        if surf is None:
            if len(self._cache) > 2000:
                self._cache.clear()
            surf = self._render_runs(text, colour)
            self._cache[key] = surf
        return surf

    def _render_runs(self, text: str, colour: tuple[int, int, int]) -> pygame.Surface:
        """One line; CJK and Latin runs on one baseline (see LATIN_DROP)."""
        runs = _runs(text)
        if len(runs) < 2 or not any(cjk for cjk, _ in runs) or all(cjk or not r.strip() for cjk, r in runs):
            return self.font.render(text, False, colour)
        parts = [(cjk, self.font.render(r, False, colour)) for cjk, r in runs]
        width = self.font.size(text)[0]
        out = pygame.Surface((width, FONT_PX + LATIN_DROP), pygame.SRCALPHA)
        x = 0
        for cjk, img in parts:
            out.blit(img, (x, 0 if cjk else LATIN_DROP))
            x += img.get_width()
        return out

    def ink_rows(self, text: str) -> tuple[int, int]:
        """(first, last + 1) rows of a line's image that hold ink (for centring)."""
        key = ("\0ink", text)
        span = self._ink.get(key)
        if span is None:
            r = self.render(text, (255, 255, 255)).get_bounding_rect() if text.strip() else pygame.Rect(0, 4, 0, 10)
            span = self._ink[key] = (r.top, r.bottom) if r.height else (4, 14)
        return span

    def top_for_centre(self, text: str, centre_y: int) -> int:
        """The y to draw `text` at so that its ink is centred on `centre_y` (buttons: CJK and
        Latin labels alike sit in the middle of the face)."""
        top, bottom = self.ink_rows(text)
        return centre_y - (top + bottom) // 2

    def size(self, text: str) -> tuple[int, int]:
        return self.font.size(text)

    def plate_layout(self, lines: list[str], pad_x: int, pad_top: int) -> tuple[int, int, int, int]:
        """(pad_x, pad_top, line pitch, height) of a plate holding `lines`: at least the given
        pads, more where CJK ink would come closer to the frame than English ink does, and
        lines that mix CJK with Latin two rows apart (their Latin runs sit LATIN_DROP lower)."""
        cjk = any(is_cjk(ch) for line in lines for ch in line)
        pitch = FONT_PX + (LATIN_DROP if cjk else 0)
        if cjk:
            pad_x += 1    # a CJK glyph's ink starts in its first column, a Latin one's a column in
        ink_top = self.ink_rows(lines[0])[0] if lines[0].strip() else pad_top
        top = max(pad_top, PLATE_FRAME + PLATE_GAP_TOP - ink_top)
        last_bottom = self.ink_rows(lines[-1])[1] if lines[-1].strip() else 0
        below = max(FONT_PX + pad_top, last_bottom + PLATE_GAP_BOTTOM + PLATE_FRAME)
        height = top + pitch * (len(lines) - 1) + below
        return pad_x, top, pitch, height

    def has_glyph(self, ch: str) -> bool:
        """Whether the font draws `ch` (pygame.font measures a missing one as the .notdef box;
        freetype says None)."""
        known = self._glyphs.get(ch)
        if known is None:
            import pygame.freetype
            if not pygame.freetype.get_init():
                pygame.freetype.init()
            if self._ft is None:
                self._ft = pygame.freetype.Font(str(FONT_PATH), FONT_PX)
            known = self._glyphs[ch] = self._ft.get_metrics(ch)[0] is not None
        return known

    def draw(self, surface: pygame.Surface, text: str, pos: tuple[int, int],
             colour: tuple[int, int, int], align: str = "left",
             shadow: tuple[int, int, int] | None = None) -> pygame.Rect:
        """Draw one line; `align` is left, centre or right of `pos` (top of the line)."""
        img = self.render(text, colour)
        x, y = pos
        if align == "centre":
            x -= img.get_width() // 2
        elif align == "right":
            x -= img.get_width()
        if shadow is not None:
            surface.blit(self.render(text, shadow), (x + 1, y + 1))
        return surface.blit(img, (x, y))

    def wrap(self, text: str, width: int) -> list[str]:
        """Break text into lines no wider than `width` (at spaces, or between CJK characters).

        CJK rules: closing punctuation never begins a line (it hangs at the end of the line
        before, so CJK text wraps one em narrower) and opening brackets never end one.
        """
        hang = self.font.size("。")[0] if any(ord(ch) >= 0x2E80 for ch in text) else 0
        out: list[str] = []
        for paragraph in text.split("\n"):
            lines: list[str] = []
            line = ""
            for token in self._fit_tokens(_tokens(paragraph), width - hang):
                trial = line + token
                if line and self.font.size(trial.rstrip())[0] > width - hang:
                    lines.append(line.rstrip())
                    line = token.lstrip()
                else:
                    line = trial
            lines.append(line.rstrip())
            out.extend(self._within(_kinsoku(lines), width))
        return out

    def _within(self, lines: list[str], width: int) -> list[str]:
        """Lines no wider than `width` after the punctuation rules: where closing marks pulled
        up overhang by more than the reserved em (as "…（E）。"), the last word or character
        goes down with them instead, so no line starts with a closing mark or ends with an
        opening one. A line with no break the rules allow (one token wider than `width`, as
        `_fit_tokens` left it, or a run held together by its marks) overhangs."""
        out: list[str] = []
        carry: list[str] = []
        for line in lines:
            kept, carry = self._split_over(carry + _tokens(line), width)
            out.append("".join(kept).rstrip())
        while carry:
            kept, carry = self._split_over(carry, width)
            out.append("".join(kept).rstrip())
        # a line the rules emptied (an opening bracket sent down) is no line at all
        return [line for line in out if line] or [""]

    def _split_over(self, tokens: list[str], width: int) -> tuple[list[str], list[str]]:
        """(tokens of a line no wider than `width`, tokens left over for the next line)."""
        rest: list[str] = []
        while len(tokens) > 1 and self.font.size("".join(tokens).rstrip())[0] > width:
            k = len(tokens) - 1
            while k > 0 and tokens[k][:1] in NO_LINE_START:
                k -= 1
            while k > 1 and tokens[k - 1][-1:] in NO_LINE_END:
                k -= 1
            if k == 0 or tokens[k - 1][-1:] in NO_LINE_END:
                break   # no break the rules allow: the line overhangs
            rest = tokens[k:] + rest
            tokens = tokens[:k]
        return tokens, rest

    def _fit_tokens(self, tokens: list[str], width: int) -> list[str]:
        """Split any token wider than `width` (a long path or word), after / or \\ if possible."""
        out: list[str] = []
        for token in tokens:
            while self.font.size(token.rstrip())[0] > width and len(token) > 1:
                cut = len(token) - 1
                while cut > 1 and self.font.size(token[:cut])[0] > width:
                    cut -= 1
                slash = max(token.rfind("/", 0, cut), token.rfind("\\", 0, cut))
                if slash > 0:
                    cut = slash + 1
                out.append(token[:cut])
                token = token[cut:]
            out.append(token)
        return out


NO_LINE_START = set("，。、；：！？）」』】〉》”’…·,.;:!?)]}%")
NO_LINE_END = set("（「『【〈《“‘([{")
NBSP = "\u00a0"   # a no-break space: never a line break (see `_tokens`)


def _kinsoku(lines: list[str]) -> list[str]:
    """Move closing punctuation up and opening brackets down across line breaks."""
    out: list[str] = []
    for line in lines:
        while out and line[:1] in NO_LINE_START:
            out[-1] += line[0]
            line = line[1:]
        while out and line and out[-1][-1:] in NO_LINE_END:
            line = out[-1][-1] + line
            out[-1] = out[-1][:-1]
        if line or not out:
            out.append(line)
    return out


def _runs(text: str) -> list[tuple[bool, str]]:
    """(is CJK, run) pieces of a line; spaces join the run before them."""
    out: list[tuple[bool, str]] = []
    for ch in text:
        cjk = is_cjk(ch) if ch != " " else (out[-1][0] if out else False)
        if out and out[-1][0] == cjk:
            out[-1] = (cjk, out[-1][1] + ch)
        else:
            out.append((cjk, ch))
    return out


def _tokens(text: str) -> list[str]:
    """Words with their trailing space; each CJK character is its own token. A no-break
    space (U+00A0) holds the tokens on either side together: "预留\u00a00" keeps the amount
    with its word (a Latin word holds it anyway: it is not a space to break at)."""
    out: list[str] = []
    for token in _split(text):
        # a mark that may not start a line ("：", ":") goes with the character before it, and
        # so does what a no-break space ties to it (":\u00a0C3")
        glued = token.startswith(NBSP) or (NBSP in token and token[:1] in NO_LINE_START)
        if out and (out[-1].endswith(NBSP) or glued):
            out[-1] += token
        else:
            out.append(token)
    return out


def _split(text: str) -> list[str]:
    out: list[str] = []
    word = ""
    for ch in text:
        if ord(ch) >= 0x2E80:
            if word:
                out.append(word)
                word = ""
            out.append(ch)
        elif ch == " ":
            out.append(word + " ")
            word = ""
        else:
            word += ch
    if word:
        out.append(word)
    return out
