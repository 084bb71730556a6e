"""Section 21 acceptance scenarios, one test each, on the default map with 4 players.

Regions are unowned unless stated; players not named in a battle stay out of it.
"""

from game.core.rng import force_dice
from game.domiplot import actions as A
from game.domiplot import events as E
from game.domiplot.ai import GreedyAgent
from game.domiplot.regions import distances
from game.domiplot.state import Phase
from tests.helpers.refusal import assert_refused
from tests.helpers.domiplot import (
    card_of, new_game, own, place, put_pile, set_hand, start_battle, totals,
)


def of(events, cls):
    return [e for e in events if isinstance(e, cls)]


def test_S21_1_K_D14_plain_and_drum():
    """Region 9 (plain): A = 11 x 2 = 22, B = 2 x 3 = 6, H = 1: total 29."""
    g = new_game()
    start_battle(g, 9, {0: ["general", "drum", "gong"], 1: ["archer", "gong"]})
    for kind in ("infantry", "heavy_infantry", "cavalry"):
        put_pile(g, 0, 0, kind)
    place(g, 0, "general")
    place(g, 1, "archer")
    place(g, 0, "drum")
    assert g.board.terrain(9) == "plain"
    assert g.pile_scores()[0] == (11, 2, 6, 1, 29)


def test_S21_2_K_2_F_3_mountain_and_a_second_drum():
    """Region 12 (mountain): A = (0 + 1 + 1) x 2 = 4, H = 10: total 14; a second drum adds
    nothing; a face-down drum is refused."""
    g = new_game()
    start_battle(g, 12, {1: ["drum", "drum", "drum", "commander"]}, chooser=1)
    for kind in ("siege_engine", "archer", "heavy_cavalry"):
        put_pile(g, 1, 1, kind)
    place(g, 1, "commander")
    place(g, 1, "drum")
    assert g.pile_scores()[1] == (2, 2, 0, 10, 14)
    place(g, 1, "drum")
    assert totals(g)[1] == 14
    before = g.digest()
    assert_refused(g, 1, A.Place(card_of(g, 1, "drum"), 1, True), "domiplot.cannot_conceal_card")
    assert g.digest() == before


def test_S21_3_B_0_K_1_F_1_D10_siege_then_terrain():
    """Region 10 is P2's; P0 besieges: 3 v 6; plateau: 12 v 6; city: 3 v 0.
    (P0 holds region 5, next door, since T-4 lets only lords attack a lord.)"""
    g = new_game()
    own(g, 10, 2)
    own(g, 5, 0)
    start_battle(g, 10, {0: ["terrain_plateau", "infantry"], 2: ["terrain_city", "infantry"]})
    assert g.mode == "siege" and g.defenders == (2,)
    for kind in ("siege_engine", "siege_engine", "cavalry", "general"):
        put_pile(g, 0, 0, kind)
    for kind in ("infantry", "archer"):
        put_pile(g, 2, 2, kind)
    assert (totals(g)[0], totals(g)[2]) == (3, 6)
    ev = place(g, 0, "terrain_plateau")
    assert of(ev, E.SiegeEnded) and of(ev, E.TerrainChanged)[0].terrain == "plateau"
    assert (totals(g)[0], totals(g)[2]) == (12, 6)
    plateau = g.terrain_card
    ev = place(g, 2, "terrain_city")
    assert of(ev, E.CardsDiscarded) == [E.CardsDiscarded(2, (plateau,), "terrain", False)]
    assert plateau in g.discard
    assert (totals(g)[0], totals(g)[2]) == (3, 0)


def _scenario_4_table(g):
    start_battle(g, 11, {0: ["infantry"], 1: ["archer"], 2: ["tiger_tally", "infantry"]})
    hc0 = put_pile(g, 0, 0, "heavy_cavalry")
    put_pile(g, 0, 0, "cavalry")
    hc1 = put_pile(g, 1, 1, "heavy_cavalry", face_down=True)
    put_pile(g, 1, 1, "crossbowman")
    hc2 = put_pile(g, 2, 2, "heavy_cavalry")
    cmd = put_pile(g, 2, 2, "commander")
    return hc0, hc1, hc2, cmd


def test_S21_4_F_4_B_4_tally_then_concealment():
    """The tally discards P0's and P2's face-up heavy cavalry, keeps P1's face-down one and
    the commander; P1's new face-down archer turns its heavy cavalry face up."""
    g = new_game()
    hc0, hc1, hc2, cmd = _scenario_4_table(g)
    g.actor = 2
    tally = card_of(g, 2, "tiger_tally")
    ev = g.apply(2, A.Place(tally))
    assert of(ev, E.CardsDiscarded) == [E.CardsDiscarded(2, (hc0, hc2, tally), "tally", False)]
    on_table = {c for pile in g.piles for c, _, _ in pile}
    assert hc1 in on_table and cmd in on_table and hc0 not in on_table and hc2 not in on_table
    assert g.tally_player == 2
    g.apply(0, A.PASS)
    assert g.actor == 1
    archer = card_of(g, 1, "archer")
    ev = g.apply(1, A.Place(archer, 1, True))
    assert of(ev, E.CardRevealed) == [E.CardRevealed(1, hc1, 1)]
    assert (hc1, 1, False) in g.piles[1] and (archer, 1, True) in g.piles[1]
    assert g.face_down_of[1] == archer
    assert ev[0].redacted(0).card is None and ev[0].redacted(1).card == archer


def test_S21_4_F_5_stones_discard_only_face_up_lowest():
    g = new_game()
    start_battle(g, 11, {0: ["rolling_stones"], 1: ["infantry"], 3: ["infantry"]})
    s0 = put_pile(g, 0, 0, "siege_engine")
    s1 = put_pile(g, 1, 1, "siege_engine")
    put_pile(g, 1, 1, "general")
    s3 = put_pile(g, 3, 3, "siege_engine", face_down=True)
    stones = card_of(g, 0, "rolling_stones")
    ev = g.apply(0, A.Place(stones))
    assert of(ev, E.CardsDiscarded) == [E.CardsDiscarded(0, (s0, s1, stones), "stones", False)]
    assert g.piles[3] == [(s3, 3, True)]
    assert g.tally_player is None


def test_S21_5_B_5_D8_end_timing():
    """P0 passes; P1 places its last card; P2 places twice then passes: all_out."""
    g = new_game()
    start_battle(g, 11, {0: ["infantry"] * 3, 1: ["archer"], 2: ["cavalry"] * 3})
    assert g.actor == 0
    g.apply(0, A.PASS)
    ev = place(g, 1, "archer")
    assert of(ev, E.PlayerOut) == [E.PlayerOut(1)] and g.actor == 2
    ev = place(g, 2, "cavalry")
    assert ev[-1] == E.TurnStarted(2) and not of(ev, E.BattleEnded)
    place(g, 2, "cavalry")
    assert g.actor == 2 and g.phase is Phase.BATTLE
    ev = g.apply(2, A.PASS)
    assert E.BattleEnded("all_out") in ev


def test_S21_6_F_6_T_3_command_ends_battle_and_decides_chooser():
    g = new_game()
    start_battle(g, 11, {0: ["infantry"], 1: ["infantry"], 2: ["command"]})
    for kind in ("general", "general", "infantry", "archer"):
        put_pile(g, 0, 0, kind)
    for kind in ("heavy_cavalry", "cavalry", "infantry"):
        put_pile(g, 1, 1, kind)
    for kind in ("archer", "heavy_cavalry", "general"):
        put_pile(g, 2, 2, kind)
    assert totals(g)[:3] == [8, 18, 15]
    g.actor = 2
    ev = place(g, 2, "command")
    assert E.BattleEnded("command") in ev
    scores = of(ev, E.Scores)[0]
    assert scores.totals == (8, 18, 15) and scores.winner == 1 and scores.loser == 0
    assert g.owners[11] == (1,)
    assert g.last_tally_player is None and g.last_command_player == 2
    assert g.round == 2 and g.protector == 0 and g.chooser == 2
    assert g.phase is Phase.PROTECT and g.to_move() == [0]


def test_S21_7_O_3_O_6_T_3_tie_conquers_nothing():
    g = new_game()
    start_battle(g, 9, {0: ["infantry"], 1: ["infantry"], 2: ["infantry"]})
    for kind in ("general", "cavalry", "crossbowman"):
        put_pile(g, 0, 0, kind)
        put_pile(g, 1, 1, kind)
    put_pile(g, 2, 2, "crossbowman")
    assert totals(g)[:3] == [12, 12, 5]
    for seat in (0, 1, 2):
        g.apply(seat, A.PASS)
    assert g.owners[9] == ()
    assert g.last_winner is None and g.last_loser == 2
    assert g.protector == 2 and g.chooser == 1


def test_S21_8_A_O_4_N_1_support_makes_an_alliance_region():
    g = new_game()
    start_battle(g, 6, {0: ["infantry", "heavy_infantry", "gong"], 1: ["cavalry", "infantry"],
                        2: ["heavy_cavalry", "archer", "gong"]})
    place(g, 0, "infantry")
    ev = place(g, 1, "cavalry", pile=0)
    assert of(ev, E.SupportOffered) and g.phase is Phase.SUPPORT and g.to_move() == [0]
    ev = g.apply(0, A.ACCEPT_SUPPORT)
    assert E.AllegianceChanged(1, 0) in ev and g.allegiance[1] == 0
    place(g, 2, "heavy_cavalry")
    place(g, 0, "heavy_infantry")
    g.apply(1, A.PASS)
    place(g, 2, "archer")
    g.apply(0, A.PASS)
    deck_before = len(g.deck)
    ev = g.apply(2, A.PASS)
    scores = of(ev, E.Scores)[0]
    assert dict(zip(scores.seats, scores.totals)) == {0: 17, 1: 0, 2: 14}
    assert g.owners[6] == (0, 1)
    drawn = {e.seat: len(e.cards) for e in of(ev, E.CardsDrawn)}
    assert drawn == {0: 1, 1: 1, 2: 1}
    assert len(g.deck) == deck_before - 3


def test_S21_9_A_3_A_6_A_7_refusal_and_betrayal():
    g = new_game()
    start_battle(g, 11, {0: ["gong", "crossbowman", "siege_engine"],
                         1: ["archer", "heavy_cavalry", "cavalry", "siege_engine"],
                         2: ["heavy_cavalry", "infantry", "siege_engine"]}, chooser=1)
    assert g.actor == 1
    place(g, 1, "archer", pile=2)
    ev = g.apply(2, A.REFUSE_SUPPORT)
    assert of(ev, E.CardReturned)[0].cause == "refused" and g.actor == 1
    before = g.digest()
    assert_refused(g, 1, A.Place(card_of(g, 1, "archer"), 0), "domiplot.support_offer_limit")
    assert g.digest() == before
    place(g, 1, "archer")
    place(g, 2, "heavy_cavalry")
    place(g, 0, "gong")
    place(g, 1, "heavy_cavalry", pile=0)
    g.apply(0, A.ACCEPT_SUPPORT)
    assert g.allegiance[1] == 0
    place(g, 2, "infantry")
    place(g, 0, "crossbowman")
    ev = place(g, 1, "cavalry")
    assert E.AllegianceChanged(1, 1) in ev and g.allegiance[1] == 1
    assert g.scored_into[1] & 1  # P1 did place a score card into P0's pile
    for seat in (2, 0, 1):
        ev = g.apply(seat, A.PASS)
    scores = of(ev, E.Scores)[0]
    assert dict(zip(scores.seats, scores.totals)) == {0: 15, 1: 10, 2: 12}
    assert g.owners[11] == (0,)


def test_S21_10_M_3_J_1_T_4_distance_and_targets():
    g = new_game()
    own(g, 8, 0)
    assert distances(g.owners, g.active, 0)[10] == 2
    own(g, 4, 0)
    assert distances(g.owners, g.active, 0)[10] == 1
    own(g, 4)
    own(g, 9, 0, 1)
    assert distances(g.owners, g.active, 0)[10] == 0
    own(g, 9)

    # P0 (solo 8) joins an attack on region 10 chosen by P3: exactly 2 discards.
    set_hand(g, 0, ["infantry", "archer", "gong", "gong", "cavalry"])
    g.chooser = g.actor = 3
    g.phase = Phase.CHOOSE_TARGET
    g.apply(3, A.ChooseTarget(10))
    assert g.distance[0] == 2
    g.apply(3, A.STAY_OUT)
    before = g.digest()
    for wrong in ((), ("gong",), ("gong", "gong", "infantry")):
        assert_refused(g, 0, A.Join(wrong), "domiplot.wrong_discard_count")
        assert g.digest() == before
    ev = g.apply(0, A.Join(("gong", "gong")))
    assert of(ev, E.PlayerJoined) == [E.PlayerJoined(0, 2)] and len(g.hands[0]) == 3

    g2 = new_game()
    own(g2, 8, 0)
    set_hand(g2, 0, ["infantry"])
    g2.chooser = g2.actor = 3
    g2.phase = Phase.CHOOSE_TARGET
    g2.apply(3, A.ChooseTarget(10))
    g2.apply(3, A.STAY_OUT)
    before = g2.digest()
    assert_refused(g2, 0, A.Join(("infantry",)), "domiplot.insufficient_cards_for_distance")
    assert g2.digest() == before

    # Landless chooser P3.
    g3 = new_game()
    own(g3, 8, 0)
    g3.marker = 5
    g3.chooser = g3.actor = 3
    g3.phase = Phase.CHOOSE_TARGET
    before = g3.digest()
    for region, key in ((8, "domiplot.landless_cannot_attack_lord"), (5, "domiplot.region_protected")):
        assert_refused(g3, 3, A.ChooseTarget(region), key)
        assert g3.digest() == before
    g3.apply(3, A.ChooseTarget(13))
    assert g3.target == 13


def test_S21_11_N_draw_and_reshuffle():
    g = new_game()
    own(g, 1, 0)
    own(g, 2, 0)
    own(g, 16, 0, 1)
    own(g, 15, 1)
    start_battle(g, 4, {0: ["infantry"], 2: ["infantry"]})
    # deck 2, discard 30: the rest of the deck goes to P3's hand (P3 stayed out).
    g.deck.extend(g.discard)
    g.discard.clear()
    g.hidden_discard.clear()
    while len(g.deck) > 32:
        g.hands[3].append(g.deck.pop())
    g.discard.extend(g.deck[2:])
    del g.deck[2:]
    assert (len(g.deck), len(g.discard), g.card_count()) == (2, 30, 122)
    top, old_discard = list(g.deck), list(g.discard)
    # X: the reshuffle is the only draw of the state's RNG here; script it to keep the order
    # (Fisher-Yates from the end: swapping item i with itself for i = 29..1).
    rng = force_dice(g, range(29, 0, -1))
    g.apply(0, A.PASS)
    ev = g.apply(2, A.PASS)
    draws = [(e.seat, e.cards) if isinstance(e, E.CardsDrawn) else ("reshuffle", e.count)
             for e in ev if isinstance(e, (E.CardsDrawn, E.DeckReshuffled))]
    assert draws == [(0, tuple(top)), ("reshuffle", 30), (0, (old_discard[0],)),
                     (1, (old_discard[1],)), (2, (old_discard[2],))]
    assert rng.script == [] and g.deck == old_discard[3:]
    assert len(g.deck) == 27
    assert g.card_count() == 122


def _end_check_round(g):
    """Play a round where everyone stays out, up to the end check."""
    while g.phase in (Phase.PROTECT, Phase.CHOOSE_TARGET, Phase.JOIN):
        seat = g.actor
        if g.phase is Phase.JOIN:
            g.apply(seat, A.STAY_OUT)
        else:
            g.apply(seat, g.legal_actions(seat)[0])


def _greedy_vote(g, seat):
    agent = GreedyAgent(seat, 1)
    return agent.choose(g.view(seat), g.legal_actions(seat))


def test_S21_12_E_2_E_4_votes():
    g = new_game()
    for r in (4, 5, 9):
        own(g, r, 0)
    own(g, 13, 2)
    _end_check_round(g)
    assert g.phase is Phase.PROPOSE and g.to_move() == [0]
    g.apply(0, A.PROPOSE)
    assert g.to_move() == [1]
    vote = _greedy_vote(g, 1)
    assert vote == A.VOTE_YES  # 3 >= 3
    g.apply(1, vote)
    vote = _greedy_vote(g, 2)
    assert vote == A.VOTE_NO   # 3 < 4
    ev = g.apply(2, vote)
    assert E.ProposalRejected(0, 2) in ev and g.result() is None
    assert g.phase is not Phase.VOTE

    for r in (4, 5, 9, 10, 14):
        own(g, r, 0)
    own(g, 13, 1)
    own(g, 11, 2)
    own(g, 15, 2)
    if g.phase is not Phase.PROPOSE:
        _end_check_round(g)
    assert g.phase is Phase.PROPOSE and g.to_move() == [0]
    g.apply(0, A.PROPOSE)
    for seat in (1, 2, 3):
        vote = _greedy_vote(g, seat)
        assert vote == A.VOTE_YES
        ev = g.apply(seat, vote)
    assert g.result().winners == (0,) and ev[-1].cause == "E-3"


def test_S21_13_F_2_F_7_T_3_recall_gong_and_generals():
    g = new_game()
    start_battle(g, 11, {0: ["commander", "gong"], 1: ["infantry"]})
    put_pile(g, 0, 0, "general")
    put_pile(g, 0, 0, "general")
    put_pile(g, 0, 0, "infantry")
    hc = put_pile(g, 0, 0, "heavy_cavalry", face_down=True)
    put_pile(g, 1, 1, "general")
    put_pile(g, 1, 1, "general")
    assert totals(g)[0] == 14
    general = g.piles[0][0][0]
    ev = place(g, 0, "commander", recall_target=general)
    assert of(ev, E.CardReturned) == [E.CardReturned(0, general, 0, "recall", False)]
    assert totals(g)[0] == 23
    g.apply(1, A.PASS)
    gong = card_of(g, 0, "gong")
    ev = g.apply(0, A.Place(gong, 0, False, hc))
    assert of(ev, E.CardReturned) == [E.CardReturned(0, hc, 0, "gong", True)]
    assert of(ev, E.CardReturned)[0].redacted(1).card is None
    assert totals(g)[0] == 13 and g.face_down_of[0] is None and hc in g.hands[0]
    g.apply(0, A.PASS)
    assert g.last_generals[:2] == (1, 2) and g.last_winner == 0
    assert g.chooser == 1


def test_S21_14_B_0_J_4_O_4_internal_dispute():
    g = new_game()
    own(g, 6, 0, 1)
    set_hand(g, 0, ["infantry", "cavalry", "gong"], keep=(1, 2))
    set_hand(g, 1, ["crossbowman", "general", "gong"], keep=(0, 2))
    set_hand(g, 2, ["heavy_cavalry"], keep=(0, 1))
    g.apply(0, A.ChooseTarget(6))
    assert g.mode == "internal"
    g.apply(0, A.Join())
    g.apply(1, A.Join())
    before = g.digest()
    for sponsor in (None, 3, 2):
        assert_refused(g, 2, A.Join((), sponsor), "domiplot.sponsor_not_coowner")
        assert g.digest() == before
    ev = g.apply(2, A.Join((), 1))
    assert of(ev, E.AuthorizationAsked) and g.to_move() == [1] and g.phase is Phase.AUTHORIZE
    ev = g.apply(1, A.REFUSE)
    assert E.PlayerStayedOut(2, True) in ev and not g.participant[2]
    g.apply(3, A.STAY_OUT)
    place(g, 0, "infantry")
    place(g, 1, "crossbowman")
    place(g, 0, "cavalry")
    place(g, 1, "general")
    assert g.phase is Phase.BATTLE
    g.apply(0, A.PASS)
    ev = g.apply(1, A.PASS)
    scores = of(ev, E.Scores)[0]
    assert dict(zip(scores.seats, scores.totals)) == {0: 8, 1: 6}
    assert scores.terrains == ("ordinary", "ordinary")
    assert g.owners[6] == (0,)
    drawn = {e.seat: len(e.cards) for e in of(ev, E.CardsDrawn)}
    assert 2 not in drawn and drawn[0] == 2 and drawn[1] == 1


def test_S21_15_O_4_D17_defence_with_helper():
    """(P0 holds region 5, next door, since T-4 lets only lords attack a lord.)"""
    g = new_game()
    own(g, 10, 2)
    own(g, 5, 0)
    start_battle(g, 10, {0: ["siege_engine", "general", "cavalry", "gong"], 1: ["heavy_infantry"],
                         2: ["infantry"]})
    place(g, 0, "siege_engine")
    place(g, 1, "heavy_infantry", pile=2)
    g.apply(2, A.ACCEPT_SUPPORT)
    place(g, 2, "infantry")
    place(g, 0, "general")
    place(g, 0, "cavalry")
    ev = g.apply(0, A.PASS)
    scores = of(ev, E.Scores)[0]
    assert dict(zip(scores.seats, scores.totals)) == {0: 2, 1: 0, 2: 5}
    assert dict(zip(scores.seats, scores.terrains)) == {0: "city", 1: "city", 2: "ordinary"}
    assert g.owners[10] == (1, 2)
