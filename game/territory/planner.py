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

from collections import defaultdict
from itertools import chain, groupby
from operator import itemgetter
from typing import Container

from game.core.protocol import Action
from game.core.rng import Rng
from game.territory import actions as A
from game.territory.constants import (
    AI_WEIGHTS, ATTACK, BUILDING, CAMP, CITY, FARM, LAND, OUTPOST, SPELL, TECH, WORKSHOP,
)
from game.territory import position
from game.territory.arrows import GRUDGE_BUILDINGS
from game.territory.greedy_orders import (
    ANY_ORDER, DEFENCE, DIPLOMACY, ECONOMY, MAGIC, PAYBACK, HANDLERS, answers, frontier,
    slot_of, spell_cost, spend_down, tile_worth, BATCH, TILE_WORTH,
)
from game.territory import reach, styles
from game.territory.orders import UNLISTED, LegalOrders   # the rules' answer for system tribes
from game.territory.plans import less_gold
from game.territory.state import GOBLIN, NOBODY, UNDEAD
from game.territory.view import TerritoryView

W = AI_WEIGHTS


class Planner:
    """One turn's plan for one tribe (see the module docstring)."""

    def __init__(self, view: TerritoryView, tribe: int,
                 legal: list[Action] | A.Listed | LegalOrders, rng: Rng | None = None,
                 style: str = "", foreseen: dict[int, list[Action]] | None = None) -> None:
        self.view = view
        self.style = style
        self.building_weight = styles.building_weight(style)   # T-21.1's weight of a target's cap
        self.rng = rng
        self.tid = tribe
        self.t = view.tribes[tribe]
        self.legal: Container[Action]      # membership only (by identity first: `A.Listed`)
        self.legal_list: list[Action]      # the rules' order, for every choice among them
        if isinstance(legal, A.Listed):   # a player's list, its membership built by the caller
            self.legal, self.legal_list = legal, legal.actions
        elif isinstance(legal, list):
            self.legal, self.legal_list = A.Listed(legal), list(legal)
        else:
            # a system tribe (T-14.4): the rules answer membership; its new orders listed
            # without the kinds of `orders.UNLISTED`, which `of_kinds` is never asked for
            self.legal, self.legal_list = legal, legal.listed
        self.budget = list(self.t.res)
        self.plan: list[Action] = []
        # a system tribe's tiles: the rules' list of this turn (`LegalOrders.own`), as the view's
        self.own = legal.own if isinstance(legal, LegalOrders) else position.owned(view, tribe)
        self.cap = position.cap(view, tribe, self.own)
        self.own_set = set(self.own)
        self.used_tiles: set[int] = set()
        self.spell_used = False
        self.bound: tuple[float, Action, int] | None = None   # the best bound spell
        self.planned: set[Action] = set()
        self.slots: set[tuple] = set()
        self.near: dict[int, int] = {}
        self.richest = -1
        self._counts: dict[int, int] | None = None   # `counts`, taken when first asked
        # the "leader" style's rival (-1: none), from the same count the plan may ask again
        self.leader = styles.leader(view, tribe, self.counts) if style == "leader" else -1
        self.spice_partners: set[int] = set()
        # fixed for the turn; a system tribe's from the rules' cache of this turn (its listing
        # asked it), rather than a scan of the board's buildings
        self.has_tower = legal.has_tower if isinstance(legal, LegalOrders) else (
            position.tower_of(view, tribe) >= 0)
        self._by_type: dict[type, list[int]] | None = None   # positions in legal_list
        self._outpost: dict[int, int] = {}                      # tile -> T-11.6 outpost bonus
        # (none anywhere without an outpost of ours, as for most tribes: not looked for, an
        # 8-tile scan per target tile had been 0.4 % of 10 random games' instructions)
        self.outposts = OUTPOST in map(view.building.__getitem__, self.own)
        self._attack_base: dict[tuple[int, bool], int] = {}     # (owner, sea) -> `_owner_attack`
        # action class -> its listed actions worth something (`valued`): `order_value` is a
        # pure function of the view and of what `run` fixes before the first `choose`
        # (near, richest, partners), so each class is valued once a plan (later passes ask
        # again) and the many orders worth nothing are not looked at again
        self._valued: dict[type, list[tuple[int, Action, float, tuple[int, int, int], int]]] = {}
        # tile -> `target_value`, and (tile, side, surcharge, sea, Open Frontier pricing) ->
        # `best_x`: pure functions of the view and what the plan fixes at its start, asked
        # again for the same tile from every own tile next to it
        self._targets: dict[int, float] = {}
        self._best: dict[int, tuple[float, int, int]] = {}   # `reach.best_key` -> `best_x`
        self._splinter: dict[int, float] = {}   # tile -> `reach.splinter`, likewise
        self.wall_memo: dict[int, tuple] = {}   # tile -> `greedy_orders.wall_values`, likewise
        self.attack_memo: dict[bool, list] = {}   # Open Frontier priced -> `reach.attack_options`
        self.borders: set[int] | None = None   # `greedy_orders.border_set`, found once asked
        self.fronts: int | None = None   # `greedy_orders._tunnel`'s fronts, likewise
        # (every spell needs the tower: `_can_cast` asks it first)
        self.castable = {s for s in SPELL if self._can_cast(s)} if self.has_tower else set()
        self.landlocked_memo: bool | None = None   # reach.landlocked, once a plan
        # D41: certain 1-resource Pioneer captures of unclaimed land left this turn
        self.frontier_left = view.params.open_frontier_per_turn if self.t.faction == "pioneer" else 0
        # the "counter" style (`styles.foresee`): rival origin tile -> extra target value,
        # and (own tile, side) -> the strongest foreseen step entering through it
        self.void_bonus: dict[int, float] = {}
        self.threats: dict[tuple[int, str], int] = {}
        if foreseen:
            styles.foresee(self, foreseen)

    @property
    def counts(self) -> dict[int, int]:
        """Tiles per tribe in the view (`position.tile_counts`), counted once a plan and only
        when asked (answers to tribute demands, tribute values): most plans never ask."""
        if self._counts is None:
            self._counts = position.tile_counts(self.view)
        return self._counts

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
        """Take a cost from the budget (generic part gold first, like the default priority);
        zero parts are not taken (`afford` is asked first: the budget never goes below 0)."""
        b = self.budget
        g, m, e = typed
        if g or m or e:
            b[0] -= g
            b[1] -= m
            b[2] -= e
        if generic:
            n = min(generic, b[0])
            b[0] -= n
            generic -= n
            if generic:
                n = min(generic, b[1])
                b[1] -= n
                b[2] -= min(generic - n, b[2])

    def add(self, action: Action, typed: tuple[int, int, int] = (0, 0, 0), generic: int = 0,
            check: bool = True) -> bool:
        """Plan `action` if it is legal and affordable; returns whether it was planned."""
        if not self.afford(typed, generic):   # (asked first: legality may ask a checker)
            return False
        if check and action not in self.legal:
            return False
        self.pay(typed, generic)
        self.plan.append(action)
        return True

    # ---- the turn ---------------------------------------------------------------------------
    def run(self) -> list[Action]:
        """T-21.1 (0)..(5) in order; the planned actions in entry order."""
        v = self.view
        self.near = self.neighbours()
        self.richest = max(self.near, key=lambda o: (sum(v.tribes[o].res), -o)) if self.near else -1
        self.spice_partners = set(self.t.spice) | {
            j for j, target, _ in v.trades if target == self.tid} | {
            target for j, target, _ in v.trades if j == self.tid}
        answers(self)
        reach.choose_core(self)
        self.economy()
        if self.threats:
            styles.counter_walls(self)
        if self.t.temple >= 0:  # T-13.5: Deep Tide first, before attacks spend the exotics
            self.choose((A.DeepTide,), reserve=0, limit=1)
        reach.attacks(self, reserve=0)
        if self.t.faction == "pioneer" and self.frontier_left == 0:
            reach.attacks(self, reserve=0)  # D41: further unclaimed tiles as ordinary attacks
        self.bind_spells()
        self.defence()
        self.spells()
        self.choose(DIPLOMACY, reserve=0, limit=3)
        if self.total() > self.cap:
            reach.attacks(self, reserve=0, allow_even=True)
        if self.total() > self.cap:
            self.choose(ANY_ORDER, reserve=0, limit=4, floor=-2.0)
        spend_down(self)
        return self.plan

    # ---- every other order, by value (T-21.3; values in greedy_orders.py) -------------------
    def choose(self, kinds: tuple[type, ...], reserve: int, limit: int,
               floor: float = 0.0, rival: float | None = None) -> int:
        """Plan up to `limit` legal orders of `kinds` with the best value − cost (> `floor`)
        while affordable and `reserve` stays; ties broken by the agent's RNG. A tower spell
        must also beat `rival` (the best bound spell's net value)."""
        if self.rng is None and (self.total() < reserve or limit <= 0
                                 or len(self.plan) >= self.view.params.max_orders):
            # nothing could be taken (no cost is negative, so the budget stays below
            # `reserve`): the kinds are not valued (about a third of the system tribes'
            # choices). With an RNG the options are still shuffled, as many draws as ever.
            return 0
        room = self.total() - reserve   # what an order may cost with `reserve` left
        keep_all = self.rng is not None
        options: list[tuple[float, Action, tuple[int, int, int], int, int]] = []
        planned = self.planned
        for _, action, value, typed, generic in self.valued(kinds):
            paid = sum(typed)
            net = value - paid - generic
            # the budget only shrinks: without an RNG (its draws count the options) an order
            # too dear now is not kept; the planned asked last (a Python-level hash)
            if net > floor and (keep_all or paid + generic <= room) and not (
                    planned and action in planned):
                options.append((net, action, typed, generic, paid + generic))
        if self.rng is not None:
            self.rng.shuffle(options)
        # highest net first, ties in their order (a reverse sort keeps equal keys in order)
        options.sort(key=itemgetter(0), reverse=True)
        taken = 0
        max_orders = self.view.params.max_orders
        for net, action, typed, generic, cost in options:
            if taken >= limit or len(self.plan) >= max_orders:
                break
            if cost > room:   # (asked first: the test below that takes no call)
                continue
            slot = slot_of(action)
            if slot is not None and slot in self.slots:
                continue
            if isinstance(action, A.Cast) and (self.spell_used or (rival is not None and net <= rival)):
                continue
            if self.add(action, typed, generic):
                taken += 1
                room = self.total() - reserve
                self.planned.add(action)
                if slot is not None:
                    self.slots.add(slot)
                if isinstance(action, A.Cast):
                    self.spell_used = True
        return taken

    def of_kinds(self, kinds: tuple[type, ...]) -> list[Action]:
        """The legal actions of `kinds` (action classes, none a subclass of another) in the
        rules' order; the fixed legal list is indexed by class once, not scanned per call."""
        by_type = self.positions()
        assert UNLISTED.isdisjoint(kinds)  # `legal_list` may leave them out (LegalOrders)
        if by_type.keys().isdisjoint(kinds):   # (none listed: as `valued`)
            return []
        found = sorted(n for kind in kinds for n in by_type.get(kind, ()))
        return [self.legal_list[n] for n in found]

    def positions(self) -> dict[type, list[int]]:
        """Action class -> the positions of its actions in the legal list, built once."""
        if self._by_type is None:
            # the list holds long runs of one class (its cost groups): a run at a time
            by_type: dict[type, list[int]] = defaultdict(list)
            n = 0
            for kind, run in groupby(map(type, self.legal_list)):
                end = n + len(list(run))
                by_type[kind].extend(range(n, end))
                n = end
            self._by_type = by_type
        return self._by_type

    def valued(self, kinds: tuple[type, ...]) -> list[tuple[int, Action, float, tuple[int, int, int], int]]:
        """(position, action, value, typed cost, generic cost) of each legal action of `kinds`
        whose `order_value` is above 0, in the rules' order (the order of `of_kinds`)."""
        assert UNLISTED.isdisjoint(kinds)  # `legal_list` may leave them out (LegalOrders)
        by_type = self.positions()
        if by_type.keys().isdisjoint(kinds):   # none listed (no tower, no Diplomacy...): not
            return []   # looked at kind by kind (9,099.5 M -> 9,074.8 M, 10 random games)
        parts = []
        done = self._valued
        for kind in kinds:
            at = by_type.get(kind)
            if at is None:   # (none listed)
                continue
            part = done.get(kind)
            if part is None:
                part = done[kind] = []
                handler = HANDLERS.get(kind)
                if handler is None:
                    pass
                elif kind in BATCH:   # the most listed kinds, valued in one loop
                    part.extend(BATCH[kind](self, self.legal_list, at))
                else:
                    legal = self.legal_list
                    for n in at:
                        action = legal[n]
                        value, typed, generic = handler(self, action)
                        if value > 0:
                            part.append((n, action, value, typed, generic))
            if part:
                parts.append(part)
        if len(parts) == 1:
            return parts[0]
        return sorted(chain.from_iterable(parts), key=itemgetter(0))

    def bind_spells(self) -> None:
        """Bewitch, Fortune or Battle Fervor on the planned arrow they help most (T-10.1),
        bound by the arrow's order id (its position among the planned orders)."""
        if self.spell_used or not self.has_tower:
            return
        if "primitive_magic" not in self.t.techs:
            return
        best: tuple[float, Action, int] | None = None
        order_id = self.t.next_order
        for k, action in enumerate(self.plan):
            if isinstance(action, A.Step):
                continue
            if isinstance(action, A.Arrow):
                steps = [action] + [s for s in self.plan[k + 1:k + 3] if isinstance(s, A.Step)]
                prev = action.origin
                for n, step in enumerate(steps):
                    tile, before = step.tile, prev
                    prev = tile
                    if not step.x:
                        continue
                    owner = self.view.owner[tile]
                    if owner == NOBODY and self.t.faction == "pioneer":
                        continue  # Open Frontier: certain anyway (or priced as ordinary later)
                    value = self.target_value(tile)
                    side = self.view.board.side_between(tile, before)
                    p = reach.p_success(step.x + self.attack_bonus(owner, tile, False)
                                  - position.defense(self.view, tile, self.tid, side))
                    for spell, gain in (("bewitch", 1 - p),
                                        ("fortune", (1 - p) * p),
                                        ("battle_fervor", min(1.0, p + 2 / 6) - p)):
                        if spell not in self.castable:
                            continue
                        cost = spell_cost(self, spell)
                        if spell == "battle_fervor":  # +2 on every attack step of the arrow
                            gain = sum(self._fervor_gain(s, p_prev) for s, p_prev in
                                       self._attack_steps(action, steps))
                        net = W["bind"] * gain * value * 2 - cost
                        cast = A.Cast(spell, order=order_id, step=n if spell != "battle_fervor" else -1)
                        if net > 0 and (best is None or net > best[0]):
                            best = (net, cast, cost)
            order_id += 1
        self.bound = best

    def _attack_steps(self, arrow: A.Arrow, steps: list) -> list[tuple[float, float]]:
        """(p, 1.0) for each attack step of a planned arrow (p: its chance now)."""
        out = []
        prev = arrow.origin
        for step in steps:
            tile, before = step.tile, prev
            prev = tile
            if not step.x:
                continue
            owner = self.view.owner[tile]
            side = self.view.board.side_between(tile, before)
            y = step.x + self.attack_bonus(owner, tile, False) - position.defense(
                self.view, tile, self.tid, side)
            out.append((reach.p_success(y), 1.0))
        return out

    @staticmethod
    def _fervor_gain(p: float, _: float) -> float:
        """Battle Fervor's +2 attack: the chance a step gains."""
        return min(1.0, p + 2 / 6) - p

    def economy(self) -> None:
        """(1) Extraction, then the best-payback build while ~3 resources stay for attacks."""
        v, t = self.view, self.t
        if "extraction" not in t.techs and any(map(v.board.special.__getitem__, self.own)):
            self._research("extraction")
        best: list[tuple[float, Action, tuple[int, int, int]]] = []
        arch = 1 if "architecture_art" in t.techs else 0
        # below the reserve no build is kept (no cost is negative): without an RNG to draw
        # the tie from, the builds are not weighed
        weighed = self.of_kinds(PAYBACK) if self.rng is not None or self.total() >= W["reserve"] else ()
        for action in weighed:  # `_payback` is 0 for every other kind
            gain, cost = self._payback(action, arch)
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
            if min(rest) >= 0 and sum(rest) >= W["reserve"] and self.add(action, cost):
                self.planned.add(action)
                slot = slot_of(action)
                if slot is not None:
                    self.slots.add(slot)
        # T-21.3: every other build, upgrade, tech and magic purchase, by value
        self.choose(ECONOMY, reserve=W["reserve"], limit=styles.economy_orders(self))

    def _research(self, tech: str, choice: str = "") -> bool:
        cost = list(TECH[tech].cost)
        if choice:
            extra = TECH[tech].choices[choice]
            cost = [cost[k] + extra[k] for k in range(3)]
        if self.t.faction == "war":
            cost[0] += 2
        typed = (cost[0], cost[1], cost[2])
        if not self.afford(typed):   # (asked first, as `add` does: legality may ask a checker)
            return False
        action = A.Research(tech, choice)
        if action not in self.legal:
            return False
        if tech in self.slots_techs() or not self.add(action, typed):
            return False
        self.planned.add(action)
        self.slots.add(("tech", tech))
        return True

    def slots_techs(self) -> set[str]:
        """Techs already planned this turn."""
        return {slot[1] for slot in self.slots if slot[0] == "tech"}

    def _payback(self, action: Action, arch: int) -> tuple[float, tuple[int, int, int]]:
        """Gold per turn an economic order adds, and its cost (`arch`: 1 with Architecture
        Art, a gold less)."""
        v = self.view
        if isinstance(action, A.Build):
            kind = action.building
            special = v.board.special[action.tile]
            if kind == "camp":
                gain = 1.0 + 0.1
                if self.t.faction == "shadow" and frontier(self, action.tile):
                    # T-13.7 grudge: a captor of a Shadow camp gets undead land, not the
                    # tile, so on the border a camp also keeps rivals off
                    gain += W["grudge_camp"]
                return gain, less_gold(BUILDING[CAMP].cost, arch)
            if kind == "farm":
                return 2.0, less_gold(BUILDING[FARM].cost, arch)
            if kind == "workshop":
                cost = (3, 0, 0) if special == 1 else BUILDING[WORKSHOP].cost
                return 2.0, less_gold(cost, arch)
            if kind == "city":
                return 2.0, less_gold((5, 2, 0), arch)
        if isinstance(action, A.Upgrade) and v.building[action.tile] in (CAMP, OUTPOST):
            return 1.0, less_gold(BUILDING[CITY].cost, arch)
        if isinstance(action, A.Commerce):
            return 2.0, less_gold((5, 0, 0), arch)
        return 0.0, (0, 0, 0)

    # ---- attacks (T-21.1 (2)) ---------------------------------------------------------------
    def target_value(self, tile: int) -> float:
        """T-21.1 (2): V of a target tile (weights from the `[ai]` table)."""
        value = self._targets.get(tile)
        if value is None:
            value = self._targets[tile] = self._target_value(tile)
        return value

    def _target_value(self, tile: int) -> float:
        v = self.view
        owner = v.owner[tile]
        b = v.building[tile]
        if owner >= 0 and b in GRUDGE_BUILDINGS and v.tribes[owner].faction == "shadow":
            # T-13.7 grudge: the capture turns the tile undead (hostile to us), so it only
            # takes the tile from its owner
            return W["base"]
        # the part read from the tile's building and special alone (`tile_worth`)
        key = (b, v.board.special[tile], owner >= 0, self.building_weight)
        value = TILE_WORTH.get(key)
        if value is None:
            value = TILE_WORTH[key] = tile_worth(*key)
        if self.t.split_age >= 0 and sum(1 for j in v.board.adjacent[tile] if j in self.own_set) >= 2:
            value += W["reconnect"]
        if owner == UNDEAD:
            value -= 2  # waking the dead: they strike back
        elif owner == self.leader and owner >= 0:
            value += W["leader"]   # the "leader" style (`styles.leader`)
        if self.void_bonus:
            value += self.void_bonus.get(tile, 0.0)
        if self.t.faction == "tide" and reach.landlocked(self) and all(
                j not in self.own_set for j in v.board.adjacent[tile]):
            # T-13.5: an island tribe grows only through a foothold with land to take behind it
            value += W["foothold"] * min(3, sum(
                1 for j in v.board.adjacent[tile] if v.board.kind[j] == LAND and v.owner[j] != self.tid))
        return value

    def attack_bonus(self, target: int, tile: int, sea: bool) -> int:
        """T-11.6: A as the rules will compute it, from the public view: the part that
        depends on the target's owner and the sea (`_owner_attack`) plus the outpost bonus
        of the tile, each worked out once a plan (the view is fixed for it)."""
        base = self._attack_base.get((target, sea))
        if base is None:
            base = self._attack_base[(target, sea)] = self._owner_attack(target, sea)
        if not self.outposts:
            return base
        bonus = self._outpost.get(tile)
        if bonus is None:
            bonus = self._outpost[tile] = position.outpost_bonus(self.view, self.tid, tile)
        return base + bonus

    def _owner_attack(self, target: int, sea: bool) -> int:
        """T-11.6's attack bonuses but the outpost's, against tiles of owner `target`."""
        v, t = self.view, self.t
        a = 0
        if "military_tactics" in t.techs:
            a += ATTACK["military_tactics"]
        if t.totem == "snake":
            a += ATTACK["snake"]
        outside = target in (UNDEAD, GOBLIN) or (target >= 0 and v.tribes[target].kind == "system")
        if t.faction == "pioneer" and outside:
            a += ATTACK["human_glory"]
        if sea and "landing" in t.techs:
            a += ATTACK["landing"]
        if target >= 0 and v.grievances and any(w == self.tid and r == target and until >= v.turn
                                                for w, r, until in v.grievances):
            a += ATTACK["grievance"]
        return a

    def splinter(self, tile: int) -> float:
        """`reach.splinter` of a target, once a plan (asked from every tile next to it)."""
        cost = self._splinter.get(tile)
        if cost is None:
            cost = self._splinter[tile] = reach.splinter(self, tile)
        return cost

    def best_x(self, tile: int, side: int, surcharge: int, sea: bool) -> tuple[float, int, int]:
        """(net value, x, cost) of the best attack on `tile` (memo: `reach.best_key`)."""
        key = reach.best_key(self.view, tile, side, surcharge, sea, self.frontier_left > 0)
        best = self._best.get(key)
        if best is None:
            best = self._best[key] = self._best_x(tile, side, surcharge, sea)
        return best

    def _best_x(self, tile: int, side: int, surcharge: int, sea: bool) -> tuple[float, int, int]:
        v = self.view
        owner = v.owner[tile]
        value = self._targets.get(tile)   # `target_value`, its memo asked here first
        if value is None:
            value = self._targets[tile] = self._target_value(tile)
        if owner == NOBODY and self.frontier_left > 0:  # T-11.3 Open Frontier (D41: 3 a turn)
            return value - 1 - surcharge, 1, 1 + surcharge
        attack = self._attack_base.get((owner, sea))   # `attack_bonus`, its memo asked here first
        if attack is None or self.outposts:
            attack = self.attack_bonus(owner, tile, sea)
        return reach.best_die(value, attack - position.defense(v, tile, self.tid, side), surcharge)

    # ---- defence and magic (T-21.1 (3), (4)) -----------------------------------------------
    def neighbours(self) -> dict[int, int]:
        """Adjacent tribes and how many of their tiles touch ours; the own tiles touching
        them are kept on the way (`borders`, see `greedy_orders.border_set`)."""
        v = self.view
        owner, adjacent, tid = v.owner, v.board.adjacent, self.tid
        out: dict[int, int] = {}
        borders: set[int] = set()
        for i in self.own:
            for j in adjacent[i]:
                o = owner[j]
                if o >= 0 and o != tid:
                    out[o] = out.get(o, 0) + 1
                    borders.add(i)
        self.borders = borders
        return out

    def defence(self) -> None:
        """(3) Walls (and their upgrades) facing neighbours, the richest first, on any own
        tile (no capital needed), and Military Tactics when the border is long."""
        if not self.near:
            return
        if "military_tactics" not in self.t.techs and self.total() >= 12:
            self._research("military_tactics")
        self.choose(DEFENCE, reserve=W["reserve"], limit=2)

    def spells(self) -> None:
        """(4) The best tower spell by value (Rock Solid when outgunned, Meteor on an enemy
        city, Steal on a rich tribe, and every faction's spells), then Deep Tide."""
        bound = self.bound
        self.choose(MAGIC, reserve=0, limit=2, rival=bound[0] if bound else None)
        if bound is not None and not self.spell_used:
            if self.add(bound[1], (0, 0, bound[2]), check=False):  # entered after its arrow
                self.spell_used = True

    def _can_cast(self, spell: str) -> bool:
        """T-10.1: tower (Jungle: Tree), Primitive Magic, Battle Magic where marked, faction."""
        t, data = self.t, SPELL[spell]
        if not self.has_tower or "primitive_magic" not in t.techs:
            return False
        if data.bm and "battle_magic" not in t.techs:
            return False
        return not data.faction or data.faction == t.faction


def plan_turn(view: TerritoryView, tribe: int, legal: list[Action] | A.Listed | LegalOrders,
              rng: Rng | None = None, style: str = "",
              foreseen: dict[int, list[Action]] | None = None) -> list[Action]:
    """The greedy orders of `tribe` for this turn, in entry order; `rng` breaks ties (system
    tribes, run inside the rules, pass none and break ties by tile order). `style` is "" or
    one of `styles.STYLES` (the hard search's other candidate turns), `foreseen` the rivals'
    orders the "counter" style plans against."""
    return Planner(view, tribe, legal, rng, style, foreseen).run()
