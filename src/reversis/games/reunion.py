"""Réunion (reunion §3, §4, §6–§8): card points with the bowers, the last trick and the dealer's
discards; the side payments of a deal; the game of three deals. The trumps and bowers (§2) and the
duty to trump (§5) are the engine's trick mechanics (:mod:`reversis.engine.deal`,
:mod:`reversis.engine.follow`); the numbers are the profile's ``[reunion]`` data.

Payments in units:

* **Left bower lost** (reunion §7): when a trick holds both bowers, the player of the left bower
  pays the player of the right bower, at the end of that trick (reason ``left_bower``).
* **No trick** (reunion §7): at the end of the deal, a player who won no trick pays each other
  player (reason ``no_trick``), listed by payer seat, each paying the others in playing order
  after him.
* **The game** (reunion §8): after three deals the highest game total wins [decision]; every
  other player pays each winner by his own total, on the profile's ``game_scale`` (reason
  ``game``).

**Bounds** (reunion §7). A seat pays the left bower's payment at most once (there is one left
bower) and ``n - 1`` no-trick payments if it took no trick, and receives the left bower's payment
for the right bower's trick and a no-trick payment from each other seat that took no trick (at most
``n - 1``): between ``-((n - 1) t + b)`` and ``(n - 1) t + b`` (the game's payments come at the end
of a match, not of a hand).
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from reversis.cards import Card, Rank, Suit, cards_from_mask
from reversis.engine.deal import Deal
from reversis.engine.facts import Fact, HandOver
from reversis.engine.state import Extra, State
from reversis.games.base import Seen, Words
from reversis.games.common import card_points, tricks_taken, won_cards
from reversis.games.payments import Payment, Settlement
from reversis.profile import Profile, ReunionRules
from reversis.stakes import NoStakes, Stakes

__all__ = [
    "REUNION",
    "ReunionGame",
    "ReunionReading",
    "card_groups",
    "card_values",
    "discard_points",
    "game_owed",
    "game_payments",
    "winners",
]


def _rules(profile: Profile) -> ReunionRules:
    reunion = profile.reunion
    assert reunion is not None
    return reunion


def card_groups(deal: Deal) -> tuple[tuple[int, int], ...]:
    """The card points of this deal (reunion §3) as ``(points, cards)`` groups that add up
    (:func:`~reversis.games.common.card_points`): by rank, and the bowers their own points instead
    of their rank's."""
    rules = _rules(deal.profile)
    by_rank = dict(rules.points)
    groups = [
        (points, sum(1 << (16 * suit + rank) for suit in range(4)))
        for rank in Rank
        if (points := by_rank.get(rank.code, 0))
    ]
    trumps = deal.trumps
    if trumps is not None:
        for bower in (trumps.right, trumps.left):
            if bower >= 0:
                rank_points = by_rank.get(Rank(bower & 15).code, 0)
                groups.append((rules.bower_points - rank_points, 1 << bower))
    return tuple(groups)


def card_values(deal: Deal) -> tuple[int, ...]:
    """By card bit, the card points of this deal (reunion §3)."""
    groups = card_groups(deal)
    return tuple(card_points(groups, 1 << bit) for bit in range(64))


def discard_points(deal: Deal, aside: int) -> int:
    """The card points of the cards the dealer put aside (reunion §4)."""
    return card_points(card_groups(deal), aside)


def _points(state: State, discards_known: bool = True) -> list[int]:
    """The card points so far (reunion §6): the tricks taken, the last trick, and the discards
    unless they are not known (to another seat during play: reunion §4)."""
    deal = state.deal
    rules = _rules(deal.profile)
    groups = card_groups(deal)
    points = [card_points(groups, cards) for cards in won_cards(state)]
    if len(state.tricks) == deal.rules.tricks:
        # reunion §6: the last trick's points to its winner.
        points[state.tricks[-1].winner] += rules.last_trick
    discards = card_points(groups, state.extra.aside) if discards_known else 0
    if discards and (
        not rules.discard_needs_trick or any(t.winner == deal.dealer for t in state.tricks)
    ):
        # reunion §4: the discards count for the dealer (with discard_needs_trick, from his first
        # trick won).
        points[deal.dealer] += discards
    return points


@attrs.frozen
class ReunionReading:
    """What a hand of Réunion shows: ``hand.reunion``."""

    _state: State

    @property
    def turn_up(self) -> Card:
        """The turn-up, the last card of the widow, whose suit is trumps (reunion §4)."""
        return Card.from_index(self._state.deal.shown)

    @property
    def trump(self) -> str:
        """The trump suit's letter (``"H"``) (reunion §2)."""
        return "CDHS"[self._state.deal.shown >> 4]

    @property
    def right_bower(self) -> Card | None:
        """The jack of trumps (reunion §2), or ``None`` without bowers."""
        trumps = self._state.deal.trumps
        return None if trumps is None or trumps.right < 0 else Card.from_index(trumps.right)

    @property
    def left_bower(self) -> Card | None:
        """The other jack of the trumps' colour, a trump only (reunion §2), or ``None``."""
        trumps = self._state.deal.trumps
        return None if trumps is None or trumps.left < 0 else Card.from_index(trumps.left)

    @property
    def discards(self) -> tuple[Card, ...]:
        """The dealer's discards so far (reunion §4); the dealer's secret until the end."""
        return cards_from_mask(self._state.extra.aside)

    @property
    def discard_points(self) -> int:
        """The card points of the dealer's discards (reunion §4)."""
        return discard_points(self._state.deal, self._state.extra.aside)


#: The suits of each suit's colour: the left bower is the other jack of the trumps' colour
#: (reunion §2).
_COLOUR = {
    Suit.CLUBS: {Suit.CLUBS, Suit.SPADES},
    Suit.SPADES: {Suit.CLUBS, Suit.SPADES},
    Suit.DIAMONDS: {Suit.DIAMONDS, Suit.HEARTS},
    Suit.HEARTS: {Suit.DIAMONDS, Suit.HEARTS},
}


class ReunionGame:
    """Réunion as a :class:`~reversis.games.base.Game`."""

    name = "reunion"
    words = Words(
        title="",
        match="Game",
        match_payments="The game's payments",
        steps="The exchange",
        gives="gives",
        given="given",
        gave="gave",
        first_leader=None,
        aim=(
            "The aim: take the most card points in your tricks; trumps win, the right and left "
            "bowers first."
        ),
    )
    has_pot = False
    #: reunion §8: the highest game total wins [decision].
    highest_points_win = True
    played_for_counters = False
    #: The side payments are worked out afresh from the tricks at each state (reunion §7).
    pays_as_played = False

    def points(self, state: State) -> tuple[int, ...]:
        """The card points so far (reunion §6); at the end they add up to 150."""
        return tuple(_points(state))

    def end_facts(self, state: State) -> list[Fact]:
        """The end of the hand."""
        return [HandOver(None, None, self.points(state), tricks_taken(state))]

    def settle(self, state: State) -> Settlement:
        """The side payments of a deal (see the module's docstring)."""
        deal = state.deal
        rules = _rules(deal.profile)
        n = deal.rules.players
        trumps = deal.trumps
        out: list[Payment] = []
        if trumps is not None and trumps.left >= 0 and rules.left_bower_payment:
            both = (1 << trumps.left) | (1 << trumps.right)
            for number, trick in enumerate(state.tricks, start=1):
                if trick.mask & both == both:
                    # reunion §7: the player of the left bower pays the player of the right bower.
                    left = (trick.leader + trick.cards.index(trumps.left)) % n
                    right = (trick.leader + trick.cards.index(trumps.right)) % n
                    out.append(Payment(left, right, rules.left_bower_payment, "left_bower", number))
        over = state.to_move < 0
        if over and rules.no_trick_payment:
            for seat, count in enumerate(tricks_taken(state)):
                if not count:
                    # reunion §7: a player who won no trick pays each of the others.
                    out.extend(
                        Payment(seat, (seat + k) % n, rules.no_trick_payment, "no_trick", None)
                        for k in range(1, n)
                    )
        net = [0] * n
        for payment in out:
            net[int(payment.payer)] -= payment.amount
            net[int(payment.payee)] += payment.amount
        return Settlement(tuple(out), tuple(net), NoStakes(), over)

    def seen(self, state: State, seat: int) -> Seen:
        """Reunion §4: the dealer's discards count for him from the moment each is discarded, but
        they are his secret until the end of the deal: the other seats see the points of the
        tricks alone, and everyone sees the discards at the end."""
        over = state.to_move < 0
        known = over or seat == state.deal.dealer
        aside, _ = self.shown_aside(state.deal, state.extra, over)
        return Seen(tuple(_points(state, known)), aside, None, False)

    def shown_aside(self, deal: Deal, extra: Extra, over: bool) -> tuple[int | None, int | None]:
        """The dealer's discards are shown to everyone at the end of the deal (reunion §4); they
        are no pot and have no value of their own (their points are the dealer's)."""
        return (extra.aside if over else None), None

    def reading(self, state: State) -> ReunionReading:
        """``hand.reunion``."""
        return ReunionReading(state)

    def card_places(self, state: State) -> tuple[tuple[str, tuple[Card, ...]], ...]:
        """The dealer's discards (reunion §4)."""
        return (("the discards", self.reading(state).discards),)

    def card_danger(self, card: Card) -> int:
        """Nothing: no card costs its taker (reunion §3: card points are won)."""
        return 0

    def card_note(self, card: Card) -> str:
        """None."""
        return ""

    def check_points(self, state: State, points: Sequence[int]) -> str | None:
        """The card points of the whole pack with the bowers, and the last trick: 150 a deal with
        the spec's numbers (reunion §3, §6), less the discards while the dealer has no trick
        (``discard_needs_trick``, reunion §4)."""
        deal = state.deal
        profile = deal.profile
        rules = _rules(profile)
        values = dict(rules.points)
        bowers: set[Card] = set()
        if profile.play.bowers and deal.shown >= 0:
            # the jacks of the turn-up's colour (reunion §2)
            trumps = Card.from_index(deal.shown).suit
            bowers = {c for c in profile.deck if c.rank is Rank.JACK and c.suit in _COLOUR[trumps]}
        total = rules.last_trick + sum(
            rules.bower_points if card in bowers else values.get(card.rank.code, 0)
            for card in profile.deck
        )
        if rules.discard_needs_trick and not tricks_taken(state)[deal.dealer]:
            total -= discard_points(deal, state.extra.aside)
        if sum(points) != total:
            return f"a deal of Réunion gives {total} points, not {sum(points)}"
        return None

    def bounds(self, profile: Profile, stakes: Stakes) -> tuple[int, int]:
        """See the module's docstring."""
        rules = _rules(profile)
        n = profile.players
        bower = rules.left_bower_payment if profile.compiled.bowers else 0
        most = (n - 1) * rules.no_trick_payment + bower
        return -most, most

    def match_winners(self, totals: Sequence[int], bankrolls: Sequence[int]) -> tuple[int, ...]:
        """The highest game total wins (reunion §8 [decision], :func:`winners`)."""
        return winners(totals)

    def match_payments(self, profile: Profile, totals: Sequence[int]) -> tuple[Payment, ...]:
        """The game's payments (reunion §8, :func:`game_payments`)."""
        return game_payments(profile, totals)


def winners(totals: Sequence[int]) -> tuple[int, ...]:
    """The seats with the highest game total [decision] (reunion §8)."""
    best = max(totals)
    return tuple(seat for seat, total in enumerate(totals) if total == best)


def game_owed(profile: Profile, total: int) -> int:
    """What a player who did not win pays each winner, by his game total (reunion §8)."""
    return next(units for low, units in _rules(profile).game_scale if total >= low)


def game_payments(profile: Profile, totals: Sequence[int]) -> tuple[Payment, ...]:
    """The payments of a game of Réunion, by payer seat, each paying the winners in seat order
    (reunion §8; tied winners never pay each other)."""
    won = winners(totals)
    out: list[Payment] = []
    for seat, total in enumerate(totals):
        if seat in won:
            continue
        units = game_owed(profile, total)
        if units:
            out.extend(Payment(seat, winner, units, "game", None) for winner in won)
    return tuple(out)


#: The game of Réunion.
REUNION = ReunionGame()
