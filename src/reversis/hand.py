"""The state of one hand (one deal), from the deal through the exchange and the tricks.

A :class:`Hand` is immutable: :meth:`Hand.apply` returns a new hand and leaves the old one as it was.

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
``s``, and the eldest, who leads the first trick, is ``dealer + 1``.

The engine keeps card sets as integer bit masks (see :mod:`reversis.cards`) and records facts as
compact tuples that :attr:`Hand.events` turns into event objects on demand, so that ``legal_moves()``
and ``apply()`` stay cheap for bots and simulations.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, NoReturn

import attrs

from reversis import events as ev
from reversis import jsonio
from reversis.cards import CARD_AT, Card, cards_from_mask, parse_cards
from reversis.deal import seeded_pack
from reversis.errors import (
    ArgumentError,
    DealError,
    IllegalMoveError,
    InvalidCardError,
    InvalidMoveError,
    ProfileError,
    RecordError,
    StakesError,
)
from reversis.moves import (
    DECLINE,
    DISCARDS,
    EXCHANGES,
    GIVES,
    PLAYS,
    Decline,
    Discard,
    Exchange,
    Give,
    Move,
    Play,
    action_count,
    move_index,
    parse_move,
)
from reversis.outcome import rank
from reversis.profile import Profile, load_profile, profile_from_data, profile_to_data
from reversis.rules import (
    DISCARD_TABLES,
    EXCHANGE_TABLES,
    GIVE_TABLES,
    STEP_DISCARD,
    STEP_EXCHANGE,
    SUIT_PLAYS,
    Rules,
    moves_of,
)
from reversis.stakes import Stakes, exchange_limits, parse_stakes

if TYPE_CHECKING:
    from reversis.views import HandView

__all__ = ["Hand", "Phase", "Trick", "deal_hand", "new_hand"]

_M64 = (1 << 64) - 1

# Fact codes: the engine's compact record of events (see ``Hand.events``).
F_DEALT = 0
F_EXCHANGED = 1
F_DECLINED = 2
F_DISCARDED = 3
F_GIVEN = 4
F_PASSED = 5
F_PLAYED = 6
F_PRIVILEGE = 7
F_POOL_WON = 8
F_POOL_OWED = 9
F_TRICK = 10
F_COMMITTED = 11
F_MADE = 12
F_BROKEN = 13
F_OVER = 14

# Play kinds, as stored in facts.
K_LED = 0
K_FORCED = 1
K_PLAYED = 2
K_PLACED = 3
KINDS = (ev.PlayKind.LED, ev.PlayKind.FORCED, ev.PlayKind.PLAYED, ev.PlayKind.PLACED)


class Phase(enum.Enum):
    """The phase of a hand."""

    #: Exchanges with the widow, the dealer's discard (and Hoyle's opposite exchange).
    EXCHANGE = "exchange"
    #: The tricks.
    PLAY = "play"
    #: The hand is over.
    OVER = "over"

    def __str__(self) -> str:
        return self.value


@attrs.frozen
class Trick:
    """A trick: its ``number`` (1-based), ``leader``, ``plays`` as ``(seat, card)`` pairs in the
    order played, and ``winner`` (``None`` while the trick is in progress)."""

    number: int
    leader: int
    plays: tuple[tuple[int, Card], ...]
    winner: int | None

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards, in the order played."""
        return tuple(card for _, card in self.plays)

    @property
    def suit_led(self) -> Card | None:
        """The first card played (whose suit others must follow), or ``None`` if none yet."""
        return self.plays[0][1] if self.plays else None

    def to_dict(self) -> dict[str, Any]:
        """``{"number": 3, "leader": 1, "plays": [[1, "QS"], ...], "winner": 2}``."""
        return {
            "number": self.number,
            "leader": self.leader,
            "plays": [[seat, card.code] for seat, card in self.plays],
            "winner": self.winner,
        }

    @classmethod
    def from_dict(cls, data: Any, what: str = "trick") -> Trick:
        """A trick from :meth:`to_dict`'s data (:class:`~reversis.RecordError` if malformed)."""
        jsonio.table(data, what, ["number", "leader", "plays", "winner"])
        plays = []
        for i, play in enumerate(jsonio.items(data["plays"], f"{what}.plays", 8)):
            pair = jsonio.items(play, f"{what}.plays[{i}]", 2)
            if len(pair) != 2:
                raise RecordError(f"{what}.plays[{i}] must be [seat, card]")
            plays.append((jsonio.integer(pair[0], f"{what}.plays[{i}][0]", 0, 7),
                          jsonio.card(pair[1], f"{what}.plays[{i}][1]")))  # fmt: skip
        return cls(
            jsonio.integer(data["number"], f"{what}.number", 1, 100),
            jsonio.integer(data["leader"], f"{what}.leader", 0, 7),
            tuple(plays),
            jsonio.optional_integer(data["winner"], f"{what}.winner", 0, 7),
        )


@attrs.frozen(eq=True)
class Deal:
    """What chance and the table decided before the first move: shared by every state of a hand."""

    profile: Profile
    dealer: int
    #: Cards dealt to each seat, as masks.
    dealt: tuple[int, ...]
    #: The widow, as card bits, the first non-dealer's card first.
    widow: tuple[int, ...]
    #: The ordered pack after the cut, as card masks, when the hand was dealt from one.
    pack: tuple[int, ...] | None = attrs.field(eq=False)
    #: The seed that made the pack, if any.
    seed: int | None = attrs.field(eq=False)
    #: The stakes at the start of play (antes already in).
    stakes: Stakes
    rules: Rules = attrs.field(eq=False, repr=False)
    #: The exchange steps: ``(seat, step kind, index of the seat's widow card or -1)``.
    steps: tuple[tuple[int, int, int], ...] = attrs.field(eq=False, repr=False)
    nsteps: int = attrs.field(eq=False, repr=False)
    may_decline: bool = attrs.field(eq=False, repr=False)
    #: Cards that may not be put out in the exchange.
    no_discard: int = attrs.field(eq=False, repr=False)


def _fail(move: object, reason: str) -> NoReturn:
    raise IllegalMoveError(move, reason)


# The state tuple's layout (``Hand._s``): the deal, then what the moves changed.
_DEAL, _HANDS, _STEP, _TO_MOVE, _LEADER, _CUR, _TRICKS, _FACTS, _AUX = range(9)
# The layout of the rarely changed part, ``Hand._s[_AUX]``.
_POT, _GIVES, _PSEAT, _PUSED, _REV, _BREAKER = range(6)


class Hand:
    """One hand of Reversis: an immutable state. Make one with :func:`new_hand` or :func:`deal_hand`.

    Two hands are equal, and hash alike, when they are the same game: the same profile, dealer, cards
    dealt, widow, stakes and moves (where the cards came from, a seed or a pack, is not compared).
    Hands pickle.
    """

    __slots__ = ("_s",)
    # (deal, packed hands (64 bits a seat), moves applied, seat to move or -1, leader, the current
    #  trick's card bits, completed tricks as (leader, bits, winner, mask), facts as a chain
    #  (previous node, step, fact, ...) of what the tricks do not record, aux), with
    #  aux = (pot mask, pending gives, privilege seat or -1, trick of the privilege's first use
    #  or 0, reversis seat or -1, breaker or -1).
    _s: tuple[Any, ...]

    def __init__(self) -> None:
        raise TypeError("make a hand with reversis.new_hand() or reversis.deal_hand()")

    def __setattr__(self, name: str, value: object) -> None:
        raise attrs.exceptions.FrozenInstanceError

    def __delattr__(self, name: str) -> None:
        raise attrs.exceptions.FrozenInstanceError

    def __reduce__(self) -> tuple[Any, ...]:
        return (_restore, (self._s[_DEAL], self.moves))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Hand):
            return NotImplemented
        a, b = self._s, other._s
        return a[_STEP] == b[_STEP] and self.moves == other.moves and a[_DEAL] == b[_DEAL]

    def __hash__(self) -> int:
        return hash((self._s[_DEAL], self.moves))

    def __repr__(self) -> str:
        c = self._s[_DEAL]
        return (
            f"<Hand {c.profile.name} dealer={c.dealer} phase={self.phase.value} "
            f"moves={self._s[_STEP]} to_move={self.to_move}>"
        )

    # -- the table ---------------------------------------------------------------------------------

    @property
    def deal(self) -> Deal:
        """What was decided before the first move: profile, dealer, cards dealt, stakes."""
        deal: Deal = self._s[_DEAL]
        return deal

    @property
    def profile(self) -> Profile:
        """The rule profile."""
        return self.deal.profile

    @property
    def players(self) -> int:
        """Number of players."""
        return self.deal.rules.players

    @property
    def dealer(self) -> int:
        """The dealer's seat."""
        return self.deal.dealer

    @property
    def eldest(self) -> int:
        """The eldest hand, who leads the first trick: ``dealer + 1``."""
        return (self.deal.dealer + 1) % self.deal.rules.players

    @property
    def seed(self) -> int | None:
        """The seed the pack was shuffled with, if any."""
        return self.deal.seed

    @property
    def deck(self) -> tuple[Card, ...]:
        """The ordered pack after the cut that this hand was dealt from.

        For a hand dealt from explicit hands (:func:`deal_hand`), the canonical pack that deals them:
        each seat's packets in card order.
        """
        deal = self.deal
        if deal.pack is None:
            return _canonical_deck(deal)
        return tuple(_card(m.bit_length() - 1) for m in deal.pack)

    @property
    def stakes(self) -> Stakes:
        """The stakes at the start of play (antes already in)."""
        return self.deal.stakes

    @property
    def dealt(self) -> tuple[tuple[Card, ...], ...]:
        """The cards dealt to each seat, before the exchange."""
        return tuple(cards_from_mask(m) for m in self.deal.dealt)

    @property
    def widow(self) -> tuple[Card, ...]:
        """The widow as dealt, the first non-dealer's card first (everyone's secret)."""
        return tuple(_card(b) for b in self.deal.widow)

    # -- the state ---------------------------------------------------------------------------------

    @property
    def phase(self) -> Phase:
        """:attr:`Phase.EXCHANGE`, :attr:`Phase.PLAY` or :attr:`Phase.OVER`."""
        s = self._s
        if s[_TO_MOVE] < 0:
            return Phase.OVER
        if s[_STEP] < len(s[_DEAL].steps):
            return Phase.EXCHANGE
        return Phase.PLAY

    @property
    def is_over(self) -> bool:
        """Whether the hand is over."""
        return self._s[3] < 0  # type: ignore[no-any-return]  # _TO_MOVE

    @property
    def to_move(self) -> int | None:
        """The seat to move, or ``None`` when the hand is over."""
        seat: int = self._s[_TO_MOVE]
        return None if seat < 0 else seat

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """The cards each seat holds now, in card order."""
        packed = self._s[_HANDS]
        return tuple(cards_from_mask(packed >> (64 * p) & _M64) for p in range(self.players))

    def hand_of(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` holds now."""
        return cards_from_mask(self._s[_HANDS] >> (64 * self._check_seat(seat)) & _M64)

    @property
    def pot(self) -> tuple[Card, ...]:
        """The cards put aside so far (Fournier's pot, the English talon, Hoyle's discard)."""
        return cards_from_mask(self._s[_AUX][_POT])

    @property
    def pot_value(self) -> int:
        """The value of the pot (party): its cards' values plus the flat amount (fournier-1785 §5)."""
        rules = self.deal.rules
        pot: int = self._s[_AUX][_POT]
        return rules.pot_bonus + sum(v * (pot & m).bit_count() for v, m in rules.pot_groups)

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The completed tricks, in order."""
        n = self.players
        return tuple(
            Trick(i + 1, leader, tuple(((leader + k) % n, _card(b)) for k, b in enumerate(bits)), w)
            for i, (leader, bits, w, _) in enumerate(self._s[_TRICKS])
        )

    @property
    def trick_number(self) -> int:
        """The number (1-based) of the trick being played, or that will be played next."""
        return len(self._s[_TRICKS]) + 1

    @property
    def current_trick(self) -> Trick | None:
        """The trick in progress (``winner`` is ``None``), or ``None`` if no card of it is played."""
        s = self._s
        if not s[_CUR]:
            return None
        n = self.players
        leader = s[_LEADER]
        plays = tuple(((leader + k) % n, _card(b)) for k, b in enumerate(s[_CUR]))
        return Trick(len(s[_TRICKS]) + 1, leader, plays, None)

    @property
    def tricks_taken(self) -> tuple[int, ...]:
        """How many tricks each seat has taken."""
        counts = [0] * self.players
        for trick in self._s[_TRICKS]:
            counts[trick[2]] += 1
        return tuple(counts)

    @property
    def points(self) -> tuple[int, ...]:
        """The points in the tricks each seat has taken (fournier-1785 §7)."""
        return _points(self.deal.rules, self._s[_TRICKS])

    @property
    def move_count(self) -> int:
        """How many moves have been applied since the deal (``len(hand.moves)``, cheaply)."""
        count: int = self._s[_STEP]
        return count

    @property
    def moves(self) -> tuple[Move, ...]:
        """The moves applied since the deal, in order."""
        out: list[Move] = []
        for fact in self.facts():
            code = fact[0]
            if code == F_PLAYED:
                out.append(PLAYS[fact[2]])
            elif code == F_EXCHANGED:
                out.append(EXCHANGES[fact[2]])
            elif code == F_DECLINED:
                out.append(DECLINE)
            elif code == F_DISCARDED:
                out.append(DISCARDS[fact[2]])
            elif code == F_GIVEN:
                out.append(GIVES[fact[3]])
        return tuple(out)

    @property
    def privilege_holder(self) -> int | None:
        """The seat that qualified for the privilege (four aces, espagnolette) after the exchange.

        This is a secret of that seat's; a view shows it only to that seat.
        """
        seat: int = self._s[_AUX][_PSEAT]
        return None if seat < 0 else seat

    @property
    def privilege_used(self) -> int | None:
        """The trick on which the privilege was first used, or ``None``."""
        trick: int = self._s[_AUX][_PUSED]
        return trick or None

    @property
    def reversis_player(self) -> int | None:
        """The seat committed to the reversis, or ``None``."""
        seat: int = self._s[_AUX][_REV]
        return None if seat < 0 else seat

    @property
    def reversis_breaker(self) -> int | None:
        """The seat that broke the reversis, or ``None``."""
        seat: int = self._s[_AUX][_BREAKER]
        return None if seat < 0 else seat

    @property
    def winner(self) -> int | None:
        """The winner of the pot (party) once the hand is over; ``None`` before, or under a reversis."""
        return self._outcome()[0]

    @property
    def loser(self) -> int | None:
        """The loser of the pot (party) once the hand is over; ``None`` before, or under a reversis."""
        return self._outcome()[1]

    def _outcome(self) -> tuple[int | None, int | None]:
        s = self._s
        if s[_TO_MOVE] >= 0:
            return None, None
        fact = s[_FACTS][-1]
        assert fact[0] == F_OVER
        return fact[1], fact[2]

    @property
    def events(self) -> tuple[ev.Event, ...]:
        """Every event so far, in order (the omniscient record; see :meth:`view` for a player's)."""
        return tuple(_event(f) for f in self.facts())

    def facts(self) -> list[tuple[Any, ...]]:
        """The engine's compact records of the events, in order (for settlement and tools).

        Each is a tuple whose first item is one of the ``F_*`` codes of this module. The plays are
        read from the tricks; the other facts were recorded as they happened.
        """
        s = self._s
        c: Deal = s[_DEAL]
        nodes = []
        node = s[_FACTS]
        while node is not None:
            nodes.append(node)
            node = node[0]
        nodes.reverse()
        recorded: dict[int, list[tuple[Any, ...]]] = {}
        for node in nodes:
            recorded.setdefault(node[1], []).extend(node[2:])
        out = recorded.get(-1, [])
        plays = self._play_facts()
        nsteps = c.nsteps
        n = c.rules.players
        tricks = s[_TRICKS]
        for step in range(s[_STEP]):
            here = recorded.get(step, ())
            if step < nsteps:
                out.extend(here)
                continue
            out.append(plays[step - nsteps])
            if (step - nsteps) % n != n - 1:
                out.extend(here)
                continue
            # the last card of a trick: what it caused, the trick taken, then the rest
            out.extend(f for f in here if f[0] in (F_PRIVILEGE, F_POOL_WON, F_POOL_OWED))
            number = (step - nsteps) // n + 1
            leader, _, winner = tricks[number - 1][:3]
            out.append((F_TRICK, number, leader, winner))
            out.extend(f for f in here if f[0] not in (F_PRIVILEGE, F_POOL_WON, F_POOL_OWED))
        return out

    def _play_facts(self) -> list[tuple[Any, ...]]:
        """``(F_PLAYED, seat, bit, trick, kind)`` for every card played, in order."""
        s = self._s
        rules: Rules = s[_DEAL].rules
        n = rules.players
        plays = [(leader, bits) for leader, bits, *_ in s[_TRICKS]]
        if s[_CUR]:
            plays.append((s[_LEADER], s[_CUR]))
        # what each seat held when play began: what it holds now and what it played
        held = [s[_HANDS] >> (p << 6) & _M64 for p in range(n)]
        for leader, bits in plays:
            for k, b in enumerate(bits):
                held[(leader + k) % n] |= 1 << b
        out = []
        for number, (leader, bits) in enumerate(plays, start=1):
            led = bits[0] >> 4
            for k, b in enumerate(bits):
                seat = (leader + k) % n
                if k == 0:
                    kind = K_LED
                elif b >> 4 != led:
                    kind = K_PLACED
                elif rules.only_card_forced and held[seat] & rules.suit_masks[led] != 1 << b:
                    # hoyle §6: played, holding another card of the suit led; else forced.
                    kind = K_PLAYED
                else:
                    # fournier-1785 §6: a card of the suit led is forced.
                    kind = K_FORCED
                held[seat] ^= 1 << b
                out.append((F_PLAYED, seat, b, number, kind))
        return out

    # -- moves -------------------------------------------------------------------------------------

    def legal_moves(self) -> tuple[Move, ...]:
        """The moves the player to move may make now, as a sorted tuple (empty when over).

        Plays come in card order; exchange moves in card order with ``decline`` last.
        """
        s = self._s
        seat = s[3]  # _TO_MOVE
        if seat < 0:
            return ()
        c = s[0]  # _DEAL
        if s[2] >= c.nsteps:  # _STEP: the tricks
            cur = s[5]  # _CUR
            if cur:
                led = cur[0] >> 4
                follow = s[1] >> ((seat << 6) + (led << 4)) & 0xFFFF  # _HANDS
                # fournier-1785 §6: follow suit if able; §11: the privileged may renounce at will.
                if follow and (seat != s[8][2] or len(s[6]) >= c.rules.priv_last):
                    return SUIT_PLAYS[led][follow >> 2]  # type: ignore[no-any-return]
            held = s[1] >> (seat << 6)
            low = held & 0xFFFFFFFF
            high = held >> 32 & 0xFFFFFFFF
            return (
                _PC[low >> 2 & 0x1FFF] + _PD[low >> 18] + _PH[high >> 2 & 0x1FFF] + _PS[high >> 18]
            )
        held = s[1] >> (seat << 6) & _M64
        kind = c.steps[s[2]][1]
        if kind == STEP_EXCHANGE:
            out = moves_of(held & ~c.no_discard, EXCHANGE_TABLES)
            return (*out, DECLINE) if c.may_decline else out
        if kind == STEP_DISCARD:
            return moves_of(held & ~c.no_discard, DISCARD_TABLES)
        return moves_of(held, GIVE_TABLES)

    def legal_indices(self) -> tuple[int, ...]:
        """The legal moves as their numbers in the profile's action space (:func:`move_index`)."""
        profile = self.profile
        return tuple(move_index(profile, m) for m in self.legal_moves())

    def legal_mask(self) -> tuple[bool, ...]:
        """For each action of the profile's action space (:func:`action_count` of them), whether it
        is legal now: a mask for bots and reinforcement learning."""
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

    def apply(self, move: Move | str) -> Hand:
        """The hand after ``move`` (a move or its notation).

        Raises :class:`~reversis.IllegalMoveError` (saying why) if the rules do not allow it now, and
        :class:`~reversis.InvalidMoveError` for text that is no move. ``self`` is never changed.
        """
        if type(move) is not Play:
            if isinstance(move, str):
                move = parse_move(move)
            if type(move) is not Play:
                return self._apply_exchange(move)
        c, hands, step, seat, leader, cur, tricks, facts, aux = self._s
        if seat < 0 or step < c.nsteps:
            self._refuse_play(move)
        bit = move.card.index
        shift = seat << 6
        if not hands >> (bit + shift) & 1:
            self._refuse_play(move)
        rules = c.rules
        # Plays are recorded by the tricks themselves; only rarer facts go into the chain.
        if cur:
            led = cur[0] >> 4
            placed = bit >> 4 != led
            if placed and hands >> (shift + (led << 4)) & 0xFFFF:
                # fournier-1785 §11, english §12, hoyle §12: only the privileged player may
                # renounce while able to follow, up to the profile's last privileged trick.
                if seat != aux[_PSEAT] or len(tricks) >= rules.priv_last:
                    self._refuse_play(move)
                if not aux[_PUSED]:
                    aux = (*aux[:_PUSED], len(tricks) + 1, *aux[_PUSED + 1 :])
                    facts = (facts, step, (F_PRIVILEGE, seat, len(tricks) + 1))
            cur = (*cur, bit)
        else:
            placed = False
            cur = (bit,)
        pool = rules.pool_of[bit]
        if pool and aux[_REV] < 0:
            # fournier-1785 §9: placing the Quinola wins the basket; forced or led, it owes a
            # beast (english §9 pots and remises, hoyle §9 pools). Once a reversis is committed it
            # is an ordinary card (fournier-1785 §8).
            code = F_POOL_WON if placed else F_POOL_OWED
            facts = (facts, step, (code, seat, pool, len(tricks) + 1))
        hands ^= 1 << (bit + shift)
        n = rules.players
        if len(cur) < n:
            seat = seat + 1 if seat + 1 < n else 0
        else:
            # fournier-1785 §6: the highest card of the suit led wins the trick.
            led = cur[0] >> 4
            tmask = 0
            for b in cur:
                tmask |= 1 << b
            best = (tmask >> (led << 4) & 0xFFFF).bit_length() - 1 + (led << 4)
            winner = leader + cur.index(best)
            if winner >= n:
                winner -= n
            tricks = (*tricks, (leader, cur, winner, tmask))
            cur = ()
            if len(tricks) >= rules.commit:
                aux, facts = self._late_trick(facts, step, aux, tricks, winner)
                if facts[-1][0] == F_OVER:
                    winner = -1
            seat = leader = winner
        new = _NEW(Hand)
        _SET(new, (c, hands, step + 1, seat, leader, cur, tricks, facts, aux))
        return new

    def _late_trick(
        self,
        facts: tuple[Any, ...],
        step: int,
        aux: tuple[Any, ...],
        tricks: tuple[Any, ...],
        winner: int,
    ) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
        """The facts of a trick from the reversis commitment on: ``(new aux, new facts)``."""
        rules = self._s[_DEAL].rules
        pot, gives, pseat, pused, rev, breaker = aux
        trick_no = len(tricks)
        more: list[tuple[Any, ...]] = []
        over = trick_no == rules.tricks
        if trick_no == rules.commit:
            # fournier-1785 §8: winning the first 9 tricks commits to the reversis.
            for t in tricks:
                if t[2] != winner:
                    break
            else:
                rev = winner
                more.append((F_COMMITTED, winner, trick_no))
        elif rev >= 0 and breaker < 0 and winner != rev:
            # fournier-1785 §8: broken by the taker of trick 10, or if the reversis player took
            # trick 10, by the taker of trick 11; the profile says whether trick 11 is played.
            breaker = winner
            more.append((F_BROKEN, rev, winner, trick_no))
            if rules.end_on_break:
                over = True
        if over:
            if rev >= 0 and breaker < 0:
                more.append((F_MADE, rev))
            more.append(_over_fact(self._s[_DEAL], tricks, pseat, pused, rev))
        if more:
            facts = (facts, step, *more)
        return (pot, gives, pseat, pused, rev, breaker), facts

    def _refuse_play(self, move: Move) -> NoReturn:
        c, hands, step, seat, _, cur, _, _, aux = self._s
        pseat = aux[_PSEAT]
        if seat < 0:
            _fail(move, "the hand is over")
        if step < c.nsteps:
            _fail(move, f"it is the exchange: {_step_text(c, step)}")
        card = move.card  # type: ignore[union-attr]
        held = hands >> (seat << 6) & _M64
        if not held >> card.index & 1:
            _fail(move, f"seat {seat} does not hold {card.code}")
        led = cur[0] >> 4
        follow = held & c.rules.suit_masks[led]
        why = f"seat {seat} must follow suit ({'CDHS'[led]}) and holds " + " ".join(
            x.code for x in cards_from_mask(follow)
        )
        if seat == pseat:
            name = c.profile.privilege.name
            why += f" (the privilege of the {name} lasts up to trick {c.rules.priv_last})"
        _fail(move, why)

    def _apply_exchange(self, move: Move) -> Hand:
        kind_of_move = type(move)
        if kind_of_move not in _MOVE_TYPES:
            raise InvalidMoveError(f"{move!r} is not a move")
        c, hands, step, seat, leader, cur, tricks, facts, aux = self._s
        if seat < 0:
            _fail(move, "the hand is over")
        if step >= c.nsteps:
            _fail(move, f"the exchange is over: seat {seat} must play a card")
        _, kind, widow_index = c.steps[step]
        widow_bit = c.widow[widow_index]
        pot, gives, pseat, pused, rev, breaker = aux
        shift = seat << 6
        if kind_of_move is Decline:
            card_bit = -1
        else:
            card_bit = move.card.index  # type: ignore[union-attr]
            if not hands >> (shift + card_bit) & 1:
                _fail(move, f"seat {seat} does not hold {move.card.code}")  # type: ignore[union-attr]
        if kind == STEP_EXCHANGE:
            if kind_of_move is Exchange:
                # fournier-1785 §4: put a card under the basket and take the top widow card.
                if c.no_discard >> card_bit & 1:
                    _fail(move, _why_no_discard(card_bit))
                hands ^= ((1 << card_bit) | (1 << widow_bit)) << shift
                pot |= 1 << card_bit
                node: tuple[Any, ...] = (facts, step, (F_EXCHANGED, seat, card_bit, widow_bit))
            elif kind_of_move is Decline:
                # fournier-1785 §4: look at the widow card and put it under the basket.
                if not c.may_decline:
                    _fail(move, _why_no_decline(c))
                pot |= 1 << widow_bit
                node = (facts, step, (F_DECLINED, seat, widow_bit))
            else:
                _fail(move, _step_text(c, step) + " now")
        elif kind == STEP_DISCARD:
            if kind_of_move is not Discard:
                _fail(move, _step_text(c, step) + " now")
            # fournier-1785 §4: then the dealer discards one card under the basket.
            if c.no_discard >> card_bit & 1:
                _fail(move, _why_no_discard(card_bit))
            hands ^= 1 << (card_bit + shift)
            pot |= 1 << card_bit
            node = (facts, step, (F_DISCARDED, seat, card_bit))
        else:
            if kind_of_move is not Give:
                _fail(move, _step_text(c, step) + " now")
            n = c.rules.players
            gives = (*gives, card_bit)
            node = (facts, step, (F_GIVEN, seat, (seat + n // 2) % n, card_bit))
            if len(gives) == n:
                # hoyle §4: the cards change hands together, after the last choice.
                for k, b in enumerate(gives):
                    giver = c.steps[step - n + 1 + k][0]
                    taker = (giver + n // 2) % n
                    hands ^= (1 << b) << (giver << 6)
                    hands ^= (1 << b) << (taker << 6)
                gives = ()
                node = (*node, (F_PASSED,))
        step += 1
        if step < c.nsteps:
            seat = c.steps[step][0]
        else:
            # fournier-1785 §11: whether a player holds the privilege is judged once the exchange
            # is over (english §12, hoyle §12: after the opposite exchange).
            rules = c.rules
            seat = leader = (c.dealer + 1) % rules.players
            if rules.priv_mask:
                for p, mask in enumerate(rules.priv_masks):
                    if (hands & mask).bit_count() >= rules.priv_needed:
                        pseat = p
        new = _NEW(Hand)
        _SET(
            new,
            (c, hands, step, seat, leader, cur, tricks, node,
             (pot, gives, pseat, pused, rev, breaker)),
        )  # fmt: skip
        return new

    def _check_seat(self, seat: int) -> int:
        n = self.players
        if type(seat) is not int or not 0 <= seat < n:
            raise ArgumentError(f"{str(seat)[:40]!r} is not a seat (0 to {n - 1})")
        return seat

    # -- plain data ---------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The hand as plain data: its profile, dealer, seed, the ordered pack, the stakes at the
        start of play and the moves. :meth:`from_dict` replays them into an equal hand.

        A profile equal to a shipped one is written by name, any other as its full data.
        """
        deal = self.deal
        return {
            "schema": jsonio.SCHEMA,
            "type": "hand",
            "profile": profile_to_data(deal.profile),
            "dealer": deal.dealer,
            "seed": deal.seed,
            "deck": [card.code for card in self.deck],
            "stakes": deal.stakes.to_dict(),
            "moves": [str(move) for move in self.moves],
        }

    @classmethod
    def from_dict(cls, data: Any) -> Hand:
        """The hand of :meth:`to_dict`'s data, replayed (:class:`~reversis.RecordError` naming the
        problem if malformed, :class:`~reversis.ProfileError` for a bad profile)."""
        jsonio.table(data, "hand", ["profile", "dealer", "deck", "stakes", "moves"], ["seed"])
        jsonio.of_type(data, "hand", "hand")
        profile = profile_from_data(data["profile"], "hand.profile")
        dealer = jsonio.integer(data["dealer"], "hand.dealer", 0, profile.players - 1)
        seed = jsonio.optional_integer(data.get("seed"), "hand.seed", 0, 2**128 - 1)
        deck = jsonio.cards(data["deck"], "hand.deck")
        moves = jsonio.listed(data["moves"], "hand.moves", lambda v, w: jsonio.text(v, w, 40), 200)
        try:
            hand = deal_from_deck(profile, deck, dealer=dealer, stakes=data["stakes"], seed=seed)
        except (DealError, StakesError) as exc:
            raise RecordError(f"hand: {exc}") from None
        return replay_moves(hand, moves, "hand.moves")

    def to_json(self) -> str:
        """:meth:`to_dict` as JSON text."""
        return jsonio.dumps(self.to_dict())

    @classmethod
    def from_json(cls, text: str | bytes) -> Hand:
        """The hand of :meth:`to_json`'s text."""
        return cls.from_dict(jsonio.loads(text, "hand"))

    # -- derived views -----------------------------------------------------------------------------

    def view(self, seat: int) -> HandView:
        """What ``seat`` may know of this hand, and nothing else (see :mod:`reversis.views`)."""
        from reversis.views import hand_view  # noqa: PLC0415

        return hand_view(self, self._check_seat(seat))


_NEW = object.__new__
_PC, _PD, _PH, _PS = SUIT_PLAYS  # the plays of each suit, by pattern of ranks (see plays_of)
_MOVE_TYPES = frozenset((Play, Exchange, Discard, Give, Decline))
_SET = Hand.__dict__["_s"].__set__


def _make(deal: Deal) -> Hand:
    dealer = deal.dealer
    n = deal.rules.players
    packed = 0
    for seat, mask in enumerate(deal.dealt):
        packed |= mask << (seat << 6)
    eldest = (dealer + 1) % n
    first = deal.steps[0][0] if deal.steps else eldest
    hand = _NEW(Hand)
    _SET(
        hand,
        (deal, packed, 0, first, eldest, (), (), (None, -1, (F_DEALT, dealer, eldest)),
         (0, (), -1, 0, -1, -1)),
    )  # fmt: skip
    return hand


def replay_moves(hand: Hand, moves: Sequence[Move | str], what: str) -> Hand:
    """``hand`` after ``moves``; a move that is no move or not legal is a
    :class:`~reversis.RecordError` naming its place."""
    for number, move in enumerate(moves, start=1):
        try:
            hand = hand.apply(move)
        except (IllegalMoveError, InvalidMoveError) as exc:
            raise RecordError(f"{what}: move {number} ({str(move)[:40]!r}): {exc}") from None
    return hand


def _restore(deal: Deal, moves: tuple[Move, ...]) -> Hand:
    hand = _make(deal)
    for move in moves:
        hand = hand.apply(move)
    return hand


def _bits(mask: int) -> Iterable[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _card(bit: int) -> Card:
    card = CARD_AT[bit]
    assert card is not None
    return card


def _points(rules: Rules, tricks: Sequence[tuple[Any, ...]]) -> tuple[int, ...]:
    won = [0] * rules.players
    for trick in tricks:
        won[trick[2]] |= trick[3]
    return _points_of(rules, won)


def _points_of(rules: Rules, won: list[int]) -> tuple[int, ...]:
    """The points in the tricks, from the mask of the cards each seat took (fournier-1785 §7)."""
    groups = rules.trick_groups
    points = [0] * len(won)
    for value, group in groups:
        for seat, mask in enumerate(won):
            if mask & group:
                points[seat] += value * (mask & group).bit_count()
    return tuple(points)


def _over_fact(
    c: Deal, tricks: tuple[tuple[Any, ...], ...], pseat: int, pused: int, rev: int
) -> tuple[Any, ...]:
    rules = c.rules
    n = rules.players
    won = [0] * n
    counts = [0] * n
    for trick in tricks:
        counts[trick[2]] += 1
        won[trick[2]] |= trick[3]
    points = _points_of(rules, won)
    if rev >= 0:
        # fournier-1785 §8: once committed, the pot is out of play.
        return (F_OVER, None, None, points, tuple(counts))
    winner, loser = rank(rules, c.dealer, points, counts, pseat if pused else -1)
    return (F_OVER, winner, loser, points, tuple(counts))


def _event(fact: tuple[Any, ...]) -> ev.Event:
    code = fact[0]
    if code == F_PLAYED:
        return ev.CardPlayed(fact[1], _card(fact[2]), fact[3], KINDS[fact[4]])
    if code == F_TRICK:
        return ev.TrickTaken(fact[1], fact[2], fact[3])
    if code == F_DEALT:
        return ev.HandDealt(fact[1], fact[2])
    if code == F_EXCHANGED:
        return ev.Exchanged(fact[1], _card(fact[2]), _card(fact[3]))
    if code == F_DECLINED:
        return ev.Declined(fact[1], _card(fact[2]))
    if code == F_DISCARDED:
        return ev.Discarded(fact[1], _card(fact[2]))
    if code == F_GIVEN:
        return ev.CardGiven(fact[1], fact[2], _card(fact[3]))
    if code == F_PASSED:
        return ev.CardsPassed()
    if code == F_PRIVILEGE:
        return ev.PrivilegeUsed(fact[1], fact[2])
    if code == F_POOL_WON:
        return ev.PoolWon(fact[1], fact[2], fact[3])
    if code == F_POOL_OWED:
        return ev.PoolOwed(fact[1], fact[2], fact[3])
    if code == F_COMMITTED:
        return ev.ReversisCommitted(fact[1], fact[2])
    if code == F_MADE:
        return ev.ReversisMade(fact[1])
    if code == F_BROKEN:
        return ev.ReversisBroken(fact[1], fact[2], fact[3])
    return ev.HandOver(fact[1], fact[2], fact[3], fact[4])


def _step_text(c: Deal, step: int) -> str:
    seat, kind, _ = c.steps[step]
    if kind == STEP_EXCHANGE:
        return f"seat {seat} must exchange" + (" or decline" if c.may_decline else "")
    if kind == STEP_DISCARD:
        return f"the dealer, seat {seat}, must discard"
    return f"seat {seat} must give a card to the player opposite"


def _why_no_discard(bit: int) -> str:
    return f"{_card(bit).code} may not be put out: its pool is not at three stakes"


def _why_no_decline(c: Deal) -> str:
    if c.rules.decline == "never":
        return "this profile has no declining: the exchange is compulsory"
    return "the exchange is compulsory unless a pool is at three stakes"


def _canonical_deck(c: Deal) -> tuple[Card, ...]:
    n = c.rules.players
    remaining = [list(cards_from_mask(m)) for m in c.dealt]
    deck: list[Card] = []
    for others, to_dealer in c.profile.deal.packets:
        for offset in range(1, n + 1):
            seat = (c.dealer + offset) % n
            count = to_dealer if seat == c.dealer else others
            deck.extend(remaining[seat][:count])
            del remaining[seat][:count]
    deck.extend(_card(b) for b in c.widow)
    return tuple(deck)


# ---------------------------------------------------------------------------------------------
# Making hands
# ---------------------------------------------------------------------------------------------


def _profile(profile: Profile | str) -> Profile:
    if isinstance(profile, Profile):
        return profile
    if isinstance(profile, str):
        return load_profile(profile)
    raise ProfileError(
        "", f"a profile is a Profile or a shipped profile's name, not {type(profile).__name__}"
    )


def _new_deal(
    profile: Profile,
    dealt: tuple[int, ...],
    widow: tuple[int, ...],
    dealer: int,
    pack: tuple[int, ...] | None,
    seed: int | None,
    stakes: Stakes | dict[str, Any] | None,
) -> Deal:
    rules = profile._rules
    if stakes is None:
        parsed = profile._first_stakes
        limits = rules.exchange_limits
    else:
        parsed = parse_stakes(profile, stakes)
        limits = None
    may_decline, no_discard = limits or exchange_limits(profile, parsed)
    steps = rules.exchange_steps[dealer]
    return Deal(
        profile,
        dealer,
        dealt,
        widow,
        pack,
        seed,
        parsed,
        rules,
        steps,
        len(steps),
        may_decline,
        no_discard,
    )


def _check_dealer(profile: Profile, dealer: object) -> int:
    if type(dealer) is not int or not 0 <= dealer < profile.players:
        raise DealError(f"dealer must be a seat from 0 to {profile.players - 1}, not {dealer!r}")
    return dealer


def _deal_pack(
    profile: Profile,
    pack: tuple[int, ...],
    dealer: int,
    seed: int | None,
    stakes: Stakes | dict[str, Any] | None,
) -> Hand:
    """Deal a pack of card masks known to hold the profile's cards once each."""
    getters, widow_getter = profile._rules.deal_getters[dealer]
    dealt = tuple([sum(get(pack)) for get in getters])
    widow = tuple([m.bit_length() - 1 for m in widow_getter(pack)])
    return _make(_new_deal(profile, dealt, widow, dealer, pack, seed, stakes))


def deal_hand(
    profile: Profile | str,
    hands: Sequence[Iterable[Card | str]],
    widow: Iterable[Card | str],
    *,
    dealer: int = 0,
    stakes: Stakes | dict[str, Any] | None = None,
) -> Hand:
    """A hand from explicit cards: ``hands[seat]`` for each seat (the dealer 12, the others 11, as
    :class:`~reversis.Card` or codes) and the ``widow``, its first card the first non-dealer's
    (Fournier: the top card of the pile).

    ``stakes`` are the stakes at the start of play, antes already in (see :mod:`reversis.stakes`);
    without them, the first hand of a match. Raises :class:`~reversis.DealError` for cards that cannot
    form a deal of the profile.

    >>> from reversis import deal_hand, load_profile, new_hand
    >>> source = new_hand(load_profile(), seed=1)
    >>> again = deal_hand(load_profile(), source.dealt, source.widow, dealer=source.dealer)
    >>> again.hands == source.hands
    True
    """
    profile = _profile(profile)
    dealer = _check_dealer(profile, dealer)
    n = profile.players
    if isinstance(hands, str | bytes) or not isinstance(hands, Sequence):
        raise DealError("hands must be a sequence with one collection of cards per seat")
    if len(hands) != n:
        raise DealError(f"hands must give the cards of {n} seats, not {len(hands)}")
    try:
        held = [parse_cards(h) for h in hands]
        widow_cards = parse_cards(widow)
    except InvalidCardError as exc:
        raise DealError(str(exc)) from None
    except TypeError:
        raise DealError("hands and widow must be collections of cards or card codes") from None
    rules = profile._rules
    seen = 0
    groups = [(f"seat {seat}", cards) for seat, cards in enumerate(held)]
    groups.append(("the widow", widow_cards))
    for where, cards in groups:
        for card in cards:
            if not rules.deck_mask >> card.index & 1:
                raise DealError(f"{card.code} ({where}) is not in the {profile.name} pack")
            if seen >> card.index & 1:
                raise DealError(f"{card.code} is dealt twice")
            seen |= 1 << card.index
    for seat, cards in enumerate(held):
        want = rules.tricks + (1 if seat == dealer else 0)
        if len(cards) != want:
            role = "the dealer" if seat == dealer else "a non-dealer"
            raise DealError(f"seat {seat} ({role}) must be dealt {want} cards, not {len(cards)}")
    if len(widow_cards) != n - 1:
        raise DealError(f"the widow must hold {n - 1} cards, not {len(widow_cards)}")
    dealt = tuple(sum(1 << c.index for c in cards) for cards in held)
    widow_bits = tuple(c.index for c in widow_cards)
    return _make(_new_deal(profile, dealt, widow_bits, dealer, None, None, stakes))


def deal_from_deck(
    profile: Profile | str,
    deck: Sequence[Card | str],
    *,
    dealer: int = 0,
    stakes: Stakes | dict[str, Any] | None = None,
    seed: int | None = None,
) -> Hand:
    """A hand dealt from an ordered pack (after the cut) by the profile's packets.

    The deal goes in playing order from the eldest, each round giving its packet to every non-dealer
    and then to the dealer (see :func:`reversis.deal.deal_cards`); the cards left are the widow.
    ``seed`` records where the pack came from: it must be the seed whose shuffle gives this pack
    (:class:`~reversis.DealError` otherwise), so that a hand's seed and pack never disagree.
    """
    profile = _profile(profile)
    dealer = _check_dealer(profile, dealer)
    if isinstance(deck, str):
        deck = deck.split()
    try:
        cards = parse_cards(deck)
    except InvalidCardError as exc:
        raise DealError(str(exc)) from None
    except TypeError:
        raise DealError("a pack is a sequence of cards or card codes") from None
    rules = profile._rules
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
    if seed is not None and seeded_pack(profile, seed) != pack:
        raise DealError(f"the seed {seed} does not give this pack")
    return _deal_pack(profile, pack, dealer, seed, stakes)


def new_hand(
    profile: Profile | str,
    *,
    seed: int,
    dealer: int = 0,
    stakes: Stakes | dict[str, Any] | None = None,
) -> Hand:
    """A hand dealt from the pack that ``seed`` shuffles and cuts (see :mod:`reversis.deal`).

    >>> from reversis import load_profile, new_hand
    >>> new_hand(load_profile(), seed=7) == new_hand("fournier-1785", seed=7)
    True
    """
    profile = _profile(profile)
    dealer = _check_dealer(profile, dealer)
    return _deal_pack(profile, seeded_pack(profile, seed), dealer, seed, stakes)
