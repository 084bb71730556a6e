"""The greedy Domiplotism agent (section 20): one ply, from its own view only.

It never sees other hands or others' face-down cards: an unseen face-down card counts at the
mean adjusted value of the score cards it cannot see (K-2, under that pile's terrain). Each
battle action is scored exactly with the K rules on a model of the visible table, then the
placement rules of section 20 pick one; diplomacy answers and votes follow the same section.
Every tie (equal scores, equal keep values, equally strong leaders) is broken by the agent's
own RNG, never by seat index, card id or set order, so a decision is a pure function of the
agent's seed and its view. A card the action brings back to the hand (a gong's army card, a
commander's recalled general, F-2/F-7) is credited at its keep value: recalling a general
keeps a card for later at the price of one point on the table.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence, TypeVar

from game.ai import Agent
from game.core.protocol import Action
from game.domiplot import actions as A
from game.domiplot.constants import (
    AI, CARD_IS_ARMY, CARD_IS_SCORE, CARD_KIND, CARD_TERRAIN, CARD_VALUE, COMMAND, COMMANDER,
    DECK_SIZE, FAMILY, FAVOURS, GENERAL, GONG, IS_ARMY, IS_SCORE, IS_TERRAIN, KINDS, SIEGE_ENGINE,
    STONES, TALLY, TERRAIN_BONUS, VALUE, adjusted,
)
from game.domiplot.regions import battle_mode, distances, qualifies, solo_regions, target_reason
from game.domiplot.scoring import OPEN, SIEGE, effective_terrain, pile_terms
from game.domiplot.state import DomiplotView, Phase

T = TypeVar("T")

# How much the agent wants to keep a card (lowest goes first when discarding for distance).
KEEP_VALUE: dict[str, float] = {
    "gong": 1.5, "rolling_stones": 2.0, "general": 2.5, "terrain_mountain": 3.0,
    "terrain_city": 3.0, "terrain_plateau": 3.0, "terrain_hills": 3.0, "terrain_plain": 3.0,
    "tiger_tally": 4.0, "drum": 5.0, "command": 7.0, "commander": 12.0,
}
# Spend of a function card in the placement rule "new lead - 0.5 x printed value spent".
FUNCTION_SPEND = 1.0


def keep_value(card: int) -> float:
    name = KINDS[CARD_KIND[card]].name
    return KEEP_VALUE.get(name, float(CARD_VALUE[card]))


def spend(card: int) -> float:
    """What placing `card` costs in the placement rule (its printed value; tactics 1)."""
    return float(CARD_VALUE[card]) if CARD_IS_SCORE[card] else FUNCTION_SPEND


def refund(action: A.Place) -> float:
    """What a placement brings back to the hand: a gong's army card at its printed value
    (section 20 rule 5 weighs army cards by value), a recalled general at its keep value."""
    back = 0.0
    if action.gong_target is not None:
        back += CARD_VALUE[action.gong_target]
    if action.recall_target is not None:
        back += keep_value(action.recall_target)
    return back


class _Table:
    """The visible battle table as the agent models it: piles of (kind or None, placer,
    face_down, card id or None), the terrain slot, and how unseen cards are valued."""

    def __init__(self, view: DomiplotView, me: int) -> None:
        self.view = view
        self.me = me
        self.piles = [[(None if c is None else CARD_KIND[c], placer, fd, c) for c, placer, fd in pile]
                      for pile in view.piles]
        self.slot = None if view.terrain_card is None else CARD_TERRAIN[CARD_KIND[view.terrain_card]]
        self.mode = view.mode or OPEN
        self.map_terrain = view.board.terrain(view.target) if view.target else "ordinary"
        self.participants = [s for s, p in enumerate(view.participant) if p]
        seen = set(view.hand or ())
        seen.update(c for pile in view.piles for c, _, _ in pile if c is not None)
        seen.update(c for c in view.discard if c is not None)
        seen.update(view.centre)
        if view.terrain_card is not None:
            seen.add(view.terrain_card)
        if view.offer is not None and view.offer[2] is not None:
            seen.add(view.offer[2])
        self.unseen_score = [CARD_KIND[c] for c in range(DECK_SIZE)
                             if c not in seen and CARD_IS_SCORE[c]]
        self._mean: dict[str, float] = {}

    def terrain_of(self, pile: int, slot: str | None) -> str:
        return effective_terrain(slot, self.mode, self.map_terrain, pile in self.view.defenders)

    def mean_unseen(self, terrain: str) -> float:
        """Mean adjusted value (army value + bonus, or hero value) of an unseen score card."""
        if terrain not in self._mean:
            kinds = self.unseen_score
            if not kinds:
                self._mean[terrain] = 0.0
            else:
                favoured = FAVOURS.get(terrain)
                total = 0
                for k in kinds:
                    if IS_ARMY[k]:
                        bonus = TERRAIN_BONUS if favoured and FAMILY[k] == favoured else 0
                        total += adjusted(k, terrain) + bonus
                    else:
                        total += VALUE[k]
                self._mean[terrain] = total / len(kinds)
        return self._mean[terrain]

    def total(self, pile: int, cards: Sequence[tuple], slot: str | None) -> float:
        terrain = self.terrain_of(pile, slot)
        known = [k for k, _, _, _ in cards if k is not None]
        unknown = len(cards) - len(known)
        score = pile_terms(known, terrain)[4]
        return score + unknown * self.mean_unseen(terrain) if unknown else score

    def totals(self, piles: list[list[tuple]] | None = None, terrain_card: bool = False,
               slot: str | None = None) -> dict[int, float]:
        """Every participant's total; `terrain_card` puts `slot` in the terrain slot."""
        piles = self.piles if piles is None else piles
        chosen = slot if terrain_card else self.slot
        return {s: self.total(s, piles[s], chosen) for s in self.participants}


def lead_of(totals: dict[int, float], own: int) -> float:
    """Own pile's total minus the best other pile's total."""
    others = [t for s, t in totals.items() if s != own]
    return totals.get(own, 0.0) - (max(others) if others else 0.0)


class GreedyAgent(Agent):
    """Section 20's greedy one-ply agent."""

    id = "greedy"

    def choose(self, view: DomiplotView, legal: list[Action]) -> Action:  # type: ignore[override]
        phase = view.phase
        if len(legal) == 1:
            return legal[0]
        if phase is Phase.BATTLE:
            return self._battle(view, legal)
        if phase is Phase.JOIN:
            return self._join(view, legal)
        if phase is Phase.CHOOSE_TARGET:
            return self._target(view, legal)
        if phase is Phase.PROTECT:
            return self._protect(view, legal)
        if phase is Phase.SUPPORT:
            return self._answer_offer(view)
        if phase is Phase.AUTHORIZE:
            return A.REFUSE                      # section 20: refuse authorization
        if phase is Phase.PROPOSE:
            return A.PROPOSE                     # E-4: always propose when qualifying
        if phase is Phase.VOTE:
            return self._vote(view)
        return legal[0]

    # ---- end of game ----------------------------------------------------------------------
    def _vote(self, view: DomiplotView) -> Action:
        """E-4: accept iff the proposer has at least the margin more solo regions."""
        proposer = view.proposer if view.proposer is not None else self.seat
        mine = len(solo_regions(view.owners, view.active, self.seat))
        theirs = len(solo_regions(view.owners, view.active, proposer))
        return A.VOTE_YES if theirs - mine >= view.options["ai_vote_margin"] else A.VOTE_NO

    # ---- protection and target ------------------------------------------------------------
    def _leader(self, view: DomiplotView) -> int | None:
        """The opponent with the most solo regions (None if nobody has any; ties by RNG)."""
        counts = {s: len(solo_regions(view.owners, view.active, s)) for s in range(len(view.seats))
                  if s != self.seat and not view.surrendered[s]}
        holders = [s for s, c in counts.items() if c > 0]
        return self._pick(holders, counts.__getitem__) if holders else None

    def _protect(self, view: DomiplotView, legal: list[Action]) -> Action:
        active = view.active
        mine = solo_regions(view.owners, active, self.seat)
        if mine:
            groups = active.graph.components(mine)
            big = {r for g in groups if len(g) >= view.options["proposal_adjacent"] for r in g}

            def threat(r: int) -> float:
                hostile = sum(1 for nb in active.neighbours[r]
                              if view.owners[nb] and self.seat not in view.owners[nb])
                return hostile + (10 if r in big else 0)

            return A.PlaceMarker(self._best(mine, threat))
        leader = self._leader(view)
        if leader is not None:
            scores = self._target_scores(view, leader)
            if scores:
                return A.PlaceMarker(self._best(list(scores), lambda r: scores[r]))
        return legal[self.rng.below(len(legal))]

    def _strength(self, hand: Sequence[int], terrain: str) -> float:
        """The total of the best 5 score cards of a hand under a terrain (plus a drum)."""
        favoured = FAVOURS.get(terrain)
        values = []
        drum = False
        for c in hand:
            k = CARD_KIND[c]
            if IS_ARMY[k]:
                bonus = TERRAIN_BONUS if favoured and FAMILY[k] == favoured else 0
                values.append(adjusted(k, terrain) + bonus)
            elif IS_SCORE[k]:
                values.append(VALUE[k])
            elif KINDS[k].name == "drum":
                drum = True
        values.sort(reverse=True)
        best = sum(values[:5])
        return best * (1.5 if drum else 1.0)

    def _target_scores(self, view: DomiplotView, seat: int) -> dict[int, float]:
        """value x chance - 0.7 x distance for every legal target of `seat` (section 20)."""
        owners, active = view.owners, view.active
        dist = distances(owners, active, seat)
        hand = view.hand if seat == self.seat and view.hand is not None else ()
        others = [view.hand_sizes[s] for s in range(len(view.seats))
                  if s != seat and not view.surrendered[s]]
        avg_hand = sum(others) / len(others) if others else 0.0
        opponent = min(avg_hand, 5.0) * AI["mean_card_value"]
        can_siege = any(CARD_KIND[c] in (SIEGE_ENGINE, GENERAL, COMMANDER) or IS_TERRAIN[CARD_KIND[c]]
                        for c in hand) or seat != self.seat
        leader = self._leader(view) if seat == self.seat else None
        out: dict[int, float] = {}
        for r in active.ids:
            if target_reason(owners, active, view.marker, seat, r, view.marker_ignored) is not None:
                continue
            mode, _ = battle_mode(owners, seat, r)
            if mode == SIEGE and not can_siege:
                continue
            terrain = effective_terrain(None, mode, view.board.terrain(r), False)
            value = 1.0
            trial = list(owners)
            trial[r] = (seat,)
            if qualifies(trial, active, seat, view.options):
                value += 1.0
            if leader is not None and leader in owners[r]:
                value += 0.5
            mine = self._strength(hand, terrain) if hand else opponent
            chance = mine / (mine + opponent) if mine + opponent > 0 else 0.5
            if dist[r] > max(0, len(hand) - 3) and seat == self.seat:
                continue
            out[r] = value * chance - AI["distance_weight"] * dist[r]
        return out

    def _target(self, view: DomiplotView, legal: list[Action]) -> Action:
        scores = self._target_scores(view, self.seat)
        allowed = {a.region for a in legal if isinstance(a, A.ChooseTarget)}
        scores = {r: v for r, v in scores.items() if r in allowed}
        if not scores:
            dist = distances(view.owners, view.active, self.seat)
            return A.ChooseTarget(self._best(sorted(allowed), lambda r: -dist[r]))
        return A.ChooseTarget(self._best(list(scores), lambda r: scores[r]))

    # ---- joining --------------------------------------------------------------------------
    def _join(self, view: DomiplotView, legal: list[Action]) -> Action:
        d = view.distance[self.seat]
        hand = list(view.hand or ())
        joins = [a for a in legal if isinstance(a, A.Join)]
        if not joins:
            return A.STAY_OUT
        if d > 0:
            others = [view.hand_sizes[s] for s in range(len(view.seats))
                      if s != self.seat and not view.surrendered[s]]
            avg = sum(others) / len(others) if others else 0.0
            defender = self.seat in view.defenders
            if not (view.chooser == self.seat or defender or len(hand) >= AI["join_hand_factor"] * avg):
                return A.STAY_OUT
        weakest = self._weakest(hand, d)
        names = tuple(KINDS[CARD_KIND[c]].name for c in weakest)
        wanted = A.Join(names).discards
        # J-4: any co-owner may be asked; which one is a tie, broken by the RNG.
        fits = [a for a in joins if a.discards == wanted]
        return self._pick(fits, lambda a: 0) if fits else joins[0]

    # ---- support answers ------------------------------------------------------------------
    def _answer_offer(self, view: DomiplotView) -> Action:
        """Accept iff its pile is not strictly the highest."""
        table = _Table(view, self.seat)
        totals = table.totals()
        mine = totals.get(self.seat, 0.0)
        others = [t for s, t in totals.items() if s != self.seat]
        strictly_highest = bool(others) and mine > max(others)
        return A.REFUSE_SUPPORT if strictly_highest else A.ACCEPT_SUPPORT

    # ---- battle ---------------------------------------------------------------------------
    def _outcome(self, table: _Table, base: dict[int, float], action: A.Place, own: int
                 ) -> tuple[dict[int, float], int]:
        """Totals after `action` (offers assumed accepted) and the pile the agent backs."""
        me = self.seat
        card = action.card
        k = CARD_KIND[card]
        piles = table.piles
        if action.pile is not None:
            pile = action.pile
            new = dict(base)
            changed = {pile}
            cards = list(piles[pile]) + [(k, me, action.face_down, card)]
            removed = action.gong_target if action.gong_target is not None else action.recall_target
            trial = None
            if removed is not None:
                trial = [list(p) for p in piles]
                trial[pile] = cards
                for p, pl in enumerate(trial):
                    for i, entry in enumerate(pl):
                        if entry[3] == removed:
                            del pl[i]
                            changed.add(p)
                            break
                for p in changed:
                    new[p] = table.total(p, trial[p], table.slot)
            else:
                new[pile] = table.total(pile, cards, table.slot)
            return new, pile  # placing into a pile backs that pile
        if IS_TERRAIN[k]:
            return table.totals(terrain_card=True, slot=CARD_TERRAIN[k]), own
        if k == TALLY or k == STONES:
            values = [CARD_VALUE[e[3]] for pl in piles for e in pl
                      if e[3] is not None and not e[2] and CARD_IS_ARMY[e[3]]]
            if not values:
                return dict(base), own
            aim = max(values) if k == TALLY else min(values)
            trial = [[e for e in pl if not (e[3] is not None and not e[2] and CARD_IS_ARMY[e[3]]
                                            and CARD_VALUE[e[3]] == aim)] for pl in piles]
            return table.totals(piles=trial), own
        return dict(base), own  # command: nothing changes but the battle ends

    def _battle(self, view: DomiplotView, legal: list[Action]) -> Action:
        me = self.seat
        table = _Table(view, me)
        base = table.totals()
        own = view.allegiance[me]
        lead = lead_of(base, own)
        places = [a for a in legal if isinstance(a, A.Place)]
        hand = list(view.hand or ())
        others_active = any(view.participant[s] and not view.passed[s] and view.hand_sizes[s] > 0
                            for s in range(len(view.seats)) if s != me)
        # 1. a command card while ahead ends the battle now
        if lead > 0:
            for a in places:
                if CARD_KIND[a.card] == COMMAND:
                    return a
        # 2. ahead and nobody else can answer: stop
        if lead > 0 and not others_active:
            return A.PASS
        # Score every distinct action once (duplicate cards of a kind behave alike).
        seen: dict[tuple, tuple[float, float, A.Place]] = {}
        offers: dict[tuple, tuple[float, float, A.Place]] = {}
        has_face_down = any(placer == me and fd for pile in view.piles for _, placer, fd in pile)
        for a in places:
            k = CARD_KIND[a.card]
            if k == COMMAND or a.face_down:
                # Face down scores the same for its own player; `_conceal` alone decides it.
                continue
            # New offers are diplomacy (rule 5), not a way to "lead" with someone else's pile.
            bucket = offers if a.pile is not None and a.pile not in (me, own) else seen
            key = (k, a.pile, a.face_down,
                   None if a.gong_target is None else CARD_KIND[a.gong_target],
                   a.recall_target is not None)
            if key in bucket:
                continue
            totals, backs = self._outcome(table, base, a, own)
            new_lead = lead_of(totals, backs)
            bucket[key] = (new_lead, spend(a.card) - refund(a), a)
        options = list(seen.values())
        # 3. far ahead: pass, unless winning would qualify us; then the cheapest keeper
        if lead >= AI["pass_lead"]:
            if not self._win_qualifies(view):
                return A.PASS
            keepers = [o for o in options if o[0] > 0]
            if keepers:
                cheapest = self._pick(keepers, lambda o: (-o[1], o[0]))[2]
                return self._conceal(view, cheapest, has_face_down, legal)
            return A.PASS
        # 4. the best action that gives the lead
        winning = [o for o in options if o[0] > 0]
        if winning:
            best = self._pick(winning, lambda o: o[0] - AI["spend_weight"] * o[1])
            return self._conceal(view, best[2], has_face_down, legal)
        # 5. nothing gives the lead
        offer = self._support(view, table, base, list(offers.values()), own)
        if offer is not None:
            return offer
        gap = -lead
        best3 = sorted((self._card_gain(table, c) for c in hand), reverse=True)[:3]
        if sum(best3) > gap and options:
            best = self._pick(options, lambda o: o[0] - AI["spend_weight"] * o[1])
            return self._conceal(view, best[2], has_face_down, legal)
        gongs = [a for a in places if CARD_KIND[a.card] == GONG and a.gong_target is not None]
        if gongs:
            return self._pick(gongs, lambda a: CARD_VALUE[a.gong_target])
        return A.PASS

    def _card_gain(self, table: _Table, card: int) -> float:
        k = CARD_KIND[card]
        terrain = table.terrain_of(self.seat, table.slot)
        if IS_ARMY[k]:
            return adjusted(k, terrain) + (TERRAIN_BONUS if FAVOURS.get(terrain) == FAMILY[k] else 0)
        return float(VALUE[k]) if IS_SCORE[k] else 0.0

    def _win_qualifies(self, view: DomiplotView) -> bool:
        if view.target is None:
            return False
        trial = list(view.owners)
        trial[view.target] = (self.seat,)
        return (not qualifies(view.owners, view.active, self.seat, view.options)
                and qualifies(trial, view.active, self.seat, view.options))

    def _conceal(self, view: DomiplotView, action: A.Place, has_face_down: bool,
                 legal: list[Action]) -> Action:
        """Conceal an army card of value 6 or more when no own card is face down."""
        card = action.card
        if (not has_face_down and not action.face_down and CARD_IS_ARMY[card]
                and CARD_VALUE[card] >= AI["conceal_value"]):
            hidden = A.Place(card, action.pile, True, action.gong_target, action.recall_target)
            if hidden in legal:
                return hidden
        return action

    def _support(self, view: DomiplotView, table: _Table, base: dict[int, float],
                 options: list[tuple[float, float, A.Place]], own: int) -> Action | None:
        """Offer a card when a non-leader could then beat the leader, or to defend a region
        the agent co-owns."""
        me = self.seat
        others = {s: t for s, t in base.items() if s != me}
        if not others:
            return None
        leader = self._pick(list(others), others.__getitem__)
        offers: list[tuple[float, A.Place]] = []
        for new_lead, cost, a in options:
            pile = a.pile
            if pile is None or pile == me or pile == own:
                continue
            totals, _ = self._outcome(table, base, a, own)
            helps_defence = me in view.defenders and pile in view.defenders
            if pile == leader and not helps_defence:
                continue
            rivals = [t for s, t in totals.items() if s != pile]
            if rivals and totals[pile] > max(rivals):
                offers.append((totals[pile] - max(rivals) - AI["spend_weight"] * cost, a))
        return self._pick(offers, lambda o: o[0])[1] if offers else None

    # ---- helpers --------------------------------------------------------------------------
    def _pick(self, items: Sequence[T], score: Callable[[T], Any]) -> T:
        """The item with the highest score; ties broken by the agent's RNG (drawn only when
        there is a tie, so untied decisions leave the RNG alone)."""
        values = [score(i) for i in items]
        top = max(values)
        best = [i for i, v in zip(items, values) if v == top]
        return best[0] if len(best) == 1 else best[self.rng.below(len(best))]

    def _best(self, items: list[int], score: Callable[[int], float]) -> int:
        """The region (or other id) with the highest score; ties by the agent's RNG."""
        return self._pick(items, score)

    def _weakest(self, hand: Sequence[int], count: int) -> list[int]:
        """The `count` cards it wants least (lowest keep value); kinds of equal keep value
        are ordered by the agent's RNG (copies of one kind are interchangeable)."""
        if count <= 0:
            return []
        kinds = sorted({CARD_KIND[c] for c in hand})
        values = [keep_value(next(c for c in hand if CARD_KIND[c] == k)) for k in kinds]
        rank: dict[int, int] = {}
        if len(set(values)) < len(values):  # some kinds tie: shuffle them before sorting
            order = list(kinds)
            self.rng.shuffle(order)
            rank = {k: i for i, k in enumerate(order)}
        return sorted(hand, key=lambda c: (keep_value(c), rank.get(CARD_KIND[c], 0), c))[:count]
