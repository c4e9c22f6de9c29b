"""Sixty's table picture: seats around the felt, the attack in flight in the
centre with its sum and the player it targets, the deck and the discard
pile with their counts, and the direction of play.

Drawn only from a :class:`engine.sixty.PublicView` (plus names and flags
the caller owns), so it cannot show a hidden card: two states that differ
only in hidden hands or the deck's order give identical images.

Seats go clockwise as seen from above (bottom row right to left, up the
left side, top row left to right, down the right side), so "clockwise"
in the header is the way the seats read. Each seat shows the name, the
cards in hand, the penalty pile (its card count during a round — the pile
is face down — and its points once the round is over) and the total of
the finished rounds.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Final

from PIL import Image, ImageDraw

from engine.sixty import DEFEND, GAME_OVER, ROUND_OVER, PublicView
from locales import SOURCE, _, _n, current, reading

from .. import seats, sprites, theme
from ..drawing import flag, paste, paste_card, paste_panel, player_name, text
from ..encoding import DEFAULT_FORMAT, Format, RenderedImage, encode
from ..felt import felt_table
from ..fonts import FittedText, draw_runs, fit_label, label_length
from ..seats import PANEL_H, TABLE_BOX, H, W
from ..theme import RGB
from .cards import back_sprite, card_height, card_sprite
from .words import player, players, with_names

PANEL_W: Final = 336
BADGE: Final = 56
BACK_W: Final = 44
ATTACK_CARD_W: Final = 100
PILE_W: Final = 60
TEXT_ROOM: Final = PANEL_W - (4 + 80 + 8) - (10 + BACK_W + 12)

MAX_SEATS: Final = 6


def seat_centres(n: int) -> list[tuple[int, int]]:
    """Centre of each seat's panel, in player order, going clockwise."""
    return seats.seat_centres(n, PANEL_W, MAX_SEATS)


def _role(view: PublicView, p: int) -> tuple[str, RGB] | None:
    if view.phase in (ROUND_OVER, GAME_OVER):
        return None
    if view.turn == p:
        # Translators: chips on a seat of Sixty's table picture: short capitals.
        return (_("DEFENDS") if view.phase == DEFEND else _("ATTACKS"), theme.GOLD)
    if view.hand_sizes[p] == 0:
        # Translators: a chip on the seat of a player with no cards left: short capitals.
        return (_("OUT"), theme.GREY_CHIP)
    return None


def seat_lines(view: PublicView, p: int) -> tuple[str, str]:
    """The penalty line and the total line of seat ``p``."""
    if view.penalty_points is not None:
        pile = _("+{points} this round").format(points=view.penalty_points[p])
    else:
        k = view.penalty_counts[p]
        pile = _n("Penalty: {n} card", "Penalty: {n} cards", k).format(n=k)
    return pile, _("Total {points}").format(points=view.totals[p])


def _draw_seat(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: PublicView,
    p: int,
    centre: tuple[int, int],
    names: Sequence[str],
    computer: bool,
    timed_out: bool,
) -> None:
    cy = centre[1]
    active = view.turn == p and view.phase not in (ROUND_OVER, GAME_OVER)
    target = view.attack is not None and view.attack.defender == p
    out = view.hand_sizes[p] == 0 and view.phase not in (ROUND_OVER, GAME_OVER)
    x, y = seats.seat_panel(img, centre, PANEL_W, active, out)
    tx = x + 4 + 80 + 8
    fitted = player_name(names, p, 25, TEXT_ROOM)
    ring = theme.RED_ALERT if target else (theme.GOLD if active else None)
    b = sprites.badge(fitted.initial, theme.badge_colour(p), BADGE, ring)
    paste(img, b, x + 44 - b.width / 2, cy - b.height / 2)
    draw_runs(draw, (tx, y + 36), fitted, theme.TEXT_MUTED if out else theme.TEXT)
    pile, total = seat_lines(view, p)
    loc = current()
    pile = fit_label(pile, 19, TEXT_ROOM, locale=loc)
    text(draw, (tx, y + 63), pile, 19, theme.TEXT_MUTED, False, "ls", loc)
    text(draw, (tx, y + 89), total, 20, theme.TEXT, True, "ls", loc)
    k = view.hand_sizes[p]
    if k:
        bx = x + PANEL_W - BACK_W - 12
        back_h = card_height(BACK_W)
        seats.hand_count(
            img, draw, back_sprite(BACK_W), BACK_W, back_h, bx, cy, k, 24, (10, 20, 40)
        )
    role = _role(view, p)
    chips = ([] if role is None else [role]) + seats.player_chips(computer, timed_out)
    seats.draw_chips(img, chips, tx, y + PANEL_H)


def _header(img: Image.Image, draw: ImageDraw.ImageDraw, view: PublicView) -> None:
    o = view.options
    if view.tiebreak_round:
        title = _("Tie-break round {number}").format(number=view.round_number)
    else:
        title = _("Round {number} of {rounds}").format(
            number=max(1, view.round_number), rounds=o.rounds
        )
    # Translators: the table picture's subtitle: the game, its preset (a name players
    # type, kept as written) and the number of players.
    sub = _n("Sixty · {preset} · {n} player", "Sixty · {preset} · {n} players", view.players)
    seats.title_line(draw, title, sub.format(preset=o.preset, n=view.players))
    seats.direction(draw, W - 24, view.direction > 0, 22, 34, 44)


def _mixed(
    draw: ImageDraw.ImageDraw,
    cx: float,
    y: float,
    parts: Sequence[str | int],
    colour: RGB,
    names: Sequence[str],
    size: int = 24,
) -> None:
    """A centred bold line of fixed text in ``colour`` (drawn with the reader's
    fonts) and player names (ints, drawn as names)."""
    loc = current()
    items: list[tuple[str | FittedText, float]] = []
    for part in parts:
        if isinstance(part, int):
            fitted = player_name(names, part, size, 220)
            items.append((fitted, fitted.width))
        else:
            items.append((part, label_length(part, size, True, loc)))
    x = cx - sum(w for _item, w in items) / 2
    for item, width in items:
        if isinstance(item, str):
            text(draw, (x, y), item, size, colour, True, "ls", loc)
        else:
            draw_runs(draw, (x, y), item, theme.TEXT)
        x += width


def _piles(img: Image.Image, draw: ImageDraw.ImageDraw, view: PublicView, y: int) -> None:
    """The deck (face down) and the discard pile (face up), with counts."""
    cx = W // 2
    h = card_height(PILE_W)
    # Translators: labels beside the two piles of Sixty's table picture: short capitals.
    piles = ((_("DECK"), view.deck_count), (_("DISCARD"), sum(view.discard)))
    loc = current()
    for i, (label, count) in enumerate(piles):
        x = cx - 150 + i * 170
        if count and i == 0:
            paste_card(img, back_sprite(PILE_W), x, y)
        elif count:
            slot = sprites.panel(PILE_W, h, 8, (255, 255, 255, 60), (255, 255, 255, 120))
            paste_panel(img, slot, x, y)
            text(draw, (x + PILE_W / 2, y + h / 2 + 9), "♻", 26, theme.TEXT, True, "ms")
        else:
            slot = sprites.panel(PILE_W, h, 8, (255, 255, 255, 14), (255, 255, 255, 60))
            paste_panel(img, slot, x, y)
        text(draw, (x + PILE_W + 12, y + 32), label, 18, theme.TEXT_MUTED, True, "ls", loc)
        text(draw, (x + PILE_W + 12, y + 64), str(count), 30, theme.TEXT, True, "ls")


def _centre(
    img: Image.Image, draw: ImageDraw.ImageDraw, view: PublicView, names: Sequence[str]
) -> None:
    cx = W // 2
    top = TABLE_BOX[1] + PANEL_H // 2 + 40
    at = view.attack
    loc = current()
    pile_y = TABLE_BOX[3] - PANEL_H // 2 - 26 - card_height(PILE_W)
    if at is not None:
        face = int(at.card)
        head = _("Attack: {card} ×{count} = {sum}").format(card=face, count=at.count, sum=at.sum)
        text(draw, (cx, top + 18), head, 30, theme.TEXT, True, "ms", loc)
        area = 2 * (W // 2 - 20 - PANEL_W - 24)
        count = min(at.count, 12)  # a long attack still fits: its sum says the rest
        step = (
            0.0 if count == 1 else min(ATTACK_CARD_W * 0.55, (area - ATTACK_CARD_W) / (count - 1))
        )
        width = ATTACK_CARD_W + step * (count - 1)
        x = cx - width / 2
        for _card in range(count):
            paste_card(img, card_sprite(face, ATTACK_CARD_W), x, top + 34)
            x += step
        y = top + 34 + card_height(ATTACK_CARD_W) + 36
        parts: list[str | int] = [at.last, "  →  ", at.defender]
        _mixed(draw, cx, y, parts, theme.GOLD, names)
        if at.attacker != at.last:
            started = with_names(_("started by {name}"), name=player(at.attacker))
            _mixed(draw, cx, y + 28, started, theme.TEXT_MUTED, names, 18)
    elif view.phase in (ROUND_OVER, GAME_OVER):
        over = view.outcome is not None
        if over:
            title = _("Game over")
        else:
            title = _("Round {number} over").format(number=view.round_number)
        text(draw, (cx, top + 40), title, 34, theme.TEXT, True, "ms", loc)
        if over and view.outcome is not None:
            winners = view.outcome.winners
            won = _n("★ {names} wins", "★ {names} win", len(winners))
            _mixed(
                draw, cx, top + 100, with_names(won, names=players(winners)), theme.GOLD, names, 28
            )
        else:
            best = _("Lowest penalty is best")
            text(draw, (cx, top + 90), best, 22, theme.TEXT_MUTED, False, "ms", loc)
    elif view.turn is not None:
        text(draw, (cx, top + 40), _("Next attack"), 30, theme.TEXT, True, "ms", loc)
        target = _next_holder(view, view.turn)
        parts2: list[str | int] = [view.turn]
        if target is not None:
            parts2 += ["  →  ", target]
        _mixed(draw, cx, top + 90, parts2, theme.GOLD, names, 26)
    _piles(img, draw, view, pile_y)


def _next_holder(view: PublicView, p: int) -> int | None:
    n = view.players
    q = p
    for _step in range(n - 1):
        q = (q + view.direction) % n
        if view.hand_sizes[q]:
            return q
    return None


def draw_table(
    view: PublicView,
    names: Sequence[str],
    *,
    computer: Sequence[bool] = (),
    timed_out: Sequence[bool] = (),
) -> Image.Image:
    """:func:`render_table` before encoding (for tests)."""
    img = felt_table(W, H, TABLE_BOX).copy()
    draw = ImageDraw.Draw(img)
    _header(img, draw, view)
    _centre(img, draw, view, names)
    for p, centre in enumerate(seat_centres(view.players)):
        _draw_seat(img, draw, view, p, centre, names, flag(computer, p), flag(timed_out, p))
    return img


@functools.cache
def table_palette() -> Image.Image:
    """256 colours fitted once to sample tables (every number's colour, both
    seat states, the piles), so each table maps onto it instead of fitting a
    palette of its own (several times faster to encode). The samples are
    drawn in English whoever asks first, so a picture's colours never depend
    on the language of the first table drawn."""
    with reading(SOURCE):
        return _table_palette()


def _table_palette() -> Image.Image:
    from engine.sixty import Sixty, preset

    names = ["Ada", "Bartholomew", "Chloé", "محمد", "Ωmega", "Zoë"]
    samples = []
    for seated, seed in ((6, 3), (4, 5), (3, 2)):
        game = Sixty.new_game(preset("standard", players=seated), seed=seed)
        for step in range(40):
            if game.phase not in ("attack", "defend"):
                break
            if step in (1, 9, 21):
                samples.append(
                    draw_table(game.public_view(), names[:seated], computer=[True, False] * 3)
                )
            game.apply(game.legal_list()[-1 if step % 2 else 0])
    strip = Image.new("RGB", (W, 160), theme.BG_BOTTOM)
    for i, face in enumerate((3, 4, 5, 6, 10, 12, 15, 20, 30, 61, 62, 63)):
        paste_card(strip, card_sprite(face, 80), 10 + i * 88, 20)
    return seats.palette_sheet(samples, strip)


def render_table(
    view: PublicView,
    names: Sequence[str],
    *,
    computer: Sequence[bool] = (),
    timed_out: Sequence[bool] = (),
    fmt: Format = DEFAULT_FORMAT,
) -> RenderedImage:
    """The shared table picture, from the public view only. ``names``,
    ``computer`` and ``timed_out`` are indexed by player."""
    img = draw_table(view, names, computer=computer, timed_out=timed_out)
    return encode(img, "table", fmt, palette=table_palette() if fmt == "png" else None)


__all__ = ["draw_table", "render_table", "seat_centres", "seat_lines", "table_palette"]
