"""Drawing the Landship board (spec §17 "Board" and "Selection highlights"): resource tiles,
area markers, quicksand and wind; ships with integrity bar, seat marker, effective-DR badge and
status icon; the lit targets of the current choice — reachable cells with their AP cost, fire
targets with the lines of fire (red where a fortress blocks them, C-3), ram lanes and impact
cells, build cells, repair and capture brackets — and the path of a hovered move (M-3).

A mixin of `LandshipScene`: it reads the scene's shown view, camera helpers and selection.
"""

from __future__ import annotations

import pygame

from game.landship.constants import DIR_STEPS, DIRECTIONS
from game.landship.state import HULK
from scenes import theme
from scenes.board.seats import draw_marker
from scenes.landship.art import digits

TILE = 16


class LandshipBoardDrawing:
    """See the module docstring."""

    def draw_board(self, canvas) -> None:
        view = self.shown
        self.tiled.draw(canvas, self.camera, self.time)
        xy = view.board.xy
        for c, dep in zip(view.board.tiles, view.depleted):
            img = self._overlay.get("depleted" if dep else "resource")
            if img is not None:
                canvas.blit(img, self.cell_rect(xy[c]).topleft)
        marker = self.art_ls.frames["area_marker"]
        for _event, cells, _until in view.markers:
            for c in cells:
                canvas.blit(marker, self.cell_rect(xy[c]).topleft)
        sand = self.art_ls.frames[f"quicksand_{int(self.time * 3) % 2}"]
        for cells, _until in view.quicksand:
            for c in cells:
                canvas.blit(sand, self.cell_rect(xy[c]).topleft)
        if view.wind_dir >= 0:
            arrow = self.art_ls.frames[f"wind_{DIRECTIONS[view.wind_dir].lower()}"].copy()
            arrow.set_alpha(70)
            for y in range(1, view.board.height, 4):
                for x in range(1, view.board.width, 4):
                    canvas.blit(arrow, self.cell_rect((x, y)).topleft)
        self.draw_ships(canvas)

    def draw_ships(self, canvas) -> None:
        view, frames = self.shown, self.art_ls.frames
        flash = int(self.time * 3) % 2 == 0
        for s in view.ships:
            if s.id in self.hidden:
                continue
            r = self.cell_rect(self.ship_pos(s))
            canvas.blit(self.ship_image(s.id), r.topleft)
            if s.owner == HULK:
                canvas.blit(frames["icon_scrap"], (r.right - 8, r.y))
                continue
            stats = view.board.params.stats(s.type)
            integ = self.ship_integrity(s)
            w = max(0, round(9 * integ / stats.integrity))
            pygame.draw.rect(canvas, theme.INK, (r.x + 6, r.bottom - 3, 10, 3))
            draw_marker(canvas, self.colour(s.owner), (r.x + 3, r.bottom - 4), 2)
            colour = theme.LEAF if integ * 2 > stats.integrity else (theme.WHEAT if integ * 4 > stats.integrity else theme.RED)
            if w:
                pygame.draw.rect(canvas, colour, (r.x + 6, r.bottom - 2, w, 1))
            self.draw_dr_badge(canvas, s, r)
            flags = self.status_flags(s)
            if flags:
                flag, frame = flags[0]
                if flag != "wrecked" or flash:
                    canvas.blit(frames[frame], (r.right - 8, r.y))

    def draw_dr_badge(self, canvas, s, r: pygame.Rect) -> None:
        """effDR (C-2) in a corner plate: ink for the base value, green with the fortress's
        isolation bonus (C-4), red when pierced (C-5)."""
        state = self.session.state
        ship = state.ships.get(s.id)
        base = self.shown.board.params.stats(s.type).dr
        dr = state.eff_dr(ship) if ship is not None and ship.owner == s.owner and not self.timeline.busy else base
        if dr == 0 and base == 0 and not s.pierce:
            return
        plate = theme.RED if s.pierce else (theme.PINE if dr > base else theme.INK)
        pygame.draw.rect(canvas, plate, (r.x, r.y, 5, 7))
        canvas.blit(digits(str(min(dr, 9)), theme.FOAM), (r.x + 1, r.y + 1))

    def draw_targets(self, canvas) -> None:
        targets = self.board_targets()
        if not targets:
            return
        sel = self.selected_ship()
        veil = pygame.Surface((TILE, TILE), pygame.SRCALPHA)
        if sel is not None:
            r = self.cell_rect(sel.pos)
            pygame.draw.rect(canvas, theme.INK, r.inflate(4, 4), 1)
            pygame.draw.rect(canvas, theme.FOAM, r.inflate(2, 2), 1)
            self.draw_lines_of_fire(canvas, sel, targets)
        for key in targets:
            kind = key[0]
            cell = self.key_cell(key)
            if cell is None:
                continue
            r = self.cell_rect(cell)
            hot = key == self.hover
            if kind == "ship":
                pygame.draw.rect(canvas, theme.FOAM if hot else theme.INK, r, 1)
            elif kind == "cell":
                veil.fill((*theme.INK, 110 if hot else 60))
                canvas.blit(veil, r.topleft)
                pygame.draw.rect(canvas, theme.FOAM if hot else theme.PEBBLE, r.inflate(-2, -2), 1)
                cost = "0" if sel is not None and sel.type == "fast_ship" and sel.moves >= 1 else "1"
                canvas.blit(digits(cost, theme.FOAM), (r.right - 6, r.bottom - 8))
            elif kind == "build":
                veil.fill((*theme.PINE, 150 if hot else 90))
                canvas.blit(veil, r.topleft)
                pygame.draw.rect(canvas, theme.FOAM if hot else theme.LEAF, r.inflate(-2, -2), 1)
            elif kind == "ram":
                self.draw_ram_lane(canvas, sel, key, hot)
            else:
                colour = {"fire": theme.RED, "repair": theme.LEAF, "capture": theme.WHEAT}[kind]
                self.draw_brackets(canvas, r, colour, hot)
        if self.hover and self.hover[0] == "cell" and sel is not None:
            self.draw_path(canvas, sel, self.hover[1:])

    def draw_brackets(self, canvas, r: pygame.Rect, colour, hot: bool) -> None:
        r = r.inflate(2, 2) if hot else r
        for (x, y), (dx, dy) in (((r.x, r.y), (1, 1)), ((r.right - 1, r.y), (-1, 1)),
                                 ((r.x, r.bottom - 1), (1, -1)), ((r.right - 1, r.bottom - 1), (-1, -1))):
            pygame.draw.line(canvas, colour, (x, y), (x + 4 * dx, y))
            pygame.draw.line(canvas, colour, (x, y), (x, y + 4 * dy))

    def draw_ram_lane(self, canvas, sel, key, hot: bool) -> None:
        d, k = key[1], key[2]
        dx, dy = DIR_STEPS[DIRECTIONS.index(d)]
        veil = pygame.Surface((TILE, TILE), pygame.SRCALPHA)
        veil.fill((*theme.WHEAT, 110 if hot else 40))
        if hot:
            for i in range(1, k + 1):
                canvas.blit(veil, self.cell_rect((sel.pos[0] + dx * i, sel.pos[1] + dy * i)).topleft)
        impact = self.cell_rect((sel.pos[0] + dx * (k + 1), sel.pos[1] + dy * (k + 1)))
        self.draw_brackets(canvas, impact, theme.RED, hot)
        if hot:
            canvas.blit(self.art_ls.frames["icon_ram"], (impact.x, impact.y))

    def draw_lines_of_fire(self, canvas, sel, targets) -> None:
        """C-1/C-3: from a gun ship, a line to every enemy in range — straw when the shot is
        open, red (and the blocking fortress marked) where a fortress stands across it."""
        state = self.session.state
        stats = state.board.params.stats(sel.type)
        if not stats.can_fire:
            return
        board = state.board
        a = board.index_of(sel.pos)
        start = self.cell_centre(sel.pos)
        for s in self.shown.ships:
            if s.owner in (HULK, sel.owner):
                continue
            b = board.index_of(s.pos)
            if board.distance(stats.reach, a, b) > stats.range:
                continue
            end = self.cell_centre(s.pos)
            if state.line_blocked(a, b):
                pygame.draw.line(canvas, theme.RED, start, end, 1)
                for c in board.crossed(a, b):
                    occ = self.ship_at(board.xy[c])
                    if occ is not None and occ.type == "fortress_ship" and occ.owner != HULK:
                        pygame.draw.rect(canvas, theme.RED, self.cell_rect(board.xy[c]), 1)
            elif ("fire", s.id) in targets:
                hot = self.hover == ("fire", s.id)
                pygame.draw.line(canvas, theme.FOAM if hot else theme.INK, start, end, 1)
                if hot:
                    dr = state.eff_dr(state.ships[s.id])
                    img = self.float_number(f"{stats.atk} - {dr} = {max(0, stats.atk - dr)}", theme.STRAW)
                    canvas.blit(img, (end[0] - img.get_width() // 2, end[1] - 12 - img.get_height()))

    def draw_path(self, canvas, sel, dest) -> None:
        state = self.session.state
        ship = state.ships.get(sel.id)
        path = state.path_to(ship, state.board.index_of(tuple(dest))) if ship is not None else None
        if not path:
            return
        pts = [self.cell_centre(state.board.xy[c]) for c in path]
        if len(pts) > 1:
            pygame.draw.lines(canvas, theme.INK, False, pts, 1)
        for p in pts[1:]:
            pygame.draw.circle(canvas, theme.FOAM, p, 2)
            pygame.draw.circle(canvas, theme.INK, p, 2, 1)
