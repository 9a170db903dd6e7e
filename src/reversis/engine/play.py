"""The play of the cards: who leads, what may be played, who wins a trick (the engine's rules of play).

Three mechanisms, chosen by the profile's data (``profile.compiled.mode``):

* plain: follow the suit led if able, else any card; the highest card of the suit led wins
  (fournier-1785 §6, tetka §3), with the privilege of the four aces or the espagnolette, which lets
  its holder renounce at will (fournier-1785 §11);
* Hearts: the same, with the first lead, the first trick's ban on points and the lead of hearts
  before they are broken (hearts §5, §7);
* trumps: the turn-up's suit is trumps, maybe with bowers; follow if able, else (maybe) trump; the
  highest trump wins, else the highest card of the suit led (reunion §2, §5).

The plain mechanism's fast path is inlined in :meth:`reversis.Hand.apply`; these functions give the
legal cards of the other two, trick winners, and the reason a card may not be played.
"""

from __future__ import annotations

from reversis.cards import Card, cards_from_mask
from reversis.engine.deal import Deal
from reversis.engine.state import CURRENT, DEAL, EXTRA, HANDS, M64, TRICKS, Raw
from reversis.profile.compiled import MODE_HEARTS, MODE_TRUMPS

__all__ = ["first_leader", "legal_cards", "suit_followed", "trick_winner", "why_not"]


def held_by(hands: int, seat: int) -> int:
    """The cards ``seat`` holds, from the packed hands."""
    return hands >> (seat << 6) & M64


def first_leader(deal: Deal, hands: int) -> int:
    """Who leads the first trick: the eldest (fournier-1785 §6, tetka §3, reunion §5), or in Hearts
    the holder of the two of clubs (hearts §5)."""
    rules = deal.rules
    if rules.mode == MODE_HEARTS:
        two = 1 << Card.parse("2C").index
        for seat in range(rules.players):
            if held_by(hands, seat) & two:
                return seat
    return (deal.dealer + 1) % rules.players


def suit_followed(deal: Deal, bit: int) -> int:
    """The suit a card counts as for following: its own, or trumps for the left bower (reunion §2)."""
    trumps = deal.trumps
    if trumps is not None and bit == trumps.left:
        return trumps.suit
    return bit >> 4


def legal_cards(state: Raw, seat: int) -> int:
    """The mask of the cards ``seat`` may play now (it is to play, in the play phase)."""
    deal, hands = state[DEAL], state[HANDS]
    rules = deal.rules
    held = held_by(hands, seat)
    current = state[CURRENT]
    if rules.mode == MODE_TRUMPS:
        trumps = deal.trumps
        assert trumps is not None
        if not current:
            return held
        # reunion §5: follow the suit led if able (a led bower leads trumps); else trump if able.
        follow = held & trumps.suits[suit_followed(deal, current[0])]
        if follow:
            return follow
        if rules.follow_trump:
            ruff = held & trumps.suits[trumps.suit]
            if ruff:
                return ruff
        return held
    first = not state[TRICKS]
    if current:
        # fournier-1785 §6: follow suit if able; §11: the privileged may renounce at will.
        follow = held & rules.suit_masks[current[0] >> 4]
        if follow and (seat != state[EXTRA].privilege or len(state[TRICKS]) >= rules.priv_last):
            return follow
        if follow:
            return held
        if rules.mode == MODE_HEARTS and first and rules.first_trick_barred:
            # hearts §5: no heart or queen of spades on the first trick, unless nothing else.
            allowed = held & ~rules.first_trick_barred
            if allowed:
                return allowed
        return held
    if rules.mode == MODE_HEARTS:
        if first:
            # hearts §5: the holder of the two of clubs leads it (or any club, by the flag).
            return held & rules.first_lead or held
        if rules.lead_barred and not state[EXTRA].broken:
            # hearts §7: no heart led before hearts are broken, unless nothing else is held; with
            # can_lead_hearts_instead_of_qs, a hand whose only other card is the QS leads anything.
            allowed = held & ~rules.lead_barred
            if allowed and allowed != rules.lead_free:
                return allowed
    return held


def trick_winner(deal: Deal, leader: int, cards: tuple[int, ...]) -> int:
    """The seat that wins a complete trick led by ``leader``."""
    n = deal.rules.players
    trumps = deal.trumps
    mask = 0
    for bit in cards:
        mask |= 1 << bit
    if trumps is None:
        # fournier-1785 §6: the highest card of the suit led wins.
        led = cards[0] >> 4
        best = (mask >> (led << 4) & 0xFFFF).bit_length() - 1 + (led << 4)
    else:
        # reunion §5: the highest trump wins; if none, the highest card of the suit led.
        ruffs = mask & trumps.suits[trumps.suit]
        group = ruffs or mask & trumps.suits[suit_followed(deal, cards[0])]
        power = trumps.power
        best = max((b for b in cards if group >> b & 1), key=lambda b: power[b])
    return (leader + cards.index(best)) % n


def why_not(state: Raw, seat: int, bit: int) -> str:
    """Why ``seat`` may not play card ``bit`` now (it holds it, and it is not a legal card)."""
    deal = state[DEAL]
    rules = deal.rules
    held = held_by(state[HANDS], seat)
    allowed = " ".join(c.code for c in cards_from_mask(legal_cards(state, seat)))
    current = state[CURRENT]
    if current:
        led = suit_followed(deal, current[0])
        follow = held & (deal.trumps.suits[led] if deal.trumps else rules.suit_masks[led])
        if follow:
            why = f"seat {seat} must follow suit ({'CDHS'[led]}) and holds " + " ".join(
                c.code for c in cards_from_mask(follow)
            )
            if seat == state[EXTRA].privilege:
                name = deal.profile.privilege.name if deal.profile.privilege else "privilege"
                why += f" (the privilege of the {name} lasts up to trick {rules.priv_last})"
            return why
        if rules.mode == MODE_TRUMPS:
            return f"seat {seat} cannot follow and must trump: {allowed}"
        return f"on the first trick seat {seat} may play no heart or queen of spades: {allowed}"
    if not state[TRICKS]:
        return (
            f"the first trick is led with the two of clubs (or a club, by the profile): {allowed}"
        )
    return f"hearts are not broken: seat {seat} may lead {allowed}"
