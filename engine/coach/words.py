"""The coach's words: a sentence kept as its English template and its values,
so the bot can word it in each reader's language.

The engine imports nothing of the bot's, so it cannot translate; it returns
:class:`Words` instead of finished text. ``str()`` of one is the English
sentence (the terminal and the stored reviews read that); the bot looks the
template up in its catalogs (``_()``, or ``_n()`` for a plural) and fills in
the values in the reader's language, nested :class:`Words` first.

Templates are literals marked where they are written, :func:`N_` for one
sentence, :func:`_n` for a sentence with singular and plural forms and
:func:`_p` for a word in one of its senses, so ``pybabel extract`` puts them
in the catalogs. A number keeps its format
spec in the template (``{chance:.0%}``): English reads it as written, and
the bot writes the same figure as the reader writes numbers.

>>> str(Words("beats the trick with {what}", {"what": Words("a pair of {rank}s", {"rank": "7"})}))
'beats the trick with a pair of 7s'
>>> str(_n("{n} card left", "{n} cards left", 3))
'3 cards left'
>>> str(Words("first {p:.0%}", {"p": 0.375}))
'first 38%'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Union

Param = Union[int, float, str, "Words"]
"""A value in a sentence: a number (written per the template's spec), a
notation that reads the same in every language (``7``, ``3D``), or a
nested phrase."""

COUNT = "n"
"""The parameter that chooses a plural form."""


def N_(message: str) -> str:
    """Marks a template for the bot's catalogs (``pybabel extract`` finds the
    calls) and returns it unchanged."""
    return message


def _p(context: str, message: str) -> Words:
    """A word in the sense ``context`` (``_p("rank", "Q")``: a card's rank, not a
    letter): marked for the catalogs with its context, looked up with the bot's ``_p``."""
    return Words(message, context=context)


def _n(singular: str, plural: str, n: int, **params: Param) -> Words:
    """A sentence with a singular and a plural form, counted by ``n`` (the
    ``{n}`` of the templates): marked for the catalogs as a plural message,
    which the bot looks up with its own ``_n``."""
    return Words(singular, {COUNT: n, **params}, plural)


@dataclass(frozen=True, slots=True)
class Words:
    """A sentence of the coach: its English template and the values to fill in."""

    template: str
    """English, marked with :func:`N_`, with ``{named}`` placeholders."""
    params: Mapping[str, Param] = field(default_factory=dict)
    plural: str | None = None
    """The English plural template, for a count in ``params["n"]``."""
    context: str | None = None
    """The message context in the catalogs, for a word with several senses."""

    def english_template(self) -> str:
        """The template English uses for this count."""
        if self.plural is not None and self.params[COUNT] != 1:
            return self.plural
        return self.template

    def __str__(self) -> str:
        values = {k: str(v) if isinstance(v, Words) else v for k, v in self.params.items()}
        return self.english_template().format(**values)

    def __contains__(self, text: str) -> bool:
        return text in str(self)

    def __hash__(self) -> int:
        return hash((self.template, tuple(self.params.items()), self.plural, self.context))


__all__ = ["COUNT", "N_", "Param", "Words", "_n", "_p"]
