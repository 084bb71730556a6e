"""Dice for Land's tribe picks (T-4.1) on the map: every tribe's start region drawn on the
board, the one pointed at (its button or a tile of its region) lit, and the tribes still to
pick as buttons where the log sits, so the map stays in view while a player chooses.

Only public information: the start regions are the map's, and a picked tribe's region takes
its player's colour once the pick is made (the log says it too).
"""

from __future__ import annotations

from typing import Any

import pygame

from game.core.i18n import tr
from game.territory import actions as A
from scenes import theme
from scenes.board.seats import seat_colour
from scenes.drawing import fit

TILE = 16
AREA = pygame.Rect(0, 280, 388, 80)     # the log's place, while a person picks
TITLE_H = 18                            # the "Ada: choose your tribe" line above the buttons
COLS, GAP = 4, 2                        # four buttons a row (seven tribes: two rows)
BUTTON_H = 29
VEIL_ALPHA = 120                        # the map around the pointed-at region, darkened
PICKED_ALPHA = 110                      # a picked tribe's region in its player's colour


def pick_rects(actions: list) -> list[tuple[pygame.Rect, Any]]:
    """(button, PickFaction) of each tribe still free, four a row under the title line."""
    picks = [a for a in actions if isinstance(a, A.PickFaction)]
    w = (AREA.width - GAP * (COLS + 1)) // COLS
    out = []
    for k, a in enumerate(picks):
        col, row = k % COLS, k // COLS
        out.append((pygame.Rect(AREA.x + GAP + col * (w + GAP), AREA.y + TITLE_H + row * (BUTTON_H + GAP), w, BUTTON_H), a))
    return out


def start_of(view: Any, tile: int | None) -> str | None:
    """The faction whose start region holds `tile`, or None."""
    if tile is None:
        return None
    for faction, tiles in view.board.starts.items():
        if tile in tiles:
            return faction
    return None


def picked_by(view: Any) -> dict[str, int]:
    """Faction -> the seat that picked it (public once picked)."""
    return {t.faction: t.id for t in view.tribes if t.kind != "system" and t.faction}


def centre_tile(tiles: tuple[int, ...], width: int) -> int:
    """The region's tile nearest its centre of mass (where its emblem goes)."""
    cx = sum(i % width for i in tiles) / len(tiles)
    cy = sum(i // width for i in tiles) / len(tiles)
    return min(tiles, key=lambda i: ((i % width - cx) ** 2 + (i // width - cy) ** 2, i))


def veil(board: Any, lit_tiles: tuple[int, ...], zoom: int) -> pygame.Surface:
    """The map darkened but for the lit region (world size times `zoom`), cached per region."""
    key = (id(board), lit_tiles, zoom)
    if _veil.get("key") != key:
        surf = pygame.Surface((board.width * TILE * zoom, board.height * TILE * zoom), pygame.SRCALPHA)
        surf.fill((*theme.INK, VEIL_ALPHA))
        for i in lit_tiles:
            surf.fill((0, 0, 0, 0), (i % board.width * TILE * zoom, i // board.width * TILE * zoom, TILE * zoom, TILE * zoom))
        _veil.update(key=key, surf=surf)
    return _veil["surf"]


_veil: dict = {}


def draw_start_regions(scene: Any, canvas: pygame.Surface, lit: str | None) -> None:
    """Every start region outlined with its tribe's emblem, a picked one filled with its
    player's colour; with a tribe pointed at (`lit`) the rest of the map darkens and its
    region gets a bright edge."""
    v = scene.shown
    b = v.board
    z = scene.camera.zoom
    s = TILE * z
    taken = picked_by(v)
    if lit is not None:
        canvas.blit(veil(b, b.starts[lit], z), scene.camera.to_canvas((0, 0)))
    for faction, tiles in b.starts.items():
        seat = taken.get(faction)
        colour = theme.STRAW if faction == lit else seat_colour(scene.colour(seat))[0] if seat is not None else theme.PARCHMENT
        fill = None
        if seat is not None and faction != lit:
            fill = pygame.Surface((s, s), pygame.SRCALPHA)
            fill.fill((*colour, PICKED_ALPHA))
        inside = set(tiles)
        for i in tiles:
            x, y = scene.camera.to_canvas((i % b.width * TILE, i // b.width * TILE))
            if fill is not None:
                canvas.blit(fill, (x, y))
            for side, j in enumerate(b.sides[i]):
                if j in inside:
                    continue   # an edge of the region: a dark line outside a light one
                canvas.fill(theme.INK, ((x, y, s, 1), (x + s - 1, y, 1, s), (x, y + s - 1, s, 1), (x, y, 1, s))[side])
                w = 2 if faction == lit else 1
                canvas.fill(colour, ((x, y + 1, s, w), (x + s - 1 - w, y, w, s), (x, y + s - 1 - w, s, w), (x + 1, y, w, s))[side])
        emblem = scene.art[f"emblem_{faction}"]
        if z != 1:
            emblem = pygame.transform.scale(emblem, (emblem.get_width() * z, emblem.get_height() * z))
        cx, cy = scene.camera.to_canvas(scene.centre(centre_tile(tiles, b.width)))
        canvas.blit(emblem, (cx - emblem.get_width() // 2, cy - emblem.get_height() // 2))


def draw_pick_buttons(scene: Any, canvas: pygame.Surface, rects: list, lit: str | None) -> None:
    """The title line and one button per free tribe (emblem and name) in the log's place."""
    app = scene.app
    text = app.text
    canvas.fill(theme.INK, AREA)
    title = tr("territory.ui.pick_title", name=scene.name(scene.human_seat()))
    text.draw(canvas, fit(app, title, AREA.width - 8), (AREA.centerx, AREA.y + 1), theme.PARCHMENT, "centre")
    for rect, a in rects:
        canvas.blit(app.art.panel("panel", rect.size), rect.topleft)
        if a.faction == lit:
            pygame.draw.rect(canvas, theme.STRAW, rect, 2)
        canvas.blit(scene.art[f"emblem_{a.faction}"], (rect.x + 6, rect.centery - 5))
        text.draw(canvas, fit(app, tr(f"territory.faction.{a.faction}"), rect.width - 26),
                  (rect.x + 20, rect.centery - 8), theme.INK)
