"""User maps: a .tmx in <user data>/maps/<ruleset>/ is listed next to the shipped maps; a
broken one is listed as unusable with its MapError text, never a crash; the lobby shows both
and refuses to start on the broken one."""

from __future__ import annotations

import shutil
from pathlib import Path

from game.core.errors import MapError
from game.core.i18n import error_text
from game.play.usermaps import list_maps, user_maps_dir
from scenes.lobby import LobbyScene

MAPS = Path(__file__).resolve().parents[2] / "maps"


def add_user_maps(data_dir) -> Path:
    folder = user_maps_dir("tidegate")
    folder.mkdir(parents=True)
    for f in (MAPS / "tidegate").iterdir():
        shutil.copy(f, folder / f.name)
    (folder / "isle.tmx").rename(folder / "my_isle.tmx")
    good = folder / "my_isle.tmx"
    good.write_text(good.read_text(encoding="utf-8").replace('value="Tidegate Isle"', 'value="My Isle"'),
                    encoding="utf-8")
    broken = folder / "broken.tmx"
    broken.write_text(good.read_text(encoding="utf-8").replace('name="tokens"', 'name="tokenz"'),
                      encoding="utf-8")
    (folder / "garbage.tmx").write_text("<map><not closed", encoding="utf-8")
    return folder


def test_user_maps_are_listed_after_the_shipped_ones_and_broken_ones_are_marked(data_dir):
    folder = add_user_maps(data_dir)
    entries = list_maps("tidegate")
    assert [e.title for e in entries][:1] == ["Tidegate Isle"] and not entries[0].user
    by_file = {Path(e.path).name: e for e in entries}
    good = by_file["my_isle.tmx"]
    assert good.user and good.usable and good.title == "My Isle" and Path(good.path) == (folder / "my_isle.tmx").resolve()
    for name in ("broken.tmx", "garbage.tmx"):
        bad = by_file[name]
        assert bad.user and not bad.usable and isinstance(bad.error, MapError)
        assert name in error_text(bad.error)
    assert "tokens" in error_text(by_file["broken.tmx"].error)


def test_a_map_for_another_ruleset_is_unusable_here(data_dir):
    folder = user_maps_dir("tidegate")
    folder.mkdir(parents=True)
    for f in (MAPS / "territory").iterdir():
        shutil.copy(f, folder / f.name)
    (entry,) = [e for e in list_maps("tidegate") if e.user]
    assert not entry.usable and "territory" in error_text(entry.error)


def test_the_lobby_offers_user_maps_and_refuses_a_broken_one(app, data_dir):
    add_user_maps(data_dir)
    lobby = app.push(LobbyScene(app))
    paths = [m.path for m in lobby.maps]
    assert any(p.endswith("my_isle.tmx") for p in paths)
    lobby.set_map(next(p for p in paths if p.endswith("my_isle.tmx")))
    assert lobby.map_error() is None
    lobby.set_map(next(p for p in paths if p.endswith("broken.tmx")))
    assert "tokens" in lobby.map_error()
    app.step_frames(1)                                     # drawn with the error, no crash
    lobby.start()
    assert type(app.top).__name__ == "MessageBox"
    app.pop()
    lobby.set_map(next(p for p in paths if p.endswith("my_isle.tmx")))
    lobby.start()
    game = app.top
    assert type(game).__name__ == "TidegateScene" and game.session.setup.map.endswith("my_isle.tmx")
    app.step_frames(2)
