"""Cities, vassals and victory (C-5..C-7, V-1..V-6, W-1..W-4): siege strikes, capture,
elimination into vassalage, domination and the final ranking. Plain functions over the state.
"""

from __future__ import annotations

from game.core.protocol import Event
from game.skirmish import events as E
from game.skirmish.constants import CAVALRY, PLUNDER_CAPTURE_HP
from game.skirmish.effects import finish, heal
from game.skirmish.state import Phase, SkirmishState, Unit

DOMINATION = "W-2"     # the GameOver cause: every faction left is in one bloc
TURN_LIMIT = "W-3"     # the GameOver cause: the last round is over


def strike_city(game: SkirmishState, k: int, seat: int, events: list[Event]) -> None:
    """C-5 / C-6: the first strike on a city in a round raises its siege."""
    b = game.board
    at = b.coords[b.cities[k].hex]
    counted = not game.city_hit[k]
    if counted:
        game.city_hit[k] = True
        game.city_siege[k] += 1
    events.append(E.CityStruck(at, seat, game.city_siege[k], counted))
    if counted and game.city_siege[k] == b.siege_rounds:
        # what searches read of a siege is whether the city is breached (M-5e): the
        # notice is due only now, not for the strikes before
        game.cities_changed()
        events.append(E.Breached(at, game.city_siege[k]))


def capture(game: SkirmishState, u: Unit, k: int, events: list[Event]) -> None:
    """C-7, then V-1 if the previous owner lost its last city."""
    b = game.board
    previous = game.city_owner[k]
    voucher_lost = game.city_voucher[k] >= 0
    game.city_owner[k] = u.faction
    game.city_siege[k] = 0
    game.city_hit[k] = False
    game.city_voucher[k] = -1
    game.cities_changed()
    u.mp_left = 0
    events.append(E.Captured(b.coords[b.cities[k].hex], u.id, u.faction, previous, voucher_lost))
    if u.type == CAVALRY and "C12" in game.skills[u.faction]:
        heal(game, u, PLUNDER_CAPTURE_HP, "plunder", events)
    if previous >= 0 and previous not in game.city_owner:
        eliminate(game, previous, u.faction, events)


def eliminate(game: SkirmishState, loser: int, by: int, events: list[Event]) -> None:
    """V-3 / V-4: the loser becomes a vassal of the capturer's root and gets back the home
    cities the capturer holds, each with a voucher."""
    lord = game.root(by)
    freed = tuple(s for s in range(game.seats) if game.overlord[s] == loser)
    for s in freed:
        game.overlord[s] = -1
    game.overlord[loser] = lord
    game.cities_changed()
    events.append(E.Eliminated(loser, by, lord, freed))
    b = game.board
    for k, spec in enumerate(b.cities):
        if spec.home == loser and game.city_owner[k] == by:
            game.city_owner[k] = loser
            game.city_siege[k] = 0
            game.city_hit[k] = False
            game.city_voucher[k] = loser
            events.append(E.Restored(b.coords[spec.hex], loser, by))
    game.cities_changed()


def check_domination(game: SkirmishState, events: list[Event]) -> None:
    """W-2: every faction still in the game belongs to one bloc. Asked after every attack:
    the seats holding a city are in the game (V-6), so when those alone span two blocs the
    answer is no without asking every seat (0.3 % of the instructions of random play)."""
    if game.phase is Phase.OVER:
        return
    root_of = game.roots()
    if len({root_of[o] for o in set(game.city_owner) if o >= 0}) > 1:
        return
    alive = [s for s in range(game.seats) if not game.defunct(s)]
    roots = {game.root(s) for s in alive}
    if len(roots) == 1:
        finish(game, events, (roots.pop(),), DOMINATION)


def ranking(game: SkirmishState) -> list[tuple]:
    """W-4 keys per seat: VP, root above vassal, own cities, unit HP, funds."""
    vp = game.vp()
    hp = [0] * game.seats
    for u in game.units.values():
        hp[u.faction] += u.hp
    return [(vp[s], 1 if game.overlord[s] < 0 else 0, game.cities_of(s), hp[s], game.funds[s])
            for s in range(game.seats)]


def rank_winners(game: SkirmishState) -> tuple[int, ...]:
    """W-4: every seat ranked first."""
    keys = ranking(game)
    best = max(keys)
    return tuple(s for s in range(game.seats) if keys[s] == best)
