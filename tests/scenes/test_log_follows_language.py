"""Log lines are worded when drawn, so a language switch mid-game rewords the whole log.

Some presenters worked a word out when the event played: after a switch to 简体中文 the log
kept "Ada Cavalry 攻击 Bao Infantry", "Goblin kingdom → (3,4)", "施放 Nature's Gift",
"效果结束：area marker"; and Skirmish listed picked skills by code ("I4, C6")."""

import re

from game.core.i18n import set_language
from game.core.protocol import GameOver, Setup
from game.play.session import GameSession
from game.skirmish import actions as SA
from scenes.registry import open_game
from tests.scenes.skirmish.test_skirmish_presenters import event_classes, sample

ENGLISH_WORD = re.compile(r"[A-Za-z]{3,}")
SKILL_CODE = re.compile(r"\b[A-Z]\d\b")


def lines_after_switch(scene, table, events) -> list[str]:
    """The events' log lines presented in English, then read in Chinese."""
    set_language("en")
    makers = []
    for ev in events:
        beat = table[type(ev)](scene, ev)
        if beat is not None:
            makers.extend(beat.log)
    set_language("zh")
    try:
        return [make() for make in makers]
    finally:
        set_language("en")


def test_skirmish_log_lines_follow_a_language_switch(app):
    from scenes.skirmish.presenters import PRESENTERS
    session = GameSession(Setup(seats=("human", "greedy"), seed=5, ruleset="skirmish"), ["A", "B"], [0, 1])
    session.apply(0, SA.PickSkills(()))
    session.apply(1, SA.PickSkills(()))
    scene = open_game(app, session)
    events = [sample(cls, session.state) for cls in event_classes()
              if PRESENTERS[cls] is not None and cls is not GameOver]
    lines = lines_after_switch(scene, PRESENTERS, events)
    assert len(lines) > 20
    for line in lines:
        assert not ENGLISH_WORD.search(line) and not SKILL_CODE.search(line), line


def test_territory_log_lines_follow_a_language_switch(app):
    from game.territory import events as E
    from scenes.territory.presenters import PRESENTERS
    from tests.scenes.territory.test_territory_ui import to_orders
    session = GameSession(Setup(seats=("human", "greedy"), seed=3, ruleset="territory"), ["Ada", "Bot"], [0, 1])
    scene = to_orders(app, session)
    events = [E.StepResolved(0, 1, 0, 5, -1, 1, 3, 0, 0, (2,), "captured", ""),
              E.SpellCast(0, "nature_gift", -1, "done"), E.SpellCast(1, "steal", 1, "done"),
              E.ShieldRaised(0, "guard", 2, 5), E.TechActivated(0, "architecture", True),
              E.Eliminated(1, "V1"),
              E.StepResolved(0, 1, 1, 6, 1, 1, 0, 0, 0, (), "stopped", "guard"),
              E.StepResolved(0, 1, 1, 6, 1, 1, 0, 0, 0, (), "stopped", "T-11.4a"),
              E.StepResolved(0, 1, 1, 6, 1, 1, 3, 1, 4, (3,), "grudge")]
    lines = lines_after_switch(scene, PRESENTERS, events)
    assert len(lines) == len(events)
    for line in lines:
        words = [w for w in ENGLISH_WORD.findall(line) if w not in ("Ada", "Bot")]
        assert not words, line


def test_landship_log_lines_follow_a_language_switch(app):
    from game.landship import events as E
    from scenes.landship.presenters import PRESENTERS
    session = GameSession(Setup(seats=("human", "greedy"), seed=4, ruleset="landship"), ["Ada", "Bot"], [0, 1])
    scene = open_game(app, session)
    events = [E.EffectsExpired(3, ("wind", "marker", "stall"), (), ())]
    (line,) = lines_after_switch(scene, PRESENTERS, events)
    assert not ENGLISH_WORD.search(line), line
