"""A Sixty player's private hand: the cards that can answer now stand out.

Laid out like every game's hand (:mod:`render.hand`: one row, the same card
width and spacing), with Sixty's own cards. On the player's turn the cards
that take part in a legal decision stand up with a gold glow and the others
are greyed; a chip names what is asked (the attack's sum to beat, or the
attack to make).
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.sixty import Observation
from locales import _, _n, current

from .. import sprites, theme
from ..drawing import paste, paste_card, text
from ..encoding import DEFAULT_FORMAT, Format, RenderedImage, encode
from ..felt import background
from ..hand import CARD_W, MARGIN, RAISE, W, card_positions, hand_size
from .cards import card_sprite


def playable_faces(obs: Observation) -> frozenset[int]:
    """Faces of the cards that take part in a legal decision (none to take)."""
    return frozenset(int(d.card) for d in obs.legal if d.kind != "take")


def draw_hand(
    faces: Sequence[int],
    *,
    playable: frozenset[int] | None = None,
    chip: tuple[str, theme.RGB] | None = None,
    title: str | None = None,
) -> Image.Image:
    """The hand as an RGB image, cards in the order given; ``playable`` (or
    ``None``: every card plain) raises those faces. ``title``: ``Your hand``
    in the reader's language unless given."""
    n = len(faces)
    w, h = hand_size(max(n, 1))
    img = background(w, h, glow=False).copy()
    draw = ImageDraw.Draw(img)
    loc = current()
    label = _n("{title} · {n} card", "{title} · {n} cards", n).format(
        title=_("Your hand") if title is None else title, n=n
    )
    text(draw, (MARGIN, 42), label, 28, theme.TEXT, True, "ls", loc)
    right = W - MARGIN
    if playable is not None:
        legend = _("can answer now") if playable else _("nothing fits: take the cards")
        lw = text(draw, (right, 40), legend, 21, theme.TEXT_MUTED, False, "rs", loc)
        right -= round(lw) + 10
        if playable:
            dot = sprites.chip("", theme.GOLD, 18)
            paste(img, dot, right - dot.width, 24)
            right -= dot.width
        right -= 24
    if chip is not None:
        c = sprites.chip(chip[0], chip[1], 30)
        paste(img, c, right - c.width, 18)
    if not n:
        empty = _("No cards left")
        text(draw, (W / 2, h / 2 + 20), empty, 26, theme.TEXT_MUTED, False, "ms", loc)
        return img
    for face, (x, y) in zip(faces, card_positions(n), strict=True):
        on = playable is None or face in playable
        lift = RAISE if playable and on else 0
        glow = theme.GOLD if playable and on else None
        paste_card(img, card_sprite(face, CARD_W, not on, glow), x, y - lift)
    return img


def render_hand(
    obs: Observation, *, highlight: bool = True, fmt: Format = DEFAULT_FORMAT
) -> RenderedImage:
    """One seat's hand from its observation; with ``highlight`` on that
    seat's turn, the cards that can answer (or attack) now stand out."""
    faces = [int(c) for c in obs.hand]
    view = obs.public
    playable = playable_faces(obs) if highlight and obs.legal else None
    chip: tuple[str, theme.RGB] | None = None
    if highlight and obs.legal and view.attack is not None:
        # Translators: a chip on the defender's hand picture: the sum to beat (capitals).
        chip = (_("BEAT {sum}").format(sum=view.attack.sum), theme.RED_ALERT)
    elif highlight and obs.legal:
        # Translators: a chip on the attacker's hand picture (capitals).
        chip = (_("YOUR ATTACK"), theme.GOLD)
    return encode(draw_hand(faces, playable=playable, chip=chip), "hand", fmt)


__all__ = ["draw_hand", "playable_faces", "render_hand"]
