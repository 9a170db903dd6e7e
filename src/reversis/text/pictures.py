"""Pictures of cards, tricks and the table, as SVG text.

Small pure functions from library values to self-contained SVG documents (strings), for the
documentation and for front-ends that want a picture without an image library:

* :func:`card_svg` — one card, face up (or its back); :func:`card_name` says it in words;
* :func:`cards_svg` — a row of cards, such as a player's hand or the pot;
* :func:`trick_svg` — a trick, each card before the seat that played it, the winner marked;
* :func:`table_svg` — the table of a profile: the seats in playing order, the dealer, the eldest,
  the way play goes, the widow and where the basket (or the pots, or the pools) stands;
* :func:`hand_html` — a played hand as a self-contained HTML page to share: the deal, each trick
  as a picture, the events and the settlement in words.

Suits are drawn as shapes, not as font glyphs, so that a picture looks the same everywhere.
Nothing is random and nothing is read from disk: the same values give the same text.

    >>> from reversis import Card
    >>> from reversis.text.pictures import card_svg
    >>> svg = card_svg(Card.parse("JH"))
    >>> svg.startswith("<svg") and "J♥" in svg
    True

The table is drawn from above with the dealer at the bottom. Seats are numbered in playing order,
so the seat after the dealer sits at the dealer's right when play goes counter-clockwise
(``fournier-1785``: the eldest is East when the dealer is South) and at the dealer's left when it
goes clockwise (``english``).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING
from xml.sax.saxutils import escape

from reversis import events as ev
from reversis.cards import Card, Rank, Suit, cards_from_mask
from reversis.engine.tricks import Trick
from reversis.games import game_of
from reversis.profile import Profile

if TYPE_CHECKING:
    from reversis.hand import Hand

__all__ = [
    "CARD_HEIGHT",
    "CARD_WIDTH",
    "card_name",
    "card_svg",
    "cards_svg",
    "hand_html",
    "seat_position",
    "table_svg",
    "trick_svg",
]

#: The width and height of a card drawn at scale 1, in SVG user units (pixels).
CARD_WIDTH = 60
CARD_HEIGHT = 84

_RED = "#b3261e"
_BLACK = "#1d1d1f"
_INK = "#33363b"
_MUTED = "#5f6368"
_GOLD = "#c99700"
_FELT = "#2f6f4f"
_FELT_EDGE = "#1f4d37"
_FONT = "font-family=\"Georgia, 'DejaVu Serif', 'Times New Roman', serif\""
_SANS = "font-family=\"'Helvetica Neue', Arial, 'DejaVu Sans', sans-serif\""

# Each suit as a path in a 100 × 100 box.
_SUIT_PATHS = {
    Suit.HEARTS: "M50 90C22 66 4 48 8 27C12 8 38 4 50 26C62 4 88 8 92 27C96 48 78 66 50 90Z",
    Suit.DIAMONDS: "M50 4L86 50L50 96L14 50Z",
    Suit.SPADES: (
        "M50 6C76 30 96 46 92 66C88 84 64 86 55 70C56 82 61 90 70 96L30 96C39 90 44 82 45 70"
        "C36 86 12 84 8 66C4 46 24 30 50 6Z"
    ),
    Suit.CLUBS: (
        "M50 8A19 19 0 0 1 64 40A19 19 0 1 1 55 70C56 82 61 90 70 96L30 96C39 90 44 82 45 70"
        "A19 19 0 1 1 36 40A19 19 0 0 1 50 8Z"
    ),
}

_SUIT_NAMES = {
    Suit.CLUBS: "clubs",
    Suit.DIAMONDS: "diamonds",
    Suit.HEARTS: "hearts",
    Suit.SPADES: "spades",
}
_RANK_NAMES = {Rank.JACK: "jack", Rank.QUEEN: "queen", Rank.KING: "king", Rank.ACE: "ace"}


def _num(value: float) -> str:
    """A coordinate, short and stable: at most two decimals, no trailing zeros."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _card(card: Card | str) -> Card:
    return card if isinstance(card, Card) else Card.parse(card)


def card_name(card: Card | str) -> str:
    """A card in words, for a picture's title: ``"jack of hearts"``, ``"7 of spades"``."""
    card = _card(card)
    rank = _RANK_NAMES.get(card.rank, card.rank.code)
    return f"{rank} of {_SUIT_NAMES[card.suit]}"


def _color(suit: Suit) -> str:
    return _RED if suit in (Suit.HEARTS, Suit.DIAMONDS) else _BLACK


def _suit_shape(suit: Suit, x: float, y: float, size: float, rotate: bool = False) -> str:
    """The suit's shape in a ``size`` × ``size`` box whose top-left corner is ``(x, y)``."""
    scale = size / 100
    turn = " rotate(180 50 50)" if rotate else ""
    return (
        f'<path d="{_SUIT_PATHS[suit]}" fill="{_color(suit)}" '
        f'transform="translate({_num(x)} {_num(y)}) scale({_num(scale)}){turn}"/>'
    )


def _face(card: Card, x: float, y: float, scale: float, ring: str | None) -> list[str]:
    """The elements of one face-up card with its top-left corner at ``(x, y)``."""
    w, h = CARD_WIDTH * scale, CARD_HEIGHT * scale
    color = _color(card.suit)
    rank = card.rank.code
    parts = [f'<g aria-label="{escape(card_name(card))}">']
    if ring is not None:
        pad = 3 * scale
        parts.append(
            f'<rect x="{_num(x - pad)}" y="{_num(y - pad)}" width="{_num(w + 2 * pad)}" '
            f'height="{_num(h + 2 * pad)}" rx="{_num(7 * scale)}" fill="{ring}"/>'
        )
    parts.append(
        f'<rect x="{_num(x)}" y="{_num(y)}" width="{_num(w)}" height="{_num(h)}" '
        f'rx="{_num(5 * scale)}" fill="#fff" stroke="#8a8d91" stroke-width="{_num(scale)}"/>'
    )
    size = (13 if len(rank) == 1 else 11) * scale
    corner = f'{_FONT} font-weight="bold" font-size="{_num(size)}" fill="{color}"'
    parts.append(
        f'<text x="{_num(x + 4 * scale)}" y="{_num(y + 14 * scale)}" {corner}>{rank}</text>'
    )
    parts.append(_suit_shape(card.suit, x + 4.5 * scale, y + 17 * scale, 9 * scale))
    # The opposite corner, upside down.
    parts.append(
        f'<text x="{_num(x + w - 4 * scale)}" y="{_num(y + h - 14 * scale)}" {corner} '
        f'transform="rotate(180 {_num(x + w - 4 * scale)} {_num(y + h - 14 * scale)})"'
        f">{rank}</text>"
    )
    parts.append(
        _suit_shape(card.suit, x + w - 13.5 * scale, y + h - 26 * scale, 9 * scale, rotate=True)
    )
    if card.rank >= Rank.JACK and card.rank != Rank.ACE:
        # A court card: a frame with its letter and its suit.
        parts.append(
            f'<rect x="{_num(x + 15 * scale)}" y="{_num(y + 16 * scale)}" '
            f'width="{_num(w - 30 * scale)}" height="{_num(h - 32 * scale)}" '
            f'rx="{_num(2 * scale)}" fill="none" stroke="{color}" '
            f'stroke-width="{_num(scale)}" opacity="0.6"/>'
        )
        parts.append(
            f'<text x="{_num(x + w / 2)}" y="{_num(y + h / 2 + 1 * scale)}" '
            f'text-anchor="middle" {_FONT} font-weight="bold" font-size="{_num(22 * scale)}" '
            f'fill="{color}">{rank}</text>'
        )
        parts.append(
            _suit_shape(card.suit, x + w / 2 - 7 * scale, y + h / 2 + 6 * scale, 14 * scale)
        )
    else:
        big = (30 if card.rank == Rank.ACE else 24) * scale
        parts.append(_suit_shape(card.suit, x + (w - big) / 2, y + (h - big) / 2, big))
    parts.append("</g>")
    return parts


def _back(x: float, y: float, scale: float) -> list[str]:
    """The elements of a card face down."""
    w, h = CARD_WIDTH * scale, CARD_HEIGHT * scale
    inset = 4 * scale
    return [
        '<g aria-label="a card face down">',
        f'<rect x="{_num(x)}" y="{_num(y)}" width="{_num(w)}" height="{_num(h)}" '
        f'rx="{_num(5 * scale)}" fill="#fff" stroke="#8a8d91" stroke-width="{_num(scale)}"/>',
        f'<rect x="{_num(x + inset)}" y="{_num(y + inset)}" width="{_num(w - 2 * inset)}" '
        f'height="{_num(h - 2 * inset)}" rx="{_num(3 * scale)}" fill="#36528c" '
        f'stroke="#23375f" stroke-width="{_num(scale)}"/>',
        f'<path d="M{_num(x + w / 2)} {_num(y + 14 * scale)}L{_num(x + w - 12 * scale)} '
        f"{_num(y + h / 2)}L{_num(x + w / 2)} {_num(y + h - 14 * scale)}L{_num(x + 12 * scale)} "
        f'{_num(y + h / 2)}Z" fill="none" stroke="#9fb3dd" stroke-width="{_num(1.5 * scale)}"/>',
        "</g>",
    ]


def _svg(width: float, height: float, title: str, body: Iterable[str]) -> str:
    return "\n".join(
        [
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{_num(width)}" '
            f'height="{_num(height)}" viewBox="0 0 {_num(width)} {_num(height)}" role="img">',
            f"<title>{escape(title)}</title>",
            *body,
            "</svg>",
        ]
    )


def _label(
    x: float,
    y: float,
    text: str,
    *,
    size: float = 12,
    color: str = _INK,
    anchor: str = "middle",
    bold: bool = False,
) -> str:
    weight = ' font-weight="bold"' if bold else ""
    return (
        f'<text x="{_num(x)}" y="{_num(y)}" text-anchor="{anchor}" {_SANS} '
        f'font-size="{_num(size)}" fill="{color}"{weight}>{escape(text)}</text>'
    )


def card_svg(
    card: Card | str | None,
    *,
    scale: float = 1.0,
    caption: str | None = None,
    highlight: bool = False,
) -> str:
    """One card as an SVG document: face up, or face down when ``card`` is ``None``.

    ``caption`` is written under the card; ``highlight`` rings it in gold. The card is
    :data:`CARD_WIDTH` × :data:`CARD_HEIGHT` units at ``scale`` 1.
    """
    pad = 4 * scale
    w, h = CARD_WIDTH * scale, CARD_HEIGHT * scale
    height = h + 2 * pad + (18 * scale if caption else 0)
    parts = (
        _back(pad, pad, scale)
        if card is None
        else _face(_card(card), pad, pad, scale, _GOLD if highlight else None)
    )
    if caption:
        parts.append(_label(pad + w / 2, h + pad + 15 * scale, caption, size=12 * scale))
    title = "a card face down" if card is None else f"{_card(card)} ({card_name(card)})"
    return _svg(w + 2 * pad, height, title + (f": {caption}" if caption else ""), parts)


def cards_svg(
    cards: Iterable[Card | str | None],
    *,
    scale: float = 1.0,
    overlap: float = 0.0,
    captions: Sequence[str] | None = None,
    highlight: Iterable[Card | str] = (),
    title: str | None = None,
) -> str:
    """A row of cards as an SVG document (``None``: a card face down).

    ``overlap`` is the part of each card hidden under the next (0: side by side with a gap; 0.5:
    half), for a player's hand; ``captions`` one text under each card; the cards in
    ``highlight`` are ringed in gold.
    """
    row = [None if c is None else _card(c) for c in cards]
    marked = {_card(c) for c in highlight}
    w, h = CARD_WIDTH * scale, CARD_HEIGHT * scale
    step = w * (1 - overlap) if overlap else w + 8 * scale
    pad = 5 * scale
    width = 2 * pad + (step * (len(row) - 1) + w if row else 0)
    height = h + 2 * pad + (18 * scale if captions else 0)
    parts: list[str] = []
    for i, card in enumerate(row):
        x = pad + i * step
        if card is None:
            parts += _back(x, pad, scale)
        else:
            parts += _face(card, x, pad, scale, _GOLD if card in marked else None)
        if captions and i < len(captions) and captions[i]:
            parts.append(_label(x + w / 2, h + pad + 15 * scale, captions[i], size=11 * scale))
    names = ", ".join("a card face down" if c is None else str(c) for c in row)
    return _svg(width, height, title or names or "no cards", parts)


def seat_position(
    profile: Profile, seat: int, dealer: int, cx: float, cy: float, rx: float, ry: float
) -> tuple[float, float]:
    """Where ``seat`` sits on a table drawn from above with the dealer at the bottom: a point of the
    ellipse of centre ``(cx, cy)`` and radii ``rx``, ``ry`` (SVG coordinates, y down).

    Seats follow each other in playing order: counter-clockwise on the picture when the profile's
    play goes counter-clockwise, clockwise otherwise.
    """
    n = profile.players
    k = (seat - dealer) % n
    turn = 1 if profile.table.direction == "counter-clockwise" else -1
    angle = math.radians(-90 + turn * k * 360 / n)
    return cx + rx * math.cos(angle), cy - ry * math.sin(angle)


def _compass(profile: Profile, seat: int, dealer: int) -> str:
    """``S``, ``E``, ``N``, ``W`` for four players (the dealer South), else ``""``."""
    if profile.players != 4:
        return ""
    names = "SENW" if profile.table.direction == "counter-clockwise" else "SWNE"
    return names[(seat - dealer) % 4]


def _role(profile: Profile, seat: int, dealer: int) -> str:
    k = (seat - dealer) % profile.players
    return "dealer" if k == 0 else "eldest" if k == 1 else ""


def trick_svg(
    trick: Trick,
    profile: Profile,
    *,
    dealer: int,
    notes: Mapping[int, str] | None = None,
    scale: float = 1.0,
) -> str:
    """A trick as an SVG document: each card before the seat that played it (the table seen from
    above, the dealer at the bottom, as in :func:`table_svg`), numbered in the order played, the
    leader and the winner named, the winning card ringed in gold.

    ``notes`` adds a short text under the card of a seat (``{3: "placed"}``).
    """
    notes = notes or {}
    w, h = CARD_WIDTH * scale, CARD_HEIGHT * scale
    width, height = 340 * scale, 330 * scale
    cx, cy = width / 2, height / 2 - 4 * scale
    parts = [
        f'<ellipse cx="{_num(cx)}" cy="{_num(cy)}" rx="{_num(width / 2 - 4 * scale)}" '
        f'ry="{_num(height / 2 - 4 * scale)}" fill="#eef3ef" stroke="#cbd8ce"/>'
    ]
    order = {seat: i for i, (seat, _) in enumerate(trick.plays, start=1)}
    for seat in range(profile.players):
        px, py = seat_position(profile, seat, dealer, cx, cy, 98 * scale, 86 * scale)
        x, y = px - w / 2, py - h / 2
        card = next((c for s, c in trick.plays if s == seat), None)
        won = trick.winner == seat
        if card is None:
            parts.append(
                f'<rect x="{_num(x)}" y="{_num(y)}" width="{_num(w)}" height="{_num(h)}" '
                f'rx="{_num(5 * scale)}" fill="none" stroke="#b7beb9" stroke-dasharray="4 3"/>'
            )
        else:
            parts += _face(card, x, y, scale, _GOLD if won else None)
            parts.append(
                f'<circle cx="{_num(x + w)}" cy="{_num(y)}" r="{_num(9 * scale)}" fill="{_INK}"/>'
            )
            parts.append(
                _label(
                    x + w, y + 4 * scale, str(order[seat]), size=11 * scale, color="#fff", bold=True
                )
            )
        words = [f"seat {seat}"]
        if seat == trick.leader:
            words.append("leads")
        if won:
            words.append("takes")
        text = " · ".join(words)
        below = y + h + 14 * scale
        parts.append(_label(px, below, text, size=11.5 * scale, bold=won or seat == trick.leader))
        if seat in notes:
            parts.append(
                _label(px, below + 13 * scale, notes[seat], size=10.5 * scale, color=_MUTED)
            )
    title = f"Trick {trick.number}: " + ", ".join(
        f"seat {s} {'leads' if s == trick.leader else 'plays'} {c}" for s, c in trick.plays
    )
    if trick.winner is not None:
        title += f"; seat {trick.winner} takes it"
    return _svg(width, height, title, parts)


def _arc_arrow(
    cx: float, cy: float, rx: float, ry: float, counter: bool, scale: float
) -> list[str]:
    """An arrow along an ellipse, from below the centre round towards the next seat."""
    turn = 1 if counter else -1
    start, end = math.radians(-90 - turn * 25), math.radians(-90 + turn * 75)
    sx, sy = cx + rx * math.cos(start), cy - ry * math.sin(start)
    ex, ey = cx + rx * math.cos(end), cy - ry * math.sin(end)
    sweep = 0 if counter else 1
    # The direction of travel at the end: the derivative of the ellipse, the way play goes.
    tx, ty = -rx * math.sin(end) * turn, -ry * math.cos(end) * turn
    norm = math.hypot(tx, ty)
    tx, ty = tx / norm, ty / norm
    nx, ny = -ty, tx
    size = 10 * scale
    tip = (ex + tx * size, ey + ty * size)
    left = (ex + nx * size * 0.6, ey + ny * size * 0.6)
    right = (ex - nx * size * 0.6, ey - ny * size * 0.6)
    return [
        f'<path d="M{_num(sx)} {_num(sy)}A{_num(rx)} {_num(ry)} 0 0 {sweep} {_num(ex)} {_num(ey)}" '
        f'fill="none" stroke="#f4d35e" stroke-width="{_num(3 * scale)}"/>',
        f'<path d="M{_num(tip[0])} {_num(tip[1])}L{_num(left[0])} {_num(left[1])}'
        f'L{_num(right[0])} {_num(right[1])}Z" fill="#f4d35e"/>',
    ]


def _basket(x: float, y: float, scale: float) -> list[str]:
    """A small wicker basket centred on ``(x, y)``."""
    w, h = 46 * scale, 26 * scale
    left, top = x - w / 2, y - h / 2
    parts = [
        f'<path d="M{_num(left + 4 * scale)} {_num(top)}A{_num(w / 2 - 4 * scale)} '
        f'{_num(14 * scale)} 0 0 1 {_num(left + w - 4 * scale)} {_num(top)}" fill="none" '
        f'stroke="#8a5a2b" stroke-width="{_num(3 * scale)}"/>',
        f'<path d="M{_num(left)} {_num(top)}L{_num(left + w)} {_num(top)}'
        f"L{_num(left + w - 6 * scale)} {_num(top + h)}L{_num(left + 6 * scale)} {_num(top + h)}Z"
        f'" fill="#c68642" stroke="#8a5a2b" stroke-width="{_num(1.5 * scale)}"/>',
    ]
    for i in range(1, 4):
        yy = top + i * h / 4
        parts.append(
            f'<path d="M{_num(left + 2 * scale)} {_num(yy)}L{_num(left + w - 2 * scale)} '
            f'{_num(yy)}" stroke="#8a5a2b" stroke-width="{_num(0.8 * scale)}"/>'
        )
    return parts


def _chips(x: float, y: float, scale: float, count: int = 3) -> list[str]:
    """A little stack of counters centred on ``(x, y)``."""
    parts = []
    for i in range(count):
        yy = y + 6 * scale - i * 5 * scale
        parts.append(
            f'<ellipse cx="{_num(x)}" cy="{_num(yy)}" rx="{_num(13 * scale)}" '
            f'ry="{_num(5 * scale)}" fill="#e8c872" stroke="#8c6d1f" '
            f'stroke-width="{_num(scale)}"/>'
        )
    return parts


def table_svg(profile: Profile, *, dealer: int = 0, scale: float = 1.0) -> str:
    """The table of ``profile`` as an SVG document, seen from above with the dealer at the bottom.

    It shows each seat with its number (in playing order) and its role (dealer, eldest), an arrow
    the way play goes, the widow as the profile deals it (a pile in the middle, or one card face
    down before each non-dealer), and where the money waits between hands: the basket or the
    pools between the dealer and the eldest, the English pots in the middle.
    """
    width, height = 600 * scale, 470 * scale
    cx, cy = width / 2, height / 2
    trx, try_ = 170 * scale, 125 * scale
    counter = profile.table.direction == "counter-clockwise"
    side = 1 if counter else -1  # the eldest's side of the picture: right, or left
    parts = [
        f'<ellipse cx="{_num(cx)}" cy="{_num(cy)}" rx="{_num(trx + 8 * scale)}" '
        f'ry="{_num(try_ + 8 * scale)}" fill="{_FELT_EDGE}"/>',
        f'<ellipse cx="{_num(cx)}" cy="{_num(cy)}" rx="{_num(trx)}" ry="{_num(try_)}" '
        f'fill="{_FELT}"/>',
        *_arc_arrow(cx, cy, 92 * scale, 64 * scale, counter, scale),
    ]
    way = "counter-clockwise (to the right)" if counter else "clockwise (to the left)"
    cream = "#f7f3e3"
    parts.append(_label(cx, cy - 6 * scale, "play goes", size=12 * scale, color=cream))
    parts.append(
        _label(
            cx,
            cy + 10 * scale,
            way.split(" (", maxsplit=1)[0],
            size=13 * scale,
            color=cream,
            bold=True,
        )
    )
    # Seats: a disc and the seat's name outside the table.
    for seat in range(profile.players):
        px, py = seat_position(profile, seat, dealer, cx, cy, trx + 44 * scale, try_ + 40 * scale)
        role = _role(profile, seat, dealer)
        fill = "#1f3b73" if role == "dealer" else "#7a4b0f" if role == "eldest" else "#4b5563"
        parts.append(
            f'<circle cx="{_num(px)}" cy="{_num(py)}" r="{_num(22 * scale)}" fill="{fill}"/>'
        )
        parts.append(
            _label(px, py + 5.5 * scale, str(seat), size=16 * scale, color="#fff", bold=True)
        )
        compass = _compass(profile, seat, dealer)
        words = f"seat {seat}" + (f" ({compass})" if compass else "")
        first = "eldest" if game_of(profile).words.first_leader else "eldest: leads first"
        detail = {"dealer": "dealer", "eldest": first}.get(role, "")
        if py < cy - 40 * scale:  # at the top: the words above the disc
            parts.append(_label(px, py - 44 * scale, words, size=12 * scale, bold=True))
            if detail:
                parts.append(_label(px, py - 30 * scale, detail, size=11.5 * scale, color=_MUTED))
        else:
            parts.append(_label(px, py + 38 * scale, words, size=12 * scale, bold=True))
            if detail:
                parts.append(_label(px, py + 52 * scale, detail, size=11.5 * scale, color=_MUTED))
    # The widow.
    small = 0.42 * scale
    cw, ch = CARD_WIDTH * small, CARD_HEIGHT * small
    if profile.deal.widow == "dealer":
        # reunion §4: the dealer takes up the cards left, the turn-up shown.
        px, py = seat_position(profile, dealer, dealer, cx, cy, trx - 30 * scale, try_ - 32 * scale)
        parts += _back(px - cw - 2 * scale, py - ch / 2, small)
        parts += _back(px + 2 * scale, py - ch / 2, small)
        parts.append(
            _label(px, py - ch / 2 - 6 * scale, "widow, turn-up", size=10.5 * scale, color=cream)
        )
    elif profile.deal.widow == "none":
        pass
    elif profile.deal.widow == "pile":
        px, py = cx - 100 * scale * side, cy - 62 * scale
        for i in range(3):
            parts += _back(px - cw / 2 + i * 2 * scale, py - ch / 2 - i * 2 * scale, small)
        parts.append(_label(px, py + ch / 2 + 14 * scale, "widow", size=11 * scale, color=cream))
    else:
        for seat in range(profile.players):
            if seat == dealer:
                continue
            px, py = seat_position(
                profile, seat, dealer, cx, cy, trx - 30 * scale, try_ - 32 * scale
            )
            parts += _back(px - cw / 2, py - ch / 2, small)
            if (seat - dealer) % profile.players == 1:
                parts.append(
                    _label(
                        px, py + ch / 2 + 13 * scale, "widow card", size=10.5 * scale, color=cream
                    )
                )
    # The money between hands.
    if profile.mechanism == "none":
        pass
    elif profile.mechanism == "remise":
        px, py = cx + 100 * scale * side, cy - 66 * scale
        parts += _chips(px - 12 * scale, py, scale)
        parts += _chips(px + 14 * scale, py, scale, count=2)
        parts.append(_label(px, py + 26 * scale, "pots", size=11 * scale, color=cream))
    else:
        # At the dealer's right, between the dealer and the eldest, at the table's edge.
        k = profile.players
        angle = math.radians(-90 + side * 180 / k)
        mx, my = (
            cx + (trx - 46 * scale) * math.cos(angle),
            cy - (try_ - 34 * scale) * math.sin(angle),
        )
        if profile.mechanism == "basket":
            parts += _basket(mx, my, scale)
            name = "basket"
        else:
            parts += _chips(mx - 15 * scale, my, scale)
            parts += _chips(mx + 15 * scale, my, scale, count=2)
            name = "pools"
        parts.append(_label(mx, my + 28 * scale, name, size=11 * scale, color=cream))
    eldest = (dealer + 1) % profile.players
    leader = game_of(profile).words.first_leader or f"seat {eldest} (the eldest)"
    leads = f"{leader} leads first"
    title = (
        f"The {profile.name} table: {profile.players} players; seat {dealer} deals, {leads}; "
        f"play goes {way}"
    )
    return _svg(width, height, title, parts)


def hand_html(hand: Hand) -> str:
    """``hand`` as one self-contained HTML page (inline SVG and style, no script): the deal, each
    trick as a picture (:func:`trick_svg`, the special cards' plays noted), the events and the
    settlement in words (:mod:`reversis.text.page`). ``replay --html`` prints it."""
    from reversis.hand import state_of  # noqa: PLC0415 - the facade is loaded by now
    from reversis.text.page import page  # noqa: PLC0415 - the page's words load on use

    profile = hand.profile
    special = {code for s in profile.specials for code in s.cards}
    kinds = {  # how each ace or quinola was played: placed, forced …
        (e.trick, e.seat): e.kind.value
        for e in hand.events
        if isinstance(e, ev.CardPlayed) and e.card.code in special
    }
    tricks = [
        trick_svg(
            t,
            profile,
            dealer=hand.dealer,
            notes={s: kinds[t.number, s] for s, _ in t.plays if (t.number, s) in kinds},
            scale=0.8,
        )
        for t in hand.tricks
    ]
    deal = [cards_svg(sorted(cards), overlap=0.45, scale=0.7) for cards in hand.deal.dealt]
    widow = cards_svg(hand.deal.widow, scale=0.7) if hand.deal.widow else None
    # fournier-1785 §7: the pot, turned at the end of the hand.
    over = hand.is_over and game_of(profile).has_pot
    pot = cards_from_mask(state_of(hand).extra.aside) if over else ()
    return page(hand, deal=deal, tricks=tricks, widow=widow,
                pot=cards_svg(pot, scale=0.7) if pot else None)  # fmt: skip
