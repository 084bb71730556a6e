"""Skirmish rules help: seven pages in our own words (texts `help.sk_*` in both languages),
each with a picture drawn from the game's art: terrain tiles with their MP costs, the three
units in seat colours with HP pips, the percentile dice, a city with siege pips and the
breached icon, status icons, a vassal's banner. `scenes.help` lists them under "skirmish".
"""

from __future__ import annotations

import pygame

from game.core.i18n import tr
from game.skirmish.constants import TERRAIN_COSTS, TERRAIN_INDEX, UNITS
from scenes import theme

TILE_W, TILE_H = 24, 28
ZOOM = 2
TERRAINS = ("plains", "road", "desert", "forest", "swamp", "mountain", "water")
TERRAIN_TILE = {t: i for i, t in enumerate(TERRAINS)}           # skirmish.tsx tile ids 0..6
CITY_TILE, CAPITAL_TILE, NEUTRAL_TILE, NEUTRAL_HATCH = 8, 9, 10, 7


def _tiles(scene) -> list[pygame.Surface]:
    return scene.app.art.tiles("skirmish", "skirmish_tiles.png", TILE_W, TILE_H)


def _art(scene):
    art = getattr(scene, "_skirmish_art", None)
    if art is None:
        from scenes.skirmish.art import SkirmishArt
        art = scene._skirmish_art = SkirmishArt()
    return art


def _big(img: pygame.Surface) -> pygame.Surface:
    return pygame.transform.scale_by(img, ZOOM)


def _unit(scene, kind: str, colour: int, hp: int | None = None) -> pygame.Surface:
    """A unit at 1x with its HP pips below (as on the board)."""
    art = _art(scene)
    n = UNITS[kind].hp
    hp = n if hp is None else hp
    surf = pygame.Surface((max(16, 5 * n), 22), pygame.SRCALPHA)
    img = art.tinted(f"unit_{kind}", colour)
    surf.blit(img, ((surf.get_width() - 16) // 2, 0))
    for i in range(n):
        surf.blit(art["hp_full" if i < hp else "hp_empty"], ((surf.get_width() - (5 * n - 1)) // 2 + 5 * i, 17))
    return surf


def _goal(scene, canvas: pygame.Surface, area: pygame.Rect) -> None:
    tiles = _tiles(scene)
    x0, y = area.x + 20, area.y + 6
    layout = [[0, 3, 6], [1, CAPITAL_TILE, 1], [NEUTRAL_HATCH, NEUTRAL_TILE, 5]]
    for r, row in enumerate(layout):
        for c, t in enumerate(row):
            pos = (x0 + c * TILE_W * ZOOM + (TILE_W if r % 2 else 0), y + r * 21 * ZOOM)
            canvas.blit(_big(tiles[t if t != NEUTRAL_TILE else 0]), pos)
            if t in (NEUTRAL_HATCH, NEUTRAL_TILE):
                canvas.blit(_big(tiles[NEUTRAL_HATCH]), pos)
            if t == NEUTRAL_TILE:
                canvas.blit(_big(tiles[NEUTRAL_TILE]), pos)
    banner = _art(scene).tinted("city_banner", 0)
    canvas.blit(_big(banner), (x0 + TILE_W * ZOOM + TILE_W + 30, y + 21 * ZOOM - 4))
    y += 3 * 21 * ZOOM + 20
    for key in ("help.sk_pic.city", "help.sk_pic.neutral"):
        for line in scene.app.text.wrap(tr(key), area.width - 8):
            scene.app.text.draw(canvas, line, (area.centerx, y), theme.DUSK, "centre")
            y += 16
        y += 4


def _units(scene, canvas: pygame.Surface, area: pygame.Rect) -> None:
    text = scene.app.text
    y = area.y + 4
    for i, kind in enumerate(("infantry", "archer", "cavalry")):
        canvas.blit(_big(_unit(scene, kind, i)), (area.x + 8, y))
        s = UNITS[kind]
        text.draw(canvas, tr(f"skirmish.unit.{kind}"), (area.x + 56, y - 2), theme.INK)
        text.draw(canvas, tr("help.sk_pic.stats1", hp=s.hp, rng=s.range), (area.x + 56, y + 14), theme.DUSK)
        text.draw(canvas, tr("help.sk_pic.stats2", mp=s.mp, cost=s.cost), (area.x + 56, y + 30), theme.DUSK)
        y += 58
    for c in range(4):
        canvas.blit(_big(_art(scene).tinted("unit_infantry", c)), (area.x + 20 + 48 * c, y + 4))


def _move(scene, canvas: pygame.Surface, area: pygame.Rect) -> None:
    tiles, text = _tiles(scene), scene.app.text
    for i, t in enumerate(TERRAINS):
        x = area.x + 6 + (i % 2) * 108
        y = area.y + 2 + (i // 2) * 62
        canvas.blit(_big(tiles[TERRAIN_TILE[t]]), (x, y))
        text.draw(canvas, tr(f"skirmish.terrain.{t}"), (x + 50, y + 10), theme.INK)
        text.draw(canvas, tr("help.sk_pic.mp", mp=TERRAIN_COSTS[TERRAIN_INDEX[t]]), (x + 50, y + 28), theme.DUSK)


def _combat(scene, canvas: pygame.Surface, area: pygame.Rect) -> None:
    art, text = _art(scene), scene.app.text
    y = area.y + 6
    canvas.blit(_big(_unit(scene, "cavalry", 0)), (area.x + 30, y))
    pygame.draw.line(canvas, theme.RED, (area.x + 80, y + 16), (area.x + 130, y + 16), 3)
    canvas.blit(_big(_unit(scene, "infantry", 1, hp=3)), (area.x + 140, y))
    y += 56
    tens, units = art.d100(37)
    canvas.blit(_big(tens), (area.x + 50, y))
    canvas.blit(_big(units), (area.x + 50 + 40, y))
    text.draw(canvas, "37 <= 50", (area.x + 140, y + 8), theme.PINE)
    y += 44
    for key in ("help.sk_pic.forecast", "help.sk_pic.counter"):
        for line in text.wrap(tr(key), area.width - 8):
            text.draw(canvas, line, (area.x + 4, y), theme.DUSK)
            y += 16


def _cities(scene, canvas: pygame.Surface, area: pygame.Rect) -> None:
    tiles, art, text = _tiles(scene), _art(scene), scene.app.text
    y = area.y + 6
    for i, (siege, label) in enumerate(((0, "help.sk_pic.siege0"), (1, "help.sk_pic.siege1"), (2, "help.sk_pic.siege2"))):
        x = area.x + 6
        canvas.blit(_big(tiles[0]), (x, y))
        canvas.blit(_big(tiles[CITY_TILE]), (x, y))
        canvas.blit(_big(art.tinted("city_banner", 1)), (x + 30, y - 4))
        for k in range(2):
            canvas.blit(_big(art["siege_full" if k < siege else "siege_empty"]), (x + 12 + 14 * k, y + 56))
        if siege >= 2:
            canvas.blit(_big(art["city_breached"]), (x + 12, y + 2))
        text.draw(canvas, tr(label), (x + 60, y + 20), theme.INK)
        y += 72
    text.draw(canvas, tr("help.sk_pic.produce"), (area.x + 6, y), theme.DUSK)


def _skills(scene, canvas: pygame.Surface, area: pygame.Rect) -> None:
    art, text = _art(scene), scene.app.text
    y = area.y + 4
    for frame, key in (("status_defensive", "skirmish.status.defensive"), ("status_pavise", "skirmish.status.pavise_ward"),
                       ("status_formation", "skirmish.status.formation"), ("status_suppression", "skirmish.status.suppression"),
                       ("status_heavy_bow", "skirmish.status.heavy_bow"), ("status_multi_line", "skirmish.status.multi_line"),
                       ("status_trespasser", "skirmish.status.trespasser"), ("status_fresh", "help.sk_pic.fresh")):
        canvas.blit(_big(art[frame]), (area.x + 8, y))
        text.draw(canvas, tr(key), (area.x + 32, y), theme.INK)
        y += 24


def _end(scene, canvas: pygame.Surface, area: pygame.Rect) -> None:
    art, text = _art(scene), scene.app.text
    y = area.y + 6
    canvas.blit(_big(art.tinted("city_banner", 2)), (area.x + 40, y))
    canvas.blit(_big(art["status_overlord"]), (area.x + 70, y + 2))
    text.draw(canvas, tr("help.sk_pic.overlord"), (area.x + 96, y + 2), theme.INK)
    y += 32
    canvas.blit(_big(art.tinted("city_banner", 3)), (area.x + 40, y))
    canvas.blit(_big(art["status_vassal"]), (area.x + 70, y + 2))
    text.draw(canvas, tr("help.sk_pic.vassal"), (area.x + 96, y + 2), theme.INK)
    y += 40
    star = scene.app.art.pieces["vp_star"]
    canvas.blit(_big(star), (area.x + 40, y))
    text.draw(canvas, tr("help.sk_pic.vp"), (area.x + 76, y + 4), theme.INK)


PAGES = [("sk_goal", _goal), ("sk_units", _units), ("sk_move", _move), ("sk_combat", _combat),
         ("sk_cities", _cities), ("sk_skills", _skills), ("sk_end", _end)]
