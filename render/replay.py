"""An animated replay of one finished round: one frame per decision.

Every game draws its frames the same way, so this module knows no game: a
game's ``render/<game>/replay.py`` defines ``REPLAY``, a :class:`GameReplay`
that says how its table is drawn, how its cards look, and what each decision
is called in a caption. A frame is the game's own table picture (from the
public view) over a caption bar, a progress strip, and every hand face up
(the round is over, so nothing is secret any more).

The first frame is the deal, then one frame per decision, the last of which
is the round's result; the last frame is held. A round of ``k`` decisions
has ``k + 1`` frames.

Formats (measured by ``python -m benchmarks.render``): GIF is the default.
For a 100-decision President round it encodes in about a third of lossy
WebP's CPU time (the whole replay stays well inside the 5 s target on a
shared two-core host), its pixels are exact where lossy WebP's 4:2:0 chroma
blurs red suit marks, every Discord client plays a GIF inline, and its size
is within about a fifth of WebP's (both far below 8 MiB): the writer stores
only the changed rectangle of each frame, unchanged pixels in it transparent.
Its 255 colours are one palette fitted to the deal and the result, which
between them show every card and seat state. WebP is there for ``.webp``.

    >>> from engine.game import game_type
    >>> from render.replay import render_replay, describe_replay
    >>> gt = game_type("president")
    >>> game = gt.new_game(gt.make_options("classic", {}), 7)
    >>> while not game.is_round_over():
    ...     _ = game.apply(game.default_decision(), game.current_player)
    >>> names = ["Ada", "Bob", "Cy", "Di"]
    >>> render_replay(game.record(), names, 1)[:6]
    b'GIF89a'

    >>> describe_replay(game.record(), names, 1)[0]
    'Round 1: the deal'
"""

from __future__ import annotations

import argparse
import importlib
import io
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, Literal

from PIL import Image, ImageDraw

from engine.errors import EngineError, IllegalDecision, RecordError
from engine.game import GameRecord, load_record, record_kind
from locales import _, current, format_number

from . import sprites, theme
from .drawing import paste_card, player_name
from .felt import background
from .fonts import draw_label, draw_runs, font, label_length
from .seats import W

AnimFormat = Literal["webp", "gif"]
DEFAULT_ANIM_FORMAT: Final[AnimFormat] = "gif"

Caption = Sequence[str | int]
"""A caption: fixed text and player numbers (drawn as the players' names)."""

CAPTION_H: Final = 64
CAPTION_SIZE: Final = 30
"""The caption's text: about 11 px high at a phone's ~400 px wide preview."""
PROGRESS_H: Final = 10
HAND_CARD_W: Final = 44
HAND_ROW_H: Final = 84
HAND_NAME_W: Final = 150
HANDS_PAD: Final = 14

DEAL_MS: Final = 1600
STEP_MS: Final = 900
QUIET_MS: Final = 500
"""A pass (nothing on the table changes but a chip) goes by faster."""
LAST_MS: Final = 6000
"""The result stays up: the animation plays once and ends on it."""

WEBP_QUALITY: Final = 80
KEYFRAMES: Final = 1000
"""At most one full frame in this many (the first is always one)."""

MAX_BYTES: Final = 8 * 1024 * 1024
MAX_WIDTH: Final = 1280


class Parts:
    """A caption put together from a decision's events, one after another
    (``Ada plays 9♠ · Ada is out (1st)``): names stay seat numbers until drawn.

    >>> c = Parts()
    >>> c.add(0, " passes"); c.add(1, " takes the trick"); c.caption()
    [0, ' passes', ' · ', 1, ' takes the trick']
    >>> Parts().caption()
    ['…']
    """

    def __init__(self) -> None:
        self._parts: list[str | int] = []

    def add(self, *items: str | int) -> None:
        if self._parts:
            self._parts.append(" · ")
        self._parts.extend(items)

    def caption(self) -> Caption:
        return self._parts or ["…"]


class ReplayError(ValueError):
    """A round that cannot be replayed (not finished, not in the record)."""


@dataclass(frozen=True)
class GameReplay:
    """What a game tells the replay about itself (``render/<game>/replay.py``).

    ``state_class`` is the engine's kit state class (``replay_begin``,
    ``start_round``, ``apply``); ``draw_table(state, names)`` the game's
    table picture of the state's public view; ``hand_sprites(state, player,
    card_w)`` a player's hand as card sprites, in the order the game sorts
    them; ``caption(decision, events)`` what a decision and its public events say;
    ``result(state)`` the result line once the round is over; ``quiet(events)``
    whether a decision changed little (a pass) and may go by faster.
    """

    state_class: Any
    draw_table: Callable[[Any, Sequence[str]], Image.Image]
    hand_sprites: Callable[[Any, int, int], list[sprites.Sprite]]
    caption: Callable[[Any, Sequence[Any]], Caption]
    result: Callable[[Any], Caption]
    quiet: Callable[[Sequence[Any]], bool]


@dataclass(frozen=True)
class Frame:
    """One frame before encoding: its picture, caption (as text) and duration."""

    image: Image.Image
    caption: str
    duration_ms: int


def game_replay(kind: str) -> GameReplay:
    """The :class:`GameReplay` of the game called ``kind``."""
    try:
        module = importlib.import_module(f"render.{kind}.replay")
    except ModuleNotFoundError:
        raise ReplayError(f"no replay for the game {kind!r}") from None
    replay: GameReplay = module.REPLAY
    return replay


def caption_text(parts: Caption, names: Sequence[str]) -> str:
    """A caption as plain text (names in place of player numbers)."""
    return "".join(_name(names, p) if isinstance(p, int) else p for p in parts)


def _name(names: Sequence[str], player: int) -> str:
    if 0 <= player < len(names):
        return names[player]
    return _("Player {number}").format(number=player + 1)


def _round_state(game: GameReplay, record: Any, round_no: int) -> tuple[Any, Any]:
    """The state just dealt for ``round_no`` (1-based) and that round's record."""
    rec = game.state_class.record_type.read(record)
    if not rec.rounds:
        raise ReplayError("the record has no rounds")
    if not 1 <= round_no <= len(rec.rounds):
        raise ReplayError(f"there is no round {round_no}: the record has {len(rec.rounds)}")
    state = game.state_class.replay_begin(rec)
    for i, rnd in enumerate(rec.rounds[:round_no]):
        if i:
            state.start_round(rnd.deal)
        if i < round_no - 1:
            for player, decision in rnd.decisions:
                state.apply(decision, player)
    return state, rec.rounds[round_no - 1]


def iter_frames(
    record: Any, names: Sequence[str], round_no: int | None = None
) -> Iterator[tuple[Any, Caption, int]]:
    """``(state, caption, duration_ms)`` for each frame of a round, the state
    shared and moved on between frames (draw it before taking the next).

    Raises :class:`ReplayError` for a round that is not finished: its hands
    are still secret."""
    kind = record.kind if hasattr(record, "kind") else record_kind(_json(record))
    game = game_replay(kind)
    rec = game.state_class.record_type.read(record)
    number = len(rec.rounds) if round_no is None else round_no
    state, rnd = _round_state(game, rec, number)
    word = game.state_class.round_word
    decisions = list(rnd.decisions)
    yield state, [deal_caption(word, number)], DEAL_MS
    for i, (player, decision) in enumerate(decisions):
        try:
            events = state.apply(decision, player)
        except IllegalDecision as exc:
            raise RecordError(f"{word} {number}: player {player} {decision}: {exc}") from exc
        last = i == len(decisions) - 1
        parts = list(game.caption(decision, events))
        if last:
            if not (state.is_round_over() or state.is_terminal()):
                break
            # the result first: a long caption is cut short at its end
            parts = [*game.result(state), " · ", *parts]
            yield state, parts, LAST_MS
        else:
            yield state, parts, QUIET_MS if game.quiet(events) else STEP_MS
    if not decisions or not (state.is_round_over() or state.is_terminal()):
        raise ReplayError(
            f"{word} {number} is not finished: only a finished {word} can be replayed"
        )


def deal_caption(word: str, number: int) -> str:
    """The first frame's caption: the round (or deal) just dealt."""
    shown = format_number(current(), number)
    if word == "deal":
        # Translators: the caption of a replay's first frame, a game that plays deals
        return _("Deal {number}: the deal").format(number=shown)
    if word == "round":
        # Translators: the caption of a replay's first frame, a game that plays rounds
        return _("Round {number}: the deal").format(number=shown)
    # another game's own word: no message has it, so it stays in English
    return f"{word.capitalize()} {number}: the deal"


def _json(record: Any) -> str:
    return record if isinstance(record, str) else str(record.to_json())


def _hands_height(n: int) -> int:
    return HANDS_PAD * 2 + ((n + 1) // 2) * HAND_ROW_H


def compose(
    game: GameReplay,
    state: Any,
    names: Sequence[str],
    caption: Caption,
    index: int,
    total: int,
) -> Image.Image:
    """One frame: table, caption bar, progress strip, every hand face up."""
    table = game.draw_table(state, names)
    n = state.n
    height = table.height + CAPTION_H + PROGRESS_H + _hands_height(n)
    img = background(W, height, glow=False).copy()
    img.paste(table, (0, 0))
    draw = ImageDraw.Draw(img)
    _caption_bar(img, draw, table.height, caption, names, index, total)
    y = table.height + CAPTION_H
    draw.rectangle((0, y, W, y + PROGRESS_H - 1), fill=theme.PANEL[:3])
    done = round(W * (index + 1) / max(1, total))
    draw.rectangle((0, y, done - 1, y + PROGRESS_H - 1), fill=theme.GOLD)
    _hands(img, draw, game, state, names, y + PROGRESS_H + HANDS_PAD)
    return img


def _caption_bar(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    top: int,
    caption: Caption,
    names: Sequence[str],
    index: int,
    total: int,
) -> None:
    draw.rectangle((0, top, W, top + CAPTION_H - 1), fill=theme.BG_BOTTOM)
    counter = f"{index + 1}/{total}"
    cf = font(22, False)
    cw = cf.getlength(counter)
    draw.text((W - 20, top + 42), counter, font=cf, fill=theme.TEXT_MUTED, anchor="rs")
    room = W - 40 - cw - 20
    # a long caption (a decision and the result) gets a smaller face before
    # it is cut short
    for size in (CAPTION_SIZE, 26, 22, 20):
        if _caption_width(caption, names, size) <= room:
            break
    x = 20.0
    for part in caption:
        if isinstance(part, int):
            fitted = player_name(names, part, size, 260)
            if x + fitted.width > room:
                break
            draw_runs(draw, (x, top + 43), fitted, theme.GOLD)
            x += fitted.width
        else:
            text = part
            while text and x + label_length(text, size, True) > room:
                text = text[:-2] + "…" if len(text) > 1 else ""
            x += draw_label(draw, (x, top + 43), text, size, theme.TEXT, True, "ls")
            if text != part:
                break


def _caption_width(caption: Caption, names: Sequence[str], size: int) -> float:
    return sum(
        player_name(names, p, size, 260).width
        if isinstance(p, int)
        else label_length(p, size, True)
        for p in caption
    )


def _hands(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    game: GameReplay,
    state: Any,
    names: Sequence[str],
    top: int,
) -> None:
    col_w = W // 2
    card_h = round(HAND_CARD_W * 1.4)
    for p in range(state.n):
        x0 = 20 + (p % 2) * col_w
        y0 = top + (p // 2) * HAND_ROW_H
        fitted = player_name(names, p, 22, HAND_NAME_W - 16)
        draw_runs(draw, (x0, y0 + card_h // 2 + 8), fitted, theme.TEXT)
        hand = game.hand_sprites(state, p, HAND_CARD_W)
        room = col_w - HAND_NAME_W - 40
        if not hand:
            draw_label(
                draw,
                (x0 + HAND_NAME_W, y0 + card_h // 2 + 8),
                # Translators: in a replay, beside a player who has played every card
                _("no cards left"),
                20,
                theme.TEXT_MUTED,
                False,
                "ls",
            )
            continue
        step = min(HAND_CARD_W * 0.62, (room - HAND_CARD_W) / max(1, len(hand) - 1))
        x = float(x0 + HAND_NAME_W)
        for sprite in hand:
            paste_card(img, sprite, x, y0 + 4)
            x += step


def frames(
    record: Any,
    names: Sequence[str],
    round_no: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    palette: Image.Image | None = None,
) -> list[Frame]:
    """Every frame of the round, drawn (:func:`render_replay` before encoding);
    with a ``palette`` each frame is kept mapped onto it, in a third of the
    memory."""
    kind = record.kind if hasattr(record, "kind") else record_kind(_json(record))
    game = game_replay(kind)
    total = _frame_count(game, record, round_no)
    out: list[Frame] = []
    for i, (state, caption, ms) in enumerate(iter_frames(record, names, round_no)):
        img = compose(game, state, names, caption, i, total)
        if palette is not None:
            img = img.quantize(palette=palette, dither=Image.Dither.NONE)
        out.append(Frame(img, caption_text(caption, names), ms))
        if progress is not None:
            progress(i + 1, total)
    return out


def _frame_count(game: GameReplay, record: Any, round_no: int | None) -> int:
    rec = game.state_class.record_type.read(record)
    if not rec.rounds:
        raise ReplayError("the record has no rounds")
    number = len(rec.rounds) if round_no is None else round_no
    if not 1 <= number <= len(rec.rounds):
        raise ReplayError(f"there is no round {number}: the record has {len(rec.rounds)}")
    return len(rec.rounds[number - 1].decisions) + 1


def describe_replay(record: Any, names: Sequence[str], round_no: int | None = None) -> list[str]:
    """The caption of each frame, without drawing: what the animation shows."""
    return [caption_text(c, names) for _state, c, _ms in iter_frames(record, names, round_no)]


def encode_frames(drawn: Sequence[Frame], fmt: AnimFormat = DEFAULT_ANIM_FORMAT) -> bytes:
    """The frames as one animation that plays once and stays on the last frame."""
    if not drawn:
        raise ReplayError("nothing to animate")
    buf = io.BytesIO()
    durations = [f.duration_ms for f in drawn]
    if fmt == "webp":
        images = [f.image for f in drawn]
        # lossy at 80: a dithered felt makes lossless frames ~10x larger, and
        # rare key frames let every frame store only what changed
        images[0].save(
            buf,
            "WEBP",
            save_all=True,
            append_images=images[1:],
            duration=durations,
            loop=1,
            quality=WEBP_QUALITY,
            method=0,
            kmin=KEYFRAMES - 1,
            kmax=KEYFRAMES,
        )
    elif fmt == "gif":
        if all(f.image.mode == "P" for f in drawn):
            images = [f.image for f in drawn]
        else:
            palette = _palette([drawn[0].image, drawn[-1].image])
            images = [f.image.quantize(palette=palette, dither=Image.Dither.NONE) for f in drawn]
        # no loop count: a GIF without one plays once
        images[0].save(
            buf,
            "GIF",
            save_all=True,
            append_images=images[1:],
            duration=durations,
            # optimize: pixels that did not change are stored as transparent
            optimize=True,
            disposal=1,
        )
    else:
        raise ReplayError(f"unknown animation format {fmt!r}: choose webp or gif")
    return buf.getvalue()


def _palette(samples: Sequence[Image.Image]) -> Image.Image:
    """256 colours fitted to the deal and the result (between them they show
    every card and every seat state the round uses)."""
    w = max(s.width for s in samples)
    sheet = Image.new("RGB", (w, sum(s.height for s in samples)))
    y = 0
    for s in samples:
        sheet.paste(s, (0, y))
        y += s.height
    # 255: the GIF writer marks unchanged pixels with the spare colour
    return sheet.quantize(255, method=Image.Quantize.FASTOCTREE)


def render_replay(
    record: GameRecord | str,
    names: Sequence[str],
    round_no: int | None = None,
    fmt: AnimFormat = DEFAULT_ANIM_FORMAT,
    progress: Callable[[int, int], None] | None = None,
) -> bytes:
    """The animated replay of round ``round_no`` (1-based; the last round by
    default) of a record (or its JSON), ``names`` indexed by player.

    Pure and blocking: the bot runs it in a worker thread. ``progress(done,
    total)`` is called after each frame is drawn. Raises
    :class:`ReplayError` for a round that is not finished or not in the
    record, :class:`~engine.errors.RecordError` for a record that cannot be
    replayed."""
    palette = round_palette(record, names, round_no)
    return encode_frames(frames(record, names, round_no, progress, palette), fmt)


def round_palette(record: Any, names: Sequence[str], round_no: int | None = None) -> Image.Image:
    """The palette of a round's frames, fitted to its deal and its result
    (which between them show every card and seat state the round uses).

    The engine replays the round once first (milliseconds), so a round that
    cannot be replayed is refused before any frame is drawn."""
    kind = record.kind if hasattr(record, "kind") else record_kind(_json(record))
    game = game_replay(kind)
    total = _frame_count(game, record, round_no)
    ends: list[Image.Image] = []
    caption: Caption = ()
    state: Any = None
    for i, (state, caption, _ms) in enumerate(iter_frames(record, names, round_no)):
        if i == 0:
            ends.append(compose(game, state, names, caption, 0, total))
    ends.append(compose(game, state, names, caption, total - 1, total))
    return _palette(ends)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m render.replay RECORD.json [--round N] [--names A,B,..] --out FILE``."""
    parser = argparse.ArgumentParser(
        prog="python -m render.replay",
        description="Write an animated replay of one finished round of a game record.",
    )
    parser.add_argument("record", help="a game record (JSON), e.g. from /<game> record")
    parser.add_argument("--round", type=int, default=None, help="round number (default: last)")
    parser.add_argument("--names", default=None, help="player names, comma-separated")
    parser.add_argument("--out", required=True, help="output file: .webp or .gif")
    args = parser.parse_args(argv)
    ext = Path(args.out).suffix.lower().lstrip(".")
    if ext not in ("webp", "gif"):
        print(f"error: {args.out}: the file must end in .webp or .gif", file=sys.stderr)
        return 2
    try:
        text = Path(args.record).read_text(encoding="utf-8")
        record = load_record(text)
        # a record holds no names: unnamed players are numbered from 1
        names = args.names.split(",") if args.names else [f"Player {i + 1}" for i in range(8)]
        data = render_replay(record, names, args.round, fmt=ext)  # type: ignore[arg-type]
    except OSError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except (ReplayError, EngineError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    Path(args.out).write_bytes(data)
    print(f"{args.out}: {len(data):,} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
