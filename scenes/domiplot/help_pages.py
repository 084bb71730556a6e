"""Domiplotism's rules help pages (SCREENS.md line 12): our own short retelling of the spec,
with pictures drawn from the card sheet. Registered in `scenes.help.PAGES["domiplot"]`;
texts are `help.dp_<page>.title/body` in game/core/locale/*.domiplot_ui.json."""

from __future__ import annotations

import pygame

from game.core.i18n import tr
from scenes import theme
from scenes.board.seats import draw_marker

KINDS_ROW = {
    "dp_goal": (),
    "dp_battle": ("infantry", "archer", "cavalry", "heavy_cavalry", "general", "commander"),
    "dp_cards": ("terrain_mountain", "terrain_city", "terrain_plain", "gong", "drum", "tiger_tally",
                 "rolling_stones", "command"),
}


def _cards():
    from scenes.domiplot.art import CardArt
    global _ART
    try:
        return _ART
    except NameError:
        _ART = CardArt()
        return _ART


def _card(kind: str) -> pygame.Surface:
    art = _cards()
    return art.back if kind == "back" else art.sheet[f"card_{kind}"]


def _grid(canvas: pygame.Surface, area: pygame.Rect, kinds: tuple[str, ...], cols: int, scale: int) -> int:
    """Cards in a grid at a whole-number scale; returns the bottom."""
    w, h = 24 * scale, 34 * scale
    gap = 6
    x0 = area.centerx - (cols * w + (cols - 1) * gap) // 2
    y = area.y + 4
    for i, kind in enumerate(kinds):
        r, c = divmod(i, cols)
        canvas.blit(pygame.transform.scale_by(_card(kind), scale), (x0 + c * (w + gap), y + r * (h + gap)))
    rows = (len(kinds) + cols - 1) // cols
    return y + rows * (h + gap)


def _goal(scene, canvas: pygame.Surface, area: pygame.Rect) -> None:
    """Three adjacent regions under one flag, an alliance region striped in two colours."""
    art = _cards()
    x, y = area.x + 20, area.y + 10
    for i, terrain in enumerate(("plain", "hills", "plateau")):
        rect = pygame.Rect(x + i * 60, y, 58, 50)
        pygame.draw.rect(canvas, (0xE6, 0x6A, 0x1C), rect)
        pygame.draw.rect(canvas, theme.INK, rect, 1)
        canvas.blit(art.icon(terrain), (rect.centerx - 6, rect.y + 8))
        canvas.blit(art.flag(0), (rect.centerx - 4, rect.y + 26))
    rect = pygame.Rect(x + 30, y + 56, 118, 50)
    clip = canvas.get_clip()
    canvas.set_clip(rect)
    for k in range(0, rect.width + rect.height, 12):
        colour = (0xE6, 0x6A, 0x1C) if (k // 12) % 2 else (0x68, 0xC2, 0xF0)
        pygame.draw.line(canvas, colour, (rect.x + k, rect.y), (rect.x + k - rect.height, rect.bottom), 6)
    canvas.set_clip(clip)
    pygame.draw.rect(canvas, theme.INK, rect, 1)
    canvas.blit(art.flag(0), (rect.centerx - 10, rect.y + 20))
    canvas.blit(art.flag(1), (rect.centerx + 2, rect.y + 20))
    scene.app.text.draw(canvas, tr("help.pic.dp_solo"), (area.centerx, y + 112), theme.INK, "centre")
    scene.app.text.draw(canvas, tr("help.pic.dp_alliance"), (area.centerx, y + 130), theme.INK, "centre")


def _round(scene, canvas: pygame.Surface, area: pygame.Rect) -> None:
    art = _cards()
    x, y = area.x + 30, area.y + 20
    canvas.blit(pygame.transform.scale_by(art.marker, 2), (x, y))
    scene.app.text.draw(canvas, tr("help.pic.dp_marker"), (x + 40, y + 8), theme.INK)
    y += 50
    for i, d in enumerate((0, 1, 2)):
        rect = pygame.Rect(x + i * 54, y, 50, 40)
        pygame.draw.rect(canvas, theme.PARCHMENT_SHADE if i else (0xE6, 0x6A, 0x1C), rect)
        pygame.draw.rect(canvas, theme.INK, rect, 1)
        if i:
            scene.app.text.draw(canvas, tr("dp.distance_badge", n=d - 1 if i == 1 else 1), (rect.centerx, rect.y + 12),
                                theme.INK, "centre")
    scene.app.text.draw(canvas, tr("help.pic.dp_distance"), (area.centerx, y + 50), theme.INK, "centre")


def _battle(scene, canvas: pygame.Surface, area: pygame.Rect) -> None:
    bottom = _grid(canvas, area, KINDS_ROW["dp_battle"], 3, 2)
    canvas.blit(pygame.transform.scale_by(_card("back"), 2), (area.centerx - 24, bottom + 2))
    draw_marker(canvas, 1, (area.centerx + 30, bottom + 12), 5)


def _cards_page(scene, canvas: pygame.Surface, area: pygame.Rect) -> None:
    _grid(canvas, area, KINDS_ROW["dp_cards"], 4, 2)


def _support(scene, canvas: pygame.Surface, area: pygame.Rect) -> None:
    art = _cards()
    y = area.y + 20
    canvas.blit(pygame.transform.scale_by(_card("cavalry"), 2), (area.x + 20, y))
    pygame.draw.line(canvas, theme.INK, (area.x + 76, y + 34), (area.x + 140, y + 34), 2)
    pygame.draw.polygon(canvas, theme.INK, [(area.x + 140, y + 28), (area.x + 150, y + 34), (area.x + 140, y + 40)])
    draw_marker(canvas, 0, (area.x + 40, y + 80), 6)
    draw_marker(canvas, 1, (area.x + 170, y + 34), 6)
    canvas.blit(art.flag(0), (area.x + 150, y + 90))
    canvas.blit(art.flag(1), (area.x + 162, y + 90))
    scene.app.text.draw(canvas, tr("help.pic.dp_support"), (area.centerx, y + 110), theme.INK, "centre")


def _secret(scene, canvas: pygame.Surface, area: pygame.Rect) -> None:
    _grid(canvas, area, ("back", "back", "back"), 3, 2)


def pages(page_cls) -> list:
    """The Domiplotism pages, as `page_cls(key, picture)`."""
    return [page_cls("dp_goal", _goal), page_cls("dp_round", _round), page_cls("dp_battle", _battle),
            page_cls("dp_cards", _cards_page), page_cls("dp_support", _support), page_cls("dp_secret", _secret)]
