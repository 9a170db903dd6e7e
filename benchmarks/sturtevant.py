"""A reversis bot against Nathan Sturtevant's Hearts program, on Hearts without passing.

    python benchmarks/sturtevant.py --source /tmp/sturtevant-src --build-dir /tmp/sturtevant-build \\
        --hands 20 --bot ismcts@130ms [--sims 30000] [--worlds 30] [--seed 1] [--progress 5] \\
        [--duplicate] [--json FILE]

His program is the Hearts player of his thesis and after (UCT behind perfect-information Monte
Carlo; github ``nathansttt/hearts``, GPL-3.0), which this repository does not hold: ``--source``
is a checkout of it, and ``--build-dir`` (outside the repository) is where ``g++ -O2`` builds our
shim, ``benchmarks/sturtevant/shim.cpp``, with his sources, when the binary is missing or older
than its sources. The shim answers one position a line (its protocol is at the top of the file);
``--program CMD`` runs any other command that speaks it instead (the tests plug in a fake).

The game is the library's ``hearts`` profile with ``pass_cards = false`` (:func:`profile`), and
his program plays the same rules (:data:`HIS_RULES`; :func:`check_rules` refuses a profile that
differs): 26 points, each heart 1 and the queen of spades 13; the moon (all 13 hearts and the
queen) 0 for the shooter and 26 for each other; 2C leads the first trick, on which no heart nor
the queen may be discarded (his engine then lets a player holding only hearts and the queen
discard a heart, where ours also allows the queen: the comparison of the legal moves below
counts such a case); hearts are broken by a heart or the queen; no heart led before, unless the
leader holds nothing else. Hand ``i`` is dealt from the seed ``seed * 1_000_003 + i`` by dealer
``i mod 4``; the library bot sits at seat ``i mod 4`` (made afresh for each hand, seeded from the
hand's seed) and his program at the three others. With ``--duplicate``, hands come in fours on
the same deal, the bot at each seat in turn, and the interval is taken over deals, which cancels
most of the luck of the cards.

Every move of his is checked legal by the library's engine (a move it refuses aborts the run with
the position), and his engine's legal moves, which the shim reports, are compared with the
library's at each of his decisions. The report: the mean points a hand of the library bot, the
mean of his three seats, the bot's minus his per hand with its 95 % interval (1.96 standard
errors, over hands, or over deals with ``--duplicate``; fewer points is better, so a negative
difference is a win for the library bot), the mean milliseconds a decision of each side (all
decisions, and those with more than one legal move: his program searches forced moves too, as
his own game loop does; his time is the shim's measure of his player's search alone), the same
in CPU time (which other work on a shared machine does not inflate: a time budget such as
``ismcts@130ms`` is wall-clock time, and his fixed number of simulations takes longer by the clock
on a busy machine), and the number of his moves checked.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import os
import platform
import re
import shlex
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any

import attrs

import reversis
from reversis import Card, Hand, HandView, Play, Profile
from reversis.bots.specs import parse_bot_spec

__all__ = [
    "HIS_RULES",
    "SHIM_SOURCE",
    "Answer",
    "IllegalAnswerError",
    "Program",
    "ProgramError",
    "Tally",
    "build_shim",
    "check_rules",
    "hand_seed",
    "interval",
    "main",
    "play_hand",
    "position",
    "profile",
    "run",
]

#: Our shim's source, beside this file.
SHIM_SOURCE = Path(__file__).resolve().parent / "sturtevant" / "shim.cpp"
#: The shim's protocol version, as its ``hello`` answers it.
SHIM_VERSION = 1
#: The name of the built shim in ``--build-dir``.
SHIM_BINARY = "sturtevant-shim"
#: The rules his program plays in the shim, as the ``[hearts]`` values of the library's profile.
HIS_RULES: dict[str, object] = {
    "pass_cards": False,
    "no_pts_on_first_trick": True,
    "can_lead_any_club": False,
    "jd_bonus": False,
    "avoid_all_tricks_bonus": False,
    "must_break_hearts": True,
    "qs_breaks_hearts": True,
    "can_lead_hearts_instead_of_qs": False,
    "heart_points": 1,
    "qs_points": 13,
    "moon": "others",
}
#: The seats at a Hearts table.
SEATS = 4


class ProgramError(RuntimeError):
    """His program (or what stands for it) failed: it exited, answered out of protocol, or refused
    a position with ``error WHY``."""


class IllegalAnswerError(ProgramError):
    """His program answered a move the library's engine refuses."""


def profile() -> Profile:
    """The library's ``hearts`` profile without passing: the game his program plays here."""
    rules = reversis.load_profile("hearts").evolve(
        name="hearts-no-pass",
        title="Hearts without passing",
        hearts={"pass_cards": False},
    )
    check_rules(rules)
    return rules


def check_rules(rules: Profile) -> None:
    """Raise :class:`ValueError` unless ``rules`` is Hearts as his program plays it in the shim
    (:data:`HIS_RULES`): four players, 52 cards, the same flags and points."""
    hearts = rules.hearts
    if hearts is None or rules.players != SEATS:
        raise ValueError("his program plays four-handed Hearts: the profile is not Hearts")
    differ = [
        f"{name} = {getattr(hearts, name)!r} (his program: {value!r})"
        for name, value in HIS_RULES.items()
        if getattr(hearts, name) != value
    ]
    if rules.table.removed_ranks:
        differ.append("cards removed from the pack (his program deals 52)")
    if differ:
        raise ValueError("the profile's rules differ from his program's: " + "; ".join(differ))


def hand_seed(seed: int, index: int) -> int:
    """The seed hand ``index`` (or deal ``index``, with ``--duplicate``) is dealt from."""
    return seed * 1_000_003 + index


def interval(values: Sequence[float]) -> tuple[float, float]:
    """The mean of ``values`` and the half-width of its 95 % interval (1.96 standard errors;
    0 for fewer than two values)."""
    if not values:
        raise ValueError("no values")
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, 0.0
    return mean, 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def _cards(cards: Sequence[Card]) -> str:
    """Cards in the protocol: codes separated by commas, ``-`` for none."""
    return ",".join(card.code for card in cards) or "-"


def position(view: HandView, broken: bool) -> str:
    """The ``move`` request for the seat of ``view``, to move now: its hand, the tricks so far
    (each its leader and cards; the current one last), whether hearts are ``broken`` (for a lead:
    by a heart or the queen in a completed trick, as ``hand.hearts.broken`` counts it) and the
    points of the completed tricks. Only what the seat may know: its view, and broken hearts,
    which the cards played show."""
    tricks = list(view.tricks)
    if view.current_trick is not None and view.current_trick.plays:
        tricks.append(view.current_trick)
    played = ";".join(
        f"{trick.leader}:{','.join(card.code for _, card in trick.plays)}" for trick in tricks
    )
    return (
        f"move seat={view.seat} hand={_cards(view.hand)} tricks={played or '-'} "
        f"broken={int(broken)} points={','.join(str(p) for p in view.points)}"
    )


@attrs.frozen
class Answer:
    """His program's answer to a ``move`` request."""

    #: The card it plays.
    card: Card
    #: The milliseconds its search took, as the shim measured it: by the wall clock.
    millis: float
    #: The legal moves of its own engine.
    legal: tuple[Card, ...]
    #: The same search in CPU time (milliseconds), if the program says (``cpu=``).
    cpu_millis: float | None = None


class Program:
    """His program behind the shim's line protocol: a process started from ``command`` (the built
    shim, or anything that speaks the protocol), one request a line and one answer a line. Its
    standard error goes to ``log`` (a file, or nowhere)."""

    def __init__(self, command: Sequence[str], log: Path | None = None, cwd: Path | None = None):
        """Start ``command`` (in ``cwd``) and read its greeting."""
        self.command = list(command)
        self._log: IO[bytes] | None = log.open("ab") if log is not None else None
        try:
            self._process = subprocess.Popen(
                self.command,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=self._log if self._log is not None else subprocess.DEVNULL,
                text=True,
                bufsize=1,
                cwd=cwd,
            )
        except OSError as error:
            if self._log is not None:
                self._log.close()
            raise ProgramError(f"{self.command[0]}: cannot start it ({error})") from error
        #: The program's greeting (``ok sturtevant-shim 1 sims=... ...``).
        self.greeting = self.ask("hello")

    def ask(self, line: str) -> str:
        """Send one request line, return the ``ok`` answer after ``ok``; :class:`ProgramError` if
        the program exits, answers ``error WHY`` or anything else."""
        process = self._process
        assert process.stdin is not None
        assert process.stdout is not None
        try:
            process.stdin.write(line + "\n")
            process.stdin.flush()
            answer = process.stdout.readline()
        except (BrokenPipeError, OSError) as error:
            raise ProgramError(f"{self.command[0]}: cannot talk to it ({error})") from error
        if not answer:
            code = process.wait(timeout=10)
            raise ProgramError(f"{self.command[0]} exited (status {code}) on: {line}")
        answer = answer.strip()
        if answer.startswith("error"):
            raise ProgramError(
                f"{self.command[0]} refused the request: {answer[5:].strip()}\n  {line}"
            )
        if answer != "ok" and not answer.startswith("ok "):
            raise ProgramError(f"{self.command[0]} answered out of protocol: {answer[:200]!r}")
        return answer[3:]

    def move(self, request: str) -> Answer:
        """His move for a :func:`position` request."""
        fields = dict(word.partition("=")[::2] for word in self.ask(request).split())
        try:
            card = Card.parse(fields["card"])
            millis = float(fields["ms"])
            legal = tuple(Card.parse(code) for code in fields["legal"].split(",") if code)
            cpu = float(fields["cpu"]) if "cpu" in fields else None
        except (KeyError, ValueError) as error:
            raise ProgramError(
                f"{self.command[0]} answered without card=, ms= or legal=: {fields}"
            ) from error
        return Answer(card, millis, legal, cpu)

    def close(self) -> None:
        """Ask the program to quit and wait for it (killed after 10 s)."""
        process = self._process
        if process.poll() is None:
            try:
                assert process.stdin is not None
                process.stdin.write("quit\n")
                process.stdin.close()
                process.wait(timeout=10)
            except (OSError, subprocess.TimeoutExpired):
                process.kill()
                process.wait()
        if process.stdout is not None:
            process.stdout.close()
        if self._log is not None:
            self._log.close()

    def __enter__(self) -> Program:
        """The program, closed at the end of the ``with`` block."""
        return self

    def __exit__(self, *exc: object) -> None:
        """Close the program (:meth:`close`)."""
        self.close()


@attrs.define
class Tally:
    """What the hands so far add up to."""

    #: Per hand: the library bot's points minus the mean of his three seats.
    differences: list[float] = attrs.Factory(list)
    #: Per hand: the library bot's points, and the mean of his three seats.
    bot_points: list[float] = attrs.Factory(list)
    his_points: list[float] = attrs.Factory(list)
    #: Milliseconds a decision: the bot's, his; and those with more than one legal move.
    bot_ms: list[float] = attrs.Factory(list)
    his_ms: list[float] = attrs.Factory(list)
    bot_ms_choice: list[float] = attrs.Factory(list)
    his_ms_choice: list[float] = attrs.Factory(list)
    #: CPU milliseconds a decision (his, where the program reports it): what a machine shared with
    #: other work does not inflate.
    bot_cpu: list[float] = attrs.Factory(list)
    his_cpu: list[float] = attrs.Factory(list)
    #: His moves checked legal by the library's engine.
    checked: int = 0
    #: His decisions where his engine's legal moves differ from the library's, and the first few.
    legal_differ: int = 0
    legal_examples: list[str] = attrs.Factory(list)
    #: Hands in which someone shot the moon.
    moons: int = 0


def play_hand(
    hand: Hand,
    bot_seat: int,
    bot: Callable[[HandView], reversis.Move],
    program: Program,
    tally: Tally,
    label: str = "",
) -> Hand:
    """Play ``hand`` to its end, the library ``bot`` at ``bot_seat`` and ``program`` at the other
    seats; add the times, checks and result to ``tally``. Each of his moves is checked with the
    library's engine: :class:`IllegalAnswerError` for one it refuses."""
    while not hand.is_over:
        seat = hand.to_move
        assert seat is not None
        legal = hand.legal_moves()
        if seat == bot_seat:
            view = hand.view(seat)
            cpu = time.process_time()
            start = time.perf_counter()
            move = bot(view)
            ms = (time.perf_counter() - start) * 1000.0
            tally.bot_cpu.append((time.process_time() - cpu) * 1000.0)
            tally.bot_ms.append(ms)
            if len(legal) > 1:
                tally.bot_ms_choice.append(ms)
        else:
            assert hand.hearts is not None  # a Hearts hand (check_rules)
            request = position(hand.view(seat), hand.hearts.broken)
            answer = program.move(request)
            move = Play(answer.card)
            if move not in legal:
                raise IllegalAnswerError(
                    f"{label}his program played {answer.card.code} at seat {seat}, which the "
                    f"library refuses (legal: {' '.join(str(m) for m in legal)})\n  {request}"
                )
            tally.checked += 1
            tally.his_ms.append(answer.millis)
            if answer.cpu_millis is not None:
                tally.his_cpu.append(answer.cpu_millis)
            if len(legal) > 1:
                tally.his_ms_choice.append(answer.millis)
            ours = {m.card for m in legal if isinstance(m, Play)}
            if set(answer.legal) != ours:
                tally.legal_differ += 1
                if len(tally.legal_examples) < 5:
                    tally.legal_examples.append(
                        f"{label}seat {seat}: his engine {_cards(sorted(answer.legal))}, "
                        f"the library {_cards(sorted(ours))}; {request}"
                    )
        hand = hand.apply(move)
    points = hand.points
    others = [points[s] for s in range(SEATS) if s != bot_seat]
    tally.bot_points.append(points[bot_seat])
    tally.his_points.append(statistics.fmean(others))
    tally.differences.append(points[bot_seat] - statistics.fmean(others))
    tally.moons += sorted(points) == [0, 26, 26, 26]
    return hand


def _source_digest(source: Path) -> str:
    """A digest of his sources (the ``.cpp`` and ``.h`` files), to tell checkouts apart."""
    digest = hashlib.sha256()
    for path in sorted([*source.glob("*.cpp"), *source.glob("*.h")]):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def build_shim(source: Path, build_dir: Path, compiler: str = "g++") -> Path:
    """The shim built in ``build_dir`` from :data:`SHIM_SOURCE` and his sources in ``source``
    (every ``.cpp`` but his ``main.cpp``), compiled with ``-O2`` when the binary is missing, older
    than a source, or was built with another command."""
    source = source.resolve()
    if not (source / "Hearts.h").is_file() or not (source / "iiMonteCarlo.h").is_file():
        raise SystemExit(f"--source {source}: not a checkout of his Hearts program (no Hearts.h)")
    theirs = sorted(p for p in source.glob("*.cpp") if p.name != "main.cpp")
    if shutil.which(compiler) is None:
        raise SystemExit(f"{compiler} is not installed: the shim is C++")
    build_dir.mkdir(parents=True, exist_ok=True)
    binary = build_dir / SHIM_BINARY
    command = [
        compiler, "-std=c++11", "-O2", "-pthread", "-w", "-I", str(source),
        str(SHIM_SOURCE), *map(str, theirs), "-o", str(binary),
    ]  # fmt: skip
    stamp = build_dir / f"{SHIM_BINARY}.command"
    inputs = [SHIM_SOURCE, *theirs, *source.glob("*.h")]
    fresh = (
        binary.is_file()
        and stamp.is_file()
        and stamp.read_text(encoding="utf-8") == shlex.join(command)
        and all(p.stat().st_mtime <= binary.stat().st_mtime for p in inputs)
    )
    if not fresh:
        print(f"building {binary} ({len(theirs)} of his files and the shim) ...", file=sys.stderr)
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise SystemExit(
                f"the shim did not build:\n{shlex.join(command)}\n{done.stderr[-4000:]}"
            )
        stamp.write_text(shlex.join(command), encoding="utf-8")
    return binary


def run(
    program: Program,
    bot_spec: str,
    hands: int,
    seed: int,
    *,
    duplicate: bool = False,
    progress: int = 0,
    out: IO[str] = sys.stdout,
) -> tuple[Tally, dict[str, Any]]:
    """Play ``hands`` hands of :func:`profile`, the bot ``bot_spec`` at one seat (seat ``i mod 4``
    in hand ``i``) and ``program`` at the others; the tally and the report."""
    if hands < 1:
        raise ValueError("at least one hand")
    if duplicate and hands % SEATS:
        raise ValueError("--duplicate plays hands in fours (one deal, the bot at each seat)")
    rules = profile()
    spec = parse_bot_spec(bot_spec)
    tally = Tally()
    started = time.perf_counter()
    for index in range(hands):
        deal = index // SEATS if duplicate else index
        bot_seat = index % SEATS
        hand = reversis.new_hand(rules, seed=hand_seed(seed, deal), dealer=deal % SEATS)
        bot = spec.make(hand_seed(seed, index))
        play_hand(hand, bot_seat, bot, program, tally, label=f"hand {index + 1}: ")
        if progress and (index + 1) % progress == 0:
            mean, half = _difference(tally, duplicate)
            print(
                f"  {index + 1} hands: {mean:+.2f} ± {half:.2f} points a hand; "
                f"ms a decision {statistics.fmean(tally.bot_ms):.2f} (bot), "
                f"{statistics.fmean(tally.his_ms):.1f} (his); {time.perf_counter() - started:.0f} s",
                file=out,
                flush=True,
            )
    return tally, report(tally, program, spec.text, seed, duplicate)


def _difference(tally: Tally, duplicate: bool) -> tuple[float, float]:
    """The mean difference and its interval's half-width, over hands or (``duplicate``) over
    deals: the mean of each complete group of four."""
    values = tally.differences
    if duplicate:
        groups = len(values) // SEATS
        values = [statistics.fmean(values[SEATS * g : SEATS * (g + 1)]) for g in range(groups)]
    return interval(values or tally.differences)


def _mean(values: Sequence[float]) -> float | None:
    """The mean, or ``None`` for no values."""
    return statistics.fmean(values) if values else None


def report(
    tally: Tally, program: Program | str, bot: str, seed: int | list[int], duplicate: bool
) -> dict[str, Any]:
    """The figures of a run, as ``--json`` writes them; ``program`` is the program or its
    greeting. The tally itself is kept under ``"tally"``, so that runs can be merged
    (:func:`merge`)."""
    mean, half = _difference(tally, duplicate)
    return {
        "game": "hearts without passing (profile hearts, pass_cards = false)",
        "bot": bot,
        "program": program if isinstance(program, str) else program.greeting,
        "hands": len(tally.differences),
        "seed": seed,
        "duplicate": duplicate,
        "bot_points": _mean(tally.bot_points),
        "his_points": _mean(tally.his_points),
        "difference": mean,
        "interval": half,
        "low": mean - half,
        "high": mean + half,
        "bot_ms": _mean(tally.bot_ms),
        "bot_ms_choice": _mean(tally.bot_ms_choice),
        "his_ms": _mean(tally.his_ms),
        "his_ms_choice": _mean(tally.his_ms_choice),
        "bot_cpu_ms": _mean(tally.bot_cpu),
        "his_cpu_ms": _mean(tally.his_cpu),
        "his_moves_checked": tally.checked,
        "legal_sets_differ": tally.legal_differ,
        "legal_examples": tally.legal_examples,
        "moons": tally.moons,
        "date": datetime.now(UTC).strftime("%Y-%m-%d"),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, {platform.system()}",
        "python": platform.python_version(),
        "engine": reversis.engine_name(),
        "tally": attrs.asdict(tally),
    }


def merge(results: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """One report of several runs' reports (``--json`` files) of the same bot against the same
    program and settings, on other seeds: their hands together, the interval over all of them
    (over deals with ``--duplicate``). :class:`ValueError` names what differs, a seed given twice
    or a report without its tally."""
    if not results:
        raise ValueError("no reports to merge")
    first = results[0]
    for key in ("bot", "program", "duplicate"):
        values = {repr(_settings(result, key)) for result in results}
        if len(values) > 1:
            raise ValueError(f"the reports differ in {key}: {', '.join(sorted(values))}")
    seeds: list[int] = []
    for result in results:
        seeds += result["seed"] if isinstance(result["seed"], list) else [result["seed"]]
    if len(set(seeds)) < len(seeds):
        raise ValueError(f"a seed is given twice: {seeds}")
    tally = Tally()
    for result in results:
        if "tally" not in result:
            raise ValueError("a report without its tally (made before --merge was)")
        part = Tally(**result["tally"])
        if first["duplicate"] and len(part.differences) % SEATS:
            raise ValueError(
                f"a duplicate report of {len(part.differences)} hands, not whole deals"
            )
        for field in attrs.fields(Tally):
            value = getattr(part, field.name)
            if isinstance(value, list):
                getattr(tally, field.name).extend(value)
            else:
                setattr(tally, field.name, getattr(tally, field.name) + value)
    del tally.legal_examples[5:]
    return report(tally, _settings(first, "program"), first["bot"], seeds, first["duplicate"])


def _settings(result: dict[str, Any], key: str) -> Any:
    """A report's ``key``; for ``program``, its greeting without the seed it was given (the
    runs to merge have other seeds)."""
    value = result.get(key)
    if key == "program" and isinstance(value, str):
        return re.sub(r" seed=\S+", "", value)
    return value


def _seeds(seed: int | list[int]) -> str:
    """``seed 1``, or ``seeds 1, 2`` for a merged report."""
    if isinstance(seed, list):
        return "seeds " + ", ".join(map(str, seed))
    return f"seed {seed}"


def _print_report(result: dict[str, Any], out: IO[str]) -> None:
    """The report in words."""
    print(
        f"{result['bot']} against Sturtevant's program ({result['program']}), "
        f"{result['hands']} hands{' (duplicate)' if result['duplicate'] else ''}, {_seeds(result['seed'])}",
        file=out,
    )
    print(
        f"  points a hand: bot {result['bot_points']:.2f}, his seats {result['his_points']:.2f}; "
        f"bot minus his {result['difference']:+.2f} ± {result['interval']:.2f} "
        f"[{result['low']:+.2f}, {result['high']:+.2f}] (fewer is better)",
        file=out,
    )

    def ms(value: float | None) -> str:
        """Milliseconds to two decimals, ``-`` for none."""
        return "-" if value is None else f"{value:.2f}"

    print(
        f"  ms a decision: bot {ms(result['bot_ms'])} (with a choice {ms(result['bot_ms_choice'])}), "
        f"his {ms(result['his_ms'])} (with a choice {ms(result['his_ms_choice'])}); "
        f"in CPU time: bot {ms(result['bot_cpu_ms'])}, his {ms(result['his_cpu_ms'])}",
        file=out,
    )
    print(
        f"  his moves checked legal: {result['his_moves_checked']}; his legal moves differ from "
        f"the library's at {result['legal_sets_differ']}; moons {result['moons']}",
        file=out,
    )
    for example in result["legal_examples"]:
        print(f"    {example}", file=out)


def main(argv: Sequence[str] | None = None) -> int:
    """The command line (see the module's text)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--source", type=Path, help="a checkout of his Hearts program")
    parser.add_argument(
        "--build-dir",
        type=Path,
        default=None,
        help="where the shim is built (outside the repository)",
    )
    parser.add_argument(
        "--program", help="a command speaking the shim's protocol, instead of the shim"
    )
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument(
        "--bot", default="cautious", help="a reversis bot spec (ismcts@130ms, cautious)"
    )
    parser.add_argument("--sims", type=int, default=30_000, help="his simulations a move")
    parser.add_argument("--worlds", type=int, default=30, help="his worlds a move")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--progress", type=int, default=0, metavar="K", help="a line every K hands")
    parser.add_argument(
        "--duplicate", action="store_true", help="each deal four times, seats rotated"
    )
    parser.add_argument("--json", type=Path, help="write the report here")
    parser.add_argument(
        "--merge",
        type=Path,
        nargs="+",
        metavar="REPORT",
        help="play nothing: one report of these --json reports (other seeds, run apart)",
    )
    args = parser.parse_args(argv)
    if args.merge:
        try:
            result = merge([json.loads(path.read_text(encoding="utf-8")) for path in args.merge])
        except (OSError, ValueError, KeyError, TypeError) as error:
            print(f"error: --merge: {error}", file=sys.stderr)
            return 1
        _print_report(result, sys.stdout)
        if args.json:
            args.json.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
        return 0
    options = ["--sims", str(args.sims), "--worlds", str(args.worlds), "--seed", str(args.seed)]
    if args.program:
        command = [*shlex.split(args.program), *options]
        log = None
        cwd = None
    else:
        if args.source is None:
            parser.error("--source (his checkout) or --program is needed")
        build_dir = args.build_dir or Path.cwd() / "sturtevant-build"
        command = [str(build_shim(args.source, build_dir)), *options]
        log = build_dir / "shim.log"
        cwd = build_dir
    try:
        with Program(command, log=log, cwd=cwd) as program:
            if args.program is None and not program.greeting.startswith(
                f"sturtevant-shim {SHIM_VERSION} "
            ):
                raise ProgramError(f"an old shim answered: {program.greeting}")
            _tally, result = run(
                program, args.bot, args.hands, args.seed,
                duplicate=args.duplicate, progress=args.progress,
            )  # fmt: skip
    except (ProgramError, ValueError, reversis.ArgumentError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    if args.source is not None and not args.program:
        result["source_digest"] = _source_digest(args.source)
    _print_report(result, sys.stdout)
    if args.json:
        args.json.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
