"""The President game on Discord (lobby, table, hands, turns, restarts)."""

from __future__ import annotations

from .cog import PresidentCog, setup

__all__ = ["PresidentCog", "setup"]
