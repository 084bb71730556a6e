"""The Scorched Landships game screen (spec §17): only what is Landship's own, on the
board-scene layer.

`BoardScene` runs the session, turns, AI, animations, undo, autosave, log and toast. This
screen adds the 10x20 board from its Tiled map with 1-based grid labels, resource tiles
(active / depleted), area markers, quicksand and the wind; the ships in their owners' colours
with integrity bar, effective-DR badge and status icon; the selection (ship -> cell / target /
ram lane / build cell, with a type picker greying types at their limit) and its forecasts
(AP cost, atk - DR, ram range, repair amount); the AP pips and the d4; the weather card;
End turn, Undo and Resign (confirmed); the repetition-draw warning (V-4). Everything is open
information (H-1): no hand-off screen, a banner announces each turn.
"""

from __future__ import annotations

import pygame

from game import rulesets
from game.core.i18n import error_text, tr
from game.landship import actions as A
from game.landship.constants import BUILDERS, DIR_STEPS, DIRECTIONS, SHIP_ACTION_CAP, SHIP_AP_CAP, SHIP_TYPES
from game.landship.state import HULK, LandshipView, Phase
from scenes import theme
from scenes.board.geometry import PointSet
from scenes.board.hud import ButtonSpec, action_bar
from scenes.board.scene import BoardScene
from scenes.board.seats import draw_marker, seat_colour
from scenes.board.tiled import TiledBoard
from scenes.dialogs import Overlay
from scenes.drawing import fit
from scenes.landship.art import LandshipArt, digits
from scenes.landship.board_draw import LandshipBoardDrawing
from scenes.landship.history import IntegrityHistory
from scenes.landship.presenters import PRESENTERS, LandshipPresenters, xy_text
from scenes.widgets import Button

TILE = 16
BOARD_VIEW = pygame.Rect(246, 32, 160, 320)
RIGHT_X, RIGHT_W = 414, 222
PANEL_W, PANEL_H = 232, 46
CARD_RECT = pygame.Rect(RIGHT_X, 212, 48, 60)
INFO_RECT = pygame.Rect(RIGHT_X, 112, RIGHT_W, 96)
MAX_AP_PIPS = 6


class ConfirmResign(Overlay):
    """"Resign this game?" — V-6 hands the fleet over as hulks; yes / no."""

    size = (380, 100)

    def __init__(self, app, scene: "LandshipScene") -> None:
        super().__init__(app)
        self.scene = scene
        y, half = self.rect.bottom - 34, (self.rect.width - 50) // 2
        self.widgets.add(Button((self.rect.x + 20, y, half, 22), lambda: tr("ls.resign_yes"), self._yes,
                                hotkey=pygame.K_y))
        self.widgets.add(Button((self.rect.right - 20 - half, y, half, 22), lambda: tr("ls.resign_no"),
                                self.app.pop, hotkey=pygame.K_n))

    def title(self) -> str:
        return tr("ls.resign_confirm")

    def draw(self, canvas: pygame.Surface) -> None:
        super().draw(canvas)
        self.app.text.draw(canvas, tr("ls.resign_what"), (self.rect.centerx, self.rect.y + 32), theme.DUSK, "centre")

    def _yes(self) -> None:
        self.app.pop()
        self.scene.act(A.RESIGN)


class TypeButton(Button):
    """One ship type of the build picker: the ship in the player's colour, greyed when that
    type cannot be built (its holding limit reached, or no builder chosen)."""

    def __init__(self, rect, scene: "LandshipScene", ship_type: str) -> None:
        super().__init__(rect, "", lambda: scene.choose_build(ship_type),
                         enabled=lambda: scene.can_build(ship_type),
                         tooltip=lambda: scene.type_tooltip(ship_type))
        self.scene, self.ship_type = scene, ship_type

    def draw(self, app, canvas: pygame.Surface) -> None:
        active = self.scene.build_type == self.ship_type
        frame = ("button_disabled" if not self.enabled else "button_pressed" if active or self.pressed else
                 "button_hover" if self.hover else "button_normal")
        canvas.blit(app.art.panel(frame, self.rect.size), self.rect.topleft)
        seat = self.scene.human_seat()
        img = self.scene.art_ls.ship(self.ship_type, self.scene.colour(seat if seat is not None else 0))
        if not self.enabled:
            img = img.copy()
            img.fill((90, 90, 100, 255), special_flags=pygame.BLEND_RGBA_MULT)
        canvas.blit(img, (self.rect.centerx - 8, self.rect.centery - 8))
        if active:
            pygame.draw.rect(canvas, theme.STRAW, self.rect, 1)


class LandshipScene(LandshipPresenters, LandshipBoardDrawing, BoardScene):
    """Play Scorched Landships: see the module docstring."""

    ruleset_id = "landship"
    presenters = PRESENTERS
    board_view = BOARD_VIEW
    log_rect = pygame.Rect(4, 142, PANEL_W, 214)
    hint_rect = pygame.Rect(RIGHT_X, 278, RIGHT_W, 78)
    panel_size = (PANEL_W, PANEL_H)
    pick_radius = 8
    dice_sides = 4
    shown: LandshipView

    def __init__(self, app, session) -> None:
        self.art_ls = LandshipArt()
        self.build_type: str | None = None
        self.over: dict[int, dict] = {}
        self._over_view = None
        self.hidden: set[int] = set()
        self._known_types: dict[int, str] = {}
        self.ap_shown: tuple[int, int] | None = None
        self.card_shown: tuple[str, int, int] | None = None
        self._points_key: tuple | None = None
        self._points: PointSet | None = None
        self._warned: set[tuple] = set()
        self.history = IntegrityHistory(session)
        session.chart = self.history      # the results screen reads it (integrity per round)
        super().__init__(app, session)
        last = self.shown.last_event
        if last is not None:
            self.card_shown = (last[1], 0, last[0])

    # ---- board -------------------------------------------------------------------------------
    def make_board(self) -> TiledBoard:
        board = TiledBoard(rulesets.get(self.ruleset_id).map_path(self.session.setup), layers=["terrain"])
        board.background = theme.INK
        self._overlay = {k: board.tiles[g].image for k in ("resource", "depleted", "start")
                         if (g := board.gid_where(overlay=k)) is not None}
        return board

    def cell_rect(self, cell) -> pygame.Rect:
        x, y = self.camera.to_canvas((cell[0] * TILE, cell[1] * TILE))
        return pygame.Rect(x, y, TILE, TILE)

    def cell_centre(self, cell) -> tuple[int, int]:
        return self.camera.to_canvas((cell[0] * TILE + TILE // 2, cell[1] * TILE + TILE // 2))

    def cell_at(self, canvas_pos) -> tuple[int, int] | None:
        if not self.board_view.collidepoint(canvas_pos):
            return None
        wx, wy = self.camera.to_world(canvas_pos)
        x, y = int(wx // TILE), int(wy // TILE)
        b = self.shown.board
        return (x, y) if 0 <= x < b.width and 0 <= y < b.height else None

    def ship_info(self, ship_id: int):
        for s in self.shown.ships:
            if s.id == ship_id:
                return s
        return None

    def ship_pos(self, s) -> tuple[int, int]:
        o = self.over.get(s.id) if self._over_view is self.shown else None
        return tuple(o["pos"]) if o and "pos" in o else s.pos

    def ship_integrity(self, s) -> int:
        o = self.over.get(s.id) if self._over_view is self.shown else None
        return o["integrity"] if o and "integrity" in o else s.integrity

    def ship_image(self, ship_id: int, hulk: bool | None = None) -> pygame.Surface:
        s = self.ship_info(ship_id)
        if s is None:
            return self.art_ls.ship(self._known_types.get(ship_id, "resource_ship"), 0)
        is_hulk = s.owner == HULK if hulk is None else hulk
        owner = s.former_owner if is_hulk else s.owner
        return self.art_ls.ship(s.type, self.colour(owner) if owner >= 0 else 0, is_hulk)

    def ship_at(self, cell) -> object | None:
        for s in self.shown.ships:
            if tuple(self.ship_pos(s)) == tuple(cell) and s.id not in self.hidden:
                return s
        return None

    # ---- targets --------------------------------------------------------------------------------
    def board_steps(self, action):
        ship = ("ship", getattr(action, "ship", None))
        if isinstance(action, A.Move):
            return None if self.build_type else (ship, ("cell", *action.to))
        if isinstance(action, A.Attack):
            return ship, ("fire", action.target)
        if isinstance(action, A.Ram):
            return ship, ("ram", action.dir, action.k)
        if isinstance(action, A.Repair):
            return ship, ("repair", action.target)
        if isinstance(action, A.Capture):
            return ship, ("capture", action.target)
        if isinstance(action, A.Build) and action.ship_type == self.build_type:
            return ship, ("build", *action.at)
        return None

    def impact_cell(self, ship_id: int, d: str, k: int) -> tuple[int, int]:
        s = self.ship_info(ship_id)
        dx, dy = DIR_STEPS[DIRECTIONS.index(d)]
        return s.pos[0] + dx * (k + 1), s.pos[1] + dy * (k + 1)

    def key_cell(self, key) -> tuple[int, int] | None:
        kind = key[0]
        if kind in ("cell", "build"):
            return key[1], key[2]
        if kind == "ram":
            sel = self.selected_ship()
            return self.impact_cell(sel.id, key[1], key[2]) if sel is not None else None
        s = self.ship_info(key[1])
        return s.pos if s is not None else None

    def target_points(self) -> PointSet:
        legal = self.legal_now()
        key = (id(legal), len(legal), self.build_type, self.selection.chosen, id(self.shown))
        if self._points_key != key:
            points = {}
            for k in self.board_targets():
                cell = self.key_cell(k)
                if cell is not None:
                    points[k] = (cell[0] * TILE + TILE // 2, cell[1] * TILE + TILE // 2)
            self._points_key, self._points = key, PointSet(points, self.pick_radius)
        return self._points

    def selected_ship(self):
        chosen = self.selection.chosen
        return self.ship_info(chosen[0][1]) if chosen else None

    def board_click(self, canvas_pos) -> None:
        key = self.pick(canvas_pos)
        if key is None:
            cell = self.cell_at(canvas_pos)
            s = self.ship_at(cell) if cell else None
            if s is not None and self.selection.chosen and ("ship", s.id) != self.selection.chosen[0]:
                self.selection.clear()            # another of one's own ships: choose it instead
                self.build_type = None
                self.selection.invalidate()
                if ("ship", s.id) in self.board_targets():
                    self.selection.click(("ship", s.id))
                return
            if self.board_view.collidepoint(canvas_pos):
                self.cancel()
            return
        action = self.selection.click(key)
        if action is not None:
            self.act(action)

    def cancel(self) -> bool:
        if self.build_type:
            self.build_type = None
            self.selection.invalidate()
            return True
        return self.selection.back()

    def end_turn_action(self):
        return A.END_TURN

    def after_apply(self, seat, action, events) -> None:
        self.build_type = None
        self.selection.invalidate()
        self.history.observe(self.session.state)

    # ---- build picker ---------------------------------------------------------------------------
    def can_build(self, ship_type: str) -> bool:
        sel = self.selected_ship()
        if sel is None or sel.type not in BUILDERS:
            return False
        return any(isinstance(a, A.Build) and a.ship == sel.id and a.ship_type == ship_type for a in self.legal_now())

    def choose_build(self, ship_type: str) -> None:
        self.build_type = None if self.build_type == ship_type else ship_type
        self.selection.invalidate()

    def type_tooltip(self, ship_type: str) -> str:
        """The type, how many the player owns of its limit (S-4), and when it cannot be built
        now, the engine's own reason (K-1: own type, holding limit, site, wind...)."""
        seat = self.human_seat()
        stats = self.shown.board.params.stats(ship_type)
        have = sum(1 for s in self.shown.ships if s.owner == seat and s.type == ship_type) if seat is not None else 0
        text = tr("ls.build_tip", ship=tr(f"ls.ship.{ship_type}"), have=have, limit=stats.limit)
        sel = self.selected_ship()
        if seat is None or sel is None or sel.type not in BUILDERS:
            return text + "\n" + tr("ls.pick_builder")
        if not self.can_build(ship_type):
            cell = next((a.at for a in self.legal_now() if isinstance(a, A.Build) and a.ship == sel.id), sel.pos)
            refusal = self.session.state.reason(seat, A.Build(sel.id, ship_type, tuple(cell)))
            if refusal is not None:
                text += "\n" + error_text(refusal)
        return text

    def build_widgets(self) -> None:
        specs = [ButtonSpec(lambda: tr("game.end_turn"), lambda: self.act(A.END_TURN), icon="end_turn",
                            enabled=lambda: A.END_TURN in self.legal_now(), hotkey=pygame.K_e),
                 ButtonSpec(lambda: tr("game.undo"), self.undo, icon="undo", enabled=self.can_undo, hotkey=pygame.K_u),
                 ButtonSpec(lambda: tr("ls.resign"), self.ask_resign,
                            enabled=lambda: A.RESIGN in self.legal_now())]
        for spec, (x, w) in zip(specs, ((0, 88), (91, 62), (156, 66))):
            action_bar(self.widgets, [spec], (RIGHT_X + x, 24), (w, 22))
        for i, t in enumerate(SHIP_TYPES):
            self.widgets.add(TypeButton((RIGHT_X + 46 + i * 29, 84, 27, 22), self, t))

    def ask_resign(self) -> None:
        if A.RESIGN in self.legal_now():
            self.app.push(ConfirmResign(self.app, self))

    # ---- previews -------------------------------------------------------------------------------
    def preview(self, key, actions) -> str | None:
        """Shown in the hint box (not as a tooltip, which would cover the ships around)."""
        return None

    def forecast(self, key) -> str | None:
        """What the hovered target costs and brings: AP, atk - DR, ram range, repair amount."""
        state, sel = self.session.state, self.selected_ship()
        kind = key[0]
        if kind == "ship":
            return self.ship_summary(key[1])
        if sel is None:
            return None
        ship = state.ships.get(sel.id)
        stats = state.board.params.stats(sel.type)
        if kind == "cell":
            cost = 0 if sel.type == "fast_ship" and sel.moves >= 1 else 1
            text = tr("ls.tip.move", at=xy_text(key[1:]), cost=cost)
            return text + ("\n" + tr("ls.tip.wind") if self.shown.wind_dir >= 0 else "")
        if kind == "fire":
            t = state.ships[key[1]]
            dr = state.eff_dr(t)
            return tr("ls.tip.fire", atk=stats.atk, dr=dr, damage=max(0, stats.atk - dr), integrity=t.integrity)
        if kind == "ram":
            t_cell = self.impact_cell(sel.id, key[1], key[2])
            target = self.ship_at(t_cell)
            dr = state.eff_dr(state.ships[target.id]) if target is not None else 0
            k = key[2]
            low, high = max(0, k + 1 - dr), max(0, k + 6 - dr)
            return tr("ls.tip.ram", dir=tr(f"ls.dir.{key[1]}"), k=k, dr=dr, low=low, high=high,
                      cost=2 if k else 1, self_high=high // 4)
        if kind == "repair":
            t = self.ship_info(key[1])
            amount = min(state.board.params.repair_amount, state.board.params.stats(t.type).integrity - t.integrity)
            return tr("ls.tip.repair", ship=self.ship_name(t.id), amount=amount) + self.repeat_note(t.type, t.integrity == 0)
        if kind == "capture":
            t = self.ship_info(key[1])
            return tr("ls.tip.capture", ship=self.ship_name(t.id),
                      integrity=state.board.params.capture_integrity(t.type)) + self.repeat_note(t.type, True)
        if kind == "build":
            return tr("ls.tip.build", ship=tr(f"ls.ship.{self.build_type}"), at=xy_text(key[1:])) + \
                self.repeat_note(self.build_type, True)
        del ship
        return None

    def repeat_note(self, ship_type: str, restores: bool) -> str:
        """V-4: a restore that would push a streak past the limit draws the game; say so."""
        seat = self.human_seat()
        limit = self.shown.board.params.repeat_limit
        for s_seat, t, streak, _last, pending in self.shown.streaks:
            if s_seat == seat and t == ship_type and pending and streak >= limit and restores:
                return "\n" + tr("ls.tip.repeat_draw")
        return ""

    def ship_summary(self, ship_id: int) -> str:
        s = self.ship_info(ship_id)
        if s is None:
            return ""
        return f"{self.ship_name(s.id)} · {self.ship_integrity(s)}/{self.shown.board.params.stats(s.type).integrity}"

    # ---- HUD ------------------------------------------------------------------------------------
    def top_bar(self):
        view = self.shown
        left = tr("ls.round", round=view.round, rounds=view.board.params.max_rounds)
        if view.phase is Phase.OVER:
            return left, "", None
        return left, tr("game.turn_of", name=self.name(view.current)), view.current

    def panel_active(self, seat: int) -> bool:
        return self.shown.phase is not Phase.OVER and self.shown.current == seat

    def shown_ap(self) -> int:
        if self.ap_shown is not None and self.timeline.busy and self.ap_shown[0] == self.shown.current:
            return self.ap_shown[1]
        return self.shown.ap

    def draw_panel_body(self, canvas, seat, rect) -> None:
        view, text = self.shown, self.app.text
        ships = [s for s in view.ships if s.owner == seat]
        integ = sum(self.ship_integrity(s) for s in ships)
        if view.eliminated[seat]:
            text.draw(canvas, tr("ls.out"), (rect.x + 13, rect.y + 22), theme.RED)
            return
        text.draw(canvas, tr("ls.panel", ships=len(ships), integrity=integ), (rect.x + 13, rect.y + 22), theme.DUSK)

    def draw_pips(self, canvas, pos, ap: int) -> None:
        """A-1: the pool as pips at 2x, filled for each AP left."""
        full = pygame.transform.scale_by(self.art_ls.frames["ap_full"], 2)
        empty = pygame.transform.scale_by(self.art_ls.frames["ap_empty"], 2)
        for i in range(max(MAX_AP_PIPS, ap)):
            canvas.blit(full if i < ap else empty, (pos[0] + 13 * i, pos[1]))

    def draw_hud(self, canvas) -> None:
        super().draw_hud(canvas)
        view, text = self.shown, self.app.text
        # grid labels, 1-based (B-1)
        for x in range(view.board.width):
            img = digits(str(x + 1), theme.PEBBLE)
            cx, _ = self.cell_centre((x, 0))
            canvas.blit(img, (cx - img.get_width() // 2, BOARD_VIEW.y - 8))
        for y in range(view.board.height):
            img = digits(str(y + 1), theme.PEBBLE)
            _, cy = self.cell_centre((0, y))
            canvas.blit(img, (BOARD_VIEW.x - 3 - img.get_width(), cy - 2))
        # turn-order strip: the names share the left column's width (long names end in "…")
        y = 24 + 2 * (PANEL_H + 4)
        x = text.draw(canvas, tr("ls.order"), (6, y), theme.PEBBLE).right + 4
        share = (4 + PANEL_W - x) // max(1, len(view.order)) - 20
        for i, seat in enumerate(view.order):
            draw_marker(canvas, self.colour(seat), (x + 5, y + 8), 4)
            col = seat_colour(self.colour(seat))[0] if not view.eliminated[seat] else theme.STONE
            name = fit(self.app, self.name(seat), share)
            x = text.draw(canvas, name, (x + 12, y), col).right + 8
            if seat == view.current and view.phase is not Phase.OVER:
                pygame.draw.line(canvas, theme.STRAW, (x - 8 - text.size(name)[0], y + 16), (x - 8, y + 16))
        self.draw_right(canvas)

    def draw_right(self, canvas) -> None:
        view, text = self.shown, self.app.text
        # AP pips and the die
        right = text.draw(canvas, tr("ls.ap"), (RIGHT_X, 54), theme.PARCHMENT, shadow=theme.INK).right
        self.draw_pips(canvas, (right + 6, 56), self.shown_ap())
        text.draw(canvas, tr("ls.build"), (RIGHT_X, 87), theme.PARCHMENT, shadow=theme.INK)
        self.draw_info(canvas)
        # the weather card, countdown, outbreak, wind
        card = self.card_shown
        img = self.art_ls.card(self.app, card[0] if card else None, card[1] if card else None)
        canvas.blit(img, CARD_RECT.topleft)
        x, y = CARD_RECT.right + 6, CARD_RECT.y
        if card:
            text.draw(canvas, tr(f"ls.event.{card[0]}"), (x, y), theme.STRAW, shadow=theme.INK)
        left = max(0, view.next_event_round - view.round)
        text.draw(canvas, tr("ls.next_event"), (x, y + 16), theme.PARCHMENT, shadow=theme.INK)
        when = "ls.next_event_when" if left else "ls.next_event_now"   # not "(in 0)"
        text.draw(canvas, tr(when, round=view.next_event_round, n=left), (x, y + 32), theme.PARCHMENT, shadow=theme.INK)
        line = y + 48
        if view.outbreak:
            canvas.blit(self.art_ls.frames["icon_outbreak"], (x, line + 2))
            text.draw(canvas, tr("ls.outbreak"), (x + 16, line), theme.RED, shadow=theme.INK)
            line += 16
        if view.wind_dir >= 0:
            canvas.blit(self.art_ls.frames[f"wind_{DIRECTIONS[view.wind_dir].lower()}"], (x, line))
            text.draw(canvas, tr("ls.wind_until", dir=tr(f"ls.dir.{DIRECTIONS[view.wind_dir]}"), round=view.wind_until),
                      (x + 18, line), theme.SHALLOWS, shadow=theme.INK)

    def draw_info(self, canvas) -> None:
        """The hovered (or chosen) ship: type, integrity, effective DR, status, AP / move /
        action use this turn (A-3)."""
        text = self.app.text
        cell = self.cell_at(self.app.mouse)
        s = self.ship_at(cell) if cell else None
        s = s or self.selected_ship()
        if s is None:
            return
        r = INFO_RECT
        canvas.blit(self.app.art.panel("panel", r.size), r.topleft)
        canvas.blit(self.ship_image(s.id), (r.x + 6, r.y + 6))
        stats = self.shown.board.params.stats(s.type)
        text.draw(canvas, f"{tr('ls.ship.' + s.type)} #{s.id}", (r.x + 26, r.y + 5), theme.INK)
        state = self.session.state
        ship = state.ships.get(s.id) if not self.timeline.busy else None
        dr = state.eff_dr(ship) if ship is not None and s.owner != HULK else stats.dr
        text.draw(canvas, tr("ls.info_stats", integrity=self.ship_integrity(s), max=stats.integrity, atk=stats.atk,
                             dr=dr, base=stats.dr), (r.x + 8, r.y + 24), theme.DUSK)
        move_cap = 2 if s.type == "fast_ship" else 1
        text.draw(canvas, tr("ls.info_use", ap=s.ap_spent, ap_cap=SHIP_AP_CAP, moves=s.moves, move_cap=move_cap,
                             actions=s.actions, action_cap=SHIP_ACTION_CAP), (r.x + 8, r.y + 42), theme.DUSK)
        # the owner, then the status flags, on as many rows as they need (the owner on the
        # title line ran past the panel: "Resource ship #1 · Player 1" is 27 letters)
        x, y = r.x + 8, r.y + 60
        if s.owner != HULK:      # a hulk's flag says whose it is not
            x = text.draw(canvas, fit(self.app, self.name(s.owner), r.width - 16), (x, y), theme.INK).right + 8
        for flag, frame in self.status_flags(s):
            label = tr(f"ls.status.{flag}")
            if x + 10 + text.size(label)[0] > r.right - 6:
                x, y = r.x + 8, y + 17
            canvas.blit(self.art_ls.frames[frame], (x, y + 4))
            x = text.draw(canvas, label, (x + 10, y), theme.DUSK).right + 6

    def status_flags(self, s) -> list[tuple[str, str]]:
        out = []
        if s.owner == HULK:
            return [("hulk", "icon_scrap")]
        if self.ship_integrity(s) == 0:
            out.append(("wrecked", "icon_wrecked"))
        if s.stalled_round == self.shown.round and s.stalled_round:
            out.append(("stalled", "icon_stalled"))
        if s.pierce:
            out.append(("pierced", "icon_pierced"))
        if s.fresh:
            out.append(("fresh", "icon_fresh"))
        return out

    def card_centre(self) -> tuple[int, int]:
        return CARD_RECT.center

    def dice_positions(self):
        return [(RIGHT_X + 186, 46)]

    def hint(self) -> str:
        warning = self.repeat_warning()
        seat = self.human_seat()
        if seat is None:
            return warning
        if self.hover is not None and self.hover in self.board_targets():
            text = self.forecast(self.hover)
            if text:
                return (warning + "\n" + text) if warning else text
        sel = self.selected_ship()
        if self.build_type:
            key = "ls.hint.build"
        elif sel is not None:
            key = "ls.hint.ship"
        else:
            key = "ls.hint.pick"
        line = tr(key, ap=self.shown.ap, ship=tr(f"ls.ship.{self.build_type or (sel.type if sel else 'resource_ship')}"))
        return (warning + "\n" + line) if warning else line

    def repeat_warning(self) -> str:
        """V-4: a (player, type) whose streak reached the limit — one more destroy-and-rebuild
        cycle draws the game. Also shown once as a toast."""
        limit = self.shown.board.params.repeat_limit
        for seat, t, streak, _last, _pending in self.shown.streaks:
            if streak >= limit:
                key = (seat, t, streak)
                if key not in self._warned:
                    self._warned.add(key)
                    self.show_toast(tr("ls.repeat_warning", name=self.name(seat), ship=tr(f"ls.ship.{t}"), n=streak))
                return tr("ls.repeat_warning", name=self.name(seat), ship=tr(f"ls.ship.{t}"), n=streak)
        return ""
