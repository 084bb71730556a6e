"""The movement searches over the board's step tables (M-1..M-5, I3, C11), apart from the
state: `search` with a seat's per-hex rules, `open_search` over terrain alone (what `reach`
keeps per board and reuses when no restricted hex matters), and `cost_field`, the AI's sense
of distance. How `reach` picks among them and keeps their answers: movement.py (split off
from it when it outgrew 600 lines).
"""

from __future__ import annotations

from itertools import repeat

from game.skirmish.state import SkirmishState

# How a unit may use a hex (`_special`): absent = pass and stop (if empty); these otherwise.
NEVER, STOP_ONLY, PASS_ONLY = -1, 1, 2
ZOC = 3     # added to a hex's `_special` kind in `_rules` when I3 Intercept stops a unit there
BLOCKED = 1 << 30   # a search's starting label for NEVER hexes: no MP left can beat it


def open_search(moves: list[tuple[tuple[tuple[int, int], ...], ...]], size: int, start: int,
                mp: int) -> tuple[dict[int, int], frozenset[int]]:
    """`search` over terrain alone (no hex restricted) on a board of `size` hexes, and the
    hexes that are no dead end of it: those some step from which gained a hex MP (`reach`
    reuses the answer when no restricted hex is among them)."""
    best: dict[int, int] = {}
    label = [-1] * size
    label[start] = mp
    onward: set[int] = set()
    buckets: list[list[int]] = list(map(list, repeat((), mp + 1)))
    buckets[mp].append(start)
    for m in range(mp, 0, -1):
        row = moves[m]
        for g in buckets[m]:
            gained = False
            for h, m2 in row[g]:
                if label[h] < m2:
                    label[h] = best[h] = m2
                    gained = True
                    if m2:
                        buckets[m2].append(h)
            if gained:
                onward.add(g)
    return best, frozenset(onward)


def search(moves: list[tuple[tuple[tuple[int, int], ...], ...]], rule: list[int],
           fresh: list[int], start: int, mp: int) -> dict[int, int]:
    """`reach`'s bucket search from `start` holding `mp` (> 0) MP, over the steps per MP held
    (`Board.moves_by_mp`), the per-hex rules and the starting labels (`_rules`).

    Every restriction only lowers labels or ends paths, so the hexes it reaches are among
    those a search over terrain alone reaches; when none of those is restricted, both
    searches take the same steps in the same order (what `reach` relies on)."""
    best: dict[int, int] = {}       # the start never joins it: its label beats every step
    label = fresh[:]                # `best` as a list, the inner loop reads it most
    label[start] = mp
    # per MP level the hexes to go on from, a list made when the first one joins (many
    # levels get none: mp + 1 empty lists made up front cost 0.6 % more instructions, 20
    # random games)
    buckets: list[list[int] | None] = [None] * (mp + 1)
    buckets[mp] = [start]
    # An ordinary step costs what the hex entered costs (`Board.steps`), so the first time
    # a hex gets MP left it gets the most it can (levels go down): a hex joins a bucket once
    # and is still at that level when its bucket is read, with no stale entries to skip.
    for m in range(mp, 0, -1):
        bucket = buckets[m]
        if bucket is None:
            continue
        row = moves[m]              # per hex, the steps m MP pay for and the MP they leave
        for g in bucket:
            for h, m2 in row[g]:
                if label[h] >= m2:          # no gain (NEVER hexes start BLOCKED)
                    continue
                r = rule[h]
                if not r:                   # most hexes: pass and stop
                    label[h] = best[h] = m2
                    if m2:
                        if buckets[m2] is None:
                            buckets[m2] = [h]
                        else:
                            buckets[m2].append(h)
                elif r >= ZOC:              # I3 Intercept: all MP go
                    if label[h] < 0:
                        label[h] = best[h] = 0
                else:
                    label[h] = best[h] = m2
                    if m2 and r != STOP_ONLY:
                        if buckets[m2] is None:
                            buckets[m2] = [h]
                        else:
                            buckets[m2].append(h)
    return best


def cost_field(game: SkirmishState, sources: list[int], costs: tuple[int, ...]) -> list[int]:
    """MP cost from every hex to the nearest source over terrain alone (no units, no water
    rule): the AI's sense of distance, and the 16.2 capital-to-capital figures."""
    import heapq

    b = game.board
    inf = 10**6
    dist = [inf] * b.size
    heap = []
    for s in sources:
        dist[s] = 0
        heap.append((0, s))
    heapq.heapify(heap)
    while heap:
        d, g = heapq.heappop(heap)
        if d != dist[g]:
            continue
        step = costs[g]   # walking back from a source: pay for the hex being entered (g)
        for h in b.adj[g]:
            nd = d + step
            if nd < dist[h]:
                dist[h] = nd
                heapq.heappush(heap, (nd, h))
    return dist
