"""Movement (M-1..M-5, N-2..N-4, U-4): allowances, reachable hexes, and the `move` action's
legal destinations and refusals (its D33 path and its effect: `paths.py`).

`reach` answers "where can this unit go and with how much MP left" with a bucket search on MP
(costs are small whole numbers): a hex keeps the most MP any legal path arrives with. Steps
that spend everything (M-2 water transitions, I3 Intercept) end a path, because nothing moves
on with 0 MP; so one label per hex is exact. The labels depend only on the unit (class, hex,
MP, faction skills) and on what other blocs have on the board (their units, their Intercept
zones) and the cities: own and allied units are passed through and only matter as occupied
destinations. So `reach` keeps its answer across actions, keyed by the change counters of the
hostile factions and the cities (state.py), and a faction moving its own units never redoes
the searches of its other units. A search reads per-hex lists (`_rules`: how a hex may be used,
Intercept included) and the board's steps per MP held (`Board.moves_by_mp`: what each step
leaves, dearer steps left out), and skips a step at once when its hex already holds as much MP
as the step leaves, which is most steps (the searches themselves: searches.py).

`move_list` turns a unit's labels into its legal Moves (the empty reached hexes) and keeps
them in step with the turn's change log (`_log`): when occupants change, only those hexes'
Moves are added or dropped, instead of rebuilding every unit's list after every action.
"""

from __future__ import annotations

from bisect import bisect_left
from operator import itemgetter

from game.skirmish import actions as A
from game.skirmish.board import FREE, NEUTRAL, OFF
from game.skirmish.constants import (
    ARCHER, CAVALRY, HEAVY_CAVALRY_MP, HORSE_ARCHER_MP, INFANTRY, LIGHT_CAVALRY_MP,
    SUPPRESSION_DIVISOR, UNITS,
)
from game.skirmish.searches import (
    BLOCKED, NEVER, PASS_ONLY, STOP_ONLY, ZOC, open_search, search,
)
from game.skirmish.state import SkirmishState, Unit

NS = "skirmish."
first = itemgetter(0)   # a hostile unit's hex (`hostile_units`), read in C


def allowance(game: SkirmishState, unit: Unit, suppressed: bool = True) -> int:
    """U-4: base MP + skill modifiers, then divided (floor) once per suppression stack."""
    mp = UNITS[unit.type].mp
    skills = game.skills[unit.faction]
    if unit.type == ARCHER and "A2" in skills:
        mp += HORSE_ARCHER_MP
    elif unit.type == CAVALRY:
        if "C1" in skills:
            mp -= HEAVY_CAVALRY_MP
        if "C3" in skills:
            mp += LIGHT_CAVALRY_MP
    mp = max(0, mp)
    if suppressed:
        for _ in range(unit.suppression):
            mp //= SUPPRESSION_DIVISOR
    return mp


def can_move_after_attack(game: SkirmishState, unit: Unit) -> bool:
    """K-2 exceptions: Skirmish A4 (archers) and C4 (cavalry)."""
    skills = game.skills[unit.faction]
    return (unit.type == ARCHER and "A4" in skills) or (unit.type == CAVALRY and "C4" in skills)


def infiltrates(game: SkirmishState, unit: Unit) -> bool:
    """C11: passes hostile units, ignores Intercept."""
    return unit.type == CAVALRY and "C11" in game.skills[unit.faction]


def bloc_stamp(game: SkirmishState, seat: int) -> int:
    """What searches for a unit of `seat` read from the rest of the board, as one counter
    that only grows: the hostile units, the cities and the blocs (`SkirmishState._stamps`,
    bumped by the change notices)."""
    return game._stamps[seat]


def hostile_units(game: SkirmishState, seat: int) -> tuple[tuple[int, str, int], ...]:
    """`(hex, type, faction)` of every unit of another bloc than `seat`'s, in id order: what
    the per-hex rules, Intercept zones and attack targets of `seat` read. Kept until a hostile
    unit or a bloc changes (`bloc_stamp`); plain values, so clones may share it."""
    key = ("hostile", seat)
    stamp = game._stamps[seat]
    entry = game._searches.get(key)
    if entry is not None and entry[0] == stamp:
        return entry[1]
    roots = game.roots()
    rf = roots[seat]
    found = tuple([(u.hex, u.type, u.faction) for u in game.units.values()
                   if roots[u.faction] != rf])
    game._searches[key] = (stamp, found)
    return found


def intercept_zone(game: SkirmishState, seat: int) -> frozenset[int]:
    """I3 / D30: hexes next to an infantry of another bloc whose faction has Intercept.
    Kept until a hostile unit or a bloc changes (`bloc_stamp`)."""
    key = ("zoc", seat)
    stamp = game._stamps[seat]          # bloc_stamp, read directly (asked very often)
    entry = game._searches.get(key)
    if entry is not None and entry[0] == stamp:
        return entry[1]
    adj = game.board.adj
    skills = game.skills
    zone: set[int] = set()
    for h, kind, faction in hostile_units(game, seat):
        if kind == INFANTRY and "I3" in skills[faction]:
            zone.update(adj[h])
    found = frozenset(zone)
    game._searches[key] = (stamp, found)
    return found


def _special(game: SkirmishState, seat: int, through: bool) -> dict[int, int]:
    """Hexes a unit of `seat`'s bloc may not use freely -> NEVER, STOP_ONLY or PASS_ONLY.

    M-5b (hostile units; C11 passes them), M-5d (neutral cities), M-5e (hostile cities:
    never unless breached and empty, then only as the last hex). Every other hex: pass and
    stop. Kept until a hostile unit, a city or a bloc changes (`bloc_stamp`).
    """
    key = ("special", seat, through)
    stamp = game._stamps[seat]          # bloc_stamp, read directly (asked very often)
    entry = game._searches.get(key)
    if entry is not None and entry[0] == stamp:
        return entry[1]
    b = game.board
    roots = game.roots()
    rf = roots[seat]
    out = dict.fromkeys(map(first, hostile_units(game, seat)), PASS_ONLY if through else NEVER)
    for k, spec in enumerate(b.cities):
        owner = game.city_owner[k]
        if owner == NEUTRAL:
            out[spec.hex] = NEVER
        elif owner == FREE or roots[owner] != rf:
            breached = game.city_siege[k] >= b.siege_rounds
            out[spec.hex] = STOP_ONLY if breached and game.occ[spec.hex] < 0 else NEVER
    game._searches[key] = (stamp, out)
    return out


def _rules(game: SkirmishState, seat: int,
           through: bool) -> tuple[list[int], list[int], frozenset[int]]:
    """Per hex, how a search of a unit of `seat` may use it: NEVER (-1), 0 (pass and stop),
    STOP_ONLY or PASS_ONLY (`_special`), plus ZOC where I3 Intercept takes all MP (not for
    C11 units); the labels a search starts from: -1 (not reached yet), BLOCKED on NEVER
    hexes, so one comparison skips them; and the hexes where a search differs from one over
    terrain alone (NEVER, STOP_ONLY, ZOC: PASS_ONLY only forbids stopping, which `reach`
    leaves to `destinations`). Lists read per step instead of a dict and a set; kept, like
    their parts, until a hostile unit, a city or a bloc changes (`bloc_stamp`)."""
    key = ("rules", seat, through)
    stamp = game._stamps[seat]          # bloc_stamp, read directly (asked very often)
    entry = game._searches.get(key)
    if entry is not None and entry[0] == stamp:
        return entry[1]
    size = game.board.size
    rule = [0] * size
    marked: set[int] = set()
    if not through:
        zone = intercept_zone(game, seat)
        for h in zone:
            rule[h] = ZOC
        marked.update(zone)
    fresh = [-1] * size
    for h, kind in _special(game, seat, through).items():
        if kind == NEVER:
            rule[h] = NEVER
            fresh[h] = BLOCKED
            marked.add(h)
        else:
            rule[h] += kind
            if kind == STOP_ONLY:
                marked.add(h)
    found = (rule, fresh, frozenset(marked))
    game._searches[key] = (stamp, found)
    return found


def search_rules(game: SkirmishState,
                 unit: Unit) -> tuple[bool, list[int], list[int], frozenset[int]]:
    """What a search of `unit` reads besides its start and MP: whether I8 costs apply, and the
    per-hex rules, starting labels and marked hexes of its seat (`_rules`, C11 units apart).
    Kept per faction and unit class until the seat's `bloc_stamp` changes (skills are fixed
    during play), so a search asks one dict instead of three helpers."""
    key = ("context", unit.faction, unit.type)
    stamp = game._stamps[unit.faction]
    entry = game._searches.get(key)
    if entry is not None and entry[0] == stamp:
        return entry[1]
    light = unit.type == INFANTRY and "I8" in game.skills[unit.faction]
    found = (light, *_rules(game, unit.faction, infiltrates(game, unit)))
    game._searches[key] = (stamp, found)
    return found


def reach(game: SkirmishState, unit: Unit, start: int = OFF, mp: int = -1) -> dict[int, int]:
    """Every hex a legal path reaches (start excluded) -> the most MP left on arrival.

    `start`/`mp` default to the unit's hex and `mp_left` (other values ask "what if", N-4b).
    The result includes hexes a unit may only pass (own units, C11 hostiles); use
    `destinations` for legal Move targets. Its order is the order hexes were first reached
    (agents iterate it). The dict is shared by the caches: do not change it.

    Most searches meet no hex where the rules differ from terrain (no hostile unit, city or
    Intercept zone within reach): the search over terrain alone (`open_search`, kept per
    board) then is this one, step for step, so its answer is taken as it is. When the
    restricted hexes it meets are all dead ends of that search (stepping on from them gained
    nothing), the searches still take the same steps in the same order but for those hexes
    themselves: a copy of its answer without the NEVER hexes and with 0 MP on the Intercept
    ones (I3) is this one. Otherwise the search runs with the seat's per-hex rules (`search`).
    """
    if start == OFF:
        start = unit.hex
    if mp < 0:
        mp = unit.mp_left
    if mp <= 0:
        return {}
    key = (unit.id, unit.type, start, mp)
    stamp = game._stamps[unit.faction]      # bloc_stamp, read directly
    hit = game._searches.get(key)
    if hit is not None and hit[0] == stamp:
        return hit[1]
    # `search_rules`' kept answer read here, the call only when it is not kept (with the
    # same in `sync_moves` for the Move rows: -0.3 % instructions, 20 random games)
    context = game._searches.get(("context", unit.faction, unit.type))
    if context is None or context[0] != stamp:
        context = search_rules(game, unit)
    else:
        context = context[1]
    light, rule, fresh, marked = context
    b = game.board
    kept = b.open_reach.get((light, start, mp))
    if kept is None:
        kept = b.open_reach[(light, start, mp)] = open_search(b.moves_by_mp(light, mp), b.size,
                                                              start, mp)
    best, onward = kept
    if not marked.isdisjoint(best):
        if marked.isdisjoint(onward):
            # the restricted hexes reached are dead ends: only their own entries change
            best = dict(best)
            for h in marked.intersection(best):
                r = rule[h]
                if r == NEVER:
                    del best[h]
                elif r >= ZOC:              # I3 Intercept: all MP go
                    best[h] = 0
        else:
            best = search(b.moves_by_mp(light, mp), rule, fresh, start, mp)
    game._searches[key] = (stamp, best, context)
    return best


def kept_reach(game: SkirmishState, unit: Unit) -> tuple[int, dict[int, int], tuple]:
    """`reach` of `unit` where it stands with the MP it holds (more than 0) as the entry it
    is kept in: `(stamp, labels, search_rules' answer the search read)`. A Move's effect
    reads both (one look-up instead of two calls: -0.7 % instructions, 20 random games)."""
    key = (unit.id, unit.type, unit.hex, unit.mp_left)      # as `reach` keeps it
    hit = game._searches.get(key)
    if hit is None or hit[0] != game._stamps[unit.faction]:
        reach(game, unit)
        hit = game._searches[key]
    return hit


def destinations(game: SkirmishState, unit: Unit, start: int = OFF, mp: int = -1) -> list[int]:
    """Legal Move destinations (M-5: the final hex is empty), before N-4 obligations."""
    occ = game.occ
    return [h for h in reach(game, unit, start, mp) if occ[h] < 0]


# ---- N-4: neutral territory obligations ------------------------------------------------------
def obligation(game: SkirmishState, u: Unit) -> set[int] | None:
    """N-4: the hexes a trespasser's Moves must end on, or None when it has no duty."""
    b = game.board
    if not b.neutral[u.hex]:
        return None
    key = ("duty", u.id)
    if key in game._cache:
        return game._cache[key]
    movable = not u.fresh and (not u.attacked or can_move_after_attack(game, u))
    dests = destinations(game, u) if movable else []
    found: set[int] | None = {h for h in dests if not b.neutral[h]}          # (a)
    if not found:
        full = allowance(game, u, suppressed=False)

        def exit_ready(x: int) -> bool:
            return any(not b.neutral[h] for h in destinations(game, u, x, full))

        if not dests or exit_ready(u.hex):
            found = None                                                     # (c) / ready
        else:
            found = {h for h in dests if exit_ready(h)} or None              # (b) / (c)
    game._cache[key] = found
    return found


def neutral_stands(game: SkirmishState) -> list[int]:
    """The occupied hexes of neutral land (N-1), kept in step with the turn's change log
    (`_log`): redone only when a logged hex is neutral, which few are."""
    log = game._log
    entry = game._reach.get("neutral")
    if entry is not None:
        if entry[0] == len(log):
            return entry[1]
        if game.board.neutral_set.isdisjoint(log[entry[0]:]):
            entry[0] = len(log)
            return entry[1]
    occ = game.occ
    entry = game._reach["neutral"] = [len(log), [h for h in game.board.neutral_hexes
                                                  if occ[h] >= 0]]
    return entry[1]


def trespass_pending(game: SkirmishState, seat: int) -> bool:
    """N-4: some unit of `seat` still has to leave (or get ready to leave) neutral land."""
    stands = neutral_stands(game)
    if not stands:
        return False
    key = ("trespass", seat)
    found = game._cache.get(key)
    if found is None:
        found = False
        occ, units = game.occ, game.units
        for h in stands:
            uid = occ[h]
            if units[uid].faction == seat and obligation(game, units[uid]) is not None:
                found = True
                break
        game._cache[key] = found
    return found


# ---- the move action: one source for its legality ---------------------------------------------
def may_move(game: SkirmishState, u: Unit) -> bool:
    """M-4 / K-2: `u` (own, not fresh) may still Move this turn."""
    return u.mp_left > 0 and (not u.attacked or can_move_after_attack(game, u))


class MoveList:
    """The legal Moves of one unit off neutral land, in hex order, kept in step with the
    occupants: `hexes` (sorted) and `acts` (the Move to each) hold the empty hexes among
    `labels` (unit `uid`'s `reach`), as of the first `seen` entries of the turn's change log.
    `at` is what `reach` keeps `labels` under: the unit's hex, MP and class and its seat's
    stamp (`move_list` compares it instead of asking `reach` again)."""

    __slots__ = ("uid", "labels", "keys", "seen", "hexes", "acts", "at")

    def __init__(self, uid: int, labels: dict[int, int], seen: int, hexes: list[int],
                 acts: list[A.Move], at: tuple = ()) -> None:
        self.uid = uid
        self.labels = labels
        self.keys = labels.keys()       # the reached hexes, as a set for C-level tests
        self.seen = seen
        self.hexes = hexes
        self.acts = acts
        self.at = at


def _move_row(game: SkirmishState, uid: int) -> list[A.Move | None]:
    """Per hex, the Move of unit `uid` to it (None until first needed), shared per board:
    actions are immutable and building a frozen dataclass is what option lists would
    spend their time on."""
    rows = game.board.move_rows
    row = rows.get(uid)
    if row is None:
        row = rows[uid] = [None] * game.board.size
    return row


def _new_move(game: SkirmishState, row: list[A.Move | None], uid: int, h: int) -> A.Move:
    """Build the Move of `uid` to `h` into its row (`_move_row`)."""
    found = row[h] = A.Move(uid, game.board.coords[h])
    return found


def move_list(game: SkirmishState, u: Unit) -> MoveList:
    """Every legal Move of `u` now (M-5, M-6, N-4): the only place that decides which
    destinations are legal (`legal_actions` lists these, `move_reason` accepts exactly these).

    Off neutral land a Move is legal iff its hex is reached (`reach`) and empty, so the list
    is kept while the unit's search holds and, as occupants change (`_log`), only the hexes
    that changed are added or dropped. On neutral land N-4 narrows the list (rebuilt per
    action, trespassers are rare)."""
    if game.board.neutral[u.hex]:
        found = _trespasser_targets(game, u)
        return MoveList(u.id, {}, len(game._log), list(found), list(found.values()))
    key = u.id      # its MoveList's key in `_reach`: an int, no tuple to build and hash
    moves = game._reach.get(key)
    at = (u.hex, u.mp_left, u.type, game._stamps[u.faction])
    if moves is not None and moves.at == at:
        # the search it was built from still holds (`reach` keeps one per hex, MP, class
        # and stamp): no call to ask it again (-0.16 % instructions, 20 random games)
        if moves.seen != len(game._log):
            sync_moves(game, moves)
        return moves
    labels = reach(game, u)
    if moves is None or moves.labels is not labels:
        # (the reached hexes are few, about 20 in random play: filtered by `occ` directly, then
        # the empty ones sorted: -1.0 %; a set of the occupied hexes kept in step with the
        # change log for a set difference cost 0.6 % more instructions than it saved)
        occ = game.occ
        hexes = [h for h in labels if occ[h] < 0]
        hexes.sort()
        uid = u.id
        row = game.board.move_rows.get(uid) or _move_row(game, uid)
        # itemgetter reads the row in C, twice as fast as map over row.__getitem__
        acts = list(itemgetter(*hexes)(row)) if len(hexes) > 1 else [row[h] for h in hexes]
        if not all(acts):                       # Moves not built yet on this board (None)
            acts = [row[h] or _new_move(game, row, uid, h) for h in hexes]
        moves = MoveList(uid, labels, len(game._log), hexes, acts, at)
        game._reach[key] = moves
    else:
        moves.at = at
        if moves.seen != len(game._log):
            sync_moves(game, moves)
    return moves


def sync_moves(game: SkirmishState, moves: MoveList) -> None:
    """Bring `moves` up to date with the change log: a reached hex that emptied gets its Move,
    one that filled loses it (a hex may be logged twice: the check is on its state now)."""
    log = game._log
    labels, hexes, acts, occ = moves.labels, moves.hexes, moves.acts, game.occ
    for h in log[moves.seen:]:
        if h in labels:
            i = bisect_left(hexes, h)
            present = i < len(hexes) and hexes[i] == h
            if occ[h] < 0:
                if not present:
                    hexes.insert(i, h)
                    # (the row exists once the list was built: the look-up without a call)
                    row = game.board.move_rows.get(moves.uid) or _move_row(game, moves.uid)
                    acts.insert(i, row[h] or _new_move(game, row, moves.uid, h))
            elif present:
                del hexes[i]
                del acts[i]
    moves.seen = len(log)


def move_targets(game: SkirmishState, u: Unit) -> dict[int, A.Move]:
    """`move_list` as a dict: destination hex -> Move, in hex order."""
    moves = move_list(game, u)
    return dict(zip(moves.hexes, moves.acts))


def _trespasser_targets(game: SkirmishState, u: Unit) -> dict[int, A.Move]:
    """`move_list` for a unit on neutral land: N-4 narrows it (not kept across actions)."""
    key = ("moves", u.id)
    found = game._cache.get(key)
    if found is None:
        coords, occ = game.board.coords, game.occ
        duty = obligation(game, u)
        found = {h: A.move(u.id, coords[h]) for h in sorted(reach(game, u))
                 if occ[h] < 0 and (duty is None or h in duty)}
        game._cache[key] = found
    return found


def move_options(game: SkirmishState, u: Unit) -> list[A.Move]:
    """The Moves `legal_actions` lists for own, non-fresh unit `u`."""
    return list(move_list(game, u).acts) if may_move(game, u) else []


def unit_reason(game: SkirmishState, seat: int, uid: object) -> str | None:
    """E-2 `unknown_unit`, `not_your_unit`, `unit_fresh`: the checks every unit action starts with."""
    if not isinstance(uid, int) or isinstance(uid, bool) or uid not in game.units:
        return NS + "unknown_unit"
    u = game.units[uid]
    if u.faction != seat:
        return NS + "not_your_unit"
    if u.fresh:
        return NS + "unit_fresh"
    return None


def move_reason(game: SkirmishState, seat: int, action: A.Move) -> str | None:
    """E-2 for `move`: legal iff the destination is one of `move_list`'s; otherwise the
    first failing check in E-2's order says why."""
    why = unit_reason(game, seat, action.unit)
    if why:
        return why
    u = game.units[action.unit]
    if u.attacked and not can_move_after_attack(game, u):
        return NS + "attacked_cannot_move"
    b = game.board
    h = b.index(action.to)
    if h != OFF:
        hexes = move_list(game, u).hexes
        i = bisect_left(hexes, h)
        if i < len(hexes) and hexes[i] == h:
            return None
    if h == u.hex:
        return NS + "same_hex"
    if h != OFF:
        if game.occ[h] >= 0:
            return "not_empty"
        if b.neutral[h] and not b.neutral[u.hex]:
            return NS + "neutral_territory"
        k = b.city_at[h]
        if (k >= 0 and game.city_owner[k] != NEUTRAL and game.city_hostile(k, seat)
                and game.city_siege[k] < b.siege_rounds):
            return NS + "enemy_city"
    if h == OFF or h not in destinations(game, u):
        return NS + "unreachable"
    return NS + "must_leave_neutral"
