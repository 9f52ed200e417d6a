"""The one source of randomness of a game.

Every draw goes through :class:`GameRandom`, names its purpose and is
recorded, so that a game replays byte for byte and a judge can show why
anything happened. Draws use only ``getrandbits`` of a Mersenne Twister
seeded with the game's seed, which is stable across Python versions and
machines. Tests force draws by purpose.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from typing import Any, TypeVar

T = TypeVar("T")


@dataclass(frozen=True)
class Draw:
    """One recorded draw: what it was for, what could come out, what did."""

    purpose: str
    options: tuple[str, ...]
    outcome: str
    forced: bool = False

    def as_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "purpose": self.purpose,
            "options": list(self.options),
            "outcome": self.outcome,
        }
        if self.forced:
            data["forced"] = True
        return data


@cache
def _chance_options(numerator: int, denominator: int) -> tuple[str, str]:
    """The recorded options of a chance of ``numerator/denominator`` (the same few rates recur:
    worked out once each, as Fraction arithmetic and text are slow)."""
    p = Fraction(numerator, denominator)
    return (f"是:{p}", f"否:{1 - p}")


@dataclass
class GameRandom:
    """Seeded generator with a log of every draw and optional forced outcomes."""

    seed: int
    draws: list[Draw] = field(default_factory=list)
    _forced: dict[str, list[Any]] = field(default_factory=dict)
    _mt: random.Random = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self._mt = random.Random(self.seed)

    def __deepcopy__(self, memo: dict[int, Any]) -> GameRandom:
        """A copy that draws the same from here on: draws are immutable and shared, the
        generator's state is copied as a whole (much cheaper than copying it item by item)."""
        new = GameRandom.__new__(GameRandom)
        memo[id(self)] = new
        new.seed = self.seed
        new.draws = list(self.draws)
        new._forced = copy.deepcopy(self._forced, memo)
        new._mt = random.Random()
        new._mt.setstate(self._mt.getstate())
        return new

    # ---- forcing (tests, judge review) ---------------------------------
    def force(self, purpose: str, outcome: Any) -> None:
        """Make the next draw with exactly this purpose come out as ``outcome``."""
        self._forced.setdefault(purpose, []).append(outcome)

    def unused_forced(self) -> dict[str, list[Any]]:
        return {k: v for k, v in self._forced.items() if v}

    def _take_forced(self, purpose: str) -> tuple[bool, Any]:
        queue = self._forced.get(purpose)
        if queue:
            return True, queue.pop(0)
        return False, None

    # ---- primitives -----------------------------------------------------
    def _below(self, n: int) -> int:
        """A uniform integer in [0, n) by rejection sampling on getrandbits."""
        if n <= 0:
            raise ValueError("n must be positive")
        bits = max(1, (n - 1).bit_length())
        while True:
            value = self._mt.getrandbits(bits)
            if value < n:
                return value

    def chance(self, purpose: str, p: Fraction = Fraction(1, 2)) -> bool:
        """True with probability ``p`` (a fraction, exact)."""
        forced, value = self._take_forced(purpose)
        if forced:
            outcome = bool(value)
        else:
            outcome = self._below(p.denominator) < p.numerator
        self.draws.append(Draw(purpose, _chance_options(p.numerator, p.denominator), "是" if outcome else "否", forced))
        return outcome

    def pick(self, purpose: str, options: Sequence[T], label: Any = str) -> T:
        """One of ``options``, uniformly. A forced outcome is matched by label."""
        if not options:
            raise ValueError(f"nothing to pick for {purpose}")
        labels = tuple(map(label, options))  # label(o) for each option, in order
        forced, value = self._take_forced(purpose)
        if forced:
            if value not in labels:
                raise AssertionError(f"forced draw {purpose!r}: {value!r} is not one of {labels}")
            index = labels.index(value)
        else:
            index = self._below(len(options))
        self.draws.append(Draw(purpose, labels, labels[index], forced))
        return options[index]

    def shuffled(self, purpose: str, items: Sequence[T], label: Any = str) -> list[T]:
        """A random permutation, drawn as a sequence of picks (Fisher-Yates)."""
        pool = list(items)
        out: list[T] = []
        while pool:
            chosen = self.pick(f"{purpose}#{len(out) + 1}", pool, label)
            pool.remove(chosen)
            out.append(chosen)
        return out
