"""The table runtime: one lobby-and-table machinery for every game.

``session.py`` plays a table's game without Discord, against the ports of
``ports.py``; ``runtime.py`` wires it to Discord through the services
(``lobby.py``, ``table_message.py``, ``private.py``, ``notices.py``,
``clicks.py``, ``server.py``); ``manifest.py`` and ``adapter.py`` say what a
game's own folder (``cogs/<game>/``) provides; ``extension.py`` loads it all
onto the bot (see ``docs/adding-a-game.md``).
"""
