"""The registry of rulesets: `rulesets.get("tidegate")`, `rulesets.ids()`.

Rulesets are listed explicitly (not found by scanning folders) so that PyInstaller sees every
import and a typo fails loudly.
"""

from __future__ import annotations

from typing import Callable

from game.core.errors import UnknownName
from game.core.protocol import Ruleset


def _tidegate() -> Ruleset:
    from game.tidegate.rules import TidegateRuleset
    return TidegateRuleset()


_FACTORIES: dict[str, Callable[[], Ruleset]] = {
    "tidegate": _tidegate,
}
_CACHE: dict[str, Ruleset] = {}


def ids() -> list[str]:
    """Every registered ruleset id, in the collection's order."""
    return list(_FACTORIES)


def get(ruleset_id: str) -> Ruleset:
    """The ruleset registered as `ruleset_id`; `UnknownName` lists the known ids otherwise."""
    if ruleset_id not in _FACTORIES:
        raise UnknownName("ruleset", ruleset_id, ids())
    if ruleset_id not in _CACHE:
        _CACHE[ruleset_id] = _FACTORIES[ruleset_id]()
    return _CACHE[ruleset_id]
