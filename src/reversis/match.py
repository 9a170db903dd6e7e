"""The match: antes, stakes carried from hand to hand, dealer rotation, rounds and the end of the match.

A :class:`Match` is immutable, like a hand. Start a hand (the antes are paid), play it, finish it (its
settlement is applied and the deal passes), until the match is over::

    >>> import random
    >>> from reversis import load_profile, new_match
    >>> match = new_match(load_profile(), seed=7)
    >>> match.dealer, match.round, match.hand_number
    (2, 1, 1)
    >>> match = match.start_hand()
    >>> match.bankrolls, match.stakes.to_dict()
    ((96, 96, 92, 96), {'basket': 20, 'beasts': []})
    >>> hand, rng = match.hand, random.Random(1)
    >>> while not hand.is_over:
    ...     hand = hand.apply(rng.choice(hand.legal_moves()))
    >>> match = match.finish_hand(hand)
    >>> match.dealer, match.hand_number, sum(match.bankrolls) + match.stakes.pool_total
    (3, 2, 400)

Counters are conserved: the bankrolls plus the basket always make ``players × 100``; beasts are
debts recorded on the sheet, not counters.

The games of points play their hands in a row too: Hearts until some total passes the limit, with
the pass direction following the hand number (hearts §13); Tëtka's orbits (tetka §7); Réunion's
three deals and the game's payments (reunion §8). :attr:`Match.totals`, :attr:`Match.winners` and
:attr:`Match.net` say how it stands.

After the last hand (``rounds × players`` hands), if stakes remain (Fournier §12), the players who
have lost most choose (:meth:`Match.choose`) to ``"continue"`` — hands without antes until the basket
is empty and no beast remains, for at most ``match.continue_rounds`` more rounds (2 by default), after
which what is left is shared — or to ``"share"`` the stakes; *share* wins unless all choose
*continue*. Every match therefore ends.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from reversis import jsonio
from reversis.cards import Card, read_cards
from reversis.engine.chance import MAX_SEED, draw_first_dealer
from reversis.errors import DealError, ProfileError, RecordError, ReversisError
from reversis.games import game_of
from reversis.games.payments import Payment, Settlement
from reversis.games.table import (
    MatchPhase,
    antes,
    apply_payments,
    empty_stakes,
    is_empty,
    share,
)
from reversis.hand import Hand, deal_from_deck, new_hand, replay_moves, settle
from reversis.profile import Profile, load_profile, profile_from_data, profile_to_data
from reversis.profile.checks import MAX_ROUNDS
from reversis.stakes import STAKES_SCHEMA, Stakes
from reversis.views.documents import (
    CHOICE_SCHEMA,
    HAND_ENTRY_FIELDS,
    SEAT_SCHEMA,
    profile_named_schema,
)
from reversis.views.view import MatchView, match_view

__all__ = ["Match", "MatchError", "MatchPhase", "new_match"]

#: Hand ``k`` (1-based) of a match with seed ``s`` is dealt with seed ``s * SEED_STRIDE + k``.
SEED_STRIDE = 100_000
#: Largest match seed: every hand's seed (``seed * SEED_STRIDE + k``) stays a valid seed, a match
#: having fewer than ``SEED_STRIDE`` hands (see ``MAX_ROUNDS`` in :mod:`reversis.profile`).
MAX_MATCH_SEED = (MAX_SEED - SEED_STRIDE) // SEED_STRIDE


class MatchError(ReversisError, ValueError):
    """A match operation that is not possible now (wrong phase, a hand of another deal …)."""


@attrs.frozen
class Match:
    """An immutable match. Make one with :func:`new_match`."""

    profile: Profile
    #: Each seat's counters.
    bankrolls: tuple[int, ...]
    #: The stakes on the table (between hands; during a hand, after its antes).
    stakes: Stakes
    #: The dealer of the next hand (or of the hand in progress).
    dealer: int
    #: Hands finished so far.
    hands_played: int = 0
    phase: MatchPhase = MatchPhase.PLAYING
    #: The match's seed, from which hands are dealt when no seed or pack is given.
    seed: int | None = None
    #: The hand in progress, as dealt (``None`` between hands).
    hand: Hand | None = None
    #: The antes paid for the hand in progress.
    antes: tuple[Payment, ...] = ()
    #: The finished hands, in order.
    history: tuple[Hand, ...] = attrs.field(default=(), repr=False)
    #: The seats that choose at the end of the match, and the choices made so far.
    deciders: tuple[int, ...] = ()
    choices: tuple[tuple[int, str], ...] = ()
    #: The payments at the end of the match: the stakes shared (Reversis), the game's payments
    #: (Réunion).
    final_payments: tuple[Payment, ...] = ()

    @property
    def players(self) -> int:
        """Number of players."""
        return self.profile.players

    @property
    def total_hands(self) -> int | None:
        """The agreed number of hands: ``rounds × players`` (Tëtka: ``orbits × players``), or
        ``None`` for a match that ends on a limit of points (Hearts)."""
        profile = self.profile
        if profile.match.end == "limit":
            return None
        return profile.rounds * profile.players

    @property
    def most_hands(self) -> int:
        """The most hands the match can last: every match ends."""
        total = self.total_hands
        if total is None:
            return MAX_ROUNDS * self.players
        return total + self.continue_hands

    @property
    def continue_hands(self) -> int:
        """The most hands played after the agreed ones when the players choose to continue:
        ``continue_rounds × players`` (fournier-1785 §12); then the stakes left are shared."""
        return self.profile.match.continue_rounds * self.profile.players

    @property
    def hand_number(self) -> int:
        """The number (1-based) of the hand in progress, or of the next one."""
        return self.hands_played + 1

    @property
    def round(self) -> int:
        """The round (1-based) of the hand in progress or the next one; a round is one deal each."""
        return self.hands_played // self.profile.players + 1

    @property
    def is_over(self) -> bool:
        """Whether the match is over."""
        return self.phase is MatchPhase.OVER

    @property
    def standing(self) -> tuple[tuple[int, int], ...]:
        """``(seat, counters)`` from the richest down (seats in order on equal counters)."""
        return tuple(sorted(enumerate(self.bankrolls), key=lambda item: (-item[1], item[0])))

    @property
    def dealers(self) -> tuple[int, ...]:
        """The dealer of each finished hand."""
        return tuple(hand.dealer for hand in self.history)

    @property
    def points_by_hand(self) -> tuple[tuple[int, ...], ...]:
        """Each finished hand's points (``hand.points``)."""
        return tuple(hand.points for hand in self.history)

    @property
    def totals(self) -> tuple[int, ...]:
        """Each seat's points over the finished hands."""
        totals = [0] * self.players
        for points in self.points_by_hand:
            for seat, value in enumerate(points):
                totals[seat] += value
        return tuple(totals)

    @property
    def net(self) -> tuple[int, ...]:
        """What each seat has won or lost since the match began."""
        start = self.profile.money.bankroll
        return tuple(b - start for b in self.bankrolls)

    @property
    def winners(self) -> tuple[int, ...]:
        """The winners, once the match is over (sorted seats; empty before): the lowest totals in
        Hearts and Tëtka (a tie shared: hearts §13, tetka §7), the highest in Réunion (reunion §8),
        the richest in Reversis."""
        if not self.is_over:
            return ()
        return game_of(self.profile).match_winners(self.totals, self.bankrolls)

    @property
    def last_settlement(self) -> Settlement | None:
        """The settlement of the last finished hand."""
        return settle(self.history[-1]) if self.history else None

    # -- playing hands ---------------------------------------------------------------------------

    def start_hand(
        self, *, seed: int | None = None, deck: Sequence[Card | str] | None = None
    ) -> Match:
        """The match with the next hand dealt (:attr:`hand`) and its antes paid (:attr:`antes`).

        The pack comes from ``seed``, or is ``deck``, or (neither given) from the match's seed.
        """
        if self.phase not in (MatchPhase.PLAYING, MatchPhase.CONTINUING):
            raise MatchError(f"no hand can start: the match is {self.phase.value}")
        if self.hand is not None:
            raise MatchError("a hand is in progress: finish it first")
        if seed is not None and deck is not None:
            raise MatchError("give a seed or a pack, not both")
        continuing = self.phase is MatchPhase.CONTINUING
        paid, stakes = antes(self.profile, self.stakes, self.dealer, continuing)
        bankrolls = apply_payments(self.bankrolls, paid)
        # hearts §3: the pass direction follows the hand's number in the match.
        number = self.hand_number
        if deck is not None:
            hand = deal_from_deck(
                self.profile, deck, dealer=self.dealer, stakes=stakes, hand_number=number
            )
        else:
            if seed is None:
                if self.seed is None:
                    raise MatchError("this match has no seed: give a seed or a pack for the hand")
                seed = self.seed * SEED_STRIDE + number
            hand = new_hand(
                self.profile, seed=seed, dealer=self.dealer, stakes=stakes, hand_number=number
            )
        return attrs.evolve(self, bankrolls=bankrolls, stakes=stakes, hand=hand, antes=paid)

    def finish_hand(self, hand: Hand) -> Match:
        """The match after ``hand`` (the hand in progress, played to its end): its settlement is
        applied, the deal passes to the eldest, and the end of the match is decided."""
        if self.hand is None:
            raise MatchError("no hand is in progress: start one first")
        if not isinstance(hand, Hand) or hand.deal != self.hand.deal:
            raise MatchError("this is not the hand in progress (another deal)")
        if not hand.is_over:
            raise MatchError("the hand is not over")
        result = settle(hand)
        match = attrs.evolve(
            self,
            bankrolls=apply_payments(self.bankrolls, result.payments),
            stakes=result.stakes,
            dealer=(self.dealer + 1) % self.players,
            hands_played=self.hands_played + 1,
            hand=None,
            antes=(),
            history=(*self.history, hand),
        )
        return match._after_hand()

    def _after_hand(self) -> Match:
        empty = is_empty(self.stakes)
        if self.phase is MatchPhase.CONTINUING:
            if empty:
                return attrs.evolve(self, phase=MatchPhase.OVER)
            # fournier-1785 §12 [decision; profile flag continue_rounds]: after that many further
            # rounds, what is still on the table is shared as under *share*: every match ends.
            if self.hands_played >= self.most_hands:
                return self._share()
            return self
        end = self.profile.match.end
        if end == "limit":
            # hearts §13 [decision]: the match ends after the hand in which some total exceeds
            # the limit (and, to be sure that every match ends, after the most hands).
            if max(self.totals) > self.profile.match.limit or self.hands_played >= self.most_hands:
                return self._end()
            return self
        total = self.total_hands
        assert total is not None
        if self.hands_played < total:
            return self
        if self.profile.mechanism == "none":
            # The games of points leave no stakes on the table: the match ends with the agreed
            # hands (tetka §7, reunion §8).
            return self._end()
        if empty or end == "keep":
            # fournier-1785 §12: nothing left at stake: the match is over.
            return attrs.evolve(self, phase=MatchPhase.OVER)
        if end == "share":
            return self._share()
        # fournier-1785 §12: the player who has lost most chooses (all those tied for it).
        least = min(self.bankrolls)
        deciders = tuple(p for p, b in enumerate(self.bankrolls) if b == least)
        return attrs.evolve(self, phase=MatchPhase.DECIDING, deciders=deciders)

    def choose(self, seat: int, choice: str) -> Match:
        """Record ``seat``'s end-of-match choice, ``"continue"`` or ``"share"``.

        When every decider has chosen: *share* unless all chose *continue* [decision].
        """
        if self.phase is not MatchPhase.DECIDING:
            raise MatchError(f"there is no choice to make: the match is {self.phase.value}")
        if seat not in self.deciders:
            raise MatchError(
                f"seat {seat!r} does not choose (the deciders are {list(self.deciders)})"
            )
        if any(s == seat for s, _ in self.choices):
            raise MatchError(f"seat {seat} has already chosen")
        if choice not in ("continue", "share"):
            raise MatchError(f"the choice is 'continue' or 'share', not {choice!r}")
        match = attrs.evolve(self, choices=(*self.choices, (seat, choice)))
        if len(match.choices) < len(self.deciders):
            return match
        if all(c == "continue" for _, c in match.choices) and self.continue_hands:
            return attrs.evolve(match, phase=MatchPhase.CONTINUING)
        return match._share()

    def _share(self) -> Match:
        payments = share(self.profile, self.stakes, (self.dealer - 1) % self.players)
        return attrs.evolve(
            self,
            bankrolls=apply_payments(self.bankrolls, payments),
            stakes=empty_stakes(self.profile),
            phase=MatchPhase.OVER,
            final_payments=payments,
        )

    def _end(self) -> Match:
        """The match over, with the game's payments (reunion §8)."""
        payments = game_of(self.profile).match_payments(self.profile, self.totals)
        return attrs.evolve(
            self,
            bankrolls=apply_payments(self.bankrolls, payments),
            phase=MatchPhase.OVER,
            final_payments=payments,
        )

    def view(self, seat: int, hand: Hand | None = None) -> MatchView:
        """What ``seat`` may know of the match (see :mod:`reversis.views.view`); ``hand`` is the hand in
        play as it stands now, if you hold it (by default the hand in progress as dealt)."""
        results = tuple(settle(h).payments for h in self.history)
        return match_view(self, seat, hand, results)

    def to_dict(self) -> dict[str, Any]:
        """The match as plain data: its profile, seed, first dealer, every finished hand (as
        :meth:`Hand.to_dict`), the hand in progress as dealt, the end-of-match choices, and, to
        check them when reading, the counters, stakes and phase. :meth:`from_dict` replays it into
        an equal match."""
        first_dealer = (self.dealer - self.hands_played) % self.players
        return {
            "schema": jsonio.SCHEMA,
            "type": "match",
            "profile": profile_to_data(self.profile),
            "seed": self.seed,
            "first_dealer": first_dealer,
            "hands": [_hand_data(h) for h in self.history],
            "current": _hand_data(self.hand) if self.hand is not None else None,
            "choices": [[seat, choice] for seat, choice in self.choices],
            "bankrolls": list(self.bankrolls),
            "stakes": self.stakes.to_dict(),
            "phase": self.phase.value,
        }

    @classmethod
    def from_dict(cls, data: Any) -> Match:
        """The match of :meth:`to_dict`'s data, replayed hand by hand (:class:`~reversis.RecordError`
        naming the problem if malformed or inconsistent)."""
        jsonio.read_fields(data, "match", MATCH_FIELDS)
        jsonio.of_type(data, "match", "match")
        profile = profile_from_data(data["profile"], "match.profile")
        seed = jsonio.optional_integer(data.get("seed"), "match.seed", 0, MAX_MATCH_SEED)
        first = jsonio.integer(data["first_dealer"], "match.first_dealer", 0, profile.players - 1)
        match = new_match(profile, seed=seed, dealer=first)
        hands = jsonio.items(data["hands"], "match.hands", 10_000)
        for number, hand_data in enumerate(hands, start=1):
            match = _replay_hand(match, hand_data, f"match.hands[{number - 1}]", finish=True)
            if match.phase is MatchPhase.DECIDING and number < len(hands):
                break
        choices = jsonio.items(data["choices"], "match.choices", 16)
        for i, item in enumerate(choices):
            pair = jsonio.items(item, f"match.choices[{i}]", 2)
            if len(pair) != 2:
                raise RecordError(f"match.choices[{i}] must be [seat, choice]")
            try:
                match = match.choose(
                    jsonio.integer(pair[0], f"match.choices[{i}][0]", 0, 7),
                    jsonio.text(pair[1], f"match.choices[{i}][1]", 20),
                )
            except MatchError as exc:
                raise RecordError(f"match.choices[{i}]: {exc}") from None
        replayed = len(match.history)
        for number, hand_data in enumerate(hands[replayed:], start=replayed):
            match = _replay_hand(match, hand_data, f"match.hands[{number}]", finish=True)
        if data["current"] is not None:
            match = _replay_hand(match, data["current"], "match.current", finish=False)
        for key, value in (
            ("bankrolls", list(match.bankrolls)),
            ("stakes", match.stakes.to_dict()),
            ("phase", match.phase.value),
        ):
            if key in data and not jsonio.identical(data[key], value):
                raise RecordError(
                    f"match.{key}: the record says {str(data[key])[:80]}, the replay gives {value}"
                )
        return match

    def to_json(self) -> str:
        """:meth:`to_dict` as JSON text."""
        return jsonio.dumps(self.to_dict())

    @classmethod
    def from_json(cls, text: str | bytes) -> Match:
        """The match of :meth:`to_json`'s text."""
        return cls.from_dict(jsonio.loads(text, "match"))


_ENTRY = jsonio.object_schema(HAND_ENTRY_FIELDS, title="hand of a match")
#: The keys of a match's record (:meth:`Match.to_dict`).
MATCH_FIELDS = {
    "profile": jsonio.Field(profile_named_schema()),
    "first_dealer": jsonio.Field(SEAT_SCHEMA),
    "hands": jsonio.Field(jsonio.list_schema(_ENTRY, 10_000)),
    "current": jsonio.Field(jsonio.nullable(_ENTRY)),
    "choices": jsonio.Field(jsonio.list_schema(CHOICE_SCHEMA, 16)),
    "seed": jsonio.Field(jsonio.nullable(jsonio.integer_schema(0, MAX_MATCH_SEED)), optional=True),
    "bankrolls": jsonio.Field(jsonio.list_schema(jsonio.MONEY_SCHEMA, 8), optional=True),
    "stakes": jsonio.Field(STAKES_SCHEMA, optional=True),
    "phase": jsonio.Field(jsonio.member_schema(MatchPhase), optional=True),
}


def _hand_data(hand: Hand) -> dict[str, Any]:
    data = hand.to_dict()
    for key in ("schema", "type", "profile", "stakes"):
        del data[key]
    return data


def _replay_hand(match: Match, data: Any, what: str, *, finish: bool) -> Match:
    """``match`` with the hand of ``data`` started (and, with ``finish``, played and finished)."""
    jsonio.read_fields(data, what, HAND_ENTRY_FIELDS)
    if data["dealer"] != match.dealer:
        raise RecordError(
            f"{what}.dealer: the record says {data['dealer']!r}, the match's dealer is {match.dealer}"
        )
    deck = read_cards(data["deck"], f"{what}.deck")
    seed = jsonio.optional_integer(data.get("seed"), f"{what}.seed", 0, MAX_SEED)
    moves = jsonio.listed(data["moves"], f"{what}.moves", lambda v, w: jsonio.text(v, w, 40), 300)
    try:
        started = match.start_hand(seed=seed) if seed is not None else match.start_hand(deck=deck)
    except (MatchError, DealError) as exc:
        raise RecordError(f"{what}: {exc}") from None
    assert started.hand is not None
    dealt = started.hand.deal
    if dealt.deck != deck:
        raise RecordError(f"{what}.deck: the pack does not come from the seed {seed}")
    for key, value in (
        ("hand_number", dealt.hand_number),
        ("pass_direction", dealt.pass_direction),
    ):
        if key in data and not jsonio.identical(data[key], value):
            raise RecordError(f"{what}.{key}: the match's hand has {value!r}")
    hand = replay_moves(started.hand, moves, f"{what}.moves")
    if not finish:
        if moves:
            raise RecordError(f"{what}.moves: the hand in progress is recorded as dealt")
        return started
    try:
        return started.finish_hand(hand)
    except MatchError as exc:
        raise RecordError(f"{what}: {exc}") from None


def new_match(
    profile: Profile | str = "fournier-1785", *, seed: int | None = None, dealer: int | None = None
) -> Match:
    """A new match: each player with the profile's bankroll, no stakes yet.

    Without ``dealer``, the first dealer is drawn from ``seed`` as the profile says (Fournier §3:
    whoever finds the Quinola in their pile); with neither, seed ``0`` draws.
    """
    if isinstance(profile, str):
        profile = load_profile(profile)
    if not isinstance(profile, Profile):
        raise ProfileError(
            "", f"a profile is a Profile or a shipped profile's name, not {type(profile).__name__}"
        )
    if seed is not None and (type(seed) is not int or not 0 <= seed <= MAX_MATCH_SEED):
        raise MatchError(
            f"a match seed must be an integer from 0 to {MAX_MATCH_SEED}, not {str(seed)[:50]}"
        )
    if dealer is None:
        dealer = draw_first_dealer(profile, 0 if seed is None else seed)
    elif type(dealer) is not int or not 0 <= dealer < profile.players:
        raise MatchError(f"dealer must be a seat from 0 to {profile.players - 1}, not {dealer!r}")
    bankrolls = (profile.money.bankroll,) * profile.players
    return Match(profile, bankrolls, empty_stakes(profile), dealer, seed=seed)
