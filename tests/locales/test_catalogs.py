"""The catalogs under ``locales/``: complete, consistent with the code, compiled.

What CI refuses: a message of the code missing from the template, a catalog
with an untranslated, fuzzy or stale entry, a translation that drops or
invents a placeholder, a plural message without every form of its language,
or a compiled ``.mo`` that is not its ``.po``.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.frontend import CommandLineInterface
from babel.messages.mofile import write_mo
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po

from locales import DOMAIN, HERE, TEMPLATE, TRANSLATED

ROOT = HERE.parent

_PLACEHOLDER = re.compile(r"\{[^{}]*\}|%(?:\([^)]*\))?[-#0 +]*\d*(?:\.\d+)?[diouxXeEfFgGcrsa]")


def _read(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=locale)


def _po(code: str) -> Path:
    return HERE / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def _messages(catalog: Catalog) -> dict[tuple[str | None, str], Message]:
    return {(m.context, _key(m.id)): m for m in catalog if m.id}


def _key(msgid: str | tuple[str, ...] | list[str]) -> str:
    return msgid if isinstance(msgid, str) else "\x00".join(msgid)


def _placeholders(text: str) -> list[str]:
    return sorted(_PLACEHOLDER.findall(text))


@pytest.fixture(scope="module")
def template() -> Catalog:
    return _read(TEMPLATE)


@pytest.fixture(scope="module", params=TRANSLATED)
def catalog(request: pytest.FixtureRequest) -> Catalog:
    return _read(_po(request.param), request.param)


def test_the_template_holds_what_the_code_marks(tmp_path: Path) -> None:
    """``pybabel extract`` (settings in pyproject.toml) run now gives the
    committed template, but for its date."""
    out = tmp_path / "messages.pot"
    with pytest.MonkeyPatch.context() as mp:
        mp.chdir(ROOT)
        CommandLineInterface().run(["pybabel", "-q", "extract", "-o", str(out)])
    fresh = _messages(_read(out))
    committed = _messages(_read(TEMPLATE))
    assert sorted(set(fresh) - set(committed)) == [], "new messages: run `pybabel extract`"
    assert sorted(set(committed) - set(fresh)) == [], "gone messages: run `pybabel extract`"
    changed = [
        k
        for k, m in fresh.items()
        if (m.auto_comments, sorted(m.flags))
        != (committed[k].auto_comments, sorted(committed[k].flags))
    ]
    assert changed == [], "notes for translators changed: run `pybabel extract`"


def test_every_catalog_has_the_templates_messages_and_no_others(
    template: Catalog, catalog: Catalog
) -> None:
    ours, theirs = set(_messages(catalog)), set(_messages(template))
    assert sorted(theirs - ours) == [], f"{catalog.locale}: run `pybabel update`"
    assert sorted(ours - theirs) == [], f"{catalog.locale}: run `pybabel update`"
    assert not catalog.obsolete, f"{catalog.locale}: obsolete entries, run `pybabel update`"


def test_no_entry_is_untranslated(catalog: Catalog) -> None:
    empty = [
        m.id
        for m in catalog
        if m.id and (not m.string or (isinstance(m.string, tuple) and not all(m.string)))
    ]
    assert empty == [], f"{catalog.locale}: {len(empty)} untranslated"


def test_no_entry_is_fuzzy(catalog: Catalog) -> None:
    assert not catalog.fuzzy, f"{catalog.locale}: the header is marked fuzzy"
    fuzzy = [m.id for m in catalog if m.id and m.fuzzy]
    assert fuzzy == [], f"{catalog.locale}: {len(fuzzy)} fuzzy (check them, then drop the flag)"


def test_translations_keep_every_placeholder(catalog: Catalog) -> None:
    wrong = []
    for m in catalog:
        if not m.id:
            continue
        if isinstance(m.id, str):
            forms = [(m.id, str(m.string))]
        else:  # every form says what the plural says ({n} cards / {n} cartes)
            forms = [(m.id[1], s) for s in m.string]
        wrong += [
            (source, text) for source, text in forms if _placeholders(source) != _placeholders(text)
        ]
    assert wrong == [], f"{catalog.locale}: placeholders differ"


def test_plural_forms_are_the_languages_own(catalog: Catalog) -> None:
    rule = get_plural(catalog.locale)
    assert catalog.num_plurals == rule.num_plurals
    assert catalog.plural_expr == rule.plural_expr
    short = [
        m.id
        for m in catalog
        if isinstance(m.id, tuple | list) and len(m.string) != rule.num_plurals
    ]
    assert short == [], f"{catalog.locale}: plural messages need {rule.num_plurals} forms"


def test_babels_checks_pass(catalog: Catalog) -> None:
    problems = [(m.id, [str(e) for e in errors]) for m, errors in catalog.check()]
    assert problems == []


@pytest.mark.parametrize("code", TRANSLATED)
def test_each_compiled_catalog_is_its_po(code: str) -> None:
    buffer = io.BytesIO()
    write_mo(buffer, _read(_po(code), code))
    mo = _po(code).with_suffix(".mo")
    assert mo.read_bytes() == buffer.getvalue(), f"{mo} is stale: run `pybabel compile`"
