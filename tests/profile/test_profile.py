"""Profiles as data: loading, validation, evolve (issue: profiles as data)."""

from __future__ import annotations

import pickle
import random
from pathlib import Path

import attrs
import pytest

import reversis
from helpers import play_match
from reversis import Match, Profile, ProfileError, available_profiles, load_profile, new_match
from reversis.bots.players import RandomBot
from reversis.cards import Card


def test_available_profiles_default_first() -> None:
    profiles = available_profiles()
    assert next(iter(profiles)) == "fournier-1785"
    assert "fournier-1785-3p" in profiles
    for name, description in profiles.items():
        assert description
        assert load_profile(name).name == name


def test_default_profile() -> None:
    assert load_profile() == load_profile("fournier-1785")


def test_fournier_numbers(fournier: Profile) -> None:
    # fournier-1785 §1: 4 players, 48 cards (no tens); §3: dealer 12, others 11, widow 3.
    assert fournier.players == 4
    assert len(fournier.deck) == 48
    assert not any(c.rank == reversis.Rank.TEN for c in fournier.deck)
    assert fournier.tricks == 11
    assert fournier.deal.packets == ((3, 4), (4, 4), (4, 4))
    assert fournier.mechanism == "basket"
    assert dict(fournier.points.pot_cards) == {"JH": 4}
    assert fournier.money.bonne_tricks == (1, 11)
    assert fournier.reversis.commit == 9
    assert fournier.privilege is not None
    assert fournier.privilege.needed == 4


def test_fournier_3p_numbers(fournier3: Profile) -> None:
    # fournier-1785 "Three players": 36 cards, A K Q J 6 5 4 3 2; widow 2.
    assert fournier3.players == 3
    assert len(fournier3.deck) == 36
    assert {c.rank.code for c in fournier3.deck} == set("AKQJ65432")
    assert fournier3.tricks == 11
    assert fournier3.outcome.winner_order == (0, 2, 1)


def test_round_trips(fournier: Profile) -> None:
    assert Profile.from_toml(fournier.to_toml()) == fournier
    assert Profile.from_dict(fournier.to_dict()) == fournier
    assert pickle.loads(pickle.dumps(fournier)) == fournier
    assert hash(Profile.from_dict(fournier.to_dict())) == hash(fournier)


def test_evolve(fournier: Profile) -> None:
    house = fournier.evolve(name="house", reversis={"end_on_break": False})
    assert house.reversis.end_on_break is False
    assert house.name == "house"
    assert house.reversis.made == fournier.reversis.made
    assert fournier.reversis.end_on_break is True  # unchanged
    same = fournier.evolve(reversis=fournier.reversis)
    assert same == fournier
    with pytest.raises(ProfileError, match="reversis.end_of_break"):
        fournier.evolve(reversis={"end_of_break": False})


def test_user_file_with_base(tmp_path: Path) -> None:
    path = tmp_path / "house.toml"
    path.write_text(
        'base = "fournier-1785"\nname = "house"\n[reversis]\nend_on_break = false\n',
        encoding="utf-8",
    )
    profile = load_profile(path)
    assert profile.name == "house"
    assert profile.reversis.end_on_break is False
    assert load_profile(str(path)) == profile


def test_unknown_profile_name() -> None:
    with pytest.raises(ProfileError, match="no profile named 'nope'"):
        load_profile("nope")


def test_unreadable_file(tmp_path: Path) -> None:
    with pytest.raises(ProfileError, match="cannot read"):
        load_profile(tmp_path / "missing.toml")
    bad = tmp_path / "bad.toml"
    bad.write_bytes(b"\xff\xfe not text")
    with pytest.raises(ProfileError):
        load_profile(bad)


def _broken(change: dict[str, object]) -> dict[str, object]:
    data = load_profile("fournier-1785").to_dict()
    for dotted, value in change.items():
        *path, key = dotted.split(".")
        target = data
        for part in path:
            target = target[part] if not part.isdigit() else target[int(part)]  # type: ignore[index]
        if value is KeyError:
            del target[key]  # type: ignore[attr-defined]
        else:
            target[key] = value  # type: ignore[index]
    return data


@pytest.mark.parametrize(
    ("change", "key", "words"),
    [
        ({"colour": "red"}, "colour", "unknown key"),
        ({"table.seats": 4}, "table.seats", "unknown key"),
        ({"table.players": "4"}, "table.players", "must be an integer"),
        ({"table.players": True}, "table.players", "must be an integer"),
        ({"table.players": 2}, "table.players", "between 3 and 8"),
        ({"table.removed_ranks": ["11"]}, "table.removed_ranks[0]", "not a rank"),
        ({"table.direction": "sideways"}, "table.direction", "must be one of"),
        ({"deal.packets": [[3, 4], [4, 4]]}, "deal.packets", "widow"),
        ({"deal.packets": [[3, 4], [4, 5], [4, 4]]}, "deal.packets", "one card more"),
        ({"deal.packets": [[3, 4, 5]]}, "deal.packets[0]", "list of 2 items"),
        ({"deal.packets": "3,4"}, "deal.packets", "must be a list"),
        ({"deal.cut_minimum": 40}, "deal.cut_minimum", "between"),
        ({"exchange.decline": "three-stakes"}, "exchange.decline", "needs [[pools]]"),
        ({"exchange.opposite": 1}, "exchange.opposite", "true or false"),
        ({"points.trick": {"Z": 4}}, "points.trick.Z", "not a rank code"),
        ({"points.pot_cards": {"JX": 4}}, "points.pot_cards.JX", "not a card code"),
        ({"points.pot_cards": {"10H": 4}}, "points.pot_cards.10H", "not in this profile's pack"),
        ({"points.pot_bonus": -1}, "points.pot_bonus", "negative"),
        ({"outcome.winner_order": [0, 1, 1, 2]}, "outcome.winner_order", "once"),
        ({"outcome.loser_order": [0, 1, 2]}, "outcome.loser_order", "once"),
        ({"privilege.cards": ["AC", "AD", "AH", "XX"]}, "privilege.cards[3]", "not a card"),
        ({"privilege.needed": 2}, "privilege.needed", "more than half"),
        ({"privilege.last_trick": 12}, "privilege.last_trick", "trick from 1 to 11"),
        ({"privilege.failure": ["explodes"]}, "privilege.failure[0]", "must be one of"),
        ({"reversis.commit": 11}, "reversis.commit", "between 1 and 10"),
        ({"reversis.made": KeyError}, "reversis.made", "is missing"),
        ({"money.bonne_tricks": [0]}, "money.bonne_tricks[0]", "trick from 1"),
        ({"specials.0.cards": ["AC", "JH"]}, "specials[2].cards[0]", "already a special"),
        ({"specials.2.pool": "pot"}, "specials[2].pool", "not a pool"),
        ({"basket": KeyError}, "", "exactly one money mechanism"),
        ({"match.rounds": 0}, "match.rounds", "from 1 to 100"),
        ({"match.rounds": 101}, "match.rounds", "from 1 to 100"),
        ({"match.continue_rounds": -1}, "match.continue_rounds", "from 0 to 100"),
        ({"points.trick.T": 1}, "points.trick.T", "not a rank code"),
        ({"points.pot_cards.jh": 9}, "points.pot_cards.jh", "second value"),
        ({"schema": True}, "schema", "not supported"),
        ({"schema": 1.0}, "schema", "not supported"),
        ({"title": "a\rb"}, "title", "U+000D"),
        ({"description": "a\u2028b"}, "description", "U+2028"),
        ({"source": "a\x85b"}, "source", "U+0085"),
        ({"title": "a\x7fb"}, "title", "U+007F"),
        ({"title": "a\x01b"}, "title", "U+0001"),
        ({"schema": 2}, "schema", "not supported"),
        ({"name": "my house!"}, "name", "not a profile name"),
    ],
)
def test_validation_names_the_key(change: dict[str, object], key: str, words: str) -> None:
    with pytest.raises(ProfileError) as info:
        Profile.from_dict(_broken(change))
    assert info.value.key == key
    assert words in str(info.value)
    assert isinstance(info.value, ValueError)


def test_bad_toml_text() -> None:
    with pytest.raises(ProfileError, match="not valid TOML"):
        Profile.from_toml("name = ")
    with pytest.raises(ProfileError, match="larger than"):
        Profile.from_toml("#" * 300_000)
    with pytest.raises(ProfileError, match="table of keys"):
        Profile.from_dict([1, 2])  # type: ignore[arg-type]
    with pytest.raises(ProfileError, match="base"):
        Profile.from_dict({"base": 3})


def test_profile_is_frozen(fournier: Profile) -> None:
    with pytest.raises(AttributeError):
        fournier.name = "x"  # type: ignore[misc]


def test_special_cards_are_in_the_pack(fournier: Profile) -> None:
    for special in fournier.specials:
        for code in special.cards:
            assert Card.parse(code) in fournier.deck


# ---------------------------------------------------------------------------------------------
# Pool names, and shipped profiles read once
# ---------------------------------------------------------------------------------------------


def test_pool_names_of_other_mechanisms_are_refused() -> None:
    for name in ("pots", "basket", "beasts", "pot", "cycle_remised"):
        with pytest.raises(ProfileError, match="cannot name a pool"):
            load_profile("hoyle").evolve(
                pools=[
                    {**attrs.asdict(p), "name": name if i == 0 else p.name}
                    for i, p in enumerate(load_profile("hoyle").pools)
                ],
                specials=[
                    {**attrs.asdict(s), "pool": name} if s.pool == "great" else attrs.asdict(s)
                    for s in load_profile("hoyle").specials
                ],
                exchange={"three_stakes_pools": [name]},
            )


def test_shipped_profiles_are_read_once() -> None:
    # Match.to_json of a long match wrote every hand's profile by reading its file again
    assert load_profile("hoyle") is load_profile("hoyle")
    profile = load_profile("fournier-1785")
    match = play_match(
        new_match(profile, seed=1), [RandomBot(random.Random(s)) for s in range(4)], "share"
    )
    text = match.to_json()
    assert Match.from_json(text) == match
