"""Hands: :class:`Hand`, the state of one deal, and the functions that deal one.

    >>> import reversis
    >>> hand = reversis.new_hand("fournier-1785", seed=7)
    >>> hand.phase, hand.to_move, len(hand.hands[hand.dealer])
    (<Phase.EXCHANGE: 'exchange'>, 1, 12)
    >>> hand.legal_moves()[-1]
    Decline()
    >>> after = hand.apply("decline")
    >>> after.to_move, hand.to_move
    (2, 1)

A :class:`Hand` is the engine's hand (:class:`reversis.engine.hand.EngineHand`: the state and the
rules of play) with what it shows (:class:`reversis.engine.reading.HandReading`) and what the outer
layers add: the views of each seat and plain data (JSON). Seats are numbered in
playing order: seat ``s + 1`` (mod the number of players) plays after seat ``s``; the eldest is
``dealer + 1``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from reversis import jsonio
from reversis.cards import Card, parse_cards, read_cards
from reversis.engine.chance import check_seed, seeded_pack
from reversis.engine.deal import (
    check_dealer,
    check_hand_number,
    deal_of_hands,
    deal_of_pack,
    direction_name,
)
from reversis.engine.hand import EngineHand, start
from reversis.engine.reading import HandReading
from reversis.engine.trick import Phase, Trick
from reversis.errors import (
    DealError,
    IllegalMoveError,
    InvalidCardError,
    InvalidMoveError,
    ProfileError,
    RecordError,
    StakesError,
)
from reversis.moves import Move
from reversis.profile import Profile, load_profile, profile_from_data, profile_to_data
from reversis.profile.shipped import names as shipped_names
from reversis.stakes import Stakes

if TYPE_CHECKING:
    from reversis.views import HandView

__all__ = ["Hand", "Phase", "Trick", "deal_from_deck", "deal_hand", "new_hand", "replay_moves"]


class Hand(EngineHand, HandReading):
    """One hand: an immutable state, from the deal through the steps before play and the tricks.
    Make one with :func:`new_hand`, :func:`deal_hand` or :func:`deal_from_deck`.

    ``legal_moves()`` and ``apply(move)`` are the engine's (see
    :class:`~reversis.engine.hand.EngineHand` and :class:`~reversis.engine.reading.HandReading`
    for every property); this class adds :meth:`view` and plain data.
    """

    __slots__ = ()

    def view(self, seat: int) -> HandView:
        """What ``seat`` may know of this hand, and nothing else (see :mod:`reversis.views`)."""
        # The views are imported on first use, so that importing the library stays quick.
        from reversis.views import hand_view  # noqa: PLC0415

        return hand_view(self, self._check_seat(seat))

    def to_dict(self) -> dict[str, Any]:
        """The hand as plain data: its profile, dealer, seed, the ordered pack, the stakes at the
        start of play, the hand number and pass direction where they matter, and the moves.
        :meth:`from_dict` replays them into an equal hand.

        A profile equal to a shipped one is written by name, any other as its full data.
        """
        deal = self.deal
        data: dict[str, Any] = {
            "schema": jsonio.SCHEMA,
            "type": "hand",
            "profile": profile_to_data(deal.profile),
            "dealer": deal.dealer,
            "seed": deal.seed,
            "deck": [card.code for card in self.deck],
            "stakes": deal.stakes.to_dict(),
            "moves": [str(move) for move in self.moves],
        }
        if deal.hand_number != 1:
            data["hand_number"] = deal.hand_number
        if deal.profile.hearts is not None:
            data["pass_direction"] = direction_name(deal)
        return data

    @classmethod
    def from_dict(cls, data: Any, *, profile: Profile | None = None) -> Hand:
        """The hand of :meth:`to_dict`'s data, replayed (:class:`~reversis.RecordError` naming the
        problem if malformed, :class:`~reversis.ProfileError` for a bad profile). ``profile`` is
        the profile of data that names a profile of your own."""
        jsonio.table(
            data,
            "hand",
            ["profile", "dealer", "deck", "stakes", "moves"],
            ["seed", "hand_number", "pass_direction"],
        )
        jsonio.of_type(data, "hand", "hand")
        given = () if profile is None else (profile,)
        resolved = profile_from_data(data["profile"], "hand.profile", profiles=given)
        dealer = jsonio.integer(data["dealer"], "hand.dealer", 0, resolved.players - 1)
        seed = jsonio.optional_integer(data.get("seed"), "hand.seed", 0, 2**128 - 1)
        number = jsonio.integer(data.get("hand_number", 1), "hand.hand_number", 1, 1_000_000)
        direction = data.get("pass_direction")
        if direction is not None:
            direction = jsonio.text(direction, "hand.pass_direction", 10)
        deck = read_cards(data["deck"], "hand.deck")
        moves = jsonio.listed(data["moves"], "hand.moves", lambda v, w: jsonio.text(v, w, 40), 300)
        try:
            hand = deal_from_deck(
                resolved,
                deck,
                dealer=dealer,
                stakes=data["stakes"],
                seed=seed,
                hand_number=number,
                pass_direction=direction,
            )
        except (DealError, StakesError) as exc:
            raise RecordError(f"hand: {exc}") from None
        return replay_moves(hand, moves, "hand.moves")

    def to_json(self) -> str:
        """:meth:`to_dict` as JSON text."""
        return jsonio.dumps(self.to_dict())

    @classmethod
    def from_json(cls, text: str | bytes, *, profile: Profile | None = None) -> Hand:
        """The hand of :meth:`to_json`'s text."""
        return cls.from_dict(jsonio.loads(text, "hand"), profile=profile)


def replay_moves(hand: Hand, moves: Sequence[Move | str], what: str) -> Hand:
    """``hand`` after ``moves``; a move that is no move or not legal is a
    :class:`~reversis.RecordError` naming its place."""
    for number, move in enumerate(moves, start=1):
        try:
            hand = hand.apply(move)
        except (IllegalMoveError, InvalidMoveError) as exc:
            raise RecordError(f"{what}: move {number} ({str(move)[:40]!r}): {exc}") from None
    return hand


def _profile(profile: Profile | str) -> Profile:
    if isinstance(profile, Profile):
        return profile
    if isinstance(profile, str) and profile in shipped_names():
        return load_profile(profile)
    if isinstance(profile, str):
        raise ProfileError("", f"no shipped profile named {profile[:60]!r}")
    raise ProfileError(
        "", f"a profile is a Profile or a shipped profile's name, not {type(profile).__name__}"
    )


def _options(profile: Profile, hand_number: object, pass_direction: object) -> int:
    number = check_hand_number(hand_number)
    if pass_direction is not None and profile.hearts is None:
        raise DealError(f"the {profile.name} profile passes no cards: no pass_direction")
    return number


def deal_hand(
    profile: Profile | str,
    hands: Sequence[Iterable[Card | str]],
    widow: Iterable[Card | str] = (),
    *,
    dealer: int = 0,
    stakes: Stakes | dict[str, Any] | None = None,
    bum: Card | str | None = None,
    pass_direction: str | None = None,
    hand_number: int = 1,
) -> Hand:
    """A hand from explicit cards: ``hands[seat]`` for each seat as the packets dealt them, as
    :class:`~reversis.Card` or codes, and the ``widow``.

    * Reversis: the dealer 12 cards, the others 11; the widow's first card is the first
      non-dealer's (fournier-1785 §3).
    * Hearts: 13 each, no widow; ``pass_direction`` (``"left"``, ``"across"``, ``"right"``,
      ``"none"``), else the profile's cycle by ``hand_number`` (hearts §3).
    * Tëtka: 13 each, no widow; ``bum`` names the bum card, one of the dealer's (tetka §2).
    * Réunion: 10 each; the ``widow`` is the two cards the dealer takes up, the turn-up last
      (reunion §4).

    ``stakes`` are the stakes at the start of play, antes already in (see :mod:`reversis.stakes`);
    without them, the first hand of a match. Raises :class:`~reversis.DealError` for cards that
    cannot form a deal of the profile.

    >>> from reversis import deal_hand, load_profile, new_hand
    >>> source = new_hand(load_profile(), seed=1)
    >>> again = deal_hand(load_profile(), source.dealt, source.widow, dealer=source.dealer)
    >>> again.hands == source.hands
    True
    """
    profile = _profile(profile)
    dealer = check_dealer(profile, dealer)
    number = _options(profile, hand_number, pass_direction)
    if isinstance(hands, str | bytes) or not isinstance(hands, Sequence):
        raise DealError("hands must be a sequence with one collection of cards per seat")
    try:
        held = [parse_cards(h) for h in hands]
        widow_cards = parse_cards(widow)
        bum_card = None if bum is None else (bum if isinstance(bum, Card) else Card.parse(bum))
    except InvalidCardError as exc:
        raise DealError(str(exc)) from None
    except TypeError:
        raise DealError("hands and widow must be collections of cards or card codes") from None
    deal = deal_of_hands(
        profile,
        held,
        widow_cards,
        dealer=dealer,
        stakes=stakes,
        bum=bum_card,
        hand_number=number,
        direction=pass_direction,
    )
    return start(Hand, deal)


def deal_from_deck(
    profile: Profile | str,
    deck: Sequence[Card | str],
    *,
    dealer: int = 0,
    stakes: Stakes | dict[str, Any] | None = None,
    seed: int | None = None,
    pass_direction: str | None = None,
    hand_number: int = 1,
) -> Hand:
    """A hand dealt from an ordered pack (after the cut) by the profile's packets.

    The deal goes in playing order from the eldest, each round giving its packet to every non-dealer
    and then to the dealer (see :func:`reversis.engine.chance.deal_cards`); the cards left are the
    widow. ``seed`` records where the pack came from: it must be the seed whose shuffle gives this
    pack (:class:`~reversis.DealError` otherwise), so that a hand's seed and pack never disagree.
    """
    profile = _profile(profile)
    dealer = check_dealer(profile, dealer)
    number = _options(profile, hand_number, pass_direction)
    if isinstance(deck, str):
        deck = deck.split()
    try:
        cards = parse_cards(deck)
    except InvalidCardError as exc:
        raise DealError(str(exc)) from None
    except TypeError:
        raise DealError("a pack is a sequence of cards or card codes") from None
    rules = profile.compiled
    mask = 0
    for card in cards:
        if not rules.deck_mask >> card.index & 1:
            raise DealError(f"{card.code} is not in the {profile.name} pack")
        if mask >> card.index & 1:
            raise DealError(f"{card.code} is twice in the pack")
        mask |= 1 << card.index
    if mask != rules.deck_mask:
        raise DealError(
            f"the pack must hold the profile's {len(rules.deck)} cards, not {len(cards)}"
        )
    pack = tuple(card.mask for card in cards)
    if seed is not None and seeded_pack(profile, check_seed(seed)) != pack:
        raise DealError(f"the seed {seed} does not give this pack")
    deal = deal_of_pack(
        profile,
        pack,
        dealer=dealer,
        seed=seed,
        stakes=stakes,
        hand_number=number,
        direction=pass_direction,
    )
    return start(Hand, deal)


def new_hand(
    profile: Profile | str,
    *,
    seed: int,
    dealer: int = 0,
    stakes: Stakes | dict[str, Any] | None = None,
    pass_direction: str | None = None,
    hand_number: int = 1,
) -> Hand:
    """A hand dealt from the pack that ``seed`` shuffles and cuts (see
    :mod:`reversis.engine.chance`); the other arguments as for :func:`deal_hand`.

    >>> from reversis import load_profile, new_hand
    >>> new_hand(load_profile(), seed=7) == new_hand("fournier-1785", seed=7)
    True
    """
    profile = _profile(profile)
    dealer = check_dealer(profile, dealer)
    number = _options(profile, hand_number, pass_direction)
    deal = deal_of_pack(
        profile,
        seeded_pack(profile, seed),
        dealer=dealer,
        seed=seed,
        stakes=stakes,
        hand_number=number,
        direction=pass_direction,
    )
    return start(Hand, deal)
