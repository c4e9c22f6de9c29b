"""Readable rules for ``/bigtwo rules``: a pure function of Big Two's options.

No Discord here, so every preset and option is unit-tested. The text says,
in players' words, what each option in force means (bigtwo.md §1–§8); the
sections fit embed fields (1,024 characters each).
"""

from __future__ import annotations

from cogs.table import rules as table_rules
from cogs.table.rules import DESCRIPTION_LIMIT as DESCRIPTION_LIMIT
from cogs.table.rules import FIELD_LIMIT as FIELD_LIMIT
from cogs.table.rules import RulesText, make_rules_text
from cogs.table.rules import value_text as value_text
from engine.bigtwo import PRESETS, Options
from render.bigtwo.words import preset_label, suit_order_text


def differences_text(options: Options) -> str:
    """``scoring = doubled_twos, deals = 2``: what differs from the preset, or ``""``."""
    return table_rules.differences_text(options.differences())


def _lowest_card(o: Options) -> str:
    return "3♦" if o.suit_order == "standard" else "3♣"


def _cards(o: Options) -> str:
    if o.players == 4:
        deal = "4 players get 13 cards each: the whole pack is dealt."
    elif o.players == 3:
        deal = (
            "3 players get 17 cards each; the 52nd card is shown to everyone and goes to "
            "the holder of the lowest card dealt, who leads with it."
        )
    else:
        deal = (
            "2 players get 17 cards each; the other 18 are set aside unseen, and the "
            "holder of the lowest card dealt leads with it."
        )
    return (
        f"{deal}\nRanks, low to high: 3 4 5 6 7 8 9 10 J Q K A 2.\n"
        f"Suits, low to high: {suit_order_text(o)}. A card is ranked first by its rank, "
        "then by its suit."
    )


def _combinations(o: Options) -> str:
    if o.straights == "hong_kong":
        straights = (
            "A-2-3-4-5 is the highest straight, then 2-3-4-5-6, then 10-J-Q-K-A down to 3-4-5-6-7"
        )
    else:
        straights = "A-2-3-4-5 is the lowest straight, 10-J-Q-K-A the highest"
    flush = (
        "flushes compare by suit first, then by their highest cards"
        if o.flush_compare == "suit_first"
        else "flushes compare by their highest card's rank, then its suit"
    )
    return (
        "Play a single, a pair, a triple or a five-card hand. A pair ranks by its rank, "
        "then its higher suit; a triple by its rank.\n"
        "Five-card hands, weakest type first: straight < flush < full house < four of a kind "
        "(plus any card) < straight flush; a stronger type beats any weaker one.\n"
        f"Straights: {straights}; no wrapping round (J-Q-K-A-2 is not a straight). "
        f"Within a type, {flush}; full houses and fours rank by their triple or four."
    )


def _play(o: Options) -> str:
    lead = (
        f"The holder of the lowest card ({_lowest_card(o)} with a full pack) leads the first "
        "trick and must include that card, in any combination."
    )
    if o.later_leader == "winner":
        lead += " Later deals are led by the previous deal's winner, with anything."
    else:
        lead += " Every deal starts this way."
    passing = (
        "Passing doesn't stop you playing later in the same trick."
        if o.pass_rule == "may_replay"
        else "Once you pass, you sit out until the next trick."
    )
    return (
        f"{lead}\nIn turn, beat the top play with a stronger play of the same number of "
        f"cards, or pass. {passing} When everyone else has passed, whoever played last "
        "clears the pile and leads anything. Everyone sees how many cards each player holds."
    )


def _ending(o: Options) -> str:
    if o.play_to_end:
        text = "The deal goes on until only one player holds cards; only that player pays."
    else:
        text = "The deal ends as soon as someone plays their last card."
    if o.last_single_two_wins:
        text += " Any play may be your last, a single 2 included."
    else:
        text += (
            " A single 2 cannot be the play that wins the deal: with only a 2 left you must "
            "pass (pairs and triples of 2s may finish). When leading, you pass the lead on to "
            "the next player: your pass counts in that trick, and the first lead's card rule "
            "lapses if your 2 was that card."
        )
    return text


def _scoring(o: Options) -> str:
    text = (
        "The winner scores 0. Everyone else pays a penalty for the cards left: 1 per card "
        "with up to 9 cards, 2 per card with 10–12, 3 per card with 13 or more."
    )
    if o.scoring == "doubled_twos":
        text += " The penalty doubles for every 2 left in hand."
    ends = []
    if o.deals is not None:
        ends.append(f"after {o.deals} deal{'s' if o.deals != 1 else ''}")
    if o.threshold is not None:
        ends.append(f"when someone's total reaches {o.threshold}")
    text += f" The session ends {' or '.join(ends)}; the lowest total wins and ties share."
    return text


def _timeouts() -> str:
    return (
        "Out of time: you pass where you may, otherwise your lowest card is played alone. "
        "Two timeouts in a row and the computer plays your seat until you act again."
    )


def _controls() -> str:
    return (
        "On your turn, your hand's message has **Suggested plays**: the cheapest legal plays "
        "(singles, pairs, triples, then the lowest five-card hands that beat the pile); "
        "choosing one plays it at once. **Build your own** lets you pick 1 to 5 exact cards: "
        "the message says what they make, or why they can't be played, and **Play** confirms. "
        "**Pass** where you may; **Clear** drops your pick."
    )


def rules_text(options: Options) -> RulesText:
    """The rules in force for ``options``, in sections for an embed."""
    info = PRESETS.get(options.preset)
    description = info.summary if info is not None else ""
    sections = (
        ("Cards", _cards(options)),
        ("Combinations", _combinations(options)),
        ("Play", _play(options)),
        ("End of a deal", _ending(options)),
        ("Scoring", _scoring(options)),
        ("Running out of time", _timeouts()),
        ("Your turn on Discord", _controls()),
    )
    title = f"Big Two — {preset_label(options)} rules"
    return make_rules_text(title, description, options.preset, differences_text(options), sections)
