"""How much the slowest tests do: lean in CI, as written on a developer's machine,
thorough when asked.

CI (``CI=true``) runs the whole suite on two cores within 12 minutes, so there the
property and search tests play fewer games and the people-paced end-to-end tests
fewer decisions; every check still runs. ``HYPOTHESIS_PROFILE=thorough`` (see
``tests/conftest.py``) asks for long runs.
"""

from __future__ import annotations

import os

CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")
THOROUGH = os.environ.get("HYPOTHESIS_PROFILE") == "thorough"


def sized(here: int, *, ci: int, thorough: int | None = None) -> int:
    """``here`` on a developer's machine, ``ci`` in CI, ``thorough`` when asked for."""
    if THOROUGH:
        return here if thorough is None else thorough
    return ci if CI else here
