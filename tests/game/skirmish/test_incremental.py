"""Issue 19 (speed): every answer Skirmish keeps between actions equals the answer computed from
nothing, after every action of many random games (a property test over seeds and seat counts).

Kept between actions (state.py): movement searches and what they read (per-hex rules,
Intercept zones, attack targets and the rest of what attack options read), keyed by the
per-seat change counters `_stamps`; per unit its Moves (patched from the turn's change
log), attacks and dismount, and the seat's listing of them (only the units that acted since
are checked again); the seat's production options; the occupied neutral hexes (patched
from the log); do_move's kept search entry (`kept_reach`: the labels with the rules they
were searched with) and a kept MoveList returned while its search key holds; per board, the
per-hex strike tables of attack options and the hostile cities per owners. A stale answer
(a change notice missing, a log entry not applied) shows up here as a difference from a
clone whose kept data were all dropped (`touch`), or from the rule functions asked directly.
"""

from __future__ import annotations

import pickle
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from game import rulesets
from game.ai import make_agent
from game.core import codec
from game.core.protocol import Setup
from game.skirmish.actions import Move
from game.skirmish.combat import hostile_cities, hostile_targets, strike_rules, strikes_from
from game.skirmish.economy import _produce_list, produce_options
from game.skirmish.events import Captured, Later, Moved
from game.skirmish.movement import (
    NEVER, PASS_ONLY, STOP_ONLY, ZOC, neutral_stands, _rules, intercept_zone, kept_reach,
    move_list, obligation, reach, search, search_rules,
)
from game.skirmish.paths import best_path


def check_kept_answers(state, seat: int) -> None:
    """Everything `state` keeps for `seat` equals a from-nothing computation on a clone."""
    fresh = state.clone()
    fresh.touch()
    assert state.legal_actions(seat) == fresh.legal_actions(seat)
    assert neutral_stands(state) == [h for h in state.board.neutral_hexes if state.occ[h] >= 0]
    assert produce_options(state, seat) == _produce_list(fresh, seat)
    for through in (False, True):
        assert _rules(state, seat, through) == _rules(fresh, seat, through)
    assert intercept_zone(state, seat) == intercept_zone(fresh, seat)
    assert hostile_targets(state, seat) == hostile_targets(fresh, seat)
    cities = state.board.cities
    assert hostile_cities(state, seat) == tuple(spec.hex for k, spec in enumerate(cities)
                                                if state.city_hostile(k, seat))
    # the stamp apart (`touch` bumps it): targets and per class range, water, C9
    assert strike_rules(state, seat)[1:] == strike_rules(fresh, seat)[1:]
    for u in state.units.values():
        if u.faction == seat:
            twin = fresh.units[u.id]
            # same hexes, same MP, same order (agents iterate it)
            assert list(reach(state, u).items()) == list(reach(fresh, twin).items())
            assert obligation(state, u) == obligation(fresh, twin)
            if u.mp_left > 0:
                # do_move's one look-up: the labels and the rules the search read
                _, labels, rules = kept_reach(state, u)
                assert labels is reach(state, u) and rules == search_rules(fresh, twin)
            if not state.board.neutral[u.hex]:
                # a kept MoveList (returned while its `at` holds) lists the empty reached hexes
                moves = move_list(state, u)
                assert moves.hexes == [h for h in sorted(reach(fresh, twin)) if fresh.occ[h] < 0]
                assert moves.acts == [Move(u.id, state.board.coords[h]) for h in moves.hexes]
    check_strike_tables(state.board)


def check_strike_tables(b) -> None:
    """Every per-hex strike table the board keeps (`combat.strike_classes`) says, per hex,
    `disk_set` where `strikes_from` allows striking and nothing elsewhere."""
    assert b.strike_disks
    for (r, water), disks in b.strike_disks.items():
        assert disks == tuple(b.disk_set(h, r) if strikes_from(b, h, water) else frozenset()
                              for h in range(b.size))
    for classes in b.strike_classes.values():
        for r, water, _, disks in classes.values():
            assert disks is b.strike_disks[(r, water)]


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(1, 10**6), seats=st.sampled_from((2, 3, 4)))
def test_19_kept_answers_equal_a_from_scratch_computation_after_every_action(seed, seats):
    """A whole random game: after every action the legal list and every kept part of it are
    what a clone with nothing kept computes."""
    rs = rulesets.get("skirmish")
    state = rs.new_game(Setup(seats=("random",) * seats, seed=seed))
    players = [make_agent("random", rs, s, seed) for s in range(seats)]
    steps = 0
    while state.result() is None:
        seat = state.to_move()[0]
        if steps % 3 == 0 or state.phase.value != "play":
            check_kept_answers(state, seat)
        legal = state.legal_actions(seat)
        state.apply(seat, players[seat].choose(None, legal))
        steps += 1
    assert steps > 50


def test_19_a_notice_bumps_exactly_the_seats_it_concerns():
    """`unit_changed` gives a new stamp to the seats hostile to the unit only (a move far
    from any city), `cities_changed` to every seat; searches of untouched seats stay kept."""
    rs = rulesets.get("skirmish")
    state = rs.new_game(Setup(seats=("random",) * 4, seed=3))
    players = [make_agent("random", rs, s, 3) for s in range(4)]
    while state.phase.value != "play":
        seat = state.to_move()[0]
        state.apply(seat, players[seat].choose(None, state.legal_actions(seat)))
    u = next(v for v in state.units.values() if v.faction == 0)
    before = list(state._stamps)
    state.unit_changed(u, u.hex)
    assert state._stamps == [before[0]] + [s + 1 for s in before[1:]]
    before = list(state._stamps)
    state.cities_changed()
    assert state._stamps == [s + 1 for s in before]


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(1, 10**6), seats=st.sampled_from((2, 3, 4)))
def test_M_6_moved_path_read_late_is_the_D33_path_searched_before_the_move(seed, seats):
    """M-6 / D33: a `Moved` event's path and stop reason are searched only when first read
    (`events.Later`). Read at the end of a whole random game, every one equals the event
    built from `best_path` asked just before its Move; so the deferred search reads nothing
    the later actions change."""
    rs = rulesets.get("skirmish")
    state = rs.new_game(Setup(seats=("random",) * seats, seed=seed))
    players = [make_agent("random", rs, s, seed) for s in range(seats)]
    pairs = []
    while state.result() is None:
        seat = state.to_move()[0]
        action = players[seat].choose(None, state.legal_actions(seat))
        before = None
        if isinstance(action, Move):
            u = state.units[action.unit]
            dest = state.board.index(action.to)
            before = (best_path(state, u, dest), u.mp_left, state.board.city_at[dest])
        events = state.apply(seat, action)
        if before is not None:
            (path, mp_left, stopped), start_mp, city = before
            moved = events[0]
            capture = city >= 0 and any(isinstance(e, Captured) for e in events)
            expected = Moved(action.unit, tuple(state.board.coords[h] for h in path),
                             start_mp - mp_left, 0 if capture else mp_left,
                             "capture" if capture else stopped)
            pairs.append((moved, expected))
    assert len(pairs) > 20
    for moved, expected in pairs:
        assert moved == expected
        assert repr(moved) == repr(expected)


def test_M_6_a_deferred_moved_event_encodes_pickles_and_hashes_as_an_eager_one():
    """The codec, pickling and hashing read a deferred `Moved` as its computed values."""
    later = Later(lambda: (((0, 0), (1, 0)), "water"))
    moved = Moved(3, later, 2, 0, later)                # type: ignore[arg-type]
    eager = Moved(3, ((0, 0), (1, 0)), 2, 0, "water")
    assert hash(moved) == hash(eager) and moved == eager and moved.stopped == "water"
    captured = Moved(3, Later(lambda: (((0, 0), (1, 0)), "")), 2, 0,  # type: ignore[arg-type]
                     "capture")
    assert codec.encode(captured) == codec.encode(Moved(3, ((0, 0), (1, 0)), 2, 0, "capture"))
    one_step = Moved(3, Later(lambda: (((0, 0),), "")), 1, 1)  # type: ignore[arg-type]
    assert pickle.loads(pickle.dumps(one_step)) == Moved(3, ((0, 0),), 1, 1)


def compare_reach_with_a_full_search(seed: int, seats: int) -> tuple[int, Counter[int]]:
    """Play a random game; after every action check every own unit's `reach` against a
    search run now with the seat's per-hex rules (same hexes, MP and order), and the kept
    terrain-only search against one run now. Returns how many answers were the kept one as
    it is, and per rule value how many restricted hexes a patched copy of it changed."""
    rs = rulesets.get("skirmish")
    state = rs.new_game(Setup(seats=("random",) * seats, seed=seed))
    players = [make_agent("random", rs, s, seed) for s in range(seats)]
    b = state.board
    taken = 0
    patched: Counter[int] = Counter()
    while state.result() is None:
        seat = state.to_move()[0]
        for u in state.units.values():
            if u.faction != seat or u.mp_left <= 0:
                continue
            light, rule, fresh, marked = search_rules(state, u)
            assert marked == {h for h, r in enumerate(rule) if r and r != PASS_ONLY}
            moves = b.moves_by_mp(light, u.mp_left)
            got = reach(state, u)
            assert list(got.items()) == list(search(moves, rule, fresh, u.hex, u.mp_left).items())
            kept, onward = b.open_reach[(light, u.hex, u.mp_left)]
            assert list(kept.items()) == list(search(moves, [0] * b.size, [-1] * b.size, u.hex,
                                                     u.mp_left).items())
            taken += got is kept
            if got is not kept and marked.isdisjoint(onward):
                patched.update(rule[h] for h in marked.intersection(kept))
        state.apply(seat, players[seat].choose(None, state.legal_actions(seat)))
    return taken, patched


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(1, 10**6), seats=st.sampled_from((2, 3, 4)))
def test_M_5_I_3_reach_from_the_terrain_only_search_equals_the_search_with_the_rules(seed, seats):
    """M-1..M-5, I3, C11: `reach` takes the board's kept search over terrain alone when no
    hex it reaches is restricted (hostile unit, city, Intercept zone), or a copy with the
    restricted hexes' own entries changed when they are all dead ends of it; after every
    action of a whole random game each answer equals a search with the rules run now."""
    taken, _ = compare_reach_with_a_full_search(seed, seats)
    assert taken > 0


SEEDS_WITH_EVERY_PATCH = (9,)      # a four-seat random game meeting all three kinds


def test_M_5_I_3_a_patched_terrain_only_search_equals_the_search_with_the_rules():
    """M-5b/e, I3: patched copies (restricted hexes reached only as dead ends: hostile units
    and cities dropped, Intercept hexes at 0 MP, breached cities kept) occur in these
    four-seat games, and every one equals the search with the rules."""
    patched: Counter[int] = Counter()
    for seed in SEEDS_WITH_EVERY_PATCH:
        patched += compare_reach_with_a_full_search(seed, 4)[1]
    assert patched[NEVER] > 0 and patched[STOP_ONLY] > 0 and patched[ZOC] > 0


def test_M_6_the_fast_moved_maker_builds_the_same_event_as_the_class():
    """`events.moved` (do_move's maker, which fills the slots directly) gives an event equal
    to `Moved(...)`, deferred or eager: same hash, repr, codec form and pickle."""
    from game.skirmish.events import moved

    def later() -> Later:
        return Later(lambda: (((0, 0), (1, 0)), "water"))

    deferred = later()
    fast = moved(3, deferred, 2, 0, deferred)
    slow_deferred = later()
    slow = Moved(3, slow_deferred, 2, 0, slow_deferred)   # type: ignore[arg-type]
    eager = Moved(3, ((0, 0), (1, 0)), 2, 0, "water")
    assert fast == slow == eager and hash(fast) == hash(eager) and repr(fast) == repr(eager)
    assert codec.encode(moved(3, later(), 2, 0, "capture")) == codec.encode(
        Moved(3, ((0, 0), (1, 0)), 2, 0, "capture"))
    assert pickle.loads(pickle.dumps(moved(4, ((0, 0),), 1, 1, ""))) == Moved(4, ((0, 0),), 1, 1)


def test_19_C_6_M_5e_only_a_breach_and_its_end_renew_the_stamps():
    """M-5e / C-6: of a siege, searches read only whether the city is breached. A counted
    strike that does not breach the city keeps every stamp (the kept answers still equal a
    from-scratch computation); the breaching strike renews them (a kept search that missed
    it would still find the city closed), and so does the lift of a breached siege, not the
    lift of an unbreached one."""
    from game.skirmish.actions import Attack
    from tests.helpers.skirmish import city_index, end_turn, scenario, unit

    g = scenario("......", cities=[(0, 0, 0), (4, 0, 0)],
                 units=[(1, "archer", (2, 0)), (1, "infantry", (3, 0))], seat=1)
    x = city_index(g, 4, 0)
    archer, inf = unit(g, 2, 0), unit(g, 3, 0)
    check_kept_answers(g, 1)
    before = list(g._stamps)
    g.apply(1, Attack(inf.id, (4, 0)))                  # siege 1 of 2: not breached
    assert g.city_siege[x] == 1 and g._stamps == before
    check_kept_answers(g, 1)
    end_turn(g)
    end_turn(g)                                         # round 2, seat 1 again
    check_kept_answers(g, 1)
    before = list(g._stamps)
    g.apply(1, Attack(archer.id, (4, 0)))               # siege 2 of 2: breached
    check_kept_answers(g, 1)                            # the city is open now (STOP_ONLY)
    assert g.city_siege[x] == 2 and all(s > b for s, b in zip(g._stamps, before))
    end_turn(g)                                         # round 2 ends: struck, siege kept
    end_turn(g)                                         # seat 0 passes in round 3
    assert g.round == 3 and g.current == 1 and g.city_siege[x] == 2
    before = list(g._stamps)
    end_turn(g)                                         # round 3 ends unstruck: breach lifted
    assert g.city_siege[x] == 0 and all(s > b for s, b in zip(g._stamps, before))


def test_19_C_6_lifting_an_unbreached_siege_keeps_the_stamps():
    """C-6: a siege that never breached the city ends without a change any search reads."""
    from game.skirmish.actions import Attack
    from tests.helpers.skirmish import city_index, end_turn, scenario, unit

    g = scenario("......", cities=[(0, 0, 0), (4, 0, 0)],
                 units=[(1, "archer", (2, 0)), (1, "infantry", (3, 0))], seat=1)
    x = city_index(g, 4, 0)
    g.apply(1, Attack(unit(g, 3, 0).id, (4, 0)))
    end_turn(g)                                         # round 1 ends: struck, siege kept
    end_turn(g)                                         # seat 0 passes in round 2
    assert g.round == 2 and g.current == 1 and g.city_siege[x] == 1
    before = list(g._stamps)
    end_turn(g)                                         # round 2 ends unstruck: lifted
    assert g.city_siege[x] == 0
    check_kept_answers(g, g.current)
    # start_turn renews nothing itself: the lift alone did not bump a stamp
    assert g._stamps == before


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(1, 10**6), seats=st.sampled_from((2, 3, 4)))
def test_19_C_4_D22_N_4_kept_seat_options_equal_fresh_ones_after_every_action(seed, seats):
    """C-4 (production: funds, own empty cities, vouchers), D22 (cover policies) and N-4
    (end_turn while a trespasser must leave): the seat's options `legal_actions` keeps
    between actions (rules._seat_options) equal those computed from nothing on a clone, after
    every action of a whole random game; some are kept while production comes and goes."""
    from game.skirmish.rules import SEAT_OPTIONS, _seat_options

    rs = rulesets.get("skirmish")
    state = rs.new_game(Setup(seats=("random",) * seats, seed=seed))
    players = [make_agent("random", rs, s, seed) for s in range(seats)]
    reused = produced = 0
    while state.result() is None:
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        if state.phase.value == "play":
            kept = state._reach.get("seat")
            fresh = state.clone()
            fresh.touch()
            expected = [a for options in SEAT_OPTIONS for a in options(fresh, seat)]
            assert legal[len(legal) - len(expected):] == expected
            sig = (seat, state._stamps[seat], state.next_unit_id, len(state.units))
            got = _seat_options(state, seat, sig)
            assert got == expected
            reused += kept is not None and got is kept[4]
        action = players[seat].choose(None, legal)
        produced += type(action).__name__ == "Produce"
        state.apply(seat, action)
    assert reused > 0 and produced > 0


def test_19_N_4_D36_kept_seat_options_follow_a_trespassers_duty():
    """N-4 / D36: while a unit stands on neutral land, end_turn is listed exactly when its duty
    ends, here when an own move off neutral land (no neutral hex in the change log) blocks
    its last exit; the kept seat options must not hide that."""
    from game.skirmish.actions import END_TURN, Move
    from tests.helpers.skirmish import scenario, unit

    # the trespasser on (1, 0) can leave to (3, 0) only: (4, 0) is taken, mountains beyond
    g = scenario("....^^", neutral=[(1, 0), (2, 0)],
                 units=[(0, "infantry", (0, 0)), (0, "infantry", (1, 0)),
                        (0, "infantry", (4, 0)), (0, "infantry", (5, 0))])
    assert END_TURN not in g.legal_actions(0)
    g.apply(0, Move(unit(g, 5, 0).id, (3, 0)))
    assert END_TURN in g.legal_actions(0)
    check_kept_answers(g, 0)
