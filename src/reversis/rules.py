"""A profile compiled into the tables the engine reads on its hot path (internal).

Everything here is derived from a :class:`~reversis.profile.Profile` once, when the profile is built,
so that ``legal_moves()`` and ``apply()`` do table look-ups and bit operations only.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from reversis.cards import Card, Rank, full_deck, mask_of
from reversis.moves import DISCARDS, EXCHANGES, GIVES, PLAYS, Play

if TYPE_CHECKING:
    from reversis.profile import Profile, SpecialCard

_RANK_VALUES = {r.code: int(r) for r in Rank}

#: The 16-bit field of each suit in a card mask.
SUIT_MASKS = (0xFFFF, 0xFFFF << 16, 0xFFFF << 32, 0xFFFF << 48)

# Exchange steps.
STEP_EXCHANGE = 0  # a non-dealer exchanges (or declines)
STEP_DISCARD = 1  # the dealer discards
STEP_GIVE = 2  # a player gives a card to the player opposite


def _suit_play_tables() -> tuple[tuple[tuple[Play, ...], ...], ...]:
    """For each suit, the plays of every pattern of ranks: bit ``r - 2`` of the pattern is rank ``r``."""
    out = []
    for suit in range(4):
        table: list[tuple[Play, ...]] = [()] * 8192
        for pattern in range(1, 8192):
            low = pattern & -pattern
            play = PLAYS[16 * suit + 1 + low.bit_length()]
            assert play is not None
            table[pattern] = (play, *table[pattern ^ low])
        out.append(tuple(table))
    return tuple(out)


#: ``SUIT_PLAYS[suit][pattern]``: the plays of a suit's cards, in card order.
SUIT_PLAYS = _suit_play_tables()
_C, _D, _H, _S = SUIT_PLAYS


def plays_of(mask: int) -> tuple[Play, ...]:
    """The plays of the cards of ``mask`` (a 64-bit mask), in card order."""
    low = mask & 0xFFFFFFFF
    high = mask >> 32
    return _C[low >> 2 & 0x1FFF] + _D[low >> 18] + _H[high >> 2 & 0x1FFF] + _S[high >> 18]


def _byte_tables(moves: Sequence[object | None]) -> tuple[tuple[tuple[Any, ...], ...], ...]:
    """For each of the 8 bytes of a card mask, the tuple of moves of every value of the byte."""
    return tuple(
        tuple(
            tuple(
                moves[8 * byte + bit]
                for bit in range(8)
                if value >> bit & 1 and moves[8 * byte + bit] is not None
            )
            for value in range(256)
        )
        for byte in range(8)
    )


EXCHANGE_TABLES = _byte_tables(EXCHANGES)
DISCARD_TABLES = _byte_tables(DISCARDS)
GIVE_TABLES = _byte_tables(GIVES)


def moves_of(mask: int, tables: tuple[tuple[tuple[Any, ...], ...], ...]) -> tuple[Any, ...]:
    """The moves of ``tables`` (exchanges, discards or gives) for the cards of ``mask``."""
    t0, t1, t2, t3, t4, t5, t6, t7 = tables
    return (
        t0[mask & 255]
        + t1[mask >> 8 & 255]
        + t2[mask >> 16 & 255]
        + t3[mask >> 24 & 255]
        + t4[mask >> 32 & 255]
        + t5[mask >> 40 & 255]
        + t6[mask >> 48 & 255]
        + t7[mask >> 56 & 255]
    )


@attrs.frozen
class Rules:
    """The compiled tables of one profile."""

    players: int
    tricks: int
    deck: tuple[Card, ...]
    deck_mask: int
    suit_masks: tuple[int, ...]
    trick_points: tuple[int, ...]  # by card bit
    trick_groups: tuple[tuple[int, int], ...]  # (points, mask of the cards worth them in tricks)
    pot_points: tuple[int, ...]  # by card bit
    pot_groups: tuple[tuple[int, int], ...]  # (value, mask of the cards worth it in the pot)
    pot_bonus: int
    winner_rank: tuple[int, ...]  # by offset from the dealer: position in the winner tie-break
    loser_rank: tuple[int, ...]  # by offset from the dealer: position in the loser tie-break
    loser_most_tricks: bool
    dealer_first: bool
    decline: str
    discard_quinolas: str
    opposite: bool
    only_card_forced: bool
    priv_mask: int
    priv_masks: tuple[int, ...]  # the privilege's cards in each seat's field of the packed hands
    priv_needed: int
    priv_last: int
    priv_success_wins: bool
    priv_failure_loses: bool
    commit: int
    end_on_break: bool
    pool_of: tuple[str, ...]  # by card bit: the pool a quinola goes with, or ""
    pool_mask: int
    quinola_mask: int
    #: The cards' masks, in card order.
    deck_masks: tuple[int, ...]
    #: By card bit, the card's position in the pack (``-1``: not in the pack).
    deck_positions: tuple[int, ...]
    #: For each dealer, per seat an item getter of the pack positions it is dealt, and the widow's.
    deal_getters: tuple[
        tuple[
            tuple[Callable[[Sequence[int]], tuple[int, ...]], ...],
            Callable[[Sequence[int]], tuple[int, ...]],
        ],
        ...,
    ]
    #: ``(may decline, mask of cards that may not be put out)`` when they do not depend on stakes.
    exchange_limits: tuple[bool, int] | None
    #: For each dealer, the exchange steps ``(seat, kind, widow index or -1)``.
    exchange_steps: tuple[tuple[tuple[int, int, int], ...], ...]
    #: By card bit, the profile's line of ``[[specials]]`` for the card, or ``None``.
    specials: tuple[SpecialCard | None, ...]
    special_mask: int
    #: By card bit, the payment reasons of a special card:
    #: ``(placed, forced, consolation, led, played)``, or ``None``.
    reasons: tuple[tuple[str, str, str, str, str] | None, ...]
    #: By trick number (index 0 unused), the factor of the card payments *à la bonne*.
    bonne: tuple[int, ...]
    opposite_cards: bool  # card payments doubled between opposite seats
    opposite_party: bool  # the pot (party) doubled between opposite seats
    claim_led: bool
    pot_reason: str


def _deal_offsets(profile: Profile) -> tuple[int, ...]:
    n = profile.players
    out: list[int] = []
    for others, to_dealer in profile.deal.packets:
        for offset in range(1, n + 1):
            out.extend([offset % n] * (to_dealer if offset == n else others))
    out.extend([-1] * (n - 1))
    return tuple(out)


def _getters(
    offsets: tuple[int, ...], dealer: int, n: int
) -> tuple[
    tuple[Callable[[Sequence[int]], tuple[int, ...]], ...],
    Callable[[Sequence[int]], tuple[int, ...]],
]:
    seats = [-1 if o < 0 else (dealer + o) % n for o in offsets]
    by_seat = tuple(
        operator.itemgetter(*[i for i, s in enumerate(seats) if s == seat]) for seat in range(n)
    )
    widow = operator.itemgetter(*[i for i, s in enumerate(seats) if s < 0])
    return by_seat, widow


def _exchange_steps(profile: Profile, dealer: int) -> tuple[tuple[int, int, int], ...]:
    n = profile.players
    non_dealers = [((dealer + k) % n, STEP_EXCHANGE, k - 1) for k in range(1, n)]
    discard = [(dealer, STEP_DISCARD, -1)]
    # fournier-1785 §4: the non-dealers exchange in playing order, then the dealer discards;
    # english §4: the dealer discards first.
    steps = discard + non_dealers if profile.exchange.dealer == "first" else non_dealers + discard
    if profile.exchange.opposite:
        # hoyle §4: then each player, from the eldest, gives a card to the player opposite.
        steps += [((dealer + k) % n, STEP_GIVE, -1) for k in range(1, n + 1)]
    return tuple(steps)


def _rank(order: list[int]) -> tuple[int, ...]:
    return tuple(order.index(offset) for offset in range(len(order)))


def compile_rules(profile: Profile) -> Rules:
    """Compile ``profile`` into :class:`Rules`."""
    deck = full_deck(Rank(_RANK_VALUES[r]) for r in profile.table.removed_ranks)
    ranks = dict(profile.points.trick)
    pot_ranks = dict(profile.points.pot)
    pot_cards = {Card.parse(code).index: value for code, value in profile.points.pot_cards}
    trick_points = [0] * 64
    pot_points = [0] * 64
    for card in deck:
        trick_points[card.index] = ranks.get(card.rank.code, 0)
        pot_points[card.index] = pot_cards.get(card.index, pot_ranks.get(card.rank.code, 0))
    n = profile.players
    pool_of = [""] * 64
    quinola_mask = 0
    for special in profile.specials:
        for code in special.cards:
            card = Card.parse(code)
            if special.pool:
                pool_of[card.index] = special.pool
            if special.name == "quinola":
                quinola_mask |= card.mask
    specials: list[SpecialCard | None] = [None] * 64
    for special in profile.specials:
        for code in special.cards:
            specials[Card.parse(code).index] = special
    priv = profile.privilege
    deck_mask = mask_of(deck)
    return Rules(
        players=n,
        tricks=profile.tricks,
        deck=deck,
        deck_mask=deck_mask,
        suit_masks=tuple(m & deck_mask for m in SUIT_MASKS),
        trick_points=tuple(trick_points),
        trick_groups=tuple(
            (v, sum(1 << b for b, x in enumerate(trick_points) if x == v))
            for v in sorted(set(trick_points) - {0})
        ),
        pot_points=tuple(pot_points),
        pot_groups=tuple(
            (v, sum(1 << b for b, x in enumerate(pot_points) if x == v))
            for v in sorted(set(pot_points) - {0})
        ),
        pot_bonus=profile.points.pot_bonus,
        winner_rank=_rank([o % n for o in profile.outcome.winner_order]),
        loser_rank=_rank([o % n for o in profile.outcome.loser_order]),
        loser_most_tricks=profile.outcome.loser_ties == "most-tricks",
        dealer_first=profile.exchange.dealer == "first",
        decline=profile.exchange.decline,
        discard_quinolas=profile.exchange.discard_quinolas,
        opposite=profile.exchange.opposite,
        only_card_forced=profile.play.forced == "only-card",
        priv_mask=mask_of(Card.parse(c) for c in priv.cards) if priv else 0,
        priv_masks=tuple(
            (mask_of(Card.parse(c) for c in priv.cards) if priv else 0) << (64 * p)
            for p in range(n)
        ),
        priv_needed=priv.needed if priv else 0,
        priv_last=priv.last_trick if priv else 0,
        priv_success_wins=bool(priv and priv.success == "wins-party"),
        priv_failure_loses=bool(priv and "loses-party" in priv.failure),
        commit=profile.reversis.commit,
        end_on_break=profile.reversis.end_on_break,
        pool_of=tuple(pool_of),
        pool_mask=sum(1 << bit for bit, name in enumerate(pool_of) if name),
        quinola_mask=quinola_mask,
        deck_masks=tuple(card.mask for card in deck),
        deck_positions=tuple(
            next((i for i, c in enumerate(deck) if c.index == b), -1) for b in range(64)
        ),
        deal_getters=tuple(_getters(_deal_offsets(profile), d, n) for d in range(n)),
        exchange_limits=(
            (profile.exchange.decline == "always", 0)
            if profile.exchange.decline != "three-stakes"
            and profile.exchange.discard_quinolas == "always"
            else None
        ),
        exchange_steps=tuple(_exchange_steps(profile, d) for d in range(n)),
        specials=tuple(specials),
        special_mask=sum(1 << b for b, sp in enumerate(specials) if sp is not None),
        reasons=tuple(
            None
            if sp is None
            else (
                f"{sp.name}_placed",
                f"{sp.name}_forced",
                f"{sp.name}_consolation",
                f"{sp.name}_led",
                f"{sp.name}_played",
            )
            for sp in specials
        ),
        bonne=tuple(2 if t in profile.money.bonne_tricks else 1 for t in range(profile.tricks + 1)),
        opposite_cards=n == 4 and "cards" in profile.money.opposite_doubles,
        opposite_party=n == 4 and "party" in profile.money.opposite_doubles,
        claim_led=profile.money.claim_led,
        pot_reason=profile.money.pot_reason,
    )
