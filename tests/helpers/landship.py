"""Scenario builders for Landship tests: pieces placed directly, scripted dice (the core
`ScriptedRng`), turn control.

Placing pieces directly (instead of playing up to the situation) lets a test state exactly
what a rule talks about, as the spec's scenarios do (§16: "the fixture places pieces and
scripts the dice"). Only tests use these.
"""

from __future__ import annotations

from game import rulesets
from game.core import Setup
from game.core.rng import Rng, ScriptedRng, force_dice
from game.landship import actions as A
from game.landship.board import read_board
from game.landship.rules import LandshipGame, start_game
from game.landship.state import EMPTY, HULK, Ship
from tests.helpers.refusal import assert_refused

RED, BLUE = 0, 1
SHARED_KEYS = ("game_over", "not_your_turn", "not_an_action")


def _faces(faces: tuple) -> tuple[list[int], list[str]]:
    """Scripted values and the dice they are meant for: `(sides, face)` pairs name the die
    (checked after use against `ScriptedRng.drawn`), plain ints do not."""
    values, dice = [], []
    for item in faces:
        sides, face = item if isinstance(item, tuple) else (None, item)
        values.append(face)
        dice.append(f"d{sides}" if sides else "")
    return values, dice


def check_dice(rng: ScriptedRng, dice: list[str]) -> None:
    """The rules drew the scripted values from the dice the script named."""
    drawn = [kind for kind, _ in rng.drawn[:len(dice)]]
    for want, got in zip(dice, drawn):
        assert not want or want == got, f"the rules rolled a {got}, the script expected a {want}"


def new_game(first: int = RED, d4: int | None = None, seed: int = 5) -> LandshipGame:
    """A fresh game on the default map; `first` moves first (D33 d2), round 1 AP = 1 + d4."""
    rs = rulesets.get("landship")
    setup = rs.with_id(Setup(seats=("human", "human"), seed=seed))
    board = read_board(rs.default_map())
    values, dice = _faces(((2, 2 if first == RED else 1),) + (((4, d4),) if d4 is not None else ()))
    rng = ScriptedRng(values, then=Rng(seed))
    game = start_game(setup, board, rng)
    check_dice(rng, dice)
    return game


def script(g: LandshipGame, *faces) -> ScriptedRng:
    """Let the next dice of `g` be `faces` (ints, or `(sides, face)` pairs), then a seeded
    stream; `check_dice(rng, ...)` can confirm which dice took them."""
    values, _ = _faces(faces)
    return force_dice(g, values, then=Rng(99))


def clear(g: LandshipGame) -> None:
    """An empty board (the starts removed)."""
    g.ships.clear()
    g.cell = [EMPTY] * len(g.cell)


def put(g: LandshipGame, seat: int, ship_type: str, xy: tuple[int, int],
        integrity: int | None = None, fresh: bool = False) -> int:
    """Place a ship for `seat` (full integrity unless given); returns its id."""
    cell = g.board.index_of(xy)
    assert cell >= 0 and g.cell[cell] == EMPTY, xy
    full = g.board.params.stats(ship_type).integrity
    ship = Ship(g.next_id, ship_type, seat, full if integrity is None else integrity, cell, fresh)
    g.next_id += 1
    g.ships[ship.id] = ship
    g.cell[cell] = ship.id
    return ship.id


def put_hulk(g: LandshipGame, ship_type: str, xy: tuple[int, int], former: int = BLUE) -> int:
    sid = put(g, former, ship_type, xy, integrity=0)
    g.ships[sid].owner = HULK
    return sid


def begin_turn(g: LandshipGame, seat: int, ap: int, round: int | None = None) -> None:
    """Make it `seat`'s turn with `ap` action points (and the given round)."""
    g.turn_index = g.order.index(seat)
    g.ap = g.ap_rolled = ap
    if round is not None:
        g.round = round


def ship_at(g: LandshipGame, xy: tuple[int, int]) -> Ship | None:
    occ = g.cell[g.board.index_of(xy)]
    return None if occ == EMPTY else g.ships[occ]


def rejects(g: LandshipGame, seat: int, action, reason: str) -> None:
    """The action is refused with the spec's I-2 `reason` (catalogued as `landship.<reason>`
    unless every ruleset shares it), by reason() and apply() alike, and nothing changes (I-1)."""
    rng_before = g.rng.get_state()
    assert_refused(g, seat, action, reason if reason in SHARED_KEYS else f"landship.{reason}")
    assert g.rng.get_state() == rng_before


def only_end_or_resign(g: LandshipGame, seat: int) -> bool:
    return set(g.legal_actions(seat)) <= {A.END_TURN, A.RESIGN}
