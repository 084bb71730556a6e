"""How a Domiplotism game ends: the E-6 ranking and the final step every end cause shares.

Kept apart from the round machine so that every rule family that can end the game (T-5's
stalemate, E-1, E-3, E-5, E-6) reaches it without importing the others.
"""

from __future__ import annotations

from game.core.protocol import Event, GameOver
from game.domiplot.state import DomiplotState, Phase

# The spec's rule that ends the game, by what happened. T-5 (nobody has a target, only
# possible when one seat holds everything, which E-1 ends first) ends by the E-6 ranking.
DOMINATION, PROPOSAL, SURRENDER, ROUND_LIMIT, STALEMATE = "E-1", "E-3", "E-5", "E-6", "T-5"


def ranking(g: DomiplotState) -> tuple[int, ...]:
    """E-6: solo regions, then flags, then cards in hand; ties share the win."""
    solo, flags = g.solo_counts(), g.flag_counts()
    alive = [s for s in range(g.seat_count) if not g.surrendered[s]]
    key = {s: (solo[s], flags[s], len(g.hands[s])) for s in alive}
    best = max(key.values())
    return tuple(s for s in alive if key[s] == best)


def finish(g: DomiplotState, events: list[Event], winners: tuple[int, ...], cause: str) -> None:
    """The game is over: nobody acts any more; the core `GameOver` announces the result
    (its scores are the solo regions per seat, a shared E-6 win is a draw)."""
    g.phase = Phase.OVER
    g.actor = -1
    g.winners = winners
    g.end_cause = cause
    g.end_queue = ()
    g.vote_queue = ()
    result = g.result()
    assert result is not None
    events.append(GameOver.of(result))
