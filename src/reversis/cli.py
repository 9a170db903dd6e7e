"""The command line: ``python -m reversis demo | play | simulate | replay | profiles | check``.

``play`` seats a person at the table against bots (see :mod:`reversis.terminal`); ``simulate``
plays many hands or matches with bots and prints how each bot did (see
:mod:`reversis.simulation`).

``demo`` plays a whole hand (or, with ``--match``, a whole match) with bots and prints it trick by
trick with its payments (``--record FILE`` also saves its text record); ``replay`` reads a text
record (see :mod:`reversis.records`) and prints the hand or match it describes; ``profiles`` lists
the shipped rule profiles; ``check`` runs the consistency checker on a profile (a shipped one or
your own file).
"""

from __future__ import annotations

import argparse
import importlib
import os
import random
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TextIO

from reversis import __version__, records
from reversis import events as ev
from reversis.bots import Bot, CautiousBot, RandomBot, play_hand
from reversis.cards import Card, Suit
from reversis.errors import ArgumentError, ReversisError
from reversis.hand import Hand, new_hand
from reversis.match import Match, MatchPhase, new_match
from reversis.profile import Profile, available_profiles, load_profile
from reversis.scoring import Payment, settle
from reversis.stakes import BasketStakes, PoolStakes, PotStakes, Stakes
from reversis.text import stakes_text

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
examples:
  python -m reversis demo --seed 7                 a hand of the default profile
  python -m reversis demo --match --profile hoyle  a whole match of another profile
  python -m reversis demo --record hand.txt        ... and save its text record
  python -m reversis replay hand.txt               print the hand a record describes
  python -m reversis play --seat 1 --bots cautious,random,monte-carlo
                                                   play a hand yourself against bots
  python -m reversis simulate --hands 10000 --workers 2
                                                   how the bots do over many hands
  python -m reversis check --profile my-rules.toml --hands 500

'python -m reversis COMMAND --help' describes each command's options."""


def plural(count: int, word: str, words: str | None = None) -> str:
    """``count`` and the noun that agrees with it: ``plural(1, "trick")`` is ``"1 trick"``,
    ``plural(2, "trick")`` is ``"2 tricks"``; ``words`` gives an irregular plural."""
    return f"{count} {word if abs(count) == 1 else (words if words is not None else word + 's')}"


def units(profile: Profile) -> str:
    """The profile's unit of money in the plural, in its own words (``counters``, ``fish``)."""
    money = profile.money
    return money.unit_plural if money.unit_plural is not None else f"{money.unit}s"


def money(profile: Profile, amount: int) -> str:
    """``amount`` in the profile's unit: ``"1 counter"``, ``"14 counters"``, ``"2 fish"``."""
    return plural(amount, profile.money.unit, units(profile))


def _cards(cards: Sequence[Card]) -> str:
    parts = []
    for suit in Suit:
        ranks = [c.rank.code for c in sorted(cards, reverse=True) if c.suit == suit]
        if ranks:
            parts.append(f"{suit.symbol} {' '.join(ranks)}")
    return "  ".join(parts) or "-"


def _seat(hand: Hand, seat: int | None) -> str:
    if seat is None:
        return "nobody"
    role = " (dealer)" if seat == hand.dealer else " (eldest)" if seat == hand.eldest else ""
    return f"seat {seat}{role}"


def describe_hand(hand: Hand) -> list[str]:
    """The hand told in text, trick by trick, with its events and its outcome."""
    profile = hand.profile
    reversis = profile.game == "reversis"
    leads = (
        "the holder of the two of clubs leads"
        if profile.hearts is not None
        else f"seat {hand.eldest} leads"
    )
    lines = [
        f"{'Reversis: ' if reversis else ''}{profile.title} ({profile.name})"
        + (f", seed {hand.seed}" if hand.seed is not None else ""),
        f"{profile.players} players, seats numbered in playing order ({profile.table.direction}); "
        f"seat {hand.dealer} deals, {leads}.",
        "",
        "The deal",
    ]
    for seat, cards in enumerate(hand.dealt):
        lines.append(f"  {_seat(hand, seat):<18}{_cards(cards)}")
    if hand.widow:
        taker = " (the dealer takes it up)" if profile.deal.widow == "dealer" else ""
        lines.append(f"  {'widow':<18}{' '.join(str(c) for c in hand.widow)}{taker}")
    if hand.bum is not None:
        lines.append(f"  {'bum card':<18}{hand.bum}: Tëtka is {hand.tetka}, the bum trick is "
                     f"trick {hand.bum_trick}")  # fmt: skip
    if hand.turn_up is not None:
        bowers = f", bowers {hand.right_bower} and {hand.left_bower}" if hand.right_bower else ""
        lines.append(f"  {'turn-up':<18}{hand.turn_up}: trumps {hand.turn_up.suit}{bowers}")
    if hand.pass_direction is not None:
        lines.append(f"  {'pass':<18}{hand.pass_direction}")
    if profile.mechanism != "none":
        lines.append(f"  stakes            {_stakes_text(hand.stakes)}")
    if hand.deal.nsteps:
        lines += ["", "The pass" if profile.hearts is not None else "The exchange"]
    current: list[str] = []
    trick_lines: list[str] = []
    for event in hand.events:
        if isinstance(event, ev.Exchanged):
            lines.append(
                f"  {_seat(hand, event.seat)} exchanges: puts aside {event.discarded}, "
                f"takes {event.taken}"
            )
        elif isinstance(event, ev.Declined):
            lines.append(
                f"  {_seat(hand, event.seat)} declines, looks at {event.widow_card} and puts it aside"
            )
        elif isinstance(event, ev.Discarded):
            lines.append(f"  {_seat(hand, event.seat)} discards {event.card}")
        elif isinstance(event, ev.CardGiven):
            verb = "passes" if profile.hearts is not None else "gives"
            lines.append(f"  {_seat(hand, event.seat)} {verb} {event.card} to seat {event.to}")
        elif isinstance(event, ev.CardsPassed):
            lines.append(f"  the cards {'passed' if profile.hearts else 'given'} change hands")
        elif isinstance(event, ev.CardPlayed):
            if event.kind is ev.PlayKind.LED:
                if not current:
                    lines += ["", "The tricks"]
                current = [f"  {event.trick:>2}. seat {event.seat} leads {event.card}"]
            else:
                note = (
                    ""
                    if event.kind is ev.PlayKind.FORCED or not reversis
                    else f" ({event.kind.value})"
                )
                current.append(f"seat {event.seat} {event.card}{note}")
        elif isinstance(event, ev.TrickTaken):
            lines.append(", ".join(current) + f"  → seat {event.winner}")
            lines.extend(trick_lines)
            trick_lines = []
        elif isinstance(event, ev.PrivilegeUsed):
            name = profile.privilege.name if profile.privilege else "privilege"
            trick_lines.append(f"      seat {event.seat} uses the {name}")
        elif isinstance(event, ev.PoolWon):
            trick_lines.append(
                f"      seat {event.seat} places the quinola and wins {_pool_won(event.pool)}"
            )
        elif isinstance(event, ev.PoolOwed):
            trick_lines.append(
                f"      seat {event.seat} owes {_pool_owed(event.pool)} for the quinola"
            )
        elif isinstance(event, ev.ReversisCommitted):
            lines.append(f"      seat {event.seat} has won every trick: committed to the reversis")
        elif isinstance(event, ev.ReversisMade):
            lines.append(f"      seat {event.seat} makes the reversis")
        elif isinstance(event, ev.ReversisBroken):
            lines.append(
                f"      seat {event.breaker} breaks seat {event.seat}'s reversis on trick {event.trick}"
            )
        elif isinstance(event, ev.MoonShot):
            trick_lines.append(f"      seat {event.seat} has shot the moon")
        elif isinstance(event, ev.MostTricks):
            how = (
                ""
                if event.decided_by == "tricks"
                else f" (by {event.decided_by.replace('_', ' ')})"
            )
            trick_lines.append(f"      seat {event.seat} scores for most tricks{how}")
        elif isinstance(event, ev.HandOver):
            lines.extend(trick_lines)
            trick_lines = []
            lines += ["", "The outcome"]
            points = ", ".join(
                f"seat {s}: {plural(p, 'point')} in {plural(t, 'trick')}"
                for s, (p, t) in enumerate(zip(event.points, event.tricks, strict=True))
            )
            lines.append(f"  {points}")
            word = profile.money.pot_reason
            if not reversis:
                if hand.discards:
                    lines.append(
                        f"  the dealer's discards {_cards(hand.discards)}: "
                        f"{plural(hand.discard_points, 'point')}"
                    )
            elif event.winner is None:
                lines.append(f"  a reversis was committed: the {word} is out of play")
            else:
                worth = money(profile, hand.pot_value)
                what = (
                    f"pot {_cards(hand.pot)} worth {worth}"
                    if word == "pot"
                    else f"party worth {worth} (the cards put aside: {_cards(hand.pot)})"
                )
                lines.append(
                    f"  {what}: {_seat(hand, event.winner)} wins it, "
                    f"{_seat(hand, event.loser)} loses it"
                )
    lines.extend(_settlement_lines(hand))
    return lines


def _pool_won(pool: str) -> str:
    return {"basket": "the basket", "pot": "the most recent pot"}.get(pool, f"the {pool} pool")


def _pool_owed(pool: str) -> str:
    return {"basket": "a beast", "pot": "a remise"}.get(pool, f"the {pool} pool its value")


def _stakes_text(stakes: Stakes) -> str:
    return stakes_text(stakes) or "none"


def _table_text(stakes: Stakes) -> str:
    """What the stakes hold in counters (not the beasts, which are debts)."""
    if isinstance(stakes, BasketStakes):
        return f"basket {stakes.basket}"
    if isinstance(stakes, PotStakes):
        return f"{'pot' if len(stakes.pots) == 1 else 'pots'} {', '.join(map(str, stakes.pots))}"
    if isinstance(stakes, PoolStakes):
        return ", ".join(f"{name} pool {amount}" for name, amount in stakes.pools)
    return "nothing"


def _payment_lines(payments: Sequence[Payment]) -> list[str]:
    lines = []
    for p in payments:
        trick = f" (trick {p.trick})" if p.trick is not None else ""
        payer = f"seat {p.payer}" if isinstance(p.payer, int) else p.payer
        payee = f"seat {p.payee}" if isinstance(p.payee, int) else p.payee
        lines.append(f"  {payer:>8} → {payee:<8} {p.amount:>4}  {p.reason}{trick}")
    return lines


def _settlement_lines(hand: Hand) -> list[str]:
    result = settle(hand)
    lines = ["", "Payments"]
    lines += _payment_lines(result.payments) or ["  none"]
    lines.append("  net: " + ", ".join(f"seat {s} {n:+d}" for s, n in enumerate(result.net)))
    if hand.profile.mechanism != "none":
        lines.append(f"  stakes after the hand: {_stakes_text(result.stakes)}")
    return lines


def describe_match(match: Match, bots: Sequence[Bot], end_choice: str = "share") -> list[str]:
    """Play ``match`` to its end with ``bots`` and tell it hand by hand: the antes, the payments,
    the stakes after each hand, then the final standing. Deciders at the end choose ``end_choice``
    (with ``"continue"``, careless bots may never end the match)."""
    return _play_match(match, bots, end_choice)[0]


def _play_match(match: Match, bots: Sequence[Bot], end_choice: str) -> tuple[list[str], Match]:
    profile = match.profile
    kind = "Reversis match" if profile.game == "reversis" else "Game"
    lines = [
        f"{kind}: {profile.title} ({profile.name})"
        + (f", seed {match.seed}" if match.seed is not None else ""),
        f"{profile.players} players with {money(profile, profile.money.bankroll)} each; "
        + (
            f"{plural(match.total_hands, 'hand')}"
            if match.total_hands is not None
            else f"until someone passes {match.profile.match.limit} points"
        )
        + f"; first dealer: seat {match.dealer}.",
    ]
    while not match.is_over:
        if match.phase is MatchPhase.DECIDING:
            for seat in match.deciders:
                match = match.choose(seat, end_choice)
            continue
        match = match.start_hand()
        assert match.hand is not None
        continuing = " (continuing, no antes)" if match.phase is MatchPhase.CONTINUING else ""
        lines += [
            "",
            f"Hand {match.hand_number}, round {match.round}, dealer seat {match.dealer}{continuing}",
        ]
        lines += _payment_lines(match.antes)
        hand = play_hand(match.hand, bots)
        result = settle(hand)
        if hand.reversis_player is not None:
            how = (
                "made"
                if hand.reversis_breaker is None
                else f"broken by seat {hand.reversis_breaker}"
            )
            lines.append(f"  reversis by seat {hand.reversis_player}, {how}")
        elif profile.game == "reversis":
            lines.append(
                f"  {profile.money.pot_reason} worth {money(profile, hand.pot_value)}: "
                f"seat {hand.winner} wins, seat {hand.loser} loses"
            )
        else:
            lines.append(
                "  points: " + ", ".join(f"seat {s} {p}" for s, p in enumerate(hand.points))
            )
        lines += _payment_lines(result.payments)
        match = match.finish_hand(hand)
        if profile.mechanism != "none":
            lines.append(f"  stakes: {_stakes_text(match.stakes)}")
        else:
            lines.append(
                "  totals: " + ", ".join(f"seat {s} {t}" for s, t in enumerate(match.totals))
            )
        lines.append(f"  {_bankrolls_text(match)}")
    lines += _match_end_lines(match)
    return lines, match


def _bankrolls_text(match: Match) -> str:
    """``"counters: seat 0 104, seat 1 96, …"``, in the profile's unit."""
    amounts = ", ".join(f"seat {s} {b}" for s, b in enumerate(match.bankrolls))
    return f"{units(match.profile)}: {amounts}"


def _match_end_lines(match: Match) -> list[str]:
    """How ``match`` stands at the end of what was played: the stakes shared, the standing, what is
    still on the table (so that the money adds up on screen), and what the match waits for."""
    profile = match.profile
    lines: list[str] = []
    if match.choices:
        lines.append("")
        lines += [
            f"End of the agreed hands: seat {seat}, who lost most, chose to {choice}"
            for seat, choice in match.choices
        ]
    if match.final_payments:
        what = "The stakes are shared" if profile.game == "reversis" else "The game's payments"
        lines += ["", what]
        lines += _payment_lines(match.final_payments)
    if match.is_over and profile.game != "reversis":
        winners = ", ".join(f"seat {s}" for s in match.winners)
        totals = ", ".join(f"seat {s} {t}" for s, t in enumerate(match.totals))
        word = "winner" if len(match.winners) == 1 else "winners"
        lines += ["", f"Points over the game: {totals}; {word}: {winners}"]
    title = (
        "Final standing"
        if match.is_over
        else f"Standing after {plural(match.hands_played, 'hand')}"
    )
    lines += ["", title]
    for place, (seat, amount) in enumerate(match.standing, start=1):
        lines.append(f"  {place}. seat {seat}: {money(profile, amount)}")
    on_table = match.stakes.pool_total
    if on_table:
        left = " (left aside, not shared)" if match.is_over else ""
        lines.append(
            f"  on the table: {_table_text(match.stakes)} = {money(profile, on_table)}{left}"
        )
    lines.append(
        f"  in all: {money(profile, sum(match.bankrolls) + on_table)} "
        f"({profile.players} players × {profile.money.bankroll})"
    )
    if match.phase is MatchPhase.DECIDING:
        lines.append(
            f"The match waits for the end-of-match choice of seats {list(match.deciders)}."
        )
    elif match.hand is not None:
        lines.append(f"Hand {match.hand_number} is dealt by seat {match.dealer}, not yet played.")
    elif match.is_over:
        lines.append("The match is over.")
    return lines


def _bots(kind: str, seed: int, players: int) -> list[Bot]:
    if kind == "cautious":
        return [CautiousBot(random.Random(seed * 10 + s)) for s in range(players)]
    return [RandomBot(random.Random(seed * 10 + s)) for s in range(players)]


def _demo(args: argparse.Namespace) -> int:
    profile = load_profile(args.profile)
    bots = _bots(args.bots, args.seed, profile.players)
    played: Hand | Match
    if args.match:
        lines, played = _play_match(
            new_match(profile, seed=args.seed, dealer=args.dealer), bots, "share"
        )
    else:
        dealer = args.dealer if args.dealer is not None else 0
        played = play_hand(new_hand(profile, seed=args.seed, dealer=dealer), bots)
        lines = describe_hand(played)
    print("\n".join(lines))
    if args.record is not None:
        _write(args.record, records.dump(played))
    return 0


def _write(path: str, text: str) -> None:
    if path == "-":
        sys.stdout.write(text)
        return
    with open(path, "w", encoding="utf-8") as file:
        file.write(text)


def _replay(args: argparse.Namespace) -> int:
    if args.file == "-":
        text = sys.stdin.read(records.MAX_RECORD + 1)
    else:
        with open(args.file, encoding="utf-8") as file:
            text = file.read(records.MAX_RECORD + 1)
    profile = load_profile(args.profile) if args.profile is not None else None
    value = records.replay(text, profile=profile)
    if isinstance(value, Hand):
        print("\n".join(describe_hand(value)))
        return 0
    match = value
    lines = [f"Reversis match: {match.profile.title} ({match.profile.name})"]
    for number, hand in enumerate(match.history, start=1):
        lines += ["", f"=== Hand {number} ===", *describe_hand(hand)]
    lines += _match_end_lines(match)
    print("\n".join(lines))
    return 0


def _profiles(_: argparse.Namespace) -> int:
    for name, description in available_profiles().items():
        print(f"{name:<20}{description}")
    return 0


class _Progress:
    """Progress of a long check on a terminal: a bar (with the optional ``tqdm``) or a plain line
    that updates in place."""

    def __init__(self, total: int, label: str, stream: TextIO) -> None:
        self.total = total
        self.label = label
        self.stream = stream
        self.done = 0
        self.bar: Any = None
        try:  # the optional extra ``reversis[progress]``
            tqdm = importlib.import_module("tqdm").tqdm
        except ImportError:
            pass
        else:
            self.bar = tqdm(total=total, desc=label, unit="hand", file=stream, leave=False)

    def __call__(self, state: Hand, _previous: Hand | None) -> None:
        if not state.is_over:
            return
        self.done += 1
        if self.bar is not None:
            self.bar.update(1)
        else:
            self.stream.write(f"\r{self.label}: {self.done}/{plural(self.total, 'hand')} checked")
            self.stream.flush()

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
        else:
            self.stream.write("\r\033[K")
            self.stream.flush()


def _check(args: argparse.Namespace) -> int:
    from reversis.testing import check_profile  # noqa: PLC0415

    profile: Profile = load_profile(args.profile)
    progress = _Progress(args.hands, profile.name, sys.stderr) if sys.stderr.isatty() else None
    extra: Callable[[Hand, Hand | None], None] | None = progress
    try:
        report = check_profile(
            profile, hands=args.hands, seed=args.seed, exhaustive=args.exhaustive, extra=extra
        )
    finally:
        if progress is not None:
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
    from reversis.bots import make_bot  # noqa: PLC0415 - loaded for this command only
    from reversis.terminal import Quit, Terminal  # noqa: PLC0415

    profile = load_profile(args.profile)
    n = profile.players
    if not 0 <= args.seat < n:
        raise ArgumentError(f"--seat: the {profile.name} table has seats 0 to {n - 1}")
    names = [name.strip() for name in args.bots.split(",")]
    if len(names) == 1:
        names *= n - 1
    if len(names) != n - 1:
        raise ArgumentError(
            f"--bots: give one bot for each of the {n - 1} other seats, or one for all, "
            f"not {len(names)}"
        )
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)
    others = [s for s in range(n) if s != args.seat]
    bots = {
        s: make_bot(
            name, seed * 10 + s, **({"playouts": args.playouts} if name == "monte-carlo" else {})
        )
        for s, name in zip(others, names, strict=True)
    }
    color = sys.stdout.isatty() and "NO_COLOR" not in os.environ
    game = Terminal(profile, args.seat, bots, read=input, write=print, color=color)
    table = ", ".join(f"seat {s}: {name}" for s, name in zip(others, names, strict=True))
    print(f"{profile.title} ({profile.name}), seed {seed}. You are seat {args.seat}; {table}.")
    print("Type a move's number or notation; ? explains the moves; undo, save FILE, quit.")
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


def _simulate(args: argparse.Namespace) -> int:
    from reversis.simulation import simulate  # noqa: PLC0415 - loaded for this command only

    profile = load_profile(args.profile)
    n = profile.players
    if args.bots is None:
        names = ["cautious"] + ["random"] * (n - 1)
    else:
        names = [name.strip() for name in args.bots.split(",")]
        if len(names) == 1:
            names *= n
    if len(names) != n:
        raise ArgumentError(
            f"--bots: give one bot per seat ({n}), or one for all, not {len(names)}"
        )
    if args.matches is None and args.hands is None:
        args.hands = 1000
    result = simulate(
        profile,
        names,
        hands=args.hands,
        matches=args.matches,
        seed=args.seed,
        workers=args.workers,
        records_dir=args.records,
        progress=sys.stdout.isatty(),
        bot_options={"monte-carlo": {"playouts": args.playouts}} if "monte-carlo" in names else {},
    )
    print(result.to_json() if args.json else result.table())
    return 0


class _HelpFormatter(argparse.HelpFormatter):
    """Help that shows each option's default (options whose default is nothing say so in words)."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        text = action.help or ""
        default = action.default
        if "default" in text or not action.option_strings:
            return text
        if default is None or default is False or default is argparse.SUPPRESS:
            return text
        return f"{text} (default: %(default)s)"


class _TopHelpFormatter(argparse.RawDescriptionHelpFormatter, _HelpFormatter):
    """The top-level help: the description and the examples as written."""


def _prog() -> str:
    return "reversis" if Path(sys.argv[0]).name == "reversis" else "python -m reversis"


def parser() -> argparse.ArgumentParser:
    """The command line's argument parser."""
    top = argparse.ArgumentParser(
        prog=_prog(), description=DESCRIPTION, epilog=EPILOG, formatter_class=_TopHelpFormatter
    )
    top.add_argument("--version", action="version", version=f"reversis {__version__}")
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
        "--bots", choices=["random", "cautious"], default="random", help="the bots' kind"
    )
    demo.add_argument(
        "--match", action="store_true", help="play a whole match (default: a single hand)"
    )
    demo.add_argument(
        "--record",
        metavar="FILE",
        help="also write the text record to FILE, '-' for standard output (default: no record)",
    )
    demo.set_defaults(run=_demo)
    play = sub.add_parser(
        "play",
        help="play a hand (or a match) yourself against bots",
        description="Play a seat yourself against bots, in the terminal: your view is shown, "
        "you type a move's number or notation; ? explains the moves, undo takes back your last "
        "move, save FILE writes the record, quit (or Ctrl-D) asks whether to save. Colour when "
        "standard output is a terminal and NO_COLOR is not set.",
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
    play.add_argument(
        "--bots",
        default="cautious",
        help="the bots of the other seats in seat order, comma-separated, from random, "
        "cautious, monte-carlo; one name for all",
    )
    play.add_argument(
        "--playouts", type=int, default=16, help="worlds per decision of the monte-carlo bot"
    )
    play.add_argument(
        "--match", action="store_true", help="play a whole match (default: a single hand)"
    )
    play.set_defaults(run=_play)
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
    count.add_argument("--hands", type=int, default=None, help="hands to play (default: 1000)")
    count.add_argument(
        "--matches", type=int, default=None, help="whole matches to play instead (default: hands)"
    )
    simulate.add_argument(
        "--bots",
        default=None,
        help="one bot per seat, comma-separated, from random, cautious, monte-carlo; one name "
        "for all (default: cautious then random)",
    )
    simulate.add_argument("--seed", type=int, default=0, help="the simulation's seed")
    simulate.add_argument("--workers", type=int, default=1, help="processes to play on")
    simulate.add_argument(
        "--playouts", type=int, default=8, help="worlds per decision of the monte-carlo bot"
    )
    simulate.add_argument(
        "--json", action="store_true", help="print the result as JSON (default: a table)"
    )
    simulate.add_argument(
        "--records", metavar="DIR", default=None, help="keep every record in DIR (default: none)"
    )
    simulate.set_defaults(run=_simulate)
    replay = sub.add_parser(
        "replay",
        help="read a text record and print the hand or match",
        description="Read a text record (see reversis.records) and print the hand or match "
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
        "(see reversis.testing). Shows its progress when standard error is a terminal.",
        **options,
    )
    check.add_argument(
        "--profile", default="fournier-1785", help="a shipped profile's name or a TOML file"
    )
    check.add_argument("--hands", type=int, default=100, help="how many hands to play")
    check.add_argument("--seed", type=int, default=0, help="hand i is dealt from seed + i")
    check.add_argument(
        "--exhaustive",
        action="store_true",
        help="try every move of the game at every step (default: a sample of illegal moves)",
    )
    check.set_defaults(run=_check)
    return top


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``); return the exit status."""
    top = parser()
    args = top.parse_args(argv)
    if args.command is None:
        top.print_help()
        return 0
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
    except OSError as exc:
        print(f"error: {exc.filename or ''}: {exc.strerror or exc}", file=sys.stderr)
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
