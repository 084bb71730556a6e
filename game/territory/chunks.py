"""Dice for Land candidate chunks: a run of candidate orders with their plans, grouped by
cost (and conflict key) once, as `candidates.cost_groups` merges them; memoised chunks live in
the board's memo (see `candidates.static_chunks`) and are shared.
"""

from __future__ import annotations

from typing import Any

from game.territory.plans import Plan


def group_pairs(pairs: Any, keyless: dict[tuple, list[Any]],
                keyed: dict[tuple, tuple[list[frozenset], list[Any]]]) -> None:
    """Append each (action, plan) pair to its group, in first-seen order: a keyless plan's
    action to `keyless[cost]`; a keyed one's keys and action to `keyed[cost + (kind,)]`, where
    kind is its first key's kind. `Chunk` and `candidates.cost_groups` both group this way."""
    for action, plan in pairs:
        if plan.keys:
            group_key = plan.cost + (plan.keys[0][0],)
            into = keyed.get(group_key)
            if into is None:
                keyed[group_key] = ([plan.keyset], [action])
            else:
                into[0].append(plan.keyset)
                into[1].append(action)
        else:
            into_keyless = keyless.get(plan.cost)
            if into_keyless is None:
                keyless[plan.cost] = [action]
            else:
                into_keyless.append(action)


class Chunk:
    """Candidate orders with their plans, grouped once for `cost_groups`, each kind of group
    in first-seen order. Memoised chunks live in the board's memo and are shared: never
    change one.

    Stored as few objects as merging allows: the memo holds thousands of chunks for the
    whole process, and every tuple holding actions is an object the garbage collector walks
    at each full collection (a tuple of plain ints or of key tuples is not tracked once it
    has survived one collection). Keyless groups: `costs` ((gold, materials, exotics,
    total), ...) and `groups` (the actions of each), parallel, with no pair per group.
    Keyed groups (by cost and kind of first key): `group_keys` (cost + (kind,), ...) and,
    flat, `keysets` (each order's keys) and `kactions` (the orders), with `kends` (the end
    offset of each group in both). A group's keys are not stored: `cost_groups` unites
    them once per merged group.
    """

    __slots__ = ("costs", "groups", "group_keys", "kends", "keysets", "kactions")

    def __init__(self, pairs: list[tuple[Any, Plan]]) -> None:
        keyless: dict[tuple, list[Any]] = {}
        keyed: dict[tuple, tuple[list[frozenset], list[Any]]] = {}
        group_pairs(pairs, keyless, keyed)
        self._set_keyless(keyless)
        self._set_keyed(keyed)

    @classmethod
    def merged(cls, chunks: list["Chunk"]) -> "Chunk":
        """The chunks, consecutive, as one: each kind of group in first-seen order, a
        group's orders chunk by chunk (what `cost_groups` makes of them one by one)."""
        keyless: dict[tuple, list[Any]] = {}
        keyed: dict[tuple, tuple[list[frozenset], list[Any]]] = {}
        for chunk in chunks:
            for cost, actions in zip(chunk.costs, chunk.groups):
                keyless.setdefault(cost, []).extend(actions)
            start = 0
            for group_key, end in zip(chunk.group_keys, chunk.kends):
                into = keyed.setdefault(group_key, ([], []))
                into[0].extend(chunk.keysets[start:end])
                into[1].extend(chunk.kactions[start:end])
                start = end
        out = cls.__new__(cls)
        out._set_keyless(keyless)
        out._set_keyed(keyed)
        return out

    def _set_keyed(self, keyed: dict[tuple, tuple[list[frozenset], list[Any]]]) -> None:
        kends: list[int] = []
        keysets: list[frozenset] = []
        kactions: list[Any] = []
        for group_keysets, group_actions in keyed.values():
            keysets.extend(group_keysets)
            kactions.extend(group_actions)
            kends.append(len(kactions))
        self.group_keys = tuple(keyed)
        self.kends = tuple(kends)
        self.keysets = tuple(keysets)
        self.kactions = tuple(kactions)

    def _set_keyless(self, keyless: dict[tuple, list[Any]]) -> None:
        self.costs = tuple(keyless)
        self.groups = tuple(tuple(acts) for acts in keyless.values())

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
        return chunk

    def keyless_groups(self) -> list[tuple[tuple, tuple]]:
        """(cost, actions) per keyless group, in order (for tests and reading)."""
        return list(zip(self.costs, self.groups))

    def keyed_groups(self) -> list[tuple[tuple, tuple, frozenset, tuple]]:
        """(cost + kind, keys of each order, all keys, actions) per keyed group, in order."""
        out, start = [], 0
        for group_key, end in zip(self.group_keys, self.kends):
            keysets = self.keysets[start:end]
            out.append((group_key, keysets, frozenset().union(*keysets), self.kactions[start:end]))
            start = end
        return out


_GENERIC: dict[int, tuple[int, int, int, int]] = {}


def _generic(cost: int) -> tuple[int, int, int, int]:
    """The (shared) cost tuple of a purely generic cost."""
    out = _GENERIC.get(cost)
    if out is None:
        out = _GENERIC[cost] = (0, 0, 0, cost)
    return out
