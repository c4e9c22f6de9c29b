"""Readable rules for ``/sixty rules``: a pure function of Sixty's options.

Written from the options (sixty.md in our own words), in sections short
enough for embed fields (1,024 characters each). No Discord here, so every
preset and option is unit-tested in ``tests/cogs/sixty``.
"""

from __future__ import annotations

from typing import Any

from cogs.table import rules as table_rules
from cogs.table.rules import DESCRIPTION_LIMIT as DESCRIPTION_LIMIT
from cogs.table.rules import FIELD_LIMIT as FIELD_LIMIT
from cogs.table.rules import RulesText, make_rules_text
from engine.sixty import PRESETS, Options
from locales import _, _n


def value_text(value: Any) -> str:
    """How an option value reads to players: unlike the other games' (and
    :func:`cogs.table.rules.value_text`), Sixty's option values read with
    spaces for underscores.

    >>> [value_text(v) for v in (True, False, 3, "one_round")]
    ['on', 'off', '3', 'one round']
    """
    if value is True:
        return "on"
    if value is False:
        return "off"
    return str(value).replace("_", " ")


def differences_text(options: Options) -> str:
    """``voluntary_take = off, rounds = 1`` — the options changed from the preset, or ``""``.

    >>> from engine.sixty import preset
    >>> differences_text(preset("standard", rounds=1, voluntary_take=False))
    'rounds = 1, voluntary_take = off'
    """
    return table_rules.differences_text(options.changes(), value_text)


def _cards() -> str:
    return _(
        "77 number cards: for each number the copies add up to 60 — twenty 3s, fifteen 4s, "
        "twelve 5s, ten 6s, six 10s, five 12s, four 15s, three 20s and two 30s — and 6 jokers: "
        "two each of Abracadabra, Hocus-pocus and Zap.\n"
        "Everyone gets 5 cards; the rest is the deck. After you put cards down you draw back "
        "to 5 while the deck lasts."
    )


def _attack() -> str:
    return _(
        "On your turn you attack the next player who still holds cards with one or more cards "
        "of **one number** (jokers never attack). The attack's sum is its number × its cards."
    )


def _defend(o: Options) -> str:
    if o.voluntary_take:
        take = _(
            "• **Take** the cards face down as penalty cards — allowed at any time. "
            "After a take the next player attacks."
        )
    else:
        take = _(
            "• **Take** the cards face down as penalty cards — only when nothing else is "
            "possible. After a take the next player attacks."
        )
    return "\n".join(
        (
            _("The attacked player answers with one of:"),
            _(
                "• **Pass it on**: add cards of the same number; the bigger attack goes to the "
                "next player."
            ),
            _(
                "• **Fight back**: cards of one *other* number whose sum is bigger than the "
                "attack's. Both go to the discard pile, then you attack."
            ),
            _("• **A joker** (below)."),
            take,
            _("The last player holding cards cannot pass on or play jokers: fight back or take."),
        )
    )


def _jokers() -> str:
    return "\n".join(
        (
            _(
                "• **Abracadabra**: the attack goes back to the player before you, and the "
                "direction of play flips for the rest of the round."
            ),
            _(
                "• **Hocus-pocus**: one card of the attack's number comes back from the discard "
                "pile into the attack, which goes on to the next player. Only when the discard "
                "pile has such a card."
            ),
            _(
                "• **Zap**: half the attack's cards (rounded down) go to your penalty pile, the "
                "rest go on to the next player."
            ),
            _("A joker counts 60 penalty points in a penalty pile or left in hand."),
        )
    )


def _scoring(o: Options) -> str:
    if o.tiebreak == "one_round":
        tie = _(
            "a tie for the lowest total plays one more round for everyone; "
            "still tied, the win is shared"
        )
    elif o.tiebreak == "until_broken":
        tie = _("a tie for the lowest total plays more rounds until one player is lowest")
    else:
        tie = _("a tie for the lowest total is a shared win")
    end = _(
        "A round ends when fewer than two players hold cards (or nobody can attack). "
        "Penalty points: the numbers on your penalty cards and the cards left in your hand, "
        "60 per joker."
    )
    # Translators: {tie} is one of the tie-break clauses (“a tie for the lowest total
    # is a shared win”).
    lasts = _n(
        "The game lasts {n} round; the **lowest** total wins; {tie}. The player with the "
        "most penalty points starts the next round.",
        "The game lasts {n} rounds; the **lowest** total wins; {tie}. The player with the "
        "most penalty points starts the next round.",
        o.rounds,
    ).format(n=o.rounds, tie=tie)
    return f"{end}\n{lasts}"


def rules_text(options: Options) -> RulesText:
    """The rules in force for ``options``, in sections for an embed, in the
    reader's language (the game's presets are options players type: their
    names stay as written)."""
    info = PRESETS.get(options.preset)
    summary = _(info.summary) if info is not None else ""
    description = _n("{summary} · {n} player.", "{summary} · {n} players.", options.players)
    description = description.format(summary=summary, n=options.players)
    sections = (
        (_("Cards"), _cards()),
        (_("Attack"), _attack()),
        (_("Answering an attack"), _defend(options)),
        (_("Jokers"), _jokers()),
        (_("Scoring and end of game"), _scoring(options)),
    )
    title = _("Sixty — {preset} rules").format(preset=options.preset)
    return make_rules_text(title, description, options.preset, differences_text(options), sections)
