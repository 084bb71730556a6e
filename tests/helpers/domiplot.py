"""Scenario builders for Domiplotism tests: hands, owners and table cards set directly.

Every builder moves real card ids between places, so the 122 cards stay accounted for
(C-1) and a test can still play on with `apply`. Only tests use these.
"""

from __future__ import annotations

from bisect import insort

from game import rulesets
from game.core import Setup
from game.domiplot import actions as A
from game.domiplot.constants import CARD_IS_SCORE, CARD_KIND, KIND_INDEX
from game.domiplot.rules import DomiplotGame
from game.domiplot.state import Phase, replaced


def new_game(seats: int = 4, seed: int = 7, first: int = 0, **options) -> DomiplotGame:
    """A fresh game on the default map with seat `first` as the eldest (chooser of round 1)."""
    state = rulesets.get("domiplot").new_game(
        Setup(seats=("human",) * seats, seed=seed, options={"first_player": first, **options}))
    assert isinstance(state, DomiplotGame)
    return state


def pull(g: DomiplotGame, kind: str, keep: tuple[int, ...] = ()) -> int:
    """Take a card of `kind` out of the deck (else the discard pile, else a hand not in
    `keep`, which gets the deck's top card instead) and return its id."""
    k = KIND_INDEX[kind]
    for pile in (g.deck, g.discard):
        for c in pile:
            if CARD_KIND[c] == k:
                pile.remove(c)
                g.hidden_discard.pop(c, None)
                return c
    for s, hand in enumerate(g.hands):
        if s in keep:
            continue
        for c in hand:
            if CARD_KIND[c] == k:
                hand.remove(c)
                insort(hand, g.deck.pop(0))
                return c
    raise AssertionError(f"no {kind} left to pull")


def set_hand(g: DomiplotGame, seat: int, kinds: list[str], keep: tuple[int, ...] = ()) -> list[int]:
    """Give `seat` exactly these cards (its old hand goes to the bottom of the deck)."""
    g.deck.extend(g.hands[seat])
    g.hands[seat] = []
    cards = [pull(g, kind, keep=keep + (seat,)) for kind in kinds]
    g.hands[seat] = sorted(cards)
    return cards


def card_of(g: DomiplotGame, seat: int, kind: str) -> int:
    """The lowest id of `kind` in `seat`'s hand."""
    return next(c for c in g.hands[seat] if CARD_KIND[c] == KIND_INDEX[kind])


def own(g: DomiplotGame, region: int, *seats: int) -> None:
    """Set a region's flags."""
    g.owners = replaced(g.owners, region, tuple(sorted(seats)))


def put_pile(g: DomiplotGame, pile: int, placer: int, kind: str, face_down: bool = False) -> int:
    """Lay a card straight onto a pile (as if `placer` had placed it and it was accepted)."""
    card = pull(g, kind)
    g.piles[pile].append((card, placer, face_down))
    if face_down:
        g.face_down_of[placer] = card
    if CARD_IS_SCORE[card]:
        g.scored_into[placer] |= 1 << pile
    return card


def start_battle(g: DomiplotGame, region: int, joiners: dict[int, list[str]], chooser: int = 0,
                 discards: dict[int, tuple[str, ...]] | None = None) -> list:
    """Set the joiners' hands, let `chooser` choose `region`, the joiners join (others stay
    out). Returns the events of the last join; the game is then in its battle."""
    keep = tuple(joiners)
    for seat, kinds in joiners.items():
        set_hand(g, seat, kinds, keep=keep)
    g.chooser = chooser
    g.actor = chooser
    g.phase = Phase.CHOOSE_TARGET
    g.apply(chooser, A.ChooseTarget(region))
    events: list = []
    while g.phase is Phase.JOIN:
        seat = g.actor
        if seat in joiners:
            events = g.apply(seat, A.Join((discards or {}).get(seat, ())))
        else:
            events = g.apply(seat, A.STAY_OUT)
    return events


def place(g: DomiplotGame, seat: int, kind: str, pile: int | None = None, **kw) -> list:
    """`seat` places its lowest card of `kind` (into its own pile unless told otherwise)."""
    card = card_of(g, seat, kind)
    if pile is None and CARD_KIND[card] in PILE_KINDS:
        pile = seat
    return g.apply(seat, A.Place(card, pile, **kw))


PILE_KINDS = {KIND_INDEX[k] for k in (
    "siege_engine", "infantry", "heavy_infantry", "archer", "crossbowman", "cavalry",
    "heavy_cavalry", "general", "commander", "gong", "drum")}


def totals(g: DomiplotGame) -> list[int]:
    """Each seat's pile total now (K)."""
    return [t[4] for t in g.pile_scores()]
