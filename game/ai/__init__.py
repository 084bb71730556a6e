"""Agents that play any ruleset through the protocol, and the agent registry.

An agent sees only `view(seat)` and the legal actions, and owns its RNG. `make_agent` derives
the agent's seed from (game seed, seat, agent id), so an agent never sees the game's seed
(from which the game's own dice could be predicted) and never reads or advances the game's
RNG; games stay reproducible from their seed.
"""

from __future__ import annotations

import abc
from typing import Callable, ClassVar

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

    def resume(self, key: object, allows: Callable[[Action], bool]) -> Action | None:
        """What `choose` would return now, decided without the view and the legal list, or
        None to be asked `choose` with both. `key` is the position's turn key (the knob
        `turn_key` of `game.ai.knobs`: public, the view shows it too) and `allows(action)`
        tells whether an action is legal now (what `apply` accepts is exactly the legal
        list). Search playouts ask this first: an agent that plans a whole turn at its first
        call (Dice for Land's greedy) needs only the turn and a legality test later in it,
        and listing every legal action and building a view cost more than its choice. The
        default always wants the view."""
        return None


def agent_seed(game_seed: int, seat: int, agent_id: str) -> int:
    """The seed of the agent `agent_id` at `seat` in a game seeded `game_seed`."""
    return derive_seed(game_seed, "agent", seat, agent_id)


def concedes(action: Action) -> bool:
    """True for an action that gives the game away (its class says `concedes = True`).
    Looked up once per action class: most classes have no such attribute, and a `getattr`
    that misses raises and catches an AttributeError inside (the random agent asks at
    every decision)."""
    kind = type(action)
    found = _CONCEDES.get(kind)
    if found is None:
        found = _CONCEDES[kind] = bool(getattr(kind, "concedes", False))
    return found


_CONCEDES: dict[type, bool] = {}


# How many uniform draws the random agent makes before it filters the list itself.
_REDRAWS = 4


class RandomAgent(Agent):
    """Uniformly random among the legal actions that do not concede (resign, surrender,
    vassal offers, gifts...); conceding only when nothing else is legal. A random player that
    resigns at its first chance would end most games at once and test nothing."""

    id = "random"
    needs_view = False

    def choose(self, view: View | None, legal: list[Action]) -> Action:
        # Rejection sampling: a uniform draw from the whole list, drawn again when it concedes.
        # An accepted draw is uniform over the non-conceding actions, and so is the filter
        # below that ends a run of unlucky draws: the same distribution as filtering first,
        # at O(1) per decision instead of a pass over lists of hundreds of actions.
        n = len(legal)
        for _ in range(_REDRAWS):
            action = legal[self.rng.below(n)]
            if not concedes(action):
                return action
        pool = [a for a in legal if not concedes(a)] or legal
        return pool[self.rng.below(len(pool))]


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
