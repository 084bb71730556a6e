"""T-8 events are frozen values: each Landship event class's __init__ (built from its slots'
setters, events.py) takes its fields by position or keyword and makes the same frozen,
hashable value the dataclass describes (replays and views encode real ones)."""

from __future__ import annotations

from dataclasses import FrozenInstanceError, fields

import pytest

from game.core.protocol import Event
from game.landship import events as E

EVENT_CLASSES = [c for c in vars(E).values()
                 if isinstance(c, type) and issubclass(c, Event) and c.__module__ == E.__name__]


def test_every_event_class_is_checked():
    assert len(EVENT_CLASSES) >= 20
    assert E.ShipMoved in EVENT_CLASSES and E.TurnEnded in EVENT_CLASSES


@pytest.mark.parametrize("cls", EVENT_CLASSES, ids=lambda c: c.__name__)
def test_T_8_an_event_is_the_frozen_value_of_its_fields(cls):
    names = [f.name for f in fields(cls)]
    by_position = cls(*range(len(names)))
    by_keyword = cls(**{name: i for i, name in enumerate(names)})
    assert [getattr(by_position, name) for name in names] == list(range(len(names)))
    assert by_position == by_keyword and hash(by_position) == hash(by_keyword)
    assert by_position != cls(*range(1, len(names) + 1)) or not names
    if names:
        with pytest.raises(FrozenInstanceError):
            setattr(by_position, names[0], 99)
        with pytest.raises(TypeError):
            cls(*range(len(names) - 1))
    assert repr(by_position) == f"{cls.__name__}({', '.join(f'{n}={i}' for i, n in enumerate(names))})"
