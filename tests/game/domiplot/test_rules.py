"""Domiplotism rules beyond the section 21 scenarios: deck, setup, round flow, every I-2
reason (state digest unchanged after each rejection), surrender, end of game, views."""

import pytest

from game import rulesets
from game.core import IllegalAction, Setup
from game.core.protocol import GameOver, Result
from game.core.i18n import error_text
from game.domiplot import actions as A
from game.domiplot import events as E
from game.domiplot.constants import CARD_KIND, DECK_SIZE, KIND_INDEX, KINDS
from game.domiplot.legality import kind_multisets
from game.domiplot.state import Phase
from tests.helpers.refusal import assert_refused
from tests.helpers.domiplot import (
    card_of, new_game, own, place, put_pile, set_hand, start_battle,
)


def of(events, cls):
    return [e for e in events if isinstance(e, cls)]


def rejected(g, seat, action, key, /, **params):
    """Assert `action` is refused with `key` by reason() and apply() alike, the state (RNG
    included) is unchanged, and the refusal reads as a sentence in both languages."""
    refusal = assert_refused(g, seat, action, key, seat=seat, **params)
    assert not error_text(refusal, "en").startswith("error.")
    assert not error_text(refusal, "zh").startswith("error.")


# ---- C: the deck -------------------------------------------------------------------------
def test_C_1_deck_is_exactly_the_122_cards_of_the_table():
    counts = {k.name: k.copies for k in KINDS}
    assert counts == {
        "siege_engine": 15, "infantry": 10, "heavy_infantry": 10, "archer": 10,
        "crossbowman": 10, "cavalry": 10, "heavy_cavalry": 10, "general": 6, "commander": 3,
        "terrain_mountain": 1, "terrain_city": 1, "terrain_plateau": 1, "terrain_hills": 1,
        "terrain_plain": 1, "gong": 16, "drum": 6, "tiger_tally": 6, "rolling_stones": 2,
        "command": 3,
    }
    assert DECK_SIZE == 122
    assert sum(k.copies for k in KINDS if k.is_score) == 84
    assert [k.value for k in KINDS[:9]] == [1, 2, 3, 4, 5, 6, 10, 1, 10]


def test_C_3_card_ids_follow_the_table_order():
    assert [CARD_KIND[i] for i in (0, 14, 15, 24, 25)] == [0, 0, 1, 1, 2]
    assert CARD_KIND[121] == KIND_INDEX["command"]
    assert [CARD_KIND[i] for i in range(DECK_SIZE)] == sorted(CARD_KIND)


# ---- S: setup -----------------------------------------------------------------------------
def test_S_2_S_3_eldest_shuffle_and_deal_one_at_a_time_clockwise():
    from game.core.rng import Rng
    for n in (2, 5, 8):
        g = rulesets.get("domiplot").new_game(Setup(seats=("human",) * n, seed=99))
        rng = Rng(99)
        eldest = rng.below(n)
        deck = list(range(DECK_SIZE))
        rng.shuffle(deck)
        assert g.eldest == eldest and g.chooser == eldest and g.protector is None
        for i in range(10):
            for j in range(n):
                assert deck[i * n + j] in g.hands[(eldest + j) % n]
        assert g.deck == deck[10 * n:]
        assert g.card_count() == DECK_SIZE
        assert all(o == () for o in g.owners) and g.marker is None
        assert g.round == 1 and g.phase is Phase.CHOOSE_TARGET and g.to_move() == [eldest]
        assert len(g.active.ids) == (16 if n <= 4 else 20)
        assert g.factions == tuple(f for f in ("fac_heaven", "fac_earth", "fac_sun", "fac_moon",
                                               "fac_wind", "fac_forest", "fac_fire", "fac_mountain")[:n])


def test_S_options_and_seat_counts():
    rs = rulesets.get("domiplot")
    g = rs.new_game(Setup(seats=("human",) * 3, seed=1,
                          options={"first_player": 2, "initial_hand": 4, "max_rounds": 3,
                                   "factions": ["fac_fire", "fac_sun", "fac_moon"]}))
    assert g.eldest == 2 and [len(h) for h in g.hands] == [4, 4, 4]
    assert g.factions == ("fac_fire", "fac_sun", "fac_moon") and g.options["max_rounds"] == 3
    for options in ({"max_rounds": 0}, {"first_player": 5}, {"initial_hand": -1},
                    {"factions": ["fac_fire", "fac_fire", "fac_sun"]}, {"initial_hand": 50}):
        with pytest.raises(IllegalAction) as err:
            rs.new_game(Setup(seats=("human",) * 3, seed=1, options=options))
        assert err.value.key == "bad_option"
    for n in (1, 9):
        with pytest.raises(IllegalAction) as err:
            rs.new_game(Setup(seats=("human",) * n, seed=1))
        assert err.value.key == "bad_seat_count"
    assert rs.new_game(Setup(seats=("human",) * 2, seed=1, map="maps/domiplot/nine_provinces.tmx"))


# ---- I-2: every reason, digest unchanged ----------------------------------------------------
def test_I_2_flow_reasons():
    g = new_game()
    rejected(g, 1, A.ChooseTarget(9), "not_your_turn", action="choose_target")
    rejected(g, 0, A.PASS, "wrong_phase")
    rejected(g, 0, A.Place(card_of(g, 0, KINDS[CARD_KIND[g.hands[0][0]]].name), 0), "wrong_phase")

    class Alien(A.Action):
        type_name = "alien"
    rejected(g, 0, Alien(), "not_an_action", action="Alien")
    for junk in (None, 42, "x", {}, A.PASS.__class__):
        rejected(g, 0, junk, "not_an_action")
    g.apply(0, A.ChooseTarget(9))
    rejected(g, 0, A.ChooseTarget(9), "wrong_phase")
    start = new_game()
    start.phase = Phase.OVER
    start.winners = (0,)
    rejected(start, 0, A.PASS, "game_over")
    rejected(start, 0, None, "not_an_action")  # not an action, whatever the phase


def test_I_2_region_reasons():
    g = new_game()
    own(g, 3, 0)
    own(g, 7, 1)
    g.marker = 9
    rejected(g, 0, A.ChooseTarget(17), "domiplot.region_inactive")   # 4 players: 17 is out
    rejected(g, 0, A.ChooseTarget(0), "domiplot.region_inactive")
    rejected(g, 0, A.ChooseTarget(99), "domiplot.region_inactive")
    rejected(g, 0, A.ChooseTarget(9), "domiplot.region_protected")
    rejected(g, 0, A.ChooseTarget(3), "domiplot.own_solo_region")
    g.chooser = g.actor = 2
    rejected(g, 2, A.ChooseTarget(7), "domiplot.landless_cannot_attack_lord")
    assert g.reason(0, A.ChooseTarget(7)).key == "not_your_turn"
    g.phase = Phase.PROTECT
    rejected(g, 2, A.PlaceMarker(18), "domiplot.region_inactive")
    g.apply(2, A.PlaceMarker(9))  # the current marker region is allowed


def test_I_2_joining_reasons():
    g = new_game()
    own(g, 8, 0)
    set_hand(g, 0, ["infantry", "archer", "gong"])
    g.chooser = g.actor = 3
    g.phase = Phase.CHOOSE_TARGET
    g.apply(3, A.ChooseTarget(10))
    g.apply(3, A.STAY_OUT)
    rejected(g, 0, A.Join(("infantry",)), "domiplot.wrong_discard_count")
    rejected(g, 0, A.Join(("cavalry", "gong")), "domiplot.card_not_in_hand")
    rejected(g, 0, A.Join(("gong", "gong")), "domiplot.card_not_in_hand")
    rejected(g, 0, A.Join(("dragon", "gong")), "domiplot.card_not_in_hand")
    rejected(g, 0, A.Join(("archer", "gong"), 1), "bad_option")
    assert g.reason(0, A.Join(("gong", "archer"))) is None
    g.hands[0] = g.hands[0][:1]
    g.deck.extend(c for c in range(DECK_SIZE) if c not in g.deck and c not in g.discard
                  and not any(c in h for h in g.hands))
    rejected(g, 0, A.Join(("infantry",)), "domiplot.insufficient_cards_for_distance")


def test_I_2_sponsor_reason_and_J_4_authorization():
    g = new_game()
    own(g, 6, 0, 1)
    g.apply(0, A.ChooseTarget(6))
    g.apply(0, A.Join())
    rejected(g, 1, A.Join((), 0), "bad_option")  # a co-owner needs no sponsor
    g.apply(1, A.Join())
    rejected(g, 2, A.Join(), "domiplot.sponsor_not_coowner")
    rejected(g, 2, A.Join((), 3), "domiplot.sponsor_not_coowner")
    assert {a.sponsor for a in g.legal_actions(2) if isinstance(a, A.Join)} == {0, 1}
    g.apply(2, A.Join((), 0))
    rejected(g, 2, A.ALLOW, "not_your_turn")
    ev = g.apply(0, A.ALLOW)
    assert E.Authorization(2, 0, True) in ev and g.participant[2]
    assert g.to_move() == [3]


def _battle_012(g, hands, chooser=0, region=11):
    start_battle(g, region, hands, chooser=chooser)


def test_I_2_placing_reasons():
    g = new_game()
    _battle_012(g, {0: ["drum", "gong", "tiger_tally", "archer", "commander", "cavalry"],
                    1: ["archer"], 2: ["archer"]})
    gong, drum = card_of(g, 0, "gong"), card_of(g, 0, "drum")
    tally, archer = card_of(g, 0, "tiger_tally"), card_of(g, 0, "archer")
    cmdr = card_of(g, 0, "commander")
    other = g.hands[1][0]
    rejected(g, 0, A.Place(other, 0), "domiplot.card_not_in_hand")
    rejected(g, 0, A.Place(drum, 0, True), "domiplot.cannot_conceal_card")
    rejected(g, 0, A.Place(tally, None, True), "domiplot.cannot_conceal_card")
    rejected(g, 0, A.Place(tally, 0), "domiplot.pile_not_allowed")
    rejected(g, 0, A.Place(archer), "domiplot.pile_required")
    rejected(g, 0, A.Place(archer, 3), "domiplot.target_not_participant")
    rejected(g, 0, A.Place(archer, 9), "domiplot.target_not_participant")
    rejected(g, 0, A.Place(archer, 0, False, archer), "domiplot.invalid_gong_target")
    rejected(g, 0, A.Place(gong, 0, False, archer), "domiplot.invalid_gong_target")  # in hand
    theirs = put_pile(g, 1, 1, "infantry")
    rejected(g, 0, A.Place(gong, 0, False, theirs), "domiplot.invalid_gong_target")
    hero = put_pile(g, 0, 0, "general")
    rejected(g, 0, A.Place(gong, 0, False, hero), "domiplot.invalid_gong_target")  # not army
    rejected(g, 0, A.Place(archer, 0, False, None, hero), "domiplot.invalid_recall_target")
    rejected(g, 0, A.Place(cmdr, 0, True, None, hero), "domiplot.invalid_recall_target")
    general1 = put_pile(g, 1, 1, "general")
    rejected(g, 0, A.Place(cmdr, 0, False, None, general1), "domiplot.invalid_recall_target")
    hidden = put_pile(g, 0, 0, "general", face_down=True)
    rejected(g, 0, A.Place(cmdr, 0, False, None, hidden), "domiplot.invalid_recall_target")
    assert g.reason(0, A.Place(cmdr, 0, False, None, hero)) is None
    engine = put_pile(g, 2, 0, "siege_engine")
    assert g.reason(0, A.Place(gong, 1, False, engine)) is None  # target in any pile


def test_I_2_support_reasons():
    g = new_game()
    _battle_012(g, {0: ["archer", "archer", "gong"], 1: ["archer", "archer", "gong"],
                    2: ["archer", "archer", "gong"]})
    a0 = card_of(g, 0, "archer")
    rejected(g, 0, A.Place(a0, 3), "domiplot.target_not_participant")
    place(g, 0, "archer", pile=1)
    g.apply(1, A.ACCEPT_SUPPORT)          # P0 now supports P1
    place(g, 1, "archer", pile=1)
    a2 = card_of(g, 2, "archer")
    rejected(g, 2, A.Place(a2, 0), "domiplot.target_is_supporter")
    place(g, 2, "archer")
    a0 = card_of(g, 0, "archer")
    assert g.reason(0, A.Place(a0, 1)) is None  # into the principal's pile: free
    place(g, 0, "archer", pile=1)
    a1 = card_of(g, 1, "archer")
    rejected(g, 1, A.Place(a1, 2), "domiplot.has_supporters")
    place(g, 1, "archer")
    a2 = card_of(g, 2, "archer")
    place(g, 2, "archer", pile=1)        # P2 offers to P1 (P1's allegiance is self)
    g.apply(1, A.REFUSE_SUPPORT)
    rejected(g, 2, A.Place(a2, 1), "domiplot.support_offer_limit")
    rejected(g, 2, A.ACCEPT_SUPPORT, "wrong_phase")


def test_I_2_not_qualified():
    g = new_game()
    for r in (4, 5, 9):
        own(g, r, 1)
    rejected(g, 0, A.PROPOSE, "domiplot.not_qualified")
    rejected(g, 1, A.PROPOSE, "not_your_turn")


# ---- R, T: the round machine and the choice of targets --------------------------------------
def test_R_2_nobody_joins_only_the_chooser_is_recorded_and_regions_still_draw():
    g = new_game()
    own(g, 1, 2)
    g.apply(0, A.ChooseTarget(9))
    hands = [len(h) for h in g.hands]
    for seat in (0, 1, 2, 3):
        ev = g.apply(seat, A.STAY_OUT)
    assert E.RegionUnchanged(9) in ev and not of(ev, E.TurnStarted)
    assert [len(h) for h in g.hands] == [hands[0], hands[1], hands[2] + 1, hands[3]]
    assert (g.last_winner, g.last_loser, g.last_chooser) == (None, None, 0)
    assert g.round == 2 and g.protector is None and g.chooser == 1


def test_T_2_protector_priority_and_marker():
    g = new_game()
    start_battle(g, 11, {0: ["tiger_tally", "archer", "gong"], 1: ["archer", "gong"]})
    place(g, 0, "archer")
    place(g, 1, "archer")
    place(g, 0, "tiger_tally")   # both archers go: 0 v 0, no winner
    g.apply(1, A.PASS)
    g.apply(0, A.PASS)
    assert g.last_tally_player == 0 and g.last_winner is None and g.last_loser == 0
    assert g.protector == 0 and g.phase is Phase.PROTECT
    ev = g.apply(0, A.PlaceMarker(11))
    assert ev[0] == E.MarkerPlaced(0, 11, None) and g.marker == 11
    assert g.reason(g.actor, A.ChooseTarget(11)).key == "domiplot.region_protected"


def test_T_5_chooser_without_target_passes_the_right_then_the_marker_is_ignored():
    g = new_game()
    for r in g.active.ids:
        own(g, r, 1)
    own(g, 16)                # the only unowned region
    g.marker = 16
    g.chooser = 0
    ev = []
    g.phase = Phase.PROTECT
    g.protector = g.actor = 1
    ev = g.apply(1, A.PlaceMarker(16))
    # P0, P2, P3 are landless (only 16 is free, and protected); P1 holds every other region
    # alone but may attack 16? No: protected. So P1 can attack nothing either: marker ignored.
    assert of(ev, E.ChooserPassed) == [E.ChooserPassed(0, 0, True)]
    assert g.marker_ignored and g.to_move() == [0]
    g.apply(0, A.ChooseTarget(16))
    g2 = new_game()
    for r in g2.active.ids:
        own(g2, r, 1)
    own(g2, 16)
    own(g2, 15, 2)
    g2.phase = Phase.PROTECT
    g2.protector = g2.actor = 1
    ev = g2.apply(1, A.PlaceMarker(16))
    assert of(ev, E.ChooserPassed) == [E.ChooserPassed(0, 1, False)] and g2.to_move() == [1]


def test_J_3_empty_hand_joins_at_distance_zero_goes_out_and_draws():
    g2 = new_game()
    g2.deck.extend(g2.hands[1])
    g2.hands[1] = []
    g2.apply(0, A.ChooseTarget(11))
    g2.apply(0, A.Join())
    ev = g2.apply(1, A.Join())
    assert of(ev, E.PlayerJoined) == [E.PlayerJoined(1, 0)]
    g2.apply(2, A.STAY_OUT)
    ev = g2.apply(3, A.STAY_OUT)
    assert E.PlayerOut(1) in ev and g2.actor == 0
    ev = g2.apply(0, A.PASS)
    assert len(g2.hands[1]) == 1 and of(ev, E.Scores)[0].loser in (0, 1)


def test_B_4_at_most_one_face_down_and_accepted_offer_turns_the_old_one_up():
    g = new_game()
    start_battle(g, 11, {0: ["cavalry", "archer", "heavy_cavalry", "gong"], 1: ["infantry", "gong"]})
    cav = card_of(g, 0, "cavalry")
    g.apply(0, A.Place(cav, 0, True))
    g.apply(1, A.Place(card_of(g, 1, "infantry"), 1))
    archer = card_of(g, 0, "archer")
    ev = g.apply(0, A.Place(archer, 1, True))       # a face-down offer to P1
    assert g.piles[0] == [(cav, 0, True)]            # not turned up before acceptance
    assert ev[0].redacted(1).card is None and ev[0].redacted(0).card == archer
    assert g.view(1).offer[2] is None and g.view(0).offer[2] == archer
    ev = g.apply(1, A.ACCEPT_SUPPORT)
    assert E.CardRevealed(0, cav, 0) in ev and g.face_down_of[0] == archer
    assert g.view(1).piles[1][-1] == (None, 0, True) and g.view(0).piles[1][-1] == (archer, 0, True)


def test_F_8_D12_drum_doubles_the_pile_it_lies_in_even_an_allys():
    g = new_game()
    start_battle(g, 11, {0: ["archer", "gong"], 1: ["drum", "gong"]})
    place(g, 0, "archer")
    place(g, 1, "drum", pile=0)
    g.apply(0, A.ACCEPT_SUPPORT)
    assert g.pile_scores()[0] == (4, 2, 0, 0, 8)
    assert not g.scored_into[1] & 1   # a drum is no score card


def test_A_7_supporter_needs_a_score_card_in_the_winners_pile():
    g = new_game()
    start_battle(g, 11, {0: ["heavy_cavalry", "gong"], 1: ["gong", "gong"], 2: ["archer", "gong"]})
    place(g, 0, "heavy_cavalry")
    place(g, 1, "gong", pile=0)
    g.apply(0, A.ACCEPT_SUPPORT)
    place(g, 2, "archer")
    for seat in (0, 1, 2):
        g.apply(seat, A.PASS)
    assert g.owners[11] == (0,)   # P1 backed P0 with a gong only: no flag


def test_O_4_siege_attacker_win_replaces_every_flag():
    g = new_game()
    own(g, 10, 1, 2)
    own(g, 5, 0)
    start_battle(g, 10, {0: ["heavy_cavalry", "siege_engine", "gong"], 1: ["infantry", "gong"]})
    place(g, 0, "siege_engine")
    g.apply(1, A.PASS)
    ev = g.apply(0, A.PASS)
    assert g.owners[10] == (0,)
    assert of(ev, E.RegionChanged) == [E.RegionChanged(10, (0,), (1, 2), (0,), (1, 2))]


def test_O_3_D16_a_total_of_zero_never_conquers():
    g = new_game()
    start_battle(g, 12, {0: ["siege_engine", "gong"]})     # mountain: a siege engine is 0
    place(g, 0, "siege_engine")
    ev = g.apply(0, A.PASS)
    assert of(ev, E.Scores)[0].winner is None and g.owners[12] == ()


# ---- E: surrender, domination, limit ---------------------------------------------------------
def test_E_5_surrender_frees_solo_regions_and_leaves_alliances_to_the_others():
    g = new_game()
    own(g, 1, 0)
    own(g, 2, 0, 1)
    own(g, 3, 0, 1, 2)
    g.apply(0, A.ChooseTarget(9))
    hand = list(g.hands[0])
    ev = g.apply(0, A.SURRENDER)
    assert ev[0] == E.PlayerSurrendered(0, (1,), (2, 3))
    assert of(ev, E.CardsDiscarded)[0].cards == tuple(hand)
    assert of(ev, E.CardsDiscarded)[0].redacted(1).cards == (None,) * len(hand)
    assert g.owners[1] == () and g.owners[2] == (1,) and g.owners[3] == (1, 2)
    assert g.surrendered[0] and g.hands[0] == [] and g.to_move() == [1]
    assert all(g.hidden_discard[c] == 0 for c in hand)
    assert g.view(1).discard[-1] is None and g.view(0).discard[-1] == hand[-1]


def test_E_5_last_player_standing_wins():
    g = new_game(seats=2)
    g.apply(0, A.ChooseTarget(9))
    ev = g.apply(0, A.SURRENDER)
    assert g.result().winners == (1,) and ev[-1] == GameOver((1,), (0, 0), "E-5")
    assert g.result() == Result((1,), (0, 0), "E-5", draw=False)
    assert g.to_move() == [] and g.legal_actions(1) == []


def test_D24_surrender_during_joining_recomputes_the_mode():
    g = new_game()
    own(g, 6, 0, 1)
    g.apply(0, A.ChooseTarget(6))
    assert g.mode == "internal"
    g.apply(0, A.Join())
    g.apply(1, A.SURRENDER)
    assert g.owners[6] == (0,)
    while g.phase is Phase.JOIN:
        ev = g.apply(g.actor, A.STAY_OUT)
    assert E.ModeChanged(6, "internal", (), True) in ev
    assert g.round == 2


def test_E_1_domination_wins_at_once():
    g = new_game()
    for r in g.active.ids:
        own(g, r, 0)
    own(g, 16)
    start_battle(g, 16, {0: ["archer", "gong"]})
    place(g, 0, "archer")
    ev = g.apply(0, A.PASS)
    assert g.result().winners == (0,) and ev[-1].cause == "E-1"
    assert ev[-1] == GameOver((0,), (len(g.active.ids), 0, 0, 0), "E-1")


def test_E_6_round_limit_ranks_by_solo_then_flags_then_hand():
    g = new_game(max_rounds=1)
    own(g, 1, 1)
    own(g, 2, 2)
    own(g, 3, 1, 2)
    own(g, 4, 3, 0)
    set_hand(g, 1, ["gong"] * 3, keep=(2,))
    set_hand(g, 2, ["gong"] * 3, keep=(1,))
    g.apply(0, A.ChooseTarget(9))
    for seat in (0, 1, 2, 3):
        ev = g.apply(seat, A.STAY_OUT)
    assert ev[-1].cause == "E-6"
    assert g.result().winners == (1, 2)   # 1 solo and 2 flags each, equal hands (+1 drawn)
    assert g.result().draw and g.result().scores == (0, 1, 1, 0)   # E-6: a shared win


def test_N_2_draws_lost_when_deck_and_discard_are_empty():
    g = new_game()
    own(g, 1, 0)
    g.hands[3].extend(g.deck)
    g.deck.clear()
    g.hands[3].sort()
    g.apply(0, A.ChooseTarget(9))
    for seat in (0, 1, 2, 3):
        ev = g.apply(seat, A.STAY_OUT)
    assert E.DrawsLost(0, 1) in ev and g.card_count() == DECK_SIZE


def test_E_3_D29_later_qualifying_players_may_propose_after_a_rejection():
    g = new_game()
    for r in (1, 4, 8):
        own(g, r, 0)
    for r in (3, 6, 7):
        own(g, r, 1)
    g.apply(0, A.ChooseTarget(11))
    for seat in (0, 1, 2, 3):
        g.apply(seat, A.STAY_OUT)
    assert g.phase is Phase.PROPOSE and g.end_queue == (0, 1)
    g.apply(0, A.PROPOSE)
    ev = g.apply(1, A.VOTE_NO)
    assert E.ProposalRejected(0, 1) in ev and g.to_move() == [1] and g.phase is Phase.PROPOSE
    ev = g.apply(1, A.DECLINE)
    assert E.ProposalDeclined(1) in ev and g.round == 2


# ---- helpers -----------------------------------------------------------------------------
def test_join_discards_are_kinds_in_table_order_one_spelling_each():
    assert A.Join(("gong", "infantry")) == A.Join(("infantry", "gong"))
    g = new_game()
    set_hand(g, 0, ["gong", "gong", "infantry", "archer"])
    sets = kind_multisets(g.hands[0], 2)
    assert sorted(sets) == sorted([("infantry", "archer"), ("infantry", "gong"),
                                   ("archer", "gong"), ("gong", "gong")])
    assert len(kind_multisets(g.hands[0], 0)) == 1 and kind_multisets(g.hands[0], 5) == []


def test_H_public_view_has_no_hand_and_views_are_json():
    import json
    g = new_game()
    assert g.view(None).hand is None
    for seat in (None, 0, 1):
        json.dumps(g.view(seat).to_json())
    assert g.view(0).hand == tuple(g.hands[0])


def test_H_live_scores_count_only_what_the_viewer_sees():
    g = new_game()
    start_battle(g, 11, {0: ["heavy_cavalry", "archer", "gong"], 1: ["gong", "gong"]})
    g.apply(0, A.Place(card_of(g, 0, "heavy_cavalry"), 0, True))
    assert g.view(0).live_scores()[0] == (10, 0)
    assert g.view(1).live_scores()[0] == (0, 1)
    assert g.view(None).to_json()["live_scores"][0] == [0, 1]
