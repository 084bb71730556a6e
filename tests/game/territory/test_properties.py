"""Property tests (hypothesis): random legal games of 2-7 seats played to the end on the
default map (T-2).

After every action: no resource negative; resources + escrow change only through income,
spending, refunds, gifts, theft, discards and eliminations (checked against the events); at
most one capital and one tower per tribe; owned tiles are land. Every few actions:
`legal_actions` equals the accepted part of a broad candidate set, an illegal action leaves
the digest unchanged, clones are independent, and `view(seat)` does not change when another
seat enters a secret order (T-18). At the end: `to_move()` is empty, and setup + actions ->
JSON -> replay gives the same digest.
"""

from __future__ import annotations


from hypothesis import HealthCheck, Phase as HPhase, given, settings
from hypothesis import strategies as st

from game import rulesets
from game.core import IllegalAction, Setup, codec
from game.core.rng import Rng
from game.territory import actions as A
from game.territory import events as E
from game.territory.constants import (
    CAPITAL, LAND, PRIORITIES, RAZE, RESOURCES, SIDES, SPELLS, TECHS, TOWER,
)
from game.territory.building import BUILD_KINDS
from game.territory.state import Phase
from tests.helpers.protocol import replay_through_json

games = st.fixed_dictionaries({
    "seed": st.integers(0, 2**32),
    "seats": st.integers(2, 7),
    "pick": st.integers(0, 2**32),
    "greedy": st.integers(0, 7),   # seats below this number play greedy, not random
})


def totals(state) -> list[int]:
    return [sum(t.res) + sum(t.escrow()) for t in state.tribes]


def check_accounting(before: list[int], state, events: list) -> None:
    """Resources + escrow move only by the reported causes."""
    delta = {}
    for e in events:
        if isinstance(e, E.Income):
            delta[e.tribe] = delta.get(e.tribe, 0) + sum(e.total)
        elif isinstance(e, E.Gained):
            delta[e.tribe] = delta.get(e.tribe, 0) + sum(e.amounts)
        elif isinstance(e, (E.Spent, E.Discarded)):
            delta[e.tribe] = delta.get(e.tribe, 0) - sum(e.amounts)
        elif isinstance(e, E.Eliminated):
            delta[e.tribe] = delta.get(e.tribe, 0) - sum(e.lost)
    after = totals(state)
    for tid, value in enumerate(after):
        old = before[tid] if tid < len(before) else 0
        assert value == old + delta.get(tid, 0), (tid, old, value, delta.get(tid, 0))


def check_invariants(state) -> None:
    board = state.board
    for t in state.tribes:
        assert min(t.res) >= 0, (t.id, t.res)
    capitals: dict[int, int] = {}
    towers: dict[int, int] = {}
    for i in range(board.size):
        o = state.owner[i]
        if o >= 0 or o in (-2, -3):
            assert board.kind[i] == LAND
        if o >= 0 and state.building[i] == CAPITAL:
            capitals[o] = capitals.get(o, 0) + 1
        if o >= 0 and state.building[i] == TOWER:
            towers[o] = towers.get(o, 0) + 1
    assert all(n <= 1 for n in capitals.values()), capitals
    assert all(n <= 1 for n in towers.values()), towers
    assert state.turn <= state.params.max_turns


def candidates(state, seat: int, pick: Rng) -> list:
    """The legal actions plus a broad sample of near-misses and nonsense."""
    board = state.board
    t = state.tribes[seat]
    size = board.size
    own = [i for i in board.land_tiles if state.owner[i] == seat]
    rand = [pick.below(size) for _ in range(6)] + [-1, size]
    tiles = own[:8] + rand
    out: list = list(state.legal_actions(seat))
    tribes = list(range(len(state.tribes))) + [-1, len(state.tribes)]
    for o in own[:10]:
        for j in list(board.adjacent[o]) + [o, pick.below(size)]:
            for x in (-1, 0, 1, 4, 6, 7):
                out.append(A.Arrow(o, j, x, RAZE[pick.below(3)]))
            out.append(A.Arrow(o, j, 2, "bad"))
    orders = t.orders
    if orders and orders[-1].steps:
        last = orders[-1].steps[-1].tile
        for j in list(board.adjacent[last]) + [last, pick.below(size), -5]:
            for x in (0, 1, 3, 6, 7):
                for raze in RAZE:
                    out.append(A.Step(j, x, raze))
    for i in tiles:
        for b in BUILD_KINDS + ("capital", "palace"):
            out.append(A.Build(i, b))
        out += [A.Upgrade(i), A.Commerce(i), A.Archaeology(i), A.Temple(i),
                A.Guard(1 + pick.below(4), i), A.ChooseCore(i), A.Tunnel(i, pick.below(size))]
        for s in SIDES + ("x",):
            out += [A.Wall(i, s, "gold"), A.Wall(i, s, "mixed"), A.WallUpgrade(i, s),
                    A.Demolish(i, s)]
        out += [A.Demolish(i, "building"), A.Demolish(i, "tunnel"), A.Wall(i, "n", "cash")]
        for spell in SPELLS:
            out.append(A.Cast(spell, i))
        out.append(A.Cast("earth_wall", i, SIDES[pick.below(4)]))
    for tech in TECHS + ("alchemy",):
        for choice in ("", "materials", "exotics", "snake", "flower", "sun"):
            out.append(A.Research(tech, choice))
    out += [A.BUY_EXOTIC, A.DEEP_TIDE, A.SUBMIT, A.Guard(0), A.Guard(1), A.Guard(9),
            A.Cast("rock_solid"), A.Cast("jungle_blessing"), A.Cast("nope")]
    for o in orders:
        out += [A.RemoveOrder(o.id), A.Cast("battle_fervor", order=o.id),
                A.Cast("bewitch", order=o.id, step=0), A.Cast("fortune", order=o.id, step=1),
                A.Cast("bewitch", order=o.id, step=9)]
    out.append(A.RemoveOrder(99))
    for other in tribes:
        out += [A.DemandTribute(other), A.ProposeTrade(other), A.OfferVassal(other),
                A.AnswerTribute(other, True), A.AnswerTribute(other, False),
                A.AnswerTrade(other, True), A.AnswerVassal(other, False),
                A.Cast("steal", other), A.Cede(other, tiles[pick.below(len(tiles))])]
        for r in RESOURCES + ("gems",):
            for n in (0, 1, 5, 6):
                out.append(A.Gift(other, r, n))
    out += [A.SetPriority(p) for p in PRIORITIES + ("xyz",)]
    out += [A.SetFlower(r) for r in RESOURCES]
    out.append(A.PickFaction("war"))
    return out


def deep_check(state, seat: int, pick: Rng) -> None:
    legal = state.legal_actions(seat)
    assert len(set(legal)) == len(legal), "duplicate legal actions"
    legal_set = set(legal)
    cands = candidates(state, seat, pick)
    accepted = {c for c in cands if state.reason(seat, c) is None}
    assert accepted == legal_set, (sorted(map(repr, accepted - legal_set))[:5],
                                   sorted(map(repr, legal_set - accepted))[:5])
    illegal = [c for c in cands if c not in legal_set]
    before = state.digest()
    bad = illegal[pick.below(len(illegal))]
    try:
        state.apply(seat, bad)
        raise AssertionError(f"{bad} was accepted")
    except IllegalAction as err:
        assert err.reason_key
    assert state.digest() == before
    twin = state.clone()
    twin.apply(seat, legal[pick.below(len(legal))])
    assert state.digest() == before


def check_secrecy(state, seat: int, pick: Rng) -> None:
    """T-18: what another seat enters during ORDERS never shows in `seat`'s view."""
    view = state.view(seat).to_json()
    assert "treasures" not in view["board"] and "groups" not in view["board"]
    for i in range(state.board.size):
        if state.hidden(i):
            assert view["owner"][i] == -1 and view["building"][i] == "none"
    for t in view["tribes"]:
        if t["seat"] != seat:
            assert "orders" not in t and "escrow" not in t
    others = [s for s in state.to_move() if s != seat]
    if not others:
        return
    other = others[pick.below(len(others))]
    twin = state.clone()
    entries = [a for a in twin.legal_actions(other) if not isinstance(a, A.Submit)]
    for _ in range(3):
        if not entries:
            break
        twin.apply(other, entries[pick.below(len(entries))])
        entries = [a for a in twin.legal_actions(other) if not isinstance(a, A.Submit)]
    assert twin.view(seat).to_json() == view


def play(params, deep_every: int = 40):
    rs = rulesets.get("territory")
    n = params["seats"]
    seats = tuple("greedy" if s < params["greedy"] else "random" for s in range(n))
    setup = Setup(seats=seats, seed=params["seed"])
    state = rs.new_game(setup)
    from game.ai import make_agent
    agents = [make_agent(a, rs, s, params["seed"]) for s, a in enumerate(seats)]
    pick = Rng(params["pick"])
    history = []
    step = 0
    while state.result() is None:
        movers = state.to_move()
        assert movers
        seat = movers[pick.below(len(movers))]
        legal = state.legal_actions(seat)
        assert legal
        if step % deep_every == 0:
            deep_check(state, seat, pick)
            if state.phase is Phase.ORDERS:
                check_secrecy(state, seat, pick)
        agent = agents[seat]
        action = agent.choose(state.view(seat) if agent.needs_view else None, legal)
        before = totals(state)
        events = state.apply(seat, action)
        history.append((seat, action))
        check_accounting(before, state, events)
        check_invariants(state)
        for e in events:
            codec.encode(e)
            if e.redacted(seat + 1) is not e:
                assert isinstance(e.redacted(seat + 1), E.OrdersChanged)
        step += 1
    assert state.to_move() == []
    return setup, state, history


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow],
          phases=(HPhase.explicit, HPhase.reuse, HPhase.generate))  # no shrinking: games are long
@given(games)
def test_random_games_end_and_keep_invariants(params):
    play(params, deep_every=20)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow],
          phases=(HPhase.explicit, HPhase.reuse, HPhase.generate))
@given(games)
def test_save_json_replay_gives_same_digest(params):
    setup, state, history = play(params, deep_every=10**9)
    again = replay_through_json(setup, history, "territory")
    assert again.digest() == state.digest()


@settings(max_examples=5, deadline=None)
@given(games)
def test_reseeded_clone_differs_but_original_is_untouched(params):
    rs = rulesets.get("territory")
    state = rs.new_game(Setup(seats=("random",) * params["seats"], seed=params["seed"]))
    before = state.digest()
    rolls = {tuple(state.clone(reseed=k).rng.die(6) for _ in range(4)) for k in range(10)}
    assert len(rolls) > 1
    assert state.digest() == before


def rich_position(faction: str):
    """A position where nearly every kind of order is possible for tribe 0."""
    from tests.helpers.territory import own, plain_board, plain_game, put, res, techs, tile
    from game.territory.constants import CHASM
    board = plain_board(sea=[(x, 0) for x in range(8)], kinds={(6, 3): CHASM})
    g = plain_game((faction, "shadow", "war"), board=board)
    own(g, 0, (1, 1), (2, 1), (3, 1), (1, 2), (2, 2), (3, 2), (5, 2))
    put(g, 1, 1, "camp")
    put(g, 2, 1, "city")
    put(g, 3, 1, "workshop")
    put(g, 2, 2, "tree_of_life" if faction == "jungle" else "tower")
    put(g, 3, 2, "ruin")
    own(g, 1, (4, 1), (4, 2), building="")
    put(g, 4, 1, "city")
    own(g, 2, (1, 3), (2, 3))
    g.owner[tile(g, 3, 3)] = -2
    g.hostile[tile(g, 3, 3)] = 1
    g.walls[tile(g, 1, 2) * 4 + 2] = 1
    techs(g, 0, *[t for t in TECHS if t not in ("totem",)])
    g.tribes[0].totem = "flower"
    g.tribes[0].split_age = 1
    g.demands = [(2, 0, 0)]
    g.trades = [(1, 0, 0)]
    g.vassal_offers = [(2, 0, 0)]
    if faction == "tide":
        g.tribes[0].temple = tile(g, 7, 0)
    if faction == "shadow":
        g.tunnel[tile(g, 1, 1)] = tile(g, 1, 5)
        g.tunnel[tile(g, 1, 5)] = tile(g, 1, 1)
    res(g, 0, 30, 10, 10)
    g._cache = {}
    return g


@settings(max_examples=14, deadline=None)
@given(st.sampled_from(["bounty", "arcane", "pioneer", "jungle", "tide", "war", "shadow"]),
       st.integers(0, 2**32))
def test_legal_actions_match_reasons_in_rich_positions(faction, seed):
    g = rich_position(faction)
    pick = Rng(seed)
    for _ in range(12):
        legal = g.legal_actions(0)
        cands = candidates(g, 0, pick) + [A.Cast("nature_gift", t) for t in range(40)]
        accepted = {c for c in cands if g.reason(0, c) is None}
        assert accepted == set(legal), (sorted(map(repr, accepted - set(legal)))[:5],
                                        sorted(map(repr, set(legal) - accepted))[:5])
        choices = [a for a in legal if not isinstance(a, (A.Submit, A.RemoveOrder))]
        arrows = [a for a in choices if isinstance(a, (A.Arrow, A.Step, A.Cast))]
        pool = arrows if arrows and pick.below(2) else choices
        g.apply(0, pool[pick.below(len(pool))])
    before = totals(g)
    events = []
    for seat in list(g.to_move()):
        if g.unfinished(seat):
            events += g.apply(seat, A.RemoveOrder(g.tribes[seat].orders[-1].id))
        events += g.apply(seat, A.SUBMIT)
    check_accounting(before, g, events)
    check_invariants(g)
