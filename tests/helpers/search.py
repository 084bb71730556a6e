"""Helpers for the search-agent tests (tests/game/ai)."""

from __future__ import annotations

from game import rulesets
from game.ai import make_agent
from game.ai.levels import HardAgent, configure


def hard(ruleset_id: str, seat: int, seed: int = 7, iterations: int = 12) -> HardAgent:
    """A bound hard agent of `ruleset_id` at `seat` with a fixed iteration budget."""
    agent = make_agent("hard", rulesets.get(ruleset_id), seat, seed)
    assert isinstance(agent, HardAgent)
    configure(agent, iterations=iterations)
    return agent
