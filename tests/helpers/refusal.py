"""One way to assert a refusal in every ruleset's tests (issue 19, "one refusal style")."""

from __future__ import annotations

from typing import Any

import pytest

from game.core.errors import IllegalAction
from game.core.protocol import State


def assert_refused(state: State, seat: int, action: object, key: str, /,
                   **params: Any) -> IllegalAction:
    """`action` by `seat` is refused with `key`, by `reason()` and `apply()` alike.

    Checks that `reason()` returns an `IllegalAction` with that key (and each given param
    equal), that `apply()` raises the same key and params, and that the refused attempt left
    the state's digest unchanged. Returns the refusal for further checks.
    (Positional-only arguments, so `action=` and `seat=` can be checked as params.)
    """
    before = state.digest()
    refusal = state.reason(seat, action)
    assert isinstance(refusal, IllegalAction), f"reason() gave {refusal!r}, not an IllegalAction"
    assert refusal.key == key, f"refused with {refusal.key!r} ({refusal.params}), expected {key!r}"
    for name, value in params.items():
        assert name in refusal.params, f"refusal {refusal.key!r} has no param {name!r}: {refusal.params}"
        assert refusal.params[name] == value, (name, refusal.params[name], value)
    with pytest.raises(IllegalAction) as raised:
        state.apply(seat, action)  # type: ignore[arg-type]
    assert (raised.value.key, raised.value.params) == (refusal.key, refusal.params)
    assert state.digest() == before, "a refused action changed the state"
    return refusal


def assert_accepted(state: State, seat: int, action: object) -> None:
    """`reason()` has nothing against `action` (it is one of the legal actions)."""
    refusal = state.reason(seat, action)
    assert refusal is None, f"refused with {refusal}"
