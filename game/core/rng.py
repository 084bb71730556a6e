"""The state-owned random generator: small, seedable, copyable and JSON-friendly.

A PCG32 generator (O'Neill, 2014) whose whole state is two integers, so a game's future dice
are part of its digest and its save, a clone copies them for free, and `reseed` gives search
agents a copy whose future differs without touching the real game. Rules code is the only
caller; agents own separate instances.
"""

from __future__ import annotations

import hashlib

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
        """Uniform integer in [0, n), without modulo bias (n < 2**32)."""
        if n <= 0:
            raise ValueError("below() needs n >= 1")
        threshold = (-n) % n % (1 << 32)
        while True:
            r = self._next()
            if r >= threshold:
                return r % n

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
        """Fisher-Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

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
