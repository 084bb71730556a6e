"""Issue 19 item 7 (speed without a stale cache): the ORDERS-phase legal list is assembled
from caches kept between actions (the turn's cache `_cache`: candidate groups, keyed
buckets, arrow step options per arrow order; the board memo and the interned arrow and
step actions shared by every game on the board). After every action of random games the
cached list must equal, element for element and in order, the list built from scratch on a
copy of the state with an empty turn cache, and at regular actions also with an empty board
memo and empty intern tables (arrows, steps, shared actions and the plans of memoised
candidates) (T-6: the enumeration is `check_order`'s, T-11.1 for steps)."""

from __future__ import annotations

import pytest

from game import rulesets
from game.ai import make_agent
from game.core.protocol import Setup
from game.territory import actions as A
from game.territory import arrows, candidates, orders
from game.territory.constants import RAZE
from game.territory.state import Phase
from tests.helpers.territory import play_random_until


def from_scratch(st, seat: int, cold: bool) -> list:
    """`legal_actions` of a copy with an empty turn cache; `cold` also empties the board
    memo and the intern tables for the call (restored after, other games share them)."""
    twin = st.clone()
    twin._cache = {}
    if not cold:
        return twin.legal_actions(seat)
    memo = st.board.memo
    tables = (memo, arrows._ARROWS, arrows._STEPS, candidates._SHARED, candidates._INTERNED)
    saved = [dict(table) for table in tables]
    for table in tables:
        table.clear()
    try:
        return twin.legal_actions(seat)
    finally:
        for table, content in zip(tables, saved):
            table.clear()
            table.update(content)


@pytest.mark.parametrize("seats,seed", [(3, 11), (2, 12), (5, 13)])
def test_T_6_cached_legal_list_equals_a_fresh_one_after_every_action(seats, seed):
    rs = rulesets.get("territory")
    st = rs.new_game(Setup(seats=("random",) * seats, seed=seed))
    players = [make_agent("random", rs, s, seed) for s in range(seats)]
    compared = cold = steps = 0
    while st.result() is None and st.turn <= 14:
        for seat in st.to_move():
            legal = st.legal_actions(seat)
            if st.phase is Phase.ORDERS:
                check_cold = compared % 40 == 0
                assert legal == from_scratch(st, seat, check_cold), (st.turn, seat, compared)
                compared += 1
                cold += check_cold
                steps += any(type(a) is A.Step for a in legal)
            st.apply(seat, players[seat].choose(None, legal))
            if st.result() is not None:
                break
    # the games reach the cached parts: many lists, some from a cold memo, open arrows
    assert compared > 300 and cold > 5 and steps > 50


def test_T_11_1_clones_sharing_the_turn_cache_keep_their_own_arrow_steps():
    """Two copies of one state share the turn cache and enter different arrows that get the
    same order id: each must list the steps of its own arrow (the step options are cached
    per arrow order object, not per order id)."""
    rs = rulesets.get("territory")
    st = rs.new_game(Setup(seats=("random",) * 3, seed=21, options={
        "factions": ["jungle", "war", "arcane"]}))
    assert st.phase is Phase.ORDERS
    st.legal_actions(0)   # fill the shared turn cache first
    crossings = [a for a in st.legal_actions(0) if type(a) is A.Arrow and a.x == 0]
    first = crossings[0]
    second = next(a for a in crossings if a.tile != first.tile)
    one, two = st.clone(), st.clone()
    assert one._cache is two._cache
    one.apply(0, first)
    two.apply(0, second)
    assert one.tribes[0].orders[-1].id == two.tribes[0].orders[-1].id
    for twin, arrow in ((one, first), (two, second), (one, first)):
        legal = twin.legal_actions(0)
        assert legal == from_scratch(twin, 0, cold=False)
        listed = {a.tile for a in legal if type(a) is A.Step}
        assert listed and arrow.tile not in listed   # a step never re-enters the path


def arrow_probes(st, tribe: int) -> list:
    """Arrows a planner might ask about: from every own tile to every tile next to it (or
    tunnel-linked), every x and raze, legal or not."""
    out = []
    for i in range(st.board.size):
        if st.owner[i] != tribe:
            continue
        for j in tuple(st.board.adjacent[i]) + ((st.tunnel[i],) if st.tunnel[i] >= 0 else ()):
            out.extend(A.Arrow(i, j, x, raze) for x in range(7) for raze in RAZE)
    return out


REAL_LEGAL_ORDERS = orders.LegalOrders


def assert_same_as_the_list(st, tribe: int, legal: list) -> None:
    """`LegalOrders` answers what the full list answers (T-14.4, T-6): `listed` is the list's
    new orders (no settings, removals or submit) without the kinds of `orders.UNLISTED`
    (arrows, gifts, cessions, vassal offers, answers) in the same order, and `in` agrees
    with the list on every listed action, on every left-out one and on every arrow probe."""
    answer = REAL_LEGAL_ORDERS(st, tribe)
    assert answer.listed == [a for a in legal if type(a) in orders.CHECKERS
                             and type(a) not in orders.UNLISTED]
    members = set(legal)
    for action in legal:
        assert action in answer
    for arrow in arrow_probes(st, tribe):
        assert (arrow in answer) == (arrow in members), arrow


@pytest.mark.parametrize("seats,seed", [(3, 31), (4, 32), (5, 33)])
def test_T_14_4_system_tribes_legal_orders_answer_as_the_full_list(seats, seed, monkeypatch):
    """Issue 19 item 7: the system tribes' planner reads `LegalOrders` instead of the listed
    legal orders; at every system tribe's planning (and for every seat at some ORDERS states,
    with orders entered and arrows open) it must answer exactly as the list."""
    checked = {"system": 0, "seat": 0}

    class Checked(orders.LegalOrders):
        def __init__(self, st, tribe):
            assert_same_as_the_list(st, tribe, orders.legal_orders(st, tribe))
            checked["system"] += 1
            super().__init__(st, tribe)

    monkeypatch.setattr(orders, "LegalOrders", Checked)
    rs = rulesets.get("territory")
    st = rs.new_game(Setup(seats=("random",) * seats, seed=seed))
    players = [make_agent("random", rs, s, seed) for s in range(seats)]
    n = 0
    while st.result() is None and st.turn <= 16:
        for seat in st.to_move():
            legal = st.legal_actions(seat)
            if st.phase is Phase.ORDERS and n % 11 == 0:
                assert_same_as_the_list(st, seat, legal)
                checked["seat"] += 1
            n += 1
            st.apply(seat, players[seat].choose(None, legal))
            if st.result() is not None:
                break
    assert checked["system"] > 10 and checked["seat"] > 50, checked


def test_T_14_4_system_tribes_plan_the_same_from_the_full_list(monkeypatch):
    """T-14.4: a system tribe's plan from `LegalOrders` (which lists neither arrows nor
    gifts, cessions, vassal offers and answers) is the plan from the full legal list, at
    every system tribe's planning of random games with many tribes."""
    from game.territory import planner

    planned = {"plans": 0, "orders": 0}

    class Compared(orders.LegalOrders):
        def __init__(self, st, tribe):
            super().__init__(st, tribe)
            full = planner.plan_turn(st.view(None), tribe, orders.legal_orders(st, tribe))
            assert planner.plan_turn(st.view(None), tribe, REAL_LEGAL_ORDERS(st, tribe)) == full
            planned["plans"] += 1
            planned["orders"] += len(full)

    monkeypatch.setattr(orders, "LegalOrders", Compared)
    for seats, seed in ((3, 41), (5, 42)):
        play_random_until(16, seats, seed)
    assert planned["plans"] > 30 and planned["orders"] > 100, planned


def test_T_12_3_T_10_1_turn_cached_core_choices_and_bound_spell_bases_equal_fresh_ones():
    """The turn's cache also keeps every own tile's `choose_core` (each core's choices are
    that tuple with the core left out, T-12.3) and whether any spell bound to an arrow
    passes its base checks (T-10.1: tower, techs, turmoil). After every action of random
    games both must equal a computation on a copy with an empty turn cache; the games
    reach split tribes choosing new cores. Fails if either outlives a change it reads."""
    from game.territory import magic

    rs = rulesets.get("territory")
    cores = bases = 0
    for seed in (31, 32):
        st = rs.new_game(Setup(seats=("random",) * 3, seed=seed))
        players = [make_agent("random", rs, s, seed) for s in range(3)]
        while st.result() is None and st.turn <= 16:
            for seat in st.to_move():
                legal = st.legal_actions(seat)
                if st.phase is Phase.ORDERS:
                    t = st.tribes[seat]
                    twin = st.clone()
                    twin._cache = {}
                    if t.split_age >= 0:
                        assert orders.core_choices(st, seat, t.core) == orders.core_choices(
                            twin, seat, t.core), (seed, st.turn, seat)
                        cores += 1
                    assert magic.bound_castable(st, seat) == magic.bound_castable(twin, seat)
                    bases += 1
                st.apply(seat, players[seat].choose(None, legal))
                if st.result() is not None:
                    break
    assert cores > 50 and bases > 300
