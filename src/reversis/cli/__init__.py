"""The command line: ``python -m reversis demo | play | simulate | ladder | replay | profiles |
check``.

``demo`` plays a hand (``--match``: a match) with bots and prints it trick by trick with its
payments; ``play`` seats a person at the table (:mod:`reversis.text.terminal`) against bots of a
level (:mod:`reversis.bots.levels`); ``simulate`` plays many hands with bots
(:mod:`reversis.simulation`); ``ladder`` rates bots against each other
(:mod:`reversis.simulation.ladder`); ``replay`` prints the hand or match of a text
record (:mod:`reversis.records`); ``profiles`` lists the shipped profiles; ``check`` runs the
consistency checker on a profile. The text is :mod:`reversis.text.narration`'s (its functions are
importable from here too).

============================  ======================================================================
module                        what it holds
============================  ======================================================================
this package's ``__init__``   the parser, :func:`main` and every command but ``ladder``
:mod:`~.ladder`               the ``ladder`` command
:mod:`~.options`              what the commands share: number options, the help, ``SIGTERM``
============================  ======================================================================
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from reversis import __version__
from reversis._core import available, engine_name
from reversis.bots.levels import DEFAULT_LEVEL, LEVEL_NAMES, LEVELS, get_level
from reversis.bots.players import Bot, play_hand
from reversis.bots.specs import BotSpec, parse_bot_spec
from reversis.cli.ladder import add_parser as _add_ladder
from reversis.cli.options import HelpFormatter as _HelpFormatter
from reversis.cli.options import number as _number
from reversis.cli.options import terminate_as_exit as _terminate_as_exit
from reversis.errors import ArgumentError, ReversisError
from reversis.hand import Hand, new_hand
from reversis.match import Match, new_match
from reversis.profile import Profile, available_profiles, load_profile
from reversis.records import files
from reversis.records import notation as records
from reversis.simulation.seating import seat_bots
from reversis.simulation.workers import cpu_count, max_workers
from reversis.text.glossary import ABOUT, EXPLAIN, explain
from reversis.text.narration import (
    describe_hand,
    describe_match,
    describe_match_end,
    money,
    narrate_match,
    plural,
    units,
)
from reversis.text.progress import Progress
from reversis.text.sentences import profile_title

__all__ = [
    "DESCRIPTION",
    "describe_hand",
    "describe_match",
    "main",
    "money",
    "parser",
    "plural",
    "units",
]

#: The top-level description in ``--help``: plain text.
DESCRIPTION = """\
Reversis, the French ancestor of Hearts: play hands and matches with bots, replay
text records, list the rule profiles and check a profile of your own."""

EPILOG = """\
examples (the installed command 'reversis' is the same as 'python -m reversis'):
  reversis demo --seed 7                 a hand of the default profile
  reversis demo --match --profile hoyle  a whole match of another profile
  reversis demo --record hand.txt        ... and save its text record
  reversis replay hand.txt               print the hand a record describes
  reversis replay --html hand.txt > hand.html
                                         ... as a page to share
  reversis play --level hard             play a hand yourself against strong bots
  reversis play --seat 1 --bots cautious,random,monte-carlo@50ms
                                         ... or against bots you name
  reversis simulate --hands 10000 --workers 2 --plot bots.svg
                                         how the bots do over many hands
  reversis ladder --bots random,cautious,monte-carlo@50ms --deals 50
                                         rate bots against each other
  reversis check --profile my-rules.toml --hands 500

'reversis COMMAND --help' (or 'python -m reversis COMMAND --help') describes each
command's options."""


def _bots(spec: BotSpec, seed: int, players: int) -> list[Bot]:
    """A bot of ``spec`` at every seat, seat ``s``'s random choices seeded with ``seed * 10 + s``."""
    return [spec.make(seed * 10 + s) for s in range(players)]


def _demo(args: argparse.Namespace) -> int:
    profile = load_profile(args.profile)
    bots = _bots(_play_spec(args.bots, args.playouts), args.seed, profile.players)
    played: Hand | Match
    if args.match:
        lines, played = narrate_match(
            new_match(profile, seed=args.seed, dealer=args.dealer), bots, "share"
        )
    else:
        dealer = args.dealer if args.dealer is not None else 0
        played = play_hand(new_hand(profile, seed=args.seed, dealer=dealer), bots)
        lines = describe_hand(played)
    print("\n".join([*lines, "", EXPLAIN]))
    if args.record is not None:
        _write(args.record, records.dump(played))
    return 0


def _write(path: str, text: str) -> None:
    if path == "-":
        sys.stdout.write(text)
        return
    files.write_text(path, text)  # a regular file only: never waits on a FIFO


def _replay(args: argparse.Namespace) -> int:
    if args.file == "-":
        text = sys.stdin.read(records.MAX_RECORD + 1)
    else:  # a regular file only: a FIFO, a folder or a device is refused at once
        text = files.read_text(args.file, records.MAX_RECORD)
    profile = load_profile(args.profile) if args.profile is not None else None
    value = records.replay(text, profile=profile)
    if args.html:
        from reversis.text.pictures import hand_html  # noqa: PLC0415 - loaded for this option only

        if not isinstance(value, Hand):
            if not value.history:
                raise ArgumentError("--html: the match record has no finished hand to show")
            value = value.history[-1]
        sys.stdout.write(hand_html(value))
        return 0
    if isinstance(value, Hand):
        print("\n".join(describe_hand(value)))
        return 0
    match = value
    lines = [f"Reversis match: {profile_title(match.profile)}"]
    for number, hand in enumerate(match.history, start=1):
        lines += ["", f"=== Hand {number} ===", *describe_hand(hand)]
    lines += describe_match_end(match)
    print("\n".join(lines))
    return 0


def _profiles(_: argparse.Namespace) -> int:
    for name, description in available_profiles().items():
        print(f"{name:<20}{description}")
    return 0


def _check(args: argparse.Namespace) -> int:
    from reversis.testing import check_profile  # noqa: PLC0415

    profile: Profile = load_profile(args.profile)
    progress = Progress(args.hands, profile.name, sys.stderr, terminal=sys.stderr.isatty())
    extra: Callable[[Hand, Hand | None], None] | None = progress
    try:
        report = check_profile(
            profile, hands=args.hands, seed=args.seed, exhaustive=args.exhaustive, extra=extra
        )
    finally:
        progress.close()
    for failure in report.failures:
        print(f"FAILED {failure}")
    status = "ok" if report.ok else f"{plural(len(report.failures), 'hand')} failed"
    print(
        f"{report.profile}: {plural(report.hands, 'hand')}, "
        f"{plural(report.moves, 'move')} checked: {status}"
    )
    return 0 if report.ok else 1


def _play(args: argparse.Namespace) -> int:
    from reversis.text.terminal import Quit, Terminal  # noqa: PLC0415 - loaded for this command only

    profile = load_profile(args.profile)
    n = profile.players
    if not 0 <= args.seat < n:
        raise ArgumentError(f"--seat: the {profile.name} table has seats 0 to {n - 1}")
    others = [s for s in range(n) if s != args.seat]
    level = None
    if args.bots is None:  # a level: the same bot at every other seat
        level = get_level(args.level or DEFAULT_LEVEL)
        names = [level.spec] * (n - 1)
    else:
        names = [name.strip() for name in args.bots.split(",")]
        if len(names) == 1:
            names *= n - 1
        if len(names) != n - 1:
            raise ArgumentError(
                f"--bots: give one bot for each of the {n - 1} other seats, or one for all, "
                f"not {len(names)}"
            )
    specs = [_play_spec(name, args.playouts) for name in names]
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)
    bots = {s: spec.make(seed * 10 + s) for s, spec in zip(others, specs, strict=True)}
    color = sys.stdout.isatty() and "NO_COLOR" not in os.environ
    # Sentences are wrapped to a terminal's width; into a pipe or a file, lines stay whole.
    width = None if sys.stdout.isatty() else 0
    game = Terminal(profile, args.seat, bots, read=input, write=print, color=color, width=width)
    if level is not None:
        seats = ", ".join(str(s) for s in others)
        table = (
            f"the bots at seats {seats} play at the {level.name} level: {level.words} "
            f"({level.move_time})"
        )
    else:
        table = ", ".join(f"seat {s}: {name}" for s, name in zip(others, names, strict=True))
    game.say(f"{profile_title(profile)}, seed {seed}. You are seat {args.seat}; {table}.")
    game.say("Type a move's number or notation; ? explains the moves; help, undo, save FILE, quit.")
    try:
        if args.match:
            match = game.play_match(new_match(profile, seed=seed, dealer=args.dealer))
            assert match.history
            game.offer_save(match.history[-1])
        else:
            dealer = args.dealer if args.dealer is not None else 0
            hand = game.play_hand(new_hand(profile, seed=seed, dealer=dealer))
            game.offer_save(hand)
    except Quit:
        return 0
    except KeyboardInterrupt:
        print("\nInterrupted.")
        return 130
    return 0


def _play_spec(name: str, playouts: int) -> BotSpec:
    """The spec of a bot of ``play --bots`` or ``demo --bots``: a bare ``monte-carlo`` plays
    ``--playouts`` worlds."""
    spec = parse_bot_spec(name)
    if name == "monte-carlo":
        return BotSpec(name, (("playouts", playouts),), name)
    return spec


def _simulate(args: argparse.Namespace) -> int:
    from reversis.simulation.runs import simulate  # noqa: PLC0415 - loaded for this command only

    profile = load_profile(args.profile)
    n = profile.players
    names = seat_bots(args.bots, n)
    if args.plot is not None:  # the picture's needs are checked before the work, not after it
        from reversis.simulation.report import check_picture  # noqa: PLC0415 - for --plot only

        check_picture(args.plot)  # without matplotlib: main's one-line error, before the work
    if args.matches is None and args.hands is None:
        args.hands = 1000
    if args.records is not None:
        files.make_folder(args.records, "--records")  # its errors name the option
    try:
        with _terminate_as_exit():
            result = simulate(
                profile,
                names,
                hands=args.hands,
                matches=args.matches,
                seed=args.seed,
                workers=args.workers or cpu_count(),
                records_dir=args.records,
                progress=sys.stdout.isatty(),
                bot_options={"monte-carlo": {"playouts": args.playouts}}
                if "monte-carlo" in names
                else {},
            )
    except KeyboardInterrupt:  # the workers are ended already (reversis.simulation.workers)
        print("\nInterrupted.", file=sys.stderr)
        return 130
    print(result.to_json() if args.json else result.table())
    if args.plot is not None:
        result.plot(args.plot)
        print(f"The picture is in {args.plot}.", file=sys.stderr)
    return 0


def _playouts() -> int:
    from reversis.simulation.runs import MAX_PLAYOUTS  # noqa: PLC0415

    return MAX_PLAYOUTS


def _max_count() -> int:
    from reversis.simulation.runs import MAX_COUNT  # noqa: PLC0415

    return MAX_COUNT


class _TopHelpFormatter(argparse.RawDescriptionHelpFormatter, _HelpFormatter):
    """The top-level help: the description and the examples as written."""


def _prog() -> str:
    return "reversis" if Path(sys.argv[0]).name == "reversis" else "python -m reversis"


def parser() -> argparse.ArgumentParser:
    """The command line's argument parser."""
    top = argparse.ArgumentParser(
        prog=_prog(), description=DESCRIPTION, epilog=EPILOG, formatter_class=_TopHelpFormatter
    )
    top.add_argument(
        "--version",
        action="version",
        version=f"reversis {__version__} (engine: {engine_name()})",
        help="print the version and the engine that plays hands (compiled or python), and exit",
    )
    sub = top.add_subparsers(dest="command", title="commands", metavar="COMMAND")
    options: dict[str, Any] = {"formatter_class": _HelpFormatter}
    demo = sub.add_parser(
        "demo",
        help="play a hand (or a match) with bots and print it",
        description="Play a whole hand (or a match) with bots and print it trick by trick, "
        "with its events, outcome and payments.",
        **options,
    )
    demo.add_argument("--seed", type=int, default=7, help="the seed of the deal")
    demo.add_argument(
        "--profile", default="fournier-1785", help="a shipped profile's name or a TOML file"
    )
    demo.add_argument(
        "--dealer",
        type=int,
        default=None,
        help="the first dealer's seat (default: 0 for a hand; for a match, drawn from the seed "
        "as the profile says)",
    )
    demo.add_argument(
        "--bots",
        metavar="BOT",
        default="random",
        help="the bot at every seat: random (the default), cautious, monte-carlo, ismcts, learned "
        "(NumPy), each with a budget if it takes one (ismcts@50ms, monte-carlo@200), or "
        "learned:PATH",
    )
    demo.add_argument(
        "--playouts",
        type=_number("playouts", 1, _playouts),
        default=8,
        help="worlds per decision of a bare monte-carlo bot, at most 1000",
    )
    demo.add_argument(
        "--match", action="store_true", help="play a whole match (default: a single hand)"
    )
    demo.add_argument(
        "--record",
        metavar="FILE",
        help="also write the text record to FILE, '-' for standard output (default: no record)",
    )
    demo.add_argument("--explain", action="store_const", dest="run", const=explain, help=ABOUT)
    demo.set_defaults(run=_demo)
    play = sub.add_parser(
        "play",
        help="play a hand (or a match) yourself against bots",
        description="Play a seat against bots in the terminal: type a move's number or notation; "
        "? explains the moves, undo takes back your last move, save FILE writes the record, "
        "glossary says the game's aim and words (as 'demo --explain'), quit (or Ctrl-D) asks "
        "whether to save. Colour on a terminal, unless NO_COLOR is set.",
        **options,
    )
    play.add_argument(
        "--profile", default="fournier-1785", help="a shipped profile's name or a TOML file"
    )
    play.add_argument("--seat", type=int, default=1, help="your seat")
    play.add_argument(
        "--seed", type=int, default=None, help="the seed of the deal (default: a random one, shown)"
    )
    play.add_argument(
        "--dealer",
        type=int,
        default=None,
        help="the first dealer's seat (default: 0 for a hand; for a match, drawn from the seed)",
    )
    chosen = play.add_mutually_exclusive_group()
    chosen.add_argument(
        "--level",
        choices=LEVEL_NAMES,
        default=None,
        help="how well the bots at the other seats play. "
        + " ".join(f"{lv.name} — {lv.words} ({lv.move_time})." for lv in LEVELS)
        + f" (default: {DEFAULT_LEVEL}, the level most people enjoy: bots that play sensibly, "
        "so that every hand is a real one, yet that a person beats once the game is "
        "understood, and that answer at once)",
    )
    chosen.add_argument(
        "--bots",
        default=None,
        help="instead of a level, the bots of the other seats in seat order, comma-separated, "
        "from random, cautious, monte-carlo, ismcts, learned (NumPy), each with a budget if it "
        "takes one (ismcts@50ms: 50 ms a move; monte-carlo@200: 200 worlds a move); one name "
        "for all (default: the level's)",
    )
    play.add_argument(
        "--playouts",
        type=_number("playouts", 1, _playouts),
        default=16,
        help="worlds per decision of the monte-carlo bot, at most 1000",
    )
    play.add_argument(
        "--match", action="store_true", help="play a whole match (default: a single hand)"
    )
    play.set_defaults(run=_play)
    _add_ladder(sub, options)
    simulate = sub.add_parser(
        "simulate",
        help="play many hands or matches with bots and tell how each bot did",
        description="Play many hands (or matches) with one bot per seat, seats rotated, and "
        "print per bot: hands, pot won, mean net per hand with its 95 % confidence interval, "
        "reversis made/broken, privilege used. The result depends on --seed only, not on "
        "--workers. A progress bar when standard output is a terminal (the progress extra).",
        **options,
    )
    simulate.add_argument(
        "--profile", default="fournier-1785", help="a shipped profile's name or a TOML file"
    )
    count = simulate.add_mutually_exclusive_group()
    count.add_argument(
        "--hands",
        type=_number("hands", 1, _max_count),
        default=None,
        help="hands to play (default: 1000)",
    )
    count.add_argument(
        "--matches",
        type=_number("matches", 1, _max_count),
        default=None,
        help="whole matches to play instead (default: hands)",
    )
    simulate.add_argument(
        "--bots",
        default=None,
        help="the bots in seat order, comma-separated, from random, cautious, monte-carlo, "
        "ismcts, learned (NumPy); a "
        "shorter list is repeated over the seats (random,cautious on 4 seats: random, cautious, "
        "random, cautious; one name: that bot at every seat) (default: cautious, then random at "
        "every other seat)",
    )
    simulate.add_argument("--seed", type=int, default=0, help="the simulation's seed")
    simulate.add_argument(
        "--workers",
        type=_number("workers", 1, max_workers, " (4 per CPU)"),
        default=None,
        help="processes to play on, at most 4 per CPU (default: the CPU count; never more than "
        "the work needs)",
    )
    simulate.add_argument(
        "--playouts",
        type=_number("playouts", 1, _playouts),
        default=8,
        help="worlds per decision of the monte-carlo bot, at most 1000",
    )
    simulate.add_argument(
        "--json", action="store_true", help="print the result as JSON (default: a table)"
    )
    simulate.add_argument(
        "--records", metavar="DIR", default=None, help="keep every record in DIR (default: none)"
    )
    simulate.add_argument(
        "--plot",
        metavar="FILE",
        default=None,
        help="also draw each bot's mean net per hand with its confidence interval into FILE "
        "(.svg, .png or .pdf; needs the plot extra, matplotlib) (default: no picture)",
    )
    simulate.set_defaults(run=_simulate)
    replay = sub.add_parser(
        "replay",
        help="read a text record and print the hand or match",
        description="Read a text record (see reversis.records.notation) and print the hand or match "
        "it describes.",
        **options,
    )
    replay.add_argument("file", help="the record's file ('-': standard input)")
    replay.add_argument(
        "--profile",
        default=None,
        help="the profile file, for a record whose profile is not shipped (default: the "
        "record's Profile tag)",
    )
    replay.add_argument(
        "--html",
        action="store_true",
        help="print the hand as a self-contained HTML page to share: the deal, each trick as a "
        "picture, the events and the settlement in words (a match record: its last hand) "
        "(default: the hand or match as text)",
    )
    replay.set_defaults(run=_replay)
    profiles = sub.add_parser(
        "profiles",
        help="list the shipped rule profiles",
        description="List the shipped rule profiles.",
        **options,
    )
    profiles.set_defaults(run=_profiles)
    check = sub.add_parser(
        "check",
        help="run the consistency checker on a profile",
        description="Play random hands of a profile and check every invariant after every move "
        "(see reversis.testing). Shows its progress on standard error: a bar on a terminal, "
        "a line every few seconds elsewhere (a CI log).",
        **options,
    )
    check.add_argument(
        "--profile", default="fournier-1785", help="a shipped profile's name or a TOML file"
    )
    check.add_argument(
        "--hands", type=_number("hands", 1, _max_count), default=100, help="how many hands to play"
    )
    check.add_argument("--seed", type=int, default=0, help="hand i is dealt from seed + i")
    check.add_argument(
        "--exhaustive",
        action="store_true",
        help="try every move of the game at every step (default: a sample of illegal moves)",
    )
    check.set_defaults(run=_check)
    return top


#: What a command says first where the compiled core is not installed (an install without a C
#: compiler), unless ``REVERSIS_ENGINE`` chose the engine.
NO_CORE = (
    "reversis: the compiled core is not installed (it needs a C compiler when the package is "
    "installed), so the reference engine plays: the same rules, slower. Set REVERSIS_ENGINE=python "
    "to say that this is what you want."
)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``); return the exit status."""
    top = parser()
    args = top.parse_args(argv)
    # Python 3.11's argparse reads ``--seed=--`` as an empty list: no option of ours takes one
    # (``ladder --profile``, given again for more, is a list of names, never of lists).
    for name, value in vars(args).items():
        if isinstance(value, list) and (not value or any(isinstance(v, list) for v in value)):
            top.error(f"argument --{name}: expected one value, not '--'")
    if args.command is None:
        top.print_help()
        return 0
    if not available() and not os.environ.get("REVERSIS_ENGINE"):
        print(NO_CORE, file=sys.stderr)
    try:
        status: int = args.run(args)
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader has gone (``… | head``): stop quietly, as Unix tools do. Standard output is
        # pointed at /dev/null so that Python's final flush does not complain again.
        _silence_stdout()
        return 0
    except ReversisError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except ModuleNotFoundError as exc:  # an optional extra's package, named by its message
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        name = str(exc.filename or "")
        name = name if len(name) <= 80 else "…" + name[-79:]  # the end is what names it
        print(f"error: {name}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    except UnicodeDecodeError:
        print("error: the file is not UTF-8 text", file=sys.stderr)
        return 2
    return status


def _silence_stdout() -> None:
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):  # pragma: no cover - standard output without a file descriptor
        pass


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
