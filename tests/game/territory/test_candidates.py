"""Issue 19 item 7 (speed without a second copy of a rule): the order candidates are built
from memoised checker results (`candidates.py`); for arrows, from `path_options`, i.e.
`check_path` after a held tile, which is what `check_arrow` runs once its own tests pass.
These tests enumerate every candidate the plain way, by `check_order` alone, on states of
random games, and compare."""

from __future__ import annotations

from game.territory import actions as A
from game.territory import arrows, orders
from game.territory.constants import RAZE
from game.territory.plans import Plan
from game.territory.state import Phase
from tests.helpers.territory import random_decisions


def plain_arrows(st, tribe: int) -> set:
    """Every arrow `check_order` accepts now, tried from every own tile to every tile."""
    own = [i for i in st.board.land_tiles if st.owner[i] == tribe]
    out = set()
    for i in own:
        for j in range(st.board.size):
            for x in range(7):
                for raze in RAZE:
                    a = A.Arrow(i, j, x, raze)
                    if isinstance(orders.check_order(st, tribe, a), Plan):
                        out.add(a)
    return out


def test_T_11_1_listed_arrows_are_exactly_those_check_order_accepts():
    seen = 0
    for seats, seed in ((3, 5), (4, 6)):
        checked_turns = set()
        for st, seat, legal in random_decisions(12, seats, seed):
            if (st.phase is Phase.ORDERS and (st.turn, seat) not in checked_turns
                    and st.turn % 3 == 0 and not arrows.unfinished(st, seat)):
                checked_turns.add((st.turn, seat))
                listed = {a for a in legal if type(a) is A.Arrow}
                assert listed == plain_arrows(st, seat), (seed, st.turn, seat)
                seen += len(listed)
    assert seen > 100   # the games did reach states with many arrows


def test_T_6_chunk_groups_orders_by_cost_and_first_key_in_first_seen_order():
    """A `Chunk` (stored flat, with end offsets) groups its (action, plan) pairs exactly as
    a plain dict of lists would: keyless by cost, keyed by cost and kind of first key, groups
    and the orders in them in first-seen order; arrows (`of_costs`) by generic cost."""
    from random import Random

    from game.territory.chunks import Chunk

    rnd = Random(7)
    kinds = ("slot", "wall", "spell")
    for _ in range(200):
        pairs = []
        for n in range(rnd.randrange(0, 12)):
            keys = tuple((rnd.choice(kinds), rnd.randrange(3)) for _ in range(rnd.randrange(0, 3)))
            plan = Plan((rnd.randrange(2), rnd.randrange(2), 0), rnd.randrange(3), keys)
            pairs.append((f"order{n}", plan))
        keyless, keyed = {}, {}
        for action, plan in pairs:
            if plan.keys:
                keyed.setdefault(plan.cost + (plan.keys[0][0],), []).append((plan.keyset, action))
            else:
                keyless.setdefault(plan.cost, []).append(action)
        chunk = Chunk(pairs)
        assert chunk.keyless_groups() == [(cost, tuple(acts)) for cost, acts in keyless.items()]
        assert chunk.keyed_groups() == [
            (group_key, tuple(ks for ks, _ in entries), frozenset(k for ks, _ in entries for k in ks),
             tuple(a for _, a in entries)) for group_key, entries in keyed.items()]
        costs = tuple((rnd.randrange(1, 7), f"arrow{n}") for n in range(rnd.randrange(0, 9)))
        plain: dict = {}
        for cost, action in costs:
            plain.setdefault((0, 0, 0, cost), []).append(action)
        arrows_chunk = Chunk.of_costs(costs)
        assert arrows_chunk.keyless_groups() == [(c, tuple(a)) for c, a in plain.items()]
        assert arrows_chunk.keyed_groups() == []


def test_T_6_merged_chunks_group_like_one_chunk_of_all_their_orders():
    """`Chunk.merged` (every other tribe's gifts as one memoised chunk) groups exactly as
    one chunk of the merged chunks' pairs, in order: consecutive chunks group like one."""
    from random import Random

    from game.territory.chunks import Chunk

    rnd = Random(8)
    kinds = ("slot", "wall", "spell")
    for _ in range(200):
        parts = []
        for c in range(rnd.randrange(0, 5)):
            pairs = []
            for n in range(rnd.randrange(0, 8)):
                keys = tuple((rnd.choice(kinds), rnd.randrange(3)) for _ in range(rnd.randrange(0, 3)))
                pairs.append((f"order{c}.{n}", Plan((rnd.randrange(2), rnd.randrange(2), 0),
                                                    rnd.randrange(3), keys)))
            parts.append(pairs)
        merged = Chunk.merged([Chunk(pairs) for pairs in parts])
        whole = Chunk([pair for pairs in parts for pair in pairs])
        assert merged.keyless_groups() == whole.keyless_groups()
        assert merged.keyed_groups() == whole.keyed_groups()


def test_T_14_4_legal_orders_membership_is_the_full_lists():
    """`LegalOrders` (the system tribes' view of the list, T-14.4) answers `in` for new
    orders through `check_order`: on states of random games, for every action listed for
    any tribe at any point so far (so also many that are not legal now), membership must
    be exactly membership in the full `legal_orders` list of the tribe."""
    compared = inside = 0
    for seats, seed in ((3, 31), (4, 32)):
        pool: set = set()
        for actions, (st, seat, legal) in enumerate(random_decisions(10, seats, seed)):
            pool.update(legal)
            if st.phase is Phase.ORDERS and actions % 25 == 0:
                full = set(orders.legal_orders(st, seat))
                answer = orders.LegalOrders(st, seat)
                for a in pool:
                    assert (a in answer) == (a in full), (seed, st.turn, seat, a)
                    compared += 1
                    inside += a in full
    assert compared > 5000 and 500 < inside < compared   # both answers occur often


def test_T_6_affordable_lists_exactly_the_checked_static_orders_paid_for():
    """`candidates.affordable` (merged groups, keys united lazily, filtered buckets) lists
    exactly the static orders, in enumeration order, that `check_order` accepts: on states
    of random games, compared with the turn's candidates filtered one by one (with the
    holdings, keys at their limit and the open arrow as they are)."""
    from game.territory import candidates

    compared = 0
    for seats, seed in ((3, 41), (4, 42)):
        for st, seat, _ in random_decisions(10, seats, seed):
            t = st.tribes[seat]
            if st.phase is Phase.ORDERS and not arrows.unfinished(st, seat) and (
                    t.entries < st.params.max_orders and t.edits < st.params.max_edits):
                g, m, e = t.res
                listed = candidates.affordable(st, seat, g, m, e, t.full)
                pairs = [pair for chunk in candidates.static_chunks(st, seat)
                         for pair in (chunk if isinstance(chunk, tuple) else chunk_pairs(chunk))]
                accepted = {a for a, _ in pairs if isinstance(orders.check_order(st, seat, a), Plan)}
                assert set(listed) == accepted and len(listed) == len(accepted), (seed, st.turn)
                for group in candidates.cost_groups(st, seat)[1]:
                    assert group[4] is None or group[4] == frozenset().union(*group[5])
                compared += len(listed)
    assert compared > 5000


def chunk_pairs(chunk) -> list:
    """A chunk's actions (with no plans: only the actions are compared)."""
    return [(a, None) for _, acts in chunk.keyless_groups() for a in acts] + [
        (a, None) for *_, acts in chunk.keyed_groups() for a in acts]


def test_T_16_3_T_16_4_T_13_7_demands_proposals_and_shadow_spells_listed_exactly_as_accepted():
    """The lists ask a demand only for War, a trade proposal only for Jungle and requiem /
    undead plague only at tiles touching own land (the checkers refuse the rest first): each
    tribe's listed demands, proposals and those two spells are exactly the ones `check_order`
    accepts among every target tribe and every tile of the board."""
    from tests.helpers.territory import own, plain_game, res, techs, tile
    from game.territory.state import UNDEAD

    g = plain_game(("shadow", "war", "jungle", "bounty"), spare=0)
    own(g, 0, (0, 0), (1, 1))
    own(g, 0, (9, 0), building="tower")
    own(g, 1, (0, 1), (2, 1))   # War touches Shadow
    own(g, 2, (3, 1))           # Jungle touches War
    own(g, 3, (5, 5))           # Bounty touches nobody
    for x, y in ((1, 0), (6, 6)):   # an undead tile next to Shadow, one far away
        g.owner[tile(g, x, y)] = UNDEAD
    techs(g, 0, "primitive_magic", "battle_magic")
    for s in range(4):
        res(g, s, 9, 9, 9)
    g._cache = {}
    kinds = (A.DemandTribute, A.ProposeTrade)
    spells = ("requiem", "undead_plague")

    def asked(a) -> bool:
        return type(a) in kinds or (type(a) is A.Cast and a.spell in spells)

    found = {}
    for s in range(4):
        every = [k(o) for k in kinds for o in range(4)] + [
            A.Cast(sp, i) for sp in spells for i in range(g.board.size)]
        accepted = {a for a in every if isinstance(orders.check_order(g, s, a), Plan)}
        listed = [a for a in g.legal_actions(s) if asked(a)]
        assert set(listed) == accepted and len(listed) == len(accepted), s
        found[s] = sorted((type(a).__name__, getattr(a, "spell", ""), getattr(a, "target", -1))
                          for a in listed)
    assert found[0] == [("Cast", "requiem", tile(g, 1, 0)), ("Cast", "undead_plague", tile(g, 0, 1)),
                        ("Cast", "undead_plague", tile(g, 2, 1))]
    assert found[1] == [("DemandTribute", "", 0), ("DemandTribute", "", 2), ("DemandTribute", "", 3)]
    assert found[2] == [("ProposeTrade", "", 1)]
    assert found[3] == []


def test_T_6_listing_orders_leaves_the_turns_cost_groups_unchanged():
    """`cost_groups` keeps each group's actions and keys as the lists its merge built,
    shared by every listing of the turn (and the next turn's, when its chunks are the
    same): `legal_orders` extends a fresh list, so listing (and entering) orders never
    changes a group."""
    from game.territory import candidates

    def frozen(groups):
        keyless, keyed = groups[0], groups[1]
        return ([(*group[:4], tuple(group[4])) for group in keyless],
                [(*group[:4], tuple(group[5]), tuple(group[6])) for group in keyed])

    listed = 0
    for seats, seed in ((3, 43), (4, 44)):
        # (the decisions' own listings enter and list orders between two of these looks)
        for st, seat, _ in random_decisions(8, seats, seed):
            if st.phase is Phase.ORDERS:
                before = frozen(candidates.cost_groups(st, seat))
                again = st.legal_actions(seat)
                again.append("appended by the caller")
                assert frozen(candidates.cost_groups(st, seat)) == before, (seed, st.turn, seat)
                listed += 1
    assert listed > 100
