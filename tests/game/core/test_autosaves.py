"""Issue 20 item 1: every game has its own autosave, named by ruleset, players and date; the
ten newest are kept; "Continue" takes the newest."""

from __future__ import annotations

import os
import re

from game.core import Setup
from game.core.saves import (
    AUTOSAVES_KEPT, autosave_name, autosaves, is_autosave, latest_autosave, new_autosave_path,
    prune_autosaves,
)
from game.core.storage import saves_dir
from game.play.saves import read_save, restore, write_autosave
from game.play.session import GameSession


def test_autosave_name_carries_ruleset_date_and_players():
    name = autosave_name("tidegate", ["Ada", "波", "Bo 2"], when=0)
    assert re.fullmatch(r"auto-tidegate-\d{8}-\d{6}-ada_p2_bo2\.json", name)
    assert is_autosave(saves_dir() / name) and is_autosave(saves_dir() / "autosave.json")
    assert not is_autosave(saves_dir() / "my-game.json")


def test_new_path_never_reuses_an_existing_file(tmp_path):
    first = new_autosave_path("tidegate", ["A"], tmp_path)
    first.write_text("{}")
    second = new_autosave_path("tidegate", ["A"], tmp_path)
    assert second != first and not second.exists()


def test_ten_newest_are_kept_and_the_newest_is_continued(tmp_path):
    paths = []
    for i in range(AUTOSAVES_KEPT + 3):
        p = tmp_path / f"auto-tidegate-2026120{i % 10}-{i:06d}-a.json"
        p.write_text("{}")
        os.utime(p, (1000 + i, 1000 + i))
        paths.append(p)
    (tmp_path / "keepme.json").write_text("{}")          # not an autosave: never pruned
    removed = prune_autosaves(tmp_path)
    assert sorted(removed) == sorted(paths[:3])
    assert autosaves(tmp_path) == list(reversed(paths[3:]))
    assert latest_autosave(tmp_path) == paths[-1]
    assert (tmp_path / "keepme.json").exists()


def test_two_games_two_files_both_restore(tmp_path, monkeypatch):
    monkeypatch.setenv("GAME_DATA_DIR", str(tmp_path))
    a = GameSession(Setup(seats=("human", "greedy"), seed=1, ruleset="tidegate"), ["A", "B"], [0, 1])
    b = GameSession(Setup(seats=("greedy", "human", "greedy"), seed=2, ruleset="tidegate"), ["C", "D", "E"], [0, 1, 2])
    pa, pb = write_autosave(a), write_autosave(b)
    assert pa != pb and write_autosave(a) == pa            # a game keeps its own file
    for session, path in ((a, pa), (b, pb)):
        save = read_save(path)
        assert restore(save).digest() == session.state.digest() and save.names == session.names
