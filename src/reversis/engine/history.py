"""The facts of a hand in order, read from its state (see :mod:`reversis.engine.facts`), and the
moves that made them.

The engine records only the facts that the plays do not show; the plays themselves, and how each
card was played, are read from the tricks here.
"""

from __future__ import annotations

from collections.abc import Iterable

from reversis.engine.facts import (
    Dealt,
    Declined,
    Discarded,
    Exchanged,
    Fact,
    Given,
    Played,
    PoolOwed,
    PoolWon,
    PrivilegeUsed,
    Shown,
    TrickTaken,
)
from reversis.engine.state import State
from reversis.moves import DECLINE, DISCARDS, EXCHANGES, GIVES, PASSES, PLAYS, Move

__all__ = ["facts_of", "moves_of", "plays_of"]

#: The facts a trick's last card causes, which come before the trick is taken.
_BEFORE_TRICK = (PrivilegeUsed, PoolWon, PoolOwed)


def plays_of(state: State) -> list[Played]:
    """Every card played so far, in order, with how it was played (fournier-1785 §6, hoyle §6)."""
    n = state.deal.rules.players
    tricks = [(trick.leader, trick.cards, trick.kinds) for trick in state.tricks]
    if state.current:
        tricks.append((state.leader, state.current, state.kinds))
    return [
        Played((leader + position) % n, card, number, kind)
        for number, (leader, cards, kinds) in enumerate(tricks, start=1)
        for position, (card, kind) in enumerate(zip(cards, kinds, strict=True))
    ]


def facts_of(state: State) -> list[Fact]:
    """Every fact of the engine in ``state``, in order: the deal, the steps before play, then each
    card played followed by what it caused and, at a trick's last card, the trick taken and what
    that caused (the game's facts of the end of the hand are the game's, see
    :mod:`reversis.games`)."""
    deal = state.deal
    n = deal.rules.players
    by_step: dict[int, list[Fact]] = {}
    for recorded in state.facts:
        by_step.setdefault(recorded.step, []).append(recorded.fact)
    out: list[Fact] = [Dealt(deal.dealer, (deal.dealer + 1) % n)]
    if deal.shown >= 0:
        # tetka §2, reunion §4: the card shown to everyone at the deal, one of the dealer's.
        out.append(Shown(deal.dealer, deal.shown))
    plays = plays_of(state)
    for step in range(state.step):
        caused = by_step.get(step, [])
        if step < deal.nsteps:
            out.extend(caused)
            continue
        play = plays[step - deal.nsteps]
        out.append(play)
        if (step - deal.nsteps) % n != n - 1:  # not a trick's last card
            out.extend(caused)
            continue
        # the last card of a trick: what it caused, the trick taken, then what that caused
        out.extend(fact for fact in caused if isinstance(fact, _BEFORE_TRICK))
        trick = state.tricks[play.trick - 1]
        out.append(TrickTaken(play.trick, trick.leader, trick.winner))
        out.extend(fact for fact in caused if not isinstance(fact, _BEFORE_TRICK))
    return out


def moves_of(facts: Iterable[Fact]) -> tuple[Move, ...]:
    """The moves that made these facts, in order."""
    out: list[Move | None] = []
    for fact in facts:
        if isinstance(fact, Played):
            out.append(PLAYS[fact.card])
        elif isinstance(fact, Exchanged):
            out.append(EXCHANGES[fact.discarded])
        elif isinstance(fact, Declined):
            out.append(DECLINE)
        elif isinstance(fact, Discarded):
            out.append(DISCARDS[fact.card])
        elif isinstance(fact, Given):
            out.append((PASSES if fact.passed else GIVES)[fact.card])
    moves = tuple(move for move in out if move is not None)
    assert len(moves) == len(out), "a fact names a card that is not in the pack"
    return moves
