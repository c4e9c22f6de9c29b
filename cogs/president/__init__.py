"""President on Discord: its adapter for the table runtime (``adapter.py``),
its controls, words and pictures. The runtime itself is ``cogs/table``."""
