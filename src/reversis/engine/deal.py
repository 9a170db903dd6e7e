"""The deal: what chance and the table decided before the first move, shared by every state of a hand.

A :class:`Deal` holds the cards each seat was dealt, the widow, the stakes, the pass direction, the
card shown to all (Tëtka's bum card, Réunion's turn-up) and the tables that follow from them: the
steps before play, the trumps and the cards' points, which depend on the deal in Tëtka and Réunion.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

import attrs

from reversis.cards import Card, Rank, cards_from_mask
from reversis.errors import DealError
from reversis.profile import Profile
from reversis.profile.compiled import Rules
from reversis.profile.stakes import exchange_limits, parse_stakes
from reversis.stakes import Stakes

__all__ = [
    "Deal",
    "DealInfo",
    "DealTables",
    "Trumps",
    "canonical_deck",
    "check_dealer",
    "check_hand_number",
    "deal_info",
    "deal_of_hands",
    "deal_of_pack",
    "deal_tables",
    "direction_name",
    "make_deal",
    "pass_offset",
    "trumps_of",
]

#: The pass directions by name, as seat offsets (hearts §3), and back.
DIRECTIONS = ("none", "left", "across", "right")


@attrs.frozen
class Trumps:
    """The trumps of a deal (reunion §2): the trump ``suit``, the bowers' bits (or -1), and each
    card's ``power`` within its suit as followed (higher wins)."""

    suit: int
    right: int
    left: int
    power: tuple[int, ...]


@attrs.frozen
class Deal:
    """What was decided before the first move, and what follows from it for the whole hand. Two
    deals are equal when they deal the same cards to the same seats with the same dealer, stakes and
    pass direction (not where the cards came from)."""

    #: The profile's compiled tables.
    rules: Rules = attrs.field(eq=False, repr=False)
    #: How many steps come before play (``len(steps)``).
    nsteps: int = attrs.field(eq=False, repr=False)
    #: The trumps of a game with trumps (reunion §2), else ``None``.
    trumps: Trumps | None = attrs.field(eq=False, repr=False)
    #: The cards of each suit as they are followed: the suits of the pack, the left bower moved to
    #: trumps (reunion §2).
    suits: tuple[int, int, int, int] = attrs.field(eq=False, repr=False)
    #: By card bit, the suit the card counts as when it is led or followed: its own, or trumps for
    #: the left bower (reunion §2); and the mask of that suit's cards (those that follow it).
    follows: tuple[int, ...] = attrs.field(eq=False, repr=False)
    led_cards: tuple[int, ...] = attrs.field(eq=False, repr=False)
    profile: Profile
    dealer: int
    #: The cards the packets dealt each seat, as masks (without the widow, which Réunion's dealer
    #: takes up before the first move).
    dealt: tuple[int, ...]
    #: The widow, as card bits in the order dealt (the first non-dealer's card first; in Réunion
    #: the turn-up last).
    widow: tuple[int, ...]
    #: The stakes at the start of play (antes already in).
    stakes: Stakes
    #: The pass direction, as the seat offset a card goes to (0: no pass) (hearts §3).
    direction: int
    #: The card shown to everyone, as a card bit, or -1 (tetka §2, reunion §4).
    shown: int
    #: The ordered pack after the cut, as card masks, when the hand was dealt from one.
    pack: tuple[int, ...] | None = attrs.field(eq=False)
    #: The seed that made the pack, if any.
    seed: int | None = attrs.field(eq=False)
    #: The hand's number in its match (1 for a single hand): Hearts' pass cycle follows it.
    hand_number: int = attrs.field(eq=False)
    #: The steps before play: ``(seat, step kind, argument)``.
    steps: tuple[tuple[int, int, int], ...] = attrs.field(eq=False, repr=False)
    #: Whether a non-dealer may decline the exchange (fournier-1785 §4, english §10).
    may_decline: bool = attrs.field(eq=False, repr=False)
    #: Cards that may not be put aside before play (english §10, hoyle §9, reunion §4).
    no_discard: int = attrs.field(eq=False, repr=False)


def pass_offset(profile: Profile, direction: object, hand_number: int) -> int:
    """The pass offset of a hand: ``direction`` given by name (``"left"`` …), else the profile's
    cycle by ``hand_number`` (hearts §3); 0 when the profile passes no cards."""
    rules = profile.compiled
    n = rules.players
    if direction is None:
        if not rules.pass_cards:
            return 0
        return rules.pass_cycle[(hand_number - 1) % len(rules.pass_cycle)]
    if not rules.passing:
        raise DealError(f"the {profile.name} profile passes no cards: no pass_direction")
    if direction not in DIRECTIONS:
        raise DealError(f"pass_direction is one of {', '.join(DIRECTIONS)}, not {direction!r}")
    if direction != "none" and not rules.pass_cards:
        raise DealError("this profile passes no cards (pass_cards = false): the direction is none")
    offset = {"none": 0, "left": 1, "across": n // 2, "right": n - 1}[str(direction)]
    if direction == "across" and n % 2:
        raise DealError("no seat sits across at an odd table")
    return offset


def direction_name(deal: Deal) -> str:
    """The pass direction of ``deal`` by name: ``none``, ``left``, ``across`` or ``right``."""
    n = deal.rules.players
    if deal.direction == 0:
        return "none"
    if deal.direction == 1:
        return "left"
    if deal.direction == n - 1:
        return "right"
    return "across"


class DealTables(NamedTuple):
    """The fields of a :class:`Deal` that follow from its profile, dealer, pass direction and card
    shown alone (the trumps depend on the shown card's suit only): :func:`deal_tables`."""

    nsteps: int
    trumps: Trumps | None
    suits: tuple[int, int, int, int]
    follows: tuple[int, ...]
    led_cards: tuple[int, ...]
    steps: tuple[tuple[int, int, int], ...]
    #: The cards barred from being put aside whatever the stakes (the bowers, the profile's).
    barred: int


def deal_tables(rules: Rules, dealer: int, direction: int, shown: int) -> DealTables:
    """The tables of a deal of ``rules`` by ``dealer``, passing ``direction`` (a seat offset),
    with the card ``shown`` (see :class:`DealTables`)."""
    trumps = trumps_of(rules, shown) if rules.trumps else None
    follows, suits, led_cards = rules.follows, rules.suit_masks, rules.led_cards
    if trumps is not None and trumps.left >= 0:
        # reunion §2: the left bower belongs to trumps only.
        follows = tuple(
            trumps.suit if bit == trumps.left else suit for bit, suit in enumerate(follows)
        )
        suits = tuple(
            sum(card.mask for card in rules.deck if follows[card.index] == suit)
            for suit in range(4)
        )
        led_cards = tuple(suits[suit] for suit in follows)
    barred = rules.discard_barred
    if trumps is not None and rules.discard_bowers:
        # reunion §4: never a bower discarded.
        barred |= sum(1 << b for b in (trumps.right, trumps.left) if b >= 0)
    steps = rules.pass_steps[dealer][direction] if direction else rules.steps[dealer]
    return DealTables(
        nsteps=len(steps),
        trumps=trumps,
        suits=(suits[0], suits[1], suits[2], suits[3]),
        follows=follows,
        led_cards=led_cards,
        steps=steps,
        barred=barred,
    )


def make_deal(
    profile: Profile,
    dealt: Sequence[int],
    widow: Sequence[int],
    *,
    dealer: int,
    stakes: Stakes | dict[str, Any] | None,
    pack: tuple[int, ...] | None = None,
    seed: int | None = None,
    shown: int = -1,
    direction: int = 0,
    hand_number: int = 1,
) -> Deal:
    """The :class:`Deal` of cards known to be a deal of ``profile`` (masks per seat as dealt by the
    packets, the widow's bits). The widow goes to the dealer where the profile says so."""
    rules = profile.compiled
    widow = tuple(widow)
    if rules.shown == "turn-up":
        shown = widow[-1]
    if stakes is None:
        parsed = rules.first_stakes
        limits = rules.exchange_limits
    else:
        parsed = parse_stakes(profile, stakes)
        limits = None
    may_decline, no_discard = limits or exchange_limits(profile, parsed)
    tables = deal_tables(rules, dealer, direction, shown)
    return Deal(
        rules=rules,
        nsteps=tables.nsteps,
        trumps=tables.trumps,
        suits=tables.suits,
        follows=tables.follows,
        led_cards=tables.led_cards,
        profile=profile,
        dealer=dealer,
        dealt=tuple(dealt),
        widow=widow,
        stakes=parsed,
        direction=direction,
        shown=shown,
        pack=pack,
        seed=seed,
        hand_number=hand_number,
        steps=tables.steps,
        may_decline=may_decline,
        no_discard=no_discard | tables.barred,
    )


def trumps_of(rules: Rules, shown: int) -> Trumps:
    """The trumps of a deal whose turn-up is ``shown`` (reunion §2): its suit is trumps."""
    suit = shown >> 4
    right = left = -1
    power = [0] * 64
    for bit in range(64):
        rank = bit & 15
        # reunion §2 [profile flag ten_high]: the ten between the ace and the king.
        power[bit] = 2 * rank + (7 if rules.ten_high and rank == Rank.TEN else 0)
    if rules.bowers:
        # reunion §2: the jack of trumps is the right bower, the other jack of its colour the
        # left bower; both are trumps, above the ace.
        right = 16 * suit + Rank.JACK
        other = 16 * (3 - suit) + Rank.JACK  # clubs and spades, diamonds and hearts
        if rules.deck_mask >> other & 1:
            left = other
            power[left] = 100
        power[right] = 101
    return Trumps(suit=suit, right=right, left=left, power=tuple(power))


def check_dealer(profile: Profile, dealer: object) -> int:
    """``dealer`` if it is a seat of ``profile``, else :class:`~reversis.DealError`."""
    if type(dealer) is not int or not 0 <= dealer < profile.players:
        raise DealError(f"dealer must be a seat from 0 to {profile.players - 1}, not {dealer!r}")
    return dealer


def check_hand_number(value: object) -> int:
    """``value`` if it is a hand number (1 or more), else :class:`~reversis.DealError`."""
    if type(value) is not int or not 1 <= value <= 1_000_000:
        raise DealError(f"hand_number must be an integer from 1, not {str(value)[:20]}")
    return value


def deal_of_pack(
    profile: Profile,
    pack: tuple[int, ...],
    *,
    dealer: int,
    seed: int | None,
    stakes: Stakes | dict[str, Any] | None,
    hand_number: int = 1,
    direction: object = None,
) -> Deal:
    """The deal of a pack of card masks known to hold the profile's cards once each (fournier-1785
    §3: the packets go round from the eldest; what is left is the widow)."""
    rules = profile.compiled
    getters, widow_getter = rules.deal_getters[dealer]
    dealt = [sum(get(pack)) for get in getters]
    widow = tuple([m.bit_length() - 1 for m in widow_getter(pack)])
    shown = -1
    if rules.shown == "last-dealt":
        # tetka §2: the last card dealt, the dealer's, is the bum card.
        shown = getters[dealer](pack)[-1].bit_length() - 1
    offset = pass_offset(profile, direction, hand_number) if rules.pass_cards or direction else 0
    return make_deal(
        profile,
        dealt,
        widow,
        dealer=dealer,
        stakes=stakes,
        pack=pack,
        seed=seed,
        shown=shown,
        direction=offset,
        hand_number=hand_number,
    )


def deal_of_hands(
    profile: Profile,
    held: Sequence[tuple[Card, ...]],
    widow: tuple[Card, ...],
    *,
    dealer: int,
    stakes: Stakes | dict[str, Any] | None,
    bum: Card | None,
    hand_number: int = 1,
    direction: object = None,
) -> Deal:
    """The deal of explicit cards (checked: :class:`~reversis.DealError` naming the problem)."""
    rules = profile.compiled
    n = rules.players
    if len(held) != n:
        raise DealError(f"hands must give the cards of {n} seats, not {len(held)}")
    seen = 0
    groups = [(f"seat {seat}", cards) for seat, cards in enumerate(held)]
    groups.append(("the widow", widow))
    for where, cards in groups:
        for card in cards:
            if not rules.deck_mask >> card.index & 1:
                raise DealError(f"{card.code} ({where}) is not in the {profile.name} pack")
            if seen >> card.index & 1:
                raise DealError(f"{card.code} is dealt twice")
            seen |= 1 << card.index
    extra = 1 if rules.widow == "exchange" else 0
    for seat, cards in enumerate(held):
        want = rules.tricks + (extra if seat == dealer else 0)
        if len(cards) != want:
            role = "the dealer" if seat == dealer else "a non-dealer"
            raise DealError(f"seat {seat} ({role}) must be dealt {want} cards, not {len(cards)}")
    talon = len(rules.deck) - sum(len(cards) for cards in held)
    if len(widow) != talon:
        raise DealError(f"the widow must hold {talon} cards, not {len(widow)}")
    shown = -1
    if rules.shown == "last-dealt":
        # tetka §2: the bum card, the last card dealt, is one of the dealer's.
        if bum is None:
            raise DealError("name the bum card, the last card dealt: bum='7H'")
        if bum not in held[dealer]:
            raise DealError(f"the bum card {bum.code} must be one of the dealer's cards")
        shown = bum.index
    elif bum is not None:
        raise DealError(f"the {profile.name} profile shows no bum card")
    offset = pass_offset(profile, direction, hand_number) if rules.pass_cards or direction else 0
    return make_deal(
        profile,
        [sum(1 << c.index for c in cards) for cards in held],
        [c.index for c in widow],
        dealer=dealer,
        stakes=stakes,
        shown=shown,
        direction=offset,
        hand_number=hand_number,
    )


def canonical_deck(deal: Deal) -> tuple[Card, ...]:
    """A pack that deals ``deal`` by the profile's packets: each seat's cards in card order (the
    bum card last), then the widow."""
    rules = deal.rules
    n = rules.players
    remaining = []
    for seat, mask in enumerate(deal.dealt):
        cards = [Card.from_index(b) for b in range(64) if mask >> b & 1]
        if rules.shown == "last-dealt" and seat == deal.dealer:
            cards.remove(Card.from_index(deal.shown))
            cards.append(Card.from_index(deal.shown))
        remaining.append(cards)
    deck: list[Card] = []
    for others, to_dealer in deal.profile.deal.packets:
        for offset in range(1, n + 1):
            seat = (deal.dealer + offset) % n
            count = to_dealer if seat == deal.dealer else others
            deck.extend(remaining[seat][:count])
            del remaining[seat][:count]
    deck.extend(Card.from_index(b) for b in deal.widow)
    return tuple(deck)


@attrs.frozen
class DealInfo:
    """What was decided before the first move of a hand (``hand.deal``): the dealer, where the cards
    came from, the cards each seat was dealt and the widow, the card shown, the stakes."""

    #: The dealer's seat, and the eldest, the seat after him.
    dealer: int
    eldest: int
    #: The seed the pack was shuffled with, if any.
    seed: int | None
    #: The hand's number in its match (1 for a single hand).
    hand_number: int
    #: The ordered pack after the cut that the hand was dealt from (for a hand dealt from explicit
    #: cards, the canonical pack that deals them: each seat's packets in card order, Tëtka's bum
    #: card last, then the widow).
    deck: tuple[Card, ...]
    #: The cards the packets dealt each seat (Réunion's dealer then takes up the widow).
    dealt: tuple[tuple[Card, ...], ...]
    #: The widow as dealt (the first non-dealer's card first; in Réunion the turn-up last).
    widow: tuple[Card, ...]
    #: The card shown to everyone (Tëtka's bum card, Réunion's turn-up), if any.
    shown: Card | None
    #: The stakes at the start of play (antes already in).
    stakes: Stakes
    #: Hearts: the pass direction (``left``, ``across``, ``right`` or ``none``); ``None`` for a game
    #: without passing.
    pass_direction: str | None


def deal_info(deal: Deal) -> DealInfo:
    """The public :class:`DealInfo` of ``deal``."""
    deck = canonical_deck(deal) if deal.pack is None else tuple(_card(m) for m in deal.pack)
    return DealInfo(
        dealer=deal.dealer,
        eldest=(deal.dealer + 1) % deal.rules.players,
        seed=deal.seed,
        hand_number=deal.hand_number,
        deck=deck,
        dealt=tuple(cards_from_mask(mask) for mask in deal.dealt),
        widow=tuple(Card.from_index(bit) for bit in deal.widow),
        shown=None if deal.shown < 0 else Card.from_index(deal.shown),
        stakes=deal.stakes,
        pass_direction=direction_name(deal) if deal.rules.passing else None,
    )


def _card(mask: int) -> Card:
    return Card.from_index(mask.bit_length() - 1)
