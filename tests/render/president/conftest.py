"""Shared fixed states for the render tests (seeded, so images are stable)."""

from __future__ import annotations

import random

import pytest

from engine.cards import make_deck
from engine.president import President, preset

NAMES = ["Alice", "Bartholomew the Magnificent", "龍之介", "Zoë 🐉", "محمد", "Charlie"]


@pytest.fixture(scope="session")
def one_less_game() -> President:
    """Four 3s beaten by three 2s: a finished player, a fan of cards, a bot."""
    g = President.from_hands(
        preset("house", players=4), ["3C 3D 3H 3S 9C 9D 9H 9S", "2C 2D 2H", "X1 X2", "4C"]
    )
    g.apply("3333")
    g.apply("222")
    return g


@pytest.fixture(scope="session")
def full_hand_game() -> President:
    """Two decks and four jokers between four players: player 0 holds 28."""
    deck = make_deck(2, 4, False)
    random.Random(28).shuffle(deck)
    hands = [deck[0:28], deck[28:55], deck[55:82], deck[82:108]]
    return President.from_hands(preset("house", players=4, decks=2, jokers=4), hands)


@pytest.fixture(scope="session")
def finished_game() -> President:
    g = President.new_game(preset("classic", players=5), seed=4)
    while not g.is_over:
        if g.phase == "round_over":
            g.start_round()
        else:
            g.apply(g.default_decision())
    return g


@pytest.fixture(scope="session")
def titled_game() -> President:
    """Six players early in round 2: every title of round 1 is held, so all
    five chairs are at the table."""
    g = President.new_game(preset("classic", players=6), seed=5)
    while g.round_number < 2 or g.phase == "round_over":
        if g.phase == "round_over":
            g.start_round()
        else:
            g.apply(g.default_decision())
    for _ in range(3):
        g.apply(g.default_decision())
    return g
