"""The trick engine: the mechanisms every game of the family shares, chosen by a profile's data.

============================  ====================================================================
module                        what it holds
============================  ====================================================================
:mod:`~.state`                the state of a hand (:class:`~.state.State`), its trick records
:mod:`~.facts`                what happened: one named record per kind of fact
:mod:`~.history`              the facts of a state in order, and the moves they show
:mod:`~.chance`               the seeded shuffle, the cut, the draw for the first dealer
:mod:`~.deal`                 the deal: cards dealt, widow, card shown, pass direction, trumps
:mod:`~.steps`                the steps before play: exchanges, discards, gives, passes
:mod:`~.follow`               what may be played: following, the privilege, trumps, Hearts' leads
:mod:`~.tricks`               who takes a trick, the phases, the public :class:`~.tricks.Trick`
:mod:`~.commitment`           the reversis committed, broken or made
:mod:`~.play`                 the rules put together: ``legal_moves``, ``apply``, ``rollout``
:mod:`~.eventing`             the facts of a hand as public events (imported on first use)
:mod:`~.actions`              the fixed action space of a profile
:mod:`~.tables`               the look-up tables of moves
============================  ====================================================================

The engine knows nothing of points, money, views, records or the command line: the games
(:mod:`reversis.games`) and the layers above read its states and facts by their names.
"""
