"""The players' languages: gettext catalogs, locale resolution, formatting.

English is the source language: the text in the code is the English text, and
``locales/<code>/LC_MESSAGES/messages.po`` holds its translation for each other
language (``docs/languages.md`` says how to mark, extract, translate and compile).
The compiled ``messages.mo`` files are committed beside the ``.po`` files, so an
install needs no build step; a test checks they match.

Every function takes the reader's locale as Discord gives it (a
``discord.Locale`` or its value, ``"fr"``, ``"es-ES"``, ``"zh-TW"``…), a
catalog code (``"zh_TW"``) or None; :func:`resolve` decides which catalog
serves it, and anything we do not translate reads English.

This package imports nothing of the bot's (render and the cogs both use it) and
nothing of discord's.
"""

from __future__ import annotations

import contextlib
import datetime
import functools
import gettext as _gettext
import os
from collections.abc import Iterable, Iterator
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path

from babel.dates import format_date as _format_date
from babel.lists import format_list as _format_list
from babel.numbers import format_decimal

HERE = Path(__file__).resolve().parent
DOMAIN = "messages"
TEMPLATE = HERE / f"{DOMAIN}.pot"

SOURCE = "en"
"""The language of the text in the code."""

PSEUDO = "qps_ploc"
"""The pseudo-locale: every catalog string visibly transformed (:mod:`locales.pseudo`)."""

PSEUDO_ENV = "CARDTABLE_PSEUDO_LOCALE"
"""Set to 1 and every reader, whatever their locale, gets the pseudo-locale:
text that was not marked for translation stands out in English (tests)."""

COMMAND_NAME = "command name"
OPTION_NAME = "option name"
"""Message contexts of slash command names, and the start of those of option
names (``option name of new``): Discord restricts names (lowercase, no spaces,
at most 32 characters), so the same English word in a sentence is a different
message."""


def is_name(context: str | None) -> bool:
    """Whether a message in ``context`` is a command's or an option's name."""
    return context is not None and (context == COMMAND_NAME or context.startswith(OPTION_NAME))


@dataclass(frozen=True, slots=True)
class Language:
    """A language the bot speaks."""

    code: str
    """Its catalog folder under ``locales/``, also its Babel locale."""
    discord: tuple[str, ...]
    """The Discord locales it serves (``discord.Locale`` values)."""
    name: str
    """Its name in itself, for a language menu."""


LANGUAGES: tuple[Language, ...] = (
    Language("en", ("en-US", "en-GB"), "English"),
    Language("fr", ("fr",), "Français"),
    # Latin American players read Spain's Spanish rather than English.
    Language("es_ES", ("es-ES", "es-419"), "Español"),
    Language("ja", ("ja",), "日本語"),
    Language("zh_TW", ("zh-TW",), "繁體中文"),
    Language("zh_CN", ("zh-CN",), "简体中文"),
)

TRANSLATED: tuple[str, ...] = tuple(lang.code for lang in LANGUAGES if lang.code != SOURCE)
"""The catalogs under ``locales/``: every one must be complete."""

_CODES: dict[str, str] = {
    **{lang.code.replace("_", "-").lower(): lang.code for lang in LANGUAGES},
    **{d.lower(): lang.code for lang in LANGUAGES for d in lang.discord},
    "es": "es_ES",
    "qps-ploc": PSEUDO,
}


def pseudo_enabled() -> bool:
    """Whether the environment asks for the pseudo-locale everywhere."""
    return os.environ.get(PSEUDO_ENV, "").strip().lower() in ("1", "true", "yes", "on")


def resolve(locale: object) -> str:
    """The catalog code that serves ``locale``; English for anything else.

    >>> [resolve(x) for x in ("fr", "es-ES", "zh-TW", "zh_CN", "en-GB", "de", None)]
    ['fr', 'es_ES', 'zh_TW', 'zh_CN', 'en', 'en', 'en']
    """
    if pseudo_enabled():
        return PSEUDO
    value = getattr(locale, "value", locale)  # a discord.Locale
    if not isinstance(value, str):
        return SOURCE
    return _resolve(value)


@functools.lru_cache(maxsize=256)
def _resolve(value: str) -> str:
    key = value.strip().replace("_", "-").lower()
    # "fr-CA" reads French; a bare "zh" could be either script, so English
    return _CODES.get(key) or _CODES.get(key.split("-")[0], SOURCE)


@functools.cache
def translations(code: str) -> _gettext.NullTranslations:
    """The compiled catalog of a catalog code (English: the text as written)."""
    if code == SOURCE:
        return _gettext.NullTranslations()
    if code == PSEUDO:
        from .pseudo import pseudo_translations  # reads the template: only when asked for

        return pseudo_translations()
    with open(HERE / code / "LC_MESSAGES" / f"{DOMAIN}.mo", "rb") as mo:
        return _gettext.GNUTranslations(mo)


def gettext(locale: object, message: str) -> str:
    """``message`` in the language of ``locale``.

    Placeholders stay as written: ``gettext(loc, "{name} passes").format(name=...)``.
    """
    return translations(resolve(locale)).gettext(message)


def ngettext(locale: object, singular: str, plural: str, n: int) -> str:
    """The form of ``singular``/``plural`` for ``n`` in the language of ``locale``,
    by the plural rule in its catalog's header (French and Spanish have three
    forms, Japanese and Chinese one); format ``{n}`` with :func:`format_number`.
    """
    return translations(resolve(locale)).ngettext(singular, plural, n)


def pgettext(locale: object, context: str, message: str) -> str:
    """``message`` in the sense ``context`` (a word with two meanings in English)."""
    return translations(resolve(locale)).pgettext(context, message)


def npgettext(locale: object, context: str, singular: str, plural: str, n: int) -> str:
    """:func:`ngettext` with a context."""
    return translations(resolve(locale)).npgettext(context, singular, plural, n)


_reader: ContextVar[str | None] = ContextVar("reader_locale", default=None)


@contextlib.contextmanager
def reading(locale: object) -> Iterator[str]:
    """Everything composed in this block (in this task, and the threads it hands
    work to with ``asyncio.to_thread`` or a copied context) is for a reader of
    ``locale``: :func:`_` and its siblings translate for them. Yields the catalog
    code. The table runtime opens one around each text it composes: the clicking
    player's locale for private text, the server's for public text, so a game's
    own code marks its strings with ``_()`` and never passes a locale around.

    >>> with reading("fr"):
    ...     current()
    'fr'
    >>> current()
    'en'
    """
    code = resolve(locale)
    token = _reader.set(code)
    try:
        yield code
    finally:
        _reader.reset(token)


def current() -> str:
    """The catalog code of the reader of the text being composed (English outside
    any :func:`reading` block; the pseudo-locale when the environment asks)."""
    if pseudo_enabled():
        return PSEUDO
    return _reader.get() or SOURCE


def _(message: str) -> str:
    """``message`` for the current reader (see :func:`reading`)."""
    return translations(current()).gettext(message)


def _n(singular: str, plural: str, n: int) -> str:
    """:func:`ngettext` for the current reader."""
    return translations(current()).ngettext(singular, plural, n)


def _p(context: str, message: str) -> str:
    """:func:`pgettext` for the current reader."""
    return translations(current()).pgettext(context, message)


def _np(context: str, singular: str, plural: str, n: int) -> str:
    """:func:`npgettext` for the current reader."""
    return translations(current()).npgettext(context, singular, plural, n)


def N_(message: str) -> str:
    """Marks ``message`` for the catalogs where it is defined (a constant, a
    table) and returns it unchanged: translate it with :func:`gettext` where
    it is shown, when the reader is known."""
    return message


def catalog_texts(code: str) -> list[str]:
    """Every text a reader of catalog ``code`` can be shown: its translations
    (the template's messages for English, transformed for the pseudo-locale).
    What the pictures' fonts must draw (``render/subset_fonts.py``)."""
    from babel.messages.pofile import read_po

    if code == PSEUDO:
        from .pseudo import pseudo_catalog

        catalog = pseudo_catalog()
    else:
        path = TEMPLATE if code == SOURCE else HERE / code / "LC_MESSAGES" / f"{DOMAIN}.po"
        with path.open("rb") as f:
            catalog = read_po(f)
    texts: list[str] = []
    for message in catalog:
        if not message.id:
            continue
        shown = message.id if code == SOURCE else message.string
        texts += [shown] if isinstance(shown, str) else [str(s) for s in shown or ()]
    return texts


def babel_locale(locale: object) -> str:
    """The Babel locale for formatting numbers, lists and dates for ``locale``."""
    code = resolve(locale)
    return SOURCE if code == PSEUDO else code


def format_number(locale: object, number: float) -> str:
    """A number as readers of ``locale`` write it.

    >>> format_number("en-US", 12345), format_number("fr", 12345.5), format_number("ja", 1234)
    ('12,345', '12\\u202f345,5', '1,234')
    """
    return format_decimal(number, locale=babel_locale(locale))


def format_list(locale: object, items: Iterable[str]) -> str:
    """``A, B and C`` in the reader's language (``A、B、C`` in Japanese).

    >>> format_list("es-ES", ["Ana", "Bea", "Carla"])
    'Ana, Bea y Carla'
    """
    return _format_list(list(items), locale=babel_locale(locale))


def format_date(locale: object, date: datetime.date, format: str = "medium") -> str:
    """A date as readers of ``locale`` write it (Babel's ``short``, ``medium``,
    ``long`` or a pattern)."""
    return _format_date(date, format=format, locale=babel_locale(locale))


__all__ = [
    "COMMAND_NAME",
    "LANGUAGES",
    "N_",
    "OPTION_NAME",
    "PSEUDO",
    "PSEUDO_ENV",
    "SOURCE",
    "TRANSLATED",
    "Language",
    "_",
    "_n",
    "_np",
    "_p",
    "babel_locale",
    "catalog_texts",
    "current",
    "format_date",
    "format_list",
    "format_number",
    "gettext",
    "is_name",
    "ngettext",
    "npgettext",
    "pgettext",
    "reading",
    "resolve",
    "translations",
]
