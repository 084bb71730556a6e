"""Rules beyond the T-22 scenarios: setup, turn machine, escrow, economy, buildings, techs,
magic, attacks, factions, outside forces, disasters, treasure, diplomacy, end of game."""

from __future__ import annotations

from dataclasses import replace

from game import rulesets
from game.ai import agent_table
from game.core import Setup
from game.territory import actions as A
from game.territory import effects, magic, position, turn
from game.territory import events as E
from game.territory.agents import GreedyAgent
from game.territory.board import NeutralGroup
from game.territory.constants import (
    CAMP, CAPITAL, CHASM, CITY, DEFAULT_PARAMS, NONE, RUIN, TREE,
)
from game.territory.state import GOBLIN, NOBODY, UNDEAD, Phase
from tests.helpers.refusal import assert_refused
from tests.helpers.territory import (
    QUIET, dice, enter, new_game, of, own, plain_board, plain_game, put, res, resolve, techs,
    tile, wall,
)


# ---- T-4 setup, T-5 turn machine -----------------------------------------------------------

def test_T_4_1_seats_pick_factions_in_seat_order():
    g = new_game(3)
    assert g.phase is Phase.PICK and g.to_move() == [0]
    assert {a.faction for a in g.legal_actions(0)} == set(g.board.starts)
    g.apply(0, A.PickFaction("war"))
    assert g.to_move() == [1] and A.PickFaction("war") not in g.legal_actions(1)
    g.apply(1, A.PickFaction("jungle"))
    events = g.apply(2, A.PickFaction("tide"))
    assert g.phase is Phase.ORDERS and g.turn == 1
    assert [e.faction for e in of(events, E.FactionPicked)] == ["tide"]


def test_T_4_2_start_regions_gold_and_faction_gifts(monkeypatch):
    from game.territory import turn
    monkeypatch.setattr(turn, "START_BONUS", dict.fromkeys(turn.START_BONUS, 0))  # without D42's
    g = new_game(3, factions=("jungle", "arcane", "war"))
    b = g.board
    for seat, faction in enumerate(("jungle", "arcane", "war")):
        assert position.tiles_of(g, seat) == list(b.starts[faction])
    assert g.building[b.tree] == TREE
    assert "extraction" in g.tribes[0].techs and position.cap(g, 0) == 6
    assert "primitive_magic" in g.tribes[1].techs and position.cap(g, 1) == 5
    for i in b.starts["pioneer"]:  # unpicked: unclaimed land
        assert g.owner[i] == NOBODY
    # D35: income at START(1) on top of the 5 starting gold
    assert g.tribes[2].res == [5 + 5, 0, 0]


def test_T_4_2_D42_faction_start_bonus_adds_to_the_start_gold(monkeypatch):
    """D42's faction-specific [P] `start_bonus`: a faction starts with start_gold + its bonus
    (never below 0); D35's START(1) income comes on top."""
    from game.territory import turn
    monkeypatch.setattr(turn, "START_BONUS", {**turn.START_BONUS, "war": 7, "arcane": -9, "jungle": 0})
    g = new_game(3, factions=("jungle", "arcane", "war"))
    assert g.tribes[2].res == [5 + 7 + 5, 0, 0]   # war: 5 gold, bonus 7, income of 5 tiles
    assert g.tribes[1].res == [0 + 5, 0, 0]       # arcane: 5 - 9 is clamped to 0
    assert g.tribes[0].res == [5 + 5, 0, 0]       # jungle: no bonus


def test_T_4_2_D42_tuned_start_bonus_values(monkeypatch):
    """The values the D42 study chose (rules data): Pioneer starts with no gold, the others
    with 5 to 25 more than T-4.2's 5 (Origin gives Pioneer 8 start tiles, the others 5)."""
    from game.territory import turn
    assert turn.START_BONUS == {"bounty": 10, "arcane": 15, "pioneer": -5, "jungle": 5, "tide": 15,
                                "war": 5, "shadow": 25}
    tuned = new_game(2, factions=("pioneer", "shadow"))
    monkeypatch.setattr(turn, "START_BONUS", dict.fromkeys(turn.START_BONUS, 0))
    plain = new_game(2, factions=("pioneer", "shadow"))
    assert tuned.tribes[0].res[0] == plain.tribes[0].res[0] - 5
    assert tuned.tribes[1].res[0] == plain.tribes[1].res[0] + 25


def test_T_4_3_neutral_groups_start_hidden_with_camps():
    g = new_game(2, factions=("war", "bounty"))
    for k, group in enumerate(g.board.groups):
        assert not g.revealed[k]
        for i in group.tiles:
            assert g.owner[i] == (UNDEAD if group.race == "undead" else GOBLIN)
            assert position.hidden(g, i)
        for i in group.camps:
            assert g.building[i] == 10  # goblin camp
    view = g.view(0).to_json()
    for group in g.board.groups:
        for i in group.tiles:
            assert view["owner"][i] == NOBODY and view["building"][i] == "none"


def test_T_5_2_everybody_orders_at_once_and_the_order_rotates():
    g = new_game(3, factions=("war", "bounty", "arcane"))
    assert g.to_move() == [0, 1, 2]
    g.apply(1, A.SUBMIT)
    assert g.to_move() == [0, 2]
    g.apply(0, A.SUBMIT)
    events = g.apply(2, A.SUBMIT)
    assert g.turn == 2 and g.to_move() == [1, 2, 0]
    assert of(events, E.TurnStarted)[0].submission == (1, 2, 0)


def test_T_5_2_fixed_submission_option():
    g = new_game(3, factions=("war", "bounty", "arcane"), submission="fixed")
    resolve(g)
    assert g.submission == (0, 1, 2)


def test_T_5_3_blocks_resolve_in_submission_order():
    """Two tribes race for one unclaimed tile: the first in submission order gets it."""
    g = plain_game(("pioneer", "pioneer"))
    own(g, 0, (0, 0))
    own(g, 1, (2, 0))
    res(g, 0, 1)
    res(g, 1, 1)
    g.submission = (1, 0)
    enter(g, 0, A.Arrow(tile(g, 0, 0), tile(g, 1, 0), 1))
    enter(g, 1, A.Arrow(tile(g, 2, 0), tile(g, 1, 0), 1))
    ev = resolve(g)
    assert g.owner[tile(g, 1, 0)] == 1
    blocks = [e.tribe for e in of(ev, E.PhaseStarted) if e.phase == "C"]
    assert blocks == [1, 0]
    # tribe 0's step meets a tile of another faction: a normal roll is needed now (y <= 0)
    last = of(ev, E.StepResolved)[-1]
    assert last.tribe == 0 and last.outcome == "failed"


# ---- T-6 orders and escrow -----------------------------------------------------------------

def test_T_6_2_escrow_moves_at_entry_and_comes_back_on_removal():
    g = plain_game(("bounty", "arcane"))
    own(g, 0, (0, 0))
    res(g, 0, 7)
    enter(g, 0, A.Build(tile(g, 0, 0), "camp"))
    assert g.tribes[0].res == [2, 0, 0] and g.tribes[0].escrow() == [5, 0, 0]
    view = g.view(1).to_json()
    assert view["tribes"][0]["resources"]["gold"] == 7  # T-18.1: as at START
    events = g.apply(0, A.RemoveOrder(0))
    assert of(events, E.OrderRemoved)[0].refund == (5, 0, 0)
    assert g.tribes[0].res == [7, 0, 0]


def test_T_6_3_generic_costs_follow_the_priority_list():
    g = plain_game(("bounty", "arcane"))
    own(g, 0, (0, 0))
    res(g, 0, 1, 2, 3)
    enter(g, 0, A.SetPriority("emg"), A.Arrow(tile(g, 0, 0), tile(g, 1, 0), 4))
    assert g.tribes[0].res == [1, 1, 0] and g.tribes[0].escrow() == [0, 1, 3]


def test_T_6_2_refunds_return_the_last_taken_part():
    """A Pioneer step escrows 3 (gold then materials); D30 keeps 1 and refunds the rest."""
    g = plain_game(("pioneer", "arcane"))
    g.params = replace(g.params, open_frontier_per_turn=3)  # D41's spec value, not the tuned one
    own(g, 0, (0, 0))
    res(g, 0, 1, 2, 0)
    enter(g, 0, A.Arrow(tile(g, 0, 0), tile(g, 1, 0), 3))
    ev = resolve(g)
    assert [e.amounts for e in of(ev, E.Refunded) if e.tribe == 0] == [(0, 2, 0)]
    assert [e.amounts for e in of(ev, E.Spent) if e.tribe == 0] == [(1, 0, 0)]


def test_T_6_4_an_order_void_at_resolution_is_refunded():
    g = plain_game(("bounty", "war"))
    own(g, 0, (0, 0), (1, 0))
    own(g, 1, (2, 0))
    res(g, 0, 5)
    res(g, 1, 6)
    g.submission = (1, 0)
    enter(g, 0, A.Build(tile(g, 1, 0), "camp"))
    enter(g, 1, A.Arrow(tile(g, 2, 0), tile(g, 1, 0), 6))
    dice(g, 1)
    ev = resolve(g)
    assert g.owner[tile(g, 1, 0)] == 1 and g.building[tile(g, 1, 0)] == NONE
    assert [e.reason for e in of(ev, E.OrderVoid)] == ["T-6.4"]
    assert [e.amounts for e in of(ev, E.Refunded) if e.tribe == 0] == [(5, 0, 0)]


def test_D38_orders_are_limited_per_turn():
    board = plain_board(params=replace(QUIET, max_orders=2))
    g = plain_game(("bounty", "arcane"), board=board)
    own(g, 0, (0, 0))
    res(g, 0, 9)
    enter(g, 0, A.Arrow(tile(g, 0, 0), tile(g, 1, 0), 1), A.Step(tile(g, 2, 0), 1))
    assert g.reason(0, A.Arrow(tile(g, 0, 0), tile(g, 0, 1), 1)).key == "limit_reached"
    assert all(isinstance(a, (A.RemoveOrder, A.SetPriority, A.Submit)) for a in g.legal_actions(0))


# ---- T-7 economy ---------------------------------------------------------------------------

def test_T_7_1_extraction_workshops_and_unowned_tiles():
    g = plain_game(("war", "arcane"), spare=0)
    special = list(g.board.special)
    special[tile(g, 0, 0)] = 2
    special[tile(g, 1, 0)] = 1
    object.__setattr__(g.board, "special", tuple(special))
    own(g, 0, (0, 0), (1, 0), (2, 0))
    put(g, 2, 0, "workshop")
    put(g, 4, 4, "city")  # unowned: gives nothing
    own(g, 1, (7, 7))
    assert position.income(g, 0) == (3 + 1, 1, 0)
    techs(g, 0, "extraction")
    assert position.income(g, 0) == (3 + 1, 2, 1)
    g.desolate[tile(g, 0, 0)] = 2
    assert position.income(g, 0) == (2 + 1, 2, 0)


def test_T_7_2_cap_counts_buildings_and_storage():
    g = plain_game(("bounty", "arcane"), spare=0)
    own(g, 0, (0, 0), building="city")
    own(g, 0, (1, 0), building="capital")
    own(g, 0, (2, 0), building="tower")
    own(g, 1, (7, 7))
    assert position.cap(g, 0) == 5 + 5 + 5 + 1
    techs(g, 0, "storage")
    assert position.cap(g, 0) == 16 + 3 + 3


# ---- T-8 buildings -------------------------------------------------------------------------

def test_T_8_build_then_upgrade_chain_and_capital_moves():
    g = plain_game(("bounty", "arcane"))
    own(g, 0, (0, 0), (1, 0))
    put(g, 1, 0, "capital")
    res(g, 0, 30, 10)
    enter(g, 0, A.Build(tile(g, 0, 0), "camp"))
    resolve(g)
    assert g.building[tile(g, 0, 0)] == CAMP
    assert A.Upgrade(tile(g, 0, 0)) in g.legal_actions(0)
    enter(g, 0, A.Upgrade(tile(g, 0, 0)))
    resolve(g)
    assert g.building[tile(g, 0, 0)] == CITY
    res(g, 0, 30, 10)
    enter(g, 0, A.Upgrade(tile(g, 0, 0)))
    resolve(g)
    assert g.building[tile(g, 0, 0)] == CAPITAL and g.building[tile(g, 1, 0)] == CITY


def test_T_8_city_only_from_camp_outpost_or_ruin():
    g = plain_game(("war", "arcane"))
    own(g, 0, (0, 0), (1, 0), (2, 0))
    put(g, 1, 0, "ruin")
    res(g, 0, 30, 10)
    assert g.reason(0, A.Build(tile(g, 0, 0), "city")).key == "territory.not_allowed"
    assert g.reason(0, A.Build(tile(g, 1, 0), "city")) is None
    assert g.reason(0, A.Build(tile(g, 1, 0), "camp")).key == "not_empty"
    enter(g, 0, A.Build(tile(g, 1, 0), "outpost"))  # free on a ruin
    assert g.tribes[0].escrow() == [0, 0, 0]
    enter(g, 0, A.Build(tile(g, 2, 0), "outpost"))
    assert g.tribes[0].escrow() == [3, 1, 0]


def test_T_8_1_demolishing_a_city_leaves_a_ruin_and_refunds_nothing():
    g = plain_game(("bounty", "arcane"))
    own(g, 0, (0, 0), building="city")
    wall(g, 0, 0, "n")
    enter(g, 0, A.Demolish(tile(g, 0, 0)), A.Demolish(tile(g, 0, 0), "n"))
    resolve(g)
    assert g.building[tile(g, 0, 0)] == RUIN and g.walls[tile(g, 0, 0) * 4] == 0
    assert g.reason(0, A.Demolish(tile(g, 0, 0))).key == "territory.not_allowed"


def test_T_8_2_a_captured_tower_is_lost_by_a_tribe_with_a_tower():
    g = plain_game(("bounty", "arcane"))
    own(g, 0, (0, 0))
    own(g, 0, (5, 5), building="tower")
    own(g, 1, (1, 0), building="tower")
    res(g, 0, 6)
    enter(g, 0, A.Arrow(tile(g, 0, 0), tile(g, 1, 0), 6))
    dice(g, 1)
    ev = resolve(g)
    assert g.owner[tile(g, 1, 0)] == 0 and g.building[tile(g, 1, 0)] == NONE
    assert [(e.what, e.why) for e in of(ev, E.Destroyed)] == [("tower", "tower_rule")]


def test_T_8_commerce_needs_the_tech_and_adds_gold():
    g = plain_game(("bounty", "arcane"), spare=0)
    own(g, 0, (0, 0), building="city")
    own(g, 1, (7, 7))
    techs(g, 0, "commerce_tech")
    res(g, 0, 5)
    enter(g, 0, A.Commerce(tile(g, 0, 0)))
    resolve(g)
    assert g.commerce[tile(g, 0, 0)] and position.tile_income(g, tile(g, 0, 0)) == (1 + 2 + 2 + 1, 0, 0)


def test_T_8_architecture_art_lowers_gold_costs():
    g = plain_game(("bounty", "arcane"))
    own(g, 0, (0, 0))
    techs(g, 0, "architecture_art")
    res(g, 0, 4)
    enter(g, 0, A.Build(tile(g, 0, 0), "camp"))
    assert g.tribes[0].escrow() == [4, 0, 0]


# ---- T-9 technologies ----------------------------------------------------------------------

def test_T_9_2_research_activates_next_start_if_the_building_stands():
    g = plain_game(("war", "arcane"))
    own(g, 0, (0, 0), building="tower")
    own(g, 0, (1, 0))
    res(g, 0, 20, 0, 3)
    enter(g, 0, A.Research("primitive_magic"), A.Research("military_tactics"))
    assert g.tribes[0].escrow() == [2 + 7 + 2, 0, 1]  # War: every tech +2 gold
    ev = resolve(g)
    assert {"primitive_magic", "military_tactics"} <= g.tribes[0].techs
    assert all(e.ok for e in of(ev, E.TechActivated))
    res(g, 0, 20, 0, 3)
    enter(g, 0, A.Research("battle_magic"), A.Demolish(tile(g, 0, 0)))
    ev = resolve(g)
    assert [(e.tech, e.ok) for e in of(ev, E.TechActivated)] == [("battle_magic", False)]
    assert "battle_magic" not in g.tribes[0].techs


def test_T_9_magic_research_choice_and_exotic_purchase():
    g = plain_game(("bounty", "arcane"))
    own(g, 0, (0, 0), building="tower")
    res(g, 0, 10, 2, 1)
    legal = g.legal_actions(0)
    assert A.Research("magic_research", "materials") in legal
    assert A.Research("magic_research", "exotics") in legal
    enter(g, 0, A.Research("magic_research", "exotics"))
    resolve(g)
    res(g, 0, 3)
    enter(g, 0, A.BUY_EXOTIC)
    ev = resolve(g)
    income = [e for e in of(ev, E.Income) if e.tribe == 0][0]
    assert income.extra == (0, 0, 1)


# ---- T-10 magic ----------------------------------------------------------------------------

def magic_game(caster="arcane", victim="bounty"):
    g = plain_game((caster, victim))
    own(g, 0, (0, 0))
    own(g, 0, (9, 0), building="tower")
    own(g, 1, (1, 0), building="city")
    techs(g, 0, "primitive_magic", "battle_magic")
    return g


def test_T_10_arcane_pays_one_less_and_turmoil_adds_one():
    g = magic_game()
    res(g, 0, 0, 0, 5)
    assert magic.spell_cost(g, 0, "meteor") == 3
    g.turmoil_until = 1
    assert magic.spell_cost(g, 0, "meteor") == 4


def test_T_10_steal_meteor_desolation():
    g = magic_game()
    res(g, 0, 0, 0, 1)
    res(g, 1, 14)
    enter(g, 0, A.Cast("steal", 1))
    ev = resolve(g)
    assert [e.amounts for e in of(ev, E.Gained) if e.why == "steal"] == [(10, 0, 0)]
    res(g, 0, 0, 0, 3)
    wall(g, 1, 0, "w")
    enter(g, 0, A.Cast("meteor", tile(g, 1, 0)))
    resolve(g)
    assert g.building[tile(g, 1, 0)] == RUIN and not any(g.walls[tile(g, 1, 0) * 4:][:4])
    res(g, 0, 0, 0, 3)
    enter(g, 0, A.Cast("desolation", tile(g, 1, 0)))
    resolve(g)
    assert g.desolate[tile(g, 1, 0)] == 2  # one income already went by
    assert position.tile_income(g, tile(g, 1, 0)) == (0, 0, 0)


def test_T_10_1_a_spell_whose_tower_falls_first_is_refunded():
    g = magic_game()
    res(g, 0, 0, 0, 1)
    own(g, 1, (9, 1))
    res(g, 1, 6)
    g.submission = (1, 0)
    enter(g, 0, A.Cast("steal", 1))
    enter(g, 1, A.Arrow(tile(g, 9, 1), tile(g, 9, 0), 6))
    dice(g, 1)
    ev = resolve(g)
    assert [e.reason for e in of(ev, E.OrderVoid) if e.tribe == 0] == ["T-10.1"]
    assert [e.amounts for e in of(ev, E.Refunded) if e.tribe == 0] == [(0, 0, 1)]


def test_T_13_4_jungle_blessing_blocks_harm_next_turn():
    g = plain_game(("jungle", "arcane"))
    own(g, 0, (0, 0), building="tree_of_life")
    own(g, 1, (5, 0), building="tower")
    techs(g, 0, "primitive_magic")
    techs(g, 1, "primitive_magic")
    res(g, 0, 0, 0, 1)
    enter(g, 0, A.Cast("jungle_blessing"))
    resolve(g)
    assert g.tribes[0].blessed_turn == 2
    res(g, 0, 12)
    res(g, 1, 0, 0, 1)
    enter(g, 1, A.Cast("steal", 0))
    ev = resolve(g)
    assert [(e.spell, e.outcome) for e in of(ev, E.SpellCast)] == [("steal", "blocked")]
    assert not [e for e in of(ev, E.Gained) if e.why == "steal"]


def test_D34_natures_gift_helps_every_tribe_in_the_square():
    g = plain_game(("bounty", "arcane"))
    own(g, 0, (1, 1))
    own(g, 0, (9, 0), building="tower")
    own(g, 1, (2, 2))
    techs(g, 0, "primitive_magic")
    res(g, 0, 0, 0, 2)
    enter(g, 0, A.Cast("nature_gift", tile(g, 1, 1)))
    ev = resolve(g)
    other = [e for e in of(ev, E.Income) if e.tribe == 1][0]
    assert (tile(g, 2, 2), 3, 0, 0) in other.tiles


def test_T_13_7_requiem_and_undead_plague():
    g = plain_game(("shadow", "bounty"))
    own(g, 0, (0, 0))
    own(g, 0, (9, 0), building="tower")
    own(g, 1, (0, 1))
    g.owner[tile(g, 1, 0)] = UNDEAD
    techs(g, 0, "primitive_magic", "battle_magic")
    res(g, 0, 0, 0, 1)
    enter(g, 0, A.Cast("requiem", tile(g, 1, 0)))
    resolve(g)
    assert g.owner[tile(g, 1, 0)] == 0
    res(g, 0, 0, 0, 4)
    enter(g, 0, A.Cast("undead_plague", tile(g, 0, 1)))
    dice(g, 6)  # the new undead tile attacks its old owner in phase E? (its 6 tiles are far)
    ev = resolve(g)
    assert g.owner[tile(g, 0, 1)] == UNDEAD and g.hostile[tile(g, 0, 1)] == 1 << 1
    assert not of(ev, E.ForcedAttack)


def test_T_10_earth_wall_and_battle_fervor():
    g = magic_game("bounty", "arcane")
    res(g, 0, 2, 0, 6)
    enter(g, 0, A.Cast("earth_wall", tile(g, 0, 0), "s"))
    resolve(g)
    assert g.walls[tile(g, 0, 0) * 4 + 2] == 1
    res(g, 0, 2, 0, 4)
    put(g, 1, 0, "camp")
    enter(g, 0, A.Arrow(tile(g, 0, 0), tile(g, 1, 0), 2), A.Cast("battle_fervor", order=0))
    dice(g, 3)
    (step,) = of(resolve(g), E.StepResolved)
    assert (step.attack, step.needs, step.outcome) == (2, 3, "captured")


# ---- T-11 attacks --------------------------------------------------------------------------

def test_T_11_2_tide_crosses_sea_free_and_lands_with_a_bonus():
    board = plain_board(sea=[(1, 0), (2, 0)])
    g = plain_game(("tide", "bounty"), board=board)
    own(g, 0, (0, 0))
    own(g, 1, (3, 0))
    techs(g, 0, "landing")
    res(g, 0, 2)
    enter(g, 0, A.Arrow(tile(g, 0, 0), tile(g, 1, 0), 0), A.Step(tile(g, 2, 0), 0),
          A.Step(tile(g, 3, 0), 2))
    assert g.tribes[0].escrow() == [2, 0, 0]
    dice(g, 2)
    (step,) = of(resolve(g), E.StepResolved)
    assert (step.attack, step.needs, step.outcome) == (1, 2, "captured")


def test_T_11_3_pioneer_crosses_chasms_for_one():
    board = plain_board(kinds={(1, 0): CHASM})
    g = plain_game(("pioneer", "bounty"), board=board)
    own(g, 0, (0, 0))
    res(g, 0, 2)
    enter(g, 0, A.Arrow(tile(g, 0, 0), tile(g, 1, 0), 0), A.Step(tile(g, 2, 0), 1))
    assert g.tribes[0].escrow() == [2, 0, 0]
    assert g.reason(0, A.Step(tile(g, 1, 0), 1)).key == "territory.not_allowed"
    resolve(g)
    assert g.owner[tile(g, 2, 0)] == 0
    g2 = plain_game(("bounty", "arcane"), board=board)
    own(g2, 0, (0, 0))
    res(g2, 0, 2)
    assert g2.reason(0, A.Arrow(tile(g2, 0, 0), tile(g2, 1, 0), 0)).key == "territory.cannot_skip"


def test_T_11_4_d_a_diplomacy_guard_stops_a_step_for_five_gold():
    g = plain_game(("bounty", "pioneer"))
    own(g, 0, (0, 0))
    own(g, 1, (1, 0), (2, 0))
    techs(g, 1, "diplomacy")
    res(g, 0, 8)
    res(g, 1, 10)
    enter(g, 1, A.Guard(2))
    enter(g, 0, A.Arrow(tile(g, 0, 0), tile(g, 1, 0), 4), A.Step(tile(g, 2, 0), 4))
    ev = resolve(g)
    (step,) = of(ev, E.StepResolved)
    assert (step.outcome, step.reason, step.dice) == ("stopped", "guard", ())
    assert [e.amounts for e in of(ev, E.Refunded) if e.tribe == 0] == [(4, 0, 0), (4, 0, 0)]
    assert [e.amounts for e in of(ev, E.Spent) if e.tribe == 1] == [(5, 0, 0)]
    assert [e.amounts for e in of(ev, E.Refunded) if e.tribe == 1] == [(5, 0, 0)]


def test_D29_crossing_a_tile_taken_earlier_this_turn_refunds_the_crossing():
    g = plain_game(("bounty", "arcane"))
    own(g, 0, (0, 0), (0, 1))
    own(g, 1, (2, 0))
    res(g, 0, 9)
    enter(g, 0, A.Arrow(tile(g, 0, 1), tile(g, 1, 1), 6))            # takes (1,1) for sure
    enter(g, 0, A.Arrow(tile(g, 0, 0), tile(g, 1, 0), 0), A.Step(tile(g, 2, 0), 2))
    g.owner[tile(g, 1, 0)] = NOBODY
    dice(g, 1)
    ev = resolve(g)
    assert g.owner[tile(g, 2, 0)] == 0
    # (1,0) was never taken: crossing it cost 1 (spent with the step)
    assert [e.amounts for e in of(ev, E.Spent) if e.tribe == 0] == [(6, 0, 0), (3, 0, 0)]


def test_T_11_4_a_hidden_neutral_target_is_revealed_and_attacked_normally():
    board = plain_board(groups=(NeutralGroup("goblin_x", "goblin", (2,), ()),))
    g = plain_game(("bounty", "arcane"), board=board)
    own(g, 0, (0, 0))
    res(g, 0, 4)
    assert position.hidden(g, 2) and position.seen_owner(g, 2) == NOBODY
    enter(g, 0, A.Arrow(tile(g, 0, 0), tile(g, 1, 0), 0), A.Step(2, 3))  # looks unclaimed
    dice(g, 6)
    ev = resolve(g)
    assert [e.group for e in of(ev, E.GroupRevealed)] == ["goblin_x"]
    (step,) = of(ev, E.StepResolved)
    assert (step.defender, step.defense, step.needs, step.outcome) == (GOBLIN, 1, 2, "failed")


def test_T_11_4_a_crossing_into_a_hidden_group_stops_the_arrow():
    board = plain_board(groups=(NeutralGroup("undead_x", "undead", (1,), ()),))
    g = plain_game(("bounty", "arcane"), board=board)
    own(g, 0, (0, 0))
    res(g, 0, 3)
    enter(g, 0, A.Arrow(tile(g, 0, 0), 1, 0), A.Step(2, 2))
    ev = resolve(g)
    (step,) = of(ev, E.StepResolved)
    assert step.outcome == "stopped" and g.revealed[0]
    assert [e.amounts for e in of(ev, E.Refunded) if e.tribe == 0] == [(3, 0, 0)]


def test_T_11_6_outpost_and_military_tactics_add_attack():
    g = plain_game(("war", "bounty"))
    own(g, 0, (0, 0))
    own(g, 0, (0, 1), building="outpost")
    own(g, 1, (1, 0))
    techs(g, 0, "military_tactics")
    res(g, 0, 1)
    enter(g, 0, A.Arrow(tile(g, 0, 0), tile(g, 1, 0), 1))
    dice(g, 3)
    (step,) = of(resolve(g), E.StepResolved)
    assert (step.attack, step.needs, step.outcome) == (3, 3, "captured")


def test_T_13_3_human_glory_against_outside_forces():
    g = plain_game(("pioneer", "bounty"))
    own(g, 0, (0, 0))
    g.owner[tile(g, 1, 0)] = UNDEAD
    res(g, 0, 1)
    enter(g, 0, A.Arrow(tile(g, 0, 0), tile(g, 1, 0), 1))
    dice(g, 1)
    (step,) = of(resolve(g), E.StepResolved)
    assert (step.attack, step.defense, step.needs) == (1, 1, 1)


def test_T_11_9_y_of_six_or_more_needs_no_die():
    g = plain_game(("bounty", "arcane"))
    own(g, 0, (0, 0))
    res(g, 0, 5)
    enter(g, 0, A.Arrow(tile(g, 0, 0), tile(g, 1, 0), 5))  # unclaimed: D = -1, y = 6
    dice(g)
    (step,) = of(resolve(g), E.StepResolved)
    assert (step.needs, step.dice, step.outcome) == (6, (), "captured")


def test_T_11_7_one_d6_roll_decides_only_y_of_1_to_5():
    """T-11.7 / T-11.9: y <= 0 fails and y >= 6 succeeds without a die; y in 1..5 rolls one
    d6 and succeeds on y or less (arrows and forced attacks share `effects.roll_at_most`)."""
    g = plain_game()
    dice(g)   # no draw allowed
    assert effects.roll_at_most(g, 0) == (False, 0) and effects.roll_at_most(g, -3) == (False, 0)
    assert effects.roll_at_most(g, 6) == (True, 0) and effects.roll_at_most(g, 9) == (True, 0)
    dice(g, 3, 4, 1)
    assert [effects.roll_at_most(g, 3) for _ in range(3)] == [(True, 3), (False, 4), (True, 1)]


# ---- T-13 factions -------------------------------------------------------------------------

def test_T_13_7_tunnel_cost_and_shadow_arrows_through_it():
    board = plain_board(kinds={(1, 0): CHASM})
    g = plain_game(("shadow", "bounty"), board=board, spare=0)
    own(g, 0, (0, 0))
    own(g, 1, (3, 0), (8, 7), (9, 7), (10, 7))
    techs(g, 0, "digging")
    res(g, 0, 10, 5)
    enter(g, 0, A.Tunnel(tile(g, 0, 0), tile(g, 3, 0)))   # k = 2 (a chasm allowed)
    assert g.tribes[0].escrow() == [4, 2, 0]
    resolve(g)
    assert g.tunnel[tile(g, 0, 0)] == tile(g, 3, 0)
    res(g, 0, 2)
    enter(g, 0, A.Arrow(tile(g, 0, 0), tile(g, 3, 0), 2))
    dice(g, 1)
    (step,) = of(resolve(g), E.StepResolved)
    assert step.outcome == "captured" and step.defense == 1  # no entry side through a tunnel
    assert len(turn.components(g, 0)) == 1  # the tunnel joins the territory


def test_T_13_5_temple_on_any_sea_tile():
    board = plain_board(sea=[(5, 0)])
    g = plain_game(("tide", "bounty"), board=board)
    res(g, 0, 0, 3, 1)
    enter(g, 0, A.Temple(tile(g, 5, 0)))
    resolve(g)
    assert g.tribes[0].temple == tile(g, 5, 0)
    assert g.reason(0, A.Temple(tile(g, 5, 0))).key == "limit_reached"  # one temple


def test_T_13_4_totem_choices():
    g = plain_game(("jungle", "bounty"))
    own(g, 0, (0, 0), building="capital")
    res(g, 0, 2, 2, 2)
    enter(g, 0, A.Research("totem", "sun"))
    resolve(g)
    assert g.tribes[0].totem == "sun"
    assert position.cap(g, 0) == 5 + 7 and position.tile_income(g, tile(g, 0, 0))[0] == 1 + 5
    assert position.building_defense(g, tile(g, 0, 0)) == 2


def test_T_13_4_flower_totem_income_choice():
    g = plain_game(("jungle", "bounty"))
    g.tribes[0].totem = "flower"
    g.tribes[0].techs.add("totem")
    assert position.extra_income(g, 0) == (5, 0, 0)
    enter(g, 0, A.SetFlower("exotics"))
    assert position.extra_income(g, 0) == (0, 0, 1)


# ---- T-12 splits, T-14 outside forces ------------------------------------------------------

def test_T_12_2_choose_core_keeps_the_chosen_component():
    g = plain_game(("bounty", "arcane"), spare=0)
    own(g, 0, (0, 0), (0, 1), (0, 2))
    own(g, 0, (3, 0))
    own(g, 1, (8, 7), (9, 7), (10, 7), (11, 7), (12, 7))
    g.tribes[0].split_age = 2
    assert A.ChooseCore(tile(g, 3, 0)) in g.legal_actions(0)
    enter(g, 0, A.ChooseCore(tile(g, 3, 0)))
    ev = resolve(g)
    (created,) = of(ev, E.TribeCreated)
    assert g.owner[tile(g, 3, 0)] == 0 and len(created.tiles) == 3


def test_T_14_1_a_group_is_revealed_when_a_tribe_owns_a_neighbour():
    board = plain_board(groups=(NeutralGroup("goblin_x", "goblin", (3,), (3,)),))
    g = plain_game(("pioneer", "arcane"), board=board)
    own(g, 0, (1, 0))
    res(g, 0, 1)
    enter(g, 0, A.Arrow(tile(g, 1, 0), tile(g, 2, 0), 1))
    ev = resolve(g)
    assert g.revealed[0] and [e.group for e in of(ev, E.GroupRevealed)] == ["goblin_x"]
    assert g.view(1).to_json()["owner"][3] == GOBLIN


def test_T_14_3_undead_attack_the_weakest_hostile_neighbour():
    g = plain_game(("bounty", "arcane"))
    g.owner[tile(g, 2, 2)] = UNDEAD
    g.hostile[tile(g, 2, 2)] = 1 << 0
    own(g, 0, (2, 1), building="city")
    own(g, 0, (2, 3))
    own(g, 1, (1, 2))  # not hostile
    dice(g, 2)
    ev = resolve(g)
    (attack,) = of(ev, E.ForcedAttack)
    assert (attack.tile, attack.needs, attack.die, attack.success) == (tile(g, 2, 3), 2, 2, True)
    assert g.owner[tile(g, 2, 3)] == UNDEAD and g.hostile[tile(g, 2, 3)] == 1


# ---- T-15 disasters and treasure -----------------------------------------------------------

def disaster_game(kind, **kwargs):
    board = plain_board(params=replace(DEFAULT_PARAMS, disaster_every=5), **kwargs)
    g = plain_game(("bounty", "arcane"), board=board)
    g.turn = 4
    return g


def test_T_15_1_winter_and_turmoil_last_their_turns():
    g = disaster_game("winter", cold=[(0, 0)])
    dice(g, 2)  # eligible: magic_turmoil, necro_revival, winter
    resolve(g)
    assert g.winter_until == 7
    g = disaster_game("turmoil")
    dice(g, 0)  # eligible: magic_turmoil, necro_revival
    resolve(g)
    assert g.turmoil_until == 9


def test_T_15_1_volcano_erupts_the_next_turn_then_sleeps():
    from game.territory.constants import VOLCANO
    g = disaster_game("volcano", kinds={(3, 3): VOLCANO})
    own(g, 0, (2, 2), building="city")
    own(g, 1, (4, 4))
    # disaster 2 of (turmoil, revival, volcano), volcano 0 of one; next START: dice 1, 6
    dice(g, 2, 0, 1, 6)
    resolve(g)
    assert g.volcano == tile(g, 3, 3)
    ev = resolve(g)
    attacks = of(ev, E.ForcedAttack)
    assert [(a.tile, a.die, a.success) for a in attacks] == [(tile(g, 2, 2), 1, True),
                                                            (tile(g, 4, 4), 6, False)]
    assert g.owner[tile(g, 2, 2)] == NOBODY and g.building[tile(g, 2, 2)] == RUIN
    assert g.volcano == -1


def test_T_15_1_goblin_empire_makes_a_system_tribe():
    board = plain_board(params=replace(DEFAULT_PARAMS, disaster_every=5),
                        groups=(NeutralGroup("goblin_x", "goblin", (3, 4), (4,)),))
    g = plain_game(("bounty", "arcane"), board=board)
    g.turn = 4
    dice(g, 2, 0, then=1)  # goblin_empire of (turmoil, revival, goblin_empire); site 0
    ev = resolve(g)
    (created,) = of(ev, E.TribeCreated)
    kingdom = g.tribes[created.tribe]
    assert kingdom.kind == "system" and kingdom.faction == "goblin"
    assert g.owner[3] == g.owner[4] == kingdom.id and g.revealed[0]
    assert kingdom.res[0] >= 5


def test_T_15_2_treasure_goes_to_the_first_tribe_to_gain_the_tile():
    board = plain_board(treasures={1: None, 2: (0, 0, 3)})
    g = plain_game(("pioneer", "arcane"), board=board)
    g.params = replace(g.params, open_frontier_per_turn=3)  # both captures certain (D41)
    own(g, 0, (0, 0))
    res(g, 0, 2)
    enter(g, 0, A.Arrow(tile(g, 0, 0), 1, 1), A.Step(2, 1))
    dice(g, 3)
    ev = resolve(g)
    found = [(e.tile, e.die, e.amounts) for e in of(ev, E.TreasureFound)]
    assert found == [(1, 3, (8, 0, 0)), (2, 0, (0, 0, 3))]
    assert not g.treasure[1] and "treasures" not in g.view(1).to_json()["board"]


# ---- T-16 diplomacy ------------------------------------------------------------------------

def test_T_16_1_gift_and_cede():
    g = plain_game(("bounty", "arcane"))
    own(g, 0, (0, 0), building="capital")
    own(g, 1, (1, 0))
    res(g, 0, 4)
    enter(g, 0, A.Gift(1, "gold", 3), A.Cede(1, tile(g, 0, 0)))
    ev = resolve(g)
    assert [(e.why, e.amounts) for e in of(ev, E.Gained) if e.tribe == 1][0] == ("gift", (3, 0, 0))
    assert g.owner[tile(g, 0, 0)] == 1 and g.building[tile(g, 0, 0)] == CITY


def test_T_16_3_paid_tribute_goes_to_war():
    g = plain_game(("war", "bounty"))
    g.demands = [(0, 1, 0)]
    res(g, 1, 7)
    enter(g, 1, A.AnswerTribute(0, True))
    ev = resolve(g)
    assert [e.amounts for e in of(ev, E.Gained) if e.why == "tribute"] == [(5, 0, 0)]
    assert not g.grievances


def test_T_16_4_spice_trade_only_to_a_bordering_tribe():
    """T-16.4: Jungle proposes only to a tribe whose land touches its own (as the public sees
    it); the answer is the same from `reason`, `apply` and the legal list, and follows the
    board from one turn to the next (the border is cached for a turn only)."""
    g = plain_game(("jungle", "bounty", "war"))
    own(g, 0, (0, 0), (1, 0))
    own(g, 1, (2, 0))
    own(g, 2, (5, 0))
    assert_refused(g, 0, A.ProposeTrade(2), "territory.not_allowed", rule="T-16.4")
    legal = g.legal_actions(0)
    assert A.ProposeTrade(1) in legal and A.ProposeTrade(2) not in legal
    resolve(g)
    own(g, 2, (0, 1))   # war now touches jungle's (0, 0)
    assert A.ProposeTrade(2) in g.legal_actions(0)
    enter(g, 0, A.ProposeTrade(2))
    assert g.tribes[0].orders[-1].action == A.ProposeTrade(2)


def test_T_16_4_spice_trade_pays_both_and_harm_ends_it():
    g = plain_game(("jungle", "bounty"))
    own(g, 0, (0, 0))
    own(g, 1, (1, 0))
    enter(g, 0, A.ProposeTrade(1))
    resolve(g)
    enter(g, 1, A.AnswerTrade(0, True))
    resolve(g)
    assert g.tribes[0].spice == {1: 3} and g.tribes[1].spice == {0: 3}
    ev = resolve(g)
    assert [e.extra for e in of(ev, E.Income)] == [(3, 0, 0), (3, 0, 0)]
    res(g, 1, 6)
    enter(g, 1, A.Arrow(tile(g, 1, 0), tile(g, 0, 0), 1))
    ev = resolve(g)
    assert [e.kind for e in of(ev, E.Diplomacy)] == ["treaty_broken"]
    assert not g.tribes[0].spice


def test_T_16_2_vassal_hands_everything_to_its_overlord():
    g = plain_game(("bounty", "arcane", "war"))
    own(g, 1, (0, 0), building="capital")
    res(g, 1, 4)
    enter(g, 1, A.OfferVassal(0))
    resolve(g)
    g.submission = (0, 1, 2)  # the overlord's Phase A slot comes first
    enter(g, 1, A.Gift(2, "gold", 1))
    held = sum(g.tribes[1].res) + sum(g.tribes[1].escrow())
    enter(g, 0, A.AnswerVassal(1, True))
    ev = resolve(g)
    assert not g.tribes[1].alive and g.owner[tile(g, 0, 0)] == 0
    assert g.building[tile(g, 0, 0)] == CITY
    assert [e.why for e in of(ev, E.Eliminated)] == ["vassal"]
    # D33: the gift's escrow was refunded first, so everything went to the overlord
    handed = [e for e in of(ev, E.Gained) if e.why == "vassal" and e.tribe == 0]
    assert sum(handed[0].amounts) == held
    assert not [e for e in of(ev, E.Gained) if e.why == "gift"]


# ---- T-17 end of game ----------------------------------------------------------------------

def test_T_17_1_a_tribe_without_tiles_is_eliminated_and_the_last_wins():
    g = plain_game(("bounty", "arcane", "war"))
    for i in range(g.board.size):
        if g.owner[i] == 2:
            g.owner[i] = NOBODY
    ev = resolve(g)
    assert [(e.tribe, e.why) for e in of(ev, E.Eliminated)] == [(2, "no_tiles")]
    assert sorted(g.to_move()) == [0, 1]
    for i in range(g.board.size):
        if g.owner[i] == 1:
            g.owner[i] = NOBODY
    resolve(g)
    assert g.result().winners == (0,) and g.result().cause == "T-17.4"
    assert not g.result().draw


def test_T_17_4_the_game_ends_at_the_turn_limit():
    board = plain_board(params=replace(QUIET, max_turns=3))
    g = plain_game(("bounty", "arcane"), board=board)
    own(g, 0, (0, 0))
    for _ in range(3):
        resolve(g)
    assert g.result().winners == (0,) and g.result().cause == "T-17.4"
    assert g.result().scores == (7, 6)


def test_simulate_runs_for_every_seat_count():
    from game.play.simulate import simulate
    for n in range(2, 8):
        report = simulate("territory", ["greedy"] + ["random"] * (n - 1), games=1, seed=n)
        assert report["games"] == 1


def test_ruleset_registration():
    rs = rulesets.get("territory")
    assert rs.has_hidden_info and (rs.min_players, rs.max_players) == (2, 7)
    state = rs.new_game(Setup(seats=("human", "greedy"), seed=3, map="maps/territory/origin.tmx"))
    assert state.setup.ruleset == "territory" and state.board.tree >= 0
    assert agent_table(rs)["greedy"] is GreedyAgent



# ---- more paths ----------------------------------------------------------------------------

def test_T_16_3_in_the_answer_turn_the_grievance_comes_as_a_refund():
    """Refused in turn 5 (Phase A): War's step vs B that same turn gets +1 and 1 back."""
    g = plain_game(("war", "bounty"))
    own(g, 0, (0, 0))
    own(g, 1, (1, 0))
    g.turn = 5
    g.demands = [(0, 1, 4)]
    res(g, 0, 4)
    enter(g, 0, A.Arrow(tile(g, 0, 0), tile(g, 1, 0), 4))
    assert g.tribes[0].escrow() == [4, 0, 0]
    dice(g, 6)
    ev = resolve(g)
    (step,) = of(ev, E.StepResolved)
    assert (step.attack, step.needs) == (1, 4)
    assert [e.amounts for e in of(ev, E.Refunded) if e.tribe == 0] == [(1, 0, 0)]
    assert [e.amounts for e in of(ev, E.Spent) if e.tribe == 0] == [(3, 0, 0)]


def test_T_11_4_e_bewitch_captures_without_a_die_unless_jungle_is_blessed():
    g = magic_game("bounty", "war")
    res(g, 0, 1, 0, 4)
    enter(g, 0, A.Arrow(tile(g, 0, 0), tile(g, 1, 0), 1), A.Cast("bewitch", order=0, step=0))
    dice(g)
    (step,) = of(resolve(g), E.StepResolved)
    assert (step.dice, step.outcome) == ((), "captured")
    g = magic_game("bounty", "jungle")
    g.tribes[1].blessed_turn = 1
    res(g, 0, 4, 0, 4)
    enter(g, 0, A.Arrow(tile(g, 0, 0), tile(g, 1, 0), 4), A.Cast("bewitch", order=0, step=0))
    dice(g, 6)
    ev = resolve(g)
    (step,) = of(ev, E.StepResolved)
    assert step.dice == (6,) and step.outcome == "failed"
    assert [(e.spell, e.outcome) for e in of(ev, E.SpellCast)] == [("bewitch", "blocked")]
    assert [e.amounts for e in of(ev, E.Spent) if e.tribe == 0][0] == (0, 0, 4)


def test_T_10_rock_solid_also_stops_the_undead():
    g = plain_game(("bounty", "arcane"))
    own(g, 0, (2, 1))
    own(g, 0, (9, 0), building="tower")
    techs(g, 0, "primitive_magic", "battle_magic")
    g.owner[tile(g, 2, 2)] = UNDEAD
    g.hostile[tile(g, 2, 2)] = 1
    res(g, 0, 0, 0, 4)
    enter(g, 0, A.Cast("rock_solid"))
    dice(g)
    (attack,) = of(resolve(g), E.ForcedAttack)
    assert attack.shielded and not attack.success and g.owner[tile(g, 2, 1)] == 0


def test_T_8_wall_upgrade_reaches_level_two():
    g = plain_game(("bounty", "arcane"))
    own(g, 0, (0, 0))
    wall(g, 0, 0, "e")
    res(g, 0, 2, 1)
    enter(g, 0, A.WallUpgrade(tile(g, 0, 0), "e"))
    resolve(g)
    assert g.walls[tile(g, 0, 0) * 4 + 1] == 2
    assert g.reason(0, A.WallUpgrade(tile(g, 0, 0), "e")).key == "territory.not_allowed"


def test_T_13_7_a_tunnel_goes_by_demolish_or_meteor_on_either_end():
    g = plain_game(("shadow", "arcane"))
    own(g, 0, (0, 0))
    g.tunnel[tile(g, 0, 0)], g.tunnel[tile(g, 0, 3)] = tile(g, 0, 3), tile(g, 0, 0)
    g._cache = {}
    enter(g, 0, A.Demolish(tile(g, 0, 0), "tunnel"))
    resolve(g)
    assert g.tunnel[tile(g, 0, 0)] == g.tunnel[tile(g, 0, 3)] == -1
    g = magic_game("arcane", "shadow")
    g.tunnel[tile(g, 1, 0)], g.tunnel[tile(g, 1, 4)] = tile(g, 1, 4), tile(g, 1, 0)
    res(g, 0, 0, 0, 3)
    enter(g, 0, A.Cast("meteor", tile(g, 1, 0)))
    resolve(g)
    assert g.tunnel[tile(g, 1, 4)] == -1


def test_T_16_3_system_tribes_pay_when_war_is_twice_their_size():
    g = plain_game(("war", "bounty"))
    system = effects.new_system_tribe(g, "bounty", None, "rebels")
    own(g, system.id, (0, 0))
    res(g, system.id, 6)
    g.demands = [(0, system.id, 0)]
    ev = resolve(g)
    assert [(e.kind, e.a, e.b) for e in of(ev, E.Diplomacy)][0] == ("paid", system.id, 0)
    assert [e.amounts for e in of(ev, E.Gained) if e.why == "tribute"] == [(5, 0, 0)]


def test_T_13_4_snake_totem_attacks_harder():
    g = plain_game(("jungle", "bounty"))
    own(g, 0, (0, 0))
    own(g, 1, (1, 0))
    g.tribes[0].totem = "snake"
    res(g, 0, 2)
    enter(g, 0, A.Arrow(tile(g, 0, 0), tile(g, 1, 0), 2))
    dice(g, 2)
    (step,) = of(resolve(g), E.StepResolved)
    assert (step.attack, step.needs, step.outcome) == (1, 2, "captured")


def test_D2_random_submission_order_uses_the_game_rng():
    g = new_game(4, factions=("war", "bounty", "arcane", "tide"), submission="random")
    orders = set()
    for _ in range(4):
        resolve(g)
        orders.add(g.submission)
    assert len(orders) > 1 and all(sorted(o) == [0, 1, 2, 3] for o in orders)


def test_gifts_cessions_and_vassal_offers_concede_for_random_play():
    """Issue 17: actions that give resources, tiles or the tribe away say `concedes`, so the
    random agent does not play them while anything else is legal (T-16.1, T-16.2)."""
    assert A.Gift.concedes and A.Cede.concedes and A.OfferVassal.concedes
    assert not any(cls.concedes for cls in (A.Arrow, A.Step, A.Build, A.AnswerVassal,
                                            A.DemandTribute, A.Submit))
