"""A deal's rules lowered to the flat data the compiled core copies into its C struct.

The core (:mod:`reversis._core.core`) knows no game and no profile: it interprets the tables below,
read from a :class:`~reversis.engine.deal.Deal` and its profile's compiled
:class:`~reversis.profile.compiled.Rules` by :func:`lower`. Each field is the reference engine's own
table or flag under a flat name, so that each rule the core applies is the reference's rule:

=====================  ==========================================================================
field                  the reference's table, and where it is used
=====================  ==========================================================================
``led_cards``          ``deal.led_cards``: by card bit, the cards that follow it (follow.py,
                       tricks.py; the left bower follows trumps, reunion §2)
``suits``              ``deal.suits``: the cards of each suit as followed (reunion §5's trumps)
``power``              ``deal.trumps.power``: each card's power in its suit (reunion §2)
``trump_suit``         ``deal.trumps.suit``, or -1 without trumps (tricks.py)
``follow_trump``       ``rules.follow_trump`` with trumps: trump when unable to follow (reunion §5)
``first_lead``         ``rules.first_lead``: the cards that may lead trick 1 (hearts §5)
``first_trick_barred`` ``rules.first_trick_barred`` (hearts §5)
``lead_barred``        ``rules.lead_barred``, ``lead_free``: leads before hearts are broken (§7)
``breakers``           ``rules.breakers``: the cards that break hearts (hearts §7)
``priv_mask``          ``rules.priv_mask``, ``priv_needed``, ``priv_last``: the privilege
                       (fournier-1785 §11)
``only_card_forced``   ``rules.only_card_forced``: the kinds of play (hoyle §6)
``pool_of``            ``rules.pool_of`` as numbers: 0 for none, else 1 + the index of the pool's
                       name in ``pools`` (fournier-1785 §9)
``commit``             ``rules.commit``, ``end_on_break``: the reversis (fournier-1785 §8)
=====================  ==========================================================================

The tables that depend on the deal (``led_cards``, ``suits``, ``power``, ``trump_suit``) depend on it
only through its trump suit (:func:`reversis.engine.deal.make_deal`), so the core keeps one program
per trump suit in the ``Lowering`` of the profile's Rules (``lowered.pyx``: everything the core
derives from one Rules value, found through one registry). The rest of a deal (the cards dealt,
the widow, the steps before play, what may be discarded or declined) is read from the deal by the
core at :func:`~.core.start`.
"""

from __future__ import annotations

from typing import NamedTuple

from reversis.cards import Card
from reversis.engine.deal import Deal
from reversis.errors import ProfileError

__all__ = ["MAX_FACTS", "MAX_PLAYERS", "MAX_STEPS", "MAX_TRICKS", "Lowered", "lower"]

#: The sizes of the core's arrays (``state.pxd`` declares the same); :func:`lower` refuses a deal
#: that needs more. Every profile that validates fits: 3 to 8 players, at most 17 tricks, and at
#: most 49 steps before play (a discard per card of the talon).
MAX_PLAYERS = 8
MAX_TRICKS = 24
MAX_STEPS = 64
MAX_FACTS = 192

#: The two of clubs, whose holder leads first where ``first_lead`` is set (hearts §5).
TWO_OF_CLUBS = Card.parse("2C").index


class Lowered(NamedTuple):
    """The flat data of a deal's rules (see the module's docstring for each field)."""

    players: int
    tricks: int
    deck: int
    led_cards: tuple[int, ...]
    suits: tuple[int, int, int, int]
    power: tuple[int, ...]
    trump_suit: int
    follow_trump: bool
    first_lead: int
    two_of_clubs: int
    first_trick_barred: int
    lead_barred: int
    lead_free: int
    breakers: int
    priv_mask: int
    priv_needed: int
    priv_last: int
    only_card_forced: bool
    pool_of: tuple[int, ...]
    pools: tuple[str, ...]
    commit: int
    end_on_break: bool
    widow_to_dealer: bool


def lower(deal: Deal) -> Lowered:
    """The flat data of ``deal``'s rules (:class:`~reversis.ProfileError` if the core's arrays
    cannot hold them)."""
    rules = deal.rules
    trumps = deal.trumps
    pools = tuple(sorted({name for name in rules.pool_of if name}))
    pool_of = tuple(pools.index(name) + 1 if name else 0 for name in rules.pool_of)
    steps = max((len(s) for s in rules.steps), default=0)
    steps = max([steps, *(len(s) for by_dealer in rules.pass_steps for s in by_dealer.values())])
    facts = 2 * steps + sum(1 for p in pool_of if p) + 4
    if rules.players > MAX_PLAYERS or rules.tricks > MAX_TRICKS:
        raise ProfileError("table", f"the compiled core plays at most {MAX_PLAYERS} players")
    if steps > MAX_STEPS or facts > MAX_FACTS:
        raise ProfileError("deal", f"the compiled core takes at most {MAX_STEPS} steps before play")
    return Lowered(
        players=rules.players,
        tricks=rules.tricks,
        deck=rules.deck_mask,
        led_cards=deal.led_cards,
        suits=deal.suits,
        power=trumps.power if trumps is not None else (0,) * 64,
        trump_suit=trumps.suit if trumps is not None else -1,
        follow_trump=rules.follow_trump and trumps is not None,
        first_lead=rules.first_lead,
        two_of_clubs=TWO_OF_CLUBS,
        first_trick_barred=rules.first_trick_barred,
        lead_barred=rules.lead_barred,
        lead_free=rules.lead_free,
        breakers=rules.breakers,
        priv_mask=rules.priv_mask,
        priv_needed=rules.priv_needed,
        priv_last=rules.priv_last,
        only_card_forced=rules.only_card_forced,
        pool_of=pool_of,
        pools=pools,
        commit=rules.commit,
        end_on_break=rules.end_on_break,
        widow_to_dealer=rules.widow == "dealer",
    )
