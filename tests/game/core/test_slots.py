"""game.core.slots: the cheaper __init__ makes the same frozen objects as the dataclass's own."""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import pickle

import pytest

from game import rulesets
from game.core.slots import fits, slot_init, slot_init_all


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


def test_slot_init_keeps_defaults_and_the_signature():
    @dataclasses.dataclass(frozen=True, slots=True)
    class Step:
        tile: int
        x: int
        raze: str = "none"
        escrow: tuple = ()

    plain = [Step(3, 2), Step(3, 2, "special"), Step(tile=3, x=2, escrow=(1, 1)), Step(3, x=0)]
    def params(cls: type) -> list:   # names, kinds and defaults (annotations aside)
        return [(p.name, p.kind, p.default) for p in inspect.signature(cls).parameters.values()]

    signature = params(Step)
    slot_init(Step)
    assert params(Step) == signature
    fast = [Step(3, 2), Step(3, 2, "special"), Step(tile=3, x=2, escrow=(1, 1)), Step(3, x=0)]
    assert fast == plain and [hash(f) for f in fast] == [hash(p) for p in plain]
    assert (fast[0].raze, fast[0].escrow) == ("none", ())
    with pytest.raises(TypeError):
        Step(3, 2, bogus=1)


def test_slot_init_refuses_what_it_would_change():
    """Not frozen, no slots of its own, a __post_init__ or a default factory: the dataclass's
    constructor does something the slot setters would not."""
    @dataclasses.dataclass(frozen=True)
    class NoSlots:
        a: int

    @dataclasses.dataclass(slots=True)
    class NotFrozen:
        a: int

    @dataclasses.dataclass(frozen=True, slots=True)
    class PostInit:
        a: tuple

        def __post_init__(self) -> None:
            object.__setattr__(self, "a", tuple(self.a))

    @dataclasses.dataclass(frozen=True, slots=True)
    class Factory:
        a: tuple = dataclasses.field(default_factory=tuple)

    for cls in (NoSlots, NotFrozen, PostInit, Factory, int):
        assert not fits(cls)
        with pytest.raises(TypeError):
            slot_init(cls)


def test_slot_init_all_takes_only_the_modules_own_classes_that_fit():
    @dataclasses.dataclass(frozen=True, slots=True)
    class Mine:
        a: int

    @dataclasses.dataclass(frozen=True)
    class Unslotted:
        a: int

    before, elsewhere = Unslotted.__init__, Moved.__init__
    Mine.__module__ = Unslotted.__module__ = "probe"
    assert slot_init_all({"__name__": "probe", "Mine": Mine, "Unslotted": Unslotted,
                          "Moved": Moved}) == [Mine]
    assert Unslotted.__init__ is before and Moved.__init__ is elsewhere and Mine(4).a == 4


@pytest.mark.parametrize("ruleset_id", sorted(rulesets.ids()))
def test_every_ruleset_makes_its_events_and_actions_through_the_slot_setters(ruleset_id):
    """Each ruleset's `actions` and `events` end with `slot_init_all(globals())`: every
    class there with fields that fits has the cheaper constructor."""
    for part in ("actions", "events"):
        module = importlib.import_module(f"game.{ruleset_id}.{part}")
        classes = [c for c in vars(module).values() if isinstance(c, type)
                   and c.__module__ == module.__name__ and dataclasses.is_dataclass(c)
                   and dataclasses.fields(c) and fits(c)]
        assert classes
        slow = [c.__name__ for c in classes if not any(
            name.startswith("_set_") for name in c.__init__.__code__.co_names)]
        assert slow == []
