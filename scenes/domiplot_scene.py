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
from game.domiplot import events as E
from game.domiplot.constants import CARD_KIND, IS_PILE_CARD, IS_SCORE, TERRAIN_BONUS
from game.domiplot.regions import distances, solo_regions
from game.domiplot.scoring import effective_terrain, pile_terms
from game.domiplot.state import DomiplotView, Phase
from game.domiplot.constants import CARD_TERRAIN
from scenes import theme
from scenes.board.geometry import RegionGeometry
from scenes.board.hud import ButtonSpec
from scenes.board.presenter import Beat
from scenes.board.scene import BoardScene
from scenes.board.seats import draw_marker, seat_colour
from scenes.domiplot.art import CardArt, kind_name, owner_overlay, region_cells, region_edges, seat_badge
from scenes.domiplot.prompt import Prompt
from scenes.drawing import fit
from sprites.anim import FloatText, Group, Ring, Wait
from sprites.tweens import CardFlip, CardSlide

CELL = 16                                        # the regions layer's tile size
MAP_VIEW = pygame.Rect(0, 21, 336, 196)
BATTLE = pygame.Rect(338, 21, 302, 196)
BAR_Y = 219                                      # the hand's buttons
HAND = pygame.Rect(2, 241, 334, 36)              # the hand's cards
CARD_W, CARD_H = 24, 34
PANEL_W, PANEL_H = 150, 35
DECK_POS = (300, 10)                             # where draws come from (the top bar's counts)
DECISIONS = (Phase.JOIN, Phase.AUTHORIZE, Phase.SUPPORT, Phase.PROPOSE, Phase.VOTE)


def _name_in(lang: str, key: str) -> str:
    return catalogue(lang).get(key, key)


class DomiplotScene(BoardScene):
    """Play Domiplotism: see the module docstring."""

    ruleset_id = "domiplot"
    board_view = MAP_VIEW
    log_rect = pygame.Rect(0, 279, 336, 81)
    panel_size = (PANEL_W, PANEL_H)
    shown: DomiplotView

    def __init__(self, app, session) -> None:
        self.cards = CardArt()
        self.selected: int | None = None          # the hand card chosen for Place/Support
        self.discards: set[int] = set()           # join: cards chosen to pay the distance
        self.prompt: Prompt | None = None
        self.picker: Prompt | None = None         # a transient choice (support target, gong...)
        self.shown_totals: dict[int, int] = {}    # score count-up: seat -> total shown
        self._overlay: pygame.Surface | None = None
        self._overlay_key: Any = None
        self._labels: dict[tuple[int, str], pygame.Surface] = {}
        super().__init__(app, session)
        grid = self.tiled.property_grid("regions", "region_id")
        self.geo = RegionGeometry(grid, CELL, CELL)
        self.cells = region_cells(grid)
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
    def panel_rect(self, seat: int) -> pygame.Rect:
        return pygame.Rect(338 + (seat % 2) * (PANEL_W + 2), BAR_Y + (seat // 2) * PANEL_H, PANEL_W, PANEL_H)

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

    def _draw_label(self, canvas: pygame.Surface, rid: int) -> None:
        view, region = self.shown, self.board.regions[rid]
        x, y = self.camera.to_canvas(region.label)
        lang = language()
        key = (rid, lang)
        if key not in self._labels:
            img = self.app.text.render(self.region_name(rid), theme.PARCHMENT)
            plate = pygame.Surface((img.get_width() + 2, img.get_height() + 1), pygame.SRCALPHA)
            plate.blit(self.app.text.render(self.region_name(rid), theme.INK), (1, 1))
            plate.blit(img, (0, 0))
            self._labels[key] = plate
        label = self._labels[key]
        icon = self.cards.icon(region.terrain)
        canvas.blit(icon, (x - icon.get_width() // 2, y - 22))
        canvas.blit(label, (x - label.get_width() // 2, y - 12))
        owners = view.owners[rid]
        fx = x - (len(owners) * 10) // 2
        for s in owners:
            canvas.blit(self.cards.flag(self.colour(s)), (fx, y + 5))
            fx += 10
        if view.marker == rid:
            m = self.cards.marker
            canvas.blit(m, (x + label.get_width() // 2 - 4, y - 26))

    def draw_targets(self, canvas: pygame.Surface) -> None:
        targets = self.board_targets()
        if not targets:
            return
        dist = self.viewer_distances() if self.shown.phase is Phase.CHOOSE_TARGET else None
        for key in targets:
            rid = key[1]
            hot = key == self.hover
            self._outline(canvas, rid, theme.STRAW, 2 if hot else 1)
            if dist is not None:
                x, y = self.camera.to_canvas(self.board.regions[rid].label)
                badge = tr("dp.distance_badge", n=dist[rid])
                r = self.app.text.draw(canvas, badge, (x, y + 14), theme.STRAW, "centre", shadow=theme.INK)
                del r

    # ---- widgets -------------------------------------------------------------------------
    def build_widgets(self) -> None:
        specs = [
            ButtonSpec(lambda: tr("dp.place"), lambda: self.place(False), hotkey=pygame.K_p,
                       enabled=lambda: bool(self.place_options(False)),
                       tooltip=lambda: tr("dp.place_tip")),
            ButtonSpec(lambda: tr("dp.face_down"), lambda: self.place(True), hotkey=pygame.K_f,
                       enabled=lambda: bool(self.place_options(True)),
                       tooltip=lambda: tr("dp.face_down_tip")),
            ButtonSpec(lambda: tr("dp.support"), self.open_support, hotkey=pygame.K_s,
                       enabled=lambda: bool(self.support_options()),
                       tooltip=lambda: tr("dp.support_tip")),
            ButtonSpec(lambda: tr("dp.pass"), lambda: self.act(A.PASS), hotkey=pygame.K_x,
                       enabled=lambda: A.PASS in self.legal_now(), tooltip=lambda: tr("dp.pass_tip")),
            ButtonSpec(lambda: tr("game.undo"), self.undo, icon="undo", enabled=self.can_undo, hotkey=pygame.K_u),
        ]
        self._bar(specs)

    def _bar(self, specs: list[ButtonSpec]) -> None:
        from scenes.widgets import Button
        x = 2
        for spec in specs:
            w = 66
            self.widgets.add(Button((x, BAR_Y, w, 20), spec.text, spec.on_click, icon=spec.icon,
                                    enabled=spec.enabled, hotkey=spec.hotkey, tooltip=spec.tooltip))
            x += w + 1

    # ---- choosing cards --------------------------------------------------------------------
    def _in_battle(self) -> bool:
        return self.shown.phase is Phase.BATTLE and self.my_seat() is not None

    def place_options(self, face_down: bool) -> list[A.Place]:
        """Legal placements of the selected card into the player's own pile (or its slot)."""
        seat, card = self.my_seat(), self.selected
        if seat is None or card is None:
            return []
        pile = seat if IS_PILE_CARD[CARD_KIND[card]] else None
        return [a for a in self.legal_now() if isinstance(a, A.Place) and a.card == card
                and a.pile == pile and a.face_down == face_down]

    def support_options(self) -> list[A.Place]:
        seat, card = self.my_seat(), self.selected
        if seat is None or card is None:
            return []
        return [a for a in self.legal_now() if isinstance(a, A.Place) and a.card == card
                and a.pile is not None and a.pile != seat]

    def place(self, face_down: bool) -> None:
        self.commit_place(self.place_options(face_down))

    def commit_place(self, options: list[A.Place]) -> None:
        """One option: play it; several (gong / recall targets): ask which."""
        if not options:
            return
        if len(options) == 1:
            self.picker = None
            self.act(options[0])
            return
        buttons = []
        for a in options:
            target = a.gong_target if a.gong_target is not None else a.recall_target
            if target is None:
                text = (lambda: tr("dp.no_target"))
            else:
                text = (lambda t=target: tr("dp.take_back", card=self.card_name(self._table_card(t))))
            buttons.append((text, (lambda a=a: self._pick_done(a)), None))
        buttons.append((lambda: tr("dp.cancel"), self._close_picker, None))
        kind = "gong" if any(a.gong_target is not None for a in options) else "recall"
        self.picker = Prompt(self.app, MAP_VIEW, ("pick", kind), lambda k=kind: tr(f"dp.pick_{k}"),
                             lambda k=kind: [tr(f"dp.pick_{k}_help")], buttons,
                             card=self.cards.face(options[0].card))

    def _table_card(self, card: int) -> int | None:
        """A card id on the table as the viewer may name it (their own face-down ones too)."""
        return card if card >= 0 else None

    def _pick_done(self, action: A.Place) -> None:
        self.picker = None
        self.act(action)

    def _close_picker(self) -> None:
        self.picker = None

    def open_support(self) -> None:
        options = self.support_options()
        if not options:
            return
        groups: dict[tuple[int, bool], list[A.Place]] = {}
        for a in options:
            groups.setdefault((a.pile, a.face_down), []).append(a)
        buttons = []
        for (pile, fd), opts in sorted(groups.items()):
            key = "dp.support_face_down" if fd else "dp.support_to"
            buttons.append(((lambda k=key, p=pile: tr(k, name=self.name(p))),
                            (lambda o=opts: self.commit_place(o)), None))
        buttons.append((lambda: tr("dp.cancel"), self._close_picker, None))
        self.picker = Prompt(self.app, MAP_VIEW, ("pick", "support"), lambda: tr("dp.support_title"),
                             lambda: [tr("dp.support_help")], buttons, card=self.cards.face(self.selected))

    def after_apply(self, seat: int, action, events: list) -> None:
        self.selected = None
        self.discards.clear()
        self.picker = None
        self.prompt = None

    def cancel(self) -> bool:
        if self.picker is not None:
            self.picker = None
            return True
        if self.selected is not None or self.discards:
            self.selected = None
            self.discards.clear()
            return True
        return super().cancel()

    # ---- the decision panel ---------------------------------------------------------------------
    def decision_prompt(self) -> Prompt | None:
        """The panel for the viewing human's pending decision (join, answer, vote...)."""
        seat = self.my_seat()
        view = self.shown
        if seat is None or view.phase not in DECISIONS:
            self.prompt = None
            return None
        key = (view.phase, seat, len(self.session.actions))
        if self.prompt is not None and self.prompt.key == key:
            return self.prompt
        legal = self.legal_now()
        make = {Phase.JOIN: self._join_prompt, Phase.AUTHORIZE: self._auth_prompt,
                Phase.SUPPORT: self._support_prompt, Phase.PROPOSE: self._propose_prompt,
                Phase.VOTE: self._vote_prompt}[view.phase]
        self.prompt = make(key, seat, legal)
        return self.prompt

    def join_distance(self, seat: int) -> int:
        view = self.shown
        return distances(view.owners, view.active, seat)[view.target] if view.target else 0

    def join_options(self) -> list[A.Join]:
        """Legal joins whose discards are exactly the hand cards chosen (kinds)."""
        kinds = tuple(sorted(kind_name(c) for c in self.discards))
        return [a for a in self.legal_now() if isinstance(a, A.Join) and tuple(sorted(a.discards)) == kinds]

    def _join_prompt(self, key, seat: int, legal: list) -> Prompt:
        view = self.shown
        dist = self.join_distance(seat)
        sponsors = sorted({a.sponsor for a in legal if isinstance(a, A.Join) and a.sponsor is not None})
        lines = lambda: [tr("dp.join_target", region=self.region_both(view.target),
                            mode=tr(f"domiplot.mode.{view.mode}")),
                         tr("dp.join_cost", n=dist),
                         tr("dp.join_chosen", n=len(self.discards), need=dist) if dist else tr("dp.join_free")]
        buttons = []
        if sponsors:
            for s in sponsors:
                buttons.append(((lambda s=s: tr("dp.join_ask", name=self.name(s))),
                                (lambda s=s: self._join(s)),
                                (lambda s=s: any(a.sponsor == s for a in self.join_options()))))
        else:
            buttons.append((lambda: tr("dp.join"), lambda: self._join(None), lambda: bool(self.join_options())))
        buttons.append((lambda: tr("dp.stay_out"), lambda: self.act(A.STAY_OUT), lambda: A.STAY_OUT in self.legal_now()))
        buttons.append((lambda: tr("dp.surrender"), lambda: self.act(A.SURRENDER),
                        lambda: A.SURRENDER in self.legal_now()))
        return Prompt(self.app, BATTLE, key, lambda: tr("dp.join_title"), lines, buttons, width=BATTLE.width)

    def _join(self, sponsor: int | None) -> None:
        options = [a for a in self.join_options() if a.sponsor == sponsor]
        if options:
            self.act(options[0])

    def _auth_prompt(self, key, seat: int, legal: list) -> Prompt:
        asker = self.shown.auth_request[0] if self.shown.auth_request else seat
        return Prompt(self.app, BATTLE, key, lambda: tr("dp.auth_title"),
                      lambda: [tr("dp.auth_help", name=self.name(asker))],
                      [(lambda: tr("dp.allow"), lambda: self.act(A.ALLOW), None),
                       (lambda: tr("dp.refuse"), lambda: self.act(A.REFUSE), None)])

    def _support_prompt(self, key, seat: int, legal: list) -> Prompt:
        offer = self.shown.offer
        placer, card = (offer[0], offer[2]) if offer else (seat, None)
        return Prompt(self.app, MAP_VIEW, key, lambda: tr("dp.offer_title"),
                      lambda: [tr("dp.offer_help", name=self.name(placer)), self.card_name(card),
                               tr("dp.offer_help2")],
                      [(lambda: tr("dp.accept"), lambda: self.act(A.ACCEPT_SUPPORT), None),
                       (lambda: tr("dp.refuse"), lambda: self.act(A.REFUSE_SUPPORT), None)],
                      card=self.cards.face(card))

    def _propose_prompt(self, key, seat: int, legal: list) -> Prompt:
        view = self.shown
        solo = len(solo_regions(view.owners, view.active, seat))
        return Prompt(self.app, BATTLE, key, lambda: tr("dp.propose_title"),
                      lambda: [tr("dp.propose_help", n=solo)],
                      [(lambda: tr("dp.propose"), lambda: self.act(A.PROPOSE), None),
                       (lambda: tr("dp.decline"), lambda: self.act(A.DECLINE), None)])

    def _vote_prompt(self, key, seat: int, legal: list) -> Prompt:
        view = self.shown
        proposer = view.proposer if view.proposer is not None else seat
        solo = len(solo_regions(view.owners, view.active, proposer))
        return Prompt(self.app, BATTLE, key, lambda: tr("dp.vote_title"),
                      lambda: [tr("dp.vote_help", name=self.name(proposer), n=solo)],
                      [(lambda: tr("dp.vote_yes"), lambda: self.act(A.VOTE_YES), None),
                       (lambda: tr("dp.vote_no"), lambda: self.act(A.VOTE_NO), None)])

    # ---- input -------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
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
        y = rect.y + 17
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

    # ---- the battle panel -------------------------------------------------------------------------
    def pile_rows(self) -> list[int]:
        view = self.shown
        if view.participant and any(view.participant):
            return [s for s in range(len(view.hand_sizes)) if view.participant[s]]
        return []

    def row_rects(self) -> list[tuple[int, pygame.Rect]]:
        rows = self.pile_rows()
        top = BATTLE.y + 38
        h = min(38, (BATTLE.bottom - 4 - top) // max(1, len(rows)))
        return [(s, pygame.Rect(BATTLE.x + 4, top + i * h, BATTLE.width - 8, h)) for i, s in enumerate(rows)]

    def card_slot(self, seat: int, index: int) -> tuple[int, int]:
        """Canvas centre of card `index` in `seat`'s pile row (for slides and flips)."""
        for s, rect in self.row_rects():
            if s == seat:
                step = self._card_step(seat, rect)
                return rect.x + 74 + index * step + CARD_W // 2, rect.y + min(rect.height, CARD_H) // 2 + 1
        return BATTLE.centerx, BATTLE.centery

    def _card_step(self, seat: int, rect: pygame.Rect) -> int:
        n = len(self.shown.piles[seat]) + 1
        return min(CARD_W + 2, max(6, (rect.width - 74 - 44 - CARD_W) // max(1, n - 1)))

    def pile_terms_seen(self, seat: int) -> tuple[int, int, int, int, int, int, str]:
        """(A, drum, B, H, total, hidden count, terrain) of what the viewer sees of a pile."""
        view = self.shown
        slot = CARD_TERRAIN[CARD_KIND[view.terrain_card]] if view.terrain_card is not None else None
        ground = self.board.terrain(view.target) if view.target else "ordinary"
        terrain = effective_terrain(slot, view.mode or "open", ground, seat in view.defenders)
        pile = view.piles[seat] if seat < len(view.piles) else ()
        seen = [CARD_KIND[c] for c, _, _ in pile if c is not None]
        return (*pile_terms(seen, terrain), len(pile) - len(seen), terrain)

    def draw_battle(self, canvas: pygame.Surface) -> None:
        view, text = self.shown, self.app.text
        canvas.blit(self.app.art.panel("panel", BATTLE.size), BATTLE.topleft)
        x, y = BATTLE.x + 8, BATTLE.y + 5
        if view.target is None:
            text.draw(canvas, tr("dp.no_battle"), (x, y), theme.DUSK)
            for i, line in enumerate(text.wrap(self.status_line(), BATTLE.width - 16)[:3]):
                text.draw(canvas, line, (x, y + 20 + 16 * i), theme.INK)
            return
        mode = view.mode or "open"
        header = tr(f"domiplot.mode.{mode}")
        if mode == "open":
            header += " · " + tr(f"domiplot.terrain.{self.board.terrain(view.target)}")
        text.draw(canvas, fit(self.app, header, BATTLE.width - 60), (x, y), theme.INK)
        canvas.blit(self.cards.icon(self.board.terrain(view.target)), (x, y + 19))
        text.draw(canvas, fit(self.app, self.region_name(view.target), 150), (x + 18, y + 16), theme.DUSK)
        # the terrain slot (F-1) and the centre (command), small at the right of the header
        sx = BATTLE.right - 8 - CARD_W
        slot = view.terrain_card
        small = pygame.transform.scale_by(self.cards.face(slot), 0.5) if slot is not None else None
        text.draw(canvas, tr("dp.slot"), (sx - 4, y + 16), theme.DUSK, "right")
        if small is not None:
            canvas.blit(small, (sx + 6, y + 14))
        else:
            pygame.draw.rect(canvas, theme.PARCHMENT_SHADE, (sx + 6, y + 14, 12, 17), 1)
        for seat, rect in self.row_rects():
            self._draw_row(canvas, seat, rect)
        if not self.pile_rows():
            line = self.status_line()
            for i, part in enumerate(text.wrap(line, BATTLE.width - 16)[:3]):
                text.draw(canvas, part, (x, BATTLE.y + 44 + 16 * i), theme.INK)

    def _draw_row(self, canvas: pygame.Surface, seat: int, rect: pygame.Rect) -> None:
        view, text = self.shown, self.app.text
        if view.actor == seat and view.phase is Phase.BATTLE:
            pygame.draw.rect(canvas, theme.STRAW, rect, 1)
        pygame.draw.line(canvas, theme.PARCHMENT_SHADE, (rect.x, rect.bottom - 1), (rect.right, rect.bottom - 1))
        draw_marker(canvas, self.colour(seat), (rect.x + 5, rect.y + 8), 3)
        text.draw(canvas, fit(self.app, self.name(seat), 60), (rect.x + 11, rect.y), theme.INK)
        if rect.height >= 30:
            status = self.seat_status(seat, True)
            text.draw(canvas, fit(self.app, status, 66), (rect.x + 2, rect.y + 16), theme.DUSK)
        pile = list(view.piles[seat]) if seat < len(view.piles) else []
        clip = canvas.get_clip()
        canvas.set_clip(rect.clip(clip))
        step = self._card_step(seat, rect)
        cx = rect.x + 74
        for card, placer, fd in pile:
            img = self.cards.face(card)
            canvas.blit(img, (cx, rect.y + 1))
            if fd and card is not None:     # the viewer's own face-down card: marked as hidden
                pygame.draw.rect(canvas, theme.DUSK, (cx, rect.y + 1, CARD_W, CARD_H), 2)
            if placer != seat:
                canvas.blit(seat_badge(self.colour(placer)), (cx + CARD_W - 8, rect.y + 2))
            cx += step
        offer = view.offer
        if offer is not None and offer[1] == seat:
            img = self.cards.face(offer[2]).copy()
            img.set_alpha(150)
            canvas.blit(img, (cx, rect.y + 1))
            canvas.blit(seat_badge(self.colour(offer[0])), (cx + CARD_W - 8, rect.y + 2))
            text.draw(canvas, "?", (cx + 8, rect.y + 8), theme.RED)
        canvas.set_clip(clip)
        total = self.shown_totals.get(seat)
        a, drum, b, h, seen_total, hidden, _ = self.pile_terms_seen(seat)
        shown_total = seen_total if total is None else total
        label = str(shown_total) + (tr("dp.plus_hidden") * min(hidden, 1) if total is None else "")
        big = pygame.transform.scale_by(text.render(label, theme.INK), 1)
        canvas.blit(big, (rect.right - 4 - big.get_width(), rect.y + (rect.height - big.get_height()) // 2))

    def total_tooltip(self, seat: int) -> str:
        a, drum, b, h, total, hidden, terrain = self.pile_terms_seen(seat)
        text = tr("dp.total_tip", a=a, drum=drum, b=b, h=h, total=total,
                  terrain=tr(f"domiplot.terrain.{terrain}"), bonus=TERRAIN_BONUS)
        if hidden:
            text += "\n" + tr("dp.total_hidden", n=hidden)
        return text

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
                self.widgets_tooltip(canvas, panel)
                return
        self.hover_tooltips(canvas)

    def widgets_tooltip(self, canvas: pygame.Surface, panel: Prompt) -> None:
        """While a decision panel is open, hand cards still show what they are."""
        self._hand_tooltip(canvas)

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
            self.app.draw_tooltip(canvas, self.region_tooltip(rid), pygame.Rect(pos[0] - 4, pos[1] - 4, 8, 8))

    def region_tooltip(self, rid: int) -> str:
        view = self.shown
        lines = [self.region_both(rid) + " · " + tr(f"domiplot.terrain.{self.board.terrain(rid)}")]
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

    # ---- presenters: one per Domiplotism event ----------------------------------------------------
    def _region_point(self, region: int) -> tuple[int, int]:
        return self.camera.to_canvas(self.board.regions[region].label)

    def _panel_centre(self, seat: int) -> tuple[int, int]:
        return self.panel_rect(seat).center

    def _on_round(self, ev: E.RoundStarted) -> Beat:
        return Beat([self.turn_banner(tr("dp.banner_round", round=ev.round))], sound="turn", reveal="start",
                    log=lambda: tr("dp.log.round", round=ev.round, name=self.name(ev.chooser)))

    def _on_marker(self, ev: E.MarkerPlaced) -> Beat:
        world = self.board.regions[ev.region].label
        start = self._region_point(ev.previous) if ev.previous is not None else self._panel_centre(ev.seat)
        end = self.camera.to_canvas(world)
        return Beat([CardSlide(self.cards.marker, start, end)], sound="build", reveal="done", focus=world,
                    log=lambda: tr("dp.log.marker", name=self.name(ev.seat), region=self.region_name(ev.region)))

    def _on_target(self, ev: E.TargetChosen) -> Beat:
        world = self.board.regions[ev.region].label
        return Beat([Ring(self.camera.to_canvas(world), theme.RED),
                     self.turn_banner(tr(f"domiplot.mode.{ev.mode}") + " · " + self.region_name(ev.region))],
                    sound="turn", reveal="start", focus=world,
                    log=lambda: tr("dp.log.target", name=self.name(ev.seat), region=self.region_name(ev.region),
                                   mode=tr(f"domiplot.mode.{ev.mode}")))

    def _on_card_placed(self, ev: E.CardPlaced) -> Beat:
        img = self.cards.face(ev.card)
        start = self._panel_centre(ev.seat)
        if ev.pile is None:
            end = (BATTLE.right - 20, BATTLE.y + 30)
        else:
            n = len(self.shown.piles[ev.pile]) if ev.pile < len(self.shown.piles) else 0
            end = self.card_slot(ev.pile, n)
        key = "dp.log.placed_down" if ev.face_down else ("dp.log.placed" if ev.pile is not None else "dp.log.played")
        return Beat([CardSlide(img, start, end)], sound="click", reveal="done",
                    log=lambda: tr(key, name=self.name(ev.seat), card=self.card_name(ev.card),
                                   pile=self.name(ev.pile) if ev.pile is not None else ""))

    def _on_revealed(self, ev: E.CardRevealed) -> Beat:
        pile = self.shown.piles[ev.pile] if ev.pile < len(self.shown.piles) else ()
        index = next((i for i, (c, p, fd) in enumerate(pile) if fd and p == ev.seat), len(pile))
        return Beat([CardFlip(self.cards.back, self.cards.face(ev.card), self.card_slot(ev.pile, index))],
                    sound="click", reveal="done",
                    log=lambda: tr("dp.log.revealed", name=self.name(ev.seat), card=self.card_name(ev.card)))

    def _on_terrain(self, ev: E.TerrainChanged) -> Beat:
        big = self.cards.big(ev.card)
        return Beat([FloatText(big, MAP_VIEW.center)], sound="build", reveal="start",
                    log=lambda: tr("dp.log.terrain", name=self.name(ev.seat),
                                   terrain=tr(f"domiplot.terrain.{ev.terrain}")))

    def _on_discarded(self, ev: E.CardsDiscarded) -> Beat:
        anims = [CardSlide(self.cards.face(c), BATTLE.center, DECK_POS, delay=0.05 * i)
                 for i, c in enumerate(ev.cards[:8])]
        return Beat(anims, sound="discard", reveal="done",
                    log=lambda: tr(f"dp.log.discard_{ev.cause}", name=self.name(ev.seat), n=len(ev.cards),
                                   cards=", ".join(self.card_name(c) for c in ev.cards)))

    def _on_returned(self, ev: E.CardReturned) -> Beat:
        return Beat([CardSlide(self.cards.face(ev.card), self.card_slot(ev.pile, 0), self._panel_centre(ev.seat))],
                    sound="click", reveal="done",
                    log=lambda: tr(f"dp.log.returned_{ev.cause}", name=self.name(ev.seat), card=self.card_name(ev.card)))

    def _on_offered(self, ev: E.SupportOffered) -> Beat:
        return Beat([CardSlide(self.cards.face(ev.card), self._panel_centre(ev.seat), self.card_slot(ev.pile, 0))],
                    sound="click", reveal="done",
                    log=lambda: tr("dp.log.offer", name=self.name(ev.seat), to=self.name(ev.pile),
                                   card=self.card_name(ev.card)))

    def _on_scores(self, ev: E.Scores) -> Beat:
        def start() -> None:
            for s in ev.seats:
                self.shown_totals[s] = 0

        def count(values) -> None:
            for s, v in zip(ev.seats, values):
                self.shown_totals[s] = round(v)
        from sprites.tweens import Tween
        anims = [Tween([0.0] * len(ev.seats), [float(t) for t in ev.totals], 0.8, count), Wait(0.4)]
        lines = [lambda s=s, t=t: tr("dp.log.score", name=self.name(s), total=t) for s, t in zip(ev.seats, ev.totals)]
        if ev.winner is not None:
            lines.append(lambda: tr("dp.log.winner", name=self.name(ev.winner)))
        else:
            lines.append(lambda: tr("dp.log.no_winner"))
        return Beat(anims, sound="produce", apply=start, log=lines,
                    on_done=lambda: self.shown_totals.clear())

    def _on_region_changed(self, ev: E.RegionChanged) -> Beat:
        world = self.board.regions[ev.region].label
        anims = [Ring(self.camera.to_canvas(world), seat_colour(self.colour(s))[0]) for s in ev.planted]
        x, y = self.camera.to_canvas(world)
        anims += [FloatText(self.cards.flag(self.colour(s)), (x - 5 + 10 * i, y + 8)) for i, s in enumerate(ev.planted)]
        return Beat(anims, sound="build", reveal="start", focus=world,
                    log=lambda: tr("dp.log.region", region=self.region_name(ev.region),
                                   names=", ".join(self.name(s) for s in ev.owners)))

    def _on_drawn(self, ev: E.CardsDrawn) -> Beat:
        mine = self.shown.seat == ev.seat
        end = (HAND.centerx, HAND.centery) if mine else self._panel_centre(ev.seat)
        anims = [CardSlide(self.cards.face(c), DECK_POS, end, delay=0.08 * i) for i, c in enumerate(ev.cards[:6])]
        return Beat(anims, sound="click", reveal="done", merge="draw",
                    log=lambda: tr("dp.log.drawn", name=self.name(ev.seat), n=len(ev.cards)))

    def _on_reshuffle(self, ev: E.DeckReshuffled) -> Beat:
        return Beat([self.turn_banner(tr("dp.banner_reshuffle", n=ev.count))], sound="dice",
                    log=lambda: tr("dp.log.reshuffle", n=ev.count))

    def _on_battle_ended(self, ev: E.BattleEnded) -> Beat:
        return Beat([self.turn_banner(tr(f"dp.banner_end_{ev.cause}"))], sound="turn",
                    log=lambda: tr(f"dp.log.battle_end_{ev.cause}"))

    def _on_game_over(self, ev) -> Beat:
        result = self.session.state.result()
        winners = getattr(result, "winners", ())
        cause = getattr(result, "cause", "")
        return Beat([self.turn_banner(tr(f"domiplot.end.{cause}"))], sound="turn",
                    log=[lambda: tr("log.game_over", names=", ".join(self.name(w) for w in winners)),
                         lambda: tr(f"domiplot.end.{cause}")])

    def _log(key: str, **fields: str):   # noqa: N805 - a table helper, not a method
        """A presenter that only writes a log line; `fields` map params to event attributes
        (a seat attribute becomes the seat's name)."""
        def handler(self, ev) -> Beat:
            def line() -> str:
                params, suffix = {}, ""
                for p, attr in fields.items():
                    v = getattr(ev, attr)
                    if isinstance(v, bool):          # yes/no facts pick the sentence
                        suffix = "_yes" if v else "_no"
                        continue
                    params[p] = (self.name(v) if attr in SEAT_FIELDS and v is not None else
                                 self.region_name(v) if attr == "region" else v)
                return tr(key + suffix, **params)
            return Beat(log=line)
        return handler

    presenters = {
        E.RoundStarted: _on_round, E.MarkerPlaced: _on_marker, E.TargetChosen: _on_target,
        E.ChooserPassed: _log("dp.log.chooser_passed", name="seat", to="to"),
        E.ModeChanged: _log("dp.log.mode_changed", region="region"),
        E.AuthorizationAsked: _log("dp.log.auth_asked", name="seat", sponsor="sponsor"),
        E.Authorization: _log("dp.log.auth", name="sponsor", asker="seat", allow="allow"),
        E.PlayerJoined: _log("dp.log.joined", name="seat", n="distance"),
        E.PlayerStayedOut: _log("dp.log.stayed_out", name="seat"),
        E.PlayerSurrendered: _log("dp.log.surrendered", name="seat"),
        E.TurnStarted: None,
        E.CardPlaced: _on_card_placed, E.CardRevealed: _on_revealed, E.TerrainChanged: _on_terrain,
        E.SiegeEnded: _log("dp.log.siege_ended", region="region"),
        E.CardsDiscarded: _on_discarded, E.CardReturned: _on_returned, E.SupportOffered: _on_offered,
        E.SupportAnswered: _log("dp.log.answered", name="seat", supporter="supporter", accept="accept"),
        E.AllegianceChanged: _log("dp.log.allegiance", name="seat", to="principal"),
        E.PlayerPassed: _log("dp.log.passed", name="seat"),
        E.PlayerOut: _log("dp.log.out", name="seat"),
        E.BattleEnded: _on_battle_ended, E.Scores: _on_scores,
        E.RegionChanged: _on_region_changed,
        E.RegionUnchanged: _log("dp.log.unchanged", region="region"),
        E.TableCleared: None,
        E.CardsDrawn: _on_drawn, E.DeckReshuffled: _on_reshuffle,
        E.DrawsLost: _log("dp.log.draws_lost", name="seat", n="count"),
        E.Proposal: _log("dp.log.proposal", name="seat"),
        E.ProposalDeclined: _log("dp.log.declined", name="seat"),
        E.VoteCast: _log("dp.log.vote", name="seat", proposer="proposer", accept="accept"),
        E.ProposalRejected: _log("dp.log.rejected", proposer="proposer", by="by"),
        E.GameOver: _on_game_over,
    }


SEAT_FIELDS = {"seat", "to", "sponsor", "supporter", "principal", "proposer", "by"}
