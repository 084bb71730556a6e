"""The Domiplotism game screen (issue 14, spec section 22), on the board-scene layer.

`BoardScene` runs the session, turns, AI, hand-offs, animations, undo, autosave, log and toast.
This screen adds what is Domiplotism's own: the Nine Provinces map from its Tiled file through
the shared camera (768x512 world pixels in a 336x196 view), regions tinted by owner and striped
for alliances, the battle panel (one row per pile, live totals that count only what the viewer
sees), the viewing human's hand with its buttons, the decision panel (join, support answer,
authorization, proposal, vote, pickers) and one presenter per Domiplotism event.

Secrecy (H-2, H-3): everything drawn comes from `self.shown`, the view of the seat on screen
(the public view between two humans, behind the pass-the-device screen); other hands and
face-down cards are card backs. No method here reads `session.state` for anything hidden.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.core.i18n import catalogue, language, tr
from game.domiplot import actions as A
from game.domiplot.regions import distances, solo_regions
from game.domiplot.state import DomiplotView, Phase
from scenes import theme
from scenes.board.geometry import RegionGeometry
from scenes.board.hud import ButtonSpec
from scenes.board.scene import BoardScene
from scenes.domiplot.art import CardArt, kind_name, owner_overlay, region_cells, region_edges
from scenes.domiplot.battle_panel import BattlePanel
from scenes.domiplot.decisions import Decisions
from scenes.domiplot.labels import LABEL_MARGIN, fit_label, region_bounds, wrap_name
from scenes.domiplot.layout import (
    BAR_Y, CARD_H, CARD_W, CELL, DECK_POS, HAND, MAP_VIEW, PANEL_H, PANEL_W, battle_rect, panel_height,
    panels_top,
)
from scenes.domiplot.presenters import PRESENTERS, Presenters
from scenes.domiplot.prompt import Prompt
from scenes.drawing import fit
from scenes.widgets import Button
from sprites.anim import Group
from sprites.tweens import CardSlide

# A region name's ink outline (the four sides and the shadow corner): the name stays readable
# where the map's terrain art (bushes, forts) runs under it.
OUTLINE = ((-1, 0), (1, 0), (0, -1), (0, 1), (1, 1))


def _name_in(lang: str, key: str) -> str:
    return catalogue(lang).get(key, key)


class DomiplotScene(Decisions, BattlePanel, Presenters, BoardScene):
    """Play Domiplotism: see the module docstring."""

    ruleset_id = "domiplot"
    board_view = MAP_VIEW
    log_rect = pygame.Rect(0, 279, 336, 81)
    panel_size = (PANEL_W, PANEL_H)
    shown: DomiplotView
    presenters = PRESENTERS

    def __init__(self, app, session) -> None:
        self.cards = CardArt()
        self.selected: int | None = None          # the hand card chosen for Place/Support
        self.discards: set[int] = set()           # join: cards chosen to pay the distance
        self.prompt: Prompt | None = None
        self.picker: Prompt | None = None         # a transient choice (support target, gong...)
        self._overlay: pygame.Surface | None = None
        self._overlay_key: Any = None
        self._labels: dict[tuple[int, str], pygame.Surface] = {}
        self._spots_key: Any = None
        self._spots: dict[int, tuple[int, int]] = {}
        super().__init__(app, session)
        grid = self.tiled.property_grid("regions", "region_id")
        self.geo = RegionGeometry(grid, CELL, CELL)
        self.cells = region_cells(grid)
        self.bounds = {rid: region_bounds(cells, CELL) for rid, cells in self.cells.items()}
        self.edges = region_edges(grid, CELL)
        view = self.shown
        self.board = view.board
        centre = view.board.regions[view.target].label if view.target else (self.world_size()[0] / 2, self.world_size()[1] / 2)
        self.camera.centre_on(centre)
        if not session.actions:
            self.deal()

    def deal(self) -> None:
        """S-3: the opening deal, card backs flying from the deck to every seat in turn."""
        n = len(self.session.names)
        anims = [CardSlide(self.cards.back, DECK_POS, self._panel_centre((self.shown.eldest + i) % n), delay=0.05 * i)
                 for i in range(n * 3)]
        self.timeline.add(Group(anims, sound="click"))

    # ---- seats and layout -----------------------------------------------------------------
    @property
    def battle(self) -> pygame.Rect:
        """The battle panel (shorter with seven and eight seats: see layout.py)."""
        return battle_rect(len(self.session.names))

    @property
    def panel_name_top(self) -> int:  # type: ignore[override]
        # 41 px panels: the name one row higher, so a Chinese status below it keeps a gap
        return 5 if len(self.session.names) <= 6 else 4

    def panel_rect(self, seat: int) -> pygame.Rect:
        n = len(self.session.names)
        h = panel_height(n)
        return pygame.Rect(338 + (seat % 2) * (PANEL_W + 2), panels_top(n) + (seat // 2) * h, PANEL_W, h)

    def panel_active(self, seat: int) -> bool:
        return self.shown.phase is not Phase.OVER and self.shown.actor == seat

    def zooms(self) -> tuple[int, ...]:
        return (1, 2)

    def hand_rects(self) -> list[tuple[int, pygame.Rect]]:
        """(card, rect) of the viewer's hand, left to right (overlapping when it is long)."""
        hand = self.shown.hand or ()
        if not hand:
            return []
        step = min(CARD_W + 2, (HAND.width - CARD_W) // max(1, len(hand) - 1)) if len(hand) > 1 else 0
        out = []
        for i, card in enumerate(hand):
            lift = 5 if card == self.selected or card in self.discards else 0
            out.append((card, pygame.Rect(HAND.x + i * step, HAND.y + 2 - lift, CARD_W, CARD_H)))
        return out

    def my_seat(self) -> int | None:
        """The human acting now (their view is the one shown), or None."""
        return self.human_seat()

    # ---- names ----------------------------------------------------------------------------
    def region_name(self, region: int, lang: str | None = None) -> str:
        r = self.board.regions[region]
        return r.name_zh if (lang or language()) == "zh" else r.name_en

    def region_both(self, region: int) -> str:
        r = self.board.regions[region]
        return f"{r.name_en} {r.name_zh}" if language() != "zh" else f"{r.name_zh} {r.name_en}"

    def card_name(self, card: int | None) -> str:
        if card is None:
            return tr("dp.hidden_card")
        return tr(f"domiplot.card.{kind_name(card)}")

    def card_tooltip(self, card: int | None) -> str:
        """Name in both languages and what the card does (section 22: bilingual tooltips)."""
        if card is None:
            return tr("dp.hidden_card_help")
        kind = kind_name(card)
        other = "en" if language() == "zh" else "zh"
        return (f"{tr('domiplot.card.' + kind)} / {_name_in(other, 'domiplot.card.' + kind)}\n"
                + tr(f"dp.card_help.{kind}"))

    # ---- map ------------------------------------------------------------------------------
    def pick(self, canvas_pos: tuple[int, int]):
        """The legal region under the pointer (regions are areas, not points)."""
        if self.prompt is not None or self.picker is not None or not self.camera.view.collidepoint(canvas_pos):
            return None
        rid = self.geo.pick(self.camera.to_world(canvas_pos))
        key = ("r", rid)
        return key if rid is not None and key in self.board_targets() else None

    def board_steps(self, action) -> tuple | None:
        if isinstance(action, (A.PlaceMarker, A.ChooseTarget)):
            return (("r", action.region),)
        return None

    def region_under(self, canvas_pos: tuple[int, int]) -> int | None:
        if not self.camera.view.collidepoint(canvas_pos):
            return None
        rid = self.geo.pick(self.camera.to_world(canvas_pos))
        return rid if rid is not None and self.shown.active.is_active[rid] else None

    def viewer_distances(self) -> tuple[int, ...] | None:
        """M-3 distances of the seat on screen to every region (None: public view)."""
        seat = self.shown.seat
        if seat is None:
            return None
        return distances(self.shown.owners, self.shown.active, seat)

    def draw_board(self, canvas: pygame.Surface) -> None:
        self.tiled.draw(canvas, self.camera, self.time)
        view = self.shown
        key = (view.owners, tuple(self.session.colours))
        if key != self._overlay_key:
            self._overlay = owner_overlay(self.world_size(), self.cells, self.edges, CELL, view.owners,
                                          view.active.is_active, list(self.session.colours))
            self._overlay_key = key
        cam = self.camera
        if cam.zoom == 1:
            canvas.blit(self._overlay, cam.to_canvas((0, 0)))
        else:
            area = cam.visible_world().clip(self._overlay.get_rect())
            if area.width > 0 and area.height > 0:
                part = pygame.transform.scale_by(self._overlay.subsurface(area), cam.zoom)
                canvas.blit(part, cam.to_canvas(area.topleft))
        if view.target is not None:
            self._outline(canvas, view.target, theme.RED, 2)
        for rid in view.active.ids:
            self._draw_label(canvas, rid)

    def _outline(self, canvas: pygame.Surface, rid: int, colour, width: int) -> None:
        for a, b in self.edges.get(rid, ()):
            pygame.draw.line(canvas, colour, self.camera.to_canvas(a), self.camera.to_canvas(b), width)

    def _label_plate(self, rid: int) -> pygame.Surface:
        """The region's name in the current language over its name in the other one (M-4:
        bilingual names), light on an ink shadow, each wrapped to the region's width so
        neighbouring names never run together; made once per language."""
        lang = language()
        key = (rid, lang)
        if key not in self._labels:
            other = "en" if lang == "zh" else "zh"
            max_w = self.bounds[rid].width - LABEL_MARGIN
            width = (lambda t: self.app.text.size(t)[0])
            lines = [(line, colour) for name, colour in ((self.region_name(rid, lang), theme.PARCHMENT),
                                                         (self.region_name(rid, other), theme.STRAW))
                     for line in wrap_name(name, width, max_w)]
            imgs = [(self.app.text.render(t, c), self.app.text.render(t, theme.INK)) for t, c in lines]
            w = max(img.get_width() for img, _ in imgs) + 2
            plate = pygame.Surface((w, 16 * len(imgs) + 2), pygame.SRCALPHA)
            for i, (img, ink) in enumerate(imgs):
                x = (w - 2 - img.get_width()) // 2 + 1
                for dx, dy in OUTLINE:
                    plate.blit(ink, (x + dx, 16 * i + 1 + dy))
                plate.blit(img, (x, 16 * i + 1))
            self._labels[key] = plate
        return self._labels[key]

    def _label_box(self, rid: int) -> pygame.Rect:
        """The label's extent around its point (see `_draw_label`): the terrain icon from
        27 px above (the tally marker, when here, from 32 px above and 25 px to the right;
        the distance badge, while choosing a target, from 33 px above, ending 9 px left of the
        point), the names from 16 px above, the owners' flags 11 px under the names."""
        plate, owners = self._label_plate(rid), self.shown.owners[rid]
        wide = max(plate.get_width(), 10 * len(owners))
        marker = self.shown.marker == rid
        badge = self.shown.phase is Phase.CHOOSE_TARGET
        top = -33 if badge else -32 if marker else -27
        left = min(-(wide // 2), -9 - self.app.text.size(tr("dp.distance_badge", n=9))[0] if badge else 0)
        right = max(wide - wide // 2, 25 if marker else 0)
        bottom = -16 + plate.get_height() + (11 if owners else 0)
        return pygame.Rect(left, top, right - left, bottom - top)

    def label_spots(self) -> dict[int, tuple[int, int]]:
        """Where each region's label is drawn this frame (canvas pixels): its map point, slid
        to stay whole inside the view and its region. Left out: a region showing too little of
        itself, and a slid label that would cover one already placed (unmoved ones go first)."""
        cam = self.camera
        key = (cam.x, cam.y, cam.zoom, language(), self.shown.owners, self.shown.marker, self.shown.phase)
        if key == self._spots_key:
            return self._spots
        found = []
        for rid in self.shown.active.ids:
            b, box = self.bounds[rid], self._label_box(rid)
            left, top = cam.to_canvas(b.topleft)
            right, bottom = cam.to_canvas(b.bottomright)
            point = cam.to_canvas(self.board.regions[rid].label)
            spot = fit_label(point, box, pygame.Rect(left, top, right - left, bottom - top), cam.view)
            if spot is not None:
                found.append((spot != point, rid, spot, box.move(spot)))
        taken: list[pygame.Rect] = []
        spots: dict[int, tuple[int, int]] = {}
        for _moved, rid, spot, rect in sorted(found):
            if rect.collidelist(taken) < 0:
                taken.append(rect.inflate(4, 0))
                spots[rid] = spot
        self._spots_key, self._spots = key, spots
        return spots

    def _draw_label(self, canvas: pygame.Surface, rid: int) -> None:
        """Terrain icon, both names, the owners' flags and the tally marker at the label point."""
        spot = self.label_spots().get(rid)
        if spot is None:
            return
        x, y = spot
        view, region = self.shown, self.board.regions[rid]
        label = self._label_plate(rid)
        icon = self.cards.icon(region.terrain)
        canvas.blit(icon, (x - icon.get_width() // 2, y - 27))
        canvas.blit(label, (x - label.get_width() // 2, y - 16))
        owners = view.owners[rid]
        fx = x - (len(owners) * 10) // 2
        for s in owners:
            canvas.blit(self.cards.flag(self.colour(s)), (fx, y - 16 + label.get_height() + 1))
            fx += 10
        if view.marker == rid:
            canvas.blit(self.cards.marker, (x + 9, y - 32))

    def draw_targets(self, canvas: pygame.Surface) -> None:
        targets = self.board_targets()
        if not targets:
            return
        dist = self.viewer_distances() if self.shown.phase is Phase.CHOOSE_TARGET else None
        for key in targets:
            rid = key[1]
            hot = key == self.hover
            self._outline(canvas, rid, theme.FOAM if hot else theme.STRAW, 3 if hot else 2)
            spot = self.label_spots().get(rid) if dist is not None else None
            if dist is not None and spot is not None:
                x, y = spot
                badge = tr("dp.distance_badge", n=dist[rid])
                self.app.text.draw(canvas, badge, (x - 9, y - 33), theme.STRAW, "right", shadow=theme.INK)

    # ---- widgets -------------------------------------------------------------------------
    def build_widgets(self) -> None:
        specs = [
            ButtonSpec(lambda: tr("dp.place"), lambda: self.place(False), hotkey=pygame.K_p,
                       enabled=lambda: bool(self.place_options(False)),
                       tooltip=lambda: self.place_forecast(tr("dp.place_tip"))),
            ButtonSpec(lambda: tr("dp.face_down"), lambda: self.place(True), hotkey=pygame.K_f,
                       enabled=lambda: bool(self.place_options(True)),
                       tooltip=lambda: self.place_forecast(tr("dp.face_down_tip"))),
            ButtonSpec(lambda: tr("dp.support"), self.open_support, hotkey=pygame.K_s,
                       enabled=lambda: bool(self.support_options()),
                       tooltip=lambda: tr("dp.support_tip")),
            ButtonSpec(lambda: tr("dp.pass"), lambda: self.act(A.PASS), hotkey=pygame.K_x,
                       enabled=lambda: A.PASS in self.legal_now(), tooltip=lambda: tr("dp.pass_tip")),
            ButtonSpec(lambda: tr("game.undo"), self.undo, icon="undo", enabled=self.can_undo, hotkey=pygame.K_u),
        ]
        self._bar(specs)

    def _bar(self, specs: list[ButtonSpec]) -> None:
        """The hand's buttons in one row above the cards (the shared action bar stacks them)."""
        x = 2
        for spec in specs:
            w = 66
            self.widgets.add(Button((x, BAR_Y, w, 20), spec.text, spec.on_click, icon=spec.icon,
                                    enabled=spec.enabled, hotkey=spec.hotkey, tooltip=spec.tooltip))
            x += w + 1

    # ---- input -------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if self.handoff_pending() is not None:     # nothing half-chosen survives a hand-off
            self.selected, self.picker = None, None
            self.discards.clear()
        free = self.handoff_pending() is None and not self.timeline.busy
        if free and not (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            panel = self.picker or self.decision_prompt()
            if panel is not None and panel.handle(event):
                return
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.hand_click(event.pos):
                return
        super().handle(event)

    def hand_click(self, pos: tuple[int, int]) -> bool:
        """Choose a hand card (battle) or toggle a join discard; True when a card was hit."""
        seat = self.my_seat()
        if seat is None:
            return False
        for card, rect in reversed(self.hand_rects()):
            if rect.collidepoint(pos):
                if self.shown.phase is Phase.JOIN:
                    if card in self.discards:
                        self.discards.discard(card)
                    elif len(self.discards) < self.join_distance(seat):
                        self.discards.add(card)
                elif self.shown.phase is Phase.BATTLE:
                    self.selected = None if self.selected == card else card
                    self.picker = None
                self.app.sounds.play("click")
                return True
        return False

    # ---- top bar, hint and panels -------------------------------------------------------------
    def top_bar(self) -> tuple[str, str, int | None]:
        view = self.shown
        left = tr("dp.top_left", round=view.round, rounds=view.options.get("max_rounds", 0))
        if view.phase is Phase.OVER:
            return left, "", None
        return left, self.hint() or self.status_line(), view.actor if view.actor >= 0 else None

    def status_line(self) -> str:
        """Who must do what now (shown when no human of this screen is to act)."""
        view = self.shown
        if view.actor < 0:
            return ""
        return tr(f"dp.doing.{view.phase.value}", name=self.name(view.actor))

    def hint(self) -> str:
        seat = self.my_seat()
        if seat is None:
            return ""
        phase = self.shown.phase
        if phase is Phase.BATTLE:
            return tr("dp.hint.battle_card" if self.selected is not None else "dp.hint.battle")
        return tr(f"dp.hint.{phase.value}")

    def draw_panel_body(self, canvas: pygame.Surface, seat: int, rect: pygame.Rect) -> None:
        view, text = self.shown, self.app.text
        y = rect.y + self.panel_name_top + 17   # clear of a Chinese name's 16 rows, one row between
        x = rect.x + 13
        canvas.blit(self.cards.scaled("back", (8, 11)), (x, y + 3))
        x = text.draw(canvas, str(view.hand_sizes[seat]), (x + 10, y), theme.INK).right + 4
        canvas.blit(self.cards.flag(self.colour(seat)), (x, y + 3))
        solo = len(solo_regions(view.owners, view.active, seat))
        flags = sum(1 for r in view.active.ids if seat in view.owners[r])
        x = text.draw(canvas, f"{solo}/{flags}", (x + 10, y), theme.INK).right + 4
        status = self.seat_status(seat)
        if status:
            text.draw(canvas, fit(self.app, status, rect.right - 6 - x), (x, y), theme.DUSK)

    def seat_status(self, seat: int, in_row: bool = False) -> str:
        """A short word for a seat's part in the round (surrendered, joined, passed...)."""
        view = self.shown
        if view.surrendered[seat]:
            return tr("dp.st.surrendered")
        if view.participant and view.participant[seat]:
            if view.allegiance and view.allegiance[seat] != seat:
                return "→" + self.name(view.allegiance[seat])
            if view.passed and view.passed[seat]:
                return tr("dp.st.passed")
            if view.hand_sizes[seat] == 0:
                return tr("dp.st.out")
            return tr("dp.st.fighting") if in_row else ""
        if view.phase is Phase.JOIN and seat in view.join_order[view.join_index:]:
            return tr("dp.st.deciding")
        if view.chooser == seat and view.phase in (Phase.PROTECT, Phase.CHOOSE_TARGET):
            return tr("dp.st.chooser")
        return ""

    # ---- drawing ---------------------------------------------------------------------------------
    def draw_hud(self, canvas: pygame.Surface) -> None:
        super().draw_hud(canvas)
        self.draw_piles_count(canvas)
        self.draw_battle(canvas)
        self.draw_hand(canvas)

    def draw_piles_count(self, canvas: pygame.Surface) -> None:
        """Deck and discard sizes at the right of the top bar (H-1: public counts)."""
        view, text = self.shown, self.app.text
        x = theme.CANVAS_W - 32
        for frame, n in (("card_blank_tactic", len(view.discard)), ("back", view.deck_count)):
            r = text.draw(canvas, str(n), (x, 2), theme.PARCHMENT, "right")
            x = r.x - 10
            canvas.blit(self.cards.scaled(frame, (8, 12)), (x, 4))
            x -= 6

    def draw_hand(self, canvas: pygame.Surface) -> None:
        rects = self.hand_rects()
        text = self.app.text
        if not rects:
            if self.shown.seat is None and self.session.state.result() is None:
                text.draw(canvas, tr("dp.hand_hidden"), (HAND.x + 4, HAND.y + 10), theme.PARCHMENT, shadow=theme.INK)
            return
        for card, rect in rects:
            canvas.blit(self.cards.face(card), rect.topleft)
            if card == self.selected:
                pygame.draw.rect(canvas, theme.STRAW, rect.inflate(2, 2), 1)
            if card in self.discards:
                pygame.draw.line(canvas, theme.RED, rect.topleft, rect.bottomright, 2)

    def draw(self, canvas: pygame.Surface) -> None:
        super().draw(canvas)
        if self.handoff_pending() is not None:
            return
        if not self.timeline.busy:
            panel = self.picker or self.decision_prompt()
            if panel is not None:
                panel.draw(canvas)
                if not self.covered:
                    self._hand_tooltip(canvas)     # hand cards still say what they are
                return
        if not self.covered:
            self.hover_tooltips(canvas)

    def _hand_tooltip(self, canvas: pygame.Surface) -> bool:
        pos = self.app.mouse
        for card, rect in reversed(self.hand_rects()):
            if rect.collidepoint(pos):
                self.app.draw_tooltip(canvas, self.card_tooltip(card), rect)
                return True
        return False

    def hover_tooltips(self, canvas: pygame.Surface) -> None:
        """Tooltips: hand cards, pile cards and totals, regions."""
        pos = self.app.mouse
        if self._hand_tooltip(canvas):
            return
        for seat, rect in self.row_rects():
            if not rect.collidepoint(pos):
                continue
            if pos[0] >= rect.right - 40:
                self.app.draw_tooltip(canvas, self.total_tooltip(seat), rect)
                return
            step = self._card_step(seat, rect)
            i = (pos[0] - rect.x - 74) // step if pos[0] >= rect.x + 74 else -1
            pile = self.shown.piles[seat]
            if 0 <= i < len(pile):
                card, placer, _ = pile[i]
                tip = self.card_tooltip(card) + "\n" + tr("dp.placed_by", name=self.name(placer))
                self.app.draw_tooltip(canvas, tip, pygame.Rect(rect.x + 74 + i * step, rect.y, CARD_W, rect.height))
            return
        rid = self.region_under(pos)
        if rid is not None and self.picker is None:
            self.app.draw_tooltip(canvas, self.region_tooltip(rid), pygame.Rect(pos[0] - 4, pos[1] - 4, 8, 8),
                                  self.camera.view)

    def region_tooltip(self, rid: int) -> str:
        view = self.shown
        name, terrain = self.region_both(rid), tr(f"domiplot.terrain.{self.board.terrain(rid)}")
        joined = name + " · " + terrain     # one line where it fits; else the terrain on its own
        lines = [joined] if len(self.app.text.wrap(joined, theme.TOOLTIP_W)) == 1 else [name, terrain]
        owners = view.owners[rid]
        if owners:
            key = "dp.region_alliance" if len(owners) > 1 else "dp.region_owner"
            lines.append(tr(key, names=", ".join(self.name(s) for s in owners)))
        else:
            lines.append(tr("dp.region_unowned"))
        dist = self.viewer_distances()
        if dist is not None:
            lines.append(tr("dp.region_distance", n=dist[rid]))
        if view.marker == rid:
            lines.append(tr("dp.region_protected"))
        return "\n".join(lines)

    # ---- results -------------------------------------------------------------------------------
    def _queue_game_over(self) -> None:
        self.session.score_history = self.round_history()
        super()._queue_game_over()

    def round_history(self) -> list[tuple[int, ...]]:
        """Solo regions per seat after each round (the results chart), replayed from the
        setup and the recorded actions, so a resumed game has its whole history too."""
        from game import rulesets
        state = rulesets.get(self.ruleset_id).new_game(self.session.setup)
        history: list[tuple[int, ...]] = []
        last_round = state.round
        for seat, action in self.session.actions:
            state.apply(seat, action)
            if state.round != last_round:
                history.append(tuple(state.solo_counts()))
                last_round = state.round
        history.append(tuple(state.solo_counts()))
        return history

