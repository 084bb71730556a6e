"""D42's faction-specific income [P] (`[income_bonus]` in data/rules.toml): gold added to each
T-7.1 income of the faction's tribes, a malus never taking an income below 0. The value is
the balance study's (the package docstring records it): Pioneer starts on 8 tiles of Origin,
the others on 5.
"""

from __future__ import annotations

from dataclasses import replace

from game.territory import events as E
from game.territory import position
from game.territory.constants import FACTIONS, INCOME_BONUS
from tests.helpers.territory import of, plain_game, resolve

PIONEER_MALUS = -3


def test_D42_income_bonus_table_values():
    assert INCOME_BONUS == {f: (PIONEER_MALUS if f == "pioneer" else 0) for f in FACTIONS}


def income_of(g, tribe: int) -> E.Income:
    g.params = replace(g.params, disaster_every=99)   # no disaster in the way
    (income,) = [ev for ev in of(resolve(g), E.Income) if ev.tribe == tribe]
    return income


def test_T_7_1_D42_pioneer_income_is_three_gold_less_than_its_tiles_give():
    """Six plain tiles give 6 gold (T-7.1); Pioneer gets 6 - 3 = 3, shown in `extra`, and
    the forecast in the view says the same; Bounty's six tiles (+1 each, T-13.1) are untouched."""
    g = plain_game(("pioneer", "bounty"), spare=6)
    forecast = position.income(g, 0)
    assert forecast == (3, 0, 0)
    before = g.tribes[0].res[0]
    income = income_of(g, 0)
    assert income.total == (3, 0, 0) and income.extra == (-3, 0, 0)
    assert sum(gold for _, gold, _, _ in income.tiles) == 6
    assert g.tribes[0].res[0] == before + 3
    assert position.income(g, 1) == (12, 0, 0)


def test_D42_an_income_malus_never_makes_an_income_negative():
    """Two tiles give 2 gold: the malus takes those 2 and no more (income 0, gold unchanged)."""
    g = plain_game(("pioneer", "bounty"), spare=2)
    assert position.income(g, 0) == (0, 0, 0)
    before = g.tribes[0].res[0]
    income = income_of(g, 0)
    assert income.total == (0, 0, 0) and income.extra == (-2, 0, 0)
    assert g.tribes[0].res[0] == before
