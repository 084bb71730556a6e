"""Landship legality in one place: the check of one action and the enumeration of all of them
run the same staged checks of each rule family (`base`, `movement`, `combat`, `building`).

`refusal(g, seat, action)` is the `IllegalAction` the action gets (its key the spec's I-2
reason, catalogued as `landship.<reason>`; D31) or None. `plays(g, seat)` lists
every legal action but end_turn/resign: for each own ship that passes the shared ship group it
asks each family's `*_plays` (those with a candidate in reach, see PLAYS), which run that
family's remaining stages over every candidate target (every piece, every cell in range,
every direction and charge length), so nothing is decided twice. Checks run in the order of D30: game/turn -> payload -> ship -> builder/attacker
-> AP -> build preconditions -> geometry -> target.

The last enumeration is kept on the state (`remember` / `recall`, at the end) while a stamp of
every value these checks read is unchanged: the D6 check after an action enumerates the next
seat's plays anyway, so its `legal_actions` and `apply` need not run the checks again.
"""

from __future__ import annotations

from typing import Any, Callable

from game.core.errors import IllegalAction
from game.core.protocol import Action
from game.landship import actions as A
from game.landship import building, combat, movement
from game.landship.base import REASONS, Kit, Look, kit_of
from game.landship.constants import (
    COST_ATTACK, COST_BUILD, COST_CAPTURE, COST_RAM_CHARGE, COST_RAM_STANDING, COST_REPAIR,
    COST_MOVE, FORTRESS_SHIP, SHIP_ACTION_CAP, SHIP_AP_CAP, Params,
)
from game.landship.state import LandshipState, Phase, Ship


# Catalogue keys: the turn reasons are shared by every ruleset, the rest are Landship's own.
KEYS: dict[str, str] = {r: r if r in ("game_over", "not_your_turn") else f"landship.{r}" for r in REASONS}


def _free(g: LandshipState, look: Look, seat: int, action: Any) -> str | None:
    """end_turn and resign: the turn checks are all they need."""
    return None


CHECKS: dict[type, Callable[[LandshipState, Look, int, Any], str | None]] = {
    A.Move: movement.check_move,
    A.Attack: combat.check_attack,
    A.Ram: combat.check_ram,
    A.Repair: building.check_repair,
    A.Build: building.check_build,
    A.Capture: building.check_capture,
    A.EndTurn: _free,
    A.Resign: _free,
}

Plays = Callable[[LandshipState, Look, Ship, Kit, list[Any]], None]

# The pieces a family's candidates are among, as an index into the enumerating seat's masks
# (`plays_in`): its own pieces, other seats' ships, hulks, any piece, any cell.
OWN, ENEMIES, HULKS, PIECES, ANYWHERE = range(5)

# Per ready ship, in the order `legal_actions` lists them, each with the check of the ship's
# type that opens the family (None: every type) and where its candidates can be: the `Kit`
# table (per cell of the ship) and the mask they are among. A ship whose table cell holds none
# of them has no candidate -- anything else is `out_of_range`, `no_ram_target` or
# `not_on_resource` -- so the family would list nothing and is not asked (None: always asked).
PLAYS: tuple[tuple[Plays, Callable[[Params, str], str | None] | None, tuple[str, int] | None], ...] = (
    (movement.move_plays, None, None),
    (combat.attack_plays, lambda params, t: combat.gun_type_reason(params.stats(t)), ("fire", ENEMIES)),
    (combat.ram_plays, lambda params, t: combat.ram_type_reason(t), ("lanes", PIECES)),
    (building.repair_plays, lambda params, t: building.builder_type_reason(t), ("mend", OWN)),
    (building.capture_plays, lambda params, t: building.builder_type_reason(t), ("grab", HULKS)),
    (building.build_plays, lambda params, t: building.builder_type_reason(t), ("tile", ANYWHERE)),
)

Plan = tuple[tuple[Plays, tuple[int, ...] | None, int], ...]


# Every family but the move opens with the AP group of an action (A-3, A-4, `ap_reason` with
# act=True) costing at least this much: a ship that cannot afford it can only move.
ACT_MIN_COST = min(COST_ATTACK, COST_RAM_STANDING, COST_RAM_CHARGE, COST_REPAIR, COST_BUILD, COST_CAPTURE)
assert PLAYS[0] == (movement.move_plays, None, None)   # `plays` relies on the move coming first


def families(g: LandshipState, ship_type: str) -> tuple[Kit, Plan]:
    """The `Kit` of `ship_type` and the play families a ship of that type may have on this
    board -- those whose type check accepts it (the others would refuse every candidate at
    that stage) -- each with its candidates' table and mask (see PLAYS). Memoised per board
    (the type checks and the tables read only the board)."""
    memo = g.board.families
    found = memo.get(ship_type)
    if found is None:
        params = g.board.params
        kit = kit_of(g.board, ship_type)
        found = memo[ship_type] = (kit, tuple(
            (f, getattr(kit, where[0]), where[1]) if where else (f, None, ANYWHERE)
            for f, opens, where in PLAYS if opens is None or opens(params, ship_type) is None))
    return found


def turn_reason(g: LandshipState, seat: int) -> str | None:
    """I-2 first group: the game runs and it is `seat`'s turn."""
    if g.phase is Phase.OVER:
        return "game_over"
    if seat != g.order[g.turn_index]:
        return "not_your_turn"
    return None


def refusal(g: LandshipState, seat: int, action: object, look: Look | None = None) -> IllegalAction | None:
    """The refusal `action` by `seat` gets now (I-2 order), or None if it is legal. Anything
    that is not a Landship action is `not_an_action`, whoever's turn it is. `look`: a memo
    over this state to fill (and hand on to the effect), else a new one."""
    check = CHECKS.get(type(action))
    if check is None:
        return IllegalAction("not_an_action", action=type(action).__name__, seat=seat)
    reason = turn_reason(g, seat) or check(g, look or Look(g), seat, action)
    if reason is None:
        return None
    return IllegalAction(KEYS[reason], action=action.type_name, seat=seat)  # type: ignore[attr-defined]


def plays(g: LandshipState, seat: int, look: Look | None = None) -> list[Action]:
    """Every legal action of `seat` but end_turn/resign."""
    return plays_in(g, seat, look)[0]


# Every AP check compares the pool with a cost of at most this: two pools both at least
# this large (or equal) pass and fail the same checks.
AP_READ = max(COST_MOVE, COST_ATTACK, COST_RAM_STANDING, COST_RAM_CHARGE, COST_REPAIR, COST_BUILD,
              COST_CAPTURE)
_POOL = 4   # the pool's place in the first part of `stamp`

Kept = tuple[list[Action], list[int], Ship, int]


def after_move(g: LandshipState, seat: int, memo: tuple, s: Ship, start: int) -> Kept | None:
    """What `plays_in` may take again from the kept enumeration `memo` (`remember`), which
    held in the state a move of `s` from `start` just left (M-1: the move wrote the pool and
    the mover alone, and occupies its new cell instead of `start`): its list, its ready
    ships' ends (a move changes no ship's readiness: the same ships, in the same order), the
    mover and the two cells; None if nothing can be (another seat's list, or the pool
    crossed `AP_READ`, or the mover is a fortress: C-3 reads where fortresses stand along
    any line of fire)."""
    if memo[0] != seat or memo[5] is None or s.type == FORTRESS_SHIP:
        return None
    was = memo[1][_POOL]
    if g.ap != was and (g.ap < AP_READ or was < AP_READ):
        return None
    return memo[3], memo[5], s, 1 << start | 1 << s.pos


def plays_in(g: LandshipState, seat: int, look: Look | None = None,
             kept: Kept | None = None) -> tuple[list[Action], Look | None, list[int]]:
    """`plays`, the `Look` they were found with (`look`, or one made when the first ship
    needs it; None if none did -- no ready ship could pay for anything: the usual D6 end) and
    where each ready ship's plays end in the list, in the order of `ships`. `kept`
    (`after_move`): the plays of a ship other than the mover whose `Kit.near` cells hold
    neither of the move's two cells are read from the kept list -- its own fields, the AP
    checks' results, the pieces its plays read and the enemy ships, hulks and fortresses are
    all as they were."""
    out: list[Action] = []
    ends: list[int] = []
    if turn_reason(g, seat):
        return out, look, ends
    known = g.board.families
    can_pay = g.ap >= ACT_MIN_COST
    move_plays, may_move = movement.move_plays, movement.may_move
    rnd = g.round
    masks: tuple[int, ...] = ()
    if kept is not None:
        was, was_ends, mover, flip = kept
    for s in g.ships.values():
        # `ship_reason` inline (a seat is >= 0, so a hulk's owner never matches): other
        # seats' ships and hulks are `not_own_ship` / `ship_is_hulk`, then fresh, stalled
        if s.owner != seat or s.fresh or s.stalled_round == rnd:
            continue
        kit, plan = known.get(s.type) or families(g, s.type)
        if kept is not None and s is not mover and not kit.near[s.pos] & flip:
            i = len(ends)
            out += was[was_ends[i - 1] if i else 0:was_ends[i]]
        elif can_pay and s.actions < SHIP_ACTION_CAP and s.ap_spent + ACT_MIN_COST <= SHIP_AP_CAP:
            if look is None:
                look = Look(g, seat)
            if not masks:
                own, enemies, _ = look.sides[seat]
                masks = (own, enemies, look.hulks_mask, look.pieces_mask, -1)
            pos = s.pos
            for family, table, among in plan:
                if table is None or table[pos] & masks[among]:
                    family(g, look, s, kit, out)
        elif may_move(g, s):
            # no action's AP group passes (see ACT_MIN_COST): every other family would
            # refuse each candidate at that stage, so only the move is asked
            if look is None:
                look = Look(g, seat)
            move_plays(g, look, s, kit, out)
        ends.append(len(out))
    return out, look, ends


# ---- the last enumeration, kept while the state is unchanged ------------------------------------
# After every accepted action the D6 check (`turn.settle`) needs to know whether the seat to
# act has a play; it enumerates them all and keeps the list, which the seat's next
# `legal_actions` returns and the next `apply` uses to accept an action it listed (the same
# checks judged it) without judging it again. The list is used only while the state's stamp
# -- every value legality reads -- is what it was, so a state changed by any means (tests and
# fixtures edit states by hand) is judged afresh. The checks read who stands where from the
# pieces, never from the cell table (base.cell_reason), so the stamp holds the pieces only.

def stamp(g: LandshipState, pieces: list[tuple] | None = None) -> tuple[tuple, list[tuple]]:
    """Every value the checks and the enumeration read (see the section comment), in two
    parts: the board, the turn, the pool, the round, wind, quicksand and tiles; then per
    piece, in the order of `ships`, every field of it the checks read (`pieces`, if the
    caller has that part: `moved_stamps`)."""
    # the pieces' fields read by attribute in a comprehension, not by an `attrgetter`: the
    # interpreter's specialised slot reads make that about twice as fast, and three stamps
    # a random action were a sixth of its cost
    return ((g.board, g.phase, g.order, g.turn_index, g.ap, g.round, g.wind_dir,
             tuple(g.quicksand), tuple(g.depleted)),
            pieces if pieces is not None else
            [(s.id, s.type, s.owner, s.pos, s.integrity, s.fresh, s.stalled_round, s.ap_spent,
              s.moves, s.actions) for s in g.ships.values()])


def moved_stamps(g: LandshipState, before: list[tuple], s: Ship) -> list[tuple]:
    """The pieces' part of `stamp(g)` after a move of `s` (M-1) from a state whose part was
    `before`: the move writes no other piece (`movement.do_move`), so only its entry is
    taken again (a test compares this with a fresh stamp after every move of random games)."""
    after = list(before)
    after[list(g.ships).index(s.id)] = (s.id, s.type, s.owner, s.pos, s.integrity, s.fresh,
                                        s.stalled_round, s.ap_spent, s.moves, s.actions)
    return after


def remember(g: LandshipState, seat: int, actions: list[Action], look: Look | None,
             ends: list[int] | None, pieces: list[tuple] | None = None) -> None:
    """Keep `actions`, every legal action of `seat` in `g` as it is now, as `(seat, stamp's
    first part, its pieces' part, actions, look, ends)` (`ends`: `plays_in`'s). `pieces`:
    the pieces' part if the caller has it (`moved_stamps`)."""
    game, pieces = stamp(g, pieces)
    g.legal_memo = (seat, game, pieces, actions, look, ends)


def recall(g: LandshipState, seat: int) -> tuple | None:
    """The kept `(seat, stamp's first part, its pieces' part, actions, look, ends)` if it is
    `seat`'s and `g` has not changed."""
    memo = g.legal_memo
    if memo is not None and memo[0] == seat:
        game, pieces = stamp(g)
        if memo[1] == game and memo[2] == pieces:
            return memo
    return None
