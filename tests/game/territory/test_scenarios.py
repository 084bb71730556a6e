"""T-22 acceptance scenarios, one test each, with the spec's exact numbers.

Unless a scenario says otherwise the board is all plain land of defense 1 (`plain_game`);
dice are scripted in the order the rules roll them.
"""

from __future__ import annotations

from dataclasses import replace

from game.core.protocol import GameOver
from game.territory import actions as A
from game.territory import position
from game.territory.turn import qualifiers
from game.territory import events as E
from game.territory.constants import CITY, DEFAULT_PARAMS, RUIN
from game.territory.state import UNDEAD
from tests.helpers.territory import (
    dice, enter, new_game, of, own, plain_board, plain_game, res, resolve, techs, tile, wall,
)


def steps(events):
    return of(events, E.StepResolved)


def spent(events, tribe):
    total = [0, 0, 0]
    for e in of(events, E.Spent):
        if e.tribe == tribe:
            total = [a + b for a, b in zip(total, e.amounts)]
    return tuple(total)


def refunded(events, tribe):
    total = [0, 0, 0]
    for e in of(events, E.Refunded):
        if e.tribe == tribe:
            total = [a + b for a, b in zip(total, e.amounts)]
    return tuple(total)


def one_attack(die):
    g = plain_game(("bounty", "arcane"))
    own(g, 0, (0, 0))
    own(g, 1, (1, 0))
    res(g, 0, 4)
    enter(g, 0, A.Arrow(tile(g, 0, 0), tile(g, 1, 0), 4))
    dice(g, die)
    return g, resolve(g)


def test_T_22_1_T_11_4_die_at_most_y_captures():
    """x = 4 against a plain tile: y = 3; a 3 takes it."""
    g, ev = one_attack(3)
    (step,) = steps(ev)
    assert (step.x, step.defense, step.needs, step.dice, step.outcome) == (4, 1, 3, (3,), "captured")
    assert g.owner[tile(g, 1, 0)] == 0
    assert spent(ev, 0) == (4, 0, 0)


def test_T_22_1_T_11_4_die_above_y_fails_and_the_cost_is_spent():
    g, ev = one_attack(4)
    (step,) = steps(ev)
    assert (step.needs, step.dice, step.outcome) == (3, (4,), "failed")
    assert g.owner[tile(g, 1, 0)] == 1
    assert spent(ev, 0) == (4, 0, 0) and refunded(ev, 0) == (0, 0, 0)


def test_T_22_2_T_11_4g_near_to_far_stops_at_the_first_failure():
    """Steps x=3 (plain), x=5 (city), x=2: dice 2 (y 2, taken), 5 (y 3, fails); the last
    step is never rolled and its 2 come back; 8 are spent."""
    g = plain_game(("bounty", "arcane"))
    own(g, 0, (0, 0))
    own(g, 1, (1, 0), (3, 0))
    own(g, 1, (2, 0), building="city")
    res(g, 0, 10)
    enter(g, 0, A.Arrow(tile(g, 0, 0), tile(g, 1, 0), 3), A.Step(tile(g, 2, 0), 5),
          A.Step(tile(g, 3, 0), 2))
    assert sum(g.tribes[0].escrow()) == 10 and g.tribes[0].res == [0, 0, 0]
    dice(g, 2, 5)
    ev = resolve(g)
    first, second = steps(ev)
    assert (first.needs, first.dice, first.outcome) == (2, (2,), "captured")
    assert (second.needs, second.dice, second.outcome) == (3, (5,), "failed")
    assert spent(ev, 0) == (8, 0, 0) and refunded(ev, 0) == (2, 0, 0)
    assert g.owner[tile(g, 1, 0)] == 0 and g.owner[tile(g, 2, 0)] == 1


def test_T_22_3_T_11_2_crossing_unclaimed_land_costs_one_more():
    """Cross (1,0), attack B's (2,0) with x=2: cost 3, y = 1, a 1 takes it."""
    g = plain_game(("bounty", "arcane"))
    own(g, 0, (0, 0))
    own(g, 1, (2, 0))
    res(g, 0, 3)
    enter(g, 0, A.Arrow(tile(g, 0, 0), tile(g, 1, 0), 0), A.Step(tile(g, 2, 0), 2))
    assert sum(g.tribes[0].escrow()) == 3
    dice(g, 1)
    ev = resolve(g)
    (step,) = steps(ev)
    assert (step.needs, step.dice, step.outcome) == (1, (1,), "captured")
    assert spent(ev, 0) == (3, 0, 0)
    assert g.owner[tile(g, 2, 0)] == 0 and g.owner[tile(g, 1, 0)] == -1


def test_T_22_3_T_11_3_pioneer_takes_unclaimed_land_for_one_without_a_die():
    g = plain_game(("pioneer", "arcane"))
    g.params = replace(g.params, open_frontier_per_turn=3)  # D41's spec value, not the tuned one
    own(g, 0, (0, 0))
    own(g, 1, (2, 0))
    res(g, 0, 3)
    enter(g, 0, A.Arrow(tile(g, 0, 0), tile(g, 1, 0), 1), A.Step(tile(g, 2, 0), 2))
    assert sum(g.tribes[0].escrow()) == 3  # 1 for the unclaimed tile, then 2
    dice(g, 1)
    ev = resolve(g)
    first, second = steps(ev)
    assert (first.x, first.dice, first.outcome) == (1, (), "captured")
    assert (second.x, second.needs, second.outcome) == (2, 1, "captured")
    assert spent(ev, 0) == (3, 0, 0)


def test_T_22_4_T_11_6_defense_counts_walls_by_entry_side():
    """B: Architecture + Military Tactics, city, level-2 wall west. A: Siege + MT, x = 6.
    From the west D = 1+1+1+2+1+1-2 = 5, y = 2; from the north D = 1+1+1+1-2 = 2, y = 5."""
    g = plain_game(("war", "bounty"))
    own(g, 0, (4, 5), (5, 4))
    own(g, 1, (5, 5), building="city")
    wall(g, 5, 5, "w", 2)
    techs(g, 1, "architecture", "architecture_art", "military_tactics")
    techs(g, 0, "siege", "military_tactics")
    assert position.defense(g, tile(g, 5, 5), 0, 3) == 5
    assert position.defense(g, tile(g, 5, 5), 0, 0) == 2
    res(g, 0, 12)
    enter(g, 0, A.Arrow(tile(g, 4, 5), tile(g, 5, 5), 6), A.Arrow(tile(g, 5, 4), tile(g, 5, 5), 6))
    dice(g, 6, 6)
    west, north = steps(resolve(g))
    assert (west.attack, west.defense, west.needs) == (1, 5, 2)
    assert (north.attack, north.defense, north.needs) == (1, 2, 5)


def test_T_22_5_T_7_3_cap_and_discard_by_priority():
    """Camp + workshop: cap 11; 9g 4m 2e discard 4 gold -> 5g 4m 2e."""
    g = plain_game(("bounty", "arcane"), spare=0)
    own(g, 0, (0, 0), building="camp")
    own(g, 0, (1, 0), building="workshop")
    own(g, 1, (5, 5))
    assert position.cap(g, 0) == 11
    res(g, 0, 9, 4, 2)
    ev = resolve(g)
    (d,) = [e for e in of(ev, E.Discarded) if e.tribe == 0]
    assert (d.amounts, d.cap) == ((4, 0, 0), 11)
    income = [e for e in of(ev, E.Income) if e.tribe == 0][0].total
    assert [a - b for a, b in zip(g.tribes[0].res, income)] == [5, 4, 2]


def test_T_22_5_T_6_3_discard_follows_the_priority_list():
    """Priority exotics -> materials -> gold: 9g 4m 2e -> 9g 2m 0e."""
    g = plain_game(("bounty", "arcane"), spare=0)
    own(g, 0, (0, 0), building="camp")
    own(g, 0, (1, 0), building="workshop")
    own(g, 1, (5, 5))
    res(g, 0, 9, 4, 2)
    enter(g, 0, A.SetPriority("emg"))
    ev = resolve(g)
    (d,) = [e for e in of(ev, E.Discarded) if e.tribe == 0]
    assert d.amounts == (0, 2, 2)
    income = [e for e in of(ev, E.Income) if e.tribe == 0][0].total
    assert [a - b for a, b in zip(g.tribes[0].res, income)] == [9, 2, 0]


def test_T_22_6_T_11_8_war_razes_a_captured_capital_and_plunders():
    """Capital -> city, razed for 5 gold (a ruin stays), plunder 2: War +7 gold."""
    g = plain_game(("war", "bounty"))
    own(g, 0, (0, 0))
    own(g, 1, (1, 0), building="capital")
    res(g, 0, 6)
    enter(g, 0, A.Arrow(tile(g, 0, 0), tile(g, 1, 0), 6, "gold"))
    dice(g, 1)
    ev = resolve(g)
    gains = [(e.why, e.amounts) for e in of(ev, E.Gained) if e.tribe == 0]
    assert gains == [("raze", (5, 0, 0)), ("plunder", (2, 0, 0))]
    assert g.building[tile(g, 1, 0)] == RUIN and g.owner[tile(g, 1, 0)] == 0
    assert [e.what for e in of(ev, E.Destroyed)] == ["capital", "city"]


def split_game(faction: str):
    g = plain_game((faction, "arcane"), spare=0)
    own(g, 0, (0, 0), (0, 1), (0, 2))
    own(g, 0, (0, 0), building="capital")
    own(g, 0, (3, 0), (3, 1))           # the far component
    own(g, 1, (8, 7), (9, 7), (10, 7), (11, 7), (12, 7))
    g.turn = 7
    return g


def test_T_22_7_T_12_2_a_split_territory_splits_off_after_three_ends():
    g = split_game("bounty")
    res(g, 0, 4)
    ages = []
    for turn in (7, 8, 9):
        assert g.turn == turn
        resolve(g)
        ages.append(g.tribes[0].split_age)
    assert ages == [0, 1, 2]
    ev = resolve(g)  # END(10)
    (created,) = of(ev, E.TribeCreated)
    assert created.parent == 0 and set(created.tiles) == {tile(g, 3, 0), tile(g, 3, 1)}
    new = g.tribes[created.tribe]
    assert new.kind == "system" and new.faction == "bounty"
    assert g.owner[tile(g, 0, 0)] == 0 and g.tribes[0].split_age == -1
    income = [e for e in of(ev, E.Income) if e.tribe == new.id][0].total
    assert new.res == list(income)  # it started with 0 resources


def test_T_22_7_T_12_2_reconnecting_clears_the_split():
    g = split_game("bounty")
    resolve(g)
    resolve(g)
    assert g.tribes[0].split_age == 1
    own(g, 0, (1, 0), (2, 0))  # reconnected during turn 9
    resolve(g)
    assert g.tribes[0].split_age == -1
    assert not of(resolve(g), E.TribeCreated)


def test_T_22_7_T_12_2_pioneer_holds_a_split_five_ends():
    g = split_game("pioneer")
    for _ in range(5):  # END 7..11
        assert not of(resolve(g), E.TribeCreated)
    assert g.tribes[0].split_age == 4
    assert of(resolve(g), E.TribeCreated) and g.turn == 13  # END(12)


def grudge_game():
    g = plain_game(("bounty", "shadow"))
    own(g, 0, (0, 0))
    own(g, 1, (1, 0), building="city")
    own(g, 1, (2, 0))
    return g


def test_T_22_8_T_13_7_shadow_grudge_turns_a_captured_city_undead():
    """x = 6 vs a Shadow city (y 4, die 2): undead, hostile to A; the next step refunded."""
    g = grudge_game()
    res(g, 0, 8)
    enter(g, 0, A.Arrow(tile(g, 0, 0), tile(g, 1, 0), 6), A.Step(tile(g, 2, 0), 2))
    dice(g, 2, 6)  # the second die: the new undead strike back at A in phase E (T-14.3)
    ev = resolve(g)
    (step,) = steps(ev)
    assert (step.needs, step.dice, step.outcome) == (4, (2,), "grudge")
    (undead,) = of(ev, E.ForcedAttack)
    assert (undead.source, undead.tile, undead.needs, undead.success) == (
        "undead", tile(g, 0, 0), 2, False)
    city = tile(g, 1, 0)
    assert g.owner[city] == UNDEAD and g.hostile[city] == 1 << 0 and g.building[city] == CITY
    assert refunded(ev, 0) == (2, 0, 0) and spent(ev, 0) == (6, 0, 0)


def test_T_22_8_T_13_7_a_repeat_attack_takes_the_undead_tile_and_goes_on():
    """Then a repeat with x = 3: D 2, y 1, die 1: A owns it and continues."""
    g = grudge_game()
    res(g, 0, 11)
    enter(g, 0, A.Arrow(tile(g, 0, 0), tile(g, 1, 0), 6), A.Step(tile(g, 1, 0), 3),
          A.Step(tile(g, 2, 0), 2))
    dice(g, 2, 1, 1)
    first, repeat, last = steps(resolve(g))
    assert first.outcome == "grudge"
    assert (repeat.defender, repeat.defense, repeat.needs, repeat.outcome) == (UNDEAD, 2, 1, "captured")
    assert last.outcome == "captured"
    assert g.owner[tile(g, 1, 0)] == 0 and g.owner[tile(g, 2, 0)] == 0


def test_T_22_9_T_15_1_necro_revival_on_turn_five():
    """B's city: y = 3 - 2 = 1, die 1 -> undead; a capital with Military Tactics (here C's,
    so that B's city has no MT): y = 4 - 3 = 1, die 2 -> survives."""
    board = plain_board(params=replace(DEFAULT_PARAMS, disaster_every=5))
    g = plain_game(("bounty", "arcane", "war"), board=board)
    own(g, 1, (1, 1), building="city")
    own(g, 2, (3, 1), building="capital")
    techs(g, 2, "military_tactics")
    g.turn = 4
    dice(g, 1, 1, 2)  # necro_revival (1 of turmoil, revival), then the two dice
    ev = resolve(g)
    assert [e.kind for e in of(ev, E.Disaster)] == ["necro_revival"]
    city, capital = of(ev, E.ForcedAttack)
    assert (city.attack, city.defense, city.needs, city.die, city.success) == (3, 2, 1, 1, True)
    assert (capital.attack, capital.defense, capital.needs, capital.die, capital.success) == (
        4, 3, 1, 2, False)
    assert g.owner[tile(g, 1, 1)] == UNDEAD and g.hostile[tile(g, 1, 1)] == 1 << 1
    assert g.owner[tile(g, 3, 1)] == 2


def test_D21_necro_revival_of_a_shadow_city_is_not_hostile_to_shadow():
    """T-14.3 D21: Shadow is in an undead tile's hostility set only by attacking it, so a
    Shadow city revived as undead (y = 3 - 2 = 1, die 1) is friendly to Shadow; a Bounty
    city revived the same turn is hostile to Bounty."""
    board = plain_board(params=replace(DEFAULT_PARAMS, disaster_every=5))
    g = plain_game(("shadow", "bounty"), board=board)
    own(g, 0, (1, 1), building="city")
    own(g, 1, (4, 1), building="city")
    g.turn = 4
    dice(g, 1, 1, 1)  # necro_revival (1 of turmoil, revival), then a die per city
    ev = resolve(g)
    assert [e.kind for e in of(ev, E.Disaster)] == ["necro_revival"]
    assert [(a.tile, a.needs, a.success) for a in of(ev, E.ForcedAttack)] == [
        (tile(g, 1, 1), 1, True), (tile(g, 4, 1), 1, True)]
    assert g.owner[tile(g, 1, 1)] == UNDEAD and g.hostile[tile(g, 1, 1)] == 0
    assert g.owner[tile(g, 4, 1)] == UNDEAD and g.hostile[tile(g, 4, 1)] == 1 << 1


def test_T_22_10_T_10_2_fortune_rerolls_a_failed_die():
    """Arcane Fortune costs 1; x = 2 vs plain (y 1): die 4, reroll 1 -> captured."""
    g = plain_game(("arcane", "bounty"))
    own(g, 0, (0, 0))
    own(g, 0, (9, 0), building="tower")
    own(g, 1, (1, 0))
    techs(g, 0, "primitive_magic")  # T-13.2: Arcane starts with it
    res(g, 0, 2, 0, 1)
    enter(g, 0, A.Arrow(tile(g, 0, 0), tile(g, 1, 0), 2))
    enter(g, 0, A.Cast("fortune", order=0, step=0))
    assert g.tribes[0].res == [0, 0, 0]
    dice(g, 4, 1)
    ev = resolve(g)
    (step,) = steps(ev)
    assert (step.needs, step.dice, step.outcome) == (1, (4, 1), "captured")
    assert spent(ev, 0) == (2, 0, 1)


def test_T_22_10_T_10_2_rock_solid_beats_bewitch():
    """A's Bewitch vs B's Rock Solid: fails without a die; 4 exotics and the step cost spent;
    later steps refunded."""
    g = plain_game(("bounty", "war"))
    own(g, 0, (0, 0))
    own(g, 0, (9, 0), building="tower")
    own(g, 1, (1, 0), (2, 0))
    own(g, 1, (9, 2), building="tower")
    techs(g, 0, "primitive_magic", "battle_magic")
    techs(g, 1, "primitive_magic", "battle_magic")
    res(g, 0, 5, 0, 4)
    res(g, 1, 0, 0, 4)
    enter(g, 0, A.Arrow(tile(g, 0, 0), tile(g, 1, 0), 3), A.Step(tile(g, 2, 0), 2),
          A.Cast("bewitch", order=0, step=0))
    enter(g, 1, A.Cast("rock_solid"))
    dice(g)
    ev = resolve(g)
    (step,) = steps(ev)
    assert (step.dice, step.outcome, step.reason) == ((), "failed", "rock_solid")
    assert spent(ev, 0) == (3, 0, 4) and refunded(ev, 0) == (2, 0, 0)
    assert g.owner[tile(g, 1, 0)] == 1


def spec_game(seats, factions):
    """Origin with the spec's D39-D41 starting values (V1/V3 from END(12), V1 at a quarter
    of the land): scenario 11's numbers are written for them, whatever D42's tuning chose."""
    g = new_game(seats, factions=factions)
    g.params = replace(g.params, victory_from_turn=12, v1_min_share=25)
    return g


def set_tiles(g, counts):
    """Hand out land tiles of the default map in tile order: counts per seat."""
    land = [i for i in g.board.land_tiles if g.board.group_of[i] < 0]
    for i in land:
        g.owner[i] = -1
    k = 0
    for seat, n in enumerate(counts):
        for i in land[k:k + n]:
            g.owner[i] = seat
        k += n


def test_T_22_11_D39_D40_V1_final_turn_then_ranking_by_tiles():
    """D39-D40 defaults on Origin (231 land): END(20) 60, 30, 29 -> V1, turn 21 final;
    END(21) 58, 31, 28 -> nobody qualifies (58 < 59) -> A wins on tiles."""
    g = spec_game(3, ("bounty", "arcane", "war"))
    assert len(g.board.land_tiles) == 231
    g.turn = 20
    set_tiles(g, (60, 30, 29))
    ev = resolve(g)
    (final,) = of(ev, E.FinalTurn)
    assert final.turn == 21 and final.qualifiers == ((0, "V1"),)
    set_tiles(g, (58, 31, 28))
    for t in g.tribes:
        t.res = [5, 0, 0]  # as after END's discard to the base cap
    assert qualifiers(g) == []
    ev = resolve(g)
    (over,) = of(ev, GameOver)
    assert over.winners == (0,) and g.result().winners == (0,)
    assert over.cause == g.result().cause == "T-17.3"  # nobody qualified: ranked on tiles


def test_T_22_11_D40_V1_needs_a_quarter_of_the_land():
    """END(20): 57, 20, 19 -> no V1 (57 < 58 = a quarter of 231); 58 is enough."""
    g = spec_game(3, ("bounty", "arcane", "war"))
    g.turn = 20
    set_tiles(g, (57, 20, 19))
    assert qualifiers(g) == []
    set_tiles(g, (58, 20, 19))
    assert qualifiers(g) == [(0, "V1")]


def test_T_22_11_D39_no_V1_or_V3_before_END_12(monkeypatch):
    """END(11): 80, 20, 19 -> no V1 yet, nor V3 with rich holdings; END(12) both count."""
    from game.territory import turn
    monkeypatch.setattr(turn, "START_BONUS", dict.fromkeys(turn.START_BONUS, 0))  # T-4.2's 5 gold
    g = spec_game(3, ("bounty", "arcane", "war"))
    g.turn = 11
    set_tiles(g, (80, 20, 19))
    g.tribes[0].res = [40, 0, 0]
    assert qualifiers(g) == []
    g.turn = 12
    assert qualifiers(g) == [(0, "V1+V3")]


def test_T_22_11_T_17_3_a_winner_still_meeting_V1_gives_cause_V1():
    """END(20): 60, 30, 29 -> V1 (turn 21 final); END(21): still 60, 30, 29 -> A wins, and
    the result names the condition it met (cause "V1", not a draw)."""
    g = spec_game(3, ("bounty", "arcane", "war"))
    g.turn = 20
    set_tiles(g, (60, 30, 29))
    resolve(g)
    set_tiles(g, (60, 30, 29))
    ev = resolve(g)
    (over,) = of(ev, GameOver)
    assert (over.winners, over.cause, over.draw) == ((0,), "V1", False)
    assert over.scores == (60, 30, 29)


def test_T_22_11_T_17_2_duel_and_half_the_map():
    """Duel at END(20): 60 vs 30 no V1, 61 vs 30 V1; 116 tiles = V2 at any END (even
    END(1)), 115 not."""
    g = spec_game(2, ("bounty", "arcane"))
    g.turn = 20
    set_tiles(g, (60, 30))
    assert qualifiers(g) == []
    set_tiles(g, (61, 30))
    assert qualifiers(g) == [(0, "V1")]
    g.turn = 1
    set_tiles(g, (116, 0))
    g.owner[g.board.land_tiles[-1]] = 1  # keep the other player on the board
    assert qualifiers(g) == [(0, "V2")]
    set_tiles(g, (115, 0))
    g.owner[g.board.land_tiles[-1]] = 1
    assert qualifiers(g) == []


def test_T_22_12_T_13_2_archaeology_on_an_own_ruin():
    """Dice 4, 6, 2: -1 gold, +5 gold, +2 materials, +0 exotics."""
    g = plain_game(("arcane", "bounty"))
    own(g, 0, (0, 0), building="ruin")
    res(g, 0, 1)
    enter(g, 0, A.Archaeology(tile(g, 0, 0)))
    dice(g, 4, 6, 2)
    ev = resolve(g)
    (dig,) = of(ev, E.ArchaeologyDug)
    assert dig.dice == (4, 6, 2) and dig.amounts == (5, 2, 0)
    assert spent(ev, 0) == (1, 0, 0)
    assert g.building[tile(g, 0, 0)] == RUIN


def test_T_22_13_T_16_3_refused_tribute_gives_a_grievance():
    """Demand in turn 4, refusal in 5; in turn 6 a War step vs B with x = 4 costs 3, y = 4."""
    g = plain_game(("war", "bounty"))
    own(g, 0, (0, 0))
    own(g, 1, (1, 0))
    g.turn = 4
    enter(g, 0, A.DemandTribute(1))
    resolve(g)
    assert g.demands == [(0, 1, 4)]
    enter(g, 1, A.AnswerTribute(0, False))
    ev = resolve(g)
    assert [(e.kind, e.a, e.b) for e in of(ev, E.Diplomacy)][:2] == [("refused", 1, 0),
                                                                      ("grievance", 0, 1)]
    assert g.turn == 6
    res(g, 0, 3)
    enter(g, 0, A.Arrow(tile(g, 0, 0), tile(g, 1, 0), 4))
    assert sum(g.tribes[0].escrow()) == 3
    dice(g, 5)
    (step,) = steps(resolve(g))
    assert (step.attack, step.defense, step.needs) == (1, 1, 4)


def test_T_22_14_T_13_5_deep_tide_rolls_each_coastal_tile_in_tile_order():
    """Dice 1, 5, 1: the first and third tiles become unclaimed; the Rock Solid caster's
    coastal tile gets no die."""
    board = plain_board(sea=[(x, 0) for x in range(10)])
    g = plain_game(("tide", "bounty", "arcane", "war"), board=board)
    g.tribes[0].temple = tile(g, 9, 0)
    res(g, 0, 0, 0, 5)
    own(g, 1, (1, 1), (3, 1))
    own(g, 2, (5, 1))
    own(g, 3, (7, 1))
    own(g, 3, (7, 3), building="tower")
    techs(g, 3, "primitive_magic", "battle_magic")
    res(g, 3, 0, 0, 4)
    enter(g, 0, A.DEEP_TIDE)
    enter(g, 3, A.Cast("rock_solid"))
    dice(g, 1, 5, 1)
    ev = resolve(g)
    rolls = [(e.tile, e.die, e.success) for e in of(ev, E.ForcedAttack)]
    assert rolls == [(tile(g, 1, 1), 1, True), (tile(g, 3, 1), 5, False), (tile(g, 5, 1), 1, True)]
    assert g.owner[tile(g, 1, 1)] == -1 and g.owner[tile(g, 3, 1)] == 1
    assert g.owner[tile(g, 5, 1)] == -1 and g.owner[tile(g, 7, 1)] == 3
    assert spent(ev, 0) == (0, 0, 5)


def test_T_22_15_T_7_1_bounty_camp_on_a_cold_tile_in_natures_gift_during_winter():
    """1 + 1 (camp) + 1 (Bounty) + 2 (Nature's Gift) - 1 (winter) = 4 gold."""
    board = plain_board(cold=[(2, 2)])
    g = plain_game(("bounty", "arcane"), board=board)
    own(g, 0, (2, 2), building="camp")
    own(g, 0, (5, 5), building="tower")
    techs(g, 0, "primitive_magic")
    res(g, 0, 0, 0, 2)
    g.winter_until = 3
    enter(g, 0, A.Cast("nature_gift", tile(g, 2, 2)))
    ev = resolve(g)
    income = [e for e in of(ev, E.Income) if e.tribe == 0][0]
    assert (tile(g, 2, 2), 4, 0, 0) in income.tiles


def test_T_22_15_T_20_x_above_six_is_refused_and_nothing_changes():
    g = plain_game(("bounty", "arcane"))
    own(g, 0, (0, 0))
    res(g, 0, 9)
    enter(g, 0, A.Arrow(tile(g, 0, 0), tile(g, 1, 0), 2))
    before, orders = g.digest(), list(g.tribes[0].orders)
    assert g.reason(0, A.Step(tile(g, 2, 0), 7)).key == "territory.bad_x"
    try:
        g.apply(0, A.Step(tile(g, 2, 0), 7))
        raise AssertionError("accepted")
    except Exception as err:
        assert getattr(err, "reason_key", "") == "territory.bad_x"
    assert g.digest() == before and g.tribes[0].orders == orders
    assert g.tribes[0].escrow() == [2, 0, 0]



def test_D41_open_frontier_three_certain_captures_a_turn():
    """D41: Pioneer's first 3 unclaimed targets in a turn are certain at 1 resource; the
    4th is an ordinary attack (x=1 vs unclaimed -1: y = 2, die 3 fails)."""
    g = plain_game(("pioneer", "bounty"))
    g.params = replace(g.params, open_frontier_per_turn=3)
    own(g, 0, (0, 0), (1, 1))
    own(g, 1, (5, 0))
    res(g, 0, 4)
    enter(g, 0, A.Arrow(tile(g, 0, 0), tile(g, 1, 0), 1), A.Arrow(tile(g, 0, 0), tile(g, 0, 1), 1),
          A.Arrow(tile(g, 1, 1), tile(g, 2, 1), 1), A.Arrow(tile(g, 1, 1), tile(g, 1, 2), 1))
    dice(g, 3)
    ev = resolve(g)
    outcomes = [(s.dice, s.needs, s.outcome) for s in steps(ev)]
    assert outcomes[:3] == [((), 2, "captured")] * 3
    assert outcomes[3] == ((3,), 2, "failed")
    assert g.owner[tile(g, 1, 2)] == -1
