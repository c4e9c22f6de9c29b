"""Which language a reader gets, plural forms, numbers, and the pseudo-locale."""

from __future__ import annotations

import gettext
import io

import discord
import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

import locales
from locales import COMMAND_NAME, PSEUDO, PSEUDO_ENV, pseudo


@pytest.fixture(autouse=True)
def no_pseudo(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(PSEUDO_ENV, raising=False)


SERVED = {
    discord.Locale.french: "fr",
    discord.Locale.spain_spanish: "es_ES",
    discord.Locale.latin_american_spanish: "es_ES",
    discord.Locale.japanese: "ja",
    discord.Locale.taiwan_chinese: "zh_TW",
    discord.Locale.chinese: "zh_CN",
    discord.Locale.american_english: "en",
    discord.Locale.british_english: "en",
}


@pytest.mark.parametrize("locale", list(discord.Locale), ids=lambda x: x.value)
def test_each_discord_locale_reads_its_language_or_english(locale: discord.Locale) -> None:
    assert locales.resolve(locale) == SERVED.get(locale, "en")
    assert locales.resolve(locale.value) == SERVED.get(locale, "en")


def test_a_server_without_locale_reads_english() -> None:
    assert locales.resolve(None) == "en"
    assert locales.gettext(None, "Play President, the card game") == (
        "Play President, the card game"
    )


@pytest.mark.parametrize(
    ("locale", "name"),
    [
        ("fr", "président"),
        ("es-ES", "presidente"),
        ("ja", "大富豪"),
        ("zh-TW", "大富豪"),
        ("zh-CN", "大富豪"),
        ("en-US", "president"),
    ],
)
def test_president_is_called_as_players_there_call_it(locale: str, name: str) -> None:
    assert locales.pgettext(locale, COMMAND_NAME, "president") == name


@pytest.mark.parametrize(
    ("locale", "name"),
    [("zh-TW", "大老二"), ("zh-CN", "锄大地"), ("ja", "ビッグツー"), ("fr", "bigtwo")],
)
def test_big_two_is_called_as_players_there_call_it(locale: str, name: str) -> None:
    assert locales.pgettext(locale, COMMAND_NAME, "bigtwo") == name


@pytest.mark.parametrize(
    ("code", "forms"),
    [
        # n = 0, 1, 2, 5, 1,000,000 → the catalog's form index (CLDR's rules)
        ("fr", [0, 0, 2, 2, 1]),
        ("es_ES", [2, 0, 2, 2, 1]),
        ("ja", [0, 0, 0, 0, 0]),
        ("zh_TW", [0, 0, 0, 0, 0]),
        ("zh_CN", [0, 0, 0, 0, 0]),
    ],
)
def test_each_catalog_chooses_plural_forms_by_its_languages_rule(
    code: str, forms: list[int]
) -> None:
    catalog = locales.translations(code)
    assert [catalog.plural(n) for n in (0, 1, 2, 5, 1_000_000)] == forms  # type: ignore[attr-defined]


def _catalog_with(code: str, forms: tuple[str, ...]) -> gettext.GNUTranslations:
    """``code``'s compiled catalog (its real header) plus one plural message."""
    with (locales.HERE / code / "LC_MESSAGES" / f"{locales.DOMAIN}.po").open("rb") as f:
        catalog = read_po(f)
    catalog.add(("{n} card", "{n} cards"), forms)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


@pytest.mark.parametrize(
    ("code", "forms", "shown"),
    [
        (
            "fr",
            ("{n} carte", "{n} de cartes", "{n} cartes"),
            ["0 carte", "1 carte", "2 cartes", "1000000 de cartes"],
        ),
        (
            "es_ES",
            ("{n} carta", "{n} de cartas", "{n} cartas"),
            ["0 cartas", "1 carta", "2 cartas", "1000000 de cartas"],
        ),
        ("ja", ("{n}枚",), ["0枚", "1枚", "2枚", "1000000枚"]),
    ],
)
def test_ngettext_says_each_count_in_its_languages_form(
    monkeypatch: pytest.MonkeyPatch, code: str, forms: tuple[str, ...], shown: list[str]
) -> None:
    catalog = _catalog_with(code, forms)
    monkeypatch.setattr(locales, "translations", lambda _code: catalog)
    said = [
        locales.ngettext(code, "{n} card", "{n} cards", n).format(n=n) for n in (0, 1, 2, 1_000_000)
    ]
    assert said == shown


def test_english_says_one_card_and_two_cards() -> None:
    assert locales.ngettext("en-GB", "{n} card", "{n} cards", 1).format(n=1) == "1 card"
    assert locales.ngettext("en-GB", "{n} card", "{n} cards", 2).format(n=2) == "2 cards"
    assert locales.ngettext("en-GB", "{n} card", "{n} cards", 0).format(n=0) == "0 cards"


@pytest.mark.parametrize(
    ("locale", "shown"),
    [
        ("en-US", "12,345.5"),
        ("fr", "12\u202f345,5"),
        ("es-ES", "12.345,5"),
        ("ja", "12,345.5"),
        ("zh-TW", "12,345.5"),
        ("zh-CN", "12,345.5"),
    ],
)
def test_numbers_are_written_as_readers_write_them(locale: str, shown: str) -> None:
    assert locales.format_number(locale, 12345.5) == shown


def test_lists_are_joined_as_readers_join_them() -> None:
    names = ["Ann", "Bo", "Cy"]
    assert locales.format_list("en-US", names) == "Ann, Bo, and Cy"
    assert locales.format_list("fr", names) == "Ann, Bo et Cy"
    assert locales.format_list("ja", names) == "Ann、Bo、Cy"
    assert locales.format_list("zh-CN", names) == "Ann、Bo和Cy"


# -- the pseudo-locale ----------------------------------------------------------


def test_the_environment_variable_serves_everyone_the_pseudo_locale(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv(PSEUDO_ENV, "1")
    for locale in ("en-US", "fr", "ja", None, discord.Locale.german):
        assert locales.resolve(locale) == PSEUDO
    shown = locales.gettext("en-US", "Play President, the card game")
    assert shown.startswith("[") and shown.endswith("]")
    assert pseudo.untranslated(shown) == []


def test_every_template_message_is_visibly_changed_with_its_placeholders_kept() -> None:
    catalog = pseudo.pseudo_catalog()
    assert len([m for m in catalog if m.id]) >= 80
    for m in catalog:
        if not m.id:
            continue
        ids = [m.id] if isinstance(m.id, str) else list(m.id)
        strings = [m.string] if isinstance(m.string, str) else list(m.string)
        for source, text in zip(ids, strings, strict=True):
            assert text != source, source
            assert pseudo.untranslated(text) == [], text
            for placeholder in ("{", "%("):
                assert text.count(placeholder) == source.count(placeholder)


def test_placeholders_code_and_mentions_stay_as_written() -> None:
    text = "{name} played %(n)s cards: see `/president hand`, <@123> <t:99:R>"
    shown = pseudo.pseudo(text)
    for kept in ("{name}", "%(n)s", "`/president hand`", "<@123>", "<t:99:R>"):
        assert kept in shown
    assert "played" not in shown and "cards" not in shown
    assert shown.format(name="Ann") != text  # still formats


def test_names_in_the_pseudo_locale_keep_discords_name_rules() -> None:
    shown = pseudo.pseudo("turn_time", COMMAND_NAME)
    assert shown == shown.lower() and " " not in shown and "[" not in shown
    assert shown != "turn_time" and shown.replace("_", "").isalpha()


def test_english_left_in_a_pseudo_locale_text_is_found() -> None:
    shown = pseudo.pseudo("Your turn") + " Ann passes (3 cards left)"
    assert pseudo.untranslated(shown, allowed=("Ann",)) == ["passes", "cards", "left"]


def test_a_reading_block_translates_for_its_reader_and_ends_with_it() -> None:
    import asyncio

    from locales import _, current, reading

    async def each(locale: str) -> tuple[str, str]:
        with reading(locale):
            await asyncio.sleep(0)
            inside = current()
            thread = await asyncio.to_thread(current)
        return inside, thread

    async def both() -> list[tuple[str, str]]:
        return list(await asyncio.gather(each("fr"), each("ja")))

    assert asyncio.run(both()) == [("fr", "fr"), ("ja", "ja")]
    assert current() == "en"
    assert _("Pass") == "Pass"
