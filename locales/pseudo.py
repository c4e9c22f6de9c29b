"""The pseudo-locale ``qps_ploc``: every string of the template, visibly changed.

Each letter gets an accent (``Play`` → ``Þĺáý``) and each message brackets
(``[Þĺáý ...]``), while placeholders (``{name}``, ``%(n)s``), code spans,
Discord mentions and links stay as written, so the text still formats and
reads. The catalog is built in memory from ``messages.pot`` when first asked
for, so it always holds exactly the marked strings: a reader served the
pseudo-locale (``CARDTABLE_PSEUDO_LOCALE=1``, or the locale ``qps-ploc``) sees
plain English only where a string was never marked or never went through
:func:`locales.gettext`, which :func:`untranslated` finds.

Command and option names keep Discord's rules (lowercase letters, no
brackets, at most 32 characters): they only get accents.
"""

from __future__ import annotations

import gettext
import io
import re

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from . import TEMPLATE, is_name

_PLAIN = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
_ACCENTED = "áƀçďéƒĝĥíĵķĺḿñöþǫŕšťüṽŵẋýžÁƁÇĎÉƑĜĤÍĴĶĹḾÑÖÞǪŔŠŤÜṼŴẊÝŽ"
_ACCENTS = str.maketrans(_PLAIN, _ACCENTED)

OPEN, CLOSE = "[", "]"

_KEEP = re.compile(
    r"\{[^{}]*\}"  # str.format placeholders
    r"|%(?:\([^)]*\))?[-#0 +]*\d*(?:\.\d+)?[diouxXeEfFgGcrsa%]"  # %-placeholders
    r"|`[^`]*`"  # code spans: commands, options
    r"|<[@#:!&/a-zA-Z][^<>\s]*>"  # Discord mentions, emoji, timestamps
    r"|https?://\S+"
)


def accent(text: str) -> str:
    """Accents on every letter outside placeholders, code and mentions.

    >>> accent("{name} plays `/president new`")
    '{name} þĺáýš `/president new`'
    """
    out: list[str] = []
    at = 0
    for keep in _KEEP.finditer(text):
        out.append(text[at : keep.start()].translate(_ACCENTS))
        out.append(keep.group())
        at = keep.end()
    out.append(text[at:].translate(_ACCENTS))
    return "".join(out)


def pseudo(text: str, context: str | None = None) -> str:
    """``text`` in the pseudo-locale (a name keeps Discord's name rules).

    >>> pseudo("Play {game}, the card game")
    '[Þĺáý {game}, ťĥé çáŕď ĝáḿé]'
    >>> pseudo("forget-me", "command name")
    'ƒöŕĝéť-ḿé'
    """
    if is_name(context):
        return accent(text)
    return f"{OPEN}{accent(text)}{CLOSE}" if text else text


def pseudo_catalog() -> Catalog:
    """The template's messages, each translated by :func:`pseudo`."""
    with TEMPLATE.open("rb") as f:
        template = read_po(f)
    catalog = Catalog(locale="en", domain=template.domain)  # English plural rule
    for message in template:
        if not message.id:
            continue
        if isinstance(message.id, tuple | list):
            string: str | tuple[str, ...] = tuple(pseudo(m, message.context) for m in message.id)
        else:
            string = pseudo(message.id, message.context)
        catalog.add(message.id, string, context=message.context)
    return catalog


def pseudo_translations() -> gettext.GNUTranslations:
    """:func:`pseudo_catalog` compiled, as :func:`locales.translations` serves it."""
    buffer = io.BytesIO()
    write_mo(buffer, pseudo_catalog())
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


_ASCII_WORD = re.compile(r"[A-Za-z]{2,}")


def untranslated(text: str, allowed: tuple[str, ...] = ()) -> list[str]:
    """English words in ``text`` outside the pseudo-locale's brackets, code,
    mentions and placeholders: what a reader of the pseudo-locale would see
    untranslated. ``allowed``: words that are no text of ours (player names).

    >>> untranslated("[Þĺáý] Alice won 3 rounds", allowed=("Alice",))
    ['won', 'rounds']
    """
    depth = 0
    outside: list[str] = []
    rest = _KEEP.sub(" ", text)
    for ch in rest:
        if ch == OPEN:
            depth += 1
        elif ch == CLOSE:
            depth = max(0, depth - 1)
        outside.append(" " if depth else ch)
    words = _ASCII_WORD.findall("".join(outside))
    skip = {w for name in allowed for w in _ASCII_WORD.findall(name)}
    return [w for w in words if w not in skip]
