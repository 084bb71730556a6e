"""Turn resolution (T-5.1, T-5.3..5.5): START, RESOLVE phases A..F, END.

Runs inside the `apply` of the last `submit` of a turn and reports everything as events in
the order it happened. Rock Solid and guards live only during one RESOLVE (`_shields`), so
the state between actions never holds them.
"""

from __future__ import annotations

from typing import Any

from game.core.protocol import Event
from game.territory import actions as A
from game.territory import events as E
from game.territory.constants import (
    ATTACK, BUILDING_CODE, BUILDINGS, CAMP, CAPITAL, CITY, DEEP_TIDE_HIT, ECON, GOLD, LAND, NONE,
    RAZE_VALUE, RESOURCES, RUIN, SEA, SIDES, TECH, TOWER, TREASURE_FACES, TREE,
)
from game.territory.orders import BOUND_SPELLS, OrderEntry, Plan
from game.territory.state import GOBLIN, NOBODY, UNDEAD, Order, Phase, Tribe

GRUDGE = (CAMP, CITY, CAPITAL)
BUILD_ORDERS = (A.Build, A.Upgrade, A.Commerce, A.Wall, A.WallUpgrade, A.Tunnel, A.Temple)
DIPLOMACY_OWN = (A.Gift, A.Cede, A.DemandTribute, A.ProposeTrade, A.OfferVassal)
ANSWERS = (A.AnswerTribute, A.AnswerTrade, A.AnswerVassal)


def _amounts(units: list[int] | tuple[int, ...]) -> tuple[int, int, int]:
    out = [0, 0, 0]
    for k in units:
        out[k] += 1
    return (out[0], out[1], out[2])


class Shields:
    """Phase B registrations for one RESOLVE: Rock Solid casters and Diplomacy guards."""

    def __init__(self) -> None:
        self.rock: set[int] = set()
        self.guards: list[list[int]] = []   # [tribe, tile (-1 all), steps left, order id]
        self.registered: set[tuple[int, int]] = set()   # (tribe, order id)


class Resolution(OrderEntry):
    """The RESOLVE / END / START half of the rules (mixed into `TerritoryGame`)."""

    ev: list[Event]
    _shields: Shields | None = None

    def emit(self, event: Event) -> None:
        """Record an event (in the order things happen)."""
        self.ev.append(event)

    # ---- escrow settlement ----------------------------------------------------------------
    def _drop(self, tribe: int, order: Order) -> None:
        orders = self.tribes[tribe].orders
        for k, o in enumerate(orders):
            if o.id == order.id:
                del orders[k]
                return

    def spend(self, tribe: int, order: Order) -> None:
        """T-6.2: the whole escrow of an order is consumed."""
        self._drop(tribe, order)
        units = list(order.escrow) + [u for s in order.steps for u in s.escrow]
        if units:
            self.emit(E.Spent(tribe, order.id, _amounts(units)))

    def void(self, tribe: int, order: Order, reason: str) -> None:
        """T-6.4: no effect, everything refunded at once."""
        self._drop(tribe, order)
        self.emit(E.OrderVoid(tribe, order.id, reason))
        units = list(order.escrow) + [u for s in order.steps for u in s.escrow]
        if units:
            self.emit(E.Refunded(tribe, order.id, self.give_back(tribe, units)))

    def refund_units(self, tribe: int, order_id: int, units: list[int]) -> None:
        """Give escrow units back and report it."""
        if units:
            self.emit(E.Refunded(tribe, order_id, self.give_back(tribe, units)))

    def gain(self, tribe: int, amounts: tuple[int, int, int] | list[int], why: str,
             tile: int = -1, source: int = -1) -> None:
        """Add (or with negative amounts remove) holdings and report why."""
        res = self.tribes[tribe].res
        for k in range(3):
            res[k] += amounts[k]
        if any(amounts):
            self.emit(E.Gained(tribe, (amounts[0], amounts[1], amounts[2]), why, tile, source))

    # ---- tiles ----------------------------------------------------------------------------
    def set_owner(self, tile: int, owner: int, how: str, hostile: int = 0) -> None:
        """Change a tile's owner: capitals become cities, groups nearby show, T-8.2."""
        previous = self.owner[tile]
        self.owner[tile] = owner
        self.hostile[tile] = hostile if owner == UNDEAD else 0
        if owner != GOBLIN:
            self.goblin_site[tile] = -1
        if self.building[tile] == CAPITAL and owner != previous and how not in ("split",):
            self.building[tile] = CITY  # T-11.8 / T-16.1 / T-14.3: capitals never change hands
            self.emit(E.TileChanged(tile, previous, owner, how))
            self.emit(E.Destroyed(tile, "capital", "captured", "city"))
        else:
            self.emit(E.TileChanged(tile, previous, owner, how))
        if owner >= 0:
            self.reveal_around(tile)
            self.tower_rule(owner, tile)

    def reveal_group(self, g: int) -> None:
        """T-14.1: a neutral group becomes visible to all."""
        if not self.revealed[g]:
            self.revealed[g] = True
            group = self.board.groups[g]
            self.emit(E.GroupRevealed(group.name, group.race, group.tiles, group.camps))
            self._cache = {}

    def reveal_around(self, tile: int) -> None:
        """T-14.1: a group shows itself once a tribe owns a tile next to it."""
        board = self.board
        for j in board.adjacent[tile]:
            g = board.group_of[j]
            if g >= 0 and not self.revealed[g] and self.owner[j] in (UNDEAD, GOBLIN):
                self.reveal_group(g)

    def tower_rule(self, tribe: int, tile: int) -> None:
        """T-8.2: a gained tower is lost if the tribe already has one, or is Jungle."""
        if self.building[tile] != TOWER:
            return
        t = self.tribes[tribe]
        other = any(self.owner[i] == tribe and self.building[i] in (TOWER, TREE) and i != tile
                    for i in self.board.land_tiles)
        if t.faction == "jungle" or other:
            self.building[tile] = NONE
            self.emit(E.Destroyed(tile, "tower", "tower_rule"))

    def destroy_all(self, tile: int, why: str) -> None:
        """Meteor / volcano: main building (not the Tree), walls and tunnel end."""
        b = self.building[tile]
        if b not in (NONE, RUIN, TREE):
            left = "ruin" if b in (CITY, CAPITAL) else ""
            self.building[tile] = RUIN if left else NONE
            self.commerce[tile] = False
            self.emit(E.Destroyed(tile, self.building_name(b), why, left))
        for s in range(4):
            if self.walls[tile * 4 + s]:
                self.walls[tile * 4 + s] = 0
                self.emit(E.Destroyed(tile, f"wall_{SIDES[s]}", why))
        other = self.tunnel[tile]
        if other >= 0:
            self.tunnel[tile] = self.tunnel[other] = -1
            self.emit(E.Destroyed(tile, "tunnel", why))

    @staticmethod
    def building_name(b: int) -> str:
        """The name of a building code."""
        return BUILDINGS[b]

    def take_treasure(self, tribe: int, tile: int) -> None:
        """T-15.2: the first tribe to gain the tile digs it up."""
        if not self.treasure[tile]:
            return
        self.treasure[tile] = False
        fixed = self.board.treasures.get(tile)
        die = 0
        if fixed:
            amounts = fixed
        else:
            die = self.rng.die(6)
            amounts = TREASURE_FACES[die - 1]
        self.emit(E.TreasureFound(tribe, tile, die, amounts))
        self.gain(tribe, amounts, "treasure", tile)

    def break_treaty(self, a: int, b: int) -> None:
        """T-16.4: harm by either side ends a Spice Trade at once."""
        if a >= 0 and b >= 0 and b in self.tribes[a].spice:
            del self.tribes[a].spice[b]
            self.tribes[b].spice.pop(a, None)
            self.emit(E.Diplomacy("treaty_broken", a, b))

    def blessed(self, tribe: int) -> bool:
        """T-13.4: a Jungle tribe under its Blessing during this RESOLVE."""
        t = self.tribes[tribe] if tribe >= 0 else None
        return t is not None and t.faction == "jungle" and t.blessed_turn == self.turn

    def forced_attack(self, source: str, tile: int, attack: int) -> bool:
        """T-11.9: an attack without an arrow (no siege, no walls)."""
        defender = self.owner[tile]
        shields = self._shields
        if shields is not None and defender >= 0 and defender in shields.rock:
            self.emit(E.ForcedAttack(source, tile, defender, attack, 0, 0, 0, False, True))
            return False
        d = self.defense(tile, -1, -1, with_walls=False, with_siege=False)
        y = attack - d
        die = 0
        if y <= 0:
            ok = False
        elif y >= 6:
            ok = True
        else:
            die = self.rng.die(6)
            ok = die <= y
        self.emit(E.ForcedAttack(source, tile, defender, attack, d, y, die, ok))
        return ok

    def turn_undead(self, tile: int, how: str, hostile: int) -> None:
        """A tile becomes undead land, hostile to the tribes in `hostile` (T-14.3)."""
        self.set_owner(tile, UNDEAD, how, hostile)

    # ---- RESOLVE ----------------------------------------------------------------------------
    def resolve_turn(self) -> None:
        """T-5.3 then END (T-5.5) then, unless the game is over, START of the next turn."""
        self._cache = {}
        self._resolving = True
        self._shields = Shields()
        players = [s for s in self.submission if self.tribes[s].alive]
        systems = [t.id for t in self.tribes if t.kind == "system" and t.alive]
        self.emit(E.PhaseStarted("A", -1))
        for tid in players + systems:  # D37
            if self.tribes[tid].alive:
                self.phase_a(tid)
        t = self.turn
        self.demands = [d for d in self.demands if d[2] == t]
        self.trades = [d for d in self.trades if d[2] == t]
        self.vassal_offers = [d for d in self.vassal_offers if d[2] == t]
        self.emit(E.PhaseStarted("B", -1))
        for tid in players + systems:
            if self.tribes[tid].alive:
                self.register_shields(tid)
        for tid in players:
            if self.tribes[tid].alive:
                self.emit(E.PhaseStarted("C", tid))
                self.block(tid)
        for tid in systems:
            if self.tribes[tid].alive:
                self.emit(E.PhaseStarted("D", tid))
                self.system_orders(tid)
                self.block(tid)
        self.emit(E.PhaseStarted("E", -1))
        self.undead_phase()
        self.emit(E.PhaseStarted("F", -1))
        for tribe in self.tribes:
            for o in list(tribe.orders):
                units = list(o.escrow) + [u for s in o.steps for u in s.escrow]
                tribe.orders.remove(o)
                self.refund_units(tribe.id, o.id, units)
        self._shields = None
        self.end_turn()
        if self.winners is None:
            self.start_turn()
        self._resolving = False
        self._cache = {}

    # ---- phase A: diplomacy (T-16) ---------------------------------------------------------
    def phase_a(self, tid: int) -> None:
        """T-5.3 A for one tribe: its diplomacy orders, then its answers."""
        tribe = self.tribes[tid]
        t = self.turn
        for o in list(tribe.orders):
            if not tribe.alive:
                return
            a = o.action
            if isinstance(a, A.Gift):
                if self.tribes[a.target].alive:
                    self.spend(tid, o)
                    amounts = [0, 0, 0]
                    amounts[RESOURCES.index(a.resource)] = a.amount
                    self.gain(a.target, amounts, "gift", source=tid)
                else:
                    self.void(tid, o, "T-16.1")
            elif isinstance(a, A.Cede):
                target = self.tribes[a.target]
                if (target.alive and self.owner[a.tile] == tid and any(
                        self.owner[j] == a.target for j in self.board.adjacent[a.tile])):
                    self.spend(tid, o)
                    self.set_owner(a.tile, a.target, "cede")
                    self.take_treasure(a.target, a.tile)
                else:
                    self.void(tid, o, "T-16.1")
            elif isinstance(a, A.DemandTribute):
                if self.tribes[a.target].alive:
                    self.spend(tid, o)
                    self.demands.append((tid, a.target, t))
                    self.emit(E.Diplomacy("demand", tid, a.target))
                    self.break_treaty(tid, a.target)
                else:
                    self.void(tid, o, "T-16.3")
            elif isinstance(a, A.ProposeTrade):
                if self.tribes[a.target].alive and a.target not in tribe.spice:
                    self.spend(tid, o)
                    self.trades.append((tid, a.target, t))
                    self.emit(E.Diplomacy("proposed", tid, a.target))
                else:
                    self.void(tid, o, "T-16.4")
            elif isinstance(a, A.OfferVassal):
                if self.tribes[a.overlord].alive:
                    self.spend(tid, o)
                    self.vassal_offers.append((tid, a.overlord, t))
                    self.emit(E.Diplomacy("offered", tid, a.overlord))
                else:
                    self.void(tid, o, "T-16.2")
        if tribe.alive:
            self.answers(tid)

    def _answer(self, tid: int, kind: type, who: int) -> Order | None:
        for o in self.tribes[tid].orders:
            a = o.action
            if type(a) is kind and (a.demander if kind is A.AnswerTribute else
                                    a.proposer if kind is A.AnswerTrade else a.vassal) == who:
                return o
        return None

    def answers(self, tid: int) -> None:
        """Proposals made last turn to `tid` are settled in its Phase A slot (T-16.2..16.4)."""
        tribe = self.tribes[tid]
        t = self.turn
        system = tribe.kind == "system"
        for war, target, made in list(self.demands):
            if target != tid or made != t - 1:
                continue
            self.demands.remove((war, target, made))
            order = self._answer(tid, A.AnswerTribute, war)
            if not self.tribes[war].alive:
                if order:
                    self.void(tid, order, "T-16.3")
                continue
            paid = False
            if system:
                counts = self.tile_counts()
                if counts.get(war, 0) >= 2 * counts.get(tid, 0) and self.can_pay(tid, (0, 0, 0), ECON["tribute"]):
                    units = self.take(tid, (0, 0, 0), ECON["tribute"])
                    self.emit(E.Spent(tid, -1, _amounts(units)))
                    self.gain(war, _amounts(units), "tribute", source=tid)
                    paid = True
            elif order is not None and order.action.pay:  # type: ignore[attr-defined]
                units = list(order.escrow)
                self.spend(tid, order)
                self.gain(war, _amounts(units), "tribute", source=tid)
                paid = True
            elif order is not None:
                self.spend(tid, order)
            if paid:
                self.emit(E.Diplomacy("paid", tid, war))
            else:
                self.grievances.append((war, tid, t + 1))
                self.emit(E.Diplomacy("refused", tid, war))
                self.emit(E.Diplomacy("grievance", war, tid, t + 1))
        for jungle, target, made in list(self.trades):
            if target != tid or made != t - 1:
                continue
            self.trades.remove((jungle, target, made))
            order = self._answer(tid, A.AnswerTrade, jungle)
            if system:
                accept = self.attacked.get((jungle, tid), -99) < t - 3
            else:
                accept = order is not None and bool(order.action.accept)  # type: ignore[attr-defined]
            if order is not None:
                self.spend(tid, order)
            if accept and self.tribes[jungle].alive and tid not in self.tribes[jungle].spice:
                tribe.spice[jungle] = t + 1
                self.tribes[jungle].spice[tid] = t + 1
                self.emit(E.Diplomacy("accepted", tid, jungle, t + 1))
            else:
                self.emit(E.Diplomacy("declined", tid, jungle))
        for vassal, lord, made in list(self.vassal_offers):
            if lord != tid or made != t - 1:
                continue
            self.vassal_offers.remove((vassal, lord, made))
            order = self._answer(tid, A.AnswerVassal, vassal)
            accept = system or (order is not None and bool(order.action.accept))  # type: ignore[attr-defined]
            if order is not None:
                self.spend(tid, order)
            if accept and self.tribes[vassal].alive:
                self.emit(E.Diplomacy("vassal_accepted", vassal, tid))
                self.vassalize(vassal, tid)
            else:
                self.emit(E.Diplomacy("vassal_declined", vassal, tid))
        for o in list(tribe.orders):  # answers to proposals that no longer stand
            if isinstance(o.action, ANSWERS):
                self.void(tid, o, "T-16")

    def vassalize(self, vassal: int, lord: int) -> None:
        """T-16.2 / D33: refund the vassal's escrow, then hand over tiles and resources."""
        v = self.tribes[vassal]
        for o in list(v.orders):
            v.orders.remove(o)
            units = list(o.escrow) + [u for s in o.steps for u in s.escrow]
            self.refund_units(vassal, o.id, units)
        for i in self.board.land_tiles:
            if self.owner[i] == vassal:
                self.set_owner(i, lord, "vassal")
        handed = list(v.res)
        self.gain(vassal, [-x for x in handed], "vassal", source=lord)
        self.gain(lord, handed, "vassal", source=vassal)
        self.eliminate(vassal, "vassal")

    def eliminate(self, tid: int, why: str) -> None:
        """T-17.1: the tribe is gone with its resources, treaties and proposals."""
        t = self.tribes[tid]
        t.alive = False
        lost = (t.res[0], t.res[1], t.res[2])
        t.res = [0, 0, 0]
        for partner in list(t.spice):
            self.tribes[partner].spice.pop(tid, None)
        t.spice.clear()
        t.split_age = -1
        self.demands = [d for d in self.demands if tid not in d[:2]]
        self.trades = [d for d in self.trades if tid not in d[:2]]
        self.vassal_offers = [d for d in self.vassal_offers if tid not in d[:2]]
        self.grievances = [g for g in self.grievances if tid not in g[:2]]
        self.emit(E.Eliminated(tid, why, lost))

    # ---- phase B: shields ------------------------------------------------------------------
    def register_shields(self, tid: int) -> None:
        """T-5.3 B: Rock Solid and Diplomacy guards of one tribe."""
        shields = self._shields
        assert shields is not None
        for o in list(self.tribes[tid].orders):
            a = o.action
            if (tid, o.id) in shields.registered:
                continue
            if isinstance(a, A.Cast) and a.spell == "rock_solid":
                if self.tower_of(tid) < 0:
                    self.void(tid, o, "T-10.1")
                    continue
                self.spend(tid, o)
                shields.rock.add(tid)
                self.emit(E.ShieldRaised(tid, "rock_solid", 0, -1))
            elif isinstance(a, A.Guard):
                shields.guards.append([tid, a.tile, a.n, o.id])
                shields.registered.add((tid, o.id))
                self.emit(E.ShieldRaised(tid, "guard", a.n, a.tile))

    # ---- phases C and D: blocks (T-5.4) ---------------------------------------------------
    def system_orders(self, tid: int) -> None:
        """D: the system tribe's AI chooses its orders now, from the public view."""
        from game.territory.ai import plan_turn

        view = self.view(None)
        for action in plan_turn(view, tid, self.legal_orders(tid)):
            plan = self.check_order(tid, action)
            if isinstance(plan, Plan):
                self.enter(tid, action, plan)
        self.register_shields(tid)

    def block(self, tid: int) -> None:
        """T-5.4: one tribe's block, stage by stage, orders in listed order."""
        tribe = self.tribes[tid]
        shields = self._shields
        assert shields is not None
        orders = [o for o in tribe.orders if (tid, o.id) not in shields.registered]
        if orders:
            self.emit(E.OrdersRevealed(tid, tuple(o.action for o in orders)))
        stages: list[tuple] = [
            (A.Demolish,), BUILD_ORDERS, (A.Research,), (A.BuyExotic,), (A.Archaeology,),
            (A.Cast, A.DeepTide), (A.Arrow,)]
        for kinds in stages:
            for o in list(tribe.orders):
                if not tribe.alive:
                    return
                if not isinstance(o.action, kinds) or o not in tribe.orders:
                    continue
                if (tid, o.id) in shields.registered:
                    continue
                a = o.action
                if isinstance(a, A.Cast) and a.spell in BOUND_SPELLS:
                    continue
                handler = BLOCK_HANDLERS[type(a)]
                handler(self, tid, o)
        for o in list(tribe.orders):  # spells bound to arrows that never reached a roll
            if isinstance(o.action, A.Cast) and o.action.spell in BOUND_SPELLS:
                self.void(tid, o, "T-10.1")

    def do_demolish(self, tid: int, o: Order) -> None:
        """T-8.1: remove an own building, wall or tunnel; nothing refunded."""
        a: A.Demolish = o.action  # type: ignore[assignment]
        tile = a.tile
        if self.owner[tile] != tid:
            return self.void(tid, o, "T-6.4")
        if a.part == "building":
            b = self.building[tile]
            if b in (NONE, RUIN, TREE):
                return self.void(tid, o, "T-8.1")
            left = "ruin" if b in (CITY, CAPITAL) else ""
            self.building[tile] = RUIN if left else NONE
            self.commerce[tile] = False
            self.spend(tid, o)
            self.emit(E.Destroyed(tile, self.building_name(b), "demolish", left))
        elif a.part == "tunnel":
            other = self.tunnel[tile]
            if other < 0:
                return self.void(tid, o, "T-8.1")
            self.tunnel[tile] = self.tunnel[other] = -1
            self.spend(tid, o)
            self.emit(E.Destroyed(tile, "tunnel", "demolish"))
        else:
            s = SIDES.index(a.part)
            if not self.walls[tile * 4 + s]:
                return self.void(tid, o, "T-8.1")
            self.walls[tile * 4 + s] = 0
            self.spend(tid, o)
            self.emit(E.Destroyed(tile, f"wall_{a.part}", "demolish"))

    def do_build(self, tid: int, o: Order) -> None:
        """Builds, upgrades, commerce, walls, tunnels, temple: re-checked at resolution."""
        a = o.action
        checker = {A.Build: OrderEntry._check_build, A.Upgrade: OrderEntry._check_upgrade,
                   A.Commerce: OrderEntry._check_commerce, A.Wall: OrderEntry._check_wall,
                   A.WallUpgrade: OrderEntry._check_wall_upgrade,
                   A.Tunnel: OrderEntry._check_tunnel, A.Temple: OrderEntry._check_temple}[type(a)]
        tile = getattr(a, "tile", getattr(a, "a", -1))
        if not isinstance(checker(self, tid, a), Plan):
            return self.void(tid, o, "T-6.4")
        self.spend(tid, o)
        if isinstance(a, A.Build):
            self.building[tile] = BUILDING_CODE[a.building]
            self.emit(E.Built(tid, tile, a.building))
        elif isinstance(a, A.Upgrade):
            if self.building[tile] == CITY:
                for i in self.board.land_tiles:  # T-8: the old capital becomes a city
                    if self.owner[i] == tid and self.building[i] == CAPITAL:
                        self.building[i] = CITY
                        self.emit(E.Destroyed(i, "capital", "moved", "city"))
                self.building[tile] = CAPITAL
                self.emit(E.Built(tid, tile, "capital"))
            else:
                self.building[tile] = CITY
                self.emit(E.Built(tid, tile, "city"))
        elif isinstance(a, A.Commerce):
            self.commerce[tile] = True
            self.emit(E.Built(tid, tile, "commerce"))
        elif isinstance(a, A.Wall):
            self.walls[tile * 4 + SIDES.index(a.side)] = 1
            self.emit(E.Built(tid, tile, "wall", a.side))
        elif isinstance(a, A.WallUpgrade):
            self.walls[tile * 4 + SIDES.index(a.side)] = 2
            self.emit(E.Built(tid, tile, "wall_upgrade", a.side))
        elif isinstance(a, A.Tunnel):
            self.tunnel[a.a] = a.b
            self.tunnel[a.b] = a.a
            self.emit(E.Built(tid, a.a, "tunnel", "", a.b))
        else:
            self.tribes[tid].temple = a.tile  # type: ignore[attr-defined]
            self.emit(E.Built(tid, a.tile, "temple"))  # type: ignore[attr-defined]

    def do_research(self, tid: int, o: Order) -> None:
        """T-9.2: pay now, activate at the next START."""
        a: A.Research = o.action  # type: ignore[assignment]
        self.spend(tid, o)
        self.tribes[tid].researching.append(f"{a.tech}:{a.choice}" if a.choice else a.tech)
        self.emit(E.Researched(tid, a.tech, a.choice))

    def do_buy_exotic(self, tid: int, o: Order) -> None:
        """T-9 Magic Research: 3 gold now, +1 exotic at the next income."""
        if self.tower_of(tid) < 0:
            return self.void(tid, o, "T-9")
        self.spend(tid, o)
        self.tribes[tid].exotics_bought += 1
        self.emit(E.ExoticBought(tid))

    def do_archaeology(self, tid: int, o: Order) -> None:
        """T-13.2 D16: three dice decide the find; the ruin stays."""
        a: A.Archaeology = o.action  # type: ignore[assignment]
        if self.building[a.tile] != RUIN:
            return self.void(tid, o, "T-13.2")
        self.spend(tid, o)
        d1, d2, d3 = self.rng.die(6), self.rng.die(6), self.rng.die(6)
        amounts = (d1 + 1, 2 if d2 == 6 else 1, 1 if d3 == 6 else 0)
        self.emit(E.ArchaeologyDug(tid, a.tile, (d1, d2, d3), amounts))
        self.gain(tid, amounts, "archaeology", a.tile)

    def do_deep_tide(self, tid: int, o: Order) -> None:
        """T-13.5 D18: every coastal tile of another faction rolls; a 1 makes it unclaimed."""
        self.spend(tid, o)
        self.emit(E.SpellCast(tid, "deep_tide", -1, "done"))
        shields = self._shields
        for i in self.board.land_tiles:
            owner = self.owner[i]
            if not self.board.coastal[i] or owner in (NOBODY, tid) or self.hidden(i):
                continue
            if owner >= 0 and ((shields and owner in shields.rock) or self.blessed(owner)):
                continue
            self.break_treaty(tid, owner)
            die = self.rng.die(6)
            ok = die <= DEEP_TIDE_HIT
            self.emit(E.ForcedAttack("deep_tide", i, owner, DEEP_TIDE_HIT, 0, DEEP_TIDE_HIT, die, ok))
            if ok:
                self.set_owner(i, NOBODY, "deep_tide")

    def do_cast(self, tid: int, o: Order) -> None:
        """T-10.1 spells not bound to an attack (Rock Solid is Phase B)."""
        a: A.Cast = o.action  # type: ignore[assignment]
        if isinstance(a, A.DeepTide):
            return self.do_deep_tide(tid, o)
        if self.tower_of(tid) < 0:
            return self.void(tid, o, "T-10.1")
        spell, target = a.spell, a.target
        victim = target if spell == "steal" else (self.owner[target] if target >= 0 else -1)
        harmful = spell in ("steal", "meteor", "desolation", "undead_plague")
        if spell == "meteor" or spell == "desolation":
            if victim in (tid, NOBODY):
                return self.void(tid, o, "T-10.1")
        elif spell == "steal":
            if not self.tribes[victim].alive:
                return self.void(tid, o, "T-10.1")
        elif spell == "requiem":
            if victim != UNDEAD or not any(self.owner[j] == tid for j in self.board.adjacent[target]):
                return self.void(tid, o, "T-13.7")
        elif spell == "undead_plague":
            if victim < 0 or victim == tid or not any(
                    self.owner[j] == tid for j in self.board.adjacent[target]):
                return self.void(tid, o, "T-13.7")
        elif spell in ("earth_wall",):
            if self.owner[target] != tid or self.walls[target * 4 + SIDES.index(a.side)]:
                return self.void(tid, o, "T-10.1")
        self.spend(tid, o)
        if harmful and victim >= 0:
            self.break_treaty(tid, victim)
            if self.blessed(victim):  # T-13.4 Jungle Blessing: the harm does nothing
                self.emit(E.SpellCast(tid, spell, target, "blocked"))
                return
        self.emit(E.SpellCast(tid, spell, target, "done"))
        if spell == "nature_gift":
            w = self.board.width
            cx, cy = target % w, target // w
            for y in range(cy - 1, cy + 2):
                for x in range(cx - 1, cx + 2):
                    if 0 <= x < w and 0 <= y < self.board.height:
                        self.gift[y * w + x] += ECON["nature_gift_bonus"]
        elif spell == "earth_wall":
            self.walls[target * 4 + SIDES.index(a.side)] = 1
            self.emit(E.Built(tid, target, "wall", a.side))
        elif spell == "steal":
            amount = min(ECON["steal_max"], self.tribes[victim].res[GOLD])
            self.gain(victim, (-amount, 0, 0), "stolen", source=tid)
            self.gain(tid, (amount, 0, 0), "steal", source=victim)
        elif spell == "meteor":
            self.destroy_all(target, "meteor")
        elif spell == "desolation":
            self.desolate[target] = ECON["desolation_incomes"]
        elif spell == "jungle_blessing":
            self.tribes[tid].blessed_turn = self.turn + 1
        elif spell == "requiem":
            self.set_owner(target, tid, "requiem")
            self.take_treasure(tid, target)
        elif spell == "undead_plague":
            self.turn_undead(target, "plague", 1 << victim)

    # ---- arrows (T-11) ----------------------------------------------------------------------
    def attack_bonus(self, tid: int, target: int, tile: int, crossed_sea: bool,
                     fervor: bool) -> int:
        """T-11.6: A for one step of `tid` against `target`'s tile."""
        t = self.tribes[tid]
        a = 0
        if "military_tactics" in t.techs:
            a += ATTACK["military_tactics"]
        if t.totem == "snake":
            a += ATTACK["snake"]
        if fervor:
            a += ATTACK["battle_fervor"]
        a += self.outpost_bonus(tid, tile)
        outside = target in (UNDEAD, GOBLIN) or (target >= 0 and self.tribes[target].kind == "system")
        if t.faction == "pioneer" and outside:
            a += ATTACK["human_glory"]
        if crossed_sea and "landing" in t.techs:
            a += ATTACK["landing"]
        if target >= 0 and self.grievance(tid, target):
            a += ATTACK["grievance"]
        return a

    def guard_for(self, target: int, tile: int) -> list[int] | None:
        """A registered guard of `target` covering `tile` with steps left, if any."""
        shields = self._shields
        if shields is None or target < 0:
            return None
        for g in shields.guards:
            if g[0] == target and g[2] > 0 and (g[1] == -1 or g[1] == tile):
                return g
        return None

    def use_guard(self, g: list[int]) -> None:
        """T-13.3: the guard stops one step and consumes 5 of its gold (first taken)."""
        g[2] -= 1
        tribe = self.tribes[g[0]]
        for k, o in enumerate(tribe.orders):
            if o.id == g[3]:
                n = ECON["guard_gold"]
                used, rest = o.escrow[:n], o.escrow[n:]
                tribe.orders[k] = Order(o.id, o.action, rest, o.steps)
                self.emit(E.Spent(g[0], o.id, _amounts(used)))
                return

    def do_arrow(self, tid: int, o: Order) -> None:
        """T-11.4: steps near to far; stop at the first failure, refund what follows."""
        tribe = self.tribes[tid]
        a: A.Arrow = o.action  # type: ignore[assignment]
        self._drop(tid, o)
        steps = o.steps
        esc = [list(s.escrow) for s in steps]
        bound = {}
        for b in list(tribe.orders):
            if isinstance(b.action, A.Cast) and b.action.spell in BOUND_SPELLS and b.action.order == o.id:
                bound[(b.action.spell, b.action.step)] = b
        fervor_order = bound.get(("battle_fervor", -1))

        def refund_from(k: int) -> None:
            """Refund step k and everything after it."""
            units = [u for idx in range(k, len(esc)) for u in esc[idx]]
            for idx in range(k, len(esc)):
                esc[idx] = []
            self.refund_units(tid, o.id, units)

        if self.owner[a.origin] != tid:  # (a)
            self.emit(E.OrderVoid(tid, o.id, "T-11.4a"))
            refund_from(0)
            return
        self.emit(E.ArrowStarted(tid, o.id, a.origin, tuple((s.tile, s.x) for s in steps)))
        prev = a.origin
        pending: list[int] = []
        crossed_sea = False
        last_side = -1
        fervor = False
        fervor_done = fervor_order is None
        k = 0
        while k < len(steps):
            st = steps[k]
            tile = st.tile
            kind = self.board.kind[tile]
            if st.x == 0:  # a crossing
                if kind == LAND:
                    if self.owner[tile] == tid:  # D29: a held tile
                        self.refund_units(tid, o.id, esc[k])
                        esc[k] = []
                        prev = tile
                        k += 1
                        continue
                    if self.hidden(tile) or self.owner[tile] != NOBODY:
                        g = self.board.group_of[tile]
                        if g >= 0 and self.hidden(tile):
                            self.reveal_group(g)
                        self.emit(E.StepResolved(tid, o.id, k, tile, self.owner[tile], 0, 0, 0, 0,
                                                 (), "stopped", "T-11.4a"))
                        refund_from(min(pending) if pending else k)
                        break
                pending.append(k)
                crossed_sea = crossed_sea or kind == SEA
                prev = tile
                k += 1
                continue
            repeat = k > 0 and steps[k - 1].tile == tile
            if repeat:
                side = last_side
            else:
                side = self.board.side_between(tile, prev)
            g = self.board.group_of[tile]
            if g >= 0 and self.hidden(tile):
                self.reveal_group(g)
            target = self.owner[tile]
            cost_idx = pending + [k]
            if target == tid:  # (b)
                units = [u for idx in cost_idx for u in esc[idx]]
                for idx in cost_idx:
                    esc[idx] = []
                self.emit(E.StepResolved(tid, o.id, k, tile, tid, st.x, 0, 0, 0, (), "held"))
                self.refund_units(tid, o.id, units)
                prev, pending, crossed_sea, last_side = tile, [], False, side
                k += 1
                continue
            # (c)..(f): bound spells are settled now, needed or not (T-10.1)
            tower_ok = self.tower_of(tid) >= 0
            if not fervor_done:
                fervor_done = True
                if tower_ok:
                    self.spend(tid, fervor_order)
                    self.emit(E.SpellCast(tid, "battle_fervor", o.id, "done"))
                    fervor = True
                else:
                    self.void(tid, fervor_order, "T-10.1")
            spells = {}
            for name in ("bewitch", "fortune"):
                b = bound.pop((name, k), None)
                if b is not None:
                    if tower_ok:
                        self.spend(tid, b)
                        spells[name] = True
                    else:
                        self.void(tid, b, "T-10.1")
            if spells and target >= 0 and self.blessed(target):
                for name in spells:
                    self.emit(E.SpellCast(tid, name, tile, "blocked"))
                spells = {}
            for name in spells:
                self.emit(E.SpellCast(tid, name, tile, "done"))
            if target >= 0:
                self.break_treaty(tid, target)
                self.attacked[(tid, target)] = self.turn
            elif target == UNDEAD:
                self.hostile[tile] |= 1 << tid
            cost = [u for idx in cost_idx for u in esc[idx]]
            for idx in cost_idx:
                esc[idx] = []
            if target >= 0 and self.grievance(tid, target) and not st.discount and len(cost) >= 2:
                self.refund_units(tid, o.id, cost[-1:])  # T-16.3: in t+1 as a refund
                cost = cost[:-1]
            shields = self._shields
            if target >= 0 and shields is not None and target in shields.rock:  # (c)
                self.emit(E.Spent(tid, o.id, _amounts(cost)))
                self.emit(E.StepResolved(tid, o.id, k, tile, target, st.x, 0, 0, 0, (), "failed",
                                         "rock_solid"))
                refund_from(k + 1)
                break
            guard = self.guard_for(target, tile)
            if guard is not None:  # (d)
                self.use_guard(guard)
                self.emit(E.StepResolved(tid, o.id, k, tile, target, st.x, 0, 0, 0, (), "stopped",
                                         "guard"))
                self.refund_units(tid, o.id, cost)
                refund_from(k + 1)
                break
            x = st.x
            attack = self.attack_bonus(tid, target, tile, crossed_sea, fervor)
            defense = self.defense(tile, tid, side)
            dice: tuple[int, ...] = ()
            if spells.get("bewitch"):  # (e)
                y, ok = x + attack - defense, True
            elif tribe.faction == "pioneer" and target == NOBODY:  # (e) Open Frontier, D30
                n_cross = sum(len(steps[idx].escrow) for idx in pending)
                keep = n_cross + 1
                self.refund_units(tid, o.id, cost[keep:])
                cost = cost[:keep]
                x, y, ok = 1, 1 + attack - defense, True
            else:  # (f)
                y = x + attack - defense
                if y <= 0:
                    ok = False
                elif y >= 6:
                    ok = True
                else:
                    die = self.rng.die(6)
                    dice = (die,)
                    ok = die <= y
                    if not ok and spells.get("fortune"):
                        die = self.rng.die(6)
                        dice = (dice[0], die)
                        ok = die <= y
            if cost:
                self.emit(E.Spent(tid, o.id, _amounts(cost)))
            if not ok:  # (g)
                self.emit(E.StepResolved(tid, o.id, k, tile, target, x, attack, defense, y, dice,
                                         "failed"))
                refund_from(k + 1)
                break
            grudge = self.capture(tid, tile, target, st.raze, o.id, k, x, attack, defense, y, dice)
            prev, pending, crossed_sea, last_side = tile, [], False, side
            k += 1
            if grudge and not (k < len(steps) and steps[k].tile == tile):
                refund_from(k)  # T-13.7: the arrow ends
                break
        for b in list(bound.values()):
            if b in tribe.orders:
                self.void(tid, b, "T-10.1")
        if fervor_order is not None and fervor_order in tribe.orders:
            self.void(tid, fervor_order, "T-10.1")

    def capture(self, tid: int, tile: int, target: int, raze: str, order: int, k: int, x: int,
                attack: int, defense: int, y: int, dice: tuple[int, ...]) -> bool:
        """T-11.8 in order; returns True when the Shadow grudge turned the tile undead."""
        b = self.building[tile]
        if target >= 0 and self.tribes[target].faction == "shadow" and b in GRUDGE:
            self.emit(E.StepResolved(tid, order, k, tile, target, x, attack, defense, y, dice,
                                     "grudge"))
            self.turn_undead(tile, "grudge", 1 << tid)
            return True
        self.emit(E.StepResolved(tid, order, k, tile, target, x, attack, defense, y, dice,
                                 "captured"))
        self.set_owner(tile, tid, "capture")
        b = self.building[tile]
        if raze != "none" and b in RAZE_VALUE:
            value = RAZE_VALUE[b]
            special = self.board.special[tile]
            amounts = [0, 0, 0]
            amounts[special if raze == "special" and special else GOLD] = value
            left = "ruin" if b == CITY else ""
            self.building[tile] = RUIN if left else NONE
            self.commerce[tile] = False
            self.emit(E.Destroyed(tile, self.building_name(b), "raze", left))
            self.gain(tid, amounts, "raze", tile)
        if self.tribes[tid].faction == "war" and target != NOBODY:
            self.gain(tid, (ECON["plunder_gold"], 0, 0), "plunder", tile)
        self.take_treasure(tid, tile)
        return False

    # ---- phase E: undead (T-14.3) -----------------------------------------------------------
    def undead_components(self) -> list[list[int]]:
        """Undead land split into connected components, by lowest tile."""
        seen: set[int] = set()
        comps = []
        for i in self.board.land_tiles:
            if self.owner[i] != UNDEAD or i in seen:
                continue
            comp, stack = [], [i]
            seen.add(i)
            while stack:
                j = stack.pop()
                comp.append(j)
                for n in self.board.adjacent[j]:
                    if self.owner[n] == UNDEAD and n not in seen:
                        seen.add(n)
                        stack.append(n)
            comps.append(sorted(comp))
        return comps

    def undead_phase(self) -> None:
        """T-5.3 E / T-14.3: each hostile undead component strikes once."""
        for comp in self.undead_components():
            hostile = 0
            for i in comp:
                hostile |= self.hostile[i]
            if not hostile:
                continue
            members = set(comp)
            targets = sorted({j for i in comp for j in self.board.adjacent[i]
                              if j not in members and self.owner[j] >= 0
                              and hostile >> self.owner[j] & 1})
            if not targets:
                continue
            tile = min(targets, key=lambda j: (self.defense(j, -1, -1, False, False), j))
            victim = self.owner[tile]
            if self.forced_attack("undead", tile, self.params.undead_attack):
                self.turn_undead(tile, "undead", 1 << victim)

    # ---- END (T-5.5) ------------------------------------------------------------------------
    def components(self, tid: int) -> list[list[int]]:
        """T-12.1: own tiles joined by adjacency and, for Shadow, tunnels with both ends own."""
        shadow = self.tribes[tid].faction == "shadow"
        own = set(self.tiles_of(tid))
        comps, seen = [], set()
        for i in sorted(own):
            if i in seen:
                continue
            comp, stack = [], [i]
            seen.add(i)
            while stack:
                j = stack.pop()
                comp.append(j)
                links = list(self.board.adjacent[j])
                if shadow and self.tunnel[j] >= 0:
                    links.append(self.tunnel[j])
                for n in links:
                    if n in own and n not in seen:
                        seen.add(n)
                        stack.append(n)
            comps.append(sorted(comp))
        return comps

    def core_component(self, tid: int, comps: list[list[int]]) -> list[int]:
        """T-12.2: the chosen core, else the capital's, most tiles, most buildings, lowest."""
        core = self.tribes[tid].core
        for comp in comps:
            if core in comp:
                return comp
        capital = self.capital_of(tid)
        for comp in comps:
            if capital in comp:
                return comp
        return max(comps, key=lambda c: (len(c), sum(
            1 for i in c if self.building[i] not in (NONE, RUIN)), -c[0]))

    def splits(self) -> None:
        """T-12.2: age split territories; split off what is not the core at the limit."""
        for tribe in list(self.tribes):
            if not tribe.alive:
                continue
            comps = self.components(tribe.id)
            if len(comps) <= 1:
                tribe.split_age = -1
                continue
            tribe.split_age += 1  # -1 -> 0 when first seen (D14, D36)
            limit = ECON["pioneer_split_limit" if tribe.faction == "pioneer" else "split_limit"]
            if tribe.split_age < limit:
                self.emit(E.SplitWarning(tribe.id, tribe.split_age, limit, len(comps)))
                continue
            keep = self.core_component(tribe.id, comps)
            for comp in comps:
                if comp is keep:
                    continue
                new = self.new_system_tribe(tribe.faction, tribe, f"{tribe.name} ({len(self.tribes)})")
                self.emit(E.TribeCreated(new.id, new.faction, tribe.id, tuple(comp)))
                for i in comp:
                    self.set_owner(i, new.id, "split")
            tribe.split_age = -1
            tribe.core = -1

    def new_system_tribe(self, faction: str, parent: Tribe | None, name: str) -> Tribe:
        """A system tribe (T-12.2 split or T-15.1 goblin kingdom)."""
        t = Tribe(id=len(self.tribes), kind="system", faction=faction, seat=-1, name=name,
                  created=self.turn)
        if parent is not None:
            t.techs = set(parent.techs)
            t.totem = parent.totem
            t.flower = parent.flower
        self.tribes.append(t)
        return t

    def discards(self) -> None:
        """T-7.3 D5: over the cap, discard by the priority list."""
        for tribe in self.tribes:
            if not tribe.alive:
                continue
            cap = self.cap(tribe.id)
            excess = sum(tribe.res) - cap
            if excess <= 0:
                continue
            lost = [0, 0, 0]
            for k in self.priority_of(tribe.id):
                n = min(excess, tribe.res[k])
                tribe.res[k] -= n
                lost[k] += n
                excess -= n
            self.emit(E.Discarded(tribe.id, (lost[0], lost[1], lost[2]), cap))

    def qualifiers(self) -> list[tuple[int, str]]:
        """T-17.2: surviving players meeting V1, V2 or V3 (with the conditions met)."""
        players = [t.id for t in self.tribes if t.is_player and t.alive]
        counts = self.tile_counts()
        land = len(self.board.land_tiles)
        p = self.params
        out = []
        for pid in players:
            others = [q for q in players if q != pid]
            tiles = counts.get(pid, 0)
            res = sum(self.tribes[pid].res)
            factor = p.duel_factor if len(others) == 1 else 1
            met = []
            if others and tiles > factor * sum(counts.get(q, 0) for q in others):
                met.append("V1")
            if 2 * tiles > land:
                met.append("V2")
            if others and res >= p.victory_floor and res > factor * sum(
                    sum(self.tribes[q].res) for q in others):
                met.append("V3")
            if met:
                out.append((pid, "+".join(met)))
        return out

    def ranked_winners(self, among: list[int]) -> tuple[int, ...]:
        """T-17.3: most tiles, then most resources; still tied: shared."""
        counts = self.tile_counts()
        best = max((counts.get(p, 0), sum(self.tribes[p].res)) for p in among)
        return tuple(sorted(p for p in among
                            if (counts.get(p, 0), sum(self.tribes[p].res)) == best))

    def finish(self, winners: tuple[int, ...], reason: str) -> None:
        """The game is over (T-17.3 / T-17.4)."""
        self.winners = winners
        self.end_reason = reason
        self.phase = Phase.OVER
        counts = self.tile_counts()
        scores = tuple(counts.get(s, 0) if self.tribes[s].alive else 0
                       for s in range(len(self.setup.seats)))
        self.emit(E.GameOver(winners, scores, reason))

    def end_turn(self) -> None:
        """T-5.5: splits, eliminations, discards, victory check."""
        self.emit(E.PhaseStarted("END", -1))
        self.splits()
        for tribe in self.tribes:
            if tribe.alive and not any(self.owner[i] == tribe.id for i in self.board.land_tiles):
                self.eliminate(tribe.id, "no_tiles")
        self.discards()
        players = [t.id for t in self.tribes if t.is_player and t.alive]
        if len(players) <= 1:  # T-17.4
            return self.finish(tuple(players), "last_standing" if players else "draw")
        qualified = self.qualifiers()
        if self.final_turn and self.turn >= self.final_turn:
            among = [p for p, _ in qualified] or players
            return self.finish(self.ranked_winners(among), "final_turn")
        if self.turn >= self.params.max_turns:
            among = [p for p, _ in qualified] or players
            return self.finish(self.ranked_winners(among), "turn_limit")
        if qualified and not self.final_turn:
            self.final_turn = self.turn + 1
            self.emit(E.FinalTurn(self.final_turn, tuple(qualified)))

    # ---- START (T-5.1) ----------------------------------------------------------------------
    def submission_order(self) -> tuple[int, ...]:
        """T-5.2 D2: alive player seats, rotated by turn (or fixed / shuffled)."""
        alive = [s for s in self.order if self.tribes[s].alive]
        if not alive:
            return ()
        mode = self.setup.options.get("submission", self.params.submission)
        if mode == "fixed":
            return tuple(alive)
        if mode == "random":
            self.rng.shuffle(alive)
            return tuple(alive)
        k = (self.turn - 1) % len(alive)
        return tuple(alive[k:] + alive[:k])

    def start_turn(self) -> None:
        """T-5.1: techs, volcano, disaster, income, timers, proposals; then ORDERS."""
        self.turn += 1
        t = self.turn
        self._cache = {}
        self.phase = Phase.ORDERS
        for tribe in self.tribes:
            tribe.submitted = False
            tribe.edits = 0
            tribe.next_order = 0
            tribe.orders = []
        self.submission = self.submission_order()
        self.emit(E.TurnStarted(t, self.submission, t == self.final_turn))
        for tribe in self.tribes:  # (1) T-9.2
            for entry in tribe.researching:
                tech, _, choice = entry.partition(":")
                need = TECH[tech].building
                ok = tribe.alive and (not need or self.owns_building(tribe.id, need))
                if ok:
                    tribe.techs.add(tech)
                    if tech == "totem":
                        tribe.totem = choice
                self.emit(E.TechActivated(tribe.id, tech, ok))
            tribe.researching = []
        if self.volcano >= 0:  # (2) D22
            self.erupt(self.volcano)
        every = self.params.disaster_every
        if t % every == 0:  # (3)
            self.disaster()
        self.pay_income()  # (4), then (5) the timers it consumes
        self.grievances = [g for g in self.grievances if g[2] >= t]
        self.attacked = {k: v for k, v in self.attacked.items() if v >= t - 3}
        opened = tuple([("tribute", w, x) for w, x, m in self.demands if m == t - 1]
                       + [("trade", j, x) for j, x, m in self.trades if m == t - 1]
                       + [("vassal", v, x) for v, x, m in self.vassal_offers if m == t - 1])
        if opened:  # (6)
            self.emit(E.ProposalsOpen(opened))
        self._cache = {}

    def erupt(self, volcano: int) -> None:
        """D22: the announced volcano attacks every tribe tile around it with 3."""
        self.volcano = -1  # D28: dormant again
        self.emit(E.Disaster("eruption", self.turn, volcano, self.turn))
        for i in self.board.around[volcano]:
            if self.board.kind[i] == LAND and self.owner[i] >= 0:
                if self.forced_attack("volcano", i, ECON["volcano_attack"]):
                    self.destroy_all(i, "volcano")
                    self.set_owner(i, NOBODY, "volcano")

    def disaster(self) -> None:
        """T-15.1: one disaster, uniform over the eligible ones."""
        t = self.turn
        goblin_sites = sorted({self.goblin_site[i] for i in self.board.land_tiles
                               if self.owner[i] == GOBLIN and self.goblin_site[i] >= 0})
        eligible = ["magic_turmoil", "necro_revival"]
        if any(self.board.cold):
            eligible.append("winter")
        if self.board.volcanoes and self.volcano < 0:
            eligible.append("volcano")
        if goblin_sites:
            eligible.append("goblin_empire")
        kind = self.rng.choice(eligible)
        if kind == "magic_turmoil":
            self.turmoil_until = t + ECON["turmoil_turns"] - 1
            self.emit(E.Disaster(kind, t, -1, self.turmoil_until))
        elif kind == "winter":
            self.winter_until = t + ECON["winter_turns"] - 1
            self.emit(E.Disaster(kind, t, -1, self.winter_until))
        elif kind == "volcano":
            self.volcano = self.rng.choice(list(self.board.volcanoes))
            self.emit(E.Disaster(kind, t, self.volcano, t + 1))
        elif kind == "necro_revival":
            self.emit(E.Disaster(kind, t, -1, t))
            for i in self.board.land_tiles:
                owner, b = self.owner[i], self.building[i]
                if owner >= 0 and b in (CITY, CAPITAL):
                    power = ECON["revival_capital" if b == CAPITAL else "revival_city"]
                    if self.forced_attack("necro_revival", i, power):
                        self.turn_undead(i, "undead", 1 << owner)
        else:
            g = self.rng.choice(goblin_sites)
            group = self.board.groups[g]
            self.emit(E.Disaster(kind, t, -1, t))
            self.reveal_group(g)
            tribe = self.new_system_tribe("goblin", None, "goblin kingdom")
            tiles = tuple(i for i in group.tiles if self.owner[i] == GOBLIN and self.goblin_site[i] == g)
            self.emit(E.TribeCreated(tribe.id, "goblin", -1, tiles))
            for i in tiles:
                self.set_owner(i, tribe.id, "goblin_empire")
            self.gain(tribe.id, (ECON["goblin_kingdom_gold"], 0, 0), "goblin_empire")

    def pay_income(self) -> None:
        """T-7.1 for every tribe, then desolation ticks and Nature's Gift is used up."""
        for tribe in self.tribes:
            if not tribe.alive:
                continue
            per_tile = []
            total = [0, 0, 0]
            for i in self.board.land_tiles:
                if self.owner[i] == tribe.id:
                    g, m, e = self.tile_income(i)
                    if g or m or e:
                        per_tile.append((i, g, m, e))
                        total[0] += g
                        total[1] += m
                        total[2] += e
            extra = self.extra_income(tribe.id)
            for k in range(3):
                total[k] += extra[k]
                tribe.res[k] += total[k]
            tribe.exotics_bought = 0
            self.emit(E.Income(tribe.id, (total[0], total[1], total[2]), tuple(per_tile), extra))
        for i in range(self.board.size):
            if self.desolate[i]:
                self.desolate[i] -= 1
            self.gift[i] = 0


BLOCK_HANDLERS: dict[type, Any] = {
    A.Demolish: Resolution.do_demolish,
    A.Build: Resolution.do_build, A.Upgrade: Resolution.do_build,
    A.Commerce: Resolution.do_build, A.Wall: Resolution.do_build,
    A.WallUpgrade: Resolution.do_build, A.Tunnel: Resolution.do_build,
    A.Temple: Resolution.do_build,
    A.Research: Resolution.do_research, A.BuyExotic: Resolution.do_buy_exotic,
    A.Archaeology: Resolution.do_archaeology,
    A.Cast: Resolution.do_cast, A.DeepTide: Resolution.do_deep_tide,
    A.Arrow: Resolution.do_arrow,
}
