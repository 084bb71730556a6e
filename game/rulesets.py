"""The registry of rulesets: `rulesets.get("tidegate")`, `rulesets.ids()`.

Each ruleset's agents live in `game/<id>/agents.py` (`AGENTS = {"greedy": ...}`), loaded here
next to its rules. Rulesets are listed explicitly (not found by scanning folders) so that PyInstaller sees every
import and a typo fails loudly. A ruleset whose package is not in this build is left out of
`ids()`.
"""

from __future__ import annotations

import importlib.util
from typing import Callable

from game.core.errors import UnknownName
from game.core.protocol import Ruleset


def _loaded(ruleset: Ruleset, agents_module: object) -> Ruleset:
    """`ruleset`, with the agent table of its `agents.py` registered for `game.ai`.

    The imports above are explicit so PyInstaller sees every module; agents are handed to
    `game.ai` from here because it sits below the rulesets and must not import them.
    """
    from game.ai import register_agents
    from game.ai.levels import LEVELS
    table = getattr(agents_module, "AGENTS")
    # the difficulty levels (easy/normal/hard) wrap the ruleset's greedy agent
    levels = LEVELS if "greedy" in table else {}
    register_agents(ruleset.id, {**levels, **table})
    return ruleset


def _tidegate() -> Ruleset:
    from game.tidegate.rules import TidegateRuleset
    from game.tidegate import agents
    return _loaded(TidegateRuleset(), agents)


def _territory() -> Ruleset:
    from game.territory.rules import TerritoryRuleset
    from game.territory import agents
    return _loaded(TerritoryRuleset(), agents)


def _skirmish() -> Ruleset:
    from game.skirmish.rules import SkirmishRuleset
    from game.skirmish import agents
    return _loaded(SkirmishRuleset(), agents)


def _domiplot() -> Ruleset:
    from game.domiplot.rules import DomiplotRuleset
    from game.domiplot import agents
    return _loaded(DomiplotRuleset(), agents)


def _landship() -> Ruleset:
    from game.landship.rules import LandshipRuleset
    from game.landship import agents
    return _loaded(LandshipRuleset(), agents)


_FACTORIES: dict[str, Callable[[], Ruleset]] = {
    "tidegate": _tidegate,
    "territory": _territory,
    "skirmish": _skirmish,
    "domiplot": _domiplot,
    "landship": _landship,
}
_CACHE: dict[str, Ruleset] = {}


def _present(ruleset_id: str) -> bool:
    try:
        return importlib.util.find_spec(f"game.{ruleset_id}.rules") is not None
    except ModuleNotFoundError:
        return False


def ids() -> list[str]:
    """Every available ruleset id, in the collection's order."""
    return [r for r in _FACTORIES if _present(r)]


def agents(ruleset_id: str) -> dict[str, type]:
    """The agent classes of a ruleset by id, generic ones included (see `game.ai.agent_table`)."""
    from game.ai import agent_table
    return agent_table(get(ruleset_id))


def get(ruleset_id: str) -> Ruleset:
    """The ruleset registered as `ruleset_id`; `UnknownName` lists the known ids otherwise."""
    if ruleset_id not in _FACTORIES or not _present(ruleset_id):
        raise UnknownName("ruleset", ruleset_id, ids())
    if ruleset_id not in _CACHE:
        _CACHE[ruleset_id] = _FACTORIES[ruleset_id]()
    return _CACHE[ruleset_id]
