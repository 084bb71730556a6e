"""A full state consistent with what one seat sees (issue 17): the base of a search agent.

Everything a view shows is copied; everything it hides is sampled from the cards that seat
has not seen, with a fresh RNG: the other hands, the deck order, the others' face-down cards
(only score cards may lie face down, B-4) and the hidden discards. The result's view for
that seat equals the given view.

What a view cannot tell, and how the sample fills it in:
- a pending authorization's discards (J-4), unless the viewer is the requester, are the
  lowest kinds of the sampled requester's hand (the requester must still hold them);
- a support offer's gong target shown as HIDDEN_TARGET is the placer's sampled face-down
  card;
- hidden discards belong to the first other seat (only their count and place are seen).
"""

from __future__ import annotations

from typing import TypeVar

from game.core.protocol import Setup
from game.core.rng import Rng
from game.domiplot.constants import CARD_IS_SCORE, CARD_KIND, DECK_SIZE, KINDS
from game.domiplot.state import HIDDEN_TARGET, DomiplotState, DomiplotView

S = TypeVar("S", bound=DomiplotState)


def seen_cards(view: DomiplotView) -> set[int]:
    """Every card id the view shows (own hand, face-up and own face-down cards, visible
    discards, the centre, the terrain slot, a visible offered card)."""
    seen = set(view.hand or ())
    seen.update(c for pile in view.piles for c, _, _ in pile if c is not None)
    seen.update(c for c in view.discard if c is not None)
    seen.update(view.centre)
    if view.terrain_card is not None:
        seen.add(view.terrain_card)
    if view.offer is not None and view.offer[2] is not None:
        seen.add(view.offer[2])
    return seen


def state_from_view(view: DomiplotView, rng: Rng, make: type[S]) -> S:
    """A state of class `make` that `view.seat` cannot tell from the real one; `rng` draws
    the hidden parts and seeds the state's own fresh RNG."""
    n = len(view.seats)
    me = view.seat
    unseen = [c for c in range(DECK_SIZE) if c not in seen_cards(view)]
    rng.shuffle(unseen)
    # Face-down slots first, from the unseen score cards: at most one per seat, so there
    # are always enough (84 score cards against 8 seats).
    scores = [c for c in unseen if CARD_IS_SCORE[c]]

    def take_score() -> int:
        card = scores.pop()
        unseen.remove(card)
        return card

    piles = [[(c if c is not None else take_score(), placer, fd) for c, placer, fd in pile]
             for pile in view.piles]
    offer = None
    if view.offer is not None:
        placer, pile, card, fd, gong, recall = view.offer
        if gong == HIDDEN_TARGET:
            gong = next(c for p in piles for c, who, down in p if who == placer and down)
        offer = (placer, pile, card if card is not None else take_score(), fd, gong, recall)
    hands: list[list[int]] = []
    for s in range(n):
        if s == me and view.hand is not None:
            hands.append(list(view.hand))
        else:
            size = view.hand_sizes[s]
            hands.append(sorted(unseen[:size]))
            del unseen[:size]
    other = next((s for s in range(n) if s != me), 0)
    discard: list[int] = []
    hidden_discard: dict[int, int] = {}
    for c in view.discard:
        if c is None:
            c = unseen.pop()
            hidden_discard[c] = other
        discard.append(c)
    deck = unseen  # what is left, in a fresh random order, is exactly deck_count cards
    assert len(deck) == view.deck_count, (len(deck), view.deck_count)
    face_down_of: list[int | None] = [None] * n
    for pile in piles:
        for c, placer, fd in pile:
            if fd:
                face_down_of[placer] = c
    auth = None
    if view.auth_request is not None:
        seat, sponsor, discards = view.auth_request
        if discards is None:
            pay = view.distance[seat]
            discards = tuple(KINDS[CARD_KIND[c]].name for c in hands[seat][:pay])
        auth = (seat, sponsor, discards)
    last_winner, last_loser, last_chooser, last_command, last_tally = view.record
    board = view.board
    setup = Setup(seats=tuple(view.seats), seed=rng.below(1 << 31), map=board.path,
                  options=dict(view.options), ruleset="domiplot")
    return make(
        setup=setup, board=board, active=view.active, rng=Rng(rng.below(1 << 31)),
        factions=tuple(view.factions), options=dict(view.options), eldest=view.eldest,
        phase=view.phase, round=view.round, actor=view.actor,
        deck=deck, discard=discard, hidden_discard=hidden_discard, hands=hands,
        owners=tuple(view.owners), marker=view.marker, surrendered=tuple(view.surrendered),
        protector=view.protector, chooser=view.chooser, marker_ignored=view.marker_ignored,
        target=view.target, mode=view.mode, defenders=tuple(view.defenders),
        join_order=tuple(view.join_order), join_index=view.join_index, auth_request=auth,
        distance=tuple(view.distance), participant=tuple(view.participant),
        passed=tuple(view.passed), piles=piles, terrain_card=view.terrain_card,
        centre=tuple(view.centre), allegiance=tuple(view.allegiance),
        face_down_of=face_down_of, scored_into=list(view.scored_into), offer=offer,
        offer_made=view.offer_made, tally_player=view.tally_player,
        command_player=view.command_player, last_winner=last_winner, last_loser=last_loser,
        last_chooser=last_chooser, last_command_player=last_command,
        last_tally_player=last_tally, last_generals=tuple(view.last_generals),
        end_queue=tuple(view.end_queue), vote_queue=tuple(view.vote_queue),
        proposer=view.proposer, winners=view.winners, end_cause=view.end_cause,
    )
