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

from collections.abc import Sequence
from typing import Final

from PIL import Image, ImageDraw

from engine.bigtwo import PLAY, Combo, PublicView, SeatView
from engine.bigtwo.combos import STRAIGHT, STRAIGHT_FLUSH
from engine.cards import Card

from .. import cards, seats, sprites, theme
from ..drawing import flag, paste, paste_card, player_name, text
from ..encoding import DEFAULT_FORMAT, Format, RenderedImage, encode
from ..felt import felt_table
from ..fonts import draw_runs, font
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
    chips = seats.trick_chips(
        seat.position, seat.to_act, seat.passed and view.phase == PLAY, "TO PLAY"
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
    line = f"Penalty {seat.total}"
    text(draw, (tx, y + 70), line, TEXT_SIZE, theme.TEXT_MUTED if faded else theme.TEXT, True, "ls")
    if seat.cards > 0:
        seats.pack_hand_count(img, draw, BACK_W, bx, cy, seat.cards)
    chips = _chips(view, seat, computer, timed_out)
    deal = _deal_penalty(view, p)
    if deal:
        chips.insert(0, (f"+{deal} THIS DEAL", theme.RED_ALERT))
    seats.draw_chips(img, chips, tx, y + PANEL_H)


def _header(img: Image.Image, draw: ImageDraw.ImageDraw, view: PublicView) -> None:
    o = view.options
    seats.title_line(
        draw, session_text(o, view.deal_number), f"{preset_label(o)} · {view.players} players"
    )
    text(draw, (W - 24, 40), f"Suits {suit_order_text(o)}", 20, theme.TEXT_MUTED, True, "rs")


def _face_up(
    img: Image.Image, draw: ImageDraw.ImageDraw, names: Sequence[str], card: Card, holder: int
) -> None:
    """The 52nd card of a three-player deal, which everyone saw, on the felt's
    left (three players leave the sides free)."""
    x, y = 150, 300
    paste_card(img, cards.card_sprite(card.rank, card.suit, FACE_UP_W), x, y)
    tx = x + FACE_UP_W + 14
    text(draw, (tx, y + 22), "52nd card", 20, theme.TEXT_MUTED, True, "ls")
    fitted = player_name(names, holder, 20, 150)
    text(draw, (tx, y + 50), "went to", 18, theme.TEXT_MUTED, False, "ls")
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
            f"Beat {combo_name(top)}",
            f"{top.size} card" + "s" * (top.size > 1),
        )
        card_top = top_y + 40
        _fan(img, top, TOP_CARD_W, cx, card_top, area_w - 20)
        label_y = card_top + cards.card_height(TOP_CARD_W) + 30
        if view.top_player is not None:
            seats.by_line(img, draw, names, view.top_player, cx, label_y, 22, "played by ")
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
            "Lead the deal" if first else "Lead a new trick",
            "any combination",
        )
        if view.lead_card is not None:
            note = f"The lead must include the {view.lead_card.pretty()}"
        elif view.lead_restricted:
            note = "The lead must include the lowest card dealt"
        else:
            note = ""
        if note:
            text(draw, (cx, top_y + 60), note, 22, theme.GOLD, True, "ms")
        seats.empty_slot(img, cx, top_y + 84, TOP_CARD_W)
    else:
        over = view.is_over
        title = "Game over" if over else f"Deal {view.deal_number} over"
        seats.headline(draw, cx, top_y + 18, title, "lowest penalty wins" if over else "")
        y = top_y + 70
        if over and view.winners:
            for w in view.winners[:4]:
                _name_line(img, draw, names, w, cx, y, "★ ", " wins", theme.GOLD)
                y += 36
        elif view.results:
            winner = view.results[-1].positions.index(0)
            _name_line(img, draw, names, winner, cx, y, "", " won the deal", theme.GOLD)
    if view.turn is not None and view.phase == PLAY:
        y = TABLE_BOX[3] - PANEL_H // 2 - 34
        lead = view.top is None
        _name_line(
            img, draw, names, view.turn, cx, y, "▶ ", " to lead" if lead else " to play", theme.GOLD
        )


def _name_line(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    names: Sequence[str],
    p: int,
    cx: int,
    y: int,
    before: str,
    after: str,
    colour: RGB,
) -> None:
    fitted = player_name(names, p, 24, 300)
    f = font(22, False)
    bw, aw = f.getlength(before), f.getlength(after)
    x = cx - (bw + fitted.width + aw) / 2
    draw.text((x, y), before, font=f, fill=colour, anchor="ls")
    draw_runs(draw, (x + bw, y), fitted, colour)
    draw.text((x + bw + fitted.width, y), after, font=f, fill=theme.TEXT_MUTED, anchor="ls")


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
    return encode(draw_table(view, names, computer=computer, timed_out=timed_out), "table", fmt)
