"""Skirmish rules: legality and effects of every action, the turn structure, and the Ruleset.

One source of legality: `_reason` says why an action is refused (or None), `apply` calls it
before changing anything (E-1), and `legal_actions` enumerates exactly what `_reason` accepts
(a property test checks the two against each other). Reasons follow the order of E-2.
Movement lives in `movement.py`, hit resolution in `combat.py`; this module wires them into
turns (P-0..P-5), cities (C), neutral territory (N), vassals (V) and victory (W).
"""

from __future__ import annotations

from itertools import combinations
from typing import Callable

from game.core.errors import IllegalAction
from game.core.paths import resource_path
from game.core.protocol import Action, Event, Ruleset, Setup
from game.core.rng import Rng
from game.skirmish import actions as A
from game.skirmish import events as E
from game.skirmish.board import FREE, NEUTRAL, OFF, read_board, skills_reason
from game.skirmish.combat import (
    attack_range, can_strike_from, counter_source, forecast, is_target, plan_strike,
    pursuit_possible, sails, targets_from,
)
from game.skirmish.constants import (
    ARCHER, CAVALRY, COVER_POLICIES, DEFAULT_COVER_POLICY, FORMATION_OFFSET, HEAL,
    HUNTERS_DISCOUNT, INFANTRY, LEVY_DISCOUNT, MIN_COST, NOMADS_DISCOUNT, PLUNDER_CAPTURE_HP,
    PLUNDER_KILL_HP, PURSUIT_MP, SKILL_CODES, SKILLS, UNIT_TYPES, UNITS, VOUCHER_TYPES,
)
from game.skirmish.movement import (
    allowance, best_path, can_move_after_attack, destinations, reach,
)
from game.skirmish.state import Phase, SkirmishState, Unit

PHASE_ALLOWS: dict[Phase, frozenset[type]] = {
    Phase.PICK: frozenset({A.PickSkills}),
    Phase.PLAY: frozenset({A.Move, A.Attack, A.Produce, A.Dismount, A.SetCoverPolicy, A.EndTurn}),
    Phase.OVER: frozenset(),
}
_SKILL_ORDER = {code: i for i, code in enumerate(SKILL_CODES)}
_NS = "skirmish."


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


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


class SkirmishGame(SkirmishState):
    """A Skirmish game: the protocol methods over `SkirmishState`'s data."""

    # ---- protocol -----------------------------------------------------------------------
    def to_move(self) -> list[int]:
        return [] if self.phase is Phase.OVER else [self.current]

    def legal_actions(self, seat: int) -> list[Action]:
        if self.phase is Phase.OVER or seat != self.current:
            return []
        if self.phase is Phase.PICK:
            return self._legal_picks(seat)
        b = self.board
        coords = b.coords
        out: list[Action] = []
        for uid in sorted(self.units):
            u = self.units[uid]
            if u.faction != seat or u.fresh:
                continue
            if u.mp_left > 0 and (not u.attacked or can_move_after_attack(self, u)):
                out.extend(A.Move(uid, coords[h]) for h in sorted(self.move_options(u)))
            if self._may_attack(u):
                out.extend(A.Attack(uid, coords[t]) for t in sorted(targets_from(self, u, u.hex)))
            if u.type == CAVALRY and "C5" in self.skills[seat]:
                out.append(A.Dismount(uid))
        funds = self.funds[seat]
        for k, spec in enumerate(b.cities):
            if self.city_owner[k] != seat or self.occ[spec.hex] >= 0:
                continue
            at = coords[spec.hex]
            out.extend(A.Produce(at, kind) for kind in UNIT_TYPES
                       if unit_cost(self, seat, kind) <= funds)
            if self.city_voucher[k] == seat:
                out.extend(A.Produce(at, kind, True) for kind in VOUCHER_TYPES)
        if "I12" in self.skills[seat]:
            out.extend(A.SetCoverPolicy(p) for p in COVER_POLICIES if p != self.cover[seat])
        if not self.trespass_pending(seat):
            out.append(A.END_TURN)
        return out

    def apply(self, seat: int, action: Action) -> list[Event]:
        reason = self._reason(seat, action)
        if reason is not None:
            raise IllegalAction(reason, action=action.type_name, seat=seat)
        events = _EFFECTS[type(action)](self, seat, action)
        self._cache.clear()
        return events

    def reason(self, seat: int, action: Action) -> str | None:
        """Why `action` by `seat` would be refused now, or None if it is legal."""
        return self._reason(seat, action)

    def touch(self) -> None:
        """Forget derived data after a direct change of the state (scenario builders)."""
        self._cache.clear()

    # ---- queries for screens and agents ---------------------------------------------------
    def move_options(self, u: Unit) -> list[int]:
        """Legal Move destinations of `u` now, N-4 obligations included."""
        dests = destinations(self, u)
        if self.board.neutral[u.hex]:
            allowed = self.obligation(u)
            if allowed is not None:
                return [h for h in dests if h in allowed]
        return dests

    def obligation(self, u: Unit) -> set[int] | None:
        """N-4: the hexes a trespasser's Moves must end on, or None when it has no duty."""
        b = self.board
        if not b.neutral[u.hex]:
            return None
        movable = not u.fresh and (not u.attacked or can_move_after_attack(self, u))
        dests = destinations(self, u) if movable else []
        out = {h for h in dests if not b.neutral[h]}
        if out:
            return out                                           # (a)
        full = allowance(self, u, suppressed=False)

        def exit_ready(x: int) -> bool:
            return any(not b.neutral[h] for h in destinations(self, u, x, full))

        if not dests or exit_ready(u.hex):
            return None                                          # (c) or already ready
        ready = {h for h in dests if exit_ready(h)}
        return ready or None                                     # (b) / (c)

    def trespass_pending(self, seat: int) -> bool:
        """N-4: some unit of `seat` still has to leave (or get ready to leave) neutral land."""
        key = f"trespass{seat}"
        found = self._cache.get(key)
        if found is None:
            neutral = self.board.neutral
            found = any(u.faction == seat and neutral[u.hex] and self.obligation(u) is not None
                        for u in self.units.values())
            self._cache[key] = found
        return found

    def reachable(self, uid: int) -> dict[tuple[int, int], int]:
        """For a screen: every hex `uid` may pass or stop on -> MP left there."""
        u = self.units[uid]
        coords = self.board.coords
        return {coords[h]: m for h, m in reach(self, u).items()}

    def path(self, uid: int, to: tuple[int, int]) -> list[tuple[int, int]]:
        """For a screen: the M-6 path a Move of `uid` to `to` would walk ([] if none)."""
        h = self.board.index(to)
        if h == OFF or uid not in self.units:
            return []
        found = best_path(self, self.units[uid], h)
        return [self.board.coords[x] for x in found[0]] if found else []

    def cost_of(self, seat: int, kind: str) -> int:
        """C-4: what `seat` pays for a unit of `kind` now."""
        return unit_cost(self, seat, kind)

    def forecast(self, uid: int, target: tuple[int, int]) -> dict[str, float]:
        """For a screen: void chance, expected damage, kill and counter chances (combat.forecast)."""
        return forecast(self, self.units[uid], self.board.index(target))

    def _may_attack(self, u: Unit) -> bool:
        return ((u.attacks_left > 0 or pursuit_possible(self, u))
                and can_strike_from(self, u, u.hex))

    # ---- legality ------------------------------------------------------------------------
    def _reason(self, seat: int, action: Action) -> str | None:
        if self.phase is Phase.OVER:
            return "game_over"
        kind = type(action)
        if kind not in PHASE_ALLOWS[self.phase]:
            return "wrong_phase"
        if seat != self.current:
            return "not_your_turn"
        check = _REASONS.get(kind)
        return check(self, seat, action) if check else None

    def _unit_reason(self, seat: int, uid: object) -> str | None:
        if not _is_int(uid) or uid not in self.units:
            return _NS + "unknown_unit"
        u = self.units[uid]  # type: ignore[index]
        if u.faction != seat:
            return _NS + "not_your_unit"
        if u.fresh:
            return _NS + "unit_fresh"
        return None

    def _move_reason(self, seat: int, action: A.Move) -> str | None:
        why = self._unit_reason(seat, action.unit)
        if why:
            return why
        u = self.units[action.unit]
        b = self.board
        if u.attacked and not can_move_after_attack(self, u):
            return _NS + "attacked_cannot_move"
        h = b.index(action.to)
        if h == u.hex:
            return _NS + "same_hex"
        if h != OFF:
            if self.occ[h] >= 0:
                return "not_empty"
            if b.neutral[h] and not b.neutral[u.hex]:
                return _NS + "neutral_territory"
            k = b.city_at[h]
            if (k >= 0 and self.city_owner[k] != NEUTRAL and self.city_hostile(k, seat)
                    and self.city_siege[k] < b.siege_rounds):
                return _NS + "enemy_city"
        if h == OFF or h not in destinations(self, u):
            return _NS + "unreachable"
        if b.neutral[u.hex]:
            allowed = self.obligation(u)
            if allowed is not None and h not in allowed:
                return _NS + "must_leave_neutral"
        return None

    def _attack_reason(self, seat: int, action: A.Attack) -> str | None:
        why = self._unit_reason(seat, action.unit)
        if why:
            return why
        u = self.units[action.unit]
        b = self.board
        if u.attacks_left <= 0 and not pursuit_possible(self, u):
            return _NS + "no_attacks_left"
        if b.water[u.hex] and not sails(self, u):
            return _NS + "in_water"
        if b.neutral[u.hex]:
            return _NS + "in_neutral"
        t = b.index(action.target)
        if t == OFF or not 1 <= b.distance(u.hex, t) <= attack_range(self, u):
            return _NS + "out_of_range"
        if not is_target(self, seat, t):
            return _NS + "invalid_target"
        return None

    def _produce_reason(self, seat: int, action: A.Produce) -> str | None:
        b = self.board
        if action.kind not in UNIT_TYPES:
            return _NS + "unknown_type"
        h = b.index(action.city)
        k = b.city_at[h] if h != OFF else -1
        if k < 0 or self.city_owner[k] != seat:
            return _NS + "not_your_city"
        if self.occ[h] >= 0:
            return "not_empty"
        if action.voucher is not False:
            if action.voucher is not True or action.kind not in VOUCHER_TYPES:
                return _NS + "voucher_type"
            if self.city_voucher[k] != seat:
                return _NS + "no_voucher"
            return None
        if self.funds[seat] < unit_cost(self, seat, action.kind):
            return "unaffordable"
        return None

    def _dismount_reason(self, seat: int, action: A.Dismount) -> str | None:
        why = self._unit_reason(seat, action.unit)
        if why:
            return why
        if self.units[action.unit].type != CAVALRY:
            return _NS + "not_cavalry"
        if "C5" not in self.skills[seat]:
            return _NS + "no_skill"
        return None

    def _cover_reason(self, seat: int, action: A.SetCoverPolicy) -> str | None:
        if "I12" not in self.skills[seat]:
            return _NS + "no_skill"
        if action.policy not in COVER_POLICIES or action.policy == self.cover[seat]:
            return _NS + "bad_policy"
        return None

    def _end_turn_reason(self, seat: int, action: A.EndTurn) -> str | None:
        return _NS + "trespass_pending" if self.trespass_pending(seat) else None

    def _pick_reason(self, seat: int, action: A.PickSkills) -> str | None:
        chosen = action.skills
        if not isinstance(chosen, tuple) or not all(isinstance(c, str) and c in SKILLS for c in chosen):
            return _NS + "skill_unknown"
        if len(set(chosen)) != len(chosen):
            return _NS + "skill_duplicate"
        spec = self.board.factions[seat]
        if any(c in spec.fixed_skills for c in chosen):
            return _NS + "skill_already_fixed"
        if any(c not in spec.optional_pool for c in chosen):
            return _NS + "skill_not_in_pool"
        if len(chosen) > spec.optional_picks:
            return _NS + "too_many_picks"
        why = skills_reason(frozenset(spec.fixed_skills), frozenset(chosen))
        return _NS + why if why else None

    def _legal_picks(self, seat: int) -> list[Action]:
        spec = self.board.factions[seat]
        fixed = frozenset(spec.fixed_skills)
        pool = sorted(spec.optional_pool, key=_SKILL_ORDER.__getitem__)
        out: list[Action] = []
        for n in range(min(spec.optional_picks, len(pool)) + 1):
            for combo in combinations(pool, n):
                if skills_reason(fixed, frozenset(combo)) is None:
                    out.append(A.PickSkills(combo))
        return out

    # ---- effects: setup -------------------------------------------------------------------
    def _do_pick(self, seat: int, action: A.PickSkills) -> list[Event]:
        chosen = tuple(sorted(action.skills, key=_SKILL_ORDER.__getitem__))
        self.picks[seat] = chosen
        self.picked[seat] = True
        self.skills[seat] = frozenset(self.board.factions[seat].fixed_skills) | frozenset(chosen)
        events: list[Event] = [E.SkillsPicked(seat, chosen, len(chosen))]
        if seat + 1 < self.seats:
            self.current = seat + 1
            return events
        events.append(E.SkillsRevealed(tuple(
            tuple(sorted(s, key=_SKILL_ORDER.__getitem__)) for s in self.skills)))
        self.phase = Phase.PLAY
        self.round = 1
        self._cache.clear()
        return self._advance_from(-1, events)

    # ---- effects: play --------------------------------------------------------------------
    def _do_move(self, seat: int, action: A.Move) -> list[Event]:
        u = self.units[action.unit]
        b = self.board
        dest = b.index(action.to)
        found = best_path(self, u, dest)
        assert found is not None  # _reason checked reachability with the same step rules
        path, mp_left, stopped = found
        start_mp = u.mp_left
        self.occ[u.hex] = -1
        u.hex = dest
        self.occ[dest] = u.id
        u.mp_left = mp_left
        u.moved = True
        k = b.city_at[dest]
        capture = k >= 0 and self.city_hostile(k, seat)
        events: list[Event] = [E.Moved(u.id, tuple(b.coords[h] for h in path), start_mp - mp_left,
                                       0 if capture else mp_left, "capture" if capture else stopped)]
        if capture:
            self._capture(u, k, events)
            self._check_domination(events)
        return events

    def _do_attack(self, seat: int, action: A.Attack) -> list[Event]:
        u = self.units[action.unit]
        b = self.board
        t = b.index(action.target)
        pursuit = u.attacks_left <= 0
        if pursuit:
            u.mp_left -= PURSUIT_MP
        else:
            u.attacks_left -= 1
        u.attacked = True
        y = self.unit_at(t)
        k = b.city_at[t]
        siege = k >= 0 and self.city_hostile(k, seat)
        events: list[Event] = [E.AttackMade(u.id, b.coords[u.hex], b.coords[t], y.id if y else -1,
                                            pursuit, PURSUIT_MP if pursuit else 0, u.attacks_left)]
        if y is not None:
            arrow_k = 1
            if u.type == ARCHER:
                arrow_k = self.arrow_rain.get(y.id, 0) + 1
                self.arrow_rain[y.id] = arrow_k
            strike = plan_strike(self, u, u.hex, y, self._roll, counter=False, moved=u.moved,
                                 arrow_k=arrow_k)
            self._resolve(u, y, strike, False, events)
        if siege:
            self._strike_city(k, seat, events)
        if (y is not None and y.id in self.units and u.id in self.units
                and counter_source(self, y, u, u.hex, pursuit)):
            events.append(E.Counterattack(y.id, b.coords[y.hex], u.id, b.coords[u.hex]))
            strike = plan_strike(self, y, y.hex, u, self._roll, counter=True, moved=False)
            self._resolve(y, u, strike, True, events)
        self._check_domination(events)
        return events

    def _do_produce(self, seat: int, action: A.Produce) -> list[Event]:
        b = self.board
        h = b.index(action.city)
        k = b.city_at[h]
        if action.voucher:
            cost = 0
            self.city_voucher[k] = -1
        else:
            cost = unit_cost(self, seat, action.kind)
            self.funds[seat] -= cost
        u = Unit(self.next_unit_id, seat, action.kind, UNITS[action.kind].hp, h)
        self.next_unit_id += 1
        u.fresh = True
        self.units[u.id] = u
        self.occ[h] = u.id
        return [E.Produced(seat, u.id, action.kind, b.coords[h], cost, bool(action.voucher),
                           self.funds[seat])]

    def _do_dismount(self, seat: int, action: A.Dismount) -> list[Event]:
        u = self.units[action.unit]
        u.type = INFANTRY
        u.hp = UNITS[INFANTRY].hp
        return [E.Dismounted(u.id, self.board.coords[u.hex], u.hp)]

    def _do_cover(self, seat: int, action: A.SetCoverPolicy) -> list[Event]:
        self.cover[seat] = action.policy
        return [E.CoverPolicySet(seat, action.policy)]

    def _do_end_turn(self, seat: int, action: A.EndTurn) -> list[Event]:
        events = self._end_turn(seat)
        return self._advance_from(seat, events)

    # ---- combat effects ---------------------------------------------------------------------
    def _roll(self, kind: str, p: int, unit: int) -> tuple[int, bool]:
        """R-1: one d100 check."""
        value = self.rng.randint(1, 100)
        return value, value <= p

    def _resolve(self, x: Unit, declared: Unit, strike, counter: bool, events: list[Event]) -> None:
        """K-4 steps 8-10: apply a planned hit."""
        events.extend(strike.events)
        if strike.void:
            return
        b = self.board
        target = self.units[strike.defender]
        if strike.ward == "pavise":
            target.pavise_ward = False
        elif strike.ward == "formation":
            group = self.pool_of(target.id)
            if group is not None:
                group[1] -= 1
        d = strike.damage
        target.hp -= d
        killed = target.hp <= 0
        if d > 0 and not killed and x.type == ARCHER and "A3" in self.skills[x.faction]:
            target.suppression += 1
        events.append(E.Damage(target.id, b.coords[target.hex], d, strike.raw, target.hp,
                               target.suppression))
        if killed:
            events.append(E.Killed(target.id, b.coords[target.hex], x.id))
            self._remove(target)
        if not counter:
            if strike.push != OFF and declared.id in self.units:
                src = declared.hex
                self.occ[src] = -1
                declared.hex = strike.push
                self.occ[strike.push] = declared.id
                events.append(E.Pushed(declared.id, b.coords[src], b.coords[strike.push]))
            if killed and x.type == CAVALRY and "C6" in self.skills[x.faction]:
                x.attacks_left += 1
                events.append(E.Reaped(x.id, x.attacks_left))
        if killed and x.type == CAVALRY and "C12" in self.skills[x.faction]:
            self._heal(x, PLUNDER_KILL_HP, "plunder", events)
        self._check_formations(target.faction, events)
        if declared.faction != target.faction:
            self._check_formations(declared.faction, events)

    def _remove(self, u: Unit) -> None:
        self.occ[u.hex] = -1
        del self.units[u.id]
        self.arrow_rain.pop(u.id, None)
        self._cache.clear()

    def _heal(self, u: Unit, amount: int, cause: str, events: list[Event]) -> None:
        gain = min(amount, u.max_hp - u.hp)
        if gain > 0:
            u.hp += gain
            events.append(E.Healed(u.id, self.board.coords[u.hex], gain, u.hp, cause))

    def _check_formations(self, seat: int, events: list[Event]) -> None:
        """I1 / D21: a group with a dead member or split apart loses its whole pool."""
        groups = self.pools[seat]
        if not groups:
            return
        keep = []
        for group in groups:
            members = group[0]
            if all(m in self.units for m in members) and self._connected(members):
                keep.append(group)
            else:
                events.append(E.FormationLost(seat, tuple(sorted(members))))
        self.pools[seat] = keep

    def _connected(self, members: tuple[int, ...]) -> bool:
        hexes = {self.units[m].hex for m in members}
        start = next(iter(hexes))
        seen, stack = {start}, [start]
        adj = self.board.adj
        while stack:
            for n in adj[stack.pop()]:
                if n in hexes and n not in seen:
                    seen.add(n)
                    stack.append(n)
        return len(seen) == len(hexes)

    # ---- cities, elimination, victory ---------------------------------------------------------
    def _strike_city(self, k: int, seat: int, events: list[Event]) -> None:
        """C-5 / C-6: the first strike on a city in a round raises its siege."""
        b = self.board
        at = b.coords[b.cities[k].hex]
        counted = not self.city_hit[k]
        if counted:
            self.city_hit[k] = True
            self.city_siege[k] += 1
        events.append(E.CityStruck(at, seat, self.city_siege[k], counted))
        if counted and self.city_siege[k] == b.siege_rounds:
            events.append(E.Breached(at, self.city_siege[k]))

    def _capture(self, u: Unit, k: int, events: list[Event]) -> None:
        """C-7, then V-1 if the previous owner lost its last city."""
        b = self.board
        previous = self.city_owner[k]
        voucher_lost = self.city_voucher[k] >= 0
        self.city_owner[k] = u.faction
        self.city_siege[k] = 0
        self.city_hit[k] = False
        self.city_voucher[k] = -1
        u.mp_left = 0
        events.append(E.Captured(b.coords[b.cities[k].hex], u.id, u.faction, previous, voucher_lost))
        if u.type == CAVALRY and "C12" in self.skills[u.faction]:
            self._heal(u, PLUNDER_CAPTURE_HP, "plunder", events)
        if previous >= 0 and previous not in self.city_owner:
            self._eliminate(previous, u.faction, events)

    def _eliminate(self, loser: int, by: int, events: list[Event]) -> None:
        """V-3 / V-4: the loser becomes a vassal of the capturer's root and gets back the home
        cities the capturer holds, each with a voucher."""
        lord = self.root(by)
        freed = tuple(s for s in range(self.seats) if self.overlord[s] == loser)
        for s in freed:
            self.overlord[s] = -1
        self.overlord[loser] = lord
        self._cache.clear()
        events.append(E.Eliminated(loser, by, lord, freed))
        b = self.board
        for k, spec in enumerate(b.cities):
            if spec.home == loser and self.city_owner[k] == by:
                self.city_owner[k] = loser
                self.city_siege[k] = 0
                self.city_hit[k] = False
                self.city_voucher[k] = loser
                events.append(E.Restored(b.coords[spec.hex], loser, by))

    def _check_domination(self, events: list[Event]) -> None:
        """W-2: every faction still in the game belongs to one bloc."""
        if self.phase is Phase.OVER:
            return
        alive = [s for s in range(self.seats) if not self.defunct(s)]
        roots = {self.root(s) for s in alive}
        if len(roots) == 1:
            self._finish(events, (roots.pop(),), "domination")

    def ranking(self) -> list[tuple]:
        """W-4 keys per seat: VP, root above vassal, own cities, unit HP, funds."""
        vp = self.vp()
        hp = [0] * self.seats
        for u in self.units.values():
            hp[u.faction] += u.hp
        return [(vp[s], 1 if self.overlord[s] < 0 else 0, self.cities_of(s), hp[s], self.funds[s])
                for s in range(self.seats)]

    def _finish(self, events: list[Event], winners: tuple[int, ...], reason: str) -> None:
        self.phase = Phase.OVER
        self.winners = winners
        self.end_reason = reason
        events.append(E.GameOver(winners, tuple(self.vp()), reason))

    # ---- turn structure -----------------------------------------------------------------------
    def _own_units(self, seat: int) -> list[Unit]:
        return [self.units[k] for k in sorted(self.units) if self.units[k].faction == seat]

    def _start_turn(self, seat: int) -> list[Event]:
        """P-2 for `seat`."""
        b = self.board
        events: list[Event] = [E.TurnStarted(seat, self.round)]
        own = self._own_units(seat)
        # 1. until-next-turn statuses end
        for status in ("defensive", "pavise_ward", "multi_line"):
            ended = tuple(u.id for u in own if getattr(u, status))
            for u in own:
                setattr(u, status, False)
            if ended:
                events.append(E.StatusesEnded(seat, status, ended))
        for group in self.pools[seat]:
            events.append(E.StatusesEnded(seat, "formation", tuple(sorted(group[0]))))
        self.pools[seat] = []
        # 2. income (C-2, D11)
        if not (b.skip_first_income and self.round == 1 and seat == 0):
            amount = sum(b.cities[k].income for k, o in enumerate(self.city_owner) if o == seat)
            self.funds[seat] += amount
            events.append(E.Income(seat, amount, self.funds[seat]))
        # 3. healing (C-3, D10)
        roots = self.roots()
        for u in own:
            k = b.city_at[u.hex]
            if k >= 0 and self.city_owner[k] >= 0 and roots[self.city_owner[k]] == roots[seat]:
                self._heal(u, HEAL, "city", events)
        # 4. allowance and counters
        for u in own:
            u.mp_left = allowance(self, u)
            if u.suppression:
                events.append(E.Suppressed(u.id, b.coords[u.hex], u.suppression, u.mp_left))
            u.suppression = 0
            u.attacks_left = 1
            u.moved = u.attacked = u.fresh = False
        # 5. heavy bow (A6, D26) and single line (A7)
        skills = self.skills[seat]
        archers = [u for u in own if u.type == ARCHER]
        if "A6" in skills:
            got = tuple(u.id for u in archers if not u.moved_last_turn)
            for u in archers:
                u.heavy_bow = not u.moved_last_turn
            if got:
                events.append(E.StatusesGained(seat, "heavy_bow", got))
        if "A7" in skills:
            got = tuple(u.id for u in archers if self._next_to_own(u, ARCHER))
            for uid in got:
                self.units[uid].single_line = True
            if got:
                events.append(E.StatusesGained(seat, "single_line", got))
        return events

    def _next_to_own(self, u: Unit, kind: str) -> bool:
        for n in self.board.adj[u.hex]:
            uid = self.occ[n]
            if uid >= 0 and uid != u.id:
                other = self.units[uid]
                if other.faction == u.faction and other.type == kind:
                    return True
        return False

    def _end_turn(self, seat: int) -> list[Event]:
        """P-4 for `seat`."""
        own = self._own_units(seat)
        skills = self.skills[seat]
        events: list[Event] = []
        for u in own:
            u.moved_last_turn = u.moved
        gains: list[tuple[str, tuple[int, ...]]] = []
        if "I4" in skills:
            gains.append(("defensive", tuple(u.id for u in own if u.type == INFANTRY and not u.moved)))
        if "A5" in skills:
            gains.append(("pavise_ward", tuple(u.id for u in own if u.type == ARCHER and not u.moved)))
        if "A8" in skills:
            gains.append(("multi_line", tuple(u.id for u in own
                                              if u.type == ARCHER and self._next_to_own(u, ARCHER))))
        for status, ids in gains:
            for uid in ids:
                setattr(self.units[uid], status, True)
            if ids:
                events.append(E.StatusesGained(seat, status, ids))
        if "I1" in skills:
            self._form_groups(seat, own, events)
        cleared = [("heavy_bow", tuple(u.id for u in own if u.heavy_bow)),
                   ("single_line", tuple(u.id for u in own if u.single_line))]
        for u in own:
            u.heavy_bow = u.single_line = False
            u.mp_left = 0
            u.fresh = False
        for status, ids in cleared:
            if ids:
                events.append(E.StatusesEnded(seat, status, ids))
        self.arrow_rain.clear()
        events.append(E.TurnEnded(seat))
        return events

    def _form_groups(self, seat: int, own: list[Unit], events: list[Event]) -> None:
        """I1: each connected group of >= 2 infantry shares size - offset wards."""
        infantry = {u.hex: u.id for u in own if u.type == INFANTRY}
        seen: set[int] = set()
        adj = self.board.adj
        groups = []
        for h in sorted(infantry, key=lambda x: infantry[x]):
            if h in seen:
                continue
            comp, stack = [h], [h]
            seen.add(h)
            while stack:
                for n in adj[stack.pop()]:
                    if n in infantry and n not in seen:
                        seen.add(n)
                        comp.append(n)
                        stack.append(n)
            pool = len(comp) - FORMATION_OFFSET
            if len(comp) >= 2 and pool > 0:
                members = tuple(sorted(infantry[x] for x in comp))
                groups.append([members, pool])
                events.append(E.Formation(seat, members, pool))
        self.pools[seat] = groups

    def _advance_from(self, seat: int, events: list[Event]) -> list[Event]:
        """P-1: the next non-defunct seat starts its turn; a full cycle ends the round (P-5)."""
        s = seat
        for _ in range(2 * self.seats + 2):
            s += 1
            if s >= self.seats:
                self._end_round(events)
                if self.phase is Phase.OVER:
                    return events
                s = 0
            if not self.defunct(s):
                self.current = s
                events.extend(self._start_turn(s))
                return events
        self._finish(events, self._rank_winners(), "turn_limit")  # nobody left to play
        return events

    def _end_round(self, events: list[Event]) -> None:
        """P-5: siege update (C-6), then W-3."""
        b = self.board
        for k in range(len(self.city_siege)):
            if self.city_siege[k] and not self.city_hit[k]:
                self.city_siege[k] = 0
                events.append(E.SiegeLifted(b.coords[b.cities[k].hex]))
            self.city_hit[k] = False
        events.append(E.RoundEnded(self.round, tuple(self.vp())))
        if self.round >= b.turn_limit:
            self._finish(events, self._rank_winners(), "turn_limit")
        else:
            self.round += 1

    def _rank_winners(self) -> tuple[int, ...]:
        keys = self.ranking()
        best = max(keys)
        return tuple(s for s in range(self.seats) if keys[s] == best)


_EFFECTS: dict[type, Callable[[SkirmishGame, int, Action], list[Event]]] = {
    A.PickSkills: SkirmishGame._do_pick,  # type: ignore[dict-item]
    A.Move: SkirmishGame._do_move,  # type: ignore[dict-item]
    A.Attack: SkirmishGame._do_attack,  # type: ignore[dict-item]
    A.Produce: SkirmishGame._do_produce,  # type: ignore[dict-item]
    A.Dismount: SkirmishGame._do_dismount,  # type: ignore[dict-item]
    A.SetCoverPolicy: SkirmishGame._do_cover,  # type: ignore[dict-item]
    A.EndTurn: SkirmishGame._do_end_turn,  # type: ignore[dict-item]
}
_REASONS: dict[type, Callable[[SkirmishGame, int, Action], str | None]] = {
    A.PickSkills: SkirmishGame._pick_reason,  # type: ignore[dict-item]
    A.Move: SkirmishGame._move_reason,  # type: ignore[dict-item]
    A.Attack: SkirmishGame._attack_reason,  # type: ignore[dict-item]
    A.Produce: SkirmishGame._produce_reason,  # type: ignore[dict-item]
    A.Dismount: SkirmishGame._dismount_reason,  # type: ignore[dict-item]
    A.SetCoverPolicy: SkirmishGame._cover_reason,  # type: ignore[dict-item]
    A.EndTurn: SkirmishGame._end_turn_reason,  # type: ignore[dict-item]
}


def new_state(setup: Setup, board) -> SkirmishGame:
    """A game on `board` for `setup`'s seats: the first N factions of the map take part."""
    n = len(setup.seats)
    units: dict[int, Unit] = {}
    occ = [-1] * board.size
    next_id = 1
    for spec in board.units:
        if spec.faction < n:
            u = Unit(next_id, spec.faction, spec.type, spec.hp, spec.hex)
            units[next_id] = u
            occ[spec.hex] = next_id
            next_id += 1
    owners = [c.owner if c.owner == NEUTRAL or c.owner < n else FREE for c in board.cities]
    factions = board.factions[:n]
    return SkirmishGame(
        setup=setup, board=board, rng=Rng(setup.seed), seats=n,
        units=units, occ=occ, next_unit_id=next_id,
        city_owner=owners, city_siege=[0] * len(owners), city_hit=[False] * len(owners),
        city_voucher=[-1] * len(owners),
        funds=[f.funds for f in factions], overlord=[-1] * n, picked=[False] * n,
        picks=[()] * n, skills=[frozenset(f.fixed_skills) for f in factions],
        cover=[DEFAULT_COVER_POLICY] * n, pools=[[] for _ in range(n)],
    )


class SkirmishRuleset(Ruleset):
    """Skirmish: 2-4 factions on a hex battlefield, open information except skill picks."""

    id = "skirmish"
    min_players = 2
    max_players = 4
    has_hidden_info = True

    def default_map(self) -> str:
        return str(resource_path("maps", "skirmish", "four_banners.tmx"))

    def new_game(self, setup: Setup) -> SkirmishGame:
        self.check_seats(setup.seats)
        setup = self.with_id(setup)
        board = read_board(self.map_path(setup))
        if len(setup.seats) > len(board.factions):
            raise IllegalAction("bad_seat_count", count=len(setup.seats), min=self.min_players,
                                max=len(board.factions))
        return new_state(setup, board)

    def agents(self) -> dict[str, type]:
        from game.skirmish.ai import GreedyAgent
        return {"greedy": GreedyAgent}
