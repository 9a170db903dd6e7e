"""The state of one hand (one deal) and its rules of play, ``legal_moves()``, ``apply()`` and
``rollout()``, from the deal through the steps before play and the tricks (the rest of what a hand
shows is in :mod:`reversis.engine.reading`).

A hand is immutable: :meth:`~reversis.Hand.apply` returns a new hand and leaves the old one as it was.

    >>> from reversis import load_profile, new_hand, Phase
    >>> hand = new_hand(load_profile("fournier-1785"), seed=7)
    >>> hand.phase, hand.to_move, len(hand.hands[hand.dealer])
    (<Phase.EXCHANGE: 'exchange'>, 1, 12)
    >>> hand.legal_moves()[-1]
    Decline()
    >>> after = hand.apply("decline")
    >>> after.to_move, hand.to_move
    (2, 1)

Seats are numbered in playing order: seat ``s + 1`` (mod the number of players) plays after seat
``s``, and the eldest is ``dealer + 1``.

The engine keeps card sets as integer bit masks (see :mod:`reversis.cards`) in a named
:class:`~reversis.engine.state.State` record, and records facts that :attr:`~reversis.Hand.events` turns into
event objects on demand, so that ``legal_moves()`` and ``apply()`` stay cheap for bots and
simulations.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, NoReturn, Protocol, Self, TypeVar

import attrs

from reversis.cards import Card, cards_from_mask
from reversis.engine import facts as fx
from reversis.engine.actions import action_count, move_index
from reversis.engine.deal import Deal
from reversis.engine.exchange import apply_step, step_moves, step_text
from reversis.engine.play import first_leader, legal_cards, trick_winner, why_not
from reversis.engine.points import running_points
from reversis.engine.rollout import Policy, play_out
from reversis.engine.state import (
    BIT,
    DEAL,
    EXTRA,
    F_DEALT,
    F_OVER,
    F_POOL_OWED,
    F_POOL_WON,
    F_PRIVILEGE,
    FACTS,
    HANDS,
    M64,
    NO_EXTRA,
    STEP,
    TO_MOVE,
    TRICKS,
    Raw,
    State,
)
from reversis.engine.tables import SUIT_PLAYS, plays_of, suit_plays
from reversis.engine.trick import Phase, Trick, late_trick
from reversis.errors import ArgumentError, IllegalMoveError, InvalidMoveError
from reversis.moves import Move, Play, parse_move
from reversis.profile import Profile
from reversis.stakes import Stakes

if TYPE_CHECKING:
    from reversis.events import Event

__all__ = ["EngineHand", "Phase", "SupportsRandom", "Trick", "replay_from_deal", "start"]

H = TypeVar("H", bound="EngineHand")
T = TypeVar("T")


class SupportsRandom(Protocol):
    """A source of random floats in ``[0, 1)``, as :class:`random.Random` is."""

    def random(self) -> float:
        """The next float in ``[0, 1)``."""


def _fail(move: object, reason: str) -> NoReturn:
    raise IllegalMoveError(move, reason)


class EngineHand:
    """The engine's hand: an immutable state, its rules of play, and what the engine and the
    settlement read of it (the phase, the seat to move, the points, the moves, the events). Users
    get :class:`reversis.Hand`, which adds the rest of what a hand shows
    (:class:`~reversis.engine.reading.HandReading`), the views and plain data; make one with
    :func:`~reversis.new_hand` or :func:`~reversis.deal_hand`.

    Two hands are equal, and hash alike, when they are the same game: the same profile, dealer, cards
    dealt, widow, stakes, pass direction and moves (where the cards came from, a seed or a pack, is
    not compared). Hands pickle.
    """

    __slots__ = ("_memo", "_s")
    _s: Raw
    _memo: dict[str, Any]

    def __init__(self) -> None:
        raise TypeError("make a hand with reversis.new_hand() or reversis.deal_hand()")

    def __setattr__(self, name: str, value: object) -> None:
        raise attrs.exceptions.FrozenInstanceError

    def __delattr__(self, name: str) -> None:
        raise attrs.exceptions.FrozenInstanceError

    def cached(self, key: str, make: Callable[[], T]) -> T:
        """A value derived from this hand, made by ``make()`` the first time ``key`` is asked for
        and then kept with the hand (a hand never changes, so the value never goes stale).

        The library keeps what several calls need this way (the facts, events, tricks and points;
        the settlement and the public part of the views), so that the views of every seat of one
        state cost little more than one. Values kept must be immutable.
        """
        memo = _GET_MEMO(self, "_memo", None)
        if memo is None:
            memo = {}
            _SET_MEMO(self, memo)
        value = memo.get(key, memo)  # the memo itself stands for "not made yet"
        if value is memo:
            value = memo[key] = make()
        return value  # type: ignore[no-any-return]

    def _facts(self) -> tuple[tuple[Any, ...], ...]:
        return self.cached("facts", lambda: tuple(fx.facts_of(self._s)))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, EngineHand):
            return NotImplemented
        a, b = self._s, other._s
        return a[STEP] == b[STEP] and self.moves == other.moves and a[DEAL] == b[DEAL]

    def __hash__(self) -> int:
        return hash((self._s[DEAL], self.moves))

    def __repr__(self) -> str:
        deal = self._s[DEAL]
        return (
            f"<Hand {deal.profile.name} dealer={deal.dealer} phase={self.phase.value} "
            f"moves={self._s[STEP]} to_move={self.to_move}>"
        )

    # -- the state ---------------------------------------------------------------------------------

    @property
    def state(self) -> State:
        """The engine's record of this state (see :mod:`reversis.engine.state`), read by name."""
        return _NEW_TUPLE(State, self._s)

    @property
    def deal(self) -> Deal:
        """What was decided before the first move: profile, dealer, cards dealt, stakes."""
        return self._s[DEAL]

    @property
    def profile(self) -> Profile:
        """The rule profile."""
        return self._s[DEAL].profile

    @property
    def players(self) -> int:
        """Number of players."""
        return self._s[DEAL].rules.players

    @property
    def dealer(self) -> int:
        """The dealer's seat."""
        return self._s[DEAL].dealer

    @property
    def stakes(self) -> Stakes:
        """The stakes at the start of play (antes already in)."""
        return self._s[DEAL].stakes

    @property
    def phase(self) -> Phase:
        """:attr:`Phase.EXCHANGE`, :attr:`Phase.PLAY` or :attr:`Phase.OVER`."""
        s = self._s
        if s[TO_MOVE] < 0:
            return Phase.OVER
        if s[STEP] < s[DEAL].nsteps:
            return Phase.EXCHANGE
        return Phase.PLAY

    @property
    def is_over(self) -> bool:
        """Whether the hand is over."""
        return self._s[TO_MOVE] < 0

    @property
    def to_move(self) -> int | None:
        """The seat to move, or ``None`` when the hand is over."""
        seat = self._s[TO_MOVE]
        return None if seat < 0 else seat

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """The cards each seat holds now, in card order."""
        packed = self._s[HANDS]
        return tuple(cards_from_mask(packed >> (64 * p) & M64) for p in range(self.players))

    @property
    def points(self) -> tuple[int, ...]:
        """The points each seat has, as the game counts them (see :mod:`reversis.engine.points`):
        those of the completed tricks during play, the final points once the hand is over."""
        s = self._s
        if s[TO_MOVE] < 0:
            return tuple(s[FACTS][-1][3])
        return self.cached("points", lambda: running_points(s[DEAL], s[TRICKS], s[EXTRA].aside))

    @property
    def move_count(self) -> int:
        """How many moves have been applied since the deal (``len(hand.moves)``, cheaply)."""
        return self._s[STEP]

    @property
    def moves(self) -> tuple[Move, ...]:
        """The moves applied since the deal, in order."""
        return self.cached("moves", lambda: fx.moves_of_facts(self._facts()))

    @property
    def winner(self) -> int | None:
        """Reversis: the winner of the pot (party) once the hand is over; ``None`` before, under a
        reversis, or in a game without a pot."""
        return self._outcome()[0]

    @property
    def loser(self) -> int | None:
        """Reversis: the loser of the pot (party) once the hand is over; ``None`` otherwise."""
        return self._outcome()[1]

    def _outcome(self) -> tuple[int | None, int | None]:
        s = self._s
        if s[TO_MOVE] >= 0:
            return None, None
        fact = s[FACTS][-1]
        assert fact[0] == F_OVER
        return fact[1], fact[2]

    # -- events ------------------------------------------------------------------------------------

    @property
    def events(self) -> tuple[Event, ...]:
        """Every event so far, in order (the omniscient record; see :meth:`view` for a player's)."""
        return self.cached("events", self._make_events)

    def _make_events(self) -> tuple[Event, ...]:
        # The event classes are imported on first use, so that importing the library stays quick.
        from reversis.engine.eventing import event_of  # noqa: PLC0415

        return tuple(map(event_of, self._facts()))

    def facts(self) -> list[tuple[Any, ...]]:
        """The engine's compact records of the events, in order (see :mod:`reversis.engine.state`)."""
        return list(self._facts())

    def _check_seat(self, seat: object) -> int:
        n = self.players
        if type(seat) is not int or not 0 <= seat < n:
            raise ArgumentError(f"{str(seat)[:40]!r} is not a seat (0 to {n - 1})")
        return seat

    def __reduce__(self) -> tuple[Any, ...]:
        return (replay_from_deal, (type(self), self._s[DEAL], self.moves))

    # -- moves ---------------------------------------------------------------------------------------

    def legal_moves(self) -> tuple[Move, ...]:
        """The moves the player to move may make now, as a sorted tuple (empty when over).

        Plays come in card order; the other moves in card order with ``decline`` last.
        """
        # The state's fields by position (see engine.state: 0 deal, 1 hands, 2 step, 3 to_move,
        # 5 current, 6 tricks, 8 extra; extra[2] the privilege): literal indices keep this hot
        # path cheap.
        s = self._s
        seat = s[3]
        if seat < 0:
            return ()
        deal = s[0]
        if s[2] < deal.nsteps:
            return step_moves(s)
        cur = s[5]
        if cur and deal.trumps is None:  # following, without trumps
            led = cur[0] >> 4
            follow = s[1] >> ((seat << 6) + (led << 4)) & 0xFFFF
            # fournier-1785 §6: follow suit if able; §11: the privileged may renounce at will.
            if follow and (seat != s[8][2] or len(s[6]) >= deal.rules.priv_last):
                plays = _SUIT_PLAYS[led][follow >> 2]
                return suit_plays(led, follow >> 2) if plays is None else plays
        if deal.rules.mode:
            # Hearts' first trick and leads (hearts §5, §7); following or trumping (reunion §5).
            return plays_of(legal_cards(s, seat))
        held = s[1] >> (seat << 6)
        low = held & 0xFFFFFFFF
        high = held >> 32 & 0xFFFFFFFF
        try:
            return (
                _PC[low >> 2 & 0x1FFF] + _PD[low >> 18] + _PH[high >> 2 & 0x1FFF] + _PS[high >> 18]  # type: ignore[operator]
            )
        except TypeError:  # a table entry not made yet (engine.tables)
            return plays_of(held & 0xFFFFFFFFFFFFFFFF)

    def legal_indices(self) -> tuple[int, ...]:
        """The legal moves as their numbers in the profile's action space (:func:`move_index`)."""
        profile = self.profile
        return tuple(move_index(profile, m) for m in self.legal_moves())

    def legal_mask(self) -> tuple[bool, ...]:
        """For each action of the profile's action space, whether it is legal now: a mask for bots
        and reinforcement learning."""
        mask = [False] * action_count(self.profile)
        for index in self.legal_indices():
            mask[index] = True
        return tuple(mask)

    def is_legal(self, move: Move | str) -> bool:
        """Whether ``move`` may be made now (text is parsed; text that is no move is not legal)."""
        try:
            self.apply(move)
        except (IllegalMoveError, InvalidMoveError):
            return False
        return True

    def apply(self, move: Move | str) -> Self:
        """The hand after ``move`` (a move or its notation).

        Raises :class:`~reversis.IllegalMoveError` (saying why) if the rules do not allow it now, and
        :class:`~reversis.InvalidMoveError` for text that is no move. ``self`` is never changed.
        """
        if type(move) is not Play:
            if isinstance(move, str):
                move = parse_move(move)
            if type(move) is not Play:
                new = _NEW(type(self))
                _SET(new, apply_step(self._s, move))
                return new
        deal, hands, step, seat, leader, cur, tricks, facts, extra = self._s
        if seat < 0 or step < deal.nsteps:
            self._refuse_play(move)
        bit = move.card.index
        shift = seat << 6
        held = _BIT[bit + shift]  # the card's bit in the packed hands
        if not hands & held:
            self._refuse_play(move)
        rules = deal.rules
        # Plays are recorded by the tricks themselves; only rarer facts go into the chain.
        if rules.mode:
            # Hearts: following suit, or leading a card not barred after trick 1, is legal at once;
            # otherwise (Hearts' restrictions, or trumps) the full rule decides.
            if (
                not (
                    rules.mode == 1
                    and (
                        bit >> 4 == cur[0] >> 4
                        if cur
                        else tricks and not rules.lead_barred >> bit & 1
                    )
                )  # Hearts' restrictions or trumps
                and not legal_cards(self._s, seat) >> bit & 1
            ):
                self._refuse_play(move)
            placed = False
            cur = cur + (bit,)  # noqa: RUF005 - concatenation is the quicker here
        elif cur:
            led = cur[0] >> 4
            placed = bit >> 4 != led
            if placed and hands >> (shift + (led << 4)) & 0xFFFF:
                # fournier-1785 §11, english §12, hoyle §12: only the privileged player may
                # renounce while able to follow, up to the profile's last privileged trick.
                if seat != extra.privilege or len(tricks) >= rules.priv_last:
                    self._refuse_play(move)
                if not extra.privilege_used:
                    extra = extra._replace(privilege_used=len(tricks) + 1)
                    facts = (facts, step, (F_PRIVILEGE, seat, len(tricks) + 1))
            cur = cur + (bit,)  # noqa: RUF005
        else:
            placed = False
            cur = (bit,)
        pool = rules.pool_of[bit]
        if pool and extra.reversis < 0:
            # fournier-1785 §9: placing the Quinola wins the basket; forced or led, it owes a
            # beast (english §9 pots and remises, hoyle §9 pools). Once a reversis is committed it
            # is an ordinary card (fournier-1785 §8).
            code = F_POOL_WON if placed else F_POOL_OWED
            facts = (facts, step, (code, seat, pool, len(tricks) + 1))
        hands ^= held
        n = rules.players
        if len(cur) < n:
            seat = seat + 1 if seat + 1 < n else 0
        else:
            tmask = 0
            for b in cur:
                tmask |= _BIT[b]
            if deal.trumps is None:
                # fournier-1785 §6: the highest card of the suit led wins the trick.
                led = cur[0] >> 4
                best = (tmask >> (led << 4) & 0xFFFF).bit_length() - 1 + (led << 4)
                winner = leader + cur.index(best)
                if winner >= n:
                    winner -= n
            else:
                winner = trick_winner(deal, leader, cur)
            tricks = tricks + ((leader, cur, winner, tmask),)  # noqa: RUF005
            cur = ()
            if tmask & rules.breakers and not extra.broken:
                # hearts §7: the first heart (or the queen of spades) breaks hearts.
                extra = extra._replace(broken=True)
            if len(tricks) >= rules.late:
                extra, facts = late_trick(deal, facts, step, extra, tricks, winner)
                if facts[-1][0] == F_OVER:
                    new = _NEW(type(self))
                    _SET(new, (deal, hands, step + 1, -1, -1, cur, tricks, facts, extra))
                    _SET_MEMO(new, {})  # for the settlement and the views asked of a finished hand
                    return new
            seat = leader = winner
        new = _NEW(type(self))
        _SET(new, (deal, hands, step + 1, seat, leader, cur, tricks, facts, extra))
        return new

    def rollout(self, rng: SupportsRandom | None = None, policy: Policy | None = None) -> Self:
        """The hand played out to its end, in one fast loop (no hand object per move).

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
            rng = random.Random()
        if not callable(getattr(rng, "random", None)):
            raise ArgumentError(f"rng: {type(rng).__name__} has no random() method")
        if policy is not None and not callable(policy):
            raise ArgumentError(f"policy: {type(policy).__name__} is not callable")
        new = _NEW(type(self))
        _SET(new, play_out(self._s, rng.random, policy))
        return new

    def _refuse_play(self, move: Move) -> NoReturn:
        s = self._s
        seat = s[TO_MOVE]
        if seat < 0:
            _fail(move, "the hand is over")
        if s[STEP] < s[DEAL].nsteps:
            _fail(move, f"it is the exchange: {step_text(s[DEAL], s[STEP])}")
        card = move.card  # type: ignore[union-attr]
        if not s[HANDS] >> ((seat << 6) + card.index) & 1:
            _fail(move, f"seat {seat} does not hold {card.code}")
        _fail(move, why_not(s, seat, card.index))


_NEW = object.__new__
_SET = EngineHand.__dict__["_s"].__set__
_SET_MEMO = EngineHand.__dict__["_memo"].__set__
_GET_MEMO = getattr
_NEW_TUPLE = tuple.__new__
_SUIT_PLAYS = SUIT_PLAYS
_BIT = BIT
_PC, _PD, _PH, _PS = SUIT_PLAYS


def start(cls: type[H], deal: Deal) -> H:
    """The hand (of class ``cls``) of ``deal`` before its first move."""
    dealer = deal.dealer
    n = deal.rules.players
    packed = 0
    for seat, mask in enumerate(deal.dealt):
        packed |= mask << (seat << 6)
    if deal.rules.widow == "dealer":
        # reunion §4: the dealer takes up the cards left, the turn-up among them.
        for bit in deal.widow:
            packed |= 1 << (bit + (dealer << 6))
    eldest = (dealer + 1) % n
    if deal.steps:
        first = leader = deal.steps[0][0]
        leader = eldest
    else:
        first = leader = first_leader(deal, packed)
    hand = _NEW(cls)
    chain = (None, -1, (F_DEALT, dealer, eldest))
    _SET(hand, (deal, packed, 0, first, leader, (), (), chain, NO_EXTRA))
    return hand


def replay_from_deal(cls: type[H], deal: Deal, moves: Sequence[Move]) -> H:
    """The hand of ``deal`` after ``moves`` (used to unpickle hands)."""
    hand = start(cls, deal)
    for move in moves:
        hand = hand.apply(move)
    return hand
