"""Information-set Monte Carlo tree search: :class:`ISMCTSBot`.

Single-observer ISMCTS (Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree Search",
IEEE Transactions on Computational Intelligence and AI in Games 4(2), 2012, algorithm 3) searches
one tree whose nodes are the bot's information sets: a node is a line of moves from the bot's
view, every seat's moves in it, as the bot would tell them apart. Each iteration

1. **determinizes**: draws a world consistent with the view (:mod:`reversis.worlds`, which reads
   the view and nothing else);
2. **selects**: from the root, while every move the world allows has a child, goes to the child
   with the best UCB1 value among those whose move the world allows, ``mean + c * s *
   sqrt(ln(n') / n)``, the mean being the mover's reward, ``n`` the child's visits and ``n'`` its
   availability (the iterations in which its move was legal: a card the world gives another seat
   is not always there, so the counts of the paper, not the parent's visits), and ``s`` the
   standard deviation of the rewards backed up so far (every seat's, every iteration's): the
   constant ``c`` counts in the spread the hands show, so one constant suits every profile,
   whether its rewards lie close together (a hand of Réunion moves little of what the profile
   could move) or far apart;
3. **expands**: adds one child for a move the world allows that the node lacks (at random);
4. **plays out** the world to the end of the hand: the cautious policy
   (:func:`reversis.bots.players.cautious_policy`), the steps before play at random, and a play at
   random with probability ``epsilon``: by default 0.1 in the games of avoiding tricks and
   penalty cards, 1 (every play at random) where the most points win (:func:`playout_epsilon`);
5. **backpropagates**: each node on the path is visited once more and adds the reward of the seat
   whose move led to it: its net money in the settlement, normalised from the profile's bounds
   (:func:`reversis.games.net_bounds`) to ``[0, 1]``.

With ``inference`` above 0 the worlds are weighed by the play seen so far: a world is discounted
by ``1 - inference`` for each play of another seat that is not the card the cautious policy would
have played in it (:func:`surprises`), against the last :data:`POOL_WORLDS` worlds drawn, and
each iteration searches one of those worlds chosen in proportion to its weight. The other seats
are taken to play much as the cautious rules do: a world in which their plays were the obvious
ones is likelier than one in which they made many odd choices. Where the worlds are drawn
beforehand (the steps before play, the first lead) nobody has played a card yet and every world
counts alike.

The move played is the root's child visited most. The tree covers every step of a hand the
engine has moves for (exchanges, declines, discards, gifts, passes, plays), so the bot plays every
profile.

Where the compiled core plays (:mod:`reversis._core.search`), the whole search runs in C: worlds,
tree, playouts and settlements, no Python call per node. In a position whose worlds the core does
not draw (the steps before play, the first lead), up to :data:`WORLDS` worlds are drawn beforehand
in Python and each iteration takes one of them at random. On the reference engine
(``REVERSIS_ENGINE=python``) the same algorithm runs here in Python, slower. Both are
deterministic with a seeded ``rng`` and an ``iterations`` budget (the two draw different numbers,
so their choices may differ).

    >>> import random
    >>> from reversis import new_hand
    >>> hand = new_hand("hearts", seed=7)
    >>> bot = ISMCTSBot(random.Random(1), iterations=50)
    >>> bot(hand.view(hand.to_move)) in hand.legal_moves()
    True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from types import ModuleType

import attrs

from reversis._core import engine_name
from reversis.bots.budgets import MAX_MILLIS as _MAX_MILLIS
from reversis.bots.budgets import check_search_settings, number
from reversis.bots.playouts import cautious_pick, danger_table, playout
from reversis.engine.tricks import Phase
from reversis.errors import ArgumentError
from reversis.games import game_of, net_bounds
from reversis.hand import Hand, hand_of_state, state_of
from reversis.moves import Decline, Move
from reversis.playing import engine_of
from reversis.profile import Profile
from reversis.views.view import HandView

__all__ = [
    "CAUTIOUS_PLAYOUTS",
    "DECLINE_CODE",
    "MAX_ITERATIONS",
    "MAX_MILLIS",
    "POOL_WORLDS",
    "RANDOM_PLAYOUTS",
    "WORLDS",
    "WORLDS_SHARE",
    "ISMCTSBot",
    "move_code",
    "playout_epsilon",
    "surprises",
]

#: The most iterations of one search (the compiled core's limit too).
MAX_ITERATIONS = 1_000_000
#: The longest budget of one search, in milliseconds (a day: :data:`.budgets.MAX_MILLIS`).
MAX_MILLIS = _MAX_MILLIS
#: The most worlds drawn beforehand for a search in C where the core does not draw a view's worlds.
WORLDS = 64
#: The share of a ``millis`` budget that drawing them may take.
WORLDS_SHARE = 0.4
#: The worlds the inference weighs against each other: the last drawn (the core's too).
POOL_WORLDS = 64
#: The code of :class:`~reversis.Decline` in the search's tree (a card's move is its bit, 0–63).
DECLINE_CODE = 64
#: :func:`playout_epsilon` in the games of avoiding tricks and penalty cards: a random play in ten.
CAUTIOUS_PLAYOUTS = 0.1
#: :func:`playout_epsilon` in a game where the most points win: every play at random.
RANDOM_PLAYOUTS = 1.0

#: The compiled search where the core plays, else ``None``.
_CORE: ModuleType | None = None
if engine_name() == "compiled":
    from reversis._core import search as _core_search

    _CORE = _core_search


def playout_epsilon(profile: Profile) -> float:
    """The chance of a random play in the search's playouts where :class:`ISMCTSBot` is not given
    an ``epsilon``: :data:`RANDOM_PLAYOUTS` (every play at random) in a game where the most points
    win (Réunion, reunion §8: card points are won, and the cautious rules, which duck and shed
    their costliest card, give them away), :data:`CAUTIOUS_PLAYOUTS` (the cautious card, but a
    random one a play in ten) in the games of avoiding tricks and penalty cards. Both were
    measured against the cautious playouts (``epsilon=0``) on the ladder: ``docs/bots.rst``.

        >>> from reversis import load_profile
        >>> playout_epsilon(load_profile("reunion")), playout_epsilon(load_profile("hearts"))
        (1.0, 0.1)
    """
    return RANDOM_PLAYOUTS if game_of(profile).highest_points_win else CAUTIOUS_PLAYOUTS


def surprises(world: Hand, seat: int, table: tuple[int, ...]) -> int:
    """The plays in ``world`` of the seats other than ``seat`` that are not the card the cautious
    policy (:func:`reversis.bots.playouts.cautious_pick` with the danger ``table``) would have
    played there, the world's hands being what they were: what the search's ``inference``
    discounts a world for. The world is replayed from its deal; the steps before play count
    nothing.

        >>> from reversis import new_hand
        >>> from reversis.bots.playouts import cautious_policy, danger_table
        >>> hand = new_hand("hearts", seed=7)
        >>> table = danger_table(hand.profile)
        >>> cautious = hand.rollout(policy=cautious_policy(hand.profile))
        >>> surprises(cautious, 0, table)
        0
    """
    state = state_of(world)
    hand = hand_of_state(engine_of(state).start(state.deal))
    count = 0
    for move in world.moves:
        if hand.phase is Phase.PLAY and hand.to_move != seat:
            legal = 0
            for play in hand.legal_moves():
                legal |= 1 << move_code(play)
            trick = hand.current_trick
            bits = tuple(card.index for _, card in trick.plays) if trick is not None else ()
            if move_code(move) != cautious_pick(legal, bits, table):
                count += 1
        hand = hand.apply(move)
    return count


def move_code(move: Move) -> int:
    """The code of ``move`` in the search's tree: its card's bit, or :data:`DECLINE_CODE`."""
    if isinstance(move, Decline):
        return DECLINE_CODE
    return move.card.index  # every other move has a card


@attrs.define
class ISMCTSBot:
    """Information-set Monte Carlo tree search (see the module's docstring): a tree over the
    bot's information sets, a world of its view drawn for each iteration, UCB1 with availability
    counts, playouts by the cautious rules with random plays (:func:`playout_epsilon`), each
    seat's net money normalised by the profile's bounds.

    The budget is ``iterations`` iterations a decision (deterministic with a seeded ``rng``) or
    ``millis`` milliseconds a decision (at least one iteration; not reproducible), whichever ends
    first when both are given. ``exploration`` is UCB1's constant ``c``, in standard deviations of
    the rewards seen (the module's step 2); ``epsilon`` the chance
    that a playout plays a random card instead of the cautious one (``None``: the profile's own,
    :func:`playout_epsilon`); ``inference`` (0 to 1) how
    much a world is discounted for each play of another seat that the cautious rules would not
    have made in it (the module's text; 0: the worlds as drawn, alike). ``profile`` is needed only for
    views read from data of a profile that is not shipped. Bad budgets raise
    :class:`~reversis.ArgumentError`.

        >>> import random
        >>> from reversis import new_hand
        >>> hand = new_hand("fournier-1785", seed=7)
        >>> bot = ISMCTSBot(random.Random(1), iterations=40)
        >>> bot(hand.view(hand.to_move)) in hand.legal_moves()
        True
    """

    rng: random.Random = attrs.field(factory=random.Random)
    iterations: int | None = 1000
    millis: float | None = None
    exploration: float = 2.0
    epsilon: float | None = None
    inference: float = 0.0
    profile: Profile | None = None

    def __attrs_post_init__(self) -> None:
        check_search_settings(
            "ISMCTSBot",
            self.rng,
            "iterations",
            self.iterations,
            self.millis,
            MAX_ITERATIONS,
            self.profile,
        )
        number(self.exploration, 0, 100, "exploration")
        if self.epsilon is not None:
            number(self.epsilon, 0, 1, "epsilon")
        number(self.inference, 0, 1, "inference")

    def __call__(self, view: HandView) -> Move:
        """Choose a move for ``view`` (:class:`~reversis.ArgumentError` if it has none;
        :class:`~reversis.NoWorldError` if no world of it turns up)."""
        # imported here: the worlds load with the bot's first move
        from reversis.worlds.plan import lower_plan, no_world  # noqa: PLC0415
        from reversis.worlds.sampler import ATTEMPTS, core_plan, view_plan  # noqa: PLC0415

        if not isinstance(view, HandView):
            raise ArgumentError(f"a bot chooses from a HandView, not {type(view).__name__}")
        moves = view.legal_moves
        if not moves:
            raise ArgumentError(f"seat {view.seat} has no move to make in this view")
        if len(moves) == 1:
            return moves[0]
        seed = self.rng.getrandbits(64)
        start = time.perf_counter()
        resolved, fast = core_plan(view, profile=self.profile)
        plan = None
        if fast is None:
            plan = view_plan(view, profile=self.profile)
            fast = lower_plan(plan)
        low, high = net_bounds(resolved)
        table = danger_table(resolved)
        epsilon = playout_epsilon(resolved) if self.epsilon is None else float(self.epsilon)
        if _CORE is None:  # the reference engine: no plan of the core, the search in Python
            assert plan is not None
            return _search(self, plan, moves, seed, (low, high), table, epsilon)
        if fast is None:  # the worlds drawn beforehand, in Python; the search in C
            assert plan is not None
            fast, seed = self._worlds(plan, seed, start)
        millis = self.millis  # what is left of it (the plan read, the worlds drawn)
        if millis is not None:
            millis = max(millis - 1000 * (time.perf_counter() - start), 0.001)
        code, _, _ = _CORE.search(
            fast,
            self.iterations,
            millis,
            seed,
            ATTEMPTS,
            table,
            low,
            high,
            float(self.exploration),
            epsilon,
            float(self.inference),
        )
        if code is None:
            raise no_world(view.seat, ATTEMPTS)
        by_code = {move_code(move): move for move in moves}
        return by_code[code]

    def _worlds(self, plan: object, seed: int, start: float) -> tuple[tuple[object, ...], int]:
        """Worlds of ``plan`` drawn beforehand from ``seed`` for the search in C, where the core
        does not draw the view's worlds itself (the steps before play, the first lead): at most
        :data:`WORLDS` and ``iterations``, drawn within :data:`WORLDS_SHARE` of ``millis`` (at
        least one). The worlds' states and the generator's state after them."""
        from reversis.worlds.plan import Draws, draw_world  # noqa: PLC0415 - loaded with the bot
        from reversis.worlds.sampler import ATTEMPTS  # noqa: PLC0415

        most = min(WORLDS, self.iterations or WORLDS)
        until = start + WORLDS_SHARE * self.millis / 1000 if self.millis is not None else math.inf
        draws = Draws(seed)
        worlds: list[object] = []
        while len(worlds) < most and (not worlds or time.perf_counter() < until):
            worlds.append(state_of(draw_world(plan, None, draws, ATTEMPTS)))
        return tuple(worlds), draws.value


class _Node:
    """A node of the reference's tree: the move into it was made by ``seat``."""

    __slots__ = ("avail", "children", "seat", "total", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.children: dict[Move, _Node] = {}
        self.visits = 0
        self.avail = 1
        self.total = 0.0


def _search(
    bot: ISMCTSBot,
    plan: object,
    moves: tuple[Move, ...],
    seed: int,
    bounds: tuple[int, int],
    table: tuple[int, ...],
    epsilon: float,
) -> Move:
    """The search in Python (the module's docstring, step for step), on ``Hand`` values."""
    from reversis.worlds.plan import Draws, draw_world  # noqa: PLC0415 - loaded with the bot
    from reversis.worlds.sampler import ATTEMPTS  # noqa: PLC0415

    draws = Draws(seed)
    root = _Node(-1)
    low, span = bounds[0], bounds[1] - bounds[0]
    policy = _policy(draws, epsilon, table)
    seen, mean, square = 0, 0.0, 0.0  # the rewards' count, mean and squared deviations (Welford)
    limit = bot.iterations if bot.iterations is not None else MAX_ITERATIONS
    deadline = time.perf_counter() + bot.millis / 1000 if bot.millis is not None else math.inf
    keep = 1.0 - bot.inference
    seat = plan.view.seat  # type: ignore[attr-defined]
    pool: list[tuple[Hand, int]] = []  # the last POOL_WORLDS worlds drawn, with their surprises
    for done in range(limit):
        if done and time.perf_counter() >= deadline:
            break
        hand = draw_world(plan, None, draws, ATTEMPTS)
        if keep < 1.0:
            hand = _weighed(
                pool, done % POOL_WORLDS, hand, surprises(hand, seat, table), keep, draws
            )
        path = [root]
        spread = math.sqrt(square / seen) if seen else 0.0
        hand = _descend(root, hand, path, draws, bot.exploration * spread)
        nets = playout(hand, seed=draws.below(1 << 64), policy=policy)
        rewards = [min(1.0, max(0.0, (net - low) / span)) for net in nets]
        for reward in rewards:
            seen += 1
            delta = reward - mean
            mean += delta / seen
            square += delta * (reward - mean)
        for node in path:
            node.visits += 1
            if node.seat >= 0:
                node.total += rewards[node.seat]
    visits = {move: child.visits for move, child in root.children.items()}
    return max(moves, key=lambda m: (visits.get(m, -1), -move_code(m)))


def _weighed(
    pool: list[tuple[Hand, int]], slot: int, hand: Hand, count: int, keep: float, draws: object
) -> Hand:
    """The inference's world (the C search's ``_draw_weighed``): ``hand``, with ``count``
    surprises, put in the pool's ``slot`` (the oldest, once it is full), then one of the pool's
    worlds chosen in proportion to ``keep ** (surprises - fewest)``."""
    if slot < len(pool):
        pool[slot] = (hand, count)
    else:
        pool.append((hand, count))
    least = min(surprise for _, surprise in pool)
    weights = [keep ** (surprise - least) for _, surprise in pool]
    u = sum(weights) * draws.below(1 << 30) / (1 << 30)  # type: ignore[attr-defined]
    for (world, _), weight in zip(pool, weights, strict=True):
        u -= weight
        if u < 0:
            return world
    return pool[-1][0]


def _descend(root: _Node, hand: Hand, path: list[_Node], draws: object, explore: float) -> Hand:
    """Selection and expansion in the world ``hand`` (the C search's ``_descend``), ``explore``
    the constant times the rewards' spread: the nodes passed appended to ``path``; the world
    after their moves."""
    node = root
    while not hand.is_over:
        legal = hand.legal_moves()
        untried = []
        for move in legal:
            child = node.children.get(move)
            if child is None:
                untried.append(move)
            else:
                child.avail += 1
        if untried:
            move = untried[draws.below(len(untried))]  # type: ignore[attr-defined]
            seat = hand.to_move
            assert seat is not None
            node.children[move] = child = _Node(seat)
            path.append(child)
            return hand.apply(move)
        move = max(legal, key=lambda m: _ucb(node.children[m], explore))
        node = node.children[move]
        path.append(node)
        hand = hand.apply(move)
    return hand


def _ucb(node: _Node, explore: float) -> float:
    """UCB1 with availability: the mover's mean reward plus ``explore * sqrt(ln n' / n)``."""
    return node.total / node.visits + explore * math.sqrt(math.log(node.avail) / node.visits)


def _policy(
    draws: object, epsilon: float, table: tuple[int, ...]
) -> str | Callable[[int, int, tuple[int, ...]], int]:
    """The playouts' policy: ``"cautious"``, or with ``epsilon`` the cautious card but a random
    one with probability ``epsilon`` (drawn from ``draws``)."""
    if not epsilon:
        return "cautious"
    threshold = int(epsilon * (1 << 30))

    def policy(seat: int, legal: int, trick: tuple[int, ...]) -> int:
        if draws.below(1 << 30) < threshold:  # type: ignore[attr-defined]
            k = draws.below(legal.bit_count())  # type: ignore[attr-defined]
            for _ in range(k):
                legal &= legal - 1
            return (legal & -legal).bit_length() - 1
        return cautious_pick(legal, trick, table)

    return policy
