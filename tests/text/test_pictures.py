"""SVG pictures of cards, tricks and tables (reversis.text.pictures)."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest

import reversis
from reversis import Card, Hand, Profile
from reversis.cards import full_deck
from reversis.text.pictures import (
    CARD_HEIGHT,
    CARD_WIDTH,
    card_svg,
    cards_svg,
    seat_position,
    table_svg,
    trick_svg,
)

SVG = "{http://www.w3.org/2000/svg}"


def _parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    assert root.get("role") == "img"
    return root


def _title(root: ET.Element) -> str:
    title = root.find(f"{SVG}title")
    assert title is not None
    return title.text or ""


def _labels(root: ET.Element) -> list[str]:
    return [el.get("aria-label", "") for el in root.iter(f"{SVG}g") if el.get("aria-label")]


def _texts(root: ET.Element) -> list[str]:
    return [el.text or "" for el in root.iter(f"{SVG}text")]


@pytest.fixture(scope="module")
def played() -> Hand:
    hand = reversis.new_hand("fournier-1785", seed=7)
    rng = random.Random(1)
    while not hand.is_over:
        hand = hand.apply(rng.choice(hand.legal_moves()))
    return hand


def test_every_card_is_drawn_with_its_rank_and_colour() -> None:
    drawings = set()
    for card in full_deck():
        svg = card_svg(card)
        root = _parse(svg)
        assert card.rank.code in _texts(root)
        red = card.suit in (reversis.Suit.HEARTS, reversis.Suit.DIAMONDS)
        fills = {el.get("fill") for el in root.iter(f"{SVG}path")}
        assert ("#b3261e" in fills) == red
        drawings.add(svg)
    assert len(drawings) == 52
    assert _title(_parse(card_svg("JH"))) == "J♥ (jack of hearts)"
    assert _title(_parse(card_svg(Card.parse("10S")))) == "10♠ (10 of spades)"


def test_card_size_caption_highlight_and_back() -> None:
    root = _parse(card_svg("AD", scale=2, caption="the ace of diamonds pays double"))
    assert float(root.get("width", 0)) == pytest.approx(2 * CARD_WIDTH + 16)
    assert float(root.get("height", 0)) > 2 * CARD_HEIGHT + 16
    assert "the ace of diamonds pays double" in _texts(root)
    plain = card_svg("AD")
    ringed = card_svg("AD", highlight=True)
    assert plain.count("<rect") + 1 == ringed.count("<rect")
    back = _parse(card_svg(None))
    assert _title(back) == "a card face down"
    assert _labels(back) == ["a card face down"]


def test_a_row_of_cards() -> None:
    cards = [Card.parse(c) for c in ("JH", "AC", "AD")]
    root = _parse(cards_svg([*cards, None], captions=["Quinola", "", ""], highlight=["JH"]))
    assert _labels(root) == [
        "jack of hearts",
        "ace of clubs",
        "ace of diamonds",
        "a card face down",
    ]
    assert _title(root) == "J♥, A♣, A♦, a card face down"
    assert "Quinola" in _texts(root)
    wide = float(root.get("width", 0))
    fanned = float(_parse(cards_svg([*cards, None], overlap=0.5)).get("width", 0))
    assert fanned < wide
    assert _title(_parse(cards_svg([], title="the pot"))) == "the pot"


def test_a_trick(played: Hand) -> None:
    profile = played.profile
    trick = played.tricks[2]
    root = _parse(trick_svg(trick, profile, dealer=played.dealer, notes={trick.winner: "takes"}))
    assert _labels(root) == [
        reversis.text.pictures.card_name(card)
        for seat in range(profile.players)
        for s, card in trick.plays
        if s == seat
    ]
    title = _title(root)
    assert title.startswith(f"Trick {trick.number}: seat {trick.leader} leads ")
    assert title.endswith(f"seat {trick.winner} takes it")
    texts = _texts(root)
    assert (
        f"seat {trick.leader} · leads" in texts or f"seat {trick.leader} · leads · takes" in texts
    )
    assert any(t.startswith(f"seat {trick.winner} ·") and t.endswith("takes") for t in texts)
    # The winning card alone is ringed in gold; the order of play is numbered 1 to 4.
    assert sum(1 for el in root.iter(f"{SVG}rect") if el.get("fill") == "#c99700") == 1
    numbers = [el.text for el in root.iter(f"{SVG}text") if el.get("fill") == "#fff"]
    assert sorted(numbers) == ["1", "2", "3", "4"]


def test_a_trick_in_progress(played: Hand) -> None:
    trick = played.tricks[0]
    partial = reversis.Trick(trick.number, trick.leader, trick.plays[:2], None)
    root = _parse(trick_svg(partial, played.profile, dealer=played.dealer))
    assert len(_labels(root)) == 2
    assert "takes" not in _title(root)
    dashed = [el for el in root.iter(f"{SVG}rect") if el.get("stroke-dasharray")]
    assert len(dashed) == 2  # the two seats still to play


@pytest.mark.parametrize("name", sorted(reversis.available_profiles()))
def test_the_table_of_every_profile(name: str) -> None:
    profile = reversis.load_profile(name)
    root = _parse(table_svg(profile, dealer=0))
    texts = _texts(root)
    for seat in range(profile.players):
        assert any(t.startswith(f"seat {seat}") for t in texts)
    assert "dealer" in texts
    assert ("eldest" if profile.hearts else "eldest: leads first") in texts
    way = "counter-clockwise" if profile.table.direction == "counter-clockwise" else "clockwise"
    assert way in texts
    money = {"basket": "basket", "remise": "pots", "pools": "pools", "none": None}
    if money[profile.mechanism]:
        assert money[profile.mechanism] in texts
    else:
        assert not {"basket", "pots", "pools"} & set(texts)
    backs = _labels(root).count("a card face down")
    widow = {"pile": 3, "one-each": profile.players - 1, "dealer": 2, "none": 0}
    assert backs == widow[profile.deal.widow]
    title = _title(root)
    assert title.startswith(f"The {name} table: {profile.players} players; seat 0 deals")


def test_seats_go_round_the_way_play_goes() -> None:
    four = reversis.load_profile("fournier-1785")
    english = reversis.load_profile("english")
    # The dealer at the bottom; the eldest at the dealer's right (counter-clockwise play, East on
    # the picture) or at the dealer's left (clockwise, West).
    x, y = seat_position(four, 0, 0, 0, 0, 100, 100)
    assert (round(x), round(y)) == (0, 100)
    x, y = seat_position(four, 1, 0, 0, 0, 100, 100)
    assert (round(x), round(y)) == (100, 0)
    x, y = seat_position(english, 1, 0, 0, 0, 100, 100)
    assert (round(x), round(y)) == (-100, 0)
    x, y = seat_position(four, 2, 1, 0, 0, 100, 100)  # the dealer is always at the bottom
    assert (round(x), round(y)) == (100, 0)
    three = reversis.load_profile("fournier-1785-3p")
    points = [seat_position(three, s, 0, 0, 0, 100, 100) for s in range(3)]
    assert points[1][0] > 0 > points[2][0]
    compass = _texts(_parse(table_svg(four)))
    assert "seat 1 (E)" in compass
    assert "seat 1 (W)" in _texts(_parse(table_svg(english)))


def test_pictures_are_pure(played: Hand, fournier: Profile) -> None:
    assert table_svg(fournier) == table_svg(fournier)
    assert trick_svg(played.tricks[5], fournier, dealer=0) == trick_svg(
        played.tricks[5], fournier, dealer=0
    )
    # Coordinates are short: at most two decimals.
    assert not re.search(r"\d\.\d{3}", table_svg(fournier, scale=0.77))


def test_labels_are_escaped(fournier: Profile) -> None:
    root = _parse(card_svg("QS", caption="<Q> & spades"))
    assert "<Q> & spades" in _texts(root)
