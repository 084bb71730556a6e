"""Section 20: the greedy agent's rules, its diplomacy answers, and that it decides from its
own view only (other hands and face-down cards never change its choice)."""

from game import rulesets
from game.core import Setup
from game.core.rng import Rng
from game.play.simulate import simulate
from game.domiplot import actions as A
from game.domiplot.ai import GreedyAgent
from game.domiplot.constants import CARD_KIND, KIND_INDEX
from game.domiplot.state import Phase
from tests.helpers.domiplot import new_game, own, place, put_pile, set_hand, start_battle


def choose(g, seat, seed=1):
    return GreedyAgent(seat, seed).choose(g.view(seat), g.legal_actions(seat))


def test_E_4_always_proposes_and_refuses_authorization():
    g = new_game()
    for r in (4, 5, 9):
        own(g, r, 0)
    g.apply(0, A.ChooseTarget(11))
    for seat in (0, 1, 2, 3):
        g.apply(seat, A.STAY_OUT)
    assert g.phase is Phase.PROPOSE and choose(g, 0) == A.PROPOSE
    g2 = new_game()
    own(g2, 6, 0, 1)
    g2.apply(0, A.ChooseTarget(6))
    g2.apply(0, A.Join())
    g2.apply(1, A.Join())
    g2.apply(2, A.Join((), 1))
    assert choose(g2, 1) == A.REFUSE


def test_join_at_distance_zero_never_surrender_and_discard_the_weakest():
    g = new_game()
    g.apply(0, A.ChooseTarget(9))
    assert choose(g, 0) == A.Join()
    g2 = new_game()
    own(g2, 8, 1)
    set_hand(g2, 1, ["commander", "gong", "siege_engine", "heavy_cavalry"]
             + ["archer"] * 6 + ["crossbowman"] * 6)
    g2.apply(0, A.ChooseTarget(10))   # P1 is at distance 2, with a big hand
    g2.apply(0, A.Join())
    pick = choose(g2, 1)
    assert pick == A.Join(("siege_engine", "gong"))
    g3 = new_game()
    own(g3, 8, 1)
    set_hand(g3, 1, ["gong", "siege_engine"])
    g3.apply(0, A.ChooseTarget(10))
    g3.apply(0, A.Join())
    assert choose(g3, 1) == A.STAY_OUT  # far, small hand, neither chooser nor defender


def test_accepts_an_offer_iff_its_pile_is_not_strictly_highest():
    g = new_game()
    start_battle(g, 11, {0: ["heavy_cavalry", "gong"], 1: ["archer", "gong"], 2: ["infantry", "gong"]})
    place(g, 0, "heavy_cavalry")
    place(g, 1, "archer", pile=2)   # P2 (0) is not highest: accept
    assert choose(g, 2) == A.ACCEPT_SUPPORT
    g2 = new_game()
    start_battle(g2, 11, {0: ["infantry", "gong"], 1: ["archer", "gong"], 2: ["infantry", "gong"]})
    put_pile(g2, 2, 2, "heavy_cavalry")
    place(g2, 0, "infantry")
    place(g2, 1, "archer", pile=2)  # P2 leads with 10: refuse
    assert choose(g2, 2) == A.REFUSE_SUPPORT


def test_plays_command_when_ahead_and_passes_when_nobody_can_answer():
    g = new_game()
    start_battle(g, 11, {0: ["command", "archer"], 1: ["archer", "gong"]})
    put_pile(g, 0, 0, "cavalry")
    pick = choose(g, 0)
    assert CARD_KIND[pick.card] == KIND_INDEX["command"]
    g2 = new_game()
    start_battle(g2, 11, {0: ["archer", "gong"], 1: ["archer", "gong"]})
    put_pile(g2, 0, 0, "cavalry")
    g2.passed[1] = True
    assert choose(g2, 0) == A.PASS


def test_takes_the_lead_cheaply_and_conceals_big_army_cards():
    g = new_game()
    start_battle(g, 11, {0: ["infantry", "siege_engine", "archer"], 1: ["gong", "gong"]})
    put_pile(g, 1, 1, "infantry")
    pick = choose(g, 0)   # infantry only ties; the archer leads by 2
    assert CARD_KIND[pick.card] == KIND_INDEX["archer"] and pick.pile == 0 and not pick.face_down
    g2 = new_game()
    start_battle(g2, 11, {0: ["heavy_cavalry", "archer"], 1: ["gong", "gong"]})
    put_pile(g2, 1, 1, "crossbowman")
    pick = choose(g2, 0)
    assert CARD_KIND[pick.card] == KIND_INDEX["heavy_cavalry"] and pick.face_down


def test_uses_the_tally_exactly():
    g = new_game()
    start_battle(g, 11, {0: ["tiger_tally", "siege_engine"], 1: ["gong", "gong"]})
    put_pile(g, 0, 0, "archer")
    put_pile(g, 1, 1, "heavy_cavalry")
    put_pile(g, 1, 1, "general")
    pick = choose(g, 0)
    assert CARD_KIND[pick.card] == KIND_INDEX["tiger_tally"]  # 4 v 11 becomes 4 v 1


def test_protects_its_most_threatened_region():
    g = new_game()
    own(g, 1, 0)
    own(g, 10, 0)
    for r in (5, 6, 7):
        own(g, r, 2)
    g.phase = Phase.PROTECT
    g.protector = g.actor = 0
    assert choose(g, 0) == A.PlaceMarker(10)


def test_besieges_only_with_siege_engines_heroes_or_terrain():
    g = new_game()
    for r in g.active.ids:
        own(g, r, 1)
    own(g, 9, 0)
    own(g, 16)
    set_hand(g, 0, ["cavalry"] * 6)
    assert choose(g, 0) == A.ChooseTarget(16)   # no siege tools: the open region, though far
    set_hand(g, 0, ["siege_engine"] * 6)
    pick = choose(g, 0)
    assert pick in g.legal_actions(0) and pick.region != 16 and g.owners[pick.region] == (1,)


def test_decides_from_its_own_view_only():
    """Shuffling what it cannot see (other hands, the deck) never changes its choice."""
    rs = rulesets.get("domiplot")
    for seed in range(4):
        g = rs.new_game(Setup(seats=("greedy",) * 4, seed=seed))
        pick = Rng(seed)
        for _ in range(300):
            if g.result() is not None:
                break
            seat = g.to_move()[0]
            legal = g.legal_actions(seat)
            mine = GreedyAgent(seat, seed).choose(g.view(seat), legal)
            twin = g.clone()
            pool = list(twin.deck) + [c for s in range(4) if s != seat for c in twin.hands[s]]
            Rng(seed + 99).shuffle(pool)
            twin.deck = pool[:len(twin.deck)]
            rest = pool[len(twin.deck):]
            for s in range(4):
                if s != seat:
                    size = len(twin.hands[s])
                    twin.hands[s], rest = sorted(rest[:size]), rest[size:]
            assert twin.view(seat).hand == g.view(seat).hand
            again = GreedyAgent(seat, seed).choose(twin.view(seat), twin.legal_actions(seat))
            assert again == mine
            calm = [a for a in legal if not isinstance(a, A.Surrender)]
            g.apply(seat, calm[pick.below(len(calm))] if seat % 2 else mine)


def test_greedy_beats_random_seats():
    report = simulate("domiplot", ["greedy", "random", "random", "random"], games=40, seed=5,
                      time_decisions=False)
    assert report["win_rate"][0] >= 0.8
