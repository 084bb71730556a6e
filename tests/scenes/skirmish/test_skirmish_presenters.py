"""Every Skirmish event (P-6) has a presenter, and each one plays on the screen: its beat is
built, animates to the end (speed 1, then skipped) and writes a translated log line."""

import dataclasses
import importlib
import inspect

from game.core.protocol import Event, GameOver, Setup
from game.play.session import GameSession
from game.skirmish import actions as A
from scenes.board.presenter import Beat
from scenes.registry import open_game
from scenes.skirmish.presenters import PRESENTERS


def event_classes():
    module = importlib.import_module("game.skirmish.events")
    return [c for _, c in inspect.getmembers(module, inspect.isclass)
            if issubclass(c, Event) and dataclasses.is_dataclass(c) and c is not Event]


def test_the_table_names_every_skirmish_event():
    names = {c.__name__ for c in event_classes()}
    assert {"Moved", "AttackMade", "Counterattack", "Roll", "Damage", "WardUsed", "Covered", "Pushed",
            "Captured", "Eliminated", "SkillsPicked", "GameOver"} <= names
    assert [c.__name__ for c in event_classes() if c not in PRESENTERS] == []


def sample(cls, state):
    """An instance of event class `cls` whose ids and hexes exist in `state`."""
    units = sorted(state.units)
    u0, u1 = state.units[units[0]], state.units[units[-1]]
    cr0, cr1 = state.board.coords[u0.hex], state.board.coords[u1.hex]
    city = state.board.coords[state.board.cities[0].hex]
    values = {"unit": u0.id, "target_unit": u1.id, "archer": u0.id, "infantry": u1.id, "by": 1, "seat": 0,
              "overlord": 1, "previous": 1, "hex": cr0, "source": cr0, "target": cr1, "to": cr1, "city": city,
              "archer_hex": cr0, "infantry_hex": cr1, "path": (cr0, cr1), "cost": 3, "mp_left": 2, "mp": 4,
              "stopped": "intercept", "kind": "heavy" if cls.__name__ == "Roll" else "infantry", "value": 37, "p": 50,
              "success": True, "amount": 1, "raw": 2, "hp": 2, "suppression": 0, "pool": 1, "status": "defensive",
              "units": (u0.id,), "skills": (("I1",), ("C3",)) if cls.__name__ == "SkillsRevealed" else ("I6",),
              "count": 1, "round": 2, "vp": (2, 1), "policy": "always", "funds": 7, "siege": 1, "counted": True,
              "voucher": False, "voucher_lost": False, "freed": (), "pursuit": False, "mp_spent": 0,
              "attacks_left": 0, "stacks": 1, "cause": "city", "hidden": False, "winners": (0,), "scores": (2, 1)}
    if cls.__name__ == "WardUsed":
        values["kind"] = "pavise"
    kwargs = {f.name: values[f.name] for f in dataclasses.fields(cls) if f.name in values}
    return cls(**kwargs)


def test_every_presenter_plays_and_logs(app):
    session = GameSession(Setup(seats=("human", "greedy"), seed=5, ruleset="skirmish"), ["A", "B"], [0, 1])
    session.apply(0, A.PickSkills(()))
    session.apply(1, A.PickSkills(()))
    scene = open_game(app, session)
    app.settings.speed = 1
    app.step_frames(200)
    state = session.state
    for cls in event_classes():
        handler = PRESENTERS[cls]
        if handler is None:
            continue
        ev = sample(cls, state) if cls is not GameOver else None
        if ev is None:
            continue
        beat = handler(scene, ev)
        if beat is None:
            continue
        assert isinstance(beat, Beat), cls.__name__
        for line in beat.log:
            text = line()
            assert text and "skirmish." not in text and "{" not in text, (cls.__name__, text)
        scene.presenter.play([ev], lambda: None)
        app.step_frames(3)                    # drawn mid-animation without an error
        scene.timeline.finish_all()
        app.step_frames(1)
    assert not scene.timeline.busy


def test_a_march_log_line_counts_its_hexes_in_both_languages(app):
    """M-6's log line: "1 hex", "2 hexes", with or without a reason the move stopped; the
    Chinese line has its own text for each (no English fallback)."""
    from game.core.i18n import set_language
    from game.skirmish.events import Moved

    session = GameSession(Setup(seats=("human", "greedy"), seed=5, ruleset="skirmish"), ["A", "B"], [0, 1])
    scene = open_game(app, session)
    state = session.state
    u = state.units[sorted(state.units)[0]]
    a = state.board.coords[u.hex]
    b, c = (a[0] + 1, a[1]), (a[0] + 2, a[1])

    def line(path, stopped=""):
        beat = PRESENTERS[Moved](scene, Moved(u.id, path, 3, 0, stopped))
        return beat.log[0]()

    try:
        assert " marches 1 hex (3 MP)." in line((a, b))
        assert " marches 2 hexes (3 MP)." in line((a, b, c))
        assert " marches 1 hex (3 MP) and stops at the water's edge." in line((a, b), "water")
        assert " marches 1 hex into the breached city." in line((a, b), "capture")
        set_language("zh")
        assert "行军 1 格（3 行动力），被拦截停下。" in line((a, b), "intercept")
        assert "行军 2 格（3 行动力）。" in line((a, b, c))
    finally:
        set_language("en")
