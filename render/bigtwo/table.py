"""Big Two's table picture: two to four seats around the felt, and in the
centre the exact cards to beat with their name and who played them.

Drawn only from a :class:`engine.bigtwo.PublicView` (plus names and flags
the caller owns), which holds card counts and played cards only: two states
that differ only in who holds which hidden cards give identical images.

Seats go clockwise in the order of play (player p, then p + 1): bottom,
left, top, right. Each seat's panel shows the name, the session's penalty
total (and this deal's penalty once it is over), how many cards the player
holds, and chips for the turn, a pass, a finish, a computer seat.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Final

from PIL import Image, ImageDraw

from engine.bigtwo import PLAY, Combo, PublicView, SeatView
from engine.bigtwo.combos import STRAIGHT, STRAIGHT_FLUSH
from engine.cards import Card, parse_cards
from locales import SOURCE, _, _n, _p, current, format_number, reading

from .. import cards, seats, sprites, theme
from ..drawing import flag, paste, paste_card, player_name, text
from ..encoding import DEFAULT_FORMAT, Format, RenderedImage, encode
from ..felt import felt_table
from ..fonts import draw_label, draw_runs, label_length
from ..seats import PANEL_H
from ..seats import TABLE_BOX as TABLE_BOX
from ..seats import H as H
from ..seats import W as W
from ..theme import RGB
from .words import combo_name, preset_label, session_text, suit_order_text

PANEL_W: Final = 304
BADGE: Final = 56
TOP_CARD_W: Final = 100
TRICK_CARD_W: Final = 50
FACE_UP_W: Final = 60
BACK_W: Final = 44
TEXT_SIZE: Final = 20

MAX_SEATS: Final = 4


def seat_centres(n: int) -> list[tuple[int, int]]:
    """Centre of each seat's panel in the order of play, going clockwise."""
    return seats.seat_centres(n, PANEL_W, MAX_SEATS)


def _chips(
    view: PublicView, seat: SeatView, computer: bool, timed_out: bool
) -> list[tuple[str, RGB]]:
    # Translators: a chip on the seat of the player to act: short, in capitals where
    # the script has them
    to_play = _p("chip", "TO PLAY")
    chips = seats.trick_chips(
        seat.position, seat.to_act, seat.passed and view.phase == PLAY, to_play
    )
    return chips + seats.player_chips(computer, timed_out)


def _deal_penalty(view: PublicView, player: int) -> int | None:
    """This deal's penalty once it is over (shown next to the total)."""
    if view.phase == PLAY or not view.results:
        return None
    return view.results[-1].scores[player]


def _draw_seat(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: PublicView,
    seat: SeatView,
    centre: tuple[int, int],
    names: Sequence[str],
    computer: bool,
    timed_out: bool,
) -> None:
    cy = centre[1]
    active = seat.to_act
    faded = seat.passed and view.phase == PLAY and not active
    x, y = seats.seat_panel(img, centre, PANEL_W, active, faded)
    p = seat.player
    tx = x + 12 + BADGE + 12
    bx = x + PANEL_W - BACK_W - 12
    room = bx - tx - 10
    fitted = player_name(names, p, 25, room)
    b = sprites.badge(fitted.initial, theme.badge_colour(p), BADGE, theme.GOLD if active else None)
    paste(img, b, x + 12, cy - b.height / 2 - 6)
    draw_runs(draw, (tx, y + 38), fitted, theme.TEXT_MUTED if faded else theme.TEXT)
    loc = current()
    # Translators: a seat's penalty total in the session, on Big Two's table picture
    line = _("Penalty {points}").format(points=format_number(loc, seat.total))
    colour = theme.TEXT_MUTED if faded else theme.TEXT
    text(draw, (tx, y + 70), line, TEXT_SIZE, colour, True, "ls", loc)
    if seat.cards > 0:
        seats.pack_hand_count(img, draw, BACK_W, bx, cy, seat.cards)
    chips = _chips(view, seat, computer, timed_out)
    deal = _deal_penalty(view, p)
    if deal:
        # Translators: a chip on a seat once the deal is over: the penalty it scored
        this_deal = _p("chip", "+{points} THIS DEAL").format(points=format_number(loc, deal))
        chips.insert(0, (this_deal, theme.RED_ALERT))
    seats.draw_chips(img, chips, tx, y + PANEL_H)


def _header(img: Image.Image, draw: ImageDraw.ImageDraw, view: PublicView) -> None:
    o = view.options
    loc = current()
    # Translators: the table picture's subtitle: the preset's name and the number of players
    sub = _n("{preset} · {n} player", "{preset} · {n} players", view.players)
    sub = sub.format(preset=preset_label(o), n=format_number(loc, view.players))
    seats.title_line(draw, session_text(o, view.deal_number), sub)
    # Translators: the suit order in force, weakest first, as symbols: "Suits ♦ < ♣ < ♥ < ♠"
    suits = _("Suits {order}").format(order=suit_order_text(o))
    text(draw, (W - 24, 40), suits, 20, theme.TEXT_MUTED, True, "rs", loc)


def _face_up(
    img: Image.Image, draw: ImageDraw.ImageDraw, names: Sequence[str], card: Card, holder: int
) -> None:
    """The 52nd card of a three-player deal, which everyone saw, on the felt's
    left (three players leave the sides free)."""
    x, y = 150, 300
    paste_card(img, cards.card_sprite(card.rank, card.suit, FACE_UP_W), x, y)
    tx = x + FACE_UP_W + 14
    loc = current()
    # Translators: beside the 52nd card of a three-player deal, shown face up; then
    # "went to" and, on the next line, the name of the player who got it. Short lines.
    text(draw, (tx, y + 22), _("52nd card"), 20, theme.TEXT_MUTED, True, "ls", loc)
    fitted = player_name(names, holder, 20, 150)
    text(draw, (tx, y + 50), _("went to"), 18, theme.TEXT_MUTED, False, "ls", loc)
    draw_runs(draw, (tx, y + 76), fitted, theme.TEXT)


def _fan(img: Image.Image, combo: Combo, width: int, cx: float, top: float, max_w: int) -> int:
    return cards.draw_fan(
        img, [(c.rank, c.suit) for c in shown_order(combo)], width, cx, top, max_w
    )


def shown_order(combo: Combo) -> list[Card]:
    """The cards as players lay them out: a full house's triple (a four's
    four) before the rest, otherwise weakest first."""
    ranks = [c.rank for c in combo.cards]
    # in a straight through the 2 and the 3 (A-2-3-4-5, 2-3-4-5-6) the A and 2 sit low
    low_ace = combo.kind in (STRAIGHT, STRAIGHT_FLUSH) and 0 in ranks and 12 in ranks

    def place(c: Card) -> int:
        return c.rank - 13 if low_ace and c.rank >= 11 else c.rank

    return sorted(combo.cards, key=lambda c: (-ranks.count(c.rank), place(c), c.suit))


def _centre(
    img: Image.Image, draw: ImageDraw.ImageDraw, view: PublicView, names: Sequence[str]
) -> None:
    cx = W // 2
    left, right = 20 + PANEL_W + 14, W - 20 - PANEL_W - 14
    area_w = right - left
    top_y = TABLE_BOX[1] + PANEL_H // 2 + 40
    if view.phase == PLAY and view.top is not None:
        top = view.top
        seats.headline(
            draw,
            cx,
            top_y + 18,
            # Translators: the headline over the play to beat: "Beat Pair of 9s"
            _("Beat {play}").format(play=combo_name(top)),
            _n("{n} card", "{n} cards", top.size).format(n=format_number(current(), top.size)),
        )
        card_top = top_y + 40
        _fan(img, top, TOP_CARD_W, cx, card_top, area_w - 20)
        label_y = card_top + cards.card_height(TOP_CARD_W) + 30
        if view.top_player is not None:
            # Translators: under the play to beat, who played it; the name comes with
            # its badge
            played = _("played by {name}")
            _by_line(img, draw, names, view.top_player, cx, label_y, played)
        earlier = [(p, d) for p, d in view.trick if isinstance(d, Combo)][:-1]
        if earlier:
            seats.earlier(
                img,
                draw,
                earlier,
                names,
                cx,
                label_y + 16,
                area_w - 60,
                card_w=TRICK_CARD_W,
                fan_max=140,
                gap=20,
                size=lambda combo: combo.size,
                fan=lambda combo, x, top: _fan(img, combo, TRICK_CARD_W, x, top, 140),
            )
    elif view.phase == PLAY:
        first = not any(e.kind == "play" for e in view.history)
        seats.headline(
            draw,
            cx,
            top_y + 18,
            _("Lead the deal") if first else _("Lead a new trick"),
            # Translators: after "Lead the deal" / "Lead a new trick": any play may lead
            _("any combination"),
        )
        if view.lead_card is not None:
            # Translators: the card the first lead must include, as a symbol: "3♦"
            note = _("The lead must include the {card}").format(card=view.lead_card.pretty())
        elif view.lead_restricted:
            note = _("The lead must include the lowest card dealt")
        else:
            note = ""
        if note:
            text(draw, (cx, top_y + 60), note, 22, theme.GOLD, True, "ms", current())
        seats.empty_slot(img, cx, top_y + 84, TOP_CARD_W)
    else:
        over = view.is_over
        if over:
            title = _("Game over")
        else:
            number = format_number(current(), view.deal_number)
            title = _("Deal {number} over").format(number=number)
        seats.headline(draw, cx, top_y + 18, title, _("lowest penalty wins") if over else "")
        y = top_y + 70
        if over and view.winners:
            for w in view.winners[:4]:
                # Translators: one line per winner of the session, on the table picture
                _name_line(img, draw, names, w, cx, y, _("★ {name} wins"), theme.GOLD)
                y += 36
        elif view.results:
            winner = view.results[-1].positions.index(0)
            _name_line(img, draw, names, winner, cx, y, _("{name} won the deal"), theme.GOLD)
    if view.turn is not None and view.phase == PLAY:
        y = TABLE_BOX[3] - PANEL_H // 2 - 34
        # Translators: the foot of the table picture: whose turn it is, to lead a
        # trick or to play on it
        line = _("▶ {name} to lead") if view.top is None else _("▶ {name} to play")
        _name_line(img, draw, names, view.turn, cx, y, line, theme.GOLD)


def _around_name(line: str) -> tuple[str, str]:
    """The text before and after ``{name}`` in a translated line: the name is
    drawn with its own fonts, the rest with the reader's."""
    before, sep, after = line.partition("{name}")
    return (before, after) if sep else (line, "")


def _name_line(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    names: Sequence[str],
    p: int,
    cx: int,
    y: int,
    line: str,
    colour: RGB,
) -> None:
    """A centred line with a player's name: the text before it in ``colour``,
    the name, then the rest muted."""
    before, after = _around_name(line)
    loc = current()
    fitted = player_name(names, p, 24, 300)
    bw, aw = label_length(before, 22, False, loc), label_length(after, 22, False, loc)
    x = cx - (bw + fitted.width + aw) / 2
    draw_label(draw, (x, y), before, 22, colour, False, "ls", loc)
    draw_runs(draw, (x + bw, y), fitted, colour)
    draw_label(draw, (x + bw + fitted.width, y), after, 22, theme.TEXT_MUTED, False, "ls", loc)


def _by_line(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    names: Sequence[str],
    p: int,
    cx: int,
    y: int,
    line: str,
) -> None:
    """Who made the play on top (:func:`render.seats.by_line`), from a whole
    translated line: a language may put the name anywhere in it."""
    before, after = _around_name(line)
    if not after:
        seats.by_line(img, draw, names, p, cx, y, 22, before)
        return
    loc = current()
    fitted = player_name(names, p, 22, 300)
    bw, aw = label_length(before, 20, False, loc), label_length(after, 20, False, loc)
    dot = sprites.badge(fitted.initial, theme.badge_colour(p), 24)
    x = cx - (bw + dot.width + 6 + fitted.width + aw) / 2
    draw_label(draw, (x, y), before, 20, theme.TEXT_MUTED, False, "ls", loc)
    paste(img, dot, x + bw, y - dot.height + 5)
    draw_runs(draw, (x + bw + dot.width + 6, y), fitted, theme.TEXT)
    end = x + bw + dot.width + 6 + fitted.width
    draw_label(draw, (end, y), after, 20, theme.TEXT_MUTED, False, "ls", loc)


def draw_table(
    view: PublicView,
    names: Sequence[str],
    *,
    computer: Sequence[bool] = (),
    timed_out: Sequence[bool] = (),
) -> Image.Image:
    """:func:`render_table` before encoding."""
    img = felt_table(W, H, TABLE_BOX).copy()
    draw = ImageDraw.Draw(img)
    _header(img, draw, view)
    _centre(img, draw, view, names)
    if view.face_up is not None and view.phase == PLAY:
        _face_up(img, draw, names, view.face_up[1], view.face_up[0])
    centres = seat_centres(view.players)
    for seat in view.seats:
        _draw_seat(
            img,
            draw,
            view,
            seat,
            centres[seat.player],
            names,
            flag(computer, seat.player),
            flag(timed_out, seat.player),
        )
    return img


@functools.cache
def table_palette() -> Image.Image:
    """256 colours fitted once to sample tables (both seat states, computers and
    timed-out seats, the face-up card, tricks of every size, every suit's colour),
    so each table maps onto it instead of fitting a palette of its own: the fitting
    was about half of the table's drawing and encoding time. The samples are drawn
    in English whoever asks first, so a picture's colours never depend on the
    language of the first table drawn."""
    with reading(SOURCE):
        return _table_palette()


def _table_palette() -> Image.Image:
    from engine.bigtwo import BigTwo, preset

    names = ["Ada", "Bartholomew", "Chloé", "Zoë"]
    samples = []
    for seated, seed in ((4, 3), (3, 5)):
        game = BigTwo.new_game(preset("standard", players=seated), seed=seed)
        for step in range(30):
            if game.phase != PLAY:
                break
            if step in (0, 7, 19):
                samples.append(
                    draw_table(
                        game.public_view(),
                        names[:seated],
                        computer=[True, False, False, True][:seated],
                        timed_out=[False, False, True, False][:seated],
                    )
                )
            legal = game.legal_list()
            # the longest play now and then, so five-card hands are among the samples
            game.apply(max(legal, key=_size) if step % 3 == 0 else legal[-1])
    strip = Image.new("RGB", (W, 160), theme.BG_BOTTOM)
    faces = parse_cards("3D 3C 3H 3S 10D 10C 10H 10S QD QC QH QS 2D 2C 2H 2S")
    for i, card in enumerate(faces):
        paste_card(strip, cards.card_sprite(card.rank, card.suit, 64), 10 + i * 70, 20)
    return seats.palette_sheet(samples, strip)


def _size(decision: object) -> int:
    return decision.size if isinstance(decision, Combo) else 0


def render_table(
    view: PublicView,
    names: Sequence[str],
    *,
    computer: Sequence[bool] = (),
    timed_out: Sequence[bool] = (),
    fmt: Format = DEFAULT_FORMAT,
) -> RenderedImage:
    """The shared table picture, from the public view only; ``names``,
    ``computer`` and ``timed_out`` are indexed by player."""
    img = draw_table(view, names, computer=computer, timed_out=timed_out)
    return encode(img, "table", fmt, palette=table_palette() if fmt == "png" else None)
