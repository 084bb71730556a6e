"""T-21.1 greedy agent and T-18 hidden information (views and redacted events)."""

from __future__ import annotations

import json

from game import rulesets
from game.ai import make_agent
from game.core import Setup
from game.play.simulate import play_one
from game.territory import actions as A
from game.territory import effects, position
from game.territory import events as E
from game.territory.agents import GreedyAgent
from game.territory.planner import plan_turn
from game.territory.state import NOBODY, Phase
from tests.helpers.territory import enter, new_game, of, own, plain_game, res, resolve, tile


def test_T_21_1_greedy_beats_two_random_seats():
    wins = sum(0 in play_one("territory", ["greedy", "random", "random"], seed,
                             rotate=seed % 3).winners
               for seed in range(6))
    assert wins >= 5


def test_T_21_1_greedy_picks_by_its_preference_and_plans_complete_arrows():
    g = new_game(2)
    agent = GreedyAgent(0, 1)
    pick = agent.choose(g.view(0), g.legal_actions(0))
    assert pick == A.PickFaction("pioneer")
    g.apply(0, pick)
    g.apply(1, A.PickFaction("war"))
    view = g.view(0)
    plan = plan_turn(view, 0, g.legal_actions(0))
    assert any(isinstance(a, A.Arrow) for a in plan)
    for before, action in zip(plan, plan[1:]):
        if isinstance(action, A.Step):
            assert isinstance(before, (A.Arrow, A.Step))
    state_rng = g.rng.get_state()
    while 0 in g.to_move():
        g.apply(0, agent.choose(g.view(0), g.legal_actions(0)))
    assert g.rng.get_state() == state_rng  # the agent never touches the game's dice
    assert g.tribes[0].submitted and g.tribes[0].orders


def test_T_21_1_greedy_answers_proposals():
    g = plain_game(("bounty", "war"))
    own(g, 0, (0, 0))
    own(g, 1, (1, 0), (2, 0), (3, 0), (4, 0), (5, 0), (6, 0), (7, 0), (8, 0), (9, 0))
    g.demands = [(1, 0, 0)]
    res(g, 0, 6)
    g._cache = {}
    plan = plan_turn(g.view(0), 0, g.legal_actions(0))
    assert A.AnswerTribute(1, True) in plan  # War holds more than twice its tiles


def test_T_14_4_system_tribes_choose_orders_with_the_greedy_planner():
    g = plain_game(("pioneer", "bounty"))
    system = effects.new_system_tribe(g, "pioneer", None, "rebels")
    g.ev = []
    own(g, system.id, (0, 0))
    res(g, system.id, 3)
    ev = resolve(g)
    revealed = [e for e in of(ev, E.OrdersRevealed) if e.tribe == system.id]
    assert revealed and isinstance(revealed[0].actions[0], A.Arrow)
    assert len(position.tiles_of(g, system.id)) > 1


def test_T_18_1_views_hide_orders_escrow_and_settings_of_others():
    g = plain_game(("bounty", "arcane"))
    own(g, 0, (0, 0))
    res(g, 0, 9)
    before = g.view(1).to_json()
    enter(g, 0, A.Arrow(tile(g, 0, 0), tile(g, 1, 0), 3), A.SetPriority("emg"),
          A.Build(tile(g, 0, 0), "camp"))
    assert g.view(1).to_json() == before
    assert g.view(None).to_json() == g.view(None).to_json()
    mine = g.view(0).to_json()["tribes"][0]
    assert mine["escrow"] == {"gold": 8, "materials": 0, "exotics": 0}
    assert mine["resources"]["gold"] == 1 and len(mine["orders"]) == 2
    json.dumps(mine)


def test_T_18_1_order_entry_events_are_redacted_for_everyone_else():
    g = plain_game(("bounty", "arcane"))
    own(g, 0, (0, 0))
    res(g, 0, 9)
    (entered,) = g.apply(0, A.Arrow(tile(g, 0, 0), tile(g, 1, 0), 3))
    assert entered.redacted(0) is entered
    assert entered.redacted(1) == E.OrdersChanged(0) and entered.redacted(None) == E.OrdersChanged(0)
    (removed,) = g.apply(0, A.RemoveOrder(0))
    assert removed.redacted(1) == E.OrdersChanged(0)
    ev = resolve(g)
    assert all(e.redacted(1) is e for e in ev)  # playback is public (T-5.6)


def test_T_18_1_hidden_groups_and_treasures_are_not_in_any_view():
    g = new_game(3, factions=("war", "bounty", "tide"))
    for seat in (0, 1, 2, None):
        view = g.view(seat).to_json()
        text = json.dumps(view)
        assert "treasure" not in text
        assert view["revealed_groups"] == []
        for group in g.board.groups:
            for i in group.tiles:
                assert view["owner"][i] == NOBODY and view["building"][i] == "none"


def test_T_18_3_validation_treats_hidden_tiles_as_unclaimed():
    g = new_game(2, factions=("pioneer", "war"))
    goblin = g.board.groups[0].tiles[0]
    assert position.seen_owner(g, goblin) == NOBODY
    assert position.defense(g, goblin, 0, -1) == -1


def test_the_view_is_json_and_agents_only_need_it():
    rs = rulesets.get("territory")
    state = rs.new_game(Setup(seats=("greedy", "random", "greedy"), seed=4))
    agents = [make_agent(a, rs, s, 4) for s, a in enumerate(state.setup.seats)]
    for _ in range(40):
        if state.result() is not None:
            break
        seat = state.to_move()[0]
        view = state.view(seat)
        json.dumps(view.to_json())
        state.apply(seat, agents[seat].choose(view, state.legal_actions(seat)))
    assert state.phase in (Phase.ORDERS, Phase.OVER)


def _mid_game(seed: int, actions: int):
    """A 3-seat game on Origin after `actions` random actions (still in ORDERS)."""
    import random as _random
    g = new_game(3, seed=seed, factions=("bounty", "war", "shadow"))
    pick = _random.Random(seed)
    for _ in range(actions):
        if g.result() is not None:
            break
        seat = g.to_move()[0]
        g.apply(seat, pick.choice(g.legal_actions(seat)))
    return g


def _view_facts(g, seat):
    return (json.dumps(g.view(seat).to_json(), sort_keys=True), list(g.legal_actions(seat)))


def test_T_18_issue_17_hidden_data_changes_nothing_a_seat_sees():
    """Issue 17 item 1: changing only what seat 0 may not see -- the RNG state, unrevealed
    neutral groups (owner race, camps), buried treasure, another seat's secret orders --
    leaves seat 0's view, legal actions and redacted events identical; no view holds the
    seed or a treasure spot, and the view's board has the unrevealed groups blanked."""
    checked = 0
    for seed, actions in ((3, 60), (8, 150), (21, 40)):  # seat 0 still entering orders
        g = _mid_game(seed, actions)
        if g.result() is not None:
            continue
        twin = g.clone(reseed=seed + 99)          # (1) another future: the RNG state
        for k, group in enumerate(twin.board.groups):
            if not twin.revealed[k]:              # (2) hidden groups: race and camps swapped
                for i in group.tiles:
                    if position.hidden(twin, i):
                        twin.owner[i] = -2 if twin.owner[i] == -3 else -3
                        twin.building[i] = 0
        for i in range(twin.board.size):         # (3) buried treasure moved around
            if twin.owner[i] == NOBODY and twin.board.kind[i] == 0:
                twin.treasure[i] = not twin.treasure[i]
        twin._cache = {}
        other = next((s for s in twin.to_move() if s != 0), None)
        extra = None if other is None else next(  # (4) a secret order of another seat
            (a for a in twin.legal_actions(other)
             if not isinstance(a, (A.Submit, A.RemoveOrder, A.SetPriority))), None)
        if extra is not None:                     # (a seat with no gold may have none)
            twin.apply(other, extra)
        assert _view_facts(twin, 0) == _view_facts(g, 0)
        view = g.view(0)
        assert "seed" not in view.to_json() and not hasattr(view, "seed")
        assert view.board.treasures == {}
        assert all(grp.tiles or g.revealed[k] for k, grp in enumerate(g.board.groups))
        assert all(not grp.tiles for k, grp in enumerate(view.board.groups) if not g.revealed[k])
        action = next((a for a in g.legal_actions(0)
                       if not isinstance(a, (A.Submit, A.RemoveOrder))), None)
        if action is not None:                    # the same order entered: same redacted events
            seen = [e.redacted(0) for e in g.apply(0, action)]
            assert seen and [e.redacted(0) for e in twin.apply(0, action)] == seen
            checked += 1
    assert checked >= 2


def test_T_21_2_issue_17_state_from_view_is_consistent_with_the_view():
    """Issue 17 item 2: state_from_view(view, rng) gives a state whose view for that seat
    equals the given one, with the same legal actions, that plays on to the end; hidden
    groups become unclaimed land and no treasure is known (T-21.2)."""
    from game.core.rng import Rng
    import random as _random
    rs = rulesets.get("territory")
    for seed, actions in ((3, 40), (8, 90), (21, 15), (5, 0)):
        g = _mid_game(seed, actions)
        for seat in range(3):
            view = g.view(seat)
            st = rs.state_from_view(view, Rng(seed))
            assert json.dumps(st.view(seat).to_json(), sort_keys=True) == json.dumps(
                view.to_json(), sort_keys=True)
            assert st.legal_actions(seat) == g.legal_actions(seat)
            assert not any(st.treasure) and st.digest() != g.digest()
        pick = _random.Random(seed)
        for _ in range(300):  # the determinized state plays on like any other
            if st.result() is not None:
                break
            s = st.to_move()[0]
            st.apply(s, pick.choice(st.legal_actions(s)))


def test_D42_simulate_seats_factions_per_entry_or_at_random():
    """`simulate --factions`: a list is per seat-list entry (rotating with it); "random"
    draws distinct factions per game from its seed; the report has per-faction rows with
    95% intervals and the fair share, turn quartiles and the turn-limit count."""
    from game.play.simulate import draw_factions, simulate
    pool = rulesets.get("territory").faction_pool()
    assert pool == ("bounty", "arcane", "pioneer", "jungle", "tide", "war", "shadow")
    drawn = draw_factions(pool, 4, 5)
    assert len(set(drawn)) == 4 and drawn == draw_factions(pool, 4, 5)
    rec = play_one("territory", ["random", "random"], 3, rotate=1, factions=["war", "tide"])
    assert rec.factions == ("war", "tide")
    report = simulate("territory", ["random", "random"], 2, seed=3,
                      factions=["war", "tide"], time_decisions=False)
    assert set(report["factions"]) == {"war", "tide"}
    row = report["factions"]["war"]
    assert row["games"] == 2 and row["fair"] == 0.5 and row["ci95"][0] <= row["rate"] <= row["ci95"][1]
    assert report["turns"]["q1"] <= report["turns"]["median"] <= report["turns"]["q3"]
    try:
        simulate("territory", ["random", "random"], 1, factions=["war", "war"])
    except ValueError:
        pass
    else:
        raise AssertionError("two seats with one faction were accepted")


def _island_game(faction: str):
    """A 2x2 island at the top left, three sea columns (x 2..4) between it and the mainland."""
    from tests.helpers.territory import plain_board
    sea = [(x, y) for x in (2, 3, 4) for y in range(8)] + [(x, y) for x in (0, 1) for y in range(2, 8)]
    g = plain_game((faction, "bounty"), board=plain_board(sea=sea), spare=0)
    own(g, 0, (0, 0), (1, 0), (0, 1), (1, 1))
    own(g, 1, (20, 7))
    res(g, 0, 40)
    g._cache = {}
    return g


def test_T_21_1_T_13_5_tide_plans_landings_across_several_sea_tiles():
    """Tide pays no sea surcharge (T-13.5): from its island the greedy lands on the mainland
    across at least the three sea columns (T-11.2: each a crossing step, the last tile attacked)."""
    g = _island_game("tide")
    plan = plan_turn(g.view(0), 0, g.legal_actions(0))
    arrows = [k for k, a in enumerate(plan) if isinstance(a, A.Arrow)]
    assert arrows
    k = arrows[0]
    steps = [plan[k]]
    for a in plan[k + 1:]:
        if not isinstance(a, A.Step):
            break
        steps.append(a)
    *crossings, landing = steps
    assert len(crossings) >= 3 and all(s.x == 0 and g.board.kind[s.tile] == 1 for s in crossings)
    assert landing.x > 0 and g.board.xy(landing.tile)[0] == 5


def test_T_21_1_others_cross_one_sea_tile_at_most():
    """Bounty pays 1 a sea tile: the greedy's arrows cross at most `sea_reach` (1) sea tile,
    so from this island it plans no attack at all."""
    g = _island_game("bounty")
    plan = plan_turn(g.view(0), 0, g.legal_actions(0))
    assert not any(isinstance(a, A.Arrow) for a in plan)


def test_T_12_3_a_split_tide_keeps_the_foothold_that_can_grow():
    """While split (T-12.2), the greedy names as core the component with room to grow: the
    3-tile mainland foothold rather than the 4-tile island the default rule would keep."""
    g = _island_game("tide")
    own(g, 0, (5, 0), (6, 0), (5, 1))
    g.tribes[0].split_age = 0
    g._cache = {}
    plan = plan_turn(g.view(0), 0, g.legal_actions(0))
    cores = [a for a in plan if isinstance(a, A.ChooseCore)]
    assert len(cores) == 1 and g.board.xy(cores[0].tile)[0] >= 5


def test_T_18_1_a_shared_view_shows_what_a_copied_one_shows():
    """`make_view(shared=True)` (the system tribes' planner) reads as the public view: the
    same values field by field, each tribe's attributes as its public copy's."""
    from dataclasses import fields

    from game.territory.view import make_view, shown_as_is

    st = new_game(3, seed=5)
    agents = [make_agent("random", rulesets.get("territory"), i, 5) for i in range(3)]
    seen_as_is = 0
    for _ in range(400):
        if st.result() is not None:
            break
        for seat in st.to_move():
            copied, shared = make_view(st, None), make_view(st, None, shared=True)
            for f in fields(copied):
                a, b = getattr(copied, f.name), getattr(shared, f.name)
                if isinstance(a, list):   # the state holds some as bytearrays
                    a, b = list(a), list(b)
                if f.name != "tribes":
                    assert a == b, f.name
            for t, a, b in zip(st.tribes, copied.tribes, shared.tribes):
                assert a.__dict__ == b.__dict__
                if shown_as_is(t):
                    seen_as_is += 1
                    assert b is t and t.public_copy().__dict__ == t.__dict__
            st.apply(seat, agents[seat].choose(None, st.legal_actions(seat)))
    assert seen_as_is
