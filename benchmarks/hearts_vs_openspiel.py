"""Random Hearts games per second: the library's ``hearts`` profile next to OpenSpiel's ``hearts``.

Both sides play complete random games, driven from Python, in the same process, alternating batch
by batch (library, OpenSpiel, library, ...) so that both see the same machine state; the medians
of the repeats and their ratio are printed.

* Library: ``new_hand(profile, seed=..., dealer=3, pass_direction=...)`` (the seeded shuffle
  included; the direction drawn at random as OpenSpiel draws it), then ``legal_moves()`` and
  ``apply()`` at every step, and ``reversis.settle(hand)`` at the end.
* OpenSpiel: ``game.new_initial_state()``, the 53 chance events drawn from ``legal_actions()``, then
  ``legal_actions()`` and ``apply_action()`` at every step, and ``returns()`` at the end.

The same OpenSpiel parameters on both sides (``--params jd_bonus=true,pass_cards=false``).
``--fournier`` plays the library's ``fournier-1785`` Reversis instead (the exchange included)
against OpenSpiel's ``hearts(pass_cards=false)``: two 4-player trick games of similar length.
``--rollout`` plays each library hand with ``hand.rollout(rng)`` (one loop to the end, the same
random choices as step-by-step play) instead of ``legal_moves()`` and ``apply()`` at every step.

    pip install -e ".[openspiel]"
    python benchmarks/hearts_vs_openspiel.py --games 2000 --repeats 5
    python benchmarks/hearts_vs_openspiel.py --fournier
    python benchmarks/hearts_vs_openspiel.py --fournier --rollout
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from importlib import metadata

import reversis

try:
    import pyspiel
except ImportError:  # pragma: no cover - depends on the environment
    sys.exit('OpenSpiel is not installed: pip install -e ".[openspiel]"')

#: OpenSpiel's pass-direction ids, as the library names them (hearts §3).
DIRECTIONS = ("none", "left", "across", "right")


def parse_params(text: str) -> dict[str, bool]:
    """``"jd_bonus=true,pass_cards=false"`` as OpenSpiel's Hearts parameters."""
    params: dict[str, bool] = {}
    for item in filter(None, (part.strip() for part in text.split(","))):
        name, _, value = item.partition("=")
        if value.lower() not in {"true", "false", "1", "0"}:
            raise SystemExit(f"--params: {item!r} is not name=true or name=false")
        params[name.strip()] = value.lower() in {"true", "1"}
    return params


def library_games(
    profile: reversis.Profile, games: int, seed: int, rollout: bool = False
) -> tuple[float, int]:
    """Play ``games`` random hands through the public API (or by rollouts); (seconds, moves)."""
    rng = random.Random(seed)
    draw = rng.random
    hearts = profile.hearts
    directions = DIRECTIONS if hearts is not None and hearts.pass_cards else ("none",)
    new_hand, settle = reversis.new_hand, reversis.settle
    finished: list[reversis.Hand] = []
    start = time.perf_counter()
    for i in range(games):
        if hearts is not None:
            direction = directions[int(draw() * len(directions))]
            hand = new_hand(profile, seed=seed + i, dealer=3, pass_direction=direction)
        else:
            hand = new_hand(profile, seed=seed + i, dealer=i % profile.players)
        if rollout:
            hand = hand.rollout(rng)
        else:
            moves = hand.legal_moves()
            while moves:
                hand = hand.apply(moves[int(draw() * len(moves))])
                moves = hand.legal_moves()
        settle(hand)
        finished.append(hand)
    seconds = time.perf_counter() - start
    return seconds, sum(len(hand.moves) for hand in finished)


def openspiel_games(game: object, games: int, seed: int) -> tuple[float, int]:
    """Play ``games`` random OpenSpiel games from Python; (seconds, player moves)."""
    rng = random.Random(seed)
    draw = rng.random
    new_state = game.new_initial_state  # type: ignore[attr-defined]
    steps = 0
    start = time.perf_counter()
    for _ in range(games):
        state = new_state()
        # Chance from legal_actions(), not chance_outcomes() (hearts §12.1).
        for _ in range(53):
            legal = state.legal_actions()
            state.apply_action(legal[int(draw() * len(legal))])
        legal = state.legal_actions()
        while legal:
            state.apply_action(legal[int(draw() * len(legal))])
            steps += 1
            legal = state.legal_actions()
        state.returns()
    return time.perf_counter() - start, steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per batch")
    parser.add_argument("--repeats", type=int, default=5, help="batches per side, alternating")
    parser.add_argument("--params", default="", help="OpenSpiel parameters, e.g. jd_bonus=true")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--fournier",
        action="store_true",
        help="the library's fournier-1785 against OpenSpiel's hearts(pass_cards=false)",
    )
    parser.add_argument(
        "--rollout",
        action="store_true",
        help="play the library's hands with hand.rollout(rng) instead of apply() at every step",
    )
    args = parser.parse_args()
    params = parse_params(args.params)
    if args.fournier:
        if params:
            raise SystemExit("--fournier compares with hearts(pass_cards=false): no --params")
        params = {"pass_cards": False}
        profile = reversis.load_profile("fournier-1785")
    else:
        profile = reversis.load_profile("hearts")
        if params:
            try:
                profile = profile.evolve(hearts=params)
            except reversis.ProfileError as error:
                raise SystemExit(f"--params: {error}") from None
    game = pyspiel.load_game("hearts", params)
    label = profile.name
    if params and not args.fournier:
        label += "(" + ",".join(f"{k}={v}" for k, v in params.items()) + ")"
    sides: dict[str, tuple[Callable[[int], tuple[float, int]], list[float]]] = {
        f"reversis {label}{' rollout' if args.rollout else ''}": (
            lambda s: library_games(profile, args.games, s, args.rollout),
            [],
        ),
        f"OpenSpiel {game}": (lambda s: openspiel_games(game, args.games, s), []),
    }
    library_games(profile, 50, 0, args.rollout)  # warm up both sides (imports, caches)
    openspiel_games(game, 50, 0)
    moves: dict[str, int] = {}
    for repeat in range(args.repeats):
        for name, (play, rates) in sides.items():
            seconds, steps = play(args.seed + repeat * args.games)
            rates.append(args.games / seconds)
            moves[name] = steps
    medians = {name: statistics.median(rates) for name, (_, rates) in sides.items()}
    width = max(map(len, medians))
    print(
        f"{args.games} random games per batch, {args.repeats} batches each, alternating "
        f"(Python {sys.version.split()[0]}, OpenSpiel {metadata.version('open_spiel')})"
    )
    for name, median in medians.items():
        rates = sides[name][1]
        print(
            f"  {name:<{width}}  median {median:>9,.0f} games/s  "
            f"(min {min(rates):,.0f}, max {max(rates):,.0f}; "
            f"{moves[name] / args.games:.0f} moves a game)"
        )
    library, openspiel = medians.values()
    print(f"  ratio reversis / OpenSpiel: {library / openspiel:.2f}")


if __name__ == "__main__":
    main()
