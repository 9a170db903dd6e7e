"""Hearts (hearts §8–§10): points in tricks, shooting the moon, the trickless bonus; settled pair by
pair. The passes (hearts §3, §4) and the leads (§5, §7) are the engine's trick mechanics
(:mod:`reversis.engine.steps`, :mod:`reversis.engine.follow`); their numbers are the profile's
``[hearts]`` data.

**Bounds** (hearts §8–§10). ``net[s] = Σ points − n × points[s]`` (pair-by-pair settlement). With
``C`` the points of the whole pack, ``P`` and ``N`` the sums of its positive and negative card
values and ``m`` the points of the moon's cards: without a moon, ``points[s]`` is ``s``'s card
points (between ``N`` and ``P``) plus the no-trick bonus ``b`` where it applies, so ``net[s]``
lies in ``[C - nP - (n-1) |b|, C - nN + (n-1) |b|]``. When a moon is shot (its shooter's card points at
least ``m + N``, another's at most ``P - m``): with ``moon = "others"``, the shooter's net is
``C - n × cards + 2(n-1) m`` and another's ``C - n × cards - 2m``; with ``moon = "self"``, the
shooter's is ``C - n × cards + (n-1) m`` and another's ``C - n × cards - m``. The bounds are the
widest of the cases.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from reversis.cards import Card, Suit, cards_from_mask
from reversis.engine.deal import direction_name
from reversis.engine.facts import Fact, HandOver, MoonShot
from reversis.engine.state import State
from reversis.games.base import Words
from reversis.games.common import (
    PointsGame,
    card_points,
    lowest,
    tricks_taken,
    won_cards,
)
from reversis.profile import Profile
from reversis.stakes import Stakes

__all__ = ["HEARTS", "HeartsGame", "HeartsReading", "moon_cards", "shooter"]


def moon_cards(state: State) -> int:
    """The cards whose taking shoots the moon: every heart and the queen of spades (hearts §9)."""
    rules = state.deal.rules
    return rules.suit_masks[2] | Card.parse("QS").mask


def shooter(state: State) -> int | None:
    """The seat that took every heart and the queen of spades, if one did (hearts §9)."""
    moon = moon_cards(state)
    for seat, cards in enumerate(won_cards(state)):
        if cards & moon == moon:
            return seat
    return None


def _final(state: State) -> tuple[tuple[int, ...], int | None]:
    """The final points of a finished hand, and the seat that shot the moon, if it counts."""
    rules = state.deal.rules
    hearts = state.deal.profile.hearts
    assert hearts is not None
    points = [card_points(rules.trick_groups, cards) for cards in won_cards(state)]
    shot = shooter(state) if hearts.moon != "off" else None
    if shot is not None:
        moon = card_points(rules.trick_groups, moon_cards(state))
        # hearts §9: the moon's points are taken from the shooter ("self"), and added to each
        # other player ("others").
        for seat in range(len(points)):
            if seat == shot:
                points[seat] -= moon
            elif hearts.moon == "others":
                points[seat] += moon
    elif hearts.avoid_all_tricks_bonus:
        # hearts §10: unless the moon was shot, the bonus to each player who took no trick.
        for seat, count in enumerate(tricks_taken(state)):
            if not count:
                points[seat] += hearts.no_trick_points
    return tuple(points), shot


@attrs.frozen
class HeartsReading:
    """What a hand of Hearts shows: ``hand.hearts``."""

    _state: State

    @property
    def broken(self) -> bool:
        """Whether hearts are broken, as the next lead reads it (hearts §7): a heart (or the queen
        of spades, where ``qs_breaks_hearts``) is in a completed trick. It turns true when the
        trick holding the first one is complete, not while that trick is being played."""
        return self._state.extra.broken

    @property
    def pass_direction(self) -> str:
        """The pass direction, ``left``, ``across``, ``right`` or ``none`` (hearts §3)."""
        return direction_name(self._state.deal)

    @property
    def in_passage(self) -> tuple[Card, ...]:
        """The cards passed and not yet received, out of every hand (hearts §4)."""
        held = 0
        for cards in self._state.held:
            held |= cards
        return cards_from_mask(sum(1 << c for c in self._state.extra.pending if not held >> c & 1))

    @property
    def moon(self) -> int | None:
        """The seat that shot the moon, once the hand is over and if it counts (hearts §9)."""
        if self._state.to_move >= 0:
            return None
        return _final(self._state)[1]


class HeartsGame(PointsGame):
    """Hearts as a :class:`~reversis.games.base.Game`."""

    name = "hearts"
    words = Words(
        title="",
        match="Game",
        match_payments="The game's payments",
        steps="The pass",
        gives="passes",
        given="passed",
        gave="passed",
        first_leader="the holder of the two of clubs",  # hearts §5
        aim=(
            "The aim: take as few points as you can: each heart is a point and the queen of "
            "spades 13; taking them all shoots the moon."
        ),
    )
    has_pot = False
    #: hearts §13: the fewest points win.
    highest_points_win = False
    played_for_counters = False
    pays_as_played = False

    def points(self, state: State) -> tuple[int, ...]:
        """The points of the tricks taken (hearts §8); once over, with §9 and §10 applied: the points
        OpenSpiel reports (hearts §11; its returns are 26 minus them)."""
        if state.to_move < 0:
            return _final(state)[0]
        rules = state.deal.rules
        return tuple(card_points(rules.trick_groups, cards) for cards in won_cards(state))

    def end_facts(self, state: State) -> list[Fact]:
        """The moon, if shot, and the end of the hand."""
        points, shot = _final(state)
        out: list[Fact] = [] if shot is None else [MoonShot(shot)]
        out.append(HandOver(None, None, points, tricks_taken(state)))
        return out

    def reading(self, state: State) -> HeartsReading:
        """``hand.hearts``."""
        return HeartsReading(state)

    def card_places(self, state: State) -> tuple[tuple[str, tuple[Card, ...]], ...]:
        """The cards passed and not yet received (hearts §4)."""
        return (("the cards in passage", self.reading(state).in_passage),)

    def card_danger(self, card: Card) -> int:
        """The penalty cards, the queen of spades most (hearts §8)."""
        if card.code == "QS":
            return 100
        return 20 if card.suit is Suit.HEARTS else 0

    def card_note(self, card: Card) -> str:
        """The queen of spades and the hearts (hearts §8)."""
        if card.code == "QS":
            return " It is the queen of spades (13 points to its taker)."
        if card.suit is Suit.HEARTS:
            return " A heart: a point to its taker."
        return ""

    def check_points(self, state: State, points: Sequence[int]) -> str | None:
        """Each seat's points from the cards of its tricks and the ``[hearts]`` numbers, with the
        moon and the no-trick bonus (hearts §8-§10)."""
        profile = state.deal.profile
        flags = profile.hearts
        assert flags is not None
        won = [
            cards_from_mask(sum(t.mask for t in state.tricks if t.winner == s))
            for s in range(profile.players)
        ]
        moon_cards = {c for c in profile.deck if c.suit is Suit.HEARTS or c.code == "QS"}
        value = {
            c: flags.heart_points if c.suit is Suit.HEARTS else flags.qs_points for c in moon_cards
        }
        if flags.jd_bonus:
            value[Card.parse("JD")] = flags.jd_points
        expected = [sum(value.get(c, 0) for c in cards) for cards in won]
        moon = sum(value[c] for c in moon_cards)
        shot = next((s for s, cards in enumerate(won) if moon_cards <= set(cards)), None)
        if shot is not None and flags.moon != "off":
            for seat in range(profile.players):
                if seat == shot:
                    expected[seat] -= moon
                elif flags.moon == "others":
                    expected[seat] += moon
        elif flags.avoid_all_tricks_bonus:
            expected = [e + flags.no_trick_points * (not won[s]) for s, e in enumerate(expected)]
        if tuple(expected) != tuple(points):
            return f"the tricks give {expected}, the hand says {tuple(points)}"
        return None

    def bounds(self, profile: Profile, stakes: Stakes) -> tuple[int, int]:
        """See the module's docstring."""
        hearts = profile.hearts
        assert hearts is not None
        rules = profile.compiled
        n = profile.players
        values = [rules.trick_points[card.index] for card in profile.deck]
        whole = sum(values)
        positive = sum(v for v in values if v > 0)
        negative = sum(v for v in values if v < 0)
        bonus = abs(hearts.no_trick_points) if hearts.avoid_all_tricks_bonus else 0
        low = whole - n * positive - (n - 1) * bonus
        high = whole - n * negative + (n - 1) * bonus
        if hearts.moon != "off":
            moon_mask = rules.suit_masks[2] | Card.parse("QS").mask
            moon = sum(rules.trick_points[b] for b in range(64) if moon_mask >> b & 1)
            outside = [rules.trick_points[c.index] for c in profile.deck if not c.mask & moon_mask]
            gains, losses = sum(v for v in outside if v > 0), sum(v for v in outside if v < 0)
            shooter_gain = (2 if hearts.moon == "others" else 1) * (n - 1) * moon
            other_loss = (2 if hearts.moon == "others" else 1) * moon
            low = min(
                low, whole - n * (moon + gains) + shooter_gain, whole - n * gains - other_loss
            )
            high = max(high, whole - n * (moon + losses) + shooter_gain,
                       whole - n * losses - other_loss)  # fmt: skip
        return low, high

    def match_winners(self, totals: Sequence[int], bankrolls: Sequence[int]) -> tuple[int, ...]:
        """The lowest total wins, a tie shared (hearts §13)."""
        return lowest(totals)


#: The game of Hearts.
HEARTS = HeartsGame()
