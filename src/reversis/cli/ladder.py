"""The ``ladder`` command: the bots' ladder (:mod:`reversis.simulation.ladder`) from the command
line, its table or JSON printed, and with ``--out DIR`` the files of the docs' page."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from reversis.bots.specs import parse_bot_spec
from reversis.cli.options import number, terminate_as_exit
from reversis.errors import ArgumentError
from reversis.profile import available_profiles, load_profile
from reversis.records import files
from reversis.simulation.workers import cpu_count, max_workers

__all__ = ["add_parser", "run"]


def run(args: argparse.Namespace) -> int:
    """Run ``ladder`` with the parsed ``args``; the exit status."""
    from reversis.simulation.ladder import ladder  # noqa: PLC0415 - loaded for this command only

    specs = [parse_bot_spec(name) for name in args.bots.split(",")]
    if args.all_profiles and args.profile:
        raise ArgumentError("--profile and --all-profiles: give one of them")
    profiles = (
        list(available_profiles()) if args.all_profiles else args.profile or ["fournier-1785"]
    )
    out = None
    if args.out is not None:
        out = files.make_folder(args.out, "--out")
    loaded = [load_profile(p) for p in profiles]  # every profile checked before any play
    if out is not None:
        from reversis.simulation.report import check_picture  # noqa: PLC0415 - for --out only

        check_picture(out / "ladder.svg")  # without matplotlib: main's one-line error
    try:
        with terminate_as_exit():
            result = ladder(
                specs,
                loaded,
                deals=args.deals,
                seed=args.seed,
                workers=args.workers or cpu_count(),
                progress=_said,
            )
    except KeyboardInterrupt:  # the workers are ended already (reversis.simulation.workers)
        print("\nInterrupted.", file=sys.stderr)
        return 130
    text = result.to_json() if args.json else result.table()
    print(text)
    if out is not None:
        files.write_text(out / "ladder.txt", result.table() + "\n")
        files.write_text(out / "ladder.json", result.to_json() + "\n")
        result.plot(str(out / "ladder.svg"))
        print(f"The table, the JSON and the picture are in {args.out}.", file=sys.stderr)
    return 0


def add_parser(sub: Any, options: dict[str, Any]) -> None:
    """The ``ladder`` command's parser."""
    ladder = sub.add_parser(
        "ladder",
        help="rate bots against each other, every pair on the same deals",
        description="Play every pair of bots on the same deals, duplicate style (each deal "
        "played with each bot alone at each seat against the other, so that the luck of the "
        "cards cancels), and print per profile a rating per bot (its net a hand against the "
        "field: least squares of the pairs' mean margins, summing to zero) with its 95 % "
        "interval (bootstrap over the deals), each pair's margin with its interval, and the "
        "mean time a decision of each bot. With bots of a count budget the result depends on "
        "--seed only, not on --workers.",
        **options,
    )
    ladder.add_argument(
        "--bots",
        default="random,cautious,monte-carlo@50ms",
        help="the bots, comma-separated, each a name with a budget if it takes one: "
        "monte-carlo@50ms (50 ms a decision), ismcts@500 (500 iterations a decision), learned "
        "(the network shipped for the profile; NumPy), learned:PATH",
    )
    where = ladder.add_mutually_exclusive_group()
    where.add_argument(
        "--profile",
        action="append",
        default=None,
        help="a shipped profile's name or a TOML file; again for more profiles "
        "(default: fournier-1785)",
    )
    where.add_argument(
        "--all-profiles", action="store_true", help="every shipped profile (default: --profile)"
    )
    ladder.add_argument(
        "--deals",
        "--hands",
        type=number("deals", 1, _max_deals),
        default=100,
        help="deals each pair plays; each deal is played twice per seat (--hands is the same)",
    )
    ladder.add_argument("--seed", type=int, default=0, help="the ladder's seed")
    ladder.add_argument(
        "--workers",
        type=number("workers", 1, max_workers, " (4 per CPU)"),
        default=None,
        help="processes to play on, at most 4 per CPU (default: the CPU count)",
    )
    ladder.add_argument(
        "--json", action="store_true", help="print the result as JSON (default: a table)"
    )
    ladder.add_argument(
        "--out",
        metavar="DIR",
        default=None,
        help="also write ladder.txt, ladder.json and the picture ladder.svg (the plot extra, "
        "matplotlib) into DIR (default: nothing written)",
    )
    ladder.set_defaults(run=run)


def _said(profile: str, done: int, total: int) -> None:
    """A line on standard error as each profile is done (a ladder takes minutes)."""
    print(f"ladder: {profile} done ({done} of {total})", file=sys.stderr, flush=True)


def _max_deals() -> int:
    from reversis.simulation.ladder import MAX_DEALS  # noqa: PLC0415

    return MAX_DEALS
