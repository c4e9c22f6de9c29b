"""Big Two at the terminal as a person sees it: the results by name, the
suit order, one way of writing cards, and the words between deals."""

from __future__ import annotations

import re

from engine.bigtwo.terminal import main
from tests.engine.terminal_support import FirstEntry

ASCII_CARD = re.compile(r"(?<![\w-])(?:[2-9TJQKA]|10)[CDHS](?!\w)")


def _two_deals(*argv: str) -> FirstEntry:
    person = FirstEntry()
    rc = main(
        ["--seed", "3", "--option", "deals=2", *argv],
        input_fn=person.input,
        print_fn=person.print,
    )
    assert rc == 0
    return person


def test_the_penalties_of_a_deal_are_given_by_name() -> None:
    text = _two_deals().text
    assert "Penalties [" not in text
    block = text[text.index("Deal 1 over") :].splitlines()[:5]
    assert block[0] == "Deal 1 over: Bot 1 (normal) won."
    for line in block[1:]:
        assert re.match(
            r"  \d\. (You|Bot \d \(normal\)) +\d+ penalty points?"
            r"( \(\d+ cards? left\))?, total \d+$",
            line,
        ), line
    assert any(line.startswith("  1. Bot 1 (normal)") for line in block)


def test_the_suit_order_is_shown_once_at_the_start() -> None:
    text = _two_deals().text
    assert text.count("Suits, low to high:") == 1
    assert "Suits, low to high: ♦ < ♣ < ♥ < ♠" in text
    pusoy = _two_deals("--rules", "pusoy_dos").text
    assert "Suits, low to high: ♣ < ♠ < ♥ < ♦" in pusoy


def test_cards_are_written_one_way_on_screen() -> None:
    person = _two_deals()
    # only the line that says how to type cards writes them as typed
    typing = [line for line in person.lines if ASCII_CARD.search(line)]
    assert typing == [
        "Suits, low to high: ♦ < ♣ < ♥ < ♠  (type cards like 3D or 10H: C ♣, D ♦, H ♥, S ♠)"
    ]
    assert any(line.startswith("Your hand: ") and "♦" in line for line in person.lines)


def test_the_list_of_every_play_uses_the_same_cards() -> None:
    person = FirstEntry(["?", "q"])
    main(["--seed", "3"], input_fn=person.input, print_fn=person.print)
    listing = person.lines[-3]  # then the empty line and "Bye."
    assert "♥" in listing and not ASCII_CARD.search(listing)


def test_a_play_can_be_typed_as_the_screen_shows_it() -> None:
    # seed 3: the person is asked to beat a full house and holds A♣ A♦ A♥ 2♦ 2♥
    person = FirstEntry(["A♣ A♦ A♥ 2♦ 2♥", "q"])
    main(["--seed", "3"], input_fn=person.input, print_fn=person.print)
    assert "You: full house A♣ A♦ A♥ 2♦ 2♥" in person.text


def test_between_deals_the_words_are_right() -> None:
    person = _two_deals()
    assert "Press Enter for deal 2 (q quits): " in person.prompts
    assert not any("deal deal" in p for p in person.prompts)
    assert "Bot 1 (normal) leads." in person.text
    assert re.search(r"\(1 legal play;|\(\d+ legal plays;", person.text)
    assert "(1 legal plays" not in person.text
