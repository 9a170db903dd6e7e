"""The observation vectors of the AEC environment, kept move by move: :class:`Tracker` changes the
entries a move changes instead of encoding every seat's observation anew (the vectors are those of
:func:`reversis.encoding.encode_observation`)."""

from __future__ import annotations

import array
from typing import Any

import numpy as np

from reversis.encoding import (
    PRIVATE_PARTS,
    known_points,
    observation_entries,
    observation_layout,
    observation_size,
    private_entries,
)
from reversis.engine.state import (
    F_DECLINED,
    F_DISCARDED,
    F_EXCHANGED,
    F_GIVEN,
    F_PASSED,
    M64,
    State,
)
from reversis.hand import Hand
from reversis.profile import Profile
from reversis.profile.compiled import STEP_PASS

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
    (:data:`~reversis.encoding.PRIVATE_PARTS`) then written over. A card played changes a few
    public entries (the card, the trick, the counts, the seat to move, the points when a trick is
    taken) and the player's hand; the steps before play and the end of the hand encode the public
    parts in full (:func:`~reversis.encoding.observation_entries`) and each seat's own parts when
    next asked for. The tests hold every vector equal to
    :func:`~reversis.encoding.encode_observation`.
    """

    def __init__(self, profile: Profile) -> None:
        parts = observation_layout(profile)
        at = {p.name: p.offset for p in parts}
        self.d, self.n, self.tricks = d, n, _ = len(profile.deck), profile.players, profile.tricks
        self.at = at
        self.played, self.current, self.led = at["played"], at["current"], at["led"]
        self.trick_of, self.to_move = at["trick_of"], at["to_move"]
        self.counts, self.taken, self.points = at["card_counts"], at["tricks_taken"], at["points"]
        self.trick_number = at["trick_number"]
        self.slot = profile.compiled.deck_positions
        self.size = size = observation_size(profile)
        self.reunion = profile.compiled.widow == "dealer"  # reunion §4: the points differ
        # Reversis, Hearts and Tëtka count the points of the cards taken during play (Tëtka: and
        # the bum trick; its last trick ends the hand).
        self.card_points = profile.game in ("reversis", "hearts", "tetka")
        self.tetka = profile.game == "tetka"
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
        self.own: list[np.ndarray[Any, np.dtype[np.float32]] | None] = [None] * n
        self.stale = True
        self.won = [0] * n  # the tricks each seat took, while the public parts are kept
        self.phase, self.pot, self.pot_value = at["phase"], at["pot"], at["pot_value"]
        self.widow_card, self.put_aside, self.given = at["widow_card"], at["put_aside"], at["given"]
        self.received = at["received"]
        self.flags = {F_EXCHANGED: at["exchanged"], F_DECLINED: at["declined"]}
        self.flags[F_DISCARDED] = at["discarded"]

    def reset(self) -> None:
        """Forget the hand: the next vector asked for encodes the public parts anew."""
        self.stale = True
        self.own = [None] * self.n

    def _encode(self, hand: Hand) -> None:
        """The public parts in full, from the observation of seat 0."""
        public = self.public
        public.fill(0.0)
        ones, indices, values = observation_entries(hand, 0)
        public[ones] = 1.0
        public[indices] = values
        public[self.private_index] = 0.0
        self.won = [0] * self.n
        for _, _, winner, _ in hand.state.tricks:
            self.won[winner] += 1
        if self.reunion:
            self._points(hand)
        self.stale = False

    def _points(self, hand: Hand) -> None:
        n = self.n
        points = known_points(hand, (hand.dealer + 1) % n)  # as the seats but the dealer see them
        self.public[self.points : self.points + n] = points

    def _step(self, p: int, step: int, s1: State) -> None:
        """Seat ``p``'s step number ``step`` before play, giving the state ``s1``: its public fact,
        the counts, the seat to move, the phase."""
        node = s1.facts
        facts = node[2:] if node[1] == step else ()
        own = self.own[p]
        slot = self.slot
        for fact in facts:
            code = fact[0]
            if code == F_PASSED:
                self._received(s1)
                own = None
            elif own is None:
                continue
            elif code == F_EXCHANGED:  # the card put aside, the widow card taken
                own[slot[fact[2]]] = 0.0
                own[slot[fact[3]]] = 1.0
                own[self.widow_card + slot[fact[3]]] = 1.0
                own[self.put_aside + slot[fact[2]]] = 1.0
            elif code == F_DECLINED:  # the widow card looked at and put aside
                own[self.widow_card + slot[fact[2]]] = 1.0
                own[self.put_aside + slot[fact[2]]] = 1.0
            elif code == F_DISCARDED:
                own[slot[fact[2]]] = 0.0
                own[self.put_aside + slot[fact[2]]] = 1.0
            else:  # a card given or passed: hoyle §4 it leaves the hand when received, hearts §4 now
                own[self.given + slot[fact[3]]] = 1.0
                if fact[4] == STEP_PASS:
                    own[slot[fact[3]]] = 0.0
        if s1.step == s1.deal.nsteps and s1.extra.privilege >= 0:
            # fournier-1785 §11: whether a seat holds the privilege is judged now.
            self.own[s1.extra.privilege] = None
        if self.stale:
            return
        public = self.entries
        for fact in facts:
            flag = self.flags.get(fact[0])
            if flag is not None:
                public[flag + p] = 1.0
        for q in range(self.n):
            public[self.counts + q] = (s1.hands >> (64 * q) & M64).bit_count() / self.tricks
        public[self.to_move + p] = 0.0
        public[self.to_move + s1.to_move] = 1.0
        if s1.step == s1.deal.nsteps:
            public[self.phase] = 0.0
            public[self.phase + 1] = 1.0

    def _received(self, s1: State) -> None:
        """The cards given or passed change hands (hoyle §4, hearts §4): the gives of this round
        are the facts ``F_GIVEN`` back from the last one."""
        slot, owns = self.slot, self.own
        node = s1.facts
        while node is not None and node[2][0] == F_GIVEN:
            _, giver, to, card, kind = node[2]
            receiver = owns[to]
            if receiver is not None:
                receiver[slot[card]] = 1.0
                receiver[self.received + slot[card]] = 1.0
            giving = owns[giver]
            if kind != STEP_PASS and giving is not None:
                giving[slot[card]] = 0.0
            node = node[0]
            if node is not None and len(node) > 3 and node[3][0] == F_PASSED:
                break  # the end of the round before

    def vector(self, hand: Hand, seat: int) -> np.ndarray[Any, np.dtype[np.float32]]:
        """``seat``'s observation of ``hand`` (a new array)."""
        if self.stale:
            self._encode(hand)
        if self.own[seat] is None:
            own = self.own[seat] = self.regions[seat]
            own.fill(0.0)
            own[private_entries(hand, seat)] = 1.0
        vector = self.combined.take(self.rotations[seat])
        if self.reunion and seat == hand.dealer and hand.to_move is not None:
            n = self.n
            points = known_points(hand, seat)
            for q in range(n):
                vector[self.points + (q - seat) % n] = points[q]
        return vector

    def moved(self, before: Hand, after: Hand) -> None:
        """``after`` is ``before`` and one move."""
        s1 = after.state
        p = before.to_move
        assert p is not None
        step = before.move_count
        if step < s1.deal.nsteps:
            self._step(p, step, s1)
            return
        n, d, slot, public = self.n, self.d, self.slot, self.entries
        to_move, tricks, current = s1.to_move, s1.tricks, s1.current
        over = to_move < 0
        if self.stale:
            if over:
                own = self.own[p]
                if own is not None:
                    _, cards, _, _ = tricks[-1]
                    own[slot[cards[-1]]] = 0.0
            return
        completed = not current  # the move completed a trick
        if completed:
            _, cards, _, _ = tricks[-1]
            bit = cards[-1]
        else:
            bit = current[-1]
        where = slot[bit]
        if self.own[p] is not None:  # the hand part starts the seat's region
            self.entries[(p + 1) * self.size + where] = 0.0
        public[self.counts + p] = (s1.hands >> (64 * p) & M64).bit_count() / self.tricks
        public[self.to_move + p] = 0.0
        if not over:
            public[self.to_move + to_move] = 1.0
        if not completed:
            public[self.current + p * d + where] = 1.0
            if len(current) == 1:
                public[self.led + where] = 1.0
            return
        leader, cards, winner, _ = tricks[-1]
        number = len(tricks)
        big_t = self.tricks
        public[self.current : self.current + n * d] = self.blank
        of_trick = number / big_t
        for k, b in enumerate(cards):
            public[self.played + (leader + k) % n * d + slot[b]] = 1.0
            public[self.trick_of + slot[b]] = of_trick
        self.won[winner] += 1
        public[self.taken + winner] = self.won[winner] / big_t
        if self.card_points and not over:
            # fournier-1785 §7, hearts §8, tetka §4: during play, the points of the cards taken
            # (Tëtka: and the bum trick).
            values = s1.deal.values
            gained = sum(values[b] for b in cards)
            if self.tetka and number == after.bum_trick:
                gained += 1
            public[self.points + winner] += gained
        elif self.reunion:
            self._points(after)
        else:
            for q, points in enumerate(after.points):
                public[self.points + q] = points
        public[self.trick_number] = (number + 1) / big_t
        if over:
            self._over(after)

    def _over(self, after: Hand) -> None:
        """The public entries the end of the hand changes, besides its last trick."""
        s1 = after.state
        public = self.entries
        public[self.phase + 1] = 0.0
        public[self.phase + 2] = 1.0
        game = s1.deal.rules.game
        if s1.extra.reversis < 0 and game in ("reversis", "reunion"):
            # fournier-1785 §7: the pot is turned at the end of an ordinary hand; reunion §4.
            aside = s1.extra.aside
            while aside:
                low = aside & -aside
                public[self.pot + self.slot[low.bit_length() - 1]] = 1.0
                aside ^= low
            if game == "reversis":
                public[self.pot_value] = float(after.pot_value)
