"""M-5 / M-6 / D33: the reported path is the best one by D33's full order, checked against
every legal path on small random boards; the cached reach stays equal to a fresh search."""

from game.core.rng import Rng
from game.skirmish import actions as A
from game.skirmish.movement import move_targets, reach
from game.skirmish.paths import best_path
from tests.helpers.skirmish import scenario, unit

INF, ARC, CAV = "infantry", "archer", "cavalry"
TERRAIN = "...d.fs^~~"        # no roads: paths stay short enough to list them all


def all_paths(game, u):
    """Every legal step sequence of `u`, by M-1, M-2, M-5 and I3 written out afresh for these
    boards (no neutral land, no breached cities, no C11) -> list of (hexes, mp, directions)."""
    b = game.board
    hostile_units = {v.hex for v in game.units.values() if v.faction != u.faction}
    hostile_cities = {c.hex for k, c in enumerate(b.cities) if game.city_owner[k] != u.faction}
    zoc = {n for v in game.units.values() if v.faction != u.faction and v.type == INF
           and "I3" in game.skills[v.faction] for n in b.adj[v.hex]}
    out = []

    def walk(g, m, hexes, dirs):
        for k, h in enumerate(b.nbrs[g]):
            if h < 0 or h in hostile_units or h in hostile_cities:
                continue
            if b.water[h] != b.water[g]:
                m2 = 0
            elif b.cost[h] > m:
                continue
            else:
                m2 = m - b.cost[h]
            if h in zoc:
                m2 = 0
            out.append((hexes + [h], m2, dirs + [k]))
            if m2 > 0:
                walk(h, m2, hexes + [h], dirs + [k])

    walk(u.hex, u.mp_left, [u.hex], [])
    return out


def random_game(seed):
    rng = Rng(seed)
    rows = ["".join(TERRAIN[rng.below(len(TERRAIN))] for _ in range(5)) for _ in range(4)]
    cells = [(c, r) for r in range(4) for c in range(5)]
    rng.shuffle(cells)
    kinds = [CAV, INF, ARC, INF, CAV]
    units = [(0, kinds[0], cells[0])]
    for i in range(1, 1 + rng.below(4)):
        units.append((rng.below(2), kinds[i], cells[i]))
    skills = [("C3",), ("I3",) if rng.below(2) else ()]
    return scenario(rows, skills=skills, cities=[(cells[8][0], cells[8][1], 0),
                                                 (cells[9][0], cells[9][1], 1)], units=units)


def test_D33_reported_path_is_the_best_of_all_legal_paths():
    checked = 0
    for seed in range(120):
        g = random_game(seed)
        u = unit(g, *g.board.coords[g.units[1].hex])
        paths = all_paths(g, u)
        ends_at = {p[0][-1] for p in paths if g.occ[p[0][-1]] < 0}
        assert set(move_targets(g, u)) == ends_at, seed
        for dest in ends_at:
            ends = [p for p in paths if p[0][-1] == dest]
            hexes, mp, dirs = min(ends, key=lambda p: (-p[1], len(p[2]), p[2]))
            found = best_path(g, u, dest)
            assert found is not None and found[0] == hexes and found[1] == mp, (seed, dest)
            checked += 1
    assert checked > 300


def test_D33_more_mp_on_the_way_does_not_beat_a_smaller_direction_sequence():
    # C3 cavalry (15 MP) at (3, 1) to the water hex (0, 0): every way in arrives with 0 MP in
    # 4 steps. Via (2, 1) (W first) it keeps more MP on the way; D33 still takes NW first.
    g = scenario(["~.s.~", "d..s~", "s..ds", "~.~.."], skills=[("C3",), ()],
                 units=[(0, CAV, (3, 1))])
    cav = unit(g, 3, 1)
    assert g.path(cav.id, (0, 0)) == [(3, 1), (3, 0), (2, 0), (1, 0), (0, 0)]
    ev = g.apply(0, A.Move(cav.id, (0, 0)))
    assert ev[0].path == ((3, 1), (3, 0), (2, 0), (1, 0), (0, 0))
    assert (ev[0].cost, ev[0].mp_left, ev[0].stopped) == (15, 0, "water")


def test_cached_reach_equals_a_fresh_search_after_moves():
    g = scenario(["......", "......", "......"], skills=[(), ("I3",)],
                 units=[(0, CAV, (0, 0)), (0, INF, (0, 2)), (1, INF, (4, 1))])
    cav, inf = unit(g, 0, 0), unit(g, 0, 2)
    before = dict(reach(g, cav))
    g.apply(0, A.Move(inf.id, (1, 2)))
    assert reach(g, cav) == before              # own moves do not change it
    fresh = g.clone()
    assert reach(fresh, fresh.units[cav.id]) == reach(g, cav)


def test_kept_searches_and_option_lists_equal_fresh_ones_through_random_games():
    """Searches, option lists and target sets live across actions (bloc stamps, change log);
    a clone starts with none, so its legal actions are computed afresh: they must agree at
    every step of random games (kills, pushes, captures, eliminations, turn changes)."""
    from game import rulesets
    from game.core import Setup

    rs = rulesets.get("skirmish")
    steps = 0
    for seed, seats in ((3, 2), (4, 3), (5, 4)):
        g = rs.new_game(Setup(seats=("random",) * seats, seed=seed))
        pick = Rng(seed)
        while g.result() is None:
            seat = g.to_move()[0]
            legal = g.legal_actions(seat)
            assert legal == g.clone().legal_actions(seat), (seed, steps)
            g.apply(seat, legal[pick.below(len(legal))])
            steps += 1
    assert steps > 1500


def test_M_6_backward_path_equals_the_forward_search_for_every_destination():
    """D33: a path arriving with MP left is found backwards (`_tight_path`); for every own
    unit and every destination it reaches with MP left, after every action of random games,
    it equals the forward breadth-first search over (hex, MP) states (`_general_path`)."""
    from game import rulesets
    from game.core import Setup
    from game.skirmish.movement import search_rules
    from game.skirmish.paths import _general_path, _tight_path

    rs = rulesets.get("skirmish")
    compared = 0
    for seed, seats in ((17, 4), (6, 2)):
        g = rs.new_game(Setup(seats=("random",) * seats, seed=seed))
        pick = Rng(seed)
        while g.result() is None:
            seat = g.to_move()[0]
            for u in [v for v in g.units.values() if v.faction == seat and v.mp_left > 0]:
                if g.board.neutral[u.hex]:
                    continue
                labels = reach(g, u)
                light, rule, fresh, _ = search_rules(g, u)
                steps = g.board.step_costs(light)
                for dest, goal in labels.items():
                    if goal > 0 and g.occ[dest] < 0:
                        back = _tight_path(steps, g.board.back_steps(light), rule, labels,
                                           u.hex, u.mp_left, dest, goal)
                        assert (back, goal, "") == _general_path(
                            g.board.moves_by_mp(light, u.mp_left), g.board.water, rule, fresh,
                            labels, u.hex, u.mp_left, dest, goal)
                        compared += 1
            legal = g.legal_actions(seat)
            g.apply(seat, legal[pick.below(len(legal))])
    assert compared > 20000
