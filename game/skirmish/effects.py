"""Small effects several rule families share: healing, removing a dead unit, I1 pool losses,
and ending the game. Plain functions over the state; every caller passes the event list the
effect appends to, so events stay in the order things happened (D37).
"""

from __future__ import annotations

from game.core.protocol import Event, GameOver
from game.skirmish import events as E
from game.skirmish.state import Phase, SkirmishState, Unit


def heal(game: SkirmishState, u: Unit, amount: int, cause: str, events: list[Event]) -> None:
    """C-3 / C12: up to `amount` HP, never above max HP (K-6)."""
    gain = min(amount, u.max_hp - u.hp)
    if gain > 0:
        u.hp += gain
        events.append(E.Healed(u.id, game.board.coords[u.hex], gain, u.hp, cause))


def remove_unit(game: SkirmishState, u: Unit) -> None:
    """K-4.9: a dead unit leaves the board (and the A12 counts)."""
    game.occ[u.hex] = -1
    del game.units[u.id]
    game.arrow_rain.pop(u.id, None)
    game.unit_changed(u, u.hex)


def connected(game: SkirmishState, members: tuple[int, ...]) -> bool:
    """The members' hexes form one connected group (I1)."""
    hexes = {game.units[m].hex for m in members}
    start = next(iter(hexes))
    seen, stack = {start}, [start]
    adj = game.board.adj
    while stack:
        for n in adj[stack.pop()]:
            if n in hexes and n not in seen:
                seen.add(n)
                stack.append(n)
    return len(seen) == len(hexes)


def check_formations(game: SkirmishState, seat: int, events: list[Event]) -> None:
    """I1 / D21: a group with a dead member or split apart loses its whole pool."""
    groups = game.pools[seat]
    if not groups:
        return
    keep = []
    for group in groups:
        members = group[0]
        if all(m in game.units for m in members) and connected(game, members):
            keep.append(group)
        else:
            events.append(E.FormationLost(seat, tuple(sorted(members))))
    game.pools[seat] = keep


def finish(game: SkirmishState, events: list[Event], winners: tuple[int, ...], cause: str) -> None:
    """W-2 / W-3: the game is over; `cause` is the deciding rule ("W-2" or "W-3")."""
    game.phase = Phase.OVER
    game.winners = winners
    game.end_cause = cause
    result = game.result()
    assert result is not None
    events.append(GameOver.of(result))
