"""The facts of a hand, in order, and the moves they record (see :mod:`reversis.engine.state`;
:func:`reversis.engine.eventing.event_of` makes the event objects).

The plays are not recorded as facts: they are read from the tricks, with their kind (led, forced,
played, placed: fournier-1785 §6, hoyle §6) worked out from what each seat held.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from reversis.engine.state import (
    CURRENT,
    DEAL,
    F_DECLINED,
    F_DISCARDED,
    F_EXCHANGED,
    F_GIVEN,
    F_PLAYED,
    F_POOL_OWED,
    F_POOL_WON,
    F_PRIVILEGE,
    F_SHOWN,
    F_TRICK,
    FACTS,
    HANDS,
    K_FORCED,
    K_LED,
    K_PLACED,
    K_PLAYED,
    LEADER,
    M64,
    STEP,
    TRICKS,
    Raw,
)
from reversis.moves import DECLINE, DISCARDS, EXCHANGES, GIVES, PASSES, PLAYS, Move
from reversis.profile.compiled import STEP_PASS

__all__ = ["facts_of", "moves_of_facts"]

#: The facts a trick's last card causes, listed before the trick is taken.
_BEFORE_TRICK = (F_PRIVILEGE, F_POOL_WON, F_POOL_OWED)


def facts_of(state: Raw) -> list[tuple[Any, ...]]:
    """The compact records of the events of ``state``, in order (each a tuple whose first item is
    an ``F_*`` code)."""
    deal = state[DEAL]
    nodes = []
    node = state[FACTS]
    while node is not None:
        nodes.append(node)
        node = node[0]
    nodes.reverse()
    recorded: dict[int, list[tuple[Any, ...]]] = {}
    for node in nodes:
        recorded.setdefault(node[1], []).extend(node[2:])
    out = recorded.get(-1, [])
    if deal.shown >= 0:
        # tetka §2, reunion §4: the card shown to everyone at the deal.
        out.append((F_SHOWN, deal.dealer, deal.shown))
    plays = play_facts(state)
    nsteps = deal.nsteps
    n = deal.rules.players
    tricks = state[TRICKS]
    for step in range(state[STEP]):
        here = recorded.get(step, ())
        if step < nsteps:
            out.extend(here)
            continue
        out.append(plays[step - nsteps])
        if (step - nsteps) % n != n - 1:
            out.extend(here)
            continue
        # the last card of a trick: what it caused, the trick taken, then the rest
        out.extend(f for f in here if f[0] in _BEFORE_TRICK)
        number = (step - nsteps) // n + 1
        leader, _, winner, _ = tricks[number - 1]
        out.append((F_TRICK, number, leader, winner))
        out.extend(f for f in here if f[0] not in _BEFORE_TRICK)
    return out


def play_facts(state: Raw) -> list[tuple[Any, ...]]:
    """``(F_PLAYED, seat, bit, trick, kind)`` for every card played, in order."""
    deal = state[DEAL]
    rules = deal.rules
    n = rules.players
    plays = [(leader, cards) for leader, cards, _, _ in state[TRICKS]]
    if state[CURRENT]:
        plays.append((state[LEADER], state[CURRENT]))
    trumps = deal.trumps
    suits = trumps.suits if trumps is not None else rules.suit_masks
    out = []
    if not rules.only_card_forced:
        for number, (leader, bits) in enumerate(plays, start=1):
            led = suits[_suit(deal, bits[0])] if trumps is not None else suits[bits[0] >> 4]
            seat = leader
            out.append((F_PLAYED, seat, bits[0], number, K_LED))
            for b in bits[1:]:
                seat = seat + 1 if seat + 1 < n else 0
                # fournier-1785 §6: a card of the suit led is forced; another is placed.
                out.append((F_PLAYED, seat, b, number, K_FORCED if led >> b & 1 else K_PLACED))
        return out
    # what each seat held when play began: what it holds now and what it played
    held = [state[HANDS] >> (p << 6) & M64 for p in range(n)]
    for leader, bits in plays:
        for k, b in enumerate(bits):
            held[(leader + k) % n] |= 1 << b
    for number, (leader, bits) in enumerate(plays, start=1):
        led = suits[_suit(deal, bits[0])]
        for k, b in enumerate(bits):
            seat = (leader + k) % n
            if k == 0:
                kind = K_LED
            elif not led >> b & 1:
                kind = K_PLACED
            elif held[seat] & led != 1 << b:
                # hoyle §6: played, holding another card of the suit led; else forced.
                kind = K_PLAYED
            else:
                kind = K_FORCED
            held[seat] ^= 1 << b
            out.append((F_PLAYED, seat, b, number, kind))
    return out


def _suit(deal: Any, bit: int) -> int:
    trumps = deal.trumps
    if trumps is not None and bit == trumps.left:
        return int(trumps.suit)
    return bit >> 4


def moves_of_facts(facts: Sequence[tuple[Any, ...]]) -> tuple[Move, ...]:
    """The moves that made these facts, in order."""
    out: list[Move] = []
    for fact in facts:
        code = fact[0]
        move: Move | None
        if code == F_PLAYED:
            move = PLAYS[fact[2]]
        elif code == F_EXCHANGED:
            move = EXCHANGES[fact[2]]
        elif code == F_DECLINED:
            move = DECLINE
        elif code == F_DISCARDED:
            move = DISCARDS[fact[2]]
        elif code == F_GIVEN:
            move = (PASSES if fact[4] == STEP_PASS else GIVES)[fact[3]]
        else:
            continue
        assert move is not None
        out.append(move)
    return tuple(out)
