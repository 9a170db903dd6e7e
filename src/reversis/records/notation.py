r"""Text records of hands and matches, readable and writable by hand (like PGN for chess).

A hand record is a header of tags, then the moves in their notation::

    [Profile "fournier-1785"]
    [Players "4"]
    [Dealer "0"]
    [Seed "7"]
    [Deck "JC 2C 2H 6S JD KH 3C 5C KS AD AS 9S JS QC 8D 3S 7H 6D AH 9C KD QH 6H 7S 2D 6C ..."]
    [Stakes "basket=20 beasts="]
    [Result "winner 1, loser 0"]

    exchange 2C decline decline discard 6C
    1. 3S 6S 2S JS
    2. ...

* A tag is ``[Name "value"]`` on a line of its own; in the value, ``\"``, ``\\`` and ``\n`` stand
  for a quote, a backslash and a new line.
* ``Profile`` names a shipped profile; a profile of your own is written whole, as its TOML text, in a
  ``ProfileTOML`` tag. ``Deck`` is the ordered pack after the cut (the hand is dealt from it by the
  profile's packets); ``Seed``, if any, says where it came from, and alone gives the pack.
  ``Stakes`` gives the stakes at the start of play: ``basket=28 beasts=2:24*,1:30``
  (owner:amount, ``*`` for the beast in play), ``pots=25,60 remised=yes``, or
  ``great=26 little=13`` (the games of points have none). ``Result`` is written for a finished
  hand and checked when read. Hearts adds ``PassDirection`` (and ``HandNumber`` when it is not 1).
* The moves follow, separated by spaces and new lines: ``decline``, ``exchange QS``,
  ``discard 2C``, ``give 7S``, ``pass QS``, then the cards played; ``N.`` marks the start of trick
  ``N`` and is checked. ``{...}`` and ``;`` to the end of the line are comments.

A match record starts with ``[Match "reversis"]`` and the match's tags (``Profile``, ``Seed``,
``FirstDealer``, ``Choice "seat choice"`` for the end-of-match choices), then one block per hand,
each starting with its ``[Hand "n"]`` tag, with ``Dealer``, ``Deck`` (and ``Seed``) and its moves; a
last block tagged ``[Status "dealt"]`` is the hand in progress, as dealt.

:func:`dump` writes a record, :func:`load` reads one, and :func:`replay` gives back the hand or match,
equal to the original. Errors are :class:`~reversis.RecordError` naming the line and the tag.

    >>> import reversis
    >>> from reversis import records
    >>> hand = reversis.new_hand("fournier-1785", seed=7).apply("decline")
    >>> text = records.dump(hand)
    >>> print(text.splitlines()[0])
    [Profile "fournier-1785"]
    >>> records.replay(text) == hand
    True
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import attrs

from reversis.cards import Card
from reversis.engine.chance import MAX_SEED
from reversis.errors import (
    ArgumentError,
    DealError,
    IllegalMoveError,
    InvalidCardError,
    InvalidMoveError,
    ProfileError,
    RecordError,
    StakesError,
)
from reversis.hand import Hand, Phase, deal_from_deck, new_hand
from reversis.match import MAX_MATCH_SEED, Match, MatchError, MatchPhase, new_match
from reversis.moves import Play, parse_move
from reversis.profile import Profile, profile_from_data, profile_to_data
from reversis.profile.stakes import parse_stakes
from reversis.stakes import BasketStakes, Beast, PoolStakes, PotStakes, Stakes

__all__ = [
    "MAX_RECORD",
    "HandRecord",
    "MatchRecord",
    "Tag",
    "dump",
    "load",
    "replay",
    "stakes_text",
]

#: Largest record accepted, in characters.
MAX_RECORD = 2_000_000

_TAG = re.compile(r'^\[([A-Za-z][A-Za-z0-9_]*)\s+"((?:[^"\\]|\\.)*)"\]\s*$')


@attrs.frozen
class Tag:
    """A tag of a record: its ``name``, ``value`` and the ``line`` it stands on."""

    name: str
    value: str
    line: int


@attrs.frozen
class HandRecord:
    """A hand as read from a record: its tags and its moves, each with the line it stands on."""

    tags: tuple[Tag, ...]
    moves: tuple[tuple[str, int], ...]
    #: Trick markers ``N.``: (the number, the index of the move that follows, line).
    marks: tuple[tuple[int, int, int], ...] = ()

    def tag(self, name: str) -> Tag | None:
        """The tag called ``name``, if any."""
        return next((t for t in self.tags if t.name == name), None)


@attrs.frozen
class MatchRecord:
    """A match as read from a record: its own tags and a record for each hand."""

    tags: tuple[Tag, ...]
    hands: tuple[HandRecord, ...]

    def tag(self, name: str) -> Tag | None:
        """The tag called ``name``, if any."""
        return next((t for t in self.tags if t.name == name), None)


# ---------------------------------------------------------------------------------------------
# Writing
# ---------------------------------------------------------------------------------------------


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")


def _tag(name: str, value: object) -> str:
    return f'[{name} "{_escape(str(value))}"]'


def _profile_tags(profile: Profile) -> list[str]:
    if isinstance(profile_to_data(profile), str):
        return [_tag("Profile", profile.name)]
    return [_tag("Profile", profile.name), _tag("ProfileTOML", profile.to_toml())]


def stakes_text(stakes: Stakes) -> str:
    """The ``Stakes`` tag's notation of ``stakes``."""
    if isinstance(stakes, BasketStakes):
        beasts = ",".join(f"{b.owner}:{b.amount}{'*' if b.in_play else ''}" for b in stakes.beasts)
        return f"basket={stakes.basket} beasts={beasts}"
    if isinstance(stakes, PotStakes):
        pots = ",".join(str(p) for p in stakes.pots)
        return f"pots={pots} remised={'yes' if stakes.cycle_remised else 'no'}"
    if isinstance(stakes, PoolStakes):
        return " ".join(f"{name}={amount}" for name, amount in stakes.pools)
    return ""


def _moves_text(hand: Hand) -> list[str]:
    lines: list[str] = []
    exchange = [str(m) for m in hand.moves if not isinstance(m, Play)]  # they come before play
    if exchange:
        lines.append(" ".join(exchange))
    tricks = list(hand.tricks)
    if hand.current_trick is not None:
        tricks.append(hand.current_trick)
    lines.extend(f"{t.number}. " + " ".join(c.code for c in t.cards) for t in tricks)
    return lines


def _result(hand: Hand) -> str | None:
    if not hand.is_over:
        return None
    reversis = hand.reversis
    if reversis is None:
        return "points " + " ".join(str(p) for p in hand.points)
    if reversis.committed is not None:
        if reversis.breaker is None:
            return f"reversis {reversis.committed} made"
        return f"reversis {reversis.committed} broken by {reversis.breaker}"
    return f"winner {reversis.winner}, loser {reversis.loser}"


def _hand_lines(hand: Hand, *, in_match: bool) -> list[str]:
    lines = [] if in_match else [*_profile_tags(hand.profile), _tag("Players", hand.players)]
    deal = hand.deal
    lines.append(_tag("Dealer", hand.dealer))
    if not in_match and deal.hand_number != 1:
        lines.append(_tag("HandNumber", deal.hand_number))
    if deal.pass_direction is not None:
        lines.append(_tag("PassDirection", deal.pass_direction))
    if deal.seed is not None:
        lines.append(_tag("Seed", deal.seed))
    lines.append(_tag("Deck", " ".join(c.code for c in deal.deck)))
    if not in_match and hand.profile.mechanism != "none":
        lines.append(_tag("Stakes", stakes_text(deal.stakes)))
    result = _result(hand)
    if result is not None:
        lines.append(_tag("Result", result))
    moves = _moves_text(hand)
    if moves:
        lines.append("")
        lines.extend(moves)
    return lines


def dump(value: Hand | Match) -> str:
    """The text record of a hand or a match."""
    if isinstance(value, Hand):
        return "\n".join(_hand_lines(value, in_match=False)) + "\n"
    if not isinstance(value, Match):
        raise ArgumentError(f"a record is made of a Hand or a Match, not {type(value).__name__}")
    match = value
    lines = [
        _tag("Match", "reversis"),
        *_profile_tags(match.profile),
        _tag("Players", match.players),
    ]
    if match.seed is not None:
        lines.append(_tag("Seed", match.seed))
    lines.append(_tag("FirstDealer", (match.dealer - match.hands_played) % match.players))
    lines.extend(_tag("Choice", f"{seat} {choice}") for seat, choice in match.choices)
    for number, hand in enumerate(match.history, start=1):
        lines += ["", _tag("Hand", number), *_hand_lines(hand, in_match=True)]
    if match.hand is not None:
        lines += ["", _tag("Hand", match.hand_number), _tag("Status", "dealt")]
        lines += _hand_lines(match.hand, in_match=True)
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------------------------
# Reading
# ---------------------------------------------------------------------------------------------


def _unescape(value: str, line: int, name: str) -> str:
    out = []
    chars = iter(value)
    for char in chars:
        if char != "\\":
            out.append(char)
            continue
        nxt = next(chars, "")
        if nxt in ('"', "\\"):
            out.append(nxt)
        elif nxt == "n":
            out.append("\n")
        else:
            raise RecordError(f"line {line}, tag {name}: unknown escape \\{nxt}")
    return "".join(out)


def load(text: str) -> HandRecord | MatchRecord:
    """Read a record (see the module's docstring); :class:`~reversis.RecordError` naming the line
    for text that is not one."""
    if not isinstance(text, str):
        raise RecordError(f"a record is text, not {type(text).__name__}")
    if len(text) > MAX_RECORD:
        raise RecordError(f"the record is longer than {MAX_RECORD} characters")
    blocks: list[tuple[list[Tag], list[tuple[str, int]], list[tuple[int, int, int]]]] = []
    tags: list[Tag] = []
    moves: list[tuple[str, int]] = []
    marks: list[tuple[int, int, int]] = []
    in_comment = False
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if in_comment:
            if "}" not in line:
                continue
            line = line[line.index("}") + 1 :].strip()
            in_comment = False
        if not line:
            continue
        if line.startswith("["):
            found = _TAG.match(line)
            if not found:
                raise RecordError(f'line {number}: a tag is [Name "value"], not {line[:60]!r}')
            name, value = found.group(1), _unescape(found.group(2), number, found.group(1))
            if moves and name != "Hand":
                raise RecordError(f"line {number}, tag {name}: tags come before the moves")
            if name == "Hand" and (tags or moves):
                blocks.append((tags, moves, marks))
                tags, moves, marks = [], [], []
            if name != "Choice" and any(t.name == name for t in tags):
                raise RecordError(f"line {number}, tag {name}: given twice")
            if len(tags) >= 100:
                raise RecordError(f"line {number}: too many tags")
            tags.append(Tag(name, value, number))
            continue
        line = line.split(";", 1)[0]
        while "{" in line:
            start = line.index("{")
            end = line.find("}", start)
            if end < 0:
                line, in_comment = line[:start], True
            else:
                line = line[:start] + " " + line[end + 1 :]
        words = line.split()
        k = 0
        while k < len(words):
            word = words[k]
            if word.endswith(".") and _digits(word[:-1], 6):
                marks.append((int(word[:-1]), len(moves), number))
            elif word.lower() in ("exchange", "discard", "give", "pass"):
                if k + 1 >= len(words):
                    raise RecordError(f"line {number}: {word!r} needs a card after it on its line")
                moves.append((f"{word} {words[k + 1]}", number))
                k += 1
            else:
                moves.append((word, number))
            k += 1
            if len(moves) > 100_000:
                raise RecordError(f"line {number}: too many moves")
    if in_comment:
        raise RecordError("a comment { ... } is not closed")
    blocks.append((tags, moves, marks))
    first_tags = blocks[0][0]
    if any(t.name == "Match" for t in first_tags):
        if blocks[0][1]:
            raise RecordError(f"line {blocks[0][1][0][1]}: moves before the first [Hand] tag")
        hands = tuple(HandRecord(tuple(t), tuple(m), tuple(mk)) for t, m, mk in blocks[1:])
        return MatchRecord(tuple(first_tags), hands)
    if len(blocks) > 1:
        raise RecordError(f"line {blocks[1][0][0].line}: a [Hand] tag outside a match record")
    return HandRecord(tuple(first_tags), tuple(blocks[0][1]), tuple(blocks[0][2]))


def _need(record: HandRecord | MatchRecord, name: str) -> Tag:
    tag = record.tag(name)
    if tag is None:
        raise RecordError(f"the tag {name} is missing")
    return tag


def _digits(text: str, limit: int) -> bool:
    return 0 < len(text) <= limit and text.isascii() and text.isdigit()


def _int(tag: Tag, low: int, high: int) -> int:
    text = tag.value.strip()
    if not _digits(text, 40) or not low <= int(text) <= high:
        raise RecordError(
            f"line {tag.line}, tag {tag.name}: {tag.value[:40]!r} is not a number from {low} to {high}"
        )
    return int(text)


def _profile(record: HandRecord | MatchRecord, given: Profile | None) -> Profile:
    if given is not None:
        if not isinstance(given, Profile):
            raise ArgumentError(f"profile must be a Profile, not {type(given).__name__}")
        return given
    toml = record.tag("ProfileTOML")
    name = _need(record, "Profile")
    try:
        profile = (
            Profile.from_toml(toml.value) if toml is not None else profile_from_data(name.value, "")
        )
    except ProfileError as exc:
        tag = toml or name
        raise RecordError(f"line {tag.line}, tag {tag.name}: {exc}") from None
    if profile.name != name.value:
        raise RecordError(f"line {name.line}, tag Profile: the profile is called {profile.name!r}")
    players = record.tag("Players")
    if players is not None and _int(players, 1, 100) != profile.players:
        raise RecordError(
            f"line {players.line}, tag Players: the profile has {profile.players} players"
        )
    return profile


def _stakes(tag: Tag, profile: Profile) -> Stakes:
    values: dict[str, str] = {}
    for part in tag.value.split():
        key, sep, value = part.partition("=")
        if not sep or key in values:
            raise RecordError(f"line {tag.line}, tag Stakes: {part[:40]!r} is not key=value")
        values[key] = value
    where = f"line {tag.line}, tag Stakes"

    def number(text: str) -> int:
        if not _digits(text, 15):
            raise RecordError(f"{where}: {text[:20]!r} is not an amount")
        return int(text)

    try:
        if profile.mechanism == "basket":
            if set(values) != {"basket", "beasts"}:
                raise RecordError(f"{where}: write basket=N beasts=owner:amount*,...")
            beasts = []
            for item in filter(None, values["beasts"].split(",")):
                owner, sep, amount = item.rstrip("*").partition(":")
                if not sep:
                    raise RecordError(f"{where}: a beast is owner:amount, not {item[:20]!r}")
                beasts.append(Beast(number(owner), number(amount), item.endswith("*")))
            return parse_stakes(profile, BasketStakes(number(values["basket"]), tuple(beasts)))
        if profile.mechanism == "remise":
            if set(values) != {"pots", "remised"} or values["remised"] not in ("yes", "no"):
                raise RecordError(f"{where}: write pots=N,N remised=yes|no")
            pots = tuple(number(p) for p in filter(None, values["pots"].split(",")))
            return parse_stakes(profile, PotStakes(pots, values["remised"] == "yes"))
        return parse_stakes(profile, PoolStakes(tuple((k, number(v)) for k, v in values.items())))
    except StakesError as exc:
        raise RecordError(f"{where}: {exc}") from None


def _deck(tag: Tag) -> tuple[Card, ...]:
    words = tag.value.split()
    if len(words) > 100:
        raise RecordError(f"line {tag.line}, tag Deck: too many cards")
    try:
        return tuple(Card.parse(w) for w in words)
    except InvalidCardError as exc:
        raise RecordError(f"line {tag.line}, tag Deck: {exc}") from None


def _play(hand: Hand, record: HandRecord) -> Hand:
    marks = {index: (number, line) for number, index, line in record.marks}
    for index, (text, line) in enumerate(record.moves):
        if index in marks:
            number, mark_line = marks.pop(index)
            trick = len(hand.tricks) + 1
            if hand.phase is Phase.EXCHANGE or number != trick or hand.current_trick:
                raise RecordError(
                    f"line {mark_line}: trick {trick} starts here, not trick {number}"
                )
        try:
            hand = hand.apply(parse_move(text))
        except (InvalidMoveError, IllegalMoveError) as exc:
            raise RecordError(f"line {line}: move {index + 1} ({text[:40]!r}): {exc}") from None
    for number, line in marks.values():
        raise RecordError(f"line {line}: the mark {number}. stands where no move follows")
    result = record.tag("Result")
    if result is not None and result.value != (_result(hand) or ""):
        raise RecordError(
            f"line {result.line}, tag Result: the moves give {_result(hand) or 'no result yet'!r}"
        )
    return hand


def _deal(profile: Profile, record: HandRecord, dealer: int, stakes: Any) -> Hand:
    deck_tag = record.tag("Deck")
    seed_tag = record.tag("Seed")
    seed = _int(seed_tag, 0, MAX_SEED) if seed_tag is not None else None
    number_tag = record.tag("HandNumber")
    number = _int(number_tag, 1, 1_000_000) if number_tag is not None else 1
    direction_tag = record.tag("PassDirection")
    direction = direction_tag.value if direction_tag is not None else None
    options: dict[str, Any] = {"hand_number": number, "pass_direction": direction}
    blamed = deck_tag or seed_tag or direction_tag
    where = f"line {blamed.line}, tag {blamed.name}" if blamed else "the record"
    try:
        if deck_tag is None:
            if seed is None:
                raise RecordError("the tag Deck is missing (or a Seed to deal from)")
            return new_hand(profile, seed=seed, dealer=dealer, stakes=stakes, **options)
        deck = _deck(deck_tag)
        return deal_from_deck(profile, deck, dealer=dealer, stakes=stakes, seed=seed, **options)
    except DealError as exc:
        raise RecordError(f"{where}: {exc}") from None


def replay(
    record: HandRecord | MatchRecord | str, *, profile: Profile | None = None
) -> Hand | Match:
    """The hand or match a record describes (text is read first), equal to the one recorded.

    ``profile`` gives the profile of a record whose profile is neither shipped nor in it.
    """
    if isinstance(record, str):
        record = load(record)
    if isinstance(record, HandRecord):
        prof = _profile(record, profile)
        dealer = _int(_need(record, "Dealer"), 0, prof.players - 1)
        stakes_tag = record.tag("Stakes")
        stakes = _stakes(stakes_tag, prof) if stakes_tag is not None else None
        return _play(_deal(prof, record, dealer, stakes), record)
    if not isinstance(record, MatchRecord):
        raise RecordError(
            f"a record is text, a HandRecord or a MatchRecord, not {type(record).__name__}"
        )
    return _replay_match(record, profile)


def _replay_match(record: MatchRecord, profile: Profile | None) -> Match:
    kind = _need(record, "Match")
    if kind.value != "reversis":
        raise RecordError(f'line {kind.line}, tag Match: a match record says "reversis"')
    prof = _profile(record, profile)
    seed_tag = record.tag("Seed")
    seed = _int(seed_tag, 0, MAX_MATCH_SEED) if seed_tag is not None else None
    first = _int(_need(record, "FirstDealer"), 0, prof.players - 1)
    match = new_match(prof, seed=seed, dealer=first)
    choices = [t for t in record.tags if t.name == "Choice"]
    made = 0
    for index, block in enumerate(record.hands):
        hand_tag = _need(block, "Hand")
        if _int(hand_tag, 1, 100_000) != match.hand_number:
            raise RecordError(
                f"line {hand_tag.line}, tag Hand: hand {match.hand_number} comes next"
            )
        if match.phase is MatchPhase.DECIDING:
            match, made = _choose(match, choices, made)
        dealer_tag = _need(block, "Dealer")
        if _int(dealer_tag, 0, prof.players - 1) != match.dealer:
            raise RecordError(
                f"line {dealer_tag.line}, tag Dealer: seat {match.dealer} deals this hand"
            )
        seed_tag = block.tag("Seed")
        deck_tag = block.tag("Deck") if seed_tag is not None else _need(block, "Deck")
        deck = _deck(deck_tag) if deck_tag is not None else None
        try:
            if seed_tag is not None:
                started = match.start_hand(seed=_int(seed_tag, 0, MAX_SEED))
            else:
                started = match.start_hand(deck=deck or ())
        except (MatchError, DealError) as exc:
            raise RecordError(f"line {hand_tag.line}, tag Hand: {exc}") from None
        assert started.hand is not None
        if deck_tag is not None and started.hand.deal.deck != deck:
            raise RecordError(
                f"line {deck_tag.line}, tag Deck: the pack does not come from the seed"
            )
        direction = block.tag("PassDirection")
        passes = started.hand.deal.pass_direction
        if direction is not None and direction.value != passes:
            raise RecordError(
                f"line {direction.line}, tag PassDirection: hand {match.hand_number} of the match "
                f"passes {passes}"
            )
        status = block.tag("Status")
        if status is not None:
            if status.value != "dealt" or index != len(record.hands) - 1 or block.moves:
                raise RecordError(
                    f"line {status.line}, tag Status: only the last hand may be 'dealt', without moves"
                )
            match = started
            break
        hand = _play(started.hand, block)
        try:
            match = started.finish_hand(hand)
        except MatchError as exc:
            raise RecordError(f"line {hand_tag.line}, tag Hand: {exc}") from None
    if match.phase is MatchPhase.DECIDING:
        match, made = _choose(match, choices, made)
    if made < len(choices):
        tag = choices[made]
        raise RecordError(f"line {tag.line}, tag Choice: the match has no choice to make here")
    return match


def _choose(match: Match, choices: Sequence[Tag], made: int) -> tuple[Match, int]:
    """``match`` after the choices from ``choices[made]`` on, while it is deciding; and how many
    choices have been made in all."""
    for tag in choices[made:]:
        if match.phase is not MatchPhase.DECIDING:
            break
        seat, _, choice = tag.value.partition(" ")
        if not _digits(seat, 3):
            raise RecordError(
                f'line {tag.line}, tag Choice: write "seat choice", not {tag.value[:40]!r}'
            )
        try:
            match = match.choose(int(seat), choice.strip())
        except MatchError as exc:
            raise RecordError(f"line {tag.line}, tag Choice: {exc}") from None
        made += 1
    return match, made
