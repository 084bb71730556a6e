"""The state-owned random generator: small, seedable, copyable and JSON-friendly.

A PCG32 generator (O'Neill, 2014) whose whole state is two integers, so a game's future dice
are part of its digest and its save, a clone copies them for free, and `reseed` gives search
agents a copy whose future differs without touching the real game. Rules code is the only
caller; agents own separate instances.
"""

from __future__ import annotations

import hashlib
from typing import Iterable

_MASK64 = (1 << 64) - 1
_MULT = 6364136223846793005


def derive_seed(*parts: object) -> int:
    """A 64-bit seed derived from any printable parts (game seed, seat, purpose...)."""
    text = "\x1f".join(repr(p) for p in parts).encode("utf-8")
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "little")


class Rng:
    """PCG32 (XSH-RR) with a fixed odd increment per stream."""

    __slots__ = ("state", "inc")

    def __init__(self, seed: int, stream: int = 54) -> None:
        self.inc = ((stream << 1) | 1) & _MASK64
        self.state = 0
        self._next()
        self.state = (self.state + (seed & _MASK64)) & _MASK64
        self._next()

    def _next(self) -> int:
        old = self.state
        self.state = (old * _MULT + self.inc) & _MASK64
        xorshifted = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
        rot = old >> 59
        return ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & 0xFFFFFFFF

    def below(self, n: int) -> int:
        """An integer in [0, n) (n < 2**32): the next 32-bit output modulo n.

        The bias this leaves (at most n / 2**32) is far below anything a game can show. An
        earlier version meant to reject outputs below a threshold, but its threshold,
        `(-n) % n`, is 0 in Python, so it never rejected: the plain modulo is what every
        recorded game and test was played with, and the streams stay as they were. The
        generator step is written out here (and in `shuffle`): the AI's planners draw
        hundreds of thousands of these a search."""
        if n <= 0:
            raise ValueError("below() needs n >= 1")
        old = self.state
        self.state = (old * _MULT + self.inc) & _MASK64
        xorshifted = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
        rot = old >> 59
        return (((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & 0xFFFFFFFF) % n

    def randint(self, low: int, high: int) -> int:
        """Uniform integer in [low, high], both ends included."""
        return low + self.below(high - low + 1)

    def die(self, sides: int = 6) -> int:
        """One roll of a die with faces 1..sides."""
        return 1 + self.below(sides)

    def choice(self, items: list):
        """One element of a non-empty sequence."""
        return items[self.below(len(items))]

    def shuffle(self, items: list) -> None:
        """Fisher-Yates shuffle in place: for i from the end, swap with `below(i + 1)` (the
        generator step written out, as in `below`)."""
        state, inc = self.state, self.inc
        for i in range(len(items) - 1, 0, -1):
            old = state
            state = (old * _MULT + inc) & _MASK64
            xorshifted = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
            rot = old >> 59
            j = (((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & 0xFFFFFFFF) % (i + 1)
            items[i], items[j] = items[j], items[i]
        self.state = state

    def random(self) -> float:
        """A float in [0, 1) with 53 random bits."""
        hi = self._next() >> 5
        lo = self._next() >> 6
        return (hi * 67108864.0 + lo) / 9007199254740992.0

    def copy(self) -> "Rng":
        twin = Rng.__new__(Rng)
        twin.state = self.state
        twin.inc = self.inc
        return twin

    def get_state(self) -> list[int]:
        return [self.state, self.inc]

    @classmethod
    def from_state(cls, data: list[int]) -> "Rng":
        rng = cls.__new__(cls)
        rng.state, rng.inc = int(data[0]) & _MASK64, int(data[1]) & _MASK64
        return rng


class ScriptedRng(Rng):
    """An Rng whose results come from a script first (tests force dice with it).

    Every draw consumes the next scripted value, FIFO: `die(s)` returns it as the face
    (1..s), `randint(lo, hi)` as the number (lo..hi), `below(n)` as the number (0..n-1);
    `choice` and `shuffle` go through `below`, so their values are indices. A value out of
    range raises ValueError naming it (the scenario scripted a roll the rules cannot make).
    When the script runs out, draws go to `then`, or raise LookupError("script exhausted").
    `drawn` records every (kind, value) returned, for tests that check what was rolled.
    """

    __slots__ = ("script", "then", "drawn")

    def __init__(self, script: Iterable[int] = (), then: Rng | None = None) -> None:
        self.script = list(script)
        self.then = then
        self.drawn: list[tuple[str, int]] = []
        self.state, self.inc = (then.state, then.inc) if then is not None else (0, 1)

    def _scripted(self, kind: str, low: int, high: int) -> int | None:
        if not self.script:
            if self.then is None:
                raise LookupError(f"script exhausted: the rules drew a {kind} ({low}..{high})")
            return None
        value = self.script.pop(0)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise ValueError(f"scripted value {value!r} cannot be a {kind} ({low}..{high})")
        self.drawn.append((kind, value))
        return value

    def _fallback(self) -> Rng:
        assert self.then is not None
        return self.then

    def _next(self) -> int:
        if self.then is None:
            raise LookupError("script exhausted: the rules drew raw random bits")
        return self.then._next()

    def below(self, n: int) -> int:
        if n <= 0:
            raise ValueError("below() needs n >= 1")
        value = self._scripted("below", 0, n - 1)
        if value is None:
            value = self._fallback().below(n)
            self.drawn.append(("below", value))
        return value

    def shuffle(self, items: list) -> None:
        """Fisher-Yates through `below`, so a scripted value is an index."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def randint(self, low: int, high: int) -> int:
        value = self._scripted("randint", low, high)
        if value is None:
            value = self._fallback().randint(low, high)
            self.drawn.append(("randint", value))
        return value

    def die(self, sides: int = 6) -> int:
        value = self._scripted(f"d{sides}", 1, sides)
        if value is None:
            value = self._fallback().die(sides)
            self.drawn.append((f"d{sides}", value))
        return value

    def random(self) -> float:
        if self.script:
            raise ValueError("random() cannot take a scripted integer; script fewer values")
        return self._fallback().random() if self.then is not None else float(self._next())

    @property
    def remaining(self) -> int:
        """How many scripted values are still unused."""
        return len(self.script)

    def copy(self) -> "ScriptedRng":
        twin = ScriptedRng(self.script, self.then.copy() if self.then is not None else None)
        twin.drawn = list(self.drawn)
        return twin

    def get_state(self) -> list:
        """`then`'s state plus a marker and the remaining script, so digests see the script."""
        base = self.then.get_state() if self.then is not None else []
        return [*base, "scripted", *self.script]


def force_dice(state: object, values: Iterable[int], then: Rng | None = None) -> ScriptedRng:
    """Make `state`'s next draws `values` (see `ScriptedRng`), then `then`; returns the Rng.

    Every ruleset keeps its generator in `state.rng`, so this works on each of them.
    """
    rng = ScriptedRng(values, then)
    state.rng = rng  # type: ignore[attr-defined]
    return rng
