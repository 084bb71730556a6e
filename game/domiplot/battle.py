"""The battle: turns (B-1, B-5), placing cards (B-2..B-4), card effects (F-1..F-7) and support
offers (A-1..A-6). Plain functions over the state; legality lives in `legality.py`.
"""

from __future__ import annotations

from bisect import insort

from game.core.protocol import Event
from game.domiplot import actions as A
from game.domiplot import events as E
from game.domiplot.constants import (
    CARD_IS_ARMY, CARD_IS_SCORE, CARD_KIND, CARD_TERRAIN, CARD_VALUE, COMMAND, IS_PILE_CARD,
    IS_TERRAIN, STONES, TALLY,
)
from game.domiplot.regions import clockwise
from game.domiplot.resolution import resolve
from game.domiplot.scoring import SIEGE
from game.domiplot.state import DomiplotState, Phase, replaced


def start_battle(g: DomiplotState, events: list[Event]) -> None:
    """B-1: the first active participant clockwise from the chooser acts (J-3: empty hands
    are out at once)."""
    g.phase = Phase.BATTLE
    n = g.seat_count
    for s in clockwise(g.chooser, n):
        if g.participant[s] and not g.hands[s]:
            events.append(E.PlayerOut(s))  # J-3
    first = next((s for s in clockwise(g.chooser, n) if g.is_active(s)), None)
    if first is None:
        events.append(E.BattleEnded("all_out"))
        resolve(g, events)
        return
    g.actor = first
    events.append(E.TurnStarted(first))


def do_place(g: DomiplotState, seat: int, action: A.Place) -> list[Event]:
    """B-2, B-3: one card into a pile (or an offer, A-2), the terrain slot (F-1), a sweep
    (F-4, F-5) or the centre (F-6, which ends the battle)."""
    card = action.card
    k = CARD_KIND[card]
    g.hands[seat].remove(card)
    face_down = bool(action.face_down)
    events: list[Event] = []
    if IS_PILE_CARD[k]:
        pile = action.pile
        assert pile is not None
        if pile != seat and pile != g.allegiance[seat]:
            # an offer; the pile owner answers before the turn goes on.
            g.offer = (seat, pile, card, face_down, action.gong_target, action.recall_target)
            g.offer_made = True
            g.phase = Phase.SUPPORT
            g.actor = pile
            events.append(E.SupportOffered(seat, card, pile, face_down, face_down))
            return events
        events.append(E.CardPlaced(seat, card, pile, face_down, face_down))
        if pile == seat and g.allegiance[seat] != seat:
            g.allegiance = replaced(g.allegiance, seat, seat)  # betrayal
            events.append(E.AllegianceChanged(seat, seat))
        land(g, seat, pile, card, face_down, action.gong_target, action.recall_target, events)
    elif IS_TERRAIN[k]:
        events.append(E.CardPlaced(seat, card, None, False, False))
        previous = g.terrain_card
        if previous is not None:
            g.discard.append(previous)
            events.append(E.CardsDiscarded(seat, (previous,), "terrain", False))
        g.terrain_card = card
        events.append(E.TerrainChanged(seat, card, CARD_TERRAIN[k] or "", previous))
        if previous is None and g.mode == SIEGE:
            events.append(E.SiegeEnded(g.target or 0))
    elif k == TALLY or k == STONES:
        events.append(E.CardPlaced(seat, card, None, False, False))
        sweep(g, seat, card, highest=(k == TALLY), events=events)
    else:  # COMMAND (F-6)
        assert k == COMMAND
        g.centre += (card,)
        g.command_player = seat
        events.append(E.CardPlaced(seat, card, None, False, False))
        events.append(E.BattleEnded("command"))
        resolve(g, events)
        return events
    end_turn(g, seat, events)
    return events


def land(g: DomiplotState, seat: int, pile: int, card: int, face_down: bool, gong: int | None,
         recall: int | None, events: list[Event]) -> None:
    """A pile card arrives in `pile` (own, principal's or an accepted offer)."""
    g.piles[pile].append((card, seat, face_down))
    if face_down:
        old = g.face_down_of[seat]
        if old is not None:
            reveal(g, old, events)  # B-4: at most one face-down card per player
        g.face_down_of[seat] = card
    if CARD_IS_SCORE[card]:
        g.scored_into[seat] |= 1 << pile
    if gong is not None:
        return_card(g, seat, gong, "gong", events)
    if recall is not None:
        return_card(g, seat, recall, "recall", events)


def reveal(g: DomiplotState, card: int, events: list[Event]) -> None:
    """B-4: a face-down card turns face up where it lies."""
    where = g.locate(card)
    assert where is not None
    p, i = where
    c, placer, _ = g.piles[p][i]
    g.piles[p][i] = (c, placer, False)
    if g.face_down_of[placer] == c:
        g.face_down_of[placer] = None
    events.append(E.CardRevealed(placer, c, p))


def return_card(g: DomiplotState, seat: int, card: int, cause: str, events: list[Event]) -> None:
    """F-2 / F-7: a card the seat placed goes back to its hand."""
    where = g.locate(card)
    assert where is not None
    p, i = where
    _, _, fd = g.piles[p].pop(i)
    if fd and g.face_down_of[seat] == card:
        g.face_down_of[seat] = None
    insort(g.hands[seat], card)
    events.append(E.CardReturned(seat, card, p, cause, fd))


def sweep(g: DomiplotState, seat: int, card: int, highest: bool, events: list[Event]) -> None:
    """F-4 / F-5: discard every face-up army card of the highest (lowest) printed value."""
    values = [CARD_VALUE[c] for pile in g.piles for c, _, fd in pile
              if not fd and CARD_IS_ARMY[c]]
    gone: list[int] = []
    if values:
        aim = max(values) if highest else min(values)
        for p, pile in enumerate(g.piles):
            keep = []
            for entry in pile:
                c, _, fd = entry
                if not fd and CARD_IS_ARMY[c] and CARD_VALUE[c] == aim:
                    gone.append(c)
                else:
                    keep.append(entry)
            g.piles[p] = keep
    gone.append(card)
    g.discard.extend(gone)
    if highest:
        g.tally_player = seat
    events.append(E.CardsDiscarded(seat, tuple(gone), "tally" if highest else "stones", False))


def end_turn(g: DomiplotState, seat: int, events: list[Event]) -> None:
    """B-5: end the battle when nobody is active, else the next active clockwise acts."""
    g.offer_made = False
    g.phase = Phase.BATTLE
    if g.participant[seat] and not g.passed[seat] and not g.hands[seat]:
        events.append(E.PlayerOut(seat))
    n = g.seat_count
    for i in range(1, n + 1):
        s = (seat + i) % n
        if g.is_active(s):
            g.actor = s
            events.append(E.TurnStarted(s))
            return
    events.append(E.BattleEnded("all_out"))
    resolve(g, events)


def do_pass(g: DomiplotState, seat: int, action: A.Pass) -> list[Event]:
    """B-2: the seat withdraws from the rest of the battle."""
    g.passed = replaced(g.passed, seat, True)
    events: list[Event] = [E.PlayerPassed(seat)]
    end_turn(g, seat, events)
    return events


def do_respond(g: DomiplotState, seat: int, action: A.RespondSupport) -> list[Event]:
    """A-3, A-4: an accepted offer lands (and makes the pile owner the placer's principal);
    a refused one goes back to the placer, who acts again."""
    placer, pile, card, face_down, gong, recall = g.offer  # type: ignore[misc]
    g.offer = None
    accept = bool(action.accept)
    events: list[Event] = [E.SupportAnswered(seat, placer, accept)]
    if accept:
        if g.allegiance[placer] != pile:
            g.allegiance = replaced(g.allegiance, placer, pile)
            events.append(E.AllegianceChanged(placer, pile))
        land(g, placer, pile, card, face_down, gong, recall, events)
        end_turn(g, placer, events)
        return events
    insort(g.hands[placer], card)
    events.append(E.CardReturned(placer, card, pile, "refused", face_down))
    g.phase = Phase.BATTLE
    g.actor = placer  # acts again, but may not offer again this turn
    return events
