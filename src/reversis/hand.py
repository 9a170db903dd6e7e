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

A :class:`Hand` holds an engine state (:mod:`reversis.engine.state`) and plays it by the engine's
rules (:mod:`reversis.engine.play`); its points, the end of the hand and what each game shows come
from the profile's game (:mod:`reversis.games`). Seats are numbered in playing order: seat ``s + 1``
(mod the number of players) plays after seat ``s``; the eldest is ``dealer + 1``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

import attrs

from reversis import jsonio
from reversis.cards import Card, cards_from_mask, read_cards
from reversis.dealing import cards_deal, pack_deal, seeded_deal
from reversis.engine.actions import action_count, move_index
from reversis.engine.deal import DealInfo, deal_info
from reversis.engine.facts import Fact
from reversis.engine.history import facts_of, moves_of
from reversis.engine.play import Policy
from reversis.engine.state import State
from reversis.engine.tricks import Phase, Trick
from reversis.errors import (
    ArgumentError,
    DealError,
    IllegalMoveError,
    InvalidMoveError,
    RecordError,
    StakesError,
)
from reversis.games import Game, game_of
from reversis.games.common import tricks_taken
from reversis.games.hearts import HeartsReading
from reversis.games.reunion import ReunionReading
from reversis.games.reversis import ReversisReading
from reversis.games.tetka import TetkaReading
from reversis.moves import Move
from reversis.playing import CORE_HAND, ENGINE, PlayedHand, engine_of, hand_of
from reversis.playing import HandBase as _AnyBase
from reversis.profile import Profile, profile_from_data, profile_to_data
from reversis.stakes import Stakes

if TYPE_CHECKING:
    from reversis.events import Event
    from reversis.games.payments import Settlement
    from reversis.views.view import HandView

    _HandBase = PlayedHand  # the type checker sees the reference's base: the same methods
else:
    _HandBase = _AnyBase

T = TypeVar("T")


class SupportsRandom(Protocol):
    """A source of random floats in ``[0, 1)``, as :class:`random.Random` is."""

    def random(self) -> float:
        """The next float in ``[0, 1)``."""


__all__ = [
    "Hand",
    "Phase",
    "SupportsRandom",
    "Trick",
    "deal_from_deck",
    "deal_hand",
    "hand_of_state",
    "new_hand",
    "remember",
    "replay_moves",
    "settle",
    "state_of",
]


class Hand(_HandBase):
    """One hand: an immutable state, from the deal through the steps before play and the tricks.
    Make one with :func:`new_hand`, :func:`deal_hand` or :func:`deal_from_deck`.

    The generic state is here; each game's own readings are under one attribute, which is ``None``
    for a hand of another game: :attr:`reversis` (the pot, its winner and loser, the privilege, the
    reversis), :attr:`hearts`, :attr:`tetka` and :attr:`reunion`.

    Two hands are equal, and hash alike, when they are the same game: the same profile, dealer, cards
    dealt, widow, stakes, pass direction and moves (where the cards came from, a seed or a pack, is
    not compared). Hands pickle (as their record, :meth:`to_dict`, checked on loading as
    :meth:`from_dict` checks it) and take weak references.
    """

    __slots__ = ("__weakref__",)

    def __init__(self) -> None:
        raise TypeError("make a hand with reversis.new_hand() or reversis.deal_hand()")

    def __setattr__(self, name: str, value: object) -> None:
        raise attrs.exceptions.FrozenInstanceError

    def __delattr__(self, name: str) -> None:
        raise attrs.exceptions.FrozenInstanceError

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Hand):
            return NotImplemented
        return (
            self._state.step == other._state.step
            and self._state.deal == other._state.deal
            and self.moves == other.moves
        )

    def __hash__(self) -> int:
        return hash((self._state.deal, self.moves))

    def __repr__(self) -> str:
        return (
            f"<Hand {self.profile.name} dealer={self.dealer} phase={self.phase.value} "
            f"moves={self._state.step} to_move={self.to_move}>"
        )

    def __reduce__(self) -> tuple[Any, ...]:
        # A hand pickles as its record (to_dict), loaded by from_dict: checked on loading as any
        # record is (the pack, its seed, the stakes, every move), on either engine.
        return (_unpickle, (self.to_dict(),))

    # -- the table ---------------------------------------------------------------------------------

    @property
    def profile(self) -> Profile:
        """The rule profile."""
        return self._state.deal.profile

    @property
    def players(self) -> int:
        """Number of players."""
        return self._state.deal.rules.players

    @property
    def dealer(self) -> int:
        """The dealer's seat."""
        return self._state.deal.dealer

    @property
    def deal(self) -> DealInfo:
        """What was decided before the first move: the seed, the pack, the cards dealt, the widow,
        the card shown, the stakes at the start of play, the hand number, the pass direction."""
        return self._remember("deal", lambda: deal_info(self._state.deal))

    # -- the state of play -------------------------------------------------------------------------

    @property
    def phase(self) -> Phase:
        """:attr:`Phase.EXCHANGE`, :attr:`Phase.PLAY` or :attr:`Phase.OVER`."""
        state = self._state
        if state.to_move < 0:
            return Phase.OVER
        if state.step < state.deal.nsteps:
            return Phase.EXCHANGE
        return Phase.PLAY

    @property
    def is_over(self) -> bool:
        """Whether the hand is over."""
        return self._state.to_move < 0

    @property
    def to_move(self) -> int | None:
        """The seat to move, or ``None`` when the hand is over."""
        seat = self._state.to_move
        return None if seat < 0 else seat

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """The cards each seat holds now, in card order."""
        return tuple(cards_from_mask(cards) for cards in self._state.held)

    def hand_of(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` holds now."""
        return cards_from_mask(self._state.held[self._check_seat(seat)])

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The completed tricks, in order."""
        return self._remember("tricks", self._make_tricks)

    def _make_tricks(self) -> tuple[Trick, ...]:
        n = self.players
        return tuple(
            Trick(number, trick.leader, _plays(trick.leader, trick.cards, n), trick.winner)
            for number, trick in enumerate(self._state.tricks, start=1)
        )

    @property
    def current_trick(self) -> Trick | None:
        """The trick in progress (``winner`` is ``None``), or ``None`` if no card of it is played."""
        state = self._state
        if not state.current:
            return None
        plays = _plays(state.leader, state.current, self.players)
        return Trick(len(state.tricks) + 1, state.leader, plays, None)

    @property
    def tricks_taken(self) -> tuple[int, ...]:
        """How many tricks each seat has taken."""
        return tricks_taken(self._state)

    @property
    def points(self) -> tuple[int, ...]:
        """Each seat's points as the game counts them: those of the completed tricks during play,
        the final points once the hand is over (see :mod:`reversis.games`)."""
        return self._remember("points", lambda: self._game().points(self._state))

    @property
    def moves(self) -> tuple[Move, ...]:
        """The moves applied since the deal, in order."""
        return self._remember("moves", lambda: moves_of(self.facts))

    @property
    def events(self) -> tuple[Event, ...]:
        """Every event so far, in order (the omniscient record; see :meth:`view` for a player's)."""
        return self._remember("events", self._make_events)

    def _make_events(self) -> tuple[Event, ...]:
        # The event classes are imported on first use, so that importing the library stays quick.
        from reversis.engine.eventing import event_of  # noqa: PLC0415

        return tuple(map(event_of, self.facts))

    @property
    def facts(self) -> tuple[Fact, ...]:
        """The hand's facts in order, with named fields and cards as card bits (see
        :mod:`reversis.engine.facts`): the engine's, then, once the hand is over, the game's facts
        of its end. :attr:`events` gives the same as public events with cards."""
        return self._remember("facts", self._make_facts)

    def _make_facts(self) -> tuple[Fact, ...]:
        facts = facts_of(self._state)
        if self._state.to_move < 0:
            facts.extend(self._game().end_facts(self._state))
        return tuple(facts)

    # -- each game's readings ----------------------------------------------------------------------

    @property
    def reversis(self) -> ReversisReading | None:
        """Reversis' readings (the pot, its winner and loser, the privilege, the reversis), or
        ``None`` for a hand of another game."""
        return self._reading(ReversisReading)

    @property
    def hearts(self) -> HeartsReading | None:
        """Hearts' readings (hearts broken, the pass, the moon), or ``None``."""
        return self._reading(HeartsReading)

    @property
    def tetka(self) -> TetkaReading | None:
        """Tëtka's readings (the bum card, Tëtka, the scoring items), or ``None``."""
        return self._reading(TetkaReading)

    @property
    def reunion(self) -> ReunionReading | None:
        """Réunion's readings (the turn-up, the bowers, the discards), or ``None``."""
        return self._reading(ReunionReading)

    def _reading(self, kind: type[T]) -> T | None:
        """The game's reading (:meth:`~reversis.games.base.Game.reading`) if it is a ``kind``."""
        reading = self._game().reading(self._state)
        return reading if isinstance(reading, kind) else None

    def _game(self) -> Game:
        return game_of(self.profile)

    # -- moves -------------------------------------------------------------------------------------

    def legal_mask(self) -> tuple[bool, ...]:
        """For each action of the profile's action space (:func:`~reversis.move_index`), whether it
        is legal now: a mask for bots and reinforcement learning."""
        profile = self.profile
        mask = [False] * action_count(profile)
        for move in self.legal_moves():
            mask[move_index(profile, move)] = True
        return tuple(mask)

    def is_legal(self, move: Move | str) -> bool:
        """Whether ``move`` may be made now (text is parsed; text that is no move is not legal)."""
        try:
            self.apply(move)
        except (IllegalMoveError, InvalidMoveError):
            return False
        return True

    def rollout(self, rng: SupportsRandom | None = None, policy: Policy | None = None) -> Hand:
        """The hand played out to its end, in one loop (no hand object per move).

        For search bots and simulations. Each move is chosen as step-by-step random play would
        choose it, ``moves[int(rng.random() * len(moves))]`` from :meth:`legal_moves`, so the
        result equals that play with the same ``rng`` (a :class:`random.Random`, or anything with a
        ``random()`` method; a fresh unseeded one by default). A ``policy`` chooses the plays
        instead: it is called as ``policy(seat, legal, trick)`` with the seat to play, the bit mask
        of the cards it may play (bit ``card.index``) and the card bits of the trick in progress,
        and returns the bit of its card (the steps before play stay random). A card that is not
        legal raises :class:`~reversis.IllegalMoveError`. ``self`` is never changed; a finished
        hand is returned as it is.

            >>> import random
            >>> from reversis import load_profile, new_hand, settle
            >>> hand = new_hand(load_profile("fournier-1785"), seed=7)
            >>> end = hand.rollout(random.Random(1))
            >>> end.is_over, hand.is_over, len(end.moves)
            (True, False, 48)
            >>> lowest = lambda seat, legal, trick: (legal & -legal).bit_length() - 1
            >>> settle(hand.rollout(random.Random(1), lowest)).net  # every seat plays its lowest
            (-17, 1, 36, 0)
        """
        if rng is None:
            import random  # noqa: PLC0415 - loaded on first use (issue 38)

            rng = random.Random()
        if not callable(getattr(rng, "random", None)):
            raise ArgumentError(f"rng: {type(rng).__name__} has no random() method")
        if policy is not None and not callable(policy):
            raise ArgumentError(f"policy: {type(policy).__name__} is not callable")
        return hand_of_state(engine_of(self._state).rollout(self._state, rng.random, policy))

    def view(self, seat: int) -> HandView:
        """What ``seat`` may know of this hand, and nothing else (see :mod:`reversis.views.view`)."""
        # The views are imported on first use, so that importing the library stays quick.
        from reversis.views import view as views  # noqa: PLC0415

        return views.own_view(self, self._check_seat(seat), self._state, settle(self))

    def _check_seat(self, seat: object) -> int:
        n = self.players
        if type(seat) is not int or not 0 <= seat < n:
            raise ArgumentError(f"{str(seat)[:40]!r} is not a seat (0 to {n - 1})")
        return seat

    # -- plain data --------------------------------------------------------------------------------

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
            "profile": profile_to_data(self.profile),
            "dealer": deal.dealer,
            "seed": deal.seed,
            "deck": [card.code for card in deal.deck],
            "stakes": deal.stakes.to_dict(),
            "moves": [str(move) for move in self.moves],
        }
        if deal.hand_number != 1:
            data["hand_number"] = deal.hand_number
        if deal.pass_direction is not None:
            data["pass_direction"] = deal.pass_direction
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


#: The core's ``settle_hand(hand)`` and ``dealt_hand(cls, profile, seed, dealer)`` where the core
#: plays (:mod:`reversis._core`), else ``None``.
_SETTLE_HAND: Callable[[Hand], Settlement | None] | None = getattr(CORE_HAND, "settle_hand", None)
_DEALT_HAND: Callable[[type[Hand], object, object, object], Hand | None] | None = getattr(
    CORE_HAND, "dealt_hand", None
)


def _plays(leader: int, cards: tuple[int, ...], n: int) -> tuple[tuple[int, Card], ...]:
    """The ``(seat, card)`` pairs of a trick's card bits, led by ``leader``."""
    return tuple(((leader + k) % n, Card.from_index(card)) for k, card in enumerate(cards))


def hand_of_state(state: State) -> Hand:
    """The :class:`Hand` of an engine state (for the library's layers; users deal hands with
    :func:`new_hand` and friends)."""
    hand: Hand = hand_of(Hand, state)
    return hand


def settle(hand: Hand) -> Settlement:
    """The payments of ``hand`` so far (all of them once it is over), the net per seat and the stakes
    after it, as its profile's game settles them (see :mod:`reversis.games`; also
    ``reversis.settle``)."""
    if not isinstance(hand, Hand):
        raise ArgumentError(f"settle() needs a Hand, not {type(hand).__name__}")
    # The compiled core settles its own states (equal to the games', tests/core/test_core_settle.py)
    # and keeps the settlement with the hand.
    if _SETTLE_HAND is not None:
        settlement: Settlement | None = _SETTLE_HAND(hand)
        if settlement is not None:
            return settlement
    state = hand._state
    game = game_of(state.deal.profile)
    return hand._remember("settlement", lambda: game.settle(state))


def state_of(hand: Hand) -> State:
    """The engine state of ``hand`` (for the library's layers: the settlement, the worlds)."""
    return hand._state


def remember(hand: Hand, key: str, make: Callable[[], T]) -> T:
    """A value derived from ``hand``, made by ``make()`` the first time ``key`` is asked for and
    then kept with the hand (for the library's layers: the settlement, the views)."""
    return hand._remember(key, make)


def _unpickle(data: dict[str, Any]) -> Hand:
    """The hand of a pickle: its record, read by :meth:`Hand.from_dict` (a
    :class:`~reversis.RecordError` if it was altered into no hand of its profile)."""
    if not isinstance(data, dict):
        raise RecordError(f"a pickled hand holds its record, not {type(data).__name__}")
    return Hand.from_dict(data)


def replay_moves(hand: Hand, moves: Sequence[Move | str], what: str) -> Hand:
    """``hand`` after ``moves``; a move that is no move or not legal is a
    :class:`~reversis.RecordError` naming its place."""
    for number, move in enumerate(moves, start=1):
        try:
            hand = hand.apply(move)
        except (IllegalMoveError, InvalidMoveError) as exc:
            raise RecordError(f"{what}: move {number} ({str(move)[:40]!r}): {exc}") from None
    return hand


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
    >>> dealt = source.deal
    >>> again = deal_hand(load_profile(), dealt.dealt, dealt.widow, dealer=dealt.dealer)
    >>> again.hands == source.hands
    True
    """
    deal = cards_deal(
        profile,
        hands,
        widow,
        dealer=dealer,
        stakes=stakes,
        bum=bum,
        pass_direction=pass_direction,
        hand_number=hand_number,
    )
    return hand_of_state(ENGINE.start(deal))


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
    deal = pack_deal(
        profile,
        deck,
        dealer=dealer,
        stakes=stakes,
        seed=seed,
        pass_direction=pass_direction,
        hand_number=hand_number,
    )
    return hand_of_state(ENGINE.start(deal))


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
    if (
        _DEALT_HAND is not None
        and stakes is None
        and pass_direction is None
        and type(hand_number) is int
        and hand_number == 1
    ):
        # The common case in one call to the core (anything else, and every error, below).
        hand: Hand | None = _DEALT_HAND(Hand, profile, seed, dealer)
        if hand is not None:
            return hand
    deal = seeded_deal(
        profile,
        seed=seed,
        dealer=dealer,
        stakes=stakes,
        pass_direction=pass_direction,
        hand_number=hand_number,
    )
    return hand_of_state(ENGINE.start(deal))
