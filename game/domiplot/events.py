"""Domiplotism events: the facts a screen animates, in the order they happened (section 19).

Card ids that a viewer may not see are redacted by `redacted(seat)` (H-2, D25): a hidden card
becomes None (a card back) and a hidden list keeps only its length. Every event that can
carry a private card names the one seat (`seat`) allowed to see it and whether it is private.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from game.core.codec import register
from game.core.protocol import Event, GameOver  # noqa: F401  (E-1..E-6 end with the core event)
from game.core.slots import slot_init_all

NS = "domiplot"


class _Private(Event):
    """An event whose `card`/`cards` only `seat` may see while `hidden` is true."""

    __slots__ = ()

    def redacted(self, seat: int | None) -> Event:
        if not self.hidden or seat == self.seat:  # type: ignore[attr-defined]
            return self
        changes = {}
        if hasattr(self, "cards"):
            changes["cards"] = (None,) * len(self.cards)  # type: ignore[attr-defined]
        if hasattr(self, "card"):
            changes["card"] = None
        return dataclasses.replace(self, **changes)  # type: ignore[type-var]


# ---- round ----------------------------------------------------------------------------------
@register(NS, "round_started")
@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    """R-1: a new round; its protector (T-2, None if nobody) and chooser (T-3)."""

    round: int
    protector: int | None
    chooser: int


@register(NS, "marker_placed")
@dataclass(frozen=True, slots=True)
class MarkerPlaced(Event):
    """T-2: the tally marker moves from `previous` (None: off the board) to `region`."""

    seat: int
    region: int
    previous: int | None


@register(NS, "chooser_passed")
@dataclass(frozen=True, slots=True)
class ChooserPassed(Event):
    """T-5: `seat` had no legal target, so `to` chooses; `ignore_marker` if none had one."""

    seat: int
    to: int
    ignore_marker: bool


@register(NS, "target_chosen")
@dataclass(frozen=True, slots=True)
class TargetChosen(Event):
    """T-4 / B-0: the target and the battle mode (`open`, `siege`, `internal`)."""

    seat: int
    region: int
    mode: str
    defenders: tuple[int, ...]


@register(NS, "mode_changed")
@dataclass(frozen=True, slots=True)
class ModeChanged(Event):
    """D24: surrenders during joining changed the owners, so the mode is recomputed."""

    region: int
    mode: str
    defenders: tuple[int, ...]
    skipped: bool


@register(NS, "authorization_asked")
@dataclass(frozen=True, slots=True)
class AuthorizationAsked(Event):
    """J-4: `seat` asks co-owner `sponsor` to let it join the internal battle."""

    seat: int
    sponsor: int


@register(NS, "authorization")
@dataclass(frozen=True, slots=True)
class Authorization(Event):
    """J-4: `sponsor` allowed or refused `seat`."""

    seat: int
    sponsor: int
    allow: bool


@register(NS, "player_joined")
@dataclass(frozen=True, slots=True)
class PlayerJoined(Event):
    """J-1: `seat` takes part at this distance (its discards follow as `cards_discarded`)."""

    seat: int
    distance: int


@register(NS, "player_stayed_out")
@dataclass(frozen=True, slots=True)
class PlayerStayedOut(Event):
    """J-1 / J-4: `seat` is not in the battle (`refused`: its sponsor said no)."""

    seat: int
    refused: bool = False


@register(NS, "player_surrendered")
@dataclass(frozen=True, slots=True)
class PlayerSurrendered(Event):
    """E-5: flags removed from `freed` (now unowned) and `shared` (left with fewer owners)."""

    seat: int
    freed: tuple[int, ...]
    shared: tuple[int, ...]


# ---- battle ---------------------------------------------------------------------------------
@register(NS, "turn_started")
@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    """B-1: `seat` acts now."""

    seat: int


@register(NS, "card_placed")
@dataclass(frozen=True, slots=True)
class CardPlaced(_Private):
    """B-3: `seat` put `card` into `pile` (None: terrain slot, centre or straight to effect).
    A face-down card is hidden from everyone but its placer."""

    seat: int
    card: int | None
    pile: int | None
    face_down: bool
    hidden: bool


@register(NS, "card_revealed")
@dataclass(frozen=True, slots=True)
class CardRevealed(Event):
    """B-4 / O-1: the face-down card `seat` placed in `pile` turns face up."""

    seat: int
    card: int
    pile: int


@register(NS, "terrain_changed")
@dataclass(frozen=True, slots=True)
class TerrainChanged(Event):
    """F-1: the terrain slot now holds `card` (its terrain applies to every pile)."""

    seat: int
    card: int
    terrain: str
    previous: int | None


@register(NS, "siege_ended")
@dataclass(frozen=True, slots=True)
class SiegeEnded(Event):
    """F-1 / D10: a terrain card replaced the siege scoring."""

    region: int


@register(NS, "cards_discarded")
@dataclass(frozen=True, slots=True)
class CardsDiscarded(_Private):
    """Cards went to the discard pile; cause: tally, stones, terrain, distance, surrender.
    `seat` is who caused it; distance and surrender discards are face down (hidden)."""

    seat: int
    cards: tuple[int | None, ...]
    cause: str
    hidden: bool


@register(NS, "card_returned")
@dataclass(frozen=True, slots=True)
class CardReturned(_Private):
    """F-2 / F-7 / A-3: `card` went back to `seat`'s hand from `pile` (cause: gong, recall,
    refused); a face-down card stays hidden from the others."""

    seat: int
    card: int | None
    pile: int
    cause: str
    hidden: bool


@register(NS, "support_offered")
@dataclass(frozen=True, slots=True)
class SupportOffered(_Private):
    """A-2: `seat` offers `card` into `pile`'s owner's pile; face down it shows only a back."""

    seat: int
    card: int | None
    pile: int
    face_down: bool
    hidden: bool


@register(NS, "support_answered")
@dataclass(frozen=True, slots=True)
class SupportAnswered(Event):
    """A-3: `seat` (the pile owner) accepted or refused `supporter`'s card."""

    seat: int
    supporter: int
    accept: bool


@register(NS, "allegiance_changed")
@dataclass(frozen=True, slots=True)
class AllegianceChanged(Event):
    """A-1 / A-6: `seat` now supports `principal` (its own seat: back to self)."""

    seat: int
    principal: int


@register(NS, "player_passed")
@dataclass(frozen=True, slots=True)
class PlayerPassed(Event):
    """B-2: `seat` withdrew for the rest of the battle."""

    seat: int


@register(NS, "player_out")
@dataclass(frozen=True, slots=True)
class PlayerOut(Event):
    """B-1 / J-3: `seat` has no cards left and is out of the battle."""

    seat: int


@register(NS, "battle_ended")
@dataclass(frozen=True, slots=True)
class BattleEnded(Event):
    """B-5: cause `command` or `all_out`."""

    cause: str


# ---- after the battle -----------------------------------------------------------------------
@register(NS, "scores")
@dataclass(frozen=True, slots=True)
class Scores(Event):
    """O-2 / K: per pile (listed by owner seat): terrain, A before the drum, drum multiplier
    applied (1 or 2), B, H and the total."""

    seats: tuple[int, ...]
    terrains: tuple[str, ...]
    army: tuple[int, ...]
    drum: tuple[int, ...]
    bonus: tuple[int, ...]
    heroes: tuple[int, ...]
    totals: tuple[int, ...]
    winner: int | None
    loser: int | None


@register(NS, "region_changed")
@dataclass(frozen=True, slots=True)
class RegionChanged(Event):
    """O-4: new owners; `planted` flags are new, `removed` flags were taken down."""

    region: int
    owners: tuple[int, ...]
    previous: tuple[int, ...]
    planted: tuple[int, ...]
    removed: tuple[int, ...]


@register(NS, "region_unchanged")
@dataclass(frozen=True, slots=True)
class RegionUnchanged(Event):
    """O-3 / R-2: no winner, the region keeps its owners."""

    region: int


@register(NS, "table_cleared")
@dataclass(frozen=True, slots=True)
class TableCleared(Event):
    """O-5: every card on the table goes face up to the discard pile."""

    cards: tuple[int, ...]


@register(NS, "cards_drawn")
@dataclass(frozen=True, slots=True)
class CardsDrawn(_Private):
    """N-1: `seat` drew `cards` (others see backs only)."""

    seat: int
    cards: tuple[int | None, ...]
    hidden: bool = True


@register(NS, "deck_reshuffled")
@dataclass(frozen=True, slots=True)
class DeckReshuffled(Event):
    """N-2: the discard pile (`count` cards) became the new deck."""

    count: int


@register(NS, "draws_lost")
@dataclass(frozen=True, slots=True)
class DrawsLost(Event):
    """N-2: deck and discard pile are both empty; `seat` loses `count` draws."""

    seat: int
    count: int


# ---- end of game ----------------------------------------------------------------------------
@register(NS, "proposal")
@dataclass(frozen=True, slots=True)
class Proposal(Event):
    """E-3: `seat` proposes to end the game as the winner."""

    seat: int


@register(NS, "proposal_declined")
@dataclass(frozen=True, slots=True)
class ProposalDeclined(Event):
    """E-3: a qualifying `seat` did not propose."""

    seat: int


@register(NS, "vote_cast")
@dataclass(frozen=True, slots=True)
class VoteCast(Event):
    """E-3: `seat` voted on `proposer`'s proposal."""

    seat: int
    proposer: int
    accept: bool


@register(NS, "proposal_rejected")
@dataclass(frozen=True, slots=True)
class ProposalRejected(Event):
    """E-3: `by` rejected `proposer`'s proposal; play goes on."""

    proposer: int
    by: int


slot_init_all(globals())   # the cheaper constructors of `game.core.slots`
