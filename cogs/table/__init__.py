"""The table runtime: one lobby-and-table machinery for every game.

``runtime.py`` runs lobbies and tables, ``adapter.py`` says what a game's own
folder (``cogs/<game>/adapter.py``) provides, ``extension.py`` loads it all
onto the bot (see ``docs/adding-a-game.md``).
"""
