"""game/ never imports pygame; the translation tables are complete in both languages."""

import json
import pkgutil
import re
import subprocess
import sys
from pathlib import Path

import game
from game.core.i18n import catalogue, error_text, tr
from game.core import IllegalAction

ROOT = Path(__file__).resolve().parents[3]


def test_every_game_module_imports_with_pygame_blocked():
    """STYLE habit 1: the rules cores are pure Python."""
    modules = [m.name for m in pkgutil.walk_packages(game.__path__, "game.")]
    assert "game.tidegate.rules" in modules
    code = (
        "import sys, importlib\n"
        "class Block:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] in ('pygame', 'scenes', 'sprites'):\n"
        "            raise ImportError('blocked: ' + name)\n"
        "sys.meta_path.insert(0, Block())\n"
        f"for m in {modules!r}:\n"
        "    importlib.import_module(m)\n"
        "from game import rulesets\n"
        "from game.core import Setup\n"
        "s = rulesets.get('tidegate').new_game(Setup(seats=('random','random'), seed=1))\n"
        "assert 'pygame' not in sys.modules\n"
        "print('ok')\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"


def test_languages_have_the_same_keys_and_placeholders():
    en, zh = catalogue("en"), catalogue("zh")
    assert set(en) == set(zh)
    for key in en:
        assert set(re.findall(r"{(\w+)}", en[key])) == set(re.findall(r"{(\w+)}", zh[key])), key


def test_every_tidegate_reason_is_translated():
    """TG-8b: each rejection reason has a sentence in both languages."""
    reasons = ["game_over", "not_your_turn", "wrong_phase", "not_empty", "too_close",
               "not_connected", "blocked", "not_your_outpost", "limit_reached", "unaffordable",
               "bad_trade", "no_such_place"]
    for lang in ("en", "zh"):
        for r in reasons:
            text = error_text(IllegalAction(r), lang)
            assert text and not text.startswith("error."), (lang, r)
    assert tr("error.too_close", "zh") != tr("error.too_close", "en")


def test_every_map_error_key_raised_in_code_is_translated():
    keys = set()
    for path in (ROOT / "game").rglob("*.py"):
        keys |= set(re.findall(r'MapError\(\s*[^,]+,\s*(?:f?"[^"]*"|[\w.\'"\[\]]+),\s*"(\w+)"',
                               path.read_text(encoding="utf-8")))
    assert {"missing_layer", "gate_count", "outside_maps"} <= keys
    en = catalogue("en")
    assert all(f"error.map.{k}" in en for k in keys), sorted(k for k in keys if f"error.map.{k}" not in en)


def test_english_nouns_agree_with_their_count():
    """"1 orders" / "1 hexes" / "1 card(s)": "{n|one|many}" picks the word for the count."""
    assert tr("territory.log.revealed", "en", who="Ada", n=1) == "Ada gave 1 order."
    assert tr("territory.log.revealed", "en", who="Ada", n=0) == "Ada gave 0 orders."
    assert tr("skirmish.log.moved", "en", who="Bo", steps=1, cost=2) == "Bo marches 1 hex (2 MP)."
    assert tr("skirmish.log.moved", "en", who="Bo", steps=3, cost=3) == "Bo marches 3 hexes (3 MP)."
    assert tr("results.points", "en", score=5.5) == "5.5 pts" and tr("results.points", "en", score=1) == "1 pt"
    assert tr("territory.log.revealed", "zh", who="Ada", n=1) == catalogue("zh")["territory.log.revealed"].format(
        who="Ada", n=1)
    en, zh = catalogue("en"), catalogue("zh")
    for key, text in en.items():      # each count a plural form reads is a placeholder in both
        for name in re.findall(r"{(\w+)\|[^|{}]*\|[^|{}]*}", text):
            assert "{" + name + "}" in text and "{" + name + "}" in zh[key], key
        assert "(s)" not in text, key
