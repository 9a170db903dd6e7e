"""Players that decide from a seat's view only, never from hidden cards.

A bot is any callable ``bot(view) -> move``. Three are provided:

* :class:`RandomBot` plays a legal move chosen at random;
* :class:`CautiousBot` plays by rules of thumb: it leads the lowest card of its longest suit,
  follows with its highest card that still loses the trick (its lowest when none does), places its
  most dangerous card when it cannot or need not follow (the quinola and the aces first), and puts
  aside its most dangerous cards in the exchange;
* :class:`MonteCarloBot` searches: determinized Monte Carlo on :func:`reversis.sample_world`, each
  legal move played out in worlds consistent with its view by :func:`reversis.rollouts`.

:func:`play_hand` and :func:`play_match` play with one bot per seat; :func:`make_bot` makes a bot
from its name (``random``, ``cautious``, ``monte-carlo``, and ``ismcts``: the tree search of
:class:`reversis.bots.search.ISMCTSBot`), as the command line does.

    >>> import random
    >>> from reversis import load_profile, new_hand
    >>> from reversis.bots.players import RandomBot, play_hand
    >>> bots = [RandomBot(random.Random(seat)) for seat in range(4)]
    >>> play_hand(new_hand(load_profile(), seed=7), bots).is_over
    True
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import attrs

from reversis.bots.budgets import check_search_settings
from reversis.bots.playouts import cautious_pick as _pick
from reversis.bots.playouts import cautious_policy, danger, playout
from reversis.bots.playouts import danger_table as _table
from reversis.cards import Card
from reversis.errors import ArgumentError
from reversis.hand import Hand
from reversis.moves import Decline, Move, Play
from reversis.profile import Profile
from reversis.views.view import HandView

if TYPE_CHECKING:
    from reversis.match import Match

__all__ = [
    "BOT_NAMES",
    "LEARNED",
    "Bot",
    "CautiousBot",
    "MonteCarloBot",
    "RandomBot",
    "cautious_policy",
    "danger",
    "is_bot_name",
    "make_bot",
    "play_hand",
    "play_match",
]

#: A player: given its view, returns a legal move.
Bot = Callable[[HandView], Move]

#: The names :func:`make_bot` knows, as the command line's ``--bots`` takes them.
BOT_NAMES = ("random", "cautious", "monte-carlo", "ismcts", "learned")

#: The prefix of a learned policy's name: ``learned:PATH`` plays the policy saved at ``PATH`` by
#: ``examples/learn/train.py`` (:mod:`reversis.bots.learned`).
LEARNED = "learned:"


def is_bot_name(name: object) -> bool:
    """Whether :func:`make_bot` knows ``name``: one of :data:`BOT_NAMES`, or ``learned:PATH``."""
    return isinstance(name, str) and (name in BOT_NAMES or name.startswith(LEARNED))


def _moves(view: HandView) -> tuple[Move, ...]:
    """The legal moves of ``view``; :class:`~reversis.ArgumentError` if it is not a view or its
    seat has no move to make (it is not its turn, or the hand is over)."""
    if not isinstance(view, HandView):
        raise ArgumentError(f"a bot chooses from a HandView, not {type(view).__name__}")
    if not view.legal_moves:
        raise ArgumentError(f"seat {view.seat} has no move to make in this view")
    return view.legal_moves


@attrs.define
class RandomBot:
    """Plays a legal move chosen with ``rng``."""

    rng: random.Random = attrs.field(factory=random.Random)

    def __call__(self, view: HandView) -> Move:
        """Choose a move for ``view`` (:class:`~reversis.ArgumentError` if it has none)."""
        return self.rng.choice(_moves(view))


@attrs.define
class CautiousBot:
    """Avoids points and tricks by rules of thumb, deterministically: it leads the lowest card of
    its longest suit; when it must follow, it plays its highest card under the best card of the
    suit led, else its lowest; when it renounces (or the privilege lets it), it places its most
    dangerous card (:func:`danger`); in the exchange, the pass or a gift it puts aside its most
    dangerous card, and never declines. ``rng`` is kept for compatibility; ties do not occur."""

    rng: random.Random = attrs.field(factory=random.Random)

    def __call__(self, view: HandView) -> Move:
        """Choose a move for ``view`` (:class:`~reversis.ArgumentError` if it has none)."""
        legal = _moves(view)
        table = _table(view.rules)
        if not isinstance(legal[0], Play):
            cards = [m for m in legal if not isinstance(m, Decline)]
            if not cards:
                return legal[0]
            return max(cards, key=lambda m: (table[m.card.index], m.card.index))
        mask = 0
        for move in legal:
            mask |= 1 << move.card.index  # type: ignore[union-attr]
        trick = view.current_trick
        bits = tuple(card.index for _, card in trick.plays) if trick is not None else ()
        return Play(Card.from_index(_pick(mask, bits, table)))


@attrs.define
class MonteCarloBot:
    """Determinized Monte Carlo search: for each sampled world (:func:`reversis.sample_world`),
    every legal move is played, the hand played out to its end by :func:`reversis.rollouts` with
    the ``"cautious"`` policy (:func:`cautious_policy`; the moves before play at random, the same
    seed for every move of a world), and the move's net money in the settlement for the bot's seat
    added up; the move with the best total is played (ties to the first legal move).

    The budget is ``playouts`` worlds a decision (deterministic with a seeded ``rng``), or
    ``millis`` milliseconds of sampling a decision (at least one world; not reproducible). With
    both, whichever ends first (:mod:`reversis.bots.budgets`: at most a day). ``profile`` is
    needed only for views read from data of a profile that is not shipped. Bad settings raise
    :class:`~reversis.ArgumentError` when the bot is made.

        >>> import random
        >>> from reversis import new_hand
        >>> hand = new_hand("fournier-1785", seed=7)
        >>> bot = MonteCarloBot(random.Random(1), playouts=4)
        >>> bot(hand.view(hand.to_move)) in hand.legal_moves()
        True
    """

    rng: random.Random = attrs.field(factory=random.Random)
    playouts: int | None = 16
    millis: float | None = None
    profile: Profile | None = None

    def __attrs_post_init__(self) -> None:
        check_search_settings(
            "MonteCarloBot", self.rng, "playouts", self.playouts, self.millis, None, self.profile
        )

    def __call__(self, view: HandView) -> Move:
        """Choose a move for ``view`` (:class:`~reversis.ArgumentError` if it has none;
        :class:`~reversis.NoWorldError` if :func:`reversis.sample_world` finds no world for it)."""
        from reversis.worlds.sampler import world_sampler  # noqa: PLC0415 - loads with the bot's first move

        moves = _moves(view)
        if len(moves) == 1:
            return moves[0]
        sample = world_sampler(view, profile=self.profile)
        seat = view.seat
        totals = [0] * len(moves)
        deadline = (
            time.perf_counter() + self.millis / 1000 if self.millis is not None else float("inf")
        )
        worlds = 0
        while True:
            world = sample(self.rng)
            seed = self.rng.getrandbits(64)  # one seed a world: each move played out alike
            for i, move in enumerate(moves):
                totals[i] += playout(world.apply(move), seed=seed, policy="cautious")[seat]
            worlds += 1
            if self.playouts is not None and worlds >= self.playouts:
                break
            if time.perf_counter() >= deadline:
                break
        best = max(range(len(moves)), key=lambda i: (totals[i], -i))
        return moves[best]


def make_bot(name: str, seed: int | None = None, **options: object) -> Bot:
    """A bot from its name in :data:`BOT_NAMES`, its random choices seeded with ``seed``;
    ``options`` go to its class (``playouts=``, ``millis=`` for ``monte-carlo``; ``iterations=``,
    ``millis=`` for ``ismcts``). ``learned`` plays the network shipped for the view's profile,
    ``learned:PATH`` the policy saved at ``PATH`` by ``examples/learn``
    (:mod:`reversis.bots.learned`; both need NumPy: ``reversis[learn]``).

        >>> make_bot("cautious", 1)
        CautiousBot(rng=<random.Random object at ...>)
        >>> make_bot("clever")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        reversis.errors.ArgumentError: unknown bot 'clever': choose random, cautious, ... or learned
    """
    if name == "learned" or (isinstance(name, str) and name.startswith(LEARNED)):
        if options:
            raise ArgumentError(f"a learned bot takes no options, not {', '.join(options)}")
        from reversis.bots.learned import ShippedLearnedBot, learned_bot  # noqa: PLC0415 - NumPy

        return ShippedLearnedBot() if name == "learned" else learned_bot(name[len(LEARNED) :])
    rng = random.Random(seed)
    if name == "monte-carlo":
        return MonteCarloBot(rng, **options)  # type: ignore[arg-type]
    if name == "ismcts":
        from reversis.bots.search import ISMCTSBot  # noqa: PLC0415 - bots.search imports this module

        return ISMCTSBot(rng, **options)  # type: ignore[arg-type]
    if name in ("random", "cautious") and options:
        raise ArgumentError(f"the {name} bot takes no options, not {', '.join(options)}")
    if name == "random":
        return RandomBot(rng)
    if name == "cautious":
        return CautiousBot(rng)
    raise ArgumentError(
        f"unknown bot {str(name)[:40]!r}: choose {', '.join(BOT_NAMES[:-1])} or {BOT_NAMES[-1]}"
    )


def _check_bots(bots: Sequence[Bot], players: int) -> None:
    if isinstance(bots, str) or not isinstance(bots, Sequence):
        raise ArgumentError(
            f"bots must be a sequence of one bot per seat, not {type(bots).__name__}"
        )
    if len(bots) != players:
        raise ArgumentError(f"{len(bots)} bots for {players} seats: give one bot per seat")
    for seat, bot in enumerate(bots):
        if not callable(bot):
            raise ArgumentError(f"bots[{seat}] is not callable: {type(bot).__name__}")


def play_hand(hand: Hand, bots: Sequence[Bot]) -> Hand:
    """Play ``hand`` to the end, asking ``bots[seat]`` for each move from that seat's view.

    :class:`~reversis.ArgumentError` unless there is one bot per seat;
    :class:`~reversis.IllegalMoveError` if a bot chooses an illegal move.
    """
    if not isinstance(hand, Hand):
        raise ArgumentError(f"play_hand() needs a Hand, not {type(hand).__name__}")
    _check_bots(bots, hand.players)
    while not hand.is_over:
        seat = hand.to_move
        assert seat is not None
        hand = hand.apply(bots[seat](hand.view(seat)))
    return hand


def play_match(
    match: Match, bots: Sequence[Bot], *, end_choice: str = "share", max_hands: int = 1000
) -> Match:
    """Play ``match`` (a :class:`~reversis.Match`) to its end with one bot per seat and return
    the finished match. Deciders at the end of the agreed hands choose ``end_choice``; more than
    ``max_hands`` hands (``"continue"`` may go on and on) raise :class:`~reversis.ArgumentError`.

        >>> import random
        >>> from reversis import new_match
        >>> bots = [CautiousBot(random.Random(s)) for s in range(3)]
        >>> play_match(new_match("reunion", seed=1), bots).is_over
        True
    """
    from reversis.match import Match, MatchPhase  # noqa: PLC0415 - the match layer loads on use

    if not isinstance(match, Match):  # a caller without types
        raise ArgumentError(f"play_match() needs a Match, not {type(match).__name__}")
    _check_bots(bots, match.players)
    played = 0
    while not match.is_over:
        if match.phase is MatchPhase.DECIDING:
            for seat in match.deciders:
                match = match.choose(seat, end_choice)
            continue
        if played >= max_hands:
            raise ArgumentError(f"the match did not end within max_hands={max_hands} hands")
        if match.hand is None:
            match = match.start_hand()
        assert match.hand is not None
        match = match.finish_hand(play_hand(match.hand, bots))
        played += 1
    return match
