"""Rules data files: a wrong value names the file and the key, in both languages."""

import pytest

from game.core.data import DataError, DataFile
from game.core.i18n import error_text


def test_bad_values_name_file_and_key(tmp_path):
    path = tmp_path / "rules.toml"
    path.write_text('[limits]\nroads = -3\nname = "x"\n[costs]\nroad = { gold = 1 }\n', encoding="utf-8")
    data = DataFile(path)
    with pytest.raises(DataError) as err:
        data.int("limits.roads", 1, 99)
    assert err.value.where == "limits.roads" and str(path) in str(err.value)
    assert "limits.roads" in error_text(err.value, "en") and "limits.roads" in error_text(err.value, "zh")
    with pytest.raises(DataError) as err:
        data.get("limits.cities")
    assert err.value.problem == "missing"
    with pytest.raises(DataError) as err:
        data.int_map("costs.road", ("wood", "stone"))
    assert err.value.where == "costs.road.gold"


def test_unreadable_file(tmp_path):
    path = tmp_path / "rules.toml"
    path.write_text("[limits\n", encoding="utf-8")
    with pytest.raises(DataError) as err:
        DataFile(path)
    assert err.value.where == "file" and err.value.key == "data.invalid"
