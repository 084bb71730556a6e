"""Domiplotism rules: legality and effects of every action, the round machine, the Ruleset.

One source of legality: `_reason` says why an action is refused (or None), `apply` calls it
before changing anything, and `legal_actions` enumerates exactly what `_reason` accepts (a
property test checks the two against each other). Reasons are checked in the order of I-2:
flow (game_over, unknown_action, not_your_turn, wrong_phase, card_not_in_hand), then the
region, joining, placing and support reasons of the action at hand.

Automatic steps (resolution O, drawing N, the end check E) run inside the action that
triggers them, so a state always waits for exactly one seat (`actor`) or is over.
"""

from __future__ import annotations

from bisect import insort
from typing import Callable, Sequence

from game.core.errors import IllegalAction
from game.core.paths import resource_path
from game.core.protocol import Action, Event, Ruleset, Setup
from game.core.rng import Rng
from game.domiplot import actions as A
from game.domiplot import events as E
from game.domiplot.board import MAX_REGION_ID, ActiveMap, read_board
from game.domiplot.constants import (
    AI_VOTE_MARGIN, CARD_IS_ARMY, CARD_IS_SCORE, CARD_KIND, CARD_TERRAIN, CARD_VALUE, COMMAND,
    COMMANDER, DECK_SIZE, FACTIONS, GENERAL, GONG, INITIAL_HAND, IS_PILE_CARD, IS_SCORE,
    IS_TERRAIN, KIND_INDEX, KINDS, MAX_ROUNDS, PROPOSAL_ADJACENT, PROPOSAL_REGIONS, STONES, TALLY,
)
from game.domiplot.scoring import INTERNAL, OPEN, SIEGE, effective_terrain, pile_terms
from game.domiplot.state import DomiplotState, Phase

PHASE_ALLOWS: dict[Phase, frozenset[type]] = {
    Phase.PROTECT: frozenset({A.PlaceMarker}),
    Phase.CHOOSE_TARGET: frozenset({A.ChooseTarget}),
    Phase.JOIN: frozenset({A.Join, A.StayOut, A.Surrender}),
    Phase.AUTHORIZE: frozenset({A.Authorize}),
    Phase.BATTLE: frozenset({A.Place, A.Pass}),
    Phase.SUPPORT: frozenset({A.RespondSupport}),
    Phase.PROPOSE: frozenset({A.Propose, A.Decline}),
    Phase.VOTE: frozenset({A.Vote}),
    Phase.OVER: frozenset(),
}
ALL_ACTIONS: frozenset[type] = frozenset().union(*PHASE_ALLOWS.values())

# One shared instance per region keeps the region phases allocation-free.
MARKER_AT = tuple(A.PlaceMarker(r) for r in range(MAX_REGION_ID + 1))
TARGET_AT = tuple(A.ChooseTarget(r) for r in range(MAX_REGION_ID + 1))
OPTION_KEYS = ("initial_hand", "proposal_regions", "proposal_adjacent", "max_rounds",
               "ai_vote_margin")


# Reasons every ruleset shares keep their plain key; the spec's own get the ruleset prefix.
SHARED_REASONS = frozenset({"game_over", "not_your_turn", "wrong_phase", "bad_option"})


def reason_key(reason: str) -> str:
    """The catalogue key of an I-2 reason (`region_protected` -> `domiplot.region_protected`)."""
    return reason if reason in SHARED_REASONS else f"domiplot.{reason}"


# ---- region helpers (shared with the greedy agent) --------------------------------------------
def clockwise(start: int, n: int) -> list[int]:
    """Seats from `start` in ascending order, wrapping around."""
    return [(start + i) % n for i in range(n)]


def is_lord(owners: Sequence[tuple[int, ...]], active: ActiveMap, seat: int) -> bool:
    """M-2: holds at least one flag."""
    return any(seat in owners[r] for r in active.ids)


def solo_regions(owners: Sequence[tuple[int, ...]], active: ActiveMap, seat: int) -> list[int]:
    return [r for r in active.ids if owners[r] == (seat,)]


def qualifies(owners: Sequence[tuple[int, ...]], active: ActiveMap, seat: int,
              options: dict[str, int]) -> bool:
    """E-2: enough solo regions, or a connected group of enough solo regions."""
    solo = solo_regions(owners, active, seat)
    if len(solo) >= options["proposal_regions"]:
        return True
    if len(solo) < options["proposal_adjacent"]:
        return False
    return any(len(g) >= options["proposal_adjacent"] for g in active.graph.components(solo))


def distances(owners: Sequence[tuple[int, ...]], active: ActiveMap, seat: int) -> list[int]:
    """M-3: distance(seat, r) for every region id (0 for landless seats)."""
    out = [0] * (MAX_REGION_ID + 1)
    flagged = [r for r in active.ids if seat in owners[r]]
    if not flagged:
        return out
    for r, d in active.graph.crossings(flagged, flagged).items():
        out[r] = d
    return out


def target_reason(owners: Sequence[tuple[int, ...]], active: ActiveMap, marker: int | None,
                  chooser: int, region: object, ignore_marker: bool = False) -> str | None:
    """T-4: why `chooser` may not attack `region`, or None."""
    if not isinstance(region, int) or not 0 <= region <= MAX_REGION_ID or not active.is_active[region]:
        return "region_inactive"
    if region == marker and not ignore_marker:
        return "region_protected"
    held = owners[region]
    if held == (chooser,):
        return "own_solo_region"
    if held and not is_lord(owners, active, chooser):
        return "landless_cannot_attack_lord"
    return None


def battle_mode(owners: Sequence[tuple[int, ...]], chooser: int,
                region: int) -> tuple[str, tuple[int, ...]]:
    """B-0: the mode and the defenders."""
    held = owners[region]
    if not held:
        return OPEN, ()
    if chooser in held:
        return INTERNAL, ()
    return SIEGE, held


def kind_multisets(hand: Sequence[int], size: int) -> list[tuple[str, ...]]:
    """Every multiset of `size` card kinds the hand can discard, in table order (J-1)."""
    counts: dict[int, int] = {}
    for c in hand:
        k = CARD_KIND[c]
        counts[k] = counts.get(k, 0) + 1
    kinds = sorted(counts)
    out: list[tuple[str, ...]] = []
    chosen: list[str] = []

    def walk(i: int, left: int) -> None:
        if left == 0:
            out.append(tuple(chosen))
            return
        if i == len(kinds):
            return
        k = kinds[i]
        name = KINDS[k].name
        for take in range(min(left, counts[k]), -1, -1):
            chosen.extend([name] * take)
            walk(i + 1, left - take)
            if take:
                del chosen[-take:]

    walk(0, size)
    return out


class DomiplotGame(DomiplotState):
    """A Domiplotism game: the protocol methods over `DomiplotState`'s data."""

    # ---- protocol -----------------------------------------------------------------------
    def to_move(self) -> list[int]:
        return [] if self.phase is Phase.OVER else [self.actor]

    def legal_actions(self, seat: int) -> list[Action]:
        phase = self.phase
        if phase is Phase.OVER or seat != self.actor:
            return []
        if phase is Phase.BATTLE:
            return self._placements(seat)
        if phase is Phase.JOIN:
            return self._join_options(seat)
        if phase is Phase.PROTECT:
            return [MARKER_AT[r] for r in self.active.ids]
        if phase is Phase.CHOOSE_TARGET:
            return [TARGET_AT[r] for r in self.active.ids
                    if target_reason(self.owners, self.active, self.marker, seat, r,
                                     self.marker_ignored) is None]
        if phase is Phase.SUPPORT:
            return [A.ACCEPT_SUPPORT, A.REFUSE_SUPPORT]
        if phase is Phase.AUTHORIZE:
            return [A.ALLOW, A.REFUSE]
        if phase is Phase.PROPOSE:
            return [A.PROPOSE, A.DECLINE]
        return [A.VOTE_YES, A.VOTE_NO]  # Phase.VOTE

    def apply(self, seat: int, action: Action) -> list[Event]:
        reason = self._reason(seat, action)
        if reason is not None:
            raise IllegalAction(reason_key(reason), action=getattr(action, "type_name", "?"),
                                seat=seat)
        return _EFFECTS[type(action)](self, seat, action)

    def reason(self, seat: int, action: Action) -> str | None:
        """Why `action` by `seat` would be refused now (the catalogue key, e.g.
        `domiplot.region_protected`), or None if it is legal."""
        why = self._reason(seat, action)
        return None if why is None else reason_key(why)

    # ---- queries ------------------------------------------------------------------------
    def is_active(self, seat: int) -> bool:
        """B-1: a participant who has not passed and holds a card."""
        return self.participant[seat] and not self.passed[seat] and bool(self.hands[seat])

    def has_supporters(self, seat: int) -> bool:
        """A-5: someone has `seat` as principal."""
        return any(a == seat and s != seat for s, a in enumerate(self.allegiance))

    def qualifies(self, seat: int) -> bool:
        return not self.surrendered[seat] and qualifies(self.owners, self.active, seat, self.options)

    def needs_sponsor(self, seat: int) -> bool:
        """J-4: an outsider of an internal battle needs a co-owner's consent."""
        return self.mode == INTERNAL and self.target is not None and seat not in self.owners[self.target]

    def locate(self, card: int) -> tuple[int, int] | None:
        """(pile, index) of a card lying in a pile, or None."""
        for p, pile in enumerate(self.piles):
            for i, entry in enumerate(pile):
                if entry[0] == card:
                    return p, i
        return None

    def pile_terrain(self, pile: int) -> str:
        """K-1 for one pile."""
        slot = CARD_TERRAIN[CARD_KIND[self.terrain_card]] if self.terrain_card is not None else None
        ground = self.board.terrain(self.target) if self.target is not None else "ordinary"
        return effective_terrain(slot, self.mode or OPEN, ground, pile in self.defenders)

    def pile_scores(self) -> list[tuple[int, int, int, int, int]]:
        """K for every seat's pile (face-down cards included)."""
        return [pile_terms((CARD_KIND[c] for c, _, _ in pile), self.pile_terrain(p))
                for p, pile in enumerate(self.piles)]

    def card_count(self) -> int:
        """Every card in every place (C-1: always DECK_SIZE)."""
        return (len(self.deck) + len(self.discard) + sum(len(h) for h in self.hands)
                + sum(len(p) for p in self.piles) + len(self.centre)
                + (self.terrain_card is not None) + (self.offer is not None))

    # ---- legal action lists -------------------------------------------------------------
    def _join_options(self, seat: int) -> list[Action]:
        out: list[Action] = []
        hand = self.hands[seat]
        d = self.distance[seat]
        if len(hand) >= d:
            sponsors: list[int | None] = [None]
            if self.needs_sponsor(seat):
                sponsors = list(self.owners[self.target])  # type: ignore[index]
            for discards in kind_multisets(hand, d):
                out.extend(A.Join(discards, s) for s in sponsors)
        out.append(A.STAY_OUT)
        out.append(A.SURRENDER)
        return out

    def _offer_piles(self, seat: int) -> list[int]:
        """Piles `seat` may place a pile card into: its own, its principal's, and offers."""
        al = self.allegiance[seat]
        piles = [seat] if al == seat else [seat, al]
        if not self.offer_made and not self.has_supporters(seat):
            for y in range(self.seat_count):
                if y != seat and y != al and self.participant[y] and self.allegiance[y] == y:
                    piles.append(y)
        return piles

    def _placements(self, seat: int) -> list[Action]:
        out: list[Action] = []
        piles = self._offer_piles(seat)
        own_army: list[int] = []
        own_generals: list[int] = []
        for pile in self.piles:
            for c, placer, fd in pile:
                if placer == seat:
                    if CARD_IS_ARMY[c]:
                        own_army.append(c)
                    elif not fd and CARD_KIND[c] == GENERAL:
                        own_generals.append(c)
        Place = A.Place
        for card in self.hands[seat]:
            k = CARD_KIND[card]
            if not IS_PILE_CARD[k]:
                out.append(Place(card))
                continue
            for p in piles:
                out.append(Place(card, p))
                if k == GONG:
                    out.extend(Place(card, p, False, t) for t in own_army)
                elif IS_SCORE[k]:
                    out.append(Place(card, p, True))
                    if k == COMMANDER:
                        out.extend(Place(card, p, False, None, g) for g in own_generals)
        out.append(A.PASS)
        return out

    # ---- legality ------------------------------------------------------------------------
    def _reason(self, seat: int, action: Action) -> str | None:
        if self.phase is Phase.OVER:
            return "game_over"
        kind = type(action)
        if kind not in ALL_ACTIONS:
            return "unknown_action"
        if kind is A.Propose and (not isinstance(seat, int) or not 0 <= seat < self.seat_count
                                  or not self.qualifies(seat)):
            return "not_qualified"
        if seat != self.actor:
            return "not_your_turn"
        if kind not in PHASE_ALLOWS[self.phase]:
            return "wrong_phase"
        check = _CHECKS.get(kind)
        return check(self, seat, action) if check else None

    def _check_marker(self, seat: int, action: A.PlaceMarker) -> str | None:
        r = action.region
        if not isinstance(r, int) or not 0 <= r <= MAX_REGION_ID or not self.active.is_active[r]:
            return "region_inactive"
        return None

    def _check_target(self, seat: int, action: A.ChooseTarget) -> str | None:
        return target_reason(self.owners, self.active, self.marker, seat, action.region,
                             self.marker_ignored)

    def _check_join(self, seat: int, action: A.Join) -> str | None:
        hand = self.hands[seat]
        d = self.distance[seat]
        discards = action.discards
        if not isinstance(discards, tuple) or not all(isinstance(k, str) for k in discards):
            return "card_not_in_hand"
        if len(hand) < d:
            return "insufficient_cards_for_distance"
        if len(discards) != d:
            return "wrong_discard_count"
        need: dict[int, int] = {}
        for name in discards:
            k = KIND_INDEX.get(name)
            if k is None:
                return "card_not_in_hand"
            need[k] = need.get(k, 0) + 1
        for k, count in need.items():
            if sum(1 for c in hand if CARD_KIND[c] == k) < count:
                return "card_not_in_hand"
        sponsor = action.sponsor
        if self.needs_sponsor(seat):
            coowners = self.owners[self.target]  # type: ignore[index]
            if not isinstance(sponsor, int) or sponsor not in coowners:
                return "sponsor_not_coowner"
        elif sponsor is not None:
            return "bad_option"
        return None

    def _check_place(self, seat: int, action: A.Place) -> str | None:
        card = action.card
        if not isinstance(card, int) or card not in self.hands[seat]:
            return "card_not_in_hand"
        k = CARD_KIND[card]
        face_down = bool(action.face_down)
        if face_down and not IS_SCORE[k]:
            return "cannot_conceal_card"
        pile = action.pile
        if IS_PILE_CARD[k]:
            if pile is None:
                return "pile_required"
            if (not isinstance(pile, int) or not 0 <= pile < self.seat_count
                    or not self.participant[pile]):
                return "target_not_participant"
            if pile != seat and pile != self.allegiance[seat]:
                if self.allegiance[pile] != pile:
                    return "target_is_supporter"
                if self.has_supporters(seat):
                    return "has_supporters"
                if self.offer_made:
                    return "support_offer_limit"
        elif pile is not None:
            return "pile_not_allowed"
        gong = action.gong_target
        if gong is not None:
            if k != GONG or not isinstance(gong, int):
                return "invalid_gong_target"
            where = self.locate(gong)
            if where is None:
                return "invalid_gong_target"
            _, placer, _ = self.piles[where[0]][where[1]]
            if placer != seat or not CARD_IS_ARMY[gong]:
                return "invalid_gong_target"
        recall = action.recall_target
        if recall is not None:
            if k != COMMANDER or face_down or not isinstance(recall, int):
                return "invalid_recall_target"
            where = self.locate(recall)
            if where is None:
                return "invalid_recall_target"
            _, placer, fd = self.piles[where[0]][where[1]]
            if placer != seat or fd or CARD_KIND[recall] != GENERAL:
                return "invalid_recall_target"
        return None

    # ---- effects: round start, protection, target ---------------------------------------
    def _start_round(self, events: list[Event]) -> None:
        """R-1: round += 1, protector (T-2) and chooser (T-3), then protect or choose."""
        self.round += 1
        n = self.seat_count
        self.target = None
        self.mode = None
        self.defenders = ()
        self.marker_ignored = False
        self.participant = [False] * n
        self.distance = [0] * n
        self.passed = [False] * n
        self.piles = [[] for _ in range(n)]
        self.allegiance = list(range(n))
        self.face_down_of = [None] * n
        self.scored_into = [0] * n
        self.join_order = ()
        self.join_index = 0
        self.offer = None
        self.offer_made = False
        self.tally_player = None
        self.command_player = None
        alive = [not s for s in self.surrendered]
        if self.round == 1:
            self.protector = None
            self.chooser = self.eldest
        else:
            self.protector = next((s for s in (self.last_tally_player, self.last_loser, self.last_winner)
                                   if s is not None and alive[s]), None)
            self.chooser = self._next_chooser(alive)
        events.append(E.RoundStarted(self.round, self.protector, self.chooser))
        if self.protector is not None:
            self.phase = Phase.PROTECT
            self.actor = self.protector
            return
        self._enter_choose(events)

    def _next_chooser(self, alive: list[bool]) -> int:
        """T-3 steps 1-4 (surrendered players are skipped)."""
        generals = self.last_generals
        leader = None
        if generals:
            most = max(generals)
            if most >= 1 and generals.count(most) == 1:
                leader = generals.index(most)
        for s in (self.last_command_player, leader, self.last_winner):
            if s is not None and alive[s]:
                return s
        start = self.last_chooser if self.last_chooser is not None else self.eldest
        n = self.seat_count
        for i in range(1, n + 1):
            s = (start + i) % n
            if alive[s]:
                return s
        return start  # unreachable: a game with nobody left is over

    def _has_target(self, seat: int, ignore_marker: bool) -> bool:
        return any(target_reason(self.owners, self.active, self.marker, seat, r, ignore_marker) is None
                   for r in self.active.ids)

    def _enter_choose(self, events: list[Event]) -> None:
        """T-5: the chooser, or the first player clockwise with a legal target."""
        n = self.seat_count
        first = self.chooser
        for ignore in (False, True):
            for s in clockwise(first, n):
                if self.surrendered[s] or not self._has_target(s, ignore):
                    continue
                if s != first or ignore:
                    events.append(E.ChooserPassed(first, s, ignore))
                self.chooser = s
                self.marker_ignored = ignore
                self.phase = Phase.CHOOSE_TARGET
                self.actor = s
                return
        self._finish(events, self._ranking(), "stalemate")  # every region solo-held by one seat

    def _do_place_marker(self, seat: int, action: A.PlaceMarker) -> list[Event]:
        events: list[Event] = [E.MarkerPlaced(seat, action.region, self.marker)]
        self.marker = action.region
        self._enter_choose(events)
        return events

    def _do_choose_target(self, seat: int, action: A.ChooseTarget) -> list[Event]:
        r = action.region
        self.target = r
        self.mode, self.defenders = battle_mode(self.owners, seat, r)
        events: list[Event] = [E.TargetChosen(seat, r, self.mode, self.defenders)]
        n = self.seat_count
        self.distance = [distances(self.owners, self.active, s)[r] if not self.surrendered[s] else 0
                         for s in range(n)]
        self.join_order = tuple(s for s in clockwise(seat, n) if not self.surrendered[s])
        self.join_index = 0
        self.phase = Phase.JOIN
        self.actor = self.join_order[0]
        return events

    # ---- effects: joining -----------------------------------------------------------------
    def _take_kinds(self, seat: int, names: tuple[str, ...]) -> list[int]:
        """Remove the lowest-numbered cards of the named kinds from the hand."""
        hand = self.hands[seat]
        taken: list[int] = []
        for name in names:
            k = KIND_INDEX[name]
            card = next(c for c in hand if CARD_KIND[c] == k)
            hand.remove(card)
            taken.append(card)
        return taken

    def _discard_hidden(self, seat: int, cards: list[int]) -> None:
        for c in cards:
            self.discard.append(c)
            self.hidden_discard[c] = seat

    def _join(self, seat: int, discards: tuple[str, ...], events: list[Event]) -> None:
        cards = self._take_kinds(seat, discards)
        self._discard_hidden(seat, cards)
        self.participant[seat] = True
        events.append(E.PlayerJoined(seat, self.distance[seat]))
        if cards:
            events.append(E.CardsDiscarded(seat, tuple(cards), "distance", True))

    def _do_join(self, seat: int, action: A.Join) -> list[Event]:
        events: list[Event] = []
        if self.needs_sponsor(seat):
            self.auth_request = (seat, action.sponsor, action.discards)  # type: ignore[assignment]
            self.phase = Phase.AUTHORIZE
            self.actor = action.sponsor  # type: ignore[assignment]
            events.append(E.AuthorizationAsked(seat, action.sponsor))  # type: ignore[arg-type]
            return events
        self._join(seat, action.discards, events)
        self._next_joiner(events)
        return events

    def _do_authorize(self, sponsor: int, action: A.Authorize) -> list[Event]:
        seat, _, discards = self.auth_request  # type: ignore[misc]
        self.auth_request = None
        allow = bool(action.allow)
        events: list[Event] = [E.Authorization(seat, sponsor, allow)]
        if allow:
            self._join(seat, discards, events)
        else:
            events.append(E.PlayerStayedOut(seat, True))
        self.phase = Phase.JOIN
        self._next_joiner(events)
        return events

    def _do_stay_out(self, seat: int, action: A.StayOut) -> list[Event]:
        events: list[Event] = [E.PlayerStayedOut(seat, False)]
        self._next_joiner(events)
        return events

    def _do_surrender(self, seat: int, action: A.Surrender) -> list[Event]:
        events: list[Event] = []
        self._surrender(seat, events)
        if self.phase is not Phase.OVER:
            self._next_joiner(events)
        return events

    def _surrender(self, seat: int, events: list[Event]) -> None:
        """E-5: hand discarded face down, flags removed; the last one standing wins."""
        cards = list(self.hands[seat])
        self.hands[seat] = []
        self._discard_hidden(seat, cards)
        self.surrendered[seat] = True
        freed: list[int] = []
        shared: list[int] = []
        for r in self.active.ids:
            held = self.owners[r]
            if seat in held:
                rest = tuple(s for s in held if s != seat)
                self.owners[r] = rest
                (shared if rest else freed).append(r)
        events.append(E.PlayerSurrendered(seat, tuple(freed), tuple(shared)))
        if cards:
            events.append(E.CardsDiscarded(seat, tuple(cards), "surrender", True))
        alive = [s for s in range(self.seat_count) if not self.surrendered[s]]
        if len(alive) == 1:
            self._finish(events, (alive[0],), "surrender")

    def _next_joiner(self, events: list[Event]) -> None:
        self.join_index += 1
        order = self.join_order
        while self.join_index < len(order) and self.surrendered[order[self.join_index]]:
            self.join_index += 1
        if self.join_index < len(order):
            self.phase = Phase.JOIN
            self.actor = order[self.join_index]
            return
        self._end_join(events)

    def _end_join(self, events: list[Event]) -> None:
        """D24, R-2: recompute the mode after surrenders; skip the battle if nobody joined."""
        r = self.target
        assert r is not None
        if self.owners[r] == (self.chooser,):
            events.append(E.ModeChanged(r, self.mode or OPEN, (), True))
            self._no_battle(events)
            return
        mode, defenders = battle_mode(self.owners, self.chooser, r)
        if (mode, defenders) != (self.mode, self.defenders):
            self.mode, self.defenders = mode, defenders
            events.append(E.ModeChanged(r, mode, defenders, False))
        if not any(self.participant):
            self._no_battle(events)
            return
        self._start_battle(events)

    # ---- effects: battle ------------------------------------------------------------------
    def _start_battle(self, events: list[Event]) -> None:
        self.phase = Phase.BATTLE
        n = self.seat_count
        for s in clockwise(self.chooser, n):
            if self.participant[s] and not self.hands[s]:
                events.append(E.PlayerOut(s))  # J-3
        first = next((s for s in clockwise(self.chooser, n) if self.is_active(s)), None)
        if first is None:
            events.append(E.BattleEnded("all_out"))
            self._resolve(events)
            return
        self.actor = first
        events.append(E.TurnStarted(first))

    def _do_place(self, seat: int, action: A.Place) -> list[Event]:
        card = action.card
        k = CARD_KIND[card]
        self.hands[seat].remove(card)
        face_down = bool(action.face_down)
        events: list[Event] = []
        if IS_PILE_CARD[k]:
            pile = action.pile
            assert pile is not None
            if pile != seat and pile != self.allegiance[seat]:
                # an offer; the pile owner answers before the turn goes on.
                self.offer = (seat, pile, card, face_down, action.gong_target, action.recall_target)
                self.offer_made = True
                self.phase = Phase.SUPPORT
                self.actor = pile
                events.append(E.SupportOffered(seat, card, pile, face_down, face_down))
                return events
            events.append(E.CardPlaced(seat, card, pile, face_down, face_down))
            if pile == seat and self.allegiance[seat] != seat:
                self.allegiance[seat] = seat  # betrayal
                events.append(E.AllegianceChanged(seat, seat))
            self._land(seat, pile, card, face_down, action.gong_target, action.recall_target, events)
        elif IS_TERRAIN[k]:
            events.append(E.CardPlaced(seat, card, None, False, False))
            previous = self.terrain_card
            if previous is not None:
                self.discard.append(previous)
                events.append(E.CardsDiscarded(seat, (previous,), "terrain", False))
            self.terrain_card = card
            events.append(E.TerrainChanged(seat, card, CARD_TERRAIN[k] or "", previous))
            if previous is None and self.mode == SIEGE:
                events.append(E.SiegeEnded(self.target or 0))
        elif k == TALLY or k == STONES:
            events.append(E.CardPlaced(seat, card, None, False, False))
            self._sweep(seat, card, highest=(k == TALLY), events=events)
        else:  # COMMAND (F-6)
            assert k == COMMAND
            self.centre.append(card)
            self.command_player = seat
            events.append(E.CardPlaced(seat, card, None, False, False))
            events.append(E.BattleEnded("command"))
            self._resolve(events)
            return events
        self._end_turn(seat, events)
        return events

    def _land(self, seat: int, pile: int, card: int, face_down: bool, gong: int | None,
              recall: int | None, events: list[Event]) -> None:
        """A pile card arrives in `pile` (own, principal's or an accepted offer)."""
        self.piles[pile].append((card, seat, face_down))
        if face_down:
            old = self.face_down_of[seat]
            if old is not None:
                self._reveal(old, events)  # B-4: at most one face-down card per player
            self.face_down_of[seat] = card
        if CARD_IS_SCORE[card]:
            self.scored_into[seat] |= 1 << pile
        if gong is not None:
            self._return(seat, gong, "gong", events)
        if recall is not None:
            self._return(seat, recall, "recall", events)

    def _reveal(self, card: int, events: list[Event]) -> None:
        where = self.locate(card)
        assert where is not None
        p, i = where
        c, placer, _ = self.piles[p][i]
        self.piles[p][i] = (c, placer, False)
        if self.face_down_of[placer] == c:
            self.face_down_of[placer] = None
        events.append(E.CardRevealed(placer, c, p))

    def _return(self, seat: int, card: int, cause: str, events: list[Event]) -> None:
        """F-2 / F-7: a card the seat placed goes back to its hand."""
        where = self.locate(card)
        assert where is not None
        p, i = where
        _, _, fd = self.piles[p].pop(i)
        if fd and self.face_down_of[seat] == card:
            self.face_down_of[seat] = None
        insort(self.hands[seat], card)
        events.append(E.CardReturned(seat, card, p, cause, fd))

    def _sweep(self, seat: int, card: int, highest: bool, events: list[Event]) -> None:
        """F-4 / F-5: discard every face-up army card of the highest (lowest) printed value."""
        values = [CARD_VALUE[c] for pile in self.piles for c, _, fd in pile
                  if not fd and CARD_IS_ARMY[c]]
        gone: list[int] = []
        if values:
            aim = max(values) if highest else min(values)
            for p, pile in enumerate(self.piles):
                keep = []
                for entry in pile:
                    c, _, fd = entry
                    if not fd and CARD_IS_ARMY[c] and CARD_VALUE[c] == aim:
                        gone.append(c)
                    else:
                        keep.append(entry)
                self.piles[p] = keep
        gone.append(card)
        self.discard.extend(gone)
        if highest:
            self.tally_player = seat
        events.append(E.CardsDiscarded(seat, tuple(gone), "tally" if highest else "stones", False))

    def _end_turn(self, seat: int, events: list[Event]) -> None:
        """B-5: end the battle when nobody is active, else the next active clockwise acts."""
        self.offer_made = False
        self.phase = Phase.BATTLE
        if self.participant[seat] and not self.passed[seat] and not self.hands[seat]:
            events.append(E.PlayerOut(seat))
        n = self.seat_count
        for i in range(1, n + 1):
            s = (seat + i) % n
            if self.is_active(s):
                self.actor = s
                events.append(E.TurnStarted(s))
                return
        events.append(E.BattleEnded("all_out"))
        self._resolve(events)

    def _do_pass(self, seat: int, action: A.Pass) -> list[Event]:
        self.passed[seat] = True
        events: list[Event] = [E.PlayerPassed(seat)]
        self._end_turn(seat, events)
        return events

    def _do_respond(self, seat: int, action: A.RespondSupport) -> list[Event]:
        placer, pile, card, face_down, gong, recall = self.offer  # type: ignore[misc]
        self.offer = None
        accept = bool(action.accept)
        events: list[Event] = [E.SupportAnswered(seat, placer, accept)]
        if accept:
            if self.allegiance[placer] != pile:
                self.allegiance[placer] = pile
                events.append(E.AllegianceChanged(placer, pile))
            self._land(placer, pile, card, face_down, gong, recall, events)
            self._end_turn(placer, events)
            return events
        insort(self.hands[placer], card)
        events.append(E.CardReturned(placer, card, pile, "refused", face_down))
        self.phase = Phase.BATTLE
        self.actor = placer  # acts again, but may not offer again this turn
        return events

    # ---- effects: resolution, drawing, end check -------------------------------------------
    def _resolve(self, events: list[Event]) -> None:
        """O-1..O-6, then drawing and the end check."""
        r = self.target
        assert r is not None
        n = self.seat_count
        for p, pile in enumerate(self.piles):  # O-1
            for i, (c, placer, fd) in enumerate(pile):
                if fd:
                    pile[i] = (c, placer, False)
                    events.append(E.CardRevealed(placer, c, p))
        self.face_down_of = [None] * n
        seats = [s for s in range(n) if self.participant[s]]
        terms = {s: pile_terms((CARD_KIND[c] for c, _, _ in self.piles[s]), self.pile_terrain(s))
                 for s in seats}
        totals = {s: terms[s][4] for s in seats}
        best = max(totals.values())
        top = [s for s in seats if totals[s] == best]
        winner = top[0] if len(top) == 1 and best >= 1 else None  # O-3
        losers = [s for s in clockwise(self.chooser, n) if s in totals and s != winner]
        loser = min(losers, key=lambda s: totals[s]) if losers else None  # first minimum wins ties
        events.append(E.Scores(
            tuple(seats), tuple(self.pile_terrain(s) for s in seats),
            tuple(terms[s][0] for s in seats), tuple(terms[s][1] for s in seats),
            tuple(terms[s][2] for s in seats), tuple(terms[s][3] for s in seats),
            tuple(totals[s] for s in seats), winner, loser))
        if winner is not None:  # O-4
            group = {winner} | {s for s in range(n) if s != winner and self.allegiance[s] == winner
                                and self.scored_into[s] >> winner & 1}
            before = self.owners[r]
            if self.mode == SIEGE and winner in self.defenders:
                after = tuple(sorted(set(before) | group))
            else:
                after = tuple(sorted(group))
            self.owners[r] = after
            if after != before:
                events.append(E.RegionChanged(r, after, before,
                                              tuple(s for s in after if s not in before),
                                              tuple(s for s in before if s not in after)))
            else:
                events.append(E.RegionUnchanged(r))
        else:
            events.append(E.RegionUnchanged(r))
        generals = [0] * n
        cleared: list[int] = []
        for pile in self.piles:  # O-5
            for c, placer, _ in pile:
                if CARD_KIND[c] == GENERAL:
                    generals[placer] += 1
                cleared.append(c)
        if self.terrain_card is not None:
            cleared.append(self.terrain_card)
        cleared.extend(self.centre)
        self.piles = [[] for _ in range(n)]
        self.terrain_card = None
        self.centre = []
        self.discard.extend(cleared)
        events.append(E.TableCleared(tuple(cleared)))
        self.last_winner, self.last_loser = winner, loser  # O-6
        self.last_chooser = self.chooser
        self.last_command_player = self.command_player
        self.last_tally_player = self.tally_player
        self.last_generals = tuple(generals)
        self._draw(events)
        self._end_check(events)

    def _no_battle(self, events: list[Event]) -> None:
        """R-2 / D24: no battle; only `last_chooser` is recorded, drawing still happens."""
        events.append(E.RegionUnchanged(self.target or 0))
        self.last_winner = self.last_loser = None
        self.last_command_player = self.last_tally_player = None
        self.last_chooser = self.chooser
        self.last_generals = (0,) * self.seat_count
        self._draw(events)
        self._end_check(events)

    def _draw(self, events: list[Event]) -> None:
        """N-1, N-2: entitlements clockwise from the chooser, reshuffling when needed."""
        solo = self.solo_counts()
        for s in clockwise(self.chooser, self.seat_count):
            if self.surrendered[s]:
                continue
            due = int(self.participant[s]) + solo[s]
            drawn: list[int] = []
            while due:
                if not self.deck:
                    if drawn:
                        events.append(E.CardsDrawn(s, tuple(drawn)))
                        drawn = []
                    if not self.discard:
                        events.append(E.DrawsLost(s, due))
                        break
                    self.deck = self.discard
                    self.discard = []
                    self.hidden_discard = {}
                    self.rng.shuffle(self.deck)
                    events.append(E.DeckReshuffled(len(self.deck)))
                card = self.deck.pop(0)
                insort(self.hands[s], card)
                drawn.append(card)
                due -= 1
            if drawn:
                events.append(E.CardsDrawn(s, tuple(drawn)))

    def _end_check(self, events: list[Event]) -> None:
        """E-1 domination, then E-3 proposals (clockwise from the chooser), then E-6."""
        total = len(self.active.ids)
        for s, count in enumerate(self.solo_counts()):
            if count == total and not self.surrendered[s]:
                self._finish(events, (s,), "domination")
                return
        self.end_queue = [s for s in clockwise(self.chooser, self.seat_count) if self.qualifies(s)]
        self._next_proposer(events)

    def _next_proposer(self, events: list[Event]) -> None:
        self.proposer = None
        self.vote_queue = []
        if self.end_queue:
            self.phase = Phase.PROPOSE
            self.actor = self.end_queue[0]
            return
        if self.round >= self.options["max_rounds"]:
            self._finish(events, self._ranking(), "round_limit")
            return
        self._start_round(events)

    def _do_propose(self, seat: int, action: A.Propose) -> list[Event]:
        events: list[Event] = [E.Proposal(seat)]
        self.proposer = seat
        n = self.seat_count
        self.vote_queue = [s for s in clockwise(seat, n)[1:] if not self.surrendered[s]]
        self.phase = Phase.VOTE
        self.actor = self.vote_queue[0]
        return events

    def _do_decline(self, seat: int, action: A.Decline) -> list[Event]:
        events: list[Event] = [E.ProposalDeclined(seat)]
        self.end_queue.pop(0)
        self._next_proposer(events)
        return events

    def _do_vote(self, seat: int, action: A.Vote) -> list[Event]:
        proposer = self.proposer
        assert proposer is not None
        accept = bool(action.accept)
        events: list[Event] = [E.VoteCast(seat, proposer, accept)]
        if not accept:
            events.append(E.ProposalRejected(proposer, seat))
            self.end_queue.pop(0)  # D29: later qualifying players may still propose
            self._next_proposer(events)
            return events
        self.vote_queue.pop(0)
        if self.vote_queue:
            self.actor = self.vote_queue[0]
            return events
        self._finish(events, (proposer,), "proposal")
        return events

    def _ranking(self) -> tuple[int, ...]:
        """E-6: solo regions, then flags, then cards in hand; ties share the win."""
        solo, flags = self.solo_counts(), self.flag_counts()
        alive = [s for s in range(self.seat_count) if not self.surrendered[s]]
        key = {s: (solo[s], flags[s], len(self.hands[s])) for s in alive}
        best = max(key.values())
        return tuple(s for s in alive if key[s] == best)

    def _finish(self, events: list[Event], winners: tuple[int, ...], cause: str) -> None:
        self.phase = Phase.OVER
        self.actor = -1
        self.winners = winners
        self.end_cause = cause
        self.end_queue = []
        self.vote_queue = []
        events.append(E.GameOver(winners, cause, tuple(self.solo_counts())))


_CHECKS: dict[type, Callable[[DomiplotGame, int, Action], str | None]] = {
    A.PlaceMarker: DomiplotGame._check_marker,  # type: ignore[dict-item]
    A.ChooseTarget: DomiplotGame._check_target,  # type: ignore[dict-item]
    A.Join: DomiplotGame._check_join,  # type: ignore[dict-item]
    A.Place: DomiplotGame._check_place,  # type: ignore[dict-item]
}

_EFFECTS: dict[type, Callable[[DomiplotGame, int, Action], list[Event]]] = {
    A.PlaceMarker: DomiplotGame._do_place_marker,  # type: ignore[dict-item]
    A.ChooseTarget: DomiplotGame._do_choose_target,  # type: ignore[dict-item]
    A.Join: DomiplotGame._do_join,  # type: ignore[dict-item]
    A.StayOut: DomiplotGame._do_stay_out,  # type: ignore[dict-item]
    A.Surrender: DomiplotGame._do_surrender,  # type: ignore[dict-item]
    A.Authorize: DomiplotGame._do_authorize,  # type: ignore[dict-item]
    A.Place: DomiplotGame._do_place,  # type: ignore[dict-item]
    A.Pass: DomiplotGame._do_pass,  # type: ignore[dict-item]
    A.RespondSupport: DomiplotGame._do_respond,  # type: ignore[dict-item]
    A.Propose: DomiplotGame._do_propose,  # type: ignore[dict-item]
    A.Decline: DomiplotGame._do_decline,  # type: ignore[dict-item]
    A.Vote: DomiplotGame._do_vote,  # type: ignore[dict-item]
}


def _option(setup: Setup, map_overrides: dict[str, int], key: str, default: int, low: int) -> int:
    """Section 15: a lobby option beats a map property, which beats the default."""
    value = setup.options.get(key, map_overrides.get(key, default))
    if not isinstance(value, int) or isinstance(value, bool) or value < low:
        raise IllegalAction("bad_option", option=key, value=str(value))
    return value


class DomiplotRuleset(Ruleset):
    """Domiplotism: 2-8 players, hidden hands and one face-down card each."""

    id = "domiplot"
    min_players = 2
    max_players = 8
    has_hidden_info = True
    options = {"first_player": ("random", 0, 1, 2, 3, 4, 5, 6, 7)}

    def default_map(self) -> str:
        return str(resource_path("maps", "domiplot", "nine_provinces.tmx"))

    def new_game(self, setup: Setup) -> DomiplotGame:
        self.check_seats(setup.seats)
        setup = self.with_id(setup)
        board = read_board(self.map_path(setup))
        n = len(setup.seats)
        if not board.min_players <= n <= board.max_players:
            raise IllegalAction("bad_seat_count", count=n, min=board.min_players, max=board.max_players)
        over = board.overrides
        options = {
            "initial_hand": _option(setup, over, "initial_hand", INITIAL_HAND, 0),
            "proposal_regions": _option(setup, over, "proposal_regions", PROPOSAL_REGIONS, 1),
            "proposal_adjacent": _option(setup, over, "proposal_adjacent", PROPOSAL_ADJACENT, 1),
            "max_rounds": _option(setup, over, "max_rounds", MAX_ROUNDS, 1),   # D30
            "ai_vote_margin": _option(setup, over, "ai_vote_margin", AI_VOTE_MARGIN, 0),
        }
        if options["initial_hand"] * n > DECK_SIZE:
            raise IllegalAction("bad_option", option="initial_hand", value=str(options["initial_hand"]))
        factions = setup.options.get("factions")
        known = [f[0] for f in FACTIONS]
        if factions is None:
            factions = known[:n]
        elif (not isinstance(factions, (list, tuple)) or len(factions) != n
              or len(set(factions)) != n or any(f not in known for f in factions)):
            raise IllegalAction("bad_option", option="factions", value=str(factions))
        first = setup.options.get("first_player", "random")
        rng = Rng(setup.seed)
        if first == "random":
            eldest = rng.below(n)  # S-2 (a)
        elif isinstance(first, int) and not isinstance(first, bool) and 0 <= first < n:
            eldest = first
        else:
            raise IllegalAction("bad_option", option="first_player", value=str(first))
        deck = list(range(DECK_SIZE))
        rng.shuffle(deck)  # S-2 (b)
        hands: list[list[int]] = [[] for _ in range(n)]
        for _ in range(options["initial_hand"]):  # S-3
            for s in clockwise(eldest, n):
                hands[s].append(deck.pop(0))
        for h in hands:
            h.sort()
        game = DomiplotGame(
            setup=setup, board=board, active=board.active(n), rng=rng,
            factions=tuple(factions), options=options, eldest=eldest,
            deck=deck, hands=hands, owners=[()] * (MAX_REGION_ID + 1),
            surrendered=[False] * n, last_generals=(0,) * n,
        )
        game._start_round([])
        return game

    def agents(self) -> dict[str, type]:
        from game.domiplot.ai import GreedyAgent
        return {"greedy": GreedyAgent}
