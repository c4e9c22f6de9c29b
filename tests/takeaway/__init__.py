"""A tiny two-player game that proves the table runtime needs no President code.

``game.py`` is its engine side (a ``GameType`` and a state implementing the
protocol of ``engine/game.py``), ``adapter.py`` its Discord side. Tests
register both before starting the bot; ``docs/adding-a-game.md`` walks
through them.
"""
