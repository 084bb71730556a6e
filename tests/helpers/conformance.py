"""One conformance check of the protocol, run over every registered ruleset and seat count.

`play_random` plays a random game to the end and checks, as it goes:
- after every action, the ruleset's invariants (`tests/game/<id>/invariants.py: check`), its
  optional stateful `Tracker`, and that every event encodes to JSON (redacted ones too);
- every `deep_every` actions: legal == accepted (`reason()` is None exactly for the legal
  actions among the legal ones, the ruleset's near-miss `candidates` and some nonsense),
  an illegal action changes nothing (the digest), seats not to move have no legal action and
  are refused, a clone is independent, and every seat's view (and the public one) is JSON
  without the RNG;
- at the end: nobody is to move, the result has one score per seat and a cause, a core
  `GameOver` announces that result, and setup + actions -> JSON -> replay
  gives the same digest.

Invariant modules may define (all optional but `check`):
    check(state) -> None
    candidates(state, seat, legal, pick: Rng) -> Iterable[Action]
    class Tracker: __init__(state); before(state, seat, action); after(state, seat, action, events)
    check_view(state, seat, data: dict) -> None          # hidden information (H-rules)
    check_end(state) -> None
    options(pick: Rng, seats: int) -> dict               # Setup.options to vary
    EXTRA: dict[str, Callable[[int], None]]             # ruleset-specific properties by seed
"""

from __future__ import annotations

import importlib
import json
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from game import rulesets
from game.core import codec
from game.core.errors import IllegalAction
from game.core.protocol import Action, GameOver, Result, Setup, State
from game.core.rng import Rng
from tests.helpers.protocol import replay_through_json

NONSENSE: tuple[Any, ...] = (None, 42, "x", (), 1.5)   # hashable things that are not actions


def hooks(ruleset_id: str) -> ModuleType:
    """The ruleset's invariant module `tests.game.<id>.invariants`."""
    return importlib.import_module(f"tests.game.{ruleset_id}.invariants")


def seat_counts() -> list[tuple[str, int]]:
    """(ruleset id, seats) for every registered ruleset and every seat count it allows."""
    out = []
    for rid in rulesets.ids():
        rs = rulesets.get(rid)
        out += [(rid, n) for n in range(rs.min_players, rs.max_players + 1)]
    return out


def concedes(action: Action) -> bool:
    """An action that gives the game away (resign, surrender...): random play avoids it."""
    return bool(getattr(type(action), "concedes", False))


@dataclass
class Game:
    """A finished random game and what produced it."""

    setup: Setup
    state: State
    history: list[tuple[int, Action]] = field(default_factory=list)
    deep_checks: int = 0


def _key(refusal: object) -> str:
    return refusal.key if isinstance(refusal, IllegalAction) else str(refusal)


def deep_check(state: State, seat: int, legal: list[Action], h: ModuleType, pick: Rng) -> None:
    """legal == accepted, illegal changes nothing, others refused, clone independent, views."""
    n = len(state.setup.seats)
    assert len(set(legal)) == len(legal), "duplicate legal actions"
    cands = set(legal)
    if hasattr(h, "candidates"):
        cands |= set(h.candidates(state, seat, legal, pick))
    accepted = {c for c in cands if state.reason(seat, c) is None}
    assert accepted == set(legal), (sorted(map(repr, accepted - set(legal)))[:5],
                                    sorted(map(repr, set(legal) - accepted))[:5])
    before = state.digest()
    illegal = sorted(cands - accepted, key=repr) + list(NONSENSE)
    for bad in [illegal[pick.below(len(illegal))] for _ in range(min(4, len(illegal)))]:
        try:
            state.apply(seat, bad)
        except IllegalAction as err:
            assert err.key
            refusal = state.reason(seat, bad)
            assert (err.key, err.params) == (refusal.key, refusal.params)
        else:
            raise AssertionError(f"{bad!r} was accepted though reason() refused it")
        assert state.digest() == before, f"refused {bad!r} changed the state"
    movers = state.to_move()
    for other in range(n):
        if other not in movers:
            assert state.legal_actions(other) == [], f"seat {other} is not to move"
            try:
                state.apply(other, legal[0])
            except IllegalAction:
                pass
            else:
                raise AssertionError(f"seat {other} acted out of turn")
            assert state.digest() == before
    twin = state.clone()
    twin.apply(seat, legal[pick.below(len(legal))])
    assert state.digest() == before, "applying to a clone changed the original"
    rng = getattr(state, "rng", None)
    secret = str(rng.get_state()[0]) if rng is not None else None
    for viewer in list(range(n)) + [None]:
        data = state.view(viewer).to_json()
        text = json.dumps(data)
        assert "rng" not in data
        if secret and len(secret) > 6:
            assert secret not in text, "a view shows the RNG state"
        if hasattr(h, "check_view"):
            h.check_view(state, viewer, data)


def choose(state: State, legal: list[Action], pick: Rng, h: ModuleType, concede_odds: int) -> Action:
    """A uniformly random legal action, conceding only when nothing else is legal (or, with
    `concede_odds`, once in that many decisions, so those paths get played too)."""
    keep = [a for a in legal if not concedes(a)]
    if not keep or (concede_odds and pick.below(concede_odds) == 0):
        keep = legal
    return keep[pick.below(len(keep))]


def play_random(ruleset_id: str, seats: int, seed: int, pick_seed: int, *, deep_every: int = 25,
                concede_odds: int = 0, max_actions: int = 200_000) -> Game:
    """Play one random game to the end with every check of the module docstring."""
    h = hooks(ruleset_id)
    pick = Rng(pick_seed)
    options = h.options(pick, seats) if hasattr(h, "options") else {}
    setup = Setup(seats=("random",) * seats, seed=seed, options=options)
    state = rulesets.get(ruleset_id).new_game(setup)
    game = Game(state.setup, state)
    tracker = h.Tracker(state) if hasattr(h, "Tracker") else None
    h.check(state)
    step = 0
    last_events: list = []
    while state.result() is None:
        assert step < max_actions, f"no end after {max_actions} actions"
        movers = state.to_move()
        assert movers, "nobody is to move but the game is not over"
        seat = movers[pick.below(len(movers))]
        legal = state.legal_actions(seat)
        assert legal, f"seat {seat} must move but has no legal action"
        if step % deep_every == 0:
            deep_check(state, seat, legal, h, pick)
            game.deep_checks += 1
        action = choose(state, legal, pick, h, concede_odds)
        if tracker is not None:
            tracker.before(state, seat, action)
        events = state.apply(seat, action)
        game.history.append((seat, action))
        h.check(state)
        if tracker is not None:
            tracker.after(state, seat, action, events)
        for ev in events:
            json.dumps(codec.encode(ev))
            for viewer in (None, seat, (seat + 1) % seats):
                json.dumps(codec.encode(ev.redacted(viewer)))
        last_events = events
        step += 1
    check_end(game, last_events, h)
    return game


def check_end(game: Game, last_events: list, h: ModuleType) -> None:
    """The finished game: nobody to move, a well-formed result, its GameOver, the replay."""
    state = game.state
    n = len(state.setup.seats)
    assert state.to_move() == []
    assert all(state.legal_actions(s) == [] for s in range(n))
    result = state.result()
    assert isinstance(result, Result)
    assert all(0 <= w < n for w in result.winners) and len(set(result.winners)) == len(result.winners)
    assert len(result.scores) == n
    assert isinstance(result.cause, str) and result.cause, "the result names no cause"
    overs = [e for e in last_events if isinstance(e, GameOver)]
    assert overs, "the last action emitted no core GameOver"
    assert overs[-1].result() == result
    if hasattr(h, "check_end"):
        h.check_end(state)
    again = replay_through_json(game.setup, game.history, state.setup.ruleset)
    assert again.digest() == state.digest(), "JSON save -> replay gave another state"
    assert again.result() == result


def reseed_differs(ruleset_id: str, seats: int, seed: int) -> None:
    """clone(reseed=k) gives futures that differ, and never touches the original."""
    state = rulesets.get(ruleset_id).new_game(Setup(seats=("random",) * seats, seed=seed))
    before = state.digest()
    draws = {tuple(state.clone(reseed=k).rng.below(1 << 30) for _ in range(2)) for k in range(12)}
    assert len(draws) > 1
    twin = state.clone(reseed=1)
    seat = twin.to_move()[0]
    twin.apply(seat, twin.legal_actions(seat)[0])
    assert state.digest() == before


def examples(n: int) -> int:
    """`n` examples under the ci profile (max_examples 100), a tenth (at least 1) under dev."""
    from hypothesis import settings
    return max(1, n * settings.default.max_examples // 100)
