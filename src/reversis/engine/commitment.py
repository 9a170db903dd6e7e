"""The reversis: taking every trick (fournier-1785 §8, english §11, hoyle §11).

A player who takes each of the profile's first ``commit`` tricks (9 of 11) is committed to the
reversis: from then on the quinolas are ordinary cards (no pool is won or owed). The first trick
after the commitment that another player takes breaks it: the taker of trick 10, or, if the
reversis player took trick 10, the taker of trick 11. With ``end_on_break`` the hand ends when it
is broken (trick 11 is not played). If the reversis player takes every trick, the reversis is made.
What a reversis made or broken pays is the game's settlement (:mod:`reversis.games.reversis`).
"""

from __future__ import annotations

from reversis.engine.deal import Deal
from reversis.engine.facts import Broken, Committed, Fact, Made
from reversis.engine.state import Extra, TrickRecord

__all__ = ["after_trick"]


def after_trick(
    deal: Deal, extra: Extra, tricks: tuple[TrickRecord, ...]
) -> tuple[Extra, list[Fact], bool]:
    """What the trick just taken (the last of ``tricks``) does to the reversis: the new extra part
    of the state, the facts it causes, and whether the hand is over."""
    rules = deal.rules
    number = len(tricks)
    taker = tricks[-1].winner
    committed, breaker = extra.committed, extra.breaker
    facts: list[Fact] = []
    over = number == rules.tricks
    if number == rules.commit and all(trick.winner == taker for trick in tricks):
        # fournier-1785 §8: winning the first 9 tricks commits to the reversis.
        committed = taker
        facts.append(Committed(taker, number))
    elif committed >= 0 and breaker < 0 and taker != committed:
        # fournier-1785 §8: broken by the first other taker; the profile says whether the hand
        # then ends.
        breaker = taker
        facts.append(Broken(committed, taker, number))
        over = over or rules.end_on_break
    if over and committed >= 0 and breaker < 0:
        facts.append(Made(committed))
    if committed != extra.committed or breaker != extra.breaker:
        extra = extra._replace(committed=committed, breaker=breaker)
    return extra, facts, over
