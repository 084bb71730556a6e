"""T-11.1 / T-13.7: the arrow steps offered for the open arrow are exactly the steps
`check_step` accepts, repeat attacks included (`arrows.step_options` rules every repeat out
at once through `repeat_refusal`, and lists the rest as `check_repeat` decides them)."""

from __future__ import annotations

from game.territory import actions as A
from game.territory import arrows
from game.territory.constants import RAZE
from game.territory.plans import Plan
from tests.helpers.territory import enter, own, plain_game, res, tile


def grudge_game(defender: str = "shadow"):
    """A's tile (0, 0) next to a city of `defender` at (1, 0) with more of its land behind."""
    g = plain_game(("bounty", defender))
    own(g, 0, (0, 0))
    own(g, 1, (1, 0), building="city")
    own(g, 1, (2, 0))
    res(g, 0, 30)
    return g


def repeats_listed(g, city):
    return {a for a in g.legal_actions(0) if type(a) is A.Step and a.tile == city}


def repeats_accepted(g, city):
    return {A.Step(city, x, raze) for raze in RAZE for x in range(7)
            if isinstance(arrows.check_step(g, 0, A.Step(city, x, raze)), Plan)}


def test_T_13_7_repeats_on_a_shadow_city_are_listed_exactly_as_check_step_accepts_them():
    g = grudge_game()
    city = tile(g, 1, 0)
    enter(g, 0, A.Arrow(tile(g, 0, 0), city, 6))
    listed = repeats_listed(g, city)
    assert listed == repeats_accepted(g, city)
    # an attack of 1..6, no raze or a gold raze (the city is no special tile); never a cross
    assert listed == {A.Step(city, x, raze) for x in range(1, 7) for raze in ("none", "gold")}
    # not twice in a row: after the repeat, none is offered or accepted
    enter(g, 0, A.Step(city, 3))
    assert repeats_listed(g, city) == repeats_accepted(g, city) == set()


def test_T_13_7_no_repeat_on_a_city_of_another_faction():
    g = grudge_game("war")
    city = tile(g, 1, 0)
    enter(g, 0, A.Arrow(tile(g, 0, 0), city, 6))
    assert repeats_listed(g, city) == repeats_accepted(g, city) == set()
    # the rest of the open arrow's steps are still offered
    assert any(type(a) is A.Step for a in g.legal_actions(0))

