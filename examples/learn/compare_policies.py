"""Two policies against the same opponents on the same deals, paired (issue 39): did a training
step help?

    python examples/learn/compare_policies.py runs/league-hearts/policy.npz shipped --hands 1000
    python examples/learn/compare_policies.py runs/league-hearts/policy.npz shipped \\
        --others monte-carlo --hands 1000                     # against the imitation's teacher

Each policy (a ``.npz`` file, or ``shipped`` for the network the package ships for the file's
profile) plays hand ``i`` at one seat against :class:`~reversis.bots.players.CautiousBot` at the
others, dealt from ``benchmarks/strength.py``'s seed ``(seed, i)`` by dealer ``(i div n) mod n``, its
seat ``i mod n`` (``ship.py``'s evaluation). With ``--others monte-carlo`` the others are
:class:`~reversis.bots.players.MonteCarloBot` instead (``--playouts`` worlds a decision, 32 by
default: the teacher of ``imitate.py``), seat ``k``'s generator seeded as ``strength.py`` seeds it,
so that both policies meet the same opponents' moves wherever they make the same moves. For each
policy: its difference to the others' mean a hand, with its 95 % interval; then the first's
difference less the second's, hand by hand, with its interval: the same deals and seats cancel most
of the luck of the cards.
"""

from __future__ import annotations

import argparse
import json
import math
import random

import numpy as np
from ship import hand_seed

import reversis
from reversis.bots.learned import LearnedBot, load_policy, shipped_policy
from reversis.bots.players import Bot, CautiousBot, MonteCarloBot


def bot_of(name: str, profile: str | None) -> LearnedBot:
    if name == "shipped":
        if profile is None:
            raise SystemExit("error: 'shipped' second, after a policy file that names the profile")
        return shipped_policy(profile)
    played, weights = load_policy(name)
    return LearnedBot(played, weights, name)


def differences(bot: LearnedBot, hands: int, seed: int, others: str = "cautious",
                playouts: int = 32) -> np.ndarray:  # fmt: skip
    """The bot's net less the others' mean, hand by hand."""
    rules = reversis.load_profile(bot.profile)
    n = rules.players
    out = np.zeros(hands)
    for i in range(hands):
        s = hand_seed(seed, i)
        seat = i % n
        if others == "cautious":
            bots: list[Bot] = [CautiousBot()] * n
        else:
            bots = [MonteCarloBot(random.Random(s * 8 + k), playouts=playouts) for k in range(n)]
        hand = reversis.new_hand(rules, seed=s, dealer=(i // n) % n)
        while not hand.is_over:
            mover = hand.to_move
            view = hand.view(mover)
            hand = hand.apply(bot(view) if mover == seat else bots[mover](view))
        net = reversis.settle(hand).net
        out[i] = net[seat] - sum(net[k] for k in range(n) if k != seat) / (n - 1)
    return out


def interval(values: np.ndarray) -> tuple[float, float]:
    return float(values.mean()), float(1.96 * values.std(ddof=1) / math.sqrt(len(values)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("first", help="a policy file")
    parser.add_argument("second", help="a policy file, or 'shipped'")
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--others", choices=("cautious", "monte-carlo"), default="cautious")
    parser.add_argument("--playouts", type=int, default=32, help="(with --others monte-carlo)")
    args = parser.parse_args()
    if args.hands < 2:
        raise SystemExit("error: --hands must be 2 or more")
    if args.playouts < 1:
        raise SystemExit("error: --playouts must be 1 or more")
    first = bot_of(args.first, None)
    second = bot_of(args.second, first.profile)
    if second.profile != first.profile:
        raise SystemExit(
            f"error: {args.first} plays {first.profile}, {args.second} {second.profile}"
        )
    a = differences(first, args.hands, args.seed, args.others, args.playouts)
    b = differences(second, args.hands, args.seed, args.others, args.playouts)
    result = {"profile": first.profile, "hands": args.hands, "seed": args.seed}
    result["others"] = args.others if args.others == "cautious" else f"monte-carlo@{args.playouts}"
    for key, values in (("first", a), ("second", b), ("first_less_second", a - b)):
        mean, half = interval(values)
        result[key] = round(mean, 3)
        result[f"{key}_interval"] = round(half, 3)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
