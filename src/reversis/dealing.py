"""Dealing a hand's cards from what a caller gives: a profile or its name, explicit cards, an ordered
pack, or a seed, each checked (:class:`~reversis.DealError` naming the problem). :mod:`reversis.hand`
turns the deals into hands (:func:`~reversis.new_hand`, :func:`~reversis.deal_hand`,
:func:`~reversis.deal_from_deck`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from types import ModuleType
from typing import Any

from reversis._core import engine_name
from reversis.cards import Card, parse_cards
from reversis.engine.chance import check_seed, seeded_pack
from reversis.engine.deal import Deal, check_dealer, check_hand_number, deal_of_hands, deal_of_pack
from reversis.errors import DealError, InvalidCardError, ProfileError
from reversis.profile import Profile, load_profile
from reversis.profile.shipped import names as shipped_names
from reversis.stakes import Stakes

__all__ = ["cards_deal", "check_options", "pack_deal", "resolve_profile", "seeded_deal"]

#: The compiled core where it plays: it shuffles and deals in C (the same pack, an equal Deal;
#: ``tests/core/test_core_hand.py`` compares them), else ``None``.
_CORE: ModuleType | None = None
if engine_name() == "compiled":
    from reversis._core import deal as _core_deal

    _CORE = _core_deal


def resolve_profile(profile: Profile | str) -> Profile:
    """``profile``, or the shipped profile it names (:class:`~reversis.ProfileError` otherwise)."""
    if isinstance(profile, Profile):
        return profile
    if isinstance(profile, str) and profile in shipped_names():
        return load_profile(profile)
    if isinstance(profile, str):
        raise ProfileError("", f"no shipped profile named {profile[:60]!r}")
    raise ProfileError(
        "", f"a profile is a Profile or a shipped profile's name, not {type(profile).__name__}"
    )


def check_options(profile: Profile, hand_number: object, pass_direction: object) -> int:
    """The hand number, checked, and a pass direction only for a game that passes."""
    number = check_hand_number(hand_number)
    if pass_direction is not None and not profile.compiled.passing:
        raise DealError(f"the {profile.name} profile passes no cards: no pass_direction")
    return number


def cards_deal(
    profile: Profile | str,
    hands: Sequence[Iterable[Card | str]],
    widow: Iterable[Card | str] = (),
    *,
    dealer: int = 0,
    stakes: Stakes | dict[str, Any] | None = None,
    bum: Card | str | None = None,
    pass_direction: str | None = None,
    hand_number: int = 1,
) -> Deal:
    """The deal of explicit cards (see :func:`reversis.deal_hand`)."""
    profile = resolve_profile(profile)
    dealer = check_dealer(profile, dealer)
    number = check_options(profile, hand_number, pass_direction)
    if isinstance(hands, str | bytes) or not isinstance(hands, Sequence):
        raise DealError("hands must be a sequence with one collection of cards per seat")
    try:
        held = [parse_cards(h) for h in hands]
        widow_cards = parse_cards(widow)
        bum_card = None if bum is None else (bum if isinstance(bum, Card) else Card.parse(bum))
    except InvalidCardError as exc:
        raise DealError(str(exc)) from None
    except TypeError:
        raise DealError("hands and widow must be collections of cards or card codes") from None
    return deal_of_hands(
        profile,
        held,
        widow_cards,
        dealer=dealer,
        stakes=stakes,
        bum=bum_card,
        hand_number=number,
        direction=pass_direction,
    )


def pack_deal(
    profile: Profile | str,
    deck: Sequence[Card | str],
    *,
    dealer: int = 0,
    stakes: Stakes | dict[str, Any] | None = None,
    seed: int | None = None,
    pass_direction: str | None = None,
    hand_number: int = 1,
) -> Deal:
    """The deal of an ordered pack (see :func:`reversis.deal_from_deck`)."""
    profile = resolve_profile(profile)
    dealer = check_dealer(profile, dealer)
    number = check_options(profile, hand_number, pass_direction)
    if isinstance(deck, str):
        deck = deck.split()
    try:
        cards = parse_cards(deck)
    except InvalidCardError as exc:
        raise DealError(str(exc)) from None
    except TypeError:
        raise DealError("a pack is a sequence of cards or card codes") from None
    rules = profile.compiled
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
    shuffle = seeded_pack if _CORE is None else _CORE.seeded_pack
    if seed is not None and shuffle(profile, check_seed(seed)) != pack:
        raise DealError(f"the seed {seed} does not give this pack")
    return (deal_of_pack if _CORE is None else _CORE.deal_of_pack)(
        profile,
        pack,
        dealer=dealer,
        seed=seed,
        stakes=stakes,
        hand_number=number,
        direction=pass_direction,
    )


def seeded_deal(
    profile: Profile | str,
    *,
    seed: int,
    dealer: int = 0,
    stakes: Stakes | dict[str, Any] | None = None,
    pass_direction: str | None = None,
    hand_number: int = 1,
) -> Deal:
    """The deal of the pack ``seed`` makes (see :func:`reversis.new_hand`)."""
    profile = resolve_profile(profile)
    dealer = check_dealer(profile, dealer)
    number = check_options(profile, hand_number, pass_direction)
    if _CORE is not None:
        deal: Deal = _CORE.seeded_deal(
            profile,
            seed,
            dealer=dealer,
            stakes=stakes,
            hand_number=number,
            direction=pass_direction,
        )
        return deal
    return deal_of_pack(
        profile,
        seeded_pack(profile, seed),
        dealer=dealer,
        seed=seed,
        stakes=stakes,
        hand_number=number,
        direction=pass_direction,
    )
