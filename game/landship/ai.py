"""The greedy Landship agent (§15): one ply, from the public view only.

Each call rebuilds a private game from the view (`game_from_view`, with the agent's own RNG
and no automatic turn end), tries every candidate action on a copy, scores the result from
the mover's side and returns the best; when nothing beats the position as it stands (with its
unspent AP counted at -1 each), it ends the turn. A ram is scored as the average over the six
faces of its d6, i.e. by its expected damage (§15: k + 3.5 - effDR). It never resigns.

Score (§15; weights in `W_*` below):
1. material: value x (0.5 + 0.5 integrity/max), own minus enemy; a wreck counts as lost unless
   its owner still acts this round with a builder in repair reach;
2. builders: +200 per opponent with every builder wrecked or gone, -300 if all own are;
3. builder safety: -2 x the damage enemies could deal each own builder in their next turn
   (one move plus attack, or two attacks standing; rams at k + 3.5; wind and fortress lines
   included), a further -60 when that would destroy the last builder;
4. economy: +4 per own builder on an active tile, +1 per active tile nearer own builders;
   a build brings the new ship's value through the material term. Build order: a missing
   builder, then the engineer, heavy guns while the enemy has fortresses (or an engineer and
   we have no heavy gun: its DR 2 stops fast ships and fortresses), else fast ships and
   fortresses alternately (rams when the rest are at their limits);
5. tactics: +0.6 per pierce marker on a standing enemy (so the heavy gun fires first at a
   shared target), -1 per unspent AP; fortress lines and ram lanes act through term 3.
Choices beyond §15 (shaping so a one-ply search advances at all): armed ships get -0.3 per
step beyond their range from the nearest enemy ship, and an engineer -0.5 per step from the
nearest active tile while it does not stand on one.
Against endless loops (issue 17): a freshly captured or built ship that the enemies could
destroy in their next turn counts as lost, and a further -3 for the AP wasted on it (it
cannot act or flee first); each restore of a
wrecked type that V-4 counts costs -6 per step of the streak (a draw at the limit is worth
nothing to a side that can still win); a wreck is never fired at (its pierce markers vanish
when it becomes a hulk); fast ships, fortresses and rams are built in turn.
Every tie between equal best actions is broken by the agent's own RNG.
"""

from __future__ import annotations

from game.ai import Agent
from game.core.protocol import Action
from game.core.rng import Rng
from game.landship import actions as A
from game.landship.constants import (
    AI_VALUES, BUILDERS, ENGINEER_SHIP, FAST_SHIP, FORTRESS_SHIP, HEAVY_GUN_SHIP,
    RAM_SHIP, RESOURCE_REPAIR_CHEB, RESOURCE_SHIP, SHIP_ACTION_CAP, SHIP_AP_CAP,
)
from game.landship.rules import LandshipGame, game_from_view
from game.landship.state import EMPTY, HULK, LandshipView, Ship

W_NO_ENEMY_BUILDER = 200.0
W_NO_OWN_BUILDER = -300.0
W_THREAT = -2.0
W_LAST_BUILDER_LOST = -60.0
W_BUILDER_ON_TILE = 4.0
W_TILE_NEARER = 1.0
W_PIERCE = 0.6
W_UNSPENT_AP = -1.0
W_APPROACH = -0.3
W_ENGINEER_TO_TILE = -0.5
W_REPEAT = -6.0             # per V-4 streak step of an own ship type
W_DRAW_NEAR = -40.0         # an enemy restore would now end the game in the V-4 draw
W_DOOMED = -3.0             # a fresh (captured or built) ship the enemies can destroy at once
THREAT_ATTACKS = 3          # the enemy's AP allows about this many shots at one builder
RAM_MEAN_D6 = 3.5


class _FixedDie(Rng):
    """A die that always shows one face: the agent averages a ram over all six."""

    def __init__(self, face: int) -> None:
        super().__init__(0)
        self.face = face

    def die(self, sides: int = 6) -> int:
        return min(self.face, sides)

    def copy(self) -> "_FixedDie":
        return self


class _Planner:
    """Scores positions of one private game for one seat; enemy reach is computed once."""

    def __init__(self, game: LandshipGame, seat: int) -> None:
        self.game = game
        self.seat = seat
        self.params = game.board.params
        order = game.order
        me = order.index(seat)
        self.enemies = [s for s in order if s != seat and not game.eliminated[s]]
        # An enemy after us in the order plays again this round (its wrecks still fire and
        # can still be repaired); one before us plays next round (its wrecks get scrapped).
        self.acts_this_round = {s: order.index(s) > me for s in self.enemies}
        self.reach: dict[int, tuple[int, ...]] = {}  # enemy ship id -> cells it can fire from
        for e in game.ships.values():
            if e.owner in self.acts_this_round and e.type != RAM_SHIP:
                stats = self.params.stats(e.type)
                if not stats.can_fire or self._asleep(e):
                    continue
                self.reach[e.id] = (e.pos, *game.destinations(e))
        self.cover: dict[tuple[int, int], list[int]] = {}
        self.safety_cache: dict[tuple, float] = {}

    def _asleep(self, e: Ship) -> bool:
        """Stalled during the enemy's next turn (this round or the next)."""
        g = self.game
        next_round = g.round if self.acts_this_round.get(e.owner) else g.round + 1
        return e.stalled_round == next_round

    # ---- the score --------------------------------------------------------------------
    def score(self, g: LandshipGame) -> float:
        seat, params = self.seat, self.params
        total = 0.0
        own_builders: list[Ship] = []
        enemy_builders: dict[int, list[Ship]] = {s: [] for s in self.enemies}
        enemy_ships: list[Ship] = []
        own_armed: list[Ship] = []
        for s in g.ships.values():
            if s.owner == seat:
                if s.type in BUILDERS:
                    own_builders.append(s)
                elif params.stats(s.type).atk > 0 or s.type == RAM_SHIP:
                    own_armed.append(s)
            elif s.owner in enemy_builders:
                enemy_ships.append(s)
                if s.type in BUILDERS:
                    enemy_builders[s.owner].append(s)
        # 1. material
        for s in g.ships.values():
            if s.owner == HULK:
                continue
            if s.owner == seat:
                if s.fresh and self._doomed(g, s, enemy_ships):
                    # it cannot act or flee before the enemies fire: as good as lost, and the
                    # AP spent on it (credited by the unspent-AP term) wasted
                    total += W_DOOMED
                    continue
                total += self._value(g, s, own_builders, True)
            elif s.owner in enemy_builders:
                total -= self._value(g, s, enemy_builders[s.owner], self.acts_this_round[s.owner])
        # 2. builders (wrecked builders of an enemy still to act this round may repair each
        # other before the round ends: then the enemy is not beaten yet)
        for s in self.enemies:
            builders = enemy_builders[s]
            if all(b.integrity == 0 for b in builders) and not (
                    self.acts_this_round[s] and any(self._repairable(g, b, builders) for b in builders)):
                total += W_NO_ENEMY_BUILDER
        if all(b.integrity == 0 for b in own_builders):
            total += W_NO_OWN_BUILDER
        # 3. builder safety
        total += self._safety(g, own_builders, enemy_ships)
        # 4. economy
        board = g.board
        all_enemy_builders = [b for bs in enemy_builders.values() for b in bs]
        for i, c in enumerate(board.tiles):
            if g.depleted[i]:
                continue
            mine = min((board.distance("manh", b.pos, c) for b in own_builders), default=99)
            theirs = min((board.distance("manh", b.pos, c) for b in all_enemy_builders), default=99)
            if mine == 0:
                total += W_BUILDER_ON_TILE
            if mine < theirs:
                total += W_TILE_NEARER
        for b in own_builders:
            if b.type == ENGINEER_SHIP and b.pos not in board.tile_index:
                near = min((board.distance("manh", b.pos, c) for i, c in enumerate(board.tiles)
                            if not g.depleted[i]), default=0)
                total += W_ENGINEER_TO_TILE * near
        # 5. tactics (markers on a wreck vanish when it becomes a hulk)
        for e in enemy_ships:
            if e.integrity > 0:
                total += W_PIERCE * len(e.pierce)
        # against the V-4 loop: each counted restore brings the repetition draw nearer; a
        # wreck the enemy may restore once more ends the game in a draw (-W_DRAW_NEAR)
        limit = params.repeat_limit
        for (owner, _type), (streak, _last, pending) in g.streaks.items():
            if owner == seat and streak:
                total += W_REPEAT * streak
            elif owner in enemy_builders and pending and streak >= limit:
                total += W_DRAW_NEAR
        if g.current == seat:
            total += W_UNSPENT_AP * g.ap
        if enemy_ships:
            for s in own_armed:
                stats = params.stats(s.type)
                metric = "manh" if stats.reach == "manh" else "cheb"
                gap = min(board.distance(metric, s.pos, e.pos) for e in enemy_ships) - max(1, stats.range)
                if gap > 0:
                    total += W_APPROACH * gap
        return total

    def _doomed(self, g: LandshipGame, s: Ship, enemy_ships: list[Ship]) -> bool:
        """The enemies could destroy `s` in their next turn (see `_threat`)."""
        live = {e.id for e in enemy_ships if e.integrity > 0 or self.acts_this_round[e.owner]}
        return self._threat(g, s, enemy_ships, live) >= s.integrity

    def _value(self, g: LandshipGame, s: Ship, builders: list[Ship], acts: bool) -> float:
        full = self.params.stats(s.type).integrity
        value = AI_VALUES[s.type]
        if s.integrity == 0 and not (acts and self._repairable(g, s, builders)):
            return 0.0
        return value * (0.5 + 0.5 * s.integrity / full)

    def _repairable(self, g: LandshipGame, s: Ship, builders: list[Ship]) -> bool:
        board = g.board
        for b in builders:
            if b is s or b.fresh or g.stalled(b):
                continue
            if b.owner == self.seat and (g.ap < 1 or b.ap_spent >= SHIP_AP_CAP
                                         or b.actions >= SHIP_ACTION_CAP):
                continue
            if b.type == RESOURCE_SHIP:
                if board.distance("cheb", b.pos, s.pos) <= RESOURCE_REPAIR_CHEB:
                    return True
            elif board.distance("manh", b.pos, s.pos) <= self.params.repair_range_engineer:
                return True
        return False

    def _safety(self, g: LandshipGame, builders: list[Ship], enemy_ships: list[Ship]) -> float:
        forts = tuple(sorted(s.pos for s in g.ships.values()
                             if s.type == FORTRESS_SHIP and s.owner != HULK))
        live = tuple(e.id for e in enemy_ships if e.integrity > 0 or self.acts_this_round[e.owner])
        key = (tuple((b.pos, b.integrity, g.eff_dr(b)) for b in builders), forts, live)
        found = self.safety_cache.get(key)
        if found is not None:
            return found
        live_set = set(live)
        total = 0.0
        standing = [b for b in builders if b.integrity > 0]
        for b in builders:
            threat = self._threat(g, b, enemy_ships, live_set)
            total += W_THREAT * threat
            if len(standing) == 1 and b is standing[0] and threat >= b.integrity:
                total += W_LAST_BUILDER_LOST
        self.safety_cache[key] = total
        return total

    def _threat(self, g: LandshipGame, b: Ship, enemy_ships: list[Ship], live: set[int]) -> float:
        """Damage the enemies could deal `b` in their next turn."""
        params = self.params
        eff = g.eff_dr(b)
        shots: list[float] = []
        for e in enemy_ships:
            if e.id not in live:
                continue
            stats = params.stats(e.type)
            if e.type == RAM_SHIP:
                if not self._asleep(e):
                    best = self._ram_threat(g, e, b.pos, eff)
                    if best > 0:
                        shots.append(best)
                continue
            entry = self.reach.get(e.id)
            if entry is None or stats.atk <= eff:
                continue
            covering = self._covering(e, b.pos, stats.reach, stats.range)
            if not covering:
                continue
            damage = float(stats.atk - eff)
            if e.pos in covering and not g.line_blocked(e.pos, b.pos):
                shots += [damage, damage]
            elif any(not g.line_blocked(c, b.pos) for c in covering):
                shots.append(damage)
        shots.sort(reverse=True)
        return sum(shots[:THREAT_ATTACKS])

    def _covering(self, e: Ship, p: int, metric: str, rng: int) -> list[int]:
        key = (e.id, p)
        found = self.cover.get(key)
        if found is None:
            board = self.game.board
            found = [c for c in self.reach[e.id] if 1 <= board.distance(metric, c, p) <= rng]
            self.cover[key] = found
        return found

    def _ram_threat(self, g: LandshipGame, ram: Ship, p: int, eff: int) -> float:
        """C-6: a straight charge at p, or a straight move next to p and a standing ram."""
        board = g.board
        move = self.params.stats(RAM_SHIP).move
        best = 0.0
        step = board.step
        for d in range(4):
            back = (d + 2) % 4  # walk from p toward where the ram would come from
            c, k = p, 0
            while True:
                c = step[c][back]
                if c < 0:
                    break
                occ = g.cell[c]
                if occ == ram.id:
                    if k <= g.allowance(move, d):
                        best = max(best, k + RAM_MEAN_D6 - eff)
                    break
                if occ != EMPTY or board.rock[c]:
                    break
                k += 1
                if k > move + 1:
                    break
        if best <= 0 and any(board.distance("manh", c, p) == 1 for c in g.destinations(ram)):
            best = RAM_MEAN_D6 - eff
        return max(0.0, best)


def build_preference(game: LandshipGame, seat: int, builder: Ship) -> list[str]:
    """§15 build order, most wanted first."""
    owned = {t: game.owned(seat, t) for t in AI_VALUES}
    order: list[str] = []
    for t in (RESOURCE_SHIP, ENGINEER_SHIP):
        if owned[t] == 0:
            order.append(t)
    enemy = {s.type for s in game.ships.values() if s.owner not in (seat, HULK)}
    # A heavy gun against fortresses (§15), and against an engineer while we have none: its
    # DR 2 stops the fast ships and fortresses (their attack is 2 and 1).
    if FORTRESS_SHIP in enemy or (ENGINEER_SHIP in enemy and owned[HEAVY_GUN_SHIP] == 0):
        order.append(HEAVY_GUN_SHIP)
    # fast ships, fortresses and rams in turn: the fewest owned first (ties in that order)
    rotation = (FAST_SHIP, FORTRESS_SHIP, RAM_SHIP)
    order += sorted(rotation, key=lambda t: (owned[t], rotation.index(t)))
    order += [HEAVY_GUN_SHIP]
    seen: list[str] = []
    for t in order:
        if t not in seen and t != builder.type:
            seen.append(t)
    return seen


class GreedyAgent(Agent):
    """§15 greedy one-ply agent."""

    id = "greedy"

    def choose(self, view: LandshipView, legal: list[Action]) -> Action:  # type: ignore[override]
        seat = self.seat
        game = game_from_view(view, Rng(0))
        planner = _Planner(game, seat)
        best: list[Action] = [A.END_TURN]
        best_score = planner.score(game)
        for action in self._candidates(game, legal):
            value = self._try(game, planner, action)
            if value > best_score + 1e-9:
                best, best_score = [action], value
            elif abs(value - best_score) <= 1e-9:
                best.append(action)
        return best[0] if len(best) == 1 else best[self.rng.below(len(best))]

    def evaluate(self, game: LandshipGame) -> float:
        """The §15 score of a whole game from this agent's seat, for the hard AI's cut-offs
        (knob `policy_value`). The unspent-AP term is left out: at a cut-off the seat to move
        has just rolled its AP, a die and not the position's worth. Draws no dice; the
        choices of `choose` are untouched."""
        score = _Planner(game, self.seat).score(game)
        if game.current == self.seat:
            score -= W_UNSPENT_AP * game.ap
        return score

    def _candidates(self, game: LandshipGame, legal: list[Action]) -> list[Action]:
        """Every legal action but resign and end_turn; builds of the preferred type only; no
        shot at a wreck (it deals nothing, and its pierce marker vanishes with the hulk)."""
        out: list[Action] = []
        builds: dict[int, list[A.Build]] = {}
        for a in legal:
            if isinstance(a, A.Build):
                builds.setdefault(a.ship, []).append(a)
            elif isinstance(a, A.Attack) and game.ships[a.target].integrity == 0:
                continue
            elif not isinstance(a, (A.Resign, A.EndTurn)):
                out.append(a)
        for ship_id, options in builds.items():
            types = {a.ship_type for a in options}
            for t in build_preference(game, self.seat, game.ships[ship_id]):
                if t in types:
                    out += [a for a in options if a.ship_type == t]
                    break
        return out

    def _try(self, game: LandshipGame, planner: _Planner, action: Action) -> float:
        if isinstance(action, A.Ram):
            total = 0.0
            for face in range(1, 7):
                child = game.clone()
                child.rng = _FixedDie(face)
                child.play_unchecked(self.seat, action)
                total += planner.score(child)
            return total / 6
        child = game.clone()
        child.play_unchecked(self.seat, action)  # legal: it came from legal_actions
        return planner.score(child)



