"""Region rules as plain functions over who holds what (M-2, M-3, T-4, B-0, E-2).

They take the owners list (region id -> sorted tuple of seats) and the active map rather than
a state, so the rules and the greedy agent (which only has a view, or a trial owners list)
ask the very same questions.
"""

from __future__ import annotations

from typing import Sequence

from game.domiplot.board import MAX_REGION_ID, ActiveMap
from game.domiplot.scoring import INTERNAL, OPEN, SIEGE

Owners = Sequence[tuple[int, ...]]


def clockwise(start: int, n: int) -> list[int]:
    """Seats from `start` in ascending order, wrapping around."""
    return [(start + i) % n for i in range(n)]


def is_lord(owners: Owners, active: ActiveMap, seat: int) -> bool:
    """M-2: holds at least one flag."""
    return any(seat in owners[r] for r in active.ids)


def solo_regions(owners: Owners, active: ActiveMap, seat: int) -> list[int]:
    """M-2: the active regions `seat` holds alone, in id order."""
    return [r for r in active.ids if owners[r] == (seat,)]


def qualifies(owners: Owners, active: ActiveMap, seat: int, options: dict[str, int]) -> bool:
    """E-2: enough solo regions, or a connected group of enough solo regions."""
    solo = solo_regions(owners, active, seat)
    if len(solo) >= options["proposal_regions"]:
        return True
    if len(solo) < options["proposal_adjacent"]:
        return False
    return any(len(g) >= options["proposal_adjacent"] for g in active.graph.components(solo))


NO_DISTANCE = (0,) * (MAX_REGION_ID + 1)
DISTANCE_MEMO_MAX = 4096   # flag patterns remembered per active map (then start afresh)


def distances(owners: Owners, active: ActiveMap, seat: int) -> tuple[int, ...]:
    """M-3: distance(seat, r) for every region id (0 for landless seats).

    Memoised on the active map by the regions the seat flags: the breadth-first search is
    the costliest step of choosing a target, and flags change only a few times a game."""
    flagged = tuple(r for r in active.ids if seat in owners[r])
    if not flagged:
        return NO_DISTANCE
    memo = active.distance_memo
    out = memo.get(flagged)
    if out is None:
        dist = [0] * (MAX_REGION_ID + 1)
        for r, d in active.graph.crossings(flagged, flagged).items():
            dist[r] = d
        if len(memo) >= DISTANCE_MEMO_MAX:
            memo.clear()
        out = memo[flagged] = tuple(dist)
    return out


def target_reason(owners: Owners, active: ActiveMap, marker: int | None, chooser: int,
                  region: object, ignore_marker: bool = False) -> str | None:
    """T-4: the I-2 reason why `chooser` may not attack `region`, or None."""
    if not isinstance(region, int) or not 0 <= region <= MAX_REGION_ID or not active.is_active[region]:
        return "domiplot.region_inactive"
    if region == marker and not ignore_marker:
        return "domiplot.region_protected"
    held = owners[region]
    if held == (chooser,):
        return "domiplot.own_solo_region"
    if held and not is_lord(owners, active, chooser):
        return "domiplot.landless_cannot_attack_lord"
    return None


def has_target(owners: Owners, active: ActiveMap, marker: int | None, seat: int,
               ignore_marker: bool) -> bool:
    """T-5: `seat` has at least one region it may attack."""
    return any(target_reason(owners, active, marker, seat, r, ignore_marker) is None
               for r in active.ids)


def battle_mode(owners: Owners, chooser: int, region: int) -> tuple[str, tuple[int, ...]]:
    """B-0: the mode and the defenders."""
    held = owners[region]
    if not held:
        return OPEN, ()
    if chooser in held:
        return INTERNAL, ()
    return SIEGE, held
