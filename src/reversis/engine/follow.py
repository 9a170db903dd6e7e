"""What may be played: the rules of following and leading, and who leads the first trick.

Every game follows the same rule, whose exceptions each profile chooses by its data:

* **Following** (fournier-1785 §6, tetka §3, hearts §6, reunion §5): a player able to follow the
  suit led must, except the holder of a privilege (fournier-1785 §11), who may renounce at will up
  to the profile's last privileged trick. A player unable to follow may play any card, except
  that in Réunion he must trump if able (reunion §5), and that in Hearts no point card may go to
  the first trick unless he holds nothing else (hearts §5).
* **Leading** (fournier-1785 §6): any card, except in Hearts, where the first trick is led with
  the two of clubs (hearts §5) and hearts may not be led before they are broken, unless nothing
  else is held (hearts §7).

A card follows the suit of its face, except Réunion's left bower, which follows trumps (reunion §2:
``deal.follows`` and ``deal.led_cards``, made with the deal by
:func:`~reversis.engine.deal.make_deal`).

How a card is played, as the events name it (:func:`play_kind`: fournier-1785 §6, hoyle §6), and
whether a trick breaks hearts (:func:`breaks_hearts`: hearts §7) are here too: the engine and the
checks of a view read from data (:mod:`reversis.views.rules`) ask the same functions.
"""

from __future__ import annotations

from reversis.cards import Card, cards_from_mask
from reversis.engine.deal import Deal
from reversis.engine.facts import FORCED, LED, PLACED, PLAYED, Kind
from reversis.engine.state import Extra, State, TrickRecord, make_state

__all__ = ["breaks_hearts", "first_leader", "legal_cards", "play_kind", "to_play", "why_not"]


def first_leader(deal: Deal, held: tuple[int, ...]) -> int:
    """Who leads the first trick: the eldest (fournier-1785 §6, tetka §3, reunion §5), or the
    holder of the two of clubs where the profile says so (hearts §5)."""
    rules = deal.rules
    if rules.first_lead:
        two = Card.parse("2C").mask
        for seat, cards in enumerate(held):
            if cards & two:
                return seat
    return (deal.dealer + 1) % rules.players


def to_play(state: State) -> State:
    """``state``, whose steps before play are over, with the first leader to play
    (fournier-1785 §6, hearts §5)."""
    deal, held, step, _, _, current, kinds, tricks, facts, extra, _ = state
    leader = first_leader(deal, held)
    legal = legal_cards(deal, leader, held[leader], current, tricks, extra)
    return make_state(
        (deal, held, step, leader, leader, current, kinds, tricks, facts, extra, legal)
    )


def legal_cards(
    deal: Deal,
    seat: int,
    held: int,
    current: tuple[int, ...],
    tricks: tuple[TrickRecord, ...],
    extra: Extra,
) -> int:
    """The mask of the cards ``seat``, holding ``held``, may play to the trick ``current`` after the
    completed ``tricks`` (the engine keeps it as ``state.legal``)."""
    rules = deal.rules
    first_trick = not tricks
    if current:
        # fournier-1785 §6: follow the suit led if able.
        follow = held & deal.led_cards[current[0]]
        if follow:
            # fournier-1785 §11 (english §12, hoyle §12): the player who qualified for the
            # privilege after the exchange may renounce at will, up to the profile's last
            # privileged trick.
            if seat == extra.privilege and len(tricks) < rules.priv_last:
                return held
            return follow
        if rules.follow_trump and deal.trumps is not None:
            # reunion §5: unable to follow, trump if able.
            ruff = held & deal.suits[deal.trumps.suit]
            if ruff:
                return ruff
        if first_trick and held & ~rules.first_trick_barred:
            # hearts §5: no heart and not the queen of spades on the first trick, unless the player
            # holds nothing else.
            return held & ~rules.first_trick_barred
        return held
    if first_trick and rules.first_lead:
        # hearts §5: the holder of the two of clubs leads it (or any club, by the profile).
        return held & rules.first_lead or held
    if rules.lead_barred and not extra.broken:
        # hearts §7: no heart led before hearts are broken, unless nothing else is held; with
        # can_lead_hearts_instead_of_qs, a hand whose only other card is the queen of spades may
        # lead anything.
        allowed = held & ~rules.lead_barred
        if allowed and allowed != rules.lead_free:
            return allowed
    return held


def play_kind(deal: Deal, held: int, current: tuple[int, ...], card: int) -> Kind:
    """How ``card`` is played to the trick ``current`` by a seat holding ``held`` (``card`` among
    them), as the events name it (fournier-1785 §6, hoyle §6): led; placed, of another suit than
    the one led; forced, of the suit led, or (hoyle §6, ``play.forced = "only-card"``) played, of
    the suit led while holding another."""
    if not current:
        return LED
    follow = held & deal.led_cards[current[0]]
    if not follow >> card & 1:
        return PLACED
    if deal.rules.only_card_forced and follow != 1 << card:
        return PLAYED
    return FORCED


def breaks_hearts(deal: Deal, cards: int) -> bool:
    """Whether a trick of the cards ``cards`` (a mask) breaks hearts (hearts §7: the first heart
    played, or the queen of spades where the profile says so, breaks them)."""
    return bool(cards & deal.rules.breakers)


def why_not(state: State, card: int) -> str:
    """Why the seat to move may not play ``card`` now (it holds it, and it is not a legal card)."""
    deal = state.deal
    seat = state.to_move
    held = state.held[seat]
    allowed = " ".join(c.code for c in cards_from_mask(state.legal))
    if state.current:
        led = deal.follows[state.current[0]]
        follow = held & deal.suits[led]
        if follow:
            why = f"seat {seat} must follow suit ({'CDHS'[led]}) and holds " + " ".join(
                c.code for c in cards_from_mask(follow)
            )
            if seat == state.extra.privilege:
                privilege = deal.profile.privilege
                name = privilege.name if privilege else "privilege"
                why += f" (the privilege of the {name} lasts up to trick {deal.rules.priv_last})"
            return why
        if deal.rules.follow_trump and deal.trumps is not None:
            return f"seat {seat} cannot follow and must trump: {allowed}"
        return f"on the first trick seat {seat} may play no heart or queen of spades: {allowed}"
    if not state.tricks:
        return (
            f"the first trick is led with the two of clubs (or a club, by the profile): {allowed}"
        )
    return f"hearts are not broken: seat {seat} may lead {allowed}"
