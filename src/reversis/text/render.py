"""A seat's view as text, for terminal front-ends: :func:`render` and :func:`describe_move`.

Both are pure functions of a :class:`~reversis.HandView`: they show only what the view holds, so a
view never leaks another player's card onto the screen. ``python -m reversis play`` uses them, and
so can anyone's terminal program.

    >>> from reversis import new_hand
    >>> hand = new_hand("fournier-1785", seed=7)
    >>> print(render(hand.view(1)))
    Reversis: Fournier 1785 (fournier-1785), hand 1
    You are seat 1 (eldest). Dealer: seat 0. The exchange: your move.
    Your hand: ♣ Q J 4 2   ♦ 8 5   ♥ 8 7 2   ♠ 3 2
    Table (cards held, tricks taken, points, net so far):
      seat 0    12 cards   0 tricks   0 points    +0
      you       11 cards   0 tricks   0 points    +0
      seat 2    11 cards   0 tricks   0 points    +0
      seat 3    11 cards   0 tricks   0 points    +0
    Stakes: basket 20; beasts: none
    Your moves (number or notation, ? to explain):
       1. exchange 2C     2. exchange 4C     3. exchange JC     4. exchange QC
       5. exchange 5D     6. exchange 8D     7. exchange 2H     8. exchange 7H
       9. exchange 8H    10. exchange 2S    11. exchange 3S    12. decline
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from reversis import events as ev
from reversis.cards import Card, Suit
from reversis.errors import ArgumentError
from reversis.games import game_of
from reversis.games.payments import Payment
from reversis.moves import Decline, Discard, Exchange, Give, Move, Pass, Play
from reversis.profile import Profile
from reversis.stakes import BasketStakes, PoolStakes, PotStakes, Stakes
from reversis.text.sentences import (
    Names,
    card_stakes,
    event_sentence,
    money,
    outcome_sentences,
    payment_sentence,
    profile_title,
    signed,
    wrap,
)
from reversis.views.view import HandView

__all__ = [
    "describe_move",
    "outcome_lines",
    "phase_name",
    "recent_events",
    "recent_sentences",
    "render",
    "stakes_text",
    "strip_color",
]

_RED = "\x1b[31m"
_BOLD = "\x1b[1m"
_RESET = "\x1b[0m"
_ANSI = re.compile(r"\x1b\[[0-9;]*m")


def strip_color(text: str) -> str:
    r"""``text`` without its ANSI colour codes.

    >>> strip_color("\x1b[31mJ♥\x1b[0m")
    'J♥'
    """
    return _ANSI.sub("", text)


def _paint(text: str, suit: Suit, color: bool) -> str:
    if color and suit in (Suit.HEARTS, Suit.DIAMONDS):
        return f"{_RED}{text}{_RESET}"
    return text


def _card(card: Card | None, color: bool) -> str:
    if card is None:
        return "?"
    return _paint(str(card), card.suit, color)


def _cards(cards: Iterable[Card], color: bool) -> str:
    return " ".join(_card(c, color) for c in cards) or "none"


def _by_suit(cards: Sequence[Card], color: bool) -> str:
    """``♣ 10 4   ♦ K Q``: the cards grouped by suit, highest first."""
    groups = []
    for suit in Suit:
        ranks = [c.rank for c in sorted(cards, reverse=True) if c.suit == suit]
        if ranks:
            text = f"{suit.symbol} " + " ".join(
                Card(suit, r).code[: -len(suit.code)] for r in ranks
            )
            groups.append(_paint(text, suit, color))
    return "   ".join(groups) or "no cards"


def _seat(view: HandView, seat: int | str) -> str:
    if not isinstance(seat, int):
        return seat
    return "you" if seat == view.seat else f"seat {seat}"


def stakes_text(stakes: Stakes) -> str | None:
    """The stakes in words (the basket and the beast sheet, the pots or the pools), or ``None``
    for a game without stakes."""
    if isinstance(stakes, BasketStakes):
        sheet = ", ".join(
            f"seat {b.owner}: {b.amount}{' (in play)' if b.in_play else ''}" for b in stakes.beasts
        )
        return f"basket {stakes.basket}; beasts: {sheet or 'none'}"
    if isinstance(stakes, PotStakes):
        pots = ", ".join(str(p) for p in stakes.pots) or "none"
        return f"pots {pots}" + (" (this cycle has had its remise)" if stakes.cycle_remised else "")
    if isinstance(stakes, PoolStakes):
        return ", ".join(f"{name} pool {amount}" for name, amount in stakes.pools)
    return None


def _names(view: HandView) -> Names:
    return Names.seats(view.players, you=view.seat)


def _payment(view: HandView, p: Payment) -> str:
    return payment_sentence(p, view.rules, _names(view), tricks=view.tricks)


def _trick_line(view: HandView, plays: Sequence[tuple[int, Card]], color: bool) -> str:
    return ", ".join(f"{_seat(view, s)} {_card(c, color)}" for s, c in plays)


def phase_name(view: HandView) -> str:
    """The phase of the hand in words: ``"The exchange"``, ``"The pass"``, ``"Trick 3 of 13"``,
    ``"The hand is over"`` (the terminal's and the web table's)."""
    if view.to_move is None:
        return "The hand is over"
    if view.phase.value == "play":
        return f"Trick {view.trick_number} of {view.rules.tricks}"
    return "The pass" if view.pass_direction is not None else "The exchange"


def _phase_text(view: HandView) -> str:
    if view.to_move is None:
        return "The hand is over."
    who = "your move" if view.to_move == view.seat else f"seat {view.to_move} to move"
    return f"{phase_name(view)}: {who}."


#: The events of the exchange (or the pass), before the first trick.
_BEFORE_PLAY = (ev.Exchanged, ev.Declined, ev.Discarded, ev.CardGiven, ev.CardsPassed)
#: The events that are a seat's own move.
_MOVES = (ev.Exchanged, ev.Declined, ev.Discarded, ev.CardGiven, ev.CardPlayed)


def recent_events(events: Sequence[ev.Event], seat: int | None) -> list[ev.Event]:
    """The events a screen of ``seat`` lists: those since the seat's last move (that move
    included, with the same kind of moves just before it: a dealer's discards), so that the
    exchange's leave the screen once the seat has played a card. A seat that has not moved yet,
    or ``seat=None`` (an onlooker): all the events, the exchange's until play starts."""
    start = 0
    mine = [i for i, e in enumerate(events) if isinstance(e, _MOVES) and e.seat == seat]
    if mine:
        start = mine[-1]
        kind = type(events[start])
        while (
            start > 0
            and type(events[start - 1]) is kind
            and getattr(events[start - 1], "seat", None) == seat
        ):
            start -= 1
    else:
        seat = None
    # An onlooker's screen keeps the exchange's events only until play starts; a player's drops
    # them with its first card played (they are before its last move).
    played = seat is None and any(isinstance(e, ev.CardPlayed) for e in events)
    return [e for e in events[start:] if not (played and isinstance(e, _BEFORE_PLAY))]


def recent_sentences(
    events: Sequence[ev.Event], seat: int | None, profile: Profile, names: Names | None = None
) -> list[str]:
    """:func:`~reversis.text.sentences.event_sentence` of each of :func:`recent_events` that has
    one."""
    return [
        text
        for e in recent_events(events, seat)
        if (text := event_sentence(e, profile, names)) is not None
    ]


def outcome_lines(view: HandView, width: int | None = None) -> list[str]:
    """The end of the hand for the seat of ``view``: who won and who lost, why, and what each
    seat gets (:func:`reversis.text.sentences.outcome_sentences`), wrapped at ``width``; empty while
    the hand is in play."""
    over = next((e for e in view.events if isinstance(e, ev.HandOver)), None)
    if over is None:
        return []
    text = " ".join(
        outcome_sentences(
            view.rules,
            dealer=view.dealer,
            points=over.points,
            tricks=over.tricks,
            winner=over.winner,
            loser=over.loser,
            net=view.net,
            names=_names(view),
            events=view.events,
        )
    )
    return wrap(text, width or 0)


def render(view: HandView, *, color: bool = False, width: int | None = None) -> str:
    """The seat's view as text: the hand grouped by suit, the current and last tricks, tricks and
    points per seat, the widow card looked at, the stakes, the payments and net so far, and the
    legal moves numbered with their notation (which :func:`reversis.parse_move` reads).

    ``color=True`` paints hearts and diamonds red with ANSI codes (:func:`strip_color` removes
    them); ``width`` wraps the sentences (events, payments, the outcome) at word boundaries.
    Once the hand is over, it says who won and who lost, and why (:func:`outcome_lines`). Only the
    view is used: nothing shown is hidden from its seat.
    """
    if not isinstance(view, HandView):
        raise ArgumentError(f"render() needs a HandView, not {type(view).__name__}")
    profile = view.rules
    seat = view.seat
    eldest = next((e.eldest for e in view.events if isinstance(e, ev.HandDealt)), None)
    role = " (dealer)" if seat == view.dealer else " (eldest)" if seat == eldest else ""
    bold = _BOLD if color else ""
    reset = _RESET if color else ""
    lines = [
        f"{bold}{game_of(profile).words.title}"
        f"{profile_title(profile)}, hand {view.hand_number}{reset}",
        f"You are seat {seat}{role}. Dealer: seat {view.dealer}. {_phase_text(view)}",
        f"Your hand: {_by_suit(view.hand, color)}",
    ]
    extras = []
    if view.shown is not None:
        extras.append(f"card shown: {_card(view.shown, color)}")
    if view.trump is not None:
        extras.append(f"trumps: {Suit[_suit_name(view.trump)].symbol}")
    if view.pass_direction is not None:
        extras.append(f"pass: {view.pass_direction}")
    if view.privileged:
        name = profile.privilege.name if profile.privilege else "privilege"
        extras.append(f"you hold the {name}")
    if extras:
        lines.append(_sentence(extras))
    cards = []
    if view.widow_card is not None:
        cards.append(f"your widow card: {_card(view.widow_card, color)}")
    if view.put_aside:
        cards.append(f"put aside: {_cards(view.put_aside, color)}")
    if view.given:
        cards.append(f"given: {_cards(view.given, color)}")
    if view.received:
        cards.append(f"received: {_cards(view.received, color)}")
    if cards:
        lines.append(_sentence(cards))
    if view.current_trick is not None:
        lines.append(
            f"Trick {view.current_trick.number}: "
            f"{_trick_line(view, view.current_trick.plays, color)}"
        )
    if view.tricks:
        last = view.tricks[-1]
        lines.append(
            f"Last trick ({last.number}): {_trick_line(view, last.plays, color)}"
            f" → {_seat(view, last.winner) if last.winner is not None else '?'}"
        )
    lines.append("Table (cards held, tricks taken, points, net so far):")
    for s in range(view.players):
        name = "you" if s == seat else f"seat {s}"
        lines.append(
            f"  {name:<8}{_plural(view.card_counts[s], 'card'):>10}"
            f"{_plural(view.tricks_taken[s], 'trick'):>11}"
            f"{_plural(view.points[s], 'point'):>11}{_net(view.net[s]):>6}"
        )
    notes = recent_sentences(view.events, seat, profile, _names(view))
    if notes:
        lines += wrap("Events: " + " ".join(notes[-4:]), width or 0, "  ")
    stakes = stakes_text(view.stakes)
    if stakes is not None:
        lines.append(f"Stakes: {stakes}")
    if view.pot is not None:
        value = f" (worth {money(profile, view.pot_value)})" if view.pot_value is not None else ""
        lines.append(f"Cards put aside, shown: {_cards(view.pot, color)}{value}")
    over = view.to_move is None
    if view.payments:
        shown = view.payments if over else view.payments[-6:]
        more = len(view.payments) - len(shown)
        title = "Payments:" if over else "Payments so far:"
        lines.append(title + (f" (the last {len(shown)}; {more} before)" if more else ""))
        for p in shown:
            lines += wrap(f"  {_payment(view, p)}", width or 0, "    ")
    if over:
        lines += outcome_lines(view, width)
    if view.legal_moves:
        lines.append(f"{bold}Your moves (number or notation, ? to explain):{reset}")
        entries = [
            f"{i:>4}. {_move_text(m, color)}{' ' * max(0, 12 - len(str(m)))}"
            for i, m in enumerate(view.legal_moves, 1)
        ]
        lines.extend(
            " ".join(entries[start : start + 4]).rstrip() for start in range(0, len(entries), 4)
        )
    return "\n".join(lines)


def _net(amount: int) -> str:
    """A net amount for the table, signed with the true minus of the sentences: ``+0``, ``−3``."""
    return "+0" if amount == 0 else signed(amount)


def _sentence(parts: list[str]) -> str:
    text = "; ".join(parts)
    return text[:1].upper() + text[1:] + "."


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _suit_name(letter: str) -> str:
    return {"C": "CLUBS", "D": "DIAMONDS", "H": "HEARTS", "S": "SPADES"}[letter]


def _move_text(move: Move, color: bool) -> str:
    text = str(move)
    card = getattr(move, "card", None)
    if card is not None and color:
        return _paint(text, card.suit, True)
    return text


def _best(view: HandView, plays: Sequence[tuple[int, Card]]) -> Card:
    """The card winning the trick so far, by suit led and trumps (Réunion's bowers aside)."""
    led = plays[0][1].suit
    trump = Suit[_suit_name(view.trump)] if view.trump is not None else None
    trumps = [c for _, c in plays if trump is not None and c.suit == trump]
    pool = trumps or [c for _, c in plays if c.suit == led]
    return max(pool, key=lambda c: c.rank)


def _special(view: HandView, card: Card) -> str:
    profile = view.rules
    stakes = card_stakes(profile, card)
    if stakes is not None:
        return f" {stakes}"
    return game_of(profile).card_note(card)


def describe_move(view: HandView, move: Move) -> str:
    """What ``move`` means for the seat of ``view``, in words (the ``?`` of the terminal game).

    >>> from reversis import new_hand, parse_move
    >>> hand = new_hand("fournier-1785", seed=7)
    >>> describe_move(hand.view(1), parse_move("exchange 4C"))
    'Exchange: put 4♣ aside and take your widow card.'
    """
    if not isinstance(view, HandView):
        raise ArgumentError(f"describe_move() needs a HandView, not {type(view).__name__}")
    if isinstance(move, Exchange):
        return f"Exchange: put {move.card} aside and take your widow card."
    if isinstance(move, Decline):
        return "Decline the exchange: keep your cards; you look at your widow card, put aside."
    if isinstance(move, Discard):
        return f"Discard {move.card}: put it aside (it is shown at the end of the hand)."
    if isinstance(move, Give):
        to = (view.seat + view.players // 2) % view.players
        return f"Give {move.card} to the player opposite, seat {to}."
    if isinstance(move, Pass):
        return f"Pass {move.card} {view.pass_direction or ''}".rstrip() + "."
    if not isinstance(move, Play):
        raise ArgumentError(f"{move!r} is not a move")
    card = move.card
    special = _special(view, card)
    trick = view.current_trick
    if trick is None or not trick.plays:
        return f"Lead {card} to trick {view.trick_number}.{special}"
    led = trick.plays[0][1].suit
    best = _best(view, trick.plays)
    if card.suit == led:
        winning = card.rank > best.rank and best.suit == led
        how = f"it takes the trick so far (over {best})" if winning else f"it stays under {best}"
        return f"Follow suit with {card}: {how}.{special}"
    if view.trump is not None and card.suit.code == view.trump:
        return f"Trump with {card}.{special}"
    can_follow = any(c.suit == led for c in view.hand)
    why = " using your privilege" if can_follow else ""
    return f"Renounce: place {card} on a trick of {led.symbol}{why}.{special}"
