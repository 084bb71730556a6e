"""Saves (JSON only, atomic, checked on load) and the game session (log, undo, AI thread)."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core.protocol import Setup
from game.play.saves import (
    SAVE_FORMAT, SAVE_VERSION, SaveError, encode_save, list_saves, parse_save, read_save, restore,
    write_save,
)
from game.play.session import GameSession
from tests.helpers.conformance import examples
from game.core.storage import write_atomic
from game.tidegate import actions as A


def played_session(steps=80, seed=4):
    session = GameSession(Setup(seats=("greedy", "greedy", "random"), seed=seed, ruleset="tidegate"),
                          ["A", "B", "C"], [0, 1, 2])
    from game.ai import make_agent
    from game import rulesets
    agents = [make_agent("greedy", rulesets.get("tidegate"), s, seed) for s in range(3)]
    for _ in range(steps):
        seat = session.next_seat()
        if seat is None:
            break
        session.apply(seat, agents[seat].choose(session.state.view(seat), session.state.legal_actions(seat)))
    return session


def test_save_round_trip_restores_the_same_digest(tmp_path):
    session = played_session()
    path = tmp_path / "game.json"
    write_save(path, session.to_save())
    save = read_save(path)
    assert save.ruleset == "tidegate" and save.names == ["A", "B", "C"]
    assert restore(save).digest() == session.state.digest()
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == SAVE_FORMAT and data["version"] == SAVE_VERSION


def good_save_text() -> str:
    return json.dumps(encode_save(played_session(steps=30).to_save()))


@pytest.mark.parametrize("text,key", [
    ("", "save.empty"), ("   ", "save.empty"), ("{", "save.not_json"), ("[1, 2]", "save.foreign"),
    ('{"format": "other"}', "save.foreign"),
    (json.dumps({"format": SAVE_FORMAT, "version": 99}), "save.newer"),
    (json.dumps({"format": SAVE_FORMAT, "version": 1, "setup": {"type": "setup"}}), "save.damaged"),
])
def test_bad_files_give_a_clear_key(text, key):
    with pytest.raises(SaveError) as err:
        parse_save(text)
    assert err.value.key == key


def test_binary_and_edited_saves_are_refused(tmp_path):
    path = tmp_path / "bin.json"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\xff\xfe")
    with pytest.raises(SaveError) as err:
        read_save(path)
    assert err.value.key == "save.not_text"
    data = json.loads(good_save_text())
    data["actions"][-1][1] = {"type": "build_city", "vertex": 0}
    with pytest.raises(SaveError) as err:
        restore(parse_save(json.dumps(data)))
    assert err.value.key in ("save.damaged", "save.diverged")
    data = json.loads(good_save_text())
    data["setup"]["seed"] += 1
    with pytest.raises(SaveError) as err:
        restore(parse_save(json.dumps(data)))
    assert err.value.key in ("save.damaged", "save.diverged")


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_corrupted_saves_never_crash_and_are_never_written(tmp_path_factory, data):
    """Truncated, bit-flipped, spliced and random files: a SaveError key, file untouched."""
    good = good_save_text()
    kind = data.draw(st.sampled_from(["truncate", "flip", "splice", "random", "json"]))
    if kind == "truncate":
        text = good[: data.draw(st.integers(0, len(good) - 1))]
    elif kind == "flip":
        i = data.draw(st.integers(0, len(good) - 1))
        text = good[:i] + data.draw(st.characters()) + good[i + 1:]
    elif kind == "splice":
        i = data.draw(st.integers(0, len(good)))
        text = good[:i] + data.draw(st.text(max_size=20)) + good[i:]
    elif kind == "random":
        text = data.draw(st.text(max_size=200))
    else:
        text = json.dumps(data.draw(st.recursive(
            st.none() | st.booleans() | st.integers() | st.text(max_size=8),
            lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
            max_leaves=20)))
    folder = tmp_path_factory.mktemp("saves")
    path = folder / "x.json"
    # lone surrogates cannot be UTF-8: written as such they make an invalid-UTF-8 file
    path.write_bytes(text.encode("utf-8", "surrogatepass"))
    before = path.read_bytes()
    try:
        restore(read_save(path))
    except SaveError as err:
        assert err.key.startswith("save.")
    assert path.read_bytes() == before


def test_list_saves_shows_broken_files_with_their_error(tmp_path):
    write_save(tmp_path / "good.json", played_session(steps=20).to_save())
    (tmp_path / "bad.json").write_text("{oops", encoding="utf-8")
    rows = {info.path.name: info for info in list_saves(tmp_path)}
    assert rows["good.json"].ruleset == "tidegate" and not rows["good.json"].error
    assert rows["bad.json"].error == "save.not_json"


def test_atomic_write_keeps_the_old_file_when_writing_fails(tmp_path, monkeypatch):
    path = tmp_path / "s.json"
    write_atomic(path, "old")
    import os
    monkeypatch.setattr(os, "replace", lambda *a: (_ for _ in ()).throw(OSError("disk full")))
    with pytest.raises(OSError):
        write_atomic(path, "new")
    assert path.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["s.json"]


def test_undo_only_within_the_turn_and_never_past_the_dice():
    session = GameSession(Setup(seats=("human", "human"), seed=2, ruleset="tidegate",
                                options={"layout": "fixed"}), ["A", "B"], [0, 1])
    st_ = session.state
    session.apply(0, st_.legal_actions(0)[0])
    # the setup outpost keeps the same seat to move (its road) and rolls nothing: undoable
    assert session.can_undo()
    session.undo()
    assert session.actions == []
    for _ in range(4):
        seat = session.next_seat()
        session.apply(seat, session.state.legal_actions(seat)[0])
    seat = session.next_seat()
    session.apply(seat, A.ROLL)
    assert not session.can_undo()
    session.state.resources[seat] = [9, 9, 9]
    session._commit_state = session.state.clone()
    before = session.state.digest()
    session.apply(seat, A.Trade("wheat", "wood"))
    session.apply(seat, A.Trade("stone", "wood"))
    session.undo()
    session.undo()
    assert session.state.digest() == before and not session.can_undo()


def test_a_fresh_process_loads_a_save(tmp_path):
    """Continue / Load / replay start in a process that has imported no ruleset yet."""
    import subprocess
    import sys
    from pathlib import Path

    path = tmp_path / "s.json"
    session = played_session(steps=40)
    write_save(path, session.to_save())
    code = ("import sys; from game.play.saves import read_save, restore; "
            "print(restore(read_save(sys.argv[1])).digest())")
    root = Path(__file__).resolve().parents[3]
    out = subprocess.run([sys.executable, "-c", code, str(path)], cwd=root, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == session.state.digest()


def test_a_save_of_an_unknown_ruleset_says_so():
    data = json.loads(good_save_text())
    data["ruleset"] = data["setup"]["ruleset"] = "chess"
    with pytest.raises(SaveError) as err:
        parse_save(json.dumps(data))
    assert err.value.key == "save.unknown_ruleset"
