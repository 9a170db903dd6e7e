"""A profile compiled into the tables the engine reads on its hot path.

Everything here is derived from a :class:`~reversis.Profile` once, when the profile is built
(``profile.compiled``), so that ``legal_moves()`` and ``apply()`` do table look-ups and bit
operations only. A card set is an integer bit mask: card ``c`` is bit ``16 * suit + rank``.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, NamedTuple

import attrs

from reversis.cards import Card, Rank, Suit, full_deck, mask_of
from reversis.profile.stakes import exchange_limits, initial_stakes
from reversis.stakes import Stakes

if TYPE_CHECKING:
    from reversis.profile.schema import Profile
    from reversis.profile.sections import SpecialCard

__all__ = [
    "STEP_DISCARD",
    "STEP_EXCHANGE",
    "STEP_GIVE",
    "STEP_PASS",
    "SUIT_MASKS",
    "Rules",
    "SpecialReasons",
    "compile_rules",
    "point_groups",
]

#: The 16-bit field of each suit in a card mask.
SUIT_MASKS = (0xFFFF, 0xFFFF << 16, 0xFFFF << 32, 0xFFFF << 48)

# The kinds of the steps before play: ``(seat, kind, argument)``.
#: A non-dealer exchanges with his widow card, or declines; the argument is the widow card's index.
STEP_EXCHANGE = 0
#: The dealer puts a card aside.
STEP_DISCARD = 1
#: A player gives a card face down to the seat ``argument`` places on (Hoyle's opposite exchange).
STEP_GIVE = 2
#: A player passes a card face down to the seat ``argument`` places on (Hearts).
STEP_PASS = 3

#: The directions of a pass, as seat offsets in playing order (hearts §3).
PASS_OFFSETS = {"none": 0, "left": 1, "across": 2, "right": -1}

Getter = Callable[[Sequence[int]], tuple[int, ...]]


class SpecialReasons(NamedTuple):
    """The payment reasons of a special card (an ace, a quinola), named after it:
    ``ace_placed``, ``ace_forced`` … (fournier-1785 "Payments as data")."""

    placed: str
    forced: str
    consolation: str
    led: str
    played: str


@attrs.frozen
class Rules:
    """The compiled tables of one profile (see the module's docstring)."""

    # -- the table and the pack -------------------------------------------------------------------
    players: int
    tricks: int
    deck: tuple[Card, ...]
    deck_mask: int
    #: The cards of each suit in the pack; by card bit, the card's suit and the mask of its suit's
    #: cards (a deal with bowers changes them: ``deal.follows``, ``deal.led_cards``).
    suit_masks: tuple[int, ...]
    follows: tuple[int, ...]
    led_cards: tuple[int, ...]
    #: The cards' masks, in card order, and by card bit the card's position in the pack (or -1).
    deck_masks: tuple[int, ...]
    deck_positions: tuple[int, ...]
    # -- the deal and the steps before play --------------------------------------------------------
    #: ``exchange`` (Reversis' widow), ``dealer`` (the dealer takes it up) or ``none``.
    widow: str
    shown: str
    #: For each dealer, per seat a getter of the pack positions it is dealt, and the widow's.
    deal_getters: tuple[tuple[tuple[Getter, ...], Getter], ...]
    #: For each dealer, the steps before play ``(seat, kind, argument)`` (Hearts' passes apart).
    steps: tuple[tuple[tuple[int, int, int], ...], ...]
    #: For each dealer and pass offset, the passes (hearts §4); empty without passing.
    pass_steps: tuple[dict[int, tuple[tuple[int, int, int], ...]], ...]
    #: The pass offsets of the cycle by hand number (hearts §3), and whether cards are passed.
    pass_cycle: tuple[int, ...]
    pass_cards: bool
    #: Whether a hand has a pass direction and its cards are handed over as passes, out of the
    #: hand at once and received together (hearts §3, §4), rather than given (hoyle §4); a
    #: profile that passes may pass no cards (``pass_cards`` false: the direction is ``none``).
    passing: bool
    #: ``(may decline, mask of cards that may not be put out)`` when they do not depend on stakes.
    exchange_limits: tuple[bool, int] | None
    #: The cards the dealer may not discard (``deal.discard_barred``), and whether the bowers too.
    discard_barred: int
    discard_bowers: bool
    first_stakes: Stakes
    decline: str
    discard_quinolas: str
    #: The privilege's cards, and how many of them qualify (fournier-1785 §11).
    priv_mask: int
    priv_needed: int
    # -- play ---------------------------------------------------------------------------------------
    #: Whether the turn-up's suit is trumps (reunion §2), with bowers, the ten high, and the duty
    #: to trump (reunion §5).
    trumps: bool
    bowers: bool
    ten_high: bool
    follow_trump: bool
    #: Hearts: the cards that may lead trick 1, the cards barred from trick 1 (unless nothing
    #: else is held), the cards barred from a lead until hearts are broken, the queen of spades
    #: when it frees the whole hand, and the cards that break hearts (hearts §5, §7).
    first_lead: int
    first_trick_barred: int
    lead_barred: int
    lead_free: int
    breakers: int
    #: The privileged player may renounce while fewer tricks than this are complete
    #: (fournier-1785 §11).
    priv_last: int
    #: Whether a card of the suit led is forced only when it is the player's only one (hoyle §6).
    only_card_forced: bool
    #: By card bit: the pool a quinola goes with, or "" (fournier-1785 §9).
    pool_of: tuple[str, ...]
    #: The trick that commits to the reversis, or one more than the tricks (no reversis), and
    #: whether the hand ends when it is broken (fournier-1785 §8).
    commit: int
    end_on_break: bool
    # -- points -------------------------------------------------------------------------------------
    #: By card bit, the points of a card in a trick, where they do not depend on the deal
    #: (fournier-1785 §7, hearts §8), and the same as ``(points, mask of the cards worth them)``.
    trick_points: tuple[int, ...]
    trick_groups: tuple[tuple[int, int], ...]
    #: By card bit, the value of a card in the pot, the same by groups, and the flat amount added
    #: (fournier-1785 §5).
    pot_points: tuple[int, ...]
    pot_groups: tuple[tuple[int, int], ...]
    pot_bonus: int
    #: By dealer, then by seat: the seat's position in the winner's and the loser's tie-breaks.
    winner_rank: tuple[tuple[int, ...], ...]
    loser_rank: tuple[tuple[int, ...], ...]
    loser_most_tricks: bool
    # -- money --------------------------------------------------------------------------------------
    priv_success_wins: bool
    priv_failure_loses: bool
    pool_mask: int
    quinola_mask: int
    #: By card bit, the profile's line of ``[[specials]]`` for the card, or ``None``.
    specials: tuple[SpecialCard | None, ...]
    special_mask: int
    #: By card bit, the payment reasons of a special card, or ``None``.
    reasons: tuple[SpecialReasons | None, ...]
    #: By trick number (index 0 unused), the factor of the card payments *à la bonne*.
    bonne: tuple[int, ...]
    opposite_cards: bool  # card payments doubled between opposite seats
    opposite_party: bool  # the pot (party) doubled between opposite seats
    claim_led: bool
    pot_reason: str


@attrs.frozen
class _Take:
    """The items of a pack at ``indices``, as a tuple (where ``itemgetter`` would not give one)."""

    indices: tuple[int, ...]

    def __call__(self, pack: Sequence[int]) -> tuple[int, ...]:
        return tuple(pack[i] for i in self.indices)


def _getter(indices: list[int]) -> Getter:
    """A function of a pack giving the items at ``indices`` as a tuple (of any length)."""
    if len(indices) < 2:
        return _Take(tuple(indices))
    getter: Getter = operator.itemgetter(*indices)
    return getter


def _deal_getters(profile: Profile, size: int, dealer: int) -> tuple[tuple[Getter, ...], Getter]:
    # fournier-1785 §3: the packets go round from the eldest, the dealer's last; what is left
    # is the widow.
    n = profile.players
    seats: list[int] = []
    for others, to_dealer in profile.deal.packets:
        for offset in range(1, n + 1):
            seat = (dealer + offset) % n
            seats.extend([seat] * (to_dealer if offset == n else others))
    seats.extend([-1] * (size - len(seats)))
    by_seat = tuple(_getter([i for i, s in enumerate(seats) if s == seat]) for seat in range(n))
    return by_seat, _getter([i for i, s in enumerate(seats) if s < 0])


def _steps(profile: Profile, dealer: int, talon: int) -> tuple[tuple[int, int, int], ...]:
    n = profile.players
    if profile.deal.widow == "dealer":
        # reunion §4: the dealer discards as many cards as he took up.
        return tuple((dealer, STEP_DISCARD, -1) for _ in range(talon))
    exchange = profile.exchange
    if exchange is None:
        return ()
    non_dealers = [((dealer + k) % n, STEP_EXCHANGE, k - 1) for k in range(1, n)]
    discard = [(dealer, STEP_DISCARD, -1)]
    # fournier-1785 §4: the non-dealers exchange in playing order, then the dealer discards;
    # english §4: the dealer discards first.
    steps = discard + non_dealers if exchange.dealer == "first" else non_dealers + discard
    if exchange.opposite:
        # hoyle §4: then each player, from the eldest, gives a card to the player opposite.
        steps += [((dealer + k) % n, STEP_GIVE, n // 2) for k in range(1, n + 1)]
    return tuple(steps)


def _pass_steps(profile: Profile, dealer: int) -> dict[int, tuple[tuple[int, int, int], ...]]:
    # hearts §4: three passes each, in playing order from dealer + 1, each seat's three together.
    n = profile.players
    out: dict[int, tuple[tuple[int, int, int], ...]] = {0: ()}
    if profile.hearts is None or not profile.hearts.pass_cards:
        return out
    for offset in {PASS_OFFSETS[d] % n for d in ("left", "across", "right")} - {0}:
        out[offset] = tuple(
            ((dealer + k) % n, STEP_PASS, offset) for k in range(1, n + 1) for _ in range(3)
        )
    return out


def _rank(order: list[int]) -> tuple[tuple[int, ...], ...]:
    n = len(order)
    by_offset = [order.index(offset) for offset in range(n)]
    return tuple(tuple(by_offset[(seat - dealer) % n] for seat in range(n)) for dealer in range(n))


def point_groups(values: Sequence[int]) -> tuple[tuple[int, int], ...]:
    """Card values by card bit as ``(value, mask of the cards worth it)`` pairs (0 left out): the
    points of a set of cards are ``sum(value * (cards & mask).bit_count())``."""
    return tuple(
        (v, sum(1 << b for b, x in enumerate(values) if x == v)) for v in sorted(set(values) - {0})
    )


def _suit(deck_mask: int, suit: Suit) -> int:
    return SUIT_MASKS[suit] & deck_mask


def compile_rules(profile: Profile) -> Rules:
    """Compile ``profile`` into :class:`Rules`."""
    deck = full_deck(r for r in Rank if r.code in profile.table.removed_ranks)
    deck_mask = mask_of(deck)
    n = profile.players
    tricks = profile.tricks
    talon = len(deck) - n * tricks - (1 if profile.deal.widow in ("pile", "one-each") else 0)
    trick_points = [0] * 64
    pot_points = [0] * 64
    hearts = profile.hearts
    qs = Card.parse("QS").mask
    heart_mask = _suit(deck_mask, Suit.HEARTS)
    if profile.points is not None:
        ranks = dict(profile.points.trick)
        pot_ranks = dict(profile.points.pot)
        pot_cards = {Card.parse(code).index: value for code, value in profile.points.pot_cards}
        for card in deck:
            trick_points[card.index] = ranks.get(card.rank.code, 0)
            pot_points[card.index] = pot_cards.get(card.index, pot_ranks.get(card.rank.code, 0))
    elif hearts is not None:
        # hearts §8: each heart, the queen of spades; Omnibus: the jack of diamonds.
        for card in deck:
            if card.suit is Suit.HEARTS:
                trick_points[card.index] = hearts.heart_points
        trick_points[Card.parse("QS").index] = hearts.qs_points
        if hearts.jd_bonus:
            trick_points[Card.parse("JD").index] = hearts.jd_points
    pool_of = [""] * 64
    quinola_mask = 0
    specials: list[SpecialCard | None] = [None] * 64
    for special in profile.specials:
        for code in special.cards:
            card = Card.parse(code)
            specials[card.index] = special
            if special.pool:
                pool_of[card.index] = special.pool
            if special.name == "quinola":
                quinola_mask |= card.mask
    priv = profile.privilege
    priv_mask = mask_of(Card.parse(c) for c in priv.cards) if priv else 0
    rev = profile.reversis
    commit = rev.commit if rev is not None else tricks + 1
    outcome = profile.outcome
    exchange = profile.exchange
    two_clubs = Card.parse("2C").mask
    barred = 0
    for item in profile.deal.discard_barred:
        if item != "bowers":
            barred |= sum(c.mask for c in deck if c.rank.code == item)
    identity = list(range(n))
    return Rules(
        players=n,
        tricks=tricks,
        deck=deck,
        deck_mask=deck_mask,
        suit_masks=tuple(m & deck_mask for m in SUIT_MASKS),
        follows=tuple(bit >> 4 for bit in range(64)),
        led_cards=tuple(SUIT_MASKS[bit >> 4] & deck_mask for bit in range(64)),
        deck_masks=tuple(card.mask for card in deck),
        deck_positions=tuple(
            next((i for i, c in enumerate(deck) if c.index == b), -1) for b in range(64)
        ),
        widow="exchange" if profile.deal.widow in ("pile", "one-each") else profile.deal.widow,
        shown=profile.deal.shown,
        deal_getters=tuple(_deal_getters(profile, len(deck), d) for d in range(n)),
        steps=tuple(_steps(profile, d, talon) for d in range(n)),
        pass_steps=tuple(_pass_steps(profile, d) for d in range(n)),
        pass_cycle=tuple(PASS_OFFSETS[d] % n for d in hearts.pass_cycle) if hearts else (0,),
        pass_cards=bool(hearts and hearts.pass_cards),
        passing=hearts is not None,
        exchange_limits=exchange_limits(profile, None)
        if exchange is None
        or (exchange.decline != "three-stakes" and exchange.discard_quinolas == "always")
        else None,
        discard_barred=barred,
        discard_bowers="bowers" in profile.deal.discard_barred,
        first_stakes=initial_stakes(profile),
        trumps=profile.play.trumps != "none",
        follow_trump=profile.play.follow == "suit-or-trump",
        bowers=profile.play.bowers,
        ten_high=bool(profile.reunion and profile.reunion.ten_high),
        first_lead=(_suit(deck_mask, Suit.CLUBS) if hearts.can_lead_any_club else two_clubs)
        if hearts
        else 0,
        first_trick_barred=heart_mask | qs if hearts and hearts.no_pts_on_first_trick else 0,
        lead_barred=heart_mask if hearts and hearts.must_break_hearts else 0,
        breakers=(heart_mask | (qs if hearts.qs_breaks_hearts else 0)) if hearts else 0,
        lead_free=qs if hearts and hearts.can_lead_hearts_instead_of_qs else 0,
        trick_points=tuple(trick_points),
        trick_groups=point_groups(trick_points),
        pot_points=tuple(pot_points),
        pot_groups=point_groups(pot_points),
        pot_bonus=profile.points.pot_bonus if profile.points else 0,
        winner_rank=_rank([o % n for o in outcome.winner_order] if outcome else identity),
        loser_rank=_rank([o % n for o in outcome.loser_order] if outcome else identity),
        loser_most_tricks=bool(outcome and outcome.loser_ties == "most-tricks"),
        decline=exchange.decline if exchange else "never",
        discard_quinolas=exchange.discard_quinolas if exchange else "always",
        only_card_forced=profile.play.forced == "only-card",
        priv_mask=priv_mask,
        priv_needed=priv.needed if priv else 0,
        priv_last=priv.last_trick if priv else 0,
        priv_success_wins=bool(priv and priv.success == "wins-party"),
        priv_failure_loses=bool(priv and "loses-party" in priv.failure),
        commit=commit,
        end_on_break=bool(rev and rev.end_on_break),
        pool_of=tuple(pool_of),
        pool_mask=sum(1 << bit for bit, name in enumerate(pool_of) if name),
        quinola_mask=quinola_mask,
        specials=tuple(specials),
        special_mask=sum(1 << b for b, sp in enumerate(specials) if sp is not None),
        reasons=tuple(
            None
            if sp is None
            else SpecialReasons(
                placed=f"{sp.name}_placed",
                forced=f"{sp.name}_forced",
                consolation=f"{sp.name}_consolation",
                led=f"{sp.name}_led",
                played=f"{sp.name}_played",
            )
            for sp in specials
        ),
        bonne=tuple(2 if t in profile.money.bonne_tricks else 1 for t in range(tricks + 1)),
        opposite_cards=n == 4 and "cards" in profile.money.opposite_doubles,
        opposite_party=n == 4 and "party" in profile.money.opposite_doubles,
        claim_led=profile.money.claim_led,
        pot_reason=profile.money.pot_reason,
    )
