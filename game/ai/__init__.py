"""Agents that play any ruleset through the protocol, and the agent registry.

An agent sees only `view(seat)` and the legal actions, and owns its RNG. `make_agent` derives
the agent's seed from (game seed, seat, agent id), so an agent never sees the game's seed
(from which the game's own dice could be predicted) and never reads or advances the game's
RNG; games stay reproducible from their seed.
"""

from __future__ import annotations

import abc
from itertools import compress, islice

from typing import ClassVar

from game.core.errors import UnknownName
from game.core.protocol import Action, Ruleset, View
from game.core.rng import Rng, derive_seed


class Agent(abc.ABC):
    """Base of every agent: `choose` one of the legal actions."""

    id: ClassVar[str] = ""
    needs_view: ClassVar[bool] = True  # False lets benchmarks skip building the view

    def __init__(self, seat: int, seed: int) -> None:
        """`seed` is the agent's own seed (see `agent_seed`), never the game's."""
        self.seat = seat
        self.rng = Rng(seed)

    @abc.abstractmethod
    def choose(self, view: View | None, legal: list[Action]) -> Action:
        """One of `legal`, decided from `view` only."""


def agent_seed(game_seed: int, seat: int, agent_id: str) -> int:
    """The seed of the agent `agent_id` at `seat` in a game seeded `game_seed`."""
    return derive_seed(game_seed, "agent", seat, agent_id)


def concedes(action: Action) -> bool:
    """True for an action that gives the game away (its class says `concedes = True`)."""
    return bool(getattr(type(action), "concedes", False))


# Action classes already classified, and those among them that concede: the random agent
# checks a whole legal list with set operations on its classes (C speed) instead of a
# Python-level attribute lookup per action, which cost ~15-20 % of random play.
_CLASSIFIED: set[type] = set()
_CONCEDING: set[type] = set()


def conceding_kinds(kinds: set[type]) -> set[type]:
    """The classes among `kinds` that concede (classifies new classes once, then caches)."""
    new = kinds - _CLASSIFIED
    for kind in new:
        if getattr(kind, "concedes", False):
            _CONCEDING.add(kind)
        _CLASSIFIED.add(kind)
    return kinds & _CONCEDING


class RandomAgent(Agent):
    """Uniformly random among the legal actions that do not concede (resign, surrender,
    vassal offers, gifts...); conceding only when nothing else is legal. A random player that
    resigns at its first chance would end most games at once and test nothing."""

    id = "random"
    needs_view = False

    def choose(self, view: View | None, legal: list[Action]) -> Action:
        # Same pick as filtering every action: the list is filtered only when it holds a
        # conceding action, which most lists of most rulesets never do.
        kinds = list(map(type, legal))
        bad = conceding_kinds(set(kinds))
        if not bad:
            return legal[self.rng.below(len(legal))]
        n_bad = sum(map(bad.__contains__, kinds))
        n = len(legal)
        if n_bad == n:
            return legal[self.rng.below(n)]
        if not any(map(bad.__contains__, kinds[:n - n_bad])):
            # the conceding actions close the list (resign usually does): index the rest
            return legal[self.rng.below(n - n_bad)]
        # the k-th non-conceding action, found at C speed (no pool list is built)
        keep = set(kinds) - bad
        k = self.rng.below(n - n_bad)
        return next(islice(compress(legal, map(keep.__contains__, kinds)), k, None))


class RandomAnyAgent(Agent):
    """Uniformly random among all legal actions, conceding ones included (the old `random`)."""

    id = "random-any"
    needs_view = False

    def choose(self, view: View | None, legal: list[Action]) -> Action:
        return legal[self.rng.below(len(legal))]


GENERIC_AGENTS: dict[str, type[Agent]] = {"random": RandomAgent, "random-any": RandomAnyAgent}

# Agent tables of the rulesets, by ruleset id: `AGENTS` of `game/<id>/agents.py`, handed in by
# the registry (`game.rulesets`), which sits above the rulesets; this module must not import
# them itself (layers: game/core < game/ai < game/<id> < game/play).
_RULESET_AGENTS: dict[str, dict[str, type[Agent]]] = {}


def register_agents(ruleset_id: str, table: dict[str, type]) -> None:
    """Record the agent classes of a ruleset (called by `game.rulesets` when it loads one)."""
    _RULESET_AGENTS[ruleset_id] = dict(table)


def agent_table(ruleset: Ruleset) -> dict[str, type]:
    """Every agent class usable on `ruleset`, by id: the generic ones plus its own.

    Its own come from `game/<id>/agents.py` (registered by `game.rulesets`; looked up by id
    here when a ruleset was built directly); a ruleset without that module has only these.
    """
    own = _RULESET_AGENTS.get(ruleset.id)
    if own is None:
        own = _load_agents_module(ruleset.id) or {}
        _RULESET_AGENTS[ruleset.id] = own
    return {**GENERIC_AGENTS, **own}


def _load_agents_module(ruleset_id: str) -> dict[str, type] | None:
    """`AGENTS` of `game.<ruleset_id>.agents`, or None if that module does not exist."""
    import importlib  # an id-driven plug-in lookup, not a dependency of this layer

    name = f"game.{ruleset_id}.agents"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name in (name, f"game.{ruleset_id}"):
            return None
        raise
    return dict(module.AGENTS)


def agent_ids(ruleset: Ruleset) -> list[str]:
    """Agent ids available for a ruleset (generic ones plus its own)."""
    return sorted(agent_table(ruleset))


def make_agent(agent_id: str, ruleset: Ruleset, seat: int, seed: int) -> Agent:
    """An agent of kind `agent_id` for `seat` in a game seeded `seed`; its own seed is derived
    from (seed, seat, agent id). `UnknownName` lists the valid ids."""
    table = agent_table(ruleset)
    if agent_id not in table:
        raise UnknownName("agent", agent_id, sorted(table))
    agent = table[agent_id](seat, agent_seed(seed, seat, agent_id))
    bind = getattr(agent, "bind", None)
    if bind is not None:   # agents built on the ruleset (levels, search) get it here
        bind(ruleset)
    return agent
