"""Domiplotism state: plain data for one game in progress, with the read-only queries the rule
families share (the rules live in `rules.py` and the modules it dispatches to).

Sequences are indexed by seat, or by region id (`owners`, size MAX_REGION_ID + 1). What
changes a few times a round (owners, surrendered, participant, passed, allegiance, distances,
the centre, the end-of-game queues) is a tuple replaced on change, so `clone()` shares it
instead of copying it; what changes with nearly every card (deck, discard, hands, piles) is a
list. A pile is a list of `(card, placer, face_down)` tuples; cards are ids 0-121 (C-3). Every card is always in
exactly one place: `deck`, a hand, a pile, the terrain slot, the centre, the pending support
offer, or the discard pile.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any

from game.core import codec
from game.core.paths import map_key
from game.core.protocol import Result, Setup, State, View
from game.core.rng import Rng, derive_seed
from game.domiplot.board import ActiveMap, Board
from game.domiplot import regions
from game.domiplot.constants import CARD_KIND, CARD_TERRAIN
from game.domiplot.scoring import INTERNAL, OPEN, effective_terrain, pile_terms

Placed = tuple[int, int, bool]          # (card, placer, face_down)
# (placer, pile, card, face_down, gong_target, recall_target)
Offer = tuple[int, int, int, bool, "int | None", "int | None"]


def replaced(items: tuple, index: int, value: Any) -> tuple:
    """`items` with entry `index` set to `value` (the tuple fields are copy-on-write)."""
    return items[:index] + (value,) + items[index + 1:]


# In a view's support offer: the gong's target is the placer's own face-down card (B-4: it has
# at most one), whose identity the viewer may not see.
HIDDEN_TARGET = -1


class Phase(enum.Enum):
    """Where a game is (R-1); `legality.PHASE_ALLOWS` says which actions each phase accepts.

    Resolution and drawing are automatic and never wait, so they have no phase of their own.
    """

    PROTECT = "protect"
    CHOOSE_TARGET = "choose_target"
    JOIN = "join"
    AUTHORIZE = "authorize"        # J-4: a co-owner answers a join request
    BATTLE = "battle"
    SUPPORT = "support"            # a pile owner answers a support offer
    PROPOSE = "propose"            # E-3: a qualifying player proposes or declines
    VOTE = "vote"                  # E-3: the others vote
    OVER = "over"

    # Phases key the per-action dispatch tables; identity hashing skips Enum's Python-level
    # __hash__ (members are singletons, and Enum equality is identity anyway).
    __hash__ = object.__hash__


@dataclass
class DomiplotState(State):
    """Everything that decides a Domiplotism game's future."""

    setup: Setup
    board: Board
    active: ActiveMap
    rng: Rng
    factions: tuple[str, ...]
    options: dict[str, int]
    eldest: int
    phase: Phase = Phase.CHOOSE_TARGET
    round: int = 0
    actor: int = -1                         # the seat that must act now (-1: nobody)
    # cards
    deck: list[int] = field(default_factory=list)            # deck[0] is the top card
    discard: list[int] = field(default_factory=list)
    hidden_discard: dict[int, int] = field(default_factory=dict)   # face-down card -> owner
    hands: list[list[int]] = field(default_factory=list)
    # board
    owners: tuple[tuple[int, ...], ...] = ()    # [region id] sorted seats
    marker: int | None = None
    surrendered: tuple[bool, ...] = ()
    # round
    protector: int | None = None
    chooser: int = 0
    marker_ignored: bool = False            # T-5: nobody had a target with the marker
    target: int | None = None
    mode: str | None = None
    defenders: tuple[int, ...] = ()
    join_order: tuple[int, ...] = ()
    join_index: int = 0
    auth_request: tuple[int, int, tuple[str, ...]] | None = None   # (seat, sponsor, discards)
    distance: tuple[int, ...] = ()
    participant: tuple[bool, ...] = ()
    # battle
    passed: tuple[bool, ...] = ()
    piles: list[list[Placed]] = field(default_factory=list)
    terrain_card: int | None = None
    centre: tuple[int, ...] = ()
    allegiance: tuple[int, ...] = ()
    face_down_of: list[int | None] = field(default_factory=list)
    scored_into: list[int] = field(default_factory=list)   # bit p: placed a score card in p's pile
    offer: Offer | None = None
    offer_made: bool = False
    tally_player: int | None = None
    command_player: int | None = None
    # O-6 round record
    last_winner: int | None = None
    last_loser: int | None = None
    last_chooser: int | None = None
    last_command_player: int | None = None
    last_tally_player: int | None = None
    last_generals: tuple[int, ...] = ()
    # end of game
    end_queue: tuple[int, ...] = ()         # qualifying seats still to decide
    vote_queue: tuple[int, ...] = ()        # voters still to vote
    proposer: int | None = None
    winners: tuple[int, ...] | None = None
    end_cause: str = ""

    @property
    def seat_count(self) -> int:
        return len(self.hands)

    # ---- protocol pieces that are plain data --------------------------------------------
    def clone(self, reseed: int | None = None) -> "DomiplotState":
        """An independent copy: every list is copied one level deep (piles and hands hold
        immutable ints and tuples); tuples, `options`, the board and the setup are never
        changed in place, so the twin shares them."""
        d = self.__dict__.copy()
        d["rng"] = Rng(derive_seed(reseed, self.rng.state)) if reseed is not None else self.rng.copy()
        d["deck"] = self.deck[:]
        d["discard"] = self.discard[:]
        d["hidden_discard"] = self.hidden_discard.copy()
        d["hands"] = [h[:] for h in self.hands]
        d["piles"] = [p[:] for p in self.piles]
        d["face_down_of"] = self.face_down_of[:]
        d["scored_into"] = self.scored_into[:]
        twin = object.__new__(type(self))
        twin.__dict__ = d
        return twin

    def solo_counts(self) -> list[int]:
        """Solo regions per seat (M-2)."""
        counts = [0] * self.seat_count
        owners = self.owners
        for r in self.active.ids:
            o = owners[r]
            if len(o) == 1:
                counts[o[0]] += 1
        return counts

    def flag_counts(self) -> list[int]:
        """Flags per seat (solo and alliance regions)."""
        counts = [0] * self.seat_count
        for r in self.active.ids:
            for s in self.owners[r]:
                counts[s] += 1
        return counts

    def is_active(self, seat: int) -> bool:
        """B-1: a participant who has not passed and holds a card."""
        return self.participant[seat] and not self.passed[seat] and bool(self.hands[seat])

    def has_supporters(self, seat: int) -> bool:
        """A-5: someone has `seat` as principal."""
        allegiance = self.allegiance  # counting in C: this runs for every offer candidate
        return allegiance.count(seat) > (allegiance[seat] == seat)

    def qualifies(self, seat: int) -> bool:
        """E-2 for a seat still in the game."""
        return not self.surrendered[seat] and regions.qualifies(self.owners, self.active, seat,
                                                                 self.options)

    def needs_sponsor(self, seat: int) -> bool:
        """J-4: an outsider of an internal battle needs a co-owner's consent."""
        return (self.mode == INTERNAL and self.target is not None
                and seat not in self.owners[self.target])

    def locate(self, card: int) -> tuple[int, int] | None:
        """(pile, index) of a card lying in a pile, or None."""
        for p, pile in enumerate(self.piles):
            for i, entry in enumerate(pile):
                if entry[0] == card:
                    return p, i
        return None

    def pile_terrain(self, pile: int) -> str:
        """K-1 for one pile."""
        slot = CARD_TERRAIN[CARD_KIND[self.terrain_card]] if self.terrain_card is not None else None
        ground = self.board.terrain(self.target) if self.target is not None else "ordinary"
        return effective_terrain(slot, self.mode or OPEN, ground, pile in self.defenders)

    def pile_scores(self) -> list[tuple[int, int, int, int, int]]:
        """K for every seat's pile (face-down cards included)."""
        return [pile_terms((CARD_KIND[c] for c, _, _ in pile), self.pile_terrain(p))
                for p, pile in enumerate(self.piles)]

    def card_count(self) -> int:
        """Every card in every place (C-1: always DECK_SIZE)."""
        return (len(self.deck) + len(self.discard) + sum(len(h) for h in self.hands)
                + sum(len(p) for p in self.piles) + len(self.centre)
                + (self.terrain_card is not None) + (self.offer is not None))

    def result(self) -> Result | None:
        if self.winners is None:
            return None
        return Result(winners=self.winners, scores=tuple(self.solo_counts()), cause=self.end_cause,
                      draw=len(self.winners) > 1)

    def digest_data(self) -> Any:
        return {
            "setup": codec.encode(self.setup),
            "map": map_key(self.board.path),
            "rng": self.rng.get_state(),
            "factions": list(self.factions),
            "options": dict(sorted(self.options.items())),
            "eldest": self.eldest,
            "phase": self.phase.value,
            "round": self.round,
            "actor": self.actor,
            "deck": self.deck,
            "discard": self.discard,
            "hidden_discard": sorted(self.hidden_discard.items()),
            "hands": self.hands,
            "owners": [list(o) for o in self.owners],
            "marker": self.marker,
            "surrendered": self.surrendered,
            "protector": self.protector,
            "chooser": self.chooser,
            "marker_ignored": self.marker_ignored,
            "target": self.target,
            "mode": self.mode,
            "defenders": list(self.defenders),
            "join_order": list(self.join_order),
            "join_index": self.join_index,
            "auth_request": ([self.auth_request[0], self.auth_request[1], list(self.auth_request[2])]
                             if self.auth_request else None),
            "distance": self.distance,
            "participant": self.participant,
            "passed": self.passed,
            "piles": [[list(c) for c in p] for p in self.piles],
            "terrain_card": self.terrain_card,
            "centre": self.centre,
            "allegiance": self.allegiance,
            "face_down_of": self.face_down_of,
            "scored_into": self.scored_into,
            "offer": list(self.offer) if self.offer else None,
            "offer_made": self.offer_made,
            "tally_player": self.tally_player,
            "command_player": self.command_player,
            "record": [self.last_winner, self.last_loser, self.last_chooser,
                       self.last_command_player, self.last_tally_player, list(self.last_generals)],
            "end_queue": self.end_queue,
            "vote_queue": self.vote_queue,
            "proposer": self.proposer,
            "winners": list(self.winners) if self.winners is not None else None,
            "end_cause": self.end_cause,
        }

    def _is_face_down(self, card: int) -> bool:
        return any(c == card and fd for pile in self.piles for c, _, fd in pile)

    # ---- hidden information (H-1, H-2) ----------------------------------------------------
    def view(self, seat: int | None) -> "DomiplotView":
        """What `seat` may see: its own hand and face-down cards, backs for everything else
        hidden (H-2); None is the public view (no hand at all)."""
        n = self.seat_count
        piles = tuple(
            tuple((c if (not fd or placer == seat) else None, placer, fd) for c, placer, fd in pile)
            for pile in self.piles
        )
        offer = None
        if self.offer is not None:
            placer, pile, card, fd, gong, recall = self.offer
            shown = card if (not fd or placer == seat) else None
            if gong is not None and placer != seat and self._is_face_down(gong):
                # The gong names the placer's own face-down card: that a card will come back
                # is public, which card is not; B-4 leaves one face-down card per seat, so
                # HIDDEN_TARGET names it without naming it.
                gong = HIDDEN_TARGET
            offer = (placer, pile, shown, fd, gong, recall)
        hidden = self.hidden_discard
        discard = tuple(c if (c not in hidden or hidden[c] == seat) else None for c in self.discard)
        return DomiplotView(
            seat=seat,
            board=self.board,
            active=self.active,
            seats=self.setup.seats,
            factions=self.factions,
            options=dict(self.options),
            round=self.round,
            phase=self.phase,
            actor=self.actor,
            eldest=self.eldest,
            hand=tuple(self.hands[seat]) if seat is not None and 0 <= seat < n else None,
            hand_sizes=tuple(len(h) for h in self.hands),
            deck_count=len(self.deck),
            discard=discard,
            owners=self.owners,
            marker=self.marker,
            surrendered=self.surrendered,
            protector=self.protector,
            chooser=self.chooser,
            marker_ignored=self.marker_ignored,
            target=self.target,
            mode=self.mode,
            defenders=self.defenders,
            join_order=self.join_order,
            join_index=self.join_index,
            auth_request=((self.auth_request[0], self.auth_request[1],
                           self.auth_request[2] if seat == self.auth_request[0] else None)
                          if self.auth_request else None),
            distance=self.distance,
            participant=self.participant,
            passed=self.passed,
            piles=piles,
            terrain_card=self.terrain_card,
            centre=self.centre,
            allegiance=self.allegiance,
            scored_into=tuple(self.scored_into),
            offer=offer,
            offer_made=self.offer_made,
            tally_player=self.tally_player,
            command_player=self.command_player,
            record=(self.last_winner, self.last_loser, self.last_chooser,
                    self.last_command_player, self.last_tally_player),
            last_generals=self.last_generals,
            end_queue=self.end_queue,
            vote_queue=self.vote_queue,
            proposer=self.proposer,
            winners=self.winners,
            end_cause=self.end_cause,
        )


@dataclass(frozen=True)
class DomiplotView(View):
    """What one seat sees (H-1 plus its own H-2 items). Hidden cards are None (a back).

    Nothing from which a hidden card follows: no seed, no RNG state, no deck order (X, H-2);
    `Ruleset.state_from_view` samples a full state from it."""

    seat: int | None
    board: Board
    active: ActiveMap
    seats: tuple[str, ...]
    factions: tuple[str, ...]
    options: dict[str, int]
    round: int
    phase: Phase
    actor: int
    eldest: int
    hand: tuple[int, ...] | None
    hand_sizes: tuple[int, ...]
    deck_count: int
    discard: tuple[int | None, ...]
    owners: tuple[tuple[int, ...], ...]
    marker: int | None
    surrendered: tuple[bool, ...]
    protector: int | None
    chooser: int
    marker_ignored: bool
    target: int | None
    mode: str | None
    defenders: tuple[int, ...]
    join_order: tuple[int, ...]
    join_index: int
    auth_request: tuple[int, int, tuple[str, ...] | None] | None   # discards: requester only
    distance: tuple[int, ...]
    participant: tuple[bool, ...]
    passed: tuple[bool, ...]
    piles: tuple[tuple[tuple[int | None, int, bool], ...], ...]
    terrain_card: int | None
    centre: tuple[int, ...]
    allegiance: tuple[int, ...]
    scored_into: tuple[int, ...]
    offer: tuple | None
    offer_made: bool
    tally_player: int | None
    command_player: int | None
    record: tuple
    last_generals: tuple[int, ...]
    end_queue: tuple[int, ...]
    vote_queue: tuple[int, ...]
    proposer: int | None
    winners: tuple[int, ...] | None
    end_cause: str

    def _offer_json(self) -> dict[str, Any] | None:
        """The pending support offer; a gong target that is the placer's own face-down card
        shows as `gong_target` None with `gong_target_hidden` true (no card id to show)."""
        if self.offer is None:
            return None
        out = dict(zip(("seat", "pile", "card", "face_down", "gong_target", "recall_target"),
                       self.offer))
        out["gong_target_hidden"] = out["gong_target"] == HIDDEN_TARGET
        if out["gong_target_hidden"]:
            out["gong_target"] = None
        return out

    def live_scores(self) -> tuple[tuple[int, int], ...]:
        """Per seat's pile: (K total of the cards this viewer can see, hidden cards), for the
        battle panel's live total ("+?" for each hidden card, section 22)."""
        slot = CARD_TERRAIN[CARD_KIND[self.terrain_card]] if self.terrain_card is not None else None
        map_terrain = self.board.terrain(self.target) if self.target else "ordinary"
        out = []
        for p, pile in enumerate(self.piles):
            terrain = effective_terrain(slot, self.mode or "open", map_terrain, p in self.defenders)
            seen = [CARD_KIND[c] for c, _, _ in pile if c is not None]
            out.append((pile_terms(seen, terrain)[4], len(pile) - len(seen)))
        return tuple(out)

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "board": self.board.to_json(),
            "active_regions": list(self.active.ids),
            "seats": list(self.seats),
            "factions": list(self.factions),
            "options": dict(self.options),
            "round": self.round,
            "phase": self.phase.value,
            "actor": self.actor,
            "eldest": self.eldest,
            "hand": list(self.hand) if self.hand is not None else None,
            "hand_sizes": list(self.hand_sizes),
            "deck_count": self.deck_count,
            "discard": list(self.discard),
            "owners": {str(r): list(self.owners[r]) for r in self.active.ids},
            "marker": self.marker,
            "surrendered": list(self.surrendered),
            "protector": self.protector,
            "chooser": self.chooser,
            "marker_ignored": self.marker_ignored,
            "target": self.target,
            "mode": self.mode,
            "defenders": list(self.defenders),
            "join_order": list(self.join_order),
            "join_index": self.join_index,
            "auth_request": ([self.auth_request[0], self.auth_request[1],
                              None if self.auth_request[2] is None else list(self.auth_request[2])]
                             if self.auth_request else None),
            "distance": list(self.distance),
            "participant": list(self.participant),
            "passed": list(self.passed),
            "piles": [[{"card": c, "placer": p, "face_down": fd} for c, p, fd in pile]
                      for pile in self.piles],
            "live_scores": [list(x) for x in self.live_scores()],
            "terrain_card": self.terrain_card,
            "centre": list(self.centre),
            "allegiance": list(self.allegiance),
            "scored_into": list(self.scored_into),
            "offer": self._offer_json(),
            "offer_made": self.offer_made,
            "tally_player": self.tally_player,
            "command_player": self.command_player,
            "record": dict(zip(("last_winner", "last_loser", "last_chooser",
                                "last_command_player", "last_tally_player"), self.record)),
            "last_generals": list(self.last_generals),
            "end_queue": list(self.end_queue),
            "vote_queue": list(self.vote_queue),
            "proposer": self.proposer,
            "winners": list(self.winners) if self.winners is not None else None,
            "end_cause": self.end_cause,
        }
