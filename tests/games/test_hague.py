"""The Hague reading of the pot (docs/sources.rst): a house profile of fournier-1785 in which the
ace of diamonds counts 5 in the value of the pot, as the *Règles du jeu de Reversi* (The Hague,
1785) and Hoyle count it, where fournier-1785 §5 counts every ace 4."""

from __future__ import annotations

import random

import reversis
from helpers import ROOT, sized

HAGUE = ROOT / "examples" / "profiles" / "hague-1785.toml"


def test_the_house_profile_loads_and_differs_only_in_the_pot() -> None:
    hague = reversis.load_profile(HAGUE)
    fournier = reversis.load_profile("fournier-1785")
    assert hague.name == "hague-1785"
    assert dict(hague.points.pot_cards) == {"AD": 5, "JH": 4}
    assert dict(fournier.points.pot_cards) == {"JH": 4}
    ours, theirs = hague.to_dict(), fournier.to_dict()
    for data in (ours, theirs):
        for key in ("name", "title", "description"):
            del data[key]
        del data["points"]["pot_cards"]
    assert ours == theirs


def test_the_ace_of_diamonds_counts_5_in_the_pot() -> None:
    # fournier-1785 §5: the pot is its cards' counters + 4; the Hague reading adds 1 when the A♦
    # lies in it, and changes nothing else in the hand (same deal, same play, same pot).
    hague = reversis.load_profile(HAGUE)
    fournier = reversis.load_profile("fournier-1785")
    values = {"A": 4, "K": 3, "Q": 2, "J": 1}
    with_ace = 0
    for seed in range(sized(60, 600)):
        rng = random.Random(seed)
        ours = reversis.new_hand(hague, seed=seed)
        theirs = reversis.new_hand(fournier, seed=seed)
        while not ours.is_over:
            move = rng.choice(ours.legal_moves())
            ours, theirs = ours.apply(move), theirs.apply(move)
        pot = {card.code for card in ours.reversis.pot}
        assert pot == {card.code for card in theirs.reversis.pot}
        expected = 4 + sum({"AD": 5, "JH": 4}.get(code, values.get(code[:-1], 0)) for code in pot)
        assert ours.reversis.pot_value == expected
        assert ours.reversis.pot_value - theirs.reversis.pot_value == ("AD" in pot)
        with_ace += "AD" in pot
    assert with_ace > 0
