"""Legality in one place: which actions a seat may take now, and why any other is refused (I-2).

Each rule is written once, as a small predicate over the state: `pile_refusal` (A-2, A-5,
support offers), `gong_ok` (F-2), `recall_ok` (F-7), `discard_refusal` (J-1), `sponsor_refusal`
(J-4), `regions.target_reason` (T-4)... `refusal` composes them, in the order of I-2, to judge
one action; `legal_actions` walks every candidate of the current phase through the same
predicates, so the list it returns is exactly what `refusal` accepts (the conformance suite
checks both ways on random games).

The predicates return a refusal's catalogue key (the spec's I-2 word under the ruleset's
prefix, `domiplot.region_protected`; the keys every ruleset shares stay plain: `game_over`,
`not_your_turn`, `wrong_phase`, `bad_option`, `not_an_action`), because enumeration asks them
thousands of times a second; `refusal` wraps the key of the action at hand in the
`IllegalAction` that `apply` raises.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from game.core.errors import IllegalAction
from game.core.protocol import Action
from game.domiplot import actions as A
from game.domiplot.board import MAX_REGION_ID
from game.domiplot.constants import (
    CARD_IS_ARMY, CARD_KIND, COMMANDER, DECK_SIZE, GENERAL, GONG, IS_PILE_CARD, IS_SCORE, KIND_INDEX, KINDS,
)
from game.domiplot.regions import target_reason
from game.domiplot.state import DomiplotState, Phase, Placed

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

# One shared instance per region / card keeps enumeration allocation-free (actions are frozen
# and compared by value, so sharing them is invisible to callers).
MARKER_AT = tuple(A.PlaceMarker(r) for r in range(MAX_REGION_ID + 1))
TARGET_AT = tuple(A.ChooseTarget(r) for r in range(MAX_REGION_ID + 1))
_PLACE_PLAIN = tuple(A.Place(c) for c in range(DECK_SIZE))     # cards that go into no pile
_PLACE_INTO: dict[int, tuple[A.Place, ...]] = {}                # card << 3 | pile -> `_basic_places`
_JOIN: dict[tuple[tuple[str, ...], int | None], A.Join] = {}    # joins paying 0-2 cards
KIND_NAME = tuple(k.name for k in KINDS)


def kind_multisets(hand: Sequence[int], size: int) -> list[tuple[str, ...]]:
    """Every multiset of `size` card kinds the hand can discard, in table order (J-1)."""
    if size == 0:
        return [()]
    if size == 1:  # the common case: one of each kind held
        return [(KIND_NAME[k],) for k in sorted({CARD_KIND[c] for c in hand})]
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


# ---- the rule predicates ------------------------------------------------------------------
def region_refusal(g: DomiplotState, region: object) -> str | None:
    """T-2: the marker goes on an active region."""
    if not isinstance(region, int) or not 0 <= region <= MAX_REGION_ID or not g.active.is_active[region]:
        return "domiplot.region_inactive"
    return None


def discard_refusal(g: DomiplotState, seat: int, discards: object) -> str | None:
    """J-1: exactly one card per region of distance, all of them in the hand."""
    hand = g.hands[seat]
    d = g.distance[seat]
    if not isinstance(discards, tuple) or not all(isinstance(k, str) for k in discards):
        return "domiplot.card_not_in_hand"
    if len(hand) < d:
        return "domiplot.insufficient_cards_for_distance"
    if len(discards) != d:
        return "domiplot.wrong_discard_count"
    need: dict[int, int] = {}
    for name in discards:
        k = KIND_INDEX.get(name)
        if k is None:
            return "domiplot.card_not_in_hand"
        need[k] = need.get(k, 0) + 1
    for k, count in need.items():
        if sum(1 for c in hand if CARD_KIND[c] == k) < count:
            return "domiplot.card_not_in_hand"
    return None


def sponsor_refusal(g: DomiplotState, seat: int, sponsor: object) -> str | None:
    """J-4: an outsider of an internal battle names a co-owner; nobody else names anyone."""
    if g.needs_sponsor(seat):
        if not isinstance(sponsor, int) or sponsor not in g.owners[g.target]:  # type: ignore[index]
            return "domiplot.sponsor_not_coowner"
    elif sponsor is not None:
        return "bad_option"
    return None


def pile_refusal(g: DomiplotState, seat: int, pile: object) -> str | None:
    """B-3, A-2, A-5: where `seat` may put a pile card (own pile, its principal's, or a new
    support offer to a participant who supports nobody)."""
    if not isinstance(pile, int) or not 0 <= pile < len(g.hands) or not g.participant[pile]:
        return "domiplot.target_not_participant"
    allegiance = g.allegiance
    if pile == seat or pile == allegiance[seat]:
        return None
    if allegiance[pile] != pile:
        return "domiplot.target_is_supporter"
    if g.has_supporters(seat):
        return "domiplot.has_supporters"
    if g.offer_made:
        return "domiplot.support_offer_limit"
    return None


def gong_ok(seat: int, entry: Placed) -> bool:
    """F-2: a gong brings back an army card its player placed (face up or down)."""
    card, placer, _ = entry
    return placer == seat and CARD_IS_ARMY[card]


def recall_ok(seat: int, entry: Placed) -> bool:
    """F-7: a commander recalls a face-up general its player placed."""
    card, placer, face_down = entry
    return placer == seat and not face_down and CARD_KIND[card] == GENERAL


def _entry(g: DomiplotState, card: object) -> Placed | None:
    if not isinstance(card, int):
        return None
    where = g.locate(card)
    return None if where is None else g.piles[where[0]][where[1]]


# ---- checks per action type ----------------------------------------------------------------
def _check_marker(g: DomiplotState, seat: int, action: A.PlaceMarker) -> str | None:
    return region_refusal(g, action.region)


def _check_target(g: DomiplotState, seat: int, action: A.ChooseTarget) -> str | None:
    return target_reason(g.owners, g.active, g.marker, seat, action.region, g.marker_ignored)


def _check_join(g: DomiplotState, seat: int, action: A.Join) -> str | None:
    return discard_refusal(g, seat, action.discards) or sponsor_refusal(g, seat, action.sponsor)


def _check_place(g: DomiplotState, seat: int, action: A.Place) -> str | None:
    card = action.card
    if not isinstance(card, int) or card not in g.hands[seat]:
        return "domiplot.card_not_in_hand"
    k = CARD_KIND[card]
    face_down = bool(action.face_down)
    if face_down and not IS_SCORE[k]:
        return "domiplot.cannot_conceal_card"
    pile = action.pile
    if IS_PILE_CARD[k]:
        if pile is None:
            return "domiplot.pile_required"
        why = pile_refusal(g, seat, pile)
        if why is not None:
            return why
    elif pile is not None:
        return "domiplot.pile_not_allowed"
    gong = action.gong_target
    if gong is not None:
        entry = _entry(g, gong) if k == GONG else None
        if entry is None or not gong_ok(seat, entry):
            return "domiplot.invalid_gong_target"
    recall = action.recall_target
    if recall is not None:
        entry = _entry(g, recall) if k == COMMANDER and not face_down else None
        if entry is None or not recall_ok(seat, entry):
            return "domiplot.invalid_recall_target"
    return None


CHECKS: dict[type, Callable[[DomiplotState, int, Any], str | None]] = {
    A.PlaceMarker: _check_marker,
    A.ChooseTarget: _check_target,
    A.Join: _check_join,
    A.Place: _check_place,
}


def refusal(g: DomiplotState, seat: int, action: object) -> IllegalAction | None:
    """The refusal `apply(seat, action)` raises now, or None if the action is legal.

    Anything that is not a Domiplotism action is `not_an_action`, even once the game is over
    (the contract's word for every ruleset); then I-2's order: flow (game_over, not_qualified,
    not_your_turn, wrong_phase), then the rule predicates of the action at hand.
    """
    kind = type(action)
    if kind not in ALL_ACTIONS:
        return IllegalAction("not_an_action", action=kind.__name__, seat=seat)
    key = refusal_key(g, seat, action)
    if key is None:
        return None
    return IllegalAction(key, action=action.type_name, seat=seat)  # type: ignore[attr-defined]


def refusal_key(g: DomiplotState, seat: int, action: object) -> str | None:
    """The catalogue key of the refusal of a Domiplotism `action`, or None (see `refusal`)."""
    if g.phase is Phase.OVER:
        return "game_over"
    kind = type(action)
    # Propose from a seat that does not qualify says so whoever's turn it is (otherwise the
    # reason could never be seen).
    if kind is A.Propose and (not isinstance(seat, int) or not 0 <= seat < g.seat_count
                              or not g.qualifies(seat)):
        return "domiplot.not_qualified"
    if seat != g.actor:
        return "not_your_turn"
    if kind not in PHASE_ALLOWS[g.phase]:
        return "wrong_phase"
    check = CHECKS.get(kind)
    return check(g, seat, action) if check else None


# ---- enumeration: the same predicates over every candidate ---------------------------------
def _joins(g: DomiplotState, seat: int) -> list[Action]:
    out: list[Action] = []
    hand = g.hands[seat]
    d = g.distance[seat]
    if len(hand) >= d:
        candidates: list[int | None] = [None]
        if g.target is not None:
            candidates.extend(g.owners[g.target])
        sponsors = [s for s in candidates if sponsor_refusal(g, seat, s) is None]
        for discards in kind_multisets(hand, d):  # every sub-multiset of the hand of size d
            for s in sponsors:
                action = _JOIN.get((discards, s))
                if action is None:
                    action = A.Join(discards, s)
                    if d <= 2:  # longer marches are rare; keep the table small
                        _JOIN[discards, s] = action
                out.append(action)
    out.append(A.STAY_OUT)
    out.append(A.SURRENDER)
    return out


def _pile_candidates(g: DomiplotState, seat: int) -> list[int]:
    """Own pile, the principal's, then everyone else in seat order."""
    al = g.allegiance[seat]
    first = [seat] if al == seat else [seat, al]
    return first + [y for y in range(len(g.hands)) if y != seat and y != al]


def _basic_places(card: int, pile: int) -> tuple[A.Place, ...]:
    """Place `card` into `pile` face up, then face down if the card may be concealed (B-4)."""
    key = card << 3 | pile
    acts = _PLACE_INTO.get(key)
    if acts is None:
        face_down = (A.Place(card, pile, True),) if IS_SCORE[CARD_KIND[card]] else ()
        acts = _PLACE_INTO[key] = (A.Place(card, pile),) + face_down
    return acts


def _placements(g: DomiplotState, seat: int) -> list[Action]:
    piles = [p for p in _pile_candidates(g, seat) if pile_refusal(g, seat, p) is None]
    gongs: list[int] = []
    recalls: list[int] = []
    for pile in g.piles:
        for entry in pile:
            if gong_ok(seat, entry):
                gongs.append(entry[0])
            if recall_ok(seat, entry):
                recalls.append(entry[0])
    out: list[Action] = []
    extend = out.extend
    cache = _PLACE_INTO
    plain = _PLACE_PLAIN
    Place = A.Place
    for card in g.hands[seat]:
        k = CARD_KIND[card]
        if not IS_PILE_CARD[k]:
            out.append(plain[card])
            continue
        base = card << 3
        for p in piles:
            # Face up, then face down (score cards), then the targeted variants (F-2, F-7).
            acts = cache.get(base | p)
            extend(acts if acts is not None else _basic_places(card, p))
            if k == GONG:
                if gongs:
                    extend(Place(card, p, False, t) for t in gongs)
            elif k == COMMANDER and recalls:
                extend(Place(card, p, False, None, r) for r in recalls)
    out.append(A.PASS)
    return out


def _markers(g: DomiplotState, seat: int) -> list[Action]:
    return [MARKER_AT[r] for r in g.active.ids if region_refusal(g, r) is None]


def _targets(g: DomiplotState, seat: int) -> list[Action]:
    return [TARGET_AT[r] for r in g.active.ids
            if target_reason(g.owners, g.active, g.marker, seat, r, g.marker_ignored) is None]


_FIXED: dict[Phase, list[Action]] = {
    Phase.SUPPORT: [A.ACCEPT_SUPPORT, A.REFUSE_SUPPORT],
    Phase.AUTHORIZE: [A.ALLOW, A.REFUSE],
    Phase.PROPOSE: [A.PROPOSE, A.DECLINE],
    Phase.VOTE: [A.VOTE_YES, A.VOTE_NO],
}
ENUMERATE: dict[Phase, Callable[[DomiplotState, int], list[Action]]] = {
    Phase.BATTLE: _placements,
    Phase.JOIN: _joins,
    Phase.PROTECT: _markers,
    Phase.CHOOSE_TARGET: _targets,
}


def legal_actions(g: DomiplotState, seat: int) -> list[Action]:
    """Every action `refusal` accepts from `seat` now (none while another seat must act)."""
    phase = g.phase
    if phase is Phase.OVER or seat != g.actor:
        return []
    fixed = _FIXED.get(phase)
    return list(fixed) if fixed is not None else ENUMERATE[phase](g, seat)

