"""The trick engine: the mechanisms of the family of games, chosen by a profile's data.

============================  ====================================================================
module                        what it holds
============================  ====================================================================
:mod:`~.state`                the named state record and the codes of the facts
:mod:`~.chance`               the seeded shuffle, the cut, the draw for the first dealer
:mod:`~.deal`                 the deal: cards dealt, widow, card shown, pass direction, trumps
:mod:`~.exchange`             the steps before play: exchanges, discards, gives, passes
:mod:`~.play`                 following, trumps, the leads of Hearts, trick winners
:mod:`~.points`               points in tricks as each game counts them
:mod:`~.outcome`              the winner and loser of Reversis' pot
:mod:`~.trick`                the trick value, the phases, what a completed trick causes
:mod:`~.facts`                the facts of a hand as moves
:mod:`~.eventing`             the facts of a hand as events (imported on first use)
:mod:`~.reading`              :class:`~.reading.HandReading`: what a hand shows, read from its state
:mod:`~.hand`                 :class:`~.hand.EngineHand`: ``legal_moves()`` and ``apply()``
:mod:`~.rollout`              ``hand.rollout()``: a hand played to its end in one loop
:mod:`~.actions`              the fixed action space of a profile
:mod:`~.tables`               the look-up tables of moves
============================  ====================================================================

The engine knows nothing of money, views, records or the command line: those layers read its
facts through names.
"""
