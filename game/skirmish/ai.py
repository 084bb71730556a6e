"""The greedy Skirmish agent (section 17): one action at a time, from the public view only.

Each call scores, for every own unit, "stay or move to a legal destination, then the best
attack from there" with expected values over the chance checks (`combat.outcomes`), and plays
the first step of the best plan if it beats doing nothing; archer attacks go first (they are
never countered). When no unit plan is worth it, it produces (free vouchers first, infantry in
threatened cities, else infantry : archer : cavalry 2 : 1 : 1) and then ends the turn.

Score terms (weights in data/rules.toml `[ai]`): material 10 x value (cost x hp / max hp) won
or lost, kills, +40 x vp and +100 x vp for a capture, +15 x vp for the strike that breaches a
city a unit can then enter, -0.5 x (damage hostiles can deal there next round) x value per HP,
a garrison bonus in threatened own cities, -0.3 x MP cost to the nearest hostile city for
melee units (archers: a smaller pull). The threat weight counts once per hostile bloc still in
play (`_caution`): a duel keeps section 17's -0.5, four rivals are more careful about walking
into range without striking (on Four Banners the seat that moved second on each road won
otherwise). Skill picks follow section 17's priority, with Heavy (I9, C1) first when a rival's
fixed skills hold it (`_pick_priority`). Against a hostile bloc leading on VP, material won,
breaches and captures count (1 + `leader`) times and its cities are the march goals, so the
others gang up on the leader (issue 17: otherwise four greedy seats on Four Banners let the
hard-to-hurt Green run away with 72 % of the games). The agent works on `view.game`, a copy whose RNG is
not the game's, and moves units on that copy only to evaluate "what if".
"""

from __future__ import annotations

from collections import defaultdict

from game.ai import Agent
from game.core.protocol import Action
from game.skirmish import actions as A
from game.skirmish.board import FREE, NEUTRAL
from game.skirmish.combat import (
    attack_range, can_strike_from, counter_source, outcomes, pursuit_possible, targets_from,
)
from game.skirmish.constants import (
    AI_PICK_PRIORITY, AI_WEIGHTS, ARCHER, CAVALRY, CHANCE, INFANTRY, SKILL_CODES, UNITS,
)
from game.skirmish.movement import allowance, destinations
from game.skirmish.searches import cost_field
from game.skirmish.state import Phase, SkirmishState, SkirmishView, Unit

W = AI_WEIGHTS
THRESHOLD = 0.5            # a plan must beat doing nothing by this much
EPS = 1e-9                 # scores this close are a tie, broken by the agent's RNG


class _Best:
    """The best-scoring choices seen so far; ties are kept and drawn by the agent's RNG, so no
    decision depends on list, set or dict order."""

    def __init__(self, floor: float) -> None:
        self.score = floor
        self.items: list = []

    def offer(self, score: float, item) -> None:
        if score > self.score + EPS or (not self.items and score > self.score):
            self.score, self.items = score, [item]
        elif self.items and abs(score - self.score) <= EPS:
            self.items.append(item)

    def pick(self, rng):
        return self.items[rng.below(len(self.items))] if self.items else None


RATIO = {INFANTRY: 2, ARCHER: 1, CAVALRY: 1}   # section 17 production mix
# Heavy (I9, C1) halves the expected loss from the 1-point hits that make up nearly all of
# Skirmish's damage; a faction facing a rival whose FIXED skills include it cannot trade
# evenly without it, so then it is picked before section 17's priority (issue 17: on Four
# Banners Green holds I9 and C1 and won half of the four-greedy games).
HEAVY = ("I9", "C1")
KILL_BONUS = 0.5           # x cost x material weight: a dead unit threatens nobody


def value_per_hp(u: Unit) -> float:
    """Section 17's unit value (cost x hp / max HP) per hit point."""
    stats = UNITS[u.type]
    return stats.cost / stats.hp


class GreedyAgent(Agent):
    """Section 17's greedy player."""

    id = "greedy"

    def __init__(self, seat: int, seed: int) -> None:
        super().__init__(seat, seed)
        self._threat_key: tuple | None = None
        self._threat: list[float] = []
        self._field_key: tuple | None = None
        self._fields: dict[bool, list[int]] = {}
        self._focus: list[float] = []
        self._weight = W["threat"]
        # this decision's threat map and march fields (`_pos`): nothing they read changes
        # while one decision is scored, and rebuilding their cache keys per scored hex cost
        # half of a search playout's time
        self._threat_now: list[float] = []
        self._fields_now: dict[bool, list[int]] = {}
        self._target: int | None = None     # `restyle`: the bloc root to gang up on

    # ---- styles for the search's candidate plans (game.ai.plans) -----------------------------
    def styles(self, view: SkirmishView) -> list[int]:
        """With two or more hostile blocs in play: one style per bloc (its root seat, in seat
        order), "treat that bloc as the leader" (its units and cities worth 1 + `leader`,
        its cities the march goals). Greedy always gangs up on the VP leader; the search
        also tries a turn against each other rival. In a duel there is no one else to hit."""
        g = view.game
        if g.phase is not Phase.PLAY:
            return []
        roots = g.roots()
        blocs = sorted({roots[f] for f in range(g.seats)
                        if g.hostile(self.seat, f) and not g.defunct(f)})
        return blocs if len(blocs) > 1 else []

    def restyle(self, style: int) -> None:
        """Play in `style` (one of `styles`) from now on."""
        self._target = style

    # ---- entry point ------------------------------------------------------------------------
    def choose(self, view: SkirmishView, legal: list[Action]) -> Action:  # type: ignore[override]
        g = view.game
        if g.phase is Phase.PICK:
            return self._pick(g, legal)
        self._focus = self._leader_focus(g)
        self._weight = self._caution(g)
        self._threat_now = self._threat_map(g)
        self._fields_now = {}
        plan = self._best_plan(g, legal)
        if plan is not None:
            return plan
        for action in (self._produce(g, legal), self._cover(g, legal)):
            if action is not None:
                return action
        if A.END_TURN in legal:
            return A.END_TURN
        # N-4: a trespasser must move; take its best-scored legal move
        best = _Best(float("-inf"))
        for a in legal:
            if isinstance(a, A.Move):
                best.offer(self._pos(g, g.units[a.unit], g.board.index(a.to)), a)
        return best.pick(self.rng)

    # ---- skill picks (S-2, section 17 priority) ----------------------------------------------
    def _pick(self, g: SkirmishState, legal: list[Action]) -> Action:
        allowed = {a.skills for a in legal if isinstance(a, A.PickSkills)}
        spec = g.board.factions[self.seat]
        order = list(self._pick_priority(g))
        rank = {c: i for i, c in enumerate(SKILL_CODES)}
        chosen: list[str] = []
        for code in order:
            if len(chosen) >= spec.optional_picks:
                break
            trial = tuple(sorted(chosen + [code], key=rank.__getitem__))
            if trial in allowed:
                chosen.append(code)
        return A.PickSkills(tuple(sorted(chosen, key=rank.__getitem__)))

    def _pick_priority(self, g: SkirmishState) -> list[str]:
        """Section 17's pick priority, then every other skill; Heavy goes first when a rival's
        fixed skills (public, S-2) already hold it. Only other seats' fixed skills are read:
        their picks are secret until all are made (H-1)."""
        b = g.board
        rival_heavy = any(c in HEAVY for f in range(g.seats) if f != self.seat
                          for c in b.factions[f].fixed_skills)
        first = list(HEAVY) if rival_heavy else []
        pri = first + [c for c in AI_PICK_PRIORITY if c not in first]
        return pri + [c for c in SKILL_CODES if c not in pri]

    # ---- context: whom to hit, threat map and distance fields --------------------------------
    def _leader_focus(self, g: SkirmishState) -> list[float]:
        """Per faction, the factor on what hitting it is worth: 1 + `leader` for the hostile
        bloc that leads on strength (`vp`/`material` x VP (W-1) + `leader_units` x the value
        of its units; the tuned table uses VP alone), when it is ahead of this seat's bloc by
        more than `leader_margin`, else 1. Without it every greedy seat hits whoever is
        softest and a hard-to-hurt faction (Heavy skills) runs away with the game; with it
        the others gang up on the leader, as players would."""
        roots = g.roots()
        if self._target is not None:      # a style: this bloc is the one to hit
            return [1.0 + W["leader"] if roots[f] == self._target and g.hostile(self.seat, f)
                    else 1.0 for f in range(g.seats)]
        vp = g.vp()
        strength = [0.0] * g.seats
        for f in range(g.seats):
            strength[roots[f]] += W["vp"] / W["material"] * vp[f] if roots[f] == f else 0.0
        for u in g.units.values():
            strength[roots[u.faction]] += W["leader_units"] * u.value
        top = max(strength)
        focus = [1.0] * g.seats
        if top > strength[roots[self.seat]] * (1 + W["leader_margin"]):
            for f in range(g.seats):
                if strength[roots[f]] == top and g.hostile(self.seat, f):
                    focus[f] = 1.0 + W["leader"]
        return focus

    def _worth(self, faction: int) -> float:
        """The leader factor of `faction` (1 before the first decision of a call)."""
        return self._focus[faction] if self._focus else 1.0

    def _threat_map(self, g: SkirmishState) -> list[float]:
        """Damage hostile units could deal to each hex next round (raw attack, summed), halved
        where K-4.1's terrain penalty may void the hit: forest against archers (no A10),
        swamp and mountain against cavalry (no C3). So defensive terrain scores better."""
        hostiles = [u for u in g.units.values() if g.hostile(self.seat, u.faction)]
        key = (g.round, g.current, tuple(sorted((u.id, u.hex, u.type) for u in hostiles)))
        if key == self._threat_key:
            return self._threat
        b = g.board
        threat = [0.0] * b.size
        for v in hostiles:
            stands = [v.hex] + destinations(g, v, v.hex, allowance(g, v, suppressed=False))
            hit: set[int] = set()
            r = attack_range(g, v)
            for s in stands:
                if can_strike_from(g, v, s):
                    hit.update(b.disk(s, r))
            power = UNITS[v.type].attack
            skills = g.skills[v.faction]
            if v.type == ARCHER and "A10" not in skills:
                cover = b.archer_penalty
            elif v.type == CAVALRY and "C3" not in skills:
                cover = b.cavalry_penalty
            else:
                cover = None
            for h in hit:
                threat[h] += power * (1 - CHANCE["terrain_void"] / 100) if cover and cover[h] else power
        self._threat_key, self._threat = key, threat
        return threat

    def _field(self, g: SkirmishState, light: bool) -> list[int]:
        """MP cost to the nearest hostile city (terrain only)."""
        focus = tuple(self._focus)
        key = (tuple(g.city_owner), tuple(g.overlord), focus)
        if key != self._field_key:
            self._field_key, self._fields = key, {}
        if light not in self._fields:
            b = g.board
            targets = [spec.hex for k, spec in enumerate(b.cities) if g.city_hostile(k, self.seat)]
            # a VP leader draws the march: its cities become the only goals
            lead = [h for h in targets
                    if g.city_owner[b.city_at[h]] >= 0 and self._worth(g.city_owner[b.city_at[h]]) > 1.0]
            targets = lead or targets
            costs = b.light_cost if light else b.cost
            self._fields[light] = cost_field(g, targets, costs) if targets else [0] * b.size
        return self._fields[light]

    def _caution(self, g: SkirmishState) -> float:
        """The threat weight: section 17's `threat` once per hostile bloc still in the game.
        In a duel pressing forward is right; with several rivals a unit that walks into
        range without striking gives the faction that moves next a free first blow, and the
        rivals who are not fighting profit (issue 17: on Four Banners the second seat of each
        road pairing won almost every game, whatever the skills)."""
        roots = g.roots()
        blocs = {roots[f] for f in range(g.seats) if g.hostile(self.seat, f) and not g.defunct(f)}
        return W["threat"] * max(1, len(blocs))

    def _pos(self, g: SkirmishState, u: Unit, h: int) -> float:
        """Positional value of unit `u` standing on hex `h`, in the decision `choose` is
        scoring (its threat map and fields)."""
        threat = self._threat_now
        score = -self._weight * min(threat[h], u.hp) * value_per_hp(u)
        light = u.type == INFANTRY and "I8" in g.skills[u.faction]
        field = self._fields_now.get(light)
        if field is None:
            field = self._fields_now[light] = self._field(g, light)
        dist = min(field[h], 60)
        score -= (W["archer_distance"] if u.type == ARCHER else W["city_distance"]) * dist
        k = g.board.city_at[h]
        if k >= 0 and g.city_owner[k] == self.seat:
            if threat[h] > 0:
                score += W["garrison"]
            if g.city_siege[k] > 0:
                score += W["refill"]
        return score

    # ---- attacks ------------------------------------------------------------------------------
    def _attack_score(self, g: SkirmishState, u: Unit, t: int) -> float | None:
        """Expected score of `u` (where it stands on `g`) striking hex t; None = skip it."""
        b = g.board
        mat = W["material"]
        y = g.unit_at(t)
        score = 0.0
        k = b.city_at[t]
        if y is not None:
            pursuit = u.attacks_left <= 0
            arrow_k = g.arrow_rain.get(y.id, 0) + 1 if u.type == ARCHER else 1
            p_die = 0.0
            p_y_dead = 0.0
            for p, s in outcomes(g, u, u.hex, y, counter=False, moved=u.moved, arrow_k=arrow_k):
                y_alive = True
                if not s.void:
                    taker = g.units[s.defender]
                    d = min(s.damage, taker.hp)
                    # a hit on an own unit (Cover redirect) is a loss: the factor stays 1
                    worth = self._worth(taker.faction) if taker.faction != self.seat else 1.0
                    score += p * mat * d * value_per_hp(taker) * worth
                    if d >= taker.hp:
                        score += p * mat * KILL_BONUS * UNITS[taker.type].cost * worth
                        if taker is y:
                            y_alive = False
                            p_y_dead += p
                if not y_alive or s.push >= 0 or not counter_source(g, y, u, u.hex, pursuit):
                    continue
                for q, c in outcomes(g, y, y.hex, u, counter=True, moved=False):
                    d = min(c.damage, u.hp) if not c.void else 0
                    score -= p * q * mat * d * value_per_hp(u)
                    if d >= u.hp:
                        p_die += p * q
                        score -= p * q * mat * KILL_BONUS * UNITS[u.type].cost
            if p_die >= 0.5:
                return None                     # section 17: skip attacks whose counter kills
        else:
            p_y_dead = 1.0
        if k >= 0 and g.city_hostile(k, self.seat) and not g.city_hit[k]:
            owner = g.city_owner[k]
            vp = b.cities[k].vp * (self._worth(owner) if owner >= 0 else 1.0)
            siege = g.city_siege[k]
            if siege + 1 == b.siege_rounds and self._can_enter(g, u, t):
                score += W["breach"] * vp * p_y_dead
            elif siege + 1 < b.siege_rounds or siege >= b.siege_rounds:
                score += W["breach"] / 3 * vp
        return score

    def _can_enter(self, g: SkirmishState, striker: Unit, t: int) -> bool:
        """Some other own unit next to city t still able to step in this turn."""
        b = g.board
        for n in b.adj[t]:
            uid = g.occ[n]
            if uid < 0 or uid == striker.id:
                continue
            v = g.units[uid]
            if v.faction != self.seat or v.fresh or v.attacked:
                continue
            need = 1 if b.water[n] != b.water[t] else b.cost[t]
            if v.mp_left >= need:
                return True
        return False

    def _best_attack_from(self, g: SkirmishState, u: Unit, h: int, moved: bool) -> float:
        """Best attack score of `u` if it stood on h (moved there); 0 if none is worth it."""
        if not ((u.attacks_left > 0 or pursuit_possible(g, u)) and can_strike_from(g, u, h)):
            return 0.0
        targets = targets_from(g, u, h)
        if not targets:
            return 0.0
        occ = g.occ
        old, old_moved = u.hex, u.moved
        occ[old] = -1
        u.hex = h
        occ[h] = u.id
        u.moved = moved
        try:
            best = 0.0
            for t in targets:
                s = self._attack_score(g, u, t)
                if s is not None and s > best:
                    best = s
            return best
        finally:
            occ[h] = -1
            u.hex = old
            occ[old] = u.id
            u.moved = old_moved

    # ---- unit plans ---------------------------------------------------------------------------
    def _best_plan(self, g: SkirmishState, legal: list[Action]) -> Action | None:
        b = g.board
        moves: dict[int, list[A.Move]] = defaultdict(list)
        attacks: dict[int, list[A.Attack]] = defaultdict(list)
        dismounts: list[A.Dismount] = []
        for a in legal:
            if isinstance(a, A.Move):
                moves[a.unit].append(a)
            elif isinstance(a, A.Attack):
                attacks[a.unit].append(a)
            elif isinstance(a, A.Dismount):
                dismounts.append(a)
        best = _Best(THRESHOLD)
        best_archer = _Best(THRESHOLD)
        for uid in sorted(set(moves) | set(attacks)):
            u = g.units[uid]
            here = self._pos(g, u, u.hex)
            for a in attacks[uid]:
                s = self._attack_score(g, u, b.index(a.target))
                if s is None:
                    continue
                best.offer(s, a)
                if u.type == ARCHER:
                    best_archer.offer(s, a)
            can_hit_later = u.attacks_left > 0 or pursuit_possible(g, u)
            for a in moves[uid]:
                d = b.index(a.to)
                s = self._pos(g, u, d) - here
                k = b.city_at[d]
                if k >= 0 and g.city_owner[k] != self.seat and g.city_owner[k] != NEUTRAL and \
                        (g.city_owner[k] == FREE or g.hostile(self.seat, g.city_owner[k])):
                    vp = b.cities[k].vp * (self._worth(g.city_owner[k]) if g.city_owner[k] >= 0 else 1.0)
                    s += (W["capture"] + W["vp"]) * vp
                if can_hit_later:
                    hit = self._best_attack_from(g, u, d, True)
                    s += hit
                    if u.type == ARCHER and hit > 0:
                        best_archer.offer(s, a)
                best.offer(s, a)
        for a in dismounts:
            u = g.units[a.unit]
            best.offer(W["material"] * (UNITS[INFANTRY].cost - u.value), a)
        if best_archer.items:
            return best_archer.pick(self.rng)
        return best.pick(self.rng)

    # ---- production and cover --------------------------------------------------------------------
    def _produce(self, g: SkirmishState, legal: list[Action]) -> Action | None:
        options = [a for a in legal if isinstance(a, A.Produce)]
        if not options:
            return None
        b = g.board
        threat = self._threat_map(g)
        counts = {t: 0 for t in RATIO}
        for u in g.units.values():
            if u.faction == self.seat:
                counts[u.type] += 1
        field = self._field(g, False)

        def city_rank(a: A.Produce) -> tuple:
            h = b.index(a.city)
            return (-threat[h], g.city_siege[b.city_at[h]] == 0, field[h])

        vouchers = [a for a in options if a.voucher]
        if vouchers:
            a = self._least(vouchers, city_rank)
            kind = INFANTRY if threat[b.index(a.city)] > 0 or counts[INFANTRY] <= 2 * counts[ARCHER] else ARCHER
            return A.Produce(a.city, kind, True)
        first = self._least(options, city_rank)
        if threat[b.index(first.city)] > 0:
            inf = A.Produce(first.city, INFANTRY)
            if inf in legal:
                return inf
        affordable = {a.kind for a in options if a.city == first.city}

        def mix(t: str) -> tuple:
            return (counts[t] / RATIO[t], t != INFANTRY)

        kinds = [t for t in RATIO if t in affordable]
        if not kinds:
            return None
        want = min(mix(t) for t in RATIO)
        if CAVALRY not in affordable and [t for t in RATIO if mix(t) == want] == [CAVALRY] \
                and g.funds[self.seat] >= 5 and counts[CAVALRY] == 0:
            return None                                  # save up for the missing cavalry
        return A.Produce(first.city, self._least(kinds, mix))

    def _least(self, items: list, key):
        """The item with the smallest key; equal keys drawn by the agent's RNG."""
        low = min(key(x) for x in items)
        tied = [x for x in items if key(x) == low]
        return tied[self.rng.below(len(tied))]

    def _cover(self, g: SkirmishState, legal: list[Action]) -> Action | None:
        lethal = A.SetCoverPolicy("lethal")
        return lethal if lethal in legal else None
