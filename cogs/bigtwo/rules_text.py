"""Readable rules for ``/bigtwo rules``: a pure function of Big Two's options.

No Discord here, so every preset and option is unit-tested. The text says,
in players' words, what each option in force means (bigtwo.md §1–§8); the
sections fit embed fields (1,024 characters each). Every sentence is whole in
the catalogs (``_``), so a translation reads as written for its players, not
word for word; the reader is the one :func:`locales.reading` names.
"""

from __future__ import annotations

from cogs.table import rules as table_rules
from cogs.table.rules import DESCRIPTION_LIMIT as DESCRIPTION_LIMIT
from cogs.table.rules import FIELD_LIMIT as FIELD_LIMIT
from cogs.table.rules import RulesText, make_rules_text
from cogs.table.rules import value_text as value_text
from engine.bigtwo import PRESETS, Options
from locales import _, _n, current, format_number
from render.bigtwo.words import preset_label, suit_order_text


def differences_text(options: Options) -> str:
    """``scoring = doubled_twos, deals = 2``: what differs from the preset, or ``""``."""
    return table_rules.differences_text(options.differences())


def _lowest_card(o: Options) -> str:
    return "3♦" if o.suit_order == "standard" else "3♣"


def _cards(o: Options) -> str:
    if o.players == 4:
        deal = _("4 players get 13 cards each: the whole pack is dealt.")
    elif o.players == 3:
        deal = _(
            "3 players get 17 cards each; the 52nd card is shown to everyone and goes to "
            "the holder of the lowest card dealt, who leads with it."
        )
    else:
        deal = _(
            "2 players get 17 cards each; the other 18 are set aside unseen, and the "
            "holder of the lowest card dealt leads with it."
        )
    # Translators: the ranks in Big Two's order; J, Q, K and A are the cards' letters
    ranks = _("Ranks, low to high: 3 4 5 6 7 8 9 10 J Q K A 2.")
    # Translators: {order} is the suit symbols in order, weakest first
    suits = _(
        "Suits, low to high: {order}. A card is ranked first by its rank, then by its suit."
    ).format(order=suit_order_text(o))
    return f"{deal}\n{ranks}\n{suits}"


def _combinations(o: Options) -> str:
    if o.straights == "hong_kong":
        straights = _(
            "Straights: A-2-3-4-5 is the highest straight, then 2-3-4-5-6, then 10-J-Q-K-A "
            "down to 3-4-5-6-7; no wrapping round (J-Q-K-A-2 is not a straight)."
        )
    else:
        straights = _(
            "Straights: A-2-3-4-5 is the lowest straight, 10-J-Q-K-A the highest; no wrapping "
            "round (J-Q-K-A-2 is not a straight)."
        )
    if o.flush_compare == "suit_first":
        within = _(
            "Within a type, flushes compare by suit first, then by their highest cards; full "
            "houses and fours rank by their triple or four."
        )
    else:
        within = _(
            "Within a type, flushes compare by their highest card's rank, then its suit; full "
            "houses and fours rank by their triple or four."
        )
    plays = _(
        "Play a single, a pair, a triple or a five-card hand. A pair ranks by its rank, "
        "then its higher suit; a triple by its rank."
    )
    fives = _(
        "Five-card hands, weakest type first: straight < flush < full house < four of a kind "
        "(plus any card) < straight flush; a stronger type beats any weaker one."
    )
    return f"{plays}\n{fives}\n{straights} {within}"


def _play(o: Options) -> str:
    # Translators: {card} is the lowest card of the pack in this game's suit order (3♦ or 3♣)
    lead = _(
        "The holder of the lowest card ({card} with a full pack) leads the first trick and "
        "must include that card, in any combination."
    ).format(card=_lowest_card(o))
    if o.later_leader == "winner":
        later = _("Later deals are led by the previous deal's winner, with anything.")
    else:
        later = _("Every deal starts this way.")
    if o.pass_rule == "may_replay":
        passing = _("Passing doesn't stop you playing later in the same trick.")
    else:
        passing = _("Once you pass, you sit out until the next trick.")
    turn = _(
        "In turn, beat the top play with a stronger play of the same number of cards, or pass."
    )
    clear = _(
        "When everyone else has passed, whoever played last clears the pile and leads "
        "anything. Everyone sees how many cards each player holds."
    )
    return f"{lead} {later}\n{turn} {passing} {clear}"


def _ending(o: Options) -> str:
    if o.play_to_end:
        text = _("The deal goes on until only one player holds cards; only that player pays.")
    else:
        text = _("The deal ends as soon as someone plays their last card.")
    if o.last_single_two_wins:
        two = _("Any play may be your last, a single 2 included.")
    else:
        two = _(
            "A single 2 cannot be the play that wins the deal: with only a 2 left you must "
            "pass (pairs and triples of 2s may finish). When leading, you pass the lead on to "
            "the next player: your pass counts in that trick, and the first lead's card rule "
            "lapses if your 2 was that card."
        )
    return f"{text} {two}"


def _scoring(o: Options) -> str:
    text = _(
        "The winner scores 0. Everyone else pays a penalty for the cards left: 1 per card "
        "with up to 9 cards, 2 per card with 10–12, 3 per card with 13 or more."
    )
    if o.scoring == "doubled_twos":
        text += " " + _("The penalty doubles for every 2 left in hand.")
    loc = current()
    deals, threshold = o.deals, o.threshold
    if threshold is None:
        end = _n(
            "The session ends after {n} deal; the lowest total wins and ties share.",
            "The session ends after {n} deals; the lowest total wins and ties share.",
            deals or 0,
        )
    elif deals is None:
        end = _(
            "The session ends when someone's total reaches {points}; the lowest total wins "
            "and ties share."
        )
    else:
        end = _n(
            "The session ends after {n} deal or when someone's total reaches {points}; the "
            "lowest total wins and ties share.",
            "The session ends after {n} deals or when someone's total reaches {points}; the "
            "lowest total wins and ties share.",
            deals,
        )
    end = end.format(n=format_number(loc, deals or 0), points=format_number(loc, threshold or 0))
    return f"{text} {end}"


def _timeouts() -> str:
    return _(
        "Out of time: you pass where you may, otherwise your lowest card is played alone. "
        "Two timeouts in a row and the computer plays your seat until you act again."
    )


def _controls() -> str:
    # Translators: the bold names are the menus' and buttons' own words: use the same
    # translations as on the controls
    return _(
        "On your turn, your hand's message has **Suggested plays**: the cheapest legal plays "
        "(singles, pairs, triples, then the lowest five-card hands that beat the pile); "
        "choosing one plays it at once. **Build your own** lets you pick 1 to 5 exact cards: "
        "the message says what they make, or why they can't be played, and **Play** confirms. "
        "**Pass** where you may; **Clear** drops your pick."
    )


def rules_text(options: Options) -> RulesText:
    """The rules in force for ``options``, in sections for an embed."""
    info = PRESETS.get(options.preset)
    description = _(info.summary) if info is not None else ""
    sections = (
        # Translators: the headings of /bigtwo rules' sections
        (_("Cards"), _cards(options)),
        (_("Combinations"), _combinations(options)),
        (_("Play"), _play(options)),
        (_("End of a deal"), _ending(options)),
        (_("Scoring"), _scoring(options)),
        (_("Running out of time"), _timeouts()),
        (_("Your turn on Discord"), _controls()),
    )
    # Translators: the title of /bigtwo rules: the game and its preset ("Big Two — Hong
    # Kong rules")
    title = _("Big Two — {preset} rules").format(preset=preset_label(options))
    return make_rules_text(title, description, options.preset, differences_text(options), sections)
