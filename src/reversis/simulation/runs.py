"""Simulation at scale: many hands or matches with one bot per seat, on one process, several, or
any :class:`concurrent.futures.Executor` (a Dask cluster's, for one).

    >>> from reversis.simulation.runs import simulate
    >>> result = simulate("fournier-1785", ["cautious", "random", "random", "random"], hands=40, seed=1)
    >>> [(bot.name, bot.hands) for bot in result.bots]
    [('cautious', 40), ('random', 40), ('random', 40), ('random', 40)]
    >>> result == simulate("fournier-1785", ["cautious", "random", "random", "random"], hands=40,
    ...                    seed=1, workers=2)
    True

Seats rotate: in hand ``i`` the ``k``-th bot sits at seat ``(k + i) mod n`` and seat
``(i div n) mod n`` deals, so over ``n²`` hands every bot plays every seat against every dealer.
Hand ``i`` is dealt from the seed ``seed · 2³² + i`` and each bot's random choices are seeded from
``(seed, i, k)``: the result depends on the seed only, never on the number of workers, the
executor or how the work is cut into chunks (the statistics are exact integer sums).

For each bot the result gives the hands played, the pots won (Reversis: the share of hands with a
pot that it won), its mean net per hand with a 95 % confidence interval, the reversis it made and
saw broken, and the privileges it used — facts read from the settlement and the events
(:mod:`reversis.events`). With ``matches=N``, whole matches are played instead (the bots rotate
from match to match) and the result adds the mean net per match (the bankroll won or lost).
"""

from __future__ import annotations

import math
import os
import pickle
import random
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor
from typing import Any, TypeAlias

import attrs

from reversis import events as ev
from reversis import jsonio
from reversis.bots.players import BOT_NAMES, Bot, is_bot_name, make_bot, play_hand
from reversis.errors import ArgumentError
from reversis.games import game_of
from reversis.hand import Hand, new_hand, settle
from reversis.profile import Profile, load_profile
from reversis.records import files
from reversis.simulation import report as simreport
from reversis.simulation import workers as pool

__all__ = [
    "BotFactory",
    "BotResult",
    "SimulationResult",
    "hand_seed",
    "simulate",
]

#: A bot given to :func:`simulate`: a name from :data:`reversis.bots.players.BOT_NAMES`, or a function of
#: a seed that makes a bot (it must pickle, as a module-level function does, to run on workers).
BotFactory: TypeAlias = "str | Callable[[int], Bot]"

#: Largest seed :func:`simulate` takes.
MAX_SEED = 2**64 - 1
#: Most hands or matches one call plays.
MAX_COUNT = 2**32 - 1
#: Most playouts a decision of the ``monte-carlo`` bot (``bot_options``, ``--playouts``): about
#: half a minute a hand for each such bot on a 2020s core.
MAX_PLAYOUTS = 1000
#: Most milliseconds a decision of the ``monte-carlo`` bot (``bot_options``): a minute.
MAX_MILLIS = 60_000
#: Most tasks an ``executor=`` may be asked to run at once (``workers=`` with an executor).
MAX_EXECUTOR_WORKERS = 4096


def hand_seed(seed: int, index: int) -> int:
    """The seed of hand (or match) ``index`` of a simulation with ``seed``: ``seed · 2³² + index``.

    >>> hand_seed(1, 5)
    4294967301
    """
    return seed * 2**32 + index


@attrs.frozen
class BotResult:
    """How one bot (the ``index``-th of the bots given) did over a simulation."""

    #: The bot's name (its label in the table).
    name: str
    index: int
    #: Hands played, the sum of its net and of the squares (for the interval).
    hands: int
    net: int
    net_squares: int
    #: Hands with a pot (Reversis), and those whose pot it won; ``None`` for games without one.
    pot_hands: int | None
    pots_won: int | None
    #: Reversis made by the bot, and its reversis broken by another player; ``None`` for games
    #: without the reversis.
    reversis_made: int | None
    reversis_broken: int | None
    #: Hands in which it used its privilege (four aces, espagnolette); ``None`` without one.
    privilege_used: int | None
    #: Matches played, the sum of its net per match and of the squares (``matches=`` only).
    matches: int = 0
    match_net: int = 0
    match_net_squares: int = 0

    @property
    def mean_net(self) -> float:
        """The mean net per hand."""
        return self.net / self.hands if self.hands else 0.0

    @property
    def net_interval(self) -> float:
        """The half-width of the 95 % confidence interval of :attr:`mean_net` (1.96 standard
        errors, the sample's standard deviation)."""
        return _interval(self.hands, self.net, self.net_squares)

    @property
    def pot_won_percent(self) -> float | None:
        """The share of the hands with a pot whose pot the bot won, in percent."""
        if self.pot_hands is None or self.pots_won is None:
            return None
        return 100 * self.pots_won / self.pot_hands if self.pot_hands else 0.0

    @property
    def mean_match_net(self) -> float | None:
        """The mean net per match (``None`` without matches)."""
        return self.match_net / self.matches if self.matches else None

    @property
    def match_interval(self) -> float | None:
        """The half-width of the 95 % interval of :attr:`mean_match_net`."""
        if not self.matches:
            return None
        return _interval(self.matches, self.match_net, self.match_net_squares)

    def to_dict(self) -> dict[str, Any]:
        """The result as plain data, with the derived figures."""
        out: dict[str, Any] = {
            field.name: getattr(self, field.name) for field in attrs.fields(BotResult)
        }
        out["mean_net"] = self.mean_net
        out["net_interval"] = self.net_interval
        out["pot_won_percent"] = self.pot_won_percent
        if self.matches:
            out["mean_match_net"] = self.mean_match_net
            out["match_interval"] = self.match_interval
        return out


def _interval(count: int, total: int, squares: int) -> float:
    if count < 2:
        return 0.0
    variance = max(0.0, (squares - total * total / count) / (count - 1))
    return 1.96 * math.sqrt(variance / count)


@attrs.frozen
class SimulationResult:
    """What :func:`simulate` found: the profile, what was played, and a :class:`BotResult` for
    each bot given (in their order)."""

    profile: str
    kind: str
    count: int
    seed: int
    bots: tuple[BotResult, ...]

    def to_dict(self) -> dict[str, Any]:
        """The result as plain data, ready for JSON (``--json``)."""
        return {
            "schema": jsonio.SCHEMA,
            "type": "simulation",
            "profile": self.profile,
            self.kind: self.count,
            "seed": self.seed,
            "bots": [bot.to_dict() for bot in self.bots],
        }

    def to_json(self) -> str:
        """:meth:`to_dict` as JSON text."""
        return jsonio.dumps(self.to_dict())

    def table(self) -> str:
        """The result as a text table, one line per bot; ``—`` where the game has no such thing.

        >>> print(simulate("hearts", ["cautious", "random", "random", "random"], hands=8).table())
        ... # doctest: +NORMALIZE_WHITESPACE
        hearts: 8 hands, seed 0; mean net per hand with its 95 % confidence interval
        bot        hands  pot won  net per hand  reversis made/broken  privilege used
        cautious       8        —  ...
        random #1      8        —  ...
        random #2      8        —  ...
        random #3      8        —  ...
        """
        return simreport.table(self)

    def plot(self, path: str | os.PathLike[str]) -> None:
        """Draw each bot's mean net per hand with its 95 % confidence interval into ``path``
        (``.svg``, ``.png`` or ``.pdf``), with matplotlib (the ``plot`` extra): see
        :func:`reversis.simulation.report.plot`."""
        simreport.plot(self, path)


# -- the work ----------------------------------------------------------------------------------


@attrs.frozen
class _Spec:
    """What each worker needs: everything pickles."""

    profile: Profile
    bots: tuple[Any, ...]
    options: tuple[tuple[str, tuple[tuple[str, Any], ...]], ...]
    seed: int
    matches: bool
    records: bool


#: Per bot: net, pot hand (0/1), pot won (0/1), reversis made, reversis broken, privilege used.
_Tally = tuple[int, int, int, int, int, int]


@attrs.frozen
class _Outcome:
    """One hand's (or match's) facts, per bot index."""

    index: int
    tallies: tuple[tuple[_Tally, ...], ...]  # per hand, per bot
    match_net: tuple[int, ...] | None
    record: str | None


def _make(spec: _Spec, index: int, k: int) -> Bot:
    bot = spec.bots[k]
    seed = random.Random(f"reversis-simulate:{spec.seed}:{index}:{k}").getrandbits(64)
    if isinstance(bot, str):
        return make_bot(bot, seed, **dict(dict(spec.options).get(bot, ())))
    made: Bot = bot(seed)
    return made


def _tally(
    hand: Hand, seat_of: Sequence[int], has_pot: bool, privilege: bool
) -> tuple[_Tally, ...]:
    net = settle(hand).net
    over = hand.events[-1]
    pot = has_pot and isinstance(over, ev.HandOver) and over.winner is not None
    out = []
    for seat in seat_of:
        made = broken = used = 0
        if has_pot or privilege:
            for event in hand.events:
                if isinstance(event, ev.ReversisMade) and event.seat == seat:
                    made = 1
                elif isinstance(event, ev.ReversisBroken) and event.seat == seat:
                    broken = 1
                elif isinstance(event, ev.PrivilegeUsed) and event.seat == seat:
                    used = 1
        won = int(pot and isinstance(over, ev.HandOver) and over.winner == seat)
        out.append((net[seat], int(pot), won, made, broken, used))
    return tuple(out)


def _run(spec: _Spec, start: int, stop: int) -> list[_Outcome]:
    """Play hands (or matches) ``start`` to ``stop - 1``."""
    from reversis.records import notation as records  # noqa: PLC0415 - only when records are kept

    profile = spec.profile
    n = profile.players
    has_pot = game_of(profile).has_pot
    privilege = profile.privilege is not None
    outcomes = []
    for index in range(start, stop):
        # Seats rotate: the k-th bot sits at seat (k + index) mod n.
        seat_of = [(k + index) % n for k in range(n)]
        at_seat: list[Bot] = [None] * n  # type: ignore[list-item]
        for k in range(n):
            at_seat[seat_of[k]] = _make(spec, index, k)
        seed = hand_seed(spec.seed, index)
        if not spec.matches:
            dealer = (index // n) % n
            hand = play_hand(new_hand(profile, seed=seed, dealer=dealer), at_seat)
            outcomes.append(
                _Outcome(
                    index,
                    (_tally(hand, seat_of, has_pot, privilege),),
                    None,
                    records.dump(hand) if spec.records else None,
                )
            )
            continue
        from reversis.bots.players import play_match  # noqa: PLC0415
        from reversis.match import new_match  # noqa: PLC0415

        match = play_match(new_match(profile, seed=seed), at_seat)
        tallies = tuple(_tally(h, seat_of, has_pot, privilege) for h in match.history)
        start_bankroll = profile.money.bankroll
        nets = tuple(match.bankrolls[seat_of[k]] - start_bankroll for k in range(n))
        outcomes.append(
            _Outcome(index, tallies, nets, records.dump(match) if spec.records else None)
        )
    return outcomes


def _chunks(spec: _Spec, count: int, size: int) -> Iterator[tuple[_Spec, int, int]]:
    for start in range(0, count, size):
        yield spec, start, min(count, start + size)


class _Bar:
    """Progress on standard error with the rate and the time left: a tqdm bar (the ``progress``
    extra), else a line updated in place."""

    def __init__(self, total: int, unit: str) -> None:
        self.total = total
        self.unit = unit
        self.done = 0
        self.start = time.perf_counter()
        self.bar: Any = None
        try:
            from tqdm import tqdm  # type: ignore[import-untyped]  # noqa: PLC0415
        except ImportError:
            pass
        else:
            self.bar = tqdm(total=total, unit=unit, file=sys.stderr, leave=False)

    def __call__(self, done: int, total: int) -> None:
        if self.bar is not None:
            self.bar.update(done - self.done)
        else:
            elapsed = time.perf_counter() - self.start
            rate = done / elapsed if elapsed > 0 else 0.0
            left = (total - done) / rate if rate > 0 else 0.0
            sys.stderr.write(
                f"\r{done}/{total} {self.unit}s, {rate:.0f}/s, {left:.0f} s left\033[K"
            )
            sys.stderr.flush()
        self.done = done

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
        else:
            sys.stderr.write("\r\033[K")
            sys.stderr.flush()


def simulate(
    profile: Profile | str,
    bots: Sequence[BotFactory],
    *,
    hands: int | None = None,
    matches: int | None = None,
    seed: int = 0,
    executor: Executor | None = None,
    workers: int | None = None,
    records_dir: str | os.PathLike[str] | None = None,
    progress: bool | Callable[[int, int], None] = False,
    bot_options: dict[str, dict[str, Any]] | None = None,
    chunk: int | None = None,
) -> SimulationResult:
    """Play ``hands`` hands or ``matches`` matches of ``profile`` with ``bots`` (one per seat,
    by name or factory: :data:`BotFactory`) and return what each bot did.

    ``executor`` runs the work (any :class:`concurrent.futures.Executor`: a
    :class:`~concurrent.futures.ProcessPoolExecutor`, a Dask client's ``get_executor()``), with
    ``workers`` the number of tasks it runs at once (default: the CPU count); without it,
    ``workers`` is the number of processes to play on (default 1: this process; at most
    :func:`reversis.simulation.workers.max_workers`, and never more than there are chunks of work). Work is
    submitted as results come back, two chunks per worker at most, so memory does not grow with
    the number of hands. ``records_dir`` keeps the text record of every hand or match in that
    folder (``hand-000000.txt``...), created if it is missing (its parent must exist).
    ``progress`` is ``True`` for a bar on standard error (with the ``progress`` extra's tqdm), or
    a function called with ``(done, total)``. ``bot_options`` gives options by bot name
    (``{"monte-carlo": {"playouts": 8}}``, at most :data:`MAX_PLAYOUTS` playouts and
    :data:`MAX_MILLIS` milliseconds a decision); ``chunk`` the number of hands a task plays (the
    result does not depend on it).

    Raises :class:`~reversis.ArgumentError` for a wrong argument, before anything is played.
    """
    if isinstance(profile, str):
        profile = load_profile(profile)
    elif not isinstance(profile, Profile):
        raise ArgumentError(f"profile must be a Profile or a name, not {type(profile).__name__}")
    _check_bots(bots, profile.players)
    if (hands is None) == (matches is None):
        raise ArgumentError("give hands= or matches=, one of them")
    count = hands if hands is not None else matches
    if type(count) is not int or not 1 <= count <= MAX_COUNT:
        raise ArgumentError(
            f"the number of hands or matches must be 1 to {MAX_COUNT}, not {count!r}"
        )
    if type(seed) is not int or not 0 <= seed <= MAX_SEED:
        raise ArgumentError(f"seed must be an integer from 0 to 2**64 - 1, not {str(seed)[:40]}")
    if executor is not None and not isinstance(executor, Executor):
        raise ArgumentError(f"executor must be a concurrent.futures.Executor, not {executor!r}")
    if executor is not None:
        most, why = MAX_EXECUTOR_WORKERS, "the tasks the executor runs at once"
    else:
        most, why = pool.max_workers(), f"{pool.WORKERS_PER_CPU} per CPU"
    if workers is not None and (type(workers) is not int or not 1 <= workers <= most):
        raise ArgumentError(
            f"workers must be an integer from 1 to {most} ({why}), not {str(workers)[:40]}"
        )
    if chunk is not None and (type(chunk) is not int or chunk < 1):
        raise ArgumentError(f"chunk must be a positive integer, not {chunk!r}")
    options = _check_options(bot_options)
    at_once = workers or (pool.cpu_count() if executor is not None else 1)
    if chunk is not None:
        size = chunk
    else:
        size = max(1, min(200, count // (4 * at_once))) if executor or at_once > 1 else 50
    # Never more processes than chunks of work; a single one is this process.
    processes = min(at_once, -(-count // size)) if executor is None else 0
    spec = _Spec(
        profile,
        tuple(bots),
        tuple((name, tuple(sorted(given.items()))) for name, given in sorted(options.items())),
        seed,
        matches is not None,
        records_dir is not None,
    )
    if processes > 1:
        _check_pickles(spec)
    report, bar = _reporter(progress, "match" if matches is not None else "hand", count)
    sums = _Sums(profile.players)
    try:
        directory = (
            files.make_folder(records_dir, "records_dir") if records_dir is not None else None
        )

        def take(outcomes: list[_Outcome]) -> None:
            for outcome in outcomes:
                sums.add(outcome)
                if directory is not None:
                    assert outcome.record is not None
                    name = f"{'match' if spec.matches else 'hand'}-{outcome.index:06d}.txt"
                    files.write_text(directory / name, outcome.record)
            if report is not None:
                report(sums.count, count)

        tasks = _chunks(spec, count, size)
        if executor is not None:
            pool.run_windowed(executor, _run, tasks, pool.IN_FLIGHT_PER_WORKER * at_once, take)
        elif processes > 1:
            with pool.process_pool(processes) as own:
                window = pool.IN_FLIGHT_PER_WORKER * processes
                pool.run_windowed(own, _run, tasks, window, take, cancel=False)
        else:
            for _, start, stop in tasks:
                take(_run(spec, start, stop))
    finally:
        if bar is not None:
            bar.close()
    return sums.result(spec, count)


def _check_bots(bots: Sequence[BotFactory], n: int) -> None:
    if isinstance(bots, str) or not isinstance(bots, Sequence):
        raise ArgumentError(f"bots must be a sequence of {n} bots, not {type(bots).__name__}")
    if len(bots) != n:
        raise ArgumentError(f"{len(bots)} bots for {n} seats: give one bot per seat")
    for k, bot in enumerate(bots):
        if isinstance(bot, str):
            if not is_bot_name(bot):
                raise ArgumentError(
                    f"bots[{k}]: unknown bot {bot[:40]!r}: choose {', '.join(BOT_NAMES)} or "
                    "learned:PATH"
                )
        elif not callable(bot):
            raise ArgumentError(f"bots[{k}] must be a bot's name or a factory of a seed")


def _check_options(bot_options: Any) -> dict[str, dict[str, Any]]:
    options = bot_options or {}
    if not isinstance(options, dict):
        raise ArgumentError("bot_options must map bot names to their options")
    for name, given in options.items():
        if name not in BOT_NAMES or not isinstance(given, dict):
            raise ArgumentError(f"bot_options[{name!r}] must be the options of a named bot")
        playouts = given.get("playouts")
        if isinstance(playouts, int) and playouts > MAX_PLAYOUTS:
            raise ArgumentError(
                f"bot_options[{name!r}]: playouts must be at most {MAX_PLAYOUTS}, not {playouts}"
            )
        millis = given.get("millis")
        if isinstance(millis, int | float) and not millis <= MAX_MILLIS:
            raise ArgumentError(
                f"bot_options[{name!r}]: millis must be at most {MAX_MILLIS}, not {millis}"
            )
        make_bot(name, 0, **given)  # the bot's own checks of its options, once
    return options


def _check_pickles(spec: _Spec) -> None:
    """Whatever goes to the worker processes must pickle: say so before any work starts."""
    for k, bot in enumerate(spec.bots):
        if isinstance(bot, str):
            continue
        try:
            pickle.dumps(bot)
        except Exception:  # any failure to pickle gives the same answer
            raise ArgumentError(
                f"bots[{k}]: the factory {getattr(bot, '__qualname__', repr(bot))[:60]!r} cannot "
                "be sent to worker processes: use a function defined at a module's top level, or "
                f"a bot's name ({', '.join(BOT_NAMES)}), or workers=1"
            ) from None
    try:
        pickle.dumps(spec.options)
    except Exception:
        raise ArgumentError(
            "bot_options cannot be sent to worker processes: give plain values, or workers=1"
        ) from None


def _reporter(
    progress: Any, unit: str, count: int
) -> tuple[Callable[[int, int], None] | None, _Bar | None]:
    if progress is True:
        bar = _Bar(count, unit)
        return bar, bar
    if progress is False or progress is None:
        return None, None
    if callable(progress):
        return progress, None
    raise ArgumentError("progress must be True, False or a function of (done, total)")


class _Sums:
    """The sums of the outcomes taken so far, per bot: what the result is made of (exact integer
    sums, so the order in which the chunks come back does not matter)."""

    def __init__(self, n: int) -> None:
        self.count = 0
        #: Per bot: hands, net, net², pot hands, pots won, reversis made, reversis broken,
        #: privilege used, matches, match net, match net².
        self.rows = [[0] * 11 for _ in range(n)]

    def add(self, outcome: _Outcome) -> None:
        self.count += 1
        for k, row in enumerate(self.rows):
            for tally in outcome.tallies:
                net, pot, won, made, broken, used = tally[k]
                row[0] += 1
                row[1] += net
                row[2] += net * net
                row[3] += pot
                row[4] += won
                row[5] += made
                row[6] += broken
                row[7] += used
            if outcome.match_net is not None:
                net = outcome.match_net[k]
                row[8] += 1
                row[9] += net
                row[10] += net * net

    def result(self, spec: _Spec, count: int) -> SimulationResult:
        profile = spec.profile
        has_pot = game_of(profile).has_pot
        privilege = profile.privilege is not None
        names = [b if isinstance(b, str) else getattr(b, "__name__", "bot") for b in spec.bots]
        results = []
        for k, row in enumerate(self.rows):
            results.append(
                BotResult(
                    name=names[k],
                    index=k,
                    hands=row[0],
                    net=row[1],
                    net_squares=row[2],
                    pot_hands=row[3] if has_pot else None,
                    pots_won=row[4] if has_pot else None,
                    reversis_made=row[5] if has_pot else None,
                    reversis_broken=row[6] if has_pot else None,
                    privilege_used=row[7] if privilege else None,
                    matches=row[8],
                    match_net=row[9],
                    match_net_squares=row[10],
                )
            )
        kind = "matches" if spec.matches else "hands"
        return SimulationResult(profile.name, kind, count, spec.seed, tuple(results))
