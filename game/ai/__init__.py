"""Agents that play any ruleset through the protocol, and the agent registry.

An agent sees only `view(seat)` and the legal actions, and owns its RNG, seeded from
(game seed, seat, agent id): it never reads or advances the game's RNG, so games stay
reproducible from their seed.
"""

from __future__ import annotations

import abc

from typing import ClassVar

from game.core.errors import UnknownName
from game.core.protocol import Action, Ruleset, View
from game.core.rng import Rng, derive_seed


class Agent(abc.ABC):
    """Base of every agent: `choose` one of the legal actions."""

    id: ClassVar[str] = ""
    needs_view: ClassVar[bool] = True  # False lets benchmarks skip building the view

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.rng = Rng(derive_seed(seed, "agent", seat, self.id))

    @abc.abstractmethod
    def choose(self, view: View | None, legal: list[Action]) -> Action:
        """One of `legal`, decided from `view` only."""


class RandomAgent(Agent):
    """Uniformly random among the legal actions (works on every ruleset)."""

    id = "random"
    needs_view = False

    def choose(self, view: View | None, legal: list[Action]) -> Action:
        return legal[self.rng.below(len(legal))]


GENERIC_AGENTS: dict[str, type[Agent]] = {"random": RandomAgent}


def agent_ids(ruleset: Ruleset) -> list[str]:
    """Agent ids available for a ruleset (generic ones plus its own)."""
    return sorted(set(GENERIC_AGENTS) | set(ruleset.agents()))


def make_agent(agent_id: str, ruleset: Ruleset, seat: int, seed: int) -> Agent:
    """An agent of kind `agent_id` for `seat`; `UnknownName` lists the valid ids."""
    table = {**GENERIC_AGENTS, **ruleset.agents()}
    if agent_id not in table:
        raise UnknownName("agent", agent_id, sorted(table))
    return table[agent_id](seat, seed)
