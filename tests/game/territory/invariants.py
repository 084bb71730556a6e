"""Territory invariants for the conformance suite and tools/soak.py (ported from the old
test_properties.py): no resource negative; resources + escrow change only through income,
spending, refunds, gifts, theft, discards and eliminations, as the events report (Tracker);
at most one capital and one tower per tribe; owned tiles are land; turns within the limit;
view(seat) shows no hidden tile, no other tribe's orders or escrow, and does not change when
another seat enters a secret order (T-18); redacted events are OrdersChanged. EXTRA holds the
rich-position property: legal actions equal the accepted candidates for every faction.
"""

from __future__ import annotations

from game.core.rng import Rng
from game.territory import actions as A
from game.territory import events as E
from game.territory.constants import (
    CAPITAL, LAND, PRIORITIES, RAZE, RESOURCES, SIDES, SPELLS, TECHS, TOWER,
)
from game.territory.building import BUILD_KINDS
from game.territory.state import Phase

FACTIONS = ("bounty", "arcane", "pioneer", "jungle", "tide", "war", "shadow")


def totals(state) -> list[int]:
    return [sum(t.res) + sum(t.escrow()) for t in state.tribes]


def check_accounting(before: list[int], state, events: list) -> None:
    """Resources + escrow move only by the reported causes."""
    delta: dict[int, int] = {}
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


def check(state) -> None:
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


class Tracker:
    """The accounting check needs the totals before each action."""

    def __init__(self, state) -> None:
        self.before_totals = totals(state)

    def before(self, state, seat, action) -> None:
        self.before_totals = totals(state)

    def after(self, state, seat, action, events) -> None:
        check_accounting(self.before_totals, state, events)
        for e in events:
            if e.redacted(seat + 1) is not e:
                assert isinstance(e.redacted(seat + 1), E.OrdersChanged)


def candidates(state, seat: int, legal, pick: Rng) -> list:
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



def check_view(state, seat, data) -> None:
    """T-18: hidden tiles, other tribes' orders and escrow stay hidden, and what another seat
    enters during ORDERS never changes `seat`'s view."""
    if seat is None:
        return
    assert "treasures" not in data["board"] and "groups" not in data["board"]
    for i in range(state.board.size):
        if state.hidden(i):
            assert data["owner"][i] == -1 and data["building"][i] == "none"
    for t in data["tribes"]:
        if t["seat"] != seat:
            assert "orders" not in t and "escrow" not in t
    if state.phase is not Phase.ORDERS:
        return
    others = [s for s in state.to_move() if s != seat]
    if not others:
        return
    pick = Rng(seat)
    other = others[pick.below(len(others))]
    twin = state.clone()
    entries = [a for a in twin.legal_actions(other) if not isinstance(a, A.Submit)]
    for _ in range(3):
        if not entries:
            break
        twin.apply(other, entries[pick.below(len(entries))])
        entries = [a for a in twin.legal_actions(other) if not isinstance(a, A.Submit)]
    assert twin.view(seat).to_json() == data


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



def legal_matches_reasons_in_rich_positions(seed: int) -> None:
    """For a rich position of every faction: legal actions == accepted candidates."""
    pick = Rng(seed)
    g = rich_position(FACTIONS[pick.below(len(FACTIONS))])
    for _ in range(12):
        legal = g.legal_actions(0)
        cands = candidates(g, 0, legal, pick) + [A.Cast("nature_gift", t) for t in range(40)]
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
    check(g)


EXTRA = {"rich_positions": legal_matches_reasons_in_rich_positions}
