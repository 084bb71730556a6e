"""The Skirmish game screen (section 19): only what is Skirmish's own, on the board-scene layer.

`BoardScene` (scenes/board/) runs the session, turns, AI, animations, undo, autosave, log,
toast and hand-offs. This screen adds the battlefield from its Tiled map with cities, siege
pips and units in seat colours; the secret skill picks (S-2, H-2: each human behind the
pass-the-device screen, then the game is open information); selecting a unit, its reachable
hexes with their MP cost and Intercept stops, the hovered path and the attack forecast; the
production menu; the side panels (funds, income, VP, skills, overlord) and one presenter per
Skirmish event (`scenes/skirmish/presenters.py`).

Clicks: a unit ("u", id) then a hex ("h", col, row) for a Move or an Attack; an own empty city
("c", col, row) then a kind ("p", kind, voucher) in the production menu.
"""

from __future__ import annotations

from typing import Any, Hashable

import pygame

from game.core.i18n import tr
from game.skirmish import actions as A
from game.skirmish.board import NEUTRAL
from game.skirmish.constants import SKILLS
from game.skirmish.movement import intercept_zone
from game.skirmish.state import Phase, SkirmishView
from scenes import theme
from scenes.board.geometry import PointSet
from scenes.board.hud import ButtonSpec, action_bar
from scenes.board.scene import BoardScene
from scenes.board.seats import draw_marker
from scenes.dialogs import MessageBox
from scenes.drawing import fit
from scenes.text import NBSP
from scenes.skirmish.art import SkirmishArt
from scenes.skirmish.dialogs import PickPanel, ProduceMenu
from scenes.skirmish.presenters import PRESENTERS
from scenes.skirmish.results import vp_history

BOARD = pygame.Rect(0, 21, 492, 296)       # the map is 492 x 301: the camera scrolls the last 5 px
LOG = pygame.Rect(0, 318, 492, 42)         # two lines; the wheel scrolls back
RX, RW = 495, 142
PANEL_H, PANEL_STEP = 56, 58
BUTTONS_Y = 292                            # the first row of action buttons


def hint_area(seats: int) -> pygame.Rect:
    """Where the hint goes: below the last player panel, above the buttons (two rows at four
    seats; the room fewer panels leave lets a longer hint stand whole)."""
    top = 23 + seats * PANEL_STEP
    return pygame.Rect(RX, top, RW, BUTTONS_Y - 2 - top)


def ai_turn_hint(app, name: str, width: int) -> str:
    """"<name> is moving." with the name cut to one line of `width` (a 12-hanzi name would
    push the sentence onto a third line)."""
    return tr("skirmish.ui.ai_turn", name=fit(app, name, width))
HEX_POLY = [(0, -13), (11, -7), (11, 7), (0, 13), (-11, 7), (-11, -7)]
STATUS_ICON = {"defensive": "status_defensive", "pavise_ward": "status_pavise", "multi_line": "status_multi_line",
               "heavy_bow": "status_heavy_bow", "single_line": "status_single_line"}


def skill_name(code: str) -> str:
    return tr(f"skirmish.skill.{code}.name")


class SkirmishScene(BoardScene):
    """Play Skirmish: see the module docstring."""

    ruleset_id = "skirmish"
    board_view = BOARD
    log_rect = LOG
    panel_size = (RW, PANEL_H)
    pick_radius = 12

    def __init__(self, app, session) -> None:
        self.sk = SkirmishArt()
        self.anim_pos: dict[int, Any] = {}      # unit id -> hex while animating (None: hidden)
        self.anim_hp: dict[int, int] = {}       # unit id -> HP shown while animating
        self._shown: SkirmishView | None = None
        self._points_key: Any = None
        self._points: PointSet | None = None
        self._shade = self._hex_surface((*theme.STRAW, 70))
        self._shade_hot = self._hex_surface((*theme.STRAW, 140))
        self._neutral_cache: dict[int, Any] = {}
        self.picker: PickPanel | None = None
        self.hint_rect = hint_area(len(session.setup.seats))
        super().__init__(app, session)
        if session.actions:   # the shared line reads `view.round`; a Skirmish view keeps it in `game`
            self.log.entries[-1:] = []
            self.add_log(lambda r=self.game.round: tr("log.resumed", round=r))
        self.picker = PickPanel(self)
        self._open_if_played()

    def _open_if_played(self) -> None:
        """After the picks the game is open information (H-1): no more hand-offs."""
        if self.session.state.phase is not Phase.PICK and self.hidden_info:
            self.hidden_info = False
            self.driver.hidden_info = False
            self.driver.viewing_seat = None

    @staticmethod
    def _hex_surface(rgba) -> pygame.Surface:
        surf = pygame.Surface((25, 29), pygame.SRCALPHA)
        pygame.draw.polygon(surf, rgba, [(x + 12, y + 14) for x, y in HEX_POLY])
        return surf

    # the shown view: a new one ends the animation overrides
    @property
    def shown(self) -> SkirmishView:
        return self._shown  # type: ignore[return-value]

    @shown.setter
    def shown(self, view: SkirmishView) -> None:
        self._shown = view
        self.anim_pos = {}
        self.anim_hp = {}

    @property
    def game(self):
        """The shown public game (it answers reach, path and forecast queries)."""
        return self.shown.game

    # ---- geometry -----------------------------------------------------------------------------
    def centre(self, cr: tuple[int, int]) -> tuple[float, float]:
        return self.tiled.geometry.centre(tuple(cr))

    def to_canvas(self, cr: tuple[int, int]) -> tuple[int, int]:
        return self.camera.to_canvas(self.centre(cr))

    def unit_cell(self, uid: int) -> tuple[int, int] | None:
        if uid in self.anim_pos:
            return self.anim_pos[uid]
        u = self.game.units.get(uid)
        return None if u is None else self.game.board.coords[u.hex]

    def target_points(self) -> PointSet:
        key = (id(self._shown), len(self.anim_pos))
        if self._points_key != key:
            g = self.game
            pts: dict[Hashable, tuple[float, float]] = {}
            for i, cr in enumerate(g.board.coords):
                pts[("h", *cr)] = self.centre(cr)
            for k, city in enumerate(g.board.cities):
                cr = g.board.coords[city.hex]
                pts[("c", *cr)] = self.centre(cr)
            for uid in g.units:
                cr = self.unit_cell(uid)
                if cr is not None:
                    pts[("u", uid)] = self.centre(cr)
            self._points, self._points_key = PointSet(pts, self.pick_radius), key
        return self._points  # type: ignore[return-value]

    def pick(self, canvas_pos: tuple[int, int]) -> Hashable | None:
        """The target in the hex under the pointer: its unit, its city, or the hex itself."""
        if not self.camera.view.collidepoint(canvas_pos) or self.picker_active():
            return None
        targets = self.board_targets()
        if not targets:
            return None
        cell = self.tiled.geometry.pick(self.camera.to_world(canvas_pos))
        if cell is None:
            return None
        g = self.game
        h = g.board.index(cell)
        uid = g.occ[h] if h >= 0 else -1
        for key in (("u", uid), ("c", *cell), ("h", *cell)):
            if key in targets:
                return key
        return None

    # ---- choices -------------------------------------------------------------------------------
    def board_steps(self, action) -> tuple | None:
        if isinstance(action, (A.Move, A.Attack)):
            return (("u", action.unit), ("h", *(action.to if isinstance(action, A.Move) else action.target)))
        if isinstance(action, A.Produce):
            return (("c", *action.city), ("p", action.kind, action.voucher))
        return None

    def selected_unit(self) -> int | None:
        chosen = self.selection.chosen
        return chosen[0][1] if chosen and chosen[0][0] == "u" else None

    def board_click(self, canvas_pos: tuple[int, int]) -> None:
        key = self.pick(canvas_pos)
        if key is None:
            if self.camera.view.collidepoint(canvas_pos):
                # a click on another own unit switches the selection
                if not self.cancel():
                    return
            return
        if key[0] == "u" and self.selection.chosen and key not in self.selection.targets():
            self.selection.clear()
        action = self.selection.click(key)
        if action is not None:
            self.act(action)
        elif key[0] == "c":
            self.app.push(ProduceMenu(self.app, self, (key[1], key[2])))

    def board_targets(self) -> dict[Hashable, Any]:
        targets = super().board_targets()
        if self.selection.chosen and self.selection.chosen[0][0] == "u":
            # another own unit stays clickable: a click switches to it
            self.selection.chosen, chosen = (), self.selection.chosen
            others = {k: v for k, v in self.selection.targets().items() if k[0] == "u"}
            self.selection.chosen = chosen
            for k, v in others.items():
                targets.setdefault(k, v)
        return targets

    def end_turn_action(self):
        return A.END_TURN

    def after_apply(self, seat: int, action, events: list) -> None:
        if isinstance(action, A.Move) and any(isinstance(a, A.Attack) and a.unit == action.unit
                                               for a in self.legal_now()):
            self.selection.chosen = (("u", action.unit),)   # move then attack: keep it selected
        if self.picker is not None:
            self.picker.reset()
        self._open_if_played()

    def cancel(self) -> bool:
        return self.selection.back()

    def picker_active(self) -> bool:
        return self.picker is not None and self.shown.phase is Phase.PICK and self.human_seat() is not None

    # ---- widgets ---------------------------------------------------------------------------------
    def build_widgets(self) -> None:
        half = (RW - 4) // 2
        action_bar(self.widgets, [
            ButtonSpec(lambda: tr("game.undo"), self.undo, enabled=self.can_undo, hotkey=pygame.K_u),
            ButtonSpec(lambda: tr("skirmish.ui.dismount"), self.dismount, enabled=lambda: self.dismount_action() is not None,
                       hotkey=pygame.K_d, tooltip=lambda: tr("skirmish.skill.C5.text"))],
            (RX, BUTTONS_Y), (half, 20), step=(half + 4, 0))
        action_bar(self.widgets, [
            ButtonSpec(self.cover_label, self.cycle_cover, enabled=lambda: bool(self.cover_actions()),
                       hotkey=pygame.K_c, tooltip=self.cover_tooltip),
            ButtonSpec(lambda: tr("game.end_turn"), lambda: self.act(A.END_TURN), icon="end_turn",
                       enabled=lambda: self.human_seat() is not None and self.game.phase is Phase.PLAY,
                       hotkey=pygame.K_e, tooltip=self.end_turn_tooltip)],
            (RX, BUTTONS_Y + 23), (RW, 20), step=(0, 23))

    def cover_label(self) -> str:
        seat = self.human_seat()
        seat = self.game.current if seat is None else seat
        return tr(f"skirmish.ui.cover_{self.game.cover[seat]}")

    def dismount_action(self):
        uid = self.selected_unit()
        if uid is None:
            return None
        action = A.Dismount(uid)
        return action if action in self.legal_now() else None

    def dismount(self) -> None:
        action = self.dismount_action()
        if action is not None:
            self.act(action)

    def cover_actions(self) -> list:
        return [a for a in self.legal_now() if isinstance(a, A.SetCoverPolicy)]

    def cycle_cover(self) -> None:
        order = ["lethal", "always", "never"]
        seat = self.human_seat()
        if seat is None:
            return
        now = self.game.cover[seat]
        nxt = order[(order.index(now) + 1) % 3] if now in order else "lethal"
        action = A.SetCoverPolicy(nxt)
        if action in self.legal_now():
            self.act(action)

    def cover_tooltip(self) -> str:
        seat = self.human_seat()
        now = self.game.cover[seat] if seat is not None else "lethal"
        return tr("skirmish.ui.cover_tip", policy=tr(f"skirmish.cover.{now}"))

    def blocking_trespassers(self, seat: int) -> list[int]:
        """N-4: own units on neutral land that still owe a move out (they block End turn)."""
        g = self.game
        out = []
        for u in g.units.values():
            if u.faction == seat and g.board.neutral[u.hex] and g.obligation(u) is not None \
                    and u.hex not in g.obligation(u):
                out.append(u.id)
        return out

    def end_turn_tooltip(self) -> str:
        seat = self.human_seat()
        if seat is None or A.END_TURN in self.legal_now():
            return tr("skirmish.ui.end_turn_tip")
        units = self.blocking_trespassers(seat)
        where = ", ".join(f"{tr('skirmish.unit.' + self.game.units[u].type)} {self.game.board.coords[self.game.units[u].hex]}"
                          for u in units)
        return tr("skirmish.ui.trespassers", units=where or "-")

    def act(self, action) -> None:
        if action is A.END_TURN and action not in self.legal_now() and self.human_seat() is not None:
            units = self.blocking_trespassers(self.human_seat())
            if units:
                self.show_toast(self.end_turn_tooltip())
                self.app.sounds.play("error")
                return
        super().act(action)

    # ---- presenters ------------------------------------------------------------------------------
    presenters = PRESENTERS

    def vassal_notice(self, ev) -> None:
        """V-3: a human who became a vassal (or gained one) is told so in a dialog."""
        humans = [s for s in (ev.seat, ev.overlord) if self.session.seat_is_human(s)]
        if humans and self.app.settings.speed != 0 and self.script is None:
            self.app.push(MessageBox(self.app, tr("skirmish.ui.vassal_title"),
                                     tr("skirmish.ui.vassal_text", name=self.name(ev.seat), by=self.name(ev.by),
                                        lord=self.name(ev.overlord))))

    def show_reveal(self) -> None:
        """H-2: after the last pick every faction's skills are shown."""
        g = self.session.state
        # no-break spaces: a faction's skills stay on its name's line when the toast wraps
        self.show_toast("  ".join(f"{self.name(s)}:{NBSP}{NBSP.join(sorted(g.skills[s], key=list(SKILLS).index))}"
                                  for s in range(g.seats)), notice=True)

    def _queue_game_over(self) -> None:
        """The results chart: VP after each round (the shared results read `session.score_history`)."""
        self.session.score_history = vp_history(self.session)
        super()._queue_game_over()

    def turn_banner_for(self, seat: int) -> pygame.Surface:
        return self.sk.tinted("unit_infantry", self.colour(seat))

    # ---- hud -------------------------------------------------------------------------------------
    def top_bar(self) -> tuple[str, str, int | None]:
        g = self.game
        if g.phase is Phase.PICK:
            return tr("skirmish.ui.picks"), tr("skirmish.ui.picking", name=self.name(g.current)), g.current
        left = tr("game.round", round=g.round, rounds=g.board.turn_limit)
        if g.phase is Phase.OVER:
            return left, "", None
        return left, tr("game.turn_of", name=self.name(g.current)), g.current

    def panel_rect(self, seat: int) -> pygame.Rect:
        return pygame.Rect(RX, 23 + seat * PANEL_STEP, RW, PANEL_H)

    def panel_active(self, seat: int) -> bool:
        return self.game.phase is not Phase.OVER and self.game.current == seat

    def income_of(self, seat: int) -> int:
        g = self.game
        return sum(c.income for k, c in enumerate(g.board.cities) if g.city_owner[k] == seat)

    def draw_panel_body(self, canvas: pygame.Surface, seat: int, rect: pygame.Rect) -> None:
        """Funds +income, VP, cities and units on one row; skill codes (or the pick state) below."""
        g, text, sk = self.game, self.app.text, self.sk
        units = sum(1 for u in g.units.values() if u.faction == seat)
        x, y = rect.x + 13, rect.y + 20
        pygame.draw.circle(canvas, theme.WHEAT, (x + 4, y + 8), 4)
        pygame.draw.circle(canvas, theme.TIMBER, (x + 4, y + 8), 4, 1)
        x = text.draw(canvas, f"{g.funds[seat]}+{self.income_of(seat)}", (x + 10, y), theme.INK).right + 4
        star = self.app.art.pieces["vp_star"]
        canvas.blit(star, (x, y + 8 - star.get_height() // 2))
        x = text.draw(canvas, str(g.vp()[seat]), (x + star.get_width() + 1, y), theme.INK).right + 4
        banner = sk.tinted("city_banner", self.colour(seat))
        canvas.blit(banner, (x, y + 3))
        x = text.draw(canvas, str(g.cities_of(seat)), (x + banner.get_width() + 1, y), theme.INK).right + 2
        unit = sk.tinted("unit_infantry", self.colour(seat))   # its ink starts one column in
        canvas.blit(unit, (x - 1, y))                           # and fills the rest: 1 px clear each side
        text.draw(canvas, str(units), (x + unit.get_width(), y), theme.INK)
        x, y = rect.x + 13, rect.y + 36
        if g.phase is Phase.PICK:
            mark = tr("skirmish.ui.picked") if g.picked[seat] else tr("skirmish.ui.not_picked")
            text.draw(canvas, fit(self.app, mark, rect.right - x - 6), (x, y), theme.DUSK)
            return
        right = rect.right - 6
        lord = g.overlord[seat]
        if lord >= 0 or any(g.overlord[s] == seat for s in range(g.seats)):
            icon = sk["status_vassal" if lord >= 0 else "status_overlord"]
            canvas.blit(icon, (right - 8, y + 4))
            right -= 11
        codes = " ".join(sorted(g.skills[seat], key=list(SKILLS).index))
        text.draw(canvas, fit(self.app, codes, right - x), (x, y), theme.TIMBER)

    def panel_tooltip(self, seat: int) -> str:
        g = self.game
        lines = [self.name(seat)]
        lord = g.overlord[seat]
        if lord >= 0:
            lines.append(tr("skirmish.ui.vassal_of", name=self.name(lord)))
        vassals = [self.name(s) for s in range(g.seats) if g.overlord[s] == seat]
        if vassals:
            lines.append(tr("skirmish.ui.overlord_of", names=", ".join(vassals)))
        vouchers = sum(1 for v in g.city_voucher if v == seat)
        if vouchers:
            lines.append(tr("skirmish.ui.vouchers", n=vouchers))
        skills = sorted(g.skills[seat], key=lambda c: list(SKILLS).index(c))
        for code in skills:
            lines.append(f"{code} {skill_name(code)}: {tr(f'skirmish.skill.{code}.text')}")
        if g.phase is Phase.PICK and not skills:
            lines.append(tr("skirmish.ui.picks_secret"))
        return "\n".join(lines)

    def hint(self) -> str:
        seat = self.human_seat()
        g = self.game
        if seat is None:
            if g.phase is not Phase.OVER and not self.session.seat_is_human(g.current):
                return ai_turn_hint(self.app, self.name(g.current), RW)
            return ""
        if g.phase is Phase.PICK:
            return tr("skirmish.ui.pick_hint")
        uid = self.selected_unit()
        if uid is not None and uid in g.units:
            u = g.units[uid]
            return tr("skirmish.ui.unit_info", kind=tr("skirmish.unit." + u.type), hp=u.hp, max=u.max_hp,
                      mp=u.mp_left, attacks=u.attacks_left)
        if self.selection.chosen and self.selection.chosen[0][0] == "c":
            return tr("skirmish.ui.produce_hint")
        if A.END_TURN not in self.legal_now() and self.blocking_trespassers(seat):
            return tr("skirmish.ui.trespass_hint")
        return tr("skirmish.ui.select_hint")

    def preview(self, key: Hashable, actions: list) -> str | None:
        uid = self.selected_unit()
        if key[0] == "u" and uid is None:
            u = self.game.units.get(key[1])
            if u is not None:
                return self.unit_tooltip(u)
        if uid is None or key[0] != "h" or uid not in self.game.units:
            return None
        cr = (key[1], key[2])
        u = self.game.units[uid]
        for a in actions:
            if isinstance(a, A.Attack):
                return self.forecast_text(uid, cr)
            if isinstance(a, A.Move):
                reach = self.game.reachable(uid)
                left = reach.get(cr, 0)
                text = tr("skirmish.ui.move_cost", cost=u.mp_left - left, left=left)
                if self.game.board.index(cr) in self._zoc():
                    text += "\n" + tr("skirmish.ui.intercept")
                return text
        return None

    def forecast_text(self, uid: int, cr: tuple[int, int]) -> str:
        g = self.game
        f = g.forecast(uid, cr)
        h = g.board.index(cr)
        if g.occ[h] < 0:
            return tr("skirmish.ui.siege_strike")
        lines = [tr("skirmish.ui.fc_damage", dmg=f"{f['damage']:.1f}", kill=round(100 * f["kill"])),
                 tr("skirmish.ui.fc_void", void=round(100 * f["void"]), hit=round(100 * (1 - f["void"])))]
        if f["counter"] > 0:
            lines.append(tr("skirmish.ui.fc_counter", chance=round(100 * f["counter"]), dmg=f"{f['counter_damage']:.1f}"))
        else:
            lines.append(tr("skirmish.ui.fc_no_counter"))
        return "\n".join(lines)

    def unit_tooltip(self, u) -> str:
        g = self.game
        parts = [f"{tr('skirmish.unit.' + u.type)} · {self.name(u.faction)}",
                 tr("skirmish.ui.unit_line", hp=u.hp, max=u.max_hp, mp=u.mp_left)]
        for s in u.statuses():
            parts.append(tr(f"skirmish.status.{s}"))
        if u.suppression:
            parts.append(f"{tr('skirmish.status.suppression')} ×{u.suppression}")
        if g.board.neutral[u.hex]:
            parts.append(tr("skirmish.status.trespasser"))
        return "\n".join(parts)

    def _zoc(self) -> frozenset[int]:
        seat = self.human_seat()
        if seat is None:
            return frozenset()
        return intercept_zone(self.game, seat)

    # ---- drawing ---------------------------------------------------------------------------------
    def draw_board(self, canvas: pygame.Surface) -> None:
        self.tiled.draw(canvas, self.camera, self.time)
        self._draw_cities(canvas)
        self._draw_units(canvas)

    def city_tile(self, k: int) -> pygame.Surface | None:
        """The tileset's picture of city k: a neutral city, a capital (2 VP) or a city."""
        city = self.game.board.cities[k]
        marker = "neutral_city" if city.owner == NEUTRAL else "capital" if city.vp >= 2 else "city"
        gid = self.tiled.gid_where(marker=marker)
        info = self.tiled.tiles.get(gid) if gid is not None else None
        return info.image if info is not None else None

    def _draw_cities(self, canvas: pygame.Surface) -> None:
        g = self.game
        for k, city in enumerate(g.board.cities):
            x, y = self.to_canvas(g.board.coords[city.hex])
            tile = self.city_tile(k)
            if tile is not None:
                canvas.blit(tile, (x - tile.get_width() // 2, y + 14 - tile.get_height()))
            owner = g.city_owner[k]
            if owner >= 0:
                banner = self.sk.tinted("city_banner", self.colour(owner))
                canvas.blit(banner, (x + 3, y - 14))
                draw_marker(canvas, self.colour(owner), (x + 7, y - 16), 2)
            siege = g.city_siege[k]
            if owner != -2 and (siege or owner >= 0):
                for i in range(g.board.siege_rounds):
                    pip = self.sk["siege_full" if i < siege else "siege_empty"]
                    canvas.blit(pip, (x - 11 + 6 * i, y + 6))
            if siege >= g.board.siege_rounds:
                icon = self.sk["city_breached"]
                canvas.blit(icon, (x - 6, y - 15))
            if g.city_voucher[k] >= 0:
                canvas.blit(self.sk["status_voucher"], (x + 4, y + 4))

    def _draw_units(self, canvas: pygame.Surface) -> None:
        g = self.game
        acting = {k[1] for k in self.board_targets() if k[0] == "u"} if self.human_seat() is not None else set()
        for uid, u in g.units.items():
            cr = self.unit_cell(uid)
            if cr is None:
                continue
            x, y = self.to_canvas(cr)
            frame = f"unit_{u.type}"
            img = self.sk.tinted(frame, self.colour(u.faction))
            ax, ay = self.sk.anchor(frame)
            canvas.blit(img, (x - ax, y - ay + 2))
            draw_marker(canvas, self.colour(u.faction), (x - 8, y - 9), 2)
            hp = self.anim_hp.get(uid, u.hp)
            n = u.max_hp
            left = x - (5 * n - 1) // 2
            for i in range(n):
                canvas.blit(self.sk["hp_full" if i < hp else "hp_empty"], (left + 5 * i, y + 8))
            icons = [STATUS_ICON[s] for s in u.statuses()]
            if u.suppression:
                icons.append("status_suppression")
            if g.pool_of(uid) is not None:
                icons.append("status_formation")
            if g.board.neutral[u.hex]:
                icons.append("status_trespasser")
            if u.fresh:
                icons.append("status_fresh")
            for i, icon in enumerate(icons[:3]):
                canvas.blit(self.sk[icon], (x + 5, y - 12 + 7 * i))
            if uid in acting and not self.selection.chosen:
                tri = [(x - 3, y - 17), (x + 3, y - 17), (x, y - 14)]
                pygame.draw.polygon(canvas, theme.STRAW, tri)
                pygame.draw.polygon(canvas, theme.INK, tri, 1)

    def draw_targets(self, canvas: pygame.Surface) -> None:
        if self.human_seat() is None or self.picker_active():
            return
        targets = self.board_targets()
        uid = self.selected_unit()
        g = self.game
        if uid is not None and uid in g.units:
            u = g.units[uid]
            x, y = self.to_canvas(g.board.coords[u.hex])
            pygame.draw.polygon(canvas, theme.FOAM, [(x + px, y + py) for px, py in HEX_POLY], 2)
            reach = g.reachable(uid)
            zoc = self._zoc()
            text = self.app.text
            for key, action in targets.items():
                if key[0] != "h":
                    continue
                cr = (key[1], key[2])
                cx, cy = self.to_canvas(cr)
                if isinstance(action, A.Move):
                    canvas.blit(self._shade_hot if key == self.hover else self._shade, (cx - 12, cy - 14))
                    cost = u.mp_left - reach.get(cr, 0)
                    text.draw(canvas, str(cost), (cx, cy - 8), theme.INK, "centre", shadow=theme.FOAM)
                    if g.board.index(cr) in zoc:
                        pygame.draw.polygon(canvas, theme.RED, [(cx + px, cy + py) for px, py in HEX_POLY], 1)
                        text.draw(canvas, "!", (cx + 7, cy - 14), theme.RED)
                else:
                    pygame.draw.polygon(canvas, theme.RED, [(cx + px, cy + py) for px, py in HEX_POLY],
                                        3 if key == self.hover else 2)
            if self.hover and self.hover[0] == "h" and isinstance(targets.get(self.hover), A.Move):
                path = g.path(uid, (self.hover[1], self.hover[2]))
                pts = [self.to_canvas(p) for p in path]
                if len(pts) > 1:
                    pygame.draw.lines(canvas, theme.INK, False, pts, 3)
                    pygame.draw.lines(canvas, theme.FOAM, False, pts, 1)
            return
        for key in targets:
            if key[0] == "c":
                cx, cy = self.to_canvas((key[1], key[2]))
                pygame.draw.polygon(canvas, theme.LEAF, [(cx + px, cy + py) for px, py in HEX_POLY],
                                    2 if key == self.hover else 1)

    def draw(self, canvas: pygame.Surface) -> None:
        super().draw(canvas)
        if self.handoff_pending() is not None:
            return
        if self.picker_active():
            self.picker.draw(canvas)

    def hud_tooltip(self, pos: tuple[int, int]) -> tuple[pygame.Rect, str] | None:
        """A player panel's figures in words (not while the skills are picked)."""
        if self.picker_active() or self.board_view.collidepoint(pos):
            return None
        return self.panel_tip_at(pos)

    def handle(self, event: pygame.event.Event) -> None:
        if self.picker_active() and self.handoff_pending() is None and not self.timeline.busy:
            if self.picker.handle(event):
                return
        super().handle(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        self._open_if_played()
