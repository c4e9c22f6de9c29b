"""The lobby image: the rules preset and its main options, and the seats.

Options that differ from the preset are marked, so players see at a glance
what house rules this table uses before they join.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from PIL import Image, ImageDraw

from engine.president import PRESETS, Options

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
        "normal": "3 low … 2 high",
        "aces_high": "2 low … A high",
        "short_pack": "short pack, 7 low … 3 high",
    },
    "twos": {
        "normal": "2s: normal",
        "one_less": "2s beat with one card less",
        "single_wins": "a single 2 wins the trick",
    },
    "pass_rule": {
        "may_replay": "may play again after passing",
        "out_until_next_trick": "out of the trick once you pass",
    },
    "joker_mode": {"trump": "jokers are trumps", "high": "jokers rank highest"},
    "exchange": {
        "none": "no card exchange",
        "classic": "classic card exchange",
        "house": "house card exchange",
        "revolution": "revolution card exchange",
        "ladder": "ladder card exchange",
    },
}


def option_lines(options: Options) -> list[tuple[str, bool]]:
    """The main options as short phrases, each flagged when it differs from
    the preset (a house rule)."""
    diff = options.differences()
    o = options
    lines: list[tuple[str, bool]] = []
    pack = f"{o.decks} deck" + ("s" if o.decks > 1 else "")
    if o.jokers:
        pack += f", {o.jokers} joker" + ("s" if o.jokers > 1 else "")
        pack += f" ({LABELS['joker_mode'][o.joker_mode]})"
    lines.append((pack, "decks" in diff or "jokers" in diff or "joker_mode" in diff))
    lines.append((f"Order: {LABELS['rank_order'][o.rank_order]}", "rank_order" in diff))
    if o.twos != "normal" or "twos" in diff:
        lines.append((LABELS["twos"][o.twos], "twos" in diff))
    if o.revolution:
        rev = "Four of a kind starts a revolution"
        if o.revolution_reverses_direction:
            rev += " (and reverses play)"
        lines.append((rev, "revolution" in diff or "revolution_reverses_direction" in diff))
    elif "revolution" in diff:
        lines.append(("No revolutions", True))
    lines.append((LABELS["pass_rule"][o.pass_rule].capitalize(), "pass_rule" in diff))
    extra = [
        ("equal_plays", "Equal plays allowed"),
        ("skip_on_equal", "An equal play skips the next player"),
        ("single_round", "One turn each per trick"),
        ("compulsory", "You must play if you can"),
        ("butthead", "Receivers give back one card more"),
    ]
    for name, phrase in extra:
        if getattr(o, name):
            lines.append((phrase, name in diff))
    lines.append((LABELS["exchange"][o.exchange].capitalize(), "exchange" in diff))
    if o.scoring == "credits":
        score = f"{o.start_credits} credits each; out at 0"
    elif o.scoring == "ladder":
        score = "Ladder points 100 / 50 / 25"
    else:
        unit = "2 / 1 / 0 points" if o.scoring == "classic" else "points by position"
        score = f"Scoring: {unit}, first to {o.target}"
    if o.game_rounds is not None:
        score += f" · {o.game_rounds} rounds max"
    lines.append((score, bool({"scoring", "target", "start_credits", "rounds"} & diff.keys())))
    return lines


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
    title = preset_name.replace("_", " ").title()
    text(draw, (MARGIN, 50), f"President · {title}", 34, theme.TEXT, True, "ls")
    joined = f"{len(seats)} / {max_seats} seats"
    text(draw, (W - MARGIN, 50), joined, 24, theme.GOLD, True, "rs")
    if info is not None:
        summary = fit_label(info.summary, 20, W - 2 * MARGIN)
        text(draw, (MARGIN, 86), summary, 20, theme.TEXT_MUTED, False, "ls")
        players = f"{info.min_players}–{info.max_players} players"
        text(draw, (MARGIN, 114), players, 18, theme.TEXT_DIM, False, "ls")

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
                chip = sprites.chip("BOT", theme.BLUE_CHIP, 26)
                paste(img, chip, x + SEAT_W - chip.width - 14, cy - 13)
        else:
            sprite = sprites.panel(SEAT_W, SEAT_H, 16, (255, 255, 255, 10), (255, 255, 255, 60))
            paste_panel(img, sprite, x, y)
            text(draw, (x + SEAT_W / 2, cy), "Open seat", 22, theme.TEXT_DIM, False, "mm")

    y = y0 + seat_rows * (SEAT_H + SEAT_GAP) + 30
    text(draw, (MARGIN, y + 20), "RULES", 18, theme.TEXT_DIM, True, "ls")
    if any(changed for _, changed in lines):
        chip = sprites.chip("HOUSE RULE", theme.ORANGE_CHIP, 24)
        paste(img, chip, W - MARGIN - chip.width, y + 2)
    y += 46
    for phrase, changed in lines:
        colour = theme.ORANGE_CHIP if changed else theme.TEXT
        text(draw, (MARGIN + 4, y + 12), "•", 22, colour, True, "ls")
        text(
            draw,
            (MARGIN + 26, y + 12),
            fit_label(phrase, 22, W - 2 * MARGIN - 30),
            22,
            colour,
            False,
            "ls",
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
