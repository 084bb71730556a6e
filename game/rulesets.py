"""The registry of rulesets: `rulesets.get("tidegate")`, `rulesets.ids()`.

Rulesets are listed explicitly (not found by scanning folders) so that PyInstaller sees every
import and a typo fails loudly. A ruleset whose package is not in this build is left out of
`ids()`.
"""

from __future__ import annotations

import importlib.util
from typing import Callable

from game.core.errors import UnknownName
from game.core.protocol import Ruleset


def _tidegate() -> Ruleset:
    from game.tidegate.rules import TidegateRuleset
    return TidegateRuleset()


def _territory() -> Ruleset:
    from game.territory.rules import TerritoryRuleset
    return TerritoryRuleset()


def _skirmish() -> Ruleset:
    from game.skirmish.rules import SkirmishRuleset
    return SkirmishRuleset()


def _domiplot() -> Ruleset:
    from game.domiplot.rules import DomiplotRuleset
    return DomiplotRuleset()


def _landship() -> Ruleset:
    from game.landship.rules import LandshipRuleset
    return LandshipRuleset()


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


def get(ruleset_id: str) -> Ruleset:
    """The ruleset registered as `ruleset_id`; `UnknownName` lists the known ids otherwise."""
    if ruleset_id not in _FACTORIES or not _present(ruleset_id):
        raise UnknownName("ruleset", ruleset_id, ids())
    if ruleset_id not in _CACHE:
        _CACHE[ruleset_id] = _FACTORIES[ruleset_id]()
    return _CACHE[ruleset_id]
