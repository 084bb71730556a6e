"""Drawing the Dice for Land board (a mixin of `TerritoryScene`): owner tint and borders,
frost, desolation, undead, buildings, walls, tunnels and temples as one cached layer, volcano
smoke when announced, the viewing seat's own arrows, and the legal next tiles."""

from __future__ import annotations

from typing import Any

import pygame

from game.territory import actions as A
from game.territory import position
from game.territory.constants import BUILDINGS, SIDES
from game.territory.state import UNDEAD, Phase
from scenes import theme
from scenes.board.seats import seat_colour
from scenes.territory.picks import draw_start_regions

TILE = 16


class TerritoryBoardDraw:
    """Board drawing of the territory screen (needs its `shown`, `camera`, `art`, `colour`...)."""

    shown: Any
    camera: Any
    art: Any
    session: Any
    app: Any
    time: float
    hover: Any
    origin: Any
    drawing: bool
    _tint_key: Any
    _tint: Any
    _layer_key: Any
    _layer: Any
    _caps: dict

    def tint_surface(self) -> pygame.Surface:
        v = self.shown
        key = tuple(v.owner)
        if key != self._tint_key:
            b = v.board
            surf = pygame.Surface((b.width * TILE, b.height * TILE), pygame.SRCALPHA)
            for i, o in enumerate(v.owner):
                col = self.owner_colour(o)
                if col is None:
                    continue
                x, y = i % b.width * TILE, i // b.width * TILE
                surf.fill((*col, 80), (x, y, TILE, TILE))
                shade = col
                for s, j in enumerate(b.sides[i]):
                    if j >= 0 and v.owner[j] == o:
                        continue
                    if s == 0:
                        surf.fill((*shade, 255), (x, y, TILE, 1))
                    elif s == 1:
                        surf.fill((*shade, 255), (x + TILE - 1, y, 1, TILE))
                    elif s == 2:
                        surf.fill((*shade, 255), (x, y + TILE - 1, TILE, 1))
                    else:
                        surf.fill((*shade, 255), (x, y, 1, TILE))
            self._tint_key, self._tint = key, surf
        return self._tint  # type: ignore[return-value]

    def blit_world(self, canvas: pygame.Surface, img: pygame.Surface, i: int, dx: int = 0, dy: int = 0) -> None:
        x, y = self.camera.to_canvas((i % self.board_w * TILE, i // self.board_w * TILE))
        z = self.camera.zoom
        if z != 1:
            img = pygame.transform.scale(img, (img.get_width() * z, img.get_height() * z))
        canvas.blit(img, (x + dx * z, y + dy * z))

    def layer_key(self) -> tuple:
        """Everything the board layer shows (owners, buildings, walls...): it is redrawn only
        when this changes (a beat's `apply` flips a tile, a new view is shown)."""
        v = self.shown
        return (tuple(v.owner), tuple(v.building), tuple(v.walls), tuple(v.desolate), tuple(v.commerce),
                tuple(v.tunnel), tuple(t.temple for t in v.tribes))

    def board_layer(self) -> pygame.Surface:
        """Owner tint and borders, frost, desolation, undead, buildings, walls, tunnels and
        temples at world scale (1x), cached by `layer_key`."""
        key = self.layer_key()
        if key == self._layer_key and self._layer is not None:
            return self._layer
        v = self.shown
        b = v.board
        surf = self.tint_surface().copy()
        art = self.art

        def put(img: pygame.Surface, i: int, dx: int = 0, dy: int = 0) -> None:
            surf.blit(img, (i % b.width * TILE + dx, i // b.width * TILE + dy))
        for i in range(b.size):
            if b.cold[i]:
                put(art["overlay_frost"], i, 2, 2)
            if v.desolate[i]:
                put(art["overlay_desolation"], i, 2, 2)
            if v.owner[i] == UNDEAD:
                put(art["overlay_undead"], i, 2, 2)
            bld = BUILDINGS[v.building[i]]
            if bld != "none" and f"building_{bld}" in art.frames:
                o = v.owner[i]
                put(art.tinted(f"building_{bld}", self.colour(o) if 0 <= o < len(self.session.colours) else -1), i, 2, 2)
            if v.commerce[i]:
                put(art["icon_commerce"], i, 9, 0)
            if v.tunnel[i] >= 0:
                put(art["building_tunnel"], i, 2, 2)
            for k, side in enumerate(SIDES):
                lvl = v.walls[i * 4 + k]
                if lvl:
                    put(art[f"wall_{side}_{min(lvl, 2)}"], i)
        for t in v.tribes:
            if t.temple >= 0:
                put(art["building_temple"], t.temple, 2, 2)
        self._layer_key, self._layer = key, surf
        self._caps = {}
        return surf

    def cap_of(self, seat: int) -> int:
        """The seat's cap in the shown view (cached with the board layer)."""
        key = (id(self.shown), seat)
        if key not in self._caps:
            self._caps[key] = position.cap(self.shown, seat)
        return self._caps[key]

    def draw_board(self, canvas: pygame.Surface) -> None:
        super().draw_board(canvas)
        v = self.shown
        layer = self.board_layer()
        z = self.camera.zoom
        if z != 1:
            layer = pygame.transform.scale(layer, (layer.get_width() * z, layer.get_height() * z))
        canvas.blit(layer, self.camera.to_canvas((0, 0)))
        if v.volcano >= 0:   # an announced volcano smokes until it erupts (T-15.1 D22)
            self.blit_world(canvas, self.art["overlay_smoke_%d" % (int(self.time * 3) % 2)], v.volcano, 2, 0)
        self.draw_orders(canvas)

    def draw_orders(self, canvas: pygame.Surface) -> None:
        """The viewing seat's own arrows (never another seat's: only its view has them)."""
        seat = self.viewer()
        if seat is None or self.shown.phase is not Phase.ORDERS:
            return
        t = self.shown.tribes[seat]
        colour = self.colour(seat)
        for o in t.orders:
            if not isinstance(o.action, A.Arrow):
                if getattr(o.action, "tile", -1) >= 0 and not isinstance(o.action, A.Cast):
                    x, y = self.camera.to_canvas(self.centre(o.action.tile))
                    pygame.draw.rect(canvas, theme.STRAW, (x - 8, y - 8, 16, 16), 1)
                continue
            pts = [self.camera.to_canvas(self.centre(o.action.origin))]
            pts += [self.camera.to_canvas(self.centre(s.tile)) for s in o.steps]
            if len(pts) > 1:
                pygame.draw.lines(canvas, theme.INK, False, pts, 4)
                pygame.draw.lines(canvas, seat_colour(colour)[0], False, pts, 2)
                hx, hy = pts[-1]
                px, py = pts[-2]
                dx, dy = (hx > px) - (hx < px), (hy > py) - (hy < py)
                tip = [(hx + dx * 4, hy + dy * 4), (hx - dx * 2 - dy * 4, hy - dy * 2 - dx * 4),
                       (hx - dx * 2 + dy * 4, hy - dy * 2 + dx * 4)]
                pygame.draw.polygon(canvas, seat_colour(colour)[0], tip)
                pygame.draw.polygon(canvas, theme.INK, tip, 1)
            for s, (x, y) in zip(o.steps, pts[1:]):
                if s.x:
                    self.app.text.draw(canvas, str(s.x), (x + 4, y - 10), theme.FOAM, "centre", shadow=theme.INK)

    def draw_targets(self, canvas: pygame.Surface) -> None:
        if self.shown.phase is Phase.PICK:     # where each tribe would start (T-4.1)
            draw_start_regions(self, canvas, self.pick_focus())
            return
        if not self.ordering():
            return
        if self.origin is not None:
            x, y = self.camera.to_canvas((self.origin % self.board_w * TILE, self.origin // self.board_w * TILE))
            pygame.draw.rect(canvas, theme.FOAM, (x, y, TILE, TILE), 2)
        nxt = self.next_tiles()
        for i, acts in nxt.items():
            x, y = self.camera.to_canvas((i % self.board_w * TILE, i // self.board_w * TILE))
            ok = self.choose(acts) is not None
            hot = self.hover == ("t", i)
            pygame.draw.rect(canvas, theme.STRAW if ok else theme.STONE, (x + 1, y + 1, TILE - 2, TILE - 2), 2 if hot else 1)
        if not self.drawing and self.origin is None:
            for i in self.origins():
                x, y = self.camera.to_canvas(self.centre(i))
                pygame.draw.circle(canvas, theme.STRAW, (x, y), 1)
