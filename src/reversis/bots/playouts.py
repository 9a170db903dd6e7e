"""Playouts in a batch, for search bots: :func:`rollouts` plays a hand, or worlds sampled from a view,
to the end ``n`` times and gives each seat's result per playout.

    >>> from reversis import new_hand, rollouts
    >>> hand = new_hand("fournier-1785", seed=7)
    >>> results = rollouts(hand, 3, seed=1)
    >>> results.shape, results.format
    ((3, 4), 'q')
    >>> results[0, 2] == results.tolist()[0][2]  # playout 0, seat 2
    True

The playouts' random choices come from the library's own generator (splitmix64), seeded with
``seed``: the same seed gives the same results on both engines (the compiled core and the
reference, ``REVERSIS_ENGINE=python``). Where the core plays, the whole loop of a playout runs in C
(with the ``"random"`` and ``"cautious"`` policies); a Python callable policy is called for every
play, which is slower.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any, ClassVar

import attrs

from reversis._core import engine_name
from reversis.cards import CARD_AT, Card, cards_from_mask
from reversis.engine import play as reference
from reversis.engine.play import Policy
from reversis.engine.state import State
from reversis.errors import ArgumentError, IllegalMoveError
from reversis.games import game_of
from reversis.hand import Hand, state_of
from reversis.profile import Profile
from reversis.views.view import HandView

__all__ = [
    "MAX_PLAYOUTS",
    "POLICIES",
    "RESULTS",
    "CautiousPolicy",
    "cautious_pick",
    "cautious_policy",
    "danger",
    "danger_table",
    "playout",
    "result_function",
    "rollouts",
]

#: The most playouts one call of :func:`rollouts` makes (its results take 8 bytes a seat each).
MAX_PLAYOUTS = 1_000_000

#: The built-in policies :func:`rollouts` knows by name.
POLICIES = ("random", "cautious")

#: The core's playouts and its state class where the core plays, else ``None``.
_CORE: ModuleType | None = None
_CORE_STATE: type | None = None
if engine_name() == "compiled":
    from reversis._core import playouts as _core_playouts
    from reversis._core.state import CoreState as _CoreState

    _CORE = _core_playouts
    _CORE_STATE = _CoreState
_MASK64 = (1 << 64) - 1


# -- the cautious policy (reversis.bots.players.CautiousBot's plays) -----------------------------------


def _danger_table(profile: Profile) -> tuple[int, ...]:
    """:func:`danger` for every card index 0–63 (0 where there is no card)."""
    points = dict(profile.points.trick) if profile.points is not None else {}
    specials = {code for special in profile.specials for code in special.cards}
    quinolas = {code for s in profile.specials if s.name == "quinola" for code in s.cards}
    game = game_of(profile)
    table = [0] * 64
    for index in range(64):
        try:
            card = Card.from_index(index)
        except ValueError:
            continue
        value = 10 * points.get(card.rank.code, 0) + int(card.rank)
        if card.code in specials:
            value += 200 if card.code in quinolas else 100
        value += game.card_danger(card)  # the game's penalty cards (hearts §8, tetka §4)
        table[index] = value
    return tuple(table)


_TABLES: dict[int, tuple[Profile, tuple[int, ...]]] = {}


def danger_table(profile: Profile) -> tuple[int, ...]:
    """:func:`danger` of every card bit 0–63 of ``profile`` (kept per profile)."""
    cached = _TABLES.get(id(profile))
    if cached is None or cached[0] is not profile:
        cached = (profile, _danger_table(profile))
        if len(_TABLES) > 64:
            _TABLES.clear()
        _TABLES[id(profile)] = cached
    return cached[1]


def danger(profile: Profile, card: Card) -> int:
    """How much ``card`` costs to hold in a game of avoiding tricks (higher: worse): the profile's
    special cards (aces, quinolas), Hearts' queen of spades and hearts and Tëtka's queens first,
    then the card's points in tricks, then its rank.

        >>> from reversis import Card, load_profile
        >>> profile = load_profile("fournier-1785")
        >>> danger(profile, Card.parse("JH")) > danger(profile, Card.parse("KS"))
        True
    """
    return danger_table(profile)[card.index]


def _lowest(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def _highest(mask: int) -> int:
    return mask.bit_length() - 1


_SUITS = tuple(0xFFFF << (16 * s) for s in range(4))


def cautious_pick(legal: int, trick: tuple[int, ...], table: tuple[int, ...]) -> int:
    """The cautious choice, on card bits (see :class:`reversis.bots.players.CautiousBot`; the core's
    ``cautious_card`` is this function in C, held equal to it by ``tests/bots/test_rollouts.py``)."""
    if not trick:
        # Lead the lowest card of the longest suit.
        best = max(_SUITS, key=lambda suit: ((legal & suit).bit_count(), -suit))
        return _lowest(legal & best)
    led = _SUITS[trick[0] >> 4]
    following = legal & led
    if following and following == legal:
        high = 0
        for bit in trick:
            if 1 << bit & led:
                high = max(high, bit)
        under = following & ((1 << high) - 1)
        return _highest(under) if under else _lowest(following)
    # A renounce (or a free choice): place the most dangerous card.
    bits = [b for b in range(legal.bit_length()) if legal >> b & 1]
    return max(bits, key=lambda b: (table[b], b))


@attrs.frozen
class CautiousPolicy:
    """The cautious policy of one profile, as :func:`cautious_policy` gives it: a rollout policy
    (``policy(seat, legal, trick) -> card bit``) that the compiled core recognises and plays in C
    (``core_policy``), with the same choices as calling it."""

    #: The profile's :func:`danger` of every card bit 0–63.
    danger: tuple[int, ...]
    #: The built-in policy the core plays in its own loop in place of calling this object.
    core_policy: ClassVar[str] = "cautious"

    def __call__(self, seat: int, legal: int, trick: tuple[int, ...]) -> int:
        """The cautious card of ``legal`` on ``trick`` (:func:`cautious_pick`)."""
        return cautious_pick(legal, trick, self.danger)

    def core_rollout(self, state: Any, draw: Callable[[], float]) -> Any:
        """The compiled core's rollout of ``state`` by this policy, played in C (the core's
        ``rollout`` calls it for a policy that has it; the rules know no policy)."""
        if _CORE is None:  # never asked: the reference engine calls the policy itself
            raise ArgumentError("core_rollout() needs the compiled core")
        return _CORE.cautious_rollout(state, draw, self)


def cautious_policy(profile: Profile) -> Policy:
    """:class:`~reversis.bots.players.CautiousBot`'s rules for the plays, as a rollout policy for
    :meth:`reversis.Hand.rollout` (card bits in, card bit out; played in C where the core plays);
    ``rollouts(..., policy="cautious")`` plays the same cards.

        >>> import random
        >>> from reversis import load_profile, new_hand
        >>> profile = load_profile("fournier-1785")
        >>> end = new_hand(profile, seed=7).rollout(random.Random(1), cautious_policy(profile))
        >>> end.is_over
        True
    """
    return CautiousPolicy(danger_table(profile))


# -- the result of a playout ---------------------------------------------------------------------

#: Each seat's result of a final state.
Result = Callable[[State], Sequence[int]]

#: What :func:`rollouts` can give for each seat.
RESULTS = ("net", "points")


def result_function(profile: Profile, result: str) -> Result:
    """Each seat's result of a final state: the net money of its settlement (``"net"``) or its
    points (``"points"``): the one place that reads a playout's result (on the compiled core,
    ``"net"`` is the core's own settlement, ``settle_net``, equal to it)."""
    game = game_of(profile)
    if result == "net":
        return lambda state: game.settle(state).net
    return game.points


# -- the generator and the reference's loop -----------------------------------------------------


def _next_choice(rng: list[int], count: int) -> int:
    """The core's choice among ``count`` moves (``_core/draws.pxd`` ``next_choice``): splitmix64's next
    number ``z`` (Steele, Lea and Flood, 2014), then the high word of ``z * count``."""
    rng[0] = z = (rng[0] + 0x9E3779B97F4A7C15) & _MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    z ^= z >> 31
    return (z * count) >> 64


def _nth_card(mask: int, k: int) -> int:
    """The card bit of the ``k``-th card (from 0) of ``mask`` in card order."""
    for _ in range(k):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1


def _refuse_policy(card: object, seat: int, legal: int) -> None:
    """The rollout's error for a policy's card that is not legal (the engine's words)."""
    found = CARD_AT[card] if type(card) is int and 0 <= card < 64 else None
    codes = " ".join(c.code for c in cards_from_mask(legal))
    raise IllegalMoveError(
        found.code if found is not None else repr(card),
        f"the rollout policy chose it for seat {seat}, who may play {codes}",
    )


def _play_out_reference(state: State, rng: list[int], policy: Policy | str | None) -> State:
    """The core's ``_roll_out`` on the reference engine: the same draws, the same moves."""
    table = danger_table(state.deal.profile) if policy == "cautious" else ()
    while state.to_move >= 0:
        if state.step < state.deal.nsteps:
            moves = reference.legal_moves(state)
            if not moves:
                raise ArgumentError(f"rollouts: no legal move at step {state.step}")
            state = reference.apply(state, moves[_next_choice(rng, len(moves))])
            continue
        legal = state.legal
        if policy is None:
            card = _nth_card(legal, _next_choice(rng, legal.bit_count()))
        elif isinstance(policy, str):
            card = cautious_pick(legal, state.current, table)
        else:
            card = policy(state.to_move, legal, state.current)
            if type(card) is not int or not 0 <= card < 64 or not legal >> card & 1:
                _refuse_policy(card, state.to_move, legal)
        state = reference.apply_card(state, card)
    return state


def _check_count(count: object, what: str) -> int:
    """``count`` if it is an integer from 0 to :data:`MAX_PLAYOUTS` (checked in Python integers,
    before any loop of the core), else an :class:`~reversis.ArgumentError`."""
    if type(count) is not int or not 0 <= count <= MAX_PLAYOUTS:
        raise ArgumentError(
            f"{what}: count must be an integer from 0 to {MAX_PLAYOUTS}, not {str(count)[:20]}"
        )
    return count


def _check_seed(seed: object, what: str) -> int:
    """``seed`` if it is an integer from 0 to 2**64 - 1, else an :class:`~reversis.ArgumentError`."""
    if type(seed) is not int or not 0 <= seed <= _MASK64:
        raise ArgumentError(
            f"{what}: seed must be an integer from 0 to 2**64 - 1, not {str(seed)[:40]}"
        )
    return seed


def _play_outs(
    state: State, count: int, seed: int, policy: Policy | str | None, result: str | Result
) -> tuple[array[int], int]:
    """``count`` playouts of ``state``, each giving ``result`` (a name of :data:`RESULTS` or a
    function of the final state), the generator starting at ``seed``: ``(values, next_seed)``,
    ``values`` an ``array("q")`` of its own of ``count * players`` integers (playout ``i``'s value
    for each seat at ``i * players + seat``) and the generator's state after them. On the core's
    states, the core's loop, which settles in C for ``"net"``."""
    _check_count(count, "play_outs")
    _check_seed(seed, "play_outs")
    profile = state.deal.profile
    if _CORE is not None and _CORE_STATE is not None and isinstance(state, _CORE_STATE):
        danger = danger_table(profile) if policy == "cautious" else ()
        of_state = result if result == "net" else _result_of(profile, result)
        values, next_seed = _CORE.play_outs(state, count, seed, policy, danger, of_state)
        return values, next_seed
    value = _result_of(profile, result)
    rng = [seed]
    values = array("q")
    n = len(state.held)
    for _ in range(count):
        row = tuple(value(_play_out_reference(state, rng, policy)))
        if len(row) != n:
            raise ArgumentError(f"play_outs: result gave {len(row)} values for {n} seats")
        values.extend(row)
    return values, rng[0]


def _play_out(
    state: State, seed: int, policy: Policy | str | None, result: str
) -> tuple[tuple[int, ...], int]:
    """One playout of ``state`` (as :func:`_play_outs`): ``(values, next_seed)``, ``values`` a
    tuple of one integer per seat."""
    if _CORE is not None and _CORE_STATE is not None and isinstance(state, _CORE_STATE):
        profile = state.deal.profile
        danger = danger_table(profile) if policy == "cautious" else ()
        of_state = result if result == "net" else _result_of(profile, result)
        one: tuple[tuple[int, ...], int] = _CORE.play_out(state, seed, policy, danger, of_state)
        return one
    values, next_seed = _play_outs(state, 1, seed, policy, result)
    return tuple(values), next_seed


def _result_of(profile: Profile, result: str | Result) -> Result:
    """``result`` as a function of the final state (:func:`result_function` of a name)."""
    if isinstance(result, str):
        if result not in RESULTS:
            raise ArgumentError(f"play_outs: result must be 'net' or 'points', not {result[:40]!r}")
        return result_function(profile, result)
    return result


def rollouts(
    source: Hand | HandView,
    n: int,
    *,
    seed: int,
    policy: str | Policy = "random",
    result: str = "net",
    profile: Profile | None = None,
) -> memoryview:
    """Play ``source`` out ``n`` times and give each seat's result per playout: a read-only
    :class:`memoryview` of shape ``(n, players)`` and format ``"q"`` (64-bit integers), row ``i``
    holding playout ``i``'s result for each seat (``.tolist()`` makes lists; NumPy reads it without
    a copy: ``numpy.asarray(results)``).

    ``source`` is a :class:`~reversis.Hand` (every playout starts from it) or a
    :class:`~reversis.HandView` (every playout on a fresh world of the view,
    :func:`reversis.sample_world`; ``profile`` as there, for a view of a profile that is not
    shipped). ``result`` is ``"net"``, each seat's net money in the settlement of the finished hand
    (:func:`reversis.settle`'s ``net``, what :class:`~reversis.bots.players.MonteCarloBot` adds up), or
    ``"points"``, its points (:attr:`reversis.Hand.points`).

    ``policy`` chooses the plays: ``"random"`` (each legal card alike), ``"cautious"``
    (:func:`cautious_policy`, the plays of :class:`~reversis.bots.players.CautiousBot`), or a callable
    ``policy(seat, legal, trick) -> card bit`` as :meth:`reversis.Hand.rollout` takes (slower: it is
    called for every play). The moves before play (exchanges, passes…) are random.

    ``seed`` (an integer from 0 to 2**64 - 1) seeds the library's own generator (splitmix64; from a
    view, each playout's world is drawn from it too, then played out): the same call gives the same
    results on both engines. Where the core plays, the worlds of a view are drawn, replayed, checked
    and played out in C (:mod:`reversis.worlds.plan`). :class:`~reversis.ArgumentError` for arguments
    of the wrong type or range (``n`` from 1 to :data:`MAX_PLAYOUTS`), an unknown policy or result;
    :class:`~reversis.IllegalMoveError` if a policy returns a card that is not legal.
    """
    if not isinstance(source, Hand | HandView):
        raise ArgumentError(f"rollouts() needs a Hand or a HandView, not {type(source).__name__}")
    if type(n) is not int or not 1 <= n <= MAX_PLAYOUTS:
        raise ArgumentError(
            f"rollouts: n must be an integer from 1 to {MAX_PLAYOUTS}, not {str(n)[:20]}"
        )
    chosen = _chosen(seed, policy, result, "rollouts")
    if isinstance(source, Hand):
        players = source.players
        out, _ = _play_outs(state_of(source), n, seed, chosen, result)
    else:
        out = _view_play_outs(source, n, seed, chosen, result, profile)
        players = len(out) // n
    return memoryview(out).cast("B").cast("q", (n, players)).toreadonly()


def playout(
    hand: Hand, *, seed: int, policy: str | Policy = "random", result: str = "net"
) -> tuple[int, ...]:
    """One playout of ``hand``: each seat's result, a tuple (the row of ``rollouts(hand, 1, ...)``,
    without the array), for a search that plays out one position at a time, as
    :class:`~reversis.bots.players.MonteCarloBot` does. ``seed``, ``policy`` and ``result`` as for
    :func:`rollouts`.

        >>> from reversis import new_hand
        >>> hand = new_hand("fournier-1785", seed=7)
        >>> playout(hand, seed=1) == tuple(rollouts(hand, 1, seed=1).tolist()[0])
        True
    """
    if not isinstance(hand, Hand):
        raise ArgumentError(f"playout() needs a Hand, not {type(hand).__name__}")
    values, _ = _play_out(state_of(hand), seed, _chosen(seed, policy, result, "playout"), result)
    return values


def _chosen(seed: object, policy: object, result: object, what: str) -> Policy | str | None:
    """The policy the loops take for ``policy`` (``None`` for ``"random"``), once ``seed``,
    ``policy`` and ``result`` are checked (:class:`~reversis.ArgumentError`)."""
    _check_seed(seed, what)
    if isinstance(policy, str):
        if policy not in POLICIES:
            raise ArgumentError(
                f"{what}: unknown policy {policy[:40]!r}: choose random, cautious or a callable"
            )
    elif not callable(policy):
        raise ArgumentError(f"{what}: policy {type(policy).__name__} is not callable")
    if not isinstance(result, str) or result not in RESULTS:
        raise ArgumentError(f"{what}: result must be 'net' or 'points', not {str(result)[:40]!r}")
    return None if policy == "random" else policy


def _view_play_outs(
    view: HandView,
    n: int,
    seed: int,
    policy: Policy | str | None,
    result: str,
    profile: Profile | None,
) -> array[int]:
    """:func:`rollouts` of a view: for each playout, a world drawn from the generator
    (:func:`reversis.worlds.plan.draw_world`), then played out from it: in C where the core draws
    the view's worlds, else a world at a time."""
    # imported here: the worlds load with the first rollouts of a view
    from reversis.worlds.plan import Draws, draw_world, no_world  # noqa: PLC0415
    from reversis.worlds.sampler import ATTEMPTS, core_plan, view_plan  # noqa: PLC0415

    resolved, fast = core_plan(view, profile=profile)
    if fast is not None:  # the plan read from the view in C: worlds drawn and played out in C
        danger = danger_table(resolved) if policy == "cautious" else ()
        of_state = result if result == "net" else result_function(resolved, result)
        out, after = fast.rollouts(n, seed, ATTEMPTS, policy, danger, of_state)
        if after < 0:
            raise no_world(view.seat, ATTEMPTS)
        return out  # type: ignore[no-any-return]
    plan = view_plan(view, profile=profile)
    out = array("q")
    draws = Draws(seed)
    for _ in range(n):
        world = draw_world(plan, None, draws, ATTEMPTS)
        values, draws.value = _play_out(state_of(world), draws.value, policy, result)
        out.extend(values)
    return out
