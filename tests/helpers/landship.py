"""Scenario builders for Landship tests: pieces placed directly, scripted dice, turn control.

Placing pieces directly (instead of playing up to the situation) lets a test state exactly
what a rule talks about, as the spec's scenarios do (§16: "the fixture places pieces and
scripts the dice"). Only tests use these.
"""

from __future__ import annotations

from game import rulesets
from game.core import IllegalAction, Setup
from game.core.rng import Rng
from game.landship import actions as A
from game.landship.board import read_board
from game.landship.rules import LandshipGame, reason_key, start_game
from game.landship.state import EMPTY, HULK, Ship

RED, BLUE = 0, 1


class ScriptedDice(Rng):
    """An Rng whose `die()` first returns scripted faces, then falls back to a seeded stream.

    Faces are ints, or `(sides, face)` pairs that also check which die the rules asked for.
    """

    def __init__(self, faces=(), seed: int = 99) -> None:
        super().__init__(seed)
        self.queue = list(faces)
        self.asked: list[tuple[int, int]] = []

    def die(self, sides: int = 6) -> int:
        if self.queue:
            item = self.queue.pop(0)
            if isinstance(item, tuple):
                want, face = item
                assert want == sides, f"the rules rolled a d{sides}, the script expected a d{want}"
            else:
                face = item
            assert 1 <= face <= sides, f"face {face} does not exist on a d{sides}"
        else:
            face = super().die(sides)
        self.asked.append((sides, face))
        return face

    def copy(self) -> "ScriptedDice":
        twin = ScriptedDice.__new__(ScriptedDice)
        twin.state, twin.inc = self.state, self.inc
        twin.queue = list(self.queue)
        twin.asked = list(self.asked)
        return twin


def new_game(first: int = RED, d4: int | None = None, seed: int = 5) -> LandshipGame:
    """A fresh game on the default map; `first` moves first (D33 d2), round 1 AP = 1 + d4."""
    rs = rulesets.get("landship")
    setup = rs.with_id(Setup(seats=("human", "human"), seed=seed))
    board = read_board(rs.default_map())
    faces: list = [(2, 2 if first == RED else 1)]
    if d4 is not None:
        faces.append((4, d4))
    return start_game(setup, board, ScriptedDice(faces, seed))


def script(g: LandshipGame, *faces) -> ScriptedDice:
    """Let the next dice of `g` be `faces` (then a seeded stream)."""
    dice = ScriptedDice(faces)
    g.rng = dice
    return dice


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
    """The action is refused with the spec's `reason`, and nothing changes (I-1)."""
    before = g.digest()
    rng_before = g.rng.get_state()
    try:
        g.apply(seat, action)
    except IllegalAction as err:
        assert err.reason_key == reason_key(reason), (err.reason_key, reason)
    else:
        raise AssertionError(f"{action} was accepted; expected {reason}")
    assert g.digest() == before
    assert g.rng.get_state() == rng_before


def only_end_or_resign(g: LandshipGame, seat: int) -> bool:
    return set(g.legal_actions(seat)) <= {A.END_TURN, A.RESIGN}
