"""The lobby image: the rules preset and its main options, and the seats.

Options that differ from the preset are marked, so players see at a glance
what house rules this table uses before they join.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from PIL import Image, ImageDraw

from engine.president import PRESETS, Options
from locales import N_, _, _n, current

from .. import sprites, theme
from ..drawing import paste, paste_panel, text
from ..encoding import DEFAULT_FORMAT, Format, RenderedImage, encode
from ..felt import background
from ..fonts import draw_runs, fit_label, name_runs

W: Final = 920
MARGIN: Final = 28
SEAT_W: Final = (W - 2 * MARGIN - 16) // 2
SEAT_H: Final = 64
SEAT_GAP: Final = 12
BADGE: Final = 44

LABELS: Final[dict[str, dict[Any, str]]] = {
    "rank_order": {
        "normal": N_("3 low … 2 high"),
        "aces_high": N_("2 low … A high"),
        "short_pack": N_("short pack, 7 low … 3 high"),
    },
    "twos": {
        "normal": N_("2s: normal"),
        "one_less": N_("2s beat with one card less"),
        "single_wins": N_("a single 2 wins the trick"),
    },
    "pass_rule": {
        "may_replay": N_("may play again after passing"),
        "out_until_next_trick": N_("out of the trick once you pass"),
    },
    "joker_mode": {"trump": N_("jokers are trumps"), "high": N_("jokers rank highest")},
    "exchange": {
        "none": N_("no card exchange"),
        "classic": N_("classic card exchange"),
        "house": N_("house card exchange"),
        "revolution": N_("revolution card exchange"),
        "ladder": N_("ladder card exchange"),
    },
}


def option_lines(options: Options) -> list[tuple[str, bool]]:
    """The main options as short phrases, each flagged when it differs from
    the preset (a house rule)."""
    diff = options.differences()
    o = options
    lines: list[tuple[str, bool]] = []
    pack = _n("{n} deck", "{n} decks", o.decks).format(n=o.decks)
    if o.jokers:
        jokers = _n("{n} joker", "{n} jokers", o.jokers).format(n=o.jokers)
        mode = _(LABELS["joker_mode"][o.joker_mode])
        # Translators: the lobby's pack line: "2 decks, 4 jokers (jokers are trumps)"
        pack = _("{decks}, {jokers} ({mode})").format(decks=pack, jokers=jokers, mode=mode)
    lines.append((pack, "decks" in diff or "jokers" in diff or "joker_mode" in diff))
    order = _("Order: {order}").format(order=_(LABELS["rank_order"][o.rank_order]))
    lines.append((order, "rank_order" in diff))
    if o.twos != "normal" or "twos" in diff:
        lines.append((_(LABELS["twos"][o.twos]), "twos" in diff))
    if o.revolution:
        if o.revolution_reverses_direction:
            rev = _("Four of a kind starts a revolution (and reverses play)")
        else:
            rev = _("Four of a kind starts a revolution")
        lines.append((rev, "revolution" in diff or "revolution_reverses_direction" in diff))
    elif "revolution" in diff:
        lines.append((_("No revolutions"), True))
    lines.append((_capital(_(LABELS["pass_rule"][o.pass_rule])), "pass_rule" in diff))
    extra = [
        ("equal_plays", N_("Equal plays allowed")),
        ("skip_on_equal", N_("An equal play skips the next player")),
        ("single_round", N_("One turn each per trick")),
        ("compulsory", N_("You must play if you can")),
        ("butthead", N_("Receivers give back one card more")),
    ]
    for name, phrase in extra:
        if getattr(o, name):
            lines.append((_(phrase), name in diff))
    lines.append((_capital(_(LABELS["exchange"][o.exchange])), "exchange" in diff))
    if o.scoring == "credits":
        score = _("{n} credits each; out at 0").format(n=o.start_credits)
    elif o.scoring == "ladder":
        score = _("Ladder points 100 / 50 / 25")
    elif o.scoring == "classic":
        score = _("Scoring: 2 / 1 / 0 points, first to {n}").format(n=o.target)
    else:
        score = _("Scoring: points by position, first to {n}").format(n=o.target)
    if o.game_rounds is not None:
        score = _n("{scoring} · {n} round max", "{scoring} · {n} rounds max", o.game_rounds).format(
            scoring=score, n=o.game_rounds
        )
    lines.append((score, bool({"scoring", "target", "start_credits", "rounds"} & diff.keys())))
    return lines


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


PRESET_TITLES: Final = {
    # Translators: a preset in the lobby picture's title, "President · House"
    "classic": N_("Classic"),
    "house": N_("House"),
    "revolution": N_("Revolution"),
    "ladder": N_("Ladder"),
}


def preset_title(preset: str) -> str:
    """A preset's name in the lobby picture's title."""
    title = PRESET_TITLES.get(preset)
    return _(title) if title is not None else preset.replace("_", " ").title()


def draw_lobby(
    preset_name: str,
    options: Options,
    seats: Sequence[tuple[str, bool]],
    max_seats: int,
) -> Image.Image:
    """:func:`render_lobby` before encoding."""
    lines = option_lines(options)
    seat_rows = (max(max_seats, len(seats)) + 1) // 2
    opts_h = 46 + 34 * len(lines)
    h = 150 + seat_rows * (SEAT_H + SEAT_GAP) + 30 + opts_h + 24
    img = background(W, h).copy()
    draw = ImageDraw.Draw(img)
    info = PRESETS.get(preset_name)
    loc = current()
    title = _("President · {preset}").format(preset=preset_title(preset_name))
    text(draw, (MARGIN, 50), title, 34, theme.TEXT, True, "ls", locale=loc)
    joined = _n("{n} / {max} seat", "{n} / {max} seats", max_seats).format(
        n=len(seats), max=max_seats
    )
    text(draw, (W - MARGIN, 50), joined, 24, theme.GOLD, True, "rs", locale=loc)
    if info is not None:
        summary = fit_label(_(info.summary), 20, W - 2 * MARGIN, locale=loc)
        text(draw, (MARGIN, 86), summary, 20, theme.TEXT_MUTED, False, "ls", locale=loc)
        players = _("{min}–{max} players").format(min=info.min_players, max=info.max_players)
        text(draw, (MARGIN, 114), players, 18, theme.TEXT_DIM, False, "ls", locale=loc)

    y0 = 136
    for i in range(max(max_seats, len(seats))):
        col, row = i % 2, i // 2
        x = MARGIN + col * (SEAT_W + 16)
        y = y0 + row * (SEAT_H + SEAT_GAP)
        cy = y + SEAT_H // 2
        if i < len(seats):
            name, bot = seats[i]
            sprite = sprites.panel(SEAT_W, SEAT_H, 16, theme.PANEL, (255, 255, 255, 46))
            paste_panel(img, sprite, x, y)
            fitted = name_runs(name, i, 24, SEAT_W - BADGE - 40 - (70 if bot else 0))
            b = sprites.badge(fitted.initial, theme.badge_colour(i), BADGE)
            paste(img, b, x + 12 - 3, cy - b.height / 2)
            draw_runs(draw, (x + 12 + BADGE + 12, cy), fitted, theme.TEXT, "lm")
            if bot:
                # Translators: the chip of a computer player's seat
                chip = sprites.chip(_("BOT"), theme.BLUE_CHIP, 26)
                paste(img, chip, x + SEAT_W - chip.width - 14, cy - 13)
        else:
            sprite = sprites.panel(SEAT_W, SEAT_H, 16, (255, 255, 255, 10), (255, 255, 255, 60))
            paste_panel(img, sprite, x, y)
            at = (x + SEAT_W / 2, cy)
            text(draw, at, _("Open seat"), 22, theme.TEXT_DIM, False, "mm", locale=loc)

    y = y0 + seat_rows * (SEAT_H + SEAT_GAP) + 30
    text(draw, (MARGIN, y + 20), _("RULES"), 18, theme.TEXT_DIM, True, "ls", locale=loc)
    if any(changed for _phrase, changed in lines):
        chip = sprites.chip(_("HOUSE RULE"), theme.ORANGE_CHIP, 24)
        paste(img, chip, W - MARGIN - chip.width, y + 2)
    y += 46
    for phrase, changed in lines:
        colour = theme.ORANGE_CHIP if changed else theme.TEXT
        text(draw, (MARGIN + 4, y + 12), "•", 22, colour, True, "ls")
        text(
            draw,
            (MARGIN + 26, y + 12),
            fit_label(phrase, 22, W - 2 * MARGIN - 30, locale=loc),
            22,
            colour,
            False,
            "ls",
            locale=loc,
        )
        y += 34
    return img


def render_lobby(
    preset_name: str,
    options: Options,
    seats: Sequence[tuple[str, bool]],
    max_seats: int,
    *,
    fmt: Format = DEFAULT_FORMAT,
) -> RenderedImage:
    """A table waiting for players: ``seats`` are (name, is computer) in
    joining order; empty seats up to ``max_seats`` are drawn open. House
    rules (options that differ from the preset) are drawn in orange."""
    return encode(draw_lobby(preset_name, options, seats, max_seats), "lobby", fmt)
