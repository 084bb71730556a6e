"""§15: the greedy agent's choices, its independence from the game's RNG, and its strength."""

from game import rulesets
from game.ai import RandomAgent
from game.core import Setup
from game.landship import actions as A
from game.ai.knobs import landship_value
from game.landship.ai import GreedyAgent, build_preference
from game.landship.state import EMPTY
from tests.helpers.landship import BLUE, RED, begin_turn, clear, new_game, put, ship_at


def choose(g, seat, seed=1):
    return GreedyAgent(seat, seed).choose(g.view(seat), g.legal_actions(seat))


def test_AI_first_turn_builds_an_engineer():
    g = new_game(RED, d4=3)
    a = choose(g, RED)
    assert isinstance(a, A.Build) and a.ship_type == "engineer_ship"


def test_AI_build_order():
    g = new_game(RED, d4=3)
    rs = ship_at(g, (4, 1))
    assert build_preference(g, RED, rs)[0] == "engineer_ship"
    put(g, RED, "engineer_ship", (0, 10))
    assert build_preference(g, RED, rs)[0] == "fast_ship"
    put(g, RED, "fast_ship", (0, 12))
    assert build_preference(g, RED, rs)[0] == "fortress_ship"
    blue_eng = put(g, BLUE, "engineer_ship", (9, 12))
    assert build_preference(g, RED, rs)[0] == "heavy_gun_ship"  # DR 2 stops fast ships
    put(g, RED, "heavy_gun_ship", (0, 14))
    assert build_preference(g, RED, rs)[0] == "fortress_ship"
    del g.ships[blue_eng]
    put(g, BLUE, "fortress_ship", (9, 13))
    assert build_preference(g, RED, rs)[0] == "heavy_gun_ship"


def test_AI_heavy_gun_fires_first_at_a_shared_target():
    g = new_game(RED, d4=3)
    clear(g)
    put(g, RED, "resource_ship", (0, 0))
    put(g, BLUE, "resource_ship", (9, 19))
    gun = put(g, RED, "heavy_gun_ship", (5, 5))
    put(g, RED, "fast_ship", (5, 7))
    target = put(g, BLUE, "fortress_ship", (5, 9))
    begin_turn(g, RED, 4, round=3)
    assert choose(g, RED) == A.Attack(gun, target)


def test_AI_kills_a_lone_builder_when_it_can():
    g = new_game(RED, d4=3)
    clear(g)
    put(g, RED, "resource_ship", (0, 0))
    blue = put(g, BLUE, "resource_ship", (5, 9), integrity=2)
    gun = put(g, RED, "heavy_gun_ship", (5, 5))
    begin_turn(g, RED, 2, round=3)
    assert choose(g, RED) == A.Attack(gun, blue)


def test_AI_never_resigns_and_never_touches_the_game_rng():
    rs = rulesets.get("landship")
    g = rs.new_game(Setup(seats=("greedy", "greedy"), seed=11))
    agents = [GreedyAgent(0, 11), GreedyAgent(1, 11)]
    for _ in range(120):
        if g.result() is not None:
            break
        seat = g.to_move()[0]
        before = g.digest()
        a = agents[seat].choose(g.view(seat), g.legal_actions(seat))
        assert g.digest() == before
        assert a != A.RESIGN and a in g.legal_actions(seat)
        g.apply(seat, a)


def test_AI_is_deterministic_for_a_seed():
    g = new_game(RED, d4=3)
    assert choose(g, RED, seed=4) == choose(g, RED, seed=4)


class _NoResign(RandomAgent):
    id = "no_resign"

    def choose(self, view, legal):
        options = [a for a in legal if a != A.RESIGN]
        return options[self.rng.below(len(options))]


def test_AI_beats_a_random_player_that_never_resigns():
    rs = rulesets.get("landship")
    wins = 0
    for seed in range(6):
        g = rs.new_game(Setup(seats=("greedy", "random"), seed=seed))
        me = seed % 2
        agents = {me: GreedyAgent(me, seed), 1 - me: _NoResign(1 - me, seed)}
        while g.result() is None:
            seat = g.to_move()[0]
            g.apply(seat, agents[seat].choose(g.view(seat), g.legal_actions(seat)))
        wins += g.result().winners == (me,)
    assert wins >= 5


def test_AI_private_game_from_the_view_matches_the_real_one():
    """H-1: the view holds everything but the RNG, so an agent's rebuilt game offers the same
    actions and keeps the same data (RNG and automatic flow aside)."""
    from game.core.rng import Rng
    from game.landship.rules import game_from_view
    rs = rulesets.get("landship")
    g = rs.new_game(Setup(seats=("random", "random"), seed=21))
    pick = Rng(3)
    for step in range(300):
        if g.result() is not None:
            break
        seat = g.to_move()[0]
        legal = g.legal_actions(seat)
        if step % 20 == 0:
            twin = game_from_view(g.view(seat), Rng(0))
            assert twin.legal_actions(seat) == legal
            mine, theirs = g.digest_data(), twin.digest_data()
            for key in ("rng", "setup", "auto_end"):
                mine.pop(key), theirs.pop(key)
            assert mine == theirs
        options = [a for a in legal if a != A.RESIGN]
        g.apply(seat, options[pick.below(len(options))])


# ---- issue 17: no blind spots ------------------------------------------------------------------

def test_AI_builds_rams_in_turn_with_fast_ships_and_fortresses():
    """§15 build order, issue 17: the ram joins the fast ship / fortress rotation."""
    g = new_game(RED, d4=3)
    rs = ship_at(g, (4, 1))
    put(g, RED, "engineer_ship", (0, 10))
    put(g, RED, "fast_ship", (0, 12))
    put(g, RED, "fortress_ship", (0, 14))
    assert build_preference(g, RED, rs)[0] == "ram_ship"
    put(g, RED, "ram_ship", (0, 16))
    assert build_preference(g, RED, rs)[0] == "fast_ship"


def test_AI_never_fires_at_a_wreck():
    """C-5 / issue 17: a wreck takes no damage and its pierce marker vanishes with the hulk,
    so the shot is wasted; the gun does something else."""
    g = new_game(RED, d4=3)
    clear(g)
    put(g, RED, "resource_ship", (0, 0), fresh=True)   # nothing else can act...
    put(g, BLUE, "resource_ship", (9, 19))
    gun = put(g, RED, "heavy_gun_ship", (5, 5))
    g.ships[gun].moves = 1                              # ...and the gun has moved
    wreck = put(g, BLUE, "fast_ship", (5, 8), integrity=0)
    begin_turn(g, RED, 1, round=3)
    assert g.legal_actions(RED) == [A.Attack(gun, wreck), A.END_TURN, A.RESIGN]
    for seed in range(5):
        assert choose(g, RED, seed) == A.END_TURN


def test_AI_leaves_a_hulk_that_an_enemy_gun_would_wreck_again():
    """V-4 / issue 17: a captured hulk is fresh (it cannot act or flee), so one under an
    enemy gun is as good as lost: no capture; without the gun the capture is worth it."""
    def position(with_gun: bool):
        g = new_game(RED, d4=3)
        clear(g)
        eng = put(g, RED, "engineer_ship", (4, 11))
        put(g, RED, "resource_ship", (0, 0))
        put(g, BLUE, "resource_ship", (9, 19))
        hulk = put(g, BLUE, "heavy_gun_ship", (4, 12), integrity=0)
        g.ships[hulk].owner = -1
        if with_gun:  # one step and a shot of range 5 reach the hulk, not the engineer
            put(g, BLUE, "heavy_gun_ship", (4, 18))
        begin_turn(g, RED, 3, round=3)
        return g, A.Capture(eng, hulk)

    g, capture = position(with_gun=True)
    assert capture in g.legal_actions(RED) and choose(g, RED) != capture
    g, capture = position(with_gun=False)
    assert choose(g, RED) == capture


def test_AI_ties_are_broken_by_its_own_rng():
    """Issue 17: among equally good actions the agent's seed decides, not list order."""
    g = new_game(RED, d4=3)
    picks = {choose(g, RED, seed) for seed in range(12)}
    assert len(picks) > 1


def test_AI_evaluate_is_the_15_score_of_the_position_without_the_rolled_AP():
    """§15 economy terms, as the hard AI's cut-off value (knob `policy_value`): +1 per active
    tile nearer own builders, +4 per builder on one; the AP just rolled is no part of it.
    The search's older material value (integrity afloat) cannot tell these positions apart."""
    g = new_game(RED, d4=3)
    clear(g)
    red = put(g, RED, "resource_ship", (0, 0))
    put(g, BLUE, "resource_ship", (9, 19))
    red_ai, blue_ai = GreedyAgent(RED, 1), GreedyAgent(BLUE, 1)
    values = []
    for ap in (1, 4):
        begin_turn(g, RED, ap, round=3)
        values.append((red_ai.evaluate(g), blue_ai.evaluate(g)))
    # five of the ten tiles are nearer each side; nothing threatens, nothing is armed
    assert values == [(5.0, 5.0), (5.0, 5.0)]
    rng_before = red_ai.rng.get_state()
    g.cell[g.board.index_of((0, 0))] = EMPTY
    g.ships[red].pos = g.board.index_of((4, 1))
    g.cell[g.ships[red].pos] = red
    # on the tile (4, 1): +4, and six tiles nearer Red, four nearer Blue
    assert (red_ai.evaluate(g), blue_ai.evaluate(g)) == (10.0, 4.0)
    assert red_ai.rng.get_state() == rng_before
    assert landship_value(g, RED) == landship_value(g, BLUE) == 2 + 20 + 4
