"""game.core.slots: the cheaper __init__ makes the same frozen objects as the dataclass's own."""

from __future__ import annotations

import dataclasses
import pickle

import pytest

from game.core.slots import slot_init


@dataclasses.dataclass(frozen=True, slots=True)
class Moved:
    ship: int
    path: tuple
    left: int


PLAIN = Moved(3, ((1, 2), (1, 3)), 2)          # made before slot_init: the dataclass's own
slot_init(Moved)


def test_slot_init_builds_equal_frozen_objects_by_position_or_keyword():
    fast = Moved(3, ((1, 2), (1, 3)), 2)
    assert fast == PLAIN and hash(fast) == hash(PLAIN) and repr(fast) == repr(PLAIN)
    assert Moved(left=2, ship=3, path=((1, 2), (1, 3))) == PLAIN
    assert pickle.loads(pickle.dumps(fast)) == fast
    with pytest.raises(dataclasses.FrozenInstanceError):
        fast.ship = 4
    with pytest.raises(TypeError):
        Moved(3, ())                             # a missing field is refused as before


def test_slot_init_refuses_fields_with_defaults():
    @dataclasses.dataclass(frozen=True, slots=True)
    class WithDefault:
        a: int
        b: int = 0

    with pytest.raises(TypeError, match="without defaults"):
        slot_init(WithDefault)
