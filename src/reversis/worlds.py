"""Worlds consistent with a view, for determinized search.

A bot that searches (Monte Carlo, information-set methods) needs complete hands that agree with
everything its seat knows. :func:`sample_world` deals the cards the seat cannot see at random, under
every constraint the view implies — the other players' card counts, the suits they showed they lack
by renouncing (unless they may secretly hold the privilege), what *forced* and *played* say where
a card of the suit led is *forced* only when it was the last, the cards each has played, what went
into the pot — and replays the public moves:

    >>> import random
    >>> from reversis import load_profile, new_hand, sample_world
    >>> hand = new_hand(load_profile(), seed=7)
    >>> rng = random.Random(1)
    >>> for _ in range(20):
    ...     hand = hand.apply(rng.choice(hand.legal_moves()))
    >>> view = hand.view(2)
    >>> world = sample_world(view, rng)
    >>> world.view(2) == view
    True

The world is checked by replaying it: its view for the seat equals the view given.
"""

from __future__ import annotations

import random

from reversis import events as ev
from reversis.cards import Card, Suit
from reversis.errors import (
    ArgumentError,
    IllegalMoveError,
    ProfileError,
    RecordError,
    ReversisError,
)
from reversis.hand import Hand, deal_hand
from reversis.moves import DECLINE, Discard, Exchange, Give, Move, Play
from reversis.profile import Profile, profile_from_data
from reversis.rules import STEP_EXCHANGE
from reversis.stakes import exchange_limits
from reversis.views import HandView, check_view

__all__ = ["sample_world"]

#: Attempts before :func:`sample_world` gives up on a view whose constraints it cannot meet.
ATTEMPTS = 200


def sample_world(
    view: HandView,
    rng: random.Random | None = None,
    *,
    profile: Profile | None = None,
    attempts: int = ATTEMPTS,
) -> Hand:
    """A complete hand consistent with everything ``view`` shows, the unseen cards dealt at random
    with ``rng``. ``profile`` is needed for a profile that is not shipped (a view's profile name
    only ever names a shipped profile, or this one).

    Raises :class:`~reversis.ArgumentError` for arguments of the wrong type,
    :class:`~reversis.RecordError` for a view that is not valid for its profile (see
    :func:`reversis.views.check_view`), and :class:`~reversis.ReversisError` if no consistent
    world turns up in ``attempts`` tries.
    """
    if not isinstance(view, HandView):
        raise ArgumentError(f"sample_world() needs a HandView, not {type(view).__name__}")
    if rng is None:
        rng = random.Random()
    elif not isinstance(rng, random.Random):
        raise ArgumentError(f"rng must be a random.Random, not {type(rng).__name__}")
    if profile is not None and not isinstance(profile, Profile):
        raise ArgumentError(f"profile must be a Profile, not {type(profile).__name__}")
    if type(attempts) is not int or attempts < 1:
        raise ArgumentError(f"attempts must be a positive integer, not {str(attempts)[:20]}")
    if profile is not None and profile.name != view.profile:
        raise RecordError(f"the view is of the {view.profile} profile, not {profile.name}")
    try:
        resolved = profile_from_data(
            view.profile, "view.profile", profiles=() if profile is None else (profile,)
        )
    except ProfileError as exc:
        raise RecordError(f"view.profile: {exc.problem}") from None
    check_view(view, resolved)
    plan = _Plan(resolved, view)
    for _ in range(attempts):
        world = plan.sample(rng)
        if world is not None and world.view(view.seat) == view:
            return world
    raise ReversisError(
        f"no world consistent with seat {view.seat}'s view found in {attempts} tries"
    )


class _Plan:
    """What a view fixes and what it leaves open (local to :func:`sample_world`)."""

    def __init__(self, profile: Profile, view: HandView) -> None:
        self.profile = profile
        self.view = view
        self.n = n = profile.players
        self.seat = view.seat
        self.dealer = view.dealer
        rules = profile._rules
        self.steps = rules.exchange_steps[view.dealer]
        _, no_discard = exchange_limits(profile, view.stakes_at_start)
        self.no_discard = {c for c in profile.deck if no_discard >> c.index & 1}
        # The public moves, in order, with what the view says of each.
        self.exchange: list[ev.Exchanged | ev.Declined | ev.Discarded | ev.CardGiven] = [
            e
            for e in view.events
            if isinstance(e, ev.Exchanged | ev.Declined | ev.Discarded | ev.CardGiven)
        ]
        self.passed = any(isinstance(e, ev.CardsPassed) for e in view.events)
        self.plays = [e for e in view.events if isinstance(e, ev.CardPlayed)]
        self.privileged = {e.seat for e in view.events if isinstance(e, ev.PrivilegeUsed)}
        played: dict[int, list[Card]] = {p: [] for p in range(n)}
        for play in self.plays:
            played[play.seat].append(play.card)
        self.played = played
        known = set(view.hand) | set(view.put_aside)
        known |= {c for c in (view.widow_card, view.given, view.received) if c is not None}
        known |= {play.card for play in self.plays}
        if view.pot is not None:
            known |= set(view.pot)
        self.unknown = [c for c in profile.deck if c not in known]
        self._constraints()

    def _constraints(self) -> None:
        """The suits each other seat renounced and has run out of, the suits it must still hold
        one of, the seats known to have used the privilege, and those that may have."""
        n = self.n
        #: Suits a seat did not follow: it lacks them, unless it holds the privilege.
        self.renounced: dict[int, set[Suit]] = {p: set() for p in range(n)}
        #: Suits a seat played its only card of (Hoyle's *forced*): it lacks them.
        self.exhausted: dict[int, set[Suit]] = {p: set() for p in range(n)}
        self.must: dict[int, set[Suit]] = {p: set() for p in range(n)}
        only_card = self.profile.play.forced == "only-card"
        by_trick: dict[int, list[ev.CardPlayed]] = {}
        for play in self.plays:
            by_trick.setdefault(play.trick, []).append(play)
        for number, plays in by_trick.items():
            led = plays[0].card.suit
            for play in plays[1:]:
                seat = play.seat
                later = [p for p in self.plays if p.seat == seat and p.trick > number]
                if play.card.suit != led:
                    if any(p.card.suit == led for p in later):
                        # it renounced holding the suit: it used the privilege, for all to see
                        self.privileged.add(seat)
                    self.renounced[seat].add(led)
                elif only_card and play.kind is ev.PlayKind.FORCED:
                    self.exhausted[seat].add(led)
                elif (
                    only_card
                    and play.kind is ev.PlayKind.PLAYED
                    and not any(p.card.suit == led for p in later)
                ):
                    self.must[seat].add(led)
        privilege = self.profile.privilege
        self.privilege_cards = (
            {Card.parse(c) for c in privilege.cards} if privilege is not None else set()
        )
        self.privilege_needed = privilege.needed if privilege is not None else 0
        # fournier-1785 §11, english §12, hoyle §12: the privilege lets its holder renounce.
        # A renounce proves a void only if the seat does not hold the privilege, which it keeps
        # secret until the hand is over: while nobody is known to hold it, any other seat that
        # renounced may. Each world guesses one of these (or none), and the replay checks it.
        self.suspects: list[int | None] = [None]
        if privilege is not None and not self.privileged and not self.view.privileged:
            self.suspects += [p for p in range(n) if p != self.seat and self.renounced[p]]

    def sample(self, rng: random.Random) -> Hand | None:
        """One random world, or ``None`` if this draw cannot satisfy the constraints."""
        view = self.view
        pool = list(self.unknown)
        rng.shuffle(pool)
        others = [p for p in range(self.n) if p != self.seat]
        guess = rng.choice(self.suspects)
        privileged = self.privileged if guess is None else {guess}
        void = {
            p: self.exhausted[p] | (set() if p in privileged else self.renounced[p])
            for p in range(self.n)
        }
        current: dict[int, list[Card]] = {self.seat: list(view.hand)}
        # The pot's cards the view does not know, by the exchange step that put each aside.
        pot_slots: list[tuple[int, bool]] = []  # (step index, restricted to what may be put out)
        steps = self.steps
        for index, event in enumerate(self.exchange):
            if isinstance(event, ev.CardGiven) or event.seat == self.seat:
                continue
            outs = isinstance(event, ev.Exchanged | ev.Discarded)
            pot_slots.append((index, outs))
        widow_left = len([s for s in steps if s[1] == STEP_EXCHANGE]) - sum(
            isinstance(e, ev.Exchanged | ev.Declined) for e in self.exchange
        )
        pot_known = list(view.pot) if view.pot is not None else None
        if pot_known is not None:
            pot_known = [c for c in pot_known if c not in set(view.put_aside)]
            rng.shuffle(pot_known)
        # Fill the other hands, the most constrained first.
        for seat in others:
            current[seat] = []
        if self.passed and view.given is not None:
            # the card the seat gave is known, in the hand of the player opposite (or played)
            opposite = (self.seat + self.n // 2) % self.n
            if view.given not in self.played[opposite]:
                current[opposite].append(view.given)
        for seat in others:
            for suit in self.must[seat]:
                if any(c.suit == suit for c in current[seat]):
                    continue
                card = next((c for c in pool if c.suit == suit and c.suit not in void[seat]), None)
                if card is None:
                    return None
                pool.remove(card)
                current[seat].append(card)
            if seat in privileged:
                # it qualified for the privilege: enough of its cards are privilege cards
                have = set(current[seat]) | set(self.played[seat])
                missing = self.privilege_needed - len(have & self.privilege_cards)
                extra = [c for c in pool if c in self.privilege_cards][: max(missing, 0)]
                if len(extra) < missing:
                    return None
                for card in extra:
                    pool.remove(card)
                current[seat].extend(extra)
        order = sorted(others, key=lambda p: -len(void[p]))
        for seat in order:
            need = view.card_counts[seat] - len(current[seat])
            allowed = [c for c in pool if c.suit not in void[seat]]
            if need < 0 or len(allowed) < need:
                return None
            chosen = allowed[:need]
            for card in chosen:
                pool.remove(card)
            current[seat].extend(chosen)
        pot_cards: dict[int, Card] = {}
        source = pot_known if pot_known is not None else pool
        for index, restricted in pot_slots:
            card = next((c for c in source if not (restricted and c in self.no_discard)), None)
            if card is None:
                return None
            source.remove(card)
            pot_cards[index] = card
        if len(pool) != widow_left:
            return None
        return self._build(rng, current, pot_cards, pool)

    def _build(
        self,
        rng: random.Random,
        current: dict[int, list[Card]],
        pot_cards: dict[int, Card],
        widow_rest: list[Card],
    ) -> Hand | None:
        view = self.view
        n = self.n
        opposite = n // 2
        # What each seat has held since the opposite exchange (or the exchange).
        held = {p: set(current[p]) | set(self.played[p]) for p in range(n)}
        gives: dict[int, Card] = {}
        for event in self.exchange:
            if isinstance(event, ev.CardGiven) and event.card is not None:
                gives[event.seat] = event.card
        if self.passed:
            if view.received is not None:
                gives[(self.seat + opposite) % n] = view.received
            for p in range(n):
                if p not in gives:
                    receiver = (p + opposite) % n
                    candidates = sorted(held[receiver] - set(gives.values()))
                    if not candidates:
                        return None
                    gives[p] = rng.choice(candidates)
            for p in range(n):
                held[p] = held[p] - {gives[(p + opposite) % n]} | {gives[p]}
        else:
            for event in self.exchange:
                if isinstance(event, ev.CardGiven) and event.seat != self.seat:
                    candidates = sorted(held[event.seat] - set(gives.values()))
                    if not candidates:
                        return None
                    gives[event.seat] = rng.choice(candidates)
        # Undo the exchanges: what each seat was dealt, and the widow.
        dealt = {p: set(held[p]) for p in range(n)}
        widow: list[Card] = []
        moves: list[Move] = []
        for index, event in enumerate(self.exchange):
            if isinstance(event, ev.Exchanged):
                taken = event.taken
                if taken is None:
                    candidates = sorted(dealt[event.seat] - set(widow))
                    if not candidates:
                        return None
                    taken = rng.choice(candidates)
                out = event.discarded if event.discarded is not None else pot_cards[index]
                dealt[event.seat] = dealt[event.seat] - {taken} | {out}
                widow.append(taken)
                moves.append(Exchange(out))
            elif isinstance(event, ev.Declined):
                card = event.widow_card if event.widow_card is not None else pot_cards[index]
                widow.append(card)
                moves.append(DECLINE)
            elif isinstance(event, ev.Discarded):
                card = event.card if event.card is not None else pot_cards[index]
                dealt[event.seat] |= {card}
                moves.append(Discard(card))
            else:
                moves.append(Give(gives[event.seat]))
        widow.extend(widow_rest)
        moves.extend(Play(p.card) for p in self.plays)
        hands = [sorted(dealt[p]) for p in range(n)]
        try:
            hand = deal_hand(
                self.profile, hands, widow, dealer=self.dealer, stakes=view.stakes_at_start
            )
            for move in moves:
                hand = hand.apply(move)
        except (IllegalMoveError, ReversisError):
            return None
        return hand
