"""The parts of a view made fast: the core's events and tricks equal the reference's, every view a
hand makes passes ``check_view`` (so ``sample_world`` may skip checking it), and a view changed after
it was made is checked again.

Held here, on both engines (``REVERSIS_ENGINE=python`` for the reference): for every shipped profile,
at every step of seeded random hands, ``check_view`` accepts each seat's view, and on the core
``events_of``/``tricks_of``/``seat_events_of`` of the state equal the reference's (``facts_of``,
``event_of``, the tricks made from the state's records, each seat's events read from them);
``sample_world`` of a view evolved into an impossible one, or checked against another profile
object, raises the ``RecordError`` it raised before.
"""

from __future__ import annotations

import random

import attrs
import pytest

from helpers import sized
from reversis import (
    DealError,
    RecordError,
    available_profiles,
    load_profile,
    new_hand,
    sample_world,
)
from reversis._core import core_module
from reversis.cards import CARD_AT, Card, cards_from_mask
from reversis.dealing import cards_deal
from reversis.engine.eventing import event_of
from reversis.engine.history import facts_of
from reversis.hand import Hand, hand_of_state, state_of
from reversis.views.check import check_view, is_checked
from reversis.views.rules import view_deal
from reversis.views.seat_events import SeatEvents, seat_events
from reversis.worlds.hand import WorldDealer

CORE = core_module()
PROFILES = sorted(available_profiles())


def _card(bit: int) -> Card:
    card = CARD_AT[bit]
    assert card is not None
    return card


def _hands(name: str, seed: int) -> list[Hand]:
    """Every state of a random hand of ``name``, from the deal to the end."""
    hand = new_hand(load_profile(name), seed=seed)
    rng = random.Random(seed)
    out = [hand]
    while not hand.is_over:
        hand = hand.apply(rng.choice(hand.legal_moves()))
        out.append(hand)
    return out


@pytest.mark.parametrize("name", PROFILES)
def test_every_view_of_a_hand_passes_check_view(name: str) -> None:
    profile = load_profile(name)
    views = 0
    for seed in range(sized(6, 60)):
        for hand in _hands(name, seed):
            for seat in range(hand.players):
                view = hand.view(seat)
                check_view(view, profile)
                assert is_checked(view, profile)
                views += 1
    assert views > 100


@pytest.mark.skipif(CORE is None, reason="the compiled core is not built")
@pytest.mark.parametrize("name", PROFILES)
def test_core_events_and_tricks_equal_the_reference(name: str) -> None:
    assert CORE is not None
    states = 0
    for seed in range(sized(20, 400)):
        for hand in _hands(name, seed):
            state = state_of(hand)
            assert CORE.events_of(state) == tuple(map(event_of, facts_of(state)))
            fresh = hand_of_state(state)  # the tricks as the hand makes them, not yet kept
            assert CORE.tricks_of(state) == fresh.tricks == hand.view(0).tricks
            if not hand.is_over:
                reference = state.to_state()  # the reference's State: seat_events reads hand.events
                for seat in range(hand.players):
                    made = seat_events(fresh, state, seat)
                    assert made == seat_events(fresh, reference, seat)
                    assert made == SeatEvents(*CORE.seat_events_of(state, seat))
            states += 1
    assert states > 100


@pytest.mark.parametrize("name", ["fournier-1785", "hearts", "reunion"])
def test_a_view_changed_after_it_was_made_is_checked_again(name: str) -> None:
    hand = new_hand(load_profile(name), seed=3)
    rng = random.Random(3)
    for _ in range(12):
        hand = hand.apply(rng.choice(hand.legal_moves()))
    view = hand.view(hand.to_move)
    bad = attrs.evolve(view, card_counts=(99,) * hand.players)
    assert not is_checked(bad, bad.rules)
    with pytest.raises(RecordError, match="card_counts"):
        sample_world(bad, random.Random(1))
    other = load_profile(name)  # the same name, another object: checked against it
    assert not is_checked(view, attrs.evolve(other))
    assert sample_world(view, random.Random(1), profile=other).view(view.seat) == view


@pytest.mark.parametrize("name", PROFILES)
def test_a_worlds_deal_equals_the_checked_deal(name: str) -> None:
    """worldhand.WorldDealer: the deal made from the first world's equals ``cards_deal``'s for
    the same cards, and cards that are no deal give ``None`` as ``cards_deal``'s DealError did."""
    profile = load_profile(name)
    for seed in range(sized(8, 80)):
        deal = state_of(new_hand(profile, seed=seed, dealer=seed % profile.players)).deal
        dealt = [cards_from_mask(mask) for mask in deal.dealt]
        widow = [_card(bit) for bit in deal.widow]
        bum = _card(deal.shown) if profile.compiled.shown == "last-dealt" else None
        options = {
            "dealer": deal.dealer,
            "stakes": deal.stakes,
            "bum": bum,
            "pass_direction": None,
            "hand_number": deal.hand_number,
        }
        maker = WorldDealer(profile, **options)  # type: ignore[arg-type]
        checked = cards_deal(profile, dealt, widow, **options)  # type: ignore[arg-type]
        assert maker._deal(dealt, widow) == checked  # the first: cards_deal's own
        assert maker.template is not None
        assert maker._deal(dealt, widow) == checked  # the next: from the first
        hand = new_hand(profile, seed=seed, dealer=seed % profile.players)
        view = hand.view(seed % profile.players)
        viewed = WorldDealer(profile, **options, template=view_deal(view, profile))  # type: ignore[arg-type]
        assert viewed._deal(dealt, widow) == checked  # from the view's deal
        swapped = [list(cards) for cards in dealt]
        swapped[0][0] = swapped[1][0]  # a card dealt twice, one missing
        assert maker._deal(swapped, widow) is None
        short = [list(cards) for cards in dealt]
        short[1] = short[1][1:]
        assert maker._deal(short, widow) is None
        with pytest.raises(DealError):
            cards_deal(profile, swapped, widow, **options)  # type: ignore[arg-type]
        if bum is not None:  # tetka §2: the bum card is the dealer's
            other = (deal.dealer + 1) % profile.players
            moved = [list(cards) for cards in dealt]
            moved[deal.dealer].remove(bum)
            moved[other].append(bum)
            given = moved[other].pop(0)
            moved[deal.dealer].append(given)
            assert maker._deal(moved, widow) is None


@pytest.mark.skipif(CORE is None, reason="the compiled core is not built")
def test_match_masks_is_match_slots_of_the_same_candidates() -> None:
    """sampling.pyx: ``match_masks`` makes worlds.py's candidates (the pool's cards in each slot's
    mask, in the pool's order) and order (by number of candidates, stable) and finds the same
    matching as ``match_slots`` given them."""
    assert CORE is not None
    rng = random.Random(5)
    found = 0
    for _ in range(sized(2000, 20000)):
        pool = rng.sample(range(64), rng.randint(0, 30))
        masks = [
            rng.getrandbits(64) & rng.getrandbits(64) for _ in range(rng.randint(0, len(pool)))
        ]
        candidates = [[c for c in pool if m >> c & 1] for m in masks]
        order = sorted(range(len(masks)), key=lambda i: len(candidates[i]))
        expected = CORE.match_slots(candidates, order)
        assert CORE.match_masks(pool, masks) == expected
        found += expected is not None
    assert found > 100
