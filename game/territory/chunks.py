"""Dice for Land candidate chunks: a run of candidate orders with their plans, grouped by
cost (and conflict key) once, as `candidates.cost_groups` merges them; memoised chunks live in
the board's memo (see `candidates.static_chunks`) and are shared.
"""

from __future__ import annotations

from typing import Any

from game.territory.plans import Plan


class Chunk:
    """Candidate orders with their plans, grouped once for `cost_groups`, each kind of group
    in first-seen order. Memoised chunks live in the board's memo and are shared: never
    change one.

    Stored flat, as a few tuples with end offsets, rather than a tuple per group: the memo
    holds thousands of chunks for the whole process, and every tuple holding actions is an
    object the garbage collector walks at each full collection (a tuple of plain ints or of
    key tuples is not tracked once it has survived one collection). Keyless groups:
    `costs` ((gold, materials, exotics, total), ...), `ends` (offsets into `actions`).
    Keyed groups (by cost and kind of first key): `group_keys` (cost + (kind,), ...),
    `kends` (offsets into `keysets` and `kactions`: each order's keys and the orders),
    `kkeys` / `kkends` (every key of each group, flat, with offsets)."""

    __slots__ = ("costs", "ends", "actions", "group_keys", "kends", "keysets", "kactions",
                 "kkeys", "kkends")

    def __init__(self, pairs: list[tuple[Any, Plan]]) -> None:
        keyless: dict[tuple, list[Any]] = {}
        keyed: dict[tuple, list[tuple[frozenset, Any]]] = {}
        for action, plan in pairs:
            if plan.keys:
                keyed.setdefault(plan.cost + (plan.keys[0][0],), []).append((plan.keyset, action))
            else:
                keyless.setdefault(plan.cost, []).append(action)
        self._set_keyless(keyless)
        kends: list[int] = []
        keysets: list[frozenset] = []
        kactions: list[Any] = []
        kkeys: list[tuple] = []
        kkends: list[int] = []
        for entries in keyed.values():
            keysets.extend(ks for ks, _ in entries)
            kactions.extend(a for _, a in entries)
            kends.append(len(kactions))
            kkeys.extend({k: None for ks, _ in entries for k in ks})
            kkends.append(len(kkeys))
        self.group_keys = tuple(keyed)
        self.kends = tuple(kends)
        self.keysets = tuple(keysets)
        self.kactions = tuple(kactions)
        self.kkeys = tuple(kkeys)
        self.kkends = tuple(kkends)

    def _set_keyless(self, keyless: dict[tuple, list[Any]]) -> None:
        ends: list[int] = []
        actions: list[Any] = []
        for acts in keyless.values():
            actions.extend(acts)
            ends.append(len(actions))
        self.costs = tuple(keyless)
        self.ends = tuple(ends)
        self.actions = tuple(actions)

    @classmethod
    def of_costs(cls, pairs: tuple[tuple[int, Any], ...]) -> "Chunk":
        """The chunk of orders given as (generic cost, action) with no typed cost and no
        keys (arrows), grouped as `Chunk(pairs)` would group them with their plans."""
        keyless: dict[tuple, list[Any]] = {}
        for cost, action in pairs:
            keyless.setdefault(_generic(cost), []).append(action)
        chunk = cls.__new__(cls)
        chunk._set_keyless(keyless)
        chunk.group_keys = chunk.kends = chunk.keysets = chunk.kactions = ()
        chunk.kkeys = chunk.kkends = ()
        return chunk

    def keyless_groups(self) -> list[tuple[tuple, tuple]]:
        """(cost, actions) per keyless group, in order (for tests and reading)."""
        out, start = [], 0
        for cost, end in zip(self.costs, self.ends):
            out.append((cost, self.actions[start:end]))
            start = end
        return out

    def keyed_groups(self) -> list[tuple[tuple, tuple, frozenset, tuple]]:
        """(cost + kind, keys of each order, all keys, actions) per keyed group, in order."""
        out, start, kstart = [], 0, 0
        for group_key, end, kend in zip(self.group_keys, self.kends, self.kkends):
            out.append((group_key, self.keysets[start:end], frozenset(self.kkeys[kstart:kend]),
                        self.kactions[start:end]))
            start, kstart = end, kend
        return out


_GENERIC: dict[int, tuple[int, int, int, int]] = {}


def _generic(cost: int) -> tuple[int, int, int, int]:
    """The (shared) cost tuple of a purely generic cost."""
    out = _GENERIC.get(cost)
    if out is None:
        out = _GENERIC[cost] = (0, 0, 0, cost)
    return out
