"""Domiplotism rules: the protocol methods over the state, the action table, the Ruleset.

The Ruleset reads boards through the core cache (`read_board`, `make_state` under the base
`new_game`); the agents live in `agents.py`, which this module never imports.

The rule families live in their own modules as plain functions over `DomiplotState`:
`legality` (the one checker: refusals and the legal action lists), `regions` (M, T-4, B-0,
E-2 queries), `rounds` (R-1, T-2..T-5), `joining` (J, E-5), `battle` (B, F, A), `resolution`
(O, N, E-1, E-3) and `outcome` (E-6 ranking, the end). This module dispatches each action
type to its effect through `EFFECTS`.

Automatic steps (resolution O, drawing N, the end check E) run inside the action that
triggers them, so a state always waits for exactly one seat (`actor`) or is over.
"""

from __future__ import annotations

import functools
from typing import Any, Callable

from game.core.errors import IllegalAction
from game.core.protocol import Action, Event, Ruleset, Setup
from game.core.rng import Rng
from game.domiplot import actions as A
from game.domiplot.battle import do_pass, do_place, do_respond
from game.domiplot.board import MAX_REGION_ID, Board, load_board
from game.domiplot.constants import (
    AI_VOTE_MARGIN, DECK_SIZE, FACTIONS, INITIAL_HAND, MAX_ROUNDS, PROPOSAL_ADJACENT,
    PROPOSAL_REGIONS,
)
from game.domiplot.joining import do_authorize, do_join, do_stay_out, do_surrender
from game.domiplot.legality import legal_actions, refusal
from game.domiplot.resolution import do_decline, do_propose, do_vote
from game.domiplot.rounds import do_choose_target, do_place_marker, start_round
from game.domiplot.sampling import state_from_view
from game.domiplot.state import DomiplotState, DomiplotView, Phase

OPTION_KEYS = ("initial_hand", "proposal_regions", "proposal_adjacent", "max_rounds",
               "ai_vote_margin")

# Every action type and the rule family function that carries it out (after `refusal`).
EFFECTS: dict[type, Callable[[DomiplotState, int, Any], list[Event]]] = {
    A.PlaceMarker: do_place_marker,
    A.ChooseTarget: do_choose_target,
    A.Join: do_join,
    A.StayOut: do_stay_out,
    A.Surrender: do_surrender,
    A.Authorize: do_authorize,
    A.Place: do_place,
    A.Pass: do_pass,
    A.RespondSupport: do_respond,
    A.Propose: do_propose,
    A.Decline: do_decline,
    A.Vote: do_vote,
}


class DomiplotGame(DomiplotState):
    """A Domiplotism game: the protocol methods over `DomiplotState`'s data."""

    def to_move(self) -> list[int]:
        return [] if self.phase is Phase.OVER else [self.actor]

    def legal_actions(self, seat: int) -> list[Action]:
        return legal_actions(self, seat)

    def apply(self, seat: int, action: Action) -> list[Event]:
        why = refusal(self, seat, action)
        if why is not None:
            raise why
        return EFFECTS[type(action)](self, seat, action)

    def reason(self, seat: int, action: object) -> IllegalAction | None:
        """The refusal `apply(seat, action)` would raise now (key `domiplot.region_protected`,
        `not_your_turn`...; params `action` and `seat`), or None if it is legal."""
        return refusal(self, seat, action)


def _option(setup: Setup, map_overrides: dict[str, int], key: str, default: int, low: int) -> int:
    """Section 15: a lobby option beats a map property, which beats the default."""
    value = setup.options.get(key, map_overrides.get(key, default))
    if not isinstance(value, int) or isinstance(value, bool) or value < low:
        raise IllegalAction("bad_option", option=key, value=str(value))
    return value


class DomiplotRuleset(Ruleset):
    """Domiplotism: 2-8 players, hidden hands and one face-down card each."""

    id = "domiplot"
    min_players = 2
    max_players = 8
    has_hidden_info = True
    map_folder = "domiplot"
    default_map_name = "nine_provinces.tmx"
    options = {"first_player": ("random", 0, 1, 2, 3, 4, 5, 6, 7)}

    @functools.cache
    def default_map(self) -> str:
        # Cached: finding the program's folder costs system calls (a tenth of a short random
        # game), and it never moves while the program runs.
        return super().default_map()

    def state_from_view(self, view: DomiplotView, rng: Rng) -> DomiplotGame:
        """A full game consistent with `view` (its view for that seat equals `view`): the
        hidden cards sampled from the unseen ones, a fresh RNG (see `sampling`)."""
        return state_from_view(view, rng, DomiplotGame)

    def read_board(self, path: str) -> Board:
        """The validated region graph of the map at `path` (M-1..M-4)."""
        return load_board(path)

    def make_state(self, setup: Setup, board: Board) -> DomiplotGame:
        """A dealt game on `board` (S-1..S-3), waiting for round 1's chooser; the seat count
        must suit the map and the options section 15."""
        n = len(setup.seats)
        if not board.min_players <= n <= board.max_players:
            raise IllegalAction("bad_seat_count", count=n, min=board.min_players, max=board.max_players)
        over = board.overrides
        options = {
            "initial_hand": _option(setup, over, "initial_hand", INITIAL_HAND, 0),
            "proposal_regions": _option(setup, over, "proposal_regions", PROPOSAL_REGIONS, 1),
            "proposal_adjacent": _option(setup, over, "proposal_adjacent", PROPOSAL_ADJACENT, 1),
            "max_rounds": _option(setup, over, "max_rounds", MAX_ROUNDS, 1),   # D30
            "ai_vote_margin": _option(setup, over, "ai_vote_margin", AI_VOTE_MARGIN, 0),
        }
        if options["initial_hand"] * n > DECK_SIZE:
            raise IllegalAction("bad_option", option="initial_hand", value=str(options["initial_hand"]))
        factions = setup.options.get("factions")
        known = [f[0] for f in FACTIONS]
        if factions is None:
            factions = known[:n]
        elif (not isinstance(factions, (list, tuple)) or len(factions) != n
              or len(set(factions)) != n or any(f not in known for f in factions)):
            raise IllegalAction("bad_option", option="factions", value=str(factions))
        first = setup.options.get("first_player", "random")
        rng = Rng(setup.seed)
        if first == "random":
            eldest = rng.below(n)  # S-2 (a)
        elif isinstance(first, int) and not isinstance(first, bool) and 0 <= first < n:
            eldest = first
        else:
            raise IllegalAction("bad_option", option="first_player", value=str(first))
        deck = list(range(DECK_SIZE))
        rng.shuffle(deck)  # S-2 (b)
        # S-3: one card at a time clockwise from the eldest, so the seat k places after the
        # eldest gets every n-th card of the top initial_hand x n, starting at k.
        dealt = options["initial_hand"] * n
        hands = [sorted(deck[(s - eldest) % n:dealt:n]) for s in range(n)]
        deck = deck[dealt:]
        game = DomiplotGame(
            setup=setup, board=board, active=board.active(n), rng=rng,
            factions=tuple(factions), options=options, eldest=eldest,
            deck=deck, hands=hands, owners=((),) * (MAX_REGION_ID + 1),
            surrendered=(False,) * n, last_generals=(0,) * n,
        )
        start_round(game, [])
        return game
