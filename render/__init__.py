"""Pictures of the games for Discord: state in, encoded image bytes out.

A game's pictures live in its own folder (``render/president/``), built on
the shared pieces here, which know no game:

* :mod:`~render.theme` colours and sizes, :mod:`~render.fonts` fonts and
  safe player names, :mod:`~render.encoding` the :class:`RenderedImage` a
  renderer returns and how it is encoded;
* :mod:`~render.sprites` cached badges, chips and panels;
  :mod:`~render.cards` French-suited card sprites; :mod:`~render.felt` the
  backdrop and the felt table; :mod:`~render.drawing` small helpers;
* :mod:`~render.hand` a hand of cards in one or two rows;
  :mod:`~render.results_table` a ranked results table;
* :mod:`~render.gallery` writes every game's sample pictures
  (``python -m render.gallery OUTDIR``);
* :mod:`~render.replay` an animated replay of a finished round (GIF or
  WebP), each game saying in ``render/<game>/replay.py`` how its frames look
  (``python -m render.replay RECORD.json --out FILE``).

The only files read are the bundled fonts (and, if installed, a system
fallback font for names the bundled font cannot draw).
"""

from __future__ import annotations

from .encoding import DEFAULT_FORMAT, Format, RenderedImage, encode

__all__ = ["DEFAULT_FORMAT", "Format", "RenderedImage", "encode"]
