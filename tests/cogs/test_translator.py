"""Slash commands in the user's language, within Discord's rules.

The payloads checked are the ones ``tree.sync()`` sends: the bot's real
command tree (all three games' groups and the shared commands), translated by
the translator ``bot.py`` sets.
"""

from __future__ import annotations

import asyncio
import unicodedata
from collections.abc import Iterator
from typing import Any

import discord
import pytest
from babel.messages.pofile import read_po

from cogs.command_strings import messages, translated_payloads
from cogs.translator import CommandTranslator
from locales import DOMAIN, HERE, PSEUDO_ENV, TRANSLATED, translations

LOCALES = ("fr", "es-ES", "ja", "zh-TW", "zh-CN")
"""The Discord locales with a catalog of their own."""

_SUBCOMMAND, _GROUP = 1, 2


def _name_char(ch: str) -> bool:
    """One character of ``^[-_\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]$``."""
    cp = ord(ch)
    return (
        ch in "-_"
        or unicodedata.category(ch)[0] in "LN"
        or 0x0900 <= cp <= 0x097F  # Devanagari
        or 0xA8E0 <= cp <= 0xA8FF  # Devanagari Extended
        or 0x0E00 <= cp <= 0x0E7F  # Thai
    )


def name_problem(name: str) -> str | None:
    """Why Discord refuses ``name`` as a slash command or option name."""
    if not 1 <= len(name) <= 32:
        return f"{name!r}: {len(name)} characters, not 1-32"
    if not all(_name_char(ch) for ch in name):
        return f"{name!r}: only letters, digits, - and _"
    if name != name.lower():
        return f"{name!r}: not lowercase"
    return None


def test_the_name_rules_refuse_what_discord_refuses() -> None:
    assert name_problem("nouvelle") is None
    assert name_problem("大富豪") is None
    assert name_problem("oublie-moi") is None
    assert name_problem("Nouvelle") is not None
    assert name_problem("nouvelle partie") is not None
    assert name_problem("ビッグ・ツー") is not None  # the middle dot is punctuation
    assert name_problem("x" * 33) is not None


def _nodes(
    payloads: list[dict[str, Any]], where: str = ""
) -> Iterator[tuple[str, list[dict[str, Any]]]]:
    """Each list of siblings (commands, subcommands, options) with its place."""
    yield where or "/", payloads
    for p in payloads:
        children = p.get("options") or []
        if children:
            yield from _nodes(children, f"{where}/{p['name']}")


@pytest.fixture(scope="module")
def payloads() -> list[dict[str, Any]]:
    with pytest.MonkeyPatch.context() as mp:
        mp.delenv(PSEUDO_ENV, raising=False)
        payloads: list[dict[str, Any]] = _run(translated_payloads(CommandTranslator()))
        return payloads


def _run(coro: Any) -> Any:
    return asyncio.run(coro)


def test_all_games_and_shared_commands_are_translated(payloads: list[dict[str, Any]]) -> None:
    names = {p["name"]: p for p in payloads}
    assert {"president", "bigtwo", "sixty", "leaderboard", "profile"} <= set(names)
    assert names["bigtwo"]["name_localizations"]["zh-TW"] == "大老二"
    assert names["bigtwo"]["name_localizations"]["zh-CN"] == "锄大地"
    assert names["president"]["name_localizations"]["ja"] == "大富豪"
    assert names["president"]["name_localizations"]["fr"] == "président"
    assert names["president"]["description_localizations"]["es-ES"] == (
        "Jugar al Presidente, el juego de cartas"
    )
    # Latin American Spanish is served Spain's rather than English
    assert names["sixty"]["name_localizations"]["es-419"] == "sesenta"
    assert "en-US" not in names["president"]["name_localizations"]


def test_every_localized_name_and_description_keeps_discords_rules(
    payloads: list[dict[str, Any]],
) -> None:
    assert rule_problems(payloads) == []


def test_names_stay_unique_among_their_siblings_in_every_locale(
    payloads: list[dict[str, Any]],
) -> None:
    assert clashes(payloads) == []


def rule_problems(payloads: list[dict[str, Any]]) -> list[str]:
    """Each localized name or text of ``payloads`` that Discord would refuse."""
    problems: list[str] = []
    for where, siblings in _nodes(payloads):
        for node in siblings:
            at = f"{where}/{node['name']}"
            for locale, name in (node.get("name_localizations") or {}).items():
                problem = name_problem(name)
                if problem:
                    problems.append(f"{at} [{locale}] {problem}")
            for locale, text in (node.get("description_localizations") or {}).items():
                if not 1 <= len(text) <= 100:
                    problems.append(f"{at} [{locale}] description of {len(text)} characters")
            for choice in node.get("choices") or []:
                for locale, text in (choice.get("name_localizations") or {}).items():
                    if not 1 <= len(text) <= 100:
                        problems.append(f"{at} [{locale}] choice {text!r}: 1-100 characters")
    return problems


def clashes(payloads: list[dict[str, Any]]) -> list[str]:
    """Sibling names (or an option's choices) that read alike in some locale."""
    found: list[str] = []
    for where, siblings in _nodes(payloads):
        for locale in discord.Locale:
            shown = [
                (n.get("name_localizations") or {}).get(locale.value, n["name"]) for n in siblings
            ]
            if len(set(shown)) != len(shown):
                found.append(f"{where} [{locale.value}]: {sorted(shown)}")
            choices = [
                [
                    (c.get("name_localizations") or {}).get(locale.value, c["name"])
                    for c in n["choices"]
                ]
                for n in siblings
                if n.get("choices")
            ]
            found += [
                f"{where} [{locale.value}] choices {c}" for c in choices if len(set(c)) != len(c)
            ]
    return found


def test_every_name_and_description_is_sent_in_every_language(
    payloads: list[dict[str, Any]],
) -> None:
    """Discord shows what the payload carries: a string the translator is
    never asked for stays English, whatever the catalogs hold."""
    unsent: list[str] = []
    for where, siblings in _nodes(payloads):
        for node in siblings:
            for field in ("name", "description"):
                sent = node.get(f"{field}_localizations") or {}
                unsent += [
                    f"{where}/{node['name']} {field} [{locale}]"
                    for locale in LOCALES
                    if locale not in sent and not _reads_alike(locale, node[field])
                ]
    assert unsent == []


def _reads_alike(locale: str, text: str) -> bool:
    """Whether a catalog translates ``text`` (in any context) as itself."""
    code = locale.replace("-", "_")
    with (HERE / code / "LC_MESSAGES" / f"{DOMAIN}.po").open("rb") as f:
        return any(m.id == text and m.string == text for m in read_po(f))


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_registered_string_has_a_translation(code: str) -> None:
    catalog = translations(code)
    missing = [
        m.text
        for m in messages()
        if (catalog.pgettext(m.context, m.text) if m.context else catalog.gettext(m.text)) == m.text
        and not _same_in_both(code, m.context, m.text)
    ]
    assert missing == []


def _same_in_both(code: str, context: str | None, text: str) -> bool:
    """A translation may read as the English (``standard`` in French)."""
    with (HERE / code / "LC_MESSAGES" / f"{DOMAIN}.po").open("rb") as f:
        message = read_po(f).get(text, context=context)
    return message is not None and message.string == text


def test_the_pseudo_locale_keeps_discords_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(PSEUDO_ENV, "1")
    payloads = _run(translated_payloads(CommandTranslator()))
    top = {p["name"]: p for p in payloads}
    assert top["president"]["name_localizations"]["en-US"] != "president"
    assert rule_problems(payloads) == []
    assert clashes(payloads) == []
