"""The greedy Dice for Land planner (T-21.1): one ply, from the public view only.

`plan_turn(view, tribe, legal)` plans a whole turn of orders in T-21.1's order of preference:
(0) answers to proposals, (1) Extraction, then the build or tech with the best gold payback
while ~3 resources stay for attacks, (2) attacks on reachable targets, each with the x that
maximises p(x)·V − cost, best first while affordable, (3) Military Tactics and walls facing
the richest neighbour, (4) Rock Solid / Meteor / Steal, (5) spend down to the cap. Weights
are the `[ai]` table of data/rules.toml. The same planner runs system tribes inside the rules
(T-14.4); it never reads hidden tiles, other tribes' orders or the game's RNG.

It is rules-side code (system tribes run it inside RESOLVE, T-14.4), so it imports nothing
from `game.ai`; the seat agent built on it is `agents.GreedyAgent`.
"""

from __future__ import annotations

from game.core.protocol import Action
from game.core.rng import Rng
from game.territory import actions as A
from game.territory.constants import (
    AI_WEIGHTS, ATTACK, BUILDING, CAMP, CAPITAL, CHASM, CITY, FARM, LAND, NONE,
    OUTPOST, RUIN, SEA, SIDES, SPELL, TECH, VOLCANO, WORKSHOP,
)
from game.territory import position
from game.territory.state import GOBLIN, NOBODY, UNDEAD
from game.territory.view import TerritoryView

W = AI_WEIGHTS


def p_success(y: int) -> float:
    """T-11.4 (f): the chance a step with y succeeds."""
    if y <= 0:
        return 0.0
    if y >= 6:
        return 1.0
    return y / 6


class Planner:
    """One turn's plan for one tribe (see the module docstring)."""

    def __init__(self, view: TerritoryView, tribe: int, legal: list[Action],
                 rng: Rng | None = None) -> None:
        self.view = view
        self.rng = rng
        self.tid = tribe
        self.t = view.tribes[tribe]
        self.legal = set(legal)            # membership only: never iterated (hash order)
        self.legal_list = list(legal)      # the rules' order, for every choice among them
        self.budget = list(self.t.res)
        self.plan: list[Action] = []
        self.cap = position.cap(view, tribe)
        self.own = [i for i in view.board.land_tiles if view.owner[i] == tribe]
        self.own_set = set(self.own)
        self.used_tiles: set[int] = set()
        self.spell_used = False
        # D41: certain 1-resource Pioneer captures of unclaimed land left this turn
        self.frontier_left = view.params.open_frontier_per_turn if self.t.faction == "pioneer" else 0

    # ---- budget ---------------------------------------------------------------------------
    def total(self) -> int:
        """Resources left in the plan's budget."""
        return sum(self.budget)

    def afford(self, typed: tuple[int, int, int], generic: int = 0) -> bool:
        """The budget covers a typed plus a generic cost."""
        b = self.budget
        if b[0] < typed[0] or b[1] < typed[1] or b[2] < typed[2]:
            return False
        return sum(b) - sum(typed) >= generic

    def pay(self, typed: tuple[int, int, int], generic: int = 0) -> None:
        """Take a cost from the budget (generic part gold first, like the default priority)."""
        for k in range(3):
            self.budget[k] -= typed[k]
        for k in (0, 1, 2):
            n = min(generic, self.budget[k])
            self.budget[k] -= n
            generic -= n

    def add(self, action: Action, typed: tuple[int, int, int] = (0, 0, 0), generic: int = 0,
            check: bool = True) -> bool:
        """Plan `action` if it is legal and affordable; returns whether it was planned."""
        if check and action not in self.legal:
            return False
        if not self.afford(typed, generic):
            return False
        self.pay(typed, generic)
        self.plan.append(action)
        return True

    # ---- the turn ---------------------------------------------------------------------------
    def run(self) -> list[Action]:
        """T-21.1 (0)..(5) in order; the planned actions in entry order."""
        self.answers()
        self.economy()
        self.attacks(reserve=0)
        if self.t.faction == "pioneer" and self.frontier_left == 0:
            self.attacks(reserve=0)  # D41: further unclaimed tiles as ordinary attacks
        self.defence()
        self.spells()
        if self.total() > self.cap:
            self.attacks(reserve=0, allow_even=True)
        return self.plan

    def answers(self) -> None:
        """(0) Answers to last turn's proposals, by T-16's AI rules."""
        v, tid = self.view, self.tid
        counts = position.tile_counts(v)
        for war, target, made in v.demands:
            if target == tid and made == v.turn - 1:
                pay = counts.get(war, 0) >= 2 * counts.get(tid, 0)
                if not self.add(A.AnswerTribute(war, pay), (0, 0, 0), 5 if pay else 0):
                    self.add(A.AnswerTribute(war, False))
        for jungle, target, made in v.trades:
            if target == tid and made == v.turn - 1:
                accept = v.attacked.get((jungle, tid), -99) < v.turn - 3
                self.add(A.AnswerTrade(jungle, accept))
        for vassal, lord, made in v.vassal_offers:
            if lord == tid and made == v.turn - 1:
                self.add(A.AnswerVassal(vassal, True))

    def economy(self) -> None:
        """(1) Extraction, then the best-payback build while ~3 resources stay for attacks."""
        v, t = self.view, self.t
        specials = [i for i in self.own if v.board.special[i]]
        if specials and "extraction" not in t.techs:
            self._research("extraction")
        best: list[tuple[float, Action, tuple[int, int, int]]] = []
        for action in self.legal_list:
            gain, cost = self._payback(action)
            if gain <= 0:
                continue
            ratio = (cost[0] + cost[1] + cost[2]) / gain
            if ratio > 8:
                continue
            if not best or ratio < best[0][0]:
                best = [(ratio, action, cost)]
            elif ratio == best[0][0]:
                best.append((ratio, action, cost))
        if best:
            # T-21.1: ties broken by the agent's RNG (system tribes: the first in rules order)
            _, action, cost = best[self.rng.below(len(best))] if self.rng else best[0]
            rest = [self.budget[k] - cost[k] for k in range(3)]
            if min(rest) >= 0 and sum(rest) >= W["reserve"]:
                self.add(action, cost)

    def _research(self, tech: str, choice: str = "") -> bool:
        action = A.Research(tech, choice)
        if action not in self.legal:
            return False
        cost = list(TECH[tech].cost)
        if choice:
            extra = TECH[tech].choices[choice]
            cost = [cost[k] + extra[k] for k in range(3)]
        if self.t.faction == "war":
            cost[0] += 2
        return self.add(action, (cost[0], cost[1], cost[2]))

    def _payback(self, action: Action) -> tuple[float, tuple[int, int, int]]:
        """Gold per turn an economic order adds, and its cost."""
        v = self.view
        arch = 1 if "architecture_art" in self.t.techs else 0

        def less(c: tuple[int, int, int]) -> tuple[int, int, int]:
            return (max(0, c[0] - arch), c[1], c[2])

        if isinstance(action, A.Build):
            kind = action.building
            special = v.board.special[action.tile]
            if kind == "camp":
                return 1.0 + 0.1, less(BUILDING[CAMP].cost)
            if kind == "farm":
                return 2.0, less(BUILDING[FARM].cost)
            if kind == "workshop":
                cost = (3, 0, 0) if special == 1 else BUILDING[WORKSHOP].cost
                return 2.0, less(cost)
            if kind == "city":
                return 2.0, less((5, 2, 0))
        if isinstance(action, A.Upgrade) and v.building[action.tile] in (CAMP, OUTPOST):
            return 1.0, less(BUILDING[CITY].cost)
        if isinstance(action, A.Commerce):
            return 2.0, less((5, 0, 0))
        return 0.0, (0, 0, 0)

    # ---- attacks (T-21.1 (2)) ---------------------------------------------------------------
    def target_value(self, tile: int) -> float:
        """T-21.1 (2): V of a target tile (weights from the `[ai]` table)."""
        v = self.view
        owner = v.owner[tile]
        gold = 1 + (BUILDING[v.building[tile]].gold if v.building[tile] not in (NONE,) else 0)
        value = W["base"] + W["tile_worth"] * gold * W["income"]
        if v.board.special[tile]:
            value += W["special"]
        b = v.building[tile]
        if b not in (NONE, RUIN) and b in BUILDING:
            value += W["building_cap"] * BUILDING[b].cap
        if b == CAPITAL and owner >= 0:
            value += W["capital"]
        if self.t.split_age >= 0 and sum(1 for j in v.board.adjacent[tile] if j in self.own_set) >= 2:
            value += W["reconnect"]
        if owner == UNDEAD:
            value -= 2  # waking the dead: they strike back
        return value

    def attack_bonus(self, target: int, tile: int, sea: bool) -> int:
        """T-11.6: A as the rules will compute it, from the public view."""
        v, t = self.view, self.t
        a = 0
        if "military_tactics" in t.techs:
            a += ATTACK["military_tactics"]
        if t.totem == "snake":
            a += ATTACK["snake"]
        a += position.outpost_bonus(v, self.tid, tile)
        outside = target in (UNDEAD, GOBLIN) or (target >= 0 and v.tribes[target].kind == "system")
        if t.faction == "pioneer" and outside:
            a += ATTACK["human_glory"]
        if sea and "landing" in t.techs:
            a += ATTACK["landing"]
        if target >= 0 and any(w == self.tid and r == target and until >= v.turn
                               for w, r, until in v.grievances):
            a += ATTACK["grievance"]
        return a

    def best_x(self, tile: int, side: int, surcharge: int, sea: bool) -> tuple[float, int, int]:
        """(net value, x, cost) of the best attack on `tile`."""
        v = self.view
        owner = v.owner[tile]
        value = self.target_value(tile)
        if owner == NOBODY and self.frontier_left > 0:  # T-11.3 Open Frontier (D41: 3 a turn)
            return value - 1 - surcharge, 1, 1 + surcharge
        attack = self.attack_bonus(owner, tile, sea)
        defense = position.defense(v, tile, self.tid, side)
        best = (-1e9, 0, 0)
        for x in range(1, 7):
            cost = x + surcharge
            net = p_success(x + attack - defense) * value - cost
            if net > best[0] + 1e-9:
                best = (net, x, cost)
        return best

    def attacks(self, reserve: int, allow_even: bool = False) -> None:
        """(2) One- and two-tile arrows, best p(x)·V - cost first, while affordable."""
        v = self.view
        board = v.board
        faction = self.t.faction
        options: list[tuple[float, int, list[Action]]] = []
        priced_frontier = self.frontier_left > 0
        for origin in self.own:
            links = list(board.adjacent[origin])
            if faction == "shadow" and v.tunnel[origin] >= 0:
                links.append(v.tunnel[origin])
            for j in links:
                if j in self.own_set or j in self.used_tiles:
                    continue
                kind = board.kind[j]
                if kind == LAND:
                    side = board.side_between(j, origin)
                    net, x, cost = self.best_x(j, side, 0, False)
                    if x:
                        options.append((net, cost, [A.Arrow(origin, j, x, "none")]))
                    if v.owner[j] != NOBODY:
                        continue
                    surcharge = 1
                elif kind == SEA:
                    surcharge = 0 if faction == "tide" else 1
                elif kind in (CHASM, VOLCANO) and faction == "pioneer":
                    surcharge = 1
                else:
                    continue
                for k in board.adjacent[j]:  # cross j, attack k
                    if k == origin or k in self.own_set or board.kind[k] != LAND:
                        continue
                    side = board.side_between(k, j)
                    net, x, cost = self.best_x(k, side, surcharge, kind == SEA)
                    if x:
                        options.append((net - 0.25, cost, [A.Arrow(origin, j, 0, "none"),
                                                           A.Step(k, x, "none")]))
        if self.rng is not None:  # T-21.1: ties broken by the agent's RNG
            self.rng.shuffle(options)
        options.sort(key=lambda o: (-o[0], o[1]))
        taken: set[int] = set()
        limit = v.params.max_orders - len(self.plan)
        for net, cost, actions in options:
            if net <= 0 and not (allow_even and net > -1):
                break
            target = actions[-1].tile  # type: ignore[attr-defined]
            if target in taken or target in self.used_tiles:
                continue
            if len(actions) > limit:
                continue
            if self.total() - cost < reserve or not self.afford((0, 0, 0), cost):
                continue
            if actions[0] not in self.legal:
                continue
            if priced_frontier and v.owner[target] == NOBODY:
                if self.frontier_left == 0:
                    continue  # priced as certain, but D41's three are used: next pass
                self.frontier_left -= 1
            self.pay((0, 0, 0), cost)
            self.plan.extend(actions)
            limit -= len(actions)
            taken.add(target)
            self.used_tiles.add(target)

    # ---- defence and magic (T-21.1 (3), (4)) -----------------------------------------------
    def neighbours(self) -> dict[int, int]:
        """Adjacent tribes and how many of their tiles touch ours."""
        v = self.view
        out: dict[int, int] = {}
        for i in self.own:
            for j in v.board.adjacent[i]:
                o = v.owner[j]
                if o >= 0 and o != self.tid:
                    out[o] = out.get(o, 0) + 1
        return out

    def defence(self) -> None:
        """(3) Military Tactics and a capital wall facing the richest neighbour."""
        v = self.view
        near = self.neighbours()
        if not near:
            return
        richest = max(near, key=lambda o: (sum(v.tribes[o].res), -o))
        if "military_tactics" not in self.t.techs and self.total() >= 12:
            self._research("military_tactics")
        capital = position.capital_of(v, self.tid)
        if capital >= 0 and self.total() >= 8:
            for s, j in enumerate(v.board.sides[capital]):
                if j >= 0 and v.owner[j] == richest and not v.walls[capital * 4 + s]:
                    if self.add(A.Wall(capital, SIDES[s], "gold"), (5, 0, 0)):
                        break

    def spells(self) -> None:
        """(4) Rock Solid when outgunned, else Meteor on an enemy city, else Steal."""
        v, tid, t = self.view, self.tid, self.t
        if position.tower_of(v, tid) < 0 or "primitive_magic" not in t.techs:
            return
        near = self.neighbours()
        mine = sum(t.res)
        enemy = sum(sum(v.tribes[o].res) for o in near)
        if near and enemy >= 2 * max(1, mine):
            if self._cast(A.Cast("rock_solid"), "rock_solid"):
                return
        cities = [i for i in v.board.land_tiles
                  if v.owner[i] >= 0 and v.owner[i] != tid and v.building[i] in (CITY, CAPITAL)]
        if cities:
            best = max(cities, key=lambda i: (v.building[i] == CAPITAL, -i))
            if self._cast(A.Cast("meteor", best), "meteor"):
                return
        rich = [o.id for o in v.tribes if o.alive and o.id != tid and o.res[0] >= 8]
        if rich:
            self._cast(A.Cast("steal", max(rich, key=lambda o: (v.tribes[o].res[0], -o))), "steal")

    def _cast(self, action: A.Cast, spell: str) -> bool:
        if self.spell_used:
            return False
        cost = SPELL[spell].cost
        if self.t.faction == "arcane":
            cost = max(0, cost - 1) + (1 if v_turmoil(self.view) else 0)
        if self.add(action, (0, 0, cost)):
            self.spell_used = True
            return True
        return False


def v_turmoil(view: TerritoryView) -> bool:
    """T-15.1: magic turmoil is on this turn."""
    return view.turn <= view.turmoil_until


def plan_turn(view: TerritoryView, tribe: int, legal: list[Action],
              rng: Rng | None = None) -> list[Action]:
    """The greedy orders of `tribe` for this turn, in entry order; `rng` breaks ties (system
    tribes, run inside the rules, pass none and break ties by tile order)."""
    return Planner(view, tribe, legal, rng).run()
