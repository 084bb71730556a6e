"""Combat (K-1..K-6, C-5): who may strike whom, the hit-resolution order as one function,
and the `attack` action (its legal targets, its refusals and its effect).

`plan_strike` walks K-4 steps 1-8 for one hit (an attack or a counterattack) without changing
the state: it returns a `Strike` saying whether the hit was voided, who takes it (Cover), the
damage after every reduction, the ward used, the feasible push and the events so far. Chance
checks go through the `roll` callback, so the same code serves the real game (the state's RNG)
and forecasts (`outcomes` enumerates every roll branch with its probability).
"""

from __future__ import annotations

from functools import partial
from typing import Any, Callable

from game.core.protocol import Event
from game.skirmish import actions as A
from game.skirmish import events as E
from game.skirmish.board import FREE, NEUTRAL, OFF, Board
from game.skirmish.cities import check_domination, strike_city
from game.skirmish.constants import (
    ARCHER, ARROW_RAIN_STEP, CAVALRY, CHANCE, CHARGE_BONUS, COMBINED_ARMS_BONUS,
    FISH_SCALE_DIVISOR, HEAVY_BOW_BONUS, HEAVY_REDUCTION, HOLLOW_SQUARE_REDUCTION, INFANTRY,
    LONGBOW_RANGE, PLUNDER_KILL_HP, PURSUIT_MP, SINGLE_LINE_BONUS, SOLID_SQUARE_BONUS,
    SURPRISE_REDUCTION, UNIT_TYPES, UNITS,
)
from game.skirmish.effects import check_formations, heal, remove_unit
from game.skirmish.movement import first, hostile_units, unit_reason
from game.skirmish.state import SkirmishState, Unit

NS = "skirmish."

Roller = Callable[[str, int, int], tuple[int, bool]]   # (kind, p, unit) -> (value, success)


class Strike:
    """The plan of one hit (K-4 steps 1-8)."""

    __slots__ = ("void", "raw", "defender", "covered", "damage", "ward", "push", "events")

    def __init__(self) -> None:
        self.void = False
        self.raw = 0
        self.defender = -1          # unit id taking the hit (the cover infantry if covered)
        self.covered = False
        self.damage = 0
        self.ward = ""              # "", "pavise" or "formation"
        self.push = OFF             # C2: feasible push hex of the declared target
        self.events: list = []


# ---- who may strike ------------------------------------------------------------------------
# What a unit may strike depends on its class and its faction's skills alone (fixed during
# play): these three say it once, for `attack_range`, `sails`, `pursuit_possible` and the
# per-class table `strike_rules` keeps.
def class_range(kind: str, skills: frozenset[str]) -> int:
    """U-1 range, + A1 Longbow for archers."""
    r = UNITS[kind].range
    if kind == ARCHER and "A1" in skills:
        r += LONGBOW_RANGE
    return r


def class_sails(kind: str, skills: frozenset[str]) -> bool:
    """M-3: I10 (infantry) / A11 (archers) strike from water."""
    return (kind == INFANTRY and "I10" in skills) or (kind == ARCHER and "A11" in skills)


def class_pursues(kind: str, skills: frozenset[str]) -> bool:
    """C9 / D24: cavalry that may buy an attack with PURSUIT_MP once it has none left."""
    return kind == CAVALRY and "C9" in skills


def attack_range(game: SkirmishState, unit: Unit) -> int:
    """U-1 range, + A1 Longbow for archers (`class_range`)."""
    return class_range(unit.type, game.skills[unit.faction])


def sails(game: SkirmishState, unit: Unit) -> bool:
    """M-3: I10 (infantry) / A11 (archers) strike from water (`class_sails`)."""
    return class_sails(unit.type, game.skills[unit.faction])


def strikes_from(b: Board, h: int, sailor: bool) -> bool:
    """M-3 and N-3: not from water (unless `sailor`: `class_sails`), never from neutral
    territory."""
    return not b.neutral[h] and (not b.water[h] or sailor)


def can_strike_from(game: SkirmishState, unit: Unit, h: int) -> bool:
    """M-3 and N-3 for `unit` on hex h (`strikes_from`)."""
    return strikes_from(game.board, h, sails(game, unit))


def pursuit_possible(game: SkirmishState, unit: Unit) -> bool:
    """C9 / D24: a cavalry unit with no attacks left buys one with PURSUIT_MP."""
    return class_pursues(unit.type, game.skills[unit.faction]) and unit.mp_left >= PURSUIT_MP


def is_target(game: SkirmishState, seat: int, h: int) -> bool:
    """K-1: a hostile unit, or an empty hostile city."""
    uid = game.occ[h]
    if uid >= 0:
        return game.hostile(seat, game.units[uid].faction)
    k = game.board.city_at[h]
    return k >= 0 and game.city_hostile(k, seat)


def hostile_targets(game: SkirmishState, seat: int) -> frozenset[int]:
    """K-1: every hex `seat` could strike from somewhere (hostile units, empty hostile
    cities). A hostile city holds no unit or a hostile one, so the set only changes with
    hostile units, cities and blocs (`bloc_stamp`): it is kept until then."""
    key = ("targets", seat)
    stamp = game._stamps[seat]          # bloc_stamp, read directly (asked very often)
    entry = game._searches.get(key)
    if entry is not None and entry[0] == stamp:
        return entry[1]
    occ = game.occ
    hexes = set(map(first, hostile_units(game, seat)))
    for h in hostile_cities(game, seat):
        if occ[h] < 0:
            hexes.add(h)
    found = frozenset(hexes)
    game._searches[key] = (stamp, found)
    return found


def hostile_cities(game: SkirmishState, seat: int) -> tuple[int, ...]:
    """The hexes of the cities `seat` may strike and capture (`city_hostile`), in map order.
    They depend only on the cities' owners and the overlords, which change seldom, while
    `hostile_targets` is asked again whenever a hostile unit moves: kept per board under
    those (a city_hostile call per city had been 1 % of the instructions of random play;
    kept: -0.5 %, 20 random games)."""
    b = game.board
    key = (seat, tuple(game.city_owner), tuple(game.overlord))
    found = b.hostile_cities.get(key)
    if found is None:
        if len(b.hostile_cities) >= 10_000:
            b.hostile_cities.clear()
        found = b.hostile_cities[key] = tuple(spec.hex for k, spec in enumerate(b.cities)
                                              if game.city_hostile(k, seat))
    return found


def strike_rules(game: SkirmishState,
                 faction: int) -> tuple[int, frozenset[int], dict[str, tuple[Any, ...]]]:
    """What the attack options of a unit of `faction` read besides its own fields, as one
    tuple: the faction's `bloc_stamp` it is valid for, the `hostile_targets`, and per unit
    class `(attack_range, sails, may buy a C9 pursuit, per-hex strike disks)`
    (`strike_classes`). Kept per faction
    until the stamp changes, so `attack_options`, asked whenever a unit's options are
    rebuilt, reads one dict entry instead of asking five helpers."""
    key = faction   # kept under the faction alone (an int key, no tuple: `attack_options`)
    stamp = game._stamps[faction]
    entry = game._searches.get(key)
    if entry is not None and entry[0] == stamp:
        return entry
    skills = game.skills[faction]
    b = game.board
    classes = b.strike_classes.get(skills) or strike_classes(b, skills)
    entry = (stamp, hostile_targets(game, faction), classes)
    game._searches[key] = entry
    return entry


def _class_rules(skills: frozenset[str]) -> dict[str, tuple[int, bool, bool]]:
    """Per unit class, for a faction with `skills`: `attack_range`, `sails`, and whether
    `pursuit_possible` may hold (C9 cavalry), remembered in `_CLASS_RULES`."""
    found = {kind: (class_range(kind, skills), class_sails(kind, skills), class_pursues(kind, skills))
             for kind in UNIT_TYPES}
    if len(_CLASS_RULES) >= 1_000:
        _CLASS_RULES.clear()
    _CLASS_RULES[skills] = found
    return found


def strike_classes(b: Board, skills: frozenset[str]) -> dict[str, tuple[Any, ...]]:
    """`_class_rules` on board `b` (kept there): per unit class `(attack_range, sails, C9,
    per hex the hexes in range that it may strike from there)`, the last `disk_set` where
    `strikes_from` allows striking (M-3, N-3) and empty elsewhere: `attack_options` reads
    one entry instead of calling both (-0.9 % instructions, 20 random games). The per-hex
    tables depend on the range and sailing only, so skill sets share them."""
    found = {}
    tables = b.strike_disks
    for kind, (r, water, pursuit) in (_CLASS_RULES.get(skills) or _class_rules(skills)).items():
        disks = tables.get((r, water))
        if disks is None:
            none: frozenset[int] = frozenset()
            disks = tables[(r, water)] = tuple([b.disk_set(h, r) if strikes_from(b, h, water)
                                                else none for h in range(b.size)])
        found[kind] = (r, water, pursuit, disks)
    if len(b.strike_classes) >= 1_000:
        b.strike_classes.clear()
    b.strike_classes[skills] = found
    return found


# What a class may strike from and how far depends only on its faction's skills, fixed
# during play: worked out once per skill set (bounded: cleared when it grows large).
_CLASS_RULES: dict[frozenset[str], dict[str, tuple[int, bool, bool]]] = {}


def targets_from(game: SkirmishState, unit: Unit, h: int) -> list[int]:
    """Hexes `unit` standing on `h` may strike (range and target kind only), in hex order."""
    _, targets, classes = strike_rules(game, unit.faction)
    disk = game.board.disk_set(h, classes[unit.type][0])
    # most units have nothing in range: no set is built for them
    return [] if targets.isdisjoint(disk) else sorted(targets & disk)


def counter_source(game: SkirmishState, y: Unit, x: Unit, x_hex: int, pursuit: bool) -> bool:
    """K-5 (a), (c), (d): `y` strikes back at `x` (who attacked from `x_hex`)."""
    if x.type == ARCHER:
        return False
    skills = game.skills[y.faction]
    b = game.board
    source = (y.defensive or y.multi_line or pursuit
              or (y.type == INFANTRY and "I5" in skills and b.city_at[y.hex] >= 0))
    if not source or not can_strike_from(game, y, y.hex):
        return False
    return b.distance(y.hex, x_hex) <= attack_range(game, y)


def adjacent_own(game: SkirmishState, unit: Unit, h: int, kind: str) -> bool:
    """A unit of `kind` of the same faction (not `unit` itself) next to hex h."""
    occ, units = game.occ, game.units
    for n in game.board.adj[h]:
        uid = occ[n]
        if uid >= 0 and uid != unit.id:
            other = units[uid]
            if other.faction == unit.faction and other.type == kind:
                return True
    return False


def combined_arms(game: SkirmishState, unit: Unit, h: int) -> bool:
    """I11 (infantry next to own cavalry) / C8 (cavalry next to own infantry)."""
    skills = game.skills[unit.faction]
    if unit.type == INFANTRY and "I11" in skills:
        return adjacent_own(game, unit, h, CAVALRY)
    if unit.type == CAVALRY and "C8" in skills:
        return adjacent_own(game, unit, h, INFANTRY)
    return False


def push_target(game: SkirmishState, x: Unit, x_hex: int, y: Unit) -> int:
    """C2 / D29: the push hex if the push is possible, else OFF."""
    b = game.board
    if y.type == INFANTRY and "I6" in game.skills[y.faction]:
        return OFF
    p = b.push_hex(x_hex, y.hex)
    if p == OFF:
        return OFF
    occupant = game.occ[p]
    if occupant >= 0 and occupant != x.id:
        return OFF
    k = b.city_at[p]
    if k >= 0:
        owner = game.city_owner[k]
        if owner == NEUTRAL or owner == FREE or game.hostile(owner, y.faction):
            return OFF
    return p


def cover_for(game: SkirmishState, y: Unit, raw: int) -> Unit | None:
    """I12 / D22: the infantry that takes a hit meant for archer `y`, per the cover policy."""
    if y.type != ARCHER or "I12" not in game.skills[y.faction]:
        return None
    policy = game.cover[y.faction]
    if policy == "never" or (policy == "lethal" and (raw < y.hp or y.pavise_ward)):
        return None
    best: Unit | None = None
    for n in game.board.adj[y.hex]:
        uid = game.occ[n]
        if uid < 0:
            continue
        u = game.units[uid]
        if u.faction == y.faction and u.type == INFANTRY:
            if best is None or (u.hp, -u.id) > (best.hp, -best.id):
                best = u
    return best


# ---- K-4 -------------------------------------------------------------------------------------
def plan_strike(game: SkirmishState, x: Unit, x_hex: int, y: Unit, roll: Roller, *,
                counter: bool, moved: bool, arrow_k: int = 1) -> Strike:
    """K-4 steps 1-8 for `x` (on `x_hex`) hitting the declared target `y`; no state change.

    `moved`: x moved this turn (C2 Charge); `arrow_k`: this is the k-th attack by the
    faction's archers on `y` this turn (A12).
    """
    b = game.board
    xs = game.skills[x.faction]
    out = Strike()
    out.defender = y.id
    ev = out.events
    # 1. terrain penalty
    if ((x.type == ARCHER and b.archer_penalty[y.hex] and "A10" not in xs)
            or (x.type == CAVALRY and b.cavalry_penalty[y.hex] and "C3" not in xs)):
        value, success = roll("terrain_void", CHANCE["terrain_void"], y.id)
        ev.append(E.Roll("terrain_void", value, CHANCE["terrain_void"], success, y.id))
        if success:
            out.void = True
            ev.append(E.Void(x.id, y.id))
            return out
    # 2. push feasibility, then raw damage
    d = UNITS[x.type].attack
    if combined_arms(game, x, x_hex):
        d += COMBINED_ARMS_BONUS
    if counter:
        if x.type == INFANTRY and "I6" in xs and y.type == CAVALRY:
            d += SOLID_SQUARE_BONUS
    else:
        if x.single_line:
            d += SINGLE_LINE_BONUS
        if x.heavy_bow:
            d += HEAVY_BOW_BONUS
        if x.type == ARCHER and "A12" in xs:
            d += (arrow_k - 1) * ARROW_RAIN_STEP
        if x.type == CAVALRY and "C2" in xs and moved and b.distance(x_hex, y.hex) == 1:
            out.push = push_target(game, x, x_hex, y)
            if out.push == OFF:
                d += CHARGE_BONUS
    out.raw = d
    # 3. cover
    target = y
    if not counter:
        cover = cover_for(game, y, d)
        if cover is not None:
            target = cover
            out.covered = True
            out.defender = cover.id
            ev.append(E.Covered(y.id, b.col_row(y.hex), cover.id, b.col_row(cover.hex)))
    ts = game.skills[target.faction]
    # 4. surprise
    if counter and target.type == CAVALRY and "C10" in ts:
        d = max(0, d - SURPRISE_REDUCTION)
    # 5. fish scale
    if target.type == ARCHER and "A9" in ts and d > 0:
        half, odd = divmod(d, FISH_SCALE_DIVISOR)
        d = half
        if odd:
            value, success = roll("fish_scale", CHANCE["fish_scale"], target.id)
            ev.append(E.Roll("fish_scale", value, CHANCE["fish_scale"], success, target.id))
            if not success:
                d += 1
    # 6. hollow square
    if target.type == INFANTRY and "I7" in ts and target.defensive and x.type == ARCHER and d > 0:
        value, success = roll("hollow_square", CHANCE["hollow_square"], target.id)
        ev.append(E.Roll("hollow_square", value, CHANCE["hollow_square"], success, target.id))
        if success:
            d = max(0, d - HOLLOW_SQUARE_REDUCTION)
    # 7. heavy
    if d > 0 and ((target.type == INFANTRY and "I9" in ts) or (target.type == CAVALRY and "C1" in ts)):
        value, success = roll("heavy", CHANCE["heavy"], target.id)
        ev.append(E.Roll("heavy", value, CHANCE["heavy"], success, target.id))
        if success:
            d = max(0, d - HEAVY_REDUCTION)
    # 8. ward
    if d > 0:
        if target.pavise_ward:
            out.ward = "pavise"
            ev.append(E.WardUsed(target.id, b.col_row(target.hex), "pavise", 0))
            d = 0
        else:
            group = game.pool_of(target.id)
            if group is not None and group[1] > 0:
                out.ward = "formation"
                ev.append(E.WardUsed(target.id, b.col_row(target.hex), "formation", group[1] - 1))
                d = 0
    out.damage = d
    return out


class _NeedRoll(Exception):
    pass


def outcomes(game: SkirmishState, x: Unit, x_hex: int, y: Unit, *, counter: bool, moved: bool,
             arrow_k: int = 1) -> list[tuple[float, Strike]]:
    """Every roll branch of `plan_strike` with its probability (they sum to 1)."""
    out: list[tuple[float, Strike]] = []
    pending: list[list[bool]] = [[]]
    while pending:
        script = pending.pop()
        prob = [1.0]
        pos = [0]

        def roll(kind: str, p: int, unit: int) -> tuple[int, bool]:
            i = pos[0]
            if i >= len(script):
                raise _NeedRoll
            pos[0] = i + 1
            success = script[i]
            prob[0] *= p / 100 if success else 1 - p / 100
            return (p if success else p + 1), success

        try:
            strike = plan_strike(game, x, x_hex, y, roll, counter=counter, moved=moved, arrow_k=arrow_k)
        except _NeedRoll:
            pending.append(script + [True])
            pending.append(script + [False])
            continue
        if prob[0] > 0:
            out.append((prob[0], strike))
    return out


def forecast(game: SkirmishState, x: Unit, t: int) -> dict[str, float]:
    """For a screen (section 19): what an attack by `x` (where it stands) on hex t may do.

    Returns the chance the hit is voided, the expected damage to whoever takes it, the chance
    the declared target dies, the chance of a counterattack and its expected damage to `x`.
    Strikes on empty cities give zeros.
    """
    out = {"void": 0.0, "damage": 0.0, "kill": 0.0, "counter": 0.0, "counter_damage": 0.0}
    uid = game.occ[t]
    if uid < 0:
        return out
    y = game.units[uid]
    pursuit = x.attacks_left <= 0
    arrow_k = game.arrow_rain.get(y.id, 0) + 1 if x.type == ARCHER else 1
    for p, s in outcomes(game, x, x.hex, y, counter=False, moved=x.moved, arrow_k=arrow_k):
        alive = True
        if s.void:
            out["void"] += p
        else:
            taker = game.units[s.defender]
            out["damage"] += p * min(s.damage, taker.hp)
            if taker is y and s.damage >= y.hp:
                out["kill"] += p
                alive = False
        if alive and s.push == OFF and counter_source(game, y, x, x.hex, pursuit):
            out["counter"] += p
            for q, c in outcomes(game, y, y.hex, x, counter=True, moved=False):
                if not c.void:
                    out["counter_damage"] += p * q * min(c.damage, x.hp)
    return out


# ---- the attack action: one source for its legality ---------------------------------------------
def attack_options(game: SkirmishState, u: Unit) -> list[A.Attack]:
    """The Attacks `legal_actions` lists for own, non-fresh unit `u` (which keeps them while
    the unit and the targets do not change): K-1, K-3 (an attack left, or a C9 pursuit),
    M-3 and N-3 (`strikes_from`, in `strike_classes`' per-hex table) for where it stands, then
    `targets_from` inlined, all read from the kept `strike_rules` that `attack_reason` reads
    too. Asked about 1.6 times per action in random play: through the five helpers it cost
    1.3 % more instructions."""
    faction = u.faction
    entry = game._searches.get(faction)         # `strike_rules`' entry (-0.4 %)
    if entry is None or entry[0] != game._stamps[faction]:
        entry = strike_rules(game, faction)
    _, targets, classes = entry
    _, _, pursuit, disks = classes[u.type]
    if u.attacks_left <= 0 and not (pursuit and u.mp_left >= PURSUIT_MP):
        return []
    disk = disks[u.hex]                 # empty where it may not strike from (M-3, N-3)
    if targets.isdisjoint(disk):        # most units: nothing in range
        return []
    return A.attacks(u.id, map(game.board.coords.__getitem__, sorted(targets & disk)))


def attack_reason(game: SkirmishState, seat: int, action: A.Attack) -> str | None:
    """E-2 for `attack`: the unit checks, `attack_options`' checks in E-2 order, then the
    target must be one of `targets_from` (out of range first, then not a target)."""
    why = unit_reason(game, seat, action.unit)
    if why:
        return why
    u = game.units[action.unit]
    b = game.board
    if u.attacks_left <= 0 and not pursuit_possible(game, u):
        return NS + "no_attacks_left"
    if b.water[u.hex] and not sails(game, u):
        return NS + "in_water"
    if b.neutral[u.hex]:
        return NS + "in_neutral"
    t = b.index(action.target)
    if t != OFF and t in targets_from(game, u, u.hex):
        return None
    if t == OFF or not 1 <= b.distance(u.hex, t) <= attack_range(game, u):
        return NS + "out_of_range"
    return NS + "invalid_target"


def roll_d100(game: SkirmishState, kind: str, p: int, unit: int) -> tuple[int, bool]:
    """R-1: one d100 check on the game's RNG."""
    value = game.rng.randint(1, 100)
    return value, value <= p


def do_attack(game: SkirmishState, seat: int, action: A.Attack) -> list[Event]:
    """K-4 for the attack, C-5 siege, then K-5 counterattack; W-2 after any death."""
    u = game.units[action.unit]
    b = game.board
    t = b.index(action.target)
    pursuit = u.attacks_left <= 0
    if pursuit:
        u.mp_left -= PURSUIT_MP
    else:
        u.attacks_left -= 1
    u.attacked = True
    y = game.unit_at(t)
    k = b.city_at[t]
    siege = k >= 0 and game.city_hostile(k, seat)
    events: list[Event] = [E.AttackMade(u.id, b.coords[u.hex], b.coords[t], y.id if y else -1,
                                        pursuit, PURSUIT_MP if pursuit else 0, u.attacks_left)]

    roll = partial(roll_d100, game)     # (kind, p, unit) -> (value, success): no frame
    if y is not None:
        arrow_k = 1
        if u.type == ARCHER:
            arrow_k = game.arrow_rain.get(y.id, 0) + 1
            game.arrow_rain[y.id] = arrow_k
        strike = plan_strike(game, u, u.hex, y, roll, counter=False, moved=u.moved, arrow_k=arrow_k)
        resolve(game, u, y, strike, False, events)
    if siege:
        strike_city(game, k, seat, events)
    if (y is not None and y.id in game.units and u.id in game.units
            and counter_source(game, y, u, u.hex, pursuit)):
        events.append(E.Counterattack(y.id, b.coords[y.hex], u.id, b.coords[u.hex]))
        strike = plan_strike(game, y, y.hex, u, roll, counter=True, moved=False)
        resolve(game, y, u, strike, True, events)
    check_domination(game, events)
    return events


def resolve(game: SkirmishState, x: Unit, declared: Unit, strike: Strike, counter: bool,
            events: list[Event]) -> None:
    """K-4 steps 8-10: apply a planned hit."""
    events.extend(strike.events)
    if strike.void:
        return
    b = game.board
    target = game.units[strike.defender]
    if strike.ward == "pavise":
        target.pavise_ward = False
    elif strike.ward == "formation":
        group = game.pool_of(target.id)
        if group is not None:
            group[1] -= 1
    d = strike.damage
    target.hp -= d
    killed = target.hp <= 0
    if d > 0 and not killed and x.type == ARCHER and "A3" in game.skills[x.faction]:
        target.suppression += 1
    events.append(E.Damage(target.id, b.coords[target.hex], d, strike.raw, target.hp,
                           target.suppression))
    if killed:
        events.append(E.Killed(target.id, b.coords[target.hex], x.id))
        remove_unit(game, target)
    if not counter:
        if strike.push != OFF and declared.id in game.units:
            src = declared.hex
            game.occ[src] = -1
            declared.hex = strike.push
            game.occ[strike.push] = declared.id
            game.unit_changed(declared, src)
            events.append(E.Pushed(declared.id, b.coords[src], b.coords[strike.push]))
        if killed and x.type == CAVALRY and "C6" in game.skills[x.faction]:
            x.attacks_left += 1
            events.append(E.Reaped(x.id, x.attacks_left))
    if killed and x.type == CAVALRY and "C12" in game.skills[x.faction]:
        heal(game, x, PLUNDER_KILL_HP, "plunder", events)
    check_formations(game, target.faction, events)
    if declared.faction != target.faction:
        check_formations(game, declared.faction, events)
