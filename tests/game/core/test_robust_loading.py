"""Robust loading (issue 19 item 6): deep nesting, odd files in the saves folder, save maps."""

from __future__ import annotations

import json
import os
import shutil
import sys
import threading
from pathlib import Path

import pytest

from game.core import codec
from game.core.codec import DecodeError
from game.core.paths import maps_dir
from game.core.protocol import Setup
from game.core.saves import SaveGame, encode_save, save_map_allowed, write_save
from game.core.storage import user_maps_dir
from game.play.saves import SaveError, list_saves, parse_save, read_save, restore
from game.play.session import GameSession


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("GAME_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


def _save(map_path: str | None = None) -> dict:
    setup = Setup(seats=("human", "greedy"), seed=3, map=map_path, options={"layout": "fixed"},
                  ruleset="tidegate")
    session = GameSession(setup, ["A", "B"], [0, 1])
    return encode_save(session.to_save())


# ---- the codec's depth limit ------------------------------------------------------------
def test_codec_refuses_900_deep_nesting_without_recursion_error():
    deep: object = 1
    for _ in range(900):
        deep = [deep]
    with pytest.raises(DecodeError) as exc:
        codec.decode({"type": "setup", "seats": ["human"], "seed": 1, "options": {"x": deep}})
    assert exc.value.key == "save.bad_record" and "nested deeper" in exc.value.params["detail"]


def test_save_with_900_deep_nesting_is_damaged():
    data = _save()
    deep: object = 0
    for _ in range(900):
        deep = [deep]
    data["actions"] = [[0, {"type": "roll", "x": deep}]]
    with pytest.raises(SaveError) as exc:
        parse_save(json.dumps(data))
    assert exc.value.key == "save.damaged"


def test_nesting_within_the_limit_still_decodes():
    value: object = 1
    for _ in range(codec.MAX_DEPTH - 2):
        value = [value]
    setup = codec.decode({"type": "setup", "seats": ["human"], "seed": 1, "options": {"x": value}})
    assert isinstance(setup, Setup)


# ---- the saves listing ------------------------------------------------------------------
def _folder(tmp_path: Path) -> Path:
    folder = tmp_path / "saves"
    folder.mkdir()
    (folder / "good.json").write_text(json.dumps(_save()), encoding="utf-8")
    return folder


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_listing_skips_a_named_pipe_and_never_blocks(tmp_path):
    folder = _folder(tmp_path)
    os.mkfifo(folder / "pipe.json")
    result: list = []
    worker = threading.Thread(target=lambda: result.append(list_saves(folder)), daemon=True)
    worker.start()
    worker.join(10)
    assert not worker.is_alive(), "list_saves blocked on a named pipe"
    assert [i.path.name for i in result[0]] == ["good.json"]
    with pytest.raises(SaveError) as exc:       # reading it directly refuses, not blocks
        read_save(folder / "pipe.json")
    assert exc.value.key == "save.unreadable"


@pytest.mark.skipif(sys.platform == "win32", reason="symlinks need privileges on Windows")
def test_listing_skips_a_broken_symlink_and_folders(tmp_path):
    folder = _folder(tmp_path)
    (folder / "dangling.json").symlink_to(tmp_path / "gone.json")
    (folder / "dir.json").mkdir()
    (folder / "link.json").symlink_to(folder / "good.json")      # a working link is a save
    names = sorted(i.path.name for i in list_saves(folder))
    assert names == ["good.json", "link.json"]
    assert all(not i.error for i in list_saves(folder))


def test_listing_survives_a_file_vanishing_between_listing_and_reading(tmp_path, monkeypatch):
    folder = _folder(tmp_path)
    (folder / "other.json").write_text(json.dumps(_save()), encoding="utf-8")
    import game.play.saves as play_saves
    real = play_saves.read_save

    def vanish_then_read(path):
        if path.name == "other.json":
            path.unlink()
        return real(path)

    monkeypatch.setattr(play_saves, "read_save", vanish_then_read)
    infos = {i.path.name: i for i in list_saves(folder)}
    assert infos["good.json"].error == ""
    assert infos["other.json"].error == "save.missing"


def test_listing_a_missing_folder_is_empty(tmp_path):
    assert list_saves(tmp_path / "nowhere") == []


# ---- a save's map must be shipped or in the user maps folder -----------------------------
def test_save_with_a_map_outside_both_folders_is_damaged(tmp_path):
    outside = tmp_path / "elsewhere" / "isle.tmx"
    shutil.copytree(maps_dir() / "tidegate", outside.parent)
    data = _save()
    data["setup"]["map"] = str(outside)
    with pytest.raises(SaveError) as exc:
        parse_save(json.dumps(data))
    assert (exc.value.key, exc.value.params["detail"]) == ("save.damaged", "map")
    for sneaky in ("/etc/passwd", "maps/../../../etc/hosts.tmx", "maps/tidegate/../../README.md"):
        data["setup"]["map"] = sneaky
        with pytest.raises(SaveError) as exc:
            parse_save(json.dumps(data))
        assert exc.value.key == "save.damaged", sneaky


def test_save_with_a_shipped_map_or_a_user_map_loads(tmp_path):
    shipped = parse_save(json.dumps(_save("maps/tidegate/isle.tmx")))
    assert restore(shipped).setup.map == "maps/tidegate/isle.tmx"
    user = user_maps_dir("tidegate")
    shutil.copytree(maps_dir() / "tidegate", user)
    data = _save(str(user / "isle.tmx"))
    state = restore(parse_save(json.dumps(data)))
    assert state.setup.map == str(user / "isle.tmx")
    # the user folder of another ruleset does not count
    assert not save_map_allowed(Setup(("a", "b"), 1, str(user / "isle.tmx"), ruleset="landship"))


def test_restore_checks_the_map_of_a_save_built_in_memory(tmp_path):
    save = SaveGame(setup=Setup(("human", "greedy"), 1, str(tmp_path / "x.tmx"), ruleset="tidegate"),
                    actions=[])
    with pytest.raises(SaveError) as exc:
        restore(save)
    assert exc.value.key == "save.damaged"


def test_written_save_round_trips_through_the_regular_file_reader(tmp_path):
    path = tmp_path / "s.json"
    setup = Setup(seats=("human", "greedy"), seed=3, options={"layout": "fixed"}, ruleset="tidegate")
    session = GameSession(setup, ["A", "B"], [0, 1])
    write_save(path, session.to_save())
    assert restore(read_save(path)).digest() == session.state.digest()
