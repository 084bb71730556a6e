"""START's incomes (T-7.1), END's territory groups (T-12.1) and a tribe's tiles are computed
by shortcuts (`position.tile_incomes` looks incomes up in a table per set of tribe facts,
`position.joined_groups` walks a set of tiles left, `position.owned` scans the state's owner
array in C): each must give exactly what the rules worked out tile by tile give, which these
tests write out plainly."""

from __future__ import annotations

import itertools
import random
from array import array
from dataclasses import replace

from game.territory import position
from game.territory.constants import (
    BUILDING, BUILDINGS, CAPITAL, CITY, COMMERCE_GOLD, ECON, LAND, NONE, SUN_GOLD, TREE, WORKSHOP,
)
from tests.helpers.territory import plain_board, plain_game


def income_by_the_rules(st, tribe: int, i: int) -> tuple[int, int, int]:
    """T-7.1 for one tile, rule by rule."""
    t = st.tribes[tribe]
    if st.desolate[i] > 0:
        return (0, 0, 0)
    b = st.building[i]
    gold = ECON["tile_gold"]
    if b == CAPITAL and t.totem == "sun":
        gold += SUN_GOLD
    elif b != TREE and b != NONE:
        gold += BUILDING[b].gold
    if st.commerce[i] and b in (CITY, CAPITAL):
        gold += COMMERCE_GOLD
    special = st.board.special[i]
    if special == 0 and t.faction == "bounty":
        gold += ECON["bounty_bonus"]
    gold += st.gift[i]
    if st.board.cold[i] and st.turn <= st.winter_until:
        gold -= ECON["winter_malus"]
    income = [max(0, gold), 0, 0]
    if special and "extraction" in t.techs:
        income[special] += 1
    if b == WORKSHOP:
        income[1] += BUILDING[WORKSHOP].materials
    return (income[0], income[1], income[2])


def test_T_7_1_tile_incomes_match_the_rules_for_every_building_special_and_fact():
    """Every building, with and without Commerce, on every special, cold or not, desolate,
    gifted (Nature's Gift) or neither, for each totem/faction/Extraction/winter combination."""
    width = 24
    cases = list(itertools.product(range(len(BUILDINGS)), (0, 1), range(3), (False, True),
                                   (0, 2), (0, 3)))
    height = -(-len(cases) // width)
    base = plain_board(width=width, height=height)
    special = [0] * (width * height)
    cold = [False] * (width * height)
    for i, (_, _, s, c, _, _) in enumerate(cases):
        special[i], cold[i] = s, c
    board = replace(base, special=tuple(special), cold=tuple(cold))
    tiles = list(range(len(cases)))
    for faction, totem, extraction, winter in itertools.product(
            ("bounty", "war"), ("sun", ""), (False, True), (False, True)):
        g = plain_game((faction, "war"), board=board, spare=0)
        t = g.tribes[0]
        t.totem = totem
        if extraction:
            t.techs.add("extraction")
        g.winter_until = g.turn if winter else 0
        for i, (b, commerce, _, _, desolate, gift) in enumerate(cases):
            g.owner[i], g.building[i], g.commerce[i] = 0, b, commerce
            g.desolate[i], g.gift[i] = desolate, gift
        expected = [income_by_the_rules(g, 0, i) for i in tiles]
        assert position.tile_incomes(g, 0, tiles) == expected
        assert position.tile_incomes(g, 0, iter(tiles)) == expected   # any iterable, once
        assert [position.tile_income(g, i) for i in tiles] == expected


def groups_by_a_plain_walk(adjacent, tunnel, own, shadow) -> list[list[int]]:
    """T-12.1: a depth-first walk from each lowest tile not yet seen."""
    groups, seen = [], set()
    for i in sorted(own):
        if i in seen:
            continue
        group, stack = [], [i]
        seen.add(i)
        while stack:
            j = stack.pop()
            group.append(j)
            near = list(adjacent[j]) + ([tunnel[j]] if shadow and tunnel[j] >= 0 else [])
            for n in near:
                if n in own and n not in seen:
                    seen.add(n)
                    stack.append(n)
        groups.append(sorted(group))
    return groups


def test_T_12_1_joined_groups_match_a_plain_walk_with_and_without_tunnels():
    board = plain_board(width=12, height=8)
    rng = random.Random(12)
    for _ in range(400):
        tunnel = [-1] * board.size
        for _ in range(rng.randint(0, 4)):
            a, b = rng.sample(range(board.size), 2)
            if tunnel[a] < 0 and tunnel[b] < 0:
                tunnel[a], tunnel[b] = b, a
        own = rng.sample(range(board.size), rng.randint(0, 60))
        for shadow in (False, True):
            expected = groups_by_a_plain_walk(board.adjacent, tunnel, set(own), shadow)
            assert position.joined_groups(board.adjacent, tunnel, set(own), shadow) == expected
            assert position.joined_groups(board.adjacent, tunnel, sorted(own), shadow) == expected


def test_T_18_owned_tiles_are_the_same_from_the_state_array_and_from_a_view_list():
    """`position.owned` scans the state's owner array with `array.index` and a view's
    copied list tile by tile: both give the land tiles of the tribe in tile order (a sea tile
    given an owner, which the rules never do, is still left out)."""
    board = plain_board(width=12, height=6, sea=[(3, 2), (4, 2)])
    g = plain_game(("bounty", "war", "shadow"), board=board, spare=0)
    assert isinstance(g.owner, array)
    rng = random.Random(18)
    for _ in range(200):
        for i in range(board.size):
            g.owner[i] = rng.choice((-3, -2, -1, 0, 1, 2, 2))
        view = g.view(None)
        assert isinstance(view.owner, list)
        for tribe in (-3, -2, -1, 0, 1, 2):
            expected = [i for i in range(board.size) if board.kind[i] == LAND and g.owner[i] == tribe]
            assert position.owned(g, tribe) == expected
            assert position.owned(view, tribe) == expected
