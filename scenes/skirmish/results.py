"""What the Skirmish results add to the shared results screen: the deciding rule (W-2
domination, W-3 turn limit) and the VP of every seat after each round.

The rules keep no VP history (W-1 VP follow from the cities), so the chart replays the
recorded actions once from the setup and takes each `round_ended` event's VP (R-3: the same
setup and actions give the same game). The registry passes these to `ResultsScene`.
"""

from __future__ import annotations

from typing import Any

from game import rulesets
from game.core.i18n import tr
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


def results_extras(session) -> dict[str, Any]:
    """Keyword arguments for `ResultsScene`: the VP chart and the deciding rule's name."""
    result = session.state.result()
    cause = getattr(result, "cause", "") if result is not None else ""
    return {"history": vp_history(session),
            "cause": (lambda: tr(f"skirmish.cause.{cause}")) if cause else ""}
