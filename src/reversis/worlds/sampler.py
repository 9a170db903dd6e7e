"""Worlds consistent with a view, for determinized search.

A bot that searches (Monte Carlo, information-set methods) needs complete hands that agree with
everything its seat knows. :func:`sample_world` deals the cards the seat cannot see at random, under
the constraints of the view (the card counts, the suits a player showed they lack, what *forced* and
*played* say, Hearts' leads, the cards played, shown, given, passed and put aside), rebuilds a deal
from them, and replays the public moves:

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

The world is checked by replaying it: its view for the seat equals the view given. Its random
choices come from the generator seeded from ``rng`` (:mod:`reversis.worlds.plan`; in C where the
core plays: the same worlds on both engines), not weighted by likelihood; the rules from the
view's deal (:func:`reversis.views.rules.view_deal`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from operator import attrgetter
from types import ModuleType
from typing import Any

from reversis import events as ev
from reversis._core import engine_name
from reversis.cards import CARD_AT, Card, cards_from_mask, mask_of
from reversis.engine.follow import breaks_hearts
from reversis.errors import ArgumentError, ProfileError, RecordError
from reversis.hand import Hand
from reversis.moves import DECLINE, PLAYS, Discard, Exchange, Give, Move, Pass
from reversis.profile import Profile, profile_from_data
from reversis.views.check import check_view, is_checked
from reversis.views.rules import view_deal
from reversis.views.view import HandView
from reversis.worlds.hand import WorldDealer
from reversis.worlds.plan import Draws, core_world, draw_world, lower_plan, view_worlds

__all__ = ["core_plan", "sample_world", "view_plan", "world_sampler"]

#: The core's sampling where the core plays, else ``None``.
_CORE: ModuleType | None = None
if engine_name() == "compiled":
    from reversis._core import sampling as _core_sampling

    _CORE = _core_sampling
_INDEX = attrgetter("index")  # cards sort by their index

#: Attempts before :func:`sample_world` gives up on a view whose constraints it cannot meet.
ATTEMPTS = 200

_StepEvent = ev.Exchanged | ev.Declined | ev.Discarded | ev.CardGiven


def sample_world(
    view: HandView,
    rng: random.Random | None = None,
    *,
    profile: Profile | None = None,
    attempts: int = ATTEMPTS,
) -> Hand:
    """A complete hand consistent with everything ``view`` shows, the unseen cards dealt at random
    with ``rng``. ``profile`` is the view's profile when it is not shipped and the view was read
    from data without it (a view made from a hand knows its profile).

    Raises :class:`~reversis.ArgumentError` for arguments of the wrong type,
    :class:`~reversis.RecordError` for a view not valid for its profile
    (:func:`reversis.views.check_view`), and :class:`~reversis.NoWorldError` (a :class:`ValueError`)
    if no world turns up in ``attempts`` tries: a view that :meth:`HandView.from_dict` accepts may
    be one no deal leads to (its points, say, not those of its tricks)."""
    if not isinstance(view, HandView):
        raise ArgumentError(f"sample_world() needs a HandView, not {type(view).__name__}")
    if rng is None:
        rng = random.Random()
    elif not isinstance(rng, random.Random):
        raise ArgumentError(f"rng must be a random.Random, not {type(rng).__name__}")
    return world_sampler(view, profile=profile, attempts=attempts)(rng)


def world_sampler(
    view: HandView, *, profile: Profile | None = None, attempts: int = ATTEMPTS
) -> Callable[[random.Random], Hand]:
    """:func:`sample_world` for many worlds of one view: the view checked and its constraints read
    once, then each call ``sample(rng)`` gives what ``sample_world(view, rng, profile=profile,
    attempts=attempts)`` would (the same world for the same ``rng`` state). Errors as there; the
    view's are raised here, :class:`~reversis.NoWorldError` by ``sample``."""
    resolved, seat = _resolve(view, profile, attempts), view.seat
    # The core's plan read from the view's fields in C, else lowered from its constraints read in
    # Python (the same plan), else the reference's draws: what the view shows, nothing else.
    fast = view_worlds(view, resolved) or lower_plan(plan := _Plan(resolved, view))
    if fast is None:
        return lambda rng: draw_world(plan, None, Draws(rng.getrandbits(64)), attempts)
    return lambda rng: core_world(fast, seat, rng.getrandbits(64), attempts)


def view_plan(view: HandView, *, profile: Profile | None = None, attempts: int = ATTEMPTS) -> _Plan:
    """The constraints of ``view`` read once (for :func:`world_sampler` and
    :func:`reversis.rollouts`); the arguments checked as :func:`sample_world` checks them."""
    return _Plan(_resolve(view, profile, attempts), view)


def core_plan(view: HandView, *, profile: Profile | None = None) -> tuple[Profile, Any]:
    """The view's profile and the core's plan of its worlds read from its fields in C (or ``None``:
    :func:`reversis.worlds.plan.view_worlds`), checked as :func:`sample_world` checks (rollouts')."""
    resolved = _resolve(view, profile, ATTEMPTS)
    return resolved, view_worlds(view, resolved)


def _resolve(view: HandView, profile: Profile | None, attempts: int) -> Profile:
    """The view's profile, the arguments and the view checked as :func:`sample_world` checks them."""
    if not isinstance(view, HandView):
        raise ArgumentError(f"sample_world() needs a HandView, not {type(view).__name__}")
    if profile is not None and not isinstance(profile, Profile):
        raise ArgumentError(f"profile must be a Profile, not {type(profile).__name__}")
    if type(attempts) is not int or not 1 <= attempts <= 1 << 20:  # the core's MAX_PLAN_ATTEMPTS
        raise ArgumentError(f"attempts must be from 1 to 2**20, not {str(attempts)[:20]}")
    if profile is not None and profile.name != view.profile:
        raise RecordError(f"the view is of the {view.profile} profile, not {profile.name}")
    if profile is not None:
        try:
            resolved = profile_from_data(view.profile, "view.profile", profiles=(profile,))
        except ProfileError as exc:
            raise RecordError(f"view.profile: {exc.problem}") from None
    else:
        resolved = view.rules
    if not is_checked(view, resolved):  # a view made by a hand, or read and checked, is valid
        check_view(view, resolved)
    return resolved


def _play(card: Card) -> Move:
    """The interned play of ``card``."""
    move = PLAYS[card.index]
    assert move is not None
    return move


def _card(index: int) -> Card:
    return CARD_AT[index]  # type: ignore[return-value]  # a card of the deck


def _step_card(event: _StepEvent) -> Card | None:
    """The card a step put aside or gave, where the view shows it."""
    if isinstance(event, ev.Exchanged):
        return event.discarded
    return event.widow_card if isinstance(event, ev.Declined) else event.card


class _Plan:
    """What a view fixes and what it leaves open (local to :func:`sample_world`)."""

    def __init__(self, profile: Profile, view: HandView) -> None:
        self.profile = profile
        self.view = view
        self.n = n = profile.players
        self.seat = view.seat
        self.dealer = view.dealer
        self.rules = profile.compiled
        # The engine's deal of what the view shows: the suit each card follows (reunion §2: the
        # left bower follows trumps), the trumps, the cards that may not be put aside.
        self.deal = deal = view_deal(view, profile)
        last_dealt = self.rules.shown == "last-dealt" and self.rules.widow != "dealer"
        self.hands = WorldDealer(
            profile,
            dealer=view.dealer,
            stakes=view.stakes_at_start,
            bum=view.shown if last_dealt else None,  # tetka §2: the bum card
            pass_direction=view.pass_direction,
            hand_number=view.hand_number,
            template=deal,
        )
        self.trumps = deal.trumps
        self.no_discard = set(cards_from_mask(deal.no_discard & self.rules.deck_mask))
        #: The cards that follow each suit (a mask by suit).
        self.follow_masks: dict[int, int] = {}
        for card in profile.deck:
            suit = deal.follows[card.index]
            self.follow_masks[suit] = self.follow_masks.get(suit, 0) | 1 << card.index
        self.steps: list[_StepEvent] = [
            e for e in view.events if isinstance(e, ev.Exchanged | ev.Declined | ev.Discarded | ev.CardGiven)
        ]  # fmt: skip
        #: For each public step, whether the given cards of its batch have changed hands.
        self.revealed: list[bool] = []
        passed_after = False
        for event in reversed(view.events):
            if isinstance(event, ev.CardsPassed):
                passed_after = True
            elif isinstance(event, ev.CardGiven):
                self.revealed.append(passed_after)
            elif isinstance(event, ev.Exchanged | ev.Declined | ev.Discarded):
                self.revealed.append(True)
        self.revealed.reverse()
        self.plays = [e for e in view.events if isinstance(e, ev.CardPlayed)]
        self.play_moves: list[Move] = [_play(p.card) for p in self.plays]
        #: Whether the cards handed over are passes (out of the hand at once) or gives.
        self.passes = profile.compiled.passing
        self.privileged = {e.seat for e in view.events if isinstance(e, ev.PrivilegeUsed)}
        played: dict[int, list[Card]] = {p: [] for p in range(n)}
        for play in self.plays:
            played[play.seat].append(play.card)
        self.played = played
        known = mask_of((*view.hand, *view.put_aside, *view.given, *view.received))
        known |= mask_of(c for c in (view.widow_card, view.shown) if c is not None)
        known |= mask_of(play.card for play in self.plays) | mask_of(view.pot or ())
        self.unknown = [c for c in profile.deck if not known >> c.index & 1]
        self._constraints()

    def _constraints(self) -> None:
        """The suits each other seat showed it lacks, the suits it must still hold one of, the seats
        known to have used the privilege, and those that may have."""
        n = self.n
        #: Suits a seat did not follow: it lacks them, unless it holds the privilege.
        self.renounced: dict[int, set[int]] = {p: set() for p in range(n)}
        #: Suits a seat showed it lacks whatever its privilege (Hoyle's *forced*, a missed trump).
        self.exhausted: dict[int, set[int]] = {p: set() for p in range(n)}
        self.must: dict[int, set[int]] = {p: set() for p in range(n)}
        #: Cards a seat showed it does not hold, whatever its privilege (a mask).
        self.excluded: dict[int, int] = dict.fromkeys(range(n), 0)
        only_card = self.rules.only_card_forced
        by_trick: dict[int, list[ev.CardPlayed]] = {}
        #: The last trick in which each seat played a card of each suit.
        last: dict[tuple[int, int], int] = {}
        for play in self.plays:
            by_trick.setdefault(play.trick, []).append(play)
            last[play.seat, self._suit(play.card)] = play.trick
        for number, plays in by_trick.items():
            led = self._suit(plays[0].card)
            for play in plays[1:]:
                seat = play.seat
                later = last.get((seat, led), 0) > number  # it played the suit led later
                suit = self._suit(play.card)
                if suit != led:
                    if later:
                        # it renounced holding the suit: it used the privilege, for all to see
                        self.privileged.add(seat)
                    if self.trumps is not None:
                        # reunion §5: it could not follow; nor trump, if it played no trump.
                        self.exhausted[seat].add(led)
                        if self.rules.follow_trump and suit != self.trumps.suit:
                            self.exhausted[seat].add(self.trumps.suit)
                    else:
                        self.renounced[seat].add(led)
                elif only_card and play.kind is ev.PlayKind.FORCED:
                    self.exhausted[seat].add(led)
                elif only_card and play.kind is ev.PlayKind.PLAYED and not later:
                    self.must[seat].add(led)
        self._lead_constraints(by_trick)
        privilege = self.profile.privilege
        self.privilege_cards = set(cards_from_mask(self.rules.priv_mask))  # none without one
        self.privilege_needed = privilege.needed if privilege is not None else 0
        # fournier-1785 §11, english §12, hoyle §12: the privilege lets its holder renounce.
        # A renounce proves a void only if the seat does not hold the privilege, which it keeps
        # secret until the hand is over: while nobody is known to hold it, any other seat that
        # renounced may. Each world guesses one of these (or none), and the replay checks it.
        self.suspects: list[int | None] = [None]
        if privilege is not None and not self.privileged and not self.view.privileged:
            self.suspects += [p for p in range(n) if p != self.seat and self.renounced[p]]

    def _lead_constraints(self, by_trick: dict[int, list[ev.CardPlayed]]) -> None:
        """What the restrictions of Hearts' leads and first trick prove (hearts §5, §7, as
        :func:`~reversis.engine.follow.legal_cards` applies them): a card led that the lead bars
        while hearts are not broken means its leader held none but those barred and the card that
        frees the lead; a card renounced on the first trick that the first trick bars means its
        player held none but those barred."""
        rules, deal = self.rules, self.deal
        broken = False
        for number in sorted(by_trick):
            plays = by_trick[number]
            lead = plays[0]
            if number > 1 and not broken and rules.lead_barred >> lead.card.index & 1:
                self.excluded[lead.seat] |= rules.deck_mask & ~(rules.lead_barred | rules.lead_free)
            if number == 1 and rules.first_trick_barred:
                led = deal.led_cards[lead.card.index]
                for play in plays[1:]:
                    bit = play.card.index
                    if not led >> bit & 1 and rules.first_trick_barred >> bit & 1:
                        self.excluded[play.seat] |= rules.deck_mask & ~rules.first_trick_barred
            broken = broken or breaks_hearts(deal, mask_of(p.card for p in plays))

    def _suit(self, card: Card) -> int:
        """The suit a card counts as for following (the engine's ``deal.follows``: reunion §2, the
        left bower is a trump)."""
        return self.deal.follows[card.index]

    def sample(self, rng: Draws) -> Hand | None:
        """One random world, or ``None`` if this draw cannot satisfy the constraints (the
        random choices from ``rng``; core worlds.pyx ``_candidate`` makes the same draws)."""
        view = self.view
        n = self.n
        pool = list(self.unknown)
        rng.shuffle(pool)
        others = [p for p in range(n) if p != self.seat]
        guess = rng.choice(self.suspects)
        privileged = self.privileged if guess is None else {guess}
        void = {
            p: self.exhausted[p] | (set() if p in privileged else self.renounced[p])
            for p in range(n)
        }
        current: dict[int, list[Card]] = {p: [] for p in range(n)}
        current[self.seat] = list(view.hand)
        # Known cards in other hands: what the seat gave (received, not yet played), the card
        # shown at the deal while the dealer may hold it.
        for index, event in enumerate(self.steps):
            if (
                isinstance(event, ev.CardGiven)
                and event.seat == self.seat
                and self.revealed[index]
                and event.card is not None
                and event.card not in self.played[event.to]
            ):
                current[event.to].append(event.card)
        shown = view.shown
        shown_aside = False
        if shown is not None and self.dealer != self.seat and shown not in self.played[self.dealer]:
            if self.rules.widow == "dealer" and rng.coin() and shown not in self.no_discard:
                shown_aside = True  # reunion §4: the dealer may have discarded the turn-up
            else:
                current[self.dealer].append(shown)
        for seat in others:
            for suit in self.must[seat]:
                if any(self._suit(c) == suit for c in current[seat]):
                    continue
                card = next(
                    (
                        c
                        for c in pool
                        if self._suit(c) == suit
                        and suit not in void[seat]
                        and not self.excluded[seat] >> c.index & 1
                    ),
                    None,
                )
                if card is None:
                    return None
                pool.remove(card)
                current[seat].append(card)
            if seat in privileged:
                # it qualified for the privilege: enough of its cards are privilege cards
                have = set(current[seat]) | set(self.played[seat])
                missing = self.privilege_needed - len(have & self.privilege_cards)
                extra = [
                    c
                    for c in pool
                    if c in self.privilege_cards and not self.excluded[seat] >> c.index & 1
                ][: max(missing, 0)]
                if len(extra) < missing:
                    return None
                for card in extra:
                    pool.remove(card)
                current[seat].extend(extra)
        # The hidden cards of the steps: put aside by others, or in passage from others.
        hidden: dict[int, Card] = {}
        pot_known = [c for c in view.pot or () if c not in set(view.put_aside)]
        rng.shuffle(pot_known)
        # Every place an unknown card can be, with what it may hold: each other seat's hand (its
        # voids), the cards put aside (what may be put out), the cards in passage.
        slots: list[tuple[int, int]] = []  # (seat, -1) a card of a hand, (-1, step) a hidden card
        for seat in others:
            need = view.card_counts[seat] - len(current[seat])
            if need < 0:
                return None
            slots.extend([(seat, -1)] * need)
        for index, event in enumerate(self.steps):
            if event.seat == self.seat:
                continue
            if isinstance(event, ev.CardGiven):
                if self.revealed[index] or event.card is not None or not self.passes:
                    continue  # hoyle §4: a card given stays in the giver's hand until the end
            elif view.pot is not None:
                restricted = isinstance(event, ev.Exchanged | ev.Discarded)
                card = next(
                    (c for c in pot_known if not (restricted and c in self.no_discard)), None
                )
                if card is None:
                    return None
                pot_known.remove(card)
                hidden[index] = card
                continue
            elif shown_aside and isinstance(event, ev.Discarded) and shown not in hidden.values():
                assert shown is not None
                hidden[index] = shown
                continue
            slots.append((-1, index))
        if shown_aside and shown not in hidden.values():
            return None
        placed = self._match(slots, pool, void)
        if placed is None:
            return None
        for (seat, index), card in placed:
            if seat >= 0:
                current[seat].append(card)
            else:
                hidden[index] = card
            pool.remove(card)
        return self._build(rng, current, hidden, pool)

    def _match(
        self, slots: list[tuple[int, int]], pool: list[Card], void: dict[int, set[int]]
    ) -> list[tuple[tuple[int, int], Card]] | None:
        """A card of ``pool`` for every slot, each where it may be (a matching found by augmenting
        paths, the pool's random order deciding between the matchings), or ``None``."""
        if _CORE is not None:  # the same candidates, order and search in C (core sampling.pyx)
            deck, follows = self.rules.deck_mask, self.follow_masks
            seat_masks = {
                seat: deck & ~self.excluded[seat] & ~sum(follows[suit] for suit in void[seat])
                for seat in {seat for seat, _ in slots if seat >= 0}
            }
            free_mask = deck & ~self.deal.no_discard
            masks = [
                seat_masks[seat]
                if seat >= 0
                else free_mask
                if isinstance(self.steps[index], ev.Exchanged | ev.Discarded)
                else deck
                for seat, index in slots
            ]
            found = _CORE.match_masks([c.index for c in pool], masks)
            return None if found is None else [(slots[i], _card(card)) for card, i in found]
        # The cards as their indices (quick to hash); the slots of one seat share their list.
        suits = [(c.index, self._suit(c)) for c in pool]
        any_card = [i for i, _ in suits]
        free = [c.index for c in pool if c not in self.no_discard]
        by_seat = {
            seat: [
                i
                for i, suit in suits
                if suit not in void[seat] and not self.excluded[seat] >> i & 1
            ]
            for seat in {seat for seat, _ in slots if seat >= 0}
        }
        candidates = [
            by_seat[seat]
            if seat >= 0
            else free
            if isinstance(self.steps[index], ev.Exchanged | ev.Discarded)
            else any_card
            for seat, index in slots
        ]
        order = sorted(range(len(slots)), key=lambda i: len(candidates[i]))
        owner: dict[int, int] = {}

        def place(i: int, seen: set[int]) -> bool:
            for card in candidates[i]:  # a free card first
                if card not in owner and card not in seen:
                    seen.add(card)
                    owner[card] = i
                    return True
            for card in candidates[i]:  # else one moved along a path from its holder
                if card in seen:
                    continue
                seen.add(card)
                if place(owner[card], seen):
                    owner[card] = i
                    return True
            return False

        for i in order:
            if not place(i, set()):
                return None
        return [(slots[i], _card(card)) for card, i in owner.items()]

    def _undo_gives(
        self,
        rng: Draws,
        unit: list[int],
        held: dict[int, set[Card]],
        hidden: dict[int, Card],
        moves: list[Move | None],
    ) -> bool:
        """Undo a run of gives or passes (hoyle §4, hearts §4): which card each was, then back
        into the givers' hands. ``False`` if the placed cards cannot explain it."""
        view = self.view
        events = [e for e in (self.steps[i] for i in unit) if isinstance(e, ev.CardGiven)]
        revealed = self.revealed[unit[0]]
        chosen: dict[int, Card] = {}
        taken: set[Card] = set()
        to_seat = [
            i for i, e in zip(unit, events, strict=True) if e.to == self.seat and e.card is None
        ]
        for i, known in zip(to_seat, view.received, strict=False):
            chosen[i] = known  # the seat knows what it received, in the order given
            taken.add(known)
        for i, event in zip(unit, events, strict=True):
            if i in chosen:
                continue
            card = event.card if event.card is not None else hidden.get(i)
            if card is None:
                if revealed:
                    # one of the receiver's cards after the cards changed hands
                    pool = held[event.to] - set(view.received) - set(view.given) - taken
                else:
                    # hoyle §4: chosen, still in the giver's hand
                    pool = held[event.seat] - taken
                if not pool:
                    return False
                card = rng.choice(sorted(pool, key=_INDEX))
            chosen[i] = card
            taken.add(card)
        for i, event in zip(unit, events, strict=True):
            assert isinstance(event, ev.CardGiven)
            card = chosen[i]
            if revealed:
                if card not in held[event.to]:
                    return False
                held[event.to].discard(card)
            held[event.seat].add(card)
            moves[i] = (Pass if self.passes else Give)(card)
        return True

    def _build(
        self,
        rng: Draws,
        current: dict[int, list[Card]],
        hidden: dict[int, Card],
        rest: list[Card],
    ) -> Hand | None:
        """The deal behind the cards placed, and the hand after the public moves."""
        view = self.view
        n = self.n
        held = {p: set(current[p]) | set(self.played[p]) for p in range(n)}
        received_known = set(view.received)
        moves: list[Move | None] = [None] * len(self.steps)
        widow: dict[int, Card] = {}
        exchanges = 0
        # The steps undone from the last: a run of gives or passes as one, since its cards change
        # hands together.
        units: list[list[int]] = []
        for index, event in enumerate(self.steps):
            if (
                units
                and isinstance(event, ev.CardGiven)
                and isinstance(self.steps[units[-1][0]], ev.CardGiven)
            ):
                units[-1].append(index)
            else:
                units.append([index])
        for unit in reversed(units):
            event = self.steps[unit[0]]
            if isinstance(event, ev.CardGiven):
                if not self._undo_gives(rng, unit, held, hidden, moves):
                    return None
                continue
            index = unit[0]
            # the card the step put aside: shown in the view (the seat's own), else placed
            card = _step_card(event)
            aside = card if card is not None else hidden.get(index)
            if aside is None:
                return None
            if isinstance(event, ev.Exchanged):
                exchanges += 1
                taken = event.taken
                if taken is None:
                    choices = sorted(held[event.seat] - received_known, key=_INDEX)
                    if not choices:
                        return None
                    taken = rng.choice(choices)
                if taken not in held[event.seat]:
                    return None
                held[event.seat] = held[event.seat] - {taken} | {aside}
                widow[index] = taken
                moves[index] = Exchange(aside)
            elif isinstance(event, ev.Declined):
                exchanges += 1
                widow[index] = aside
                moves[index] = DECLINE
            else:
                held[event.seat].add(aside)
                moves[index] = Discard(aside)
        talon: list[Card] = [widow[i] for i in sorted(widow)]
        if self.rules.widow == "exchange":
            widow_left = len(self.profile.deck) - sum(len(h) for h in held.values()) - len(talon)
            if len(rest) != widow_left:
                return None
            talon.extend(rest)
        elif rest:
            return None
        dealt = [sorted(held[p], key=_INDEX) for p in range(n)]
        if self.rules.widow == "dealer":
            # reunion §4: the dealer took up the widow, the turn-up last.
            shown = view.shown
            assert shown is not None
            choices = sorted(held[self.dealer] - {shown}, key=_INDEX)
            if shown not in held[self.dealer] or not choices:
                return None
            first = rng.choice(choices)
            talon = [first, shown]
            dealt[self.dealer] = sorted(held[self.dealer] - {first, shown}, key=_INDEX)
        played = [m for m in moves if m is not None]
        if len(played) != len(moves):
            return None
        return self.hands.hand(dealt, talon, [*played, *self.play_moves])
