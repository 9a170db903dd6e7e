"""Text records of hands and matches: dump, load, replay; errors name the line and the tag."""

from __future__ import annotations

import random
import re

import pytest

import reversis
from helpers import random_moves
from reversis import MatchPhase, Profile, RecordError, new_hand, new_match
from reversis.records import notation as records

PROFILES = sorted(reversis.available_profiles())


@pytest.mark.parametrize("name", PROFILES)
def test_hand_records(name: str) -> None:
    for seed in range(8):
        for steps in (0, 3, 17, None):
            hand = random_moves(new_hand(name, seed=seed), seed, steps)
            text = records.dump(hand)
            record = records.load(text)
            assert isinstance(record, records.HandRecord)
            assert record.tag("Profile").value == name  # type: ignore[union-attr]
            again = records.replay(record)
            assert again == hand
            assert records.replay(text) == hand
            assert records.dump(again) == text


def test_record_layout() -> None:
    hand = random_moves(new_hand("fournier-1785", seed=7), 1)
    lines = records.dump(hand).splitlines()
    assert lines[:4] == ['[Profile "fournier-1785"]', '[Players "4"]', '[Dealer "0"]', '[Seed "7"]']
    assert lines[4].startswith('[Deck "JC 2C 2H 6S ')
    assert lines[5] == '[Stakes "basket=20 beasts="]'
    assert lines[6] == '[Result "winner 1, loser 0"]'
    assert lines[7] == ""
    assert lines[8].split()[-2:] == ["discard", lines[8].split()[-1]]
    assert lines[9].startswith("1. ")
    assert lines[-1].startswith("11. ")


def test_written_by_hand() -> None:
    """A record typed by a person: comments, free spacing, stakes with a beast."""
    source = new_hand(
        "fournier-1785",
        seed=3,
        stakes={"basket": 8, "beasts": [{"owner": 1, "amount": 24, "in_play": True}]},
    )
    hand = random_moves(source, 2, 12)
    deck = " ".join(c.code for c in hand.deal.deck)
    moves = [str(m) for m in hand.moves]
    text = f"""
    ; a hand with a beast in play
    [Profile "fournier-1785"]
    [Dealer "0"]
    [Deck "{deck}"]
    [Stakes "basket=8 beasts=1:24*"]

    {" ".join(moves[:4])}   {{the exchange}}
    1. {" ".join(moves[4:8])}
    2. {" ".join(moves[8:])}
    """
    assert records.replay(text) == hand


@pytest.mark.parametrize("name", PROFILES)
def test_match_records(name: str) -> None:
    profile = reversis.load_profile(name).evolve(match={"rounds": 1})
    for seed in range(3):
        match = new_match(profile, seed=seed)
        rng = random.Random(seed)
        while not match.is_over and match.hands_played < 10:
            if match.phase is MatchPhase.DECIDING:
                for seat in match.deciders:
                    match = match.choose(seat, rng.choice(["continue", "share"]))
                continue
            match = match.start_hand()
            assert records.replay(records.dump(match)) == match  # a hand in progress, as dealt
            hand = random_moves(match.hand, seed)  # type: ignore[arg-type]
            match = match.finish_hand(hand)
            text = records.dump(match)
            assert records.replay(text) == match
        assert records.load(records.dump(match)).tag("Match") is not None  # type: ignore[union-attr]


def test_custom_profile_in_the_record(fournier: Profile) -> None:
    house = fournier.evolve(name="house", reversis={"end_on_break": False})
    hand = random_moves(new_hand(house, seed=5), 5)
    text = records.dump(hand)
    assert '[ProfileTOML "' in text
    assert records.replay(text) == hand


@pytest.mark.parametrize(
    ("edit", "words"),
    [
        (
            lambda t: t.replace('[Profile "fournier-1785"]', '[Profile "nope"]'),
            "line 1, tag Profile",
        ),
        (lambda t: t.replace('[Dealer "0"]', '[Dealer "7"]'), "line 3, tag Dealer"),
        (lambda t: t.replace('[Dealer "0"]', "[Dealer 0]"), "line 3: a tag is"),
        (lambda t: t.replace("JC 2C", "JC ZZ", 1), "line 5, tag Deck"),
        (lambda t: t.replace("JC 2C", "JC", 1), "line 5, tag Deck"),
        (lambda t: t.replace("basket=20", "basket=-3"), "line 6, tag Stakes"),
        (lambda t: t.replace("basket=20", "pots=3"), "line 6, tag Stakes"),
        (lambda t: t.replace("winner 1, loser 0", "winner 2, loser 0"), "line 7, tag Result"),
        (lambda t: t.replace("\n1. ", "\n2. ", 1), "line 10: trick 1 starts here"),
        (lambda t: t.replace("\n1. ", "\n1. XX ", 1), "line 10: move 5"),
        (lambda t: t + "\nexchange", "needs a card"),
        (lambda t: t + "\n{ never closed", "not closed"),
        (lambda t: t.replace('[Seed "7"]', '[Seed "seven"]'), "line 4, tag Seed"),
        (lambda t: t + '\n[Hand "2"]', "outside a match record"),
        (lambda t: t.replace('[Players "4"]', '[Players "3"]'), "line 2, tag Players"),
        (lambda t: t.replace('[Players "4"]', '[Dealer "1"]'), "line 3, tag Dealer: given twice"),
        (
            lambda t: t.replace('[Profile "fournier-1785"]', '[Profile "fournier\\q"]'),
            "unknown escape",
        ),
    ],
)
def test_errors_name_the_line_and_tag(edit, words: str) -> None:  # type: ignore[no-untyped-def]
    text = records.dump(random_moves(new_hand("fournier-1785", seed=7), 1))
    with pytest.raises(RecordError, match=words):
        records.replay(edit(text))


def test_sizes_and_types() -> None:
    with pytest.raises(RecordError, match="longer than"):
        records.load("x" * (records.MAX_RECORD + 1))
    with pytest.raises(RecordError, match="text"):
        records.load(b"[Profile]")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        records.dump(3)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", PROFILES)
def test_a_seed_alone_gives_the_deck(name: str) -> None:
    hand = random_moves(new_hand(name, seed=11, dealer=1), 4, 9)
    moves = " ".join(str(m) for m in hand.moves)
    text = f'[Profile "{name}"]\n[Dealer "1"]\n[Seed "11"]\n{moves}\n'
    assert records.replay(text) == hand
    with pytest.raises(RecordError, match="tag Deck is missing"):
        records.replay(text.replace('[Seed "11"]\n', ""))


def test_match_blocks_with_a_seed_alone() -> None:
    match = new_match("fournier-1785", seed=4).start_hand()
    match = match.finish_hand(random_moves(match.hand, 4))  # type: ignore[arg-type]
    text = records.dump(match)
    without_decks = "\n".join(line for line in text.splitlines() if not line.startswith("[Deck"))
    assert records.replay(without_decks) == match
    other = new_hand("fournier-1785", seed=99).deal.deck
    wrong = re.sub(r'\[Deck "[^"]*"\]', f'[Deck "{" ".join(c.code for c in other)}"]', text)
    with pytest.raises(RecordError, match="tag Deck: the pack does not come from the seed"):
        records.replay(wrong)
