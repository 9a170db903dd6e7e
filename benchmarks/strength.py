"""How strong the bots are: mean net per hand, with a 95 % confidence interval.

python benchmarks/strength.py [--hands 2000] [--playouts 8] [--millis 50] [--profiles a,b] [--seed 1]
                              [--pairings ismcts:cautious,ismcts:monte-carlo] [--json FILE]

Pairings per profile (``--pairings``, ``bot:others``; by default two): the search bot
(MonteCarloBot, ``--playouts`` worlds a decision) at one seat against cautious bots at the others,
and a cautious bot against random bots. ``ismcts`` is :class:`reversis.bots.search.ISMCTSBot`
(``--iterations`` a decision, ``--exploration``, ``--epsilon``). With ``--millis``, both search bots
(``monte-carlo`` and ``ismcts``) get that many milliseconds a decision instead, the same time each:
``--pairings ismcts:cautious,ismcts:monte-carlo --millis 50`` is issue 39's benchmark. Hand ``i`` is
dealt from the seed ``(seed, i)`` by dealer ``(i div n) mod n`` (``n`` players), and the bot under
test sits at seat ``i mod n``: seats rotate, no bot keeps one, and it meets every dealer. For each
pairing it prints the mean net per hand of the bot under test and of the other seats, and the mean
per-hand difference (the bot's net minus the mean net of the others) with its 95 % interval (1.96
standard errors). A difference whose interval excludes 0 is a difference the hands show. The hands
are the same for both pairings.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time

import reversis
from reversis.bots.players import Bot, CautiousBot, MonteCarloBot, RandomBot, play_hand
from reversis.bots.search import ISMCTSBot


def hand_seed(seed: int, index: int) -> int:
    return seed * 1_000_003 + index


def interval(values: list[float]) -> tuple[float, float]:
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return mean, half


def pairing(
    profile: reversis.Profile,
    test: str,
    other: str,
    hands: int,
    seed: int,
    playouts: int,
    search: argparse.Namespace | None = None,
) -> dict[str, object]:
    n = profile.players
    millis = search.millis if search is not None else None
    times: list[float] = []
    cpu: list[float] = []

    def timed(inner: Bot) -> Bot:
        def play(view: reversis.HandView) -> reversis.Move:
            start, start_cpu = time.perf_counter(), time.process_time()
            move = inner(view)
            times.append(time.perf_counter() - start)
            cpu.append(time.process_time() - start_cpu)
            return move

        return play

    def bot(kind: str, rng: random.Random) -> Bot:
        if kind == "monte-carlo":
            if millis is not None:
                return MonteCarloBot(rng, playouts=None, millis=millis)
            return MonteCarloBot(rng, playouts=playouts)
        if kind == "ismcts":
            assert search is not None
            return timed(
                ISMCTSBot(
                    rng,
                    iterations=None if millis is not None else search.iterations,
                    millis=millis,
                    exploration=search.exploration,
                    epsilon=search.epsilon,
                )
            )
        if kind == "cautious":
            return CautiousBot(rng)
        return RandomBot(rng)

    mine: list[float] = []
    theirs: list[float] = []
    diffs: list[float] = []
    start = time.perf_counter()
    for i in range(hands):
        s = hand_seed(seed, i)
        seat = i % n
        bots = [bot(test if k == seat else other, random.Random(s * 8 + k)) for k in range(n)]
        # The dealer turns every n hands, the bot's seat every hand: it meets every dealer.
        hand = play_hand(reversis.new_hand(profile, seed=s, dealer=(i // n) % n), bots)
        net = reversis.settle(hand).net
        others = sum(net[k] for k in range(n) if k != seat) / (n - 1)
        mine.append(net[seat])
        theirs.append(others)
        diffs.append(net[seat] - others)
    seconds = time.perf_counter() - start
    m, mh = interval(mine)
    o, oh = interval(theirs)
    d, dh = interval(diffs)
    return {
        "profile": profile.name,
        "bot": test,
        "against": other,
        "hands": hands,
        "mean_net": m,
        "mean_net_ci": mh,
        "others_mean_net": o,
        "others_mean_net_ci": oh,
        "difference": d,
        "difference_ci": dh,
        "significant": abs(d) > dh,
        "seconds": seconds,
        "millis": millis,
        "ismcts_mean_ms": 1000 * statistics.fmean(times) if times else None,
        "ismcts_max_ms": 1000 * max(times) if times else None,
        # CPU time: on a machine shared with other work, less than the clock's budget.
        "ismcts_cpu_ms": 1000 * statistics.fmean(cpu) if cpu else None,
        "differences": diffs,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--playouts", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profiles", default=",".join(reversis.available_profiles()))
    parser.add_argument("--pairings", default="monte-carlo:cautious,cautious:random")
    parser.add_argument("--millis", type=float, help="milliseconds a decision for search bots")
    parser.add_argument("--iterations", type=int, default=1000, help="ISMCTS, without --millis")
    parser.add_argument(
        "--exploration",
        type=float,
        default=2.0,
        help="ISMCTS's UCB1 constant (in standard deviations)",
    )
    parser.add_argument("--epsilon", type=float, default=0.0, help="ISMCTS's random plays")
    parser.add_argument("--json", metavar="FILE", help="also write the results as JSON")
    args = parser.parse_args()
    results = []
    print(
        f"{args.hands} hands per profile and pairing, seed {args.seed}, "
        + (
            f"search bots {args.millis:g} ms a decision"
            if args.millis is not None
            else f"monte-carlo with {args.playouts} playouts a decision, ismcts with "
            f"{args.iterations} iterations"
        )
        + f" (ismcts: exploration {args.exploration:g}, epsilon {args.epsilon:g})"
    )
    print(
        f"{'profile':<18}{'bot':<13}{'against':<10}{'bot net/hand':>18}"
        f"{'others net/hand':>18}{'difference':>18}  s"
    )
    for name in args.profiles.split(","):
        profile = reversis.load_profile(name)
        for pair in args.pairings.split(","):
            test, other = pair.split(":")
            r = pairing(profile, test, other, args.hands, args.seed, args.playouts, args)
            results.append(r)
            mark = "" if r["significant"] else " (within the interval)"
            print(
                f"{name:<18}{test:<13}{other:<10}"
                f"{r['mean_net']:>+10.2f} ±{r['mean_net_ci']:<6.2f}"
                f"{r['others_mean_net']:>+10.2f} ±{r['others_mean_net_ci']:<6.2f}"
                f"{r['difference']:>+10.2f} ±{r['difference_ci']:<6.2f}"
                f" {r['seconds']:.0f}{mark}"
                + (
                    f" (ismcts {r['ismcts_mean_ms']:.1f} ms a decision, at most "
                    f"{r['ismcts_max_ms']:.0f}; CPU {r['ismcts_cpu_ms']:.1f} ms)"
                    if r["ismcts_mean_ms"] is not None
                    else ""
                ),
                flush=True,
            )
            if args.json:
                with open(args.json, "w", encoding="utf-8") as file:
                    json.dump(results, file, indent=1)
    sys.stdout.flush()


if __name__ == "__main__":
    main()
