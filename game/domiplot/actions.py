"""Domiplotism actions: what a seat intends (R-1 table). Frozen, JSON-encodable.

Shapes:
- `place_marker(region)`, `choose_target(region)`: a region id (T-2, T-4);
- `join(discards, sponsor)`: `discards` names card **kinds** (e.g. `("gong", "infantry")`),
  one entry per card, kept in table order so each choice has exactly one spelling; the rules
  discard the lowest-numbered cards of those kinds (J-1). `sponsor` is a seat or None (J-4);
- `stay_out()`, `surrender()` (J-1, E-5); `authorize(allow)` (J-4);
- `place(card, pile, face_down, gong_target, recall_target)`: a card id from the hand, the
  pile's owner seat (None for terrain and tactics that do not go into a pile), and the card
  ids of a gong's or a commander's target on the table (B-2..B-4, F-2, F-7);
- `pass()` (B-2); `respond_support(accept)` (A-3);
- `propose()`, `decline()`, `vote(accept)` (E-3).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.codec import register
from game.core.protocol import Action
from game.core.slots import slot_init_all
from game.domiplot.constants import KIND_INDEX

NS = "domiplot"


@register(NS, "place_marker")
@dataclass(frozen=True, slots=True)
class PlaceMarker(Action):
    """T-2: the protector puts the tally marker on a region."""

    region: int


@register(NS, "choose_target")
@dataclass(frozen=True, slots=True)
class ChooseTarget(Action):
    """T-4: the chooser names the region fought over this round."""

    region: int


def _kind_order(name: object) -> tuple[int, str]:
    return (KIND_INDEX.get(name, len(KIND_INDEX)), str(name)) if isinstance(name, str) else (
        len(KIND_INDEX) + 1, repr(name))


@register(NS, "join")
@dataclass(frozen=True, slots=True)
class Join(Action):
    """J-1: take part, discarding one card per region of distance (kinds, any order given)."""

    discards: tuple[str, ...] = ()
    sponsor: int | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "discards", tuple(sorted(tuple(self.discards), key=_kind_order)))


@register(NS, "stay_out")
@dataclass(frozen=True, slots=True)
class StayOut(Action):
    """J-1: sit this battle out."""


@register(NS, "surrender")
@dataclass(frozen=True, slots=True)
class Surrender(Action):
    """E-5: leave the game (hand discarded, flags removed)."""

    concedes = True  # giving the game away: honest benchmarks keep random agents off it


@register(NS, "authorize")
@dataclass(frozen=True, slots=True)
class Authorize(Action):
    """J-4: a co-owner lets an outsider join an internal battle, or refuses."""

    allow: bool


@register(NS, "place")
@dataclass(frozen=True, slots=True)
class Place(Action):
    """B-2/B-3: play one card; into `pile` for score cards, drums and gongs."""

    card: int
    pile: int | None = None
    face_down: bool = False
    gong_target: int | None = None
    recall_target: int | None = None


@register(NS, "pass")
@dataclass(frozen=True, slots=True)
class Pass(Action):
    """B-2: withdraw from the rest of the battle."""


@register(NS, "respond_support")
@dataclass(frozen=True, slots=True)
class RespondSupport(Action):
    """A-3: the pile owner accepts or refuses a card offered into their pile."""

    accept: bool


@register(NS, "propose")
@dataclass(frozen=True, slots=True)
class Propose(Action):
    """E-3: a qualifying player proposes to end the game as its winner."""


@register(NS, "decline")
@dataclass(frozen=True, slots=True)
class Decline(Action):
    """E-3: a qualifying player lets the chance pass."""


@register(NS, "vote")
@dataclass(frozen=True, slots=True)
class Vote(Action):
    """E-3: accept or reject the proposal on the table."""

    accept: bool


STAY_OUT = StayOut()
SURRENDER = Surrender()
PASS = Pass()
PROPOSE = Propose()
DECLINE = Decline()
ALLOW, REFUSE = Authorize(True), Authorize(False)
ACCEPT_SUPPORT, REFUSE_SUPPORT = RespondSupport(True), RespondSupport(False)
VOTE_YES, VOTE_NO = Vote(True), Vote(False)


slot_init_all(globals())   # the cheaper constructors of `game.core.slots`
