"""Dice for Land events: the facts a screen plays back, in the order they happened.

Tribes are tribe ids (player tribes = their seat), tiles are indices, amounts are
`(gold, materials, exotics)`. Order entry is secret until RESOLVE (T-18.1): `OrderEntered` and
`OrderRemoved` are redacted for every other seat to `OrdersChanged` (no content). Everything
from RESOLVE on is public playback (T-5.6).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.codec import register
from game.core.protocol import Action, Event
from game.core.slots import slot_init_all

NS = "territory"
Amounts = tuple[int, int, int]


@register(NS, "faction_picked")
@dataclass(frozen=True, slots=True)
class FactionPicked(Event):
    """T-4.1: a seat took a faction; its tribe starts on `tiles`."""

    seat: int
    faction: str
    name: str
    tiles: tuple[int, ...]


@register(NS, "turn_started")
@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    """T-5.1: turn `turn` begins; `submission` is this turn's seat order (T-5.2)."""

    turn: int
    submission: tuple[int, ...]
    final: bool


@register(NS, "tech_activated")
@dataclass(frozen=True, slots=True)
class TechActivated(Event):
    """T-9.2: research paid last turn takes effect (or fails: `ok` false, cost lost)."""

    tribe: int
    tech: str
    ok: bool


@register(NS, "disaster")
@dataclass(frozen=True, slots=True)
class Disaster(Event):
    """T-15.1: a disaster strikes; `tile` is the volcano or -1, `until` the last turn it lasts."""

    kind: str
    turn: int
    tile: int
    until: int


@register(NS, "forced_attack")
@dataclass(frozen=True, slots=True)
class ForcedAttack(Event):
    """A non-arrow attack (T-11.9): revival, volcano, undead, Deep Tide.

    `needs` is y (a die showing `needs` or less succeeds); `die` is 0 when no die was rolled
    (certain outcome or a shield); `success` whether the tile fell.
    """

    source: str
    tile: int
    defender: int
    attack: int
    defense: int
    needs: int
    die: int
    success: bool
    shielded: bool = False


@register(NS, "tile_changed")
@dataclass(frozen=True, slots=True)
class TileChanged(Event):
    """A tile changed hands: `owner` is a tribe id, -1 unclaimed, -2 undead, -3 goblin site;
    `how` is capture / undead / grudge / cede / requiem / plague / vassal / split / deep_tide /
    volcano / goblin_empire."""

    tile: int
    previous: int
    owner: int
    how: str


@register(NS, "income")
@dataclass(frozen=True, slots=True)
class Income(Event):
    """T-7.1: what a tribe received at START; `tiles` lists (tile, gold, materials, exotics)
    per producing tile, `extra` the treaty / totem / bought-exotic part and D42's faction
    income bonus (negative for a malus)."""

    tribe: int
    total: Amounts
    tiles: tuple[tuple[int, int, int, int], ...]
    extra: Amounts


@register(NS, "proposals_open")
@dataclass(frozen=True, slots=True)
class ProposalsOpen(Event):
    """T-5.1 (6): proposals made last turn can be answered now: (kind, from, to) triples."""

    proposals: tuple[tuple[str, int, int], ...]


@register(NS, "order_entered")
@dataclass(frozen=True, slots=True)
class OrderEntered(Event):
    """T-6.2: `seat` entered an order (id `order`) and escrowed `escrow`; private."""

    seat: int
    order: int
    action: Action
    escrow: Amounts

    def redacted(self, seat: int | None) -> Event:
        return self if seat == self.seat else OrdersChanged(self.seat)


@register(NS, "order_removed")
@dataclass(frozen=True, slots=True)
class OrderRemoved(Event):
    """T-5.2: `seat` took order `order` back and got `refund`; private."""

    seat: int
    order: int
    refund: Amounts

    def redacted(self, seat: int | None) -> Event:
        return self if seat == self.seat else OrdersChanged(self.seat)


@register(NS, "setting_changed")
@dataclass(frozen=True, slots=True)
class SettingChanged(Event):
    """A tribe changed a setting (priority, flower, core); private."""

    seat: int
    setting: str
    value: str

    def redacted(self, seat: int | None) -> Event:
        return self if seat == self.seat else OrdersChanged(self.seat)


@register(NS, "orders_changed")
@dataclass(frozen=True, slots=True)
class OrdersChanged(Event):
    """Another seat is entering orders (what it entered is secret)."""

    seat: int


@register(NS, "submitted")
@dataclass(frozen=True, slots=True)
class Submitted(Event):
    """T-5.2: `seat`'s orders are final."""

    seat: int


@register(NS, "phase_started")
@dataclass(frozen=True, slots=True)
class PhaseStarted(Event):
    """RESOLVE sub-phase A..F (T-5.3) or END begins; `tribe` for a block (C/D), else -1."""

    phase: str
    tribe: int


@register(NS, "orders_revealed")
@dataclass(frozen=True, slots=True)
class OrdersRevealed(Event):
    """A tribe's orders of this turn, shown at its block (system tribes: chosen now)."""

    tribe: int
    actions: tuple[Action, ...]


@register(NS, "order_void")
@dataclass(frozen=True, slots=True)
class OrderVoid(Event):
    """T-6.4: an order had no effect; `reason` is a rule id or short word; refunded."""

    tribe: int
    order: int
    reason: str


@register(NS, "refunded")
@dataclass(frozen=True, slots=True)
class Refunded(Event):
    """T-6.2: escrow back to holdings (`order` -1: the unsettled rest in Phase F)."""

    tribe: int
    order: int
    amounts: Amounts


@register(NS, "spent")
@dataclass(frozen=True, slots=True)
class Spent(Event):
    """T-6.2: escrow consumed for an order."""

    tribe: int
    order: int
    amounts: Amounts


@register(NS, "gained")
@dataclass(frozen=True, slots=True)
class Gained(Event):
    """A tribe gained (or, with negative amounts, lost) resources; `why` names the cause
    (raze, plunder, treasure, archaeology, steal, gift, tribute, vassal, goblin_empire)."""

    tribe: int
    amounts: Amounts
    why: str
    tile: int = -1
    source: int = -1


@register(NS, "built")
@dataclass(frozen=True, slots=True)
class Built(Event):
    """T-8: `what` (a building, commerce, wall, wall_upgrade, temple, tunnel) on `tile`;
    `side` for walls, `other` the far end of a tunnel."""

    tribe: int
    tile: int
    what: str
    side: str = ""
    other: int = -1


@register(NS, "destroyed")
@dataclass(frozen=True, slots=True)
class Destroyed(Event):
    """A building, wall or tunnel end was removed; `why`: demolish, meteor, volcano, raze,
    tower_rule; `left` is "ruin" when one remains."""

    tile: int
    what: str
    why: str
    left: str = ""


@register(NS, "researched")
@dataclass(frozen=True, slots=True)
class Researched(Event):
    """T-9: research paid; it activates at the next START (T-9.2)."""

    tribe: int
    tech: str
    choice: str


@register(NS, "exotic_bought")
@dataclass(frozen=True, slots=True)
class ExoticBought(Event):
    tribe: int


@register(NS, "archaeology_dug")
@dataclass(frozen=True, slots=True)
class ArchaeologyDug(Event):
    """T-13.2: the three dice and what they gave."""

    tribe: int
    tile: int
    dice: tuple[int, int, int]
    amounts: Amounts


@register(NS, "spell_cast")
@dataclass(frozen=True, slots=True)
class SpellCast(Event):
    """T-10: a spell took effect (`outcome` "done") or was blocked / void."""

    tribe: int
    spell: str
    target: int
    outcome: str


@register(NS, "shield_raised")
@dataclass(frozen=True, slots=True)
class ShieldRaised(Event):
    """Phase B: Rock Solid (`n` 0) or a Diplomacy guard of `n` steps on `tile` (-1 all)."""

    tribe: int
    kind: str
    n: int
    tile: int


@register(NS, "arrow_started")
@dataclass(frozen=True, slots=True)
class ArrowStarted(Event):
    """T-11: an arrow begins; `path` lists (tile, x) with x 0 for a crossing."""

    tribe: int
    order: int
    origin: int
    path: tuple[tuple[int, int], ...]


@register(NS, "step_resolved")
@dataclass(frozen=True, slots=True)
class StepResolved(Event):
    """T-11.4: one attack step. `outcome`: captured, failed, held (already own), stopped
    (guard / uncrossable / void), grudge (became undead). `needs` is y; `dice` lists every die
    rolled (two with Fortune); `certain` when no die was needed."""

    tribe: int
    order: int
    index: int
    tile: int
    defender: int
    x: int
    attack: int
    defense: int
    needs: int
    dice: tuple[int, ...]
    outcome: str
    reason: str = ""


@register(NS, "group_revealed")
@dataclass(frozen=True, slots=True)
class GroupRevealed(Event):
    """T-14.1: a neutral group shows itself; `tiles` with their race and camps."""

    group: str
    race: str
    tiles: tuple[int, ...]
    camps: tuple[int, ...]


@register(NS, "treasure_found")
@dataclass(frozen=True, slots=True)
class TreasureFound(Event):
    """T-15.2: `die` 0 for fixed contents."""

    tribe: int
    tile: int
    die: int
    amounts: Amounts


@register(NS, "diplomacy")
@dataclass(frozen=True, slots=True)
class Diplomacy(Event):
    """T-16: `kind` demand / paid / refused / proposed / accepted / declined / offered /
    vassal_accepted / vassal_declined / treaty_broken / grievance; from `a` to `b`."""

    kind: str
    a: int
    b: int
    until: int = 0


@register(NS, "tribe_created")
@dataclass(frozen=True, slots=True)
class TribeCreated(Event):
    """T-12.2 / T-15.1: a system tribe appears on `tiles`."""

    tribe: int
    faction: str
    parent: int
    tiles: tuple[int, ...]


@register(NS, "split_warning")
@dataclass(frozen=True, slots=True)
class SplitWarning(Event):
    """T-12.2: a tribe's territory is split; `age` counts ENDs, it splits off at `limit`."""

    tribe: int
    age: int
    limit: int
    components: int


@register(NS, "discarded")
@dataclass(frozen=True, slots=True)
class Discarded(Event):
    """T-7.3: over the cap at END."""

    tribe: int
    amounts: Amounts
    cap: int


@register(NS, "eliminated")
@dataclass(frozen=True, slots=True)
class Eliminated(Event):
    """T-17.1: a tribe is gone (`why`: no_tiles or vassal); `lost` is what vanished with it."""

    tribe: int
    why: str
    lost: Amounts = (0, 0, 0)


@register(NS, "final_turn")
@dataclass(frozen=True, slots=True)
class FinalTurn(Event):
    """T-17.3: `turn` will be the last; `qualifiers` met a condition (with the conditions)."""

    turn: int
    qualifiers: tuple[tuple[int, str], ...]


slot_init_all(globals())   # the cheaper constructors of `game.core.slots`
