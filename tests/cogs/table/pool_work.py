"""Work for the computer pool's tests: module functions, so a worker process
can import them by name."""

from __future__ import annotations

import time


def busy(seconds: float) -> str:
    """Stands in for a long review: holds its worker for ``seconds``."""
    time.sleep(seconds)
    return "long"


def quick() -> str:
    return "quick"


def counted(total: int, progress: object = None) -> int:
    for done in range(1, total + 1):
        progress(done, total)  # type: ignore[operator]
    return total
