"""A name in a Chinese sentence stands apart by a space, as the project's other Chinese texts
set Latin words apart ("第 1 回合"): the turn banner read "轮到Ada", the log "Ada进攻荆州"."""

import json
import re
from pathlib import Path

import pytest

from game.core.i18n import set_language, tr

LOCALE = Path(__file__).resolve().parents[2] / "game" / "core" / "locale"
# placeholders that take a player's, tribe's, unit's or ship's name
NAMES = {"name", "who", "names", "by", "proposer", "supporter", "asker", "sponsor", "lord", "pile", "target"}
# where the placeholder is a kind of thing (a ship type), not a name
KIND_NOT_NAME = {("ls.hint.build", "ship"), ("ls.repeat_warning", "ship"), ("ls.tip.build", "ship")}
IDEOGRAPH = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]")


def zh_texts():
    for path in sorted(LOCALE.glob("zh*.json")):
        yield from json.loads(path.read_text(encoding="utf-8")).items()


def test_every_name_placeholder_in_chinese_is_set_apart_from_ideographs():
    tight = []
    for key, text in zh_texts():
        names = NAMES | {"ship"} | ({"to"} if key.startswith("dp.") else set())
        for m in re.finditer(r"\{(\w+)\}", text):
            if m.group(1) not in names or (key, m.group(1)) in KIND_NOT_NAME:
                continue
            before, after = text[m.start() - 1:m.start()], text[m.end():m.end() + 1]
            if IDEOGRAPH.match(before) or IDEOGRAPH.match(after):
                tight.append((key, text))
    assert not tight, tight


@pytest.mark.parametrize("key, params, want", [
    ("game.turn_of", {"name": "Ada"}, "轮到 Ada"),
    ("log.turn", {"round": 2, "name": "Ada"}, "第 2 回合：轮到 Ada。"),
    ("dp.log.target", {"name": "Ada", "region": "荆州", "mode": "野战"}, "Ada 进攻荆州（野战）。"),
    ("ls.log.moved", {"ship": "工程舰 #3", "to": "(2,4)", "cost": 1}, "工程舰 #3 移动到 (2,4)（1 行动点）。"),
    ("skirmish.log.attack", {"who": "Ada 骑兵", "target": "Bao 步兵"}, "Ada 骑兵 攻击 Bao 步兵。"),
    # counts too, as "第 2 回合" and "获得麦、石、木各 2 份" have them (the join dialog read "距离0")
    ("dp.log.joined", {"name": "Ada", "n": 0}, "Ada 参战（距离 0）。"),
    ("dp.join_cost", {"n": 2}, "距离 2：弃 2 张牌"),
    ("skirmish.log.damage", {"who": "Ada 骑兵", "amount": 1, "raw": 2, "hp": 3}, "Ada 骑兵 受到 1 点伤害（原为 2），剩余 3 生命。"),
])
def test_a_latin_name_in_a_chinese_line_has_spaces(key, params, want):
    set_language("zh")
    try:
        assert tr(key, **params) == want
    finally:
        set_language("en")


def test_round_counters_read_alike_in_every_game():
    """Domiplot's "第2回合" beside the others' "第 2 回合", and "第 3 / 20 回合" in Tidegate's and
    Skirmish's top bars beside "第 3/60 回合" in Dice for Land's."""
    for key, text in zh_texts():
        assert not re.search(r"第\{", text) and not re.search(r"\}(回合|轮|步)", text), (key, text)
    counters = {key: text for key, text in zh_texts() if key in ("game.round", "dp.top_left", "territory.ui.turn", "ls.round")}
    assert len(counters) == 4 and all(" / " not in text for text in counters.values()), counters
