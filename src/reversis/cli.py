"""The command line: ``python -m reversis demo | replay | profiles | check``.

``demo`` plays a whole hand (or, with ``--match``, a whole match) with bots and prints it trick by
trick with its payments (``--record FILE`` also saves its text record); ``replay`` reads a text
record (see :mod:`reversis.records`) and prints the hand or match it describes; ``profiles`` lists
the shipped rule profiles; ``check`` runs the consistency checker on a profile (a shipped one or
your own file).
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence

from reversis import events as ev
from reversis import records
from reversis.bots import Bot, CautiousBot, RandomBot, play_hand
from reversis.cards import Card, Suit
from reversis.errors import ReversisError
from reversis.hand import Hand, new_hand
from reversis.match import Match, MatchPhase, new_match
from reversis.profile import Profile, available_profiles, load_profile
from reversis.settlement import Payment, settle
from reversis.stakes import BasketStakes, PotStakes, Stakes

__all__ = ["describe_hand", "describe_match", "main"]


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
    lines = [
        f"Reversis: {profile.title} ({profile.name})"
        + (f", seed {hand.seed}" if hand.seed is not None else ""),
        f"{profile.players} players, seats numbered in playing order ({profile.table.direction}); "
        f"seat {hand.dealer} deals, seat {hand.eldest} leads.",
        "",
        "The deal",
    ]
    for seat, cards in enumerate(hand.dealt):
        lines.append(f"  {_seat(hand, seat):<18}{_cards(cards)}")
    lines.append(f"  {'widow':<18}{' '.join(str(c) for c in hand.widow)}")
    lines.append(f"  stakes            {_stakes_text(hand.stakes)}")
    lines += ["", "The exchange"]
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
            lines.append(f"  {_seat(hand, event.seat)} gives {event.card} to seat {event.to}")
        elif isinstance(event, ev.CardsPassed):
            lines.append("  the cards given change hands")
        elif isinstance(event, ev.CardPlayed):
            if event.kind is ev.PlayKind.LED:
                if not current:
                    lines += ["", "The tricks"]
                current = [f"  {event.trick:>2}. seat {event.seat} leads {event.card}"]
            else:
                note = "" if event.kind is ev.PlayKind.FORCED else f" ({event.kind.value})"
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
                f"      seat {event.seat} places the quinola and wins the {event.pool}"
            )
        elif isinstance(event, ev.PoolOwed):
            trick_lines.append(f"      seat {event.seat} owes the {event.pool} for the quinola")
        elif isinstance(event, ev.ReversisCommitted):
            lines.append(f"      seat {event.seat} has won every trick: committed to the reversis")
        elif isinstance(event, ev.ReversisMade):
            lines.append(f"      seat {event.seat} makes the reversis")
        elif isinstance(event, ev.ReversisBroken):
            lines.append(
                f"      seat {event.breaker} breaks seat {event.seat}'s reversis on trick {event.trick}"
            )
        elif isinstance(event, ev.HandOver):
            lines += ["", "The outcome"]
            points = ", ".join(
                f"seat {s}: {p} points in {t} tricks"
                for s, (p, t) in enumerate(zip(event.points, event.tricks, strict=True))
            )
            lines.append(f"  {points}")
            if event.winner is None:
                lines.append("  a reversis was committed: the pot is out of play")
            else:
                lines.append(
                    f"  pot {_cards(hand.pot)} worth {hand.pot_value}: "
                    f"{_seat(hand, event.winner)} wins it, {_seat(hand, event.loser)} loses it"
                )
    lines.extend(_settlement_lines(hand))
    return lines


def _stakes_text(stakes: Stakes) -> str:
    if isinstance(stakes, BasketStakes):
        sheet = ", ".join(
            f"seat {b.owner}: {b.amount}{' (in play)' if b.in_play else ''}" for b in stakes.beasts
        )
        return f"basket {stakes.basket}; beasts: {sheet or 'none'}"
    if isinstance(stakes, PotStakes):
        pots = ", ".join(str(p) for p in stakes.pots) or "none"
        return f"pots {pots}" + (" (this cycle has had its remise)" if stakes.cycle_remised else "")
    return ", ".join(f"{name} pool {amount}" for name, amount in stakes.pools)


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
    lines.append(f"  stakes after the hand: {_stakes_text(result.stakes)}")
    return lines


def describe_match(match: Match, bots: Sequence[Bot], end_choice: str = "share") -> list[str]:
    """Play ``match`` to its end with ``bots`` and tell it hand by hand: the antes, the payments,
    the stakes after each hand, then the final standing. Deciders at the end choose ``end_choice``
    (with ``"continue"``, careless bots may never end the match)."""
    return _play_match(match, bots, end_choice)[0]


def _play_match(match: Match, bots: Sequence[Bot], end_choice: str) -> tuple[list[str], Match]:
    profile = match.profile
    lines = [
        f"Reversis match: {profile.title} ({profile.name})"
        + (f", seed {match.seed}" if match.seed is not None else ""),
        f"{profile.players} players with {profile.money.bankroll} {profile.money.unit}s each; "
        f"{match.total_hands} hands; first dealer: seat {match.dealer}.",
    ]
    while not match.is_over:
        if match.phase is MatchPhase.DECIDING:
            lines.append("")
            for seat in match.deciders:
                lines.append(
                    f"End of the agreed hands: seat {seat}, who lost most, chooses {end_choice}"
                )
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
        else:
            lines.append(
                f"  pot worth {hand.pot_value}: seat {hand.winner} wins, seat {hand.loser} loses"
            )
        lines += _payment_lines(result.payments)
        match = match.finish_hand(hand)
        lines.append(f"  stakes: {_stakes_text(match.stakes)}")
        lines.append(
            "  counters: " + ", ".join(f"seat {s} {b}" for s, b in enumerate(match.bankrolls))
        )
    if match.final_payments:
        lines += ["", "The stakes are shared"]
        lines += _payment_lines(match.final_payments)
    lines += ["", "Final standing"]
    for place, (seat, counters) in enumerate(match.standing, start=1):
        lines.append(f"  {place}. seat {seat}: {counters} {profile.money.unit}s")
    return lines, match


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
    print(f"Reversis match: {match.profile.title} ({match.profile.name})")
    for number, hand in enumerate(match.history, start=1):
        print(f"\n=== Hand {number} ===")
        print("\n".join(describe_hand(hand)))
    if match.hand is not None:
        print(f"\n=== Hand {match.hand_number}: dealt by seat {match.dealer}, not yet played ===")
    if match.phase is MatchPhase.DECIDING:
        print(f"\nThe match waits for the end-of-match choice of seats {list(match.deciders)}")
    print("\nCounters: " + ", ".join(f"seat {s} {b}" for s, b in enumerate(match.bankrolls)))
    if match.is_over:
        print("The match is over.")
    return 0


def _profiles(_: argparse.Namespace) -> int:
    for name, description in available_profiles().items():
        print(f"{name:<20}{description}")
    return 0


def _check(args: argparse.Namespace) -> int:
    from reversis.testing import check_profile  # noqa: PLC0415

    profile: Profile = load_profile(args.profile)
    report = check_profile(profile, hands=args.hands, seed=args.seed, exhaustive=args.exhaustive)
    for failure in report.failures:
        print(f"FAILED {failure}")
    status = "ok" if report.ok else f"{len(report.failures)} hands failed"
    print(f"{report.profile}: {report.hands} hands, {report.moves} moves checked: {status}")
    return 0 if report.ok else 1


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``); return the exit status."""
    parser = argparse.ArgumentParser(prog="python -m reversis", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    demo = sub.add_parser("demo", help="play a hand (or a match) with bots and print it")
    demo.add_argument("--seed", type=int, default=7, help="the seed of the deal (default 7)")
    demo.add_argument("--profile", default="fournier-1785", help="a profile name or a TOML file")
    demo.add_argument("--dealer", type=int, default=None, help="the dealer's seat (default 0)")
    demo.add_argument("--bots", choices=["random", "cautious"], default="random")
    demo.add_argument("--match", action="store_true", help="play a whole match")
    demo.add_argument(
        "--record", metavar="FILE", help="also write the text record to FILE ('-': standard output)"
    )
    demo.set_defaults(run=_demo)
    replay = sub.add_parser("replay", help="read a text record and print the hand or match")
    replay.add_argument("file", help="the record's file ('-': standard input)")
    replay.add_argument(
        "--profile", default=None, help="the profile file, for a record whose profile is not in it"
    )
    replay.set_defaults(run=_replay)
    profiles = sub.add_parser("profiles", help="list the shipped rule profiles")
    profiles.set_defaults(run=_profiles)
    check = sub.add_parser("check", help="run the consistency checker on a profile")
    check.add_argument("--profile", default="fournier-1785", help="a profile name or a TOML file")
    check.add_argument("--hands", type=int, default=100)
    check.add_argument("--seed", type=int, default=0)
    check.add_argument("--exhaustive", action="store_true", help="try every move at every step")
    check.set_defaults(run=_check)
    args = parser.parse_args(argv)
    try:
        status: int = args.run(args)
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


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
