"""Saves survive program updates, or say honestly why not (never "damaged" for a good file).

Every save carries its ruleset's `rules_version`. The golden saves in tests/data/saves (see
its README) replay on every run: the present version's must reach its recorded digest, and a
save made under other rules is refused as such (`save.other_rules`), with the file untouched.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from game import rulesets
from game.core.i18n import error_text
from game.play.saves import SaveError, parse_save, read_save, restore
from game.play.session import GameSession
from tests.helpers.golden_saves import FOLDER, golden_path

GOLDEN = sorted(FOLDER.glob("*-rules*.json"))


def version_of(path: Path) -> tuple[str, int]:
    match = re.fullmatch(r"(\w+)-rules(\d+)\.json", path.name)
    assert match, path.name
    return match[1], int(match[2])


@pytest.mark.parametrize("ruleset_id", rulesets.ids())
def test_every_ruleset_has_a_golden_save_of_its_present_rules(ruleset_id):
    ruleset = rulesets.get(ruleset_id)
    path = golden_path(ruleset_id, ruleset.rules_version)
    assert path in GOLDEN, f"no golden save for {ruleset_id} rules {ruleset.rules_version}: " \
                           f"python -m tests.helpers.golden_saves {ruleset_id}"
    assert len(read_save(path).actions) >= 78


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.name)
def test_a_golden_save_replays_or_is_refused_as_made_under_other_rules(path):
    """The present version's golden save must reach its recorded digest (and end, if it had
    ended); an older version's either still replays or is refused as `save.other_rules`."""
    ruleset_id, version = version_of(path)
    ruleset = rulesets.get(ruleset_id)
    save = read_save(path)
    assert save.rules_version == version
    try:
        state = restore(save)
    except SaveError as err:
        if version != ruleset.rules_version:
            assert err.key == "save.other_rules"
            assert err.params == {"saved": version, "current": ruleset.rules_version}
            assert f"rules version {version}" in error_text(err, "en")
            return
        pytest.fail(f"{path.name} no longer replays ({err.key}): saves of this version would be "
                    f"lost. If the change is meant to alter replays, bump "
                    f"{type(ruleset).__name__}.rules_version and run "
                    f"`python -m tests.helpers.golden_saves {ruleset_id}` (see {FOLDER}/README.md)")
    assert state.digest() == save.digest
    assert (state.result() is not None) == save.finished


def test_a_save_from_before_the_stamp_whose_rules_changed_says_so(tmp_path):
    """A real save of commit 2255f3f (before saves carried a rules version): its actions no
    longer replay to its digest, and the player is told why, in both languages."""
    source = FOLDER / "tidegate-unstamped-2255f3f.json"
    copy = tmp_path / source.name
    copy.write_bytes(source.read_bytes())
    save = read_save(copy)
    assert save.rules_version == 0
    with pytest.raises(SaveError) as err:
        restore(save)
    assert err.value.key == "save.older_rules"
    assert "earlier version of the game" in error_text(err.value, "en")
    assert "较早版本" in error_text(err.value, "zh")
    assert copy.read_bytes() == source.read_bytes()   # the file is kept as it was


def stamped(path: Path, **changes) -> str:
    data = json.loads(path.read_text(encoding="utf-8"))
    data.update(changes)
    return json.dumps(data)


def test_a_save_of_newer_rules_is_refused_before_replaying():
    path = golden_path("tidegate", rulesets.get("tidegate").rules_version)
    with pytest.raises(SaveError) as err:
        restore(parse_save(stamped(path, rules_version=99)))
    assert err.value.key == "save.newer_rules"
    assert err.value.params == {"saved": 99, "current": 1}
    assert "99" in error_text(err.value, "zh")


def test_an_edited_save_of_the_present_rules_is_still_caught():
    """The stamp does not excuse a file changed after saving: same version, other digest."""
    path = golden_path("landship", rulesets.get("landship").rules_version)
    with pytest.raises(SaveError) as err:
        restore(parse_save(stamped(path, digest="0" * 64)))
    assert err.value.key == "save.diverged"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["actions"] = data["actions"][:-1]            # one action fewer: another position
    with pytest.raises(SaveError) as err:
        restore(parse_save(json.dumps(data)))
    assert err.value.key == "save.diverged"


@pytest.mark.parametrize("bad", ["1", -1, True, 1.5, None])
def test_a_broken_rules_stamp_is_damage(bad):
    path = golden_path("tidegate", rulesets.get("tidegate").rules_version)
    with pytest.raises(SaveError) as err:
        parse_save(stamped(path, rules_version=bad))
    assert err.value.key == "save.damaged" and err.value.params == {"detail": "rules_version"}


@pytest.mark.parametrize("ruleset_id", rulesets.ids())
def test_a_session_stamps_its_rules_version_into_the_save(ruleset_id):
    from game.core.protocol import Setup
    from game.core.saves import encode_save
    ruleset = rulesets.get(ruleset_id)
    n = ruleset.min_players
    session = GameSession(Setup(ruleset=ruleset_id, seats=("human",) * n, seed=3),
                          names=[f"P{k}" for k in range(n)], colours=list(range(n)))
    text = json.dumps(encode_save(session.to_save()))
    assert json.loads(text)["rules_version"] == ruleset.rules_version
    assert parse_save(text).rules_version == ruleset.rules_version


def test_after_a_rules_bump_old_saves_that_replay_load_and_the_rest_say_why(monkeypatch):
    """With Tidegate's rules at version 2, a version-1 save that still replays loads; one that
    does not is refused as made under rules 1, not as damaged."""
    ruleset = rulesets.get("tidegate")
    path = golden_path("tidegate", ruleset.rules_version)
    monkeypatch.setattr(type(ruleset), "rules_version", ruleset.rules_version + 1)
    assert restore(read_save(path)).digest() == read_save(path).digest
    with pytest.raises(SaveError) as err:
        restore(parse_save(stamped(path, digest="0" * 64)))
    assert err.value.key == "save.other_rules"
    assert err.value.params == {"saved": 1, "current": 2}
    assert "rules version 1" in error_text(err.value, "en") and "规则版本 1" in error_text(err.value, "zh")


@pytest.mark.parametrize("ruleset_id", rulesets.ids())
def test_a_save_replays_after_the_game_folder_moves(ruleset_id, tmp_path, monkeypatch, request):
    """The digest names the map by `map_key`, not by its absolute path: unzipping the game
    elsewhere (or updating it) must not turn every save into "changed after saving". Found
    when the golden saves, written in one checkout, diverged in a fresh clone."""
    import shutil

    from game.core import paths
    save = read_save(golden_path(ruleset_id, rulesets.get(ruleset_id).rules_version))
    moved = tmp_path / "moved game"
    shutil.copytree(paths.maps_dir(), moved / "maps")
    monkeypatch.setattr(paths, "resource_root", lambda: moved)
    default_map = type(rulesets.get(ruleset_id)).default_map
    if hasattr(default_map, "cache_clear"):     # a ruleset may cache where its map lies
        default_map.cache_clear()
        request.addfinalizer(default_map.cache_clear)
    assert rulesets.get(ruleset_id).default_map().startswith(str(moved))
    assert restore(save).digest() == save.digest


def test_map_keys_name_shipped_and_user_maps_without_their_folders(tmp_path, monkeypatch):
    from game.core.paths import map_key, maps_dir
    monkeypatch.setenv("GAME_DATA_DIR", str(tmp_path / "data"))
    assert map_key(maps_dir() / "territory" / "origin.tmx") == "territory/origin.tmx"
    assert map_key(tmp_path / "data" / "maps" / "skirmish" / "mine.tmx") == "user:skirmish/mine.tmx"
    assert map_key(tmp_path / "elsewhere" / "odd.tmx") == "odd.tmx"
    assert not (tmp_path / "data").exists()      # asking where the data folder is creates nothing
