"""reversis.text.render: a seat's view as text, for every profile, leaking nothing."""

from __future__ import annotations

import random
import re

import pytest

import reversis
from helpers import sized
from reversis import Card, Decline, Exchange, Play, Suit
from reversis.errors import ArgumentError
from reversis.text.render import describe_move, render, strip_color
from reversis.text.sentences import signed

PROFILES = list(reversis.available_profiles())
HANDS = sized(10, 100)

_CARD = re.compile(r"(?<![0-9A-Za-z])(10|[2-9JQKA])([♣♦♥♠CDHS])(?![0-9A-Za-z])")
_SUITS = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}


def cards_in(text: str) -> set[Card]:
    """Every card written in ``text`` (``J♥`` or ``JH``), but the hand line, read by suit."""
    found = set()
    for line in text.splitlines():
        if line.startswith("Your hand:"):
            found |= hand_line(line)
            continue
        for rank, suit in _CARD.findall(line):
            found.add(Card.parse(rank + _SUITS.get(suit, suit)))
    return found


def hand_line(line: str) -> set[Card]:
    """The cards of ``Your hand: ♣ Q J 4   ♦ 8 5``."""
    cards = set()
    for group in line.removeprefix("Your hand:").split("   "):
        words = group.split()
        if not words or words == ["no", "cards"]:
            continue
        suit = _SUITS[words[0]]
        cards |= {Card.parse(rank + suit) for rank in words[1:]}
    return cards


def knowable(view: reversis.HandView) -> set[Card]:
    """The cards the view shows: its own, the public and those it saw."""
    cards = set(view.hand) | set(view.put_aside) | set(view.given) | set(view.received)
    for card in (view.shown, view.widow_card):
        if card is not None:
            cards.add(card)
    for trick in (*view.tricks, *([view.current_trick] if view.current_trick else [])):
        cards |= {c for _, c in trick.plays}
    if view.pot is not None:
        cards |= set(view.pot)
    return cards


def states(profile: str, seed: int) -> list[reversis.Hand]:
    rng = random.Random(seed)
    hand = reversis.new_hand(profile, seed=seed, dealer=seed % 3)
    out = [hand]
    while not hand.is_over:
        hand = hand.apply(rng.choice(hand.legal_moves()))
        out.append(hand)
    return out


@pytest.mark.parametrize("profile", PROFILES)
def test_render_shows_only_what_the_view_shows(profile: str) -> None:
    for seed in range(HANDS):
        played = states(profile, seed)
        for hand in [*played[:: max(1, len(played) // 12)], played[-1]]:
            for seat in range(hand.players):
                view = hand.view(seat)
                text = render(view)
                shown = cards_in(text)
                assert shown <= knowable(view), (seat, shown - knowable(view), text)
                # The own hand is shown whole, and no other seat's hidden card leaks.
                line = next(x for x in text.splitlines() if x.startswith("Your hand:"))
                assert hand_line(line) == set(view.hand)
                hidden = {c for s in range(hand.players) if s != seat for c in hand.hands[s]}
                assert not (shown & hidden - knowable(view))
                for move in view.legal_moves:
                    assert str(move) in text
                    assert describe_move(view, move)


@pytest.mark.parametrize("profile", PROFILES)
def test_colour_only_adds_ansi_codes(profile: str) -> None:
    hand = states(profile, 1)[len(states(profile, 1)) // 2]
    view = hand.view(hand.to_move if hand.to_move is not None else 0)
    plain = render(view)
    coloured = render(view, color=True)
    assert "\x1b[" not in plain
    assert "\x1b[31m" in coloured
    assert strip_color(coloured) == plain


def test_moves_are_numbered_with_their_notation() -> None:
    hand = reversis.new_hand("fournier-1785", seed=7)
    text = render(hand.view(1))
    assert "   1. exchange 2C" in text
    assert "  12. decline" in text
    assert "Your moves" not in render(hand.view(2))  # not seat 2's turn
    assert "seat 1 to move" in render(hand.view(2))


def test_render_over_shows_pot_and_net() -> None:
    hand = states("fournier-1785", 3)[-1]
    text = render(hand.view(0))
    assert "The hand is over." in text
    assert "Cards put aside, shown:" in text
    net = reversis.settle(hand).net
    shown = "+0" if net[0] == 0 else signed(net[0])  # the true minus of the sentences (issue 38)
    assert f"{shown:>6}" in next(x for x in text.splitlines() if x.startswith("  you"))
    assert "-" not in text.replace("fournier-1785", "")


def test_widow_card_and_stakes_are_shown() -> None:
    hand = reversis.new_hand("fournier-1785", seed=7).apply("decline")
    view = hand.view(1)
    assert view.widow_card is not None
    text = render(view)
    assert f"Your widow card: {view.widow_card}" in text
    assert "Stakes: basket" in text
    assert f"{view.widow_card}" not in render(hand.view(2))


def test_describe_move_kinds() -> None:
    hand = reversis.new_hand("fournier-1785", seed=7)
    view = hand.view(1)
    assert describe_move(view, Exchange("4C")).startswith("Exchange: put 4♣ aside")
    assert describe_move(view, Decline()).startswith("Decline the exchange")
    while hand.phase is reversis.Phase.EXCHANGE:
        hand = hand.apply(hand.legal_moves()[-1])
    leader = hand.view(hand.to_move)
    assert describe_move(leader, leader.legal_moves[0]).startswith("Lead ")
    hand = hand.apply(leader.legal_moves[0])
    led = hand.current_trick.plays[0][1]  # type: ignore[union-attr]
    follower = hand.view(hand.to_move)
    for move in follower.legal_moves:
        text = describe_move(follower, move)
        if move.card.suit == led.suit:  # type: ignore[union-attr]
            assert text.startswith("Follow suit")
            assert ("takes the trick" in text) == (move.card.rank > led.rank)  # type: ignore[union-attr]
        else:
            assert text.startswith("Renounce: place")
    quinola = describe_move(follower, Play(Card(Suit.HEARTS, 11)))
    assert "the quinola" in quinola


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ArgumentError, match="HandView"):
        render("view")  # type: ignore[arg-type]
    view = reversis.new_hand("hearts", seed=1).view(0)
    with pytest.raises(ArgumentError, match="not a move"):
        describe_move(view, "QS")  # type: ignore[arg-type]
