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


def void_reasons() -> set[str]:
    """Every reason the rules give an OrderVoid: `effects.void(..., "T-x")` and direct
    `OrderVoid(tribe, order, "T-x")` events."""
    found = set()
    for path in RULES.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        found |= set(re.findall(r"\bvoid\([^()]*,\s*\"([^\"]+)\"\)", text))
        found |= set(re.findall(r"OrderVoid\([^()]*,\s*\"([^\"]+)\"\)", text))
    return found


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
