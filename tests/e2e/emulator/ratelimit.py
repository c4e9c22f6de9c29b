"""Discord's rate limits: one global limit per token and a bucket per route.

Why the emulator enforces them: the scarce resource of a bot is requests, so
the tests must meet what a busy bot meets on Discord. The global limit counts
every authenticated request except interaction answers (callbacks and the
interaction's webhook, which have their own token); each route (method,
template and major parameter: the channel, guild or webhook) has a bucket
whose state every answer reports in Discord's ``X-RateLimit-*`` headers, so a
client that reads them never needs a 429 to learn it. Both are off until a
test or benchmark sets them (``Emulator.limit_rate``).
"""

from __future__ import annotations

import hashlib
import time
from collections import deque
from dataclasses import dataclass, field


def exempt_from_global(api_path: str) -> bool:
    return api_path.startswith(("/interactions/", "/webhooks/"))


@dataclass
class Bucket:
    limit: int
    per: float
    window_start: float = 0.0
    used: int = 0

    def roll(self, now: float) -> None:
        if now >= self.window_start + self.per:
            self.window_start = now
            self.used = 0

    def reset_after(self, now: float) -> float:
        return max(0.0, self.window_start + self.per - now)


@dataclass
class RateLimits:
    """``global_per_second`` None: no global limit; ``route`` None: no buckets."""

    global_per_second: float | None = None
    route: tuple[int, float] | None = None
    window: float = 1.0
    _recent: deque[float] = field(default_factory=deque)
    _buckets: dict[str, Bucket] = field(default_factory=dict)

    def global_wait(self, now: float) -> float:
        """0 and the request is counted, or how long until the global limit admits one."""
        if self.global_per_second is None:
            return 0.0
        while self._recent and self._recent[0] <= now - self.window:
            self._recent.popleft()
        if len(self._recent) >= self.global_per_second * self.window:
            return self._recent[0] + self.window - now
        self._recent.append(now)
        return 0.0

    def take(self, key: str, now: float) -> tuple[float, dict[str, str]]:
        """(wait, headers): wait 0 and the route's bucket is used, or how long until it
        admits one; headers describe the bucket as Discord's do."""
        if self.route is None or exempt_from_global(key.split(" ", 1)[1]):
            return 0.0, {}
        bucket = self._buckets.get(key)
        if bucket is None:
            bucket = self._buckets[key] = Bucket(*self.route, window_start=now)
        bucket.roll(now)
        wait = 0.0
        if bucket.used >= bucket.limit:
            wait = bucket.reset_after(now)
        else:
            bucket.used += 1
        after = bucket.reset_after(now)
        headers = {
            "X-RateLimit-Limit": str(bucket.limit),
            "X-RateLimit-Remaining": str(bucket.limit - bucket.used),
            "X-RateLimit-Reset": f"{time.time() + after:.3f}",
            "X-RateLimit-Reset-After": f"{after:.3f}",
            "X-RateLimit-Bucket": hashlib.sha1(key.encode()).hexdigest()[:16],
        }
        return wait, headers


def limited_body(retry_after: float, *, is_global: bool) -> dict[str, object]:
    return {
        "message": "You are being rate limited.",
        "retry_after": round(retry_after, 3),
        "global": is_global,
        "code": 0,
    }
