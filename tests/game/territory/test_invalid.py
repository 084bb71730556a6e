"""T-20: every invalid input is refused with its reason and leaves the state unchanged
(same digest); every reason key has a sentence in English and Simplified Chinese."""

from __future__ import annotations

import pytest

from game.core import IllegalAction, Setup
from game.core.i18n import error_text
from game import rulesets
from game.territory import actions as A
from game.territory.constants import SEA
from tests.helpers.refusal import assert_refused
from tests.helpers.territory import (
    enter, new_game, own, plain_board, plain_game, put, res, resolve, techs, tile,
)


def refused(g, seat, action, key, **params):
    """The core refusal check (reason() == apply()'s error, digest unchanged), plus: the
    order lists are untouched and the key has a sentence in both languages."""
    orders = [list(t.orders) for t in g.tribes]
    refusal = assert_refused(g, seat, action, key, **params)
    assert [list(t.orders) for t in g.tribes] == orders
    for lang in ("en", "zh"):
        text = error_text(refusal, lang)
        assert text and not text.startswith("error."), (lang, key)
    return refusal


def base():
    board = plain_board(sea=[(x, 0) for x in range(6)])
    g = plain_game(("bounty", "arcane"), board=board)
    own(g, 0, (0, 2), (1, 2))
    own(g, 1, (3, 2), (3, 3))
    res(g, 0, 20, 5, 5)
    return g


def test_T_20_x_must_be_1_to_6():
    g = base()
    refused(g, 0, A.Arrow(tile(g, 1, 2), tile(g, 2, 2), 7), "territory.bad_x", x="7")
    refused(g, 0, A.Arrow(tile(g, 1, 2), tile(g, 2, 2), -1), "territory.bad_x")


def test_T_20_not_enough_resources():
    g = base()
    res(g, 0, 3)
    refused(g, 0, A.Arrow(tile(g, 1, 2), tile(g, 2, 2), 4), "unaffordable")
    refused(g, 0, A.Build(tile(g, 0, 2), "camp"), "unaffordable")


def test_T_20_tile_not_yours():
    g = base()
    refused(g, 0, A.Arrow(tile(g, 3, 2), tile(g, 4, 2), 2), "territory.not_yours")
    refused(g, 0, A.Build(tile(g, 3, 2), "camp"), "territory.not_yours")


def test_T_20_cannot_skip_a_tile_of_another_faction():
    g = base()
    own(g, 1, (2, 3))
    enter(g, 0, A.Arrow(tile(g, 1, 2), tile(g, 1, 3), 0))   # cross unclaimed (1,3)
    refused(g, 0, A.Step(tile(g, 2, 3), 0), "territory.cannot_skip", tile=tile(g, 2, 3))


def test_T_20_sea_must_be_entered_from_a_held_tile():
    g = base()
    enter(g, 0, A.Arrow(tile(g, 0, 2), tile(g, 0, 1), 0))   # cross unclaimed (0,1)
    refused(g, 0, A.Step(tile(g, 0, 0), 0), "territory.sea_entry")
    assert g.board.kind[tile(g, 0, 0)] == SEA


def test_T_20_needs_a_technology():
    g = base()
    put(g, 0, 2, "city")
    refused(g, 0, A.Commerce(tile(g, 0, 2)), "territory.needs_tech", tech="commerce_tech")
    refused(g, 0, A.Research("battle_magic"), "territory.needs_tech", tech="primitive_magic")


def test_T_20_no_tower():
    g = base()
    techs(g, 0, "primitive_magic")
    refused(g, 0, A.Cast("steal", 1), "territory.no_tower")


def test_T_20_one_tower_spell_per_turn():
    g = base()
    techs(g, 0, "primitive_magic")
    put(g, 1, 2, "tower")
    enter(g, 0, A.Cast("steal", 1))
    refused(g, 0, A.Cast("nature_gift", tile(g, 0, 2)), "territory.one_spell")


def test_T_20_slot_occupied():
    g = base()
    put(g, 0, 2, "camp")
    refused(g, 0, A.Build(tile(g, 0, 2), "workshop"), "not_empty")
    enter(g, 0, A.Build(tile(g, 1, 2), "camp"))
    refused(g, 0, A.Build(tile(g, 1, 2), "workshop"), "not_empty")  # one order per slot


def test_T_20_special_tile():
    g = base()
    g.board = plain_board(sea=[(x, 0) for x in range(6)])
    special = list(g.board.special)
    special[tile(g, 0, 2)] = 1
    object.__setattr__(g.board, "special", tuple(special))
    g._cache = {}
    refused(g, 0, A.Build(tile(g, 0, 2), "camp"), "territory.special_tile")
    enter(g, 0, A.Build(tile(g, 0, 2), "workshop"))  # allowed on a materials tile


def test_T_20_magic_turmoil():
    g = base()
    techs(g, 0, "primitive_magic")
    put(g, 1, 2, "tower")
    g.turmoil_until = 3
    g._cache = {}
    refused(g, 0, A.Cast("steal", 1), "territory.turmoil")


def test_T_20_already_submitted_and_not_your_seat():
    g = base()
    g.apply(0, A.SUBMIT)
    refused(g, 0, A.Build(tile(g, 0, 2), "camp"), "territory.already_submitted")
    refused(g, 5, A.SUBMIT, "not_your_turn")


def test_T_20_anything_else_is_not_allowed_with_the_rule():
    g = base()
    err = refused(g, 0, A.Arrow(tile(g, 1, 2), tile(g, 3, 3), 2), "territory.not_allowed")
    assert err.params["rule"] == "T-11.1"  # not adjacent
    err = refused(g, 0, A.Build(tile(g, 0, 2), "farm2"), "territory.not_allowed")
    assert err.params["rule"] == "T-8"
    refused(g, 0, A.Step(tile(g, 2, 2), 2), "territory.not_allowed")  # no arrow to extend
    refused(g, 0, A.RemoveOrder(3), "territory.not_allowed")


def test_T_20_unfinished_arrow_blocks_other_orders_and_submit():
    g = base()
    enter(g, 0, A.Arrow(tile(g, 1, 2), tile(g, 2, 2), 0))
    refused(g, 0, A.SUBMIT, "territory.arrow_unfinished")
    refused(g, 0, A.Build(tile(g, 0, 2), "camp"), "territory.arrow_unfinished")
    enter(g, 0, A.Step(tile(g, 3, 2), 2))
    g.apply(0, A.SUBMIT)


def test_T_20_wrong_phase_and_game_over():
    g = new_game(2)  # PICK phase: no factions preset
    seat = g.to_move()[0]
    refused(g, seat, A.SUBMIT, "wrong_phase")
    refused(g, 1 - seat, A.PickFaction("war"), "not_your_turn")
    g.apply(seat, A.PickFaction("war"))
    refused(g, 1 - seat, A.PickFaction("war"), "territory.not_allowed")
    g2 = base()
    refused(g2, 0, A.PickFaction("war"), "wrong_phase")
    for i in range(g2.board.size):
        if g2.owner[i] == 1:
            g2.owner[i] = -1
    resolve(g2)
    assert g2.result() is not None
    refused(g2, 0, A.SUBMIT, "game_over")


def test_T_4_1_seat_count_is_checked_against_the_map():
    with pytest.raises(IllegalAction) as err:
        rulesets.get("territory").new_game(Setup(seats=("human",) * 8, seed=1))
    assert err.value.reason_key == "bad_seat_count"
    with pytest.raises(IllegalAction) as err:
        rulesets.get("territory").new_game(
            Setup(seats=("human",) * 2, seed=1, options={"factions": ["war", "war"]}))
    assert err.value.reason_key == "bad_option"
