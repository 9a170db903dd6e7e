"""The observation vectors of the AEC environment, kept move by move: :class:`Tracker` changes the
entries a move changes instead of encoding every seat's observation anew (the vectors are those of
:func:`reversis.views.encoding.encode_observation`)."""

from __future__ import annotations

import array
from typing import Any

import numpy as np

from reversis.engine.facts import Declined, Discarded, Exchanged, Fact, Given, Received
from reversis.engine.state import State
from reversis.games import game_of
from reversis.hand import Hand, state_of
from reversis.profile import Profile
from reversis.views.encoding import (
    PRIVATE_PARTS,
    observation_entries,
    observation_layout,
    observation_size,
    private_entries,
)

__all__ = ["Tracker"]

#: The parts of the observation with an entry per (relative) seat.
_SEAT_PARTS = frozenset(
    (
        "to_move",
        "dealer",
        "exchanged",
        "declined",
        "discarded",
        "card_counts",
        "tricks_taken",
        "points",
    )
)


class Tracker:
    """Every seat's observation, kept up to date move by move without encoding it anew.

    The public parts of the observation are the same for every seat up to the rotation of the
    seats, so they are kept once, in the frame of seat 0 (``public``), and a seat's vector is
    gathered from them through that seat's rotation (``rotations[seat]``), its own parts
    (:data:`~reversis.views.encoding.PRIVATE_PARTS`) then written over. A card played changes a few
    public entries (the card, the trick, the counts, the seat to move) and the player's hand; the
    steps before play and the end of the hand encode the public parts in full
    (:func:`~reversis.views.encoding.observation_entries`) and each seat's own parts when next asked
    for. The points are the game's, as each seat may know them (``Game.seen``; in Réunion the
    dealer knows more than the others): asked of the game for a seat when its vector is next asked
    for after a step, a trick or the end of the hand, the only moves that change them. The tests
    hold every vector equal to :func:`~reversis.views.encoding.encode_observation`.
    """

    def __init__(self, profile: Profile) -> None:
        parts = observation_layout(profile)
        at = {p.name: p.offset for p in parts}
        self.d, self.n, self.tricks = d, n, _ = len(profile.deck), profile.players, profile.tricks
        self.game = game_of(profile)
        self.at = at
        self.played, self.current, self.led = at["played"], at["current"], at["led"]
        self.trick_of, self.to_move = at["trick_of"], at["to_move"]
        self.counts, self.taken = at["card_counts"], at["tricks_taken"]
        self.trick_number = at["trick_number"]
        self.slot = profile.compiled.deck_positions
        self.size = size = observation_size(profile)
        # The public entries, then each seat's own entries (seat s's region starts at
        # ``(s + 1) * size``; only its private parts are read): one buffer, so that a seat's
        # vector is one gathering. The entries are changed one at a time through a standard array
        # (cheaper) and read by numpy without a copy.
        self.entries = array.array("f", bytes(4 * (n + 1) * size))
        self.combined = np.frombuffer(self.entries, np.float32)
        self.public = self.combined[:size]
        self.regions = [self.combined[(s + 1) * size : (s + 2) * size] for s in range(n)]
        self.blank = array.array("f", bytes(4 * n * d))
        private = np.zeros(size, bool)
        for part in parts:
            if part.name in PRIVATE_PARTS:
                private[part.offset : part.offset + part.size] = True
        self.private_index = np.flatnonzero(private)
        self.rotations = []
        for seat in range(n):
            rotation = np.arange(size)
            for part in parts:
                if part.name in ("played", "current"):
                    for r in range(n):
                        start = part.offset + r * d
                        source = part.offset + (r + seat) % n * d
                        rotation[start : start + d] = np.arange(source, source + d)
                elif part.name in _SEAT_PARTS:
                    rotation[part.offset : part.offset + n] = (
                        part.offset + (np.arange(n) + seat) % n
                    )
            rotation[self.private_index] = (seat + 1) * size + self.private_index
            self.rotations.append(rotation)
        # Where each seat's vector holds the points of seats 0, 1, ... (relative seats).
        self.point_slots = [[at["points"] + (q - seat) % n for q in range(n)] for seat in range(n)]
        self.own: list[np.ndarray[Any, np.dtype[np.float32]] | None] = [None] * n
        # The points as each seat may know them, while no move has changed them.
        self.known: list[tuple[int, ...] | None] = [None] * n
        self.stale = True
        self.won = [0] * n  # the tricks each seat took, while the public parts are kept
        self.phase, self.pot, self.pot_value = at["phase"], at["pot"], at["pot_value"]
        self.widow_card, self.put_aside, self.given = at["widow_card"], at["put_aside"], at["given"]
        self.received = at["received"]
        # The public flag of each kind of step (fournier-1785 §4): who exchanged, declined or
        # discarded.
        self.flags: dict[type, int] = {
            Exchanged: at["exchanged"],
            Declined: at["declined"],
            Discarded: at["discarded"],
        }

    def reset(self) -> None:
        """Forget the hand: the next vector asked for encodes the public parts anew."""
        self.stale = True
        self.own = [None] * self.n
        self.known = [None] * self.n

    def _encode(self, hand: Hand) -> None:
        """The public parts in full, from the observation of seat 0."""
        public = self.public
        public.fill(0.0)
        ones, indices, values = observation_entries(hand, 0, state_of(hand))
        public[ones] = 1.0
        public[indices] = values
        public[self.private_index] = 0.0
        self.won = [0] * self.n
        for trick in state_of(hand).tricks:
            self.won[trick.winner] += 1
        self.known = [None] * self.n
        self.stale = False

    def _step(self, p: int, step: int, s1: State) -> None:
        """Seat ``p``'s step number ``step`` before play, giving the state ``s1``: its public fact,
        the counts, the seat to move, the phase."""
        facts: list[Fact] = []
        for recorded in reversed(s1.facts):
            if recorded.step != step:
                break
            facts.append(recorded.fact)
        facts.reverse()
        own = self.own[p]
        slot = self.slot
        for fact in facts:
            if isinstance(fact, Received):
                self._received(s1)
                own = None
            elif own is None:
                continue
            elif isinstance(fact, Exchanged):  # the card put aside, the widow card taken
                own[slot[fact.discarded]] = 0.0
                own[slot[fact.taken]] = 1.0
                own[self.widow_card + slot[fact.taken]] = 1.0
                own[self.put_aside + slot[fact.discarded]] = 1.0
            elif isinstance(fact, Declined):  # the widow card looked at and put aside
                own[self.widow_card + slot[fact.card]] = 1.0
                own[self.put_aside + slot[fact.card]] = 1.0
            elif isinstance(fact, Discarded):
                own[slot[fact.card]] = 0.0
                own[self.put_aside + slot[fact.card]] = 1.0
            elif isinstance(fact, Given):
                # hoyle §4: a given card leaves the hand when received; hearts §4: a passed one now
                own[self.given + slot[fact.card]] = 1.0
                if fact.passed:
                    own[slot[fact.card]] = 0.0
        if s1.step == s1.deal.nsteps and s1.extra.privilege >= 0:
            # fournier-1785 §11: whether a seat holds the privilege is judged now.
            self.own[s1.extra.privilege] = None
        self.known = [None] * self.n  # reunion §4: the dealer's discards count for him now
        if self.stale:
            return
        public = self.entries
        for fact in facts:
            flag = self.flags.get(type(fact))
            if flag is not None:
                public[flag + p] = 1.0
        for q, cards in enumerate(s1.held):
            public[self.counts + q] = cards.bit_count() / self.tricks
        public[self.to_move + p] = 0.0
        public[self.to_move + s1.to_move] = 1.0
        if s1.step == s1.deal.nsteps:
            public[self.phase] = 0.0
            public[self.phase + 1] = 1.0

    def _received(self, s1: State) -> None:
        """The cards given or passed change hands (hoyle §4, hearts §4): the gives of this round
        are the facts :class:`~reversis.engine.facts.Given` just before the last one, which is
        :class:`~reversis.engine.facts.Received`."""
        slot, owns, facts = self.slot, self.own, s1.facts
        k = len(facts) - 2
        while k >= 0 and isinstance(given := facts[k].fact, Given):
            receiver = owns[given.to]
            if receiver is not None:
                receiver[slot[given.card]] = 1.0
                receiver[self.received + slot[given.card]] = 1.0
            giving = owns[given.seat]
            if not given.passed and giving is not None:
                giving[slot[given.card]] = 0.0
            k -= 1

    def vector(self, hand: Hand, seat: int) -> np.ndarray[Any, np.dtype[np.float32]]:
        """``seat``'s observation of ``hand`` (a new array)."""
        if self.stale:
            self._encode(hand)
        if self.own[seat] is None:
            own = self.own[seat] = self.regions[seat]
            own.fill(0.0)
            own[private_entries(hand, seat, state_of(hand))] = 1.0
        vector = self.combined.take(self.rotations[seat])
        points = self.known[seat]
        if points is None:
            points = self.known[seat] = self.game.seen(state_of(hand), seat).points
        for where, value in zip(self.point_slots[seat], points, strict=True):
            vector[where] = value
        return vector

    def moved(self, before: Hand, after: Hand) -> None:
        """``after`` is ``before`` and one move."""
        s1 = state_of(after)
        p = before.to_move
        assert p is not None
        step = state_of(before).step
        if step < s1.deal.nsteps:
            self._step(p, step, s1)
            return
        n, d, slot, public = self.n, self.d, self.slot, self.entries
        to_move, tricks, current = s1.to_move, s1.tricks, s1.current
        over = to_move < 0
        completed = not current  # the move completed a trick
        if completed:
            self.known = [None] * n  # the points change with the tricks taken
        if self.stale:
            if over:
                own = self.own[p]
                if own is not None:
                    own[slot[tricks[-1].cards[-1]]] = 0.0
            return
        bit = tricks[-1].cards[-1] if completed else current[-1]
        where = slot[bit]
        if self.own[p] is not None:  # the hand part starts the seat's region
            self.entries[(p + 1) * self.size + where] = 0.0
        public[self.counts + p] = s1.held[p].bit_count() / self.tricks
        public[self.to_move + p] = 0.0
        if not over:
            public[self.to_move + to_move] = 1.0
        if not completed:
            public[self.current + p * d + where] = 1.0
            if len(current) == 1:
                public[self.led + where] = 1.0
            return
        trick = tricks[-1]
        number = len(tricks)
        big_t = self.tricks
        public[self.current : self.current + n * d] = self.blank
        of_trick = number / big_t
        for k, b in enumerate(trick.cards):
            public[self.played + (trick.leader + k) % n * d + slot[b]] = 1.0
            public[self.trick_of + slot[b]] = of_trick
        self.won[trick.winner] += 1
        public[self.taken + trick.winner] = self.won[trick.winner] / big_t
        public[self.trick_number] = (number + 1) / big_t
        if over:
            self._over(s1)

    def _over(self, s1: State) -> None:
        """The public entries the end of the hand changes, besides its last trick: the phase, and
        what the game shows of its own facts to every seat (fournier-1785 §7: the pot is turned at
        the end of an ordinary hand, with its value; reunion §4: the dealer's discards)."""
        public = self.entries
        public[self.phase + 1] = 0.0
        public[self.phase + 2] = 1.0
        seen = self.game.seen(s1, 0)
        aside = 0 if seen.aside is None else seen.aside
        while aside:
            low = aside & -aside
            public[self.pot + self.slot[low.bit_length() - 1]] = 1.0
            aside ^= low
        if seen.pot_value is not None:
            public[self.pot_value] = float(seen.pot_value)
