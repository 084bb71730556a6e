"""Economy (C-1..C-4, V-4): unit prices, income, city healing and the `produce` action
(its legal options, its refusals and its effect).
"""

from __future__ import annotations

from game.core.protocol import Event
from game.skirmish import actions as A
from game.skirmish import events as E
from game.skirmish.board import OFF
from game.skirmish.constants import (
    ARCHER, CAVALRY, HEAL, HUNTERS_DISCOUNT, INFANTRY, LEVY_DISCOUNT, MIN_COST, NOMADS_DISCOUNT,
    UNIT_TYPES, UNITS, VOUCHER_TYPES,
)
from game.skirmish.effects import heal
from game.skirmish.state import SkirmishState, Unit

NS = "skirmish."


def unit_cost(game: SkirmishState, seat: int, kind: str) -> int:
    """C-4: cost after I2 / A13 / C7 discounts, never below MIN_COST."""
    cost = UNITS[kind].cost
    skills = game.skills[seat]
    if kind == INFANTRY and "I2" in skills:
        cost -= LEVY_DISCOUNT
    elif kind == ARCHER and "A13" in skills:
        cost -= HUNTERS_DISCOUNT
    elif kind == CAVALRY and "C7" in skills:
        cost -= NOMADS_DISCOUNT
    return max(MIN_COST, cost)


def collect_income(game: SkirmishState, seat: int, events: list[Event]) -> None:
    """C-2 / D11: the income of `seat`'s cities, except seat 1 in round 1 (T)."""
    b = game.board
    if b.skip_first_income and game.round == 1 and seat == 0:
        return
    amount = sum(b.cities[k].income for k, o in enumerate(game.city_owner) if o == seat)
    game.funds[seat] += amount
    events.append(E.Income(seat, amount, game.funds[seat]))


def heal_in_cities(game: SkirmishState, seat: int, own: list[Unit], events: list[Event]) -> None:
    """C-3 / D10: units standing in a city of their bloc heal."""
    b = game.board
    roots = game.roots()
    for u in own:
        k = b.city_at[u.hex]
        if k >= 0 and game.city_owner[k] >= 0 and roots[game.city_owner[k]] == roots[seat]:
            heal(game, u, HEAL, "city", events)


# ---- the produce action: one source for its legality ----------------------------------------
def _city_open(game: SkirmishState, seat: int, k: int) -> bool:
    """C-4: an own city whose hex is empty."""
    return game.city_owner[k] == seat and game.occ[game.board.cities[k].hex] < 0


def _kinds(game: SkirmishState, seat: int, k: int, voucher: bool) -> tuple[str, ...]:
    """What `seat` may produce in open city k, paying (`voucher` false) or by voucher (V-4)."""
    if voucher:
        return VOUCHER_TYPES if game.city_voucher[k] == seat else ()
    key = (game.skills[seat], game.funds[seat])
    found = _AFFORDABLE.get(key)
    if found is None:
        if len(_AFFORDABLE) >= 10_000:
            _AFFORDABLE.clear()
        found = _AFFORDABLE[key] = tuple(kind for kind in UNIT_TYPES
                                         if unit_cost(game, seat, kind) <= key[1])
    return found


# What a seat may pay for depends only on its skills (C-4 discounts) and its funds: asked
# for every legal-action list, so remembered (bounded: funds take few values in a game).
_AFFORDABLE: dict[tuple[frozenset[str], int], tuple[str, ...]] = {}


def produce_options(game: SkirmishState, seat: int) -> list[A.Produce]:
    """The Produce actions `legal_actions` lists: cities in map order, paid then vouchers.

    Kept (in `_reach`) while what they read stays: the seat's funds, the cities' owners and
    vouchers (a change bumps the seat's stamp, state.py) and the units on city hexes (the
    turn's change log names every hex whose occupant changed). The list is shared: do not
    change it."""
    log = game._log
    key = ("produce", seat)
    entry = game._reach.get(key)
    if entry is not None and entry[1] == game._stamps[seat] and entry[2] == game.funds[seat]:
        if entry[0] == len(log):
            return entry[3]
        if game.board.city_hexes.isdisjoint(log[entry[0]:]):
            entry[0] = len(log)
            return entry[3]
    found = _produce_list(game, seat)
    game._reach[key] = [len(log), game._stamps[seat], game.funds[seat], found]
    return found


def _produce_list(game: SkirmishState, seat: int) -> list[A.Produce]:
    """`produce_options` computed from nothing, about once in four actions in random play
    (`_produce_row`'s kept rows looked up here: its call had cost 0.1 % of the instructions;
    `_city_open` and `_kinds` stay the one place that says what a city may produce)."""
    b = game.board
    out: list[A.Produce] = []
    paid: tuple[str, ...] | None = None
    owners, vouchers = game.city_owner, game.city_voucher
    cities, coords = b.cities, b.coords
    k = -1
    for _ in range(owners.count(seat)):          # own cities found in C: most are not ours
        k = owners.index(seat, k + 1)
        if not _city_open(game, seat, k):
            continue
        if paid is None:
            paid = _kinds(game, seat, k, False)      # the same for every city
        at = coords[cities[k].hex]
        out += _PRODUCE.get((at, paid, False)) or _produce_row(at, paid, False)
        if vouchers[k] == seat:
            out += _produce_row(at, _kinds(game, seat, k, True), True)
    return out


_PRODUCE: dict[tuple[tuple[int, int], tuple[str, ...], bool], tuple[A.Produce, ...]] = {}


def _produce_row(at: tuple[int, int], kinds: tuple[str, ...],
                 voucher: bool) -> tuple[A.Produce, ...]:
    """The Produce actions of `kinds` at `at`, shared (actions are immutable; building them
    is what an option list would spend its time on)."""
    key = (at, kinds, voucher)
    found = _PRODUCE.get(key)
    if found is None:
        found = _PRODUCE[key] = tuple(A.Produce(at, kind, voucher) for kind in kinds)
    return found


def produce_reason(game: SkirmishState, seat: int, action: A.Produce) -> str | None:
    """E-2 for `produce` (D38 `unknown_type` first); legal iff `_city_open` and the kind is
    one of `_kinds` - the same two functions `produce_options` lists from."""
    b = game.board
    if action.kind not in UNIT_TYPES:
        return NS + "unknown_type"
    h = b.index(action.city)
    k = b.city_at[h] if h != OFF else -1
    if k < 0 or game.city_owner[k] != seat:
        return NS + "not_your_city"
    if not _city_open(game, seat, k):
        return "not_empty"
    if action.voucher is not False and action.voucher is not True:
        return NS + "voucher_type"
    if action.kind in _kinds(game, seat, k, action.voucher):
        return None
    if action.voucher:
        return NS + ("voucher_type" if action.kind not in VOUCHER_TYPES else "no_voucher")
    return "unaffordable"


def do_produce(game: SkirmishState, seat: int, action: A.Produce) -> list[Event]:
    """C-4: a fresh unit at full HP; funds or the city's voucher pay."""
    b = game.board
    h = b.index(action.city)
    k = b.city_at[h]
    if action.voucher:
        cost = 0
        game.city_voucher[k] = -1
    else:
        cost = unit_cost(game, seat, action.kind)
        game.funds[seat] -= cost
    u = Unit(game.next_unit_id, seat, action.kind, UNITS[action.kind].hp, h)
    game.next_unit_id += 1
    u.fresh = True
    game.units[u.id] = u
    game.occ[h] = u.id
    game.unit_changed(u, h)
    return [E.Produced(seat, u.id, action.kind, b.coords[h], cost, bool(action.voucher),
                       game.funds[seat])]
