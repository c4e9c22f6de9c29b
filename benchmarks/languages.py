"""What the per-language picture benchmarks share: one drawing timed for each
reader's language, the languages interleaved run by run so that the machine's
load falls on all alike, and each language's median and p95 against English.

Used by ``benchmarks.bigtwo_render`` and ``benchmarks.sixty_languages`` (target,
issue 42: Japanese and Chinese pictures within 1.2x of English);
``benchmarks.results_languages`` times drawing and encoding apart, in batches."""

from __future__ import annotations

import statistics
from collections.abc import Callable, Sequence

from locales import reading


def p95(values: Sequence[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def by_language(
    once: Callable[[], float], languages: Sequence[str], runs: int
) -> dict[str, dict[str, float]]:
    """``once`` (milliseconds of one drawing) for each language's reader, after one
    warm-up each (fonts, label runs); the first language is the reference."""

    def timed(locale: str) -> float:
        with reading(locale):
            return once()

    for locale in languages:
        timed(locale)
    times: dict[str, list[float]] = {locale: [] for locale in languages}
    for _ in range(runs):
        for locale in languages:
            times[locale].append(timed(locale))
    reference = statistics.median(times[languages[0]])
    return {
        locale: {
            "median_ms": round(statistics.median(t), 2),
            "p95_ms": round(p95(t), 2),
            "ratio_to_en": round(statistics.median(t) / reference, 3),
        }
        for locale, t in times.items()
    }
