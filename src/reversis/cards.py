"""Suits, ranks and cards.

A :class:`Card` is a small immutable value. It parses and prints the usual notations::

    >>> from reversis import Card
    >>> card = Card.parse("JH")
    >>> card.code, str(card)
    ('JH', 'J♥')
    >>> Card.parse("j♥") == card == Card.parse("jh")
    True
    >>> Card.parse("10S").rank
    <Rank.TEN: 10>

Cards sort by suit (clubs, diamonds, hearts, spades) and then by rank (two up to ace). Inside the
engine a set of cards is an integer bit mask: card ``c`` is bit ``c.index`` (``16 * suit + rank``),
so that the cards of one suit are one 16-bit field and the highest of them is its highest bit.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

import attrs

from reversis import jsonio
from reversis.errors import InvalidCardError, RecordError

__all__ = [
    "Card",
    "Rank",
    "Suit",
    "cards_from_mask",
    "full_deck",
    "mask_of",
    "parse_cards",
    "read_card",
    "read_cards",
    "read_optional_card",
]


class Suit(enum.IntEnum):
    """A suit. Reversis has no trumps; suits only matter for following."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def code(self) -> str:
        """The one-letter code: ``C``, ``D``, ``H`` or ``S``."""
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        """The symbol: ``♣``, ``♦``, ``♥`` or ``♠``."""
        return "♣♦♥♠"[self]

    def __str__(self) -> str:
        return self.symbol


class Rank(enum.IntEnum):
    """A rank; the value is the rank's order (two lowest, ace highest, as in Reversis)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def code(self) -> str:
        """The code used in card codes: ``2``–``9``, ``10``, ``J``, ``Q``, ``K``, ``A``."""
        return _RANK_CODES[self]

    def __str__(self) -> str:
        return self.code


_RANK_CODES = {r: (str(int(r)) if r <= Rank.TEN else "JQKA"[r - Rank.JACK]) for r in Rank}
_RANK_BY_TEXT = {code: r for r, code in _RANK_CODES.items()} | {"T": Rank.TEN}
_SUIT_BY_TEXT = {
    **{s.code: s for s in Suit},
    **{s.symbol: s for s in Suit},
    "♧": Suit.CLUBS,
    "♢": Suit.DIAMONDS,
    "♡": Suit.HEARTS,
    "♤": Suit.SPADES,
}


def _either_case(text: str) -> str:
    """A regular expression of ``text`` with its ASCII letters in either case."""
    return "".join(f"[{c.upper()}{c.lower()}]" if c.isascii() and c.isalpha() else c for c in text)


#: A card's text as :meth:`Card.parse` reads it, as a regular expression (no spaces around).
CARD_PATTERN = (
    "(?:"
    + "|".join(_either_case(t) for t in sorted(_RANK_BY_TEXT, key=len, reverse=True))
    + ")(?:"
    + "|".join(_either_case(t) for t in _SUIT_BY_TEXT)
    + ")"
)
#: The JSON Schema of a card in data (what :func:`read_card` reads): ``"JH"``, ``"J♥"``, ``"10h"``.
CARD_SCHEMA = {"type": "string", "pattern": rf"^\s*{CARD_PATTERN}\s*$"}
#: The keys of a card's own document (:meth:`Card.to_dict`).
CARD_FIELDS = {"card": jsonio.Field(CARD_SCHEMA)}


def _suit(value: object) -> Suit:
    if type(value) is Suit:
        return value
    if type(value) is int and 0 <= value <= 3:
        return Suit(value)
    raise InvalidCardError(f"{str(value)[:40]!r} is not a suit (0-3 or a Suit)")


def _rank(value: object) -> Rank:
    if type(value) is Rank:
        return value
    if type(value) is int and 2 <= value <= 14:
        return Rank(value)
    raise InvalidCardError(f"{str(value)[:40]!r} is not a rank (2-14 or a Rank)")


@attrs.frozen(eq=False, order=False, repr=False)
class Card:
    """A playing card: a :class:`Suit` and a :class:`Rank`.

    Equal cards compare equal and hash alike; cards order by suit, then rank. Use :meth:`parse` for
    text and :attr:`code` / ``str(card)`` to print.
    """

    suit: Suit = attrs.field(converter=_suit)
    rank: Rank = attrs.field(converter=_rank)
    #: The card's bit position in the engine's masks: ``16 * suit + rank`` (2–62).
    index: int = attrs.field(init=False, repr=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "index", 16 * int(self.suit) + int(self.rank))

    @property
    def mask(self) -> int:
        """The one-card bit mask ``1 << index``."""
        return 1 << self.index

    @property
    def code(self) -> str:
        """The ASCII code, rank then suit: ``"JH"``, ``"10S"``, ``"AD"``."""
        return _RANK_CODES[self.rank] + self.suit.code

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card from text: ``"JH"``, ``"J♥"``, ``"jh"``, ``"10H"`` or ``"TH"``.

        Raises :class:`~reversis.InvalidCardError` for anything else.
        """
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise InvalidCardError(f"a card must be given as text such as 'JH', not {text!r}")
        cleaned = text.strip()
        if 2 <= len(cleaned) <= 3 and cleaned.isprintable():
            # Only ASCII letters are folded to upper case ("ſ".upper() is "S": not a suit).
            rank = _RANK_BY_TEXT.get(_ascii_upper(cleaned[:-1]))
            suit = _SUIT_BY_TEXT.get(_ascii_upper(cleaned[-1]))
            if rank is not None and suit is not None:
                return _CARDS[16 * suit + rank]
        raise InvalidCardError(
            f"{text[:40]!r} is not a card: write the rank (2-10, J, Q, K, A) then the suit "
            "(C, D, H, S or ♣ ♦ ♥ ♠), e.g. 'JH' or 'J♥'"
        )

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card whose :attr:`index` is ``index``."""
        card = _CARDS.get(index) if isinstance(index, int) else None
        if card is None:
            raise InvalidCardError(f"{index!r} is not a card index")
        return card

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Card):
            return self.index == other.index
        return NotImplemented

    def __hash__(self) -> int:
        return self.index  # the bit position: equal cards have it alike, and it is cheap

    def __lt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index < other.index

    def __le__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index <= other.index

    def __gt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index > other.index

    def __ge__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index >= other.index

    def __str__(self) -> str:
        return _RANK_CODES[self.rank] + self.suit.symbol

    def __repr__(self) -> str:
        return f"Card.parse({self.code!r})"

    def to_dict(self) -> dict[str, Any]:
        """``{"schema": 1, "card": "JH"}``."""
        return {"schema": 1, "card": self.code}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Card:
        """The card of :meth:`to_dict`'s data; :class:`~reversis.RecordError` if malformed."""
        return read_card(jsonio.read_fields(data, "card", CARD_FIELDS)["card"], "card.card")

    def to_json(self) -> str:
        """:meth:`to_dict` as JSON text."""
        return jsonio.dumps(self.to_dict())

    @classmethod
    def from_json(cls, text: str) -> Card:
        """The card of :meth:`to_json`'s text."""
        return cls.from_dict(jsonio.loads(text, "card"))


def _ascii_upper(text: str) -> str:
    return "".join(c.upper() if "a" <= c <= "z" else c for c in text)


#: Every card of the 52-card pack, by index. Cards are interned: the engine hands out these objects.
_CARDS: dict[int, Card] = {16 * s + r: Card(s, r) for s in Suit for r in Rank}
#: The same, as a list indexed by bit position (``None`` where no card is).
CARD_AT: list[Card | None] = [_CARDS.get(i) for i in range(64)]


def full_deck(removed_ranks: Iterable[Rank] = ()) -> tuple[Card, ...]:
    """The pack without ``removed_ranks``, in card order (clubs 2 first, spades ace last).

    >>> len(full_deck([Rank.TEN]))
    48
    """
    removed = set(removed_ranks)
    return tuple(_CARDS[16 * s + r] for s in Suit for r in Rank if r not in removed)


def mask_of(cards: Iterable[Card]) -> int:
    """The bit mask of a collection of cards."""
    mask = 0
    for card in cards:
        mask |= 1 << card.index
    return mask


def cards_from_mask(mask: int) -> tuple[Card, ...]:
    """The cards of a bit mask, in card order."""
    out: list[Card] = []
    for bit in iter_bits(mask):
        card = CARD_AT[bit]
        if card is None:
            raise InvalidCardError(f"bit {bit} of the mask is not a card")
        out.append(card)
    return tuple(out)


def parse_cards(items: Iterable[Card | str] | str) -> tuple[Card, ...]:
    """Cards from an iterable of :class:`Card` or codes, or from one text of codes separated by spaces.

    >>> parse_cards("AS KH 10D")
    (Card.parse('AS'), Card.parse('KH'), Card.parse('10D'))
    """
    if isinstance(items, str):
        items = items.replace(",", " ").split()
    return tuple(Card.parse(item) if not isinstance(item, Card) else item for item in items)


def read_card(value: Any, what: str) -> Card:
    """A card from its code in data (:class:`~reversis.RecordError` naming ``what`` if it is not)."""
    if not isinstance(value, str):
        raise RecordError(f"{what} must be a card code such as 'JH', not {jsonio.kind(value)}")
    try:
        return Card.parse(value)
    except InvalidCardError:
        raise RecordError(f"{what}: {value[:40]!r} is not a card") from None


def read_optional_card(value: Any, what: str) -> Card | None:
    """``None`` (a hidden card) or a card, from data."""
    return None if value is None else read_card(value, what)


#: The most cards :func:`read_cards` reads in one list.
MAX_CARD_LIST = 200
#: The JSON Schema of :func:`read_cards`'s lists.
CARDS_SCHEMA = jsonio.list_schema(CARD_SCHEMA, MAX_CARD_LIST)


def read_cards(value: Any, what: str) -> tuple[Card, ...]:
    """A list of card codes, from data."""
    listed = jsonio.items(value, what, MAX_CARD_LIST)
    return tuple(read_card(v, f"{what}[{i}]") for i, v in enumerate(listed))


def iter_bits(mask: int) -> Iterator[int]:
    """The set bit positions of ``mask``, lowest first: the cards of a mask, as card bits."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low
