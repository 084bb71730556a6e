"""The presenter: every event type of every ruleset with a screen has a handler (so each new
screen is held to it), beats play one event at a time, merged beats play together."""

from __future__ import annotations

import dataclasses
import importlib
import inspect

from game.core.protocol import Event
from scenes.board.presenter import Beat, Presenter, missing_handlers
from scenes.board.targets import Selection
from scenes.registry import GAME_SCENES
from sprites.anim import Timeline, Wait


def event_classes(ruleset_id: str) -> list[type]:
    """Every concrete Event dataclass a ruleset's events module defines."""
    module = importlib.import_module(f"game.{ruleset_id}.events")
    return [c for _, c in inspect.getmembers(module, inspect.isclass)
            if issubclass(c, Event) and c is not Event and c.__module__ == module.__name__
            and dataclasses.is_dataclass(c)]


def test_every_event_of_every_screened_ruleset_has_a_presenter():
    assert GAME_SCENES, "no game screens registered"
    for ruleset_id, screen in GAME_SCENES.items():
        classes = event_classes(ruleset_id)
        assert classes, ruleset_id
        assert missing_handlers(screen.presenters, classes) == [], ruleset_id


def test_the_enumeration_sees_tidegate_events():
    names = {c.__name__ for c in event_classes("tidegate")}
    assert {"DiceRolled", "Produced", "Built", "TurnStarted"} <= names


class _Ev:
    def __init__(self, n, merge=None):
        self.n, self.merge = n, merge


def _presenter():
    seen, logs = [], []
    timeline = Timeline()

    def handler(screen, ev):
        return Beat([Wait(0.5)], log=lambda: f"line {ev.n}", apply=lambda: seen.append(ev.n), merge=ev.merge)
    return Presenter(None, {_Ev: handler}, timeline, logs.append), timeline, seen, logs


def test_events_play_one_at_a_time_and_the_view_follows_each():
    presenter, timeline, seen, logs = _presenter()
    revealed = []
    presenter.play([_Ev(1), _Ev(2), _Ev(3)], lambda: revealed.append(True))
    timeline.update(0.01)
    assert seen == [1] and [f() for f in logs] == ["line 1"]
    timeline.update(0.5)
    assert seen == [1, 2]
    timeline.update(0.5)
    timeline.update(0.5)
    assert seen == [1, 2, 3] and revealed == [True] and not timeline.busy


def test_beats_with_the_same_merge_key_play_together():
    presenter, timeline, seen, logs = _presenter()
    presenter.play([_Ev(1, "chips"), _Ev(2, "chips"), _Ev(3)], lambda: None)
    assert len(timeline.groups) == 2
    timeline.update(0.01)
    assert seen == [1, 2] and len(logs) == 2


def test_an_event_without_a_handler_is_an_error_not_silence():
    presenter, *_ = _presenter()
    try:
        presenter.play([object()], lambda: None)
    except KeyError as exc:
        assert "object" in str(exc)
    else:
        raise AssertionError("a missing presenter must fail loudly")


def test_selection_piece_then_destination_then_target():
    legal = [("move", 1, (2, 2), None), ("attack", 1, (2, 2), 7), ("move", 1, (3, 2), None), ("move", 2, (3, 3), None)]

    def steps(a):
        kind, unit, dest, target = a
        return (("unit", unit), ("cell", dest)) + ((("target", target),) if target else ())
    sel = Selection(steps)
    sel.set_legal(legal)
    assert set(sel.targets()) == {("unit", 1), ("unit", 2)}
    assert sel.click(("unit", 1)) is None
    assert set(sel.targets()) == {("cell", (2, 2)), ("cell", (3, 2))}
    assert sel.targets()[("cell", (2, 2))] == legal[0]      # moving there completes an action...
    assert sel.actions_through(("cell", (2, 2))) == legal[:2]  # ...or goes on to an attack
    assert sel.click(("cell", (3, 2))) == legal[2] and sel.chosen == ()
    sel.click(("unit", 1))
    assert sel.back() and not sel.back()


def test_a_beat_with_a_focus_asks_the_camera_to_follow_it():
    followed = []
    timeline = Timeline()
    presenter = Presenter(None, {_Ev: lambda s, ev: Beat([Wait(0.1)], focus=(ev.n, 0))}, timeline,
                          lambda line: None, follow=followed.append)
    presenter.play([_Ev(5), _Ev(9)], lambda: None)
    timeline.finish_all()
    assert followed == [(5, 0), (9, 0)]
