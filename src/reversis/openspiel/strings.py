"""The state strings of the OpenSpiel game :mod:`reversis.openspiel.game`: text records, read without
running anything.

A state string is the library's text record of the state (:mod:`reversis.records.notation`): once the pack
is drawn, the hand's record; during the deal, the profile, the dealer and the cards drawn so far,
in a ``Drawn`` tag:

    >>> from reversis import load_profile
    >>> from reversis.openspiel.strings import state_actions, write_state
    >>> hearts = load_profile("hearts")
    >>> text = write_state(hearts, 0, 1, (0, 1, 13), None)
    >>> print(text, end="")
    [Profile "hearts"]
    [Players "4"]
    [Dealer "0"]
    [Drawn "2C 3C 2D"]

:func:`state_actions` reads one back into its actions (the cards drawn, as positions in the pack,
then the moves, as :func:`reversis.move_index` numbers) for a game of a given profile, dealer and
hand number, and refuses with :class:`~reversis.RecordError` a string of another game, or one that
is not a record of a state:

    >>> state_actions(hearts, 0, 1, text)
    (0, 1, 13)
    >>> state_actions(load_profile("tetka"), 0, 1, text)
    Traceback (most recent call last):
    reversis.errors.RecordError: line 1, tag Profile: the state is of 'hearts', and this game plays 'tetka'

:mod:`reversis.openspiel.game` replays those actions on a new state of the game and requires that the
result writes the same text again. :func:`write_frame` and :func:`read_frame` put a state string in
OpenSpiel's ``[Meta]``/``[Game]``/``[State]`` frame and take it out, with the game's parameters.
"""

from __future__ import annotations

import re
from itertools import zip_longest

from reversis.cards import Card
from reversis.engine.actions import move_index
from reversis.errors import InvalidCardError, RecordError, ReversisError
from reversis.hand import Hand
from reversis.profile import Profile, available_profiles
from reversis.records import notation as records

__all__ = [
    "MAX_STATE",
    "first_difference",
    "read_frame",
    "state_actions",
    "write_frame",
    "write_state",
]

#: The longest state string read, in characters (a hand's record has fewer than 1,000).
MAX_STATE = 20_000

#: The first line :func:`write_frame` writes.
COMMENT = "# Written by reversis.openspiel.game.serialize_game_and_state"


def write_state(
    profile: Profile, dealer: int, hand_number: int, pack: tuple[int, ...], hand: Hand | None
) -> str:
    """The state string of a state of ``profile``'s game: the hand's record, or during the deal
    (``hand`` is ``None``) the cards of ``pack`` (positions in ``profile.deck``) drawn so far."""
    if hand is not None:
        return records.dump(hand)
    lines = [f'[Profile "{profile.name}"]', f'[Players "{profile.players}"]']
    lines.append(f'[Dealer "{dealer}"]')
    if hand_number != 1:
        lines.append(f'[HandNumber "{hand_number}"]')
    lines.append('[Drawn "' + " ".join(profile.deck[i].code for i in pack) + '"]')
    return "\n".join(lines) + "\n"


def state_actions(profile: Profile, dealer: int, hand_number: int, text: object) -> tuple[int, ...]:
    """The actions the state string ``text`` stands for in the game of ``profile`` dealt by
    ``dealer`` as hand ``hand_number``: the cards drawn (their positions in ``profile.deck``), then
    the moves (:func:`reversis.move_index`). :class:`~reversis.RecordError` for text that is not a
    state string of that game; the caller checks that the actions write ``text`` again."""
    if not isinstance(text, str):
        raise RecordError(f"a state string is text, not {type(text).__name__}")
    if len(text) > MAX_STATE:
        raise RecordError(f"a state string has at most {MAX_STATE} characters, not {len(text)}")
    if text.startswith("history="):
        raise RecordError(
            "this is OpenSpiel's own form of a Python state (history=, move_number= and a pickled "
            "__dict__=), which is not read here because unpickling runs code: write states with "
            "state.serialize() or reversis.openspiel.game.serialize_game_and_state"
        )
    record = records.load(text)
    if not isinstance(record, records.HandRecord):
        raise RecordError("a state string is the record of one hand, not of a match")
    _check_header(record, profile, dealer, hand_number)
    drawn = record.tag("Drawn")
    if drawn is not None:
        return _drawn(record, drawn, profile)
    try:
        hand = records.replay(record, profile=profile)
    except RecordError:
        raise
    except ReversisError as exc:
        raise RecordError(str(exc)) from None
    assert isinstance(hand, Hand)
    positions = profile.compiled.deck_positions
    pack = tuple(positions[card.index] for card in hand.deal.deck)
    return pack + tuple(move_index(profile, move) for move in hand.moves)


def _check_header(
    record: records.HandRecord, profile: Profile, dealer: int, hand_number: int
) -> None:
    name = record.tag("Profile")
    if name is None:
        raise RecordError("the tag Profile is missing: a state string names its game's profile")
    own = record.tag("ProfileTOML")
    if own is not None:
        raise RecordError(
            f"line {own.line}, tag ProfileTOML: the state is of a profile of its own, and this "
            f"game plays the shipped profile {profile.name!r}"
        )
    if name.value != profile.name:
        raise RecordError(
            f"line {name.line}, tag Profile: the state is of {name.value[:60]!r}, "
            f"and this game plays {profile.name!r}"
        )
    for tag_name, expected, default in (
        ("Dealer", dealer, None),
        ("HandNumber", hand_number, "1"),
    ):
        tag = record.tag(tag_name)
        value = tag.value if tag is not None else default
        if value is None:
            raise RecordError(f"the tag {tag_name} is missing")
        if value != str(expected):
            where = f"line {tag.line}, " if tag is not None else ""
            raise RecordError(
                f"{where}tag {tag_name}: the state has {value[:20]!r}, and this game's "
                f"{'dealer' if tag_name == 'Dealer' else 'hand number'} is {expected}"
            )


def _drawn(record: records.HandRecord, drawn: records.Tag, profile: Profile) -> tuple[int, ...]:
    where = f"line {drawn.line}, tag Drawn"
    if record.moves or record.tag("Deck") is not None or record.tag("Seed") is not None:
        raise RecordError(f"{where}: a state of the deal has the cards drawn, and no pack or moves")
    positions: list[int] = []
    for word in drawn.value.split():
        try:
            card = Card.parse(word)
        except InvalidCardError as exc:
            raise RecordError(f"{where}: {exc}") from None
        position = profile.compiled.deck_positions[card.index]
        if position < 0:
            raise RecordError(f"{where}: {card.code} is not a card of the {profile.name} pack")
        if position in positions:
            raise RecordError(f"{where}: {card.code} is drawn twice")
        positions.append(position)
    if len(positions) == len(profile.deck):
        raise RecordError(f"{where}: the whole pack is drawn (a dealt hand has a Deck tag)")
    return tuple(positions)


def first_difference(text: str, written: str) -> str:
    """Where ``text`` first differs from ``written``, line by line, in words."""
    pairs = zip_longest(text.split("\n"), written.split("\n"))
    for number, (given, wanted) in enumerate(pairs, start=1):
        if given != wanted:
            shown = "no line" if given is None else repr(given[:80])
            return f"line {number} is {shown} where the library writes {(wanted or '')[:80]!r}"
    return "the two texts are equal"


def write_frame(game: str, state: str) -> str:
    """The state string ``state`` of the game named ``game`` in OpenSpiel's frame of a game and a
    state (``pyspiel.serialize_game_and_state`` writes the same parts)."""
    return f"{COMMENT}\n[Meta]\nVersion: 1\n\n[Game]\n{game}\n[State]\n{state}"


_GAME = re.compile(r"python_reversis\(([^()]*)\)")


def read_frame(text: object) -> tuple[dict[str, str | int], str]:
    """The parameters of the game (``profile``, ``dealer``, ``hand_number``, those given) and the
    state string of a string of :func:`write_frame`; :class:`~reversis.RecordError` otherwise."""
    if not isinstance(text, str):
        raise RecordError(f"a game and state string is text, not {type(text).__name__}")
    if len(text) > MAX_STATE:
        raise RecordError(f"a game and state string has at most {MAX_STATE} characters")
    head, found, state = text.partition("\n[State]\n")
    lines = head.split("\n")
    while lines and lines[0].startswith("#"):
        del lines[0]
    if not found or len(lines) != 5 or lines[:4] != ["[Meta]", "Version: 1", "", "[Game]"]:
        raise RecordError(
            "a game and state string has the lines [Meta], Version: 1, a blank line, [Game], the "
            "game's name and [State], then the state string (as serialize_game_and_state writes)"
        )
    name = _GAME.fullmatch(lines[4])
    if name is None:
        raise RecordError(f"[Game]: {lines[4][:80]!r} is not a python_reversis game")
    params: dict[str, str | int] = {}
    for item in name.group(1).split(",") if name.group(1) else ():
        key, sep, value = item.partition("=")
        if not sep or key not in ("profile", "dealer", "hand_number") or key in params:
            raise RecordError(
                f"[Game]: {item[:40]!r} is not one of profile=, dealer=, hand_number= (once each)"
            )
        if key == "profile":
            if value not in available_profiles():
                raise RecordError(f"[Game]: {value[:40]!r} is not a shipped profile")
            params[key] = value
        elif 0 < len(value) <= 6 and value.isascii() and value.isdigit():
            params[key] = int(value)
        else:
            raise RecordError(f"[Game]: {key}={value[:20]!r} is not a number")
    return params, state
