"""Pure helpers that turn engine views into words and menu choices.

No Discord here, so everything is unit-tested in ``tests/cogs``. Functions
that produce channel text only take public data (``PublicView`` parts,
names), never a hand, so they cannot leak a hidden card.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cogs.table.text import ordinal
from engine.cards import RANK_CHARS
from engine.president import Card, Decision, Event, ExchangeEvent, Give, Play, RoundResult
from locales import _, _n, current, format_number
from render.president.labels import card_text, play_text, rank_name, title_text

MAX_SELECT_OPTIONS = 25


def number(n: int) -> str:
    """``n`` as the reader writes numbers."""
    return format_number(current(), n)


def cards_text(cards: Sequence[Card]) -> str:
    """``3♣ 10♦ Joker`` (for the owner of the cards only)."""
    return " ".join(card_text(c) for c in cards) or _("no cards")


# -- play controls --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayChoices:
    can_pass: bool
    ranks: tuple[tuple[int, tuple[int, ...]], ...]
    """Playable ranks in the engine's order (weakest first) with their legal counts."""

    def counts(self, rank: int) -> tuple[int, ...]:
        for r, counts in self.ranks:
            if r == rank:
                return counts
        return ()

    @property
    def plays(self) -> tuple[Play, ...]:
        """Every legal play but the pass, by rank (weakest first), fewest cards first."""
        return tuple(Play(r, c) for r, counts in self.ranks for c in counts)

    @property
    def one_click(self) -> bool:
        """Every legal play fits one select, so one click plays any of them;
        otherwise (two decks: up to 27 plays) rank, then count, then Play."""
        return 0 < len(self.plays) <= MAX_SELECT_OPTIONS


def play_choices(legal: Sequence[Decision]) -> PlayChoices:
    """Group legal plays by rank: a select of ranks (at most 14 ≤ 25 options),
    then, only where several are legal, a select of counts.

    >>> c = play_choices([Play.parse(t) for t in ("pass", "5", "55", "K")])
    >>> c.can_pass, [(rank_name(r), n) for r, n in c.ranks]
    (True, [('5', (1, 2)), ('K', (1,))])
    """
    can_pass = False
    by_rank: dict[int, list[int]] = {}
    for d in legal:
        if not isinstance(d, Play):
            continue
        if d.is_pass:
            can_pass = True
            continue
        by_rank.setdefault(d.rank, []).append(d.count)
    return PlayChoices(can_pass, tuple((r, tuple(sorted(c))) for r, c in by_rank.items()))


def rank_value(rank: int) -> str:
    return RANK_CHARS[rank]


def parse_rank_value(value: str) -> int:
    if len(value) != 1 or value not in RANK_CHARS:
        raise ValueError(f"not a rank: {value!r}")
    return RANK_CHARS.index(value)


def play_label(rank: int, count: int) -> str:
    """``Play pair of K``."""
    # Translators: a button that plays the chosen cards, {play}: "pair of K"
    return _("Play {play}").format(play=play_text(Play(rank, count)))


def option_label(play: Play) -> str:
    """``Pair of K``: the words of the table's log, as a menu option."""
    text = play_text(play)
    return text[:1].upper() + text[1:]


def effect_text(
    play: Play,
    events: Sequence[Event],
    player: int,
    names: Sequence[str],
    *,
    top: Play | None,
    trick_size: int,
    revolution: bool,
) -> str | None:
    """What the engine makes of ``play`` beyond putting it on the pile, from
    the events a trial of it produced (``revolution``: one is on before the
    play), or None when nothing: one option's description.

    >>> effect_text(Play.parse("2"), [Event("play", 0), Event("trick", 0)], 0, ["a", "b"],
    ...             top=Play.parse("55"), trick_size=2, revolution=False)
    'beats the pair of 5 with one card fewer · wins the trick'
    """
    said: list[str] = []
    if top is not None and play.count < trick_size:
        said.append(_("beats the {play} with one card fewer").format(play=play_text(top)))
    elif top is not None and play == top:
        said.append(_("an equal play"))
    for e in events:
        if e.kind == "revolution":
            if revolution:
                said.append(_("revolution: the ranks turn back"))
            else:
                said.append(_("revolution: the ranks turn upside down"))
        elif e.kind == "skip" and 0 <= e.player < len(names):
            said.append(_("skips {name}").format(name=names[e.player]))
        elif e.kind == "trick" and e.player == player:
            said.append(_("wins the trick"))
        elif e.kind == "finish" and e.player == player:
            place = ordinal((e.position or 0) + 1)
            said.append(
                _n(
                    "your last card: you go out {place}",
                    "your last cards: you go out {place}",
                    play.count,
                ).format(place=place)
            )
    text = " · ".join(said)
    return text[:100] or None


# -- exchange controls ----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GiveChoices:
    grouped: bool
    """True: one option per rank (the hand has more than 25 cards), each chosen
    rank gives its lowest-suited card."""
    options: tuple[tuple[str, str], ...]
    """(value, label) pairs, at most 25."""
    count: int


def give_choices(hand: Sequence[Card], count: int) -> GiveChoices:
    """Options to choose ``count`` cards to give back.

    One option per card while the hand fits in a select (two decks make equal
    cards: the second copy gets a ``~2`` suffix); otherwise one option per
    rank, which always fits (at most 14 ranks).

    >>> from engine.president import parse_cards
    >>> g = give_choices(parse_cards("3C 3C 9H"), 1)
    >>> g.grouped, [v for v, _ in g.options]
    (False, ['3C', '3C~2', '9H'])
    """
    cards = sorted(hand)
    if len(cards) <= MAX_SELECT_OPTIONS:
        seen: dict[str, int] = {}
        options = []
        for c in cards:
            key = str(c)
            seen[key] = seen.get(key, 0) + 1
            value = key if seen[key] == 1 else f"{key}~{seen[key]}"
            options.append((value, card_text(c)))
        return GiveChoices(False, tuple(options), count)
    by_rank: dict[int, list[Card]] = {}
    for c in cards:
        by_rank.setdefault(c.rank, []).append(c)
    options = [
        (rank_value(r), _("{rank} (you hold {n})").format(rank=rank_name(r), n=number(len(cs))))
        for r, cs in by_rank.items()
    ]
    return GiveChoices(True, tuple(options), min(count, len(options)))


def resolve_give(hand: Sequence[Card], values: Sequence[str], count: int, grouped: bool) -> Give:
    """The give-back chosen with :func:`give_choices` options; ``ValueError``
    (with a sentence for the player) if it does not fit the hand or the count."""
    if len(values) != count or len(set(values)) != len(values):
        raise ValueError(
            _n(
                "Choose exactly {n} card to give back.",
                "Choose exactly {n} cards to give back.",
                count,
            ).format(n=number(count))
        )
    pool = sorted(hand)
    chosen: list[Card] = []
    for value in values:
        if grouped:
            rank = parse_rank_value(value)
            card = next((c for c in pool if c.rank == rank), None)
        else:
            text = value.split("~")[0]
            card = next((c for c in pool if str(c) == text), None)
        if card is None:
            raise ValueError(_("Those cards are no longer in your hand."))
        pool.remove(card)
        chosen.append(card)
    return Give(chosen)


# -- public narration -----------------------------------------------------------


def event_text(event: Event, names: Sequence[str]) -> str | None:
    """One line of the table's log, or None for events not worth a line."""
    if 0 <= event.player < len(names):
        who = names[event.player]
    else:
        who = _("Player {n}").format(n=event.player)
    kind = event.kind
    if kind == "play" and event.play is not None:
        return _("{name} played {play}").format(name=who, play=play_text(event.play))
    if kind == "pass":
        return _("{name} passed").format(name=who)
    if kind == "skip":
        return _("{name} was skipped").format(name=who)
    if kind == "revolution":
        return _("{name} started a revolution!").format(name=who)
    if kind == "trick":
        return _("{name} won the trick").format(name=who)
    if kind == "finish":
        place = ordinal((event.position or 0) + 1)
        return _("{name} is out ({place})").format(name=who, place=place)
    if kind == "abandoned":
        return _("The last trick was abandoned")
    if kind == "lead":
        return _("{name} leads").format(name=who)
    return None


def recent_log(history: Sequence[Event], names: Sequence[str], limit: int = 6) -> list[str]:
    lines = [t for t in (event_text(e, names) for e in history) if t]
    return lines[-limit:]


def exchange_public_lines(events: Sequence[ExchangeEvent], names: Sequence[str]) -> list[str]:
    """Who gave how many cards to whom — never which cards."""
    return [
        _exchange_line(e.kind, e.count).format(
            giver=names[e.giver], n=number(e.count), receiver=names[e.receiver]
        )
        for e in events
    ]


def _exchange_line(kind: str, count: int) -> str:
    if kind == "return":
        return _n(
            "{giver} gave back {n} card to {receiver}",
            "{giver} gave back {n} cards to {receiver}",
            count,
        )
    if kind == "swap":
        return _n(
            "{giver} swapped away {n} card to {receiver}",
            "{giver} swapped away {n} cards to {receiver}",
            count,
        )
    return _n("{giver} gave {n} card to {receiver}", "{giver} gave {n} cards to {receiver}", count)


def exchange_private_lines(
    events: Sequence[ExchangeEvent], player: int, names: Sequence[str]
) -> list[str]:
    """The exchange as ``player`` saw it, with the cards they gave and got."""
    lines = []
    for e in events:
        if e.cards is None or player not in (e.giver, e.receiver):
            continue
        if e.giver == player:
            lines.append(
                _("You gave {cards} to {name}").format(
                    cards=cards_text(e.cards), name=names[e.receiver]
                )
            )
        else:
            lines.append(
                _("You received {cards} from {name}").format(
                    cards=cards_text(e.cards), name=names[e.giver]
                )
            )
    return lines


def round_lines(result: RoundResult, names: Sequence[str]) -> list[str]:
    """``1st Alice — President (+2, total 4)`` per player, by finishing place."""
    lines = []
    for pos, p in enumerate(result.order):
        points = result.points[p]
        sign = "+" if points >= 0 else ""
        # Translators: one line of a round's results: "1st Alice — President (+2, total 4)"
        line = _("{place} {name} — {title} ({points}, total {total})")
        lines.append(
            line.format(
                place=ordinal(pos + 1),
                name=names[p],
                title=title_text(result.titles[p]),
                points=sign + number(points),
                total=number(result.totals[p]),
            )
        )
    return lines
