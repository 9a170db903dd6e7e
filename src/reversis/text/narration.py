"""The plain-text account of a hand or a match: what the command line prints, and what front-ends
may reuse.

:func:`describe_hand` tells a played hand trick by trick, with its deal, its events, its outcome
and its payments; :func:`describe_match` plays a match with bots and tells it hand by hand, with the
antes, the payments, the stakes and the final standing. :func:`plural`, :func:`money` and
:func:`units` word the counts and the amounts in the profile's own unit of money.
"""

from __future__ import annotations

from collections.abc import Sequence

from reversis import events as ev
from reversis.bots.players import Bot, play_hand
from reversis.cards import Card, Suit
from reversis.engine.tricks import Trick
from reversis.games import game_of
from reversis.games.payments import Payment
from reversis.hand import Hand, settle, state_of
from reversis.match import Match, MatchPhase
from reversis.profile import Profile
from reversis.stakes import BasketStakes, PoolStakes, PotStakes, Stakes
from reversis.text.render import stakes_text
from reversis.text.sentences import (
    Names,
    money,
    number,
    outcome_sentences,
    payment_sentence,
    plural,
    profile_title,
    signed,
    units,
    wrap,
)

__all__ = [
    "describe_hand",
    "describe_match",
    "describe_match_end",
    "money",
    "narrate_match",
    "plural",
    "units",
]


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
    role = " (dealer)" if seat == hand.dealer else " (eldest)" if seat == hand.deal.eldest else ""
    return f"seat {seat}{role}"


def describe_hand(hand: Hand) -> list[str]:
    """The hand told in text, trick by trick, with its events and its outcome."""
    profile = hand.profile
    deal = hand.deal
    reversis = hand.reversis
    words = game_of(profile).words
    leads = (words.first_leader or f"seat {deal.eldest}") + " leads"
    lines = [
        f"{words.title}{profile_title(profile)}"
        + (f", seed {deal.seed}" if deal.seed is not None else ""),
        f"{profile.players} players, seats numbered in playing order ({profile.table.direction}); "
        f"seat {hand.dealer} deals, {leads}.",
        "",
        "The deal",
    ]
    for seat, cards in enumerate(deal.dealt):
        lines.append(f"  {_seat(hand, seat):<18}{_cards(cards)}")
    if deal.widow:
        taker = " (the dealer takes it up)" if profile.deal.widow == "dealer" else ""
        lines.append(f"  {'widow':<18}{' '.join(str(c) for c in deal.widow)}{taker}")
    tetka = hand.tetka
    if tetka is not None:
        lines.append(f"  {'bum card':<18}{tetka.bum}: Tëtka is {tetka.tetka}, the bum trick is "
                     f"trick {tetka.bum_trick}")  # fmt: skip
    reunion = hand.reunion
    if reunion is not None:
        bowers = (
            f", bowers {reunion.right_bower} and {reunion.left_bower}"
            if reunion.right_bower
            else ""
        )
        lines.append(f"  {'turn-up':<18}{reunion.turn_up}: trumps {reunion.turn_up.suit}{bowers}")
    if deal.pass_direction is not None:
        lines.append(f"  {'pass':<18}{deal.pass_direction}")
    if profile.mechanism != "none":
        lines.append(f"  stakes            {_stakes_text(deal.stakes)}")
    if state_of(hand).deal.nsteps:
        lines += ["", words.steps]
    current: list[str] = []
    taken = True  # whether the trick of ``current`` is taken
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
            lines.append(
                f"  {_seat(hand, event.seat)} {words.gives} {event.card} to seat {event.to}"
            )
        elif isinstance(event, ev.CardsPassed):
            lines.append(f"  the cards {words.given} change hands")
        elif isinstance(event, ev.CardPlayed):
            if event.kind is ev.PlayKind.LED:
                if not current:
                    lines += ["", "The tricks"]
                current = [f"  {event.trick:>2}. seat {event.seat} leads {event.card}"]
                taken = False
            else:
                note = (
                    ""
                    if event.kind is ev.PlayKind.FORCED or reversis is None
                    else f" ({event.kind.value})"
                )
                current.append(f"seat {event.seat} {event.card}{note}")
        elif isinstance(event, ev.TrickTaken):
            lines.append(", ".join(current) + f"  → seat {event.winner}")
            taken = True
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
            lines += wrap(f"  {points}", WIDTH, "  ")
            word = profile.money.pot_reason
            if reversis is None:
                if reunion is not None and reunion.discards:
                    lines.append(
                        f"  the dealer's discards {_cards(reunion.discards)}: "
                        f"{plural(reunion.discard_points, 'point')}"
                    )
            elif event.winner is None:
                lines.append(f"  a reversis was committed: the {word} is out of play")
            else:
                worth = money(profile, reversis.pot_value)
                what = (
                    f"pot {_cards(reversis.pot)} worth {worth}"
                    if word == "pot"
                    else f"party worth {worth} (the cards put aside: {_cards(reversis.pot)})"
                )
                lines.append(f"  {what}")
            result = settle(hand)
            why = outcome_sentences(
                profile,
                dealer=hand.dealer,
                points=event.points,
                tricks=event.tricks,
                winner=event.winner,
                loser=event.loser,
                net=result.net,
                events=hand.events,
            )
            lines += wrap("  " + " ".join(why), WIDTH, "  ")
    if current and not taken:
        lines.append(", ".join(current) + "  (in play)")
    if not hand.is_over:
        lines += ["", _unfinished(hand)]
    lines.extend(_settlement_lines(hand))
    return lines


#: The width the account's long lines are wrapped at (at word boundaries).
WIDTH = 100


def _unfinished(hand: Hand) -> str:
    """What an unfinished hand waits for."""
    number = len(hand.tricks) + 1
    where = f"trick {number}" if hand.phase.value == "play" else f"the {hand.phase.value}"
    verb = "play" if hand.phase.value == "play" else "move"
    return f"The hand is not finished ({where}, seat {hand.to_move} to {verb})."


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


def _payment_lines(
    profile: Profile, payments: Sequence[Payment], tricks: Sequence[Trick] = ()
) -> list[str]:
    """One sentence a payment (:func:`reversis.text.sentences.payment_sentence`), wrapped."""
    names = Names.seats(profile.players)
    lines = []
    for p in payments:
        text = payment_sentence(p, profile, names, tricks=tricks)
        lines += wrap(f"  {text}", WIDTH, "    ")
    return lines


def _settlement_lines(hand: Hand) -> list[str]:
    result = settle(hand)
    lines = ["", "Payments" if hand.is_over else "Payments standing so far"]
    lines += _payment_lines(hand.profile, result.payments, hand.tricks) or ["  none"]
    lines.append("  net: " + ", ".join(f"seat {s} {signed(n)}" for s, n in enumerate(result.net)))
    if hand.profile.mechanism != "none":
        when = "after the hand" if hand.is_over else "as they stand"
        lines.append(f"  stakes {when}: {_stakes_text(result.stakes)}")
    return lines


def describe_match(match: Match, bots: Sequence[Bot], end_choice: str = "share") -> list[str]:
    """Play ``match`` to its end with ``bots`` and tell it hand by hand: the antes, the payments,
    the stakes after each hand, then the final standing. Deciders at the end choose ``end_choice``
    (with ``"continue"``, careless bots may never end the match)."""
    return narrate_match(match, bots, end_choice)[0]


def narrate_match(match: Match, bots: Sequence[Bot], end_choice: str) -> tuple[list[str], Match]:
    """:func:`describe_match`'s lines, and the match played to its end (to save its record)."""
    profile = match.profile
    lines = [
        f"{game_of(profile).words.match}: {profile_title(profile)}"
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
        lines += _payment_lines(profile, match.antes)
        hand = play_hand(match.hand, bots)
        result = settle(hand)
        reversis = hand.reversis
        if reversis is not None and reversis.committed is not None:
            how = "made" if reversis.breaker is None else f"broken by seat {reversis.breaker}"
            lines.append(f"  reversis by seat {reversis.committed}, {how}")
        elif reversis is not None:
            lines.append(
                f"  {profile.money.pot_reason} worth {money(profile, reversis.pot_value)}: "
                f"seat {reversis.winner} wins, seat {reversis.loser} loses"
            )
        else:
            lines.append(
                "  points: " + ", ".join(f"seat {s} {number(p)}" for s, p in enumerate(hand.points))
            )
        lines += _payment_lines(profile, result.payments, hand.tricks)
        match = match.finish_hand(hand)
        if profile.mechanism != "none":
            lines.append(f"  stakes: {_stakes_text(match.stakes)}")
        else:
            lines.append(
                "  totals: "
                + ", ".join(f"seat {s} {number(t)}" for s, t in enumerate(match.totals))
            )
        lines.append(f"  {_bankrolls_text(match)}")
    lines += describe_match_end(match)
    return lines, match


def _bankrolls_text(match: Match) -> str:
    """``"counters: seat 0 104, seat 1 96, …"``, in the profile's unit."""
    amounts = ", ".join(f"seat {s} {number(b)}" for s, b in enumerate(match.bankrolls))
    return f"{units(match.profile)}: {amounts}"


def describe_match_end(match: Match) -> list[str]:
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
    game = game_of(profile)
    if match.final_payments:
        lines += ["", game.words.match_payments]
        lines += _payment_lines(profile, match.final_payments)
    if match.is_over and not game.played_for_counters:
        winners = ", ".join(f"seat {s}" for s in match.winners)
        totals = ", ".join(f"seat {s} {number(t)}" for s, t in enumerate(match.totals))
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
