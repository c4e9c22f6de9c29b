"""President's pictures: formats and sizes, hidden information, the 28-card
hand, the rank order, and reference images.

Reference images live in ``tests/render/president/reference``; regenerate
them after an intended change of look with
``RENDER_UPDATE_REFERENCE=1 pytest tests/render``
(and look at them before committing).
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

from engine.president import Play, President, parse_cards, preset
from render import RenderedImage, encode
from render import hand as hand_layout
from render.president import (
    hand,
    lobby,
    playable_ranks,
    render_final_standings,
    render_hand,
    render_lobby,
    render_observation_hand,
    render_round_results,
    render_table,
    results,
    sort_hand,
    table,
)

from .conftest import NAMES

REFERENCE = Path(__file__).parent / "reference"
UPDATE = os.environ.get("RENDER_UPDATE_REFERENCE") == "1"
TOLERANCE = 2.0
"""Mean absolute difference per channel (0–255) allowed against a reference:
small enough to catch a moved panel or a missing card, loose enough for
FreeType or zlib versions that rasterise or quantise a little differently."""


def _open(image: RenderedImage) -> Image.Image:
    return Image.open(io.BytesIO(image.data))


# -- sizes and formats ----------------------------------------------------------


@pytest.mark.parametrize("fmt", ["png", "webp", "jpeg"])
def test_table_formats_and_size(one_less_game: President, fmt: str) -> None:
    image = render_table(one_less_game.public_view(), NAMES[:4], fmt=fmt)  # type: ignore[arg-type]
    assert image.filename == f"table.{fmt}"
    opened = _open(image)
    assert opened.format == {"png": "PNG", "webp": "WEBP", "jpeg": "JPEG"}[fmt]
    assert opened.size == (image.width, image.height) == (table.W, table.H)
    if fmt != "jpeg":  # JPEG is offered for speed, not size
        assert len(image.data) < 120_000


def test_every_kind_renders(full_hand_game: President, finished_game: President) -> None:
    obs = full_hand_game.observation(0)
    outcome = finished_game.outcome()
    assert outcome is not None
    images = [
        render_observation_hand(obs),
        render_round_results(finished_game.results[-1], NAMES[:5], options=finished_game.options),
        render_final_standings(outcome, NAMES[:5], results=finished_game.results),
        render_lobby("house", preset("house"), [("Alice", False), ("Bot", True)], 6),
    ]
    for image in images:
        opened = _open(image)
        assert opened.size == (image.width, image.height)
        assert image.width <= 1100 and image.height <= 1000
        assert image.content_type == "image/png"
    assert len(images[0].data) < 40_000


# -- hidden information -----------------------------------------------------------


def test_table_ignores_hidden_cards() -> None:
    """Same counts, different hidden cards: byte-identical tables, before and
    after the same public play (the played card itself is public)."""
    opts = preset("classic", players=3)
    a = President.from_hands(opts, ["3C 5D 7H KS", "4C 6D 8H AS 2C", "9C TD JH QS"])
    b = President.from_hands(opts, ["3C 5C 9S 2H", "4D 4H TH KC 7C", "6C 6S JD QD"])
    names = NAMES[:3]
    assert a.hand(0) != b.hand(0)
    assert render_table(a.public_view(), names).data == render_table(b.public_view(), names).data
    for g in (a, b):
        g.apply(Play.parse("3"))
    va, vb = a.public_view(), b.public_view()
    assert render_table(va, names).data == render_table(vb, names).data
    assert render_table(va, names, fmt="webp").data == render_table(vb, names, fmt="webp").data


def test_cjk_and_emoji_names_render(one_less_game: President) -> None:
    names = ["龍之介", "😀🐉", "محمد", "\u200b"]
    image = render_table(one_less_game.public_view(), names)
    assert _open(image).size == (table.W, table.H)


# -- the hand -------------------------------------------------------------------------


def test_28_card_hand_fits_in_two_rows(full_hand_game: President) -> None:
    cards = list(full_hand_game.hand(0))
    assert len(cards) == 28
    image = render_hand(cards, playable={0, 13}, options=full_hand_game.options)
    assert _open(image).size == hand_layout.hand_size(28)
    assert len({y for _, y in hand_layout.card_positions(28)}) == 2


def test_playable_ranks_from_observation(full_hand_game: President) -> None:
    obs = full_hand_game.observation(0)
    ranks = playable_ranks(obs.legal)
    assert ranks == {c.rank for c in obs.hand}  # leading: every rank can be played


@pytest.mark.parametrize(
    "opts",
    [
        preset("classic"),
        preset("classic", rank_order="aces_high"),
        preset("classic", rank_order="short_pack", jokers=2),
    ],
)
@pytest.mark.parametrize("revolution", [False, True])
def test_hand_sort_matches_engine_order(opts: object, revolution: bool) -> None:
    from engine.president import Options

    assert isinstance(opts, Options)
    g = President.new_game(opts, seed=1)
    g.revolution = revolution
    cards = [c for p in range(g.n) for c in g.hand(p)]
    got = [c.rank for c in sort_hand(cards, opts, revolution)]
    assert got == sorted(got, key=g.strength)
    assert sort_hand(parse_cards("2C 3C X1"), opts, revolution)[-1].is_joker


# -- reference images ---------------------------------------------------------------


def _references(
    one_less: President, full: President, finished: President, titled: President
) -> dict[str, Callable[[], Image.Image]]:
    outcome = finished.outcome()
    assert outcome is not None
    obs = full.observation(0)
    return {
        "table_one_less": lambda: table.draw_table(
            one_less.public_view(),
            NAMES[:4],
            computer=[False, True],
            timed_out=[False, False, True, False],
        ),
        "table_titles": lambda: table.draw_table(
            titled.public_view(), NAMES[:6], computer=[False, True]
        ),
        "hand_28": lambda: hand.draw_hand(
            obs.hand, playable={3, 7, 11, 13}, selected=parse_cards("AS"), options=full.options
        ),
        "results": lambda: results.draw_round_results(
            finished.results[-1], NAMES[:5], options=finished.options
        ),
        "standings": lambda: results.draw_final_standings(
            outcome, NAMES[:5], results=finished.results, options=finished.options
        ),
        "lobby": lambda: lobby.draw_lobby(
            "house", preset("house", revolution=True), [("Alice", False), ("Bot", True)], 5
        ),
    }


@pytest.mark.parametrize(
    "name", ["table_one_less", "table_titles", "hand_28", "results", "standings", "lobby"]
)
def test_matches_reference(
    name: str,
    one_less_game: President,
    full_hand_game: President,
    finished_game: President,
    titled_game: President,
) -> None:
    refs = _references(one_less_game, full_hand_game, finished_game, titled_game)
    img = refs[name]()
    # compare what Discord gets: the encoded image
    data = encode(img, name).data
    got = Image.open(io.BytesIO(data)).convert("RGB")
    path = REFERENCE / f"{name}.png"
    if UPDATE or not path.exists():
        if not UPDATE:
            pytest.fail(f"missing {path}; run with RENDER_UPDATE_REFERENCE=1 to create it")
        REFERENCE.mkdir(exist_ok=True)
        path.write_bytes(data)
        return
    want = Image.open(path).convert("RGB")
    assert got.size == want.size
    diff = ImageStat.Stat(ImageChops.difference(got, want)).mean
    assert sum(diff) / 3 <= TOLERANCE, f"{name} differs from its reference by {diff}"


def test_table_shows_the_suits_really_played() -> None:
    """Played cards are public: a 3♥ on the table is drawn as the 3♥."""
    opts = preset("classic", players=3)
    a = President.from_hands(opts, ["3C 5D", "4C 6D", "9C TD"])
    b = President.from_hands(opts, ["3H 5D", "4C 6D", "9C TD"])
    for g in (a, b):
        g.apply(Play.parse("3"))
    assert [c.suit for c in b.public_view().trick.cards[0]] == [2]
    names = NAMES[:3]
    assert render_table(a.public_view(), names).data != render_table(b.public_view(), names).data
