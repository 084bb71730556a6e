"""Dice for Land's log says in words why an order had no effect.

It read "Ada: order 3 void (T-6.4)." / "(T-11.4a)": the rules' reason is a rule id, which a
player cannot look up."""

import pathlib
import re

import pytest

from game.core.i18n import catalogue, set_language
from game.core.protocol import Setup
from game.play.session import GameSession
from game.territory import events as E
from tests.scenes.territory.test_hints_in_words import logged
from tests.scenes.territory.test_territory_ui import to_orders

RULES = pathlib.Path(__file__).resolve().parents[3] / "game" / "territory"
RULE_ID = re.compile(r"\b[A-Z]{1,2}-\d+(\.\d+)*[a-z]?\b")


def grep_rules(*patterns: str) -> set[str]:
    """The first group of every match of `patterns` in game/territory's modules."""
    found: set[str] = set()
    for path in RULES.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        for pattern in patterns:
            found |= set(re.findall(pattern, text))
    return found


def void_reasons() -> set[str]:
    """Every reason the rules give an OrderVoid: `effects.void(..., "T-x")` and direct
    `OrderVoid(tribe, order, "T-x")` events."""
    return grep_rules(r"\bvoid\([^()]*,\s*\"([^\"]+)\"\)", r"OrderVoid\([^()]*,\s*\"([^\"]+)\"\)")


def test_the_rules_void_orders_for_the_reasons_the_screen_knows():
    reasons = void_reasons()
    assert {"T-6.4", "T-10.1", "T-11.4a", "T-16"} <= reasons, reasons
    for lang in ("en", "zh"):
        for reason in reasons:
            assert f"territory.void.{reason}" in catalogue(lang), (lang, reason)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_void_order_is_logged_with_its_reason_in_words(app, lang):
    set_language(lang)
    names = ["甲方", "乙方"] if lang == "zh" else ["Ada", "Bot"]
    session = GameSession(Setup(seats=("human", "greedy"), seed=3, ruleset="territory"), names, [0, 1])
    scene = to_orders(app, session)
    seen = set()
    for reason in sorted(void_reasons()) + ["T-99.9", "stopped"]:
        (line,) = logged(scene, E.OrderVoid(0, 2, reason))
        assert not RULE_ID.search(line) and reason not in line, (reason, line)
        assert names[0] in line and "3" in line, line
        if lang == "zh":
            assert not re.search("[A-Za-z]{2,}", line), line
        seen.add(line)
    assert len(seen) >= len(void_reasons()) - 1     # the reasons read apart (T-6.4 ~ other)
    set_language("en")


def forced_sources() -> set[str]:
    """Every source of a non-arrow attack (T-11.9) the rules name."""
    return grep_rules(r"forced_attack\(st,\s*\"(\w+)\"", r"ForcedAttack\(\"(\w+)\"")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_forced_attack_names_its_source_in_words(app, lang):
    """'necro_revival attacks (7,5): needs ≤ 1, rolled 6: failure.' showed the rules' code;
    without a roll it read 'needs ≤ 0, rolled 0'."""
    sources = forced_sources()
    assert {"undead", "volcano", "necro_revival", "deep_tide"} <= sources, sources
    set_language(lang)
    session = GameSession(Setup(seats=("human", "greedy"), seed=3, ruleset="territory"), ["Ada", "Bot"], [0, 1])
    scene = to_orders(app, session)
    for source in sorted(sources):
        for die in (0, 4):
            (line,) = logged(scene, E.ForcedAttack(source, 5, 0, 3, 1, 3, die, die == 0))
            assert f"territory.forced.{source}" not in line and "_" not in line, line
            assert (" 0" not in line.split(":", 1)[-1]) if die == 0 else "4" in line, line
            if lang == "zh":
                assert not re.search("[A-Za-z]{2,}", line), line
    set_language("en")
