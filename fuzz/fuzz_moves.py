"""Fuzz the moves of a hand: legal, illegal and unparseable moves, on every shipped profile.

What it checks, besides "typed errors only": a move is accepted by ``apply`` exactly when it is in
``legal_moves()`` (and ``is_legal`` agrees); a refused move leaves the hand as it was; a finished
hand's settlement conserves money (the players' net is what the pools lost); its record replays to an equal
hand; ``rollout`` from any point ends the hand. Run: ``bash fuzz/run.sh moves``."""

from __future__ import annotations

import random

import atheris
from common import random_hand, run, size, typed_errors_only

with atheris.instrument_imports(include=["reversis"]):
    import reversis
    from reversis import IllegalMoveError
    from reversis.records import notation as records


def test_one_input(data: bytes) -> None:
    """One input of the fuzzer (see the module's docstring)."""
    fdp = atheris.FuzzedDataProvider(data)
    hand = random_hand(fdp, 0)
    profile = hand.profile
    count = reversis.action_count(profile)
    while fdp.remaining_bytes():
        legal = hand.legal_moves()
        if not legal:
            break
        pick = fdp.ConsumeIntInRange(0, 3)
        if pick == 0:  # any action of the game, legal or not
            move = reversis.move_at(profile, fdp.ConsumeIntInRange(0, count - 1))
        elif pick == 1:  # text, maybe a move
            with typed_errors_only():
                move = reversis.parse_move(fdp.ConsumeUnicodeNoSurrogates(8))
                _try(hand, move, legal)
            continue
        else:
            move = legal[fdp.ConsumeIntInRange(0, len(legal) - 1)]
        hand = _try(hand, move, legal)
    if fdp.ConsumeBool() and not hand.is_over:
        hand = hand.rollout(random.Random(fdp.ConsumeIntInRange(0, 2**32)))
        assert hand.is_over
    with typed_errors_only():
        reversis.rollouts(hand, size(fdp, 4), seed=fdp.ConsumeIntInRange(0, 2**64 - 1))
    if hand.is_over:
        settlement = reversis.settle(hand)
        # what the players lose goes into the pools, what they win comes out of them
        assert sum(settlement.net) == hand.deal.stakes.pool_total - settlement.stakes.pool_total
    assert records.replay(records.dump(hand)) == hand


def _try(
    hand: reversis.Hand, move: reversis.Move, legal: tuple[reversis.Move, ...]
) -> reversis.Hand:
    """``hand.apply(move)``, checked against ``legal``."""
    before = hand.legal_moves()
    assert hand.is_legal(move) == (move in legal)
    try:
        after = hand.apply(move)
    except IllegalMoveError:
        assert move not in legal, f"{move} refused but legal"
        assert hand.legal_moves() == before
        return hand
    assert move in legal, f"{move} accepted but not legal"
    return after


if __name__ == "__main__":
    run(test_one_input)
