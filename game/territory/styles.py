"""The greedy planner's styles (T-21.2): other turns the hard search compares with greedy's.

The search (`game.ai.plans`) plays greedy's turn and, beside it, one turn per style the greedy
agent offers (`agents.GreedyAgent.styles`, in every seat count), each judged in the same
sampled worlds. A style changes the planner's priorities, never the rules it plans
under, and reads only the view:

- "build": `build_style_projects` more economy orders before the attacks (cap and income,
  what V3 counts at END, T-17.2);
- "raid": a rival building weighs three times as a target (a captured building's cap and
  income change sides, T-8.2, so a capture moves the V3 ratio twice);
- "leader": the rival player with the most land tiles (ties: the lower id) weighs
  `leader` more per tile as a target; offered while two or more rival players live (the
  final ranking and V1 count tiles, T-17.2/T-17.3, and greedy rivals do not gang up on
  whoever leads);
- "counter": the rivals' orders as their greedy planner would give them in a world sampled
  from our view (T-21.2). Against a rival whose block resolves after ours (T-5.3 C): the
  origin of an arrow aimed at us is worth `counter_void` more per step it launches on us
  (an arrow whose origin is lost is void, T-11.4 a), and a wall goes up where a step would
  enter our tile (our block's builds stand before its arrows, T-5.4).

Weights are in the `[ai]` table of data/rules.toml.
"""

from __future__ import annotations

from typing import Any

from game.core.protocol import Action
from game.territory import actions as A, position
from game.territory.constants import AI_WEIGHTS, SIDES
from game.territory.greedy_orders import PlannerLike, order_value

W = AI_WEIGHTS
STYLES: tuple[str, ...] = ("build", "raid", "counter", "leader")


def economy_orders(p: PlannerLike) -> int:
    """Economy orders the planner takes by value after its best-payback build."""
    return W["projects"] + (W["build_style_projects"] if p.style == "build" else 0)


def building_weight(style: str) -> int:
    """T-21.1's weight of a target's building cap, tripled in the "raid" style."""
    return W["building_cap"] * (W["raid_building"] if style == "raid" else 1)


def leader(view: Any, me: int, counts: dict[int, int] | None = None) -> int:
    """The "leader" style's target: the living rival player with the most land tiles (ties:
    the lower id), or -1 while none lives; `counts` are the tiles per tribe if already
    counted (`position.tile_counts`)."""
    if counts is None:
        counts = position.tile_counts(view)
    rivals = [t.id for t in view.tribes if t.is_player and t.alive and t.id != me]
    return min(rivals, key=lambda r: (-counts.get(r, 0), r), default=-1)


def foresee(p: PlannerLike, foreseen: dict[int, list[Action]]) -> None:
    """Read the rivals' foreseen orders into `p.void_bonus` (rival origin tile -> value) and
    `p.threats` ((own tile, side) -> the strongest x of a step entering through it)."""
    v, me = p.view, p.tid
    order = list(v.submission)
    if me not in order:
        return
    for rival, plan in sorted(foreseen.items()):
        if rival not in order or order.index(rival) < order.index(me):
            continue   # their block resolves before ours: nothing of ours is up yet
        origin = prev = -1
        for action in plan:
            if isinstance(action, A.Arrow):
                origin, target, x = action.origin, action.tile, action.x
                prev = origin
            elif isinstance(action, A.Step) and origin >= 0:
                target, x = action.tile, action.x
            else:
                origin = -1
                continue
            if x > 0 and v.owner[target] == me:
                p.void_bonus[origin] = p.void_bonus.get(origin, 0.0) + W["counter_void"]
                side = v.board.side_between(target, prev)
                if side >= 0:
                    key = (target, SIDES[side])
                    p.threats[key] = max(x, p.threats.get(key, 0))
            prev = target


def counter_walls(p: PlannerLike) -> None:
    """Walls on the sides the rivals' foreseen steps enter, the strongest first, while
    `counter_attack_orders` order entries stay for the attacks."""
    room = p.view.params.max_orders - W["counter_attack_orders"]
    for (tile, side), _ in sorted(p.threats.items(), key=lambda kv: (-kv[1], kv[0])):
        if len(p.plan) >= room:
            break
        slot = ("wall", tile, side)
        if slot in p.slots:
            continue
        for pay in ("gold", "mixed"):
            action = A.Wall(tile, side, pay)
            if action in p.legal:
                _, typed, generic = order_value(p, action)
                if p.add(action, typed, generic, check=False):
                    p.planned.add(action)
                    p.slots.add(slot)
                    break
