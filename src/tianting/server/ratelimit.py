"""A limit on how fast one client address may create games.

A token bucket per address: ``burst`` games at once, then one more every
``per`` seconds. Creating a game costs a fold, a few rows and 23 secret
links; a script creating them in a loop from one address is refused with a
Chinese 429 and a ``Retry-After``. The address is the connection's (behind a
proxy, run ``tianting serve`` with the proxy's address trusted so uvicorn
takes the client's from ``X-Forwarded-For``; otherwise every visitor shares
the proxy's one bucket). The limit is per server process: N workers allow N
times as much. At most ``max_clients`` addresses are remembered (the least
recently seen are forgotten first).
"""

from __future__ import annotations

import math
import threading
import time
from collections import OrderedDict
from collections.abc import Callable

from tianting.hosting.game import Refused

BURST = 20
"""Games one address may create at once (a judge setting up a tournament's tables)."""
PER_SECONDS = 30.0
"""Then one more game every 30 seconds (120 an hour) per address."""


class RateLimited(Refused):
    """Refused for going too fast (429); ``retry_after`` seconds until the next is allowed."""

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message, 429)
        self.retry_after = retry_after


class RateLimit:
    """Token buckets per client address (thread-safe)."""

    def __init__(self, burst: int = BURST, per: float = PER_SECONDS, max_clients: int = 10_000,
                 clock: Callable[[], float] = time.monotonic) -> None:
        if burst < 1 or per <= 0:
            raise ValueError("a rate limit needs burst >= 1 and per > 0")
        self.burst, self.per, self.max_clients, self.clock = burst, per, max_clients, clock
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()
        """address → (tokens left, when counted)."""
        self._guard = threading.Lock()

    def take(self, client: str) -> float:
        """Take one token for ``client``: 0 if allowed, else the seconds to wait (nothing taken)."""
        now = self.clock()
        with self._guard:
            tokens, then = self._buckets.pop(client, (float(self.burst), now))
            tokens = min(float(self.burst), tokens + (now - then) / self.per)
            if tokens >= 1:
                self._buckets[client] = (tokens - 1, now)
                wait = 0.0
            else:
                self._buckets[client] = (tokens, now)
                wait = (1 - tokens) * self.per
            while len(self._buckets) > self.max_clients:
                self._buckets.popitem(last=False)
        return wait

    def check(self, client: str) -> None:
        """Raise :class:`RateLimited` (a Chinese 429) if ``client`` may not create a game now."""
        wait = self.take(client)
        if wait > 0:
            seconds = max(1, math.ceil(wait))
            raise RateLimited(f"建立遊戲太頻繁：每個來源位址可連續建立{self.burst}局，之後每{self.per:g}秒一局；"
                              f"請於{seconds}秒後再試", seconds)


class NoLimit:
    """No limit at all (``tianting serve --no-create-limit``: a trusted network, a benchmark)."""

    def check(self, client: str) -> None:
        return None
