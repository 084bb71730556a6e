"""T-12.2's split limit as a faction-specific [P] (D42; the lead's decision recorded in the
package docstring): 3 ENDs by default, Pioneer 5 (T-12.2's own numbers, scenario 7 in
test_scenarios), Tide a tuned value. Sea still never joins land (T-12.1): Tide's overseas
component still splits off, only later.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.core.data import DataError
from game.territory import constants
from game.territory import events as E
from game.territory.constants import FACTIONS, SPLIT_LIMIT
from tests.helpers.territory import of, own, plain_board, plain_game, res, resolve, tile

TIDE_LIMIT = 40   # D42: the value the balance study chose (data/rules.toml [split_limit])


def test_T_12_2_D42_split_limit_table_values():
    """T-12.2's numbers for every faction but Tide (3, Pioneer 5); Tide's tuned [P] value."""
    assert SPLIT_LIMIT == {"default": 3, "bounty": 3, "arcane": 3, "pioneer": 5, "jungle": 3,
                           "tide": TIDE_LIMIT, "war": 3, "shadow": 3}
    assert set(SPLIT_LIMIT) == {"default", *FACTIONS}


def overseas_game():
    """Tide holds its home (0..0, 0..2, capital at (0,0)) and a landing at (3,0), (3,1)
    across a strait of sea (columns 1 and 2 of rows 0..2)."""
    strait = [(x, y) for x in (1, 2) for y in (0, 1, 2)]
    g = plain_game(("tide", "arcane"), board=plain_board(sea=strait), spare=0)
    g.params = replace(g.params, disaster_every=99)  # no disaster takes a tile meanwhile
    own(g, 0, (0, 0), (0, 1), (0, 2))
    own(g, 0, (0, 0), building="capital")
    own(g, 0, (3, 0), (3, 1))           # the landing: sea never joins it to home (T-12.1)
    own(g, 1, (8, 7), (9, 7), (10, 7), (11, 7), (12, 7))
    g.turn = 2
    return g


def test_T_12_2_D42_tide_landing_splits_off_at_exactly_its_limit():
    """Ages 0..limit-1 at the first `limit` ENDs after the landing, no split-off meanwhile; at
    the next END the landing (not the capital's component) becomes a Tide system tribe with
    0 resources (T-12.2)."""
    g = overseas_game()
    res(g, 0, 4)
    ages = []
    for _ in range(TIDE_LIMIT):
        assert not of(resolve(g), E.TribeCreated)
        ages.append(g.tribes[0].split_age)
    assert ages == list(range(TIDE_LIMIT))
    ev = resolve(g)  # END(2 + TIDE_LIMIT)
    (created,) = of(ev, E.TribeCreated)
    assert created.parent == 0 and set(created.tiles) == {tile(g, 3, 0), tile(g, 3, 1)}
    new = g.tribes[created.tribe]
    assert new.kind == "system" and new.faction == "tide"
    assert g.owner[tile(g, 0, 0)] == 0 and g.tribes[0].split_age == -1


def test_T_12_2_D42_the_warning_names_the_tribes_own_limit():
    """T-12.3's warning carries the faction's limit (Tide's, not the default 3)."""
    g = overseas_game()
    (warning,) = of(resolve(g), E.SplitWarning)
    assert (warning.age, warning.limit) == (0, TIDE_LIMIT)


def test_T_12_2_split_limit_table_needs_a_default(tmp_path, monkeypatch):
    """The rules data must give `split_limit.default`; a faction without an entry takes it."""
    text = constants.DATA_PATH.read_text(encoding="utf-8")
    bad = text.replace("[split_limit]", "[split_limit_gone]", 1)
    path = tmp_path / "rules.toml"
    path.write_text(bad, encoding="utf-8")
    monkeypatch.setattr(constants, "DATA_PATH", path)
    with pytest.raises(DataError):
        constants._load()
