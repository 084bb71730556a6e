"""The Domiplotism screen's choices: the hand's Place / Conceal / Support buttons with their
pickers (support target, gong and recall targets), and the decision panel for joins (distance
and discards), authorizations, support answers, proposals and votes. A mixin of
`scenes.domiplot_scene.DomiplotScene`, whose attributes (`selected`, `discards`, `picker`,
`prompt`, `cards`, `shown`) it uses."""

from __future__ import annotations

from game.core.i18n import tr
from game.domiplot import actions as A
from game.domiplot.constants import CARD_KIND, IS_PILE_CARD
from game.domiplot.regions import distances, solo_regions
from game.domiplot.state import Phase
from scenes.domiplot.art import kind_name
from scenes.domiplot.layout import MAP_VIEW
from scenes.domiplot.prompt import Prompt

DECISIONS = (Phase.JOIN, Phase.AUTHORIZE, Phase.SUPPORT, Phase.PROPOSE, Phase.VOTE)


class Decisions:
    """See the module docstring."""

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
                text = (lambda t=target: tr("dp.take_back", card=self.card_name(self._table_card(t)),
                                            name=self.name(self._pile_of(t))))
            buttons.append((text, (lambda a=a: self._pick_done(a)), None))
        buttons.append((lambda: tr("dp.cancel"), self._close_picker, None))
        kind = "gong" if any(a.gong_target is not None for a in options) else "recall"
        self.picker = Prompt(self.app, MAP_VIEW, ("pick", kind), lambda k=kind: tr(f"dp.pick_{k}"),
                             lambda k=kind: [tr(f"dp.pick_{k}_help")], buttons,
                             card=self.cards.face(options[0].card))

    def _table_card(self, card: int) -> int | None:
        """A card id on the table as the viewer may name it (their own face-down ones too)."""
        return card if card >= 0 else None

    def _pile_of(self, card: int) -> int:
        """Whose pile a card lies in, as shown (the player's own when not found)."""
        for p, pile in enumerate(self.shown.piles):
            if any(c == card for c, _, _ in pile):
                return p
        return self.my_seat() or 0

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
                         *((tr("dp.join_cost", n=dist), tr("dp.join_chosen", n=len(self.discards), need=dist))
                           if dist else (tr("dp.join_free"),))]   # not "discard 0 cards" as well
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
        return Prompt(self.app, self.battle, key, lambda: tr("dp.join_title"), lines, buttons, width=self.battle.width)

    def _join(self, sponsor: int | None) -> None:
        options = [a for a in self.join_options() if a.sponsor == sponsor]
        if options:
            self.act(options[0])

    def _auth_prompt(self, key, seat: int, legal: list) -> Prompt:
        asker = self.shown.auth_request[0] if self.shown.auth_request else seat
        return Prompt(self.app, self.battle, key, lambda: tr("dp.auth_title"),
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
        return Prompt(self.app, self.battle, key, lambda: tr("dp.propose_title"),
                      lambda: [tr("dp.propose_help", n=solo)],
                      [(lambda: tr("dp.propose"), lambda: self.act(A.PROPOSE), None),
                       (lambda: tr("dp.decline"), lambda: self.act(A.DECLINE), None)])

    def _vote_prompt(self, key, seat: int, legal: list) -> Prompt:
        view = self.shown
        proposer = view.proposer if view.proposer is not None else seat
        solo = len(solo_regions(view.owners, view.active, proposer))
        return Prompt(self.app, self.battle, key, lambda: tr("dp.vote_title"),
                      lambda: [tr("dp.vote_help", name=self.name(proposer), n=solo)],
                      [(lambda: tr("dp.vote_yes"), lambda: self.act(A.VOTE_YES), None),
                       (lambda: tr("dp.vote_no"), lambda: self.act(A.VOTE_NO), None)])

