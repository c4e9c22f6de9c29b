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

from .text import MAX_SELECT_OPTIONS

_ORDERS = {
    "normal": ("3 lowest, then 4 … K, A, 2 highest", "2"),
    "aces_high": ("2 lowest, then 3 … K, A highest", "A"),
    "short_pack": ("40 cards without 4, 5, 6: 7 lowest … A, 2, 3 highest", "3"),
}
_TITLES = {
    "classic": "President, Vice-President, Citizens, Vice-Scum, Scum",
    "house": "President, Vice-President, Citizens, Vice-Beggar, Beggar",
    "revolution": "President, Prime Minister, Citizens, Peasant, Beggar",
    "ladder": "President, Vice-President, Secretary, Janitor",
}


def differences_text(options: Options) -> str:
    """``jokers = 2, revolution = on`` — the options changed from the preset, or ``""``."""
    return table_rules.differences_text(options.differences())


def _cards(o: Options) -> str:
    order, _top = _ORDERS[o.rank_order]
    jokers = "no jokers" if o.jokers == 0 else f"{o.jokers} joker{'s' if o.jokers > 1 else ''}"
    deck = "one deck" if o.decks == 1 else "two decks"
    lines = [f"{o.players} players, {deck}, {jokers}.", f"Ranks: {order}."]
    if o.jokers:
        lines.append("Jokers rank above every card.")
    lines.append("All cards are dealt; the first to get rid of their cards finishes first.")
    return "\n".join(lines)


def _beats(o: Options) -> str:
    lines = [
        "The leader plays any set (one or more cards of one rank). Each next player plays "
        "the same number of cards of a higher rank, or passes."
    ]
    if o.equal_plays:
        lines.append("A set of the same rank as the top play also counts (an equal play).")
    if o.skip_on_equal:
        lines.append("An equal play skips the next player (not with the top rank or jokers).")
    if o.pass_rule == "may_replay":
        lines.append("Passing doesn't stop you playing later in the same trick.")
    else:
        lines.append("Once you pass, you sit out until the next trick.")
    if o.single_round:
        lines.append("Each other player gets one turn after the lead; then the top play wins.")
    if o.compulsory:
        lines.append("You must play if you can: passing is only allowed with no legal play.")
    lines.append(
        "When everyone else has passed, the top play wins the trick and its player leads "
        "(or the next player, if they are out of cards)."
    )
    return "\n".join(lines)


def _specials(o: Options) -> str:
    _order, top = _ORDERS[o.rank_order]
    lines = []
    if o.jokers == 0:
        lines.append("No jokers.")
    elif o.joker_mode == "trump":
        lines.append(
            "Jokers are trumps: always played alone, a joker beats any play of any size "
            "and wins the trick at once."
        )
    else:
        lines.append(
            "Jokers are one more rank above the top: sets of jokers match like other sets, "
            "and a revolution does not reverse them."
        )
    if o.twos == "normal":
        lines.append(f"The top rank ({top}) has no special power.")
    elif o.twos == "one_less":
        lines.append(
            f"The top rank ({top}) beats with one card fewer: one {top} beats any pair, "
            f"two beat any triple, three any quad."
        )
    else:
        lines.append(f"A single {top} beats any play and wins the trick at once.")
    return "\n".join(lines)


def _revolution(o: Options) -> str:
    if not o.revolution:
        return "Off: the order of ranks never changes."
    text = (
        "Four or more cards of one rank start a revolution: the order of ranks flips at once "
        "(another one flips it back). Everything resets each round."
    )
    if o.revolution_reverses_direction:
        text += " A revolution also reverses the direction of play."
    return text


def _exchange(o: Options) -> str:
    if o.exchange == "none":
        return "No exchange: every round starts from the deal."
    if o.exchange == "classic" or (o.exchange == "house" and o.advantage == 1):
        text = "From round 2 the last gives their highest card to the first, who gives 1 back."
    elif o.exchange in ("house", "revolution"):
        text = (
            "From round 2 the last gives their 2 highest cards to the first, who gives 2 back; "
            "the second-last gives their highest to the second, who gives 1 back."
        )
    else:
        return (
            "From round 2 the last's 2 highest cards are swapped with the first's 2 lowest, "
            "and the second-last's highest with the second's lowest. No choices."
        )
    if o.exchange_return == "lowest":
        text += " Cards given back are always the lowest."
    else:
        text += " Receivers choose what to give back (the lowest if their time runs out)."
    if o.butthead:
        text += " Receivers give back one card more than they got."
    return text


def _scoring(o: Options) -> str:
    rounds = o.game_rounds
    if o.scoring == "classic":
        text = f"First out scores 2 points, second 1. The game ends when someone has {o.target}."
    elif o.scoring == "position":
        text = (
            f"Each round scores players − place: first gets {o.players - 1}, last 0. "
            f"The game ends when someone has {o.target}."
        )
    elif o.scoring == "credits":
        text = (
            f"Everyone starts with {o.start_credits} credits; first +5, second 0, middle −5, "
            "second-last −10, last −15. The game ends when someone has no credits left."
        )
    else:
        text = (
            "First 100, second 50, third 25, last 0; from round 2, +25/50/100 for rising "
            "1/2/3 places."
        )
    if rounds is not None:
        text += f" The game ends after {rounds} round{'s' if rounds != 1 else ''} at the latest."
    text += " Most points wins; ties share the win."
    return text


def _seats(o: Options) -> str:
    lead = {
        "random": "a random player leads the first round",
        "left_of_dealer": "the player left of the dealer leads the first round",
        "three_of_clubs": "the holder of the 3♣ leads the first round, playing it",
    }[o.first_lead]
    later = "the President" if o.leader == "president" else "the lowest-ranked player"
    seats = (
        "players are reseated by finishing place each round"
        if o.reseat
        else "seats stay the same all game"
    )
    return f"Titles: {_TITLES[o.titles]}. {lead.capitalize()}; then {later} leads. Also, {seats}."


def _controls(o: Options) -> str:
    text = (
        "On your turn, your hand's message has a menu of every play you may make, in the "
        "words of the table's log (single 7, pair of 7, three 7s …), some with what they do "
        "(wins the trick, revolution, skips a player); choosing one plays it at once. "
        "**Pass** is a button."
    )
    cards = -(-(52 * o.decks + o.jokers) // o.players)  # the most cards a hand is dealt
    if cards > MAX_SELECT_OPTIONS:
        text += (
            f" A hand of two decks can have more plays than one menu holds "
            f"({MAX_SELECT_OPTIONS}): then choose a rank, then how many cards, then press "
            "**Play**."
        )
    if o.exchange in ("classic", "house", "revolution") and o.exchange_return == "choice":
        text += (
            " To give cards back in the exchange, choose them, then confirm with "
            "**Give back** (nothing is given before that)."
        )
    return text


def rules_text(options: Options) -> RulesText:
    """The rules in force for ``options``, in sections for an embed."""
    info = PRESETS.get(options.preset)
    description = info.summary if info is not None else ""
    sections = (
        ("Cards", _cards(options)),
        ("What beats what", _beats(options)),
        ("Jokers and the top rank", _specials(options)),
        ("Revolution", _revolution(options)),
        ("Exchange", _exchange(options)),
        ("Scoring and end of game", _scoring(options)),
        ("Titles and seats", _seats(options)),
        ("Your turn on Discord", _controls(options)),
    )
    title = f"President — {options.preset} rules"
    return make_rules_text(title, description, options.preset, differences_text(options), sections)
