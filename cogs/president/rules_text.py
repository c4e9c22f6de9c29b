"""Readable rules for ``/president rules``: a pure function of :class:`engine.Options`.

No Discord here, so every preset and option change is unit-tested in
``tests/cogs``. The text follows president.md: what beats what, jokers and the
top rank, revolution, exchange, scoring and the end of the game. Sections are
short enough for embed fields (1,024 characters each, 25 fields).
"""

from __future__ import annotations

from cogs.table import rules as table_rules
from cogs.table.rules import DESCRIPTION_LIMIT as DESCRIPTION_LIMIT
from cogs.table.rules import FIELD_LIMIT as FIELD_LIMIT
from cogs.table.rules import RulesText, make_rules_text
from cogs.table.rules import value_text as value_text
from engine.president import PRESETS, Options
from locales import N_, _, _n, current, format_number

from .text import MAX_SELECT_OPTIONS

_ORDERS = {
    "normal": (N_("3 lowest, then 4 … K, A, 2 highest"), "2"),
    "aces_high": (N_("2 lowest, then 3 … K, A highest"), "A"),
    "short_pack": (N_("40 cards without 4, 5, 6: 7 lowest … A, 2, 3 highest"), "3"),
}
_TITLES = {
    # Translators: the titles from first to last, as the table calls them
    "classic": N_("President, Vice-President, Citizens, Vice-Scum, Scum"),
    "house": N_("President, Vice-President, Citizens, Vice-Beggar, Beggar"),
    "revolution": N_("President, Prime Minister, Citizens, Peasant, Beggar"),
    "ladder": N_("President, Vice-President, Secretary, Janitor"),
}


def _number(n: int) -> str:
    return format_number(current(), n)


def _then(text: str, sentence: str) -> str:
    """``sentence`` after ``text``: a space, except after a Chinese or Japanese
    full stop, which needs none."""
    return text + sentence if text.endswith(("。", "！", "）")) else f"{text} {sentence}"


def differences_text(options: Options) -> str:
    """``jokers = 2, revolution = on`` — the options changed from the preset, or ``""``."""
    return table_rules.differences_text(options.differences())


def _cards(o: Options) -> str:
    order, _top = _ORDERS[o.rank_order]
    if o.jokers == 0:
        jokers = _("no jokers")
    else:
        jokers = _n("{n} joker", "{n} jokers", o.jokers).format(n=_number(o.jokers))
    deck = _("one deck") if o.decks == 1 else _("two decks")
    players = _n("{n} player", "{n} players", o.players).format(n=_number(o.players))
    lines = [
        # Translators: "4 players, one deck, 2 jokers."
        _("{players}, {deck}, {jokers}.").format(players=players, deck=deck, jokers=jokers),
        _("Ranks: {order}.").format(order=_(order)),
    ]
    if o.jokers:
        lines.append(_("Jokers rank above every card."))
    lines.append(_("All cards are dealt; the first to get rid of their cards finishes first."))
    return "\n".join(lines)


def _beats(o: Options) -> str:
    lines = [
        _(
            "The leader plays any set (one or more cards of one rank). Each next player plays "
            "the same number of cards of a higher rank, or passes."
        )
    ]
    if o.equal_plays:
        lines.append(_("A set of the same rank as the top play also counts (an equal play)."))
    if o.skip_on_equal:
        lines.append(_("An equal play skips the next player (not with the top rank or jokers)."))
    if o.pass_rule == "may_replay":
        lines.append(_("Passing doesn't stop you playing later in the same trick."))
    else:
        lines.append(_("Once you pass, you sit out until the next trick."))
    if o.single_round:
        lines.append(_("Each other player gets one turn after the lead; then the top play wins."))
    if o.compulsory:
        lines.append(_("You must play if you can: passing is only allowed with no legal play."))
    lines.append(
        _(
            "When everyone else has passed, the top play wins the trick and its player leads "
            "(or the next player, if they are out of cards)."
        )
    )
    return "\n".join(lines)


def _specials(o: Options) -> str:
    _order, top = _ORDERS[o.rank_order]
    lines = []
    if o.jokers == 0:
        lines.append(_("No jokers."))
    elif o.joker_mode == "trump":
        lines.append(
            _(
                "Jokers are trumps: always played alone, a joker beats any play of any size "
                "and wins the trick at once."
            )
        )
    else:
        lines.append(
            _(
                "Jokers are one more rank above the top: sets of jokers match like other sets, "
                "and a revolution does not reverse them."
            )
        )
    if o.twos == "normal":
        lines.append(_("The top rank ({top}) has no special power.").format(top=top))
    elif o.twos == "one_less":
        lines.append(
            _(
                "The top rank ({top}) beats with one card fewer: one {top} beats any pair, "
                "two beat any triple, three any quad."
            ).format(top=top)
        )
    else:
        lines.append(_("A single {top} beats any play and wins the trick at once.").format(top=top))
    return "\n".join(lines)


def _revolution(o: Options) -> str:
    if not o.revolution:
        return _("Off: the order of ranks never changes.")
    text = _(
        "Four or more cards of one rank start a revolution: the order of ranks flips at once "
        "(another one flips it back). Everything resets each round."
    )
    if o.revolution_reverses_direction:
        text = _then(text, _("A revolution also reverses the direction of play."))
    return text


def _exchange(o: Options) -> str:
    if o.exchange == "none":
        return _("No exchange: every round starts from the deal.")
    if o.exchange == "classic" or (o.exchange == "house" and o.advantage == 1):
        text = _("From round 2 the last gives their highest card to the first, who gives 1 back.")
    elif o.exchange in ("house", "revolution"):
        text = _(
            "From round 2 the last gives their 2 highest cards to the first, who gives 2 back; "
            "the second-last gives their highest to the second, who gives 1 back."
        )
    else:
        return _(
            "From round 2 the last's 2 highest cards are swapped with the first's 2 lowest, "
            "and the second-last's highest with the second's lowest. No choices."
        )
    if o.exchange_return == "lowest":
        text = _then(text, _("Cards given back are always the lowest."))
    else:
        text = _then(
            text, _("Receivers choose what to give back (the lowest if their time runs out).")
        )
    if o.butthead:
        text = _then(text, _("Receivers give back one card more than they got."))
    return text


def _scoring(o: Options) -> str:
    rounds = o.game_rounds
    target = _number(o.target)
    if o.scoring == "classic":
        text = _(
            "First out scores 2 points, second 1. The game ends when someone has {target}."
        ).format(target=target)
    elif o.scoring == "position":
        text = _(
            "Each round scores players − place: first gets {first}, last 0. "
            "The game ends when someone has {target}."
        ).format(first=_number(o.players - 1), target=target)
    elif o.scoring == "credits":
        text = _(
            "Everyone starts with {credits} credits; first +5, second 0, middle −5, "
            "second-last −10, last −15. The game ends when someone has no credits left."
        ).format(credits=_number(o.start_credits))
    else:
        text = _(
            "First 100, second 50, third 25, last 0; from round 2, +25/50/100 for rising "
            "1/2/3 places."
        )
    if rounds is not None:
        limit = _n(
            "The game ends after {n} round at the latest.",
            "The game ends after {n} rounds at the latest.",
            rounds,
        )
        text = _then(text, limit.format(n=_number(rounds)))
    text = _then(text, _("Most points wins; ties share the win."))
    return text


def _seats(o: Options) -> str:
    if o.first_lead == "random":
        lead = _("A random player leads the first round")
    elif o.first_lead == "left_of_dealer":
        lead = _("The player left of the dealer leads the first round")
    else:
        lead = _("The holder of the 3♣ leads the first round, playing it")
    if o.leader == "president":
        later = _("then the President leads")
    else:
        later = _("then the lowest-ranked player leads")
    if o.reseat:
        seats = _("Also, players are reseated by finishing place each round.")
    else:
        seats = _("Also, seats stay the same all game.")
    titles = _("Titles: {titles}.").format(titles=_(_TITLES[o.titles]))
    # Translators: the titles, who leads the first round; who leads later; the seats
    return _("{titles} {lead}; {later}. {seats}").format(
        titles=titles, lead=lead, later=later, seats=seats
    )


def _controls(o: Options) -> str:
    text = _(
        "On your turn, your hand's message has a menu of every play you may make, in the "
        "words of the table's log (single 7, pair of 7, three 7s …), some with what they do "
        "(wins the trick, revolution, skips a player); choosing one plays it at once. "
        "**Pass** is a button."
    )
    cards = -(-(52 * o.decks + o.jokers) // o.players)  # the most cards a hand is dealt
    if cards > MAX_SELECT_OPTIONS:
        text = _then(
            text,
            _(
                "A hand of two decks can have more plays than one menu holds "
                "({n}): then choose a rank, then how many cards, then press "
                "**Play**."
            ).format(n=_number(MAX_SELECT_OPTIONS)),
        )
    if o.exchange in ("classic", "house", "revolution") and o.exchange_return == "choice":
        text = _then(
            text,
            _(
                "To give cards back in the exchange, choose them, then confirm with "
                "**Give back** (nothing is given before that)."
            ),
        )
    return text


def rules_text(options: Options) -> RulesText:
    """The rules in force for ``options``, in sections for an embed, in the
    reader's language (:func:`locales.reading`)."""
    info = PRESETS.get(options.preset)
    description = _(info.summary) if info is not None else ""
    sections = (
        (_("Cards"), _cards(options)),
        (_("What beats what"), _beats(options)),
        (_("Jokers and the top rank"), _specials(options)),
        (_("Revolution"), _revolution(options)),
        (_("Exchange"), _exchange(options)),
        (_("Scoring and end of game"), _scoring(options)),
        (_("Titles and seats"), _seats(options)),
        (_("Your turn on Discord"), _controls(options)),
    )
    # Translators: {preset} is the preset's name as players type it (classic, house…)
    title = _("President — {preset} rules").format(preset=options.preset)
    return make_rules_text(title, description, options.preset, differences_text(options), sections)
