"""Scenario builders for Skirmish tests: small boards from text rows, forced d100 rolls.

The spec's acceptance scenarios (section 18) use tiny boards ("7x1: plains, road, ...") with
two or three factions and a few units; `scenario` builds exactly that as a game in play, so a
test states the situation a rule talks about. d100 results are forced with the core's
`force_dice`. Only tests use these.
"""

from __future__ import annotations

from typing import Any, Iterable

from game.core import IllegalAction, Setup
from game.core.rng import ScriptedRng, force_dice
from game.skirmish import actions as A
from game.skirmish.board import CitySpec, FactionSpec, UnitSpec, build_board
from game.skirmish.constants import SKILL_CODES, UNITS
from game.skirmish.rules import SkirmishGame, new_state
from game.skirmish.state import Phase, Unit
from game.skirmish.turn import start_turn

FACTION_IDS = ("a", "b", "c", "d")


def scenario(rows: list[str] | str, *, skills: Iterable[Iterable[str]] = ((), ()),
             cities: Iterable[tuple] = (), units: Iterable[tuple] = (),
             neutral: Iterable[tuple[int, int]] = (), funds: Iterable[int] | None = None,
             seat: int = 0, round: int = 1, begin: bool = True, **board_kwargs: Any) -> SkirmishGame:
    """A game in play on a board of text rows (legend of `build_board`).

    skills: one iterable of codes per faction (its count is the number of factions).
    cities: `(col, row, owner, vp=1, income=1, home=owner)`; owner -2 = neutral.
    units: `(seat, type, (col, row), hp=max)`, ids 1, 2, ... in this order.
    With `begin`, `seat`'s turn starts (P-2) in round `round`.
    """
    rows = [rows] if isinstance(rows, str) else list(rows)
    skill_sets = [tuple(s) for s in skills]
    n = len(skill_sets)
    width = len(rows[0])
    factions = tuple(
        FactionSpec(FACTION_IDS[s], s, FACTION_IDS[s].upper(), "", "#808080", 5,
                    skill_sets[s], 0, tuple(c for c in SKILL_CODES if c not in skill_sets[s]))
        for s in range(n))
    city_specs = []
    for c in cities:
        col, row, owner, *rest = c
        vp = rest[0] if len(rest) > 0 else 1
        income = rest[1] if len(rest) > 1 else 1
        home = rest[2] if len(rest) > 2 else owner
        city_specs.append(CitySpec(row * width + col, owner, home, vp, income))
    unit_specs = []
    for u in units:
        s, kind, (col, row), *rest = u
        unit_specs.append(UnitSpec(s, kind, row * width + col, rest[0] if rest else UNITS[kind].hp))
    board = build_board(rows, factions, tuple(city_specs), tuple(unit_specs), tuple(neutral),
                        **board_kwargs)
    game = new_state(Setup(seats=("human",) * n, seed=1, ruleset="skirmish"), board)
    if funds is not None:
        game.funds = list(funds)
    game.phase = Phase.PLAY
    game.round = round
    game.current = seat
    for s in range(n):
        game.picked[s] = True
    game.touch()
    if begin:
        start_turn(game, seat)
    game.touch()
    return game


def rolls(game: SkirmishGame, values: Iterable[int]) -> ScriptedRng:
    """Force the next d100 results (core `force_dice`; any further roll fails the test)."""
    return force_dice(game, values)


def unit(game: SkirmishGame, col: int, row: int) -> Unit:
    """The unit standing on (col, row)."""
    found = game.unit_at(game.board.index((col, row)))
    assert found is not None, f"no unit at {(col, row)}"
    return found


def city_index(game: SkirmishGame, col: int, row: int) -> int:
    k = game.board.city_at[game.board.index((col, row))]
    assert k >= 0
    return k


def end_turn(game: SkirmishGame) -> list:
    """The current seat ends its turn (must be legal)."""
    return game.apply(game.current, A.END_TURN)


def refused(game: SkirmishGame, action, seat: int | None = None) -> str:
    """Apply an action that must be refused; returns the reason, checks nothing changed."""
    who = game.current if seat is None else seat
    before = game.digest()
    try:
        game.apply(who, action)
    except IllegalAction as err:
        assert game.digest() == before
        return err.reason_key
    raise AssertionError(f"{action} was accepted")


def of(events: list, kind: type) -> list:
    return [e for e in events if isinstance(e, kind)]
