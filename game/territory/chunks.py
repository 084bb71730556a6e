"""Dice for Land candidate chunks: a run of candidate orders with their plans, grouped by
cost (and conflict key) once, as `candidates.cost_groups` merges them; memoised chunks live in
the board's memo (see `candidates.static_chunks`) and are shared.
"""

from __future__ import annotations

from typing import Any

from game.territory.plans import Plan


# Group keys (a keyless group's cost, a keyed group's cost and kind of first key) as small
# ints, the keys `Chunk` and `candidates.cost_groups` merge by: a merge looks a key up per
# group of every chunk, and a tuple of four or five items is hashed afresh at each look-up
# (`GROUP_KEYS[n]` is the key of id n). Never forgotten: memoised chunks hold the ids, and
# there are few keys (costs are small: 83 after 10 random games, 88 after 30 more).
_GROUP_IDS: dict[tuple, int] = {}
GROUP_KEYS: list[tuple] = []


def group_id(key: tuple) -> int:
    """The small int naming a group key (see `GROUP_KEYS`)."""
    n = _GROUP_IDS.get(key)
    if n is None:
        n = _GROUP_IDS[key] = len(GROUP_KEYS)
        GROUP_KEYS.append(key)
    return n


def group_pairs(pairs: Any, keyless: dict[int, list[Any]],
                keyed: dict[int, tuple[list[frozenset], list[Any]]]) -> None:
    """Append each (action, plan) pair to its group, in first-seen order: a keyless plan's
    action to `keyless[id of its cost]`; a keyed one's keys and action to `keyed[id of cost +
    (kind,)]`, where kind is its first key's kind (ids: `group_id`). `Chunk` and
    `candidates.cost_groups` both group this way."""
    ids = _GROUP_IDS
    for action, plan in pairs:
        if plan.keys:
            group_key = plan.cost + (plan.keys[0][0],)
            n = ids.get(group_key)
            if n is None:
                n = group_id(group_key)
            into = keyed.get(n)
            if into is None:
                keyed[n] = ([plan.keyset], [action])
            else:
                into[0].append(plan.keyset)
                into[1].append(action)
        else:
            n = ids.get(plan.cost)
            if n is None:
                n = group_id(plan.cost)
            into_keyless = keyless.get(n)
            if into_keyless is None:
                keyless[n] = [action]
            else:
                into_keyless.append(action)


class Chunk:
    """Candidate orders with their plans, grouped once for `cost_groups`, each kind of group
    in first-seen order. Memoised chunks live in the board's memo and are shared: never
    change one.

    Stored as few objects as merging allows: the memo holds thousands of chunks for the
    whole process, and every tuple holding actions is an object the garbage collector walks
    at each full collection (a tuple of plain ints or of key tuples is not tracked once it
    has survived one collection). Keyless groups: `costs` (the ids of their costs, (gold,
    materials, exotics, total), see `group_id`) and `groups` (the actions of each),
    parallel, with no pair per group. Keyed groups (by cost and kind of first key):
    `group_keys` (the ids of cost + (kind,), ...) and, parallel, `keysets` (per group,
    each order's keys) and `kactions` (per group, the orders): a tuple per group rather
    than flat tuples with end offsets, as the merge takes a group whole without slicing it
    (ids and these tuples: 0.9 % fewer instructions in 10 random games, the extra objects
    included). A group's keys are not stored: `cost_groups` unites them once per merged
    group.
    """

    __slots__ = ("costs", "groups", "group_keys", "keysets", "kactions")

    def __init__(self, pairs: list[tuple[Any, Plan]]) -> None:
        keyless: dict[int, list[Any]] = {}
        keyed: dict[int, tuple[list[frozenset], list[Any]]] = {}
        group_pairs(pairs, keyless, keyed)
        self._set_keyless(keyless)
        self._set_keyed(keyed)

    @classmethod
    def merged(cls, chunks: list["Chunk"]) -> "Chunk":
        """The chunks, consecutive, as one: each kind of group in first-seen order, a
        group's orders chunk by chunk (what `cost_groups` makes of them one by one)."""
        keyless: dict[int, list[Any]] = {}
        keyed: dict[int, tuple[list[frozenset], list[Any]]] = {}
        for chunk in chunks:
            for cost, actions in zip(chunk.costs, chunk.groups):
                keyless.setdefault(cost, []).extend(actions)
            for group_key, keysets, actions in zip(chunk.group_keys, chunk.keysets, chunk.kactions):
                into = keyed.setdefault(group_key, ([], []))
                into[0].extend(keysets)
                into[1].extend(actions)
        out = cls.__new__(cls)
        out._set_keyless(keyless)
        out._set_keyed(keyed)
        return out

    def _set_keyed(self, keyed: dict[int, tuple[list[frozenset], list[Any]]]) -> None:
        self.group_keys = tuple(keyed)
        self.keysets = tuple(tuple(keysets) for keysets, _ in keyed.values())
        self.kactions = tuple(tuple(actions) for _, actions in keyed.values())

    def _set_keyless(self, keyless: dict[int, list[Any]]) -> None:
        self.costs = tuple(keyless)
        self.groups = tuple(tuple(acts) for acts in keyless.values())

    @classmethod
    def of_costs(cls, pairs: tuple[tuple[int, Any], ...]) -> "Chunk":
        """The chunk of orders given as (generic cost, action) with no typed cost and no
        keys (arrows), grouped as `Chunk(pairs)` would group them with their plans."""
        keyless: dict[int, list[Any]] = {}
        for cost, action in pairs:
            keyless.setdefault(_generic(cost), []).append(action)
        chunk = cls.__new__(cls)
        chunk._set_keyless(keyless)
        chunk.group_keys = chunk.keysets = chunk.kactions = ()
        return chunk

    def keyless_groups(self) -> list[tuple[tuple, tuple]]:
        """(cost, actions) per keyless group, in order (for tests and reading)."""
        return [(GROUP_KEYS[n], actions) for n, actions in zip(self.costs, self.groups)]

    def keyed_groups(self) -> list[tuple[tuple, tuple, frozenset, tuple]]:
        """(cost + kind, keys of each order, all keys, actions) per keyed group, in order."""
        return [(GROUP_KEYS[n], keysets, frozenset().union(*keysets), actions)
                for n, keysets, actions in zip(self.group_keys, self.keysets, self.kactions)]


_GENERIC: dict[int, int] = {}


def _generic(cost: int) -> int:
    """The group id of a purely generic cost."""
    out = _GENERIC.get(cost)
    if out is None:
        out = _GENERIC[cost] = group_id((0, 0, 0, cost))
    return out
