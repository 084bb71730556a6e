"""Dice for Land actions: what a seat enters (T-4.1, T-6.1). Frozen, JSON-encodable.

Tiles are indices i = y * width + x; tribes are tribe ids (player tribes = their seat).
Shapes:
- `pick_faction(faction)`: T-4.1, in seat order before turn 1.
- `arrow(origin, tile, x, raze)` starts an arrow from an own `origin` with its first path tile;
  `step(tile, x, raze)` adds the next path tile to the arrow entered last (D38: one tile per
  action). x = 0 crosses the tile, x = 1..6 attacks it; `raze` is none / gold / special (T-11.8).
- `build(tile, building)`, `upgrade(tile)`, `commerce(tile)`, `wall(tile, side, pay)` with
  pay "gold" (5g) or "mixed" (2g 1m) (D32), `wall_upgrade(tile, side)`,
  `demolish(tile, part)` with part "building", a side n/e/s/w, or "tunnel", `temple(tile)`,
  `tunnel(a, b)`.
- `research(tech, choice)`: choice is "" or, for Magic Research, "materials"/"exotics" (D32),
  for Totem, "snake"/"flower"/"sun".
- `buy_exotic()`, `archaeology(tile)`, `deep_tide()`.
- `cast(spell, target, side, order, step)`: target tile or tribe (-1 when none), side for Earth
  Wall, `order`/`step` for spells bound to an own arrow (order id, step index in its path).
- `guard(n, tile)`: tile -1 guards every own tile.
- `demand_tribute(target)`, `answer_tribute(demander, pay)`, `propose_trade(target)`,
  `answer_trade(proposer, accept)`, `gift(target, resource, amount)`, `cede(target, tile)`,
  `offer_vassal(overlord)`, `answer_vassal(vassal, accept)`.
- settings: `set_priority(priority)` ("gme", "emg", ...), `set_flower(resource)`,
  `choose_core(tile)`; `remove_order(order)` takes an order back (escrow refunded);
  `submit()` makes the turn's orders final.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.core.codec import register
from game.core.protocol import Action
from game.core.slots import slot_init_all

NS = "territory"


@register(NS, "pick_faction")
@dataclass(frozen=True, slots=True)
class PickFaction(Action):
    faction: str


@register(NS, "arrow")
@dataclass(frozen=True, slots=True)
class Arrow(Action):
    origin: int
    tile: int
    x: int
    raze: str = "none"


@register(NS, "step")
@dataclass(frozen=True, slots=True)
class Step(Action):
    tile: int
    x: int
    raze: str = "none"


@register(NS, "build")
@dataclass(frozen=True, slots=True)
class Build(Action):
    tile: int
    building: str


@register(NS, "upgrade")
@dataclass(frozen=True, slots=True)
class Upgrade(Action):
    tile: int


@register(NS, "commerce")
@dataclass(frozen=True, slots=True)
class Commerce(Action):
    tile: int


@register(NS, "wall")
@dataclass(frozen=True, slots=True)
class Wall(Action):
    tile: int
    side: str
    pay: str = "gold"


@register(NS, "wall_upgrade")
@dataclass(frozen=True, slots=True)
class WallUpgrade(Action):
    tile: int
    side: str


@register(NS, "demolish")
@dataclass(frozen=True, slots=True)
class Demolish(Action):
    tile: int
    part: str = "building"


@register(NS, "temple")
@dataclass(frozen=True, slots=True)
class Temple(Action):
    tile: int


@register(NS, "tunnel")
@dataclass(frozen=True, slots=True)
class Tunnel(Action):
    a: int
    b: int


@register(NS, "research")
@dataclass(frozen=True, slots=True)
class Research(Action):
    tech: str
    choice: str = ""


@register(NS, "buy_exotic")
@dataclass(frozen=True, slots=True)
class BuyExotic(Action):
    pass


@register(NS, "archaeology")
@dataclass(frozen=True, slots=True)
class Archaeology(Action):
    tile: int


@register(NS, "cast")
@dataclass(frozen=True, slots=True)
class Cast(Action):
    spell: str
    target: int = -1
    side: str = ""
    order: int = -1
    step: int = -1


@register(NS, "deep_tide")
@dataclass(frozen=True, slots=True)
class DeepTide(Action):
    pass


@register(NS, "guard")
@dataclass(frozen=True, slots=True)
class Guard(Action):
    n: int
    tile: int = -1


@register(NS, "demand_tribute")
@dataclass(frozen=True, slots=True)
class DemandTribute(Action):
    target: int


@register(NS, "answer_tribute")
@dataclass(frozen=True, slots=True)
class AnswerTribute(Action):
    demander: int
    pay: bool


@register(NS, "propose_trade")
@dataclass(frozen=True, slots=True)
class ProposeTrade(Action):
    target: int


@register(NS, "answer_trade")
@dataclass(frozen=True, slots=True)
class AnswerTrade(Action):
    proposer: int
    accept: bool


@register(NS, "gift")
@dataclass(frozen=True, slots=True)
class Gift(Action):
    concedes: ClassVar[bool] = True   # gives resources away (random play avoids it)
    target: int
    resource: str
    amount: int


@register(NS, "cede")
@dataclass(frozen=True, slots=True)
class Cede(Action):
    concedes: ClassVar[bool] = True   # gives a tile away
    target: int
    tile: int


@register(NS, "offer_vassal")
@dataclass(frozen=True, slots=True)
class OfferVassal(Action):
    concedes: ClassVar[bool] = True   # gives the whole tribe away (T-16.2)
    overlord: int


@register(NS, "answer_vassal")
@dataclass(frozen=True, slots=True)
class AnswerVassal(Action):
    vassal: int
    accept: bool


@register(NS, "set_priority")
@dataclass(frozen=True, slots=True)
class SetPriority(Action):
    priority: str


@register(NS, "set_flower")
@dataclass(frozen=True, slots=True)
class SetFlower(Action):
    resource: str


@register(NS, "choose_core")
@dataclass(frozen=True, slots=True)
class ChooseCore(Action):
    tile: int


@register(NS, "remove_order")
@dataclass(frozen=True, slots=True)
class RemoveOrder(Action):
    order: int


@register(NS, "submit")
@dataclass(frozen=True, slots=True)
class Submit(Action):
    pass


slot_init_all(globals())   # the cheaper constructors of `game.core.slots`


SUBMIT = Submit()
BUY_EXOTIC = BuyExotic()
DEEP_TIDE = DeepTide()

# Orders resolved in Phase A (T-16) and the settings that take effect at once.
DIPLOMACY = (DemandTribute, AnswerTribute, ProposeTrade, AnswerTrade, Gift, Cede, OfferVassal,
             AnswerVassal)
SETTINGS = (SetPriority, SetFlower, ChooseCore)


class Listed:
    """Membership in a list of actions (the legal list an agent or planner is handed), asked
    by identity first. Most listed actions are shared objects (`candidates.shared`,
    `arrows.arrow_action`/`step_action`, memoised chunks) and a plan holds those very objects,
    so `id` answers most questions at the cost of a set of ints; the generated dataclass
    `__hash__` is a Python function, and hashing every listed action (a few hundred, once per
    agent call) had cost about a sixth of a playout. An action that is none of the listed
    objects is compared by equality with the listed actions of its own class (built per
    class when first asked): these frozen dataclasses equal only instances of their own class,
    so the answer is exactly `action in set(actions)`."""

    __slots__ = ("actions", "_ids", "_by_class")

    def __init__(self, actions: list[Action]) -> None:
        self.actions = actions      # holds the objects alive: their ids stay theirs
        self._ids = set(map(id, actions))
        self._by_class: dict[type, set[Action]] = {}

    def __contains__(self, action: object) -> bool:
        if id(action) in self._ids:
            return True
        kind = type(action)
        same = self._by_class.get(kind)
        if same is None:
            same = self._by_class[kind] = {a for a in self.actions if type(a) is kind}
        return action in same
