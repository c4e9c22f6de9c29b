"""The coach's sentences in the reader's language.

The engine's coach gives its estimates and reasons as
:class:`engine.coach.Words` (an English template and its values); here they
are looked up in the catalogs for the current reader (the ``reading`` block
the table runtime opens) and filled in, nested phrases first, with numbers
written as the reader writes them (``38 %`` and ``3,5`` in French).
"""

from __future__ import annotations

import re
import string
from decimal import Decimal
from typing import Any

from babel.numbers import format_decimal, format_percent, get_plus_sign_symbol

from engine.coach import Words
from engine.coach.words import COUNT
from locales import _, _n, _np, _p, babel_locale, current, format_number

# what the engine's templates use: {x}, {x:.0%}, {x:.1f}, {x:+.0f}
_SPEC = re.compile(r"(\+?)(?:\.(\d+))?([f%]?)")


def worded(words: Words) -> str:
    """``words`` in the current reader's language."""
    values = {k: worded(v) if isinstance(v, Words) else v for k, v in words.params.items()}
    context = words.context
    if words.plural is None:
        template = _(words.template) if context is None else _p(context, words.template)
    else:
        n = int(words.params[COUNT])
        if context is None:
            template = _n(words.template, words.plural, n)
        else:
            template = _np(context, words.template, words.plural, n)
    return _Localized().vformat(template, (), values)


class _Localized(string.Formatter):
    def format_field(self, value: Any, format_spec: str) -> str:
        if isinstance(value, bool) or not isinstance(value, int | float):
            return str(format(value, format_spec))
        return number(value, format_spec)


def number(value: float, spec: str = "") -> str:
    """``value`` as ``format(value, spec)`` writes it in English, as the
    current reader writes it (the same rounding, their separators).

    >>> from locales import reading
    >>> with reading("fr"):
    ...     number(0.375, ".0%"), number(3.25, ".1f"), number(2.4, "+.0f"), number(1234)
    ('38\\xa0%', '3,2', '+2', '1\\u202f234')
    """
    m = _SPEC.fullmatch(spec)
    if m is None:
        return str(format(value, spec))
    sign, places, kind = m.groups()
    loc = babel_locale(current())
    if kind == "%":
        return str(format_percent(value, locale=loc))
    if not kind:
        return format_number(loc, value)
    digits = int(places or 0)
    # rounded as English rounds it, so every language shows the same figure
    rounded = Decimal(format(value, f".{digits}f"))
    pattern = "#,##0" + ("." + "0" * digits if digits else "")
    text = str(format_decimal(rounded, format=pattern, locale=loc))
    if sign and not rounded.is_signed():
        text = get_plus_sign_symbol(loc) + text
    return text


__all__ = ["number", "worded"]
