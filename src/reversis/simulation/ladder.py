"""The bots' ladder: every pair of bots on the same deals, duplicate style, and a rating per bot
with its 95 % interval, per profile (``python -m reversis ladder``).

**The play (duplicate).** Each pair of bots ``A``, ``B`` plays the same ``deals`` deals: deal ``d``
is dealt from the seed ``seed · 2³² + d`` (:func:`~reversis.simulation.runs.hand_seed`) by dealer
``d mod n`` (``n`` players), and played ``2n`` times: for each seat ``s``, ``A`` alone at ``s``
against ``B`` at every other seat, then ``B`` alone at ``s`` against ``A``. Over the ``2n`` plays
each bot holds every seat's cards ``n`` times, so the luck of the cards cancels: what is left is
how the bots play them. Each bot is made afresh for each play, its random choices seeded from
``(seed, profile, pair, deal, play, seat)``: with deterministic bots (a count budget, not a time
budget) the whole ladder depends on ``seed`` only, never on ``workers``.

**The margin.** A deal's margin of ``A`` over ``B`` is ``A``'s mean net a hand minus ``B``'s, each
over the ``n²`` seat-hands it played of that deal (the net of :func:`reversis.settle`, in the
profile's counters or units: more is better). A pair's margin is the mean over the deals.

**The ratings.** Ratings ``r`` fit the pairs' margins by least squares, ``r_A − r_B ≈ m_AB`` for
every pair, with ``Σ r = 0`` (:func:`fit_ratings`); for a full round robin of ``N`` bots the
solution is ``r_A = (1/N) Σ_B m_AB``, a bot's margins summed over its opponents (``m_AA = 0``)
and divided by the number of bots. A rating is in counters (or units) a hand against the field.

**The intervals.** By bootstrap over the deals: :data:`BOOTSTRAP` times, ``deals`` deals are drawn
with replacement (the same draw for every pair, so that their correlation is kept), the margins
and the ratings are computed again, and the 2.5th and 97.5th percentiles are the interval
(seeded: the same result for the same margins).

**The time a decision.** Each call of each bot is timed (:func:`time.perf_counter`), moves
with a single legal choice included; the mean in milliseconds is reported per bot (it is not part
of a result's equality: it changes from run to run).
"""

from __future__ import annotations

import itertools
import math
import random
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

import attrs

from reversis import jsonio
from reversis.bots.players import Bot, play_hand
from reversis.bots.specs import BotSpec, parse_bot_spec
from reversis.errors import ArgumentError
from reversis.hand import new_hand, settle
from reversis.moves import Move
from reversis.profile import Profile, load_profile
from reversis.simulation import workers as pool
from reversis.simulation.runs import MAX_SEED, hand_seed
from reversis.views.view import HandView

__all__ = [
    "BOOTSTRAP",
    "LadderResult",
    "PairResult",
    "ProfileLadder",
    "Rating",
    "bootstrap",
    "fit_ratings",
    "ladder",
    "seatings",
]

#: How many bootstrap draws make the intervals.
BOOTSTRAP = 1000
#: Most deals a pair plays in one ladder.
MAX_DEALS = 100_000


def seatings(players: int) -> list[tuple[int, ...]]:
    """The ``2n`` plays of a deal for a pair, as the pair's index (0 for ``A``, 1 for ``B``) at
    each seat: ``A`` alone at seat ``s`` then ``B`` alone at seat ``s``, for each ``s``.

    >>> seatings(3)
    [(0, 1, 1), (1, 0, 0), (1, 0, 1), (0, 1, 0), (1, 1, 0), (0, 0, 1)]
    """
    return [
        tuple(alone if s == seat else 1 - alone for s in range(players))
        for seat in range(players)
        for alone in (0, 1)
    ]


def fit_ratings(count: int, margins: Mapping[tuple[int, int], float]) -> list[float]:
    """The ratings of ``count`` bots that fit ``margins`` (``(i, j) → m_ij``, ``i < j``, every
    pair given) by least squares with a sum of zero: ``r_i = (1/count) Σ_j m_ij`` (see the
    module's text).

    >>> fit_ratings(3, {(0, 1): 2.0, (0, 2): 4.0, (1, 2): 1.0})
    [2.0, -0.3333333333333333, -1.6666666666666667]
    """
    if count < 2:
        raise ArgumentError("a ladder needs at least two bots")
    totals = [0.0] * count
    for i, j in itertools.combinations(range(count), 2):
        if (i, j) not in margins:
            raise ArgumentError(f"the margin of the pair ({i}, {j}) is missing")
        totals[i] += margins[i, j]
        totals[j] -= margins[i, j]
    return [total / count for total in totals]


def _percentiles(values: list[float]) -> tuple[float, float]:
    """The 2.5th and 97.5th percentiles of ``values`` (nearest rank)."""
    ordered = sorted(values)
    k = len(ordered)
    low = ordered[max(0, math.ceil(0.025 * k) - 1)]
    high = ordered[min(k - 1, math.ceil(0.975 * k) - 1)]
    return low, high


def bootstrap(
    count: int,
    per_deal: Mapping[tuple[int, int], Sequence[float]],
    draws: int = BOOTSTRAP,
    seed: int | str = 0,
) -> tuple[list[tuple[float, float]], dict[tuple[int, int], tuple[float, float]]]:
    """The 95 % intervals of the ratings and of the pairs' margins, by bootstrap over the deals
    (see the module's text): ``per_deal`` holds each pair's margin deal by deal, every pair over
    the same deals. Returns ``(intervals of the ratings, intervals of the margins by pair)``."""
    deals = len(next(iter(per_deal.values())))
    rng = random.Random(f"reversis-ladder-bootstrap:{seed}")
    ratings: list[list[float]] = [[] for _ in range(count)]
    margins: dict[tuple[int, int], list[float]] = {pair: [] for pair in per_deal}
    for _ in range(draws):
        drawn: dict[int, int] = {}
        for _ in range(deals):
            d = rng.randrange(deals)
            drawn[d] = drawn.get(d, 0) + 1
        mean = {
            pair: sum(times * values[d] for d, times in drawn.items()) / deals
            for pair, values in per_deal.items()
        }
        for pair, value in mean.items():
            margins[pair].append(value)
        for k, rating in enumerate(fit_ratings(count, mean)):
            ratings[k].append(rating)
    return [_percentiles(r) for r in ratings], {p: _percentiles(v) for p, v in margins.items()}


# -- results ------------------------------------------------------------------------------------


@attrs.frozen
class Rating:
    """One bot's place in a profile's ladder."""

    #: The bot's spec as written (``monte-carlo@50ms``).
    bot: str
    #: Its rating (counters or units a hand against the field) and 95 % interval.
    rating: float
    low: float
    high: float
    #: Decisions it made and the seconds they took (not part of equality: timing varies).
    decisions: int = attrs.field(eq=False)
    seconds: float = attrs.field(eq=False)

    @property
    def millis(self) -> float:
        """The mean time a decision, in milliseconds."""
        return 1000 * self.seconds / self.decisions if self.decisions else 0.0

    def to_dict(self) -> dict[str, Any]:
        """The rating as plain data."""
        return {**attrs.asdict(self), "ms_per_decision": self.millis}


@attrs.frozen
class PairResult:
    """The margin of ``first`` over ``second`` (more is better for ``first``), with its 95 %
    interval, and the deal-by-deal margins it is the mean of."""

    first: str
    second: str
    margin: float
    low: float
    high: float
    per_deal: tuple[float, ...] = attrs.field(repr=False)

    def to_dict(self) -> dict[str, Any]:
        """The pair as plain data (``per_deal`` included: the bootstrap can be done again)."""
        return {**attrs.asdict(self), "per_deal": list(self.per_deal)}


@attrs.frozen
class ProfileLadder:
    """The ladder of one profile: the ratings, best first, and every pair."""

    profile: str
    players: int
    deals: int
    ratings: tuple[Rating, ...]
    pairs: tuple[PairResult, ...]

    def to_dict(self) -> dict[str, Any]:
        """The profile's ladder as plain data."""
        return {
            "profile": self.profile,
            "players": self.players,
            "deals": self.deals,
            "ratings": [r.to_dict() for r in self.ratings],
            "pairs": [p.to_dict() for p in self.pairs],
        }


@attrs.frozen
class LadderResult:
    """What :func:`ladder` found, profile by profile."""

    bots: tuple[str, ...]
    deals: int
    seed: int
    profiles: tuple[ProfileLadder, ...]

    def to_dict(self) -> dict[str, Any]:
        """The result as plain data, ready for JSON (``ladder --json``)."""
        return {
            "schema": jsonio.SCHEMA,
            "type": "ladder",
            "bots": list(self.bots),
            "deals": self.deals,
            "seed": self.seed,
            "bootstrap": BOOTSTRAP,
            "profiles": [p.to_dict() for p in self.profiles],
        }

    def to_json(self) -> str:
        """:meth:`to_dict` as JSON text."""
        return jsonio.dumps(self.to_dict())

    def table(self) -> str:
        """The result as text tables, one per profile (:func:`~.ladder_report.table`)."""
        from reversis.simulation.ladder_report import table  # noqa: PLC0415

        return table(self)

    def plot(self, path: str) -> None:
        """Each profile's ratings with their intervals, into the picture file ``path`` (the
        ``plot`` extra, matplotlib): :func:`~.ladder_report.plot`."""
        from reversis.simulation.ladder_report import plot  # noqa: PLC0415

        plot(self, path)


# -- the play -----------------------------------------------------------------------------------


@attrs.define
class _Timed:
    """A bot whose calls are counted and timed."""

    bot: Bot
    calls: int = 0
    seconds: float = 0.0

    def __call__(self, view: HandView) -> Move:
        start = time.perf_counter()
        move = self.bot(view)
        self.seconds += time.perf_counter() - start
        self.calls += 1
        return move


@attrs.frozen
class _Task:
    """What a worker needs to play some deals of one pair: everything pickles."""

    profile: Profile
    specs: tuple[BotSpec, BotSpec]
    pair: tuple[int, int]
    seed: int


#: A deal's outcome: (pair, deal, Σ net of A − Σ net of B, (A's calls, seconds), (B's …)).
_Outcome = tuple[tuple[int, int], int, int, tuple[int, float], tuple[int, float]]


def _play(task: _Task, start: int, stop: int) -> list[_Outcome]:
    """Play deals ``start`` to ``stop - 1`` of the task's pair, each in every seating."""
    profile = task.profile
    n = profile.players
    out: list[_Outcome] = []
    for deal in range(start, stop):
        diff = 0
        calls = [0, 0]
        seconds = [0.0, 0.0]
        for play, seating in enumerate(seatings(n)):
            bots = []
            for seat, which in enumerate(seating):
                key = f"reversis-ladder:{task.seed}:{profile.name}:{task.pair}:{deal}:{play}:{seat}"
                bots.append(_Timed(task.specs[which].make(random.Random(key).getrandbits(64))))
            hand = new_hand(profile, seed=hand_seed(task.seed, deal), dealer=deal % n)
            net = settle(play_hand(hand, bots)).net
            for seat, which in enumerate(seating):
                diff += net[seat] if which == 0 else -net[seat]
                calls[which] += bots[seat].calls
                seconds[which] += bots[seat].seconds
        out.append((task.pair, deal, diff, (calls[0], seconds[0]), (calls[1], seconds[1])))
    return out


def _tasks(
    profile: Profile, specs: Sequence[BotSpec], deals: int, seed: int, size: int
) -> Iterator[tuple[_Task, int, int]]:
    for i, j in itertools.combinations(range(len(specs)), 2):
        task = _Task(profile, (specs[i], specs[j]), (i, j), seed)
        for start in range(0, deals, size):
            yield task, start, min(deals, start + size)


def ladder(
    bots: Sequence[str | BotSpec],
    profiles: Sequence[str | Profile] = ("fournier-1785",),
    *,
    deals: int = 100,
    seed: int = 0,
    workers: int = 1,
    draws: int = BOOTSTRAP,
    progress: Callable[[str, int, int], None] | None = None,
) -> LadderResult:
    """Play the ladder of ``bots`` (specs such as ``"monte-carlo@50ms"``,
    :func:`~reversis.bots.specs.parse_bot_spec`) on each of ``profiles`` (names, files or
    :class:`~reversis.Profile`; ``available_profiles()`` for all shipped), every pair on ``deals``
    deals, on ``workers`` processes, the intervals from ``draws`` bootstrap draws; ``progress``,
    if given, is called with ``(profile name, profiles done, profiles)`` as each profile is
    done. See the module's text for the method. :class:`~reversis.ArgumentError` for a wrong argument, before
    anything is played.

        >>> result = ladder(["cautious", "random"], ["hearts"], deals=2, draws=50)
        >>> [r.bot for r in result.profiles[0].ratings]
        ['cautious', 'random']
    """
    specs = [b if isinstance(b, BotSpec) else parse_bot_spec(b) for b in bots]
    names = [str(s) for s in specs]
    if len(specs) < 2:
        raise ArgumentError("a ladder needs at least two bots")
    if len(set(names)) != len(names):
        raise ArgumentError(f"each bot once: {', '.join(names)} names one twice")
    if type(deals) is not int or not 1 <= deals <= MAX_DEALS:
        raise ArgumentError(f"deals must be a whole number from 1 to {MAX_DEALS}, not {deals!r}")
    if type(seed) is not int or not 0 <= seed <= MAX_SEED:
        raise ArgumentError(f"seed must be an integer from 0 to 2**64 - 1, not {str(seed)[:40]}")
    if type(workers) is not int or not 1 <= workers <= pool.max_workers():
        raise ArgumentError(f"workers must be from 1 to {pool.max_workers()}, not {workers!r}")
    if type(draws) is not int or not 1 <= draws <= 100_000:
        raise ArgumentError(f"draws must be a whole number from 1 to 100000, not {draws!r}")
    if not profiles:
        raise ArgumentError("give at least one profile")
    loaded = [p if isinstance(p, Profile) else load_profile(p) for p in profiles]
    done = []
    for profile in loaded:
        done.append(_profile_ladder(profile, specs, deals, seed, workers, draws))
        if progress is not None:
            progress(profile.name, len(done), len(loaded))
    return LadderResult(tuple(names), deals, seed, tuple(done))


def _profile_ladder(
    profile: Profile, specs: Sequence[BotSpec], deals: int, seed: int, workers: int, draws: int
) -> ProfileLadder:
    count = len(specs)
    n = profile.players
    pairs = list(itertools.combinations(range(count), 2))
    diffs: dict[tuple[int, int], list[int]] = {pair: [0] * deals for pair in pairs}
    calls = [0] * count
    seconds = [0.0] * count

    def take(outcomes: list[_Outcome]) -> None:
        for pair, deal, diff, first, second in outcomes:
            diffs[pair][deal] = diff
            for k, (c, s) in zip(pair, (first, second), strict=True):
                calls[k] += c
                seconds[k] += s

    chunks = len(pairs) * -(-deals // min(deals, 10))
    processes = min(workers, chunks)
    size = min(deals, 10) if processes > 1 else deals
    tasks = _tasks(profile, specs, deals, seed, size)
    if processes > 1:
        with pool.process_pool(processes) as own:
            window = pool.IN_FLIGHT_PER_WORKER * processes
            pool.run_windowed(own, _play, tasks, window, take, cancel=False)
    else:
        for task, start, stop in tasks:
            take(_play(task, start, stop))
    per_deal = {pair: [d / (n * n) for d in values] for pair, values in diffs.items()}
    mean = {pair: math.fsum(values) / deals for pair, values in per_deal.items()}
    ratings = fit_ratings(count, mean)
    rating_ci, margin_ci = bootstrap(count, per_deal, draws, f"{seed}:{profile.name}")
    names = [str(s) for s in specs]
    rows = [Rating(names[k], ratings[k], *rating_ci[k], calls[k], seconds[k]) for k in range(count)]
    rows.sort(key=lambda r: (-r.rating, names.index(r.bot)))
    pair_rows = tuple(
        PairResult(names[i], names[j], mean[i, j], *margin_ci[i, j], tuple(per_deal[i, j]))
        for i, j in pairs
    )
    return ProfileLadder(profile.name, n, deals, tuple(rows), pair_rows)
