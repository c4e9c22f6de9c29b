"""The table image: seats around a felt table, the trick in the centre.

Drawn only from a :class:`engine.PublicView` (plus names and flags the
caller owns), so it cannot show a hidden card: two states that differ only
in who holds which cards give byte-identical images.

Seats are laid out clockwise as seen from above — bottom row right to left,
up the left side, top row left to right, down the right side — so the order
of play reads around the table like at a real one.

Each seat's panel gives the name, the title and the points a line each, so
that none hides another, and a titled player's badge sits in the chair of
their title (:mod:`render.president.chairs`).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any, Final

from PIL import Image, ImageDraw

from engine.president import JOKER, PLAY, Card, Play, PublicView, SeatView
from locales import _, _n, current, format_number

from .. import cards, seats, sprites, theme
from ..drawing import flag, ordinal, paste, player_name, text
from ..encoding import DEFAULT_FORMAT, Format, RenderedImage, encode
from ..felt import felt_table
from ..fonts import draw_runs, fit_label, label_length
from ..seats import PANEL_H, SIDES
from ..seats import TABLE_BOX as TABLE_BOX
from ..seats import H as H
from ..seats import W as W
from ..theme import RGB
from .chairs import chair, seat_for
from .labels import play_text, players_in, preset_label, title_text

HEADER: Final = 64
PANEL_W: Final = 304
BADGE: Final = 56
AVATAR_W: Final = 80
"""The seat's left column: the player's badge, sitting in their title's chair."""
CHAIR_H: Final = PANEL_H - 10
SEATED_BADGE: Final = 48
TEXT_SIZE: Final = 20
"""Title and points: 10 px at Discord's ~550 px preview, the smallest text here."""
TOP_CARD_W: Final = 110
TRICK_CARD_W: Final = 55
BACK_W: Final = 44
TEXT_ROOM: Final = PANEL_W - (4 + AVATAR_W + 8) - (10 + BACK_W + 12)
"""Width of the name, title and points lines, between the badge and the card back."""


def seat_centres(n: int) -> list[tuple[int, int]]:
    """Centre of each seat's panel, in seat order, going clockwise."""
    return seats.seat_centres(n, PANEL_W, len(SIDES))


def play_cards(play: Play, cards: Sequence[Card] = ()) -> list[tuple[int, int]]:
    """(rank, suit) of the cards to show for a public play: the cards really
    played when the view has them, otherwise clubs first (as the engine
    picks them), jokers alternating X1/X2."""
    if len(cards) == play.count:
        return [(c.rank, c.suit) for c in cards]
    if play.rank == JOKER:
        return [(JOKER, i % 2) for i in range(play.count)]
    return [(play.rank, i % 4) for i in range(play.count)]


def _draw_stack(
    img: Image.Image,
    play: Play,
    card_w: int,
    cx: float,
    top: float,
    max_w: int,
    cards_played: Sequence[Card] = (),
) -> int:
    return cards.draw_fan(img, play_cards(play, cards_played), card_w, cx, top, max_w)


def seat_lines(view: PublicView, seat: SeatView) -> tuple[str, str]:
    """The seat's title (from the view: the one held, else the one this round
    earns once out; empty before any) and its points, as drawn on their own
    lines under the name."""
    shown = format_number(current(), seat.score)
    if view.options.scoring == "credits":
        # Translators: credits, abbreviated (a seat's line is short)
        score = _("{n} cr").format(n=shown)
    else:
        # Translators: points, abbreviated
        score = _n("{n} pt", "{n} pts", abs(seat.score)).format(n=shown)
    return title_text(seat.title or seat.earned_title or ""), score


def _seat_state(
    view: PublicView, seat: SeatView, computer: bool, timed_out: bool
) -> list[tuple[str, RGB]]:
    to_act = _("TO PLAY") if view.phase == PLAY else _("TO GIVE")
    passed = seat.passed and view.phase == PLAY
    chips = seats.trick_chips(seat.position, seat.to_act, passed, to_act)
    return chips + seats.player_chips(computer, timed_out)


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
    out = seat.position is not None
    faded = (seat.passed and view.phase == PLAY and not active) or out
    x, y = seats.seat_panel(img, centre, PANEL_W, active, faded)

    p = seat.player
    bx = x + PANEL_W - BACK_W - 12
    tx = x + 4 + AVATAR_W + 8
    room = TEXT_ROOM
    fitted = player_name(names, p, 25, room)
    colour = theme.badge_colour(p)
    ring = theme.GOLD if active else None
    seat_kind = seat_for(seat.title)
    ax = x + 4 + AVATAR_W / 2
    if seat_kind is None:
        b = sprites.badge(fitted.initial, colour, BADGE, ring)
        paste(img, b, ax - b.width / 2, cy - b.height / 2)
    else:
        c = chair(seat_kind, CHAIR_H)
        paste(img, c, ax - c.width / 2, y + 5)
        b = sprites.badge(fitted.initial, colour, SEATED_BADGE, ring)
        paste(img, b, ax - b.width / 2, y + 5 + round(CHAIR_H * 0.4) - b.height / 2)
    name_colour = theme.TEXT_MUTED if faded else theme.TEXT
    draw_runs(draw, (tx, y + 36), fitted, name_colour)

    # The title and the points each get a line of their own, so a long title
    # ("Vice-President") never pushes the points out of the panel.
    title, score = seat_lines(view, seat)
    line_y = y + 63
    if title:
        title = fit_label(title, TEXT_SIZE, room)
        title_colour = theme.TEXT_DIM if faded else theme.TEXT_MUTED
        text(draw, (tx, line_y), title, TEXT_SIZE, title_colour, False, "ls")
        line_y += 26
    score_colour = theme.TEXT_MUTED if faded else theme.TEXT
    text(draw, (tx, line_y), score, TEXT_SIZE, score_colour, True, "ls")

    if seat.cards > 0:
        seats.pack_hand_count(img, draw, BACK_W, bx, cy, seat.cards)
    seats.draw_chips(img, _seat_state(view, seat, computer, timed_out), tx, y + PANEL_H)


def _header(img: Image.Image, draw: ImageDraw.ImageDraw, view: PublicView) -> None:
    opts = view.options
    players = _n("{n} player", "{n} players", view.players).format(n=view.players)
    sub = _("{preset} · {players}").format(preset=preset_label(opts), players=players)
    seats.title_line(draw, _("Round {n}").format(n=max(1, view.round_number)), sub)
    right = W - 24
    if opts.revolution_reverses_direction or view.direction == -1:
        width = seats.direction(draw, right, view.direction == 1, 20, 30, 42)
        right -= round(width) + 56
    if view.revolution:
        top = cards.RANK_LABELS[view.top_rank]
        c = sprites.chip(_("REVOLUTION · {rank} HIGH").format(rank=top), theme.RED_ALERT, 34)
        paste(img, c, right - c.width, 14)


def _centre(
    img: Image.Image, draw: ImageDraw.ImageDraw, view: PublicView, names: Sequence[str]
) -> None:
    """The trick: what to beat, the top play, earlier plays, who is to act."""
    cx = W // 2
    left, right = 20 + PANEL_W + 14, W - 20 - PANEL_W - 14
    area_w = right - left
    top_y = TABLE_BOX[1] + PANEL_H // 2 + 40
    trick = view.trick
    turn = view.turn

    if view.phase == PLAY and trick.top is not None:
        size = trick.size
        what = _("Beat {play}").format(play=play_text(trick.top))
        how = _n("with {n} card", "with {n} cards", size).format(n=size)
        seats.headline(draw, cx, top_y + 18, what, how)
        by = trick.top_player
        card_top = top_y + 44
        # the top play is the last entry of the trick that is not a pass
        top_cards = next(
            (
                cs
                for (_, pl), cs in zip(trick.plays[::-1], trick.cards[::-1], strict=False)
                if pl.count
            ),
            (),
        )
        _draw_stack(img, trick.top, TOP_CARD_W, cx, card_top, area_w - 40, top_cards)
        label_y = card_top + cards.card_height(TOP_CARD_W) + 30
        if by is not None:
            seats.by_line(img, draw, names, by, cx, label_y, 21)
        earlier = [
            (p, (pl, cs))
            for (p, pl), cs in zip(trick.plays, trick.cards, strict=False)
            if pl.count > 0
        ][:-1]
        if earlier:
            seats.earlier(
                img,
                draw,
                earlier,
                names,
                cx,
                label_y + 18,
                area_w - 70,
                card_w=TRICK_CARD_W,
                fan_max=150,
                gap=22,
                size=lambda play: play[0].count,
                fan=lambda play, x, top: _draw_stack(
                    img, play[0], TRICK_CARD_W, x, top, 150, play[1]
                ),
            )
    elif view.phase == PLAY:
        lead = _("Lead a new trick") if view.history else _("Lead the round")
        seats.headline(draw, cx, top_y + 18, lead, _("any set"))
        if trick.lead_needs_three_of_clubs:
            must = _("The lead must include the 3♣")
            text(draw, (cx, top_y + 60), must, 22, theme.GOLD, True, "ms", locale=current())
        seats.empty_slot(img, cx, top_y + 80, TOP_CARD_W)
    elif view.phase == "exchange":
        seats.headline(draw, cx, top_y + 18, _("Card exchange"), "")
        y = top_y + 66
        for ev in view.exchange[-6:]:
            line = _n(
                "{giver} → {receiver} · {n} card", "{giver} → {receiver} · {n} cards", ev.count
            )
            parts = players_in(line, ev.count, giver=ev.giver, receiver=ev.receiver)
            seats.mixed(draw, cx, y, parts, theme.TEXT_MUTED, names, 22)
            y += 32
        for giver, receiver, count in view.pending_exchange[:3]:
            line = _n(
                "{giver} gives back {n} card to {receiver}",
                "{giver} gives back {n} cards to {receiver}",
                count,
            )
            parts = players_in(line, count, giver=giver, receiver=receiver)
            seats.mixed(draw, cx, y, parts, theme.GOLD, names, 22)
            y += 32
    else:
        over = view.is_over or view.phase == "game_over"
        title = _("Game over") if over else _("Round {n} over").format(n=view.round_number)
        seats.headline(draw, cx, top_y + 18, title, "")
        if over and view.winners:
            won = _n("★ {names} wins", "★ {names} win", len(view.winners))
            parts = players_in(won, 0, names=list(view.winners))
            seats.mixed(draw, cx, top_y + 110, parts, theme.GOLD, names, 30)
        elif view.finished:
            y = top_y + 80
            for pos, p in enumerate(view.finished[:4]):
                seats.mixed(draw, cx, y, [f"{ordinal(pos + 1)}  ", p], theme.TEXT, names, 22)
                y += 34

    if turn is not None and view.phase == PLAY:
        fitted = player_name(names, turn, 24, area_w - 80)
        y = TABLE_BOX[3] - PANEL_H // 2 - 30
        label = _("to play")
        lw = label_length(label, 22, False, current())
        total = fitted.width + 10 + lw + 26
        x0 = cx - total / 2
        text(draw, (x0, y), "▶", 20, theme.GOLD, True, "ls")
        draw_runs(draw, (x0 + 26, y), fitted, theme.GOLD)
        at = (x0 + 26 + fitted.width + 10, y)
        text(draw, at, label, 22, theme.TEXT_MUTED, False, "ls", locale=current())


def render_table(
    view: PublicView,
    names: Sequence[str],
    *,
    computer: Sequence[bool] = (),
    timed_out: Sequence[bool] = (),
    fmt: Format = DEFAULT_FORMAT,
) -> RenderedImage:
    """The shared table picture for one game, from the public view only.

    ``names``, ``computer`` and ``timed_out`` are indexed by player;
    ``timed_out[p]`` means the computer played for ``p`` after a timeout.
    """
    img = draw_table(view, names, computer=computer, timed_out=timed_out)
    return encode(img, "table", fmt, palette=table_palette())


@functools.cache
def table_palette() -> Image.Image:
    """256 colours fitted once to busy sample tables (every badge colour, every
    seat state, both suits' colours, jokers, the revolution marks, the
    exchange, the five titles' chairs), so each table is mapped onto it
    instead of fitting a palette of its own: the fitting was two thirds of the
    table's encoding time."""
    from engine.president import President, preset

    names = ["Ada", "Bartholomew", "Chloé", "محمد", "Ωmega", "Zoë", "Player 7", "Hal"]
    samples = []
    for rules, players, seed in (("revolution", 8, 3), ("house", 7, 5), ("classic", 5, 2)):
        game = President.new_game(preset(rules, players=players), seed=seed)
        for step in range(60):
            if game.phase not in ("play", "exchange"):
                break
            if step in (8, 30):
                samples.append(_sample(game, names[:players]))
            game.apply(game.default_decision() if step % 3 else next(iter(game.legal_plays())))
        samples.append(_sample(game, names[:players]))
    # the titles' chairs, on a seat panel's colour: cheaper than a round-2 table
    strip = Image.new("RGB", (W, CHAIR_H + 10), theme.mix(theme.FELT_EDGE, theme.PANEL[:3], 0.66))
    for seat in range(5):
        c = chair(seat, CHAIR_H)
        paste(strip, c, 10 + seat * (c.width + 10), 5)
    return seats.palette_sheet(samples, strip)


def _sample(game: Any, names: list[str]) -> Image.Image:
    n = len(names)
    computer = [i % 3 == 1 for i in range(n)]
    timed_out = [i % 4 == 2 for i in range(n)]
    return draw_table(game.public_view(), names, computer=computer, timed_out=timed_out)


def draw_table(
    view: PublicView,
    names: Sequence[str],
    *,
    computer: Sequence[bool] = (),
    timed_out: Sequence[bool] = (),
) -> Image.Image:
    """:func:`render_table` before encoding (for tests and benchmarks)."""
    img = felt_table(W, H, TABLE_BOX).copy()
    draw = ImageDraw.Draw(img)
    _header(img, draw, view)
    _centre(img, draw, view, names)
    centres = seat_centres(view.players)
    for seat in view.seats:
        _draw_seat(
            img,
            draw,
            view,
            seat,
            centres[seat.seat],
            names,
            flag(computer, seat.player),
            flag(timed_out, seat.player),
        )
    return img
