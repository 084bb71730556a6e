"""Dice for Land rules help: seven pages in our own words (texts `help.tr_*` in both
languages), each with a picture drawn from the game's art: tribe emblems, an arrow with its
steps, the six die faces against a y, buildings and walls, spells' tower and the disaster
signs, and the keys. `scenes.help` lists them under "territory"."""

from __future__ import annotations

import pygame

from game.core.i18n import tr
from scenes import theme

ZOOM = 2


def _art(scene):
    art = getattr(scene, "_territory_art", None)
    if art is None:
        from scenes.territory.art import TerritoryArt
        art = scene._territory_art = TerritoryArt()
    return art


def _big(img: pygame.Surface) -> pygame.Surface:
    return pygame.transform.scale_by(img, ZOOM)


def _grid(scene, canvas: pygame.Surface, area: pygame.Rect, frames: list[tuple[str, str]], colour: int = -1) -> None:
    """Frames at 2x in two columns with their names."""
    art = _art(scene)
    for k, (frame, key) in enumerate(frames):
        x = area.x + 6 + (k % 2) * (area.width // 2)
        y = area.y + 6 + (k // 2) * 38
        img = _big(art.tinted(frame, colour))
        canvas.blit(img, (x, y))
        scene.app.text.draw(canvas, tr(key), (x + img.get_width() + 4, y + 6), theme.INK)


def _goal(scene, canvas, area) -> None:
    tiles = scene.app.art.tiles("territory", "territory_tiles.png", 16, 16) if hasattr(scene.app.art, "tiles") else []
    for row in range(5):
        for col in range(8):
            owner = 0 if col < 3 else 1 if col > 5 else -1
            x, y = area.x + 30 + col * 20, area.y + 20 + row * 20
            if tiles:
                canvas.blit(pygame.transform.scale(tiles[0], (20, 20)), (x, y))
            if owner >= 0:
                from scenes.board.seats import seat_colour
                shade = pygame.Surface((20, 20), pygame.SRCALPHA)
                shade.fill((*seat_colour(owner)[0], 110))
                canvas.blit(shade, (x, y))
    scene.caption(canvas, "help.tr_goal.title", area.centerx, area.y + 130, area.width)


def _tribes(scene, canvas, area) -> None:
    from game.territory.constants import FACTIONS
    _grid(scene, canvas, area, [(f"emblem_{f}", f"territory.faction.{f}") for f in FACTIONS])


def _orders(scene, canvas, area) -> None:
    art = _art(scene)
    frames = ["arrow_origin_e", "arrow_ew", "arrow_ew", "arrow_head_e"]
    x = area.x + 20
    for k, f in enumerate(frames):
        img = _big(art.tinted(f, 0))
        canvas.blit(img, (x + k * 36, area.y + 30))
    for k, label in enumerate(("", "×", "3", "5")):
        scene.app.text.draw(canvas, label, (x + 18 + k * 36, area.y + 70), theme.INK, "centre")


def _dice(scene, canvas, area) -> None:
    faces = scene.app.art.dice if hasattr(scene.app.art, "dice") else None
    from sprites.dice import DiceFaces
    art = DiceFaces(faces) if faces is not None else None
    y_need = 4
    for f in range(1, 7):
        x = area.x + 8 + (f - 1) * 34
        if art is not None:
            canvas.blit(art.face(6, f, 2), (x, area.y + 20))
        colour = theme.PINE if f <= y_need else theme.RED
        scene.app.text.draw(canvas, "✓" if f <= y_need else "✗", (x + 12, area.y + 58), colour, "centre")
    scene.app.text.draw(canvas, tr("territory.ui.needs", y=y_need), (area.centerx, area.y + 84), theme.INK, "centre")
    scene.app.text.draw(canvas, "y = x + A - D", (area.centerx, area.y + 110), theme.DUSK, "centre")


def _build(scene, canvas, area) -> None:
    _grid(scene, canvas, area, [("building_camp", "territory.building.camp"), ("building_city", "territory.building.city"),
                                ("building_capital", "territory.building.capital"), ("building_workshop", "territory.building.workshop"),
                                ("building_tower", "territory.building.tower"), ("building_outpost", "territory.building.outpost"),
                                ("wall_n_1", "territory.ui.wall_1"), ("wall_n_2", "territory.ui.wall_2")], colour=1)


def _magic(scene, canvas, area) -> None:
    from game.territory.constants import DISASTERS
    _grid(scene, canvas, area, [(f"disaster_{d}", f"territory.disaster.{d}") for d in DISASTERS]
          + [("overlay_frost", "territory.disaster.winter")])


def _keys(scene, canvas, area) -> None:
    keys = ["0–6", "R", "T", "M", "D", "B", "S", "Esc"]
    for k, name in enumerate(keys):
        x = area.x + 10 + (k % 4) * 52
        y = area.y + 20 + (k // 4) * 34
        canvas.blit(scene.app.art.panel("panel", (44, 26)), (x, y))
        scene.app.text.draw(canvas, name, (x + 22, y + 5), theme.INK, "centre")


def params() -> dict:
    """Numbers the pages and the tribe picks quote from the rules data (D42's tuned [P] values)."""
    from game.territory.constants import INCOME_BONUS, SPLIT_LIMIT
    return {"split": SPLIT_LIMIT["default"], "split_pioneer": SPLIT_LIMIT["pioneer"],
            "split_tide": SPLIT_LIMIT["tide"], "pioneer_malus": -INCOME_BONUS["pioneer"]}


PAGES = [("tr_goal", _goal), ("tr_tribes", _tribes), ("tr_orders", _orders), ("tr_dice", _dice),
         ("tr_build", _build), ("tr_magic", _magic), ("tr_keys", _keys)]
