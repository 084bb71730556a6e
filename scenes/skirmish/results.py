"""The VP chart of the Skirmish results: the rules keep no VP history (W-1 VP follow from the
cities), so it replays the recorded actions once from the setup and takes each `round_ended`
event's VP (R-3: the same setup and actions give the same game). The screen hands it to the
shared results as `session.score_history`; the deciding rule is named there from the keys
`skirmish.end_short.W-2` / `W-3`.
"""

from __future__ import annotations

from game import rulesets
from game.skirmish import events as E


def vp_history(session) -> list[tuple[float, ...]]:
    """VP of every seat at the end of each round of the session's game."""
    state = rulesets.get(session.setup.ruleset).new_game(session.setup)
    out: list[tuple[float, ...]] = []
    for seat, action in session.actions:
        for ev in state.apply(seat, action):
            if isinstance(ev, E.RoundEnded):
                out.append(tuple(ev.vp))
    return out
