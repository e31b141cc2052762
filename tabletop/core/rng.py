"""A small seeded random number generator whose whole state is one integer.

The state lives inside each game's State, so a seed plus the command log rebuilds any game exactly, and the
state serialises to JSON as a plain number. SplitMix64 is used because it is tiny, fast in pure Python and
gives the same numbers on every Python version (``random.Random`` does not promise that for ``shuffle``).
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import MutableSequence, Sequence
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")

_SPAN = 1 << 64
_MASK = _SPAN - 1
_GOLDEN = 0x9E3779B97F4A7C15
# ``below``'s rejection limit for each small bound, worked out once: a search's playouts draw with a bound of a few
# dozen at every move, and the 65-bit arithmetic cost as much as a draw. (Larger bounds work it out each time.)
_LIMITS = (0, *(_SPAN - _SPAN % n for n in range(1, 1024)))


@dataclass
class Rng:
    state: int

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        return cls(seed & _MASK)

    def next64(self) -> int:
        self.state = (self.state + _GOLDEN) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        if n < 1024:
            limit = _LIMITS[n]
        elif n <= _SPAN:
            limit = _SPAN - _SPAN % n
        else:  # (no 64-bit draw could take such a bound: the loop below would never end)
            raise ValueError("below() takes bounds up to 2**64")
        state = self.state
        while True:  # ``next64`` written out (a bot's playouts draw here for every move they weigh)
            state = (state + _GOLDEN) & _MASK
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            x = z ^ (z >> 31)
            if x < limit:
                self.state = state
                return x % n

    def randint(self, low: int, high: int) -> int:
        """A uniform integer in ``[low, high]``."""
        return low + self.below(high - low + 1)

    def die(self, sides: int = 6) -> int:
        return self.randint(1, sides)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def fork(self) -> Rng:
        """An independent generator seeded from this one (advances this one)."""
        return Rng(self.next64())


def sealed_seed(key: bytes | int, *parts: int) -> int:
    """A 63-bit seed for a bot's own randomness, from a keyed one-way hash of ``parts``.

    A bot must not be able to work back from its seed to the game's seed (and so to every hidden card): the
    app keys this with a secret of its own from the OS that no bot ever sees; the arena keys it with its seed,
    which the bots never see either, so its games stay reproducible."""
    if isinstance(key, int):
        key = key.to_bytes(16, "big", signed=True)
    message = b"".join(part.to_bytes(16, "big", signed=True) for part in parts)
    digest = hashlib.blake2b(message, key=key[:64], digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def secret_seed() -> int:
    """A new game's seed that nobody at the table sees: 63 bits from the OS. With the seed anyone could deal the
    game again and read every hidden card; a small seed (the setup used to draw six digits) could be found again
    from the cards one is dealt by trying them all."""
    return secrets.randbits(63)
