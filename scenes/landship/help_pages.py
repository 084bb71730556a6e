"""Scorched Landships' rules pages (spec §17 "rules page"): our own words in `help.ls_*`
catalogue entries, pictures drawn from the landship piece sheet."""

from __future__ import annotations

import pygame

from game.core.i18n import tr
from game.landship.constants import SHIP_TYPES
from scenes import theme
from scenes.landship.art import LandshipArt

_ART: list[LandshipArt] = []
ZOOM = 2


def _art() -> LandshipArt:
    if not _ART:
        _ART.append(LandshipArt())
    return _ART[0]


def _big(img: pygame.Surface) -> pygame.Surface:
    return pygame.transform.scale_by(img, ZOOM)


def _sand(w: int, h: int) -> pygame.Surface:
    surf = pygame.Surface((w, h))
    surf.fill(theme.WHEAT)
    for x in range(0, w, 16 * ZOOM):
        pygame.draw.line(surf, theme.OAK, (x, 0), (x, h))
    for y in range(0, h, 16 * ZOOM):
        pygame.draw.line(surf, theme.OAK, (0, y), (w, y))
    pygame.draw.rect(surf, theme.INK, surf.get_rect(), 1)
    return surf


def _caption(scene, canvas, key: str, area: pygame.Rect, y: int) -> int:
    return scene.caption(canvas, key, area.centerx, y, area.width)


def _goal(scene, canvas: pygame.Surface, area: pygame.Rect) -> None:
    art = _art()
    board = _sand(32 * 4, 32 * 3)
    board.blit(_big(art.ship("resource_ship", 0)), (0, 0))
    board.blit(_big(art.ship("heavy_gun_ship", 0)), (32, 32))
    board.blit(_big(art.ship("fortress_ship", 1)), (96, 64))
    board.blit(_big(art.ship("ram_ship", 1, hulk=True)), (64, 0))
    canvas.blit(board, (area.centerx - board.get_width() // 2, area.y + 8))
    _caption(scene, canvas, "help.pic.ls_goal", area, area.y + 16 + board.get_height())


def _ships(scene, canvas: pygame.Surface, area: pygame.Rect) -> None:
    art, text = _art(), scene.app.text
    y = area.y + 4
    for t in SHIP_TYPES:
        canvas.blit(_big(art.ship(t, 0)), (area.x + 8, y))
        canvas.blit(_big(art.ship(t, 1)), (area.x + 44, y))
        text.draw(canvas, tr(f"ls.ship.{t}"), (area.x + 84, y + 8), theme.INK)
        y += 40


def _turn(scene, canvas: pygame.Surface, area: pygame.Rect) -> None:
    art = _art()
    x = area.centerx - 4 * 20
    for f in range(1, 5):
        canvas.blit(_big(art.frames[f"d4_{f}"]), (x, area.y + 8))
        x += 40
    pips = [art.frames["ap_full"]] * 4 + [art.frames["ap_empty"]] * 2
    x = area.centerx - 6 * 7
    for p in pips:
        canvas.blit(_big(p), (x, area.y + 56))
        x += 14
    _caption(scene, canvas, "help.pic.ls_turn", area, area.y + 80)


def _combat(scene, canvas: pygame.Surface, area: pygame.Rect) -> None:
    art = _art()
    board = _sand(32 * 5, 32 * 2)
    board.blit(_big(art.ship("heavy_gun_ship", 0)), (0, 0))
    board.blit(_big(art.ship("fortress_ship", 1)), (64, 0))
    board.blit(_big(art.ship("fast_ship", 1)), (128, 0))
    board.blit(_big(art.ship("fast_ship", 1)), (128, 32))
    pygame.draw.line(board, theme.RED, (16, 16), (144, 16), 2)
    pygame.draw.line(board, theme.INK, (16, 16), (144, 48), 2)
    canvas.blit(board, (area.centerx - board.get_width() // 2, area.y + 8))
    _caption(scene, canvas, "help.pic.ls_combat", area, area.y + 80)


def _build(scene, canvas: pygame.Surface, area: pygame.Rect) -> None:
    art = _art()
    x = area.centerx - 3 * 34
    for t in SHIP_TYPES:
        img = _big(art.ship(t, 0))
        if t == "resource_ship":            # the resource ship builds the others, not its own type
            img.fill((90, 90, 100, 255), special_flags=pygame.BLEND_RGBA_MULT)
        canvas.blit(img, (x, area.y + 8))
        x += 34
    canvas.blit(_big(art.ship("heavy_gun_ship", 1, hulk=True)), (area.centerx - 16, area.y + 56))
    canvas.blit(art.frames["icon_scrap"], (area.centerx + 12, area.y + 56))
    _caption(scene, canvas, "help.pic.ls_build", area, area.y + 96)


def _weather(scene, canvas: pygame.Surface, area: pygame.Rect) -> None:
    art = _art()
    events = ("no_event", "coupling_surge", "dust_storm", "coupling_dust_storm", "dry_thunderstorm",
              "coupling_thunderstorm", "wind_field", "quicksand")
    for i, ev in enumerate(events):
        x = area.x + 12 + (i % 4) * 52
        y = area.y + 6 + (i // 4) * 44
        canvas.blit(art.frames[f"d8_{i + 1}"], (x, y + 8))
        canvas.blit(_big(art.frames[f"event_{ev}"]), (x + 18, y))
    _caption(scene, canvas, "help.pic.ls_weather", area, area.y + 100)


def _end(scene, canvas: pygame.Surface, area: pygame.Rect) -> None:
    art = _art()
    canvas.blit(_big(art.ship("resource_ship", 0)), (area.centerx - 40, area.y + 8))
    canvas.blit(_big(art.ship("engineer_ship", 0)), (area.centerx + 8, area.y + 8))
    _caption(scene, canvas, "help.pic.ls_end", area, area.y + 52)


def pages(page_cls) -> list:
    """The pages in reading order (`Page(key, picture)` of scenes/help.py)."""
    return [page_cls("ls_goal", _goal), page_cls("ls_ships", _ships), page_cls("ls_turn", _turn),
            page_cls("ls_combat", _combat), page_cls("ls_build", _build), page_cls("ls_weather", _weather),
            page_cls("ls_end", _end)]
